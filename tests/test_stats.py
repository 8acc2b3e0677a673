"""Interval arithmetic against published values, histograms, and the precision rule."""

from __future__ import annotations

import math

import numpy as np
import pytest

from simulator.run import MAX_LOOKS, precision_plan
from simulator.stats import (
    Histograms,
    mcnemar,
    paired_difference,
    quantile_interval,
    wilson,
    wilson_interval,
)


@pytest.mark.parametrize("k, n, low, high", [
    # Newcombe (1998), Statistics in Medicine 17:857, table I (Wilson score, no correction)
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
])
def test_wilson_interval_matches_published_values(k, n, low, high):
    lo, hi = wilson_interval(k, n)
    assert lo == pytest.approx(low, abs=5e-5) and hi == pytest.approx(high, abs=5e-5)


def test_wilson_vectorised_agrees_and_edges_are_exact():
    k = np.array([0, 3, 10, 10, 0])
    n = np.array([10, 10, 10, 1000, 0])
    lows, highs = wilson(k, n)
    for i in range(4):
        assert (lows[i], highs[i]) == pytest.approx(wilson_interval(int(k[i]), int(n[i])))
    assert lows[0] == 0.0 and highs[2] == 1.0
    assert (lows[4], highs[4]) == (0.0, 1.0)  # no trials: no information
    assert wilson_interval(5, 0) == (0.0, 1.0)


def test_paired_difference_matches_newcombe_method_10():
    # Cavo et al. (2012) table from Fagerland, Lydersen & Laake, "Statistical analysis of
    # contingency tables" ch. 8: 59 both, 6 only first, 16 only second, 80 neither.
    d, low, high = paired_difference(59, 6, 16, 80)
    assert d == pytest.approx(-0.0621, abs=5e-5)
    assert low == pytest.approx(-0.1186, abs=5e-5) and high == pytest.approx(-0.0046, abs=5e-5)
    # swapping the two runs mirrors the interval
    d2, low2, high2 = paired_difference(59, 16, 6, 80)
    assert (d2, low2, high2) == pytest.approx((-d, -high, -low))


def test_paired_difference_stays_in_range_and_contains_the_estimate():
    for table in [(0, 0, 0, 50), (50, 0, 0, 0), (0, 50, 0, 0), (3, 7, 1, 40), (0, 0, 0, 0)]:
        d, low, high = paired_difference(*table)
        assert -1.0 <= low <= d <= high <= 1.0


def test_mcnemar_on_a_constructed_table():
    test = mcnemar(10, 2)  # 12 discordant pairs split 10 / 2
    exact = 2 * sum(math.comb(12, i) for i in range(3)) / 2 ** 12
    assert test["p_value"] == pytest.approx(exact) and exact == pytest.approx(0.03857, abs=1e-5)
    assert test["chi2"] == pytest.approx((10 - 2 - 1) ** 2 / 12)
    assert mcnemar(2, 10)["p_value"] == test["p_value"]
    assert mcnemar(0, 0)["p_value"] == 1.0
    # published continuity-corrected value for the Cavo table: P = 0.055009
    assert mcnemar(6, 16)["chi2_p_value"] == pytest.approx(0.055009, abs=1e-6)


def test_histograms_merge_and_summaries_are_exact():
    rng = np.random.default_rng(3)
    values = rng.integers(-5, 40, size=(500, 3))
    rows = np.broadcast_to(np.arange(3), values.shape)
    whole = Histograms(3)
    whole.add(rows, values)
    a, b = Histograms(3), Histograms(3)
    a.add(rows[:200], values[:200])
    b.add(rows[200:], values[200:])
    a.merge(b)
    assert a.lo == whole.lo and np.array_equal(a.counts, whole.counts)
    s = whole.summary()
    assert np.array_equal(s["n"], [500, 500, 500])
    np.testing.assert_allclose(s["mean"], values.mean(axis=0))
    for q in (10, 50, 90):
        np.testing.assert_array_equal(s[f"p{q}"], np.percentile(values, q, axis=0, method="inverted_cdf"))
    assert (s["mean_low"] < s["mean"]).all() and (s["mean"] < s["mean_high"]).all()


def test_quantile_interval_brackets_the_median():
    counts = np.ones(101, int)  # values 0..100 once each
    median, low, high = quantile_interval(counts, 0.5)
    assert median == 50 and low < 50 < high
    assert quantile_interval(np.zeros(5, int), 0.5)[0] != quantile_interval(np.zeros(5, int), 0.5)[0]


@pytest.mark.parametrize("target", [0.01, 0.03, 0.05, 0.1])
def test_precision_plan_always_stops_at_its_last_look(target):
    plan = precision_plan(target)
    looks = plan["looks"]
    assert looks == sorted(looks) and len(looks) <= MAX_LOOKS
    assert plan["look_confidence"] == pytest.approx(1 - 0.05 / MAX_LOOKS)
    n = looks[-1]
    k = np.arange(n + 1)
    low, high = wilson(k, np.full(n + 1, n), plan["look_confidence"])
    p = k / n
    assert ((p - low) <= target + 1e-12).all() and ((high - p) <= target + 1e-12).all()
    # and the bound is tight enough to matter: 20% fewer games would not always do
    m = int(n * 0.8)
    k = np.arange(m + 1)
    low, high = wilson(k, np.full(m + 1, m), plan["look_confidence"])
    assert ((high - k / m) > target).any()


def test_precision_plan_refuses_nonsense_and_respects_a_cap():
    from simulator.errors import UserError

    with pytest.raises(UserError, match="precision"):
        precision_plan(0.0)
    with pytest.raises(UserError, match="precision"):
        precision_plan(0.7)
    capped = precision_plan(0.01, max_games=1000)
    assert capped["capped"] and capped["looks"][-1] == 1000


def test_prepared_use_counts_never_used_preparations_and_warns_past_half():
    from simulator.stats import RunAggregate, prepared_for_nothing, prepared_use_table

    agg = RunAggregate(players=1, horizon=4, words=(), card_ids=("a", "b", "c"),
                       card_names=("Salvage", "Bolt", "Wall"), games=20)
    # USAGE_KINDS rows: drawn, prepared, activated, channeled, stranded
    agg.usage_total[1] = [30, 12, 8]   # prepared
    agg.usage_total[2] = [2, 9, 8]     # played (a Permanent counts as it enters)
    agg.usage_total[3] = [4, 3, 0]     # channeled
    table = prepared_use_table(agg)
    assert table["unused"].tolist() == [24, 0, 0]
    assert table["unused_share"].round(2).tolist() == [0.8, 0.0, 0.0]
    warnings = prepared_for_nothing(table, "planner")
    assert len(warnings) == 1 and warnings[0].startswith(
        "Salvage: prepared 30, played 2, channeled 4, never used 24 (80%)")
    agg.usage_total[1] = [9, 12, 8]    # under 10 preparations: too few to say
    agg.usage_total[2] = [0, 9, 8]
    agg.usage_total[3] = [0, 3, 0]
    assert prepared_for_nothing(prepared_use_table(agg), "planner") == []
