"""``random``: uniform over the legal options of every decision; the floor of play strength.

Randomness is counter-based per game (seed, purpose, number of decisions the game has
made), so a random-bot game is as reproducible and batch-invariant as any other.
"""

from __future__ import annotations

import numpy as np

from simulator.legacy.bots.base import BasePolicy
from simulator.legacy.engine import rng


class RandomPolicy(BasePolicy):
    name = "random"

    def decide(self, eng, kind, games, players, options, **context) -> np.ndarray:
        counter = eng.decision_count[games]
        eng.decision_count[games] += 1
        u = rng.uniform(eng.state.seed[games], rng.PURPOSE_RANDOM_POLICY, counter,
                        options.shape[1])
        return np.argmax(np.where(options, u, -1.0), axis=1)
