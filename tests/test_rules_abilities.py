"""Generic activated abilities (``ability_cost``, engine/rules/abilities.py): when one is
offered, what using it costs, and once per turn.

The ability is installed on a base-game Equipment without one (Fire mask) by writing its
op rows and costs into the batch's tables, as the tables builder does for card data; it is
used through the real main-phase commands.
"""

from __future__ import annotations

import numpy as np
import pytest
from engine_fixtures import (
    G0,
    P0,
    board_at,
    engine_with_answers,
    lid,
    mana,
    pile_of,
    put_adversary,
    put_on_board,
    set_deck,
    set_hand,
    transcript_of,
)

from simulator.cards.schema import validate_effect
from simulator.engine.host.api import action_space, apply_actions, legal_actions, turn_boundary
from simulator.engine.host.tables import _generic_ability, op_row
from simulator.engine.rules import layout as L

HOST = "fire_mask"


def _install(eng, steps):
    """Give the host card the generic ability ``steps`` (first an ``ability_cost``)."""
    t = eng.table_record[0]
    c, k = lid(eng, HOST), L.TRIGGERS.index("ability")
    first = int((t["trig_first"] + t["trig_count"]).max())
    t["ops"][first:first + len(steps)] = [op_row(step) for step in steps]
    t["trig_first"][c, k], t["trig_count"][c, k] = first, len(steps)
    _generic_ability(t, c, steps[0])
    t["any_ability"] = 1


def _offered(eng) -> list[int]:
    sp = action_space(eng)
    return np.flatnonzero(legal_actions(eng, G0, P0)[0, sp.ability:sp.prepare]).tolist()


def _use(eng, slot) -> None:
    assert slot in _offered(eng)
    apply_actions(eng, G0, P0, np.array([action_space(eng).ability + slot]))


def _engine(**forced):
    return engine_with_answers([HOST, "flame", "seed"], **forced)


def test_once_per_turn_ability_with_a_mana_cost():
    eng = _engine()
    st = eng.state
    k = put_adversary(eng, "duke")
    _install(eng, [{"op": "ability_cost", "timing": "main_phase", "cost": {"fire": 1},
                    "once_per_turn": True},
                   {"op": "damage", "amount": 1, "target": "any"}])
    armor = put_on_board(eng, HOST, L.EQUIPMENT)
    assert _offered(eng) == []  # no Fire in the reserve
    st.reserve[0, 0] = mana(fire=2)
    eng.policy.forced["target"] = k
    lines = transcript_of(eng, lambda: _use(eng, armor))
    assert st.adv_hp[0, k] == 19
    assert st.reserve[0, 0].tolist() == mana(fire=1).tolist()
    assert st.ether[0].sum(axis=0).tolist() == mana(fire=1).tolist()
    assert "  pays 1 fire for the ability" in lines
    assert _offered(eng) == []  # once per turn, though the reserve could pay again
    turn_boundary(eng, G0)
    assert _offered(eng) == [armor]


def test_a_new_card_in_the_slot_has_a_fresh_once_per_turn_ability():
    eng = _engine()
    st = eng.state
    _install(eng, [{"op": "ability_cost", "timing": "main_phase", "once_per_turn": True},
                   {"op": "heal", "amount": 1, "target": "self"}])
    armor = put_on_board(eng, HOST, L.EQUIPMENT)
    _use(eng, armor)
    assert st.hp[0, 0] == 21 and _offered(eng) == []
    st.board_zone[0, 0, armor] = L.EMPTY
    st.board_card[0, 0, armor] = -1
    set_hand(eng, {HOST: 1})
    st.reserve[0, 0] = eng.tables.cost[lid(eng, HOST)]
    apply_actions(eng, G0, P0, np.array([action_space(eng).prepare + lid(eng, HOST)]))
    assert board_at(eng)[armor] == (HOST, L.EQUIPMENT)
    assert _offered(eng) == [armor]


def test_discard_and_sacrifice_costs():
    eng = _engine()
    _install(eng, [{"op": "ability_cost", "timing": "any_time", "discard": 1, "sacrifice": True},
                   {"op": "draw", "amount": 2}])
    armor = put_on_board(eng, HOST, L.EQUIPMENT)
    assert _offered(eng) == []  # an empty hand cannot pay the discard
    set_hand(eng, {"flame": 1})
    set_deck(eng, ["seed", "seed"])
    _use(eng, armor)
    assert pile_of(eng, "discard") == {"flame": 1, HOST: 1}
    assert pile_of(eng, "hand") == {"seed": 2}
    assert board_at(eng) == {}


def test_sacrifice_needs_a_card_that_can_be_destroyed():
    eng = _engine()
    st = eng.state
    _install(eng, [{"op": "ability_cost", "timing": "main_phase", "sacrifice": True},
                   {"op": "damage", "amount": 1, "target": "self"}])
    armor = put_on_board(eng, HOST, L.EQUIPMENT)
    st.indestructible[0, 0, armor] = lid(eng, HOST) + 1
    assert _offered(eng) == []
    st.indestructible[0, 0, armor] = 0
    assert _offered(eng) == [armor]


@pytest.mark.parametrize("step, problem", [
    ({"op": "ability_cost", "timing": "sometimes"}, "'timing' must be one of"),
    ({"op": "ability_cost", "timing": "main_phase", "once_per_turn": 1}, "must be true or false"),
    ({"op": "ability_cost", "timing": "main_phase", "discard": 12}, "between 0 and 9"),
])
def test_ability_cost_values_are_checked(step, problem):
    problems = validate_effect({"ability": [step]}, "card x")
    assert any(problem in p for p in problems), problems


def test_ability_cost_is_only_the_first_step_of_an_ability():
    problems = validate_effect({"activate": [{"op": "ability_cost", "timing": "main_phase"}]},
                               "card x")
    assert any("must be the first step of effect.ability" in p for p in problems), problems
