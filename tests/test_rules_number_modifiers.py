"""Number modifiers (engine/rules/numbers.py; docs/rules.md R11.4): what a card carries from
the components it was prepared with, how each mode changes a step's amount, the floors, the
order of several, and the steps a component grants. Base cards stand in for the modifiers
(tests/rule_stand_ins.py): Seed doubles (Century), Dead tree subtracts 1 or adds 1 for a Mage
Noir (Split second), Zephyr reduces by 1 or 0 (Millisecond), Flame adds 10 (Millennium).
"""

from __future__ import annotations

import numpy as np
import pytest
from engine_fixtures import (
    ScriptedPolicy,
    lid,
    make_engine,
    mana,
    player_target,
    put_adversary,
    put_on_board,
    run_steps,
    set_deck,
)
from rule_stand_ins import as_modifier, with_granted

from simulator.engine.host.api import activate, prepare
from simulator.engine.rules.layout import CHANNELED, PREPARED, RITUAL

G0, P0 = np.array([0]), np.array([0])
CARDS = ["fiery_arrow", "seed", "dead_tree", "zephyr", "flame", "rite_of_passage", "breath"]
STAND_IN = {"double": "seed", "split": "dead_tree", "reduce": "zephyr", "add10": "flame"}


def _engine(**forced):
    eng = make_engine(CARDS, policy=ScriptedPolicy(forced))
    as_modifier(eng, "seed", "double")
    as_modifier(eng, "dead_tree", "subtract", 1, "add", 1)
    as_modifier(eng, "zephyr", "reduce", 1, amount_mn=0)
    as_modifier(eng, "flame", "add", 10)
    return eng


def _carrying(*modifiers: str, mage_noir: bool = False, **forced):
    """Slot 0 holds a prepared Fiery arrow carrying ``modifiers`` (in this order)."""
    eng = _engine(**forced)
    slot = put_on_board(eng, "fiery_arrow", PREPARED)
    for k, name in enumerate(modifiers):
        eng.state.board_mods[0, 0, slot, k] = lid(eng, STAND_IN[name]) + 1
    if mage_noir:
        put_on_board(eng, "rite_of_passage", RITUAL)
    return eng, slot


def _run(eng, slot, *steps):
    run_steps(eng, list(steps), G0, P0, np.array([lid(eng, "fiery_arrow")]), np.array([slot]))


@pytest.mark.parametrize(("modifiers", "mage_noir", "drawn"), [
    ((), False, 2),
    (("double",), False, 4),
    (("split",), False, 1),
    (("split",), True, 3),
    (("reduce",), False, 1),
    (("reduce",), True, 2),
    (("add10",), False, 12),
    (("split", "double"), True, 6),   # in designation order: (2 + 1) x 2
    (("double", "split"), True, 5),   # 2 x 2 + 1
    (("split", "split", "split"), False, 0),  # a draw stops at 0
])
def test_every_number_changes(modifiers, mage_noir, drawn):
    eng, slot = _carrying(*modifiers, mage_noir=mage_noir)
    set_deck(eng, ["breath"] * 20)
    _run(eng, slot, {"op": "draw", "amount": 2})
    assert eng.state.hand[0, 0, lid(eng, "breath")] == drawn


def test_a_card_without_modifiers_is_unchanged():
    eng, slot = _carrying("double")
    set_deck(eng, ["breath"] * 5)
    _run(eng, slot + 1, {"op": "draw", "amount": 2})  # another slot: nothing carried
    assert eng.state.hand[0, 0, lid(eng, "breath")] == 2


def test_subtracting_below_zero_turns_healing_into_hp_loss_and_damage_into_healing():
    eng, slot = _carrying("split", "split")
    eng.policy = ScriptedPolicy({"target": player_target(eng, 0)})
    _run(eng, slot, {"op": "heal", "amount": 1, "target": "self"})
    assert eng.state.hp[0, 0] == 19
    _run(eng, slot, {"op": "damage", "amount": 0, "target": "any"})
    assert eng.state.hp[0, 0] == 21
    _run(eng, slot, {"op": "lose_hp", "amount": 1, "target": "self"})
    assert eng.state.hp[0, 0] == 22


def test_reduce_never_goes_below_zero_by_itself():
    eng, slot = _carrying("reduce")
    _run(eng, slot, {"op": "take_mana", "amount": 0, "element": "fire", "source": "infinite"})
    assert eng.state.reserve[0, 0].tolist() == mana().tolist()


def test_the_modifier_changes_the_number_before_a_per_count():
    """"1 HP for every ...": the 1 changes (doubled: 2 per component)."""
    eng, slot = _carrying("double")
    put_on_board(eng, "flame", CHANNELED)
    put_on_board(eng, "flame", CHANNELED)
    _run(eng, slot, {"op": "heal", "amount": 1, "per": "own_component:Flame", "target": "self"})
    assert eng.state.hp[0, 0] == 24


def test_preparing_records_the_modifying_components():
    eng = _engine()
    flame = put_on_board(eng, "flame", CHANNELED)
    eng.state.hand[0, 0, lid(eng, "fiery_arrow")] = 1
    eng.state.reserve[0, 0, 0] = 2
    prepare(eng, G0, P0, np.array([lid(eng, "fiery_arrow")]))
    slot = int(np.flatnonzero(eng.state.board_card[0, 0] == lid(eng, "fiery_arrow"))[0])
    assert eng.state.board_mods[0, 0, slot].tolist() == [lid(eng, "flame") + 1, 0, 0, 0]
    assert eng.state.board_card[0, 0, flame] == -1  # the Flame still goes, once used
    duke = put_adversary(eng, "adv:duke")
    activate(eng, G0, P0, np.array([slot]))
    assert eng.state.adv_hp[0, duke] == 20 - 13


def test_a_granted_step_runs_after_the_cards_own_and_is_modified_too():
    eng, slot = _carrying()
    with_granted(eng, "breath", {"op": "mill", "amount": 1})
    eng.state.board_mods[0, 0, slot, :2] = [lid(eng, "breath") + 1, lid(eng, "seed") + 1]
    duke = put_adversary(eng, "adv:duke")
    set_deck(eng, ["seed", "zephyr", "seed"])
    activate(eng, G0, P0, np.array([slot]))
    assert eng.state.adv_hp[0, duke] == 20 - 6
    assert eng.state.deck_len[0, 0] == 1  # 1 x 2 cards milled
    order = eng.state.discard_pile[0, 0, :int(eng.state.discard_len[0, 0])]
    assert [eng.info.ids[c] for c in order] == ["seed", "zephyr", "fiery_arrow"]
