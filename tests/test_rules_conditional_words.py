"""Conditional component words ("Transmutable: WORD" while a condition holds,
``vocabulary.WORD_CONDITIONS``, engine/rules/board.py ``card_provides``): the word counts as
printed exactly while its condition holds, for requirements and counts alike.

The condition is installed on a base-game spell (Flame: "Ore" while it holds) by writing the
batch's tables, as the tables builder does from a card's ``provides_conditional``."""

from __future__ import annotations

import numpy as np
from engine_fixtures import G0, P0, component_instances, engine_with_answers, lid, mana, put_on_board

from simulator.cards import load_cards
from simulator.engine.host.tables import _conditional_words
from simulator.engine.rules import layout as L

ORE = L.WORD["Ore"]


def _engine(condition):
    eng = engine_with_answers(["flame", "seed"])
    t = eng.table_record[0]
    t["cond_word"][lid(eng, "flame")] = ORE
    t["cond_word_if"][lid(eng, "flame")] = L.WORD_CONDITIONS.index(condition)
    t["any_cond_word"] = 1
    return eng


def _ore(eng) -> int:
    return int(component_instances(eng, G0, P0)[0, ORE])


def test_two_copies_in_play_both_provide_the_word():
    eng = _engine("controls_2_copies")
    put_on_board(eng, "flame", L.CHANNELED)
    assert _ore(eng) == 0
    put_on_board(eng, "flame", L.PREPARED)  # in play, though not a component
    assert _ore(eng) == 1
    put_on_board(eng, "flame", L.CHANNELED)
    assert _ore(eng) == 2


def test_locked_mana_conditions():
    eng = _engine("fire_mana_locked")
    slot = put_on_board(eng, "flame", L.CHANNELED, locked=mana(mineral=1))
    assert _ore(eng) == 0
    eng.state.board_mana[0, 0, slot] = mana(fire=1, mineral=1)
    assert _ore(eng) == 1
    eng = _engine("no_mana_locked")
    slot = put_on_board(eng, "flame", L.CHANNELED, locked=mana(fire=1))
    assert _ore(eng) == 0
    eng.state.board_mana[0, 0, slot] = 0
    assert _ore(eng) == 1


def test_word_granted_while_its_ability_was_used_this_turn():
    eng = _engine("ability_used_this_turn")
    slot = put_on_board(eng, "flame", L.CHANNELED)
    assert _ore(eng) == 0
    eng.state.ability_used[0, 0, slot] = 1
    assert _ore(eng) == 1


def test_tables_read_only_the_conditions_the_engine_knows():
    cards = [c for c in load_cards() if c.provides_conditional]
    t = np.zeros(1, L.TABLES_DTYPE)[0]
    _conditional_words(t, cards)
    for c, card in enumerate(cards):
        word, condition = card.provides_conditional[0]
        known = condition in L.WORD_CONDITIONS
        assert (t["cond_word"][c] == L.WORD[word]) == known, card.id
