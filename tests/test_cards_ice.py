"""One test per simulated card of the Ice extension (and Static boots, an Electric card that
rests on the draw trigger), on small hand-built positions (tests/card_positions.py: empty
state, 20 HP, empty Ether). Each plays the card through the real engine action and asserts
the exact state after, per the card's text and rulings (shared cards.json).

Released Mana goes to the Available Ether by the placement rule, one at a time in
``ELEMENTS`` order, starting with the smaller pile (pile 0 on a tie: the base policy)."""

from __future__ import annotations

import numpy as np
import pytest
from card_positions import (
    ScriptedPolicy,
    activate,
    adv_target,
    board_of,
    can_prepare,
    discard_of,
    effective_cost,
    ether_of,
    give_hand,
    hand_of,
    lid,
    make_engine,
    mana,
    prepare,
    put_on_board,
    reserve_of,
    set_deck,
    set_reserve,
    start_turn,
    summon_adversary_card,
    summon_duke,
)
from engine_fixtures import G0, P0, set_adversary_deck, transcript_of

from simulator.engine.host import api
from simulator.engine.rules.layout import (
    CHANNELED,
    EQUIPMENT,
    K_SLOTS,
    PERMANENT,
    PREPARED,
    RITUAL,
    WORD,
)

DUKE = adv_target(0)


def _duke_hp(eng) -> int:
    return int(eng.state.adv_hp[0, 0])


def _locked(eng, player: int, slot: int) -> list[int]:
    return eng.state.board_mana[0, player, slot].tolist()


def _can_activate(eng, slot: int) -> bool:
    space = api.action_space(eng)
    return bool(api.legal_actions(eng, G0, P0)[0, space.activate + slot])


def _mage_noir(eng) -> int:
    """Make player 0 a Mage Noir: a Rite of passage in play."""
    return put_on_board(eng, 0, "rite_of_passage", RITUAL)


