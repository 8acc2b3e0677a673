"""No input exhausts the machine, and every odd input is one line and exit code 2.

The extreme requests run in a child process under a memory limit (``RLIMIT_AS``) and a time
limit: each must end in a one-line refusal or in a bounded run. Then the inputs that used to
end in a traceback (a NaN budget, a game index past 2**64, a full disk on standard output) or
to be accepted silently (an empty ``--report``, a seed that wraps around).
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from ctrl_c import interrupted

from simulator.cli import main
from simulator.run import MAX_GAMES

ROOT = Path(__file__).resolve().parents[1]
FIRE = str(ROOT / "decks" / "fire-flames.txt")
WATER = str(ROOT / "decks" / "water-tides.txt")
MEMORY_LIMIT = 3 * 2 ** 30  # bytes of address space: numba and a normal run fit in it
HUGE = "1000000000000"  # 10**12 games
WIDER_THAN_64_BITS = "99999999999999999999999"

# The child: runs each command with the CLI's main, one after the other, and prints one JSON
# line per command: its exit code, its stderr, its stdout and its seconds.
CHILD = """
import contextlib, io, json, sys, time
from simulator.cli import main
for argv in json.loads(sys.argv[1]):
    out, err, start = io.StringIO(), io.StringIO(), time.monotonic()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    print(json.dumps([code, err.getvalue(), out.getvalue(), time.monotonic() - start]),
          flush=True)
