"""scripts/paired_trees.py: the same checkout played twice pairs game for game; a changed
game shows in its cell; bad input is one line and exit 2."""

from __future__ import annotations

import numpy as np
import pytest
from project_scripts import load_script


def test_the_same_games_twice_move_no_cell_and_a_changed_game_shows(tmp_path, capsys):
    script = load_script("paired_trees")
    first, second = tmp_path / "a.npz", tmp_path / "b.npz"
    for out in (first, second):
        script.main(["play", str(out), "--decks", "fire-flames", "--games", "40"])
    script.main(["compare", str(first), str(second)])
    assert "0 of 4 cells moved" in capsys.readouterr().out
    cells = dict(np.load(second))
    won = cells["fire-flames|normal|2"]
    won[0] = not won[0]  # one game's outcome flipped: that cell moves by 1 game in 40
    np.savez(second, **cells)
    script.main(["compare", str(first), str(second)])
    printed = capsys.readouterr().out
    assert "1 of 4 cells moved" in printed
    step = "+2.50" if won[0] else "-2.50"
    assert "fire-flames|normal|2: " in printed and f"({step}, " in printed


@pytest.mark.parametrize(("argv", "message"), [
    (["play", "x.npz", "--decks", "fire-flame"], "unknown example deck 'fire-flame'"),
    (["play", "x.npz", "--games", "0"], "--games must be at least 1"),
    (["compare", "no_such.npz", "no_such_either.npz"], "no such file: no_such.npz"),
])
def test_bad_input_is_one_line_and_exit_2(argv, message, capsys):
    with pytest.raises(SystemExit) as stop:
        load_script("paired_trees").main(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_an_unknown_bot_is_one_line_and_exit_2(capsys):
    with pytest.raises(SystemExit) as stop:
        load_script("paired_trees").main(["play", "x.npz", "--bot", "plannr"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "plannr" in err and err.count("\n") == 1


def test_the_look_ahead_plays_the_cells_when_asked(tmp_path):
    script = load_script("paired_trees")
    out = tmp_path / "la.npz"
    script.main(["play", str(out), "--decks", "air-winds", "--games", "3", "--bot", "lookahead:2"])
    cells = np.load(out)
    assert sorted(k for k in cells.files if k != "seed") == [
        f"air-winds|{level}|{players}" for level in ("hard", "normal") for players in (1, 2)]
    assert all(cells[k].shape == (3,) for k in cells.files if k != "seed")
