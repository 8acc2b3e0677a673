"""Deck doctor: which one-card swap would raise the deck's win rate, found by racing.

Why racing: a deck of 13 distinct cards and a pool of 30 gives hundreds of legal swaps (one
copy out, one copy in). Playing each for 10,000 games would take an hour; most swaps are
clearly worse after a few hundred. Successive halving spends the games where they matter:
every candidate plays the same first games as the deck itself (common seeds, so each swap's
gain is a paired difference), the worse half is dropped, the survivors play twice as many
games, and so on until a few are left.

Why a confirmation stage: the swaps that survive a race were picked because their games went
well, so their racing estimates are biased upward (the winner's curse). The survivors and the
deck therefore play a further block of games on seeds the race never used, and the gains and
intervals reported are those of this block only: an honest paired difference per swap.

Why a correction for multiple comparisons: with ``--top 300`` three hundred swaps are
confirmed at once, and about 15 of them would show a 95% interval excluding 0 by luck alone.
A swap is therefore marked significant only when McNemar's exact test of its paired games
rejects "no effect" after Holm's step-down adjustment over every swap confirmed together
(the chance of marking any swap that does nothing stays below 5%); the output says so. The
intervals shown stay the plain 95% interval of each swap.

The budget is in seconds: the deck's first block of games measures this machine's speed, and
the race is planned so that racing and confirmation together fit in the budget (a first
compile of the engine is not counted). When the budget cannot give every candidate
:data:`MIN_ROUND_GAMES` games in the first round, the first round plays fewer (down to
:data:`LEAST_ROUND_GAMES`), and when it cannot give each of the ``top`` finalists a
confirmation block of MIN_ROUND_GAMES games, fewer are confirmed; the output says both. A
budget too short even for that is refused in one line naming the budget needed. Or the
budget is a number of games: the race is then planned on game counts alone, so the same seed
gives the same answer on any machine, backend and number of workers (what a report or a test
needs). Limits: a budget of at most :data:`MAX_BUDGET` seconds, or ``simulator.run.MAX_GAMES``
games.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from simulator.backends import auto_batch
from simulator.bots import get
from simulator.bots import label as bot_label
from simulator.cards import CardDB, load_cards
from simulator.decks import Deck, _check_rules
from simulator.engine.host.batch import Matchup, play_seeds
from simulator.engine.rules.layout import WIN
from simulator.engine.rules.options import RuleOptions
from simulator.errors import UserError
from simulator.formatting import format_rate
from simulator.stats import CONFIDENCE, holm, mcnemar, wilson_interval
from simulator.value import paired_wins

DEFAULT_BUDGET = 60.0
DEFAULT_TOP = 5
MIN_ROUND_GAMES = 100        # first-round games per candidate, at the least
LEAST_ROUND_GAMES = 10       # ... when a short time budget cannot give each MIN_ROUND_GAMES
CONFIRM_SHARE = 0.25         # share of the budget kept for the confirmation block
SPEED_GAMES = 2_000          # the deck's first block, which also measures the speed
MIN_GAMES_BUDGET = 4 * SPEED_GAMES  # the least games budget: a first block, a race, a check
MAX_BUDGET = 24 * 3600.0     # seconds: a day; a longer search is surely a typo
#: The gain a player would act on: "as good as its best swaps" only when every confirmed
#: interval ends below it; otherwise, with nothing significant, the evidence is too thin.
NOTABLE_GAIN = 0.02
#: The half-width of a swap's interval that a longer budget is suggested to reach.
TARGET_HALF_WIDTH = 0.01
#: Seconds of the engine's start counted in a time budget: loading the compiled engine from
#: the cache takes well under this; a first compile (minutes) is not the search's time.
WARM_LOAD_SECONDS = 5.0


@dataclass(frozen=True)
class Swap:
    """One copy of ``out`` replaced by one copy of ``into``."""

    out: str                 # card id
    into: str                # card id

    def label(self, db: CardDB) -> str:
        return f"-1 {db.by_id[self.out].name_en} +1 {db.by_id[self.into].name_en}"


def swapped_deck(deck: Deck, swap: Swap) -> Deck:
    """``deck`` with its last copy of ``swap.out`` replaced by ``swap.into``, in its place."""
    return deck.with_one_replaced(swap.out, swap.into, f"{deck.name} {swap.out}->{swap.into}")


def default_pool(deck: Deck, db: CardDB, elements: list[str] | None = None) -> list[str]:
    """Ids of the simulated, unbanned cards of the deck's elements (or of ``elements``); never
    a card we invented (the example Animal: a pool file may name it)."""
    from simulator.engine.host.tables import implemented_cards

    wanted = set(elements or (e for e, _ in deck.elements))
    simulated = implemented_cards(db)
    return [c.id for c in db.official if c.id in simulated and c.element in wanted and not c.banned
            and c.copies_limit > 0]


def read_pool(path: str, db: CardDB, warn=None) -> list[str]:
    """The simulated cards of a pool file (a deck-like list); the others are left out with one
    line on stderr naming them (the engine cannot play them yet)."""
    import sys

    from simulator.decks import read_card_list
    from simulator.engine.host.tables import implemented_cards

    if not str(path).strip():
        raise UserError("--pool needs a file name (it was given an empty one)")
    ids = read_card_list(path, db)
    simulated = implemented_cards(db)
    left_out = [db.by_id[cid].name_en for cid in ids if cid not in simulated]
    if left_out:
        print(f"magenoir-sim: note: {path}: not simulated yet, left out of the pool: "
              f"{', '.join(left_out)}", file=warn or sys.stderr)
    banned = [db.by_id[cid].name_en for cid in ids if cid in simulated and db.by_id[cid].banned]
    if banned:
        print(f"magenoir-sim: note: {path}: banned (R2.5), left out of the pool: "
              f"{', '.join(banned)}", file=warn or sys.stderr)
    pool = [cid for cid in ids if cid in simulated and not db.by_id[cid].banned]
    if not pool:
        raise UserError(f"{path}: none of the pool's cards can come in (not simulated yet, or "
                        "banned; magenoir-sim cards --simulated lists the simulated ones)")
    return pool


def candidate_swaps(deck: Deck, pool: list[str], db: CardDB,
                    owned: dict[str, int] | None = None) -> list[Swap]:
    """Every swap of one copy of a deck card for one copy of a pool card that keeps the deck
    legal (copies limits, bans, one Animal; the size does not change) and, with ``owned``
    (copies per card id: a player's collection), within the copies owned."""
    counts = deck.as_dict()
    swaps = []
    for out in counts:
        for into in pool:
            if into == out or (owned is not None and counts.get(into, 0) >= owned.get(into, 0)):
                continue
            after = dict(counts)
            after[out] -= 1
            after[into] = after.get(into, 0) + 1
            entries = [(0, db.by_id[cid], n) for cid, n in after.items() if n > 0]
            if not _check_rules(entries, 1, unreadable_lines=False):
                swaps.append(Swap(out, into))
    return swaps


def _race_chunk(db: CardDB, seed: int, bot: str, options: RuleOptions, matchup: Matchup,
                first: int, count: int) -> np.ndarray:
    """(count,) bool: which of games ``first ..`` of ``seed`` the matchup won."""
    return play_seeds(matchup, db, seed, first, count, get(bot), options).outcome == WIN


class GamePlayer:
    """Plays ``(matchup, first game, count)`` jobs of one run seed over a backend, in chunks
    made as the backend takes them, and counts the games played (``played``); the won arrays
    of each job come back in game order. Shared by the doctor's race and the deck builder's
    (:mod:`simulator.deck_builder`), so both play and count their games the same way.

    ``on_games(played)`` is called after each chunk (a progress bar); ``bot``: the name the
    games are played with, unless a call names another."""

    def __init__(self, executor, db: CardDB, seed: int, bot: str, options: RuleOptions,
                 players: int, batch_size: int | None = None,
                 on_games: Callable[[int], None] | None = None) -> None:
        self.executor, self.db, self.seed, self.bot, self.options = executor, db, seed, bot, options
        self.players, self.batch_size, self.on_games = players, batch_size, on_games
        self.played = 0

    def won(self, matchup: Matchup, first: int, count: int, chunk: int | None = None,
            bot: str | None = None) -> np.ndarray:
        """(count,) bool: which of games ``first ..`` the matchup won."""
        return self.won_many([(matchup, first, count)], chunk, bot)[0]

    def won_many(self, jobs: list[tuple[Matchup, int, int]], chunk: int | None = None,
                 bot: str | None = None) -> list[np.ndarray]:
        """Each job's won array, its chunks of ``chunk`` games (default: the batch size, else
        the automatic size) played over the backend, many jobs' chunks at once."""
        bot = bot or self.bot
        owners: deque[int] = deque()  # whose chunk each one handed to the backend is

        def chunks():
            for k, (matchup, first, count) in enumerate(jobs):
                size = self.batch_size or chunk or auto_batch(
                    count, self.executor.workers, self.players, get(bot).chunk_cap)
                for f in range(first, first + count, size):
                    owners.append(k)
                    yield matchup, f, min(size, first + count - f)

        parts: list[list[np.ndarray]] = [[] for _ in jobs]
        shared = (self.db, self.seed, bot, self.options)
        for won in self.executor.imap(_race_chunk, shared, chunks()):
            parts[owners.popleft()].append(won)
            self.played += len(won)
            if self.on_games is not None:
                self.on_games(self.played)
        return [np.concatenate(p) if p else np.zeros(0, bool) for p in parts]


@dataclass
class SwapResult:
    """A swap's paired gain over the deck, on the confirmation block (fresh seeds)."""

    swap: Swap
    label: str
    race_games: int          # games it played in the race
    race_gain: float         # its racing estimate (biased upward for the winners)
    games: int               # confirmation games
    gain: float              # win rate with the swap minus without, on the confirmation block
    low: float
    high: float
    confirmed: bool = True   # False: interrupted before the confirmation, race games only
    p_value: float = 1.0     # McNemar's exact test of the paired games (no effect)
    p_holm: float = 1.0      # the same, Holm-adjusted over the swaps shown together

    @property
    def significant(self) -> bool:
        """The games tell the swap's effect from luck, after the correction for the number of
        swaps tested together (Holm's adjusted p-value below 5%)."""
        return self.p_holm < 1 - CONFIDENCE


def _tested(results: list[SwapResult], blocks: list[tuple[np.ndarray, np.ndarray]]) -> None:
    """Fill each result's p-values: McNemar's exact test of its (swap, deck) paired won arrays,
    Holm-adjusted over all of them."""
    raw = [mcnemar(int((swap & ~deck).sum()), int((~swap & deck).sum()))["p_value"]
           for swap, deck in blocks]
    for result, p, adjusted in zip(results, raw, holm(raw), strict=True):
        result.p_value, result.p_holm = float(p), float(adjusted)


@dataclass(frozen=True)
class RacePlan:
    """A race as it was played: each round's games per candidate, the field kept by the
    halving (``keep``), and the confirmation (``finalists`` swaps, ``confirm`` games each).
    Played again (``doctor(race=...)``, ``--race``/``--confirm``), it gives the very same
    answer, whatever the machine's speed: what a time budget's result needs to be
    reproduced."""

    rounds: tuple[int, ...]
    keep: int
    finalists: int
    confirm: int

    def flags(self) -> list[str]:
        return ["--race", ",".join(str(n) for n in self.rounds), "--confirm",
                f"{self.finalists}x{self.confirm}", "--top", str(self.keep)]

    def games(self, candidates: int) -> int:
        """The games the plan plays with ``candidates`` swaps (the progress bar's total)."""
        total, field_size, before = max(SPEED_GAMES, self.rounds[-1]), candidates, 0
        for k, each in enumerate(self.rounds):
            total += field_size * (each - before)
            before = each
            if k + 1 < len(self.rounds):
                field_size = max(self.keep, math.ceil(field_size / 2))
        return total + (self.finalists + 1) * self.confirm

    @classmethod
    def parse(cls, race: str, confirm: str, keep: int) -> RacePlan:
        """``--race 100,200,400 --confirm 5x3108 --top 5``; a user error names what is wrong."""
        try:
            rounds = tuple(int(n) for n in race.split(","))
            finalists, games = (int(n) for n in confirm.lower().split("x"))
        except ValueError:
            raise UserError(f"--race {race} --confirm {confirm}: write --race GAMES,GAMES,... "
                            "--confirm SWAPSxGAMES (e.g. --race 100,200 --confirm 5x3000), as "
                            "a doctor's JSON command gives them") from None
        if (not rounds or any(a >= b for a, b in zip(rounds, rounds[1:], strict=False))
                or rounds[0] < 1 or finalists < 1 or games < 1 or keep < 1):
            raise UserError(f"--race {race} --confirm {confirm}: the rounds' games must grow "
                            "from 1, and the confirmation have 1 swap and 1 game at least")
        return cls(rounds, keep, finalists, games)


@dataclass
class DoctorResult:
    deck: str
    settings: dict
    pool_size: int
    candidates: int
    rounds: list[dict]               # per round: candidates, games each
    base_games: int                  # the deck's confirmation games
    base_wins: int
    best: list[SwapResult]           # best confirmed gain first
    games_played: int
    seconds: float
    budget: float | None             # seconds, or None with a games budget
    best_deck: dict[str, int] = field(default_factory=dict)  # card name -> count
    games_budget: int | None = None  # games, or None with a time budget
    partial: bool = False
    top_asked: int = 0               # --top; more than shown when the budget allowed fewer
    never_cast: list[dict] = field(default_factory=list)  # the deck's cards it can never cast
    helpers: list[str] = field(default_factory=list)      # pool cards that would let them be
    plan: RacePlan | None = None     # the race as played, to play it again (None: interrupted)

    def command(self, extra: Sequence[str] = ()) -> str | None:
        """The ``magenoir-sim doctor`` command line that plays this very search again, on any
        machine: the same games budget, or, for a time budget, the race as it was played
        (``--race``, ``--confirm``); ``extra``: the pool's options as the command was given
        them. None for an interrupted search."""
        from simulator.run import command_line, deck_words

        if self.plan is None:
            return None
        if self.games_budget:
            top = ["--top", str(self.top_asked)] if self.top_asked != DEFAULT_TOP else []
            return command_line("doctor", deck_words(self.settings), self.settings,
                                self.games_budget, extra=[*top, *extra])
        return command_line("doctor", deck_words(self.settings), self.settings, None,
                            extra=[*self.plan.flags(), *extra])

    def significance_note(self) -> str:
        """What the * of a swap means, with the correction for the swaps tested together."""
        return (f"* significant at {1 - CONFIDENCE:.0%} after Holm's correction for the "
                f"{len(self.best)} swaps tested together (McNemar's exact test of the paired "
                f"games); the intervals are each swap's own {CONFIDENCE:.0%} interval")

    def __repr__(self) -> str:
        """A short summary (a notebook shows this, not every round's numbers)."""
        best = f", best {self.best[0].label} {100 * self.best[0].gain:+.2f} pp" if self.best else ""
        return (f"<DoctorResult {self.deck}: {self.candidates} swaps raced, "
                f"{self.games_played:,} games{best}{', PARTIAL' if self.partial else ''}; "
                ".table() for the best swaps>")

    @property
    def confirmed(self) -> bool:
        """The swaps' gains come from the confirmation block (not an interrupted race)."""
        return not self.best or self.best[0].confirmed

    def table(self):
        """pandas: one row per swap shown, best gain first."""
        import pandas as pd

        return pd.DataFrame([{"swap": r.label, "out": r.swap.out, "in": r.swap.into,
                              "gain": r.gain, "low": r.low, "high": r.high,
                              "significant": r.significant, "p_value": r.p_value,
                              "p_holm": r.p_holm, "games": r.games,
                              "race_gain": r.race_gain, "race_games": r.race_games,
                              "confirmed": r.confirmed} for r in self.best])

    def figure(self):
        """A dot and its 95% interval per swap (the confirmed gain), best on top."""
        from simulator.figures import paired_interval_figure

        s, best = self.settings, self.best
        games = f"{best[0].games:,}" if best else "0"
        where = "fresh seeds" if self.confirmed else "race games, NOT confirmed"
        return paired_interval_figure(
            [r.label for r in best], [r.gain for r in best], [r.low for r in best],
            [r.high for r in best], "win rate with the swap minus without (percentage points)",
            f"Best swaps, {self.deck} vs {s['scenario']} ({s['level']}), bot {bot_label(s['bot'])}, "
            f"{games} paired games each on {where} (95% Newcombe)", row_height=0.45)

    def to_dict(self) -> dict:
        s = self.settings
        low, high = wilson_interval(self.base_wins, self.base_games)
        return {"deck": self.deck, "scenario": s["scenario"], "level": s["level"],
                "players": s["players"], "bot": s["bot"], "seed": s["seed"],
                "pool_size": self.pool_size, "candidates": self.candidates,
                "rounds": self.rounds, "games_played": self.games_played,
                "seconds": round(self.seconds, 2), "budget_seconds": self.budget,
                "budget_games": self.games_budget,
                "budget_used": round(self.games_played / self.games_budget, 3)
                if self.games_budget else round(self.seconds / self.budget, 3)
                if self.budget else None,
                "confirmed": self.confirmed,
                "confirmation_games": self.base_games if self.confirmed else 0,
                "win_rate": self.base_wins / max(1, self.base_games),
                "win_rate_ci": [low, high], "partial": self.partial,
                "swaps": [{"swap": r.label, "out": r.swap.out, "in": r.swap.into,
                           "gain": r.gain, "ci": [r.low, r.high], "games": r.games,
                           "significant": r.significant, "p_value": r.p_value,
                           "p_holm": r.p_holm, "race_games": r.race_games,
                           "race_gain": r.race_gain, "confirmed": r.confirmed}
                          for r in self.best],
                "best_deck": self.best_deck, "top_asked": self.top_asked,
                "significance": self.significance_note(), "conclusion": self.conclusion(),
                "never_cast": self.never_cast, "command": self.command()}

    def conclusion(self) -> list[str]:
        """What the games say when no swap is clearly better (an empty list when one is):
        that nothing can be measured against a deck that won nothing (and why it may win
        nothing); that the intervals are too wide to tell; or that no swap gains
        :data:`NOTABLE_GAIN` or more."""
        if not self.best or not self.confirmed or any(r.significant and r.gain > 0
                                                      for r in self.best):
            return []
        if self.base_wins == 0:
            lines = [f"the deck won none of its {self.base_games:,} games: no swap can be "
                     "measured against 0 wins (a swap that wins nothing either reads +0.00 pp), "
                     "so the race could not rank them"]
            if self.never_cast:
                lines.append("these cards of the deck can never be cast; replace them first:")
                lines += [f"  {n['copies']} {n['card']}: {'; '.join(n['reasons'])}"
                          for n in self.never_cast]
                if self.helpers:
                    lines.append(f"  (cards that would let them be cast: {', '.join(self.helpers)})")
            return lines
        highest = max(r.high for r in self.best)
        if highest >= NOTABLE_GAIN:
            half = max((r.high - r.low) / 2 for r in self.best)
            factor = max(2, math.ceil((half / TARGET_HALF_WIDTH) ** 2))
            longer = (f"--games {self.games_budget * factor:,}" if self.games_budget
                      else f"--budget {math.ceil(self.budget * factor)}" if self.budget
                      else f"a search {factor} times longer")
            return [f"the evidence is too thin to tell: on {self.best[0].games:,} games a swap "
                    f"the intervals span about ±{100 * half:.1f} pp, and a swap may still gain "
                    f"up to {100 * highest:+.1f} pp; {longer} would narrow them to about "
                    f"±{100 * TARGET_HALF_WIDTH:.0f} pp"]
        return [f"no swap's gain is clearly above 0, and none can gain {100 * NOTABLE_GAIN:.0f} "
                "points or more (every interval ends below that): on this evidence the deck is "
                "as good as its best swaps"]

    def format_text(self) -> str:
        s = self.settings
        low, high = wilson_interval(self.base_wins, self.base_games)
        lines = []
        if self.partial and self.best and not self.best[0].confirmed:
            lines.append("PARTIAL RESULTS (interrupted during the race): the leaders so far, on "
                         "their race games only, NOT confirmed on fresh seeds (optimistic)")
        elif self.partial:
            lines.append("PARTIAL RESULTS (interrupted)")
        lines += [
            f"{self.deck} vs {s['scenario']} ({s['level']}), {s['players']} player(s), "
            f"bot {bot_label(s['bot'])}, seed {s['seed']}",
            f"{self.candidates} legal swaps from a pool of {self.pool_size} cards; race: "
            + ", ".join(f"{r['candidates']} x {r['games']:,}" for r in self.rounds)
            + " games",
            f"played {self.games_played:,} games of a {self.games_budget:,}-game budget in "
            f"{self.seconds:.1f} s" if self.games_budget else
            f"played {self.games_played:,} games in {self.seconds:.1f} s of a {self.budget:g} s "
            f"budget ({self.seconds / self.budget:.0%})" if self.budget else
            f"played {self.games_played:,} games in {self.seconds:.1f} s: a race played again "
            "(--race)",
            f"deck win rate on the {'confirmation' if self.confirmed else 'race'} games: "
            f"{format_rate(self.base_wins / max(1, self.base_games), low, high)}, "
            f"{self.base_games:,} games",
            "",
            f"{'swap':<44} {'gain':>9}  {'95% CI':<18} race"]
        for r in self.best:
            mark = "*" if r.significant else " "
            ci = f"[{100 * r.low:+.2f}, {100 * r.high:+.2f}]"
            lines.append(f"{r.label:<44} {100 * r.gain:>+7.2f}pp{mark} {ci:<18} "
                         f"{100 * r.race_gain:+.2f}pp on {r.race_games:,}")
        if self.top_asked > len(self.best) and self.best and self.candidates > len(self.best):
            lines += ["", f"the budget confirmed {len(self.best)} swaps, not the {self.top_asked} "
                      f"asked (each needs {MIN_ROUND_GAMES} games at least): give a longer --budget "
                      "for more"]
        if self.rounds and self.rounds[0]["games"] < MIN_ROUND_GAMES:
            lines += ["", f"the budget gave each swap {self.rounds[0]['games']} games in the race's "
                      f"first round, not {MIN_ROUND_GAMES}: a longer --budget races more surely"]
        if self.conclusion():
            lines += ["", *self.conclusion()]
        if self.best_deck:
            lines += ["", f"deck with the best swap ({self.best[0].label}):"]
            lines += [f"{count} {name}" for name, count in self.best_deck.items()]
        lines += ["", "gain: win rate with the swap minus without, paired, on seeds the race "
                  "did not use;", self.significance_note() + ".",
                  "It depends on the bot and the scenario level; the race column is the "
                  "racing estimate (optimistic for the winners)."]
        return "\n".join(line for line in lines if line is not None)


def rounds_left(field_size: int, keep: int) -> int:
    """Rounds of halving until ``keep`` candidates are left (at least the current one)."""
    return max(1, math.ceil(math.log2(field_size / keep))) if field_size > keep else 1


def next_round_games(field_size: int, played: int, games_left: int, keep: int,
                     floor: int = MIN_ROUND_GAMES) -> int:
    """Games each of ``field_size`` candidates has played after this round: at least twice
    what they have played (``played``) and ``floor``, and as many as the games left for the
    race allow when the field keeps halving (each later round costs about what this one does)."""
    share = games_left // max(1, field_size * rounds_left(field_size, keep))
    if played:
        share = played + share  # the increment is what this round costs
    return max(floor, 2 * played, share)


def least_games(candidates: int, top: int) -> int:
    """The smallest games budget that gives every candidate its first round and the ``top``
    finalists and the deck a confirmation block, each of MIN_ROUND_GAMES games."""
    race = math.ceil(candidates * MIN_ROUND_GAMES / (1 - CONFIRM_SHARE))
    confirm = math.ceil((top + 1) * MIN_ROUND_GAMES / CONFIRM_SHARE)
    return max(MIN_GAMES_BUDGET, SPEED_GAMES + max(race, confirm))


@dataclass(frozen=True)
class _Speed:
    """This machine's speed as a time budget plans with it: a chunk's fixed cost (its tables,
    a fresh game, its results: a few ms) and each game's, on one worker, with ``workers``
    chunks at once. Why both: the race's first round plays one small chunk per candidate, and
    for hundreds of candidates the fixed costs are most of its time. The fixed cost is Python
    (building a matchup's tables, reducing the results), which holds the interpreter's lock:
    it is counted once per chunk whatever the workers, and only the games run in parallel (on
    2 workers, counting it halved overran a 12 s budget by a fifth)."""

    chunk_seconds: float
    game_seconds: float
    workers: int

    @classmethod
    def measure(cls, seconds: float, games: int, chunk: int, workers: int,
                play_one: Callable[[], object]) -> _Speed:
        """From ``games`` played in ``seconds`` in chunks of ``chunk``, and one chunk of one
        game of a matchup not played yet timed by ``play_one`` (a new matchup's first chunk
        builds its tables: the race's first round pays that once per candidate)."""
        t0 = time.perf_counter()
        play_one()
        fixed = time.perf_counter() - t0
        workers = max(1, workers)
        games_time = max(0.0, seconds - math.ceil(games / chunk) * fixed)
        return cls(fixed, max(1e-6, games_time * workers / games), workers)

    def seconds(self, chunks: int, games: int) -> float:
        """Time to play ``games`` games in ``chunks`` chunks."""
        return chunks * self.chunk_seconds + games * self.game_seconds / self.workers

    def games_per_second(self, chunk: int) -> float:
        return 1 / (self.chunk_seconds / max(1, chunk) + self.game_seconds / self.workers)


def _plan_time_budget(candidates: int, top: int, speed: _Speed, seconds: float,
                      budget: float) -> tuple[int, int]:
    """(finalists, first-round games) that the ``seconds`` left of a ``budget`` afford at
    ``speed``: every candidate MIN_ROUND_GAMES games in the first round, or as many as the
    race's share allows (at least LEAST_ROUND_GAMES); each of the ``top`` finalists, and the
    deck, a confirmation block of MIN_ROUND_GAMES games or more in the confirmation's share.
    A user error, naming the budget needed, when even LEAST_ROUND_GAMES games a candidate do
    not fit."""
    usable = max(0.0, seconds) * 0.9  # 0.9: the speed varies
    race, confirm = usable * (1 - CONFIRM_SHARE), usable * CONFIRM_SHARE
    per_candidate = race / max(1, candidates) - speed.chunk_seconds  # seconds of its games
    first_round = min(MIN_ROUND_GAMES, int(per_candidate * speed.workers / speed.game_seconds))
    if first_round < LEAST_ROUND_GAMES:
        needed = (speed.seconds(candidates, candidates * LEAST_ROUND_GAMES) / (1 - CONFIRM_SHARE)
                  + speed.seconds(2, 2 * MIN_ROUND_GAMES) / CONFIRM_SHARE) / 0.9
        raise UserError(f"--budget {budget:g} s is too short to race {candidates} swaps on "
                        f"this machine (about {speed.games_per_second(LEAST_ROUND_GAMES):,.0f} "
                        f"games/s in the race's small chunks): give --budget "
                        f"{math.ceil(budget - seconds + needed)} or more, or a smaller pool "
                        "(--pool, --elements)")
    blocks = int(confirm / speed.seconds(1, MIN_ROUND_GAMES))  # the deck's and the finalists'
    return max(1, min(top, blocks - 1)), first_round


def doctor(deck: Deck | str, scenario, level: str | None = None, players: int | None = None,
           pool: list[str] | None = None, elements: list[str] | None = None,
           budget: float = DEFAULT_BUDGET, top: int = DEFAULT_TOP, seed: int = 1,
           bot: str | None = None, options: RuleOptions | None = None, db: CardDB | None = None,
           backend="local", jobs: int | None = None, scheduler: str | None = None,
           batch_size: int | None = None, progress: bool | None = None,
           on_round: Callable[[dict], None] | None = None, min_cards: int = 40,
           games: int | None = None, started: float | None = None,
           race: RacePlan | None = None) -> DoctorResult:
    """Race the legal one-card swaps of ``deck`` (a Deck, a deck file or an example deck's
    name) within ``budget`` seconds, or within ``games`` games when given (then the answer
    depends on the seed only); the ``top`` best, confirmed on fresh seeds, best first.
    ``pool``: card ids to swap in (default: the simulated cards of the deck's elements, or of
    ``elements``). ``started``: when the budget's clock started (``time.perf_counter()``;
    default: now), so that a command counts its own start in the budget; a first compile of
    the engine is not counted (all but :data:`WARM_LOAD_SECONDS` of it). ``race``: a race
    played before (:class:`RacePlan`, ``DoctorResult.plan``) played again exactly, whatever
    ``budget``: the same rounds, field and confirmation, so the same answer on any machine."""
    from simulator.backends import Backend, open_backend
    from simulator.bots import DEFAULT_BOT
    from simulator.run import ProgressBar, _resolve_inputs, build_matchup, check_games, check_seed

    db = db or load_cards()
    options = options or RuleOptions()
    bot = bot or DEFAULT_BOT
    get(bot)  # a user error names the valid bots
    check_seed(seed)
    if race is not None:
        budget = games = None
    elif games is not None:
        check_games(games)
        if games < MIN_GAMES_BUDGET:
            raise UserError(f"--games must be at least {MIN_GAMES_BUDGET:,} for doctor (the "
                            f"deck's first {SPEED_GAMES:,} games, the race, the confirmation), "
                            f"not {games}")
        budget = None
    elif race is None and not 0 < budget <= MAX_BUDGET:  # also refuses nan
        raise UserError(f"--budget must be more than 0 seconds and at most {MAX_BUDGET:,.0f} "
                        f"(a day), not {budget:g}")
    if top < 1:
        raise UserError(f"--top must be at least 1, not {top}")
    top_asked = top
    (deck,), scenario = _resolve_inputs(deck, scenario, db, min_cards)
    base_matchup = build_matchup([deck], scenario, level, players)
    level, players = base_matchup.level, base_matchup.players
    pool = list(dict.fromkeys(pool if pool is not None else default_pool(deck, db, elements)))
    swaps = candidate_swaps(deck, pool, db)
    if not swaps:
        raise UserError("no legal swap: the pool holds no card that can replace one of the "
                        "deck's (copies limits, bans, one Animal)")
    if games is not None and games < least_games(len(swaps), top):
        raise UserError(f"--games {games:,} is too few for {len(swaps)} swaps: give at least "
                        f"{least_games(len(swaps), top):,} (or a time with --budget)")
    matchups = [build_matchup([swapped_deck(deck, s)], scenario, level, players) for s in swaps]
    owned = not isinstance(backend, Backend)
    executor = open_backend(backend, jobs, scheduler) if owned else backend
    start = time.perf_counter() if started is None else started  # a compile is taken out below
    bar_total = race.games(len(swaps)) if race is not None else games
    if budget is None:
        bar = ProgressBar(bar_total, progress)
    else:
        bar = ProgressBar(budget, progress, unit="s of the budget")

    def tick(done: int) -> None:
        if budget is None:
            bar.update(min(bar_total, done))
        else:
            bar.update(min(budget, time.perf_counter() - start))

    player = GamePlayer(executor, db, seed, bot, options, players, batch_size, tick)
    play, play_many = player.won, player.won_many
    base_won = np.zeros(0, bool)
    won = [np.zeros(0, bool) for _ in swaps]
    rounds_done: list[dict] = []
    alive = list(range(len(swaps)))
    partial = False
    confirm_first = 0
    best: list[SwapResult] = []
    try:
        from simulator.engine.compiler import warmup

        t0 = time.perf_counter()
        warmup.ensure(bot=get(bot))  # a first compile must not be taken for this machine's speed
        start += max(0.0, time.perf_counter() - t0 - WARM_LOAD_SECONDS)  # a compile is not counted
        import scipy.stats  # noqa: F401  (McNemar's test at the end: imported before the clock is read)
        t0 = time.perf_counter()
        base_won = play(base_matchup, 0, SPEED_GAMES, MIN_ROUND_GAMES)
        rate = SPEED_GAMES / max(1e-3, time.perf_counter() - t0)  # games/s, updated each round
        race_end = budget * (1 - CONFIRM_SHARE) if budget is not None else 0.0
        race_games = int((games - SPEED_GAMES) * (1 - CONFIRM_SHARE)) if games else 0
        top, floor = min(top if race is None else race.keep, len(swaps)), MIN_ROUND_GAMES
        if budget is not None:
            speed = _Speed.measure(time.perf_counter() - t0, SPEED_GAMES, MIN_ROUND_GAMES,
                                   executor.workers, lambda: play(matchups[0], 0, 1))
            top, floor = _plan_time_budget(len(swaps), top, speed,
                                           budget - (time.perf_counter() - start), budget)
            rate = speed.games_per_second(floor)  # the first round's, in chunks of `floor` games

        def race_left() -> int:
            """Games the race may still play: counted, or the race's time at the speed seen
            so far (re-planned each round)."""
            if games is not None:
                return race_games - (player.played - SPEED_GAMES)
            return int(rate * (race_end - (time.perf_counter() - start)) * 0.9)

        each = 0
        while True:
            if race is not None:  # the rounds of the race played again
                previous, each = each, race.rounds[len(rounds_done)]
            else:
                previous, each = each, next_round_games(len(alive), each, race_left(), top, floor)
            wanted = [(i, len(won[i]), each - len(won[i])) for i in alive if len(won[i]) < each]
            cost = sum(n for _, _, n in wanted) + max(0, each - len(base_won))
            if race is None and rounds_done and cost > race_left():
                each = previous
                break  # the budget is not overdrawn: confirm the field as it stands
            t0, before = time.perf_counter(), player.played
            if len(base_won) < each:
                base_won = np.concatenate([base_won, play(base_matchup, len(base_won),
                                                          each - len(base_won))])
            results = play_many([(matchups[i], first, n) for i, first, n in wanted])
            for (i, _, _), part in zip(wanted, results, strict=True):
                won[i] = np.concatenate([won[i], part])
            rate = (player.played - before) / max(1e-3, time.perf_counter() - t0)
            gains = {i: float(won[i][:each].mean() - base_won[:each].mean()) for i in alive}
            alive.sort(key=lambda i: (-gains[i], i))
            rounds_done.append({"candidates": len(alive), "games": each})
            if on_round is not None:
                on_round(rounds_done[-1])
            if race is not None:
                spent = len(rounds_done) == len(race.rounds)
            elif games is not None:
                spent = player.played - SPEED_GAMES >= race_games
            else:
                spent = time.perf_counter() - start > race_end
            if len(alive) <= top or spent:
                break  # a few left, or the race's share of the budget is spent: confirm them
            alive = alive[:max(top, math.ceil(len(alive) / 2))]
        finalists = alive[:top]
        # Fresh seeds: past the games the race compared (each finalist's, and as many of the
        # deck's). The deck's first block may reach further, but the race never looked there.
        confirm_first = max(len(won[i]) for i in finalists)
        if race is not None:
            finalists, confirm = finalists[:race.finalists], race.confirm
        elif games is not None:  # what is left, never more
            confirm = max(1, (games - player.played) // (len(finalists) + 1))
        else:  # what the time left allows, for as many finalists as can have a block
            left_games = int(rate * (budget - (time.perf_counter() - start)) * 0.9)
            finalists = finalists[:max(1, left_games // MIN_ROUND_GAMES - 1)]
            confirm = max(MIN_ROUND_GAMES, left_games // (len(finalists) + 1))
        blocks = play_many([(base_matchup, confirm_first, confirm)]
                           + [(matchups[i], confirm_first, confirm) for i in finalists])
        base_block = blocks[0]
        tested = []
        for i, block in zip(finalists, blocks[1:], strict=True):
            gain, low, high = paired_wins(block, base_block)
            race_n = len(won[i])
            best.append(SwapResult(swaps[i], swaps[i].label(db), race_n,
                                   float(won[i].mean() - base_won[:race_n].mean()),
                                   len(block), gain, low, high))
            tested.append((block, base_block))
        _tested(best, tested)
    except KeyboardInterrupt:
        partial = True
        if not best and not rounds_done:
            raise
        if not best:  # interrupted before the confirmation: the race's leaders, labelled so
            for i in alive[:top]:
                n = len(won[i])
                gain, low, high = paired_wins(won[i], base_won[:n])
                best.append(SwapResult(swaps[i], swaps[i].label(db), n, gain, n, gain, low,
                                       high, confirmed=False))
            _tested(best, [(won[i], base_won[:len(won[i])]) for i in alive[:top]])
    finally:
        bar.close()
        if owned:
            executor.close()
    best.sort(key=lambda r: (-r.gain, r.label))
    best_deck = {}
    if best:
        after = swapped_deck(deck, best[0].swap).as_dict()
        best_deck = {db.by_id[cid].name_en: n for cid, n in after.items() if n > 0}
    confirmed = bool(best) and best[0].confirmed
    base_block_wins = int(base_block.sum()) if confirmed else int(base_won.sum())
    base_block_games = len(base_block) if confirmed else len(base_won)
    from simulator.run import run_settings

    settings = run_settings(base_matchup, db, seed, bot, options, False)
    never, helpers = _never_cast(deck, db, pool)
    plan = (RacePlan(tuple(r["games"] for r in rounds_done), top, len(best), best[0].games)
            if confirmed and not partial else None)
    return DoctorResult(deck.name, settings, len(pool), len(swaps), rounds_done,
                        base_block_games, base_block_wins, best, player.played,
                        time.perf_counter() - start, budget, best_deck, games, partial, top_asked,
                        never, helpers, plan)


def _never_cast(deck: Deck, db: CardDB, pool: list[str]) -> tuple[list[dict], list[str]]:
    """The deck's cards that can never be cast (:mod:`simulator.castable`), and the pool's
    cards that provide what they lack (at most 8 named)."""
    from simulator.castable import never_cast, providers_of

    never = never_cast(deck, db)
    wanted = {w for n in never for w in n.missing_words} | (
        {"Mage Noir"} if any(n.needs_mage_noir for n in never) else set())
    helpers = providers_of(wanted, pool, db)[:8] if wanted else []
    return ([{"card": n.name, "id": n.card_id, "copies": n.copies, "reasons": list(n.reasons)}
             for n in never], helpers)
