"""Every keyword the card schema accepts is read by the engine: a keyword the engine would
ignore cannot be written in card data (issue "Every card": no keyword accepted and read by
nothing)."""

from __future__ import annotations

import re
from pathlib import Path

from simulator.cards import load_cards
from simulator.cards.vocabulary import KEYWORDS
from simulator.decks import Deck
from simulator.engine.host.tables import KEYWORD_COLUMNS, build_batch_tables
from simulator.engine.rules.options import RuleOptions
from simulator.run import build_matchup
from simulator.scenarios import load_scenario

ENGINE = Path(__file__).parents[1] / "simulator"


def compiled_source() -> str:
    """The source of the compiled engine and the bots, where table columns are read."""
    return "\n".join(p.read_text() for folder in ("engine", "bots")
                     for p in (ENGINE / folder).rglob("*.py"))


def test_every_accepted_keyword_has_a_column_the_engine_reads():
    source = compiled_source()
    assert set(KEYWORD_COLUMNS) == set(KEYWORDS)
    for keyword, column in KEYWORD_COLUMNS.items():
        assert re.search(rf"\btb\.{column}\b", source), f"{keyword}: tb.{column} is read nowhere"


def test_a_printed_keyword_reaches_its_column():
    """Kerloc'h's flower (Unique unless Mage Noir), Fractal flower (Autumn), Lightning arc (Quickcast)."""
    db = load_cards()
    deck = Deck.from_counts("keywords", {"kerlochs_flower": 1, "fractal_flower": 1, "lightning_arc": 1}, db)
    matchup = build_matchup([deck], load_scenario("duke", db), None, 1)
    tables, info = build_batch_tables(matchup, db, RuleOptions(), check_playable=False)
    for card, column in (("Kerloc'h's flower", "unique_unless_mn"), ("Fractal flower", "autumn"),
                         ("Lightning arc", "quickcast"), ("Kerloc'h's flower", "autumn")):
        expected = 0 if (card, column) == ("Kerloc'h's flower", "autumn") else 1
        assert tables[column][0][info.names.index(card)] == expected, (card, column)
