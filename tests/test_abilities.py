"""Activated abilities (simulator/engine/rules/abilities.py): the main-phase action group and the
"at any time" windows, one hand-built position per card.

Positions start from the empty state of ``engine_fixtures.make_engine``; abilities are used
through the real main-phase commands (``api.legal_actions`` / ``api.apply_actions`` with
the ability group of the flat action space), windows through the real damage and destroy
code. The Ether start pile is always pile 0 on a tie.
"""

from __future__ import annotations

import numpy as np
from engine_fixtures import (
    FIRE,
    G0,
    P0,
    WATER,
    ability_legal,
    board_at,
    damage_prevented,
    deck_at,
    engine_with_answers,
    lid,
    mana,
    pile_of,
    player_target,
    put_adversary,
    put_on_board,
    set_deck,
    set_hand,
    space,
)

from simulator.cards import load_cards
from simulator.engine.host.api import (
    action_space,
    activate,
    apply_actions,
    deal_damage,
    end_player_turn,
    indestructible_slots,
    legal_actions,
    prepare,
    run_trigger,
    turn_boundary,
    turn_start,
)
from simulator.engine.rules.layout import (
    ABILITY_NAMES,
    CHANNELED,
    EMPTY,
    EQUIPMENT,
    HANDLERS,
    PERMANENT,
    PREPARED,
    RITUAL,
)


def _ability_legal(eng, player=0) -> list[int]:
    """Own board slots whose ability the main-phase action space offers now."""
    sp = action_space(eng)
    legal = legal_actions(eng, G0, np.array([player]))[0, sp.ability:sp.prepare]
    return np.flatnonzero(legal).tolist()


def _use(eng, slot, player=0) -> None:
    """Choose "use the ability of slot ``slot``" as the main-phase action."""
    assert slot in _ability_legal(eng, player), f"ability of slot {slot} not offered"
    apply_actions(eng, G0, np.array([player]), np.array([action_space(eng).ability + slot]))


# --- the action group ---------------------------------------------------------------------


def test_every_ability_is_a_registered_handler():
    assert set(ABILITY_NAMES) <= set(HANDLERS)
    # The compiled engine keeps no timing per ability (each is a main-phase action, and the
    # "at any time" windows are rules of their own): an ability the card data declares must
    # be one of its abilities, or the card would get no ability action at all. A generic
    # ability (its first step ``ability_cost``) may run handler steps after it.
    abilities = [dict(card.effect).get("ability", ()) for card in load_cards()]
    declared = {step["name"] for steps in abilities if steps and steps[0]["op"] != "ability_cost"
                for step in steps if step["op"] == "handler"}
    assert declared <= set(ABILITY_NAMES)


def test_the_ability_group_comes_first_and_only_for_cards_in_play():
    eng = engine_with_answers(["crimson_ritual", "flame"])
    sp = action_space(eng)
    s = eng.state.board_card.shape[2]
    assert (sp.ability, sp.prepare) == (1, 1 + s)
    assert sp.size == 1 + 3 * s + eng.tables.size + 6
    put_on_board(eng, "flame", CHANNELED)
    assert _ability_legal(eng) == []  # a card without ability
    ritual = put_on_board(eng, "crimson_ritual", RITUAL)
    assert _ability_legal(eng) == [ritual]
    assert ability_legal(eng, G0, P0)[0].tolist() == [i == ritual for i in range(s)]


# --- Crimson ritual -----------------------------------------------------------------------


def test_crimson_ritual():
    eng = engine_with_answers(["crimson_ritual", "flame", "seed"])
    st = eng.state
    ritual = put_on_board(eng, "crimson_ritual", RITUAL, locked=mana(fire=1, arcane=2))
    set_deck(eng, ["flame", "seed"])
    _use(eng, ritual)
    assert st.hp[0, 0] == 19 and st.damage_taken[0, 0] == 1
    assert st.reserve[0, 0].tolist() == mana(fire=1).tolist()  # from the Infinite Ether
    assert pile_of(eng, "hand") == {"seed": 1} and deck_at(eng) == ["flame"]
    assert st.ether.sum() == 0
    # Repeatable: the ability is still offered.
    assert _ability_legal(eng) == [ritual]
    _use(eng, ritual)
    assert st.hp[0, 0] == 18 and st.reserve[0, 0, FIRE] == 2
    assert pile_of(eng, "hand") == {"seed": 1, "flame": 1}


