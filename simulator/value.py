"""Card value: how many points of win rate each card of a deck is worth, on paired seeds.

Why this measure: a card's value is the deck's win rate minus the win rate of the same deck
with one copy of the card replaced by the filler (:mod:`simulator.cards.filler`, a blank card
that does nothing), both played on the same game seeds (common random numbers). The filler
keeps the deck at its size, and it takes the very place of the copy in the deck's order, so
the shuffles put it where the copy would have been: the two games of a seed start from the
same draws and diverge only when the copy would have been drawn. The difference of win rates
comes from the paired outcomes (Newcombe's interval, as in :mod:`simulator.compare`), which is
much narrower than two independent runs would give.

What it does not mean: the value is the bot's use of the card in this deck against this
level; a better player may get more out of it. Positive: the card helps; an interval that
excludes 0 is a difference the games can tell from luck.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from simulator.bots import label as bot_label
from simulator.cards.filler import FILLER_ID, FILLER_NAME, with_filler
from simulator.decks import Deck
from simulator.rule_flags import describe_changed
from simulator.stats import excludes_zero, paired_difference, wilson_interval

DEFAULT_VALUE_GAMES = 10_000


def filler_variant(deck: Deck, card_id: str) -> Deck:
    """``deck`` with its last copy of ``card_id`` replaced by the filler, in the copy's place."""
    return deck.with_one_replaced(card_id, FILLER_ID, f"{deck.name} (one {card_id} -> filler)")


def paired_wins(base: np.ndarray, other: np.ndarray) -> tuple[float, float, float]:
    """(difference, low, high) of ``base``'s win rate minus ``other``'s, from two (n,) bool
    arrays of the same seeds: Newcombe's interval of a paired difference."""
    both = int((base & other).sum())
    only_base, only_other = int((base & ~other).sum()), int((~base & other).sum())
    neither = int((~base & ~other).sum())
    return paired_difference(both, only_base, only_other, neither)


def wins_of(result) -> tuple[np.ndarray, np.ndarray]:
    """(seeds, won): (n,) game seeds and (n,) bool outcomes of a run, in game order."""
    games = result.games
    return games["seed"].to_numpy(), (games["outcome"] == "win").to_numpy()


@dataclass
class CardValue:
    """One card's value: the deck's win rate minus the win rate with one copy as the filler."""

    card_id: str
    name: str
    copies: int
    games: int
    delta: float               # win rate with the card minus without one copy
    low: float                 # 95% Newcombe interval of the paired difference
    high: float
    win_rate_without: float

    @property
    def significant(self) -> bool:
        """The interval excludes 0: the games tell the card's effect from luck."""
        return excludes_zero(self.low, self.high)


