"""CPU time a game and a turn of the batch loop, per base deck: the before/after measure of
docs/bench.md ("the base decks after all 205 cards").

    python scripts/cpu_per_game.py BOT GAMES     # prints one JSON object

Why process CPU time rather than the bench's wall time: this machine's load moves wall times
by up to 2x, CPU time much less. Compare two trees by alternating them one process at a time,
for example five rounds of

    (cd BEFORE && .venv/bin/python /path/to/scripts/cpu_per_game.py planner 8000)
    (cd AFTER && .venv/bin/python /path/to/scripts/cpu_per_game.py planner 8000)

with NUMBA_NUM_THREADS=1, and take each side's minimum: the script imports the package of the
Python that runs it (each tree's own editable install), so the same file measures both.
1 thread, Duke normal, solo; the first 200 games are played once before the timing (the
compiled code loaded).
"""

from __future__ import annotations

import json
import sys
import time

import numpy as np

from simulator import bots
from simulator.cards import load_cards
from simulator.decks import load_deck
from simulator.engine.host.batch import Matchup, play_seeds
from simulator.engine.rules.options import RuleOptions
from simulator.scenarios import load_scenario

DECKS = ("air-winds", "fire-flames", "vegetal-grove", "water-tides")


def main() -> None:
    bot, games = bots.get(sys.argv[1]), int(sys.argv[2])
    db = load_cards()
    duke = load_scenario("duke", db)
    out = {}
    for name in DECKS:
        matchup = Matchup((load_deck(name, db),), duke, "normal")
        play_seeds(matchup, db, 1, 0, 200, bot, RuleOptions())
        start = time.process_time()
        result = play_seeds(matchup, db, 7, 0, games, bot, RuleOptions())
        spent = time.process_time() - start
        out[name] = {"us_a_game": spent / games * 1e6,
                     "us_a_turn": spent / float(np.sum(result.end_turn)) * 1e6}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
