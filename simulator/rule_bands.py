"""The band the unclear rules allow (``run DECK --rule-bands``): how far the answer moves when
an unclear rule or card text is read the other way.

Why: the engine picks one reading wherever a text is unclear (docs/rules.md R16), and some of
those readings move a deck's win rate by points. Every such reading is a rule option marked
with a :class:`~simulator.engine.rules.options.Reading`, which says what can make it matter:
every game (the first player's draw, trades, the Mana value of the Adversary's cards that stay
in play), a card of the decks (Chaos, Sun blade, ...), an Animal. The band plays the answer's
very games (same seeds, same count) once more per such option that the run can meet, with
that one option at its other reading, and compares each with the answer on the same seeds
(the paired difference with Newcombe's interval and McNemar's exact test, as ``compare``
does). It reports the lowest and highest win rate among the answer and those readings, and
the reading that moves the win rate most. Each option is read the other way on its own: the
band is what any one unclear text can do, not every unclear text read against the deck at
once.

An option the run pins with ``--rule NAME=VALUE`` is not varied: the player has chosen its
reading (the answer is played with it, the others are varied around it). A ``--precision``
run's band plays the games the answer ended with; its win rates carry plain 95% Wilson
intervals (the stopping rule looked only at the answer). The readings are played one after
the other, each on all the answer's games; a Ctrl-C drops the reading under way and keeps the
ones finished: the band is then theirs, labelled PARTIAL, with the readings not played named.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from simulator.engine.rules.options import RuleOptions, readings
from simulator.rule_flags import flag_value

#: How the band's numbers are made, for its JSON and report.
METHOD = ("each reading plays the answer's games (same seeds, same count) with one option read "
          "the other way; win rates with 95% Wilson intervals, differences paired on the seeds "
          "(Newcombe 95%), McNemar's exact p, Holm-adjusted over the readings")


def touched(decks: Sequence, db) -> list[str]:
    """The reading options the decks' cards can touch (and those of every game), in
    declaration order."""
    card_ids = {cid for deck in decks for cid, _ in deck.counts}
    animal = any(db.by_id[cid].type == "animal" for cid in card_ids)
    return [name for name, r in readings().items()
            if r.every_game or card_ids & set(r.cards) or (r.animal and animal)]


def pinned_options(pairs: Sequence[str] | None, options: RuleOptions) -> dict[str, object]:
    """The reading options named by ``--rule NAME=VALUE`` flags, with the value the run uses
    (the flags were checked by :func:`simulator.rule_flags.parse_rules`)."""
    names = {pair.partition("=")[0].strip().replace("-", "_") for pair in pairs or ()}
    return {name: getattr(options, name) for name in readings() if name in names}


def other_reading(options: RuleOptions, name: str) -> RuleOptions:
    """``options`` with option ``name`` at its other reading."""
    return dataclasses.replace(options, **{name: readings()[name].other(getattr(options, name))})


def touched_by(name: str, db) -> str:
    """What makes option ``name`` matter, in words: "every game", "Chaos", "an Animal", ..."""
    r = readings()[name]
    if r.every_game:
        return "every game"
    return ", ".join([db.by_id[cid].name_en for cid in r.cards] + ["an Animal"] * r.animal)


def command_with_bands(command: str, pinned: Mapping[str, object]) -> str:
    """The answer's command with ``--rule-bands``, and a ``--rule`` for each pinned option at
    its default (the answer's command names only the options off their defaults, and
    without it the same command would vary that option)."""
    defaults = RuleOptions()
    flags = [part for name, value in pinned.items() if getattr(defaults, name) == value
             for part in ("--rule", flag_value(name, value))]
    return " ".join([command, *flags, "--rule-bands"])


@dataclass
class RuleBand:
    """The answer (a SimulationResult) and the same games under each other reading.

    ``names``: the options varied, in declaration order; ``results[k]`` is ``names[k]`` at its
    other reading (fewer results than names after a Ctrl-C: the readings not played are the
    last ones); ``pinned``: the reading options ``--rule`` fixed, with their values."""

    answer: object
    names: list[str]
    results: list
    pinned: dict[str, object]
    touched_by: dict[str, str]
    partial: bool = False  # a Ctrl-C stopped it before every reading was played

    def comparison(self):
        from simulator.compare import Comparison

        labels = ["answer"] + [self.label(name) for name in self.names[:len(self.results)]]
        return Comparison("rules", labels, [self.answer, *self.results])

    def label(self, name: str) -> str:
        """``name=value`` of the reading played for option ``name``."""
        return flag_value(name, readings()[name].other(self.answer.settings["rule_options"][name]))

    def to_dict(self) -> dict:
        """The band, every reading's row and what was not played, for JSON and the report."""
        from simulator.stats import holm

        out = {"varied": list(self.names), "pinned": dict(self.pinned), "partial": self.partial,
               "not_played": self.names[len(self.results):], "method": METHOD,
               "games": 0, "low": None, "high": None, "answer_win_rate": None, "most": None,
               "readings": []}
        if not self.results:
            return out
        comp = self.comparison()
        table, diffs = comp.table(), comp.differences()
        adjusted = holm(diffs["mcnemar_p"].to_numpy())
        rows = []
        for k, (name, res) in enumerate(zip(self.names, self.results, strict=False)):
            entry, d = table.iloc[k + 1], diffs.iloc[k]
            value = readings()[name].other(self.answer.settings["rule_options"][name])
            rows.append({"option": name, "reading": value,
                         "default": self.answer.settings["rule_options"][name],
                         "touched_by": self.touched_by[name], "games": int(entry["games"]),
                         "wins": int(entry["wins"]), "win_rate": float(entry["win_rate"]),
                         "win_rate_ci": [float(entry["low"]), float(entry["high"])],
                         "difference": float(d["difference"]),
                         "difference_ci": [float(d["low"]), float(d["high"])],
                         "both_won": int(d["both_won"]), "only_reading_won": int(d["only_a_won"]),
                         "only_answer_won": int(d["only_b_won"]),
                         "neither_won": int(d["neither_won"]),
                         "mcnemar_p": float(d["mcnemar_p"]), "holm_p": float(adjusted[k]),
                         "command": res.settings["command"]})
        rates = table["win_rate"].astype(float)
        most = max(rows, key=lambda row: abs(row["difference"]))
        if most["difference"] != 0:  # else no reading won or lost a single game more
            out["most"] = {key: most[key] for key in ("option", "reading", "difference",
                                                      "difference_ci", "mcnemar_p", "holm_p")}
        out.update(games=int(table["games"].iloc[0]), low=float(rates.min()),
                   high=float(rates.max()), answer_win_rate=float(rates.iloc[0]), readings=rows)
        return out


