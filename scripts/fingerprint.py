"""A fingerprint of the engine's play: one hash of every result array of 48 configurations.

The configurations: the 4 example decks x 1-2 players x the Duke's two levels x the three
bots, ``--games`` games each (default 1,000) from seed 1. An engine or bot change that must
not alter play (a refactoring, a speed-up) leaves the fingerprint unchanged; one that does
alter play changes it, and the per-configuration lines say where.

    python scripts/fingerprint.py [--games N] [--verbose]
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import sys

import numpy as np

from simulator import bots
from simulator.cards import load_cards
from simulator.decks import load_deck
from simulator.engine.host.batch import Matchup, play_seeds
from simulator.engine.rules.options import RuleOptions
from simulator.scenarios import load_scenario

DECKS = ("air-winds", "fire-flames", "vegetal-grove", "water-tides")
LEVELS = ("normal", "hard")
BOTS = ("greedy", "planner", "random")


def configuration_digest(result) -> str:
    """Hex digest of every array of a BatchResult, field by field in declaration order."""
    h = hashlib.sha256()
    for f in dataclasses.fields(result):
        value = getattr(result, f.name)
        h.update(f.name.encode())
        if isinstance(value, np.ndarray):
            h.update(str(value.dtype).encode())
            h.update(str(value.shape).encode())
            h.update(np.ascontiguousarray(value).tobytes())
        else:
            h.update(repr(value).encode())
    return h.hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--verbose", action="store_true", help="one line per configuration")
    args = parser.parse_args(argv)
    db = load_cards()
    scenario = load_scenario("duke", db)
    total = hashlib.sha256()
    for deck_name in DECKS:
        deck = load_deck(deck_name, db)
        for players in (1, 2):
            for level in LEVELS:
                matchup = Matchup((deck,) * players, scenario, level)
                for bot in BOTS:
                    result = play_seeds(matchup, db, 1, 0, args.games, bots.get(bot),
                                        RuleOptions())
                    digest = configuration_digest(result)
                    total.update(digest.encode())
                    if args.verbose:
                        print(f"{deck_name:14} {players}p {level:6} {bot:8} {digest}")
    print(f"fingerprint ({args.games} games x 48 configurations): {total.hexdigest()[:20]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