def test_ice_shard_is_slowcast_then_deals_2_to_any_target():
    eng = make_engine(["ice_shard"], policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    give_hand(eng, 0, "ice_shard")
    set_reserve(eng, 0, water=1)
    slot = prepare(eng, 0, "ice_shard")
    assert _locked(eng, 0, slot) == mana(water=1)
    assert not _can_activate(eng, slot)  # Slowcast: not on the turn it was prepared
    eng.state.turn[:] += 1
    assert _can_activate(eng, slot)
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 18
    assert discard_of(eng, 0) == {"ice_shard": 1}
    assert ether_of(eng) == [mana(water=1), mana()]


def test_crystal_meteor_adds_1_per_ice_component_in_one_instance():
    eng = make_engine(["crystal_meteor", "ice_shard", "snowflake", "ice_wall"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    put_on_board(eng, 0, "ice_shard", CHANNELED, mana(water=1))
    put_on_board(eng, 0, "snowflake", CHANNELED, mana(water=1))
    put_on_board(eng, 0, "ice_wall", PERMANENT, mana(water=2, mineral=2))
    give_hand(eng, 0, "crystal_meteor")
    set_reserve(eng, 0, water=3, mineral=1)
    slot = prepare(eng, 0, "crystal_meteor")
    lines = transcript_of(eng, lambda: activate(eng, 0, slot))
    assert _duke_hp(eng) == 20 - (2 + 3)
    assert sum("5 damage to" in line for line in lines) == 1  # one instance
    assert discard_of(eng, 0) == {"crystal_meteor": 1}


def test_glacial_age_mage_noir_only_no_time_needed_and_water_damage_plus_1():
    eng = make_engine(["glacial_age", "ice_shard", "snowflake", "rite_of_passage", "zephyr"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    give_hand(eng, 0, "glacial_age")
    set_reserve(eng, 0, water=2, mineral=1, arcane=1)
    put_on_board(eng, 0, "ice_shard", CHANNELED, mana(water=1))
    put_on_board(eng, 0, "snowflake", CHANNELED, mana(water=1))
    assert not can_prepare(eng, 0, "glacial_age")  # not a Mage Noir
    _mage_noir(eng)
    assert can_prepare(eng, 0, "glacial_age")  # two Ice, no Time component
    slot = prepare(eng, 0, "glacial_age")
    assert board_of(eng, 0)[slot] == ("glacial_age", PERMANENT)
    shard = put_on_board(eng, 0, "ice_shard", PREPARED, mana(water=1))
    eng.state.board_turn[0, 0, shard] = 0
    activate(eng, 0, shard)
    assert _duke_hp(eng) == 20 - 3  # a Water spell: 2 + 1
    zephyr = put_on_board(eng, 0, "zephyr", PREPARED, mana(air=2))
    set_deck(eng, 0, ["zephyr"])
    activate(eng, 0, zephyr)
    assert _duke_hp(eng) == 17 - 2  # an Air spell: no bonus


def test_brinicle_hits_per_water_in_the_opponents_reserve_none_for_the_adversary():
    eng = make_engine(["brinicle", "zephyr"])
    duke = summon_duke(eng)
    put_on_board(eng, 0, "brinicle", PERMANENT)
    set_reserve(eng, 0, water=3)
    lines = transcript_of(eng, lambda: api.adversary_turn(eng, G0))
    assert "  Brinicle: the opponent's turn ends" in lines
    # the Adversary has no Mana reserve: 0 damage, nothing inflicted; the player's own
    # reserve is not the opponent's
    assert eng.state.adv_hp[0, duke] == 20
    assert eng.state.hp[0, 0] == 16  # the Duke's own blow


def test_ice_breath_targets_any_player_the_bots_name_the_adversary():
    """Its target may be any player, its controller and a teammate included; the bots name
    the Adversary, which prepares nothing, so no cost rises."""
    eng = make_engine(["ice_breath", "zephyr"], players=2)
    summon_duke(eng)
    give_hand(eng, 0, "ice_breath")
    set_reserve(eng, 0, water=1, air=1)
    slot = prepare(eng, 0, "ice_breath")
    before = effective_cost(eng, 0, "zephyr")
    lines = transcript_of(eng, lambda: activate(eng, 0, slot))
    (asked,) = eng.policy.options_of("target")
    assert np.flatnonzero(asked).tolist() == [DUKE, K_SLOTS, K_SLOTS + 1]
    assert effective_cost(eng, 0, "zephyr") == before  # the Adversary prepares nothing
    assert effective_cost(eng, 1, "zephyr") == before
    assert eng.state.any_surcharge[0] == 0
    assert not any("more water" in line for line in lines)
    assert "  the Adversary prepares no card that could cost more: nothing happens" in lines
    assert discard_of(eng, 0) == {"ice_breath": 1}
    put_on_board(eng, 0, "ice_breath", CHANNELED, mana(water=1, air=1))
    assert api.component_instances(eng, G0, P0, WORD["Ice"])[0] == 1
    assert api.component_instances(eng, G0, P0, WORD["Breath"])[0] == 1


def test_ice_breath_on_its_own_controller_raises_their_costs_until_their_next_turn():
    """Its ruling: a player may name themselves. Their cards cost 1 Water more until their
    next turn begins."""
    eng = make_engine(["ice_breath", "zephyr", "seed"], policy=ScriptedPolicy({"target": K_SLOTS}))
    summon_duke(eng)
    set_deck(eng, 0, ["seed", "seed"])
    printed = effective_cost(eng, 0, "zephyr")
    slot = put_on_board(eng, 0, "ice_breath", PREPARED, mana(water=1, air=1))
    lines = transcript_of(eng, lambda: activate(eng, 0, slot))
    assert "  player 1's cards cost 1 more water until player 1's next turn" in lines
    assert effective_cost(eng, 0, "zephyr") == [n + (1 if e == 1 else 0)
                                                for e, n in enumerate(printed)]
    api.begin_player_turn(eng, G0, P0)
    assert effective_cost(eng, 0, "zephyr") == printed


@pytest.mark.parametrize("bot", ["greedy", "planner"])
def test_ice_breath_the_bots_never_name_their_own_side_nor_activate_it_alone(bot):
    """With the Adversary in play the bots name it (a surcharge on their side is harm); before
    it arrives the players are the only targets, and the bots leave the card prepared."""
    eng = make_engine(["ice_breath", "zephyr"], players=2, policy=bot)
    slot = put_on_board(eng, 0, "ice_breath", PREPARED, mana(water=1, air=1))
    eng.state.turn[:] = 3
    api.main_phase(eng, G0, P0)
    assert board_of(eng, 0).get(slot) == ("ice_breath", PREPARED)
    summon_duke(eng)
    activate(eng, 0, slot)
    assert eng.state.any_surcharge[0] == 0
    assert discard_of(eng, 0) == {"ice_breath": 1}


def test_piercing_winter_hits_each_adversary_draw_releases_water_and_leaves_when_empty():
    eng = make_engine(["piercing_winter", "zephyr"])
    duke = summon_duke(eng)
    slot = put_on_board(eng, 0, "piercing_winter", EQUIPMENT, mana(water=2))
    set_adversary_deck(eng, ["adv:ducal_guard"])
    lines = transcript_of(eng, lambda: api.adversary_turn(eng, G0))
    assert "  Piercing winter: the opponent draws" in lines
    assert eng.state.adv_hp[0, duke] == 19
    set_deck(eng, 0, ["zephyr"])
    api.draw(eng, G0, P0, np.array([1]))  # its controller's own draw: nothing
    assert eng.state.adv_hp[0, duke] == 19
    before = sum(map(sum, ether_of(eng)))
    start_turn(eng, 0)
    assert _locked(eng, 0, slot) == mana(water=1)
    start_turn(eng, 0)  # the last Water Mana leaves: it is discarded
    assert slot not in board_of(eng, 0)
    assert discard_of(eng, 0) == {"piercing_winter": 1}
    assert sum(map(sum, ether_of(eng))) == before + 2


def test_piercing_winter_nothing_before_the_adversary_is_in_play():
    eng = make_engine(["piercing_winter"])
    put_on_board(eng, 0, "piercing_winter", EQUIPMENT, mana(water=3))
    set_adversary_deck(eng, ["adv:duke"])
    api.adversary_turn(eng, G0)
    assert int(eng.state.adv_hp[0, 0]) == 20  # the Duke arrived after the draw
    set_adversary_deck(eng, ["adv:ducal_guard"])
    api.adversary_turn(eng, G0)  # the Duke in play now: its next draw is hit
    assert int(eng.state.adv_hp[0, 0]) == 19


def test_snowflake_moves_1_water_under_another_own_card():
    eng = make_engine(["snowflake", "ice_wall"], policy=ScriptedPolicy())
    wall = put_on_board(eng, 0, "ice_wall", PERMANENT, mana(water=2, mineral=2))
    give_hand(eng, 0, "snowflake")
    set_reserve(eng, 0, water=1)
    slot = prepare(eng, 0, "snowflake")
    activate(eng, 0, slot)
    assert _locked(eng, 0, wall) == mana(water=3, mineral=2)
    assert discard_of(eng, 0) == {"snowflake": 1}
    assert ether_of(eng) == [mana(), mana()]


def test_biting_wave_deals_2_and_a_mage_noir_moves_its_water():
    for mn in (False, True):
        policy = ScriptedPolicy({"target": DUKE, "move_locked_mana": 1})  # slot 1: the wall
        eng = make_engine(["biting_wave", "ice_shard", "ice_wall", "rite_of_passage"],
                          policy=policy)
        summon_duke(eng)
        put_on_board(eng, 0, "ice_shard", CHANNELED, mana(water=1))
        wall = put_on_board(eng, 0, "ice_wall", PERMANENT, mana(water=2, mineral=2))
        assert wall == 1
        if mn:
            _mage_noir(eng)
        give_hand(eng, 0, "biting_wave")
        set_reserve(eng, 0, water=2, air=1)
        slot = prepare(eng, 0, "biting_wave")
        activate(eng, 0, slot)
        assert _duke_hp(eng) == 18
        assert discard_of(eng, 0) == {"biting_wave": 1}
        if mn:
            options = policy.options_of("move_locked_mana")[0]
            assert np.flatnonzero(options).tolist() == [0, 1, 2]  # shard, wall, the Rite
            assert _locked(eng, 0, wall) == mana(water=4, mineral=2)
            assert ether_of(eng) == [mana(air=1), mana()]
        else:
            assert _locked(eng, 0, wall) == mana(water=2, mineral=2)
            assert sorted(map(sum, ether_of(eng))) == [1, 2]


def test_biting_arrow_slowcast_1_damage_and_pays_1_water_to_return_to_hand():
    for pays in (0, 1):
        eng = make_engine(["biting_arrow"],
                          policy=ScriptedPolicy({"target": DUKE, "optional_payment": pays}))
        summon_duke(eng)
        give_hand(eng, 0, "biting_arrow")
        set_reserve(eng, 0, water=2)
        slot = prepare(eng, 0, "biting_arrow")
        assert not _can_activate(eng, slot)
        eng.state.turn[:] += 1
        activate(eng, 0, slot)
        assert _duke_hp(eng) == 19
        if pays:
            assert hand_of(eng, 0) == {"biting_arrow": 1} and discard_of(eng, 0) == {}
            assert reserve_of(eng, 0) == mana()
        else:
            assert hand_of(eng, 0) == {} and discard_of(eng, 0) == {"biting_arrow": 1}
            assert reserve_of(eng, 0) == mana(water=1)


def test_ice_wall_protector_while_it_locks_water_and_releases_1_each_turn():
    eng = make_engine(["ice_wall"], policy=ScriptedPolicy({"protector_redirect": 1}))
    summon_duke(eng)
    wall = put_on_board(eng, 0, "ice_wall", PERMANENT, mana(water=2, mineral=2))
    start_turn(eng, 0)
    assert _locked(eng, 0, wall) == mana(water=1, mineral=2)
    api.deal_damage(eng, G0, np.array([-1]), np.array([lid(eng, "adv:duke")]),
                    np.array([12 + 0]), np.array([2]))
    assert eng.state.hp[0, 0] == 20 and eng.state.board_hp[0, 0, wall] == 2  # redirected
    start_turn(eng, 0)
    assert _locked(eng, 0, wall) == mana(mineral=2)
    api.deal_damage(eng, G0, np.array([-1]), np.array([lid(eng, "adv:duke")]),
                    np.array([12 + 0]), np.array([2]))
    assert eng.state.hp[0, 0] == 18  # no Water left: no Protector


def test_static_boots_3_damage_on_the_second_draw_of_each_turn():
    eng = make_engine(["static_boots", "zephyr"])
    duke = summon_duke(eng)
    put_on_board(eng, 0, "static_boots", EQUIPMENT, mana(air=2, mineral=1))
    set_deck(eng, 0, ["zephyr"] * 6)
    api.draw(eng, G0, P0, np.array([1]))
    assert eng.state.adv_hp[0, duke] == 20
    lines = transcript_of(eng, lambda: api.draw(eng, G0, P0, np.array([2])))
    assert eng.state.adv_hp[0, duke] == 17  # the second draw only, not the third
    assert lines.count("  Static boots: its controller draws") == 1
    set_adversary_deck(eng, ["adv:ducal_guard"])
    api.adversary_turn(eng, G0)  # a new turn (the Adversary's): the count starts again
    api.draw(eng, G0, P0, np.array([2]))
    assert eng.state.adv_hp[0, duke] == 14


def test_icy_infiltration_water_damage_1_less_and_unpreventable_this_turn():
    eng = make_engine(["icy_infiltration", "ice_shard", "zephyr"],
                      policy=ScriptedPolicy({"target": DUKE}))
    duke = summon_duke(eng)
    icy = put_on_board(eng, 0, "icy_infiltration", PREPARED, mana(water=3))
    eng.state.board_turn[0, 0, icy] = 0  # prepared on an earlier turn (Slowcast)
    assert _can_activate(eng, icy)
    lines = transcript_of(eng, lambda: activate(eng, 0, icy))
    assert any(line.startswith("  Icy infiltration: this turn player 1") for line in lines)
    shard = put_on_board(eng, 0, "ice_shard", PREPARED, mana(water=1))
    activate(eng, 0, shard)
    assert eng.state.adv_hp[0, duke] == 20 - 1  # a Water spell: 2 - 1
    zephyr = put_on_board(eng, 0, "zephyr", PREPARED, mana(air=2))
    set_deck(eng, 0, ["zephyr"])
    activate(eng, 0, zephyr)
    assert eng.state.adv_hp[0, duke] == 19 - 2  # an Air spell: unchanged
    # a Water card's 3 damage on its own controller: 2
    api.deal_damage(eng, G0, P0, np.array([lid(eng, "ice_shard")]), np.array([12]),
                    np.array([3]))
    assert eng.state.hp[0, 0] == 18
    api.turn_boundary(eng, G0)  # the turn is over
    api.deal_damage(eng, G0, P0, np.array([lid(eng, "ice_shard")]), np.array([DUKE]),
                    np.array([2]))
    assert eng.state.adv_hp[0, duke] == 15


def test_winter_spears_releases_2_water_then_3_damage_or_5_while_it_still_locks_water():
    cards = ["winter_spears", "ice_shard", "snowflake", "rite_of_passage"]
    # Slowcast; its 2 Water released first, then 3 damage
    eng = make_engine(cards, policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    for _ in range(2):
        put_on_board(eng, 0, "ice_shard", CHANNELED, mana(water=1))
    give_hand(eng, 0, "winter_spears")
    set_reserve(eng, 0, water=2, air=1)
    slot = prepare(eng, 0, "winter_spears")
    assert _locked(eng, 0, slot) == mana(water=2, air=1)
    assert not _can_activate(eng, slot)
    eng.state.turn[:] += 1
    lines = transcript_of(eng, lambda: activate(eng, 0, slot))
    assert _duke_hp(eng) == 17
    assert sum("3 damage to" in line for line in lines) == 1
    assert discard_of(eng, 0) == {"winter_spears": 1}
    assert ether_of(eng) == [mana(water=1, air=1), mana(water=1)]
    # a Snowflake moves 1 Water under it: Water is still locked after the release, 5 damage
    eng = make_engine(cards, policy=ScriptedPolicy({"target": DUKE, "move_locked_mana": 2}))
    summon_duke(eng)
    for _ in range(2):
        put_on_board(eng, 0, "ice_shard", CHANNELED, mana(water=1))
    spears = put_on_board(eng, 0, "winter_spears", PREPARED, mana(water=2, air=1))
    assert spears == 2
    eng.state.board_turn[0, 0, spears] = 0  # prepared on an earlier turn
    flake = put_on_board(eng, 0, "snowflake", PREPARED, mana(water=1))
    activate(eng, 0, flake)
    assert _locked(eng, 0, spears) == mana(water=3, air=1)
    lines = transcript_of(eng, lambda: activate(eng, 0, spears))
    assert _duke_hp(eng) == 15
    assert sum("5 damage to" in line for line in lines) == 1
    assert sorted(map(sum, ether_of(eng))) == [2, 2]  # 2 Water released, then 1 Water, 1 Air
    # a Mage Noir's Winter spears never has Slowcast, not even under Ritual of absolute zero
    # (which makes its controller a Mage Noir and gives every spell Slowcast)
    eng = make_engine([*cards, "ritual_of_absolute_zero"], policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    for _ in range(2):
        put_on_board(eng, 0, "ice_shard", CHANNELED, mana(water=1))
    put_on_board(eng, 0, "ritual_of_absolute_zero", RITUAL, mana(water=2, arcane=2))
    give_hand(eng, 0, "winter_spears")
    set_reserve(eng, 0, water=2, air=1)
    slot = prepare(eng, 0, "winter_spears")
    assert _can_activate(eng, slot)
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 17


def test_yuki_onnas_robe_the_opponent_pays_1_mana_per_draw_the_adversary_nothing():
    eng = make_engine(["yuki_onnas_robe", "zephyr"])
    duke = summon_duke(eng)
    robe = put_on_board(eng, 0, "yuki_onnas_robe", EQUIPMENT)
    set_reserve(eng, 0, water=2)
    set_adversary_deck(eng, ["adv:ducal_guard"])
    lines = transcript_of(eng, lambda: api.adversary_turn(eng, G0))
    assert "  Yuki-onna's robe: the opponent draws" in lines
    # the Adversary has no reserve: it draws and pays nothing; the player's reserve is not
    # the opponent's
    assert not any("Mana paid" in line for line in lines)
    assert reserve_of(eng, 0) == mana(water=2)
    set_deck(eng, 0, ["zephyr"])
    api.draw(eng, G0, P0, np.array([1]))  # its controller's own draw: nothing
    assert reserve_of(eng, 0) == mana(water=2)
    # against an opponent with a reserve (the robe's effect run for the Adversary's side, whose
    # opponent is the player): 1 Mana of that player's choice is paid, per card drawn
    before = sum(map(sum, ether_of(eng)))
    api.run_trigger(eng, "opponent_draw", G0, -1, np.array([lid(eng, "yuki_onnas_robe")]),
                    np.array([duke]))
    assert reserve_of(eng, 0) == mana(water=1)
    assert sum(map(sum, ether_of(eng))) == before + 1
    assert board_of(eng, 0)[robe] == ("yuki_onnas_robe", EQUIPMENT)


def _own_flat(eng, player: int, slot: int) -> int:
    """A player's board slot as a flat target (the layout of destroy and Ice tree options)."""
    t = eng.table_record[0]
    return K_SLOTS + int(t["players"]) + player * int(t["slots"]) + slot


def test_ice_tree_suppresses_an_adversary_card_until_its_next_turn_then_loses_1_hp():
    eng = make_engine(["ice_tree", "zephyr"])
    summon_duke(eng)
    guard = summon_adversary_card(eng, "adv:ducal_guard")
    tree = put_on_board(eng, 0, "ice_tree", PERMANENT, mana(water=1, vegetal=2))
    lines = transcript_of(eng, lambda: start_turn(eng, 0))
    options = np.flatnonzero(eng.policy.options_of("suppress_target")[0]).tolist()
    assert options == [guard, _own_flat(eng, 0, tree)]  # not the Adversary itself
    assert "  the Adversary's Ducal guard stops applying its effects until player 1's next turn" \
        in lines
    assert eng.state.board_hp[0, 0, tree] == 2  # then it loses 1 HP
    set_adversary_deck(eng, ["adv:feast_at_court"])
    before = sum(map(sum, ether_of(eng)))
    api.adversary_turn(eng, G0)
    assert eng.state.hp[0, 0] == 16  # the Duke's 4; the Ducal guard's 1 is suppressed
    mana_values = [int(eng.tables.mana_value[lid(eng, c)])
                   for c in ("adv:duke", "adv:ducal_guard", "adv:feast_at_court")]
    assert sum(map(sum, ether_of(eng))) == before + sum(mana_values)  # its Mana value stays
    set_deck(eng, 0, ["zephyr"] * 3)
    api.begin_player_turn(eng, G0, P0)  # the suppression ends; the tree chooses again
    assert eng.state.adv_suppressed[0, guard] == 1 and eng.state.board_hp[0, 0, tree] == 1


def test_ice_tree_choosing_itself_keeps_its_hp_and_the_adversary_card_acts():
    eng = make_engine(["ice_tree", "zephyr"])
    summon_duke(eng)
    summon_adversary_card(eng, "adv:ducal_guard")
    tree = put_on_board(eng, 0, "ice_tree", PERMANENT, mana(water=1, vegetal=2))
    eng.set_policy(ScriptedPolicy({"suppress_target": _own_flat(eng, 0, tree)}))
    start_turn(eng, 0)
    assert eng.state.board_hp[0, 0, tree] == 3  # suppressed: its HP loss does not apply
    set_adversary_deck(eng, ["adv:feast_at_court"])
    api.adversary_turn(eng, G0)
    assert eng.state.hp[0, 0] == 20 - 4 - 1  # the Duke's 4 and the Ducal guard's 1
    set_deck(eng, 0, ["zephyr"] * 3)
    api.begin_player_turn(eng, G0, P0)  # its own suppression ends first: it chooses again
    assert eng.state.board_hp[0, 0, tree] == 3
    assert eng.state.suppressed[0, 0, tree] == 1
    assert api.component_instances(eng, G0, P0, WORD["Ice"])[0] == 1  # still a component
