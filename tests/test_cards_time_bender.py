"""One test per card of the Way of the Time Bender (and the Phase extension's Time number
modifiers, Millennium and Millisecond), named after it, on hand-built positions
(tests/card_positions.py): the exact state after the card is prepared and activated, its Mage
Noir variant, each choice.

The Time cards most tests prepare another card with: Temporal blast (3 damage, any target;
it discards the Time component it used when prepared) and Fast forward.
"""

from __future__ import annotations

import numpy as np
import pytest
from card_positions import (
    ScriptedPolicy,
    activate,
    adv_discard_of,
    adv_target,
    board_of,
    can_prepare,
    deck_list,
    discard_of,
    effective_cost,
    give_hand,
    hand_of,
    lid,
    make_engine,
    mana,
    prepare,
    put_on_board,
    set_deck,
    set_reserve,
    start_turn,
    summon_duke,
)
from engine_fixtures import set_adversary_deck, transcript_of

from simulator.engine.host import api
from simulator.engine.host.api import adversary_turn, begin_player_turn
from simulator.engine.rules.layout import (
    CHANNELED,
    EMPTY,
    EQUIPMENT,
    MARK_QUICKCAST,
    PERMANENT,
    PREPARED,
    RITUAL,
    TRIGGERS,
)

G0 = np.array([0])

DUKE = adv_target(0)


def _duke_hp(eng) -> int:
    return int(eng.state.adv_hp[0, 0])


def _hp(eng, player: int = 0) -> int:
    return int(eng.state.hp[0, player])


def give_discard(eng, player: int, *card_ids: str) -> None:
    """Cards onto the discard pile in this order (the last one on top), counts and order."""
    st = eng.state
    for cid in card_ids:
        c = lid(eng, cid)
        n = int(st.discard_len[0, player])
        st.discard[0, player, c] += 1
        st.discard_pile[0, player, n] = c
        st.discard_len[0, player] = n + 1


def pile_order(eng, player: int = 0) -> list[str]:
    """The discard pile bottom first, as card ids."""
    st = eng.state
    n = int(st.discard_len[0, player])
    return [eng.info.ids[c] for c in st.discard_pile[0, player, :n]]


def _blast_with(eng, component: str, mage_noir: bool = False) -> int:
    """Temporal blast prepared from hand with ``component`` channeled as its Time."""
    summon_duke(eng)
    put_on_board(eng, 0, component, CHANNELED)
    if mage_noir:
        put_on_board(eng, 0, "knowledge_ritual", RITUAL)
    give_hand(eng, 0, "temporal_blast")
    set_reserve(eng, 0, arcane=2)
    return prepare(eng, 0, "temporal_blast")


# --- vocabulary cards ------------------------------------------------------------------------


def test_brilliant_inspiration():
    eng = make_engine(["brilliant_inspiration", "zephyr", "seed", "flame"],
                      policy=ScriptedPolicy({"discard_from_hand": lambda e, g: lid(e, "seed")}))
    set_deck(eng, 0, ["flame", "seed", "zephyr"])
    slot = put_on_board(eng, 0, "brilliant_inspiration", PREPARED, mana(arcane=2))
    activate(eng, 0, slot)
    assert hand_of(eng, 0) == {"zephyr": 1}
    assert deck_list(eng, 0) == ["flame"]
    assert discard_of(eng, 0) == {"seed": 1, "brilliant_inspiration": 1}


