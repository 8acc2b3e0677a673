"""Counter-based randomness: every draw is a pure function of (game seed, purpose, counter).

Why not a ``numpy.random.Generator`` per batch: a stateful stream makes a game's result
depend on which other games share its batch, its chunk and its process. Here each game owns
a 64-bit seed and a per-purpose counter, and a random word is a hash of the three. The same
game therefore plays identically alone, in a batch of 10,000, in another chunk or on a dask
worker, and two decks run on the same seeds see the same Adversary shuffles (common random
numbers for paired comparisons).

The hash is SplitMix64's finaliser applied to a mix of the inputs; it is fast in numpy,
passes the usual avalanche tests and needs no state.
"""

from __future__ import annotations

import numpy as np

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)

#: Purposes: distinct streams so that, e.g., player 2's shuffle never reuses player 1's words.
PURPOSE_GAME_SEED = 1
PURPOSE_PLAYER_SHUFFLE = 2
PURPOSE_ADVERSARY_SHUFFLE = 3
PURPOSE_RANDOM_POLICY = 4
PURPOSE_TIEBREAK = 5


def _mix(x: np.ndarray) -> np.ndarray:
    """SplitMix64 finaliser on a uint64 array (wrapping arithmetic is intended)."""
    with np.errstate(over="ignore"):
        x = x ^ (x >> np.uint64(30))
        x = x * _M1
        x = x ^ (x >> np.uint64(27))
        x = x * _M2
        x = x ^ (x >> np.uint64(31))
    return x


def hash_words(seeds: np.ndarray, purpose: int, counter: np.ndarray | int,
               lanes: int) -> np.ndarray:
    """Random 64-bit words.

    seeds: (B,) uint64 game seeds; counter: (B,) or scalar draw counter for this purpose.
    Returns (B, lanes) uint64, a pure function of (seed, purpose, counter, lane).
    """
    seeds = np.asarray(seeds, dtype=np.uint64)
    counter = np.broadcast_to(np.asarray(counter, dtype=np.uint64), seeds.shape)
    with np.errstate(over="ignore"):
        base = _mix(seeds * _GOLDEN + np.uint64(purpose) * _M2)
        base = _mix(base ^ (counter * _M1 + _GOLDEN))
        lane = np.arange(1, lanes + 1, dtype=np.uint64) * _GOLDEN
        return _mix(base[:, None] ^ lane[None, :])


def uniform(seeds: np.ndarray, purpose: int, counter: np.ndarray | int,
            lanes: int) -> np.ndarray:
    """(B, lanes) float64 in [0, 1) from the top 53 bits of :func:`hash_words`."""
    words = hash_words(seeds, purpose, counter, lanes)
    return (words >> np.uint64(11)).astype(np.float64) * (1.0 / (1 << 53))


def shuffle_keys(seeds: np.ndarray, purpose: int, counter: np.ndarray | int,
                 length: int) -> np.ndarray:
    """(B, length) uint64 sort keys; ``argsort`` of a row is a uniform random permutation.

    Ties have probability ~2**-64 per pair and are broken by position (stable sort), so the
    permutation stays a pure function of the inputs.
    """
    return hash_words(seeds, purpose, counter, length)


def game_seeds(run_seed: int, first_game: int, count: int) -> np.ndarray:
    """Seeds of games ``first_game .. first_game+count-1`` of the run with seed ``run_seed``.

    Game i's seed depends only on (run_seed, i), which is what makes chunking invisible.
    """
    index = np.arange(first_game, first_game + count, dtype=np.uint64)
    run = np.full(count, np.uint64(run_seed & 0xFFFFFFFFFFFFFFFF), dtype=np.uint64)
    return hash_words(run, PURPOSE_GAME_SEED, index, 1)[:, 0]
