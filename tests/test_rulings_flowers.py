"""The Flowers extension's official rulings that no card test checked yet (docs/rulings.md
lists every ruling and the test that checks it): one small hand-built position each
(tests/card_positions.py), the real engine action, the exact state after."""

from __future__ import annotations

import numpy as np
from card_positions import make_engine, put_on_board, slot_target, summon_duke
from engine_fixtures import G0, P0
from ruling_positions import adversary_hits, printed_hp

from simulator.engine.host import api
from simulator.engine.rules.layout import PERMANENT, RITUAL


def test_bramble_flowers_answers_a_0_damage_hit():
    """The Duke's side deals 0 to the Animated tree: it took damage, so 1 to the opponent."""
    eng = make_engine(["bramble_flowers", "animated_tree"])
    summon_duke(eng)
    put_on_board(eng, 0, "bramble_flowers", PERMANENT)
    tree = put_on_board(eng, 0, "animated_tree", PERMANENT)
    adversary_hits(eng, slot_target(eng, 0, tree), 0)
    assert int(eng.state.adv_hp[0, 0]) == 19
    assert int(eng.state.board_hp[0, 0, tree]) == printed_hp(eng, "animated_tree")


def test_bramble_flowers_ignores_hp_lost_to_ritual_of_seasons():
    eng = make_engine(["bramble_flowers", "ritual_of_seasons", "animated_tree"])
    summon_duke(eng)
    put_on_board(eng, 0, "bramble_flowers", PERMANENT)
    ritual = put_on_board(eng, 0, "ritual_of_seasons", RITUAL)
    tree = put_on_board(eng, 0, "animated_tree", PERMANENT)
    eng.policy.forced["ability_target"] = tree
    api.use_ability(eng, G0, P0, np.array([ritual]))
    assert int(eng.state.board_hp[0, 0, tree]) == printed_hp(eng, "animated_tree") - 1
    assert int(eng.state.adv_hp[0, 0]) == 20
