"""``pay_mana``: a player pays Mana of their choice from the reserve into the Available Ether
(R6.2), as much as the reserve holds; the Adversary has no reserve (R15.11)."""

from __future__ import annotations

import numpy as np
from engine_fixtures import (
    G0,
    P0,
    engine_with_answers,
    lid,
    mana,
    put_adversary,
    put_on_board,
    run_steps,
    transcript_of,
)

from simulator.engine.rules.layout import EQUIPMENT


def _run(eng, steps):
    run_steps(eng, steps, G0, P0, np.array([lid(eng, "yuki_onnas_robe")]), np.array([0]))


def test_pay_mana_the_payer_picks_the_mana_its_hand_needs_least_and_pays_what_it_has():
    eng = engine_with_answers(["yuki_onnas_robe", "zephyr"])
    st = eng.state
    put_on_board(eng, "yuki_onnas_robe", EQUIPMENT)
    st.hand[0, 0, lid(eng, "zephyr")] = 1  # Zephyr costs 2 Air: the Air stays
    st.reserve[0, 0] = mana(air=2, water=1)
    lines = transcript_of(eng, lambda: _run(eng, [{"op": "pay_mana", "amount": 2,
                                                   "target": "self"}]))
    assert st.reserve[0, 0].tolist() == mana(air=1).tolist()  # the Water, then an Air
    assert st.ether[0].sum(axis=0).tolist() == mana(air=1, water=1).tolist()
    assert any("Mana paid to the Available Ether" in line for line in lines)
    assert len(eng.policy.of_kind("pay_mana_element")) == 2
    _run(eng, [{"op": "pay_mana", "amount": 3, "target": "self"}])  # only 1 left: 1 paid
    assert st.reserve[0, 0].sum() == 0 and st.ether[0].sum() == 3
    _run(eng, [{"op": "pay_mana", "amount": 1, "target": "self"}])  # nothing left: nothing
    assert st.ether[0].sum() == 3
    assert len(eng.policy.of_kind("pay_mana_element")) == 3


def test_pay_mana_on_the_adversary_pays_nothing():
    eng = engine_with_answers(["yuki_onnas_robe"])
    st = eng.state
    put_adversary(eng, "duke")
    put_on_board(eng, "yuki_onnas_robe", EQUIPMENT)
    st.reserve[0, 0] = mana(water=2)
    _run(eng, [{"op": "pay_mana", "amount": 1, "target": "opponent"}])
    assert st.reserve[0, 0].tolist() == mana(water=2).tolist()  # the player is not the opponent
    assert st.ether[0].sum() == 0
