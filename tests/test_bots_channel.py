"""The base policy values a channel by what it unlocks in hand (bots/base.py channel_enables)."""

from __future__ import annotations

from engine_fixtures import G0, P0, make_engine, mana, put_adversary, put_on_board, set_hand

from simulator.engine.host.api import action_space, main_action_choice
from simulator.engine.rules.layout import PREPARED


def _planner_action(eng) -> int:
    return int(main_action_choice(eng, G0, P0)[0])


def test_a_flame_is_channeled_when_it_lets_the_hand_follow_up():
    # Draconic flame prepared, three Flame projectiles in hand that each need a Flame, and
    # the Mana for two of them: channel it (6 damage follows) rather than fire it (2).
    eng = make_engine(["draconic_flame", "flame_projectile"], policy="planner")
    put_adversary(eng, "duke")
    slot = put_on_board(eng, "draconic_flame", PREPARED, locked=mana(fire=2))
    set_hand(eng, {"flame_projectile": 3})
    eng.state.reserve[0, 0] = mana(fire=2, air=2)
    assert _planner_action(eng) == action_space(eng).channel + slot


def test_without_the_mana_for_the_follow_up_the_flame_is_fired():
    eng = make_engine(["draconic_flame", "flame_projectile"], policy="planner")
    put_adversary(eng, "duke")
    slot = put_on_board(eng, "draconic_flame", PREPARED, locked=mana(fire=2))
    set_hand(eng, {"flame_projectile": 3})
    eng.state.reserve[0, 0] = mana(fire=1)  # a Flame projectile also needs 1 air
    assert _planner_action(eng) == action_space(eng).activate + slot