def format_band(band: Mapping, pointer: str = "; each one: --json or --report") -> list[str]:
    """The one or two lines printed under the answer (``band``: :meth:`RuleBand.to_dict`);
    ``pointer`` ends the second: where the reader finds every reading."""
    pinned = ", ".join(flag_value(name, value) for name, value in band["pinned"].items())
    if not band["varied"]:
        why = f"every one these games meet is pinned by --rule: {pinned}" if pinned else \
            "these games meet none"
        return [f"unclear rules: no rule option left to read the other way ({why})"]
    if not band["readings"]:
        return ["unclear rules: not played (interrupted before a reading finished its games)"]
    n = len(band["readings"])
    partial = "PARTIAL, " if band["partial"] else ""
    each = f"{n} rule options read the other way one at a time" if n > 1 else \
        "1 rule option read the other way"
    lines = [f"unclear rules allow {band['low']:.1%} to {band['high']:.1%} ({partial}{each}, on "
             f"these {band['games']:,} games" + (f"; pinned by --rule: {pinned}" if pinned else "")
             + ")",
             f"  moved most {_most(band['most'])}{pointer}"]
    if band["not_played"]:
        lines.append(f"  not played (interrupted): {', '.join(band['not_played'])}")
    return lines


def _most(most: Mapping | None) -> str:
    """``by first_player_skips_draw=false: +9.6 pp (95% CI +6.4 to +12.9 pp)``."""
    if most is None:
        return "by none: each reading wins the very games the answer wins"
    low, high = most["difference_ci"]
    return (f"by {flag_value(most['option'], most['reading'])}: {100 * most['difference']:+.1f} pp "
            f"(95% CI {100 * low:+.1f} to {100 * high:+.1f} pp)")


def format_sweep_bands(rows: Sequence[Mapping]) -> list[str]:
    """The band of every scenario and level of ``run --scenario all --rule-bands``, one line
    each (``rows``: :meth:`RuleBand.to_dict` with a ``label``, "The Duke (normal)")."""
    width = max(len(row["label"]) for row in rows)
    lines = ["unclear rules, each rule option read the other way on its own on the same games:"]
    for row in rows:
        if row["readings"]:
            text = (f"{row['low']:.1%} to {row['high']:.1%}  moved most {_most(row['most'])}"
                    + ("  PARTIAL" if row["partial"] else ""))
        else:
            text = format_band(row)[0].removeprefix("unclear rules: ")
        lines.append(f"  {row['label']:<{width}}  {text}")
    return lines


