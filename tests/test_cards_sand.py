"""The Sand extension's cards: one hand-built position per card (and its Mage Noir variant),
played through the real engine commands, asserting the exact state after."""

from __future__ import annotations

import numpy as np
import pytest
from engine_fixtures import (
    G0,
    P0,
    board_at,
    engine_with_answers,
    lid,
    make_engine,
    mana,
    pile_of,
    player_target,
    put_adversary,
    put_on_board,
    set_adversary_deck,
    set_deck,
    set_hand,
    slot_target,
)

from simulator.engine.host.api import (
    action_space,
    activate,
    adversary_turn,
    can_prepare,
    deal_damage,
    is_mage_noir,
    legal_actions,
    main_action_choice,
    prepare,
    turn_start,
)
from simulator.engine.rules.layout import (
    ADVERSARY_SIDE,
    CHANNELED,
    EQUIPMENT,
    EQUIPMENT_OFF,
    PERMANENT,
    PREPARED,
    RITUAL,
)

G01, P00 = np.array([0, 1]), np.array([0, 0])


def _ether(eng, game=0):
    return eng.state.ether[game].tolist()


def test_desert_meteor_deals_one_damage_per_sand_component_and_costs_less_for_a_mage_noir():
    eng = engine_with_answers(["desert_meteor", "fine_sand", "sirocco", "rite_of_passage"],
                              batch=2)
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "fine_sand", CHANNELED, locked=mana(mineral=1))
    put_on_board(eng, "sirocco", CHANNELED)
    put_on_board(eng, "fine_sand", CHANNELED)
    put_on_board(eng, "rite_of_passage", RITUAL, games=[1])
    set_hand(eng, {"desert_meteor": 1})
    st.reserve[:, 0] = mana(mineral=3)  # 4 Mineral without the Mage Noir reduction
    meteor = lid(eng, "desert_meteor")
    assert can_prepare(eng, G01, P00)[:, meteor].tolist() == [False, True]
    st.reserve[0, 0] = mana(mineral=4)
    prepare(eng, G01, P00, np.array([meteor, meteor]))
    assert st.reserve[:, 0].sum() == 0
    assert board_at(eng, 0)[3] == board_at(eng, 1)[4] == ("desert_meteor", PREPARED)
    eng.policy.forced["target"] = k
    activate(eng, G01, P00, np.array([3, 4]))
    assert st.adv_hp[:, k].tolist() == [17, 17]  # 3 Sand components: one instance of 3
    assert pile_of(eng, "discard", 0) == pile_of(eng, "discard", 1) == {"desert_meteor": 1}


def test_desert_wave_gathers_mineral_from_sand_components_when_prepared():
    eng = engine_with_answers(["desert_wave", "fine_sand", "sirocco"])
    st = eng.state
    k = put_adversary(eng, "duke")
    sand1 = put_on_board(eng, "fine_sand", CHANNELED, locked=mana(mineral=1))
    sand2 = put_on_board(eng, "sirocco", CHANNELED, locked=mana(mineral=2, air=1))
    set_hand(eng, {"desert_wave": 1})
    st.reserve[0, 0] = mana(air=3)
    prepare(eng, G0, P0, np.array([lid(eng, "desert_wave")]))
    wave = 2
    assert board_at(eng)[wave] == ("desert_wave", PREPARED)
    assert st.board_mana[0, 0, wave].tolist() == mana(air=3, mineral=3).tolist()
    assert st.board_mana[0, 0, sand1].sum() == 0
    assert st.board_mana[0, 0, sand2].tolist() == mana(air=1).tolist()
    eng.policy.forced["target"] = k
    activate(eng, G0, P0, np.array([wave]))
    assert st.adv_hp[0, k] == 17  # X = 3 Mineral locked under it
    assert pile_of(eng, "discard") == {"desert_wave": 1}
    # Its Air and gathered Mineral are released, but 1 Mineral of this Desert card goes back
    # under the emptied Fine sand (its cap is 1).
    assert st.board_mana[0, 0, sand1].tolist() == mana(mineral=1).tolist()
    assert st.ether[0].sum() == 5