def test_dimensional_deletion_discards_a_prepared_spell_of_any_player():
    """Its text names no side: a teammate's Fire ball (chosen) goes to its
    owner's discard pile, its Mana released; the caster's own Zephyr was a choice too, not the
    Deletion itself. The Adversary has none: with no other spell in preparation, nothing
    happens."""
    eng = make_engine(["dimensional_deletion", "fire_ball", "zephyr"], players=2)
    summon_duke(eng)
    deletion = put_on_board(eng, 0, "dimensional_deletion", PREPARED, mana(arcane=2))
    zephyr = put_on_board(eng, 0, "zephyr", PREPARED, mana(air=1))
    ball = put_on_board(eng, 1, "fire_ball", PREPARED, mana(fire=2))
    slots = eng.info.slots
    eng.policy.forced["return_prepared"] = [slots + ball]
    activate(eng, 0, deletion)
    (asked,) = eng.policy.options_of("return_prepared")
    assert np.flatnonzero(asked).tolist() == [zephyr, slots + ball]
    assert discard_of(eng, 1) == {"fire_ball": 1} and board_of(eng, 1) == {}
    assert discard_of(eng, 0) == {"dimensional_deletion": 1}
    assert board_of(eng, 0) == {zephyr: ("zephyr", PREPARED)}
    assert np.sum(eng.state.ether[0], axis=0).tolist() == mana(fire=2, arcane=2)
    assert _duke_hp(eng) == 20
    eng.state.board_card[0, 0, zephyr] = -1  # nothing in preparation left
    eng.state.board_zone[0, 0, zephyr] = EMPTY
    again = put_on_board(eng, 0, "dimensional_deletion", PREPARED, mana(arcane=2))
    lines = transcript_of(eng, lambda: activate(eng, 0, again))
    assert "  the Adversary has no prepared spell to discard: nothing happens" in lines
    assert discard_of(eng, 0) == {"dimensional_deletion": 2}


@pytest.mark.parametrize("bot", ["greedy", "planner"])
def test_dimensional_deletion_the_bots_keep_it_rather_than_discard_their_own_spell(bot):
    """Against the Adversary the only spell it could discard is the player's own (an Ice
    breath, which the bots do not activate either): both stay prepared."""
    eng = make_engine(["dimensional_deletion", "ice_breath"], policy=bot)
    summon_duke(eng)
    eng.state.turn[:] = 3
    deletion = put_on_board(eng, 0, "dimensional_deletion", PREPARED, mana(arcane=2))
    breath = put_on_board(eng, 0, "ice_breath", PREPARED, mana(water=1, air=1))
    api.main_phase(eng, G0, np.array([0]))
    assert board_of(eng, 0) == {deletion: ("dimensional_deletion", PREPARED),
                                breath: ("ice_breath", PREPARED)}


def test_knowledge_ritual():
    eng = make_engine(["knowledge_ritual", "zephyr", "seed"])
    set_deck(eng, 0, ["zephyr", "seed"])
    put_on_board(eng, 0, "knowledge_ritual", RITUAL, mana(arcane=3))
    start_turn(eng, 0)
    assert deck_list(eng, 0) == ["zephyr"]
    assert discard_of(eng, 0) == {"seed": 1} and pile_order(eng) == ["seed"]
    assert hand_of(eng, 0) == {}
    set_deck(eng, 0, [])
    start_turn(eng, 0)  # an empty deck: nothing is discarded, nobody is out
    assert eng.state.out[0, 0] == 0 and discard_of(eng, 0) == {"seed": 1}


def test_century():
    eng = make_engine(["century", "temporal_blast"], policy=ScriptedPolicy({"target": DUKE}))
    slot = _blast_with(eng, "century")
    assert discard_of(eng, 0) == {"century": 1}  # discarded once used
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 20 - 6
    assert discard_of(eng, 0) == {"century": 1, "temporal_blast": 1}


@pytest.mark.parametrize(("mage_noir", "damage"), [(False, 2), (True, 4)])
def test_split_second(mage_noir, damage):
    eng = make_engine(["split_second", "temporal_blast", "knowledge_ritual"],
                      policy=ScriptedPolicy({"target": DUKE}))
    slot = _blast_with(eng, "split_second", mage_noir)
    assert discard_of(eng, 0) == {"split_second": 1}  # Temporal blast discards its Time
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 20 - damage


