"""The bench command in quick mode with tiny counts: structure and positive numbers, no timings."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import simulator.bench as bench
from simulator import bots
from simulator.bench import (
    TARGETS,
    Measurement,
    format_report,
    format_table,
    measure_engine,
    quick_config,
    run_bench,
    worst,
)
from simulator.cards import load_cards
from simulator.cli import main
from simulator.decks import load_deck
from simulator.engine.host.batch import Matchup
from simulator.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[1]
FIRE = str(ROOT / "decks" / "fire-flames.txt")

TINY = ["--seconds", "0", "--batch", "4", "--run-games", "3", "--run-repeats", "3",
        "--memory-games", "3"]


@pytest.fixture(scope="module")
def bench_json():
    """One tiny quick bench through the CLI (two decks, one a file and one an example deck's
    name, 1 and 2 threads)."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(["bench", "--quick", "--json", "--deck", FIRE, "--deck", "water-tides", *TINY])
    assert status == 0
    return json.loads(out.getvalue())


def test_bench_json_has_the_documented_keys(bench_json):
    assert set(bench_json) >= {"us_per_game", "games_per_second", "run_10k_seconds",
                               "warm_start_seconds", "cold_compile_seconds", "peak_memory_mb",
                               "memory_run_seconds", "lookahead_games_per_second",
                               "table", "machine", "targets", "quick"}
    assert bench_json["quick"] is True
    assert bench_json["settings"]["threads"] == [1, 2] and bench_json["settings"]["batch"] == 4
    assert set(bench_json["machine"]) >= {"cpu_count", "platform", "python", "numpy", "numba",
                                          "reference_seconds", "writes_bytecode"}
    assert bench_json["machine"]["writes_bytecode"] is (not sys.dont_write_bytecode)
    before, after = bench_json["machine"]["reference_seconds"]
    assert before > 0 and after > 0
    assert set(bench_json["targets"]) == set(TARGETS)
    for name, target in bench_json["targets"].items():
        assert set(target) >= {"value", "target", "pass"}
        if name == "cold_compile_seconds":  # only with --cold
            assert target["value"] is None and target["pass"] is None
        else:
            assert target["pass"] in (True, False)


def test_bench_table_covers_every_deck_and_thread_count_with_positive_numbers(bench_json):
    table = bench_json["table"]
    assert {(row["deck"], row["threads"]) for row in table} == {
        (deck, threads) for deck in ("fire-flames", "water-tides") for threads in (1, 2)}
    for row in table:
        assert row["games"] >= 4 and row["games"] % 4 == 0 and row["batches"] >= 1
        assert row["seconds"] > 0 and row["games_per_second"] > 0
        assert row["us_per_game"] == pytest.approx(row["seconds"] * row["threads"] / row["games"] * 1e6)
    one = [row for row in table if row["threads"] == 1]
    two = [row for row in table if row["threads"] == 2]
    assert bench_json["us_per_game"] == max(row["us_per_game"] for row in one)  # the worst deck
    assert bench_json["games_per_second"] == min(row["games_per_second"] for row in two)
    assert bench_json["us_per_game_deck"] in ("fire-flames", "water-tides")


def test_bench_times_the_look_ahead_at_its_default_budget_on_two_threads(bench_json):
    rows = bench_json["lookahead_table"]
    assert [(row["deck"], row["threads"]) for row in rows] == [("fire-flames", 2),
                                                                 ("water-tides", 2)]
    for row in rows:  # quick: one batch of 4 games after the untimed one
        assert row["games"] == 4 and row["batches"] == 1 and row["games_per_second"] > 0
    assert bench_json["lookahead_games_per_second"] == min(r["games_per_second"] for r in rows)
    assert bench_json["settings"]["lookahead_bot"] == bots.get("lookahead").label
    assert "look-ahead" in format_report(bench_json)


def test_bench_child_processes_report_time_and_memory(bench_json):
    assert bench_json["run_games"] == 3 and bench_json["memory_games"] == 3
    times = bench_json["run_10k_all_seconds"]
    assert len(times) == 3 and min(times) > 0
    assert bench_json["run_10k_seconds"] == sorted(times)[1]  # the median of the three runs
    by_deck = bench_json["run_10k_by_deck"]  # every deck is run end to end; the slowest counts
    assert set(by_deck) == {"fire-flames", "water-tides"}
    assert bench_json["run_10k_deck"] == max(by_deck, key=by_deck.get)
    assert bench_json["run_10k_seconds"] == by_deck[bench_json["run_10k_deck"]]
    assert bench_json["settings"]["run_repeats"] == 3
    assert bench_json["memory_run_seconds"] > 0
    assert bench_json["peak_memory_mb"] > 0
    command = bench_json["run_command"]
    assert command[1:4] == ["-m", "simulator.cli", "run"] and "--json" in command
    starts = bench_json["warm_start_all_seconds"]
    assert len(starts) == 1 and bench_json["warm_start_seconds"] == starts[0] > 0  # quick: once


