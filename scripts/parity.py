"""Parity check of the compiled engine against the numpy engine it replaced (issue #16).

Why: the compiled engine must play the same game as the numpy engine, in distribution at
least. For every example deck x Duke level x 1 and 2 players x greedy and planner bot, both
engines play the same games (same run seed) and the script compares win rate, mean turns,
mean damage to the Adversary and each loss reason, with a two-sample z score per figure
(|z| > 3 is flagged), and whether the two engines played the very same games (outcome, end
turn and damage of every game), which they do when no rule or bot choice changed.

The numpy engine is no longer in the tree: it is read from git, at the commit before the one
that deleted ``simulator/legacy`` (or ``--legacy-ref``), exported into a temporary directory
and run there in a subprocess, so the check can be repeated after any change of the
compiled engine. Usage (from the repository root, ~2 minutes for the compiled engine and
~5 for the numpy one at 20,000 games)::

    python scripts/parity.py --games 20000 --out parity.csv
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import math
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECKS = ("fire-flames", "water-tides", "air-winds", "vegetal-grove")
LEVELS = ("normal", "hard")
PLAYERS = (1, 2)
BOTS = ("greedy", "planner")
LEGACY_MARKER = "simulator/legacy/engine/game.py"
LEGACY_CHUNK = 10_000  # the numpy engine's memory grows with the batch
Z_FLAG = 3.0


def configs():
    for deck in DECKS:
        for level in LEVELS:
            for players in PLAYERS:
                for bot in BOTS:
                    yield deck, level, players, bot


# --- playing, inside one source tree ------------------------------------------------------

def figures(outcome_names, outcome, end_turn, damage) -> dict:
    """Sums a z score needs: counts per outcome, sums and sums of squares of turns and damage."""
    import numpy as np

    counts = np.bincount(outcome.astype(np.int64), minlength=len(outcome_names))
    out = {f"n_{name}": int(counts[i]) for i, name in enumerate(outcome_names)}
    out["n"] = int(len(outcome))
    games = np.stack([outcome.astype(np.int64), end_turn.astype(np.int64), damage.astype(np.int64)])
    out["fingerprint"] = hashlib.sha1(games.tobytes()).hexdigest()  # game-by-game identity
    for key, values in (("turns", end_turn), ("damage", damage)):
        v = values.astype(np.float64)
        out[f"{key}_sum"] = float(v.sum())
        out[f"{key}_sq"] = float((v * v).sum())
    return out


def play_all(engine: str, games: int, seed: int, threads: int) -> None:
    """Print one JSON line per configuration (run inside the tree that holds ``engine``)."""
    import numpy as np

    from simulator.cards import load_cards
    from simulator.decks import load_deck
    from simulator.scenarios import load_scenario

    db = load_cards()
    scenario = load_scenario(ROOT_OF_TREE / "scenarios" / "duke.toml", db)
    for deck_name, level, players, bot in configs():
        deck = load_deck(ROOT_OF_TREE / "decks" / f"{deck_name}.txt", db)
        if engine == "compiled":
            from simulator import bots
            from simulator.engine.host.batch import Matchup, play_seeds
            from simulator.engine.rules import layout
            from simulator.engine.rules.options import RuleOptions

            matchup = Matchup((deck,) * players, scenario, level)
            res = play_seeds(matchup, db, seed, 0, games, bots.get(bot), RuleOptions(), threads)
            names = layout.OUTCOME_NAMES
            parts = [(res.outcome, res.end_turn, res.damage_to_adversary)]
        else:
            from simulator.legacy.bots import make_bot
            from simulator.legacy.engine.game import Matchup, play_seeds
            from simulator.legacy.engine.options import RuleOptions
            from simulator.legacy.engine.state import OUTCOME_NAMES as names

            matchup = Matchup((deck,) * players, scenario, level)
            parts = []
            for first in range(0, games, LEGACY_CHUNK):
                res = play_seeds(matchup, db, seed, first, min(LEGACY_CHUNK, games - first),
                                 make_bot(bot), RuleOptions())
                parts.append((res.outcome, res.end_turn, res.damage_to_adversary))
        outcome, end_turn, damage = (np.concatenate(a) for a in zip(*parts, strict=True))
        row = {"deck": deck_name, "level": level, "players": players, "bot": bot}
        row.update(figures(tuple(names), outcome, end_turn, damage))
        print(json.dumps(row), flush=True)


# --- comparing, in the calling process ----------------------------------------------------

def legacy_ref(explicit: str | None) -> str:
    if explicit:
        return explicit
    out = subprocess.run(["git", "log", "--diff-filter=D", "-1", "--format=%H", "--", LEGACY_MARKER],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    return f"{out}^" if out else "HEAD"  # not deleted yet: the numpy engine is still at HEAD


def export_tree(ref: str, into: Path) -> Path:
    archive = subprocess.run(["git", "archive", "--format=tar", ref, "simulator", "decks", "scenarios"],
                             cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def run_engine(engine: str, tree: Path, args) -> dict:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--play", engine, "--tree", str(tree),
           "--games", str(args.games), "--seed", str(args.seed), "--threads", str(args.threads)]
    rows = {}
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    for line in proc.stdout:
        row = json.loads(line)
        key = (row["deck"], row["level"], row["players"], row["bot"])
        rows[key] = row
        print(f"  {engine:8s} {' '.join(map(str, key))}: {row['n_win'] / row['n']:.4f} wins",
              file=sys.stderr, flush=True)
    if proc.wait() != 0:
        raise SystemExit(f"the {engine} engine failed (exit code {proc.returncode})")
    return rows


def z_proportion(k1: int, n1: int, k2: int, n2: int) -> float:
    p = (k1 + k2) / (n1 + n2)
    se = math.sqrt(p * (1 - p) * (1 / n1 + 1 / n2))
    return 0.0 if se == 0 else (k1 / n1 - k2 / n2) / se


def z_mean(a: dict, b: dict, key: str) -> float:
    def moments(r):
        n = r["n"]
        mean = r[f"{key}_sum"] / n
        var = max(r[f"{key}_sq"] / n - mean * mean, 0.0) * n / max(n - 1, 1)
        return mean, var, n

    m1, v1, n1 = moments(a)
    m2, v2, n2 = moments(b)
    se = math.sqrt(v1 / n1 + v2 / n2)
    return 0.0 if se == 0 else (m1 - m2) / se


def compare(new: dict, old: dict):
    import pandas as pd

    rows = []
    for key in configs():
        a, b = new[key], old[key]
        row = dict(zip(("deck", "level", "players", "bot"), key, strict=True))
        row["same_games"] = a["fingerprint"] == b["fingerprint"]
        row["win_new"] = a["n_win"] / a["n"]
        row["win_old"] = b["n_win"] / b["n"]
        row["z_win"] = z_proportion(a["n_win"], a["n"], b["n_win"], b["n"])
        row["turns_new"] = a["turns_sum"] / a["n"]
        row["z_turns"] = z_mean(a, b, "turns")
        row["damage_new"] = a["damage_sum"] / a["n"]
        row["z_damage"] = z_mean(a, b, "damage")
        for reason in ("loss_hp", "loss_deck", "timeout"):
            row[f"z_{reason}"] = z_proportion(a[f"n_{reason}"], a["n"], b[f"n_{reason}"], b["n"])
        rows.append(row)
    return pd.DataFrame(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--threads", type=int, default=2, help="compiled engine threads")
    parser.add_argument("--legacy-ref", help="git commit holding simulator/legacy "
                        "(default: the parent of the commit that deleted it)")
    parser.add_argument("--out", help="write the table as CSV here too")
    parser.add_argument("--play", choices=("compiled", "legacy"), help=argparse.SUPPRESS)
    parser.add_argument("--tree", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)

    if args.play:
        global ROOT_OF_TREE
        ROOT_OF_TREE = Path(args.tree)
        sys.path.insert(0, str(ROOT_OF_TREE))
        play_all(args.play, args.games, args.seed, args.threads)
        return 0

    ref = legacy_ref(args.legacy_ref)
    with tempfile.TemporaryDirectory(prefix="magenoir-parity-") as tmp:
        old_tree = export_tree(ref, Path(tmp))
        print(f"numpy engine from {ref}; {args.games} games per configuration", file=sys.stderr)
        new = run_engine("compiled", ROOT, args)
        old = run_engine("legacy", old_tree, args)
    table = compare(new, old)
    if args.out:
        table.to_csv(args.out, index=False)
    with_z = [c for c in table.columns if c.startswith("z_")]
    print(table.to_string(index=False, float_format=lambda x: f"{x:.3f}"))
    worst = table[with_z].abs().to_numpy().max()
    print(f"\nlargest |z|: {worst:.2f} ({'ok' if worst <= Z_FLAG else 'over ' + str(Z_FLAG)})")
    return 0 if worst <= Z_FLAG else 1


ROOT_OF_TREE = ROOT

if __name__ == "__main__":
    raise SystemExit(main())
