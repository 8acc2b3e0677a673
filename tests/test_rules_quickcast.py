"""Quickcast and Slowcast (engine/rules/casting.py, windows.py; docs/rules.md R9.3): when a
prepared spell may be activated, in the main phase and in the Quickcast windows of the
Adversary's turn; the keyword printed, given under a condition, by a component, to Slowcast
spells, and "every spell has Slowcast" with its waiver.

Positions are hand-built (tests/card_positions.py). Flame (free, 1 damage to any target) stands
for any spell: the tests give it the keywords in the batch's table; Zephyr (2 damage, needs a
Breath) where a component matters.
"""

from __future__ import annotations

import numpy as np
from card_positions import (
    ScriptedPolicy,
    adv_target,
    board_of,
    discard_of,
    give_hand,
    grant_keyword,
    hand_of,
    lid,
    make_engine,
    mana,
    prepare,
    put_on_board,
    reserve_of,
    set_deck,
    set_reserve,
    summon_duke,
)

from simulator.engine.host import api
from simulator.engine.rules import layout as L
from simulator.engine.rules.actions import action_offsets  # noqa: F401 - the layout it documents

G = np.array([0])
P0 = np.array([0])


def _can_activate(eng, slot: int) -> bool:
    legal = api.legal_actions(eng, G, P0)[0]
    s_n, c_n = eng.info.slots, eng.info.size
    return bool(legal[1 + s_n + c_n + slot])


def _duke_hp(eng) -> int:
    return int(eng.state.adv_hp[0, 0])


def _quiet_duke(eng) -> None:
    """The Duke in play (Adversary slot 0, 20 HP) without its turn-start blow: these tests
    watch the windows around the Adversary's cards, not the cards."""
    summon_duke(eng)
    eng.table_record["trig_count"][0, lid(eng, "adv:duke"), L.T_TURN_START] = 0


def _flame_engine(policy=None, *keywords):
    eng = make_engine(["flame", "seed"], policy=policy or ScriptedPolicy())
    for keyword in keywords:
        grant_keyword(eng, "flame", keyword)
    set_deck(eng, 0, ["seed", "seed", "seed"])
    _quiet_duke(eng)
    return eng


def test_slowcast_spell_waits_for_the_next_turn():
    eng = _flame_engine(None, "slowcast")
    give_hand(eng, 0, "flame")
    slot = prepare(eng, 0, "flame")
    assert not _can_activate(eng, slot)  # prepared this turn
    eng.state.turn[:] += 1
    assert _can_activate(eng, slot)


def test_quickcast_window_in_the_adversary_turn():
    policy = ScriptedPolicy({"quick_action": lambda eng, games, *a, **k: [1 + slot],
                             "target": adv_target(0)})
    eng = _flame_engine(policy, "quickcast")
    slot = put_on_board(eng, 0, "flame", L.PREPARED)
    api.adversary_turn(eng, G)
    assert _duke_hp(eng) == 19
    assert discard_of(eng, 0) == {"flame": 1} and board_of(eng, 0) == {}
    asked = policy.of_kind("quick_action")
    assert len(asked) == 1  # the start window; nothing left to offer at the end
    assert asked[0].context["amount"] == L.WINDOW_ADVERSARY_START
    assert np.flatnonzero(asked[0].options).tolist() == [0, 1 + slot]


def test_passing_keeps_the_spell_for_the_end_window():
    answers = [0, 1]  # pass at the start, activate (slot 0) at the end
    policy = ScriptedPolicy({"quick_action": answers, "target": adv_target(0)})
    eng = _flame_engine(policy, "quickcast")
    put_on_board(eng, 0, "flame", L.PREPARED)
    api.adversary_turn(eng, G)
    windows = [a.context["amount"] for a in policy.of_kind("quick_action")]
    assert windows == [L.WINDOW_ADVERSARY_START, L.WINDOW_ADVERSARY_END]
    assert _duke_hp(eng) == 19


def test_no_window_without_quickcast():
    policy = ScriptedPolicy()
    eng = _flame_engine(policy)
    put_on_board(eng, 0, "flame", L.PREPARED)
    api.adversary_turn(eng, G)
    assert "quick_action" not in policy.kinds
    assert _duke_hp(eng) == 20


