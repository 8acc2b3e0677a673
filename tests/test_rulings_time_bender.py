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
from simulator.engine.rules.layout import CHANNELED, EQUIPMENT, PERMANENT, PREPARED, RITUAL

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


def _only_the_prepared_spell_goes(card: str, ritual: bool) -> None:
    """``card`` activated beside the Adversary's Ducal guard (a Permanent), the player's own
    Dead tree (a Permanent), Bark armor (an Equipment), a Ritual, and a Seed in preparation:
    the Seed is the only choice, and the only card discarded."""
    eng = make_engine([card, "dead_tree", "bark_armor", "rite_of_passage", "seed"])
    summon_duke(eng)
    guard = summon_adversary_card(eng, "adv:ducal_guard")
    kept = {put_on_board(eng, 0, "dead_tree", PERMANENT): ("dead_tree", PERMANENT),
            put_on_board(eng, 0, "bark_armor", EQUIPMENT): ("bark_armor", EQUIPMENT)}
    if ritual:
        kept[put_on_board(eng, 0, "rite_of_passage", RITUAL)] = ("rite_of_passage", RITUAL)
    seed = put_on_board(eng, 0, "seed", PREPARED)
    activate_slot(eng, put_on_board(eng, 0, card, PREPARED, mana(arcane=2)))
    (asked,) = eng.policy.options_of("return_prepared")
    assert np.flatnonzero(asked).tolist() == [seed]
    assert board_of(eng, 0) == kept
    assert discard_of(eng, 0) == {card: 1, "seed": 1}
    assert eng.state.adv_card[0, guard] == lid(eng, "adv:ducal_guard")
    assert eng.state.adv_discard[0].sum() == 0


def test_dimensional_deletion_never_takes_a_permanent_or_an_equipment():
    _only_the_prepared_spell_goes("dimensional_deletion", ritual=False)


def test_revocation_never_takes_a_permanent_an_equipment_or_a_ritual():
    _only_the_prepared_spell_goes("revocation", ritual=True)


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