@dataclass
class ValueResult:
    """The value of every distinct card of a deck, with the run they are measured against."""

    deck: str
    settings: dict             # the base run's settings (scenario, level, bot, seed, ...)
    games: int                 # paired games per variant
    base_wins: int
    values: list[CardValue] = field(default_factory=list)  # best first
    partial: bool = False      # interrupted: the games (and cards) every run finished
    planned_games: int = 0     # paired games per card asked for
    # the base run's use of each card by name: (prepared, played, channeled, never used)
    use: dict[str, tuple[int, int, int, int]] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)  # cards mostly prepared for nothing

    def __repr__(self) -> str:
        """A short summary (a notebook shows this, not every card's numbers)."""
        best = f", best {self.values[0].name} {100 * self.values[0].delta:+.2f} pp" \
            if self.values else ""
        partial = ", PARTIAL" if self.partial else ""
        return (f"<ValueResult {self.deck}: {len(self.values)} card(s), {self.games:,} paired "
                f"games each, deck win rate {self.base_win_rate:.1%}{best}{partial}; .table() "
                "for every card>")

    @property
    def base_win_rate(self) -> float:
        return self.base_wins / self.games if self.games else 0.0

    def caption(self) -> str:
        s = self.settings
        return (f"Value of a card: the win rate of {self.deck} minus the win rate of the same "
                f"deck with one copy of the card replaced by a blank filler card that does "
                f"nothing, on the same {self.games:,} game seeds (seed {s['seed']}), against "
                f"{s['scenario']} ({s['level']}), {s['players']} player(s), played by the "
                f"{bot_label(s['bot'])} bot. It measures how this bot uses the card in this deck: another "
                f"bot or a human player may get more or less out of it. 95% Newcombe "
                f"intervals of the paired difference; * marks an interval that excludes 0.")

    def table(self):
        """pandas: one row per card, best value first."""
        import pandas as pd

        return pd.DataFrame([{"card": v.name, "copies": v.copies, "delta_win_rate": v.delta,
                              "low": v.low, "high": v.high, "significant": v.significant,
                              "win_rate_without": v.win_rate_without, "games": v.games}
                             for v in self.values])

    def to_dict(self) -> dict:
        s = self.settings
        low, high = wilson_interval(self.base_wins, self.games)
        return {"deck": self.deck, "scenario": s["scenario"], "level": s["level"],
                "players": s["players"], "bot": s["bot"], "seed": s["seed"],
                "games": self.games, "filler": FILLER_NAME, "paired": True,
                "win_rate": self.base_win_rate, "win_rate_ci": [low, high],
                "partial": self.partial, "planned_games": self.planned_games,
                "command": self.command(), "caption": self.caption(),
                "rule_options": s.get("rule_options"),
                "cards": [{"card": v.name, "id": v.card_id, "copies": v.copies,
                           "delta_win_rate": v.delta, "ci": [v.low, v.high],
                           "significant": v.significant, "win_rate_without": v.win_rate_without,
                           "games": v.games, **self._use_of(v.name)} for v in self.values],
                "prepared_for_nothing": list(self.warnings)}

    def _use_of(self, name: str) -> dict:
        prepared, played, channeled, unused = self.use.get(name, (0, 0, 0, 0))
        return {"prepared": prepared, "played": played, "channeled": channeled,
                "never_used": unused}

    def command(self) -> str:
        """The ``magenoir-sim value`` command line that plays these games again (after a
        Ctrl-C, the games every run finished)."""
        from simulator.run import command_line, deck_words

        return command_line("value", deck_words(self.settings), self.settings, self.games)

    def format_text(self) -> str:
        from simulator.formatting import format_rate

        s = self.settings
        low, high = wilson_interval(self.base_wins, self.games)
        lines = []
        if self.partial:
            lines += [f"PARTIAL RESULTS (interrupted): {self.games:,} of {self.planned_games:,} "
                      f"planned paired games per card, the games every run finished",
                      f"the same games again: {self.command()}"]
        lines += [f"{self.deck} vs {s['scenario']} ({s['level']}), {s['players']} player(s), "
                  f"bot {bot_label(s['bot'])}, seed {s['seed']}, {self.games:,} paired games per card",
                  f"deck win rate {format_rate(self.base_win_rate, low, high)}",
                  "",
                  f"{'card':<24} {'copies':>6} {'value':>9}  {'95% CI':<17} win rate without"
                  "  use in the deck's run"]
        for v in self.values:
            mark = "*" if v.significant else " "
            ci = f"[{100 * v.low:+.2f}, {100 * v.high:+.2f}]"
            lines.append(f"{v.name:<24} {v.copies:>6} {100 * v.delta:>+7.2f}pp{mark} {ci:<17} "
                         f"{v.win_rate_without:>16.1%}  {self._use_text(v.name)}")
        if self.warnings:
            lines += ["", *(f"warning: {w}" for w in self.warnings)]
        changed = describe_changed(s.get("rule_options") or {})
        if changed:
            lines += ["", f"rule options: {changed} (the others at their defaults)"]
        lines += ["", "value: the win rate minus the win rate with one copy replaced by a blank "
                  "filler, on the same seeds;", "* the 95% interval excludes 0. It depends on the "
                  "bot: a stronger player may use a card better."]
        if not self.partial:  # a partial answer said it at its top
            lines.append(f"the same games again: {self.command()}")
        return "\n".join(lines)

    def _use_text(self, name: str) -> str:
        """'prepared N, played M, never used K' (channeled copies named when there are some)."""
        prepared, played, channeled, unused = self.use.get(name, (0, 0, 0, 0))
        channel = f", channeled {channeled}" if channeled else ""
        return f"prepared {prepared}, played {played}{channel}, never used {unused}"

    def figure(self):
        """A dot and its 95% interval per card, best value on top, in percentage points."""
        from simulator.figures import paired_interval_figure

        s, values = self.settings, self.values
        return paired_interval_figure(
            [f"{v.name} x{v.copies}" for v in values], [v.delta for v in values],
            [v.low for v in values], [v.high for v in values],
            "win rate with the card minus with one copy as a blank filler (percentage points)",
            f"Card value, {self.deck} vs {s['scenario']} ({s['level']}), bot {bot_label(s['bot'])}, "
            f"{self.games:,} paired games a card (95% Newcombe)", row_height=0.38)


