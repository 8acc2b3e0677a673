"""Exact products of small integer matrices through float64 BLAS.

Why: numpy multiplies integer matrices with its own loops, not BLAS. A hand's (5000, 13)
card counts times the (13, 6) costs took 600 µs in int64 and 110 µs through float64, casts
included. The products here are card counts times costs or 0/1 flags, far below 2**53, so
float64 holds every partial sum exactly and the result is the same integers.
"""

from __future__ import annotations

import numpy as np


def count_product(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(n, m) float64 ``a @ b`` of 2-D integer or boolean arrays (n, k) and (k, m): exact
    integers, as float64 for callers that go on in floats; ``.astype(np.int64)`` for ints."""
    return a.astype(np.float64) @ b.astype(np.float64)
