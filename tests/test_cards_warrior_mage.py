"""One test per Way of the Warrior-Mage card (``magenoir-sim cards --handlers``), on small
hand-built positions (tests/card_positions.py: empty state, 20 HP, empty Ether) run through
the real engine actions; each asserts the exact state the card's text and rulings describe.

A Mage Noir is made by a Warrior-mage ritual in play (it has no effect on these spells but
its status; its +1 to Equipment damage is counted where an Equipment deals damage).
"""

from __future__ import annotations

import numpy as np
import pytest
from card_positions import (
    ScriptedPolicy,
    adv_target,
    board_of,
    can_prepare,
    discard_of,
    duke_attacks,
    ether_of,
    give_hand,
    lid,
    mage_noir,
    make_engine,
    mana,
    player_target,
    prepare,
    put_on_board,
    reserve_of,
    set_ether,
    set_reserve,
    slot_target,
    summon_adversary_card,
    summon_duke,
)
from engine_fixtures import G0, P0, component_instances, run_steps, transcript_of

from simulator.engine.host import api
from simulator.engine.rules.layout import (
    CHANNELED,
    EQUIPMENT,
    PERMANENT,
    PREPARED,
    RITUAL,
    RITUAL_OFF,
    WORD,
)

DUKE = adv_target(0)


def _activate(eng, slot: int, player: int = 0) -> None:
    api.activate(eng, np.array([0]), np.array([player]), np.array([slot]))


def _hp(eng, player: int = 0) -> int:
    return int(eng.state.hp[0, player])


def _duke_hp(eng) -> int:
    return int(eng.state.adv_hp[0, 0])


def _offered_abilities(eng, player: int = 0) -> list[int]:
    sp = api.action_space(eng)
    legal = api.legal_actions(eng, G0, np.array([player]))[0, sp.ability:sp.prepare]
    return np.flatnonzero(legal).tolist()


def _use_ability(eng, slot: int, player: int = 0) -> None:
    assert slot in _offered_abilities(eng, player)
    api.apply_actions(eng, G0, np.array([player]), np.array([api.action_space(eng).ability + slot]))


def _mage_noir(eng, player: int = 0) -> None:
    put_on_board(eng, player, "warrior_mage_ritual", RITUAL)


# --- vocabulary cards ------------------------------------------------------------------------


def test_tsunami_destroys_the_opponents_permanents_then_deals_8():
    eng = make_engine(["tsunami", "stone_tree", "earthquake"])
    summon_duke(eng)
    guard = summon_adversary_card(eng, "adv:ducal_guard")
    tree = put_on_board(eng, 0, "stone_tree", PERMANENT)
    slot = put_on_board(eng, 0, "tsunami", PREPARED)
    _activate(eng, slot)
    assert eng.state.adv_card[0, guard] == -1
    assert _duke_hp(eng) == 12
    assert board_of(eng, 0) == {tree: ("stone_tree", PERMANENT)}  # own Permanents stay
    assert discard_of(eng, 0) == {"tsunami": 1}


@pytest.mark.parametrize("is_mage_noir", [False, True])
def test_earthquake(is_mage_noir):
    eng = make_engine(["earthquake", "stone_tree", "warrior_mage_ritual"], players=2)
    summon_duke(eng)
    guard = summon_adversary_card(eng, "adv:ducal_guard")
    if is_mage_noir:
        _mage_noir(eng)
    tree = put_on_board(eng, 0, "stone_tree", PERMANENT)
    put_on_board(eng, 1, "stone_tree", PERMANENT)
    slot = put_on_board(eng, 0, "earthquake", PREPARED, mana(mineral=6))
    _activate(eng, slot)
    assert _duke_hp(eng) == 16
    destroyed = is_mage_noir
    assert (eng.state.adv_card[0, guard] == -1) == destroyed
    assert (tree in board_of(eng, 0)) != destroyed  # EVERY Permanent: own ones too
    assert (board_of(eng, 1) == {}) == destroyed
    assert discard_of(eng, 0) == ({"earthquake": 1, "stone_tree": 1} if destroyed
                                  else {"earthquake": 1})


