"""Simultaneous effects resolve in the order the deciding side chooses (engine/ordering.py).

The forests ruling (Hostile forest's note): with Enchanted forest also in play, the player
may order the start-of-turn effects so the Hostile forest gains 2 HP before it deals damage
equal to its HP. The Adversary's cards in play resolve in the players' order too.
"""

from __future__ import annotations

import numpy as np
import pytest
from card_positions import (
    ScriptedPolicy,
    adv_target,
    make_engine,
    put_on_board,
    start_turn,
    summon_adversary_card,
    summon_duke,
)

from simulator.engine.host.api import adversary_turn
from simulator.engine.rules.layout import PERMANENT

DUKE = adv_target(0)


@pytest.mark.parametrize("heal_first", [True, False])
def test_player_orders_start_of_turn_effects(heal_first):
    enchanted_slot, hostile_slot = 0, 1
    first = enchanted_slot if heal_first else hostile_slot
    policy = ScriptedPolicy({"target": DUKE, "effect_order": [first]})
    eng = make_engine(["hostile_forest", "enchanted_forest"], policy=policy)
    summon_duke(eng)
    assert put_on_board(eng, 0, "enchanted_forest", PERMANENT) == enchanted_slot
    assert put_on_board(eng, 0, "hostile_forest", PERMANENT, hp=7) == hostile_slot
    start_turn(eng, 0)
    duke_hp = int(eng.state.adv_hp[0, 0])
    assert duke_hp == (20 - 9 if heal_first else 20 - 7)
    assert int(eng.state.board_hp[0, 0, hostile_slot]) == 9  # healed either way
    asked = policy.options_of("effect_order")
    assert len(asked) == 1  # one choice among two; the last effect needs no question
    assert asked[0].tolist() == [True, True] + [False] * (eng.state.board_card.shape[2] - 2)


def test_adversary_cards_resolve_in_the_players_order():
    # The Duke (slot 0) strikes the player with the most HP; the Ducal guard (slot 1) hits
    # the active player for 1. Both are asked about; the players pick the guard first.
    policy = ScriptedPolicy({"effect_order": [1]})
    eng = make_engine(["flame"], players=1, policy=policy)
    summon_duke(eng)
    summon_adversary_card(eng, "adv:ducal_guard", slot=1)
    eng.state.adv_deck_len[0] = 0  # nothing to draw: only the cards in play act
    adversary_turn(eng, np.array([0]))
    asked = policy.options_of("effect_order")
    assert len(asked) == 1 and asked[0][:2].tolist() == [True, True]
    assert int(eng.state.hp[0, 0]) == 20 - 1 - 4
    # Both added their Mana value (1 + 4) to the Ether.
    assert int(eng.state.ether[0].sum()) == 5


def test_a_single_pending_effect_asks_nothing():
    policy = ScriptedPolicy({"target": DUKE})
    eng = make_engine(["hostile_forest"], policy=policy)
    summon_duke(eng)
    put_on_board(eng, 0, "hostile_forest", PERMANENT, hp=4)
    start_turn(eng, 0)
    assert "effect_order" not in policy.kinds
    assert int(eng.state.adv_hp[0, 0]) == 16
