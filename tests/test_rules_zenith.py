"""Zenith (docs/rules.md R12, engine/rules/zenith.py): a turn that began with as many own
spells in preparation as channeled (type Spell only) makes the ``zenith`` condition true for
that turn; Permanents, Equipment and Rituals are not counted."""

from __future__ import annotations

import numpy as np
import pytest
from engine_fixtures import (
    G0,
    P0,
    ScriptedPolicy,
    lid,
    make_engine,
    put_on_board,
    run_steps,
    set_deck,
    set_hand,
    transcript_of,
)

from simulator.engine.host import api
from simulator.engine.rules import layout as L

# Solar burn has Zenith (the batch determines it); the rest fill the board.
CARDS = ["solar_burn", "fire_ball", "flame", "king_of_trees", "breath", "artificial_sun",
         "dead_tree", "bark_armor", "rite_of_passage", "rock_wall"]


def _engine():
    eng = make_engine(CARDS)
    eng.state.turn[:] = 3
    set_deck(eng, ["flame"] * 5)
    return eng


def _damage_if_zenith(eng):
    run_steps(eng, [{"op": "damage", "amount": 1, "target": "opponent", "if": "zenith"},
                    {"op": "draw", "amount": 1, "if": "zenith"}],
              G0, 0, lid(eng, "fire_ball"), -1)


def test_equal_counts_begin_the_turn_at_zenith():
    """Only Spells count: not the Permanents, the Equipment, the Ritual, nor a Permanent that
    is channeled (a Rock wall below 1 HP)."""
    eng = _engine()
    put_on_board(eng, "fire_ball", L.PREPARED)
    put_on_board(eng, "flame", L.CHANNELED)
    put_on_board(eng, "king_of_trees", L.PERMANENT)  # not counted
    put_on_board(eng, "artificial_sun", L.PERMANENT)  # nor this one
    put_on_board(eng, "bark_armor", L.EQUIPMENT)  # nor an Equipment
    put_on_board(eng, "rite_of_passage", L.RITUAL)  # nor a Ritual
    put_on_board(eng, "rock_wall", L.CHANNELED, hp=0)  # nor a channeled Permanent
    lines = transcript_of(eng, lambda: api.begin_player_turn(eng, G0, P0))
    assert eng.state.zenith[0, 0] == 1
    assert "  at Zenith this turn (1 spells in preparation, 1 channeled)" in lines
    hand = eng.state.hand[0, 0].sum()
    _damage_if_zenith(eng)
    assert eng.state.hand[0, 0].sum() == hand + 1


def test_an_empty_board_is_at_zenith():
    eng = _engine()
    api.begin_player_turn(eng, G0, P0)
    assert eng.state.zenith[0, 0] == 1


def test_unequal_counts_are_not_at_zenith_and_the_steps_do_nothing():
    eng = _engine()
    put_on_board(eng, "fire_ball", L.PREPARED)
    put_on_board(eng, "breath", L.PREPARED)
    put_on_board(eng, "flame", L.CHANNELED)
    api.begin_player_turn(eng, G0, P0)
    assert eng.state.zenith[0, 0] == 0
    hand = eng.state.hand[0, 0].sum()
    _damage_if_zenith(eng)
    assert eng.state.hand[0, 0].sum() == hand


def test_zenith_is_fixed_at_turn_start_and_ends_with_the_turn():
    """Channeling during the turn does not change it; the turn's end clears it."""
    eng = _engine()
    slot = put_on_board(eng, "fire_ball", L.PREPARED)
    put_on_board(eng, "flame", L.CHANNELED)
    api.begin_player_turn(eng, G0, P0)
    assert eng.state.zenith[0, 0] == 1
    api.channel(eng, G0, P0, np.array([slot]))
    assert eng.state.zenith[0, 0] == 1
    api.end_player_turn(eng, G0, P0)
    assert eng.state.zenith[0, 0] == 0


