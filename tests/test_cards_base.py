"""One test per card the effect vocabulary fully expresses (``magenoir-sim cards --handlers``).

Each test builds a small position by hand (tests/card_positions.py: empty state, 20 HP,
empty Ether), runs the real engine action (prepare, activate, a turn start, a trigger) and
asserts the exact state change the printed text and its official rulings describe
(shared cards.json ``effect_en`` / ``notes_en``): HP, hands, decks, discard piles, reserves,
both Available Ether piles and board slots.

Released Mana: the placement rule puts Mana one at a time, in ``ELEMENTS`` order (fire,
water, air, vegetal, mineral, arcane), starting with the smaller pile; on a tie the actor
chooses (``ether_start_pile``: the base policy answers pile 0).
"""

from __future__ import annotations

import numpy as np
import pytest
from card_positions import (
    ScriptedPolicy,
    adv_discard_of,
    adv_target,
    board_of,
    can_prepare,
    deck_list,
    discard_of,
    duke_attacks,
    effective_cost,
    ether_of,
    give_discard,
    give_hand,
    grant_keyword,
    hand_of,
    lid,
    mage_noir,
    make_engine,
    mana,
    player_target,
    prepare,
    put_on_board,
    reserve_of,
    set_deck,
    set_reserve,
    slot_target,
    start_turn,
    summon_adversary_card,
    summon_duke,
)

from simulator.cards import load_cards
from simulator.engine.host import api as actions
from simulator.engine.host.api import adversary_turn
from simulator.engine.host.tables import implemented_cards
from simulator.engine.rules.layout import CHANNELED, EQUIPMENT, PERMANENT, PREPARED, RITUAL
from simulator.engine.rules.layout import WORD as WORD_INDEX

DUKE = adv_target(0)
NOTHING = mana()


def _activate(eng, slot: int, player: int = 0) -> None:
    actions.activate(eng, np.array([0]), np.array([player]), np.array([slot]))


def _duke_hp(eng) -> int:
    return int(eng.state.adv_hp[0, 0])


def _hp(eng, player: int = 0) -> int:
    return int(eng.state.hp[0, player])


def _slot_hp(eng, player: int, slot: int) -> int:
    return int(eng.state.board_hp[0, player, slot])


def _locked(eng, player: int, slot: int) -> list[int]:
    return eng.state.board_mana[0, player, slot].tolist()


# --- Air -----------------------------------------------------------------------------------


@pytest.mark.parametrize("is_mage_noir", [False, True])
def test_acceleration(is_mage_noir):
    eng = make_engine(["acceleration", "rite_of_passage", "seed"])
    if is_mage_noir:
        put_on_board(eng, 0, "rite_of_passage", RITUAL)
    give_hand(eng, 0, "acceleration")
    set_deck(eng, 0, ["seed", "seed", "seed"])
    cost = mana(air=2, arcane=1 if is_mage_noir else 2)
    assert effective_cost(eng, 0, "acceleration") == cost
    set_reserve(eng, 0, air=2, arcane=1)
    assert can_prepare(eng, 0, "acceleration") == is_mage_noir
    set_reserve(eng, 0, air=2, arcane=2)
    slot = prepare(eng, 0, "acceleration")
    assert reserve_of(eng, 0) == mana(arcane=1 if is_mage_noir else 0)
    assert _locked(eng, 0, slot) == cost
    _activate(eng, slot)
    assert hand_of(eng, 0) == {"seed": 2}
    assert deck_list(eng, 0) == ["seed"]
    assert discard_of(eng, 0) == {"acceleration": 1}
    assert slot not in board_of(eng, 0)
    if is_mage_noir:  # air, air, arcane from pile 0 (tie)
        assert ether_of(eng) == [mana(air=1, arcane=1), mana(air=1)]
    else:
        assert ether_of(eng) == [mana(air=1, arcane=1), mana(air=1, arcane=1)]


def test_air_blade():
    policy = ScriptedPolicy({"target": DUKE})
    eng = make_engine(["air_blade", "breath", "seed", "zephyr", "flame"], policy=policy)
    summon_duke(eng)
    give_hand(eng, 0, "air_blade")
    set_reserve(eng, 0, air=1, arcane=1)
    set_deck(eng, 0, ["seed", "zephyr", "flame"])
    assert not can_prepare(eng, 0, "air_blade")  # needs a Breath component
    breath = put_on_board(eng, 0, "breath", CHANNELED, mana(air=1))
    assert can_prepare(eng, 0, "air_blade")
    slot = prepare(eng, 0, "air_blade")
    assert policy.options_of("use_component")[0].tolist() == [s == breath for s in range(24)]
    assert board_of(eng, 0) == {breath: ("breath", CHANNELED), slot: ("air_blade", PREPARED)}
    _activate(eng, slot)
    assert _duke_hp(eng) == 17
    # The Breath goes back third from the top (2 cards above it), then Air blade is discarded.
    assert deck_list(eng, 0) == ["seed", "breath", "zephyr", "flame"]
    assert board_of(eng, 0) == {}
    assert discard_of(eng, 0) == {"air_blade": 1}
    assert hand_of(eng, 0) == {}
    # Breath's air first (tie: pile 0), then Air blade's air + arcane starting on pile 1.
    assert ether_of(eng) == [mana(air=1, arcane=1), mana(air=1)]


def test_air_blade_cannot_be_reduced_but_can_be_increased():
    # Player 0 wears the Air mage's robe (+1 to Air damage), player 1 Kerloc'h's robe
    # (every damage instance it takes is reduced by 2).
    policy = ScriptedPolicy({"target": lambda eng, games, *a, **k: [player_target(eng, 1)]})
    eng = make_engine(["air_blade", "breath", "zephyr", "howlers_robe", "kerlochs_robe"],
                      players=2, policy=policy)
    put_on_board(eng, 0, "howlers_robe", EQUIPMENT)
    put_on_board(eng, 1, "kerlochs_robe", EQUIPMENT)
    put_on_board(eng, 0, "breath", CHANNELED)
    blade = put_on_board(eng, 0, "air_blade", PREPARED)
    zephyr = put_on_board(eng, 0, "zephyr", PREPARED)
    set_deck(eng, 0, ["breath"])
    _activate(eng, blade)
    assert _hp(eng, 1) == 16  # 3 + 1, not reduced
    _activate(eng, zephyr)
    assert _hp(eng, 1) == 15  # 2 + 1 - 2


@pytest.mark.parametrize(("piles", "taken", "after"), [
    # Two Air in pile 1: both are taken, then Breath's own Air is released (into pile 1).
    ((mana(fire=1), mana(air=2)), 2, [mana(fire=1), mana(air=1)]),
    # Only one Air available: Breath takes it; its own Air is released only afterwards.
    ((mana(air=1), mana()), 1, [mana(air=1), mana()]),
    # The Air may come from both piles.
    pytest.param((mana(air=1, fire=1), mana(air=1, water=1)), 2, [mana(fire=1, air=1), mana(water=1)],
                 id="both_piles"),
])
def test_breath(piles, taken, after):
    eng = make_engine(["breath"])
    give_hand(eng, 0, "breath")
    set_reserve(eng, 0, air=1)
    eng.state.ether[0] = piles
    slot = prepare(eng, 0, "breath")
    assert reserve_of(eng, 0) == NOTHING and _locked(eng, 0, slot) == mana(air=1)
    _activate(eng, slot)
    assert reserve_of(eng, 0) == mana(air=taken)
    assert ether_of(eng) == after
    assert discard_of(eng, 0) == {"breath": 1} and board_of(eng, 0) == {}


def test_breath_takes_up_to_two_and_may_stop():
    """"Up to 2": each Air is a ``take_mana`` decision (pile and element), and the player may
    stop after the first."""
    from simulator.cards import ELEMENTS

    n, air = len(ELEMENTS), ELEMENTS.index("air")
    eng = make_engine(["breath"], policy=ScriptedPolicy({"take_mana": [n + air, 2 * n]}))
    eng.state.ether[0] = (mana(air=1, fire=1), mana(air=2))
    slot = put_on_board(eng, 0, "breath", PREPARED, mana(air=1))
    _activate(eng, slot)
    first, second = eng.policy.options_of("take_mana")
    assert np.flatnonzero(first).tolist() == [air, n + air, 2 * n]  # Air of either pile, or stop
    assert np.flatnonzero(second).tolist() == [air, n + air, 2 * n]
    assert reserve_of(eng, 0) == mana(air=1)  # took one Air from pile 1, then stopped
    # Breath's own Air is released afterwards into the smaller pile (pile 1, 1 Mana).
    assert ether_of(eng) == [mana(air=1, fire=1), mana(air=2)]


