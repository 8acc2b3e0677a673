"""The Way of the Time Bender's official rulings that no card test checked yet
(docs/rulings.md lists every ruling and the test that checks it): one small hand-built
position each (tests/card_positions.py), the real engine action, the exact state after."""

from __future__ import annotations

import numpy as np
from card_positions import (
    ScriptedPolicy,
    adv_target,
    board_of,
    deck_list,
    discard_of,
    give_discard,
    give_hand,
    hand_of,
    lid,
    make_engine,
    mana,
    prepare,
    put_on_board,
    set_deck,
    set_reserve,
    summon_adversary_card,
    summon_duke,
)
from engine_fixtures import G0, P0
from ruling_positions import activate_slot

from simulator.engine.host import api
from simulator.engine.rules.layout import CHANNELED, EQUIPMENT, PREPARED, RITUAL

DUKE = adv_target(0)




def test_delayed_fate_copies_add_up():
    eng = make_engine(["delayed_fate"])
    for _ in range(2):
        activate_slot(eng, put_on_board(eng, 0, "delayed_fate", PREPARED, mana(arcane=1)))
    assert int(eng.state.next_extra[0, 0]) == 2


def test_delayed_fate_lets_a_spell_needing_no_time_take_one():
    """A Seed (no component) prepared after Delayed fate takes a Century: its 1 HP doubles,
    and the Century is discarded once used."""
    eng = make_engine(["delayed_fate", "century", "seed"])
    century = put_on_board(eng, 0, "century", CHANNELED)
    activate_slot(eng, put_on_board(eng, 0, "delayed_fate", PREPARED, mana(arcane=1)))
    eng.policy.forced["extra_component"] = century
    give_hand(eng, 0, "seed")
    set_reserve(eng, 0, vegetal=1)
    eng.state.hp[0, 0] = 15
    seed = prepare(eng, 0, "seed")
    assert discard_of(eng, 0) == {"delayed_fate": 1, "century": 1}
    activate_slot(eng, seed)
    assert int(eng.state.hp[0, 0]) == 17


def test_dimensional_deletion_leaves_the_adversarys_permanents():
    """The Ducal guard, a Permanent, is not a prepared spell: it stays."""
    eng = make_engine(["dimensional_deletion"])
    summon_duke(eng)
    guard = summon_adversary_card(eng, "adv:ducal_guard")
    slot = put_on_board(eng, 0, "dimensional_deletion", PREPARED, mana(arcane=2))
    activate_slot(eng, slot)
    assert eng.state.adv_card[0, guard] == lid(eng, "adv:ducal_guard")
    assert eng.state.adv_discard[0].sum() == 0
    assert discard_of(eng, 0) == {"dimensional_deletion": 1}


def test_revocation_leaves_the_adversarys_permanents():
    """It discards a prepared spell: the Ducal guard, a Permanent, is none."""
    eng = make_engine(["revocation"])
    summon_duke(eng)
    guard = summon_adversary_card(eng, "adv:ducal_guard")
    activate_slot(eng, put_on_board(eng, 0, "revocation", PREPARED, mana(arcane=2)))
    assert eng.state.adv_card[0, guard] == lid(eng, "adv:ducal_guard")
    assert eng.state.adv_discard[0].sum() == 0 and discard_of(eng, 0) == {"revocation": 1}


def test_galactic_mantle_leaves_other_draws_alone():
    """Healer's breath draws in the main phase: from the deck, not from the discard pile."""
    eng = make_engine(["galactic_mantle", "knowledge_ritual", "healers_breath", "seed", "zephyr"])
    put_on_board(eng, 0, "knowledge_ritual", RITUAL)
    put_on_board(eng, 0, "galactic_mantle", EQUIPMENT)
    give_discard(eng, 0, "seed")
    set_deck(eng, 0, ["zephyr"])
    activate_slot(eng, put_on_board(eng, 0, "healers_breath", PREPARED, mana(air=2)))
    assert hand_of(eng, 0) == {"zephyr": 1}
    assert discard_of(eng, 0) == {"seed": 1, "healers_breath": 1}


def test_knowledge_of_history_offers_no_permanent_equipment_or_ritual():
    eng = make_engine(["knowledge_of_history", "dead_tree", "bark_armor", "knowledge_ritual",
                       "flame"], policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    for card in ("dead_tree", "bark_armor", "knowledge_ritual", "flame"):
        give_discard(eng, 0, card)
    activate_slot(eng, put_on_board(eng, 0, "knowledge_of_history", PREPARED, mana(arcane=6)))
    (options,) = eng.policy.options_of("from_discard")
    assert np.flatnonzero(options).tolist() == [lid(eng, "flame")]
    assert int(eng.state.adv_hp[0, 0]) == 19


def test_knowledge_ritual_mills_before_the_draw():
    """The top card (Flame) is milled at turn start; the draw phase then draws the Seed."""
    eng = make_engine(["knowledge_ritual", "seed", "flame"])
    put_on_board(eng, 0, "knowledge_ritual", RITUAL)
    set_deck(eng, 0, ["seed", "flame"])
    eng.state.turn[:] = 2
    api.begin_player_turn(eng, G0, P0)
    assert discard_of(eng, 0) == {"flame": 1} and hand_of(eng, 0) == {"seed": 1}
    assert deck_list(eng, 0) == []


def test_split_second_twice_turns_a_heal_into_hp_loss_and_a_draw_into_nothing():
    """Healer's breath carrying two Split seconds (not a Mage Noir): gain 1 - 2 = -1 HP is
    1 HP lost; draw 1 - 2 stops at 0."""
    eng = make_engine(["healers_breath", "split_second", "seed"])
    set_deck(eng, 0, ["seed"])
    slot = put_on_board(eng, 0, "healers_breath", PREPARED, mana(air=2))
    eng.state.board_mods[0, 0, slot, :2] = lid(eng, "split_second") + 1
    activate_slot(eng, slot)
    assert int(eng.state.hp[0, 0]) == 19
    assert hand_of(eng, 0) == {} and deck_list(eng, 0) == ["seed"]
    assert board_of(eng, 0) == {}
