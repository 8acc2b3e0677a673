"""add_at: the same additions as np.add.at, repeated index tuples included; bad use fails loudly."""

from __future__ import annotations

import numpy as np
import pytest

from simulator.legacy.engine.core import EngineError
from simulator.legacy.engine.scatter import add_at


def test_add_at_counts_every_index_tuple_like_np_add_at():
    rng = np.random.default_rng(5)
    hand = rng.integers(0, 4, (50, 2, 9)).astype(np.int16)  # (B, P, C) like GameState.hand
    games = rng.integers(0, 50, 400)  # many repeats: the same card drawn twice in one call
    player = rng.integers(0, 2, 400)
    card = rng.integers(0, 9, 400).astype(np.int16)  # narrow ids must not overflow the offsets
    expected = hand.copy()
    np.add.at(expected, (games, player, card), 1)
    add_at(hand, (games, player, card))
    assert hand.dtype == np.int16
    assert np.array_equal(hand, expected)


def test_add_at_adds_per_index_amounts_and_broadcasts_a_scalar_index():
    shown = np.zeros((3, 4), np.int64)
    add_at(shown, (np.array([0, 0, 2]), np.array([1, 1, 3])), np.array([2, 5, 1]))
    assert shown.tolist() == [[0, 7, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1]]
    add_at(shown, (np.array([1, 2]), 0))  # one player column for every game
    assert shown[:, 0].tolist() == [0, 1, 1]


def test_add_at_with_no_index_changes_nothing():
    counts = np.ones((2, 3), np.int16)
    add_at(counts, (np.zeros(0, np.int64), np.zeros(0, np.int64)))
    assert np.array_equal(counts, np.ones((2, 3), np.int16))


@pytest.mark.parametrize("index", [
    (np.array([0]), np.array([3])),    # past the last card: would land in the next row
    (np.array([0]), np.array([-1])),   # a -1 empty-slot marker: np.add.at would wrap around
    (np.array([2]), np.array([0])),    # past the last game
])
def test_add_at_refuses_an_index_out_of_its_axis(index):
    counts = np.zeros((2, 3), np.int16)
    with pytest.raises(EngineError, match="out of range"):
        add_at(counts, index)
    assert not counts.any()


def test_add_at_refuses_a_view_it_could_not_write_through_and_a_missing_axis():
    counts = np.zeros((4, 3), np.int16)
    with pytest.raises(EngineError, match="contiguous"):
        add_at(counts[:, :2], (np.array([0]), np.array([0])))  # reshape would copy
    with pytest.raises(EngineError, match="one index per axis"):
        add_at(counts, (np.array([0]),))
    assert not counts.any()


def test_add_at_refuses_a_fractional_amount():
    counts = np.zeros((2, 2), np.int16)
    with pytest.raises(TypeError):
        add_at(counts, (np.array([0]), np.array([0])), 0.5)