def test_desert_wave_may_gather_nothing():
    eng = engine_with_answers(["desert_wave", "fine_sand"])
    st = eng.state
    put_on_board(eng, "fine_sand", CHANNELED, locked=mana(mineral=1))
    put_on_board(eng, "fine_sand", CHANNELED, locked=mana(mineral=1))
    set_hand(eng, {"desert_wave": 1})
    st.reserve[0, 0] = mana(air=3)
    eng.policy.forced["take_locked_mana"] = int(eng.tables.slots)  # stop at once
    prepare(eng, G0, P0, np.array([lid(eng, "desert_wave")]))
    assert st.board_mana[0, 0, 2].tolist() == mana(air=3).tolist()
    asked = eng.policy.options_of("take_locked_mana")  # offered once: both Sands, or stop
    assert len(asked) == 1 and set(np.flatnonzero(asked[0])) == {0, 1, int(eng.tables.slots)}
    assert st.board_mana[0, 0, 0].tolist() == st.board_mana[0, 0, 1].tolist() == \
        mana(mineral=1).tolist()


def test_desert_wall_has_the_mineral_locked_under_it_as_hp_and_protects_a_mage_noir():
    eng = engine_with_answers(["desert_wall", "fine_sand", "sirocco", "rite_of_passage"],
                              batch=2)
    st = eng.state
    put_on_board(eng, "fine_sand", CHANNELED, locked=mana(mineral=1))
    put_on_board(eng, "sirocco", CHANNELED, locked=mana(mineral=1, air=1))
    put_on_board(eng, "rite_of_passage", RITUAL, games=[1])
    set_hand(eng, {"desert_wall": 1})
    st.reserve[:, 0] = mana(mineral=1)
    wall = lid(eng, "desert_wall")
    prepare(eng, G01, P00, np.array([wall, wall]))
    assert board_at(eng, 0)[2] == board_at(eng, 1)[3] == ("desert_wall", PERMANENT)
    assert [st.board_hp[0, 0, 2], st.board_hp[1, 0, 3]] == [3, 3]  # its own and 2 gathered
    assert st.board_mana[0, 0, 2].tolist() == mana(mineral=3).tolist()
    assert st.board_mana[0, 0, :2].sum() == 1  # the Sirocco's Air stays
    assert eng.tables.protector_mn[wall] == 1  # Protector only while a Mage Noir


def test_oasis_returns_an_activated_desert_spell_to_hand_for_one_water():
    eng = engine_with_answers(["oasis", "desert_meteor", "fine_sand"], batch=2,
                              optional_payment=1)
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "oasis", PERMANENT)
    put_on_board(eng, "fine_sand", CHANNELED)
    meteor = put_on_board(eng, "desert_meteor", PREPARED, locked=mana(mineral=4))
    st.reserve[0, 0] = mana(water=1)  # game 1 cannot pay: discarded as usual
    eng.policy.forced["target"] = k
    activate(eng, G01, P00, np.array([meteor, meteor]))
    assert st.adv_hp[:, k].tolist() == [19, 19]
    assert pile_of(eng, "hand", 0) == {"desert_meteor": 1}
    assert pile_of(eng, "discard", 0) == {}
    assert pile_of(eng, "discard", 1) == {"desert_meteor": 1}
    assert st.reserve[0, 0].sum() == 0
    # game 0: the Water paid and the 4 Mineral released; game 1: the discarded Desert card
    # leaves 1 Mineral under the Fine sand
    assert st.ether[0].sum() == 5 and st.ether[1].sum() == 3
    assert st.board_mana[:, 0, 1, 4].tolist() == [0, 1]


def _adversary_hits(eng, amount, target=None, games=G0):
    """One instance of ``amount`` damage from the Duke to player 0 (or ``target``)."""
    n = len(games)
    target = player_target(eng, 0) if target is None else target
    deal_damage(eng, games, np.full(n, -1), np.full(n, lid(eng, "duke")), np.full(n, target),
                np.full(n, amount))