def test_bench_text_report_shows_table_and_verdicts(bench_json):
    text = format_report(bench_json)
    assert "fire-flames" in text and "water-tides" in text
    assert "1 thr us/game" in text and "2 thr games/s" in text and "2 vs 1 thr" in text
    assert text.count("PASS") + text.count("FAIL") == len(TARGETS) - 1  # cold: n/a
    assert "not measured: bench --cold" in text
    assert "<= 40 us/game, 1 thread" in text and ">= 50,000 games/s, 2 threads" in text
    assert "quick mode" in text and "speed reference" in text


def test_measure_engine_plays_whole_batches_of_new_games_until_the_budget_is_spent(monkeypatch):
    """An untimed batch first, then timed batches (at least one), each of other games."""
    import simulator.engine.host.batch as batch_module

    calls = []
    play_seeds = batch_module.play_seeds

    def recorded(matchup, db, run_seed, first, count, bot, options, threads):
        calls.append((first, count, threads))
        return play_seeds(matchup, db, run_seed, first, count, bot, options, threads)

    monkeypatch.setattr(batch_module, "play_seeds", recorded)
    db = load_cards()
    duke = load_scenario("duke", db)
    matchup = Matchup((load_deck(FIRE, db),), duke, duke.default_level)
    m = measure_engine(matchup, db, threads=2, seconds=0.0, batch=3, label="fire")
    assert calls == [(0, 3, 2), (3, 3, 2)]
    assert (m.deck, m.threads, m.games, m.batches) == ("fire", 2, 3, 1) and m.seconds > 0


def test_worst_deck_is_the_dearest_per_game_and_the_slowest_in_games_per_second():
    table = [Measurement("a", 1, 100, 0.004, 1), Measurement("b", 1, 100, 0.006, 1),
             Measurement("a", 2, 100, 0.001, 1), Measurement("b", 2, 100, 0.002, 1)]
    assert worst(table, 1, "us_per_game").deck == "b"
    assert table[1].us_per_game == pytest.approx(60.0)
    assert table[3].us_per_game == pytest.approx(40.0)  # thread time: 2 threads x 2 ms / 100
    assert worst(table, 2, "games_per_second").deck == "b"
    assert worst(table, 4, "games_per_second") is None
    text = format_table([m.as_dict() for m in table])
    assert "4.00x" in text and "3.00x" in text  # games/s on 2 threads over 1, per deck


def test_targets_pass_at_the_limit_and_fail_beyond():
    assert bench._target("us_per_game", 40.0)["pass"] is True
    assert bench._target("us_per_game", 40.1)["pass"] is False
    assert bench._target("games_per_second", 50_000.0)["pass"] is True
    assert bench._target("games_per_second", 49_999.0)["pass"] is False
    assert bench._target("cold_compile_seconds", None)["pass"] is None


def test_a_cold_start_runs_on_an_empty_cache_directory_given_to_the_child(monkeypatch, tmp_path):
    """``--cold`` points MAGENOIR_CACHE_DIR at an empty directory (here the child only reports
    what it was given instead of compiling the engine)."""
    seen = tmp_path / "seen.txt"
    report = ("-c", "import os; d = os.environ['MAGENOIR_CACHE_DIR']; "
                    f"open({str(seen)!r}, 'w').write(d + ' ' + str(len(os.listdir(d))))")
    monkeypatch.setattr(bench, "START_COMMAND", report)
    assert bench.cold_compile() > 0
    directory, entries = seen.read_text().split()
    assert entries == "0" and "magenoir-cold-" in directory and not Path(directory).exists()


def test_quick_config_keeps_explicit_counts():
    config = quick_config(memory_games=7, seconds=None, cold=True)
    assert config.quick and config.memory_games == 7 and config.seconds > 0 and config.cold
    assert config.start_repeats == 1 and quick_config(batch=9).batch == 9