def test_crimson_ritual_enters_with_half_the_hp_lost():
    eng = engine_with_answers(["crimson_ritual"])
    st = eng.state
    st.hp[0, 0] = 19
    set_hand(eng, {"crimson_ritual": 1})
    st.reserve[0, 0] = mana(fire=1, arcane=2)
    prepare(eng, G0, P0, np.array([lid(eng, "crimson_ritual")]))
    assert st.hp[0, 0] == 10  # 9 HP lost (half of 19, rounded down)
    assert board_at(eng) == {0: ("crimson_ritual", RITUAL)}


def test_crimson_ritual_triggers_crimson_ring_after_the_whole_action():
    """Lose 1 HP, take 1 Fire and draw is one indivisible action: the ring it triggers
    resolves afterwards and can pay with the Fire Mana just taken."""
    eng = engine_with_answers(["crimson_ritual", "crimson_ring", "flame"], optional_payment=1)
    st = eng.state
    k = put_adversary(eng, "duke")
    ritual = put_on_board(eng, "crimson_ritual", RITUAL)
    put_on_board(eng, "crimson_ring", EQUIPMENT)
    set_deck(eng, ["flame"])
    _use(eng, ritual)
    assert st.hp[0, 0] == 19
    assert st.adv_hp[0, k] == 19
    assert st.reserve[0, 0].sum() == 0
    assert eng.state.ether[0].tolist() == [mana(fire=1).tolist(), mana().tolist()]
    assert pile_of(eng, "hand") == {"flame": 1}
    (asked,) = eng.policy.of_kind("optional_payment")
    assert asked.context["card"].tolist() == [lid(eng, "crimson_ring")]


# --- Emptiness ritual ---------------------------------------------------------------------


def test_emptiness_ritual():
    # Entering: the hand size becomes 4 and the player discards right away, down to 4.
    eng = engine_with_answers(["emptiness_ritual", "flame", "seed"])
    st = eng.state
    eng.policy.forced["discard_from_hand"] = [lid(eng, "flame"), lid(eng, "seed")]
    set_hand(eng, {"emptiness_ritual": 1, "flame": 3, "seed": 3})
    st.reserve[0, 0] = mana(air=2, arcane=3)
    prepare(eng, G0, P0, np.array([lid(eng, "emptiness_ritual")]))
    assert st.max_hand[0, 0] == 4
    assert pile_of(eng, "hand") == {"flame": 2, "seed": 2}
    assert pile_of(eng, "discard") == {"flame": 1, "seed": 1}
    asked = eng.policy.of_kind("discard_from_hand")
    assert [a.context["reason"] for a in asked] == ["hand_size", "hand_size"]
    assert board_at(eng) == {0: ("emptiness_ritual", RITUAL)}


def test_emptiness_ritual_with_a_small_hand_discards_nothing():
    eng = engine_with_answers(["emptiness_ritual", "flame"])
    set_hand(eng, {"emptiness_ritual": 1, "flame": 3})
    eng.state.reserve[0, 0] = mana(air=2, arcane=3)
    prepare(eng, G0, P0, np.array([lid(eng, "emptiness_ritual")]))
    assert pile_of(eng, "hand") == {"flame": 3}
    assert "discard_from_hand" not in eng.policy.kinds


def test_emptiness_ritual_hand_size_applies_at_the_end_of_turn():
    eng = engine_with_answers(["emptiness_ritual", "flame"])
    put_on_board(eng, "emptiness_ritual", RITUAL)
    set_hand(eng, {"flame": 6})
    eng.policy.forced["discard_from_hand"] = lid(eng, "flame")
    end_player_turn(eng, G0, P0)
    assert eng.state.max_hand[0, 0] == 4
    assert pile_of(eng, "hand") == {"flame": 4}


def test_emptiness_ritual_ping():
    eng = engine_with_answers(["emptiness_ritual", "flame", "seed"], target=0)
    st = eng.state
    k = put_adversary(eng, "duke")
    ritual = put_on_board(eng, "emptiness_ritual", RITUAL)
    assert _ability_legal(eng) == []  # no card in hand to discard
    set_hand(eng, {"flame": 1, "seed": 1})
    eng.policy.forced["discard_from_hand"] = lid(eng, "seed")
    _use(eng, ritual)
    assert st.adv_hp[0, k] == 19
    assert pile_of(eng, "hand") == {"flame": 1} and pile_of(eng, "discard") == {"seed": 1}
    (asked,) = eng.policy.of_kind("discard_from_hand")
    assert asked.context["reason"] == "ability"
    (target,) = eng.policy.of_kind("target")
    assert target.options[0, player_target(eng, 0)]  # any target: the player too


# --- Ritual of decomposition --------------------------------------------------------------


