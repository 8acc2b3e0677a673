"""The deck builder: the best deck a player can build from the cards they own, by a search
on paired seeds (docs/methods.md, "The deck builder", says it for players).

How it searches, and why:

- **Starting decks**: the example decks the collection can build and a rough draft for each
  element and pair of elements (:mod:`simulator.collection`). Several starts, because the
  best deck against one Adversary may share nothing with the best against another.
- **Generations**: a population of decks (``population``, default 2). Each generation races
  the population and every legal one-card swap of each of its decks (one copy out, one copy
  of an owned card in: :func:`simulator.deck_doctor.candidate_swaps` with the owned counts)
  by successive halving, as the doctor does: all play the same games, the worse half is
  dropped, the rest play twice as many, until ``2 x population`` finalists are left. The
  parents race with their children, so a generation never loses a deck it had.
- **Confirmation in each generation**: the finalists and the champion (the best deck so far)
  play a block of games the race never used. The racing estimates of the finalists are
  optimistic (they were picked because their games went well); the block's are not. The
  next population is the best of the block; a finalist becomes the champion only when its
  paired gain over the champion on the block is clearly above 0: McNemar's exact test,
  Holm-adjusted over the finalists tested together, below 5%.
- **Paired seeds throughout**: every deck of a race or a block plays the same game indices
  of the one run seed, and a swap takes the very place of the copy it replaces in the deck
  (:meth:`simulator.decks.Deck.with_one_replaced`), so a child and its parent draw alike
  but for that card. Each race and block takes the next game indices no block used before.
- **Final confirmation**: the best few (``FINALISTS``) and every example deck the collection
  can build play one more block past every game the search used, with the judging bot (the
  look-ahead with ``bot="lookahead"``; the search then uses the planner, the look-ahead's
  own policy, which plays a game hundreds of times faster). The winner has the best win
  rate there; its margins over the example decks are paired differences (Newcombe) with
  McNemar's test, Holm-adjusted over every finalist-against-example comparison of the
  block, so that picking the best finalist on the same games does not flatter it.

Budget: ``games`` (the whole build, in games: the same seed and games give the same build on
any machine, backend and number of workers) or ``minutes``: the starting decks' first games
measure this machine's speed and the time is turned into a games budget there and then; the
result names it, and ``--games N --confirm-games M`` replays that build exactly.

Why a generation gets about :data:`GAMES_PER_CANDIDATE` games per deck it races, rather than a
share of the budget: a generation makes at most one swap per lineage, and the first 10-minute
build (docs/methods.md) still gained 1 to 3 points a generation at its sixth and last. For the
Base Game's field of about 1,700 decks, 160 games a deck are some 270,000 games: the race
takes the field down to its finalists and each gets a confirmation block of about 11,000
games, where a paired gain of 1 point stands out. More time then makes more generations
(more swaps), not more precise ones.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

import numpy as np

from simulator.bots import get
from simulator.cards import CardDB, load_cards
from simulator.collection import (
    Collection,
    check_can_build,
    from_boxes,
    from_counts,
    from_file,
    starting_decks,
)
from simulator.deck_doctor import (
    CONFIRM_SHARE,
    GamePlayer,
    Swap,
    _race_chunk,
    _Speed,
    candidate_swaps,
    next_round_games,
    swapped_deck,
)
from simulator.decks import Deck
from simulator.engine.host.batch import Matchup
from simulator.engine.rules.options import RuleOptions
from simulator.errors import UserError
from simulator.stats import CONFIDENCE, holm, mcnemar

DEFAULT_MINUTES = 10.0
MAX_MINUTES = 24 * 60.0          # a day; a longer search is surely a typo
DEFAULT_POPULATION = 2
FINALISTS = 3                    # decks of the search confirmed at the end, at most
START_GAMES = 500                # each starting deck's first games, which measure the speed
GAMES_PER_CANDIDATE = 160        # a generation's games per deck it races, about (see below)
LEAST_FIRST_ROUND = 25           # first-round games a candidate of a generation gets, at least
GENERATION_CONFIRM_SHARE = 0.2   # share of a generation's games for its confirmation block
MIN_CONFIRM_GAMES = 200          # a confirmation block, each deck, at least
LOOKAHEAD_COST = 200             # planner games a look-ahead game costs, about (docs/bench.md)
SPEED_CHUNK = 60                 # the chunk size a time budget is planned with (race rounds)


@dataclass(eq=False)
class Candidate:
    """A deck the search met, and how: its parent and the swap that made it from it."""

    deck: Deck
    origin: str                          # "example deck", "draft" or the swap's label
    parent: Candidate | None = None
    generation: int = 0
    matchup: Matchup | None = None         # made when the deck is first played

    @property
    def label(self) -> str:
        """Its first deck's name and the swaps since: ``vegetal-grove + 3 swaps``."""
        swaps, node = 0, self
        while node.parent is not None:
            swaps, node = swaps + 1, node.parent
        return node.deck.name + (f" + {swaps} swap{'s' if swaps > 1 else ''}" if swaps else "")

    @property
    def key(self) -> tuple:
        return tuple(sorted(self.deck.as_dict().items()))

    def path(self) -> list[str]:
        """The changes that made this deck, oldest first: its start, then each swap with the
        generation that raced it."""
        steps, node = [], self
        while node is not None:
            steps.append(f"generation {node.generation}: {node.origin}" if node.parent
                         else f"start: {node.deck.name} ({node.origin})")
            node = node.parent
        return steps[::-1]


