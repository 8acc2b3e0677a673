"""The statistics of duels: rates measured on seat-swapped pairs, and the per-chunk aggregate
of the per-turn curves.

Why pairs need their own interval: ``duel`` plays every seed twice, each side first once
(:mod:`simulator.duel_games`, ``order="both"``). The two games of a seed are not two
independent games: they share the seed, so they can move together (a seed whose shuffles
favour a deck in both seats) or against each other (a strong first-player advantage: each
side wins the game it starts). The independent unit is the *pair*. A rate is therefore
estimated as the mean over pairs of the pair's share (0, 1/2 or 1 of its two games), and its
95% interval is a Wilson score interval on the *effective* number of games: the number of
independent games that would give the variance the pairs show (the design effect of a
cluster sample; Korn and Graubard's use of it for Wilson intervals). It lies between the
number of pairs (the two games of each pair always alike) and the number of games (the two
games independent); it is never taken above the number of games, so a pairing that makes
the two games of a seed opposite (which narrows the true spread) only makes the interval
conservative, and a rate of 0 or 1, whose pairs show no spread, counts the pairs alone, as
do fewer than :data:`MIN_CLUSTERS` pairs (their spread is then too uncertain to rely on). The
same estimator serves the gauntlet's ranking, whose clusters are the seeds a deck played
against every opponent.

:class:`DuelAggregate` is what a run keeps of the per-turn arrays, chunk by chunk, as
:class:`simulator.stats.RunAggregate` does for solo runs: integer histograms of each
position's HP and HP lost after each turn, the games by side outcome and end turn, and the
cards that dealt the last HP. Its size depends on the horizon and the decks' cards, never on
the number of games.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from simulator.deferred import pandas as pd
from simulator.engine.rules import layout as L
from simulator.stats import CONFIDENCE, Histograms, quantile_interval, wilson

#: Below this many clusters their spread is itself too uncertain to size the interval by:
#: it counts the clusters alone (always enough: a cluster is at least one independent game).
MIN_CLUSTERS = 30


def pair_rate(hits: np.ndarray, games_per_cluster: int = 2,
              confidence: float = CONFIDENCE) -> tuple[float, float, float]:
    """``(rate, low, high)`` of a proportion measured on clusters of games: ``hits[i]`` is
    the number of games of cluster ``i`` (a seed pair: 2 games) where it happened. The
    interval is Wilson's on the effective number of games (module docstring), kept between
    the number of clusters and the number of games."""
    rates, lows, highs = pair_rates(np.asarray(hits)[None, :], games_per_cluster, confidence)
    return float(rates[0]), float(lows[0]), float(highs[0])


def pair_rates(hits: np.ndarray, games_per_cluster: int = 2,
               confidence: float = CONFIDENCE) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`pair_rate` of each row of ``hits`` (R, clusters): arrays of rates, lows and
    highs; a row of no clusters is (0, 0, 1)."""
    share = np.asarray(hits, float) / games_per_cluster   # (R, N) each cluster's share
    clusters = share.shape[1]
    games = clusters * games_per_cluster
    if clusters == 0:
        rows = share.shape[0]
        return np.zeros(rows), np.zeros(rows), np.ones(rows)
    rate = share.mean(axis=1)
    spread = share.var(axis=1, ddof=1) if clusters > 1 else np.zeros(len(rate))
    with np.errstate(divide="ignore", invalid="ignore"):
        effective = np.where(spread > 0, rate * (1 - rate) * clusters / spread, games)
    if clusters < MIN_CLUSTERS:  # too few pairs to tell their spread: the sure bound
        effective = np.full(len(rate), float(clusters))
    effective = np.where((rate <= 0) | (rate >= 1), clusters, effective)
    effective = np.clip(effective, clusters, games)
    low, high = wilson(rate * effective, effective, confidence)
    return rate, low, high


def per_pair(flags: np.ndarray) -> np.ndarray:
    """(N,) how many of each seed pair's two games a per-game flag (2N,) holds, the games in
    pair order (a seed's two games one after the other, as ``order="both"`` plays them)."""
    return np.asarray(flags, np.int64).reshape(-1, 2).sum(axis=1)