def test_bastion_caps_each_instance_at_one_and_is_destroyed_at_turn_start():
    eng = engine_with_answers(["bastion", "ecdysis_ritual"], batch=2)
    st = eng.state
    put_adversary(eng, "duke")
    put_on_board(eng, "bastion", PERMANENT)
    put_on_board(eng, "ecdysis_ritual", RITUAL, games=[1])  # +1 first, then the cap
    _adversary_hits(eng, 5, games=G01)
    _adversary_hits(eng, 3, games=G01)
    assert st.hp[:, 0].tolist() == [18, 18]
    turn_start(eng, G0, P0)
    assert board_at(eng) == {}
    assert pile_of(eng, "discard") == {"bastion": 1}


def test_ecdysis_ritual_makes_a_mage_noir_lowers_mineral_costs_and_adds_one_damage():
    eng = engine_with_answers(["ecdysis_ritual", "fine_sand", "desert_meteor"])
    st = eng.state
    put_adversary(eng, "duke")
    put_on_board(eng, "ecdysis_ritual", RITUAL)
    assert is_mage_noir(eng, G0, P0).tolist() == [True]
    _adversary_hits(eng, 3)
    assert st.hp[0, 0] == 16
    set_hand(eng, {"fine_sand": 1, "desert_meteor": 1})
    assert can_prepare(eng, G0, P0)[0, lid(eng, "fine_sand")]  # 1 Mineral - 1: free
    prepare(eng, G0, P0, np.array([lid(eng, "fine_sand")]))
    assert board_at(eng)[1] == ("fine_sand", PREPARED)
    assert st.board_mana[0, 0, 1].sum() == 0


def test_desert_hand_hits_at_turn_start_and_protects_with_two_sand_components():
    eng = engine_with_answers(["desert_hand", "fine_sand", "sirocco"], batch=2)
    st = eng.state
    k = put_adversary(eng, "duke")
    hand = put_on_board(eng, "desert_hand", PERMANENT)
    put_on_board(eng, "fine_sand", CHANNELED)
    put_on_board(eng, "sirocco", CHANNELED, games=[1])  # game 1: a second Sand component
    set_deck(eng, ["fine_sand"] * 3)
    turn_start(eng, G01, P00)
    assert st.adv_hp[:, k].tolist() == [19, 19]
    eng.policy.forced["protector_redirect"] = 1 + hand
    _adversary_hits(eng, 3, games=G01)
    assert st.hp[:, 0].tolist() == [17, 20]  # game 1: the Desert hand takes it and dies
    assert board_at(eng, 1).get(hand) is None
    assert len(eng.policy.of_kind("protector_redirect")) == 1


def test_sirocco_draws_and_a_mage_noir_returns_a_channeled_spell():
    eng = engine_with_answers(["sirocco", "fine_sand", "rite_of_passage"], batch=2)
    st = eng.state
    put_on_board(eng, "fine_sand", CHANNELED, locked=mana(mineral=1))
    put_on_board(eng, "rite_of_passage", RITUAL, games=[1])
    siro = put_on_board(eng, "sirocco", PREPARED, games=[0], locked=mana(air=1, mineral=2))
    put_on_board(eng, "sirocco", PREPARED, games=[1], locked=mana(air=1, mineral=2))
    set_deck(eng, ["sirocco"], games=[0, 1])
    activate(eng, G01, P00, np.array([siro, 2]))
    assert pile_of(eng, "hand", 0) == {"sirocco": 1}
    assert pile_of(eng, "hand", 1) == {"sirocco": 1, "fine_sand": 1}
    assert board_at(eng, 1) == {1: ("rite_of_passage", RITUAL)}
    assert st.ether[1].sum() == 4  # the Fine sand's Mineral and the Sirocco's Mana