def generation_budget(field_size: int, keep: int) -> int:
    """The fewest games a generation of ``field_size`` candidates can be played with: two
    race rounds of LEAST_FIRST_ROUND games and a confirmation block for ``keep`` + 1 decks."""
    race = field_size * LEAST_FIRST_ROUND * 2 if field_size > keep else 0
    return race + (keep + 1) * MIN_CONFIRM_GAMES


class _Search:
    """The search's state: the games budget, the next fresh game index, the champion."""

    def __init__(self, player: GamePlayer, make_matchup: Callable[[Deck], Matchup],
                 collection: Collection, db: CardDB, size: int, population: int,
                 on_step: Callable[[dict], None] | None) -> None:
        self.player, self.make_matchup = player, make_matchup
        self.collection, self.db, self.size, self.population = collection, db, size, population
        self.usable = collection.usable(db)
        self.pool = list(self.usable)
        self.on_step = on_step
        self.next_game = 0
        self.blocks: list[tuple[int, int]] = []   # (first, count) game ranges used
        self.champion: Candidate | None = None
        self.leaders: list[Candidate] = []        # best first, as the last block ranked them
        self.steps: list[dict] = []               # per generation: games, champion, rates
        self.visited = 0

    def matchup(self, cand: Candidate) -> Matchup:
        if cand.matchup is None:
            if not self.collection.admits(cand.deck, self.db, self.size):
                raise AssertionError(f"the search met a deck the collection cannot build: "
                                     f"{cand.deck.name}")  # a bug of the search, not the user's
            cand.matchup = self.make_matchup(cand.deck)
            self.visited += 1
        return cand.matchup

    def take(self, count: int) -> int:
        """The first of ``count`` game indices no block has used; they are used now."""
        first = self.next_game
        self.next_game += count
        self.blocks.append((first, count))
        return first

    def children(self, parents: list[Candidate], generation: int) -> list[Candidate]:
        """The parents and every legal swap of each, each set of cards once."""
        field_, seen = [], set()
        for parent in parents:
            if parent.key not in seen:
                seen.add(parent.key)
                field_.append(parent)
        for parent in parents:
            for swap in candidate_swaps(parent.deck, self.pool, self.db, self.usable):
                child = Candidate(swapped_deck(parent.deck, swap), swap.label(self.db), parent,
                                  generation)
                child.deck = replace(child.deck, name=child.label)
                if child.key not in seen:
                    seen.add(child.key)
                    field_.append(child)
        return field_

    def race(self, field_: list[Candidate], games: int, keep: int, floor: int,
             played: list[np.ndarray] | None = None) -> list[Candidate]:
        """Successive halving of ``field_`` on the next fresh games, within ``games`` games
        (``played``: each one's won games there so far, counted in): the ``keep`` best (or the
        whole field, when it is that small), best first."""
        first = self.next_game
        won = list(played) if played is not None else [np.zeros(0, bool) for _ in field_]
        alive, used = list(range(len(field_))), sum(len(w) for w in won)
        each = min((len(w) for w in won), default=0)
        while len(alive) > keep:
            previous, each = each, next_round_games(len(alive), each, games - used, keep, floor)
            wanted = [(i, len(won[i]), each - len(won[i])) for i in alive if len(won[i]) < each]
            cost = sum(n for _, _, n in wanted)
            if previous and cost > games - used:
                each = previous
                break
            results = self.player.won_many([(self.matchup(field_[i]), first + have, n)
                                            for i, have, n in wanted])
            for (i, _, _), part in zip(wanted, results, strict=True):
                won[i] = np.concatenate([won[i], part])
            used += cost
            rate = {i: float(won[i][:each].mean()) for i in alive}
            alive.sort(key=lambda i: (-rate[i], i))
            alive = alive[:max(keep, math.ceil(len(alive) / 2))]
        common = min(len(won[i]) for i in alive)  # the games every one left has played
        alive.sort(key=lambda i: (-float(won[i][:common].mean()) if common else 0.0, i))
        self.take(max((len(w) for w in won), default=0))
        return [field_[i] for i in alive[:keep]]

    def confirm(self, finalists: list[Candidate], games: int, generation: int) -> dict:
        """Play ``finalists`` (and the champion) on a fresh block; rank them by it; make the
        best the champion when it is clearly better than the champion (Holm over the
        finalists); the step's record."""
        decks = list(finalists)
        if self.champion is not None and self.champion not in decks:
            decks.append(self.champion)
        first = self.take(games)
        blocks = dict(zip(decks, self.player.won_many(
            [(self.matchup(c), first, games) for c in decks]), strict=True))
        ranked = sorted(decks, key=lambda c: -blocks[c].mean())
        changed = None
        if self.champion is None:
            self.champion, changed = ranked[0], "first"
        else:
            ref = blocks[self.champion]
            others = [c for c in ranked if c is not self.champion]
            raw = [mcnemar(int((blocks[c] & ~ref).sum()), int((~blocks[c] & ref).sum()))["p_value"]
                   for c in others]
            adjusted = holm(raw) if raw else []
            for cand, p in zip(others, adjusted, strict=True):
                if p < 1 - CONFIDENCE and blocks[cand].mean() > ref.mean():
                    self.champion, changed = cand, f"Holm-adjusted McNemar p {p:.2g}"
                    break
        self.leaders = [self.champion] + [c for c in ranked if c is not self.champion]
        won = blocks[self.champion]
        step = {"generation": generation, "games_played": self.player.played,
                "candidates": None, "confirmation_games": games,
                "champion": self.champion.label, "champion_wins": int(won.sum()),
                "champion_games": len(won), "changed": changed}
        return step

    def generation(self, field_: list[Candidate], k: int, games: int,
                   played: list[np.ndarray] | None = None) -> dict:
        """One generation of ``games`` games: race ``field_`` (the parents and their swaps),
        confirm its finalists."""
        keep = min(len(field_), 2 * self.population)
        confirm = max(MIN_CONFIRM_GAMES, int(games * GENERATION_CONFIRM_SHARE) // (keep + 1))
        floor = START_GAMES if k == 0 else LEAST_FIRST_ROUND
        finalists = self.race(field_, max(0, games - confirm * (keep + 1)), keep, floor, played)
        step = self.confirm(finalists, confirm, k)
        step["candidates"] = len(field_)
        self.steps.append(step)
        if self.on_step is not None:
            self.on_step(step)
        return step

    def next_parents(self) -> list[Candidate]:
        return self.leaders[:self.population]


def least_build_games(starts: int, population: int, finals: int) -> int:
    """The smallest games budget of a build: the starting decks' race and its confirmation,
    and the final confirmation, each at its least."""
    keep = min(starts, 2 * population)
    return starts * START_GAMES * 2 + (keep + 1) * MIN_CONFIRM_GAMES + finals * MIN_CONFIRM_GAMES


def _check_budget(minutes: float | None, games: int | None, population: int,
                  confirm_games: int | None) -> None:
    from simulator.run import check_games

    if games is not None:
        check_games(games)
    elif minutes is None or not 0 < minutes <= MAX_MINUTES:  # also refuses nan
        raise UserError(f"--budget must be more than 0 minutes and at most {MAX_MINUTES:,.0f} "
                        f"(a day), not {minutes}")
    if population < 1:
        raise UserError(f"--population must be at least 1, not {population}")
    if confirm_games is not None and confirm_games < MIN_CONFIRM_GAMES:
        raise UserError(f"--confirm-games must be at least {MIN_CONFIRM_GAMES}, not "
                        f"{confirm_games}")


def read_collection(collection: Collection | Mapping[str, int] | str | None,
                    owned: str | list[str] | None, db: CardDB) -> Collection:
    """The collection from a file or a ``{card: copies}`` mapping, or from the boxes ``owned``
    names (one of the two)."""
    if isinstance(collection, Collection):
        return collection
    if isinstance(collection, Mapping) and owned is None:
        return from_counts(collection, db)
    if (collection is None) == (owned is None):
        raise UserError("give the cards owned: a COLLECTION file in the deck format, or "
                        "--owned with the boxes (e.g. --owned base,sand), not both")
    return from_boxes(owned, db) if owned is not None else from_file(collection, db)


def build_deck(collection: Collection | str | None = None, scenario="duke",
               level: str | None = None, players: int | None = None, *,
               owned: str | list[str] | None = None, minutes: float | None = DEFAULT_MINUTES,
               games: int | None = None, confirm_games: int | None = None,
               population: int = DEFAULT_POPULATION, generations: int | None = None,
               seed: int = 1, bot: str | None = None,
               options: RuleOptions | None = None, db: CardDB | None = None, backend="local",
               jobs: int | None = None, scheduler: str | None = None,
               batch_size: int | None = None, progress: bool | None = None,
               on_step: Callable[[dict], None] | None = None, size: int = 40):
    """The best deck of ``size`` cards (default 40) buildable from ``collection`` (a deck-format
    file of the cards owned, with counts, or ``{card: copies}``) or from the boxes ``owned``
    names (``"base,sand"``), against a scenario level, found within ``minutes`` or ``games``
    (then the answer depends on the seed only). Returns a
    :class:`simulator.build_result.BuildResult`. ``bot``: who judges the final few (a
    look-ahead bot; the search then uses the planner).
    ``generations``: at most this many after the starting decks' (a time budget stops them
    when the next would not end in time, and its replay command carries the number).
    ``on_step`` is called with each generation's record. A Ctrl-C keeps the best deck found
    so far, marked partial and unconfirmed."""
    from simulator.backends import Backend, open_backend
    from simulator.bots import DEFAULT_BOT
    from simulator.bots import spec as bot_spec
    from simulator.build_result import BuildResult, final_confirmation
    from simulator.run import ProgressBar, _resolve_inputs, build_matchup, check_seed

    db = db or load_cards()
    options = options or RuleOptions()
    judge = bot_spec(bot or DEFAULT_BOT)
    searcher = DEFAULT_BOT if get(judge).rollouts else judge  # the look-ahead's own policy
    check_seed(seed)
    _check_budget(minutes, games, population, confirm_games)
    if generations is not None and generations < 0:
        raise UserError(f"--generations must be 0 or more, not {generations}")
    if size < 1:
        raise UserError(f"--min-cards must be at least 1, not {size}")
    collection = read_collection(collection, owned, db)
    check_can_build(collection, db, size)
    _, scenario = _resolve_inputs([], scenario, db, size)
    starts, n_examples = starting_decks(collection, db, size)
    first = build_matchup([starts[0]], scenario, level, players)  # user errors name the level
    level, players = first.level, first.players

    def make_matchup(deck: Deck) -> Matchup:
        return build_matchup([deck], scenario, level, players)

    finals = FINALISTS + n_examples  # the final block's decks, at most
    if games is not None and games < least_build_games(len(starts), population, finals):
        raise UserError(f"--games {games:,} is too few for {len(starts)} starting decks: give "
                        f"at least {least_build_games(len(starts), population, finals):,} "
                        "(or a time with --budget)")
    own_backend = not isinstance(backend, Backend)
    executor = open_backend(backend, jobs, scheduler) if own_backend else backend
    bar = ProgressBar(0, False)  # until the games budget is known
    player = GamePlayer(executor, db, seed, searcher, options, players, batch_size)
    search = _Search(player, make_matchup, collection, db, size, population, on_step)
    settings = {"scenario": scenario.name, "scenario_file": str(scenario.path), "level": level,
                "players": players, "bot": judge, "search_bot": searcher, "seed": seed,
                "population": population, "size": size,
                "minutes": minutes if games is None else None,
                "collection": collection.source, "boxes": list(collection.boxes),
                "collection_file": collection.source if collection.from_file else None,
                "collection_cards": {db.by_id[c].name_en: n for c, n in collection.owned.items()},
                "rule_options": options.as_dict(), "stopped_by_clock": False}
    start = time.perf_counter()
    partial, final = False, None
    examples = [Candidate(d, "example deck") for d in starts[:n_examples]]
    cands = examples + [Candidate(d, "draft") for d in starts[n_examples:]]
    try:
        from simulator.engine.compiler import warmup

        warmup.ensure(bot=get(searcher))  # a first compile is not this machine's speed
        if judge != searcher:
            warmup.ensure(bot=get(judge))
        import scipy.stats  # noqa: F401  (McNemar's test: its import is not the search's)

        start = t0 = time.perf_counter()
        clock = None if games is not None else start + minutes * 60  # a time budget's end
        first_block = player.won_many([(search.matchup(c), 0, START_GAMES) for c in cands],
                                      chunk=START_GAMES)
        if games is None:
            speed = _Speed.measure(time.perf_counter() - t0, START_GAMES * len(cands),
                                   START_GAMES, executor.workers, lambda: _race_chunk(
                                       db, seed, searcher, options, make_matchup(starts[0]), 0, 1))
            left = minutes * 60 - (time.perf_counter() - start)
            games = player.played + int(speed.games_per_second(SPEED_CHUNK) * left * 0.9)
            least = least_build_games(len(cands), population, finals)
            if games < least:
                needed = (least - player.played) / speed.games_per_second(SPEED_CHUNK) / 0.9
                raise UserError(f"--budget {minutes:g} minutes is too short for this "
                                f"collection on this machine: give --budget "
                                f"{math.ceil((time.perf_counter() - start + needed) / 6) / 10:g} "
                                "or more")
        search_games = games - int(games * CONFIRM_SHARE)
        cost = LOOKAHEAD_COST if judge != searcher else 1  # of a final game, in search games
        chosen_confirm = confirm_games
        if confirm_games is None:
            confirm_games = max(MIN_CONFIRM_GAMES, int(games * CONFIRM_SHARE / (cost * finals)))
        bar = ProgressBar(games, progress)
        player.on_games = lambda done: bar.update(min(games, done), _note(search))
        search.generation(cands, 0, max(len(cands) * START_GAMES * 2, search_games // 20),
                          first_block)
        k = 1
        while generations is None or k <= generations:
            parents = search.next_parents()
            field_ = search.children(parents, k)
            keep = min(len(field_), 2 * population)
            least = generation_budget(len(field_), keep)
            left = search_games - player.played
            if len(field_) <= len(parents) or left < least:
                break  # nothing to swap, or no generation fits in what is left
            size = max(least, min(left, len(field_) * GAMES_PER_CANDIDATE))
            if left < 2 * size:
                size = left  # the last generation takes what is left
            if clock is not None and _seconds_for(player, start, size) > (
                    clock - minutes * 60 * CONFIRM_SHARE - time.perf_counter()):
                generations, settings["stopped_by_clock"] = k - 1, True  # the replay caps it
                break
            search.generation(field_, k, size)
            k += 1
        if clock is not None and chosen_confirm is None:  # the final fits in the time left
            fits = (clock - time.perf_counter()) / _seconds_for(player, start, cost * finals)
            confirm_games = max(MIN_CONFIRM_GAMES, min(confirm_games, int(fits * 0.9)))
        final = final_confirmation(search, examples, confirm_games, judge)
    except KeyboardInterrupt:
        partial = True
        if search.champion is None:
            raise
    finally:
        bar.close()
        if own_backend:
            executor.close()
    settings["generations"] = generations
    return BuildResult(settings, search, final, partial, games, confirm_games,
                       time.perf_counter() - start, len(starts), n_examples)


def _seconds_for(player: GamePlayer, start: float, games: int) -> float:
    """Seconds ``games`` more games take at the pace of the build so far."""
    return games * (time.perf_counter() - start) / max(1, player.played)


def _note(search: _Search) -> str:
    """The progress bar's note: the generation and the champion's confirmed win rate."""
    if not search.steps:
        return "starting decks"
    step = search.steps[-1]
    return (f"generation {step['generation'] + 1}, best "
            f"{step['champion_wins'] / max(1, step['champion_games']):.1%}")


__all__ = ["build_deck", "Candidate", "read_collection", "Swap"]
