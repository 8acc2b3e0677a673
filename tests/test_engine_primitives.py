"""Small engine primitives: the short-axis reductions give numpy's own reductions for every
shape they accept; core.ranked_columns gives each row's True columns round by round;
state.player_rows reads what two index arrays read; the decision gateway refuses a game
without a legal option and an illegal answer."""

from __future__ import annotations

import numpy as np
import pytest
from engine_fixtures import ScriptedPolicy, make_engine

from simulator.legacy.engine.core import EngineError, ranked_columns
from simulator.legacy.engine.short_axis import any_last, count_last, covers, sum_last
from simulator.legacy.engine.state import player_rows


@pytest.mark.parametrize("shape", [(300, 24), (300, 8), (40, 3, 16), (300, 13), (300, 6), (5, 0)])
def test_any_last_equals_numpy_any(shape):
    rng = np.random.default_rng(sum(shape))
    for density in (0.0, 0.02, 0.5):
        mask = rng.random(shape) < density
        np.testing.assert_array_equal(any_last(mask), mask.any(axis=-1))


@pytest.mark.parametrize("shape", [(300, 24), (300, 248), (40, 3, 16), (300, 13), (300, 256), (5, 0)])
def test_count_last_equals_numpy_count_nonzero(shape):
    rng = np.random.default_rng(sum(shape))
    for density in (0.0, 0.3, 1.0):
        mask = rng.random(shape) < density
        counts = count_last(mask)
        assert counts.dtype == np.int64
        np.testing.assert_array_equal(counts, np.count_nonzero(mask, axis=-1))


def test_any_last_on_a_view_and_on_integers_falls_back_to_numpy():
    mask = np.zeros((10, 32), bool)
    mask[3, 30] = True  # outside the view below: it must not be read
    np.testing.assert_array_equal(any_last(mask[:, :24]), np.zeros(10, bool))
    counts = np.zeros((4, 8), np.int16)
    counts[2, 5] = 3
    np.testing.assert_array_equal(any_last(counts), [False, False, True, False])
    np.testing.assert_array_equal(count_last(mask[:, :24]), np.zeros(10, np.int64))


def test_sum_last_in_a_narrower_dtype_and_covers():
    rng = np.random.default_rng(2)
    lack = rng.integers(0, 9, (7, 50, 2, 6)).astype(np.int16)
    total = sum_last(lack, np.int16)
    assert total.dtype == np.int16
    np.testing.assert_array_equal(total, lack.sum(axis=-1))
    assert sum_last(lack).dtype == np.int64
    reserve, cost = rng.integers(0, 5, (50, 6)), rng.integers(0, 5, (50, 9, 6))
    np.testing.assert_array_equal(covers(reserve, cost), (reserve[:, None, :] >= cost).all(axis=2))


def test_ranked_columns_gives_each_rows_true_columns_round_by_round():
    rng = np.random.default_rng(4)
    mask = rng.random((200, 9)) < 0.25
    mask[7] = False
    rounds = ranked_columns(mask)
    assert len(rounds) == mask.sum(axis=1).max()
    for i, (rows, columns) in enumerate(rounds):
        expected_rows = np.flatnonzero(mask.sum(axis=1) > i)
        np.testing.assert_array_equal(rows, expected_rows)
        np.testing.assert_array_equal(columns, [np.flatnonzero(mask[r])[i] for r in expected_rows])
    assert ranked_columns(np.zeros((4, 3), bool)) == []


def test_decide_refuses_a_game_without_any_legal_option_and_an_illegal_answer():
    eng = make_engine(["flame"], batch=3, policy=ScriptedPolicy({"probe": 2}))
    games, players = np.arange(3), np.zeros(3, np.int64)
    passing = np.array([[True, False, True]] * 3)  # the first option open to every game
    assert eng.decide("probe", games, players, passing).tolist() == [2, 2, 2]
    empty_row = passing.copy()
    empty_row[1] = False  # game 1 has nothing to choose
    with pytest.raises(EngineError, match="no legal option"):
        eng.decide("probe", games, players, empty_row)
    closed_first = np.array([[False, False, True], [True, False, False], [False, False, True]])
    with pytest.raises(EngineError, match="illegal option"):
        eng.decide("probe", games, players, closed_first)  # answers 2 where only 0 is legal


@pytest.mark.parametrize("tail", [(), (6,), (24, 6)])
def test_player_rows_reads_each_games_player_row(tail):
    rng = np.random.default_rng(len(tail))
    array = rng.integers(0, 100, (50, 3) + tail).astype(np.int16)
    games = np.array([7, 7, 0, 49, 12])
    player = np.array([2, 0, 1, 2, 0])
    rows = player_rows(array, games, player)
    np.testing.assert_array_equal(rows, array[games, player])
    rows[...] = -1  # a copy: the state is untouched
    assert (array >= 0).all()
    np.testing.assert_array_equal(player_rows(array, games, 1), array[games, 1])


def test_player_rows_refuses_a_mask_of_games():
    array = np.zeros((4, 2, 3))
    with pytest.raises(TypeError, match="not a mask"):
        player_rows(array, np.array([True, False, True, False]), np.zeros(4, np.int64))
