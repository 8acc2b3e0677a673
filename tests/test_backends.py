"""Backends: the same games, in the same order, whether chunks run on threads here, in
processes here, on a dask cluster (a real LocalCluster of worker processes on the loopback
interface) or through ray; a worker killed mid-run changes nothing; Ctrl-C while threads play
keeps the finished chunks; a missing extra is one clear line."""

from __future__ import annotations

import itertools
import json
import os
import signal
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import simulator.backends as backends
from simulator.backends import DaskBackend, JoblibBackend, open_backend
from simulator.cards import load_cards
from simulator.cli import main
from simulator.errors import UserError
from simulator.run import simulate

ROOT = Path(__file__).resolve().parents[1]
FIRE = str(ROOT / "decks" / "fire-flames.txt")
WATER = str(ROOT / "decks" / "water-tides.txt")
GAMES, SEED = 160, 5
TABLES = ("outcome_rates", "end_turns", "turn_curves", "components", "castable", "card_usage",
          "activation_win_rates")


@pytest.fixture(scope="module")
def db():
    return load_cards()


@pytest.fixture(scope="module")
def local(db):
    """The reference: the same run played in this process, with another chunk size."""
    return simulate(FIRE, "duke", games=GAMES, seed=SEED, batch_size=GAMES, db=db)


@pytest.fixture(scope="module")
def dask_backend():
    """``--backend dask`` without a scheduler: a LocalCluster of two worker processes
    (one thread each, loopback only) started by the backend, shared by the tests below
    (its nannies restart a killed worker) and always closed."""
    pytest.importorskip("distributed")
    backend = open_backend("dask", jobs=2)
    cluster = backend.cluster
    try:
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        assert len(backend.client.scheduler_info()["workers"]) == 2
        yield backend
    finally:
        backend.close()
    assert cluster.status.name == "closed" and backend.client is None


@pytest.fixture(scope="module")
def address(dask_backend):
    """The address of that running scheduler, as ``--scheduler`` takes it."""
    return dask_backend.cluster.scheduler_address


def assert_same_run(a, b):
    pd.testing.assert_frame_equal(a.games, b.games)
    pd.testing.assert_frame_equal(a.turns, b.turns)
    for name in TABLES:
        pd.testing.assert_frame_equal(getattr(a, name)(), getattr(b, name)(), obj=name)
    assert a.summary() == b.summary()


def test_dask_cluster_plays_the_same_games_as_the_local_run(dask_backend, local, db):
    res = simulate(FIRE, "duke", games=GAMES, seed=SEED, batch_size=40, db=db, backend=dask_backend)
    assert_same_run(local, res)


def test_connecting_to_a_scheduler_plays_the_same_games(address, local, db):
    with DaskBackend(address) as backend:
        res = simulate(FIRE, "duke", games=GAMES, seed=SEED, batch_size=80, db=db, backend=backend)
        assert backend.cluster is None  # connected to a running scheduler: nothing started here
    assert_same_run(local, res)


def test_cli_run_and_compare_on_a_dask_scheduler(address, local, capsys):
    dask = ["--backend", "dask", "--scheduler", address]
    run = ["run", FIRE, "--games", str(GAMES), "--seed", str(SEED), "--batch-size", "100",
           "--quiet", "--json"]
    assert main(run + dask) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(local.summary()))
    compare = ["compare", FIRE, WATER, "--games", "40", "--batch-size", "20", "--seed", "3",
               "--quiet", "--json"]
    assert main(compare) == 0
    here = json.loads(capsys.readouterr().out)
    assert main(compare + dask) == 0
    assert json.loads(capsys.readouterr().out) == here


def test_ctrl_c_on_a_cluster_keeps_the_first_chunks(dask_backend, local, db):
    calls = []

    def interrupt_after_two(done, planned):
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt

    res = simulate(FIRE, "duke", games=GAMES, seed=SEED, batch_size=40, db=db,
                   backend=dask_backend, on_chunk=interrupt_after_two)
    assert res.partial and calls == [40, 80]
    pd.testing.assert_frame_equal(res.games, local.games.iloc[:80])


def test_a_worker_killed_mid_run_changes_nothing(dask_backend, local, db):
    """After the first chunk, a worker busy with a chunk is killed (SIGKILL): dask
    reschedules its chunks (and recomputes what it held), the run ends with the same games."""
    client, killed = dask_backend.client, []

    def kill_a_busy_worker(done, planned):
        if killed:
            return
        pids = client.run(os.getpid)
        busy = [addr for addr, keys in client.processing().items() if keys]
        victim = (busy or sorted(pids))[0]
        os.kill(pids[victim], signal.SIGKILL)
        killed.append(pids[victim])

    res = simulate(FIRE, "duke", games=GAMES, seed=SEED, batch_size=30, db=db,
                   backend=dask_backend, on_chunk=kill_a_busy_worker)
    assert killed
    # The run may end before the scheduler notices the death: wait until the nanny's new
    # worker answers beside the other one (the tests after this one share the cluster).
    deadline = time.monotonic() + 60
    while True:
        pids = client.run(os.getpid, on_error="ignore")
        if len(pids) == 2 and killed[0] not in pids.values():
            break
        assert time.monotonic() < deadline, f"the killed worker was not replaced: {pids}"
        time.sleep(0.1)
    assert not res.partial
    assert_same_run(local, res)


