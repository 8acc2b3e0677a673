"""A replay that hides nothing (issue #39, item 11).

Every example deck plays solo games against the Duke, and a few co-op games and duels; a
reader (``transcript_tracker.Tracker``) rebuilds each game's position from the printed lines
alone and compares it with the position the engine recorded at each turn's start and at the
end: HP of players, Adversary cards and Permanents, the two Ether piles, the reserves, the
size of every zone. Any difference is a change no line explains; any line the reader does
not know is a kind of line that does not say what it changes.
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from transcript_tracker import Tracker

from simulator.cards import load_cards
from simulator.decks import bundled_decks, load_deck
from simulator.duel_games import replay_duel
from simulator.duels import make_sides
from simulator.replay import replay_game
from simulator.scenarios import load_scenario

SOLO_GAMES = 4
SEED = 7


def follow(text: str, states: list, players: int) -> int:
    """Feed the reader every line of ``text``, comparing at each recorded position; returns
    how many positions were compared."""
    lines = text.splitlines()
    tracker, at = Tracker(load_cards(), players), 0
    assert states, "the engine recorded no position"
    for before, rows in states:
        for i in range(at, before):
            tracker.feed(lines[i])
        at = before
        if tracker.synced:
            tracker.check(rows, f"line {before + 1} ({lines[before - 1]!r})")
        else:
            tracker.sync(rows)
    return len(states)


@cache
def solo_replay(deck: str, game: int, players: int = 1, scenario: str = "duke",
                seed: int = SEED) -> tuple[str, list]:
    db = load_cards()
    states: list = []
    text = replay_game([load_deck(bundled_decks()[deck], db)] * players,
                       load_scenario(scenario, db), players=players, seed=seed, game=game,
                       states=states)
    return text, states


@pytest.mark.parametrize("deck", sorted(bundled_decks()))
def test_every_change_of_a_solo_game_is_explained(deck):
    for game in range(SOLO_GAMES):
        text, states = solo_replay(deck, game)
        assert follow(text, states, 1) >= 2


@pytest.mark.parametrize("deck", ["fire-flames", "water-tides", "vegetal-flowers",
                                  "electric-storm"])
def test_every_change_of_a_co_op_game_is_explained(deck):
    text, states = solo_replay(deck, 0, players=2)
    assert follow(text, states, 2) >= 2


@pytest.mark.parametrize("deck, players, scenario", [("time-bender", 3, "druidess"),
                                                     ("vegetal-grove", 1, "druidess"),
                                                     ("vegetal-flowers", 3, "warden")])
def test_every_change_against_other_adversaries_is_explained(deck, players, scenario):
    """Three players (a mill names its player; Autumn in the Adversary's turn), Unique's
    older copy, the other scenarios' cards (games that once showed a silence, seed 11)."""
    text, states = solo_replay(deck, 0, players, scenario, seed=11)
    assert follow(text, states, players) >= 2


@pytest.mark.parametrize("pair", [("fire-flames", "water-tides"),
                                  ("vegetal-flowers", "ice-frost"),
                                  ("fire-flames+water-tides", "air-winds+vegetal-grove")])
def test_every_change_of_a_duel_is_explained(pair):
    """1 vs 1 and 2 vs 2; the seats' labels (``P1 (fire-flames)``) read as players."""
    states: list = []
    text = replay_duel(make_sides(*pair), SEED, 0, 0, states=states)
    seats = 4 if "+" in pair[0] else 2
    assert follow(re.sub(r"P(\d) \([^)]*\)", r"player \1", text), states, seats) >= 2


def solo_lines() -> list[str]:
    return [line for deck in sorted(bundled_decks()) for game in range(SOLO_GAMES)
            for line in solo_replay(deck, game)[0].splitlines()]


def test_kept_cards_and_spells_left_in_preparation_say_why():
    lines = [line for line in solo_lines() if line.startswith("  keeps ")]
    reasons = {reason.split(": ", 1)[1] for line in lines
               for reason in line.removeprefix("  keeps ").split("; ")}
    assert "could prepare it, chose not to" not in reasons
    assert "left in preparation" not in reasons
    assert {"left in preparation: prepared this turn", "left in preparation as a component",
            "could prepare it, kept the Mana instead"} <= reasons


def test_trades_and_piles_taken_name_their_pile():
    lines = solo_lines()
    assert any(re.fullmatch(r"trades .+ for 1 \w+ from pile [12], gives it to pile [12]", line)
               for line in lines)
    assert all(re.fullmatch(r"takes pile [12]: .+", line)
               for line in lines if line.startswith("takes "))