@pytest.mark.parametrize("breath_component", [False, True])
def test_healers_breath(breath_component):
    eng = make_engine(["healers_breath", "breath", "seed"])
    eng.state.hp[0, 0] = 15
    set_deck(eng, 0, ["seed"])
    if breath_component:
        put_on_board(eng, 0, "breath", CHANNELED)
    slot = put_on_board(eng, 0, "healers_breath", PREPARED, mana(air=2))
    _activate(eng, slot)
    assert _hp(eng) == (17 if breath_component else 16)
    assert hand_of(eng, 0) == {"seed": 1} and deck_list(eng, 0) == []
    assert discard_of(eng, 0) == {"healers_breath": 1}
    assert ether_of(eng) == [mana(air=1), mana(air=1)]


def test_howlers_robe():
    policy = ScriptedPolicy({"target": DUKE})
    eng = make_engine(["howlers_robe", "rite_of_passage", "zephyr", "breath", "typhoon", "seed",
                       "flame"], policy=policy)
    summon_duke(eng)
    give_hand(eng, 0, "howlers_robe")
    set_reserve(eng, 0, air=3, vegetal=1, arcane=1)
    assert not can_prepare(eng, 0, "howlers_robe")  # Mage Noir only
    put_on_board(eng, 0, "rite_of_passage", RITUAL)
    assert can_prepare(eng, 0, "howlers_robe")
    before = {c: effective_cost(eng, 0, c) for c in ("zephyr", "breath", "typhoon", "seed")}
    assert before == {"zephyr": mana(air=2), "breath": mana(air=1), "typhoon": NOTHING,
                      "seed": mana(vegetal=1)}
    robe = prepare(eng, 0, "howlers_robe")
    assert board_of(eng, 0)[robe] == ("howlers_robe", EQUIPMENT)
    assert _locked(eng, 0, robe) == mana(air=3, vegetal=1, arcane=1)
    assert reserve_of(eng, 0) == NOTHING
    # Air cards cost 1 Air less, never below 0; other elements are untouched.
    after = {c: effective_cost(eng, 0, c) for c in ("zephyr", "breath", "typhoon", "seed")}
    assert after == {"zephyr": mana(air=1), "breath": NOTHING, "typhoon": NOTHING,
                     "seed": mana(vegetal=1)}
    # Air damage +1, Fire damage unchanged.
    set_deck(eng, 0, ["seed"])
    zephyr = put_on_board(eng, 0, "zephyr", PREPARED)
    _activate(eng, zephyr)
    assert _duke_hp(eng) == 17
    flame = put_on_board(eng, 0, "flame", PREPARED)
    _activate(eng, flame)
    assert _duke_hp(eng) == 16


@pytest.mark.parametrize("is_mage_noir", [False, True])
def test_powerful_swipe(is_mage_noir):
    policy = ScriptedPolicy()
    eng = make_engine(["powerful_swipe", "fire_whip", "rite_of_passage", "dead_tree", "seed"],
                      policy=policy)
    summon_duke(eng)
    whip = put_on_board(eng, 0, "fire_whip", EQUIPMENT, mana(fire=3))
    tree = put_on_board(eng, 0, "dead_tree", PERMANENT)
    if is_mage_noir:
        put_on_board(eng, 0, "rite_of_passage", RITUAL)
    swipe = put_on_board(eng, 0, "powerful_swipe", PREPARED, mana(air=4))
    set_deck(eng, 0, ["seed"])
    _activate(eng, swipe)
    # Only Equipment can be chosen (the Adversary has none and no hand).
    assert policy.options_of("return_equipment")[0].tolist() == [s == whip for s in range(24)]
    assert hand_of(eng, 0) == ({"fire_whip": 1, "seed": 1} if is_mage_noir else {"fire_whip": 1})
    assert discard_of(eng, 0) == {"powerful_swipe": 1}
    assert whip not in board_of(eng, 0) and tree in board_of(eng, 0)
    # The whip's 3 Fire are released (tie: pile 0 first), then the swipe's 4 Air (pile 1 first).
    assert ether_of(eng) == [mana(fire=2, air=2), mana(fire=1, air=2)]


def test_seed_in_the_wind():
    eng = make_engine(["seed_in_the_wind", "breath", "seed", "flame"])
    assert effective_cost(eng, 0, "seed_in_the_wind") == mana(air=2, vegetal=2)
    put_on_board(eng, 0, "breath", CHANNELED)
    assert effective_cost(eng, 0, "seed_in_the_wind") == mana(air=1, vegetal=2)
    set_deck(eng, 0, ["flame", "seed"])
    slot = put_on_board(eng, 0, "seed_in_the_wind", PREPARED, mana(air=1, vegetal=2))
    _activate(eng, slot)  # no effect, but leaving the board draws 1 card
    assert hand_of(eng, 0) == {"seed": 1} and deck_list(eng, 0) == ["flame"]
    assert discard_of(eng, 0) == {"seed_in_the_wind": 1}
    assert ether_of(eng) == [mana(air=1, vegetal=1), mana(vegetal=1)]


def test_typhoon():
    policy = ScriptedPolicy({"target": DUKE})
    eng = make_engine(["typhoon", "surging_wave", "seed_in_the_wind", "seed", "zephyr", "flame"],
                      policy=policy)
    summon_duke(eng)
    give_hand(eng, 0, "typhoon")
    set_deck(eng, 0, ["seed", "zephyr", "flame"])
    assert not can_prepare(eng, 0, "typhoon")
    wave = put_on_board(eng, 0, "surging_wave", CHANNELED)
    assert not can_prepare(eng, 0, "typhoon")  # the Wind is still missing
    wind = put_on_board(eng, 0, "seed_in_the_wind", CHANNELED, mana(air=1, vegetal=1))
    assert can_prepare(eng, 0, "typhoon")
    slot = prepare(eng, 0, "typhoon")
    assert policy.kinds.count("use_component") == 2
    _activate(eng, slot)
    assert _duke_hp(eng) == 14
    # Seed in the wind goes third from the top, and leaving play draws the top card.
    assert hand_of(eng, 0) == {"flame": 1}
    assert deck_list(eng, 0) == ["seed", "seed_in_the_wind", "zephyr"]
    assert board_of(eng, 0) == {wave: ("surging_wave", CHANNELED)}
    assert wind not in board_of(eng, 0)
    assert discard_of(eng, 0) == {"typhoon": 1}
    assert ether_of(eng) == [mana(air=1), mana(vegetal=1)]


def test_whirling_wind():
    policy = ScriptedPolicy({"return_prepared": 0})
    eng = make_engine(["whirling_wind", "zephyr", "flame", "dead_tree", "fire_whip", "seed"],
                      policy=policy)
    zephyr = put_on_board(eng, 0, "zephyr", PREPARED, mana(air=2))
    flame = put_on_board(eng, 0, "flame", CHANNELED)
    tree = put_on_board(eng, 0, "dead_tree", PERMANENT)
    whip = put_on_board(eng, 0, "fire_whip", EQUIPMENT)
    slot = put_on_board(eng, 0, "whirling_wind", PREPARED, mana(air=4))
    set_deck(eng, 0, ["seed"])
    _activate(eng, slot)
    options = policy.options_of("return_prepared")[0]
    assert options[zephyr] and not options[[flame, tree, whip]].any()  # prepared spells only
    assert deck_list(eng, 0) == ["seed", "zephyr"]  # on top of its owner's deck
    assert board_of(eng, 0) == {flame: ("flame", CHANNELED), tree: ("dead_tree", PERMANENT),
                                whip: ("fire_whip", EQUIPMENT)}
    assert discard_of(eng, 0) == {"whirling_wind": 1} and hand_of(eng, 0) == {}
    # Zephyr's 2 Air (tie: pile 0 first), then Whirling wind's 4 Air (tie again).
    assert ether_of(eng) == [mana(air=3), mana(air=3)]


def test_whirling_wind_does_not_return_itself():
    eng = make_engine(["whirling_wind", "seed"])
    set_deck(eng, 0, ["seed"])
    slot = put_on_board(eng, 0, "whirling_wind", PREPARED, mana(air=4))
    _activate(eng, slot)
    assert deck_list(eng, 0) == ["seed"]
    assert discard_of(eng, 0) == {"whirling_wind": 1} and board_of(eng, 0) == {}


