"""``magenoir-sim gauntlet``: a deck against a folder, a folder's round robin, the example
decks by default; each pairing the very games of ``duel A B``; bad input in one line."""

from __future__ import annotations

import json
import shlex
import shutil

import numpy as np
import pytest

from simulator.cli import main
from simulator.decks import bundled_decks, find_deck
from simulator.duels import duel
from simulator.gauntlets import gauntlet

FIRE, WATER, AIR = "fire-flames", "water-tides", "air-winds"


@pytest.fixture
def folder(tmp_path):
    """A folder of three example decks."""
    field = tmp_path / "field"
    field.mkdir()
    for name in (FIRE, WATER, AIR):
        shutil.copy(find_deck(name), field / f"{name}.txt")
    (field / "notes.md").write_text("not a deck\n", encoding="utf-8")
    return field


def gauntlet_json(capsys, *argv) -> dict:
    assert main(["gauntlet", *argv, "--json", "--quiet"]) == 0
    return json.loads(capsys.readouterr().out)


def test_each_pairing_is_the_duel_of_its_two_decks(folder, db):
    result = gauntlet(folder=folder, games=40, seed=3, db=db)
    names = result.labels
    assert names == [AIR, FIRE, WATER]  # the folder's deck files, by name; notes.md is no deck
    for a, b in ((0, 1), (1, 2), (2, 0)):
        alone = duel(str(folder / f"{names[a]}.txt"), str(folder / f"{names[b]}.txt"),
                     games=40, seed=3, db=db).summary()
        pairing = result.pairing(a, b)
        assert pairing["win_rate"] == alone["win_rate"][0]
        assert pairing["win_rate_ci"] == alone["win_rate_ci"][0]
        assert pairing["draw_rate"] == alone["draw_rate"]


def test_the_round_robin_matrix_ranking_and_json(folder, capsys):
    data = gauntlet_json(capsys, str(folder), "--games", "40", "--seed", "2")
    assert data["kind"] == "round_robin" and data["pairings"] == 3
    assert data["games_a_pairing"] == 40 and data["games"] == 120
    rate = np.array([[np.nan if v is None else v for v in row] for row in data["matrix"]])
    assert np.isnan(np.diag(rate)).all()
    off = ~np.eye(3, dtype=bool)
    assert (rate[off] + rate.T[off] <= 1 + 1e-12).all()  # the rest of a pairing: its draws
    for i, j in zip(*np.nonzero(off), strict=True):
        low, high = data["matrix_ci"][i][j]
        assert low <= rate[i, j] <= high
    ranking = data["ranking"]
    assert [r["win_rate"] for r in ranking] == sorted((r["win_rate"] for r in ranking),
                                                      reverse=True)
    for r in ranking:  # a deck against the field: the mean of its pairings (same games each)
        k = data["decks"].index(r["deck"])
        assert r["win_rate"] == pytest.approx(np.nanmean(rate[k]))
        assert r["win_rate_ci"][0] <= r["win_rate"] <= r["win_rate_ci"][1]


def test_one_deck_against_a_folder_leaves_its_own_file_out_and_sorts_by_win_rate(folder, capsys):
    data = gauntlet_json(capsys, str(folder / f"{FIRE}.txt"), str(folder), "--games", "20")
    assert data["kind"] == "gauntlet" and data["deck"] == FIRE
    assert sorted(r["opponent"] for r in data["rows"]) == [AIR, WATER]
    rates = [r["win_rate"] for r in data["rows"]]
    assert rates == sorted(rates, reverse=True)
    row = data["rows"][0]  # each row's command is the duel of that pairing
    again = json.loads(_run(capsys, shlex.split(row["command"])[1:] + ["--json", "--quiet"]))
    assert again["win_rate"][0] == row["win_rate"] and again["games"] == 20


def _run(capsys, argv) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


def test_the_example_decks_are_the_default_field(capsys):
    data = gauntlet_json(capsys, "--games", "2")
    assert data["decks"] == list(bundled_decks()) and len(data["decks"]) == 13
    assert data["pairings"] == 78 and data["folder"] is None
    alone = gauntlet_json(capsys, FIRE, "--games", "2")
    assert len(alone["rows"]) == 12 and FIRE not in [r["opponent"] for r in alone["rows"]]


def test_the_printed_command_plays_the_same_games_again(folder, capsys):
    data = gauntlet_json(capsys, str(folder), "--games", "20", "--seed", "5", "--rule",
                         "hand_limit=6")
    command = shlex.split(data["command"])
    assert command[:2] == ["magenoir-sim", "gauntlet"] and "--rule" in command
    again = gauntlet_json(capsys, *command[2:])
    assert (again["matrix"], again["ranking"]) == (data["matrix"], data["ranking"])


def test_the_text_and_the_figure(folder, tmp_path, capsys):
    figure = tmp_path / "round-robin.png"
    assert main(["gauntlet", str(folder), "--games", "20", "--quiet", "--figure",
                 str(figure)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"round robin of 3 decks ({folder}), bot planner, seed 1: 20 "
                               "games a pairing")
    assert any(line.startswith(" 1. air-winds") for line in lines)
    assert "ranking, by win rate against the others:" in lines
    assert lines[-1].startswith("the same games again: magenoir-sim gauntlet ")
    assert figure.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("make, message", [
    (lambda tmp: tmp, "no deck files in it (.txt or .toml decklists)"),
    (lambda tmp: tmp / "missing", "missing: no such folder"),
])
def test_a_folder_without_decks_is_one_line(tmp_path, capsys, make, message):
    assert main(["gauntlet", FIRE, str(make(tmp_path)), "--games", "2"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and message in err, err


def test_bad_decks_and_arguments_are_one_line(folder, capsys):
    (folder / "broken.txt").write_text("40 Fire bal\n", encoding="utf-8")
    assert main(["gauntlet", str(folder), "--games", "2"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "broken.txt:1: unknown card 'Fire bal'" in err, err
    for argv, message in (([f"{FIRE}+{WATER}"], "gauntlet plays 1 vs 1 duels"),
                          ([FIRE, "a", "b"], "not 3 arguments"),
                          (["--games", "3"], "--games must be even"),
                          (["--games", "2000000"], "--games x 78 pairings must be at most "
                                                   "100,000,000"),
                          (["--batch-size", "1"], "--batch-size must be between 2")):
        assert main(["gauntlet", *argv]) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and message in err, err


def test_ctrl_c_keeps_the_seeds_every_pairing_finished(folder, capsys, monkeypatch):
    import simulator.run as run_module

    calls = []

    def update(self, done, note=""):
        calls.append(done)
        if len(calls) == 5:  # block 2, second pairing
            raise KeyboardInterrupt

    monkeypatch.setattr(run_module.ProgressBar, "update", update)
    code = main(["gauntlet", str(folder), "--games", "60", "--batch-size", "20", "--jobs", "1",
                 "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 130 and data["partial"] is True
    assert data["games_a_pairing"] == 20 and data["planned_games"] == 180
