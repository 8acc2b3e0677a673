"""Messages that say what is true: a figure under a file, a deck given as the scenario, the
cache folder actually used, and a player out of the game at 0 HP (issue 26, defect 8)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from simulator import bots
from simulator.cards import load_cards
from simulator.cli import main
from simulator.decks import load_deck
from simulator.engine.host.batch import Matchup, play_seeds
from simulator.engine.rules.options import RuleOptions
from simulator.replay import replay_game
from simulator.run import simulate
from simulator.scenarios import load_scenario

ROOT = Path(__file__).resolve().parents[1]
FIRE = str(ROOT / "decks" / "fire-flames.txt")


def test_a_figure_under_a_file_says_the_file_is_not_a_folder(tmp_path, capsys):
    (tmp_path / "afile").write_text("a file", encoding="utf-8")
    for place in ("afile/v.png", "afile/deeper/v.png"):
        assert main(["compare", FIRE, "--games", "5", "--figure", str(tmp_path / place)]) == 2
        err = capsys.readouterr().err.strip()
        assert err == (f"magenoir-sim: error: --figure {tmp_path / place}: {tmp_path / 'afile'} "
                       "is a file, not a folder")


@pytest.mark.parametrize("scenario, words", [
    (FIRE, "looks like a deck file (.txt), not a scenario"),
    (str(ROOT / "decks" / "fire-flames-compact.toml"), "looks like a deck file ([cards]), not a scenario"),
    ("fire-flames", "'fire-flames' is an example deck, not a scenario"),
], ids=["txt-deck", "toml-deck", "deck-name"])
def test_a_deck_given_as_the_scenario_is_named_a_deck(capsys, scenario, words):
    assert main(["run", FIRE, "--games", "5", "--scenario", scenario]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and words in err and "did you mean 'card'" not in err


def test_an_unusable_cache_folder_is_not_reported_as_the_cache(monkeypatch):
    """With MAGENOIR_CACHE_DIR where no folder can be made, numba is not pointed there and the
    compile message says the folder could not be used, instead of "cached in" it."""
    env = {**os.environ, "MAGENOIR_CACHE_DIR": "/dev/null/cache", "PYTHONPATH": str(ROOT)}
    code = ("import numba; from simulator.engine.compiler import jit; "
            "print(jit.CACHE_PROBLEM); print(numba.config.CACHE_DIR)")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=120)
    problem, used = out.stdout.splitlines()
    assert problem.startswith("cannot create /dev/null/cache/numba-") and "/dev/null" not in used
    from simulator.engine.compiler import jit, warmup

    monkeypatch.setattr(jit, "CACHE_PROBLEM", "cannot create /x/numba-1 (Not a directory)")
    where = warmup._cached_where()
    assert "cached in" not in where and "cannot create /x/numba-1" in where
    monkeypatch.setattr(jit, "CACHE_PROBLEM", None)
    assert warmup._cached_where() == f"cached in {jit.CACHE_DIR}"


def test_the_compile_message_names_the_folder_of_each_part_it_compiled():
    """The engine's parts are cached in the engine's folder, a bot's root in the bots' folder
    (named after the engine's and the bots' sources): the message names the ones it used."""
    from simulator.engine.compiler import jit, warmup

    planner = warmup.bot_root(bots.get("planner"))
    bots_folder = jit.cache_dir_of(bots.get("planner").choose.py_func.__code__.co_filename)
    assert bots_folder != jit.CACHE_DIR
    assert warmup._cached_where(["resolve", "decide"]) == f"cached in {jit.CACHE_DIR}"
    assert warmup._cached_where([planner]) == f"cached in {bots_folder}"
    assert (warmup._cached_where(["resolve", planner])
            == f"cached in {jit.CACHE_DIR} and {bots_folder}")


def test_a_player_out_of_the_game_is_named_and_shown_at_0_hp():
    """The engine keeps the overkill (HP below 0); what a person reads shows the rules: the
    player out, at 0 HP, in the transcript, the per-game and per-turn tables and the HP curves."""
    db = load_cards()
    deck, duke = load_deck(FIRE, db), load_scenario("duke", db)
    raw = play_seeds(Matchup((deck,), duke, "hard"), db, 3, 0, 300, bots.get("planner"), RuleOptions())
    overkill = np.flatnonzero(raw.final_hp[:, 0] < 0)
    assert len(overkill), "no game ended below 0 HP: pick another seed"
    res = simulate([deck], duke, level="hard", games=300, seed=3, db=db, progress=False)
    assert (res.games["final_hp_p1"] >= 0).all() and (res.turns["hp_p1"] >= 0).all()
    assert (res.games["final_hp_p1"].to_numpy()[overkill] == 0).all()
    assert res.aggregate.hp.lo >= 0
    curves = res.turn_curves()
    assert (curves.loc[curves["series"] == "hp_p1", ["p10", "mean_low"]].min() >= 0).all()
    text = replay_game([deck], duke, level="hard", seed=3, game=int(overkill[0]), db=db)
    assert "player 1 is out of the game (0 HP)" in text
    assert text.splitlines()[-1].endswith(", HP 0")
