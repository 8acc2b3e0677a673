"""Discounts for the turn (engine/rules/discounts.py, docs/rules.md R6.3): the next card of an
element costs less of it and a Permanent with HP gains HP (Light ray); cards of a name word
cost less of their own element and draw when prepared (Solar eruption). Never below 0; both
end with the turn; a card named by two discounted words counts one."""

from __future__ import annotations

import numpy as np
from engine_fixtures import ScriptedPolicy, lid, make_engine, run_steps, set_deck

from simulator.engine.host.api import effective_cost, prepare, turn_boundary
from simulator.engine.rules.layout import PERMANENT

G0, P0 = np.array([0]), np.array([0])
CARDS = ["seed", "dead_tree", "zephyr", "breath", "tornado", "mons_igneus", "solar_explosion"]
VEGETAL, AIR = 3, 2


def _steps(eng, *steps):
    run_steps(eng, list(steps), G0, P0, np.array([lid(eng, "zephyr")]), None)


def _cost(eng, card_id):
    return effective_cost(eng, G0, P0)[0, lid(eng, card_id)].tolist()


def test_next_card_discount_is_spent_by_the_next_card_of_its_element():
    eng = make_engine(CARDS, policy=ScriptedPolicy())
    _steps(eng, {"op": "next_card_discount", "element": "vegetal", "amount": 1, "hp": 2})
    assert _cost(eng, "dead_tree")[VEGETAL] == 1 and _cost(eng, "seed")[VEGETAL] == 0
    assert _cost(eng, "breath") == eng.tables.cost[lid(eng, "breath")].tolist()
    eng.state.hand[0, 0, lid(eng, "dead_tree")] = 1
    eng.state.reserve[0, 0, VEGETAL] = 1
    prepare(eng, G0, P0, np.array([lid(eng, "dead_tree")]))
    slot = int(np.flatnonzero(eng.state.board_card[0, 0] == lid(eng, "dead_tree"))[0])
    assert eng.state.board_zone[0, 0, slot] == PERMANENT and eng.state.board_hp[0, 0, slot] == 4
    assert _cost(eng, "dead_tree")[VEGETAL] == 2


def test_name_discount_lasts_the_turn_and_counts_a_card_once():
    eng = make_engine(CARDS, policy=ScriptedPolicy())
    set_deck(eng, ["seed", "seed", "seed"])
    _steps(eng, {"op": "name_discount", "word": "Tornado", "amount": 2, "draw": 1},
           {"op": "name_discount", "word": "Tornado", "amount": 2, "draw": 1},
           {"op": "name_discount", "word": "Mons Igneus", "amount": 1},
           {"op": "name_discount", "word": "Solar", "amount": 1},
           {"op": "name_discount", "word": "Explosion", "amount": 3})
    assert _cost(eng, "tornado")[AIR] == 0  # 3 - 4, never below 0
    igneus = _cost(eng, "mons_igneus")
    assert igneus[4] == 1 and igneus[0] == 2  # its own element, Mineral, only
    assert _cost(eng, "solar_explosion")[0] == 1  # Solar and Explosion: the larger, 4 - 3
    assert eng.state.name_draw[0, 0].sum() == 2
    turn_boundary(eng, G0)
    assert _cost(eng, "tornado")[AIR] == 3 and eng.state.any_discount[0] == 0
