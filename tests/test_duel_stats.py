"""The interval of a rate measured on seat-swapped seed pairs (simulator.duel_stats): between
Wilson's on the pairs and Wilson's on the games, and 95% coverage where the pair's two games
move together, are independent, or move against each other."""

from __future__ import annotations

import numpy as np
import pytest

from simulator.duel_stats import pair_rate, pair_rates, per_pair
from simulator.stats import wilson_interval


def test_independent_games_get_about_wilsons_interval_on_the_games():
    rng = np.random.default_rng(3)
    hits = rng.binomial(2, 0.3, size=4000)  # two independent games a pair
    rate, low, high = pair_rate(hits)
    w_low, w_high = wilson_interval(int(hits.sum()), 8000)
    assert rate == hits.sum() / 8000
    assert high - low == pytest.approx(w_high - w_low, rel=0.05)


def test_pairs_whose_two_games_always_agree_count_as_one_game_each():
    hits = np.array([2] * 300 + [0] * 700)  # a seed decides both of its games
    rate, low, high = pair_rate(hits)
    assert (low, high) == pytest.approx(wilson_interval(300, 1000))
    assert rate == 0.3


def test_a_rate_of_one_counts_the_pairs_alone_and_opposite_games_stay_conservative():
    assert pair_rate(np.full(50, 2))[1:] == pytest.approx(wilson_interval(50, 50))
    assert pair_rate(np.zeros(50, int))[1:] == pytest.approx(wilson_interval(0, 50))
    # each pair's games opposite (the first player always wins): never narrower than the games
    rate, low, high = pair_rate(np.ones(200, int))
    assert rate == 0.5 and (low, high) == pytest.approx(wilson_interval(200, 400))


@pytest.mark.parametrize("seeds", [10, 40, 200])
@pytest.mark.parametrize("together, p", [(0.0, 0.35), (0.5, 0.35), (0.5, 0.1), (-0.5, 0.35)])
def test_the_interval_covers_the_true_rate_95_times_in_100(together, p, seeds):
    """Pairs whose second game copies the first with probability ``together`` (or its
    opposite when negative), else is drawn anew: 3,000 duels of ``seeds`` seeds. Opposite
    games narrow the true spread, which the interval does not take (never narrower than
    Wilson's on the games), nor do fewer than 30 pairs (Wilson's on the pairs): it covers more
    than 95% there, as documented."""
    rng = np.random.default_rng(11)
    runs = 3000
    first = rng.random((runs, seeds)) < p
    fresh = rng.random((runs, seeds)) < (p if together >= 0 else (p - abs(together) * (1 - p))
                                         / (1 - abs(together)))
    copy = rng.random((runs, seeds)) < abs(together)
    second = np.where(copy, first if together >= 0 else ~first, fresh)
    rates, lows, highs = pair_rates(first.astype(int) + second.astype(int))
    assert abs(rates.mean() - p) < 0.01  # the pairs keep the rate (checks the simulation)
    coverage = ((lows <= p) & (p <= highs)).mean()
    assert 0.93 <= coverage <= (0.985 if together >= 0 and seeds >= 30 else 1.0), coverage


def test_fewer_than_30_pairs_count_the_pairs_alone():
    hits = np.array([0, 1, 2, 1, 1, 0, 2, 1, 1, 1])  # 10 pairs, 10 of 20 games
    assert pair_rate(hits)[1:] == pytest.approx(wilson_interval(5, 10))


def test_per_pair_adds_the_two_games_of_each_seed():
    assert list(per_pair(np.array([1, 0, 1, 1, 0, 0], bool))) == [1, 2, 0]