def test_zephyr():
    policy = ScriptedPolicy({"target": DUKE})
    eng = make_engine(["zephyr", "breath", "seed"], policy=policy)
    summon_duke(eng)
    give_hand(eng, 0, "zephyr")
    set_reserve(eng, 0, air=2)
    set_deck(eng, 0, ["seed"])
    assert not can_prepare(eng, 0, "zephyr")
    breath = put_on_board(eng, 0, "breath", CHANNELED, mana(air=1))
    assert can_prepare(eng, 0, "zephyr")
    slot = prepare(eng, 0, "zephyr")
    _activate(eng, slot)
    assert _duke_hp(eng) == 18
    assert hand_of(eng, 0) == {"seed": 1} and deck_list(eng, 0) == []
    assert board_of(eng, 0) == {breath: ("breath", CHANNELED)}  # the component stays
    assert _locked(eng, 0, breath) == mana(air=1)
    assert discard_of(eng, 0) == {"zephyr": 1}
    assert ether_of(eng) == [mana(air=1), mana(air=1)]


def test_rite_of_passage():
    eng = make_engine(["rite_of_passage"])
    give_hand(eng, 0, "rite_of_passage")
    set_reserve(eng, 0, arcane=2)
    assert not mage_noir(eng, 0)
    slot = prepare(eng, 0, "rite_of_passage")
    assert board_of(eng, 0) == {slot: ("rite_of_passage", RITUAL)}
    assert _locked(eng, 0, slot) == mana(arcane=2) and reserve_of(eng, 0) == NOTHING
    assert mage_noir(eng, 0)
    assert eng.state.mage_noir_turn[0, 0] == 1
    assert ether_of(eng) == [NOTHING, NOTHING]


# --- Fire ----------------------------------------------------------------------------------


