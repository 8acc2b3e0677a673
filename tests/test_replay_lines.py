"""The replay's lines for what it used to leave silent or unexplained (issue #39, item 11),
each on a small hand-built position (tests/card_positions.py) with the transcript of one
real engine action. The games of every example deck are checked line by line against the
engine's position in tests/test_replay_hides_nothing.py.
"""

from __future__ import annotations

import numpy as np
from card_positions import (
    ScriptedPolicy,
    activate,
    adv_target,
    give_hand,
    lid,
    make_engine,
    mana,
    prepare,
    put_on_board,
    set_ether,
    set_reserve,
    slot_target,
    summon_duke,
)
from engine_fixtures import transcript_of

from simulator.engine.host import api
from simulator.engine.rules.layout import (
    CHANNELED,
    EQUIPMENT,
    FIRE,
    PERMANENT,
    PREPARED,
    T_TURN_START,
)

G0, P0 = np.array([0]), np.array([0])
DUKE = adv_target(0)


def quiet_duke(eng) -> None:
    """The Duke in play without its turn-start blow."""
    summon_duke(eng)
    eng.table_record["trig_count"][0, lid(eng, "adv:duke"), T_TURN_START] = 0


def test_hp_the_adversary_loses_to_hypnotic_flower_is_shown():
    eng = make_engine(["hypnotic_flower"])
    summon_duke(eng)
    spell = put_on_board(eng, 0, "hypnotic_flower", PREPARED, mana(vegetal=2))
    lines = transcript_of(eng, lambda: activate(eng, 0, spell))
    assert "  The Duke loses 2 HP (HP 20 to 18) from Hypnotic flower" in lines
    assert eng.state.adv_hp[0, 0] == 18


def test_hp_the_adversary_loses_to_lethal_flourish_is_shown():
    eng = make_engine(["lethal_flourish", "hypnotic_flower"])
    summon_duke(eng)
    put_on_board(eng, 0, "hypnotic_flower", CHANNELED, mana(vegetal=2))
    spell = put_on_board(eng, 0, "lethal_flourish", PREPARED, mana(vegetal=3))
    lines = transcript_of(eng, lambda: activate(eng, 0, spell))
    assert "  The Duke loses 5 HP (HP 20 to 15) from Lethal flourish" in lines
    assert "Hypnotic flower leaves play, to the discard pile" in lines


def test_sap_distillation_says_where_its_mana_comes_from():
    eng = make_engine(["sap_distillation"])
    spell = put_on_board(eng, 0, "sap_distillation", PREPARED, mana(water=1, vegetal=1))
    eng.policy = ScriptedPolicy({"mana_element": 3})  # Vegetal
    lines = transcript_of(eng, lambda: activate(eng, 0, spell))
    assert "  takes 3 vegetal from the Infinite Ether into the reserve" in lines


def test_a_preparation_shows_what_the_reserve_paid_and_the_components():
    eng = make_engine(["fiery_arrow", "flame"])
    put_on_board(eng, 0, "flame", CHANNELED)
    give_hand(eng, 0, "fiery_arrow")
    set_reserve(eng, 0, fire=3)
    lines = transcript_of(eng, lambda: prepare(eng, 0, "fiery_arrow"))
    assert lines[:2] == ["prepares Fiery arrow",
                         "  pays 2 fire from the reserve; components: Flame"]


def test_a_trade_names_the_pile_it_takes_from_and_gives_to():
    eng = make_engine(["flame"])
    set_reserve(eng, 0, water=2)
    set_ether(eng, 1, fire=2)
    lines = transcript_of(eng, lambda: api.trade(eng, G0, P0, np.array([FIRE])))
    assert lines == ["trades 2 water for 1 fire from pile 2, gives it to pile 2"]
    assert eng.state.ether[0, 1].tolist() == mana(fire=1, water=2)


