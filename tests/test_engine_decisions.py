"""The compiled engine's decision gateway, its placement rule in closed form, and the runs of
decisions on one position that a policy may answer from what it computed once.

Why: every choice goes through one gateway that must refuse what no rule allows (a decision
without any legal option, an answer outside the legal ones) loudly, never as a quietly wrong
game; the Ether's placement rule is computed in closed form and must equal placing the Mana
one at a time; and a policy reusing a computation across decisions must only do so while
the position has not changed.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from engine_fixtures import E, ScriptedPolicy, lid, make_engine, mana, put_on_board, set_hand

from simulator import bots
from simulator.cards import load_cards
from simulator.decks import load_deck
from simulator.engine.host import api
from simulator.engine.host.api import Engine
from simulator.engine.host.batch import Matchup
from simulator.engine.rules import layout as L
from simulator.engine.rules.errors import EngineError
from simulator.engine.rules.rng import game_seeds
from simulator.scenarios import load_scenario

EXAMPLES = Path(__file__).resolve().parent.parent


def test_decide_refuses_a_game_without_any_legal_option_and_an_illegal_answer():
    eng = make_engine(["flame"], policy=ScriptedPolicy({"take_pile": 2}))
    assert api.ask(eng, 0, "take_pile", 0, [True, False, True]) == 2
    with pytest.raises(EngineError, match="no legal option"):
        api.ask(eng, 0, "take_pile", 0, [False, False, False])
    eng = make_engine(["flame"], policy=ScriptedPolicy({"take_pile": 2}))
    with pytest.raises(EngineError, match="illegal option"):
        api.ask(eng, 0, "take_pile", 0, [True, False, False])  # answers 2 where only 0 is legal


def _add_to_ether_one_by_one(ether: np.ndarray, start: np.ndarray, mana: np.ndarray) -> None:
    """The placement rule as written: one Mana at a time in ELEMENTS order, alternating
    piles from the starting pile."""
    total = mana.sum(axis=1)
    cum = np.cumsum(mana, axis=1)
    for k in range(int(total.max(initial=0))):
        valid = k < total
        element = (cum <= k).sum(axis=1)
        pile = np.where(k % 2 == 0, start, 1 - start)
        rows = np.flatnonzero(valid)
        ether[rows, pile[valid], element[valid]] += 1


def test_add_to_ether_places_mana_as_one_at_a_time():
    rng = np.random.default_rng(5)
    n = 400
    eng = make_engine(["flame"], batch=n, policy=ScriptedPolicy({"ether_start_pile": 1}))
    st = eng.state
    st.ether[:] = rng.integers(0, 4, (n, 2, E))
    added = rng.integers(0, 4, (n, E)) * (rng.random((n, E)) < 0.5)
    sizes = st.ether.sum(axis=2)
    start = np.where(sizes[:, 0] == sizes[:, 1], 1, np.argmin(sizes, axis=1))
    expected = st.ether.copy()
    _add_to_ether_one_by_one(expected, start, added)
    api.add_to_ether(eng, np.arange(n), np.zeros(n, np.int64), added)
    np.testing.assert_array_equal(st.ether, expected)


def _planner_position():
    """A planner whose hand lacks Fire and Water Mana, with components in play: its Mana
    element answers depend on the readiness of its cards."""
    eng = make_engine(["flame", "fire_ball", "breath", "tide"], policy="planner")
    set_hand(eng, {"fire_ball": 1, "tide": 1})
    put_on_board(eng, "flame", L.CHANNELED)
    eng.state.reserve[0] = mana(fire=1)
    return eng


def test_a_run_of_mana_element_decisions_gets_the_answers_each_gets_alone():
    eng = _planner_position()
    wk = eng.work[0]
    chosen = api.choose_mana_elements(eng, 0, 0, 4)[0]
    # the run kept player 0's readiness, computed at the current board
    assert int(wk["rd_player"]) == 0
    assert int(wk["rd_clock"]) == int(eng.records[0]["board_clock"])
    # the same four answers, each asked on its own (a fresh readiness every time)
    alone = np.zeros(E, np.int64)
    for _ in range(4):
        options = np.ones(E, bool)
        answer = api.ask(eng, 0, "mana_element", 0, options, chosen=alone)
        alone[answer] += 1
    np.testing.assert_array_equal(chosen, alone)


def test_every_board_change_ticks_the_clock_the_readiness_is_kept_with():
    """A card entering the board, a spell channeled, a card leaving and a new turn that renews
    a spent Water drop each change what a readiness holds: each ticks ``board_clock``, so a
    readiness kept from before is never read again. A new turn that renews nothing keeps it."""
    eng = make_engine(["flame", "fire_ball", "water_drop", "tide"])
    set_hand(eng, {"flame": 1})
    eng.state.reserve[0] = mana(fire=4)

    def clock() -> int:
        return int(eng.records[0]["board_clock"])

    ticks = [clock()]
    api.prepare(eng, [0], [0], [lid(eng, "flame")])
    ticks.append(clock())
    api.channel(eng, [0], [0], [0])
    ticks.append(clock())
    api.leave_board(eng, [0], [0], [0], L.TO_DISCARD)
    ticks.append(clock())
    assert all(before < after for before, after in zip(ticks, ticks[1:], strict=False))
    api.turn_boundary(eng, [0])
    assert clock() == ticks[-1]
    drop = put_on_board(eng, "water_drop", L.CHANNELED)
    eng.state.drop_spent[0, 0, drop] = 1
    before = clock()
    api.turn_boundary(eng, [0])
    assert clock() > before and eng.state.drop_spent[0, 0, drop] == 0


@pytest.mark.parametrize("bot", ["planner", "random"])
def test_a_copied_game_plays_forward_to_the_same_end(bot):
    """A game's record is its whole state (the random bot's draws included): copied at any
    turn into another engine, it plays on to the very same end (what a look-ahead bot and a
    test starting from a position rely on)."""
    db = load_cards()
    deck = load_deck(EXAMPLES / "decks" / "fire-flames.txt", db)
    scenario = load_scenario(EXAMPLES / "scenarios" / "duke.toml", db)
    matchup = Matchup((deck, deck), scenario, "normal")
    eng = api.new_engine(matchup, db, policy=bots.get(bot), seeds=game_seeds(11, 4, 1))
    for _ in range(5):
        assert api.play_turn(eng, 0)
    twin = Engine(eng.records.copy(), eng.table_record.copy(), eng.info, eng.options,
                  bots.get(bot))
    api.play_to_end(eng)
    api.play_to_end(twin)
    assert eng.records[0]["outcome"] != L.RUNNING
    differ = [f for f in eng.records.dtype.names
              if not np.array_equal(eng.records[f], twin.records[f])]
    assert differ == []


def test_questions_beyond_the_decision_record_are_refused_never_read_as_garbage():
    """A test reads back the questions a command asked; more than the record holds is an
    error naming the limit, not rows that were never written."""
    policy = ScriptedPolicy()
    eng = make_engine(["flame"], policy=policy)
    api.choose_mana_elements(eng, 0, 0, 10)
    assert policy.kinds == ["mana_element"] * 10
    with pytest.raises(EngineError, match="did not fit in the decision record"):
        api.choose_mana_elements(eng, 0, 0, L.REC_MAX + 5)