def test_ritual_of_decomposition():
    eng = engine_with_answers(["ritual_of_decomposition", "dead_tree", "maelstrom", "kerlochs_robe"],
                  target=0)
    st = eng.state
    k = put_adversary(eng, "duke")
    ritual = put_on_board(eng, "ritual_of_decomposition", RITUAL)
    tree = put_on_board(eng, "dead_tree", PERMANENT, locked=mana(vegetal=2), hp=3)
    mael = put_on_board(eng, "maelstrom", PERMANENT)
    eng.policy.forced["ability_target"] = [tree, mael]
    _use(eng, ritual)
    (asked,) = eng.policy.of_kind("ability_target")
    assert np.flatnonzero(asked.options[0]).tolist() == [tree, mael]
    assert st.adv_hp[0, k] == 17  # the Dead tree's current HP, 3
    assert board_at(eng) == {ritual: ("ritual_of_decomposition", RITUAL),
                           mael: ("maelstrom", PERMANENT)}
    assert pile_of(eng, "discard") == {"dead_tree": 1}
    assert st.ether[0].tolist() == [mana(vegetal=1).tolist()] * 2
    # A Permanent without HP: destroyed at will, no damage and no target to choose.
    _use(eng, ritual)
    assert st.adv_hp[0, k] == 17
    assert len(eng.policy.of_kind("target")) == 1
    assert pile_of(eng, "discard") == {"dead_tree": 1, "maelstrom": 1}
    assert _ability_legal(eng) == []  # no Permanent left


def test_ritual_of_decomposition_damage_is_vegetal():
    # Kerloc'h's robe: damage from Vegetal cards +3, so 2 HP deal 5.
    eng = engine_with_answers(["ritual_of_decomposition", "dead_tree", "kerlochs_robe"], target=0)
    k = put_adversary(eng, "duke")
    ritual = put_on_board(eng, "ritual_of_decomposition", RITUAL)
    put_on_board(eng, "kerlochs_robe", EQUIPMENT)
    put_on_board(eng, "dead_tree", PERMANENT)
    _use(eng, ritual)
    assert eng.state.adv_hp[0, k] == 15


# --- Ritual of melange --------------------------------------------------------------------


def test_ritual_of_melange():
    eng = engine_with_answers(["ritual_of_melange", "surging_wave", "flame"], melange_give=FIRE,
                  melange_take=WATER)
    st = eng.state
    ritual = put_on_board(eng, "ritual_of_melange", RITUAL, locked=mana(water=2, arcane=3))
    put_on_board(eng, "flame", PREPARED, locked=mana(fire=1))  # not a Water card
    wave = put_on_board(eng, "surging_wave", PREPARED, locked=mana(water=3))
    assert _ability_legal(eng) == []  # empty reserve: nothing to trade
    st.reserve[0, 0] = mana(fire=1)
    eng.policy.forced["ability_target"] = wave
    _use(eng, ritual)
    (asked,) = eng.policy.of_kind("ability_target")
    assert np.flatnonzero(asked.options[0]).tolist() == [ritual, wave]  # own Water cards
    assert st.reserve[0, 0].tolist() == mana(water=1).tolist()
    assert st.board_mana[0, 0, wave].tolist() == mana(fire=1, water=2).tolist()
    assert st.ether.sum() == 0
    (give,) = eng.policy.of_kind("melange_give")
    assert np.flatnonzero(give.options[0]).tolist() == [FIRE]


def test_ritual_of_melange_can_empty_an_unleashed_ocean():
    eng = engine_with_answers(["ritual_of_melange", "unleashed_ocean"], melange_give=FIRE,
                  melange_take=WATER)
    st = eng.state
    ritual = put_on_board(eng, "ritual_of_melange", RITUAL)
    ocean = put_on_board(eng, "unleashed_ocean", PERMANENT, locked=mana(water=1))
    st.reserve[0, 0] = mana(fire=1)
    eng.policy.forced["ability_target"] = ocean
    _use(eng, ritual)
    # No Water left under it: discarded, the swapped Fire released.
    assert board_at(eng) == {ritual: ("ritual_of_melange", RITUAL)}
    assert pile_of(eng, "discard") == {"unleashed_ocean": 1}
    assert st.reserve[0, 0].tolist() == mana(water=1).tolist()
    assert st.ether[0].tolist() == [mana(fire=1).tolist(), mana().tolist()]


# --- Druid horns --------------------------------------------------------------------------