def test_a_destruction_says_its_cause():
    eng = make_engine(["fission", "dead_tree", "flame"])
    summon_duke(eng)
    tree = put_on_board(eng, 0, "dead_tree", PERMANENT, mana(vegetal=2))
    spell = put_on_board(eng, 0, "fission", PREPARED, mana(fire=2))
    give_hand(eng, 0, "flame")
    eng.policy = ScriptedPolicy({"discard_from_hand": lid(eng, "flame"),
                                 "destroy_target": slot_target(eng, 0, tree)})
    lines = transcript_of(eng, lambda: activate(eng, 0, spell))
    # the HP it had says which copy went when two differ (Engulfment on one of two Animated
    # trees left the replay's reader with the wrong one)
    assert "  Dead tree is destroyed (2 HP) by Fission" in lines


def test_a_permanent_destroyed_by_damage_says_0_hp():
    eng = make_engine(["dead_tree"])
    tree = put_on_board(eng, 0, "dead_tree", PERMANENT)
    lines = transcript_of(eng, lambda: api.deal_damage(
        eng, G0, np.array([-1]), np.array([lid(eng, "adv:duke")]),
        np.array([slot_target(eng, 0, tree)]), np.array([2])))
    assert lines[:2] == ["  2 damage to Dead tree (HP 2 to 0)", "  Dead tree is destroyed (0 HP)"]


def test_a_protector_redirection_is_explained():
    eng = make_engine(["ice_wall"], policy=ScriptedPolicy({"protector_redirect": 1}))
    summon_duke(eng)
    put_on_board(eng, 0, "ice_wall", PERMANENT, mana(water=2, mineral=2))
    lines = transcript_of(eng, lambda: api.deal_damage(
        eng, G0, np.array([-1]), np.array([lid(eng, "adv:duke")]), np.array([12]),
        np.array([2])))
    assert lines[0] == "  Ice wall is a Protector: it takes the damage aimed at player 1"


def test_the_components_lightning_arc_applies_and_its_target_are_named():
    policy = ScriptedPolicy({"target": DUKE})
    eng = make_engine(["lightning_arc", "static_spark"], policy=policy)
    quiet_duke(eng)
    put_on_board(eng, 0, "static_spark", CHANNELED, mana(air=2))
    arc = put_on_board(eng, 0, "lightning_arc", PREPARED, mana(fire=1, air=2))
    lines = transcript_of(eng, lambda: activate(eng, 0, arc))
    assert "  Lightning arc targets The Duke" in lines
    assert "  Lightning arc will apply Static spark" in lines
    assert "  applies Static spark" in lines


def test_raijins_roar_names_the_lightning_it_applies():
    eng = make_engine(["raijins_roar", "lightning_arc"], policy=ScriptedPolicy({"target": DUKE}))
    quiet_duke(eng)
    put_on_board(eng, 0, "lightning_arc", CHANNELED, mana(fire=1, air=2))
    roar = put_on_board(eng, 0, "raijins_roar", PREPARED, mana(fire=1, air=2))
    lines = transcript_of(eng, lambda: activate(eng, 0, roar))
    assert "  applies Lightning arc" in lines
    assert "Lightning arc leaves play, to the discard pile" in lines


def test_kerlochs_robe_names_the_cards_of_the_hand_it_discards():
    eng = make_engine(["kerlochs_robe", "flame", "breath"],
                      policy=ScriptedPolicy({"may_use_ability": 1}))
    summon_duke(eng)
    put_on_board(eng, 0, "kerlochs_robe", EQUIPMENT)
    give_hand(eng, 0, "flame")
    give_hand(eng, 0, "breath")
    lines = transcript_of(eng, lambda: api.deal_damage(
        eng, G0, np.array([-1]), np.array([lid(eng, "adv:duke")]), np.array([12]),
        np.array([4])))
    assert lines[0] == "  sacrifices Kerloc'h's robe and discards their hand"
    assert {"  player 1 discards Flame", "  player 1 discards Breath"} <= set(lines)
    assert eng.state.hp[0, 0] == 20