@pytest.mark.parametrize("is_mage_noir", [False, True])
def test_sharp_volley(is_mage_noir):
    eng = make_engine(["sharp_volley", "warrior_mage_ritual"])
    summon_duke(eng)
    if is_mage_noir:
        _mage_noir(eng)
    slot = put_on_board(eng, 0, "sharp_volley", PREPARED)
    _activate(eng, slot)
    assert _hp(eng) == (20 if is_mage_noir else 15)
    assert _duke_hp(eng) == 15
    assert eng.state.damage_taken[0, 0] == (0 if is_mage_noir else 5)


def test_meteor_punch():
    eng = make_engine(["meteor_punch", "stone_tree", "rock_wall"])
    summon_duke(eng)
    guard = summon_adversary_card(eng, "adv:ducal_guard")
    tree = put_on_board(eng, 0, "stone_tree", PERMANENT)
    slot = put_on_board(eng, 0, "meteor_punch", PREPARED)
    _activate(eng, slot)
    assert _duke_hp(eng) == 15 and _hp(eng) == 18
    assert eng.state.adv_hp[0, guard] == 1  # the Ducal guard: 3 HP, hit for 2
    assert eng.state.board_hp[0, 0, tree] == 5
    assert eng.state.adv_hp[0, 0] == 15  # the Duke is not a Permanent: hit once