def test_without_a_batch_size_the_games_are_split_over_the_workers(local, db):
    """The automatic chunk size: one chunk per worker, at most MAX_BATCH one-player games each
    (fewer games of more players, so a chunk stays a fraction of a second); the games are the
    same as with any other chunking."""
    assert backends.auto_batch(150, 2) == 75
    assert backends.auto_batch(10_000, 2) == backends.MAX_BATCH
    assert backends.auto_batch(10**6, 2, players=4) == backends.MAX_BATCH // 4
    assert backends.auto_batch(3, 8) == 1
    done = []
    backend = JoblibBackend("threading", 2)
    assert backend.workers == 2
    res = simulate(FIRE, "duke", games=GAMES, seed=SEED, db=db, backend=backend,
                   on_chunk=lambda n, _planned: done.append(n))
    assert done == [GAMES // 2, GAMES]
    assert_same_run(local, res)


def test_ray_backend_plays_the_same_games_and_prints_only_ours(local, db, capfd):
    """ray tasks play the same games; ray's own log lines (its start, its token notice) and
    its warning about an argument it ignores are not printed."""
    pytest.importorskip("ray")
    res = simulate(FIRE, "duke", games=GAMES, seed=SEED, batch_size=60, jobs=2, db=db, backend="ray")
    assert_same_run(local, res)
    assert main(["run", FIRE, "--games", "30", "--quiet", "--backend", "ray"]) == 0
    out, err = capfd.readouterr()
    assert out.splitlines()[0].startswith("fire-flames vs The Duke")
    assert err == "", err
    taken: list[int] = []  # and it takes chunks as it plays them, a window ahead
    with open_backend("ray", jobs=2) as backend:
        results = backend.imap(abs, (), _counted_items(taken))
        assert list(itertools.islice(results, 10)) == list(range(10))
        results.close()
    assert len(taken) <= 10 + 2, len(taken)


@pytest.mark.parametrize("extra, module", [("dask", "distributed"), ("ray", "ray")])
def test_a_missing_extra_is_one_line_naming_it(extra, module, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, module, None)  # as if not installed
    with pytest.raises(UserError, match=rf'pip install "magenoir-sim\[{extra}\]"'):
        open_backend(extra)
    assert main(["run", FIRE, "--games", "5", "--quiet", "--backend", extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"[{extra}]" in err and "Traceback" not in err


def test_bad_backend_options_are_user_errors(capsys):
    for args, words in ((["--backend", "spark"], "loky, dask, ray"),
                        (["--scheduler", "tcp://127.0.0.1:8786"], "--scheduler is for --backend dask"),
                        (["--backend", "dask", "--jobs", "0"], "--jobs")):
        assert main(["run", FIRE, "--games", "5", "--quiet", *args]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err


def test_an_unreachable_scheduler_is_a_user_error():
    pytest.importorskip("distributed")
    start = time.monotonic()
    with pytest.raises(UserError, match="cannot reach the dask scheduler"):
        DaskBackend("tcp://127.0.0.1:9", timeout=1)
    assert time.monotonic() - start < 30


def test_loky_uses_every_core_only_when_each_worker_gets_enough_games(monkeypatch):
    """Fresh processes cost a second or two each; threads nothing, so local uses every core."""
    monkeypatch.setattr(backends, "usable_cores", lambda: 4)
    assert backends.auto_jobs(None) == 1
    assert backends.auto_jobs(1_000) == 1
    assert backends.auto_jobs(2 * backends.MIN_GAMES_PER_WORKER) == 2
    assert backends.auto_jobs(10**6) == 4
    assert open_backend("loky", games=10**6).workers == 4
    assert open_backend("loky", jobs=1, games=10**6).workers == 1
    assert open_backend("loky").workers == 1
    with open_backend("local", games=100) as threads:
        assert isinstance(threads, backends.ThreadBackend) and threads.workers == 4


def test_threads_play_the_same_games(local, db):
    with open_backend("local", jobs=2) as backend:
        assert isinstance(backend, backends.ThreadBackend) and backend.workers == 2
        res = simulate(FIRE, "duke", games=GAMES, seed=SEED, batch_size=40, db=db, backend=backend)
        again = simulate(FIRE, "duke", games=GAMES, seed=SEED, batch_size=70, db=db, backend=backend)
    assert_same_run(local, res)
    assert_same_run(local, again)  # the pool serves every run of the backend


def test_fresh_loky_workers_play_the_same_games(local, db):
    res = simulate(FIRE, "duke", games=GAMES, seed=SEED, batch_size=40, jobs=2, db=db, backend="loky")
    assert_same_run(local, res)


def test_a_fresh_process_can_start_its_first_run_on_two_threads():
    """The first chunks of a process start together on two threads: the engine is loaded and
    its addresses found once (warmup.ensure, late.addresses: under a lock), not by both threads
    at once."""
    import subprocess

    code = ("from simulator.run import simulate; "
            "print(simulate('fire-flames', 'duke', games=10, batch_size=5, jobs=2).summary()['games'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["10"]


def test_an_error_in_a_chunk_on_a_thread_stops_the_run_loudly(db, monkeypatch):
    """No silent gap: a chunk that raises on a thread (an engine bug) ends the run with that
    error, not with a partial result."""
    import simulator.run as run_module
    from simulator.engine.rules.errors import EngineError

    play_chunk = run_module._play_chunk

    def broken_third_chunk(*args):
        if args[3] == 40:  # first game of the chunk
            raise EngineError("broken chunk")
        return play_chunk(*args)

    monkeypatch.setattr(run_module, "_play_chunk", broken_third_chunk)
    with open_backend("local", jobs=2) as backend, pytest.raises(EngineError, match="broken chunk"):
        simulate(FIRE, "duke", games=200, seed=SEED, batch_size=20, db=db, backend=backend)


def test_ctrl_c_while_threads_play_keeps_the_finished_chunks(db, local, monkeypatch):
    """A real SIGINT while the main thread waits for a chunk being played on a thread: the run
    stops at once with the chunks already finished (the first ones, in game order)."""
    import simulator.run as run_module

    play_chunk, release = run_module._play_chunk, threading.Event()

    def third_chunk_hangs(*args):
        if args[3] >= 80:  # games 80 on: wait until the test is over
            release.wait(60)
        return play_chunk(*args)

    def interrupt_soon(done, planned):
        if done == 80:  # the main thread is about to wait for the third chunk
            threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT)).start()

    monkeypatch.setattr(run_module, "_play_chunk", third_chunk_hangs)
    # Python's own Ctrl-C handler, whatever this process inherited (a shell's background job
    # starts with SIGINT ignored, and Python then leaves it ignored)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with open_backend("local", jobs=2) as backend:
            res = simulate(FIRE, "duke", games=GAMES, seed=SEED, batch_size=40, db=db,
                           backend=backend, on_chunk=interrupt_soon)
    finally:
        signal.signal(signal.SIGINT, previous)
        release.set()
    assert res.partial and res.summary()["games"] == 80
    pd.testing.assert_frame_equal(res.games, local.games.iloc[:80])


def _counted_items(taken: list[int], limit: int = 100_000):
    """Chunks (i,) for i = 0, 1, ... without end, each noted in ``taken`` when a backend takes
    it; past ``limit`` the backend is surely building every chunk up front."""
    for i in itertools.count():
        assert i < limit, "the backend asks for every chunk before playing any"
        taken.append(i)
        yield (i,)


@pytest.mark.parametrize("make", [
    lambda: backends.ThreadBackend(2),
    lambda: JoblibBackend("loky", 2),
    lambda: JoblibBackend("loky", 1),
], ids=["local", "loky", "loky-serial"])
def test_backends_take_chunks_as_they_play_them(make):
    """A run of 10**12 games must not build 10**12 chunks (or futures) before its first game:
    each backend takes chunks from an endless generator as it plays them, a few per worker
    ahead, and stops taking when the reader stops."""
    taken: list[int] = []
    with make() as backend:
        results = backend.imap(abs, (), _counted_items(taken))
        assert list(itertools.islice(results, 10)) == list(range(10))
        getattr(results, "close", lambda: None)()
        assert len(taken) <= 10 + 64, len(taken)


def test_dask_takes_chunks_as_it_plays_them(dask_backend):
    taken: list[int] = []
    results = dask_backend.imap(abs, (), _counted_items(taken))
    assert list(itertools.islice(results, 10)) == list(range(10))
    results.close()
    assert len(taken) <= 10 + backends.WINDOW_PER_WORKER * 2, len(taken)


def test_a_run_folds_read_only_chunk_arrays(local, db, monkeypatch):
    """ray hands chunks back with read-only arrays; the run folds them into an aggregate of
    its own (before: ``ValueError: output array is read-only`` in ``stats.merge``)."""
    import simulator.run as run_module

    play = run_module._play_chunk

    def read_only(*args):
        chunk = play(*args)
        agg = chunk.aggregate
        for value in [*vars(agg).values(), *(h.counts for h in (agg.hp, agg.taken, agg.mana,
                                                                 agg.adversary_hp, agg.dealt))]:
            if isinstance(value, np.ndarray):
                value.flags.writeable = False
        return chunk

    monkeypatch.setattr(run_module, "_play_chunk", read_only)
    res = simulate(FIRE, "duke", games=GAMES, seed=SEED, batch_size=40, db=db, jobs=1)
    assert_same_run(local, res)