def test_draconic_flame():
    eng = make_engine(["draconic_flame"], policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    slot = put_on_board(eng, 0, "draconic_flame", PREPARED, mana(fire=2))
    _activate(eng, slot)
    assert _duke_hp(eng) == 18 and _hp(eng) == 20
    assert discard_of(eng, 0) == {"draconic_flame": 1}
    assert ether_of(eng) == [mana(fire=1), mana(fire=1)]


def test_draconic_flame_used_as_component():
    # The HP loss cannot be reduced: Kerloc'h's robe (-2 per damage instance) changes nothing.
    eng = make_engine(["draconic_flame", "fiery_arrow", "kerlochs_robe"])
    put_on_board(eng, 0, "kerlochs_robe", EQUIPMENT)
    flame = put_on_board(eng, 0, "draconic_flame", CHANNELED, mana(fire=2))
    give_hand(eng, 0, "fiery_arrow")
    set_reserve(eng, 0, fire=2)
    arrow = prepare(eng, 0, "fiery_arrow")
    assert _hp(eng) == 19
    assert board_of(eng, 0)[flame] == ("draconic_flame", CHANNELED)  # it stays
    assert board_of(eng, 0)[arrow] == ("fiery_arrow", PREPARED)
    assert discard_of(eng, 0) == {} and ether_of(eng) == [NOTHING, NOTHING]


@pytest.mark.parametrize(("is_mage_noir", "duke", "duke_after"), [
    (False, True, 17), (True, True, 16), (False, False, None), (True, False, None)])
def test_fiery_arrow(is_mage_noir, duke, duke_after):
    policy = ScriptedPolicy()
    eng = make_engine(["fiery_arrow", "flame_projectile", "rite_of_passage"], policy=policy)
    if duke:
        summon_duke(eng)
    guard = summon_adversary_card(eng, "adv:ducal_guard", slot=1)
    if is_mage_noir:
        put_on_board(eng, 0, "rite_of_passage", RITUAL)
    give_hand(eng, 0, "fiery_arrow")
    set_reserve(eng, 0, fire=2)
    assert not can_prepare(eng, 0, "fiery_arrow")
    put_on_board(eng, 0, "flame_projectile", CHANNELED)
    assert can_prepare(eng, 0, "fiery_arrow")
    slot = prepare(eng, 0, "fiery_arrow")
    _activate(eng, slot)
    if duke:
        assert _duke_hp(eng) == duke_after
    else:  # no Adversary: nothing happens (its Permanents are not "the opponent")
        assert eng.state.adv_card[0, 0] == -1
    assert eng.state.adv_hp[0, guard] == 3 and _hp(eng) == 20
    assert "target" not in policy.kinds  # the opponent is not a choice
    assert discard_of(eng, 0) == {"fiery_arrow": 1}
    assert ether_of(eng) == [mana(fire=1), mana(fire=1)]


@pytest.mark.parametrize(("hand", "flame_component", "legal"), [
    ({"fire_ball": 1, "seed": 1}, False, False),   # no Flame, no other Fire card
    ({"fire_ball": 1, "flame": 1}, False, True),    # discard the Flame card from hand instead
    ({"fire_ball": 2}, False, True),                # the other Fire ball is a Fire card
    ({"fire_ball": 1}, True, True),                 # the normal Flame component
])
def test_fire_ball_component_or_discard(hand, flame_component, legal):
    eng = make_engine(["fire_ball", "flame", "seed", "flame_projectile"])
    for card, n in hand.items():
        give_hand(eng, 0, card, n)
    if flame_component:
        put_on_board(eng, 0, "flame_projectile", CHANNELED)
    set_reserve(eng, 0, fire=2, air=1)
    assert can_prepare(eng, 0, "fire_ball") == legal


def test_fire_ball_alternative_cost_discards_a_fire_card():
    policy = ScriptedPolicy()
    eng = make_engine(["fire_ball", "flame", "seed"], policy=policy)
    give_hand(eng, 0, "fire_ball")
    give_hand(eng, 0, "flame")
    give_hand(eng, 0, "seed")
    set_reserve(eng, 0, fire=2, air=1)
    slot = prepare(eng, 0, "fire_ball")
    options = policy.options_of("discard_from_hand")[0]
    assert options.tolist() == [c == lid(eng, "flame") for c in range(len(options))]
    assert "use_component" not in policy.kinds
    assert hand_of(eng, 0) == {"seed": 1} and discard_of(eng, 0) == {"flame": 1}
    assert board_of(eng, 0) == {slot: ("fire_ball", PREPARED)}
    assert _locked(eng, 0, slot) == mana(fire=2, air=1) and reserve_of(eng, 0) == NOTHING


@pytest.mark.parametrize("discard_instead", [False, True])
def test_fire_ball_alternative_cost_is_a_choice_with_a_flame_in_play(discard_instead):
    """With a Flame on the board and a Fire card in hand, the player chooses: use the Flame
    (it destroys itself after the use) or discard the Fire card and keep the Flame."""
    policy = ScriptedPolicy({"alternative_component": int(discard_instead)})
    eng = make_engine(["fire_ball", "flame", "seed"], policy=policy)
    flame = put_on_board(eng, 0, "flame", CHANNELED)
    give_hand(eng, 0, "fire_ball")
    give_hand(eng, 0, "flame")
    set_reserve(eng, 0, fire=2, air=1)
    slot = prepare(eng, 0, "fire_ball")
    assert policy.options_of("alternative_component")[0].tolist() == [True, True]
    assert board_of(eng, 0)[slot] == ("fire_ball", PREPARED)
    if discard_instead:
        assert "use_component" not in policy.kinds
        assert hand_of(eng, 0) == {} and discard_of(eng, 0) == {"flame": 1}
        assert board_of(eng, 0)[flame] == ("flame", CHANNELED)
    else:
        assert hand_of(eng, 0) == {"flame": 1} and discard_of(eng, 0) == {"flame": 1}
        assert flame not in board_of(eng, 0)  # used, then destroyed itself


def test_fire_ball_without_a_fire_card_in_hand_asks_nothing():
    policy = ScriptedPolicy()
    eng = make_engine(["fire_ball", "flame", "seed"], policy=policy)
    put_on_board(eng, 0, "flame", CHANNELED)
    give_hand(eng, 0, "fire_ball")
    give_hand(eng, 0, "seed")
    set_reserve(eng, 0, fire=2, air=1)
    prepare(eng, 0, "fire_ball")
    assert "alternative_component" not in policy.kinds and "use_component" in policy.kinds


@pytest.mark.parametrize(("is_mage_noir", "duke", "duke_after"), [
    (False, True, 18), (True, True, 17), (False, False, None)])
def test_fire_ball(is_mage_noir, duke, duke_after):
    eng = make_engine(["fire_ball", "rite_of_passage", "dead_tree"])
    if duke:
        summon_duke(eng)
    guard = summon_adversary_card(eng, "adv:ducal_guard", slot=1)        # 3 HP
    mage = summon_adversary_card(eng, "adv:court_mage", slot=2)          # 2 HP
    tree = put_on_board(eng, 0, "dead_tree", PERMANENT)
    if is_mage_noir:
        put_on_board(eng, 0, "rite_of_passage", RITUAL)
    slot = put_on_board(eng, 0, "fire_ball", PREPARED, mana(fire=2, air=1))
    _activate(eng, slot)
    assert eng.state.adv_hp[0, guard] == 1
    assert eng.state.adv_card[0, mage] == -1 and adv_discard_of(eng) == {"adv:court_mage": 1}
    if duke:
        assert _duke_hp(eng) == duke_after
    assert _slot_hp(eng, 0, tree) == 2 and _hp(eng) == 20  # own side untouched
    assert discard_of(eng, 0) == {"fire_ball": 1}
    assert ether_of(eng) == [mana(fire=1, air=1), mana(fire=1)]


@pytest.mark.parametrize(("is_mage_noir", "duke", "duke_after"), [
    (False, True, 19), (True, True, 18), (False, False, None)])
def test_fire_whip(is_mage_noir, duke, duke_after):
    eng = make_engine(["fire_whip", "rite_of_passage"])
    if duke:
        summon_duke(eng)
    guard = summon_adversary_card(eng, "adv:ducal_guard", slot=1)
    whip = put_on_board(eng, 0, "fire_whip", EQUIPMENT, mana(fire=3))
    if is_mage_noir:
        put_on_board(eng, 0, "rite_of_passage", RITUAL)
    start_turn(eng, 0)
    if duke:
        assert _duke_hp(eng) == duke_after
    assert eng.state.adv_hp[0, guard] == 3 and _hp(eng) == 20
    assert board_of(eng, 0)[whip] == ("fire_whip", EQUIPMENT)
    assert ether_of(eng) == [NOTHING, NOTHING]


@pytest.mark.parametrize(("hand", "flame_component", "legal"), [
    ({"fission": 1, "seed": 1}, False, False),
    ({"fission": 1, "flame": 1}, False, True),
    ({"fission": 1}, True, True),
])
def test_fission_component_or_discard(hand, flame_component, legal):
    eng = make_engine(["fission", "flame", "seed", "flame_projectile"])
    for card, n in hand.items():
        give_hand(eng, 0, card, n)
    if flame_component:
        put_on_board(eng, 0, "flame_projectile", CHANNELED)
    set_reserve(eng, 0, fire=2)
    assert can_prepare(eng, 0, "fission") == legal


@pytest.mark.parametrize("victim", ["guard", "dead_tree"])
def test_fission(victim):
    eng = make_engine(["fission", "seed", "zephyr", "dead_tree", "fire_whip", "rite_of_passage"])
    summon_duke(eng)
    guard = summon_adversary_card(eng, "adv:ducal_guard", slot=1)
    tree = put_on_board(eng, 0, "dead_tree", PERMANENT, mana(vegetal=2))
    whip = put_on_board(eng, 0, "fire_whip", EQUIPMENT)
    rite = put_on_board(eng, 0, "rite_of_passage", RITUAL)
    slot = put_on_board(eng, 0, "fission", PREPARED, mana(fire=2))
    give_hand(eng, 0, "seed")
    give_hand(eng, 0, "zephyr")
    choice = adv_target(guard) if victim == "guard" else slot_target(eng, 0, tree)
    policy = ScriptedPolicy({"discard_from_hand": lid(eng, "seed"), "destroy_target": choice})
    eng.policy = policy
    _activate(eng, slot)
    # Permanents only: not the Adversary itself, not Equipment, not Rituals.
    options = policy.options_of("destroy_target")[0]
    assert set(np.flatnonzero(options)) == {adv_target(guard), slot_target(eng, 0, tree)}
    assert hand_of(eng, 0) == {"zephyr": 1}
    assert _duke_hp(eng) == 20
    if victim == "guard":
        assert eng.state.adv_card[0, guard] == -1 and adv_discard_of(eng) == {"adv:ducal_guard": 1}
        assert discard_of(eng, 0) == {"seed": 1, "fission": 1}
        assert set(board_of(eng, 0)) == {tree, whip, rite}
        assert ether_of(eng) == [mana(fire=1), mana(fire=1)]
    else:
        assert eng.state.adv_hp[0, guard] == 3
        assert discard_of(eng, 0) == {"seed": 1, "fission": 1, "dead_tree": 1}
        assert set(board_of(eng, 0)) == {whip, rite}
        assert ether_of(eng) == [mana(fire=1, vegetal=1), mana(fire=1, vegetal=1)]


def test_flame():
    eng = make_engine(["flame"], policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    slot = put_on_board(eng, 0, "flame", PREPARED)
    _activate(eng, slot)
    assert _duke_hp(eng) == 19
    assert discard_of(eng, 0) == {"flame": 1} and board_of(eng, 0) == {}
    assert ether_of(eng) == [NOTHING, NOTHING]


def test_flame_used_as_component():
    eng = make_engine(["flame", "fiery_arrow"])
    flame = put_on_board(eng, 0, "flame", CHANNELED)
    give_hand(eng, 0, "fiery_arrow")
    set_reserve(eng, 0, fire=2)
    arrow = prepare(eng, 0, "fiery_arrow")
    assert board_of(eng, 0) == {arrow: ("fiery_arrow", PREPARED)}
    assert flame != arrow
    assert discard_of(eng, 0) == {"flame": 1} and _hp(eng) == 20


def test_flame_projectile():
    eng = make_engine(["flame_projectile", "sulfur_flame"], policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    give_hand(eng, 0, "flame_projectile")
    set_reserve(eng, 0, fire=1, air=1)
    assert not can_prepare(eng, 0, "flame_projectile")
    flame = put_on_board(eng, 0, "sulfur_flame", CHANNELED)
    assert can_prepare(eng, 0, "flame_projectile")
    slot = prepare(eng, 0, "flame_projectile")
    _activate(eng, slot)
    assert _duke_hp(eng) == 17
    assert board_of(eng, 0) == {flame: ("sulfur_flame", CHANNELED)}
    assert discard_of(eng, 0) == {"flame_projectile": 1}
    assert ether_of(eng) == [mana(fire=1), mana(air=1)]


def test_magma_eruption():
    policy = ScriptedPolicy({"target": DUKE})
    eng = make_engine(["magma_eruption", "flame", "draconic_flame", "flame_projectile"],
                      policy=policy)
    summon_duke(eng)
    give_hand(eng, 0, "magma_eruption")
    set_reserve(eng, 0, fire=3, mineral=1)
    put_on_board(eng, 0, "flame", CHANNELED)
    draconic = put_on_board(eng, 0, "draconic_flame", CHANNELED)
    assert not can_prepare(eng, 0, "magma_eruption")  # 2 Flames of 3
    projectile = put_on_board(eng, 0, "flame_projectile", CHANNELED)
    assert can_prepare(eng, 0, "magma_eruption")
    slot = prepare(eng, 0, "magma_eruption")
    assert policy.kinds.count("use_component") == 3
    # Used as components: Flame is discarded, Draconic flame costs its controller 1 HP.
    assert _hp(eng) == 19
    assert board_of(eng, 0) == {draconic: ("draconic_flame", CHANNELED),
                                projectile: ("flame_projectile", CHANNELED),
                                slot: ("magma_eruption", PREPARED)}
    _activate(eng, slot)
    assert _duke_hp(eng) == 13
    assert discard_of(eng, 0) == {"flame": 1, "magma_eruption": 1}
    assert ether_of(eng) == [mana(fire=2), mana(fire=1, mineral=1)]


@pytest.mark.parametrize(("zone", "reserve", "answer", "kept"), [
    (CHANNELED, 1, 1, True),    # pays 1 Fire
    (CHANNELED, 1, 0, False),   # may discard even when it could pay
    (CHANNELED, 0, None, False),  # cannot pay: discarded, no question
    (PREPARED, 1, None, True),  # only while channeled
])
def test_mental_flame(zone, reserve, answer, kept):
    policy = ScriptedPolicy({} if answer is None else {"pay_upkeep": answer})
    eng = make_engine(["mental_flame"], policy=policy)
    set_reserve(eng, 0, fire=reserve)
    slot = put_on_board(eng, 0, "mental_flame", zone)
    start_turn(eng, 0)
    asked = zone == CHANNELED and reserve > 0
    assert ("pay_upkeep" in policy.kinds) == asked
    paid = answer == 1
    assert reserve_of(eng, 0) == mana(fire=reserve - paid)
    assert ether_of(eng) == [mana(fire=1) if paid else NOTHING, NOTHING]
    if kept:
        assert board_of(eng, 0) == {slot: ("mental_flame", zone)}
        assert discard_of(eng, 0) == {}
    else:
        assert board_of(eng, 0) == {} and discard_of(eng, 0) == {"mental_flame": 1}


def test_rain_of_flames():
    eng = make_engine(["rain_of_flames", "rite_of_passage"], policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    give_hand(eng, 0, "rain_of_flames")
    set_reserve(eng, 0, fire=2, water=1, mineral=1)
    assert not can_prepare(eng, 0, "rain_of_flames")  # Mage Noir only
    put_on_board(eng, 0, "rite_of_passage", RITUAL)
    assert can_prepare(eng, 0, "rain_of_flames")
    slot = prepare(eng, 0, "rain_of_flames")
    _activate(eng, slot)  # all 5 on one target is one legal distribution
    assert _duke_hp(eng) == 15
    assert discard_of(eng, 0) == {"rain_of_flames": 1}
    assert ether_of(eng) == [mana(fire=1, water=1), mana(fire=1, mineral=1)]


def test_rain_of_flames_splits_between_targets():
    # The players want 3 on the Ducal guard (3 HP) and the other 2 on the Duke.
    answers = [1, 1, 1, DUKE, DUKE]
    policy = ScriptedPolicy({"target": answers})
    eng = make_engine(["rain_of_flames", "rite_of_passage"], policy=policy)
    summon_duke(eng)
    guard = summon_adversary_card(eng, "adv:ducal_guard", slot=1)
    assert guard == 1
    put_on_board(eng, 0, "rite_of_passage", RITUAL)
    slot = put_on_board(eng, 0, "rain_of_flames", PREPARED)
    _activate(eng, slot)
    assert eng.state.adv_card[0, guard] == -1
    assert _duke_hp(eng) == 18


def test_sulfur_flame():
    eng = make_engine(["sulfur_flame", "rite_of_passage"], policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    give_hand(eng, 0, "sulfur_flame")
    set_reserve(eng, 0, fire=1, arcane=1)
    assert not can_prepare(eng, 0, "sulfur_flame")  # Mage Noir only
    put_on_board(eng, 0, "rite_of_passage", RITUAL)
    assert can_prepare(eng, 0, "sulfur_flame")
    slot = prepare(eng, 0, "sulfur_flame")
    _activate(eng, slot)
    assert _duke_hp(eng) == 17
    assert discard_of(eng, 0) == {"sulfur_flame": 1}
    assert ether_of(eng) == [mana(fire=1), mana(arcane=1)]


def test_wave_of_flames():
    eng = make_engine(["wave_of_flames", "flame_projectile", "sulfur_flame", "tree_in_flames",
                       "flame"])
    give_hand(eng, 0, "wave_of_flames")
    set_reserve(eng, 0, fire=2, water=2)
    assert not can_prepare(eng, 0, "wave_of_flames")
    summon_duke(eng)
    guard = summon_adversary_card(eng, "adv:ducal_guard", slot=1)          # 3 HP
    court = summon_adversary_card(eng, "adv:court_mage", slot=2, hp=5)
    put_on_board(eng, 0, "flame_projectile", CHANNELED)
    assert can_prepare(eng, 0, "wave_of_flames")
    put_on_board(eng, 0, "sulfur_flame", CHANNELED)
    tree = put_on_board(eng, 0, "tree_in_flames", PERMANENT)   # a Flame component too
    put_on_board(eng, 0, "flame", PREPARED)                     # prepared: not a component
    slot = put_on_board(eng, 0, "wave_of_flames", PREPARED, mana(fire=2, water=2))
    _activate(eng, slot)
    # 3 Flame components: one instance of 3 to the Adversary and to each of its Permanents.
    assert _duke_hp(eng) == 17
    assert eng.state.adv_card[0, guard] == -1 and adv_discard_of(eng) == {"adv:ducal_guard": 1}
    assert eng.state.adv_hp[0, court] == 2
    assert _slot_hp(eng, 0, tree) == 3 and _hp(eng) == 20
    assert discard_of(eng, 0) == {"wave_of_flames": 1}
    assert ether_of(eng) == [mana(fire=1, water=1), mana(fire=1, water=1)]


# --- Vegetal -------------------------------------------------------------------------------


def test_bark_armor():
    policy = ScriptedPolicy({"target": player_target_of_0})
    eng = make_engine(["bark_armor", "dead_tree", "flame"], policy=policy)
    summon_duke(eng)
    give_hand(eng, 0, "bark_armor")
    set_reserve(eng, 0, vegetal=2)
    assert not can_prepare(eng, 0, "bark_armor")
    tree = put_on_board(eng, 0, "dead_tree", PERMANENT)
    assert can_prepare(eng, 0, "bark_armor")
    armor = prepare(eng, 0, "bark_armor")
    assert board_of(eng, 0) == {tree: ("dead_tree", PERMANENT), armor: ("bark_armor", EQUIPMENT)}
    # Own damage is not from the opponent: not ignored.
    flame = put_on_board(eng, 0, "flame", PREPARED)
    _activate(eng, flame)
    assert _hp(eng) == 19
    duke_attacks(eng)
    assert _hp(eng) == 16  # 4 - 1 ignored
    duke_attacks(eng)
    assert _hp(eng) == 12  # the allowance is used up this turn
    adversary_turn(eng, np.array([0]))  # a new turn: the allowance is back
    assert _hp(eng) == 9


@pytest.mark.parametrize("is_mage_noir", [False, True])
def test_dead_tree(is_mage_noir):
    policy = ScriptedPolicy({"target": player_target_of_0, "protector_redirect": 1})
    eng = make_engine(["dead_tree", "rite_of_passage"], policy=policy)
    summon_duke(eng)
    give_hand(eng, 0, "dead_tree")
    set_reserve(eng, 0, vegetal=2)
    tree = prepare(eng, 0, "dead_tree")
    assert tree == 0
    assert board_of(eng, 0) == {tree: ("dead_tree", PERMANENT)}
    assert _slot_hp(eng, 0, tree) == 2 and _locked(eng, 0, tree) == mana(vegetal=2)
    if is_mage_noir:
        put_on_board(eng, 0, "rite_of_passage", RITUAL)
    duke_attacks(eng)
    assert ("protector_redirect" in policy.kinds) == is_mage_noir
    if is_mage_noir:  # Protector: the tree takes the Duke's 3 and is destroyed
        assert _hp(eng) == 20
        assert discard_of(eng, 0) == {"dead_tree": 1} and tree not in board_of(eng, 0)
        assert ether_of(eng) == [mana(vegetal=1), mana(vegetal=1)]
    else:
        assert _hp(eng) == 16 and _slot_hp(eng, 0, tree) == 2


def player_target_of_0(eng, games, *args, **kwargs):
    return np.full(len(games), player_target(eng, 0))


def test_dead_tree_is_playable():
    # effect = {}: it must be listed in handlers.NO_EFFECT_CARDS to be accepted in a deck.
    assert "dead_tree" in implemented_cards(load_cards())


def test_druid_armor():
    policy = ScriptedPolicy({"target": player_target_of_0})
    eng = make_engine(["druid_armor", "bark_armor"], policy=policy)
    summon_duke(eng)
    give_hand(eng, 0, "druid_armor")
    set_reserve(eng, 0, vegetal=1, arcane=1)
    assert not can_prepare(eng, 0, "druid_armor")
    bark = put_on_board(eng, 0, "bark_armor", EQUIPMENT, mana(vegetal=2))
    assert can_prepare(eng, 0, "druid_armor")
    armor = prepare(eng, 0, "druid_armor")
    # The Bark armor (same torso slot, and an Equipment used for an Equipment) is discarded.
    assert board_of(eng, 0) == {armor: ("druid_armor", EQUIPMENT)}
    assert bark != armor and discard_of(eng, 0) == {"bark_armor": 1}
    assert ether_of(eng) == [mana(vegetal=1), mana(vegetal=1)]
    duke_attacks(eng)
    assert _hp(eng) == 19  # 4 - 3 ignored
    duke_attacks(eng)
    assert _hp(eng) == 15


def test_druid_ring():
    policy = ScriptedPolicy({"target": DUKE})
    eng = make_engine(["druid_ring", "tree_in_flames", "hostile_forest", "zephyr", "seed"],
                      policy=policy)
    summon_duke(eng)
    put_on_board(eng, 0, "druid_ring", EQUIPMENT)
    tree = put_on_board(eng, 0, "tree_in_flames", PERMANENT)
    forest = put_on_board(eng, 0, "hostile_forest", PERMANENT, hp=5)
    start_turn(eng, 0)
    # Tree in flames: 2 + 2; its own HP loss is not damage. Hostile forest: 5 + 2.
    assert _duke_hp(eng) == 20 - 4 - 7
    assert _slot_hp(eng, 0, tree) == 2 and _slot_hp(eng, 0, forest) == 5
    set_deck(eng, 0, ["seed"])
    zephyr = put_on_board(eng, 0, "zephyr", PREPARED)
    _activate(eng, zephyr)  # an Air spell: not increased
    assert _duke_hp(eng) == 7


def test_enchanted_forest_needs_two_trees():
    eng = make_engine(["enchanted_forest", "dead_tree"])
    give_hand(eng, 0, "enchanted_forest")
    set_reserve(eng, 0, water=2, vegetal=2)
    put_on_board(eng, 0, "dead_tree", PERMANENT)
    assert not can_prepare(eng, 0, "enchanted_forest")
    put_on_board(eng, 0, "dead_tree", PERMANENT)
    assert can_prepare(eng, 0, "enchanted_forest")
    slot = prepare(eng, 0, "enchanted_forest")
    assert _slot_hp(eng, 0, slot) == 4 and board_of(eng, 0)[slot] == ("enchanted_forest", PERMANENT)


def test_enchanted_forest():
    eng = make_engine(["enchanted_forest", "dead_tree", "ice_wall"], players=2)
    summon_duke(eng, hp=15)
    guard = summon_adversary_card(eng, "adv:ducal_guard", hp=1)
    eng.state.hp[0] = [15, 15]
    forest = put_on_board(eng, 0, "enchanted_forest", PERMANENT, hp=3)
    tree = put_on_board(eng, 0, "dead_tree", PERMANENT, hp=1)
    wall = put_on_board(eng, 0, "ice_wall", PERMANENT)                 # Water, 4 HP
    mate_tree = put_on_board(eng, 1, "dead_tree", PERMANENT)
    start_turn(eng, 0)
    assert _hp(eng, 0) == 17 and _hp(eng, 1) == 15
    assert _slot_hp(eng, 0, forest) == 5  # it heals itself too
    assert _slot_hp(eng, 0, tree) == 3
    assert _slot_hp(eng, 0, wall) == 4    # not Vegetal
    assert _slot_hp(eng, 1, mate_tree) == 2  # not controlled by the player
    assert _duke_hp(eng) == 15 and eng.state.adv_hp[0, guard] == 1


@pytest.mark.parametrize("healed_first", [False, True])
def test_hostile_forest(healed_first):
    eng = make_engine(["hostile_forest", "enchanted_forest"], policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    if healed_first:  # the player orders start-of-turn effects: heal first
        put_on_board(eng, 0, "enchanted_forest", PERMANENT)
    forest = put_on_board(eng, 0, "hostile_forest", PERMANENT, hp=7)
    start_turn(eng, 0)
    assert _duke_hp(eng) == (11 if healed_first else 13)
    assert _slot_hp(eng, 0, forest) == (9 if healed_first else 7)


def test_seed():
    eng = make_engine(["seed"])
    eng.state.hp[0, 0] = 18
    give_hand(eng, 0, "seed")
    set_reserve(eng, 0, vegetal=1)
    slot = prepare(eng, 0, "seed")
    _activate(eng, slot)
    assert _hp(eng) == 19
    assert discard_of(eng, 0) == {"seed": 1} and hand_of(eng, 0) == {}
    assert ether_of(eng) == [mana(vegetal=1), NOTHING]


@pytest.mark.parametrize("tree_in_deck", [True, False])
def test_sprouted_seed(tree_in_deck):
    eng = make_engine(["sprouted_seed", "seed", "dead_tree", "zephyr", "tree_in_flames",
                       "hostile_forest"])
    eng.policy = ScriptedPolicy({"search_deck": lid(eng, "dead_tree")})
    deck = (["seed", "dead_tree", "zephyr", "tree_in_flames", "hostile_forest"] if tree_in_deck
            else ["seed", "zephyr", "hostile_forest"])
    set_deck(eng, 0, deck)
    slot = put_on_board(eng, 0, "sprouted_seed", PREPARED, mana(water=1, vegetal=1))
    _activate(eng, slot)
    if tree_in_deck:
        # Any card with the word Tree: Dead tree or Tree in flames (not Hostile forest).
        options = eng.policy.options_of("search_deck")[0]
        assert set(np.flatnonzero(options)) == {lid(eng, "dead_tree"), lid(eng, "tree_in_flames")}
        assert hand_of(eng, 0) == {"dead_tree": 1}
        remaining = ["seed", "zephyr", "tree_in_flames", "hostile_forest"]
    else:
        assert "search_deck" not in eng.policy.kinds and hand_of(eng, 0) == {}
        remaining = deck
    assert sorted(deck_list(eng, 0)) == sorted(remaining)
    assert eng.state.shuffle_count[0, 0] == 1  # shuffled even when nothing was found
    assert discard_of(eng, 0) == {"sprouted_seed": 1}
    assert ether_of(eng) == [mana(water=1), mana(vegetal=1)]


@pytest.mark.parametrize(("is_mage_noir", "tree", "flame", "legal"), [
    (False, True, False, False), (False, False, True, False), (False, True, True, True),
    (True, True, False, True), (True, False, True, True), (True, False, False, False),
])
def test_tree_in_flames_components(is_mage_noir, tree, flame, legal):
    eng = make_engine(["tree_in_flames", "dead_tree", "flame_projectile", "rite_of_passage"])
    give_hand(eng, 0, "tree_in_flames")
    set_reserve(eng, 0, fire=1, vegetal=2)
    if is_mage_noir:
        put_on_board(eng, 0, "rite_of_passage", RITUAL)
    if tree:
        put_on_board(eng, 0, "dead_tree", PERMANENT)
    if flame:
        put_on_board(eng, 0, "flame_projectile", CHANNELED)
    assert can_prepare(eng, 0, "tree_in_flames") == legal
    if legal:
        before = set(board_of(eng, 0))
        slot = prepare(eng, 0, "tree_in_flames")
        assert set(board_of(eng, 0)) == before | {slot}  # components stay
        assert board_of(eng, 0)[slot] == ("tree_in_flames", PERMANENT)
        assert _slot_hp(eng, 0, slot) == 3 and _locked(eng, 0, slot) == mana(fire=1, vegetal=2)


@pytest.mark.parametrize(("answers", "left_out"), [
    (None, "Flame"),   # the base policy keeps the Flame, which would destroy itself
    ("Tree", "Tree"),  # leaving out the Tree: the Flame is used and destroys itself
    ("none", None),    # leaving out nothing: both are used
])
def test_tree_in_flames_mage_noir_chooses_the_component_to_leave_out(answers, left_out):
    eng = make_engine(["tree_in_flames", "dead_tree", "flame", "rite_of_passage"])
    words = eng.tables.words.tolist()
    column = {w: words.index(WORD_INDEX[w]) for w in ("Tree", "Flame")}
    if answers is not None:
        eng.policy = ScriptedPolicy({"skip_component": 0 if answers == "none" else 1 + column[answers]})
    else:
        eng.policy = ScriptedPolicy()
    put_on_board(eng, 0, "rite_of_passage", RITUAL)
    tree = put_on_board(eng, 0, "dead_tree", PERMANENT)
    flame = put_on_board(eng, 0, "flame", CHANNELED)
    give_hand(eng, 0, "tree_in_flames")
    set_reserve(eng, 0, fire=1, vegetal=2)
    slot = prepare(eng, 0, "tree_in_flames")
    (options,) = eng.policy.options_of("skip_component")
    assert np.flatnonzero(options).tolist() == sorted([0, 1 + column["Tree"], 1 + column["Flame"]])
    used = [a.context["word"] for a in eng.policy.of_kind("use_component")]
    assert sorted(used) == sorted(WORD_INDEX[w] for w in ("Tree", "Flame") if w != left_out)
    assert board_of(eng, 0)[slot] == ("tree_in_flames", PERMANENT)
    assert tree in board_of(eng, 0)
    assert (flame in board_of(eng, 0)) == (left_out == "Flame")
    assert discard_of(eng, 0) == ({} if left_out == "Flame" else {"flame": 1})


@pytest.mark.parametrize(("hp", "duke"), [(3, True), (1, True), (3, False)])
def test_tree_in_flames(hp, duke):
    eng = make_engine(["tree_in_flames"])
    if duke:
        summon_duke(eng)
    tree = put_on_board(eng, 0, "tree_in_flames", PERMANENT, mana(fire=1, vegetal=2), hp=hp)
    start_turn(eng, 0)
    if duke:
        assert _duke_hp(eng) == 18  # the damage comes before the HP loss
    assert _hp(eng) == 20
    if hp > 1:
        assert _slot_hp(eng, 0, tree) == hp - 1 and ether_of(eng) == [NOTHING, NOTHING]
    else:
        assert board_of(eng, 0) == {} and discard_of(eng, 0) == {"tree_in_flames": 1}
        assert ether_of(eng) == [mana(fire=1, vegetal=1), mana(vegetal=1)]


# --- Water ---------------------------------------------------------------------------------


def test_droplet():
    eng = make_engine(["droplet", "purifying_wave"])
    give_hand(eng, 0, "droplet")
    give_hand(eng, 0, "purifying_wave")
    set_reserve(eng, 0, water=1, vegetal=1)
    assert can_prepare(eng, 0, "droplet")  # costs nothing
    slot = prepare(eng, 0, "droplet")
    assert board_of(eng, 0) == {slot: ("droplet", PREPARED)} and reserve_of(eng, 0) == mana(
        water=1, vegetal=1)
    assert not can_prepare(eng, 0, "purifying_wave")  # a prepared spell is not a component
    actions.channel(eng, np.array([0]), np.array([0]), np.array([slot]))
    assert board_of(eng, 0) == {slot: ("droplet", CHANNELED)}
    assert can_prepare(eng, 0, "purifying_wave")  # Transmutable: Drop
    # Activated, it does nothing and is discarded.
    other = put_on_board(eng, 0, "droplet", PREPARED)
    _activate(eng, other)
    assert discard_of(eng, 0) == {"droplet": 1} and _hp(eng) == 20
    assert hand_of(eng, 0) == {"purifying_wave": 1} and ether_of(eng) == [NOTHING, NOTHING]


@pytest.mark.parametrize("victim", ["guard", "fire_whip", "dead_tree"])
def test_engulfment(victim):
    eng = make_engine(["engulfment", "surging_wave", "dead_tree", "fire_whip", "rite_of_passage"])
    give_hand(eng, 0, "engulfment")
    set_reserve(eng, 0, water=3)
    assert not can_prepare(eng, 0, "engulfment")
    summon_duke(eng)
    guard = summon_adversary_card(eng, "adv:ducal_guard", slot=1)
    tree = put_on_board(eng, 0, "dead_tree", PERMANENT, mana(vegetal=2))
    whip = put_on_board(eng, 0, "fire_whip", EQUIPMENT, mana(fire=3))
    rite = put_on_board(eng, 0, "rite_of_passage", RITUAL)
    wave = put_on_board(eng, 0, "surging_wave", CHANNELED)
    assert can_prepare(eng, 0, "engulfment")
    slot = prepare(eng, 0, "engulfment")
    choice = {"guard": adv_target(guard), "fire_whip": slot_target(eng, 0, whip),
              "dead_tree": slot_target(eng, 0, tree)}[victim]
    eng.policy = ScriptedPolicy({"destroy_target": choice})
    _activate(eng, slot)
    options = eng.policy.options_of("destroy_target")[0]
    assert set(np.flatnonzero(options)) == {adv_target(guard), slot_target(eng, 0, tree),
                                            slot_target(eng, 0, whip)}
    assert _duke_hp(eng) == 20
    gone = {"guard": None, "fire_whip": whip, "dead_tree": tree}[victim]
    assert set(board_of(eng, 0)) == {tree, whip, rite, wave} - {gone}
    if victim == "guard":
        assert adv_discard_of(eng) == {"adv:ducal_guard": 1}
        assert discard_of(eng, 0) == {"engulfment": 1}
        assert ether_of(eng) == [mana(water=2), mana(water=1)]
    elif victim == "fire_whip":
        assert discard_of(eng, 0) == {"engulfment": 1, "fire_whip": 1}
        assert ether_of(eng) == [mana(fire=2, water=1), mana(fire=1, water=2)]
    else:
        assert discard_of(eng, 0) == {"engulfment": 1, "dead_tree": 1}
        assert ether_of(eng) == [mana(water=2, vegetal=1), mana(water=1, vegetal=1)]


def test_great_waters():
    eng = make_engine(["great_waters", "droplet", "surging_wave", "mist_breath", "purifying_wave",
                       "maelstrom", "azure_ring", "flame"], players=2,
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    for card in ("droplet", "surging_wave", "mist_breath"):
        put_on_board(eng, 0, card, CHANNELED)
    put_on_board(eng, 0, "purifying_wave", PREPARED)  # not channeled
    put_on_board(eng, 0, "maelstrom", PERMANENT)      # Permanents excluded
    put_on_board(eng, 0, "azure_ring", EQUIPMENT)     # Equipment excluded
    put_on_board(eng, 0, "flame", CHANNELED)          # not Water
    put_on_board(eng, 1, "droplet", CHANNELED)        # the whole board counts
    slot = put_on_board(eng, 0, "great_waters", PREPARED, mana(water=2, air=1))
    _activate(eng, slot)
    assert _duke_hp(eng) == 16  # one instance of 4
    assert discard_of(eng, 0) == {"great_waters": 1}
    assert ether_of(eng) == [mana(water=1, air=1), mana(water=1)]


@pytest.mark.parametrize("in_discard", [4, 2])
def test_mist_breath(in_discard):
    eng = make_engine(["mist_breath", "seed", "zephyr", "flame", "dead_tree"])
    if in_discard == 4:
        give_discard(eng, 0, "seed", 2)
        give_discard(eng, 0, "zephyr")
        give_discard(eng, 0, "flame")
        answers = [lid(eng, "seed"), lid(eng, "seed"), lid(eng, "zephyr")]
    else:
        give_discard(eng, 0, "seed")
        give_discard(eng, 0, "zephyr")
        answers = [lid(eng, "seed"), lid(eng, "zephyr")]
    eng.policy = ScriptedPolicy({"recycle_discard": answers})
    set_deck(eng, 0, ["dead_tree"])
    slot = put_on_board(eng, 0, "mist_breath", PREPARED, mana(water=1, air=1))
    _activate(eng, slot)
    # Exactly 3 cards when there are 3 or more, otherwise all of them; then a shuffle.
    assert eng.policy.kinds.count("recycle_discard") == min(in_discard, 3)
    if in_discard == 4:
        assert sorted(deck_list(eng, 0)) == ["dead_tree", "seed", "seed", "zephyr"]
        assert discard_of(eng, 0) == {"flame": 1, "mist_breath": 1}
    else:
        assert sorted(deck_list(eng, 0)) == ["dead_tree", "seed", "zephyr"]
        assert discard_of(eng, 0) == {"mist_breath": 1}
    assert eng.state.shuffle_count[0, 0] == 1
    assert ether_of(eng) == [mana(water=1), mana(air=1)]


@pytest.mark.parametrize("is_mage_noir", [False, True])
@pytest.mark.parametrize("target", ["self", "dead_tree", "duke"])
def test_purifying_wave(is_mage_noir, target):
    eng = make_engine(["purifying_wave", "droplet", "dead_tree", "rite_of_passage"])
    summon_duke(eng, hp=10)
    eng.state.hp[0, 0] = 15
    tree = put_on_board(eng, 0, "dead_tree", PERMANENT, hp=1)
    if is_mage_noir:
        put_on_board(eng, 0, "rite_of_passage", RITUAL)
    give_hand(eng, 0, "purifying_wave")
    set_reserve(eng, 0, water=1, vegetal=1)
    assert not can_prepare(eng, 0, "purifying_wave")
    put_on_board(eng, 0, "droplet", CHANNELED)
    assert can_prepare(eng, 0, "purifying_wave")
    slot = prepare(eng, 0, "purifying_wave")
    choice = {"self": player_target(eng, 0), "dead_tree": slot_target(eng, 0, tree),
              "duke": DUKE}[target]
    eng.policy = ScriptedPolicy({"target": choice})
    _activate(eng, slot)
    gain = 3 if is_mage_noir else 2
    assert _hp(eng) == 15 + gain * (target == "self")
    assert _slot_hp(eng, 0, tree) == 1 + gain * (target == "dead_tree")
    assert _duke_hp(eng) == 10 + gain * (target == "duke")
    assert discard_of(eng, 0) == {"purifying_wave": 1}
    assert ether_of(eng) == [mana(water=1), mana(vegetal=1)]


@pytest.mark.parametrize("is_mage_noir", [False, True])
def test_surging_wave(is_mage_noir):
    eng = make_engine(["surging_wave", "sprouted_seed", "rite_of_passage"],
                      policy=ScriptedPolicy({"target": DUKE}))
    summon_duke(eng)
    if is_mage_noir:
        put_on_board(eng, 0, "rite_of_passage", RITUAL)
    give_hand(eng, 0, "surging_wave")
    set_reserve(eng, 0, water=3)
    assert not can_prepare(eng, 0, "surging_wave")
    put_on_board(eng, 0, "sprouted_seed", CHANNELED)  # Transmutable: Drop
    assert can_prepare(eng, 0, "surging_wave")
    slot = prepare(eng, 0, "surging_wave")
    _activate(eng, slot)
    assert _duke_hp(eng) == (16 if is_mage_noir else 17)
    assert discard_of(eng, 0) == {"surging_wave": 1}
    assert ether_of(eng) == [mana(water=2), mana(water=1)]


@pytest.mark.parametrize("spell_in_discard", [True, False])
def test_the_water_healer(spell_in_discard):
    policy = ScriptedPolicy({"target": lambda eng, games, *a, **k: [player_target(eng, 0)]})
    eng = make_engine(["the_water_healer", "zephyr"], policy=policy)
    eng.state.hp[0, 0] = 15
    if spell_in_discard:
        give_discard(eng, 0, "zephyr")
    slot = put_on_board(eng, 0, "the_water_healer", PREPARED, mana(water=2, arcane=2))
    _activate(eng, slot)
    assert _hp(eng) == 18
    if spell_in_discard:  # picked before the Healer itself is discarded
        assert policy.options_of("return_from_discard")[0].tolist() == [
            c == lid(eng, "zephyr") for c in range(eng.tables.size)]
        assert hand_of(eng, 0) == {"zephyr": 1}
    else:
        assert "return_from_discard" not in policy.kinds and hand_of(eng, 0) == {}
    assert discard_of(eng, 0) == {"the_water_healer": 1}
    assert ether_of(eng) == [mana(water=1, arcane=1), mana(water=1, arcane=1)]


def test_wave_echo():
    policy = ScriptedPolicy({"target": DUKE})
    eng = make_engine(["wave_echo", "surging_wave"], policy=policy)
    summon_duke(eng)
    give_hand(eng, 0, "wave_echo")
    set_reserve(eng, 0, water=2, arcane=1)
    assert not can_prepare(eng, 0, "wave_echo")
    wave = put_on_board(eng, 0, "surging_wave", CHANNELED, mana(water=3))
    assert can_prepare(eng, 0, "wave_echo")
    slot = prepare(eng, 0, "wave_echo")
    _activate(eng, slot)
    assert policy.options_of("own_component")[0].tolist() == [s == wave for s in range(24)]
    assert _duke_hp(eng) == 17
    # Applying a component's effects does not discard it nor release its Mana.
    assert board_of(eng, 0) == {wave: ("surging_wave", CHANNELED)}
    assert _locked(eng, 0, wave) == mana(water=3)
    assert discard_of(eng, 0) == {"wave_echo": 1}
    assert ether_of(eng) == [mana(water=1, arcane=1), mana(water=1)]


def test_wave_echo_applies_another_wave_echo():
    eng = make_engine(["wave_echo", "surging_wave"])
    summon_duke(eng)
    echo = put_on_board(eng, 0, "wave_echo", CHANNELED)
    wave = put_on_board(eng, 0, "surging_wave", CHANNELED)
    slot = put_on_board(eng, 0, "wave_echo", PREPARED)
    eng.policy = ScriptedPolicy({"own_component": [echo, wave], "target": DUKE})
    _activate(eng, slot)
    assert _duke_hp(eng) == 17
    assert board_of(eng, 0) == {echo: ("wave_echo", CHANNELED), wave: ("surging_wave", CHANNELED)}
    assert discard_of(eng, 0) == {"wave_echo": 1}


def test_wave_echo_does_not_loop_on_a_channeled_wave_echo():
    eng = make_engine(["wave_echo", "surging_wave"])
    summon_duke(eng)
    echo = put_on_board(eng, 0, "wave_echo", CHANNELED)
    slot = put_on_board(eng, 0, "wave_echo", PREPARED)
    _activate(eng, slot)
    assert board_of(eng, 0) == {echo: ("wave_echo", CHANNELED)}
    assert discard_of(eng, 0) == {"wave_echo": 1} and _duke_hp(eng) == 20


# --- Way of the Warrior-Mage ---------------------------------------------------------------


@pytest.mark.parametrize("only_indestructible", [False, True])
def test_divine_hammer_strike(only_indestructible):
    policy = ScriptedPolicy()
    eng = make_engine(["divine_hammer_strike", "fire_whip", "bark_armor", "dead_tree",
                       "rite_of_passage"], policy=policy)
    summon_duke(eng)
    summon_adversary_card(eng, "adv:ducal_guard", slot=1)
    grant_keyword(eng, "bark_armor", "indestructible")  # no base card has the keyword
    whip = None if only_indestructible else put_on_board(eng, 0, "fire_whip", EQUIPMENT,
                                                          mana(fire=3))
    armor = put_on_board(eng, 0, "bark_armor", EQUIPMENT)
    tree = put_on_board(eng, 0, "dead_tree", PERMANENT)
    rite = put_on_board(eng, 0, "rite_of_passage", RITUAL)
    slot = put_on_board(eng, 0, "divine_hammer_strike", PREPARED, mana(mineral=4))
    _activate(eng, slot)
    assert set(board_of(eng, 0)) == {armor, tree, rite}
    assert _duke_hp(eng) == 20 and eng.state.adv_hp[0, 1] == 3
    if only_indestructible:  # no valid target: nothing happens
        assert "destroy_target" not in policy.kinds
        assert discard_of(eng, 0) == {"divine_hammer_strike": 1}
        assert ether_of(eng) == [mana(mineral=2), mana(mineral=2)]
    else:
        options = policy.options_of("destroy_target")[0]
        assert set(np.flatnonzero(options)) == {slot_target(eng, 0, whip)}
        assert discard_of(eng, 0) == {"divine_hammer_strike": 1, "fire_whip": 1}
        assert ether_of(eng) == [mana(fire=2, mineral=2), mana(fire=1, mineral=2)]


# --- effects-priority worked examples ------------------------------------------------------


# Divine hammer strike against Warrior-mage ritual: tests/test_abilities.py.


def test_tornado_with_seed_in_the_wind():
    # effects-priority sheet: Tornado in preparation, Seed in the wind channeled.
    policy = ScriptedPolicy({"target": DUKE})
    eng = make_engine(["tornado", "seed_in_the_wind", "seed", "zephyr", "flame"], policy=policy)
    summon_duke(eng)
    set_deck(eng, 0, ["seed", "zephyr", "flame"])
    wind = put_on_board(eng, 0, "seed_in_the_wind", CHANNELED, mana(air=2, vegetal=2))
    slot = put_on_board(eng, 0, "tornado", PREPARED, mana(air=3))
    _activate(eng, slot)
    assert _duke_hp(eng) == 16                          # 4 damage
    # The same Wind goes third from the top, its "leaves play" draws the top card, its Mana
    # is released; then Tornado is discarded and its Mana released.
    assert hand_of(eng, 0) == {"flame": 1}
    assert deck_list(eng, 0) == ["seed", "seed_in_the_wind", "zephyr"]
    assert wind not in board_of(eng, 0) and board_of(eng, 0) == {}
    assert discard_of(eng, 0) == {"tornado": 1}
    assert ether_of(eng) == [mana(air=3, vegetal=1), mana(air=2, vegetal=1)]


def test_one_component_may_serve_two_words_of_the_same_spell():
    """A Tree in flames on the board provides Tree and Flame: a second one may use it for
    both words (R8.5 asks for distinct cards within one requirement only)."""
    eng = make_engine(["tree_in_flames"])
    first = put_on_board(eng, 0, "tree_in_flames", PERMANENT)
    give_hand(eng, 0, "tree_in_flames")
    set_reserve(eng, 0, fire=1, vegetal=2)
    assert can_prepare(eng, 0, "tree_in_flames")
    slot = prepare(eng, 0, "tree_in_flames")
    used = [a.options[0] for a in eng.policy.of_kind("use_component")]
    assert [np.flatnonzero(o).tolist() for o in used] == [[first], [first]]
    assert board_of(eng, 0) == {first: ("tree_in_flames", PERMANENT), slot: ("tree_in_flames", PERMANENT)}
