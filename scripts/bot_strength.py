"""Bot strength table: each bot on every example deck and Duke level, paired on the same seeds.

Usage: python scripts/bot_strength.py [--games N] [--seed S] [--jobs J] [--players P]

Every bot plays the same game seeds (same shuffles, same Adversary decks), so the difference
of two bots' win rates is a paired comparison: we report it with Newcombe's paired interval
and McNemar's exact test. This is the table quoted in the README. ``--players 2`` plays
co-op games, every player with the same deck.
"""

from __future__ import annotations

import argparse
import itertools
from pathlib import Path

import numpy as np

from simulator.cards import load_cards
from simulator.decks import load_deck
from simulator.run import simulate
from simulator.scenarios import load_scenario
from simulator.stats import mcnemar, paired_difference, wilson_interval

ROOT = Path(__file__).resolve().parents[1]
DECKS = ("fire-flames", "water-tides", "air-winds", "vegetal-grove")
BOTS = ("planner", "greedy", "random")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2, help="threads playing games")
    parser.add_argument("--players", type=int, default=1)
    args = parser.parse_args()
    db = load_cards()
    duke = load_scenario("duke", db)
    print("| deck | level | " + " | ".join(f"{b} win rate" for b in BOTS)
          + " | planner - greedy | greedy - random |")
    print("|---|---|" + "---|" * (len(BOTS) + 2))
    for name, level in itertools.product(DECKS, duke.level_names):
        deck = load_deck(ROOT / "decks" / f"{name}.txt", db)
        wins = {}
        for bot in BOTS:
            games = simulate([deck] * args.players, duke, level=level, players=args.players,
                             games=args.games, seed=args.seed, jobs=args.jobs,
                             bot=bot, db=db).games
            wins[bot] = (games["outcome"] == "win").to_numpy()
        cells = []
        for bot in BOTS:
            low, high = wilson_interval(int(wins[bot].sum()), args.games)
            cells.append(f"{wins[bot].mean():.1%} [{low:.1%}, {high:.1%}]")
        for a, b in (("planner", "greedy"), ("greedy", "random")):
            cells.append(_paired(wins[a], wins[b]))
        print(f"| {name} | {level} | " + " | ".join(cells) + " |", flush=True)


def _paired(a: np.ndarray, b: np.ndarray) -> str:
    both, only_a = int((a & b).sum()), int((a & ~b).sum())
    only_b, neither = int((~a & b).sum()), int((~a & ~b).sum())
    d, low, high = paired_difference(both, only_a, only_b, neither)
    p = mcnemar(only_a, only_b)["p_value"]
    return f"{d:+.1%} [{low:+.1%}, {high:+.1%}] p={p:.2g}"


if __name__ == "__main__":
    main()
