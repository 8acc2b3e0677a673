"""How a number and its interval are written for a person: as few decimals as read well, and
as many as it takes to tell the ends of the interval from the number.

Why: one decimal suits most win rates ("11.2% (95% CI 10.3% to 12.1%)"), but a precision run
of a weak deck has an interval narrower than a tenth of a point, and 0 wins in 10,000 games
has an upper end below 0.05%: at one decimal both read "0.4% (95% CI 0.4% to 0.4%)" or
"0.0% (95% CI 0.0% to 0.0%)", an interval that says nothing. Each function here adds
decimals (up to :data:`MOST_DECIMALS`) until the ends that differ from the number are
written differently.
"""

from __future__ import annotations

#: The decimals of a percentage shown at the least and at the most.
FEWEST_DECIMALS = 1
MOST_DECIMALS = 6


def decimals_for(value: float, low: float, high: float, fewest: int = FEWEST_DECIMALS) -> int:
    """The fewest decimals (at least ``fewest``) at which ``low``, ``value`` and ``high``,
    in percent, are written apart wherever they differ."""
    for decimals in range(fewest, MOST_DECIMALS + 1):
        def shown(x: float, d: int = decimals) -> str:
            return f"{100 * x:.{d}f}"

        if ((low >= value or shown(low) != shown(value))
                and (high <= value or shown(high) != shown(value))
                and (high <= low or shown(low) != shown(high))):
            return decimals
    return MOST_DECIMALS


def format_rate(rate: float, low: float, high: float, fewest: int = FEWEST_DECIMALS) -> str:
    """``"11.2% (95% CI 10.3% to 12.1%)"``, with the decimals :func:`decimals_for` asks."""
    d = decimals_for(rate, low, high, fewest)
    return f"{rate:.{d}%} (95% CI {low:.{d}%} to {high:.{d}%})"


def format_percents(*values: float, low: float, high: float) -> tuple[str, ...]:
    """``values`` (the first one the estimate) and the interval's ends as percentages with
    one number of decimals (for tables that lay the three out in their own columns)."""
    d = decimals_for(values[0], low, high)
    return tuple(f"{v:.{d}%}" for v in (*values, low, high))


def format_points(difference: float, low: float, high: float,
                  fewest: int = FEWEST_DECIMALS) -> str:
    """A difference of rates in percentage points: ``"-8.3 pp (95% CI -8.9 to -7.6 pp)"``."""
    d = decimals_for(difference, low, high, fewest)
    return (f"{100 * difference:+.{d}f} pp (95% CI {100 * low:+.{d}f} to "
            f"{100 * high:+.{d}f} pp)")
