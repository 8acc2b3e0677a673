"""The bench command in quick mode with tiny counts: structure and positive numbers, no timings."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from simulator.bench import (
    TARGETS,
    Measurement,
    batch_costs,
    batch_speedups,
    format_report,
    format_table,
    measure_throughput,
    quick_config,
    run_bench,
)
from simulator.cards import load_cards
from simulator.cli import main
from simulator.decks import load_deck
from simulator.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[1]
FIRE = str(ROOT / "decks" / "fire-flames.txt")
WATER = str(ROOT / "decks" / "water-tides.txt")

TINY = ["--batch-sizes", "1,2", "--seconds", "0", "--run-games", "3", "--run-repeats", "3",
        "--memory-games", "3"]


@pytest.fixture(scope="module")
def bench_json():
    """One tiny quick bench through the CLI (two decks, batch 1 and 2, jobs 1 and 2)."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        status = main(["bench", "--quick", "--json", "--deck", FIRE, "--deck", WATER, *TINY])
    assert status == 0
    return json.loads(out.getvalue())


def test_bench_json_has_the_documented_keys(bench_json):
    assert set(bench_json) >= {"games_per_second", "batch_speedup", "run_10k_seconds",
                               "peak_memory_mb", "table", "machine", "targets", "quick"}
    assert bench_json["quick"] is True
    assert bench_json["settings"]["min_games_per_measurement"] == 0  # quick mode
    costs = bench_json["batch_cost_by_deck"]
    assert set(costs) == {"fire-flames", "water-tides"}
    for cost in costs.values():  # batch 1 and 2 are close: timing noise may leave no line
        assert cost["batches"] == [1, 2]
        assert cost["us_per_game"] is None or cost["ceiling_games_per_second"] > 0
    assert set(bench_json["machine"]) >= {"cpu_count", "platform", "python", "numpy",
                                          "reference_seconds", "writes_bytecode"}
    assert bench_json["machine"]["writes_bytecode"] is (not sys.dont_write_bytecode)
    before, after = bench_json["machine"]["reference_seconds"]
    assert before > 0 and after > 0
    assert set(bench_json["targets"]) == set(TARGETS)
    for target in bench_json["targets"].values():
        assert set(target) >= {"value", "target", "pass"}
        assert target["pass"] in (True, False)


def test_bench_table_covers_every_configuration_with_positive_numbers(bench_json):
    table = bench_json["table"]
    configs = {(row["deck"], row["batch_size"], row["jobs"]) for row in table}
    assert configs == {(deck, batch, jobs) for deck in ("fire-flames", "water-tides")
                       for batch in (1, 2) for jobs in (1, 2)}
    for row in table:
        assert row["games"] >= row["batch_size"] * row["jobs"]
        assert row["games"] % (row["batch_size"] * row["jobs"]) == 0
        assert row["seconds"] > 0 and row["games_per_second"] > 0
    assert bench_json["games_per_second"] == max(row["games_per_second"] for row in table)
    assert set(bench_json["batch_speedup_by_deck"]) == {"fire-flames", "water-tides"}
    assert bench_json["batch_speedup"] == min(bench_json["batch_speedup_by_deck"].values()) > 0
    assert bench_json["batch_speedup_batches"] == [1, 2]


def test_bench_child_runs_report_time_and_memory(bench_json):
    assert bench_json["run_games"] == 3 and bench_json["memory_games"] == 3
    times = bench_json["run_10k_all_seconds"]
    assert len(times) == 3 and min(times) > 0
    assert bench_json["run_10k_seconds"] == sorted(times)[1]  # the median of the three runs
    assert bench_json["settings"]["run_repeats"] == 3
    assert bench_json["memory_run_seconds"] > 0
    assert bench_json["peak_memory_mb"] > 0
    command = bench_json["run_command"]
    assert command[1:4] == ["-m", "simulator.cli", "run"] and "--json" in command


def test_bench_text_report_shows_table_and_verdicts(bench_json):
    text = format_report(bench_json)
    assert "fire-flames" in text and "water-tides" in text
    assert "jobs=1 games/s" in text and "jobs=2 games/s" in text
    assert text.count("PASS") + text.count("FAIL") == len(TARGETS)
    assert "quick mode" in text
    assert "speed reference" in text
    assert "cost per batch, 1 job" in text


def test_measure_throughput_plays_whole_chunks_and_scales_to_the_budget():
    db = load_cards()
    deck, duke = load_deck(FIRE, db), load_scenario("duke", db)
    m = measure_throughput(deck, duke, db, batch_size=2, jobs=1, seconds=0.3, label="fire")
    assert m.games >= 2 and m.games % 2 == 0 and m.seconds > 0 and m.repeats >= 1
    assert m.games_per_second > 0


def test_measure_throughput_plays_at_least_min_games_past_its_time_budget():
    db = load_cards()
    deck, duke = load_deck(FIRE, db), load_scenario("duke", db)
    m = measure_throughput(deck, duke, db, batch_size=1, jobs=1, seconds=0.0, label="fire",
                           min_games=5)
    assert (m.games, m.repeats) == (5, 2)  # one game, then the four missing


