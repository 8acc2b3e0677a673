"""The replay says why and shows everything that moves (issue: "Replay says why").

A reader auditing a transcript must be able to account for every HP change (its cause), every
card that leaves a hand or the board (where it went), every Mana that reaches the Available
Ether (why, and on which pile), the opening choice, the board with its HP, and why a player
ended a main phase with Mana left. These tests replay games of the bundled example decks and
check each kind of line, first in every line of every game (the form), then that each kind of
event shows up at least once (the content).
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from simulator.cards import load_cards
from simulator.decks import bundled_decks, load_deck
from simulator.replay import replay_game
from simulator.scenarios import load_scenario

GAMES = 10


@cache
def transcripts(players: int = 1) -> dict[tuple[str, int], list[str]]:
    """(deck name, game) -> the transcript lines of the first GAMES games, seed 7."""
    db = load_cards()
    scenario = load_scenario("duke", db)
    out = {}
    for name, path in sorted(bundled_decks().items()):
        deck = load_deck(path, db)
        for game in range(GAMES):
            text = replay_game([deck] * players, scenario, players=players, seed=7, game=game)
            out[name, game] = text.splitlines()
    return out


def all_lines(players: int = 1) -> list[str]:
    return [line for lines in transcripts(players).values() for line in lines]


def first_line(pattern: str, players: int = 1) -> str:
    """The first line of the replays that matches ``pattern`` (a regular expression)."""
    for line in all_lines(players):
        if re.search(pattern, line):
            return line
    pytest.fail(f"no replay line matches {pattern!r}")


def test_every_hp_change_names_its_cause():
    """Damage and HP changes say which card dealt them; the only lines without a cause follow
    the line of the hook that caused them (Burning robe, Ignition)."""
    for lines in transcripts().values():
        for i, line in enumerate(lines):
            if re.search(r"takes \d+ (damage|HP loss)|\d+ damage to |gains \d+ HP", line):
                before = " / ".join(lines[max(0, i - 3):i])
                assert " from " in line or re.search("Burning robe|Ignition|Crimson", before), \
                    (before, line)


def test_causes_say_the_trigger():
    assert first_line(r"takes \d+ damage from The Duke at the start of the turn")
    assert first_line(r"takes 1 HP loss from Draconic flame, used as a component")


def test_every_card_leaving_play_says_where_it_goes():
    leaving = [line for line in all_lines() if "leaves play" in line]
    assert leaving
    for line in leaving:
        assert re.search(r"leaves play, (to the discard pile|back to hand|on top of the deck|to exile|"
                         r"third from the top of the deck)$", line), line
    assert first_line(r"leaves play, back to hand")          # e.g. Overpressure's Condensation
    assert first_line(r"leaves play, third from the top")    # e.g. a Breath returned by its step


def test_cards_leaving_a_hand_or_a_discard_pile_are_shown():
    assert first_line(r"discards Fire .* \(instead of a component\)|discards .* \(instead of a "
                      r"component\)")                        # Fire ball's alternative cost
    assert first_line(r"takes .* from the discard pile into hand")  # The water healer


def test_mana_reaching_the_ether_says_why_and_where():
    value = first_line(r"'s Mana value to the Available Ether: ")
    assert re.search(r": \d+ \w+( , \d+ \w+)* on pile [12]", value.replace(",", " ,")), value
    assert first_line(r"Mana released to the Available Ether: .* on pile [12]")
    assert first_line(r"trades \d+ (fire|water|air|vegetal|mineral|arcane).* from pile [12]")
    assert first_line(r"takes 1 \w+ Mana from pile [12]")


def test_mana_locked_or_moved_by_condensation_is_shown():
    assert first_line(r"puts 1 water Mana under Condensation")


def test_the_opening_choice_and_the_board_are_shown():
    for lines in transcripts().values():
        assert lines[1].startswith("player 1 keeps the opening pile "), lines[1]
        kept, other = lines[1].removeprefix("player 1 keeps the opening pile ").split(" over ")
        assert len(kept.split(", ")) == 5 and len(other.split(", ")) == 5
    assert first_line(r"in play, the Adversary: .*The Duke \d+ HP")
    assert first_line(r"in play, player 1: .*\(permanent, \d+ HP")
    assert first_line(r"in play, player 1: .*\((ritual|channeled), \d+ Mana locked\)")


def test_a_main_phase_ended_with_mana_says_why_each_card_stayed():
    for lines in transcripts().values():
        for i, line in enumerate(lines):
            match = re.match(r"ends the main phase with (\d+) Mana left", line)
            if match:
                assert int(match[1]) > 0
                if not line.endswith(" and an empty hand"):
                    assert lines[i + 1].startswith("  keeps "), (line, lines[i + 1])
    assert first_line(r"keeps .*: \d+ Mana short")
    assert first_line(r"keeps .*: \d+ component\(s\) missing")
    assert first_line(r"keeps .*: could prepare it, kept the Mana instead")


def test_the_last_hit_and_the_player_are_named():
    assert first_line(r"player 1 is out of the game \(0 HP\), last hit by [A-Z]")
    co_op = all_lines(players=2)
    assert any(re.match(r"  player 2 (draws|discards) ", line) for line in co_op)
