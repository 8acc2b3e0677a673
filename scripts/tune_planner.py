"""Tune the planner's score constants (its knobs, ``simulator/bots/knobs.py``) on win rate.

    python scripts/tune_planner.py [--games N] [--seed S] [--knobs a,b] [--decks a,b]
        [--players 1,2] [--step F] [--min-step F] [--sweeps K] [--z Z] [--jobs J]
        [--start name=value,...]

A pattern search with paired comparisons: every candidate plays the same games (the run's
seed, the first ``--games`` games of each cell: common random numbers), the cells being every
example deck (decks/*.txt) x the Duke's two levels x ``--players``. The score of a candidate
is the mean win rate over the cells. A sweep tries each knob in turn at value x (1 + step)
and x (1 - step); a move is kept when its paired gain over the current knobs exceeds ``--z``
standard errors (so the search does not follow the luck of the training games) and no cell's
win rate falls more than ``--floor`` points below the defaults' (so no deck is sacrificed to
the others: the first search, without it, cost phase-rift and warrior-mage-forge 1 to 1.3
points with 2 players); a sweep that keeps nothing halves the step. It ends after
``--sweeps`` sweeps or below ``--min-step``.

Why a search on win rate: the planner's constants were set by hand, and what the look-ahead
still changes are near ties those constants decide (docs/bots.md, "The planner's fourth
round"). Seeds 2026 (the regret table's) and 7 (the paired tables') are refused: the knobs
found are checked on those, so they must not be trained on them.

Prints a progress line per candidate, then the knobs found and the command that repeats the
search; the run is deterministic (same arguments, same knobs).

    python scripts/tune_planner.py --check name=value,... [--games 5000] [--seed 7]

checks knobs found against the defaults instead: each cell's win rates, paired on the same
games, with the difference's 95% Newcombe interval (a markdown table, docs/bots.md); the
check is what may use the reserved seeds (7 by default).
"""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import math
import shlex
import sys
import time
from pathlib import Path

import numpy as np

from simulator import bots
from simulator.bots import knobs as K

ROOT = Path(__file__).resolve().parents[1]
RESERVED_SEEDS = (2026, 7)
#: The knobs searched by default: those the base decks' play reads (the others weigh cards of
#: the extensions, or are tie-breaks).
SEARCHED = ("pile_useful", "pile_teammate", "type_weight", "value_weight", "act_damage",
            "act_draw", "act_mana", "act_bar", "channel_needed", "channel_only",
            "channel_enables", "channel_spent", "prep_base", "prep_value", "prep_persistent",
            "prep_needed", "one_shot_threat", "threat_activate_heal", "threat_prepare_heal",
            "strike_wait", "discard_cost", "ritual_keep", "enabler_keep", "alt_discard")


class BadInput(Exception):
    """A bad argument: one line, exit 2."""


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games a cell (default 300)")
    parser.add_argument("--seed", type=int, default=11, help="the training run's seed")
    parser.add_argument("--knobs", default=",".join(SEARCHED), help="the knobs searched")
    parser.add_argument("--decks", default="", help="example decks (default: all of decks/)")
    parser.add_argument("--players", default="1,2", help="player counts of the cells")
    parser.add_argument("--step", type=float, default=0.5, help="first relative step")
    parser.add_argument("--min-step", type=float, default=0.1, help="stop below this step")
    parser.add_argument("--sweeps", type=int, default=6, help="most sweeps over the knobs")
    parser.add_argument("--z", type=float, default=1.0, help="standard errors a move must gain")
    parser.add_argument("--floor", type=float, default=0.5,
                        help="most points a cell may lose against the defaults (default 0.5)")
    parser.add_argument("--jobs", type=int, default=2, help="threads playing games")
    parser.add_argument("--start", default="", help="starting knobs, name=value,... "
                        "(default: the defaults)")
    parser.add_argument("--check", default=None, metavar="name=value,...",
                        help="check these knobs against the defaults (seed 7, 5000 games)")
    args = parser.parse_args(argv)
    if args.check is not None:  # the check's own defaults: the paired tables' seed and size
        args.seed = 7 if "--seed" not in (argv if argv is not None else sys.argv) else args.seed
        args.games = 5000 if "--games" not in (argv if argv is not None else sys.argv) else args.games
    if args.games < 1 or args.jobs < 1 or args.sweeps < 1:
        raise BadInput("--games, --jobs and --sweeps must be at least 1")
    if not 0 < args.min_step <= args.step < 1:
        raise BadInput("need 0 < --min-step <= --step < 1")
    if args.floor < 0 or args.z < 0:
        raise BadInput("--floor and --z cannot be negative")
    if args.seed in RESERVED_SEEDS and args.check is None:
        raise BadInput(f"seed {args.seed} is kept for checking the knobs found "
                       f"({', '.join(map(str, RESERVED_SEEDS))} are refused); choose another")
    args.knobs = [k for k in args.knobs.split(",") if k]
    unknown = [k for k in args.knobs if k not in K.INDEX]
    if unknown or not args.knobs:
        raise BadInput(f"unknown knob {', '.join(unknown) or '(none given)'}; "
                       f"the knobs: {', '.join(K.INDEX)}")
    try:
        args.players = sorted({int(p) for p in args.players.split(",")})
    except ValueError:
        raise BadInput(f"--players takes player counts like 1,2, not {args.players!r}") from None
    if not args.players or not set(args.players) <= {1, 2, 3, 4}:
        raise BadInput("--players takes counts from 1 to 4")
    every = {p.stem: p for p in sorted((ROOT / "decks").glob("*.txt"))}
    names = [d for d in args.decks.split(",") if d] or list(every)
    missing = [d for d in names if d not in every]
    if missing:
        raise BadInput(f"no example deck named {', '.join(missing)}; decks/ holds "
                       f"{', '.join(every)}")
    args.deck_paths = [every[d] for d in names]
    args.start_values = start_values(args.start)
    args.check_values = start_values(args.check) if args.check is not None else None
    return args