def test_fine_sand_captures_mineral_from_a_discarded_desert_spell_for_a_mage_noir():
    eng = engine_with_answers(["fine_sand", "desert_meteor", "rite_of_passage"], batch=2)
    st = eng.state
    k = put_adversary(eng, "duke")
    sand = put_on_board(eng, "fine_sand", CHANNELED, locked=mana(mineral=1))
    put_on_board(eng, "fine_sand", CHANNELED, locked=mana(mineral=1))
    meteor = put_on_board(eng, "desert_meteor", PREPARED, locked=mana(mineral=4))
    put_on_board(eng, "rite_of_passage", RITUAL, games=[1])
    eng.policy.forced["target"] = k
    activate(eng, G01, P00, np.array([meteor, meteor]))
    assert st.adv_hp[:, k].tolist() == [18, 18]
    # game 0: each capture is over the cap of 1 and released at once; game 1 (Mage Noir):
    # each Fine sand keeps 1 more Mineral, 2 of the 4 are released
    assert st.board_mana[:, 0, sand, 4].tolist() == [1, 2]
    assert st.board_mana[:, 0, sand + 1, 4].tolist() == [1, 2]
    assert [st.ether[g].sum() for g in (0, 1)] == [4, 2]


def test_ras_wrath_discards_a_card_in_play_then_hits_the_opponent_for_five():
    eng = engine_with_answers(["ras_wrath", "fine_sand"], batch=2)
    st = eng.state
    k = put_adversary(eng, "duke")
    guard = put_adversary(eng, "guard", games=[0])
    put_on_board(eng, "fine_sand", CHANNELED, locked=mana(mineral=1))
    wrath = put_on_board(eng, "ras_wrath", PREPARED, locked=mana(fire=1, mineral=1))
    eng.policy.forced["destroy_target"] = lambda eng, games, *a, **c: np.where(
        games == 0, guard, slot_target(eng, 0, 0))
    activate(eng, G01, P00, np.array([wrath, wrath]))
    assert st.adv_hp[:, k].tolist() == [15, 15]
    assert st.adv_card[0, guard] == -1 and st.adv_discard[0, lid(eng, "guard")] == 1
    # game 1: no Adversary card but the Adversary itself: one of the player's own goes
    assert pile_of(eng, "discard", 1) == {"ras_wrath": 1, "fine_sand": 1}
    assert pile_of(eng, "discard", 0) == {"ras_wrath": 1}


def test_desert_fangs_a_mage_noir_pays_with_sand_locked_mana_and_has_quickcast():
    eng = engine_with_answers(["desert_fangs", "fine_sand", "sirocco", "rite_of_passage"],
                              batch=2)
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "fine_sand", CHANNELED, locked=mana(mineral=1))
    put_on_board(eng, "sirocco", CHANNELED, locked=mana(mineral=2, air=1))
    put_on_board(eng, "rite_of_passage", RITUAL, games=[1])
    set_hand(eng, {"desert_fangs": 1})
    st.reserve[:, 0] = mana(water=1)
    fangs = lid(eng, "desert_fangs")
    assert can_prepare(eng, G01, P00)[:, fangs].tolist() == [False, True]
    prepare(eng, np.array([1]), P0, np.array([fangs]))
    assert board_at(eng, 1)[3] == ("desert_fangs", PREPARED)
    assert st.board_mana[1, 0, 3].tolist() == mana(water=1, mineral=3).tolist()
    assert st.board_mana[1, 0, :2].tolist() == [mana().tolist(), mana(air=1).tolist()]
    assert st.reserve[1, 0].sum() == 0
    # Quickcast for a Mage Noir: activated in the Adversary's turn.
    set_adversary_deck(eng, ["volley"], games=[1])
    set_deck(eng, ["sirocco"], games=[1])
    eng.policy.forced["quick_action"] = [1 + 3]
    eng.policy.forced["target"] = [k]  # the Fangs' target; the Duke's own are the base bot's
    adversary_turn(eng, np.array([1]))
    assert st.adv_hp[1, k] == 17
    assert pile_of(eng, "discard", 1) == {"desert_fangs": 1}


def test_quicksand_gives_slowcast_to_a_prepared_spell():
    eng = engine_with_answers(["quicksand", "desert_meteor"])
    st = eng.state
    meteor = put_on_board(eng, "desert_meteor", PREPARED, locked=mana(mineral=4))
    sand = put_on_board(eng, "quicksand", PREPARED, locked=mana(mineral=1, water=1))
    eng.policy.forced["slowcast_target"] = meteor
    offsets = 1 + eng.info.slots + eng.info.size  # where activations start among the actions
    assert legal_actions(eng, G0, P0)[0, offsets + meteor]
    activate(eng, G0, P0, np.array([sand]))
    assert not legal_actions(eng, G0, P0)[0, offsets + meteor]  # prepared this turn
    st.turn[:] += 1
    assert legal_actions(eng, G0, P0)[0, offsets + meteor]
    assert pile_of(eng, "discard") == {"quicksand": 1}
    assert eng.tables.provides[lid(eng, "quicksand")].sum() == 2  # Drop and Sand


