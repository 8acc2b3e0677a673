"""Running many games: chunking, seeds, joblib, progress, interruption, target precision.

Game ``i`` of a run with seed ``S`` always gets the same game seed (``rng.game_seeds``), so
the chunk size, the number of jobs and the backend never change a result: a chunk is just
a range of game indices. Each task plays its chunk and reduces it at once to compact data:
the per-game rows, a :class:`~simulator.stats.RunAggregate` of counts (what every statistic
is computed from) and, when kept, the per-turn rows. Memory therefore stays bounded by the
per-game table for runs of millions of games.

``keep_turns`` (the per-turn long table, ``result.turns``) defaults to True when the run
plays at most :data:`KEEP_TURNS_UP_TO` games (20,000; a precision run: when its maximum
does), False above: a 1,000,000-game run would hold tens of millions of rows for a table
the statistics do not need.

A chunk is played by the compiled engine's batch loop (:func:`simulator.engine.host.batch.play_seeds`)
in one thread. Where chunks run is a backend (:mod:`simulator.backends`): threads of this
process (``local``, the default: the compiled code releases the GIL), joblib's fresh
processes (``loky``), a dask.distributed cluster (``dask``) or ray (``ray``). Every backend
plays the same chunk function and returns chunks in game order.

The run returns to Python after each chunk, and only then: the automatic chunk size
(:func:`simulator.backends.auto_batch`) keeps a chunk to a fraction of a second, so the
progress bar moves and Ctrl-C is noticed several times a second. Ctrl-C (KeyboardInterrupt,
even one raised by an ``on_chunk`` callback) stops the run after the chunks already
finished: the result holds those games, ``result.partial`` is True and the summary says so.
Chunks finish in game order, so a partial run is the first N games.

Limits (each refused in one line, before any game): a run plays at most :data:`MAX_GAMES`
games (100,000,000: about two hours on a desktop's cores, and some 10 GB of per-game rows;
larger counts are surely typos), seeds are 0 to 2**64-1 (:func:`check_seed`: a game seed is a
64-bit word, and a wider seed would silently play the games of another), and a precision run
whose worst case exceeds :data:`MAX_GAMES` needs ``--games`` as a cap. Memory and time follow
the games played, not those asked: the chunks are a generator, played a few per worker at a
time (:mod:`simulator.backends`), and the precision plan is computed in constant memory.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import os
import shlex
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from simulator import bots
from simulator.backends import DEFAULT_BACKEND, Backend, auto_batch, close_results, open_backend
from simulator.bots import DEFAULT_BOT
from simulator.bots import label as bot_label
from simulator.cards import CardDB, load_cards
from simulator.decks import MIN_CARDS, Deck
from simulator.deferred import pandas as pd
from simulator.engine.host.batch import BatchResult, Matchup, batch_labels, play_seeds
from simulator.engine.rules.layout import OUTCOME_NAMES
from simulator.engine.rules.options import RuleOptions
from simulator.errors import UserError
from simulator.scenarios import Scenario
from simulator.stats import (
    CONFIDENCE,
    REPORTED_OUTCOMES,
    RunAggregate,
    activation_win_table,
    card_usage_table,
    castable_table,
    component_table,
    end_turn_curves,
    end_turn_quantiles,
    outcome_rates,
    outcome_table,
    prepared_for_nothing,
    prepared_use_table,
    turn_curves,
    wilson_interval,
    z_value,
)

DEFAULT_GAMES = 1000
#: Most games one run may ask for (``--games``, a precision run's worst case).
MAX_GAMES = 100_000_000
#: Most games in one chunk (``--batch-size``): a chunk's games are played at once, each with
#: its state (tens of KB), so a larger chunk would only hold memory.
MAX_BATCH_SIZE = 100_000
SEED_LIMIT = 2 ** 64  # seeds are 0 .. SEED_LIMIT - 1
MIN_PRECISION = 1e-6  # finer would need over 10**12 games
KEEP_TURNS_UP_TO = 20_000
MAX_LOOKS = 6
MIN_FIRST_LOOK = 100
LOSS_REASONS = ("", "hp", "deck")  # the loss_reason categories
_LOSS_REASON_OF = {"loss_hp": "hp", "loss_deck": "deck"}
#: (len(OUTCOME_NAMES),) int8 the loss_reason category code of each outcome
LOSS_REASON_CODE = np.array([LOSS_REASONS.index(_LOSS_REASON_OF.get(name, "")) for name in OUTCOME_NAMES],
                            np.int8)

__all__ = ["simulate", "SimulationResult", "precision_plan", "chunk_ranges", "REPORTED_OUTCOMES",
           "check_games", "check_seed", "MAX_GAMES"]


def check_games(games: int, option: str = "--games") -> None:
    """A user error unless ``games`` is a count a run can play: 1 to :data:`MAX_GAMES`."""
    if games < 1:
        raise UserError(f"{option} must be at least 1, not {games}")
    if games > MAX_GAMES:
        raise UserError(f"{option} must be at most {MAX_GAMES:,} (the most games one run plays), "
                        f"not {games}")


def check_seed(seed: int, option: str = "--seed") -> None:
    """A user error unless ``seed`` is 0 to 2**64-1: wider seeds would wrap around and play
    another seed's games (``-1`` those of 18446744073709551615)."""
    if not 0 <= seed < SEED_LIMIT:
        raise UserError(f"{option} must be between 0 and {SEED_LIMIT - 1} (a 64-bit word), "
                        f"not {seed}")


