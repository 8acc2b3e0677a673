"""Name tags as the keys of search and cost effects (docs/engine.md "Name words").

A "Solar spell" is a card whose name carries Solar (or that is Transmutable into it): Solar
is a name tag, never a component. The ops that look cards up by a word
(``vocabulary.NAME_KEYED``: ``search_deck``, ``return_from_discard``, ``cost_reduction``)
read the name words of a card (``tables.named``), name tags included; the ops about
components refuse a name tag at load."""

from __future__ import annotations

import numpy as np
from engine_fixtures import G0, P0, lid, make_engine, pile_of, put_on_board, run_steps, set_deck

from simulator.cards import load_cards
from simulator.cards.model import NAME_WORDS
from simulator.cards.schema import validate_effect
from simulator.cards.tables import build_card_tables
from simulator.engine.host import api
from simulator.engine.rules import layout as L

CARDS = ["solar_burn", "solar_flame", "fire_ball", "flame", "artificial_sun"]


def test_named_carries_the_name_tags_and_the_provided_words():
    db = load_cards()
    t = build_card_tables(db.cards)
    solar, flame = NAME_WORDS.index("Solar"), NAME_WORDS.index("Flame")
    assert t.named[db.by_id["solar_flame"].index, [solar, flame]].tolist() == [True, True]
    assert t.named[db.by_id["flame"].index, [solar, flame]].tolist() == [False, True]
    # the component words keep their indices: named agrees with provides on them, but for
    # an Animal, a component for its words and never a card found by name (R10.5)
    spells = np.array([c.type != "animal" for c in db.cards])
    assert (t.named[spells, :L.W] == t.provides[spells]).all()
    fox = db.by_id["ours_flame_fox"].index
    assert t.provides[fox, flame] and not t.named[fox].any()


def test_search_deck_finds_a_name_tag():
    eng = make_engine(CARDS, policy=None)
    set_deck(eng, ["flame", "solar_burn", "fire_ball", "fire_ball"])
    run_steps(eng, [{"op": "search_deck", "word": "Solar"}], G0, 0, lid(eng, "fire_ball"), -1)
    assert pile_of(eng, "hand") == {"solar_burn": 1}
    assert eng.state.deck_len[0, 0] == 3


def test_search_deck_on_top_puts_the_card_on_the_shuffled_deck():
    eng = make_engine(CARDS, policy=None)
    set_deck(eng, ["solar_burn", "flame", "fire_ball", "fire_ball"])
    run_steps(eng, [{"op": "search_deck", "word": "Solar", "on_top": True}], G0, 0,
              lid(eng, "fire_ball"), -1)
    assert pile_of(eng, "hand") == {}
    assert eng.state.deck_len[0, 0] == 4
    assert eng.state.deck[0, 0, 3] == lid(eng, "solar_burn")  # the top card
    run_steps(eng, [{"op": "search_deck", "word": "Explosion", "on_top": True}], G0, 0,
              lid(eng, "fire_ball"), -1)  # none in the deck: only the shuffle
    assert eng.state.deck_len[0, 0] == 4 and pile_of(eng, "hand") == {}


def test_return_from_discard_finds_a_name_tag():
    eng = make_engine(CARDS)
    eng.state.discard[0, 0, lid(eng, "flame")] = 1
    eng.state.discard[0, 0, lid(eng, "solar_flame")] = 1
    run_steps(eng, [{"op": "return_from_discard", "word": "Solar"}], G0, 0,
              lid(eng, "fire_ball"), -1)
    assert pile_of(eng, "hand") == {"solar_flame": 1}
    assert pile_of(eng, "discard") == {"flame": 1}


def test_a_cost_reduction_keyed_by_a_name_tag():
    """A static "your Solar spells cost 1 less Fire" of a Permanent in play lowers Solar burn
    and Solar flame, not Fire ball."""
    eng = make_engine(CARDS)
    t = eng.table_record[0]
    sun = lid(eng, "artificial_sun")
    t["reduction"][0] = (sun, 0, 1, 1, -1, L.NAME_WORD["Solar"], 0, -1, 0, 0)  # no min_cost
    t["n_reduction"], t["any_reduction"] = 1, 1
    put_on_board(eng, "artificial_sun", L.PERMANENT)
    cost = api.effective_cost(eng, G0, P0)[0]
    assert cost[lid(eng, "solar_burn"), 0] == 2
    assert cost[lid(eng, "solar_flame"), 0] == 1
    assert cost[lid(eng, "fire_ball"), 0] == eng.tables.cost[lid(eng, "fire_ball"), 0]


def test_a_name_tag_is_refused_where_a_component_is_meant():
    for step in ({"op": "return_component", "word": "Solar"},
                 {"op": "damage", "amount": 1, "target": "any", "per": "own_component:Solar"},
                 {"op": "draw", "amount": 1, "if": "controls_component:Thunder"}):
        problems = validate_effect({"activate": [step]}, "test")
        assert len(problems) == 1 and "component word" in problems[0], problems
    assert validate_effect({"activate": [{"op": "search_deck", "word": "Solar"}]}, "test") == []
    assert validate_effect({"static": [{"kind": "cost_reduction", "element": "fire",
                                        "amount": 1, "word": "Explosion"}]}, "test") == []


def test_unknown_name_tags_are_refused():
    from simulator.cards.schema import validate_card

    card = {"id": "x", "name_en": "X", "name_fr": "X", "element": "fire", "type": "spell",
            "cost": {}, "components": {}, "provides": [], "copies_limit": 4,
            "extension": "Sun", "name_tags": ["Lunar"]}
    assert any("name tags" in p for p in validate_card(card, "test"))
    assert np.isin(["Solar", "Explosion", "Desert"], NAME_WORDS).all()
