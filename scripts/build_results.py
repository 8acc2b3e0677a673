"""The deck builder's results table (docs/methods.md, "The deck builder: results"): a build
from the Base Game alone against each bundled scenario at normal, solo.

Why a script: the claim that a 10-minute build beats every base-game example deck on fresh
paired seeds must be reproducible by one command. Each build writes its JSON, figure and deck
under ``--out``; the table row gives the winner's win rate, the best example deck's, the
margin with its interval and p-values, whether the winner beats every example deck
significantly (Holm), the games played and the command that replays the build exactly.

    python scripts/build_results.py                          # 10 minutes a scenario
    python scripts/build_results.py --games 60000 --scenarios duke   # a short check
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from simulator.build_result import format_p
from simulator.deck_builder import build_deck

SCENARIOS = ("duke", "druidess", "warden")


def row(scenario: str, result) -> str:
    final = result.final
    w, best = final.winner, final.best_example()
    low, high = w.interval
    margin = next(m for m in final.margins if best is not None and m.other == best.name)
    beats_all = w.kind == "built" and all(m.significant for m in final.margins
                                          if m.kind == "example deck")
    return (f"| {scenario} | {w.name}: {w.win_rate:.1%} ({low:.1%}-{high:.1%}) | "
            f"{best.name}: {best.win_rate:.1%} | {100 * margin.difference:+.1f} pp "
            f"({100 * margin.low:+.1f} to {100 * margin.high:+.1f}) | {format_p(margin.p_value)} "
            f"({format_p(margin.p_holm)}) | {'yes' if beats_all else 'no'} | "
            f"{result.games_played:,} games, {result.seconds / 60:.1f} min, "
            f"{len(result.search.steps) - 1} generations | `{result.command()}` |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=None, help="a games budget instead")
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", default="reports/build")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    for scenario in args.scenarios.split(","):
        start = time.time()
        result = build_deck(owned="base", scenario=scenario, level="normal", players=1,
                            minutes=args.minutes, games=args.games, seed=args.seed,
                            jobs=args.jobs)
        (out / f"{scenario}.json").write_text(json.dumps(result.to_dict()), encoding="utf-8")
        from simulator.figures import png_bytes

        (out / f"{scenario}.png").write_bytes(png_bytes(result.figure()))
        result.write_deck(str(out / f"{scenario}-best.txt"))
        rows.append(row(scenario, result))
        print(f"{scenario}: {time.time() - start:.0f} s, load {os.getloadavg()[0]:.1f}",
              flush=True)
    print("| scenario | winner (final games, 95% CI) | best example deck | margin (95% CI) | "
          "McNemar p (Holm) | beats every example deck | search | replay |")
    print("|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
