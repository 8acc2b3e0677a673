"""The Way of the Warrior-Mage's official rulings that no card test checked yet
(docs/rulings.md lists every ruling and the test that checks it): one small hand-built
position each (tests/card_positions.py), the real engine action, the exact state after."""

from __future__ import annotations

import numpy as np
import pytest
from card_positions import (
    ScriptedPolicy,
    adv_target,
    board_of,
    discard_of,
    give_hand,
    lid,
    make_engine,
    mana,
    player_target,
    prepare,
    put_on_board,
    set_deck,
    set_reserve,
    slot_target,
    summon_duke,
    trigger,
)
from engine_fixtures import G0, P0, component_instances, transcript_of
from ruling_positions import (
    VICTIMS,
    adversary_hits,
    hp_of,
    printed_hp,
    slot_hp,
    use_slot,
)

from simulator.engine.host import api
from simulator.engine.rules.layout import (
    CHANNELED,
    EQUIPMENT,
    PERMANENT,
    PREPARED,
    RITUAL,
    WORD,
)

DUKE = adv_target(0)




def _duke_hp(eng) -> int:
    return int(eng.state.adv_hp[0, 0])






def test_forged_blade_a_new_blade_has_its_own_use():
    """Used once, then replaced by a new Forged blade the same turn: the new one may be used."""
    eng = make_engine(["forged_blade", "rock"], policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    old = put_on_board(eng, 0, "forged_blade", EQUIPMENT)
    use_slot(eng, old)
    assert _duke_hp(eng) == 19
    put_on_board(eng, 0, "rock", CHANNELED)
    give_hand(eng, 0, "forged_blade")
    set_reserve(eng, 0, mineral=2)
    new = prepare(eng, 0, "forged_blade")
    assert board_of(eng, 0) == {new: ("forged_blade", EQUIPMENT)}
    assert discard_of(eng, 0) == {"forged_blade": 1, "rock": 1}  # replaced; the Rock forged
    use_slot(eng, new)
    assert _duke_hp(eng) == 18


@pytest.mark.parametrize("victim", VICTIMS)
def test_lithomancy_ring_protectors_take_blows_aimed_at_the_player_or_permanents(victim):
    """Stone tree (Mineral, 7 HP) becomes a Protector, Underground mine (Mineral, no HP) does
    not; the Duke's 1 damage aimed at the player, a plain Permanent or another Protector
    (Enchanted forest) may go to the Stone tree."""
    eng = make_engine(["lithomancy_ring", "stone_tree", "underground_mine", "tree_in_flames",
                       "enchanted_forest"])
    summon_duke(eng)
    put_on_board(eng, 0, "lithomancy_ring", EQUIPMENT)
    stone = put_on_board(eng, 0, "stone_tree", PERMANENT)
    mine = put_on_board(eng, 0, "underground_mine", PERMANENT)
    plain = put_on_board(eng, 0, "tree_in_flames", PERMANENT)
    guard = put_on_board(eng, 0, "enchanted_forest", PERMANENT)
    eng.policy.forced["protector_redirect"] = 1 + stone
    target = {"player": player_target(eng, 0), "permanent": slot_target(eng, 0, plain),
              "protector": slot_target(eng, 0, guard)}[victim]
    adversary_hits(eng, target, 1)
    (asked,) = eng.policy.of_kind("protector_redirect")
    assert asked.options[0, 1 + stone] and not asked.options[0, 1 + mine]
    assert slot_hp(eng, stone) == printed_hp(eng, "stone_tree") - 1
    assert hp_of(eng) == 20 and slot_hp(eng, plain) == printed_hp(eng, "tree_in_flames")
    assert slot_hp(eng, guard) == printed_hp(eng, "enchanted_forest")


def test_rock_wall_channeled_is_no_protector_under_lithomancy_ring():
    eng = make_engine(["rock_wall", "lithomancy_ring"],
                      policy=ScriptedPolicy({"protector_redirect": 0}))
    summon_duke(eng)
    put_on_board(eng, 0, "lithomancy_ring", EQUIPMENT)
    wall = put_on_board(eng, 0, "rock_wall", PERMANENT, mana(mineral=2))
    adversary_hits(eng, player_target(eng, 0), 1)
    (asked,) = eng.policy.of_kind("protector_redirect")
    assert asked.options[0, 1 + wall]  # a Mineral Permanent with HP: a Protector
    adversary_hits(eng, slot_target(eng, 0, wall), 3)
    assert board_of(eng, 0)[wall] == ("rock_wall", CHANNELED)
    adversary_hits(eng, player_target(eng, 0), 1)
    assert len(eng.policy.of_kind("protector_redirect")) == 1  # no Protector left to offer
    assert hp_of(eng) == 18


def _armour_holds(card: str, reduction: int) -> None:
    """X = 2 (a channeled Rock with 2 Mineral). An HP loss (Ritual of decomposition) goes
    through; the allowance is spent, then back on the opponent's turn and on the player's;
    a 1 reduced by Materialized armor's 1 is 0, never a heal."""
    eng = make_engine([card, "rock", "ritual_of_decomposition", "seed"])
    put_on_board(eng, 0, card, EQUIPMENT, mana(mineral=3))
    rock = put_on_board(eng, 0, "rock", CHANNELED, mana(mineral=2))
    ritual = put_on_board(eng, 0, "ritual_of_decomposition", RITUAL)
    me = player_target(eng, 0)
    trigger(eng, "turn_start", 0, "ritual_of_decomposition", ritual)
    assert hp_of(eng) == 19  # the HP loss is not ignored
    first = max(3 - reduction - 2, 0)  # 2 ignored
    adversary_hits(eng, me, 3)
    assert hp_of(eng) == 19 - first
    adversary_hits(eng, me, 3)
    hp = 19 - first - (3 - reduction)
    assert hp_of(eng) == hp
    api.adversary_turn(eng, G0)  # the opponent's turn: the allowance is back
    adversary_hits(eng, me, 3)
    hp -= first
    assert hp_of(eng) == hp
    set_deck(eng, 0, ["seed"])
    eng.state.turn[:] = 2
    api.begin_player_turn(eng, G0, P0)  # back again as the turn begins (the ritual: 1 HP lost)
    hp -= 1
    adversary_hits(eng, me, 3)
    hp -= first
    assert hp_of(eng) == hp
    api.adversary_turn(eng, G0)
    eng.state.board_mana[0, 0, rock] = 0  # X = 0 for this turn
    adversary_hits(eng, me, 1)
    assert hp_of(eng) == hp - (1 - reduction)


def test_solid_armor_not_against_hp_loss_renewed_each_turn():
    _armour_holds("solid_armor", 0)


def test_materialized_armor_not_against_hp_loss_renewed_each_turn():
    _armour_holds("materialized_armor", 1)


def test_meteor_punch_hits_its_caster_before_the_permanents():
    """5 to the Duke, 2 to the caster, then 2 to every Permanent with HP (the Stone tree);
    Maelström, without HP, is not touched."""
    eng = make_engine(["meteor_punch", "stone_tree", "maelstrom"])
    summon_duke(eng)
    tree = put_on_board(eng, 0, "stone_tree", PERMANENT)
    mael = put_on_board(eng, 0, "maelstrom", PERMANENT)
    slot = put_on_board(eng, 0, "meteor_punch", PREPARED)
    lines = transcript_of(eng, lambda: api.activate(eng, G0, P0, np.array([slot])))
    hits = [line for line in lines if "damage" in line]
    caster = next(i for i, line in enumerate(hits) if "player 1" in line)
    stone = next(i for i, line in enumerate(hits) if "Stone tree" in line)
    assert caster < stone
    assert not any("Maelstr" in line for line in hits)
    assert hp_of(eng) == 18 and slot_hp(eng, tree) == printed_hp(eng, "stone_tree") - 2
    assert board_of(eng, 0)[mael] == ("maelstrom", PERMANENT)


def test_rock_three_copies_are_all_ore():
    eng = make_engine(["rock"])
    for _ in range(3):
        put_on_board(eng, 0, "rock", CHANNELED)
    assert component_instances(eng, G0, P0)[0, WORD["Ore"]] == 3


def test_warrior_mage_ritual_indestructible_equipment_stays_as_a_component():
    """Bark armor made indestructible serves as Druid armor's Bark: neither the component
    use nor the torso slot discards it."""
    eng = make_engine(["warrior_mage_ritual", "bark_armor", "druid_armor", "flame"],
                      policy=ScriptedPolicy({"discard_from_hand": 0}))
    ritual = put_on_board(eng, 0, "warrior_mage_ritual", RITUAL)
    bark = put_on_board(eng, 0, "bark_armor", EQUIPMENT)
    give_hand(eng, 0, "flame")
    eng.policy.forced["discard_from_hand"] = lid(eng, "flame")
    eng.policy.forced["ability_target"] = bark
    use_slot(eng, ritual)
    give_hand(eng, 0, "druid_armor")
    set_reserve(eng, 0, arcane=1, vegetal=1)
    armor = prepare(eng, 0, "druid_armor")
    assert board_of(eng, 0) == {ritual: ("warrior_mage_ritual", RITUAL),
                                bark: ("bark_armor", EQUIPMENT),
                                armor: ("druid_armor", EQUIPMENT)}
    assert discard_of(eng, 0) == {"flame": 1}


def test_warrior_mage_ritual_copies_stack_the_equipment_bonus():
    eng = make_engine(["warrior_mage_ritual", "forged_blade"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    put_on_board(eng, 0, "warrior_mage_ritual", RITUAL)
    put_on_board(eng, 0, "warrior_mage_ritual", RITUAL)
    blade = put_on_board(eng, 0, "forged_blade", EQUIPMENT)
    use_slot(eng, blade)
    assert _duke_hp(eng) == 20 - 3
