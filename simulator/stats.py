"""Honest numbers: every rate carries a 95% Wilson score interval.

Why Wilson rather than the normal approximation: win rates near 0 or 1 (a hopeless or a
dominant deck) are common here, and the Wald interval collapses or leaves [0, 1] there.
"""

from __future__ import annotations

import math

from scipy.stats import norm


def wilson_interval(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """(low, high) Wilson score interval for a binomial proportion; (0, 1) with no trials."""
    if trials <= 0:
        return 0.0, 1.0
    z = float(norm.ppf(0.5 + confidence / 2))
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)