def start_values(text: str) -> np.ndarray:
    """(N_KNOBS,) the starting knobs: the defaults with ``name=value,...`` applied."""
    changes = {}
    for item in (t for t in text.split(",") if t):
        name, sep, value = item.partition("=")
        try:
            changes[name.strip()] = float(value) if sep else math.nan
        except ValueError:
            changes[name.strip()] = math.nan
        if math.isnan(changes[name.strip()]):
            raise BadInput(f"--start takes name=value pairs, not {item!r}")
    try:
        return np.array(K.values(changes))
    except ValueError as error:
        raise BadInput(str(error)) from None


class Cells:
    """The training cells: each deck x level x player count, played on the same seeds by
    every candidate."""

    def __init__(self, args):
        from simulator.cards import load_cards
        from simulator.decks import load_deck
        from simulator.engine.host.batch import Matchup
        from simulator.scenarios import load_scenario

        self.db = load_cards()
        duke = load_scenario("duke", self.db)
        self.args = args
        self.cells = []
        for path, level, players in itertools.product(args.deck_paths, duke.level_names,
                                                      args.players):
            deck = load_deck(path, self.db)
            self.cells.append((f"{path.stem} {level} {players}p",
                               Matchup((deck,) * players, duke, level)))

    def wins(self, values: np.ndarray) -> np.ndarray:
        """(cells, games) bool: the planner with knobs ``values`` won the game."""
        from simulator.engine.host.batch import play_seeds
        from simulator.engine.rules.layout import WIN
        from simulator.engine.rules.options import RuleOptions

        bot = dataclasses.replace(bots.get("planner"), knobs=tuple(float(v) for v in values))
        out = np.zeros((len(self.cells), self.args.games), bool)
        for i, (_, matchup) in enumerate(self.cells):
            result = play_seeds(matchup, self.db, self.args.seed, 0, self.args.games, bot,
                                RuleOptions(), threads=self.args.jobs)
            out[i] = result.outcome == WIN
        return out


def paired_gain(new: np.ndarray, old: np.ndarray) -> tuple[float, float]:
    """The gain in mean win rate over the cells of ``new`` over ``old`` ((cells, games) bool,
    the same games), and its standard error (each cell's paired difference, independent)."""
    d = new.astype(float) - old.astype(float)  # -1, 0, 1 per game
    n = d.shape[1]
    cell_var = d.var(axis=1, ddof=0) / n
    return float(d.mean()), float(math.sqrt(cell_var.sum()) / d.shape[0])


def describe(values: np.ndarray) -> str:
    """The knobs that differ from the defaults, name=value (``--start``'s form)."""
    moved = [f"{k.name}={values[i]:.10g}" for i, k in enumerate(K.KNOBS)
             if values[i] != K.DEFAULTS[i]]
    return ",".join(moved)