def test_reforge_boosts_the_equipment_that_hits_and_may_return_to_hand_for_one_water():
    eng = engine_with_answers(["reforge", "fire_whip", "galactic_helm"], batch=2,
                              optional_payment=1)
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "galactic_helm", EQUIPMENT)
    whip = put_on_board(eng, "fire_whip", EQUIPMENT)
    reforge = put_on_board(eng, "reforge", PREPARED, locked=mana(fire=1, mineral=1))
    st.board_turn[:, 0, reforge] = 2  # Slowcast: prepared on an earlier turn
    st.reserve[0, 0] = mana(water=1)  # game 1 cannot pay: discarded as usual
    activate(eng, G01, P00, np.array([reforge, reforge]))
    assert eng.policy.of_kind("boost_target")[0].options[:, :3].tolist() == [[True, True, False]] * 2
    assert st.dmg_boost[:, 0, whip].tolist() == [1, 1]  # the bots boost the Equipment that hits
    assert pile_of(eng, "hand", 0) == {"reforge": 1} and pile_of(eng, "discard", 0) == {}
    assert pile_of(eng, "discard", 1) == {"reforge": 1}
    set_deck(eng, ["fire_whip"] * 2)
    turn_start(eng, G01, P00)
    assert st.adv_hp[:, k].tolist() == [18, 18]  # its 1 damage, +1
    # The bonus belongs to the card in play: another Equipment placed in the slot has none.
    st.board_card[:, 0, whip] = -1
    st.board_zone[:, 0, whip] = 0
    set_hand(eng, {"fire_whip": 1})
    st.reserve[:, 0] = mana(fire=3)
    prepare(eng, G01, P00, np.array([lid(eng, "fire_whip")] * 2))
    assert st.dmg_boost[:, 0, whip].tolist() == [0, 0]
    turn_start(eng, G01, P00)
    assert st.adv_hp[:, k].tolist() == [17, 17]


def test_seed_of_the_sands_protects_the_last_permanent_prepared_with_it():
    eng = engine_with_answers(["seed_of_the_sands", "desert_hand"])
    st = eng.state
    put_adversary(eng, "duke")
    seed = put_on_board(eng, "seed_of_the_sands", CHANNELED, locked=mana(vegetal=2, mineral=1))
    set_hand(eng, {"desert_hand": 2})
    st.reserve[0, 0] = mana(mineral=4)
    hand = lid(eng, "desert_hand")
    prepare(eng, G0, P0, np.array([hand]))
    first = 1
    assert board_at(eng)[first] == ("desert_hand", PERMANENT)
    assert st.last_user[0, 0, seed] == first + 1
    _adversary_hits(eng, 2, target=slot_target(eng, 0, first))
    assert st.board_hp[0, 0, first] == 1  # 2 - 1
    prepare(eng, G0, P0, np.array([hand]))  # the Seed's last Permanent is now this one
    second = 2
    _adversary_hits(eng, 2, target=slot_target(eng, 0, second))
    assert st.board_hp[0, 0, second] == 1
    _adversary_hits(eng, 1, target=slot_target(eng, 0, first))
    assert board_at(eng).get(first) is None  # no longer protected: destroyed
    _adversary_hits(eng, 1, target=slot_target(eng, 0, second))
    assert st.board_hp[0, 0, second] == 1  # reduced to 0
    # Once the Seed has left, its Permanent takes full damage.
    st.board_card[0, 0, seed] = -1
    st.board_zone[0, 0, seed] = 0
    _adversary_hits(eng, 1, target=slot_target(eng, 0, second))
    assert board_at(eng).get(second) is None