# --- the result --------------------------------------------------------------------------

@dataclass
class RunTables:
    """A run's per-game and per-turn rows as its chunks sent them (numpy columns, in game
    order), made into DataFrames when first asked for.

    Why not DataFrames at once: a run whose caller only wants the summary, as the CLI's
    ``run``, then never imports pandas (a third of a second or more; see
    :mod:`simulator.deferred`)."""

    games: list[dict[str, np.ndarray]] = field(default_factory=list)  # games_columns per chunk
    turns: list[dict[str, np.ndarray]] | None = None  # turns_columns per chunk, when kept

    def games_frame(self) -> pd.DataFrame:
        return games_frame(_concatenate(self.games))

    def turns_frame(self) -> pd.DataFrame | None:
        return None if self.turns is None else pd.DataFrame(_concatenate(self.turns))


def _concatenate(chunks: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    return {name: np.concatenate([chunk[name] for chunk in chunks]) for name in chunks[0]}


@dataclass
class SimulationResult:
    """The games of one run, as tidy data, with the settings that reproduce it.

    ``games``: one row per game. ``turns``: one row per game and player turn (when kept).
    Both are built from ``tables`` when first read. ``aggregate``: the counts every
    statistic method below is computed from.
    """

    tables: RunTables
    settings: dict = field(default_factory=dict)
    aggregate: RunAggregate | None = None
    partial: bool = False
    planned_games: int = 0
    precision: dict | None = None

    def __repr__(self) -> str:
        """A short summary (a notebook shows this, not the tables and arrays behind it)."""
        s, agg = self.settings, self.aggregate
        n = agg.games if agg else len(self.games)
        wins = agg.count("win") if agg else int((self.games["outcome"] == "win").sum())
        low, high = wilson_interval(wins, n)
        partial = f", PARTIAL ({n:,} of {self.planned_games:,} planned)" if self.partial else ""
        return (f"<SimulationResult {', '.join(s.get('decks', []))} vs {s.get('scenario')} "
                f"({s.get('level')}), {s.get('players')} player(s), bot {bots.label(s.get('bot'))}, seed "
                f"{s.get('seed')}: {n:,} games, win rate {wins / n if n else 0:.1%} (95% CI "
                f"{low:.1%} to {high:.1%}){partial}; .summary(), .games, .turns for more>")

    @functools.cached_property
    def games(self) -> pd.DataFrame:
        """One row per game (see :func:`games_columns` for the columns)."""
        return self.tables.games_frame()

    @functools.cached_property
    def turns_table(self) -> pd.DataFrame | None:
        """The per-turn table, None when the run did not keep it (see :attr:`turns`)."""
        return self.tables.turns_frame()

    @property
    def turns(self) -> pd.DataFrame:
        """Long table, one row per game and turn (see :func:`turns_columns` for the columns)."""
        if self.turns_table is None:
            raise ValueError("this run did not keep the per-turn table (keep_turns=False, the "
                             f"default above {KEEP_TURNS_UP_TO:,} games); its curves are in "
                             "result.turn_curves(), computed from per-chunk aggregates")
        return self.turns_table

    def summary(self) -> dict:
        """Games, wins, win rate with its 95% interval, outcome mix with intervals, turns."""
        agg = self.aggregate
        n = agg.games if agg else len(self.games)
        wins = agg.count("win") if agg else int((self.games["outcome"] == "win").sum())
        low, high = wilson_interval(wins, n)
        out = {"games": n, "wins": wins, "win_rate": wins / n if n else 0.0,
               "win_rate_ci": [low, high], "ci_method": f"Wilson {CONFIDENCE:.0%}"}
        if self.precision:
            out["win_rate_ci"] = list(self.precision["interval"])
            out["ci_method"] = self.precision["method"]
            out["precision"] = {k: v for k, v in self.precision.items() if k != "interval"}
        if agg:
            counts, rates = outcome_rates(agg)
            out["outcomes"] = dict(zip(REPORTED_OUTCOMES, counts.tolist(), strict=True))
            out["outcome_rates"] = {outcome: [rates["rate"][i], rates["rate_low"][i], rates["rate_high"][i]]
                                    for i, outcome in enumerate(REPORTED_OUTCOMES)}
            median, mlow, mhigh = end_turn_quantiles(agg)
            out["median_turns"], out["median_turns_ci"] = median, [mlow, mhigh]
            for outcomes, key in ((("win",), "median_turn_of_victory"),
                                  (("loss_hp", "loss_deck"), "median_turn_of_defeat")):
                med, qlow, qhigh = end_turn_quantiles(agg, outcomes)
                out[key] = None if math.isnan(med) else med
                out[key + "_ci"] = None if math.isnan(med) else [qlow, qhigh]
            out["board_overflow"] = agg.board_overflow
        else:
            counts = self.games["outcome"].value_counts()
            out["outcomes"] = {name: int(counts.get(name, 0)) for name in REPORTED_OUTCOMES}
            out["median_turns"] = float(self.games["turns"].median()) if n else 0.0
        out["partial"] = self.partial
        out["planned_games"] = self.planned_games
        out.update(self.settings)
        return out

    # statistics tables (simulator.stats), every rate with its 95% interval
    def outcome_rates(self) -> pd.DataFrame:
        return outcome_table(self.aggregate)

    def end_turns(self) -> pd.DataFrame:
        return end_turn_curves(self.aggregate)

    def turn_curves(self) -> pd.DataFrame:
        return turn_curves(self.aggregate)

    def components(self) -> pd.DataFrame:
        return component_table(self.aggregate)

    def castable(self) -> pd.DataFrame:
        return castable_table(self.aggregate)

    def card_usage(self) -> pd.DataFrame:
        return card_usage_table(self.aggregate)

    def prepared_use(self) -> pd.DataFrame:
        """Per card: copies prepared, played, channeled and never used (stats.prepared_use_table)."""
        return prepared_use_table(self.aggregate)

    def prepared_for_nothing(self) -> list[str]:
        """Warnings for the cards the bot mostly prepares for nothing."""
        return prepared_for_nothing(self.prepared_use(), bot_label(self.settings["bot"]))

    def activation_win_rates(self) -> pd.DataFrame:
        return activation_win_table(self.aggregate)


# --- chunks ------------------------------------------------------------------------------

@dataclass
class Chunk:
    """What one task sends back: compact, whatever the number of turns and cards, and numpy
    only (the worker never imports pandas; the main process builds the tables)."""

    first: int
    games: dict[str, np.ndarray]  # columns of games_frame, outcome and loss_reason as codes
    aggregate: RunAggregate
    turns: dict[str, np.ndarray] | None  # turns_columns, built into result.turns


def chunk_ranges(games: int, batch_size: int, start: int = 0) -> Iterator[tuple[int, int]]:
    """``(first_game, count)`` chunks covering games ``start .. games-1``, made as they are
    asked for (a run's chunks are never all built at once)."""
    return ((first, min(batch_size, games - first)) for first in range(start, games, batch_size))


def _play_chunk(matchup: Matchup, db: CardDB, seed: int, first: int, count: int, bot: str,
                options: RuleOptions, keep_turns: bool) -> Chunk:
    res = play_seeds(matchup, db, seed, first, count, bots.get(bot), options)
    labels = batch_labels(matchup, db)
    return Chunk(first, games_columns(res, first, labels.all_names),
                 RunAggregate.from_batch(res, labels),
                 turns_columns(res, first, labels.words) if keep_turns else None)


def games_columns(res: BatchResult, first: int, names: Sequence[str]) -> dict[str, np.ndarray]:
    """The columns of :func:`games_frame`, with outcome and loss_reason as category codes;
    ``names``: every local card's name (``BatchLabels.all_names``), for what hit last."""
    n, p = res.final_hp.shape
    hit_names = np.array([*names, ""], dtype=object)  # index -1: nothing hit the player
    data = {
        "game": np.arange(first, first + n),
        "seed": res.seed.astype(np.uint64),
        "outcome": res.outcome.astype(np.int8),
        "loss_reason": LOSS_REASON_CODE[res.outcome],
        "turns": res.end_turn.astype(np.int64),
        "damage_to_adversary": res.damage_to_adversary,
        "adversary_arrived": res.adversary_arrived.astype(np.int64),
    }
    for q in range(p):
        data[f"final_hp_p{q + 1}"] = np.maximum(res.final_hp[:, q], 0)  # out: 0 HP, as the rules say
        data[f"mage_noir_turn_p{q + 1}"] = res.mage_noir_turn[:, q]
        data[f"damage_taken_p{q + 1}"] = res.damage_taken[:, q]
        data[f"mana_taken_p{q + 1}"] = res.mana_taken[:, q]
        data[f"last_hit_by_p{q + 1}"] = hit_names[res.last_hit_card[:, q]]
    return data


def games_frame(columns: dict[str, np.ndarray]) -> pd.DataFrame:
    """One row per game: index, seed, outcome, loss reason, turns, damage, per-player finals
    (from :func:`games_columns`)."""
    data = dict(columns)
    data["outcome"] = pd.Categorical.from_codes(data["outcome"], categories=OUTCOME_NAMES)
    data["loss_reason"] = pd.Categorical.from_codes(data["loss_reason"], categories=LOSS_REASONS)
    return pd.DataFrame(data)


def turns_columns(res: BatchResult, first: int, words: Sequence[str]) -> dict[str, np.ndarray]:
    """One row per game and player turn played (turns after a game's end are left out).

    Columns: game, turn, player (1-based, who played the turn), hp_pK (0 for a player out,
    whatever the overkill), adversary_hp (-1 when
    the Adversary is not in play), dealt (cumulative damage to the Adversary), taken_pK
    (cumulative HP lost), mana_pK (cumulative Mana taken), components (how many of the
    required words the player had on board after the turn), and one ``has_WORD`` column per
    component word the decks' cards require.
    """
    b, t, p = res.hp_by_turn.shape
    g, tt = np.nonzero(np.arange(t)[None, :] < res.end_turn.astype(np.int64)[:, None])
    data = {"game": (first + g).astype(np.int64), "turn": (tt + 1).astype(np.int16),
            "player": (res.player_by_turn[g, tt] + 1).astype(np.int8)}
    for q in range(p):
        data[f"hp_p{q + 1}"] = np.maximum(res.hp_by_turn[g, tt, q], 0)
    data["adversary_hp"] = res.adversary_hp_by_turn[g, tt]
    data["dealt"] = res.dealt_by_turn[g, tt]
    for q in range(p):
        data[f"taken_p{q + 1}"] = res.taken_by_turn[g, tt, q]
        data[f"mana_p{q + 1}"] = res.mana_by_turn[g, tt, q]
    comps = res.components_by_turn[g, tt]
    data["components"] = comps.sum(axis=1).astype(np.int8)
    for w, word in enumerate(words):
        data[f"has_{word}"] = comps[:, w]
    return data


# --- target precision --------------------------------------------------------------------

def precision_plan(precision: float, max_games: int | None = None,
                   confidence: float = CONFIDENCE) -> dict:
    """Look schedule and per-look confidence for a run targeting ``precision``.

    The rule (a group-sequential design with a Bonferroni split): the run stops at the first
    of at most :data:`MAX_LOOKS` pre-planned looks where the Wilson interval of the win rate,
    computed at confidence ``1 - (1 - confidence) / MAX_LOOKS``, lies within ``precision`` of
    the observed rate on each side. By the union bound the true win rate is inside *every*
    look's interval with probability at least ``confidence``, so the interval reported at the
    stopping look keeps the stated 95% coverage whatever the data made the run stop. The
    last look is the worst case: the smallest n at which the adjusted interval is within
    ``precision`` on each side whatever the number of wins (bisected below the analytic bound
    half-width z/(2 sqrt(n + z^2)) + centre shift z^2/(2(n + z^2))), so the run always
    stops there.
    Looks double in size up to it (n_max/32, ..., n_max/2, n_max): a deck far from 50% wins
    stops early, and the price of looking six times is a z of 2.64 instead of 1.96 at the
    final look. The looks depend only on ``precision`` (and the cap), so a precision run is
    as reproducible as a fixed-size one. Rates other than the win rate keep their plain 95%
    intervals (the stopping rule does not look at them).
    """
    if not MIN_PRECISION <= precision < 0.5:  # also refuses nan
        raise UserError(f"--precision must be from {MIN_PRECISION:g} to below 0.5 (e.g. 0.01), "
                        f"not {precision}")
    alpha = (1 - confidence) / MAX_LOOKS
    z = z_value(1 - alpha)
    x = (-0.5 + math.sqrt(0.25 + 2 * precision)) / z  # 1/sqrt(n + z^2) at the bound
    n_max = _smallest_sure_stop(precision, 1 - alpha, max(1, math.ceil(1 / (x * x) - z * z)))
    if max_games is not None:
        check_games(max_games)
    elif n_max > MAX_GAMES:
        raise UserError(f"--precision {precision:g} may need {n_max:,} games, more than the "
                        f"{MAX_GAMES:,} a run plays: give --games N as a cap, or a larger P")
    capped = max_games is not None and max_games < n_max
    last = max_games if capped else n_max
    looks = [n for n in (math.ceil(last / 2 ** (MAX_LOOKS - k)) for k in range(1, MAX_LOOKS + 1))
             if n >= MIN_FIRST_LOOK] or [last]  # fewer looks than planned: still conservative
    return {"precision": precision, "looks": looks, "look_confidence": 1 - alpha, "z": z,
            "worst_case_games": n_max, "capped": capped}


def _always_within(n: int, precision: float, confidence: float) -> bool:
    """Is the Wilson interval at ``n`` games within ``precision`` on each side for every
    possible number of wins?

    In constant memory: the distance from the rate down to the interval's low end, as a
    function of the wins k, is concave (a line plus the square root of a concave quadratic,
    clipped by the rate itself), and the distance up to the high end at k wins is the same
    as the distance down at n - k. So the largest distance is found by a ternary search over
    k, and only a few wins around it are checked."""
    def below(k: int) -> float:  # rate minus the interval's low end, at k wins
        low, _ = wilson_interval(k, n, confidence)
        return k / n - low

    lo, hi = 0, n
    while hi - lo > 8:
        a, b = lo + (hi - lo) // 3, hi - (hi - lo) // 3
        if below(a) < below(b):
            lo = a
        else:
            hi = b
    return all(below(k) <= precision + 1e-12 for k in range(max(0, lo - 2), min(n, hi + 2) + 1))


def _smallest_sure_stop(precision: float, confidence: float, bound: int) -> int:
    """Bisect below the analytic bound (which always passes) for a smaller n that passes too."""
    lo, hi = 0, bound
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if _always_within(mid, precision, confidence):
            hi = mid
        else:
            lo = mid
    return hi


def _precision_met(wins: int, n: int, plan: dict) -> tuple[bool, tuple[float, float]]:
    low, high = wilson_interval(wins, n, plan["look_confidence"])
    p = wins / n
    return (p - low <= plan["precision"] + 1e-12 and high - p <= plan["precision"] + 1e-12), (low, high)


# --- progress ----------------------------------------------------------------------------

class ProgressBar:
    """The run's progress on stderr (tqdm: games done, rate, time left), drawn only when
    stderr is a terminal; in colour there unless ``NO_COLOR`` is set. ``unit``: what is
    counted, games by default; another unit (the doctor's seconds of its budget) is shown
    as done/total without a rate."""

    def __init__(self, total: float, enabled: bool | None = None, stream=None,
                 unit: str = "games") -> None:
        stream = stream or sys.stderr
        if enabled is None:
            enabled = bool(getattr(stream, "isatty", lambda: False)())
        self.enabled = enabled
        self._bar = None
        if not enabled:  # no bar: tqdm is not even imported (0.03 s of every quiet start)
            return
        from tqdm import tqdm

        counted = ("{n_fmt}/{total_fmt} games [{elapsed}<{remaining}, {rate_fmt}]"
                   if unit == "games" else "{n:.0f}/{total:.0f} " + unit + " [{elapsed}<{remaining}]")
        self._bar = tqdm(total=total, file=stream, unit=" " + unit,
                         mininterval=0.2, dynamic_ncols=True, leave=False,
                         colour=None if os.environ.get("NO_COLOR") else "green",
                         bar_format="{l_bar}{bar}| " + counted + "{postfix}")

    def update(self, done: float, note: str = "") -> None:
        """``done`` games (or units) in all so far (not since the last call)."""
        if self.enabled:
            self._bar.set_postfix_str(note, refresh=False)
            self._bar.update(done - self._bar.n)
            if done >= self._bar.total:  # the last state is drawn, however soon it comes
                self._bar.refresh()

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


# --- simulate ----------------------------------------------------------------------------

def build_matchup(decks: Sequence[Deck], scenario: Scenario, level: str | None,
                  players: int | None) -> Matchup:
    """One deck per player (one deck given for several players is used by all of them) on a
    level of the scenario (its default when None); user errors name what is wrong."""
    players = len(decks) if players is None else players
    if not 1 <= players <= 4:
        raise UserError(f"--players must be between 1 and 4, not {players}")
    if len(decks) == 1:
        decks = list(decks) * players
    if len(decks) != players:
        raise UserError(f"give one deck, or one deck per player ({players}), not {len(decks)}")
    return Matchup(tuple(decks), scenario, scenario.level_name(level))  # an error names the levels


def _resolve_inputs(decks, scenario, db: CardDB, min_cards: int):
    from simulator.decks import load_deck
    from simulator.scenarios import load_scenario

    if isinstance(decks, (str, Path, Deck)):
        decks = [decks]
    decks = [d if isinstance(d, Deck) else load_deck(d, db, min_cards=min_cards) for d in decks]
    if not isinstance(scenario, Scenario):
        scenario = load_scenario(scenario, db)
    return decks, scenario


def simulate(decks: Sequence[Deck | str | Path] | Deck | str | Path, scenario: Scenario | str | Path,
             level: str | None = None, players: int | None = None, games: int | None = None,
             seed: int = 1, jobs: int | None = None, batch_size: int | None = None,
             bot: str = DEFAULT_BOT, options: RuleOptions | None = None, db: CardDB | None = None,
             precision: float | None = None, keep_turns: bool | None = None,
             progress: bool | None = None, on_chunk: Callable[[int, int], None] | None = None,
             min_cards: int = 40, backend: str | Backend = DEFAULT_BACKEND,
             scheduler: str | None = None, first_game: int = 0,
             rollouts: int | None = None) -> SimulationResult:
    """Play games of ``decks`` (one per player, or one for all) against a scenario level.

    decks: Deck objects, deck file paths or example deck names; scenario: a Scenario, a
    bundled scenario name (``"duke"``) or a file path (every bundled scenario and level on the
    same seeds: :func:`simulator.sweep.simulate_all`). ``games`` (default 1000) fixes the
    number of games; ``precision`` instead plays until the win rate's 95% interval is within
    ``precision`` on each side (see :func:`precision_plan`; ``games`` then caps the run).
    ``progress``: a progress bar on stderr (None: only when stderr is a terminal).
    ``on_chunk(done, planned)`` is called after each finished chunk.
    ``backend``: where chunks run, ``"local"`` (default; ``jobs`` threads of this process,
    default one per core), ``"loky"`` (``jobs`` fresh processes, default one per core when
    the run has enough games, see :func:`~simulator.backends.auto_jobs`), ``"dask"``
    (``scheduler``: address of a running scheduler, else a LocalCluster of ``jobs`` workers
    started and closed here) or ``"ray"`` (see :mod:`simulator.backends`);
    or an open :class:`~simulator.backends.Backend`, reused and left open (``jobs`` and
    ``scheduler`` are then the backend's). The result is the same whatever the backend.
    ``batch_size``: games per chunk (None: the games split evenly over the backend's workers,
    in chunks of a fraction of a second; see :func:`~simulator.backends.auto_batch`).
    ``first_game``: index of the run's first game (default 0): games ``first_game ..
    first_game + games - 1`` of ``seed`` are played, so a later call can extend a run with new
    games on the same seeds (card value racing, :mod:`simulator.deck_doctor`).
    Limits (user errors): ``games`` and a precision run's worst case at most :data:`MAX_GAMES`,
    ``seed`` 0 to 2**64-1, ``batch_size`` at most :data:`MAX_BATCH_SIZE`.
    ``bot``: a bot's name (``bots.BOTS``); ``rollouts``: the look-ahead's budget, rollouts per
    option tried (``bot="lookahead"`` only; None: its default). The run's settings name the
    bot by its spec (``lookahead:16``, :func:`simulator.bots.spec`).
    """
    matchup, bot, options, db = prepare_run(decks, scenario, level, players, seed, bot, rollouts,
                                            options, db, min_cards, games, batch_size, jobs)
    players = matchup.players
    if first_game < 0 or (first_game and precision is not None):
        raise ValueError("first_game must be 0 or more, and 0 with precision")
    plan = precision_plan(precision, games) if precision is not None else None
    stops = plan["looks"] if plan else [games or DEFAULT_GAMES]
    if keep_turns is None:
        keep_turns = stops[-1] <= KEEP_TURNS_UP_TO
    owned = not isinstance(backend, Backend)
    executor = open_backend(backend, jobs, scheduler, games=stops[-1]) if owned else backend
    bar = ProgressBar(stops[-1], progress)
    runner = _Runner(matchup, db, seed, bot, options, keep_turns, executor, bar, on_chunk, stops[-1])
    precision_info = None
    try:
        done = 0
        for look, stop in enumerate(stops, 1):
            chunk = batch_size or auto_batch(stop - done, executor.workers, players,
                                             bots.get(bot).chunk_cap)
            runner.run(chunk_ranges(first_game + stop, chunk, start=first_game + done))
            done = stop
            if plan:
                met, interval = _precision_met(runner.aggregate.count("win"), done, plan)
                precision_info = _precision_info(plan, look, met, interval)
                if met:
                    break
    except KeyboardInterrupt:
        if runner.aggregate is None:
            raise
        runner.partial = True
        if plan:  # the interval of an interrupted precision run is the last look's, recomputed
            n = runner.aggregate.games
            _, interval = _precision_met(runner.aggregate.count("win"), n, plan)
            precision_info = _precision_info(plan, None, False, interval)
    finally:
        bar.close()
        if owned:
            executor.close()
    settings = run_settings(matchup, db, seed, bot, options, keep_turns, first_game)
    if runner.partial:  # the games finished, exactly: a prefix of the run's games
        settings["command"] = reproduce_command(settings, runner.aggregate.games, None)
    else:
        settings["command"] = reproduce_command(settings, games if plan else stops[-1], precision)
    return SimulationResult(runner.tables, settings, runner.aggregate, runner.partial, stops[-1],
                            precision_info)


def prepare_run(decks, scenario, level: str | None, players: int | None, seed: int, bot: str,
                rollouts: int | None, options: RuleOptions | None, db: CardDB | None,
                min_cards: int, games: int | None = None, batch_size: int | None = None,
                jobs: int | None = None) -> tuple[Matchup, str, RuleOptions, CardDB]:
    """The checked inputs of a run as :func:`simulate` takes them: ``(matchup, bot spec,
    options, db)``. Every user error (a deck, the scenario, a level, a count, the bot) is raised
    here, before any game, for :func:`simulate` and for the runs played side by side
    (:mod:`simulator.paired`)."""
    db = db or load_cards()
    options = options or RuleOptions()
    decks, scenario = _resolve_inputs(decks, scenario, db, min_cards)
    matchup = build_matchup(decks, scenario, level, players)
    if games is not None:
        check_games(games)
    check_seed(seed)
    if batch_size is not None and not 1 <= batch_size <= MAX_BATCH_SIZE:
        raise UserError(f"--batch-size must be between 1 and {MAX_BATCH_SIZE:,}, not {batch_size}")
    if jobs is not None and jobs < 1:
        raise UserError(f"--jobs must be at least 1, not {jobs}")
    return matchup, bots.spec(bot, rollouts), options, db  # a user error names the valid bots


def run_settings(matchup: Matchup, db: CardDB, seed: int, bot: str, options: RuleOptions,
                 keep_turns: bool, first_game: int = 0) -> dict:
    """A run's settings (``SimulationResult.settings``): what it played and with what, all
    but the command that plays it again, which depends on how many games it played."""
    decks, scenario, level = matchup.decks, matchup.scenario, matchup.level
    return {"seed": seed, "scenario": scenario.name, "level": level, "players": matchup.players,
            "bot": bot, "decks": [d.name for d in decks], "keep_turns": keep_turns,
            "scenario_file": str(scenario.path), "first_game": first_game,
            "approximated_cards": scenario.approximated_count(level),
            **inputs_of(decks, scenario, level, options, db)}


def inputs_of(decks: Sequence[Deck], scenario: Scenario, level: str, options: RuleOptions,
              db: CardDB) -> dict:
    """What a run played with, for its report: each player's decklist, the level's Adversary
    cards with their source, and the rule options."""
    def decklist(deck: Deck) -> list[dict]:
        return [{"count": count, "card": db.by_id[cid].name_en, "element": db.by_id[cid].element}
                for cid, count in deck.counts]

    level_cards = [{"count": count, "card": scenario.card(cid).name, "kind": scenario.card(cid).kind,
                    "source": scenario.card(cid).source} for cid, count in scenario.level(level)]
    return {"deck_files": [d.path for d in decks], "decklists": [decklist(d) for d in decks],
            "level_cards": level_cards, "rule_options": dataclasses.asdict(options)}


def reproduce_command(settings: dict, games: int | None, precision: float | None) -> str:
    """The ``magenoir-sim run`` command line that plays these games again (with a ``--rule``
    for each rule option not at its default). ``games``: the games of a fixed-size run, or a
    precision run's cap (None: uncapped)."""
    return command_line("run", deck_words(settings), settings, games, precision=precision)


def deck_words(settings: dict) -> list[str]:
    """How a command line names a run's decks: each file as it was given (an example deck by
    its name), once when every player plays the same one."""
    decks = [path or name for path, name in zip(settings["deck_files"], settings["decks"], strict=True)]
    return decks[:1] if len(set(decks)) == 1 else decks


def command_line(command: str, decks: Sequence[str], settings: dict, games: int | None, *,
                 scenario: str | None = None, level: bool = True, bot: bool = True,
                 precision: float | None = None, extra: Sequence[str] = ()) -> str:
    """``magenoir-sim COMMAND DECK... --scenario S --level L --players P --bot B --seed S
    --games N`` (and ``--min-cards``, ``--rule`` where needed), quoted for a shell: the line
    that plays the games of a run with these ``settings`` again. Every command that prints
    results prints one (run, compare, value, doctor). ``scenario``: the scenario as the line
    names it (default: the run's, a bundled one by its name); ``level`` / ``bot``: whether the
    line names the run's level and bot (a comparison of levels or bots names neither);
    ``extra``: the command's own options, after the others."""
    from simulator.rule_flags import rule_flags
    from simulator.scenarios import command_name

    parts = ["magenoir-sim", command, *decks, "--scenario",
             scenario or command_name(settings["scenario_file"])]
    if level:
        parts += ["--level", settings["level"]]
    parts += ["--players", str(settings["players"])]
    if bot:
        parts += bot_flags(settings["bot"])
    parts += ["--seed", str(settings["seed"])]
    if precision is not None:
        parts += ["--precision", repr(float(precision))]  # every digit: the same looks
    if games is not None:
        parts += ["--games", str(games)]
    smallest = min(sum(row["count"] for row in cards) for cards in settings["decklists"])
    if smallest < MIN_CARDS:
        parts += ["--min-cards", str(smallest)]
    parts += [*extra, *rule_flags(settings.get("rule_options", {}))]
    return " ".join(shlex.quote(str(p)) for p in parts)


def bot_flags(spec: str) -> list[str]:
    """``--bot NAME`` (and ``--rollouts N`` for a look-ahead budget not its default) of a
    bot's spec."""
    name, _, rollouts = spec.partition(":")
    return ["--bot", name, *(["--rollouts", rollouts] if rollouts else [])]


def _precision_info(plan: dict, look: int | None, met: bool, interval) -> dict:
    return {"target": plan["precision"], "reached": met, "look": look, "looks": plan["looks"],
            "interval": [float(interval[0]), float(interval[1])],
            "method": (f"Wilson at {plan['look_confidence']:.4%} per look, Bonferroni over "
                       f"{MAX_LOOKS} looks: >= {CONFIDENCE:.0%} coverage at the stopping look")}


class _Runner:
    """Plays chunk lists in order and folds each finished chunk into the run's data."""

    def __init__(self, matchup, db, seed, bot, options, keep_turns, backend, bar, on_chunk, planned):
        self.shared = (matchup, db, seed)
        self.bot, self.options, self.keep_turns, self.backend = bot, options, keep_turns, backend
        self.bar, self.on_chunk, self.planned = bar, on_chunk, planned
        self.aggregate: RunAggregate | None = None
        self.tables = RunTables(turns=[] if keep_turns else None)
        self.partial = False

    def run(self, ranges: Iterable[tuple[int, int]]) -> None:
        rest = (self.bot, self.options, self.keep_turns)
        items = ((first, n, *rest) for first, n in ranges)  # the one chunk call, on any backend
        chunks: Iterable[Chunk] = self.backend.imap(_play_chunk, self.shared, items)
        try:
            for chunk in chunks:
                self.fold(chunk)
        finally:
            close_results(chunks)  # stops the remaining tasks after an interruption

    def fold(self, chunk: Chunk) -> None:
        """Add a finished chunk (the next in game order) to the run's data."""
        if self.aggregate is None:  # a fresh aggregate: the chunk's arrays may be read-only (ray)
            self.aggregate = chunk.aggregate.empty_like()
        self.aggregate.merge(chunk.aggregate)
        self.tables.games.append(chunk.games)
        if chunk.turns is not None:
            self.tables.turns.append(chunk.turns)
        done = self.aggregate.games
        self.bar.update(done)
        if self.on_chunk is not None:
            self.on_chunk(done, self.planned)
