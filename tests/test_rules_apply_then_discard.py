"""``apply_component`` with ``then_discard``: apply an own component's effects, then discard
that component (Raijin's roar: "apply the effects of a Lightning component you control, then
discard it"). The component is discarded from play after its effects resolved, releasing its
Mana; without the flag it stays in play.
"""

from __future__ import annotations

import numpy as np
from card_positions import (
    ScriptedPolicy,
    adv_target,
    board_of,
    discard_of,
    lid,
    make_engine,
    mana,
    put_on_board,
    summon_duke,
)
from engine_fixtures import run_steps

from simulator.engine.rules.layout import CHANNELED

G = np.array([0])


def test_apply_component_then_discard():
    for then_discard in (False, True):
        eng = make_engine(["flame", "zephyr"], policy=ScriptedPolicy({"target": adv_target(0)}))
        summon_duke(eng)
        flame = put_on_board(eng, 0, "flame", CHANNELED, mana(fire=1))
        step = {"op": "apply_component", "word": "Flame", "then_discard": then_discard}
        run_steps(eng, [step], G, 0, lid(eng, "zephyr"), None)
        assert int(eng.state.adv_hp[0, 0]) == 19  # the Flame's 1 damage
        if then_discard:
            assert board_of(eng, 0) == {} and discard_of(eng, 0) == {"flame": 1}
            assert eng.state.ether[0].sum() == 1  # its Mana released
        else:
            assert board_of(eng, 0) == {flame: ("flame", CHANNELED)}
