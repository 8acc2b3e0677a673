"""Reductions over a short last axis (the 6 elements, the 2-4 required words), column by column.

Why: numpy reduces the last axis of an (n, ..., k) array one row at a time, and for k of 2
to 6 the cost of each row dwarfs its work: ``(reserve[:, None] >= cost).all(axis=2)`` over
(n, C, 6) was the slowest line of a main-phase decision, about 4 times slower than the same
test written as 6 element-wise steps. These helpers give exactly what the formulas in their
docstrings give, for boolean or integer arrays (no float rounding order is involved).
"""

from __future__ import annotations

import numpy as np


def covers(have: np.ndarray, need: np.ndarray) -> np.ndarray:
    """(n, C) bool ``(have[:, None, :] >= need).all(axis=2)``: have (n, E) covers each need (n, C, E)."""
    out = np.ones(need.shape[:2], bool)
    for k in range(need.shape[2]):
        out &= have[:, k, None] >= need[:, :, k]
    return out


def sum_last(a: np.ndarray) -> np.ndarray:
    """``a.sum(axis=-1)`` (int64) for a boolean or integer array with a short last axis."""
    out = np.zeros(a.shape[:-1], np.int64)
    for k in range(a.shape[-1]):
        out += a[..., k]
    return out
