"""``random``: uniform over the legal options of every decision; the floor of play strength.

Randomness is counter-based per game (seed, purpose, number of decisions the game has made),
so a random-bot game is as reproducible as any other.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules import rng


@njit
def choose(st, tb, wk, kind, player):
    """The legal option with the largest uniform draw of this decision (the engine calls it
    through its address; the random bot has no record to read)."""
    base = rng.stream_base(st.seed, rng.PURPOSE_RANDOM_POLICY, st.decision_count)
    best, best_u = -1, -2.0
    for i in range(wk.n_opt):
        u = rng.unit(base, i) if wk.opt[i] != 0 else -1.0
        if u > best_u:
            best, best_u = i, u
    return best