@dataclass
class DuelAggregate:
    """The per-turn statistics of a duel's games as integer counts (module docstring).

    Rows of the histograms are ``t * P + k``: position ``k`` after turn ``t`` of the game
    (each player's turn counts), over the games still in progress on that turn."""

    positions: int
    horizon: int
    games: int = 0
    hp: Histograms = None          # rows t*P+k: HP after turn t (out: 0), games in progress
    taken: Histograms = None       # rows t*P+k: cumulative HP lost, games in progress
    end_turns: np.ndarray = None   # (2, len(OUTCOME_NAMES), T+1) games by side outcome, end
    last_hits: list = field(default_factory=lambda: [Counter(), Counter()])  # per side:
    # card name -> positions of the side put out at 0 HP by a blow of that card

    def __post_init__(self) -> None:
        rows = self.horizon * self.positions
        if self.hp is None:
            self.hp, self.taken = Histograms(rows), Histograms(rows)
        if self.end_turns is None:
            self.end_turns = np.zeros((2, len(L.OUTCOME_NAMES), self.horizon + 1), np.int64)

    @classmethod
    def from_games(cls, games) -> DuelAggregate:
        """Reduce one chunk's :class:`~simulator.duel_games.DuelGames`, its per-turn arrays
        kept."""
        n, t, p = games.hp_by_turn.shape
        agg = cls(positions=p, horizon=t, games=n)
        end = np.clip(games.turns.astype(np.int64), 0, t)
        g, tt = np.nonzero(np.arange(t)[None, :] < end[:, None])  # the game reached turn t+1
        rows = tt[:, None] * p + np.arange(p)[None, :]
        agg.hp.add(rows, np.maximum(games.hp_by_turn[g, tt], 0))
        agg.taken.add(rows, games.taken_by_turn[g, tt])
        for side in range(2):
            np.add.at(agg.end_turns[side], (games.outcome[:, side].astype(np.int64), end), 1)
        per_side = len(games.positions) // 2
        hit = (games.out_reason == L.OUT_HP) & (games.last_hit != "")
        for k in range(p):
            agg.last_hits[k // per_side].update(games.last_hit[hit[:, k], k].tolist())
        return agg

    def empty_like(self) -> DuelAggregate:
        return DuelAggregate(self.positions, self.horizon)

    def merge(self, other: DuelAggregate) -> None:
        """Add ``other``'s counts (``other`` is left as it was)."""
        if (other.positions, other.horizon) != (self.positions, self.horizon):
            raise ValueError("cannot merge the aggregates of different duels")
        self.games += other.games
        self.hp.merge(other.hp)
        self.taken.merge(other.taken)
        self.end_turns += other.end_turns
        for mine, theirs in zip(self.last_hits, other.last_hits, strict=True):
            mine.update(theirs)

    def end_turn_interval(self, side: int | None = None,
                          outcomes: tuple[int, ...] | None = None) -> tuple[float, float, float]:
        """(median, low, high) turn the games ended on: all games, or those where ``side``
        had one of ``outcomes`` (``layout`` codes); NaN when there are none."""
        counts = self.end_turns[0 if side is None else side]
        if outcomes is not None:
            counts = counts[list(outcomes)]
        return quantile_interval(counts.sum(axis=0), 0.5)

    def curves(self, labels) -> pd.DataFrame:
        """Long table (turn, series): n, mean with its 95% interval, 10/50/90% quantiles of
        ``hp_X`` (HP after the turn) and ``taken_X`` (HP lost so far) per position ``X`` of
        ``labels``, over the games in progress."""
        turns = np.arange(1, self.horizon + 1)
        frames = []
        for name, hist in (("hp", self.hp), ("taken", self.taken)):
            summary = hist.summary()
            for k, label in enumerate(labels):
                frames.append(pd.DataFrame({"turn": turns, "series": f"{name}_{label}",
                                            **{key: v[k::self.positions]
                                               for key, v in summary.items()}}))
        return pd.concat(frames, ignore_index=True)

    def won_by(self) -> pd.DataFrame:
        """(turn, side): the share of all games the side had won by turn t, with its Wilson
        interval (a cumulative incidence; the seed pairs are not taken into account here, the
        curves show when, the summary's intervals how often)."""
        from simulator.stats import rate_columns

        frames = []
        for side in range(2):
            won = np.cumsum(self.end_turns[side, L.WIN])[1:]
            n = np.full(self.horizon, self.games)
            frames.append(pd.DataFrame({"turn": np.arange(1, self.horizon + 1), "side": side,
                                        **rate_columns("won_by", won, n)}))
        return pd.concat(frames, ignore_index=True)
