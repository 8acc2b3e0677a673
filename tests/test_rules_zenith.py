"""Zenith (docs/rules.md R12, engine/rules/zenith.py): a turn that began with as many own
spells in preparation as channeled (type Spell only) makes the ``zenith`` condition true for
that turn; Permanents, Equipment and Rituals are not counted."""

from __future__ import annotations

import numpy as np
from engine_fixtures import G0, P0, lid, make_engine, put_on_board, run_steps, set_deck, transcript_of

from simulator.engine.host import api
from simulator.engine.rules import layout as L

# Solar burn has Zenith (the batch determines it); the rest fill the board.
CARDS = ["solar_burn", "fire_ball", "flame", "king_of_trees", "breath", "artificial_sun",
         "dead_tree"]


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
    eng = _engine()
    put_on_board(eng, "fire_ball", L.PREPARED)
    put_on_board(eng, "flame", L.CHANNELED)
    put_on_board(eng, "king_of_trees", L.PERMANENT)  # not counted
    put_on_board(eng, "artificial_sun", L.PERMANENT)  # nor this one
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
