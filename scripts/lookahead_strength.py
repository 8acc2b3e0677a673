"""How much stronger the look-ahead plays than the planner, and what it costs (docs/bots.md).

Usage:
  python scripts/lookahead_strength.py [--games N] [--seed S] [--jobs J] [--players 1,2]
      the regret table: every example deck x Duke level x 1 and 2 players, the look-ahead at
      its default budget beside the planner on the same seeds
  python scripts/lookahead_strength.py --curve 1,2,4,8,16 [--decks a,b] [--games N]
      the strength-versus-cost curve: solo, normal level, each budget (rollouts per option)

Both bots play the same game seeds, so their difference is paired: Newcombe's interval and
McNemar's exact test. The cost of a game is the process's CPU time over the games played (both
threads counted; the machine is shared, so CPU time moves less than wall time), and the
games/s on ``--jobs`` threads is wall time. Each row is printed as soon as it is measured.
"""

from __future__ import annotations

import argparse
import itertools
import time
from pathlib import Path

import numpy as np

from simulator import bots
from simulator.cards import load_cards
from simulator.decks import load_deck
from simulator.run import simulate
from simulator.scenarios import load_scenario
from simulator.stats import mcnemar, paired_difference, wilson_interval

ROOT = Path(__file__).resolve().parents[1]
DECKS = ("fire-flames", "water-tides", "air-winds", "vegetal-grove")


#: Games the planner's cost per game is measured on (its first ``--games`` are the pairs):
#: fewer, and the run's start would be most of it.
PLANNER_GAMES = 20_000


def played(deck, duke, level: str, players: int, bot: str, args) -> tuple[np.ndarray, float, float]:
    """(won per game, CPU seconds per game, games per wall second), the first ``--games``
    games of the seed (the planner plays more, for its cost: game i is the same game)."""
    count = max(args.games, PLANNER_GAMES) if bot == "planner" else args.games
    cpu, wall = time.process_time(), time.perf_counter()
    games = simulate([deck] * players, duke, level=level, players=players, games=count,
                     seed=args.seed, jobs=args.jobs, bot=bot, db=args.db, progress=False).games
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    won = (games["outcome"] == "win").to_numpy()[:args.games]
    return won, cpu / count, count / wall


def rate(won: np.ndarray) -> str:
    low, high = wilson_interval(int(won.sum()), len(won))
    return f"{won.mean():.1%} [{low:.1%}, {high:.1%}]"


def paired(a: np.ndarray, b: np.ndarray) -> str:
    """a - b, paired: the difference, its 95% interval and McNemar's p."""
    both, only_a = int((a & b).sum()), int((a & ~b).sum())
    only_b, neither = int((~a & b).sum()), int((~a & ~b).sum())
    d, low, high = paired_difference(both, only_a, only_b, neither)
    return f"{d:+.1%} [{low:+.1%}, {high:+.1%}] p={mcnemar(only_a, only_b)['p_value']:.2g}"


def regret_table(args) -> None:
    duke = load_scenario("duke", args.db)
    ahead = bots.get("lookahead")
    print(f"| deck | level | players | planner | {ahead.label} | look-ahead - planner | "
          "planner µs/game | look-ahead ms/game | look-ahead games/s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for players, name, level in itertools.product(args.players, args.decks, duke.level_names):
        deck = load_deck(ROOT / "decks" / f"{name}.txt", args.db)
        base, base_cpu, _ = played(deck, duke, level, players, "planner", args)
        look, look_cpu, look_rate = played(deck, duke, level, players, "lookahead", args)
        print(f"| {name} | {level} | {players} | {rate(base)} | {rate(look)} | "
              f"{paired(look, base)} | {base_cpu * 1e6:.0f} | {look_cpu * 1e3:.1f} | "
              f"{look_rate:.0f} |", flush=True)


def curve(args) -> None:
    duke = load_scenario("duke", args.db)
    level = duke.default_level
    print(f"| deck | rollouts per option | win rate | minus planner | ms/game (CPU) | "
          f"games/s, {args.jobs} threads |")
    print("|---|---|---|---|---|---|")
    for name in args.decks:
        deck = load_deck(ROOT / "decks" / f"{name}.txt", args.db)
        base, base_cpu, base_rate = played(deck, duke, level, 1, "planner", args)
        print(f"| {name} | planner | {rate(base)} | | {base_cpu * 1e3:.3f} | {base_rate:.0f} |",
              flush=True)
        for rollouts in args.curve:
            look, cpu, wall_rate = played(deck, duke, level, 1, f"lookahead:{rollouts}", args)
            print(f"| {name} | {rollouts} | {rate(look)} | {paired(look, base)} | "
                  f"{cpu * 1e3:.1f} | {wall_rate:.0f} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2, help="threads playing games")
    parser.add_argument("--decks", default=",".join(DECKS))
    parser.add_argument("--players", default="1,2", help="player counts of the regret table")
    parser.add_argument("--curve", default=None, metavar="R,R",
                        help="budgets (rollouts per option) of the strength-versus-cost curve")
    args = parser.parse_args()
    args.db = load_cards()
    args.decks = args.decks.split(",")
    args.players = [int(p) for p in args.players.split(",")]
    if args.curve:
        args.curve = [int(r) for r in args.curve.split(",")]
        curve(args)
    else:
        regret_table(args)


if __name__ == "__main__":
    main()