"""


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def _child_env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def run_limited(commands: list[list[str]], timeout: float) -> list[tuple[int, str, str, float]]:
    """Each command's (exit code, stderr, stdout, seconds), played in one child process under
    MEMORY_LIMIT; the whole child must end within ``timeout`` seconds."""
    proc = subprocess.run([sys.executable, "-c", CHILD, json.dumps(commands)], cwd=ROOT,
                          env=_child_env(), capture_output=True, text=True, timeout=timeout,
                          preexec_fn=_limit_memory)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return [tuple(json.loads(line)) for line in proc.stdout.splitlines()]


def test_extreme_requests_are_refused_in_one_line_under_a_memory_and_time_limit():
    """Every command of a run asked for 10**12 games, or more games than 64 bits hold, or a
    precision whose worst case is beyond the ceiling, is refused at once, in one line, in a
    few seconds and within the memory limit (before: 6 GB in 20 s, a hang, a numpy
    ArrayMemoryError)."""
    refused = {
        ("run", "fire-flames", "--games", HUGE, "--quiet"): "--games must be at most",
        ("compare", "fire-flames", "water-tides", "--games", HUGE, "--quiet"): "--games must be at most",
        ("compare", "fire-flames", "--games", HUGE, "--quiet"): "--games must be at most",
        ("value", "fire-flames", "--games", HUGE, "--quiet"): "--games must be at most",
        ("doctor", "fire-flames", "--games", HUGE, "--quiet"): "--games must be at most",
        ("run", "fire-flames", "--games", WIDER_THAN_64_BITS, "--quiet"): "--games must be at most",
        ("replay", "fire-flames", "--game", WIDER_THAN_64_BITS): "--game must be between 0 and",
        ("run", "fire-flames", "--precision", "1e-5", "--quiet"): "give --games N as a cap",
        ("run", "fire-flames", "--precision", "1e-4", "--quiet"): "give --games N as a cap",
        ("run", "fire-flames", "--precision", "1e-9", "--games", "1000", "--quiet"): "--precision",
        ("run", "fire-flames", "--batch-size", HUGE, "--quiet"): "--batch-size must be between",
        ("run", "fire-flames", "--jobs", HUGE, "--quiet"): "--jobs must be between",
    }
    results = run_limited([list(argv) for argv in refused], timeout=240)
    assert len(results) == len(refused)
    for (argv, words), (code, err, _, seconds) in zip(refused.items(), results, strict=True):
        lines = err.strip().splitlines()
        assert code == 2 and len(lines) == 1 and words in lines[0], (argv, err)
        assert seconds < 20, (argv, seconds)


def test_a_capped_precision_run_plays_at_most_its_cap_within_the_limits():
    """``--precision 1e-4 --games 1000`` (before: 14.5 GB in 60 s, no game played) is a run
    of at most 1,000 games; the plan is sized by the cap, not by the worst case."""
    [(code, err, out, seconds)] = run_limited(
        [["run", "fire-flames", "--precision", "1e-4", "--games", "1000", "--quiet", "--json"]],
        timeout=240)
    assert code == 0, err
    summary = json.loads(out)
    assert summary["games"] == 1000 and summary["precision"]["reached"] is False
    assert summary["planned_games"] == 1000 and seconds < 60


def test_a_run_at_the_ceiling_streams_its_chunks_and_stops_on_ctrl_c():
    """``--games MAX_GAMES`` is accepted: its chunks are made as they are played (a few per
    worker in flight), so the run starts at once, stays within the memory limit, and Ctrl-C
    ends it with the games played so far."""
    code, out, err = interrupted(["run", "fire-flames", "--games", str(MAX_GAMES), "--quiet",
                                  "--json"], 12, preexec_fn=_limit_memory)
    assert code == 130, err[-3000:]
    summary = json.loads(out)
    assert summary["partial"] and 0 < summary["games"] < MAX_GAMES
    assert summary["planned_games"] == MAX_GAMES and "Traceback" not in err


# --- tracebacks ---------------------------------------------------------------------------

@pytest.mark.parametrize("budget", ["nan", "inf", "-inf", "1e9"])
def test_a_budget_that_is_not_a_number_of_seconds_is_one_line(capsys, budget):
    assert main(["doctor", "fire-flames", f"--budget={budget}", "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--budget must be more than 0 seconds" in err


def test_a_game_index_beyond_any_run_is_one_line(capsys):
    for game in (WIDER_THAN_64_BITS, str(MAX_GAMES)):
        assert main(["replay", "fire-flames", "--game", game]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and "--game must be between 0 and" in err
    assert main(["replay", "fire-flames", "--game", str(MAX_GAMES - 1)]) == 0
    assert capsys.readouterr().out.startswith(f"Game {MAX_GAMES - 1} of the run")


@pytest.mark.parametrize("argv", [["cards"], ["run", "fire-flames", "--games", "20", "--quiet"]])
def test_a_full_disk_on_standard_output_is_one_line(argv):
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "simulator.cli", *argv], cwd=ROOT,
                              env=_child_env(), stdout=full, stderr=subprocess.PIPE, text=True,
                              timeout=120)
    err = proc.stderr.strip()
    assert proc.returncode == 2 and err.splitlines() == [
        "magenoir-sim: error: cannot write the results to standard output (No space left on device)"]


def test_a_closed_pipe_on_standard_output_ends_quietly():
    proc = subprocess.Popen([sys.executable, "-m", "simulator.cli", "cards"], cwd=ROOT,
                            env=_child_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # the reader went away, as `magenoir-sim cards | head -0`
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 141 and err == ""


# --- silent acceptance --------------------------------------------------------------------

@pytest.mark.parametrize("argv, words", [
    (["run", "fire-flames", "--games", "5", "--report", ""], "--report needs a folder name"),
    (["compare", "fire-flames", "--games", "5", "--figure", ""], "--figure needs a file name"),
    (["doctor", "fire-flames", "--elements", ""], "--elements: unknown element"),
    (["doctor", "fire-flames", "--pool", ""], "--pool needs a file name"),
    (["run", "fire-flames", "--games", "5", "--seed", "-1"],
     "--seed must be between 0 and 18446744073709551615"),
    (["run", "fire-flames", "--games", "5", "--seed", str(2 ** 64)], "--seed must be between 0 and"),
    (["replay", "fire-flames", "--seed", "-1"], "--seed must be between 0 and"),
    (["doctor", "fire-flames", "--seed", "-1"], "--seed must be between 0 and"),
    (["compare", "fire-flames", "--games", "5", "--seed", "-1"], "--seed must be between 0 and"),
], ids=["report", "figure", "elements", "pool", "seed-run", "seed-2**64", "seed-replay",
        "seed-doctor", "seed-compare"])
def test_empty_places_and_wrapping_seeds_are_refused(capsys, monkeypatch, tmp_path, argv, words):
    monkeypatch.chdir(tmp_path)  # an empty --report must not write into the current folder
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and words in err
    assert list(tmp_path.iterdir()) == []


def test_the_largest_seed_plays_its_own_games(capsys):
    assert main(["run", "fire-flames", "--games", "5", "--seed", str(2 ** 64 - 1), "--json",
                 "--quiet"]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == 2 ** 64 - 1