def test_druid_horns():
    eng = engine_with_answers(["druid_horns", "seed", "seed_in_the_wind", "flame"])
    horns = put_on_board(eng, "druid_horns", EQUIPMENT)
    set_deck(eng, ["flame", "seed_in_the_wind", "seed"])
    _use(eng, horns)
    assert pile_of(eng, "hand") == {"seed": 1} and deck_at(eng) == ["flame", "seed_in_the_wind"]
    _use(eng, horns)  # several times per turn; any card with the word Seed
    assert pile_of(eng, "hand") == {"seed": 1, "seed_in_the_wind": 1} and deck_at(eng) == ["flame"]
    assert _ability_legal(eng) == []  # the top card is not a Seed


# --- Kerloc'h's robe ----------------------------------------------------------------------


def test_kerlochs_robe():
    eng = engine_with_answers(["kerlochs_robe", "flame", "seed"])
    st = eng.state
    k = put_adversary(eng, "duke")
    robe = put_on_board(eng, "kerlochs_robe", EQUIPMENT, locked=mana(vegetal=2, arcane=2))
    set_hand(eng, {"flame": 2, "seed": 1})
    _use(eng, robe)
    assert board_at(eng) == {}
    assert pile_of(eng, "hand") == {}
    assert pile_of(eng, "discard") == {"kerlochs_robe": 1, "flame": 2, "seed": 1}
    assert st.ether[0].tolist() == [mana(vegetal=1, arcane=1).tolist()] * 2
    assert damage_prevented(eng)[0, 0]
    # Damage this turn is reduced to 0 (the Duke's 4), but not damage that can't be reduced.
    run_trigger(eng, "turn_start", G0, np.array([-1]), np.array([lid(eng, "duke")]),
                np.array([k]))
    assert st.hp[0, 0] == 20
    deal_damage(eng, G0, np.array([-1]), np.array([lid(eng, "duke")]),
                    np.array([player_target(eng, 0)]), np.array([3]), unpreventable=True)
    assert st.hp[0, 0] == 17
    turn_boundary(eng, G0)
    assert not damage_prevented(eng)[0, 0]


def test_kerlochs_robe_window_before_damage():
    """"You may sacrifice this right before you take damage, including during the
    opponent's turn": a ``may_use_ability`` decision before the Duke's damage lands."""
    eng = engine_with_answers(["kerlochs_robe", "flame"], batch=2,
                  may_use_ability=lambda eng, games, *a, **c: np.array([1, 0])[games])
    st = eng.state
    k = put_adversary(eng, "duke")
    put_on_board(eng, "kerlochs_robe", EQUIPMENT)
    set_hand(eng, {"flame": 1})
    games = np.array([0, 1])
    run_trigger(eng, "turn_start", games, np.array([-1, -1]), np.full(2, lid(eng, "duke")),
                np.full(2, k))
    (asked,) = eng.policy.of_kind("may_use_ability")
    assert asked.context["ability"] == "kerlochs_robe"
    assert asked.context["amount"].tolist() == [4, 4]
    assert asked.players.tolist() == [0, 0]
    # Game 0 sacrificed it: no damage. Game 1 kept it: 4 - 2 = 2 damage.
    assert st.hp[:, 0].tolist() == [20, 18]
    assert pile_of(eng, "discard", 0) == {"kerlochs_robe": 1, "flame": 1}
    assert board_at(eng, 1) == {0: ("kerlochs_robe", EQUIPMENT)} and pile_of(eng, "hand", 1) == {"flame": 1}


# --- Warrior-mage ritual ------------------------------------------------------------------


def test_warrior_mage_ritual():
    eng = engine_with_answers(["warrior_mage_ritual", "fire_whip", "bark_armor", "flame"])
    st = eng.state
    ritual = put_on_board(eng, "warrior_mage_ritual", RITUAL)
    whip = put_on_board(eng, "fire_whip", EQUIPMENT, locked=mana(fire=3))  # entered this turn
    armor = put_on_board(eng, "bark_armor", EQUIPMENT)
    assert _ability_legal(eng) == []  # no card in hand to discard
    set_hand(eng, {"flame": 1})
    eng.policy.forced["ability_target"] = whip
    _use(eng, ritual)
    (asked,) = eng.policy.of_kind("ability_target")
    assert np.flatnonzero(asked.options[0]).tolist() == [whip, armor]
    assert pile_of(eng, "discard") == {"flame": 1} and pile_of(eng, "hand") == {}
    # The end-of-turn destruction spares the indestructible whip, not the armour.
    end_player_turn(eng, G0, P0)
    assert board_at(eng) == {ritual: ("warrior_mage_ritual", RITUAL), whip: ("fire_whip", EQUIPMENT)}
    assert pile_of(eng, "discard") == {"flame": 1, "bark_armor": 1}
    assert st.board_mana[0, 0, whip].tolist() == mana(fire=3).tolist()


