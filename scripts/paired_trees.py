"""The planner of two checkouts on the same games: each cell's win rates and paired difference.

Why: a bot change is kept only when no example deck gets significantly worse (docs/bots.md,
every round of issue 38). Knob values can be compared inside one checkout
(``scripts/tune_planner.py --check``); a change of the planner's code needs its games played
by each checkout in turn. ``play`` keeps every game's win or loss per cell (the example decks x
Duke normal and hard x 1 and 2 players, seed 7, the first 5,000 games by default); ``compare``
pairs two such files game by game (Newcombe's interval, 95%) and lists the cells that moved.

    python scripts/paired_trees.py play BEFORE.npz     # in the checkout before the change
    python scripts/paired_trees.py play AFTER.npz      # in the checkout after it
    python scripts/paired_trees.py compare BEFORE.npz AFTER.npz

``play --bot lookahead`` plays the look-ahead instead (a change of its own rules: issue 38's
look-ahead misplays), on fewer games (``--games``, ``--decks``): it costs about a hundred
times the planner a game.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]


def refuse(what: str) -> None:
    """Bad input: one line, exit 2."""
    print(f"paired_trees: {what}", file=sys.stderr)
    raise SystemExit(2)


def example_decks() -> list[str]:
    """The example decks in text form (fire-flames-compact.toml is fire-flames again)."""
    return sorted(p.stem for p in (REPO / "decks").glob("*.txt"))


def play(out: Path, decks: list[str], seed: int, games: int, bot: str = "planner") -> None:
    """Every cell's (games,) won flags into ``out``, named deck|level|players, played by
    ``bot``."""
    from simulator import bots
    from simulator.cards import load_cards
    from simulator.decks import load_deck
    from simulator.engine.host.batch import Matchup, play_seeds
    from simulator.engine.rules.layout import WIN
    from simulator.engine.rules.options import RuleOptions
    from simulator.scenarios import load_scenario

    db = load_cards()
    duke, player = load_scenario("duke", db), bots.get(bot)
    cells = {}
    for name in decks:
        deck = load_deck(name, db)
        for level in ("normal", "hard"):
            for players in (1, 2):
                result = play_seeds(Matchup((deck,) * players, duke, level), db, seed, 0, games,
                                    player, RuleOptions())
                cells[f"{name}|{level}|{players}"] = result.outcome == WIN
        print(f"played {name}", flush=True)
    np.savez(out, seed=seed, **cells)
    print(f"wrote {out}: {len(cells)} cells, {games} games each, seed {seed}")


def compare(before: Path, after: Path) -> None:
    """Each cell that moved, before -> after, the paired difference and its interval."""
    from simulator.value import paired_wins

    a, b = np.load(before), np.load(after)
    if int(a["seed"]) != int(b["seed"]) or set(a.files) != set(b.files):
        refuse(f"{before} and {after} hold different cells or seeds")
    cells = sorted(k for k in a.files if k != "seed")
    worse, moved = [], 0
    for cell in cells:
        x, y = a[cell], b[cell]
        if x.shape != y.shape:
            refuse(f"{cell} has {len(x)} games in {before}, {len(y)} in {after}")
        if (x == y).all():
            continue
        moved += 1
        d, low, high = paired_wins(y, x)
        print(f"{cell}: {x.mean():.2%} -> {y.mean():.2%} ({d * 100:+.2f}, {low * 100:+.2f} to "
              f"{high * 100:+.2f})")
        if high < 0:
            worse.append(cell)
    mean_a = np.mean([a[c].mean() for c in cells]) * 100
    mean_b = np.mean([b[c].mean() for c in cells]) * 100
    print(f"{moved} of {len(cells)} cells moved; mean {mean_a:.2f}% -> {mean_b:.2f}%; "
          f"significantly worse: {', '.join(worse) if worse else 'none'}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    p = sub.add_parser("play", help="play the cells in this checkout")
    p.add_argument("out", type=Path)
    p.add_argument("--decks", default=None, help="comma-separated example decks (default: all)")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--games", type=int, default=5000)
    p.add_argument("--bot", default="planner", help="the bot that plays (default: planner)")
    c = sub.add_parser("compare", help="pair two files of `play`")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = parser.parse_args(argv)
    if args.what == "play":
        known = example_decks()
        decks = args.decks.split(",") if args.decks else known
        unknown = [d for d in decks if d not in known]
        if unknown or args.games < 1:
            refuse(f"unknown example deck {unknown[0]!r}" if unknown else "--games must be at least 1")
        from simulator import bots
        from simulator.errors import UserError

        try:
            bots.get(args.bot)
        except UserError as error:
            refuse(str(error))
        play(args.out, decks, args.seed, args.games, args.bot)
    else:
        for path in (args.before, args.after):
            if not path.is_file():
                refuse(f"no such file: {path}")
        compare(args.before, args.after)


if __name__ == "__main__":
    main()
