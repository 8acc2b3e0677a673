"""Counter-based randomness: every draw is a pure function of (game seed, purpose, counter).

Why not a stateful generator: a stream shared by several games makes a game's result depend
on which other games share its batch, thread, chunk or process. Here each game owns a 64-bit
seed and a counter per purpose, and a random word is a hash of them. The same game therefore
plays identically alone, in a batch of 10,000, on another thread or on a dask worker, and two
decks run on the same seeds see the same Adversary shuffles (common random numbers).

The hash is SplitMix64's finaliser applied to a mix of the inputs. :func:`game_seeds` is the
numpy version (run seed and game index to game seed), :func:`word` the compiled one.
"""

from __future__ import annotations

import numpy as np

from simulator.engine.compiler.jit import njit

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
M1 = np.uint64(0xBF58476D1CE4E5B9)
M2 = np.uint64(0x94D049BB133111EB)

#: Purposes: distinct streams, so that e.g. player 2's shuffle never reuses player 1's words.
PURPOSE_GAME_SEED = 1
PURPOSE_PLAYER_SHUFFLE = 2   # + 16 * player
PURPOSE_ADVERSARY_SHUFFLE = 3
PURPOSE_RANDOM_POLICY = 4


@njit
def mix(x):
    """SplitMix64 finaliser (wrapping uint64 arithmetic is intended)."""
    x = x ^ (x >> np.uint64(30))
    x = x * M1
    x = x ^ (x >> np.uint64(27))
    x = x * M2
    return x ^ (x >> np.uint64(31))


@njit
def stream_base(seed, purpose, counter):
    """The hash of (seed, purpose, counter) that the words of one draw are derived from."""
    base = mix(np.uint64(seed) * GOLDEN + np.uint64(purpose) * M2)
    return mix(base ^ (np.uint64(counter) * M1 + GOLDEN))


@njit
def word(base, lane):
    """Random 64-bit word number ``lane`` (0, 1, ...) of a draw."""
    return mix(base ^ (np.uint64(lane + 1) * GOLDEN))


@njit
def unit(base, lane):
    """A float in [0, 1) from the top 53 bits of :func:`word`."""
    return np.float64(word(base, lane) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


def _mix_np(x: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        x = x ^ (x >> np.uint64(30))
        x = x * M1
        x = x ^ (x >> np.uint64(27))
        x = x * M2
        return x ^ (x >> np.uint64(31))


def game_seeds(run_seed: int, first_game: int, count: int) -> np.ndarray:
    """(count,) uint64 seeds of games ``first_game .. first_game+count-1`` of the run with seed
    ``run_seed``: game i's seed depends on (run_seed, i) only, so chunking is invisible."""
    index = np.arange(first_game, first_game + count, dtype=np.uint64)
    run = np.full(count, np.uint64(run_seed & 0xFFFFFFFFFFFFFFFF), dtype=np.uint64)
    with np.errstate(over="ignore"):
        base = _mix_np(run * GOLDEN + np.uint64(PURPOSE_GAME_SEED) * M2)
        base = _mix_np(base ^ (index * M1 + GOLDEN))
        return _mix_np(base ^ GOLDEN)