def play_bands(answers: Sequence[tuple], decks: Sequence, pinned: Mapping[str, object], db,
               only: Sequence[str] | None = None, backend="local", jobs: int | None = None,
               scheduler: str | None = None, progress: bool | None = None,
               **kwargs) -> list[RuleBand]:
    """One :class:`RuleBand` per ``(answer result, scenario, level)`` of ``answers``, their
    readings played one after the other under one progress bar.

    ``decks``: the Deck objects the answers were played with; ``pinned``: the reading options
    not to vary (``--rule``); ``only``: the reading options to vary, whatever the games meet
    (None: those they meet); ``backend`` (a name, or an open Backend reused and left open),
    ``jobs``, ``scheduler``, ``progress`` and ``kwargs`` (``batch_size``) as for
    :func:`simulator.run.simulate`. The seed, players, bot, rule options and number of games
    are the answers'. An interrupted answer's band is not played."""
    first = answers[0][0].settings
    base = RuleOptions(**first["rule_options"])
    varied = [name for name in (touched(decks, db) if only is None else only)
              if name not in pinned]
    sides = [(scenario, level, other_reading(base, name))
             for _, scenario, level in answers for name in varied]
    interrupted = any(answer.partial for answer, _, _ in answers)
    played: list = []
    if sides and not interrupted:
        kwargs.update(db=db, seed=first["seed"], players=first["players"], bot=first["bot"],
                      keep_turns=False)
        played, interrupted = _play(decks, sides, len(answers[0][0].games),
                                    (backend, jobs, scheduler), progress, kwargs)
    bands = []
    for k, (answer, _, _) in enumerate(answers):
        results = played[k * len(varied):(k + 1) * len(varied)]
        bands.append(RuleBand(answer, varied, results, dict(pinned),
                              {name: touched_by(name, db) for name in varied},
                              interrupted and len(results) < len(varied)))
    return bands


def _play(decks, sides: list[tuple], games: int, where: tuple, progress: bool | None,
          kwargs: dict) -> tuple[list, bool]:
    """Play each ``(scenario, level, options)`` side on the answers' games, in turn; returns
    the runs that finished and whether a Ctrl-C stopped the series.

    Why one side after the other (not in blocks, as ``compare`` plays its sides): each reading
    is compared with an answer already whole, so a reading either finished its games or is
    dropped; a Ctrl-C costs at most the reading under way."""
    from simulator.backends import Backend, open_backend
    from simulator.run import ProgressBar, simulate

    backend, jobs, scheduler = where
    owned = not isinstance(backend, Backend)
    executor = (open_backend(backend, jobs, scheduler, games=games * len(sides)) if owned
                else backend)
    bar = ProgressBar(games * len(sides), progress)
    finished: list = []
    try:
        for scenario, level, options in sides:
            before = games * len(finished)
            def tick(done: int, _planned: int, before: int = before) -> None:
                bar.update(before + done)

            try:
                run = simulate(decks, scenario, level=level, games=games, options=options,
                               backend=executor, progress=False, on_chunk=tick, **kwargs)
            except KeyboardInterrupt:  # before its first chunk finished
                return finished, True
            if run.partial:
                return finished, True
            finished.append(run)
    finally:
        bar.close()
        if owned:
            executor.close()
    return finished, False


def rule_band(result, decks: Sequence, scenario, pinned: Mapping[str, object] | None = None,
              db=None, **kwargs) -> RuleBand:
    """The band of one run: ``result`` (a :func:`simulator.run.simulate` result) played with
    ``decks`` (Deck objects, one per player or one for all) against ``scenario``; ``kwargs``
    as for :func:`play_bands` (``only``, ``backend``, ``progress``, ...).

    >>> band = rule_band(result, [deck], scenario)   # doctest: +SKIP
    >>> band.to_dict()["low"], band.to_dict()["high"]   # doctest: +SKIP
    """
    from simulator.cards import load_cards

    db = db or load_cards()
    level = result.settings["level"]
    return play_bands([(result, scenario, level)], decks, pinned or {}, db, **kwargs)[0]
