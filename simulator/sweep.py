"""One deck against every bundled scenario and level, on the same seeds (``--scenario all``).

Why one call rather than six runs: a player choosing a deck for The Lone Mage wants to know
how it fares against each Adversary and each difficulty, and the comparison is fair only on
the same games. Every (scenario, level) is one side of :func:`simulator.compare._run_all`, so
game ``i`` of every side has the same game seed (the players' shuffles are identical), the
sides are played block by block (a Ctrl-C leaves them with nearly the same games) and each
side's numbers are exactly those of a separate ``simulate`` call with the same seed.

:func:`simulate_all` returns a :class:`ScenarioSweep`: its table (one row per scenario and
level: win rate with its 95% Wilson interval, median turns), its text for the command line,
its JSON, its figure (:func:`simulator.figures.figure_scenarios`) and its report page
(:func:`simulator.report.write_sweep_report`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from simulator.bots import label as bot_label
from simulator.errors import UserError
from simulator.rule_flags import describe_changed

#: The ``scenario`` argument that means every bundled scenario (``--scenario all``).
ALL = "all"


@dataclass
class ScenarioSweep:
    """Runs of the same seeds: ``sides[k]`` = (scenario command name, level) of ``results[k]``."""

    sides: list[tuple[str, str]]
    results: list
    #: set when the rule band of every side was played too (``run --rule-bands``): the reading
    #: options its ``--rule`` flags pinned, so that the command printed plays the band again
    band_pins: dict | None = None

    @property
    def partial(self) -> bool:
        return any(r.partial for r in self.results)

    def table(self) -> pd.DataFrame:
        """One row per scenario and level, in the bundled order (file name) then file order."""
        rows = []
        for (name, level), res in zip(self.sides, self.results, strict=True):
            s = res.summary()
            rows.append({"scenario": name, "name": s["scenario"], "level": level,
                         "games": s["games"], "wins": s["wins"], "win_rate": s["win_rate"],
                         "low": s["win_rate_ci"][0], "high": s["win_rate_ci"][1],
                         "median_turns": s["median_turns"],
                         "approximated_cards": s.get("approximated_cards", 0)})
        return pd.DataFrame(rows)

    def comparison(self):
        """The sides as a :class:`~simulator.compare.Comparison` of kind "scenarios": at each
        level, every scenario compared with the easiest one there (the highest win rate on
        these games; the first in the table on a tie), paired on the same seeds."""
        from simulator.compare import Comparison

        comp = Comparison("scenarios", [f"{res.settings['scenario']} ({level})" for (_, level), res
                                        in zip(self.sides, self.results, strict=True)], self.results)
        rates = [float(won.mean()) if len(won) else 0.0 for won in comp.wins()]
        easiest: dict[str, int] = {}
        for k, (_, level) in enumerate(self.sides):
            if level not in easiest or rates[k] > rates[easiest[level]]:
                easiest[level] = k
        comp.references = [easiest[level] for _, level in self.sides]
        return comp

    def command(self, command: str = "run") -> str:
        """The command line that plays these games again (after a Ctrl-C, the games every
        side finished): ``run DECK --scenario all ...``, or the same for ``compare``."""
        from simulator.run import command_line, deck_words

        first = self.results[0].settings
        games = int(self.table()["games"].min())
        one_level = len({level for _, level in self.sides}) == 1
        line = command_line(command, deck_words(first), first, games, scenario=ALL,
                            level=one_level)
        if self.band_pins is None:
            return line
        from simulator.rule_bands import command_with_bands

        return command_with_bands(line, self.band_pins)

    def to_dict(self) -> dict:
        settings = self.results[0].settings
        rows = [{"scenario": r.scenario, "name": r.name, "level": r.level, "games": int(r.games),
                 "wins": int(r.wins), "win_rate": float(r.win_rate),
                 "win_rate_ci": [float(r.low), float(r.high)],
                 "median_turns": float(r.median_turns),
                 "approximated_cards": int(r.approximated_cards)}
                for r in self.table().itertuples()]
        return {"kind": "scenarios", "decks": settings["decks"], "players": settings["players"],
                "bot": settings["bot"], "seed": settings["seed"], "paired": True,
                "partial": self.partial, "planned_games": self.results[0].planned_games,
                "rule_options": settings.get("rule_options"), "rows": rows,
                "differences": self.comparison().to_dict()["differences"],
                "command": self.command()}

    def format_text(self) -> str:
        """Plain-text lines for ``run DECK --scenario all``."""
        from simulator.formatting import format_percents

        d = self.to_dict()
        table = self.table()
        lines = [f"{', '.join(dict.fromkeys(d['decks']))} vs every scenario, "
                 f"{d['players']} player(s), bot {bot_label(d['bot'])}, seed {d['seed']}, "
                 f"{int(table['games'].iloc[0]):,} games each on the same seeds"]
        width = max(len(f"{r.name} ({r.level})") for r in table.itertuples())
        for r in table.itertuples():
            label = f"{r.name} ({r.level})"
            rate, low, high = format_percents(r.win_rate, low=r.low, high=r.high)
            lines.append(f"  {label:<{width}}  win rate {rate:>6} (95% CI {low} to {high})  "
                         f"median turns {r.median_turns:g}")
        lines += self._differences_text()
        changed = describe_changed(d["rule_options"] or {})
        if changed:
            lines.append(f"rule options: {changed} (the others at their defaults)")
        if table["approximated_cards"].any():
            lines.append("note: these scenarios contain approximated Adversary cards "
                         "(`magenoir-sim scenarios` says which are published)")
        if d["partial"]:
            lines[:0] = [f"PARTIAL RESULTS (interrupted): {int(table['games'].min()):,} of "
                         f"{d['planned_games']:,} planned games, the games every side finished",
                         f"the same games again: {d['command']}"]
        else:
            lines.append(f"the same games again: {d['command']}")
        return "\n".join(lines)

    def _differences_text(self) -> list[str]:
        """Per level, each scenario minus the easiest one there, paired on the same seeds."""
        from simulator.formatting import format_points

        comp = self.comparison()
        diffs = comp.differences()
        if diffs.empty:
            return []
        lines = ["paired differences at each level, against its easiest scenario (the same "
                 "games; pp: percentage points):"]
        for k, (_, level) in enumerate(self.sides):
            if comp.reference(k) != k:
                continue
            lines.append(f"  {level}: easiest {comp.labels[k].rsplit(' (', 1)[0]}")
            for d in diffs[diffs["b"] == comp.labels[k]].itertuples():
                lines.append(f"    {d.a.rsplit(' (', 1)[0]} minus it: "
                             f"{format_points(d.difference, d.low, d.high)}, McNemar exact p = "
                             f"{d.mcnemar_p:.3g}")
        return lines

    def figure(self):
        from simulator.figures import figure_scenarios

        return figure_scenarios(self.table())


def sides_of(level: str | None = None, db=None) -> list[tuple[str, object, str]]:
    """``(command name, Scenario, level)`` for every bundled scenario and each of its levels,
    or only ``level`` of each (a user error names a scenario that lacks it)."""
    from simulator.scenarios import command_name, list_scenarios, load_scenario

    sides = []
    for path in list_scenarios():
        scenario = load_scenario(path, db)
        name = command_name(path)
        if level is not None and level.lower() not in {lv.lower() for lv in scenario.levels}:
            raise UserError(f"--scenario all --level {level}: scenario '{name}' has no level "
                            f"'{level}' (its levels: {', '.join(scenario.level_names)})")
        for lv in ([scenario.level_name(level)] if level is not None else scenario.level_names):
            sides.append((name, scenario, lv))
    return sides


def simulate_all(decks, level: str | None = None, **kwargs) -> ScenarioSweep:
    """Play ``decks`` (as :func:`simulator.simulate` takes them) against every bundled scenario
    and level, or only ``level`` of each, on the same seeds.

    ``kwargs`` go to :func:`simulator.simulate` (games, seed, players, bot, backend, jobs,
    options, db, progress, ...); a fixed number of games is played (no ``precision``)."""
    from simulator.cards import load_cards
    from simulator.compare import _common, _run_all

    if kwargs.get("precision") is not None:
        raise UserError("--scenario all plays a fixed number of games (--games), not --precision")
    kwargs = _common(kwargs)
    kwargs.setdefault("db", load_cards())
    sides = sides_of(level, kwargs["db"])
    results = _run_all([(decks, scenario, lv, {}) for _, scenario, lv in sides], kwargs)
    return ScenarioSweep([(name, lv) for name, _, lv in sides[:len(results)]], results)