def test_a_zenith_cost_reduction_follows_the_turn():
    """A cost reduction with ``if = "zenith"`` (Sun catalyst's kind) applies only at Zenith."""
    eng = _engine()
    t = eng.table_record[0]
    holder = lid(eng, "dead_tree")  # a Permanent with no effect of its own
    t["reduction"][0] = (holder, 0, 1, 1, -1, L.NAME_WORD["Solar"], L.CONDITION_CODE["zenith"],
                         -1, 0, 0)  # no min_cost
    t["n_reduction"], t["any_reduction"] = 1, 1
    put_on_board(eng, "dead_tree", L.PERMANENT)
    burn = lid(eng, "solar_burn")
    assert api.effective_cost(eng, G0, P0)[0, burn, 0] == 3
    api.begin_player_turn(eng, G0, P0)
    assert api.effective_cost(eng, G0, P0)[0, burn, 0] == 2
    api.end_player_turn(eng, G0, P0)
    assert api.effective_cost(eng, G0, P0)[0, burn, 0] == 3


# --- where the Zenith is determined among the start-of-turn effects ----------------------------

def _upkeep_position(policy, owns_zenith_card: bool = True, upkeep: bool = True,
                     equal: bool = False):
    """Player 0 with Fire ball in preparation and a Flame channeled, a Mental flame channeled
    whose upkeep they cannot pay (``upkeep``: slot 2, or 3 with ``equal``), Solar burn in hand
    (``owns_zenith_card``). The counts are 1 prepared and 2 channeled, equal once the Mental
    flame is gone; with ``equal`` a second Fire ball makes them equal before the upkeep and
    unequal after it."""
    eng = make_engine(["solar_burn", "fire_ball", "flame", "mental_flame"], policy=policy)
    eng.state.turn[:] = 3
    set_deck(eng, ["flame"] * 3)
    if owns_zenith_card:
        set_hand(eng, {"solar_burn": 1})
    put_on_board(eng, "fire_ball", L.PREPARED)
    put_on_board(eng, "flame", L.CHANNELED)
    if equal:
        put_on_board(eng, "fire_ball", L.PREPARED)
    if upkeep:
        put_on_board(eng, "mental_flame", L.CHANNELED)
    return eng


@pytest.mark.parametrize(("owns", "upkeep", "asked"), [
    (True, True, True),     # a Zenith card of theirs and an effect to order: asked
    (False, True, False),   # no card of theirs reads the Zenith: determined first
    (True, False, False),   # no start-of-turn effect: nothing to order
])
def test_the_zenith_is_ordered_only_when_it_matters_and_has_company(owns, upkeep, asked):
    """The base policy (greedy's) answers the order: the Zenith first, from the counts as the
    turn begins, as when it is not asked."""
    policy = ScriptedPolicy()
    eng = _upkeep_position(policy, owns_zenith_card=owns, upkeep=upkeep)
    api.begin_player_turn(eng, G0, P0)
    questions = policy.options_of("effect_order")
    if asked:
        (options,) = questions
        assert np.flatnonzero(options).tolist() == [2, L.ZENITH_EFFECT]  # the Mental flame
    else:
        assert questions == []
    assert eng.state.zenith[0, 0] == (0 if upkeep else 1)  # 1 against 2, or 1 against 1


@pytest.mark.parametrize("bot", ["greedy", "planner"])
@pytest.mark.parametrize("equal", [True, False])
def test_the_bots_place_the_zenith(bot, equal):
    """Greedy determines the Zenith first, as the counts stand when the turn begins. The
    planner determines it as soon as the counts are equal: at once when they are (the unpaid
    Mental flame would part them), after the upkeep when that evens them."""
    eng = _upkeep_position(bot, equal=equal)
    api.begin_player_turn(eng, G0, P0)
    assert lid(eng, "mental_flame") not in eng.state.board_card[0, 0].tolist()
    at_zenith = equal or bot == "planner"
    assert eng.state.zenith[0, 0] == (1 if at_zenith else 0)