def test_reforge_the_bots_activate_it_once_an_equipment_that_hits_is_in_play():
    from simulator.engine.host.api import action_space, main_action_choice

    eng = engine_with_answers(["reforge", "fire_whip", "galactic_helm"], batch=2)
    st = eng.state
    put_adversary(eng, "duke")
    reforge = put_on_board(eng, "reforge", PREPARED, locked=mana(fire=1, mineral=1))
    st.board_turn[:, 0, reforge] = 2
    put_on_board(eng, "galactic_helm", EQUIPMENT)
    put_on_board(eng, "fire_whip", EQUIPMENT, games=[1])  # game 0: nothing that hits
    activate_at = action_space(eng).activate
    assert main_action_choice(eng, G01, P00).tolist() == [0, activate_at + reforge]


def test_glass_replica_puts_an_equipment_from_the_deck_into_play_without_its_effects():
    eng = engine_with_answers(["glass_replica", "bark_armor", "druid_armor", "fire_whip",
                               "flame", "powerful_swipe"])
    st = eng.state
    put_adversary(eng, "duke")
    put_on_board(eng, "druid_armor", EQUIPMENT)  # the torso slot's Equipment: replaced
    set_deck(eng, ["flame", "bark_armor", "fire_whip"])
    set_hand(eng, {"glass_replica": 1})
    st.reserve[0, 0] = mana(mineral=2)
    eng.policy.forced["search_deck"] = lid(eng, "bark_armor")
    prepare(eng, G0, P0, np.array([lid(eng, "glass_replica")]))
    activate(eng, G0, P0, np.array([1]))
    assert st.reserve[0, 0].sum() == 0
    assert board_at(eng) == {0: ("bark_armor", EQUIPMENT_OFF)}
    assert sorted(st.deck[0, 0, :st.deck_len[0, 0]].tolist()) == sorted(
        [lid(eng, "flame"), lid(eng, "fire_whip")])
    assert pile_of(eng, "discard") == {"druid_armor": 1, "glass_replica": 1}
    assert pile_of(eng, "hand") == {}
    # Bark armor without its effects ignores none of the Adversary's damage ...
    deal_damage(eng, G0, ADVERSARY_SIDE, lid(eng, "duke"), player_target(eng, 0), 2)
    assert st.hp[0, 0] == 18
    # ... is still an Equipment to return to hand, and there it is the normal card again
    swipe = put_on_board(eng, "powerful_swipe", PREPARED, locked=mana(air=4))
    eng.policy.forced["return_equipment"] = 0
    activate(eng, G0, P0, np.array([swipe]))
    assert board_at(eng) == {}
    assert pile_of(eng, "hand") == {"bark_armor": 1}
    st.hand[0, 0, lid(eng, "bark_armor")] = 0
    put_on_board(eng, "bark_armor", EQUIPMENT)
    deal_damage(eng, G0, ADVERSARY_SIDE, lid(eng, "duke"), player_target(eng, 0), 2)
    assert st.hp[0, 0] == 17  # 1 of the 2 ignored


@pytest.mark.parametrize("bot", ["greedy", "planner"])
def test_glass_replica_bots_take_an_equipment_of_a_free_slot_and_never_replace_a_working_one(
        bot):
    eng = make_engine(["glass_replica", "bark_armor", "druid_armor", "fire_whip"], policy=bot)
    st = eng.state
    st.turn[:] = 3
    put_adversary(eng, "duke")
    put_on_board(eng, "druid_armor", EQUIPMENT)
    set_deck(eng, ["bark_armor", "bark_armor"])  # torso only: it would replace Druid armor
    set_hand(eng, {"glass_replica": 1})
    st.reserve[0, 0] = mana(mineral=2)
    choice = int(main_action_choice(eng, G0, P0)[0])
    assert choice != action_space(eng).prepare + lid(eng, "glass_replica")
    set_deck(eng, ["bark_armor", "fire_whip", "bark_armor"])
    replica = put_on_board(eng, "glass_replica", PREPARED, locked=mana(mineral=2))
    activate(eng, G0, P0, np.array([replica]))
    assert board_at(eng) == {0: ("druid_armor", EQUIPMENT), 2: ("fire_whip", EQUIPMENT_OFF)}
