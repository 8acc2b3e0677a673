"""Deck against deck: ``magenoir-sim duel A B`` (1 vs 1) and ``duel A+B C+D`` (2 vs 2).

:func:`duel` plays every seed twice, each side first once (``order="both"`` of
:mod:`simulator.duel_games`), so the answer is free of first-player advantage, which is
measured on its own: the share of games won by whoever played first. Game ``i`` of seed ``S``
is always the same pair of games, whatever the chunks, threads or backend, and ``duel B A``
plays the very games of ``duel A B`` with the sides' results exchanged.

The run is :mod:`simulator.run`'s, for duels: chunks of whole seeds (both games of a seed in
one chunk) on a run backend, each reduced in its task to its per-game rows and a
:class:`~simulator.duel_stats.DuelAggregate` of the per-turn curves (memory grows with the
games played, not with the per-turn horizon); a progress bar; Ctrl-C keeps the seeds
finished (``partial``); ``precision`` plays until the first side's win rate is known within
it, by :func:`simulator.run.precision_plan`'s looks counted in seeds (a pair is at least one
independent game, so the plan's worst case holds). Rates carry the pair interval of
:mod:`simulator.duel_stats`.

A side is one deck or a team of two (``"A+B"`` on the command line), each deck with its bot:
``bot`` for every seat, or ``bots``, one per deck in the order given (or one per side in
2 vs 2).
"""

from __future__ import annotations

import functools
import math
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from simulator import bots as bot_registry
from simulator.backends import DEFAULT_BACKEND, Backend, auto_batch, close_results, open_backend
from simulator.bots import DEFAULT_BOT
from simulator.cards import CardDB, load_cards
from simulator.decks import MIN_CARDS, Deck
from simulator.duel_games import DuelGames, Side, check_sides, concat, make_side, play_duel_games
from simulator.duel_stats import DuelAggregate, pair_rate, per_pair
from simulator.engine.rules import layout as L
from simulator.engine.rules.options import RuleOptions
from simulator.errors import UserError
from simulator.stats import CONFIDENCE, mean_interval

DEFAULT_GAMES = 1000
#: Runs of at most this many games keep the per-turn arrays (``result.games.turns_frame()``).
KEEP_TURNS_UP_TO = 20_000
LOSSES = (L.LOSS_HP, L.LOSS_DECK)
#: How the intervals of a duel's rates are made (:mod:`simulator.duel_stats`).
CI_METHOD = f"Wilson {CONFIDENCE:.0%} on the effective games of the seed pairs"


# --- the sides ---------------------------------------------------------------------------

def split_side(text: str) -> list[str]:
    """The decks of a side as the command line writes it: ``A`` or a team ``A+B``. A file
    whose name holds a ``+`` is one deck."""
    text = str(text)
    if Path(text).is_file():
        return [text]
    decks = [part.strip() for part in text.split("+")]
    if len(decks) > 2:
        raise UserError(f"{text}: a team is two decks joined by + (2 vs 2), not {len(decks)}")
    if not all(decks):
        raise UserError(f"{text}: a team is two deck names joined by +, e.g. "
                        "fire-flames+water-tides")
    return decks


def seat_bots(sizes: Sequence[int], bot: str = DEFAULT_BOT, bots: Sequence[str] | None = None,
              rollouts: int | None = None) -> list[list[str]]:
    """Each side's bot specs, one per deck: ``bot`` everywhere, or ``bots`` one per deck in
    the order given (in 2 vs 2 also one per side); ``rollouts`` is the budget of those that
    look ahead. User errors name what does not fit."""
    total = sum(sizes)
    if bots is None:
        names = [bot] * total
    else:
        names = [str(b).strip() for b in bots]
        if len(names) == 2 and total == 4:  # one per side: both teammates
            names = [names[0], names[0], names[1], names[1]]
        if len(names) != total or not all(names):
            raise UserError(f"--bots gives one bot per deck ({total})"
                            + (" or one per side (2)" if total == 4 else "")
                            + f", not {len(bots)}: e.g. --bots planner,greedy")
    looking = [bot_registry.get(n).rollouts > 0 for n in names]
    if rollouts is not None and not any(looking):
        bot_registry.spec(names[0], rollouts)  # the user error naming the bots that look ahead
    specs = [bot_registry.spec(n, rollouts if look else None)
             for n, look in zip(names, looking, strict=True)]
    return [specs[:sizes[0]], specs[sizes[0]:]]


