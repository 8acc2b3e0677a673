"""The Sand cards with an activated ability (Crumbling rock, Underground mine): one hand-built
position per card (tests/card_positions.py), played through the real engine actions,
asserting the exact state after. (The other Sand cards: tests/test_cards_sand.py.)"""

from __future__ import annotations

import numpy as np
import pytest
from card_positions import (
    ScriptedPolicy,
    activate,
    adv_target,
    board_of,
    can_prepare,
    deck_list,
    discard_of,
    ether_of,
    give_hand,
    hand_of,
    lid,
    make_engine,
    mana,
    put_on_board,
    reserve_of,
    set_deck,
    set_reserve,
    summon_duke,
)
from engine_fixtures import G0, P0, component_instances

from simulator.engine.host import api
from simulator.engine.rules.layout import CHANNELED, PERMANENT, PREPARED, WORD

DUKE = adv_target(0)


def _offered_abilities(eng, player: int = 0) -> list[int]:
    sp = api.action_space(eng)
    legal = api.legal_actions(eng, G0, np.array([player]))[0, sp.ability:sp.prepare]
    return np.flatnonzero(legal).tolist()


def _use_ability(eng, slot: int, player: int = 0) -> None:
    assert slot in _offered_abilities(eng, player)
    api.apply_actions(eng, G0, np.array([player]), np.array([api.action_space(eng).ability + slot]))


def _sand(eng) -> int:
    return int(component_instances(eng, G0, P0)[0, WORD["Sand"]])


def test_crumbling_rock_pays_1_mineral_to_be_sand_until_the_turn_ends_and_deals_1():
    eng = make_engine(["crumbling_rock", "desert_hand"], policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    rock = put_on_board(eng, 0, "crumbling_rock", CHANNELED, mana(mineral=1))
    give_hand(eng, 0, "desert_hand")
    assert _offered_abilities(eng) == []  # no Mineral in the reserve
    set_reserve(eng, 0, mineral=3)
    assert _sand(eng) == 0 and not can_prepare(eng, 0, "desert_hand")
    _use_ability(eng, rock)
    assert reserve_of(eng, 0) == mana(mineral=2)
    assert sum(map(sum, ether_of(eng))) == 1  # the Mineral paid went to the Available Ether
    assert board_of(eng, 0)[rock] == ("crumbling_rock", CHANNELED)  # channeled, not discarded
    assert eng.state.board_mana[0, 0, rock].tolist() == mana(mineral=1)
    assert _sand(eng) == 1 and can_prepare(eng, 0, "desert_hand")
    assert component_instances(eng, G0, P0)[0, WORD["Rock"]] == 1  # still a Rock
    _use_ability(eng, rock)  # repeatable: still one Sand
    assert _sand(eng) == 1 and reserve_of(eng, 0) == mana(mineral=1)
    api.turn_boundary(eng, G0)
    assert _sand(eng) == 0  # the word lasted until the end of the turn
    # activated: 1 damage to any target, its Mana released, the card discarded
    slot = put_on_board(eng, 0, "crumbling_rock", PREPARED, mana(mineral=1))
    activate(eng, 0, slot)
    assert int(eng.state.adv_hp[0, 0]) == 19
    assert discard_of(eng, 0) == {"crumbling_rock": 1}
    assert sum(map(sum, ether_of(eng))) == 3


def test_underground_mine_pays_1_mineral_to_take_a_top_rock_or_bottom_the_card():
    eng = make_engine(["underground_mine", "rock", "crumbling_rock", "zephyr"])
    mine = put_on_board(eng, 0, "underground_mine", PERMANENT, mana(mineral=2))
    set_deck(eng, 0, ["zephyr", "rock", "zephyr", "crumbling_rock"])  # Crumbling rock on top
    assert _offered_abilities(eng) == []  # no Mineral in the reserve
    set_reserve(eng, 0, mineral=3)
    _use_ability(eng, mine)
    assert reserve_of(eng, 0) == mana(mineral=2)
    assert hand_of(eng, 0) == {"crumbling_rock": 1}  # a Rock: shown and taken
    assert deck_list(eng, 0) == ["zephyr", "rock", "zephyr"]
    _use_ability(eng, mine)  # a Zephyr on top: it goes to the bottom
    assert hand_of(eng, 0) == {"crumbling_rock": 1}
    assert deck_list(eng, 0) == ["zephyr", "zephyr", "rock"]
    asked = eng.policy.of_kind("dig_take")  # asked once, for the Rock only
    assert len(asked) == 1
    assert np.flatnonzero(asked[0].options[0]).tolist() == [lid(eng, "crumbling_rock"),
                                                            eng.info.size]
    eng.policy.forced["dig_take"] = eng.info.size  # keep the Rock out of the hand: bottom
    _use_ability(eng, mine)
    assert hand_of(eng, 0) == {"crumbling_rock": 1}
    assert deck_list(eng, 0) == ["rock", "zephyr", "zephyr"]
    assert reserve_of(eng, 0) == mana()
    assert _offered_abilities(eng) == []
    assert board_of(eng, 0) == {mine: ("underground_mine", PERMANENT)}
    assert sum(map(sum, ether_of(eng))) == 3


@pytest.mark.parametrize("bot", ["greedy", "planner"])
@pytest.mark.parametrize(("deck", "digs"), [
    (["zephyr", "rock", "crumbling_rock", "rock"], True),   # 3 Rocks in 4: worth a Mineral
    (["zephyr", "zephyr", "zephyr", "zephyr", "rock"], False),  # 1 in 5: not
])
def test_underground_mine_bots_dig_when_the_deck_holds_enough_rocks(bot, deck, digs):
    eng = make_engine(["underground_mine", "rock", "crumbling_rock", "zephyr"], policy=bot)
    summon_duke(eng)
    eng.state.turn[:] = 3
    mine = put_on_board(eng, 0, "underground_mine", PERMANENT, mana(mineral=2))
    set_deck(eng, 0, deck)
    set_reserve(eng, 0, mineral=1)
    choice = int(api.main_action_choice(eng, G0, P0)[0])
    # the planner pays with Mineral its (empty) hand does not need whatever the odds
    # (issue 38: the mine unused in 51 preparations with Mineral to spare); greedy weighs it
    expected = digs or bot == "planner"
    assert (choice == api.action_space(eng).ability + mine) == expected, choice