def test_slowcast_and_quickcast_wait_only_for_the_turn_of_preparation():
    """Prepared in the main phase: not activatable there; in the Adversary turn that follows
    it is (a spell with both can be activated at any time but the turn it was prepared)."""
    policy = ScriptedPolicy({"quick_action": [1], "target": adv_target(0)})
    eng = _flame_engine(policy, "slowcast", "quickcast")
    give_hand(eng, 0, "flame")
    slot = prepare(eng, 0, "flame")
    assert slot == 0 and not _can_activate(eng, slot)
    api.adversary_turn(eng, G)
    assert _duke_hp(eng) == 19


def test_conditional_quickcast_as_a_mage_noir():
    """A static ``quickcast`` with ``if = "mage_noir"`` (Zap): a window only for a Mage Noir."""
    for mage_noir in (False, True):
        policy = ScriptedPolicy({"target": adv_target(0)})
        eng = make_engine(["flame", "seed", "rite_of_passage"], policy=policy)
        set_deck(eng, 0, ["seed"])
        _quiet_duke(eng)
        eng.table_record["quickcast_if"][0, lid(eng, "flame")] = L.CONDITION_CODE["mage_noir"]
        eng.table_record["any_quickcast"] = 1
        if mage_noir:
            put_on_board(eng, 0, "rite_of_passage", L.RITUAL)
        slot = put_on_board(eng, 0, "flame", L.PREPARED)
        policy.forced["quick_action"] = [1 + slot]
        api.adversary_turn(eng, G)
        assert _duke_hp(eng) == (19 if mage_noir else 20)


def test_slowcast_spells_gain_quickcast_from_a_card_on_the_board():
    """Superconductivity's static, on a card in preparation: own Slowcast spells have
    Quickcast; a spell without Slowcast does not."""
    policy = ScriptedPolicy({"target": adv_target(0), "quick_action": [0, 0]})
    eng = make_engine(["zephyr", "seed", "breath"], policy=policy)
    set_deck(eng, 0, ["seed"])
    _quiet_duke(eng)
    grant_keyword(eng, "breath", "slowcast")
    eng.table_record["slowcast_gain_quickcast"][0, lid(eng, "seed")] = 1
    eng.table_record["any_cast_rule"] = 1
    eng.table_record["any_quickcast"] = 1
    put_on_board(eng, 0, "seed", L.PREPARED)
    zephyr = put_on_board(eng, 0, "zephyr", L.PREPARED, mana(air=2))
    breath = put_on_board(eng, 0, "breath", L.PREPARED, mana(air=1))
    api.adversary_turn(eng, G)
    asked = policy.of_kind("quick_action")[0]
    assert np.flatnonzero(asked.options).tolist() == [0, 1 + breath]
    assert zephyr not in np.flatnonzero(asked.options) - 1


def test_component_grants_quickcast_to_the_spell_prepared_with_it():
    """Millisecond's static: the spell prepared with it as a component has Quickcast."""
    policy = ScriptedPolicy({"quick_action": [1 + 1], "target": adv_target(0)})
    eng = make_engine(["zephyr", "breath", "seed"], policy=policy)
    set_deck(eng, 0, ["seed"])
    _quiet_duke(eng)
    eng.table_record["grants_quickcast"][0, lid(eng, "breath")] = 1
    eng.table_record["any_quickcast"] = 1
    put_on_board(eng, 0, "breath", L.CHANNELED)
    give_hand(eng, 0, "zephyr")
    set_reserve(eng, 0, air=2)
    slot = prepare(eng, 0, "zephyr")
    assert eng.state.cast_mark[0, 0, slot] == L.MARK_QUICKCAST
    api.adversary_turn(eng, G)
    assert _duke_hp(eng) == 18


def test_every_spell_slowcast_while_a_card_is_in_play_and_its_waiver():
    """Ritual of absolute zero's static (given here to a Ritual): every spell has Slowcast;
    a spell prepared with 1 more Water paid has none (the Water is locked under it)."""
    for pay in (0, 1):
        policy = ScriptedPolicy({"optional_payment": [pay]})
        eng = make_engine(["flame", "seed", "rite_of_passage"], policy=policy)
        set_deck(eng, 0, ["seed"])
        ritual = lid(eng, "rite_of_passage")
        eng.table_record["all_slowcast_static"][0, ritual] = 1
        eng.table_record["slowcast_waiver"][0, ritual, L.WATER] = 1
        eng.table_record["any_cast_rule"] = 1
        eng.table_record["any_all_slowcast"] = 1
        put_on_board(eng, 0, "rite_of_passage", L.RITUAL)
        give_hand(eng, 0, "flame")
        set_reserve(eng, 0, water=1)
        slot = prepare(eng, 0, "flame")
        (asked,) = policy.of_kind("optional_payment")
        assert asked.context["card"] == lid(eng, "flame")
        assert _can_activate(eng, slot) == bool(pay)
        assert eng.state.board_mana[0, 0, slot].tolist() == mana(water=pay)
        assert reserve_of(eng, 0) == mana(water=1 - pay)