def make_sides(side_a, side_b, bot: str = DEFAULT_BOT, bots: Sequence[str] | None = None,
               rollouts: int | None = None, db: CardDB | None = None,
               min_cards: int = MIN_CARDS) -> list[Side]:
    """Two :class:`~simulator.duel_games.Side` from what a player gives: a Side, a Deck, a
    deck file or example deck name, ``"A+B"`` (a team) or a list of two decks. Two Sides
    keep their bots; otherwise ``bot``, ``bots`` and ``rollouts`` seat the bots
    (:func:`seat_bots`)."""
    db = db or load_cards()
    if isinstance(side_a, Side) and isinstance(side_b, Side):  # each with its own bots
        check_sides([side_a, side_b])
        return [side_a, side_b]
    given = []
    for side in (side_a, side_b):
        if isinstance(side, Side):
            given.append(list(side.decks))
        elif isinstance(side, (str, Path)):
            given.append(split_side(str(side)))
        elif isinstance(side, Deck):
            given.append([side])
        else:
            given.append(list(side))
    specs = seat_bots([len(d) for d in given], bot, bots, rollouts)
    sides = [make_side(decks, specs[k], db=db, min_cards=min_cards)
             for k, decks in enumerate(given)]
    check_sides(sides)
    return sides


def side_labels(sides: Sequence[Side]) -> tuple[str, str]:
    """The sides' names as outputs show them; a mirror's are numbered in the order given."""
    names = (sides[0].name, sides[1].name)
    if names[0] == names[1]:
        return f"{names[0]} (1)", f"{names[1]} (2)"
    return names


# --- the run -----------------------------------------------------------------------------

@dataclass
class DuelChunk:
    """What one task sends back: its games' rows (per-turn arrays only when kept) and the
    aggregate of their per-turn arrays."""

    games: DuelGames
    aggregate: DuelAggregate


def _play_chunk(sides: Sequence[Side], db: CardDB, seed: int, options: RuleOptions,
                keep_turns: bool, first: int, count: int) -> DuelChunk:
    games = play_duel_games(sides, seed, first, count, "both", options, db, 1, True)
    aggregate = DuelAggregate.from_games(games)
    if not keep_turns:
        games.hp_by_turn = games.taken_by_turn = games.mover_by_turn = None
    return DuelChunk(games, aggregate)


def check_duel_games(games: int, option: str = "--games") -> None:
    """A user error unless ``games`` is a count a duel can play: even (each seed twice)."""
    from simulator.run import check_games

    check_games(games, option)
    if games % 2:
        raise UserError(f"{option} must be even: a duel plays each seed twice, either side "
                        f"first (e.g. {games + 1}), not {games}")


def check_batch_size(batch_size: int | None) -> None:
    """A user error unless ``batch_size`` (games a chunk, two a seed) is None or 2 to the
    most a run's chunk holds."""
    from simulator.run import MAX_BATCH_SIZE

    if batch_size is not None and not 2 <= batch_size <= MAX_BATCH_SIZE:
        raise UserError(f"--batch-size must be between 2 and {MAX_BATCH_SIZE:,} (two games a "
                        f"seed), not {batch_size}")