def test_warrior_mage_ritual_indestructible_equipment_is_not_replaced():
    eng = engine_with_answers(["warrior_mage_ritual", "fire_whip", "flame"])
    st = eng.state
    ritual = put_on_board(eng, "warrior_mage_ritual", RITUAL)
    old = put_on_board(eng, "fire_whip", EQUIPMENT)
    set_hand(eng, {"flame": 1, "fire_whip": 1})
    eng.policy.forced["discard_from_hand"] = lid(eng, "flame")
    _use(eng, ritual)
    st.reserve[0, 0] = mana(fire=3)
    new = int(np.argmax(st.board_zone[0, 0] == EMPTY))
    prepare(eng, G0, P0, np.array([lid(eng, "fire_whip")]))
    assert board_at(eng) == {ritual: ("warrior_mage_ritual", RITUAL), old: ("fire_whip", EQUIPMENT),
                           new: ("fire_whip", EQUIPMENT)}
    # The mark ends with the turn (and never follows another card into the slot).
    turn_boundary(eng, G0)
    assert not indestructible_slots(eng, G0, P0)[0].any()


def test_divine_hammer_strike_against_warrior_mage_ritual():
    """Effects-priority sheet, "Divine hammer strike against Warrior-mage ritual".

    In the sheet, the opponent activates Divine hammer strike aiming at our Fire whip; just
    before the destroy resolves we use the Warrior-mage ritual (discard 1 card): the whip is
    indestructible, the target is no longer valid, nothing happens. In solo no Adversary card
    destroys Equipment, so the position is built directly: Divine hammer strike's effect is
    run as an opposing-side (Adversary-controlled) effect whose target, announced first, is
    our Fire whip. The ``may_use_ability`` window opens between the announced target and the
    destruction. Game 0 uses the ability, game 1 does not.
    """
    eng = engine_with_answers(["warrior_mage_ritual", "fire_whip", "flame", "divine_hammer_strike"], batch=2,
                  may_use_ability=lambda eng, games, *a, **c: np.array([1, 0])[games])
    st = eng.state
    put_on_board(eng, "warrior_mage_ritual", RITUAL)
    whip = put_on_board(eng, "fire_whip", EQUIPMENT, locked=mana(fire=3))
    set_hand(eng, {"flame": 1})
    k, p, s = space(eng)
    eng.policy.forced["destroy_target"] = k + p + whip  # player 0's slot ``whip``
    games = np.array([0, 1])
    run_trigger(eng, "activate", games, np.array([-1, -1]),
                np.full(2, lid(eng, "divine_hammer_strike")), None)
    # Target announced, then the window, then the ability's discard; then game 1's whip goes
    # and its Mana is released (the Ether start pile question).
    assert eng.policy.kinds == ["destroy_target", "may_use_ability", "discard_from_hand",
                                "ether_start_pile"]
    (window,) = eng.policy.of_kind("may_use_ability")
    assert window.context["ability"] == "warrior_mage_ritual_indestructible"
    assert window.players.tolist() == [0, 0]
    # Game 0: the whip survives, the flame was discarded, no Mana moved.
    assert board_at(eng, 0)[whip] == ("fire_whip", EQUIPMENT)
    assert pile_of(eng, "discard", 0) == {"flame": 1} and st.ether[0].sum() == 0
    # Game 1: the whip is destroyed and its Mana released.
    assert whip not in board_at(eng, 1)
    assert pile_of(eng, "discard", 1) == {"fire_whip": 1} and pile_of(eng, "hand", 1) == {"flame": 1}
    assert st.ether[1].tolist() == [mana(fire=2).tolist(), mana(fire=1).tolist()]


def test_own_destroy_effects_open_no_window():
    eng = engine_with_answers(["warrior_mage_ritual", "fire_whip", "flame", "divine_hammer_strike"])
    put_on_board(eng, "warrior_mage_ritual", RITUAL)
    put_on_board(eng, "fire_whip", EQUIPMENT)
    set_hand(eng, {"flame": 1})
    strike = put_on_board(eng, "divine_hammer_strike", PREPARED)
    activate(eng, G0, P0, np.array([strike]))
    assert "may_use_ability" not in eng.policy.kinds
    assert pile_of(eng, "discard") == {"fire_whip": 1, "divine_hammer_strike": 1}


def test_turn_start_is_not_an_ability_window():
    # Abilities are main-phase actions: a turn start asks nothing about them.
    eng = engine_with_answers(["druid_horns", "seed"])
    put_on_board(eng, "druid_horns", EQUIPMENT)
    set_deck(eng, ["seed"])
    turn_start(eng, G0, P0)
    assert eng.policy.kinds == []
    assert pile_of(eng, "hand") == {}
