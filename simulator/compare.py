"""Paired comparisons: two decks on one scenario level, one deck on every level, or one deck
played by two bots (how much better play would win with it: ``--bots planner,lookahead``).

Why paired: game ``i`` of every run with seed ``S`` has the same game seed, so the Adversary
shuffles of game ``i`` are identical in both runs (common random numbers, DESIGN.md 3.5).
The difference of win rates is then estimated from the 2x2 table of paired outcomes, which
removes the shared luck of the Adversary's draws: the interval of the paired difference
(Newcombe's score method) is narrower than the one two independent runs would give, and
McNemar's exact test asks whether the discordant seeds (won by one, lost by the other) split
evenly. Several levels are each compared with the first one (the scenario's file order),
several bots with the first one named.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from simulator.bots import label as bot_label
from simulator.errors import UserError
from simulator.rule_flags import describe_changed
from simulator.stats import mcnemar, paired_difference, wilson_interval


@dataclass
class Comparison:
    """Runs of the same seeds: ``labels[k]`` names ``results[k]`` (a SimulationResult).

    Each run is compared with a reference run: ``references[k]`` is the index of run ``k``'s
    (a run that is its own reference is not compared); by default every run with the first.
    """

    kind: str                # "decks", "levels", "bots" or "scenarios"
    labels: list[str]
    results: list
    references: list[int] | None = None

    def __repr__(self) -> str:
        """A short summary (a notebook shows this, not the runs' tables)."""
        rates = ", ".join(f"{row.label} {row.win_rate:.1%}" for row in self.table().itertuples())
        partial = ", PARTIAL" if any(r.partial for r in self.results) else ""
        return (f"<Comparison of {self.kind} on {len(self.wins()[0]):,} paired games: "
                f"{rates}{partial}; .table(), .differences() for more>")

    def wins(self) -> list[np.ndarray]:
        """Per run, (n,) bool won, in game order (the runs are checked to share their seeds).

        After an interruption the runs are prefixes of the same games: the games every run
        finished are compared."""
        n = min(len(res.games) for res in self.results)
        seeds = self.results[0].games["seed"].to_numpy()[:n]
        out = []
        for res in self.results:
            games = res.games.iloc[:n]
            if not np.array_equal(games["seed"].to_numpy(), seeds):
                raise ValueError("the runs of a comparison must play the same seeds")
            out.append((games["outcome"] == "win").to_numpy())
        return out

    def table(self) -> pd.DataFrame:
        """One row per run: games, wins, win rate and its 95% Wilson interval."""
        rows = []
        for label, won in zip(self.labels, self.wins(), strict=True):
            low, high = wilson_interval(int(won.sum()), len(won))
            rows.append({"label": label, "games": len(won), "wins": int(won.sum()),
                         "win_rate": won.mean() if len(won) else 0.0, "low": low, "high": high})
        return pd.DataFrame(rows)

    def reference(self, k: int) -> int:
        """The index of the run that run ``k`` is compared with (``k`` itself: none)."""
        return self.references[k] if self.references else 0

    def differences(self) -> pd.DataFrame:
        """Each run against its reference (the first, by default): paired difference with its
        interval, McNemar's test."""
        wins = self.wins()
        rows = []
        for k, (label, won) in enumerate(zip(self.labels, wins, strict=True)):
            if self.reference(k) == k:
                continue
            ref = wins[self.reference(k)]
            both, only_ref = int((ref & won).sum()), int((ref & ~won).sum())
            only_this, neither = int((~ref & won).sum()), int((~ref & ~won).sum())
            diff, low, high = paired_difference(both, only_this, only_ref, neither)
            test = mcnemar(only_this, only_ref)
            rows.append({"a": label, "b": self.labels[self.reference(k)], "difference": diff, "low": low,
                         "high": high, "both_won": both, "only_a_won": only_this,
                         "only_b_won": only_ref, "neither_won": neither,
                         "mcnemar_p": test["p_value"], "mcnemar_chi2": test["chi2"],
                         "mcnemar_chi2_p": test["chi2_p_value"]})
        return pd.DataFrame(rows)

    def to_dict(self) -> dict:
        settings = self.results[0].settings
        entries = [{"label": r.label, "games": int(r.games), "wins": int(r.wins),
                    "win_rate": float(r.win_rate), "win_rate_ci": [float(r.low), float(r.high)]}
                   for r in self.table().itertuples()]
        diffs = [{"a": d.a, "b": d.b, "difference": float(d.difference),
                  "difference_ci": [float(d.low), float(d.high)], "both_won": d.both_won,
                  "only_a_won": d.only_a_won, "only_b_won": d.only_b_won,
                  "neither_won": d.neither_won, "mcnemar_p": float(d.mcnemar_p),
                  "mcnemar_chi2": float(d.mcnemar_chi2), "mcnemar_chi2_p": float(d.mcnemar_chi2_p)}
                 for d in self.differences().itertuples()]
        levels = list(dict.fromkeys(r.settings["level"] for r in self.results))
        return {"kind": self.kind, "scenario": settings["scenario"], "levels": levels,
                "seed": settings["seed"], "games": entries[0]["games"], "bot": settings["bot"],
                "players": settings["players"], "paired": True,
                "bots": [r.settings["bot"] for r in self.results],
                "approximated_cards": {r.settings["level"]: r.settings.get("approximated_cards", 0)
                                       for r in self.results},
                "partial": any(r.partial for r in self.results),
                "planned_games": self.results[0].planned_games,
                "rule_options": settings.get("rule_options"),
                "entries": entries, "differences": diffs, "command": self.command()}

    def command(self) -> str:
        """The ``magenoir-sim compare`` command line that plays these games again (after a
        Ctrl-C, the games every run finished)."""
        from simulator.run import bot_flags, command_line, deck_words

        first = self.results[0].settings
        games = len(self.wins()[0])
        if self.kind == "decks":
            decks = [deck_words(r.settings)[0] for r in self.results]
            return command_line("compare", decks, first, games)
        if self.kind == "levels":
            return command_line("compare", deck_words(first), first, games, level=False)
        if self.kind == "bots":
            specs = [r.settings["bot"] for r in self.results]
            rollouts = next((bot_flags(s)[2:] for s in specs if ":" in s), [])
            names = ",".join(s.partition(":")[0] for s in specs)
            return command_line("compare", deck_words(first), first, games, bot=False,
                                extra=["--bots", names, *rollouts])
        levels = set(r.settings["level"] for r in self.results)  # scenarios: --scenario all
        return command_line("compare", deck_words(first), first, games, scenario="all",
                            level=len(levels) == 1)

    def figure(self):
        """Win rates with their intervals, and the paired differences with theirs."""
        from simulator.figures import percent_formatter, points_formatter, pyplot

        plt = pyplot()
        from matplotlib.ticker import MaxNLocator
        from matplotlib.transforms import blended_transform_factory

        table, diffs = self.table(), self.differences()
        fig, (left, right) = plt.subplots(1, 2, figsize=(12, 0.6 * len(table) + 2.4),
                                          gridspec_kw={"width_ratios": [1, 1]})
        y = np.arange(len(table))[::-1]
        err = np.vstack([table["win_rate"] - table["low"], table["high"] - table["win_rate"]])
        left.barh(y, table["win_rate"], xerr=err, capsize=4, color="#2e7d32", alpha=0.8)
        xmax = min(1.0, max(0.15, float(table["high"].max()) * 1.6))
        for yy, row in zip(y, table.itertuples(), strict=True):
            label = f"{row.win_rate:.1%} ({row.low:.1%}–{row.high:.1%})"
            if row.high + 0.35 * xmax <= xmax:  # room right of the interval
                left.text(row.high + 0.01 * xmax, yy, label, va="center", fontsize=9)
            else:  # inside the bar, left of the interval
                left.text(row.low - 0.01 * xmax, yy, label, va="center", ha="right", fontsize=9,
                          color="white", fontweight="bold")
        left.set_yticks(y, table["label"])
        left.set_xlim(0, xmax)
        left.xaxis.set_major_locator(MaxNLocator(5))
        left.xaxis.set_major_formatter(percent_formatter())
        left.set_title(f"Win rate, {int(table['games'].iloc[0]):,} paired games (95% Wilson)")
        yd = np.arange(len(diffs))[::-1]
        derr = np.vstack([diffs["difference"] - diffs["low"], diffs["high"] - diffs["difference"]])
        right.errorbar(diffs["difference"], yd, xerr=derr, fmt="o", color="#1565c0", capsize=5)
        right.axvline(0, color="#555", lw=0.8, ls="--")
        # the figures above each interval, anchored to the left edge: they stay inside the axes
        above = blended_transform_factory(right.transAxes, right.transData)
        for yy, d in zip(yd, diffs.itertuples(), strict=True):
            text = (f"{100 * d.difference:+.1f} pp ({100 * d.low:+.1f} to {100 * d.high:+.1f}), "
                    f"McNemar p = {d.mcnemar_p:.2g}")
            right.text(0.02, yy + 0.22, text, transform=above, ha="left", va="bottom", fontsize=9,
                       bbox={"boxstyle": "round", "fc": "white", "ec": "none", "alpha": 0.8})
        right.set_yticks(yd, [f"{d.a}\nminus {d.b}" for d in diffs.itertuples()])
        span = max(0.05, float(np.abs(diffs[["low", "high"]].to_numpy()).max()) * 1.3)
        right.set_xlim(-span, span)
        right.set_ylim(-0.7, len(diffs) - 0.1)
        right.xaxis.set_major_locator(MaxNLocator(5, symmetric=True))
        right.xaxis.set_major_formatter(points_formatter())
        right.set_xlabel("difference of win rates, percentage points")
        right.set_title("Paired difference of win rates (95% Newcombe)")
        right.grid(alpha=0.3, axis="x")
        fig.tight_layout()
        return fig


def _common(kwargs: dict) -> dict:
    kwargs = dict(kwargs)
    kwargs.setdefault("keep_turns", False)  # a comparison needs the per-game outcomes only
    if kwargs.get("precision") is not None:
        raise UserError("compare plays a fixed number of games (--games), not --precision")
    kwargs.pop("precision", None)
    return kwargs


def compare_decks(deck_a, deck_b, scenario, level: str | None = None, **kwargs) -> Comparison:
    """Two decks (Deck objects, paths or example names) against one level, on the same seeds.

    ``kwargs`` go to :func:`simulator.run.simulate` (games, seed, jobs, bot, players, ...).
    """
    kwargs = _common(kwargs)
    results = _run_all([(deck, scenario, level, {}) for deck in (deck_a, deck_b)], kwargs)
    labels = [res.settings["decks"][0] for res in results]
    if labels[0] == labels[1]:
        labels = [f"{labels[0]} (1)", f"{labels[1]} (2)"]
    return Comparison("decks", labels, results)


def compare_levels(deck, scenario, levels: Sequence[str] | None = None, **kwargs) -> Comparison:
    """One deck against every level of a scenario (or the given levels), on the same seeds."""
    from simulator.run import _resolve_inputs
    from simulator.scenarios import Scenario

    kwargs = _common(kwargs)
    if not isinstance(scenario, Scenario):
        from simulator.cards import load_cards

        kwargs.setdefault("db", load_cards())
        _, scenario = _resolve_inputs([], scenario, kwargs["db"], 40)
    levels = list(levels or scenario.level_names)
    if len(levels) < 2:
        raise UserError(f"scenario {scenario.name!r} has one level only: give two decks to compare")
    results = _run_all([(deck, scenario, lv, {}) for lv in levels], kwargs)
    return Comparison("levels", levels[:len(results)], results)


def compare_bots(deck, scenario, bots: Sequence[str], level: str | None = None,
                 **kwargs) -> Comparison:
    """One deck (a Deck, a path or an example name) against one level, played by each bot of
    ``bots`` (names or specs, ``lookahead:16``) on the same seeds: each bot compared with the
    first. With ``planner,lookahead`` the difference says how much a stronger player wins more
    with this deck (a deck that rewards skill shows a large gap). ``kwargs`` go to
    :func:`simulator.run.simulate` (``rollouts``: the look-ahead's budget)."""
    from simulator.bots import get, spec

    kwargs = _common(kwargs)
    kwargs.pop("bot", None)
    rollouts = kwargs.pop("rollouts", None)
    specs = [spec(name, rollouts if get(name).rollouts else None) for name in bots]
    if len(specs) < 2 or len(set(specs)) < len(specs):
        raise UserError(f"--bots takes two bots or more, each once (e.g. planner,lookahead), not "
                        f"{','.join(bots)!r}")
    if rollouts is not None and not any(get(s).rollouts for s in specs):
        spec(specs[0], rollouts)  # its user error: no bot of the list looks ahead
    results = _run_all([(deck, scenario, level, {"bot": s}) for s in specs], kwargs)
    return Comparison("bots", [bot_label(s) for s in specs[:len(results)]], results)


def _run_all(sides: list[tuple], kwargs: dict) -> list:
    """Play each ``(deck, scenario, level, own)`` side on the same games (``own``: that side's
    own arguments of ``simulate``, its bot), in turns chunk by chunk
    (:func:`simulator.paired.play_sides`): after a Ctrl-C every side has finished nearly the
    same games, and the comparison is of the games every side finished."""
    from simulator.paired import Side, play_sides

    return play_sides([Side(deck, scenario, level, tuple(own.items()))
                       for deck, scenario, level, own in sides], **kwargs)


def format_comparison(comp: Comparison) -> str:
    """Plain-text lines for the ``compare`` command."""
    from simulator.formatting import format_points, format_rate

    d = comp.to_dict()
    played_by = "" if comp.kind == "bots" else f", bot {bot_label(d['bot'])}"
    against = ("every scenario" if comp.kind == "scenarios"
               else f"{d['scenario']} ({', '.join(d['levels'])})")
    lines = [f"{comp.kind} compared on {d['games']:,} paired games vs {against}, "
             f"{d['players']} player(s){played_by}, seed {d['seed']}"]
    width = max(len(e["label"]) for e in d["entries"])
    for e in d["entries"]:
        lines.append(f"  {e['label']:<{width}}  win rate {format_rate(e['win_rate'], *e['win_rate_ci'])}"
                     f", {e['wins']:,} wins")
    if comp.kind == "scenarios":
        lines.append("  (at each level, every scenario minus the easiest one there)")
    for x in d["differences"]:
        lines.append(f"  {x['a']} minus {x['b']}: {format_points(x['difference'], *x['difference_ci'])}"
                     f"; seeds won by one only: {x['only_a_won']} vs {x['only_b_won']}, McNemar "
                     f"exact p = {x['mcnemar_p']:.3g}")
    if comp.kind == "bots":
        lines.append("  (the difference is what better play wins with this deck: a deck that "
                     "rewards skill shows a large gap)")
    changed = describe_changed(d["rule_options"] or {})
    if changed:
        lines.append(f"rule options: {changed} (the others at their defaults)")
    if any(d["approximated_cards"].values()):
        lines.append("note: this scenario contains approximated Adversary cards")
    if d["partial"]:
        lines[:0] = [f"PARTIAL RESULTS (interrupted): {d['games']:,} of {d['planned_games']:,} "
                     "planned paired games, the games every side finished",
                     f"the same games again: {d['command']}"]
    else:
        lines.append(f"the same games again: {d['command']}")
    return "\n".join(lines)
