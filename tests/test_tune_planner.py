"""The planner's tuner (``scripts/tune_planner.py``): bad input is one line and exit 2; a
tiny search prints its progress and is repeatable."""

from __future__ import annotations

import numpy as np
import pytest
from project_scripts import load_script

from simulator.bots import knobs


@pytest.mark.parametrize(("argv", "message"), [
    (["--seed", "2026"], "seed 2026 is kept for checking"),
    (["--seed", "7"], "seed 7 is kept for checking"),
    (["--knobs", "act_bar,no_such"], "unknown knob no_such"),
    (["--decks", "fire-flame"], "no example deck named fire-flame"),
    (["--start", "act_bar=x"], "--start takes name=value pairs"),
    (["--start", "nope=1"], "unknown knob 'nope'"),
    (["--games", "0"], "--games, --jobs and --sweeps must be at least 1"),
    (["--step", "0.05"], "need 0 < --min-step <= --step < 1"),
    (["--floor", "-1"], "--floor and --z cannot be negative"),
])
def test_the_tuner_refuses_bad_input_in_one_line(argv, message, capsys):
    assert load_script("tune_planner").main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_tiny_tuning_run_prints_its_progress_the_knobs_and_the_command():
    tuner = load_script("tune_planner")
    lines = []
    argv = ["--decks", "fire-flames", "--players", "1", "--games", "20", "--knobs", "act_bar",
            "--sweeps", "1", "--seed", "11"]
    args = tuner.parse(argv)
    found = tuner.search(args, tuner.Cells(args), out=lambda line, **_: lines.append(line))
    assert lines[0].startswith("start: mean win rate") and "over 2 cells x 20 games" in lines[0]
    assert any("act_bar 1 -> 1.5" in line for line in lines)
    assert lines[-1].startswith("sweep 1 done")
    assert found.shape == (knobs.N_KNOBS,)
    moved = [knobs.KNOBS[i].name for i in np.flatnonzero(found != knobs.DEFAULTS)]
    assert set(moved) <= {"act_bar"}
    # the same arguments, the same search (common random numbers, seeded)
    again = tuner.search(args, tuner.Cells(args), out=lambda *a, **k: None)
    assert (again == found).all()
    assert tuner.command(args).startswith(
        "python scripts/tune_planner.py --games 20 --seed 11 --knobs act_bar --decks fire-flames "
        "--players 1 ")


def test_a_check_plays_the_knobs_against_the_defaults_on_the_reserved_seed():
    tuner = load_script("tune_planner")
    lines = []
    args = tuner.parse(["--check", "act_bar=3", "--decks", "fire-flames", "--players", "1",
                        "--games", "30"])
    assert args.seed == 7 and args.games == 30
    tuner.check(args, tuner.Cells(args), out=lambda line, **_: lines.append(line))
    assert lines[0] == "knobs act_bar=3 against the defaults: seed 7, 30 games a cell"
    rows = [line for line in lines if line.startswith("| fire-flames ")]
    assert [r.split(" | ")[0] for r in rows] == ["| fire-flames normal 1p", "| fire-flames hard 1p"]
    assert lines[-1].startswith("mean over the cells: ")
