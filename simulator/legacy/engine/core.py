"""The engine context: state + card tables + policy + options, and the decision gateway.

Rules never ask a bot anything directly. Every choice the rules leave to a player goes
through :meth:`Engine.decide`: the rules build the legal options as a boolean mask, the
policy answers one index per game, and the engine checks that the answer is legal (an
illegal answer is a bug and fails loudly).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from simulator.legacy.engine.options import RuleOptions
from simulator.legacy.engine.state import GameState
from simulator.legacy.engine.tables import BatchTables


class EngineError(RuntimeError):
    """An internal inconsistency: the engine refuses to produce a wrong number."""


def all_distinct(games: np.ndarray) -> bool:
    """True when no game appears twice in ``games``.

    Why the increasing test first: the engine's game lists are nearly always increasing, and
    that test is much cheaper than the sort of ``np.unique``, which is the fallback.
    """
    games = np.asarray(games)
    if len(games) < 2 or (games[1:] > games[:-1]).all():
        return True
    return len(np.unique(games)) == len(games)


def ranked_entries(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(rows, columns, rank)`` (m,) each: the True entries of the (n, K) bool ``mask`` row by
    row, and each one's rank among its row's True entries (0 for the leftmost)."""
    count = mask.sum(axis=1)  # (n,)
    rows, columns = np.nonzero(mask)  # row by row, each row's columns left to right
    return rows, columns, np.arange(len(rows)) - np.repeat(np.cumsum(count) - count, count)


def ranked_columns(mask: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """``[(rows, columns), ...]``: round i holds the i-th True column (left to right) of every
    row of the (n, K) ``mask`` that has more than i of them.

    Why: a per-game effect over several slots or targets, applied round by round, touches each
    game in column order as a loop over the columns would, but in as many calls as the most a
    game has (usually one) rather than one per column any game uses; and a round never holds
    a game twice (Mana additions require that). Each True entry's round is its rank within
    its row, read off the entries' positions (no sort of the whole mask: most rows hold none)."""
    rows, columns, rank = ranked_entries(mask)
    rounds = []
    for i in range(int(rank.max(initial=-1)) + 1):
        here = rank == i
        rounds.append((rows[here], columns[here]))
    return rounds


@dataclass
class Engine:
    """One batch of games being played."""

    state: GameState
    tables: BatchTables
    policy: object
    statics: object  # Statics compiled from the card effects (engine.statics)
    options: RuleOptions
    active: np.ndarray = None  # (B,) int8 the active player of each game (-1 none)
    log: Callable[[np.ndarray, str], None] | None = None  # transcript sink, replay only
    counters: dict = field(default_factory=lambda: {"board_overflow": 0})

    def __post_init__(self) -> None:
        if self.active is None:
            self.active = np.zeros(self.state.batch, dtype=np.int8)
        #: (B,) int64 decisions each game has made: the counter of per-game random choices
        self.decision_count = np.zeros(self.state.batch, dtype=np.int64)
        #: (B, P, S) bool board cards whose effects are being applied by another card (Wave
        #: echo, Tornado): they cannot be chosen again in the same chain
        self.applying = np.zeros(self.state.board_card.shape, dtype=bool)
        #: (B,) bool the active player has taken their pile this turn: from then on, Mana
        #: added to the Available Ether waits for the next player's turn (public, as the
        #: turn structure is; a policy reads it to know who takes the next pile)
        self.pile_taken = np.zeros(self.state.batch, dtype=bool)

    # --- decisions -----------------------------------------------------------------
    def decide(self, kind: str, games: np.ndarray, players: np.ndarray,
               options: np.ndarray, **context) -> np.ndarray:
        """Ask the policy to choose one legal option per game.

        games: (n,) int game indices; players: (n,) int deciding player per game;
        options: (n, K) bool legal options, at least one true per row.
        Returns (n,) int chosen option indices.
        """
        if len(games) == 0:
            return np.zeros(0, dtype=np.int64)
        # (when the first option is open to every game, as passing is, no row can be empty)
        if not (options[:, 0].all() or options.any(axis=1).all()):
            raise EngineError(f"decision {kind!r} offered a game no legal option")
        choice = np.asarray(self.policy.decide(self, kind, games, players, options, **context),
                            dtype=np.int64)
        if choice.shape != (len(games),):
            raise EngineError(f"policy answered {kind!r} with shape {choice.shape}")
        if not options[np.arange(len(games)), choice].all():
            raise EngineError(f"policy chose an illegal option for {kind!r}")
        return choice

    # --- transcript ----------------------------------------------------------------
    def say(self, games: np.ndarray, template: str, *columns) -> None:
        """Write ``template.format(*row)`` for each game when a replay is being recorded.

        columns: per-game sequences of length n (arrays, or :meth:`names` of card ids);
        nothing is formatted when no transcript is being recorded.
        """
        if self.log is None or len(games) == 0:
            return
        for i, g in enumerate(np.asarray(games).tolist()):
            self.log(g, template.format(*(col[i] for col in columns)))

    def names(self, cards: np.ndarray) -> CardNames:
        """A lazy per-game column of card names for :meth:`say`."""
        return CardNames(self.tables.names, cards)

    def card_name(self, card: int) -> str:
        return self.tables.names[int(card)]


@dataclass
class DecisionSeries:
    """Context of decisions asked one after another on an unchanged game state.

    Decision ``k`` of a series concerns the games ``games[rows]`` (``rows`` is in its context
    too), and nothing changes the state between two decisions of the series: e.g. the
    elements of one Mana addition, chosen one Mana at a time. A policy may therefore compute
    a value that depends only on the state once for all the series' games and reuse its
    rows (:meth:`reuse`) instead of computing it again at every decision.
    """

    games: np.ndarray    # (n,) game indices
    players: np.ndarray  # (n,) deciding player per game
    memo: dict = field(default_factory=dict)  # key -> (n, ...) value computed for all games

    def reuse(self, key: str, compute: Callable[[np.ndarray, np.ndarray], object],
              rows: np.ndarray, games: np.ndarray):
        """Rows ``rows`` of ``compute(games, players)`` for the whole series (an array, or a
        tuple of arrays: the rows of each), computed at the first call only; ``games`` are the
        decision's games (checked to be those rows)."""
        if not np.array_equal(self.games[rows], games):
            raise EngineError("a decision of a series asked about other games than its rows")
        if key not in self.memo:
            self.memo[key] = compute(self.games, self.players)
        value = self.memo[key]
        # take: rows of a 2-D or 3-D array several times faster than indexing with ``rows``
        if isinstance(value, tuple):
            return tuple(v.take(rows, axis=0) for v in value)
        return value.take(rows, axis=0)


class CardNames:
    """Card ids shown as names, looked up only when a transcript line is written."""

    def __init__(self, names: tuple[str, ...], cards: np.ndarray):
        self._names, self._cards = names, cards

    def __getitem__(self, i: int) -> str:
        return self._names[int(self._cards[i])]
