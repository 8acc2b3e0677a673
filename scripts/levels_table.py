"""The levels' table (docs/levels.md): every bundled example deck against both levels of every
bundled scenario, alone and in a team of two, on the same seeds.

Why a script: "hard is harder" and "the Duke is the easiest" are claims about every example
deck, and the guard in tests/test_levels.py plays only the four Base Game decks (to stay near
half a minute). This plays them all, prints one row per deck and team size, and ends with the
cells where a claim fails, so a change to a scenario or a bot can be checked in one command.

    python scripts/levels_table.py                     # 20,000 games per cell, seed 2026
    python scripts/levels_table.py --games 3000 --decks water-tides,phase-rift
"""

from __future__ import annotations

import argparse
import time

from simulator.cards import load_cards
from simulator.compare import compare_levels
from simulator.decks import bundled_decks, load_deck

SCENARIOS = ("duke", "druidess", "warden")


def pp(x: float) -> str:
    return f"{100 * x:+.1f}"


def row(name: str, deck, players: int, games: int, seed: int, db) -> tuple[str, list[str]]:
    """One table row (every scenario's two levels and their paired difference) and the claims
    it breaks, in words."""
    cells, broken, normals = [], [], {}
    for scenario in SCENARIOS:
        comparison = compare_levels(deck, scenario, levels=["normal", "hard"], games=games,
                                    seed=seed, players=players, db=db, progress=False)
        normal, hard = comparison.table()["win_rate"]
        d = comparison.differences().iloc[0]
        normals[scenario] = normal
        cells += [f"{100 * normal:.1f}%", f"{100 * hard:.1f}%",
                  f"{pp(d['difference'])} [{pp(d['low'])}, {pp(d['high'])}]"]
        if not d["high"] < 0:
            broken.append(f"{name} x{players} {scenario}: hard - normal "
                          f"{pp(d['difference'])} [{pp(d['low'])}, {pp(d['high'])}] pp")
    easiest = max(normals, key=normals.get)
    if easiest != "duke":
        broken.append(f"{name} x{players}: {easiest} normal {100 * normals[easiest]:.1f}% "
                      f"above the Duke's {100 * normals['duke']:.1f}%")
    return f"| {name} | {players} | " + " | ".join(cells) + " |", broken


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--decks", help="comma-separated example decks (default: all bundled)")
    args = ap.parse_args()
    db = load_cards()
    decks = bundled_decks()
    names = args.decks.split(",") if args.decks else sorted(decks)
    start = time.perf_counter()
    head = " | ".join(f"{s} normal | {s} hard | hard - normal" for s in SCENARIOS)
    print(f"| deck | players | {head} |")
    print("|---|---|" + "---|" * (3 * len(SCENARIOS)))
    broken = []
    for players in (1, 2):
        for name in names:
            line, fails = row(name, load_deck(decks[name], db), players, args.games, args.seed, db)
            broken += fails
            print(line, flush=True)
    print(f"\n{args.games:,} paired games a cell, seed {args.seed}, "
          f"{time.perf_counter() - start:.0f} s.")
    print("Every claim holds." if not broken else "Broken:\n  " + "\n  ".join(broken))


if __name__ == "__main__":
    main()
