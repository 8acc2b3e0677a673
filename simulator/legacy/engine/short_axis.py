"""Reductions over a short last axis (the 6 elements, the 2-4 required words, the 24 board
slots), column by column.

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


def sum_last(a: np.ndarray, dtype=np.int64) -> np.ndarray:
    """``a.sum(axis=-1)`` (int64, or ``dtype`` when the caller knows the sums fit a narrower
    one) for a boolean or integer array with a short last axis."""
    out = np.zeros(a.shape[:-1], dtype)
    for k in range(a.shape[-1]):
        out += a[..., k]
    return out


def _as_words(mask: np.ndarray) -> np.ndarray | None:
    """The (..., k / 8) uint64 view of a C-contiguous boolean ``mask`` whose last axis k is a
    positive multiple of 8 (a numpy bool is one byte, 0 or 1: each word holds 8 entries);
    None for any other mask, which numpy then reduces itself."""
    k = mask.shape[-1]
    if mask.dtype != bool or k == 0 or k % 8 or not mask.flags.c_contiguous:
        return None
    return mask.view(np.uint64)


def any_last(mask: np.ndarray) -> np.ndarray:
    """``mask.any(axis=-1)`` for a boolean array, 8 entries at a time when it can.

    Why: the board's (n, 24) slot masks are reduced row by row by numpy, 8 times slower than
    reading each row's 24 bytes as 3 uint64 words and testing those column by column (a
    word is nonzero exactly when one of its 8 entries is True).
    """
    words = _as_words(mask)
    if words is None:
        return mask.any(axis=-1)
    out = words[..., 0] != 0
    for j in range(1, words.shape[-1]):
        out |= words[..., j] != 0
    return out


#: Adds up the 8 bytes of a uint64 word into its top byte (each byte times 2**(8 * i)).
_BYTE_SUM = np.uint64(0x0101010101010101)


def count_last(mask: np.ndarray) -> np.ndarray:
    """``np.count_nonzero(mask, axis=-1)`` (int64) for a boolean array, 8 entries at a time
    when it can (see :func:`any_last`).

    How: adding the row's uint64 words leaves in each byte the count of its column (at most
    k / 8, no carry); multiplying by 0x0101...01 gathers the 8 byte counts in the top byte,
    exact while the row has at most 255 entries.
    """
    words = _as_words(mask) if mask.shape[-1] <= 255 else None
    if words is None:
        return np.count_nonzero(mask, axis=-1).astype(np.int64)
    per_byte = words[..., 0].copy()
    for j in range(1, words.shape[-1]):
        per_byte += words[..., j]
    return ((per_byte * _BYTE_SUM) >> np.uint64(56)).astype(np.int64)