def test_split_second_switches_when_a_ritual_enters_after_the_preparation():
    eng = make_engine(["split_second", "temporal_blast", "knowledge_ritual"],
                      policy=ScriptedPolicy({"target": DUKE}))
    slot = _blast_with(eng, "split_second")
    put_on_board(eng, 0, "knowledge_ritual", RITUAL)
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 20 - 4


def test_split_second_below_zero_heals():
    """Temporal paradox (0 damage) minus 1: -1 damage heals the target by 1 (R11.4)."""
    eng = make_engine(["split_second", "temporal_paradox"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng, hp=15)
    put_on_board(eng, 0, "split_second", CHANNELED)
    give_hand(eng, 0, "temporal_paradox")
    slot = prepare(eng, 0, "temporal_paradox")
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 16


def test_time_acceleration():
    eng = make_engine(["time_acceleration", "temporal_blast", "zephyr", "seed"],
                      policy=ScriptedPolicy({"target": DUKE}))
    set_deck(eng, 0, ["zephyr", "seed"])
    slot = _blast_with(eng, "time_acceleration")
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 17
    assert deck_list(eng, 0) == ["zephyr"]
    # the granted line runs last, before the spell itself is discarded
    assert pile_order(eng) == ["time_acceleration", "seed", "temporal_blast"]


def test_time_acceleration_with_century_mills_two():
    """Two Time components through Delayed fate: the granted line's 1 is doubled too."""
    eng = make_engine(["time_acceleration", "century", "temporal_blast", "delayed_fate",
                       "zephyr", "seed", "flame"],
                      policy=ScriptedPolicy({"target": DUKE}))
    set_deck(eng, 0, ["flame", "zephyr", "seed"])
    summon_duke(eng)
    century = put_on_board(eng, 0, "century", CHANNELED)
    accel = put_on_board(eng, 0, "time_acceleration", CHANNELED)
    fate = put_on_board(eng, 0, "delayed_fate", PREPARED, mana(arcane=1))
    activate(eng, 0, fate)
    eng.policy = ScriptedPolicy({"target": DUKE, "use_component": century,
                                 "extra_component": accel})
    give_hand(eng, 0, "temporal_blast")
    set_reserve(eng, 0, arcane=2)
    slot = prepare(eng, 0, "temporal_blast")
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 20 - 6
    assert deck_list(eng, 0) == ["flame"]


def test_temporal_salvage():
    eng = make_engine(["temporal_salvage", "century", "split_second", "split_second",
                       "zephyr", "knowledge_ritual"])
    give_discard(eng, 0, "century", "zephyr", "split_second", "split_second", "knowledge_ritual")
    slot = put_on_board(eng, 0, "temporal_salvage", PREPARED, mana(water=2, arcane=3))
    activate(eng, 0, slot)
    board = board_of(eng, 0)
    assert sorted(board.values()) == [("century", CHANNELED), ("split_second", CHANNELED),
                                      ("split_second", CHANNELED)]
    assert all(eng.state.board_mana[0, 0, s].sum() == 0 for s in board)
    assert discard_of(eng, 0) == {"zephyr": 1, "knowledge_ritual": 1, "temporal_salvage": 1}
    assert pile_order(eng) == ["zephyr", "knowledge_ritual", "temporal_salvage"]


def test_temporal_salvage_may_stop_and_costs_less_for_a_mage_noir():
    eng = make_engine(["temporal_salvage", "century", "knowledge_ritual"])
    give_hand(eng, 0, "temporal_salvage")
    assert effective_cost(eng, 0, "temporal_salvage") == mana(water=2, arcane=3)
    put_on_board(eng, 0, "knowledge_ritual", RITUAL)
    assert effective_cost(eng, 0, "temporal_salvage") == mana(water=1, arcane=3)
    give_discard(eng, 0, "century")
    eng.policy = ScriptedPolicy({"from_discard": eng.tables.n_cards})
    slot = put_on_board(eng, 0, "temporal_salvage", PREPARED, mana(water=1, arcane=3))
    activate(eng, 0, slot)
    assert discard_of(eng, 0) == {"century": 1, "temporal_salvage": 1}


@pytest.mark.parametrize("with_time", [True, False])
def test_fast_forward(with_time):
    eng = make_engine(["fast_forward", "century", "zephyr"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    set_deck(eng, 0, ["zephyr"])
    if with_time:
        put_on_board(eng, 0, "century", CHANNELED)
    slot = put_on_board(eng, 0, "fast_forward", PREPARED, mana(fire=1, arcane=1))
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 18 and hand_of(eng, 0) == {"zephyr": 1}
    assert board_of(eng, 0) == {}
    expected = {"century": 1, "fast_forward": 1} if with_time else {"fast_forward": 1}
    assert discard_of(eng, 0) == expected


def test_temporal_blast_from_the_discard_pile_unless_on_top():
    eng = make_engine(["temporal_blast", "century", "zephyr"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    put_on_board(eng, 0, "century", CHANNELED)
    set_reserve(eng, 0, arcane=4)
    give_discard(eng, 0, "temporal_blast")
    assert not can_prepare(eng, 0, "temporal_blast")  # on top
    give_discard(eng, 0, "zephyr")
    assert can_prepare(eng, 0, "temporal_blast")
    slot = prepare(eng, 0, "temporal_blast")
    assert pile_order(eng) == ["zephyr", "century"]
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 20 - 6
    assert pile_order(eng) == ["zephyr", "century", "temporal_blast"]
    assert not can_prepare(eng, 0, "temporal_blast")


def test_temporal_blast_two_copies_one_on_top():
    eng = make_engine(["temporal_blast", "split_second"])
    put_on_board(eng, 0, "split_second", CHANNELED)
    set_reserve(eng, 0, arcane=2)
    give_discard(eng, 0, "temporal_blast", "temporal_blast")
    assert can_prepare(eng, 0, "temporal_blast")  # the lower copy
    prepare(eng, 0, "temporal_blast")
    assert pile_order(eng) == ["temporal_blast", "split_second"]


def test_temporal_blast_from_hand_or_pile_is_a_choice():
    eng = make_engine(["temporal_blast", "split_second", "zephyr"],
                      policy=ScriptedPolicy({"prepare_from": 0}))
    put_on_board(eng, 0, "split_second", CHANNELED)
    set_reserve(eng, 0, arcane=2)
    give_hand(eng, 0, "temporal_blast")
    give_discard(eng, 0, "temporal_blast", "zephyr")
    prepare(eng, 0, "temporal_blast")
    assert hand_of(eng, 0) == {}
    assert eng.policy.kinds.count("prepare_from") == 1


def test_temporal_paradox():
    eng = make_engine(["temporal_paradox", "century", "knowledge_ritual", "zephyr"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    put_on_board(eng, 0, "century", CHANNELED)
    give_discard(eng, 0, "temporal_paradox", "zephyr")
    assert not can_prepare(eng, 0, "temporal_paradox")  # not a Mage Noir
    put_on_board(eng, 0, "knowledge_ritual", RITUAL)
    assert can_prepare(eng, 0, "temporal_paradox")
    slot = prepare(eng, 0, "temporal_paradox")
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 20  # 0 doubled is 0
    put_on_board(eng, 0, "century", CHANNELED)
    assert not can_prepare(eng, 0, "temporal_paradox")  # once per turn
    eng.state.from_discard_back[0, 0] = 0  # a new turn
    assert can_prepare(eng, 0, "temporal_paradox")


def test_temporal_paradox_two_copies_from_the_discard_pile_in_one_turn():
    """Its ruling: several copies prepared from the discard pile in one turn, a different card
    each time. The first copy, activated and back in the pile, may not be prepared from it
    again this turn, even with a Time component to spare."""
    eng = make_engine(["temporal_paradox", "century", "knowledge_ritual", "zephyr"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    put_on_board(eng, 0, "knowledge_ritual", RITUAL)
    put_on_board(eng, 0, "century", CHANNELED)
    put_on_board(eng, 0, "century", CHANNELED)
    give_discard(eng, 0, "zephyr", "temporal_paradox", "temporal_paradox")
    first = prepare(eng, 0, "temporal_paradox")
    assert discard_of(eng, 0)["temporal_paradox"] == 1
    assert can_prepare(eng, 0, "temporal_paradox")  # the other copy
    second = prepare(eng, 0, "temporal_paradox")
    assert board_of(eng, 0)[first] == ("temporal_paradox", PREPARED)
    assert board_of(eng, 0)[second] == ("temporal_paradox", PREPARED)
    assert "temporal_paradox" not in discard_of(eng, 0)
    activate(eng, 0, first)
    assert _duke_hp(eng) == 20 and discard_of(eng, 0)["temporal_paradox"] == 1
    put_on_board(eng, 0, "century", CHANNELED)
    assert not can_prepare(eng, 0, "temporal_paradox")  # the first copy, used this turn


def test_temporal_paradox_a_fresh_copy_under_a_used_one_may_be_prepared():
    """A copy prepared from the pile and back in it is refused; a copy still unused in the
    same pile is not; once both are used, neither."""
    eng = make_engine(["temporal_paradox", "century", "knowledge_ritual", "zephyr"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    put_on_board(eng, 0, "knowledge_ritual", RITUAL)
    give_discard(eng, 0, "temporal_paradox", "zephyr", "temporal_paradox")
    for _ in range(2):
        put_on_board(eng, 0, "century", CHANNELED)
        activate(eng, 0, prepare(eng, 0, "temporal_paradox"))
        assert discard_of(eng, 0)["temporal_paradox"] == 2
    put_on_board(eng, 0, "century", CHANNELED)
    assert not can_prepare(eng, 0, "temporal_paradox")
    eng.state.from_discard_back[0, 0] = 0  # a new turn
    assert can_prepare(eng, 0, "temporal_paradox")


def test_temporal_paradox_with_millennium():
    eng = make_engine(["temporal_paradox", "millennium"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    put_on_board(eng, 0, "millennium", CHANNELED)
    give_hand(eng, 0, "temporal_paradox")
    slot = prepare(eng, 0, "temporal_paradox")
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 10


def test_delayed_fate():
    eng = make_engine(["delayed_fate", "century", "split_second", "fast_forward", "zephyr",
                       "knowledge_ritual"])
    summon_duke(eng)
    set_deck(eng, 0, ["zephyr"] * 5)
    century = put_on_board(eng, 0, "century", CHANNELED)
    split = put_on_board(eng, 0, "split_second", CHANNELED)
    put_on_board(eng, 0, "knowledge_ritual", RITUAL)
    fate = put_on_board(eng, 0, "delayed_fate", PREPARED, mana(arcane=1))
    activate(eng, 0, fate)
    assert eng.state.next_extra[0, 0] == 1
    eng.policy = ScriptedPolicy({"target": DUKE, "use_component": split,
                                 "extra_component": century, "own_component": split})
    give_hand(eng, 0, "fast_forward")
    set_reserve(eng, 0, fire=1, arcane=1)
    slot = prepare(eng, 0, "fast_forward")
    assert eng.state.next_extra[0, 0] == 0
    activate(eng, 0, slot)
    # designation order: Split second (+1 as a Mage Noir), then Century (x2): discard 4 Time
    # components (only the Split second is left), draw 4, 6 damage
    assert _duke_hp(eng) == 20 - 6
    assert hand_of(eng, 0) == {"zephyr": 4} and deck_list(eng, 0) == ["zephyr"]
    assert discard_of(eng, 0) == {"century": 1, "split_second": 1, "delayed_fate": 1,
                                  "fast_forward": 1}


def test_millennium():
    eng = make_engine(["millennium", "temporal_blast", "zephyr"],
                      policy=ScriptedPolicy({"target": DUKE}))
    set_deck(eng, 0, ["zephyr"] * 4)
    slot = _blast_with(eng, "millennium")
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 20 - 13


@pytest.mark.parametrize(("mage_noir", "damage"), [(False, 2), (True, 3)])
def test_millisecond(mage_noir, damage):
    eng = make_engine(["millisecond", "temporal_blast", "knowledge_ritual"],
                      policy=ScriptedPolicy({"target": DUKE}))
    slot = _blast_with(eng, "millisecond", mage_noir)
    assert eng.state.cast_mark[0, 0, slot] == MARK_QUICKCAST  # granted Quickcast
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 20 - damage


def test_millisecond_activated_in_the_adversary_turn():
    eng = make_engine(["millisecond", "temporal_blast", "zephyr"],
                      policy=ScriptedPolicy({"quick_action": [1 + 1], "target": DUKE}))
    set_deck(eng, 0, ["zephyr"])
    slot = _blast_with(eng, "millisecond")
    assert slot == 1  # the quick action 1 + slot activates it
    eng.table_record["trig_count"][0, lid(eng, "adv:duke"), TRIGGERS.index("turn_start")] = 0
    set_adversary_deck(eng, ["adv:feast_at_court"])  # heals the Duke 3 once revealed
    adversary_turn(eng, G0)
    assert _duke_hp(eng) == 20 - 2 + 3  # activated in the window before the reveal
    assert discard_of(eng, 0) == {"millisecond": 1, "temporal_blast": 1}


def test_millisecond_never_below_zero():
    eng = make_engine(["millisecond", "temporal_paradox"])
    eng.policy = ScriptedPolicy({"target": DUKE})
    summon_duke(eng)
    put_on_board(eng, 0, "millisecond", CHANNELED)
    give_hand(eng, 0, "temporal_paradox")
    slot = prepare(eng, 0, "temporal_paradox")
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 20


def test_millennium_is_discarded_while_the_deck_holds_more_than_4_cards():
    eng = make_engine(["millennium", "dimensional_deletion", "zephyr"])
    set_deck(eng, 0, ["zephyr"] * 5)
    put_on_board(eng, 0, "millennium", CHANNELED)
    slot = put_on_board(eng, 0, "dimensional_deletion", PREPARED, mana(arcane=2))
    activate(eng, 0, slot)  # any action: checked when it has resolved
    assert board_of(eng, 0) == {}
    assert discard_of(eng, 0) == {"millennium": 1, "dimensional_deletion": 1}


def test_callback_to_present():
    eng = make_engine(["callback_to_present", "century", "split_second", "zephyr",
                       "knowledge_ritual", "dead_tree"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    give_discard(eng, 0, "century", "zephyr", "split_second", "split_second")
    kept = put_on_board(eng, 0, "dead_tree", PERMANENT, mana(vegetal=1))
    put_on_board(eng, 0, "century", CHANNELED)           # no Mana: discarded
    put_on_board(eng, 0, "knowledge_ritual", RITUAL)     # no Mana: discarded too (rulings)
    slot = put_on_board(eng, 0, "callback_to_present", PREPARED, mana(arcane=4))
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 20 - 3  # one instance, 1 per Time card in the pile
    assert board_of(eng, 0) == {kept: ("dead_tree", PERMANENT)}
    assert discard_of(eng, 0) == {"century": 2, "zephyr": 1, "split_second": 2,
                                  "knowledge_ritual": 1, "callback_to_present": 1}


def test_galactic_mantle():
    eng = make_engine(["galactic_mantle", "zephyr", "seed", "knowledge_ritual"],
                      policy=ScriptedPolicy({"return_from_discard": lambda e, g: lid(e, "seed")}))
    set_deck(eng, 0, ["zephyr", "zephyr"])
    give_hand(eng, 0, "galactic_mantle")
    set_reserve(eng, 0, mineral=1, arcane=3)
    assert not can_prepare(eng, 0, "galactic_mantle")  # a Mage Noir only
    put_on_board(eng, 0, "knowledge_ritual", RITUAL, mana(arcane=3))
    prepare(eng, 0, "galactic_mantle")
    give_discard(eng, 0, "zephyr", "seed")
    eng.state.turn[0] = 3
    begin_player_turn(eng, G0, np.array([0]))
    # the turn start milled a Zephyr (Knowledge ritual); the draw became the Seed's return
    assert hand_of(eng, 0) == {"seed": 1}
    assert deck_list(eng, 0) == ["zephyr"]
    assert discard_of(eng, 0) == {"zephyr": 2}


def test_knowledge_of_history():
    eng = make_engine(["knowledge_of_history", "flame", "time_acceleration", "zephyr", "seed"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    set_deck(eng, 0, ["seed"])
    give_discard(eng, 0, "flame", "seed")
    slot = put_on_board(eng, 0, "knowledge_of_history", PREPARED, mana(arcane=6))
    eng.state.board_mods[0, 0, slot, 0] = lid(eng, "time_acceleration") + 1
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 19          # the Flame's effect, as printed
    assert discard_of(eng, 0) == {"flame": 1, "seed": 2, "knowledge_of_history": 1}
    options = eng.policy.options_of("from_discard")[0]
    # spells with an effect (the Seed's too), not the Time acceleration in play
    assert set(np.flatnonzero(options)) == {lid(eng, "flame"), lid(eng, "seed")}


def test_knowledge_of_history_mage_noir_with_century_applies_two_doubled():
    eng = make_engine(["knowledge_of_history", "flame", "century", "knowledge_ritual"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    put_on_board(eng, 0, "knowledge_ritual", RITUAL)
    give_discard(eng, 0, "flame", "flame")
    slot = put_on_board(eng, 0, "knowledge_of_history", PREPARED, mana(arcane=6))
    eng.state.board_mods[0, 0, slot, 0] = lid(eng, "century") + 1
    activate(eng, 0, slot)
    assert _duke_hp(eng) == 20 - 2 * 2
    assert len(eng.policy.of_kind("from_discard")) == 2


def test_knowledge_of_history_from_the_pile_reads_only_what_lies_under_it():
    eng = make_engine(["knowledge_of_history", "flame", "temporal_blast"])
    eng.policy = ScriptedPolicy({"target": DUKE,
                                 "from_discard": [lid(eng, "knowledge_of_history")]})
    summon_duke(eng)
    give_discard(eng, 0, "flame", "knowledge_of_history", "temporal_blast")
    slot = put_on_board(eng, 0, "knowledge_of_history", PREPARED, mana(arcane=6))
    activate(eng, 0, slot)
    asked = eng.policy.options_of("from_discard")
    assert set(np.flatnonzero(asked[0])) == {lid(eng, "flame"), lid(eng, "knowledge_of_history"),
                                             lid(eng, "temporal_blast")}
    assert set(np.flatnonzero(asked[1])) == {lid(eng, "flame")}
    assert _duke_hp(eng) == 19


def test_chaos():
    eng = make_engine(["chaos", "flame", "dead_tree"], policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng, hp=15)
    set_deck(eng, 0, ["flame", "dead_tree"])
    set_adversary_deck(eng, ["adv:ducal_guard", "adv:feast_at_court"])
    slot = put_on_board(eng, 0, "chaos", PREPARED, mana(fire=1, water=1, arcane=2))
    activate(eng, 0, slot)
    # round 1: the Dead tree is discarded, the Feast heals the Duke 3: nobody lost HP, again;
    # round 2: the Flame deals 1 to the Duke, the Ducal guard is discarded: done
    assert _duke_hp(eng) == 17
    assert pile_order(eng) == ["dead_tree", "flame", "chaos"]
    assert adv_discard_of(eng) == {"adv:feast_at_court": 1, "adv:ducal_guard": 1}
    assert eng.state.adv_deck_len[0] == 0 and deck_list(eng, 0) == []


def test_chaos_stops_when_both_decks_are_empty():
    eng = make_engine(["chaos", "dead_tree"])
    slot = put_on_board(eng, 0, "chaos", PREPARED, mana(fire=1, water=1, arcane=2))
    activate(eng, 0, slot)
    assert discard_of(eng, 0) == {"chaos": 1} and _hp(eng) == 20
    # one Permanent left in the player's deck: discarded in the first round, nobody lost HP,
    # so a second round, which finds both decks empty and stops
    set_deck(eng, 0, ["dead_tree"])
    slot = put_on_board(eng, 0, "chaos", PREPARED, mana(fire=1, water=1, arcane=2))
    lines = transcript_of(eng, lambda: activate(eng, 0, slot))
    assert deck_list(eng, 0) == [] and pile_order(eng) == ["chaos", "dead_tree", "chaos"]
    assert lines.count("  looks at the top card of player 1's deck: Dead tree, discards it") == 1


def _offered_abilities(eng, player: int = 0) -> list[int]:
    sp = api.action_space(eng)
    legal = api.legal_actions(eng, G0, np.array([player]))[0, sp.ability:sp.prepare]
    return np.flatnonzero(legal).tolist()


def test_galactic_scepter_hits_each_turn_then_is_destroyed_to_fetch_a_galactic_equipment():
    eng = make_engine(["galactic_scepter", "galactic_helm", "galactic_mantle", "zephyr"],
                      policy=ScriptedPolicy({"target": DUKE,
                                             "search_deck": lambda e, g: lid(e, "galactic_helm")}))
    summon_duke(eng)
    set_deck(eng, 0, ["galactic_mantle", "zephyr", "galactic_helm", "zephyr"])
    scepter = put_on_board(eng, 0, "galactic_scepter", EQUIPMENT)
    start_turn(eng, 0)
    assert _duke_hp(eng) == 19
    eng.state.indestructible[0, 0, scepter] = lid(eng, "galactic_scepter") + 1
    assert _offered_abilities(eng) == []  # its destruction is the cost: not when indestructible
    eng.state.indestructible[0, 0, scepter] = 0
    assert _offered_abilities(eng) == [scepter]
    sp = api.action_space(eng)
    api.apply_actions(eng, G0, np.array([0]), np.array([sp.ability + scepter]))
    assert board_of(eng, 0) == {}
    assert discard_of(eng, 0) == {"galactic_scepter": 1}
    options = eng.policy.options_of("search_deck")[0]
    galactic = [lid(eng, "galactic_helm"), lid(eng, "galactic_mantle")]
    assert np.flatnonzero(options).tolist() == sorted(galactic)  # not the Zephyrs
    assert hand_of(eng, 0) == {"galactic_helm": 1}
    assert sorted(deck_list(eng, 0)) == ["galactic_mantle", "zephyr", "zephyr"]
    assert _duke_hp(eng) == 19


@pytest.mark.parametrize("bot", ["greedy", "planner"])
@pytest.mark.parametrize(("helm_worth", "trades"), [(None, False), (5.0, True)])
def test_galactic_scepter_bots_trade_it_only_for_a_galactic_card_worth_more(bot, helm_worth,
                                                                           trades):
    # the scepter's destruction costs the bots 3 (features.ABILITY_COST_WEIGHT); they take
    # the fetch when the best Galactic card of another kind left in the deck is worth more
    # (a Galactic helm's estimate is 2: kept; made worth 5 here: traded)
    eng = make_engine(["galactic_scepter", "galactic_helm", "zephyr"], policy=bot)
    summon_duke(eng)
    eng.state.turn[:] = 3
    scepter = put_on_board(eng, 0, "galactic_scepter", EQUIPMENT)
    set_deck(eng, 0, ["zephyr", "galactic_helm", "galactic_scepter"])
    if helm_worth is not None:
        eng.bot_records[0]["f_value"][lid(eng, "galactic_helm")] = helm_worth
    choice = int(api.main_action_choice(eng, G0, np.array([0]))[0])
    assert (choice == api.action_space(eng).ability + scepter) == trades, choice