def search(args, cells: Cells, out=print) -> np.ndarray:
    """The pattern search (module docstring): the knobs found."""
    current = args.start_values.copy()
    t0 = time.perf_counter()
    best = cells.wins(current)
    out(f"start: mean win rate {best.mean():.2%} over {len(cells.cells)} cells x "
        f"{args.games} games ({time.perf_counter() - t0:.1f} s an evaluation)", flush=True)
    floor = best.mean(axis=1) if (current == K.DEFAULTS).all() else \
        cells.wins(K.DEFAULTS).mean(axis=1)
    floor = floor - args.floor / 100.0
    step = args.step
    for sweep in range(1, args.sweeps + 1):
        moved = 0
        for name in args.knobs:
            i = K.INDEX[name]
            for factor in (1 + step, 1 - step):
                trial = current.copy()
                trial[i] = current[i] * factor
                wins = cells.wins(trial)
                gain, se = paired_gain(wins, best)
                sinks = np.flatnonzero(wins.mean(axis=1) < floor)
                kept = gain > args.z * se and gain > 0 and len(sinks) == 0
                below = f" below the floor: {cells.cells[sinks[0]][0]}" if len(sinks) else ""
                out(f"sweep {sweep} step {step:.3g}: {name} {current[i]:.4g} -> {trial[i]:.4g}: "
                    f"{gain:+.2%} (se {se:.2%}){' kept' if kept else below}", flush=True)
                if kept:
                    current, best = trial, wins
                    moved += 1
                    break
        out(f"sweep {sweep} done: mean win rate {best.mean():.2%}, {moved} knob(s) moved; "
            f"knobs {describe(current) or '(the defaults)'}", flush=True)
        if moved == 0:
            step /= 2
            if step < args.min_step:
                break
    return current


def check(args, cells: Cells, out=print) -> None:
    """The knobs ``args.check_values`` against the defaults, cell by cell (a markdown table:
    the win rates and the paired difference with its 95% Newcombe interval, in points)."""
    from simulator.value import paired_wins

    out(f"knobs {describe(args.check_values)} against the defaults: seed {args.seed}, "
        f"{args.games:,} games a cell", flush=True)
    out("| cell | defaults | knobs | difference (95% interval) |")
    out("|---|---|---|---|")
    old, new = cells.wins(K.DEFAULTS), cells.wins(args.check_values)
    for (name, _), a, b in zip(cells.cells, new, old, strict=True):
        d, low, high = paired_wins(a, b)
        out(f"| {name} | {b.mean():.2%} | {a.mean():.2%} | {100 * d:+.2f} ({100 * low:+.2f} to "
            f"{100 * high:+.2f}) |", flush=True)
    gain, se = paired_gain(new, old)
    out(f"mean over the cells: {old.mean():.2%} -> {new.mean():.2%} ({100 * gain:+.2f} points, "
        f"se {100 * se:.2f})")


def main(argv: list[str] | None = None) -> int:
    try:
        args = parse(argv)
    except BadInput as error:
        print(f"tune_planner: {error}", file=sys.stderr)
        return 2
    cells = Cells(args)
    if args.check_values is not None:
        check(args, cells)
        return 0
    found = search(args, cells)
    print("knobs found (name = value, default):")
    for i, k in enumerate(K.KNOBS):
        mark = "" if found[i] == K.DEFAULTS[i] else "   <- moved"
        print(f"  {k.name} = {found[i]:.6g} ({k.default:g}){mark}")
    print(f"as --start: {describe(found) or '(the defaults)'}")
    print(f"repeat with: {command(args)}")
    return 0


def command(args) -> str:
    """The command that repeats this search (every argument that decides it spelled out;
    ``--jobs`` does not: the same games whatever the threads)."""
    parts = ["python", "scripts/tune_planner.py", "--games", str(args.games), "--seed",
             str(args.seed), "--knobs", ",".join(args.knobs), "--decks",
             ",".join(p.stem for p in args.deck_paths), "--players",
             ",".join(map(str, args.players)), "--step", f"{args.step:g}", "--min-step",
             f"{args.min_step:g}", "--sweeps", str(args.sweeps), "--z", f"{args.z:g}",
             "--floor", f"{args.floor:g}"]
    if describe(args.start_values):
        parts += ["--start", describe(args.start_values)]
    return " ".join(shlex.quote(p) for p in parts)


if __name__ == "__main__":
    sys.exit(main())