def test_batch_speedup_is_largest_over_smallest_batch_at_one_job():
    table = [Measurement("a", 1, 1, 10, 1.0, 1), Measurement("a", 8, 1, 80, 2.0, 1),
             Measurement("a", 8, 2, 160, 1.0, 1), Measurement("b", 1, 1, 20, 1.0, 1),
             Measurement("b", 8, 1, 100, 1.0, 1)]
    speedups, between = batch_speedups(table)
    assert between == [1, 8]
    assert speedups == {"a": pytest.approx(4.0), "b": pytest.approx(5.0)}
    text = format_table([m.as_dict() for m in table])
    assert "a" in text and "b" in text and "4.0x" in text


def _timed(deck: str, batch: int, batches: int, overhead: float, per_game: float,
           jobs: int = 1) -> Measurement:
    """A measurement of ``batches`` batches, each taking ``overhead + per_game * batch`` s."""
    return Measurement(deck, batch, jobs, batch * batches, batches * (overhead + per_game * batch), 1)


def test_batch_costs_fit_the_overhead_and_the_cost_per_game_at_the_two_largest_batches():
    table = [_timed("a", 1, 50, 0.9, 0.002),  # batch 1 lies off the line: not used
             _timed("a", 64, 8, 0.5, 0.001), _timed("a", 1024, 1, 0.5, 0.001),
             _timed("a", 1024, 4, 0.1, 0.0001, jobs=2),  # two jobs: not used
             _timed("b", 64, 3, 0.2, 0.004), _timed("b", 1024, 1, 0.2, 0.004)]
    costs = batch_costs(table, cpus=2)
    assert set(costs) == {"a", "b"}
    assert costs["a"]["batches"] == [64, 1024] and costs["a"]["cpus"] == 2
    assert costs["a"]["overhead_seconds"] == pytest.approx(0.5)
    assert costs["a"]["us_per_game"] == pytest.approx(1000.0)
    assert costs["a"]["ceiling_games_per_second"] == pytest.approx(2000.0)
    assert costs["b"]["us_per_game"] == pytest.approx(4000.0)
    assert costs["b"]["ceiling_games_per_second"] == pytest.approx(500.0)


def test_batch_costs_report_no_ceiling_when_the_larger_batch_is_not_dearer():
    table = [Measurement("a", 64, 1, 640, 2.0, 1), Measurement("a", 128, 1, 640, 1.0, 1),
             Measurement("c", 64, 1, 64, 1.0, 1)]  # one batch size: no line
    costs = batch_costs(table, cpus=2)
    assert set(costs) == {"a"}
    assert costs["a"]["us_per_game"] is None and costs["a"]["ceiling_games_per_second"] is None
    result = {"table": [m.as_dict() for m in table], "batch_cost_by_deck": costs, "quick": False,
              "machine": {"cpu_count": 2, "platform": "p", "python": "3", "numpy": "2"},
              "settings": {"scenario": "duke", "bot": "planner"},
              "best_configuration": {"deck": "a", "batch_size": 128, "jobs": 1},
              "batch_speedup_batches": [64, 128], "batch_speedup_deck": "a", "run_games": 1,
              "run_10k_all_seconds": [1.0], "memory_games": 1, "memory_run_seconds": 1.0,
              "memory_run_games_per_second": 1.0, "targets": {}}
    assert "no positive cost per game between batches 64 and 128" in format_report(result)


def test_quick_config_keeps_explicit_counts():
    config = quick_config(memory_games=7, seconds=None)
    assert config.quick and config.memory_games == 7 and config.seconds > 0
    assert config.min_games == 0 and quick_config(min_games=9).min_games == 9


def test_bench_rejects_bad_batch_sizes(capsys):
    assert main(["bench", "--quick", "--batch-sizes", "1,x"]) == 2
    assert "--batch-sizes" in capsys.readouterr().err


def test_bench_rejects_negative_min_games(capsys):
    assert main(["bench", "--quick", "--min-games", "-1"]) == 2
    assert "--min-games must be 0 or more, not -1" in capsys.readouterr().err


def test_bench_rejects_zero_run_repeats(capsys):
    assert main(["bench", "--quick", "--run-repeats", "0"]) == 2
    assert "--run-repeats must be at least 1" in capsys.readouterr().err


def test_run_bench_can_be_called_directly():
    config = quick_config(decks=(FIRE,), batch_sizes=(1,), jobs=(1,), seconds=0.0, run_games=2,
                          memory_games=2)
    result = run_bench(config)
    assert result["batch_speedup"] is None  # one batch size: no speedup to report
    assert result["targets"]["batch_speedup"]["pass"] is None
    assert "needs two batch sizes" in format_report(result)
    assert len(result["table"]) == 1 and result["table"][0]["games"] == 1


@pytest.mark.skipif(not Path("/proc/self/smaps_rollup").exists(), reason="needs Linux /proc")
def test_memory_sampler_adds_up_the_workers_of_a_process():
    """A child holding 120 MiB forks a worker, then each writes 120 MiB of its own: the
    sampled peak counts both processes' own memory, and the shared pages once (the parent's
    rusage alone would say about 240)."""
    import subprocess
    import sys

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
