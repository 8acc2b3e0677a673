"""The static ``component_cost_reduction`` (``engine/rules/component_discounts.py``): a card prepared
with the component costs less, the discount taken once the components are designated."""

from __future__ import annotations

import numpy as np
from engine_fixtures import G0, P0, engine_with_answers, lid, mana, put_on_board, set_hand

from simulator.engine.host import api
from simulator.engine.rules.layout import CHANNELED


def test_one_reducer_per_required_instance_and_never_below_zero():
    eng = engine_with_answers(["time_ore", "nikolas_watch", "abstruse_reflection"])
    st = eng.state
    put_on_board(eng, "time_ore", CHANNELED)
    put_on_board(eng, "time_ore", CHANNELED)
    set_hand(eng, {"nikolas_watch": 1, "abstruse_reflection": 1})
    st.reserve[0, 0] = mana(arcane=2)
    legal = api.can_prepare(eng, G0, P0)[0]
    assert legal[lid(eng, "nikolas_watch")]  # 1 Mineral: one Time ore takes it off
    assert api.effective_cost(eng, G0, P0)[0, lid(eng, "nikolas_watch")].tolist() == \
        mana(arcane=2, mineral=1).tolist()  # the readiness's cost is before the discount
    api.prepare(eng, G0, P0, np.array([lid(eng, "nikolas_watch")]))
    assert st.used_slot[0, :2].tolist() == [1, 0]  # one Time component: one Time ore
    assert st.reserve[0, 0].sum() == 0
    assert st.board_mana[0, 0, 2].tolist() == mana(arcane=2).tolist()
    st.reserve[0, 0] = mana(arcane=1)
    api.prepare(eng, G0, P0, np.array([lid(eng, "abstruse_reflection")]))  # a spell: no discount
    assert st.board_mana[0, 0, 3].tolist() == mana(arcane=1).tolist()