def card_values(deck: Deck | str, scenario, level: str | None = None, players: int | None = None,
                games: int = DEFAULT_VALUE_GAMES, seed: int = 1, db=None, backend="local",
                progress: bool | None = None, base=None, jobs: int | None = None,
                scheduler: str | None = None, **kwargs) -> ValueResult:
    """The value of each distinct card of ``deck`` (a Deck, a deck file or an example deck's
    name), best first.

    Plays the deck and, for each distinct card, the deck with one copy replaced by the filler,
    all on games ``0 .. games-1`` of ``seed``, side by side in turns chunk by chunk
    (:func:`simulator.paired.play_sides`), so that a Ctrl-C keeps every card measured on
    nearly all the games played: the result then holds the games every run finished.
    ``kwargs`` go to :func:`simulator.run.simulate` (bot, options, batch_size, ...); a
    ``backend`` name is opened once for all the runs, with ``jobs`` and ``scheduler`` as in
    ``simulate``. ``base``: the deck's own run, when the caller already has it (a ``run
    --value`` report), on the same seeds. With several players, every player plays the
    deck, and the variant replaces the copy in every player's deck.
    """
    from simulator.cards import load_cards
    from simulator.paired import Side, play_sides
    from simulator.run import _resolve_inputs

    plain = db or load_cards()
    (deck,), scenario = _resolve_inputs(deck, scenario, plain, kwargs.pop("min_cards", 40))
    db = with_filler(plain)
    if games < 1:
        from simulator.errors import UserError

        raise UserError(f"--games must be at least 1, not {games}")
    distinct = [cid for cid, _ in deck.counts]
    sides = [Side(filler_variant(deck, cid), scenario, level) for cid in distinct]
    if base is None:
        sides.insert(0, Side(deck, scenario, level))
    runs = play_sides(sides, games=games, seed=seed, players=players, db=db, backend=backend,
                      jobs=jobs, scheduler=scheduler, progress=progress, keep_turns=False,
                      **kwargs)
    if base is None:
        base, runs = runs[0], runs[1:]
    base_seeds, base_won = wins_of(base)
    outcomes = [wins_of(run) for run in runs]
    n = min([len(base_won)] + [len(won) for _, won in outcomes])  # the games every run finished
    values = []
    for cid, (seeds, won) in zip(distinct, outcomes, strict=True):
        if not np.array_equal(seeds[:n], base_seeds[:n]):
            raise RuntimeError("a card value run did not play the base run's seeds")
        delta, low, high = paired_wins(base_won[:n], won[:n])
        values.append(CardValue(cid, db.by_id[cid].name_en, dict(deck.counts)[cid], n, delta,
                                low, high, float(won[:n].mean()) if n else 0.0))
    values.sort(key=lambda v: (-v.delta, v.name))
    partial = base.partial or any(run.partial for run in runs)
    use = {r.name: (int(r.prepared), int(r.played), int(r.channeled), int(r.unused))
           for r in base.prepared_use().itertuples()}
    return ValueResult(deck.name, dict(base.settings), n, int(base_won[:n].sum()), values,
                       partial, games, use, base.prepared_for_nothing())