def test_mons_igneus_applies_an_earthquake_and_a_magma():
    eng = make_engine(["mons_igneus", "earthquake", "magma_burn", "warrior_mage_ritual"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    guard = summon_adversary_card(eng, "adv:ducal_guard")
    _mage_noir(eng)
    quake = put_on_board(eng, 0, "earthquake", CHANNELED)
    magma = put_on_board(eng, 0, "magma_burn", CHANNELED)
    slot = put_on_board(eng, 0, "mons_igneus", PREPARED)
    _activate(eng, slot)
    # 5, then the Earthquake's 4 (and, for a Mage Noir, every Permanent destroyed), then the
    # Magma burn's 5 (its optional Ring: none to destroy)
    assert eng.state.adv_card[0, guard] == -1
    assert _duke_hp(eng) == 20 - 5 - 4 - 5
    assert board_of(eng, 0)[quake] == ("earthquake", CHANNELED)  # applied, not used up
    assert board_of(eng, 0)[magma] == ("magma_burn", CHANNELED)
    assert discard_of(eng, 0) == {"mons_igneus": 1}


def test_rock_takes_a_mineral_and_hits_a_permanent():
    eng = make_engine(["rock"], policy=ScriptedPolicy({"target": adv_target(1)}))
    summon_duke(eng)
    guard = summon_adversary_card(eng, "adv:ducal_guard", slot=1)
    set_ether(eng, 0, mineral=1, fire=1)
    slot = put_on_board(eng, 0, "rock", PREPARED, mana(mineral=1))
    _activate(eng, slot)
    assert reserve_of(eng, 0) == mana(mineral=1)
    assert eng.state.adv_hp[0, guard] == eng.tables.hp[lid(eng, "adv:ducal_guard")] - 1
    assert _duke_hp(eng) == 20
    assert discard_of(eng, 0) == {"rock": 1}
    assert ether_of(eng) == [mana(fire=1), mana(mineral=1)]


def test_rock_is_ore_while_two_copies_are_in_play():
    eng = make_engine(["rock", "solid_armor"])
    ore = WORD["Ore"]
    give_hand(eng, 0, "solid_armor")
    set_reserve(eng, 0, mineral=2)
    first = put_on_board(eng, 0, "rock", CHANNELED)
    assert component_instances(eng, G0, P0)[0, ore] == 0
    assert not can_prepare(eng, 0, "solid_armor")
    put_on_board(eng, 0, "rock", PREPARED)
    assert component_instances(eng, G0, P0)[0, ore] == 1  # only the channeled one is a component
    slot = prepare(eng, 0, "solid_armor")
    # Forge: the Rock used for an Equipment is discarded; the other loses its Ore
    assert first not in board_of(eng, 0) and discard_of(eng, 0) == {"rock": 1}
    assert board_of(eng, 0)[slot] == ("solid_armor", EQUIPMENT)
    assert component_instances(eng, G0, P0)[0, ore] == 0


def test_forged_blade_once_per_turn():
    eng = make_engine(["forged_blade", "warrior_mage_ritual"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    blade = put_on_board(eng, 0, "forged_blade", EQUIPMENT)
    _use_ability(eng, blade)
    assert _duke_hp(eng) == 19
    assert _offered_abilities(eng) == []
    api.turn_boundary(eng, G0)
    _mage_noir(eng)  # the Warrior-mage ritual: +1 to Equipment damage
    _use_ability(eng, blade)
    assert _duke_hp(eng) == 17


def test_stone_tree_cannot_gain_hp():
    eng = make_engine(["stone_tree", "rock"])
    tree = put_on_board(eng, 0, "stone_tree", PERMANENT, hp=4)
    eng.policy.forced["target"] = slot_target(eng, 0, tree)
    run_steps(eng, [{"op": "heal", "amount": 3, "target": "any"}], G0, P0,
              np.array([lid(eng, "rock")]), None)
    assert eng.state.board_hp[0, 0, tree] == 4


@pytest.mark.card("materialized_armor")
@pytest.mark.parametrize(("armor", "cap", "reduction"), [("solid_armor", 4, 0),
                                                          ("materialized_armor", 6, 1)])
def test_solid_armor_and_materialized_armor(armor, cap, reduction):
    eng = make_engine([armor, "rock", "stone_tree"])
    duke = lid(eng, "adv:duke")
    put_on_board(eng, 0, armor, EQUIPMENT, mana(mineral=3))  # its own Mana: not counted
    rock = put_on_board(eng, 0, "rock", CHANNELED, mana(mineral=5))
    put_on_board(eng, 0, "stone_tree", PERMANENT, mana(mineral=2, fire=1))
    x = min(7, cap)
    summon_duke(eng)
    me = np.array([player_target(eng, 0)])
    hits = [3, 3, 3]
    for amount in hits:
        api.deal_damage(eng, G0, np.array([-1]), np.array([duke]), me, amount)
    taken = max(sum(max(a - reduction, 0) for a in hits) - x, 0)
    assert _hp(eng) == 20 - taken
    # X was fixed on the first hit: more Mineral Mana now changes nothing this turn
    eng.state.board_mana[0, 0, rock, 4] += 5
    api.deal_damage(eng, G0, P0, np.array([lid(eng, "rock")]), me, 2)  # own damage too
    assert _hp(eng) == 20 - taken - max(2 - reduction, 0)


def test_lithomancy_ring_gives_mineral_permanents_protector():
    eng = make_engine(["lithomancy_ring", "stone_tree", "dead_tree"])
    summon_duke(eng)
    tree = put_on_board(eng, 0, "stone_tree", PERMANENT)
    dead = put_on_board(eng, 0, "dead_tree", PERMANENT)
    me = np.array([player_target(eng, 0)])
    duke = np.array([lid(eng, "adv:duke")])
    api.deal_damage(eng, G0, np.array([-1]), duke, me, 3)
    assert _hp(eng) == 17  # no ring yet: no Protector to redirect to
    put_on_board(eng, 0, "lithomancy_ring", EQUIPMENT)
    eng.policy.forced["protector_redirect"] = 1 + tree
    api.deal_damage(eng, G0, np.array([-1]), duke, me, 3)
    assert _hp(eng) == 17 and eng.state.board_hp[0, 0, tree] == 4
    options = eng.policy.options_of("protector_redirect")[-1]
    assert options[1 + tree] and not options[1 + dead]  # a Vegetal Permanent is no Protector


def test_iron_rock_locks_fire_to_become_ore():
    eng = make_engine(["iron_rock", "solid_armor"])
    ore = WORD["Ore"]
    rock = put_on_board(eng, 0, "iron_rock", CHANNELED, mana(mineral=1))
    assert _offered_abilities(eng) == []  # no Fire in the reserve
    set_reserve(eng, 0, fire=2, mineral=2)
    assert component_instances(eng, G0, P0)[0, ore] == 0
    _use_ability(eng, rock)
    assert eng.state.board_mana[0, 0, rock].tolist() == mana(fire=1, mineral=1)
    assert reserve_of(eng, 0) == mana(fire=1, mineral=2)
    assert component_instances(eng, G0, P0)[0, ore] == 1
    _use_ability(eng, rock)  # again: more Fire, still one Ore
    assert component_instances(eng, G0, P0)[0, ore] == 1 and reserve_of(eng, 0) == mana(mineral=2)
    give_hand(eng, 0, "solid_armor")
    prepare(eng, 0, "solid_armor")
    assert discard_of(eng, 0) == {"iron_rock": 1}  # Forge
    assert ether_of(eng)[0][0] + ether_of(eng)[1][0] == 2  # its 2 Fire released


@pytest.mark.parametrize("destroy_ring", [False, True])
def test_magma_burn_may_destroy_a_ring(destroy_ring):
    eng = make_engine(["magma_burn", "lithomancy_ring", "solid_armor"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    ring = put_on_board(eng, 0, "lithomancy_ring", EQUIPMENT)
    armor = put_on_board(eng, 0, "solid_armor", EQUIPMENT)
    if destroy_ring:
        eng.policy.forced["destroy_target"] = slot_target(eng, 0, ring)
    slot = put_on_board(eng, 0, "magma_burn", PREPARED)
    _activate(eng, slot)
    assert _duke_hp(eng) == 15
    options = eng.policy.options_of("destroy_target")[0]
    assert options[slot_target(eng, 0, ring)] and not options[slot_target(eng, 0, armor)]
    assert options[-1]  # destroying none is an option
    assert (ring in board_of(eng, 0)) != destroy_ring  # the base policy keeps its own Ring
    assert discard_of(eng, 0) == ({"magma_burn": 1, "lithomancy_ring": 1} if destroy_ring
                                  else {"magma_burn": 1})


def test_rock_wall_becomes_a_channeled_rock_below_1_hp():
    eng = make_engine(["rock_wall", "earthquake", "warrior_mage_ritual"])
    summon_duke(eng)
    wall = put_on_board(eng, 0, "rock_wall", PERMANENT, mana(mineral=2))
    target = np.array([slot_target(eng, 0, wall)])
    duke = np.array([lid(eng, "adv:duke")])
    api.deal_damage(eng, G0, np.array([-1]), duke, target, 2)
    assert board_of(eng, 0)[wall] == ("rock_wall", PERMANENT)
    assert component_instances(eng, G0, P0)[0, WORD["Wall"]] == 1
    api.deal_damage(eng, G0, np.array([-1]), duke, target, 4)
    assert board_of(eng, 0)[wall] == ("rock_wall", CHANNELED)
    assert eng.state.board_mana[0, 0, wall].tolist() == mana()
    assert sum(map(sum, ether_of(eng))) == 2  # its Mana released
    instances = component_instances(eng, G0, P0)[0]
    assert instances[WORD["Rock"]] == 1 and instances[WORD["Wall"]] == 0
    assert discard_of(eng, 0) == {}
    # a Mage Noir's Earthquake destroys the channeled Rock wall too
    _mage_noir(eng)
    quake = put_on_board(eng, 0, "earthquake", PREPARED)
    _activate(eng, quake)
    assert wall not in board_of(eng, 0)
    assert discard_of(eng, 0) == {"rock_wall": 1, "earthquake": 1}


def test_inas_meteor_deals_the_x_paid():
    eng = make_engine(["inas_meteor", "meteor_punch"],
                      policy=ScriptedPolicy({"target": DUKE, "choose_x": 3}))
    summon_duke(eng)
    give_hand(eng, 0, "inas_meteor")
    set_reserve(eng, 0, mineral=5)
    assert not can_prepare(eng, 0, "inas_meteor")  # no Meteor component
    put_on_board(eng, 0, "meteor_punch", CHANNELED)
    slot = prepare(eng, 0, "inas_meteor")
    assert eng.policy.options_of("choose_x")[0].tolist() == [True] * 6  # X from 0 to 5
    assert reserve_of(eng, 0) == mana(mineral=2)
    assert eng.state.board_mana[0, 0, slot].tolist() == mana(mineral=3)
    eng.state.board_mana[0, 0, slot, 4] += 2  # locked later: not part of X
    _activate(eng, slot)
    assert _duke_hp(eng) == 17
    assert discard_of(eng, 0) == {"inas_meteor": 1}


@pytest.mark.parametrize("rocks", [3, 4])
def test_inas_meteor_mage_noir_uses_4_rocks_instead_of_the_meteor(rocks):
    eng = make_engine(["inas_meteor", "rock", "warrior_mage_ritual"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng, hp=6)
    give_hand(eng, 0, "inas_meteor")
    set_reserve(eng, 0, mineral=9)
    for _ in range(rocks):
        put_on_board(eng, 0, "rock", CHANNELED)
    assert not can_prepare(eng, 0, "inas_meteor")  # not a Mage Noir
    _mage_noir(eng)
    assert can_prepare(eng, 0, "inas_meteor") == (rocks == 4)
    if rocks == 4:
        slot = prepare(eng, 0, "inas_meteor")
        assert eng.state.used_slot[0, :8].sum() == 4  # the 4 Rocks, which stay in play
        assert reserve_of(eng, 0) == mana(mineral=3)  # the bots' X: the Duke's 6 HP
        _activate(eng, slot)
        assert eng.state.adv_card[0, 0] == -1 or _duke_hp(eng) <= 0


def test_obsidian_rock_releases_on_damage_becomes_ore_and_adds_1_to_its_equipment():
    eng = make_engine(["obsidian_rock", "forged_blade", "solid_armor"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    ore = WORD["Ore"]
    rock = put_on_board(eng, 0, "obsidian_rock", CHANNELED, mana(mineral=2))
    me = np.array([player_target(eng, 0)])
    duke = np.array([lid(eng, "adv:duke")])
    api.deal_damage(eng, G0, np.array([-1]), duke, me, 3)
    assert _hp(eng) == 17
    assert eng.state.board_mana[0, 0, rock].tolist() == mana(mineral=1)
    assert sum(map(sum, ether_of(eng))) == 1  # the Mineral released to the Available Ether
    assert component_instances(eng, G0, P0)[0, ore] == 0  # Mana still under it
    api.deal_damage(eng, G0, np.array([-1]), duke, me, 1)
    assert eng.state.board_mana[0, 0, rock].tolist() == mana()
    assert component_instances(eng, G0, P0)[0, ore] == 1  # Transmutable: Ore
    api.deal_damage(eng, G0, np.array([-1]), duke, me, 1)  # nothing left to release
    assert sum(map(sum, ether_of(eng))) == 2 and _hp(eng) == 15
    eng.state.board_mana[0, 0, rock, 4] = 1  # Mana back under it: no longer an Ore
    assert component_instances(eng, G0, P0)[0, ore] == 0
    eng.state.board_mana[0, 0, rock, 4] = 0
    # the Rock component of a Forged blade: Forge discards it, the blade's 1 becomes 2
    give_hand(eng, 0, "forged_blade")
    set_reserve(eng, 0, mineral=2)
    blade = prepare(eng, 0, "forged_blade")
    assert discard_of(eng, 0) == {"obsidian_rock": 1}
    assert board_of(eng, 0)[blade] == ("forged_blade", EQUIPMENT)
    _use_ability(eng, blade)
    assert _duke_hp(eng) == 18


@pytest.mark.parametrize("is_mage_noir", [False, True])
def test_materialized_sword_hits_2_then_its_forged_blade_applies_from_the_discard_pile(
        is_mage_noir):
    eng = make_engine(["materialized_sword", "forged_blade", "rock", "warrior_mage_ritual"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    put_on_board(eng, 0, "forged_blade", EQUIPMENT)
    put_on_board(eng, 0, "rock", CHANNELED)
    put_on_board(eng, 0, "rock", CHANNELED)  # two Rocks: each is an Ore
    if is_mage_noir:
        _mage_noir(eng)
    give_hand(eng, 0, "materialized_sword")
    set_reserve(eng, 0, mineral=3, arcane=1)
    sword = prepare(eng, 0, "materialized_sword")
    # the Forged blade served an Equipment (discarded), the Rock used as the Ore too (Forge)
    assert discard_of(eng, 0) == {"forged_blade": 1, "rock": 1}
    assert board_of(eng, 0)[sword] == ("materialized_sword", EQUIPMENT)
    _use_ability(eng, sword)
    bonus = 1 if is_mage_noir else 0  # the ritual's +1 to Equipment damage, on each hit
    assert _duke_hp(eng) == 20 - (2 + bonus) - (1 + bonus)
    assert discard_of(eng, 0) == {"forged_blade": 1, "rock": 1}  # applied, not moved
    assert _offered_abilities(eng) == []  # once per turn
    api.turn_boundary(eng, G0)
    _use_ability(eng, sword)
    assert _duke_hp(eng) == 20 - 2 * (3 + 2 * bonus)


def test_materialized_sword_with_an_air_blade_in_play_and_an_obsidian_rock():
    eng = make_engine(["materialized_sword", "air_blade", "obsidian_rock"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    blade = put_on_board(eng, 0, "air_blade", CHANNELED, mana(air=2))
    put_on_board(eng, 0, "obsidian_rock", CHANNELED)  # no Mana under it: an Ore
    give_hand(eng, 0, "materialized_sword")
    set_reserve(eng, 0, mineral=3, arcane=1)
    sword = prepare(eng, 0, "materialized_sword")
    assert discard_of(eng, 0) == {"obsidian_rock": 1}  # Forge; the Air blade stays channeled
    _use_ability(eng, sword)
    # the Obsidian rock's +1 makes the sword's 2 a 3; the Air blade's own 3 is unchanged, and
    # it stays in play with its Mana (applied, not activated)
    assert _duke_hp(eng) == 20 - 3 - 3
    assert board_of(eng, 0)[blade] == ("air_blade", CHANNELED)
    assert eng.state.board_mana[0, 0, blade].tolist() == mana(air=2)
    assert discard_of(eng, 0) == {"obsidian_rock": 1}


MINERAL, ARCANE = 4, 5  # ELEMENTS order


def test_waiver_crown_switches_rituals_off_pays_to_ignore_and_breaks_on_an_empty_reserve():
    eng = make_engine(["waiver_crown", "warrior_mage_ritual", "forged_blade", "zephyr"],
                      policy=ScriptedPolicy({"target": [DUKE], "optional_payment": [1, 1],
                                             "lock_mana_element": [ARCANE, MINERAL]}))
    summon_duke(eng)
    give_hand(eng, 0, "waiver_crown")
    give_hand(eng, 0, "zephyr")
    set_reserve(eng, 0, mineral=3, arcane=2)
    assert not can_prepare(eng, 0, "waiver_crown")  # only a Mage Noir equips it
    ritual = put_on_board(eng, 0, "warrior_mage_ritual", RITUAL)
    blade = put_on_board(eng, 0, "forged_blade", EQUIPMENT)
    assert _offered_abilities(eng) == sorted([blade, ritual])
    crown = prepare(eng, 0, "waiver_crown")
    assert reserve_of(eng, 0) == mana(mineral=1, arcane=1)
    assert board_of(eng, 0)[ritual] == ("warrior_mage_ritual", RITUAL_OFF)
    assert not mage_noir(eng, 0)
    assert _offered_abilities(eng) == [blade]  # the ritual's ability is gone too
    _use_ability(eng, blade)
    assert _duke_hp(eng) == 19  # no +1 from the ritual
    duke_attacks(eng)  # 4 damage (3 to a Mage Noir, which the player is not): 2 ignored
    assert _hp(eng) == 18
    assert reserve_of(eng, 0) == mana()
    # the 2 Mana paid, then the 3 under the crown, released as it is destroyed
    assert sum(map(sum, ether_of(eng))) == 2 + 3
    # the reserve is empty: the crown is destroyed, the ritual has its effects again
    assert crown not in board_of(eng, 0) and discard_of(eng, 0) == {"waiver_crown": 1}
    assert board_of(eng, 0)[ritual] == ("warrior_mage_ritual", RITUAL) and mage_noir(eng, 0)


def test_waiver_crown_a_ritual_arriving_under_it_is_blank_and_its_cost_may_break_it():
    eng = make_engine(["waiver_crown", "warrior_mage_ritual", "crimson_ritual"],
                      policy=ScriptedPolicy({"optional_payment": 0}))
    summon_duke(eng)
    put_on_board(eng, 0, "warrior_mage_ritual", RITUAL)
    give_hand(eng, 0, "waiver_crown")
    give_hand(eng, 0, "crimson_ritual")
    set_reserve(eng, 0, mineral=2, arcane=4, fire=1)
    prepare(eng, 0, "waiver_crown")
    crimson = prepare(eng, 0, "crimson_ritual")  # its "lose half your HP" does not apply
    assert _hp(eng) == 20 and board_of(eng, 0)[crimson] == ("crimson_ritual", RITUAL_OFF)
    assert reserve_of(eng, 0) == mana(arcane=1)
    duke_attacks(eng)  # declined: 4 damage
    assert _hp(eng) == 16 and reserve_of(eng, 0) == mana(arcane=1)
    # a crown whose own cost empties the reserve breaks at once
    eng = make_engine(["waiver_crown", "warrior_mage_ritual"])
    ritual = put_on_board(eng, 0, "warrior_mage_ritual", RITUAL)
    give_hand(eng, 0, "waiver_crown")
    set_reserve(eng, 0, mineral=2, arcane=1)
    prepare(eng, 0, "waiver_crown")
    assert discard_of(eng, 0) == {"waiver_crown": 1}
    assert board_of(eng, 0) == {ritual: ("warrior_mage_ritual", RITUAL)}


@pytest.mark.parametrize("bot", ["greedy", "planner"])
@pytest.mark.parametrize(("hp", "equips"), [(20, False), (6, True)])
def test_waiver_crown_bots_equip_it_only_when_low_on_hp(bot, hp, equips):
    eng = make_engine(["waiver_crown", "warrior_mage_ritual"], policy=bot)
    summon_duke(eng)
    eng.state.turn[:] = 3
    eng.state.hp[0, 0] = hp
    put_on_board(eng, 0, "warrior_mage_ritual", RITUAL)
    give_hand(eng, 0, "waiver_crown")
    set_reserve(eng, 0, mineral=3, arcane=2)
    choice = int(api.main_action_choice(eng, G0, np.array([0]))[0])
    sp = api.action_space(eng)
    assert (choice == sp.prepare + lid(eng, "waiver_crown")) == equips, choice


@pytest.mark.parametrize("bot", ["greedy", "planner"])
@pytest.mark.parametrize(("reserve", "lethal", "pays"), [
    ({"mineral": 3}, False, 2),   # spare Mana: pays while the reserve keeps its last one
    ({"mineral": 1}, False, 0),   # the last Mana would break the crown
    ({"mineral": 1}, True, 1),    # unless the blow is lethal
])
def test_waiver_crown_bots_pay_with_spare_mana_or_against_a_lethal_blow(bot, reserve, lethal,
                                                                       pays):
    eng = make_engine(["waiver_crown", "warrior_mage_ritual"], policy=bot)
    summon_duke(eng)
    put_on_board(eng, 0, "warrior_mage_ritual", RITUAL)
    give_hand(eng, 0, "waiver_crown")
    set_reserve(eng, 0, mineral=2 + reserve["mineral"], arcane=1)
    prepare(eng, 0, "waiver_crown")
    hp = 3 if lethal else 20
    eng.state.hp[0, 0] = hp
    duke_attacks(eng)
    assert _hp(eng) == hp - (4 - pays)


def test_obsidian_rock_leaves_the_numbers_of_a_spell_it_prepares():
    eng = make_engine(["obsidian_rock", "rock", "meteor_punch"])
    summon_duke(eng)
    put_on_board(eng, 0, "obsidian_rock", CHANNELED)
    put_on_board(eng, 0, "rock", CHANNELED)
    give_hand(eng, 0, "meteor_punch")
    set_reserve(eng, 0, air=1, mineral=3)
    said = transcript_of(eng, lambda: prepare(eng, 0, "meteor_punch"))
    assert not any("numbers change" in line for line in said)
    slot = int(np.flatnonzero(eng.state.board_card[0, 0] == lid(eng, "meteor_punch"))[0])
    _activate(eng, slot)
    assert _duke_hp(eng) == 15 and _hp(eng) == 18  # 5 and 2, not 6 and 3
