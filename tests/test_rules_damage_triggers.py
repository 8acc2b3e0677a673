"""Damage triggers (docs/rules.md R11.9): ``damaged`` (this Permanent), ``own_permanent_damaged``
(a Permanent of the controller, while in play) and ``controller_damaged`` (the controller,
while on the board), each preceded by the instance it answers (``st.hit``).

No card of the base game has them: each test gives a base card such a trigger (op rows
written into the batch's tables, as ``engine_fixtures.run_steps`` does) and hits something.
"""

from __future__ import annotations

import numpy as np
from engine_fixtures import (
    G0,
    engine_with_answers,
    lid,
    player_target,
    put_adversary,
    put_on_board,
    slot_target,
)

from simulator.engine.host.api import deal_damage, lose_hp
from simulator.engine.host.tables import op_row
from simulator.engine.rules import layout as L
from simulator.engine.rules.layout import ADVERSARY_SIDE, CHANNELED, PERMANENT

HIT_DUKE_1 = [{"op": "damage", "amount": 1, "target": "opponent"}]


def _give_trigger(eng, card_id: str, trigger: str, steps: list[dict]) -> None:
    """Card ``card_id`` gets ``steps`` on ``trigger`` (its rows after the batch's own)."""
    t = eng.table_record[0]
    c, k = lid(eng, card_id), L.TRIGGERS.index(trigger)
    first = int((t["trig_first"] + t["trig_count"]).max())
    t["ops"][first:first + len(steps)] = [op_row(step) for step in steps]
    t["trig_first"][c, k], t["trig_count"][c, k] = first, len(steps)
    t["any_damage_trigger"] = 1


def test_a_permanent_hit_raises_its_damaged_and_its_controllers_own_permanent_damaged():
    eng = engine_with_answers(["animated_tree", "dead_tree", "tree_in_flames"])
    st = eng.state
    k = put_adversary(eng, "duke")
    _give_trigger(eng, "animated_tree", "damaged", HIT_DUKE_1)
    _give_trigger(eng, "dead_tree", "own_permanent_damaged", HIT_DUKE_1)
    tree = put_on_board(eng, "animated_tree", PERMANENT)
    put_on_board(eng, "dead_tree", PERMANENT)
    put_on_board(eng, "tree_in_flames", PERMANENT)
    deal_damage(eng, G0, ADVERSARY_SIDE, lid(eng, "duke"), slot_target(eng, 0, tree), 2)
    assert st.board_hp[0, 0, tree] == 1
    assert st.adv_hp[0, k] == 18  # one from each trigger
    assert st.hit[0].tolist() == [ADVERSARY_SIDE, lid(eng, "duke"), 2, 0, tree]


def test_a_permanent_destroyed_by_the_hit_still_answers_it():
    eng = engine_with_answers(["animated_tree"])
    st = eng.state
    k = put_adversary(eng, "duke")
    _give_trigger(eng, "animated_tree", "damaged", HIT_DUKE_1)
    tree = put_on_board(eng, "animated_tree", PERMANENT)
    deal_damage(eng, G0, ADVERSARY_SIDE, lid(eng, "duke"), slot_target(eng, 0, tree), 5)
    assert st.board_card[0, 0, tree] == -1
    assert st.adv_hp[0, k] == 19


def test_the_controller_hit_raises_controller_damaged_of_cards_in_every_zone():
    eng = engine_with_answers(["animated_tree", "breath"])
    st = eng.state
    k = put_adversary(eng, "duke")
    _give_trigger(eng, "breath", "controller_damaged", HIT_DUKE_1)
    _give_trigger(eng, "animated_tree", "own_permanent_damaged", HIT_DUKE_1)
    put_on_board(eng, "breath", CHANNELED)
    put_on_board(eng, "animated_tree", PERMANENT)
    deal_damage(eng, G0, ADVERSARY_SIDE, lid(eng, "duke"), player_target(eng, 0), 3)
    assert st.hp[0, 0] == 17
    assert st.adv_hp[0, k] == 19  # the channeled Breath answers; no Permanent was hit
    assert st.hit[0].tolist() == [ADVERSARY_SIDE, lid(eng, "duke"), 3, 0, -1]


def test_an_hp_loss_is_not_damage_taken():
    eng = engine_with_answers(["breath"])
    st = eng.state
    k = put_adversary(eng, "duke")
    _give_trigger(eng, "breath", "controller_damaged", HIT_DUKE_1)
    put_on_board(eng, "breath", CHANNELED)
    lose_hp(eng, G0, np.array([0]), 3)
    assert st.hp[0, 0] == 17
    assert st.adv_hp[0, k] == 20