def test_every_spell_slowcast_until_the_next_turn():
    """``state.all_slowcast`` (Stunning thunder's op): a spell prepared meanwhile cannot be
    activated that turn, whoever prepared it; it ends at the start of its caster's turn."""
    eng = _flame_engine(None)
    eng.table_record["any_cast_rule"] = 1  # a batch holding a card with such an effect
    eng.state.all_slowcast[0, 0] = 1
    give_hand(eng, 0, "flame")
    slot = prepare(eng, 0, "flame")
    assert not _can_activate(eng, slot)
    api.begin_player_turn(eng, G, P0)
    assert eng.state.all_slowcast[0, 0] == 0
    assert _can_activate(eng, slot)


# --- the cards whose rulings point to the publisher's article on Quickcast ---------------------
# Each card's Quickcast lets it be activated in the Adversary's turn, where it does what it
# does in its controller's main phase (the other such cards: tests named in docs/rulings.md).


def _quick_engine(cards):
    """The Duke in play (no blow), ``cards`` for the player, a deck to draw from."""
    policy = ScriptedPolicy()
    eng = make_engine([*cards, "seed"], policy=policy)
    set_deck(eng, 0, ["seed", "seed", "seed"])
    _quiet_duke(eng)
    return eng, policy


def _in_the_adversarys_turn(eng, policy, slot: int) -> None:
    """An Adversary turn whose first Quickcast window (at its start) offers the spell in
    ``slot``, which the player activates."""
    policy.forced["quick_action"] = [1 + slot]
    api.adversary_turn(eng, G)
    asked = policy.of_kind("quick_action")[0]
    assert asked.context["amount"] == L.WINDOW_ADVERSARY_START
    assert asked.options[0, 1 + slot]


def test_quicksand_gives_slowcast_in_the_adversarys_turn():
    eng, policy = _quick_engine(["quicksand", "flame"])
    flame = put_on_board(eng, 0, "flame", L.PREPARED)
    sand = put_on_board(eng, 0, "quicksand", L.PREPARED, mana(mineral=1, water=1))
    policy.forced["slowcast_target"] = flame
    _in_the_adversarys_turn(eng, policy, sand)
    assert discard_of(eng, 0) == {"quicksand": 1}
    assert eng.state.cast_mark[0, 0, flame] & L.MARK_SLOWCAST


def test_stunning_thunder_gives_every_spell_slowcast_from_the_adversarys_turn():
    eng, policy = _quick_engine(["stunning_thunder"])
    thunder = put_on_board(eng, 0, "stunning_thunder", L.PREPARED, mana(air=3))
    _in_the_adversarys_turn(eng, policy, thunder)
    assert discard_of(eng, 0) == {"stunning_thunder": 1}
    assert eng.state.all_slowcast[0, 0] == 1


def test_dazzle_returns_a_prepared_spell_in_the_adversarys_turn():
    eng, policy = _quick_engine(["dazzle", "fire_ball"])
    ball = put_on_board(eng, 0, "fire_ball", L.PREPARED, mana(fire=2))
    dazzle = put_on_board(eng, 0, "dazzle", L.PREPARED, mana(fire=1))
    _in_the_adversarys_turn(eng, policy, dazzle)
    assert board_of(eng, 0) == {} and hand_of(eng, 0) == {"fire_ball": 1}
    assert discard_of(eng, 0) == {"dazzle": 1}
    assert ball not in board_of(eng, 0)


def test_photosynthesis_heals_in_the_adversarys_turn():
    eng, policy = _quick_engine(["photosynthesis", "dead_tree"])
    tree = put_on_board(eng, 0, "dead_tree", L.PERMANENT, hp=1)
    spell = put_on_board(eng, 0, "photosynthesis", L.PREPARED, mana(vegetal=1))
    _in_the_adversarys_turn(eng, policy, spell)
    assert discard_of(eng, 0) == {"photosynthesis": 1}
    assert int(eng.state.board_hp[0, 0, tree]) == 3
