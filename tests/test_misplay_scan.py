"""scripts/misplay_scan.py: the look-ahead's games played with its trace on (``--origins``) are
the same games, and each of their misplays is put down to exactly one origin."""

from __future__ import annotations

from collections import Counter

from project_scripts import load_script

from simulator.cards import load_cards
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
