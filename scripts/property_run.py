"""Many games of random legal decks drawn from every simulated card, solo and co-op, each bot,
scenario and level: the engine must finish every one without an engine error.

Why: the property tests (tests/test_engine_invariance.py) check invariants on a few dozen
random games each run; this plays far more (200,000 by default) so that a rare card
interaction that trips an engine check shows up before a user meets it. An engine error is
loud (``simulate`` raises), so the script reports how many games each configuration played
and stops at the first error with its deck.

    python scripts/property_run.py                   # 200,000 games
    python scripts/property_run.py --games 20000 --seed 7
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parents[1] / "tests"))
from test_engine_invariance import _base_pool, random_decks  # noqa: E402

from simulator.cards import load_cards  # noqa: E402
from simulator.run import simulate  # noqa: E402
from simulator.scenarios import load_scenario  # noqa: E402

GAMES_PER_CONFIG = 2_000
SCENARIOS = ("duke", "druidess", "warden")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    db = load_cards()
    pool = _base_pool(db, implemented_only=True)
    scenarios = [load_scenario(name, db) for name in SCENARIOS]
    rng = np.random.default_rng(args.seed)
    played, outcomes, cards_seen = 0, Counter(), set()
    start = time.perf_counter()
    k = 0
    while played < args.games:
        players = int(rng.integers(1, 5))
        bot = ("random", "greedy", "planner")[k % 3]
        level = ("normal", "hard")[(k // 3) % 2]
        scenario = scenarios[(k // 6) % len(scenarios)]  # one scenario per 6 configurations
        decks = random_decks(pool, rng, db, players, scenario)
        for deck in decks:
            cards_seen |= set(deck.as_dict())
        games = min(GAMES_PER_CONFIG, args.games - played)
        try:
            res = simulate(decks, scenario, level=level, players=players, games=games,
                           seed=args.seed * 1000 + k, bot=bot, db=db, keep_turns=False,
                           progress=False)
        except Exception:
            print(f"configuration {k}: {players} player(s), {bot}, {scenario.name} {level}, "
                  f"seed {args.seed * 1000 + k}, decks:", file=sys.stderr)
            for deck in decks:
                print("  " + ", ".join(f"{n} {c}" for c, n in deck.counts), file=sys.stderr)
            raise
        outcomes.update(res.games["outcome"].tolist())
        played += games
        k += 1
    seconds = time.perf_counter() - start
    print(f"{played:,} games in {k} configurations ({seconds:.0f} s), random decks over "
          f"{len(cards_seen)} of the {len(pool)} simulated legal cards, 1-4 players, every bot, "
          f"scenario and level: no engine error; outcomes {dict(outcomes)}")


if __name__ == "__main__":
    main()