@pytest.mark.parametrize("args, message", [
    (["--batch", "0"], "--batch must be at least 1"),
    (["--run-repeats", "0"], "--run-repeats must be at least 1"),
    (["--seconds", "-1"], "--seconds must be 0 or more, not -1"),
])
def test_bench_rejects_bad_counts_with_one_line(capsys, args, message):
    assert main(["bench", "--quick", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_run_bench_can_be_called_directly_with_one_thread_count():
    config = quick_config(decks=(FIRE,), threads=(1,), seconds=0.0, batch=2, run_games=2,
                          memory_games=2)
    result = run_bench(config)
    assert result["games_per_second"] is None  # no 2-thread measurement: no throughput headline
    assert result["targets"]["games_per_second"]["pass"] is None
    assert result["us_per_game"] > 0
    assert len(result["table"]) == 1 and result["table"][0]["games"] == 2
    assert "2 vs 1 thr" not in format_report(result)


@pytest.mark.skipif(not Path("/proc/self/smaps_rollup").exists(), reason="needs Linux /proc")
def test_memory_sampler_adds_up_the_workers_of_a_process():
    """A child holding 120 MiB forks a worker, then each writes 120 MiB of its own: the
    sampled peak counts both processes' own memory, and the shared pages once (the parent's
    rusage alone would say about 240)."""
    import subprocess

    from simulator.bench import TreeMemorySampler

    script = (
        "import os, time\n"
        "shared = b'y' * (120 * 2**20)\n"
        "pid = os.fork()\n"
        "own = b'x' * (120 * 2**20)\n"
        "time.sleep(1.5)\n"
        "os._exit(0) if pid == 0 else os.waitpid(pid, 0)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", script])
    sampler = TreeMemorySampler(proc.pid, interval=0.05)
    proc.wait()
    peak = sampler.stop()
    assert 340 <= peak < 460  # 120 shared once + 2 x 120 own + two interpreters; not 480+


def test_the_default_decks_are_the_bundled_ones_whatever_the_current_folder(monkeypatch, tmp_path):
    """A user's own ``decks/`` folder of test files is not measured unless named with --deck."""
    (tmp_path / "decks").mkdir()
    (tmp_path / "decks" / "half-done.txt").write_text("3 Not a card\n")
    monkeypatch.chdir(tmp_path)
    decks = bench.example_decks()
    assert [Path(d).name for d in decks] == sorted(
        p.name for p in (Path(__file__).parents[1] / "decks").glob("*.txt"))
    assert all(Path(d).parent.parts[-2:] == ("bundled", "decks") for d in decks)


def test_quick_rows_name_the_counts_measured_not_the_targets(bench_json):
    """--quick times 3 games here: the row says "3 games", and that the target is for
    1,000,000, instead of "1,000,000 games ... PASS"; so does the end-to-end run's."""
    text = format_report(bench_json)
    row = next(line for line in text.splitlines() if line.startswith("3 games"))
    assert "3 games, process start to exit" in row and "the target is for 1,000,000" in row
    assert "1,000,000 games " not in text.replace("<= 30 s, 1,000,000 games", "")
    run = next(line for line in text.splitlines() if line.startswith("run end to end"))
    assert "(3 games, process start to exit" in run and "the target is for 10,000" in run


def test_the_10_game_run_row_times_a_whole_short_run(bench_json):
    times = bench_json["run_10_games_all_seconds"]
    assert len(times) == 1 and bench_json["run_10_games_seconds"] == times[0] > 0  # quick: once
    command = bench_json["run_10_games_command"]
    assert command[1:4] == ["-m", "simulator.cli", "run"] and command[4].endswith("fire-flames.txt")
    assert command[command.index("--games") + 1] == "10" and "--quiet" in command
    assert bench_json["targets"]["run_10_games_seconds"]["target"] == 0.8
    assert "10-game run" in format_report(bench_json)


def test_bench_times_the_duel_targets(bench_json):
    """The duel rows (quick: 100 games of each base deck alone and in a mirror duel, 2 games a
    pairing of the example decks' round robin, 2 look-ahead duels)."""
    from simulator.bench_duel import BASE_DECKS

    duels = bench_json["duels"]
    assert set(duels["cost"]["decks"]) == set(BASE_DECKS) and duels["cost"]["games"] == 100
    assert bench_json["duel_cost_ratio"] == max(row["ratio"] for row in duels["cost"]["decks"].values())
    robin = duels["round_robin"]
    assert (robin["decks"], robin["pairings"], robin["games"]) == (13, 78, 156)
    assert robin["command"] == "magenoir-sim gauntlet --games 2 --jobs 2 --quiet"
    assert bench_json["round_robin_seconds"] == robin["seconds"] > 0
    assert duels["lookahead"]["games"] == 2 and bench_json["lookahead_duel_games_per_second"] > 0
    text = format_report(bench_json)
    row = next(line for line in text.splitlines() if line.startswith("round robin"))
    assert "13 decks, 2 games a pairing, 2 threads; the target is for 2,000" in row
    assert any(line.startswith("duel game") for line in text.splitlines())
