"""The example decks' table (docs/decks.md): each bundled deck against the Duke, solo, at both
levels, with the planner and greedy on the same seeds.

Why a script: the numbers in the docs must be reproducible by one command, and an extension's
example deck comes with the claim that the planner is not significantly weaker than greedy on
it (paired, same seeds): the table says so per deck and level, with the paired interval.

    python scripts/example_decks.py                  # 20,000 games per cell, seed 1
    python scripts/example_decks.py --games 2000 --out /tmp/decks.md
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from simulator.cards import load_cards
from simulator.decks import bundled_decks, load_deck
from simulator.run import simulate
from simulator.stats import mcnemar, paired_difference, wilson_interval

LEVELS = ("normal", "hard")
HEADER = """# Example decks

Our own builds, bundled with the package (`decks/`): the four Base Game decks, and one deck
per extension around its simulated cards (the Base Game may fill it). Each row: the deck
against the Duke, solo, {games:,} games per cell, seed {seed}, the planner's win rate and
greedy's on the same seeds, and the paired difference planner - greedy with its 95% interval
(Newcombe) and McNemar's p. Written by `python scripts/example_decks.py` ({seconds:.0f} s on
this machine); the stand-in Duke (docs/levels.md) makes these numbers of our scenario, not
of the published one.

| deck | level | planner | greedy | planner - greedy | McNemar p |
|---|---|---|---|---|---|
"""


def cell(wins: int, games: int) -> str:
    lo, hi = wilson_interval(wins, games)
    return f"{100 * wins / games:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"


def row(name: str, level: str, deck, games: int, seed: int, db) -> tuple[str, bool]:
    """The table row of one deck and level, and whether the planner is significantly weaker
    than greedy there (the paired interval entirely below 0)."""
    won = {}
    for bot in ("planner", "greedy"):
        res = simulate([deck], "duke", level=level, games=games, seed=seed, bot=bot, db=db,
                       keep_turns=False, progress=False)
        won[bot] = (res.games["outcome"] == "win").to_numpy()
    a, b = won["planner"], won["greedy"]
    both, only_a = int((a & b).sum()), int((a & ~b).sum())
    only_b, neither = int((~a & b).sum()), int((~a & ~b).sum())
    d, lo, hi = paired_difference(both, only_a, only_b, neither)
    p = mcnemar(only_a, only_b)["p_value"]
    return (f"| {name} | {level} | {cell(int(a.sum()), games)} | {cell(int(b.sum()), games)} | "
            f"{100 * d:+.1f} pp ({100 * lo:+.1f} to {100 * hi:+.1f}) | {p:.3g} |"), hi < 0


def footer(weaker: list[str]) -> str:
    """What the table says about the planner against greedy, in a sentence."""
    if not weaker:
        return "\nThe planner is not significantly weaker than greedy on any deck and level.\n"
    return ("\nWhere the planner is significantly weaker than greedy (the paired interval below 0): "
            + ", ".join(weaker) + ". docs/bots.md (\"Planner fixes\") says what was tried.\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path(__file__).parents[1] / "docs" / "decks.md")
    args = ap.parse_args()
    db = load_cards()
    start = time.perf_counter()
    rows, weaker = [], []
    for name, path in sorted(bundled_decks().items()):
        deck = load_deck(path, db)
        for level in LEVELS:
            line, worse = row(name, level, deck, args.games, args.seed, db)
            rows.append(line)
            if worse:
                weaker.append(f"{name} {level}")
            print(line, flush=True)
    text = HEADER.format(games=args.games, seed=args.seed, seconds=time.perf_counter() - start)
    args.out.write_text(text + "\n".join(rows) + "\n" + footer(weaker))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
