"""The base policy values a channel by what it unlocks in hand (bots/base.py channel_enables)."""

from __future__ import annotations

import dataclasses

import pytest
from engine_fixtures import G0, P0, make_engine, mana, put_adversary, put_on_board, set_hand

from simulator import bots
from simulator.bots import knobs
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


@pytest.mark.parametrize(("tuned", "channeled"), [(False, False), (True, True)])
def test_without_the_mana_for_the_follow_up_the_flame_is_fired_by_the_hand_set_weights(
        tuned, channeled):
    # With the hand-set weights 2 damage now (4 a point, less the 1 an activation must beat:
    # 7) beat the Flame the projectiles need (6). The tuned planner weighs a damage 3 (5
    # against 6) and keeps the Flame for next turn's projectiles: what the look-ahead's
    # rollouts chose over the planner's activation (docs/bots.md, "Where it and the planner
    # disagree": activating instead of channelling), and fire-flames gained with the tuned
    # knobs (docs/bots.md, "The planner's fourth round").
    bot = bots.get("planner")
    if not tuned:
        bot = dataclasses.replace(bot, knobs=tuple(knobs.DEFAULTS))
    eng = make_engine(["draconic_flame", "flame_projectile"], policy=bot)
    put_adversary(eng, "duke")
    slot = put_on_board(eng, "draconic_flame", PREPARED, locked=mana(fire=2))
    set_hand(eng, {"flame_projectile": 3})
    eng.state.reserve[0, 0] = mana(fire=1)  # a Flame projectile also needs 1 air
    sp = action_space(eng)
    assert _planner_action(eng) == (sp.channel if channeled else sp.activate) + slot
