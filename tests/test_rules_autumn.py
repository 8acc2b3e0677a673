"""Autumn (docs/rules.md R12) and the target "one own Permanent (of an element)".

Autumn: a Permanent destroyed with the keyword, or granted it (``st.autumn``), applies its
start-of-turn effects on its way to the discard pile, where it is not yet (so its own effect
cannot take it back); a card leaving play another way does not. The base game has no Autumn
card: the tests give one its keyword and start-of-turn steps in the batch's tables.
"""

from __future__ import annotations

import numpy as np
from engine_fixtures import (
    G0,
    engine_with_answers,
    lid,
    pile_of,
    put_adversary,
    put_on_board,
    run_steps,
    slot_target,
)

from simulator.engine.host.api import deal_damage, leave_board
from simulator.engine.host.tables import op_row
from simulator.engine.rules import layout as L
from simulator.engine.rules.layout import ADVERSARY_SIDE, PERMANENT, TO_HAND

AUTUMN_STEPS = [{"op": "damage", "amount": 1, "target": "opponent"},
                {"op": "return_from_discard"}]


def _autumn_card(eng, card_id: str, printed: bool) -> int:
    """``card_id`` gets AUTUMN_STEPS at its turn start (and the keyword when ``printed``)."""
    t = eng.table_record[0]
    c, k = lid(eng, card_id), L.TRIGGERS.index("turn_start")
    first = int((t["trig_first"] + t["trig_count"]).max())
    t["ops"][first:first + len(AUTUMN_STEPS)] = [op_row(step) for step in AUTUMN_STEPS]
    t["trig_first"][c, k], t["trig_count"][c, k] = first, len(AUTUMN_STEPS)
    t["autumn"][c] = printed
    t["any_autumn"] = 1
    return c


def _kill(eng, slot):
    deal_damage(eng, G0, ADVERSARY_SIDE, lid(eng, "duke"), slot_target(eng, 0, slot), 9)


def test_a_destroyed_autumn_permanent_applies_its_turn_start_effects_on_its_way():
    eng = engine_with_answers(["dead_tree", "seed"])
    st = eng.state
    k = put_adversary(eng, "duke")
    _autumn_card(eng, "dead_tree", printed=True)
    tree = put_on_board(eng, "dead_tree", PERMANENT)
    st.discard[0, 0, lid(eng, "seed")] = 1
    _kill(eng, tree)
    assert st.adv_hp[0, k] == 19
    (asked,) = eng.policy.of_kind("return_from_discard")
    assert np.flatnonzero(asked.options[0]).tolist() == [lid(eng, "seed")]  # not itself
    assert pile_of(eng, "hand") == {"seed": 1}
    assert pile_of(eng, "discard") == {"dead_tree": 1}


def test_granted_autumn_applies_and_a_card_leaving_otherwise_does_not():
    eng = engine_with_answers(["dead_tree", "animated_tree"])
    st = eng.state
    k = put_adversary(eng, "duke")
    c = _autumn_card(eng, "dead_tree", printed=False)
    tree = put_on_board(eng, "dead_tree", PERMANENT)
    _kill(eng, tree)  # no Autumn: nothing happens
    assert st.adv_hp[0, k] == 20
    tree = put_on_board(eng, "dead_tree", PERMANENT)
    st.autumn[0, 0, tree] = c + 1
    leave_board(eng, G0, np.array([0]), np.array([tree]), TO_HAND)  # not destroyed
    assert st.adv_hp[0, k] == 20
    tree = put_on_board(eng, "dead_tree", PERMANENT)
    st.autumn[0, 0, tree] = c + 1
    _kill(eng, tree)
    assert st.adv_hp[0, k] == 19
    assert st.autumn[0, 0, tree] == 0
    assert pile_of(eng, "discard") == {"dead_tree": 1}
    assert pile_of(eng, "hand") == {"dead_tree": 2}  # back to hand, then returned by Autumn


def test_own_vegetal_permanent_offers_own_vegetal_permanents_with_hp_only():
    eng = engine_with_answers(["dead_tree", "animated_tree", "maelstrom"], players=2)
    st = eng.state
    dead = put_on_board(eng, "dead_tree", PERMANENT)
    put_on_board(eng, "maelstrom", PERMANENT)  # Water, no HP
    tree = put_on_board(eng, "animated_tree", PERMANENT)
    put_on_board(eng, "dead_tree", PERMANENT, player=1)
    eng.policy.forced["target"] = slot_target(eng, 0, tree)
    run_steps(eng, [{"op": "heal", "amount": 2, "target": "own_vegetal_permanent"}],
              G0, np.array([0]), np.array([lid(eng, "dead_tree")]), np.array([dead]))
    (asked,) = eng.policy.of_kind("target")
    assert np.flatnonzero(asked.options[0]).tolist() == [slot_target(eng, 0, dead),
                                                         slot_target(eng, 0, tree)]
    assert st.board_hp[0, 0, tree] == 5
    eng.policy.forced["target"] = slot_target(eng, 0, dead)
    run_steps(eng, [{"op": "damage", "amount": 1, "target": "own_permanent"}],
              G0, np.array([0]), np.array([lid(eng, "dead_tree")]), np.array([dead]))
    assert st.board_hp[0, 0, dead] == 1
