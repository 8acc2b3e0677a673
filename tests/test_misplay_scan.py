"""scripts/misplay_scan.py: the look-ahead's games played with its trace on (``--origins``) are
the same games, and each of their misplays is put down to exactly one origin; ``--examples``
lists each misplay of a class with a replay command that prints its game."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from collections import Counter

from project_scripts import SCRIPTS, load_script

from simulator.cards import load_cards
from simulator.cli import main
from simulator.decks import find_deck, load_deck
from simulator.engine.rules.options import RuleOptions
from simulator.misplays import CLASS_KEYS, ORIGINS, RIGHT_PLAY_KEYS
from simulator.run import build_matchup
from simulator.scenarios import load_scenario


def test_the_traced_scan_plays_the_same_games_and_splits_every_misplay_by_origin():
    scan = load_script("misplay_scan")
    db = load_cards()
    matchup = build_matchup([load_deck(find_deck("air-winds"), db)], load_scenario("duke", db),
                            "normal", 2)
    options = RuleOptions()
    totals, by_card = scan.scan_cell(matchup, db, "lookahead:2", 3, 4, options)
    traced, traced_by_card, origins = scan.scan_cell_traced(matchup, db, "lookahead:2", 3, 4,
                                                            options)
    assert traced == totals and traced_by_card == by_card
    assert sum(totals.values()) > 0
    per_class = Counter()
    for (key, origin, _card), n in origins.items():
        assert origin in ORIGINS
        per_class[key] += n
    assert {k: per_class[k] for k in CLASS_KEYS + RIGHT_PLAY_KEYS} == {
        k: totals[k] for k in CLASS_KEYS + RIGHT_PLAY_KEYS}
    assert sum(n for (_k, origin, _c), n in origins.items() if origin != ORIGINS[3]) > 0


def test_examples_list_each_misplay_of_a_class_with_the_command_that_replays_its_game(
        capsys, monkeypatch):
    scan = load_script("misplay_scan")
    db = load_cards()
    path = scan.deck_paths("air-winds")[0]  # the deck file the scan plays
    matchup = build_matchup([load_deck(path, db)], load_scenario("duke", db), "normal", 2)
    seed, listed = 3, 0
    for key in CLASS_KEYS + RIGHT_PLAY_KEYS:
        examples = []
        totals, by_card = scan.scan_cell(matchup, db, "planner", seed, 6, RuleOptions(), key,
                                         examples)
        assert len(examples) == totals[key]
        assert Counter(card for _game, card, _turn in examples) == Counter(
            {card: n for (k, card), n in by_card.items() if k == key})
        if examples and not listed:  # the first one's game, replayed as the line says
            game, card, turn = examples[0]
            words = shlex.split(scan.replay_command(path, "normal", 2, "planner", seed, game))
            assert words[:2] == ["magenoir-sim", "replay"]
            monkeypatch.chdir(scan.ROOT)  # the command names the deck from the repository
            assert main(words[1:]) == 0, capsys.readouterr().err
            text = capsys.readouterr().out
            assert text.startswith(f"Game {game} of the run with seed {seed}: ")
            number, player = re.fullmatch(r"turn (\d+) \(player (\d)\)", turn).groups()
            assert card in text and f"-- Turn {number}: player {player} (" in text
        listed += len(examples)
    assert listed > 0


def test_examples_of_no_class_is_refused_in_one_line():
    done = subprocess.run([sys.executable, str(SCRIPTS / "misplay_scan.py"), "--examples",
                           "equipment_lsot"], capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "equipment_lost" in done.stderr
