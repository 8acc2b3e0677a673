"""The triggers "when this card is discarded from hand" (vocabulary ``discarded_from_hand``;
engine/rules/zones.py ``discarded_from_hand``) and "when it is discarded from play"
(``discarded_from_play``, board.leave_board): whatever discards the card, its steps apply as a
triggered action once it is in the discard pile, controlled by its owner.

Zephyr (2 damage to any target, then draw 1) stands for such a card: the tests point its
trigger at its activate steps in the batch's table.
"""

from __future__ import annotations

import numpy as np
from card_positions import (
    ScriptedPolicy,
    adv_target,
    discard_of,
    give_hand,
    hand_of,
    lid,
    make_engine,
    put_on_board,
    set_deck,
    summon_duke,
)

from simulator.engine.host import api
from simulator.engine.rules import layout as L

G = np.array([0])
P0 = np.array([0])


def _discard_trigger_engine(policy):
    eng = make_engine(["zephyr", "seed"], policy=policy)
    t = eng.table_record
    z = lid(eng, "zephyr")
    t["trig_first"][0, z, L.T_DISCARDED_FROM_HAND] = t["trig_first"][0, z, L.T_ACTIVATE]
    t["trig_count"][0, z, L.T_DISCARDED_FROM_HAND] = t["trig_count"][0, z, L.T_ACTIVATE]
    t["any_discard_trigger"] = 1
    set_deck(eng, 0, ["seed", "seed"])
    summon_duke(eng)
    return eng


def test_a_card_discarded_at_the_hand_limit_applies_its_effects():
    policy = ScriptedPolicy({"discard_from_hand": lambda eng, games, *a, **k: [lid(eng, "zephyr")],
                             "target": adv_target(0)})
    eng = _discard_trigger_engine(policy)
    give_hand(eng, 0, "zephyr")
    give_hand(eng, 0, "seed", 7)
    api.end_player_turn(eng, G, P0)
    assert discard_of(eng, 0) == {"zephyr": 1}
    assert int(eng.state.adv_hp[0, 0]) == 18  # its 2 damage, its target chosen as it resolves
    assert hand_of(eng, 0) == {"seed": 8}  # 7 kept, and the card it draws


def test_other_discards_from_hand_apply_nothing():
    """A card without the trigger discarded from hand does nothing more."""
    policy = ScriptedPolicy({"target": adv_target(0)})
    eng = _discard_trigger_engine(policy)
    give_hand(eng, 0, "seed", 8)
    api.end_player_turn(eng, G, P0)
    assert discard_of(eng, 0) == {"seed": 1}
    assert int(eng.state.adv_hp[0, 0]) == 20


def test_discarded_from_play_only_when_it_goes_to_the_discard_pile():
    """``discarded_from_play`` (Flame spark): leaving the board for the discard pile applies
    the steps; a return to the deck does not (``leave`` would)."""
    for dest, hp in ((L.TO_DISCARD, 18), (L.TO_DECK_TOP, 20)):
        eng = make_engine(["zephyr", "seed"], policy=ScriptedPolicy({"target": adv_target(0)}))
        t = eng.table_record
        z = lid(eng, "zephyr")
        t["trig_first"][0, z, L.T_DISCARDED_FROM_PLAY] = t["trig_first"][0, z, L.T_ACTIVATE]
        t["trig_count"][0, z, L.T_DISCARDED_FROM_PLAY] = t["trig_count"][0, z, L.T_ACTIVATE]
        set_deck(eng, 0, ["seed"])
        summon_duke(eng)
        slot = put_on_board(eng, 0, "zephyr", L.CHANNELED)
        api.leave_board(eng, G, P0, np.array([slot]), dest)
        eng.command("resolve", 0)  # the triggered actions it raised
        assert int(eng.state.adv_hp[0, 0]) == hp
