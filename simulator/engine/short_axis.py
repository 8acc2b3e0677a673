"""Reductions over a short last axis (the 6 elements, the 2-4 required words), column by column.

Why: numpy reduces the last axis of an (n, ..., k) array one row at a time, and for k of 2
to 6 the cost of each row dwarfs its work: ``(reserve[:, None] >= cost).all(axis=2)`` over
(n, C, 6) was the slowest line of a main-phase decision, about 4 times slower than the same
test written as 6 element-wise steps. These helpers give exactly ``a.all(axis=-1)`` and
``a.sum(axis=-1)`` for boolean or integer arrays (no float rounding order is involved).
"""

from __future__ import annotations

import numpy as np


def all_last(a: np.ndarray) -> np.ndarray:
    """``a.all(axis=-1)`` for a boolean array with a short last axis."""
    out = np.ones(a.shape[:-1], bool)
    for k in range(a.shape[-1]):
        out &= a[..., k]
    return out


def sum_last(a: np.ndarray) -> np.ndarray:
    """``a.sum(axis=-1)`` (int64) for a boolean or integer array with a short last axis."""
    out = np.zeros(a.shape[:-1], np.int64)
    for k in range(a.shape[-1]):
        out += a[..., k]
    return out
