"""Marks a card carries while it stays in its slot (``engine/rules/marks.py``): the op
``boost_equipment`` (Reforge: an Equipment deals more damage per instance) and the static
``last_user_damage_reduction`` (Seed of the sands: the last Permanent prepared with the
component takes less damage)."""

from __future__ import annotations

import numpy as np
from engine_fixtures import (
    G0,
    P0,
    board_at,
    engine_with_answers,
    lid,
    mana,
    put_adversary,
    put_on_board,
    run_steps,
    set_hand,
    slot_target,
    transcript_of,
)

from simulator.engine.host.api import deal_damage, leave_board, prepare, use_ability
from simulator.engine.rules.layout import CHANNELED, EQUIPMENT, PERMANENT, TO_HAND


def test_boosts_add_up_per_instance_and_end_when_the_equipment_leaves_play():
    eng = engine_with_answers(["reforge", "forged_blade", "rock"])
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "rock", CHANNELED)
    blade = put_on_board(eng, "forged_blade", EQUIPMENT)
    reforge = lid(eng, "reforge")
    step = {"op": "boost_equipment", "amount": 2}
    lines = transcript_of(eng, lambda: run_steps(eng, [step], G0, P0, np.array([reforge]), None))
    assert "  Forged blade deals 2 more damage per instance while it stays in play" in lines
    run_steps(eng, [{"op": "boost_equipment", "amount": 1}], G0, P0, np.array([reforge]), None)
    eng.policy.forced["target"] = k
    st.reserve[0, 0] = mana(mineral=5)
    use_ability(eng, G0, P0, np.array([blade]))
    assert st.adv_hp[0, k] == 16  # 1 + 2 + 1
    leave_board(eng, G0, P0, np.array([blade]), TO_HAND)
    set_hand(eng, {"forged_blade": 1})
    prepare(eng, G0, P0, np.array([lid(eng, "forged_blade")]))
    assert board_at(eng)[blade] == ("forged_blade", EQUIPMENT)
    assert st.dmg_boost[0, 0, blade] == 0


def test_boost_without_equipment_does_nothing():
    eng = engine_with_answers(["reforge"])
    step = {"op": "boost_equipment", "amount": 1}
    run_steps(eng, [step], G0, P0, np.array([lid(eng, "reforge")]), None)
    assert eng.policy.of_kind("boost_target") == []
    assert eng.state.dmg_boost.sum() == 0


def test_last_user_reduction_spares_damage_that_cannot_be_reduced():
    eng = engine_with_answers(["seed_of_the_sands", "desert_hand"])
    st = eng.state
    seed = put_on_board(eng, "seed_of_the_sands", CHANNELED)
    wall = put_on_board(eng, "desert_hand", PERMANENT)
    st.last_user[0, 0, seed] = wall + 1
    duke = lid(eng, "duke")
    target = np.array([slot_target(eng, 0, wall)])
    deal_damage(eng, G0, np.array([-1]), np.array([duke]), target, np.array([1]),
                unpreventable=True)
    assert st.board_hp[0, 0, wall] == 1
    deal_damage(eng, G0, np.array([-1]), np.array([duke]), target, np.array([1]))
    assert st.board_hp[0, 0, wall] == 1
