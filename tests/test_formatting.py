"""Numbers with their intervals, written with the decimals that tell the ends from the number
(simulator.formatting): never "0.4% (95% CI 0.4% to 0.4%)"."""

from __future__ import annotations

from simulator.formatting import decimals_for, format_percents, format_points, format_rate
from simulator.stats import wilson_interval


def test_one_decimal_when_it_is_enough():
    assert format_rate(0.112, 0.103, 0.121) == "11.2% (95% CI 10.3% to 12.1%)"
    assert format_points(-0.083, -0.089, -0.076) == "-8.3 pp (95% CI -8.9 to -7.6 pp)"


def test_more_decimals_when_the_interval_is_narrower_than_a_tenth_of_a_point():
    """A precision run of a weak deck and 0 wins in many games: the ends get the decimals
    that set them apart from the rate."""
    assert format_rate(0.004, 0.0039, 0.0042) == "0.40% (95% CI 0.39% to 0.42%)"
    low, high = wilson_interval(0, 22_801)
    assert format_rate(0.0, low, high) == "0.00% (95% CI 0.00% to 0.02%)"
    assert format_points(0.0001, -0.0002, 0.0004) == "+0.01 pp (95% CI -0.02 to +0.04 pp)"
    assert format_percents(0.5, low=0.49996, high=0.50004) == ("50.000%", "49.996%", "50.004%")


def test_equal_ends_need_no_decimals_beyond_the_fewest():
    assert decimals_for(0.0, 0.0, 0.0) == 1
    assert decimals_for(1.0, 0.98, 1.0) == 1