def duel(side_a, side_b, games: int | None = None, seed: int = 1, bot: str = DEFAULT_BOT,
         bots: Sequence[str] | None = None, rollouts: int | None = None,
         precision: float | None = None, options: RuleOptions | None = None,
         db: CardDB | None = None, jobs: int | None = None,
         backend: str | Backend = DEFAULT_BACKEND, scheduler: str | None = None,
         batch_size: int | None = None, keep_turns: bool | None = None,
         progress: bool | None = None, on_chunk: Callable[[int, int], None] | None = None,
         min_cards: int = MIN_CARDS) -> DuelResult:
    """Play the duel of ``side_a`` against ``side_b`` (each a deck, a deck file or example
    name, ``"A+B"`` for a team of two, or a :class:`~simulator.duel_games.Side`).

    ``games`` (even; default 1000) are played, each seed twice with the seats swapped; or
    with ``precision``, until the first side's win rate is within it on each side (``games``
    then caps the run). ``bot`` plays every seat, or ``bots`` one per deck in the order given
    (``["planner", "greedy"]``). ``progress``, ``on_chunk(done, planned)``, ``jobs``,
    ``backend``, ``scheduler`` and ``batch_size`` (games per chunk) are those of
    :func:`simulator.run.simulate`. Ctrl-C keeps the seeds finished (``result.partial``).
    """
    from simulator.run import MAX_GAMES, ProgressBar, check_seed, precision_plan

    db = db or load_cards()
    options = options or RuleOptions()
    sides = make_sides(side_a, side_b, bot, bots, rollouts, db, min_cards)
    if games is not None:
        check_duel_games(games)
    check_seed(seed)
    check_batch_size(batch_size)
    plan = precision_plan(precision, games // 2 if games else None) if precision else None
    if plan and not games and 2 * plan["looks"][-1] > MAX_GAMES:
        raise UserError(f"--precision {precision:g} may need {2 * plan['looks'][-1]:,} games, "
                        f"more than the {MAX_GAMES:,} a duel plays: give --games N as a cap, "
                        "or a larger P")
    stops = plan["looks"] if plan else [(games or DEFAULT_GAMES) // 2]  # in seeds
    keep_turns = 2 * stops[-1] <= KEEP_TURNS_UP_TO if keep_turns is None else keep_turns
    owned = not isinstance(backend, Backend)
    executor = open_backend(backend, jobs, scheduler, games=2 * stops[-1]) if owned else backend
    bar = ProgressBar(2 * stops[-1], progress)
    runner = _Runner(sides, db, seed, options, keep_turns, executor, bar, on_chunk, 2 * stops[-1])
    caps = [c for c in (bot_registry.get(b).chunk_cap for s in sides for b in s.bots) if c]
    seed_cap = max(1, min(caps) // 2) if caps else None  # a slow bot's games a chunk, in seeds
    seats = 2 * len(sides[0].decks)
    precision_info = None
    try:
        done = 0
        for look, stop in enumerate(stops, 1):
            # a seed is two games of all the seats: it weighs as 2 * seats one-player games
            chunk = (max(1, batch_size // 2) if batch_size else
                     auto_batch(stop - done, executor.workers, 2 * seats, seed_cap))
            runner.run(stop, chunk, done)
            done = stop
            if plan:
                met, interval = _precision_met(runner.games(), plan)
                precision_info = _precision_info(plan, look, met, interval)
                if met:
                    break
    except KeyboardInterrupt:
        if not runner.parts:
            raise
        runner.partial = True
        if plan:
            _, interval = _precision_met(runner.games(), plan)
            precision_info = _precision_info(plan, None, False, interval)
    finally:
        bar.close()
        if owned:
            executor.close()
    settings = _settings(sides, seed, options, db)
    settings["command"] = duel_command(settings, games if plan else 2 * stops[-1], precision)
    return DuelResult(runner.games(), runner.aggregate, settings, runner.partial,
                      2 * stops[-1], precision_info)


class _Runner:
    """Plays seeds ``done .. stop - 1`` in chunks and keeps each finished chunk."""

    def __init__(self, sides, db, seed, options, keep_turns, backend, bar, on_chunk, planned):
        self.shared = (sides, db, seed, options, keep_turns)
        self.backend, self.bar, self.on_chunk, self.planned = backend, bar, on_chunk, planned
        self.parts: list[DuelGames] = []
        self.aggregate: DuelAggregate | None = None
        self.partial = False

    def run(self, stop: int, chunk: int, done: int) -> None:
        from simulator.run import chunk_ranges

        results = self.backend.imap(_play_chunk, self.shared, chunk_ranges(stop, chunk, done))
        try:
            for part in results:
                self._fold(part)
        finally:
            close_results(results)  # stops the remaining tasks after an interruption

    def _fold(self, part: DuelChunk) -> None:
        if self.aggregate is None:  # fresh arrays: a chunk's may be read-only (ray)
            self.aggregate = part.aggregate.empty_like()
        self.aggregate.merge(part.aggregate)
        self.parts.append(part.games)
        played = self.aggregate.games
        self.bar.update(played)
        if self.on_chunk is not None:
            self.on_chunk(played, self.planned)

    def games(self) -> DuelGames:
        return _joined(self.parts)


def _joined(parts: Sequence[DuelGames]) -> DuelGames:
    whole = concat(parts)
    whole.sides, whole.positions, whole.decks = parts[0].sides, parts[0].positions, parts[0].decks
    return whole


def _precision_met(games: DuelGames, plan: dict) -> tuple[bool, tuple[float, float]]:
    rate, low, high = pair_rate(per_pair(games.outcome[:, 0] == L.WIN),
                                confidence=plan["look_confidence"])
    target = plan["precision"] + 1e-12
    return (rate - low <= target and high - rate <= target), (low, high)


def _precision_info(plan: dict, look: int | None, met: bool, interval) -> dict:
    from simulator.run import MAX_LOOKS

    return {"target": plan["precision"], "reached": met, "look": look,
            "looks": [2 * n for n in plan["looks"]],
            "interval": [float(interval[0]), float(interval[1])],
            "method": (f"{CI_METHOD}, at {plan['look_confidence']:.4%} per look, Bonferroni "
                       f"over {MAX_LOOKS} looks: >= {CONFIDENCE:.0%} coverage at the stopping "
                       "look")}


def _settings(sides: Sequence[Side], seed: int, options: RuleOptions, db: CardDB) -> dict:
    def decklist(deck: Deck) -> list[dict]:
        return [{"count": count, "card": db.by_id[cid].name_en,
                 "element": db.by_id[cid].element} for cid, count in deck.counts]

    decks = [d for s in sides for d in s.decks]
    return {"mode": check_sides(sides), "sides": list(side_labels(sides)),
            "side_decks": [[d.name for d in s.decks] for s in sides],
            "bots": [list(s.bots) for s in sides], "seed": seed,
            "deck_files": [[d.path or d.name for d in s.decks] for s in sides],
            "decklists": [decklist(d) for d in decks],
            "smallest_deck": min(d.size for d in decks),
            "rule_options": options.as_dict()}


def bot_arguments(specs: Sequence[str]) -> list[str]:
    """``--bot NAME`` (``--rollouts N``) when every seat has one bot, else ``--bots A,B``."""
    from simulator.run import bot_flags

    if len(set(specs)) == 1:
        return bot_flags(specs[0])
    return ["--bots", ",".join(specs)]


def duel_command(settings: dict, games: int | None, precision: float | None) -> str:
    """The ``magenoir-sim duel`` command line that plays these games again."""
    from simulator.rule_flags import rule_flags

    parts = ["magenoir-sim", "duel", *("+".join(files) for files in settings["deck_files"])]
    if precision is not None:
        parts += ["--precision", repr(float(precision))]
    if games is not None:
        parts += ["--games", str(games)]
    parts += ["--seed", str(settings["seed"])]
    parts += bot_arguments([b for side in settings["bots"] for b in side])
    if settings["smallest_deck"] < MIN_CARDS:
        parts += ["--min-cards", str(settings["smallest_deck"])]
    parts += rule_flags(settings["rule_options"])
    return " ".join(shlex.quote(str(p)) for p in parts)


#: Seeds ``replay --outcome`` looks through before it gives up, and a batch of them.
SEARCH_SEEDS = 50_000
SEARCH_BATCH = 1_000


def first_duel_game_with(outcome: str, sides: Sequence[Side], seed: int = 1, start: int = 0,
                         options: RuleOptions | None = None, db: CardDB | None = None,
                         limit: int = SEARCH_SEEDS) -> tuple[int, int]:
    """``(game, first side)`` of the first game from game ``start`` on, in the order ``duel``
    plays them (side 0 first, then side 1 first), where side 0's outcome is ``outcome``
    ("win" or "loss"); a user error after ``limit`` seeds."""
    wanted = {"win": (L.WIN,), "loss": LOSSES}[outcome]
    caps = [c for c in (bot_registry.get(b).chunk_cap for s in sides for b in s.bots) if c]
    batch = min([SEARCH_BATCH, *(max(1, c // 2) for c in caps)])
    for first in range(start, start + limit, batch):
        count = min(batch, start + limit - first)
        games = play_duel_games(sides, seed, first, count, "both", options, db, threads=2,
                                keep_turns=False)
        hits = np.flatnonzero(np.isin(games.outcome[:, 0], wanted))
        if len(hits):
            return int(games.game[hits[0]]), int(games.first_side[hits[0]])
    raise UserError(f"no {outcome} of {sides[0].name} in games {start:,} to "
                    f"{start + limit - 1:,} of the duel with seed {seed}")


# --- the result --------------------------------------------------------------------------

@dataclass
class DuelResult:
    """A duel's games (:class:`~simulator.duel_games.DuelGames`, seed pairs in order), the
    aggregate of their per-turn curves, and the settings that play them again."""

    games: DuelGames
    aggregate: DuelAggregate
    settings: dict = field(default_factory=dict)
    partial: bool = False
    planned_games: int = 0
    precision: dict | None = None

    @property
    def labels(self) -> tuple[str, str]:
        return tuple(self.settings["sides"])

    def __repr__(self) -> str:
        """A short summary (a notebook shows this, not the arrays behind it)."""
        s = self.summary()
        rates = ", ".join(f"{label} {rate:.1%}" for label, rate in zip(
            s["sides"], s["win_rate"], strict=True))
        partial = f", PARTIAL ({s['games']:,} of {s['planned_games']:,})" if self.partial else ""
        return (f"<DuelResult {' vs '.join(s['sides'])}, seed {s['seed']}: {s['games']:,} games, "
                f"wins {rates}, draws {s['draw_rate']:.1%}{partial}; .summary(), .frame(), "
                ".curves() for more>")

    def frame(self):
        """pandas: one row per game (:meth:`simulator.duel_games.DuelGames.frame`)."""
        return self.games.frame()

    def curves(self):
        """pandas: HP and HP lost of each position after each turn (mean with its 95%
        interval, 10/50/90% of games), the games in progress."""
        return self.aggregate.curves(self.games.positions)

    def _rate(self, flags: np.ndarray) -> list[float]:
        return list(pair_rate(per_pair(flags)))

    @functools.cached_property
    def _summary(self) -> dict:
        g, agg = self.games, self.aggregate
        outcome = g.outcome
        first_won = outcome[np.arange(len(g)), g.first_side] == L.WIN
        second_won = outcome[np.arange(len(g)), 1 - g.first_side] == L.WIN
        out = {"kind": "duel", "mode": self.settings["mode"], "sides": list(self.labels),
               "decks": self.settings["side_decks"], "bots": self.settings["bots"],
               "seed": self.settings["seed"], "games": len(g), "seeds": len(g) // 2,
               "wins": [int((outcome[:, s] == L.WIN).sum()) for s in range(2)],
               "draws": int((outcome[:, 0] == L.DRAW).sum()),
               "timeouts": int((outcome[:, 0] == L.TIMEOUT).sum()),
               "losses": [int(np.isin(outcome[:, s], LOSSES).sum()) for s in range(2)]}
        for key, flags in (("win", [outcome[:, s] == L.WIN for s in range(2)]),
                           ("loss", [np.isin(outcome[:, s], LOSSES) for s in range(2)])):
            rates = [self._rate(f) for f in flags]
            out[f"{key}_rate"] = [r[0] for r in rates]
            out[f"{key}_rate_ci"] = [r[1:] for r in rates]
        for key, flags in (("draw", outcome[:, 0] == L.DRAW),
                           ("timeout", outcome[:, 0] == L.TIMEOUT),
                           ("first_player_win", first_won), ("second_player_win", second_won)):
            rate, low, high = self._rate(flags)
            out[f"{key}_rate"], out[f"{key}_rate_ci"] = rate, [low, high]
        out["ci_method"] = CI_METHOD
        if self.precision:
            out["win_rate_ci"][0] = list(self.precision["interval"])
            out["precision"] = {k: v for k, v in self.precision.items() if k != "interval"}
        median, low, high = agg.end_turn_interval()
        out["median_turns"], out["median_turns_ci"] = _finite(median), [_finite(low), _finite(high)]
        out["median_turn_of_victory"] = [_finite(agg.end_turn_interval(s, (L.WIN,))[0])
                                         for s in range(2)]
        out["hp_lost"] = [self._hp_lost(s) for s in range(2)]
        out["last_hit"] = [self._last_hits(s) for s in range(2)]
        out["partial"] = self.partial
        out["planned_games"] = self.planned_games
        out["rule_options"] = self.settings["rule_options"]
        out["command"] = self.settings["command"]
        return out

    def summary(self) -> dict:
        """Everything ``duel --json`` prints: per side (in the order given) wins, losses and
        their rates with intervals; draws, timeouts, the first player's win rate; turns, HP
        lost a game, what dealt the last HP; the settings and the command."""
        return dict(self._summary)

    def _hp_lost(self, side: int) -> list[float]:
        """[mean, low, high] HP the side's mages lost a game (a team: both), its interval
        from the seed pairs' means."""
        per_side = len(self.games.positions) // 2
        lost = self.games.damage_taken[:, side * per_side:(side + 1) * per_side].sum(axis=1)
        return [_finite(v) for v in mean_interval(lost.reshape(-1, 2).mean(axis=1))]

    def _last_hits(self, side: int, top: int = 10) -> list[dict]:
        """The cards that dealt the side's mages their last HP, most first: count and share
        of the side's mages put out at 0 HP, with its Wilson interval."""
        from simulator.stats import wilson_interval

        counts = self.aggregate.last_hits[side]
        total = sum(counts.values())
        return [{"card": card, "count": n, "share": n / total,
                 "share_ci": list(wilson_interval(n, total))}
                for card, n in counts.most_common(top)]

    def format_text(self) -> str:
        """The lines ``magenoir-sim duel`` prints."""
        from simulator.duel_text import format_duel

        return format_duel(self.summary())


def _finite(value: float) -> float | None:
    return None if value is None or math.isnan(value) else float(value)
