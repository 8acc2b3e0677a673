"""Honest numbers: intervals, and the per-run aggregates every statistic is computed from.

Every rate carries a 95% Wilson score interval. Why Wilson rather than the normal
approximation: win rates near 0 or 1 (a hopeless or a dominant deck) are common here, and the
Wald interval collapses or leaves [0, 1] there. Means carry a normal-theory interval (the
samples are thousands of games); quantiles carry a distribution-free order-statistic interval.
Paired comparisons (two decks or two levels on the same seeds) use Newcombe's score interval
for a difference of paired proportions (his method 10, built from the two Wilson intervals)
and McNemar's exact test.

Bounded memory: a run is reduced chunk by chunk into a :class:`RunAggregate` of integer
counts and histograms whose size depends on the number of turns, cards and component words,
never on the number of games. Integer sums do not depend on the order of addition, so the
aggregates (and every statistic below) are identical whatever the chunk size or the jobs.
The per-game table stays available (one small row per game); the per-turn long table is
optional (``simulate(keep_turns=...)``) and nothing here needs it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from statistics import NormalDist

import numpy as np

from simulator.deferred import pandas as pd
from simulator.engine.rules.layout import OUTCOME_NAMES

CONFIDENCE = 0.95
REPORTED_OUTCOMES = ("win", "loss_hp", "loss_deck", "timeout")
USAGE_KINDS = ("drawn", "prepared", "activated", "channeled", "stranded")


def z_value(confidence: float = CONFIDENCE) -> float:
    """Two-sided standard normal quantile, e.g. 1.96 for 0.95."""
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson_interval(successes: int, trials: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """(low, high) Wilson score interval for a binomial proportion; (0, 1) with no trials."""
    low, high = wilson(np.asarray(successes), np.asarray(trials), confidence)
    return float(low), float(high)


def wilson(successes: np.ndarray, trials: np.ndarray,
           confidence: float = CONFIDENCE) -> tuple[np.ndarray, np.ndarray]:
    """Element-wise Wilson intervals (arrays of lows and highs); (0, 1) where trials == 0."""
    k = np.asarray(successes, dtype=float)
    n = np.asarray(trials, dtype=float)
    z = z_value(confidence)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(n > 0, k / n, 0.0)
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
        low = np.where(n > 0, np.maximum(0.0, centre - half), 0.0)
        high = np.where(n > 0, np.minimum(1.0, centre + half), 1.0)
    # Exact bounds at the edges (rounding would otherwise leave 1e-17 instead of 0).
    return np.where(k <= 0, 0.0, low), np.where((k >= n) & (n > 0), 1.0, high)


def mean_interval(values, confidence: float = CONFIDENCE) -> tuple[float, float, float]:
    """(mean, low, high): the mean of ``values`` with its normal-approximation interval."""
    v = np.asarray(values, dtype=float)
    if len(v) == 0:
        return float("nan"), float("nan"), float("nan")
    mean = float(v.mean())
    half = z_value(confidence) * float(v.std(ddof=1)) / np.sqrt(len(v)) if len(v) > 1 else 0.0
    return mean, mean - half, mean + half


def rate_columns(prefix: str, successes, trials) -> dict[str, np.ndarray]:
    """``{prefix: rate, prefix_low: ..., prefix_high: ...}`` columns for a table."""
    k, n = np.asarray(successes), np.asarray(trials)
    low, high = wilson(k, n)
    with np.errstate(divide="ignore", invalid="ignore"):
        rate = np.where(n > 0, k / np.maximum(n, 1), np.nan)
    return {prefix: rate, f"{prefix}_low": low, f"{prefix}_high": high}


def paired_difference(both: int, only_a: int, only_b: int, neither: int,
                      confidence: float = CONFIDENCE) -> tuple[float, float, float]:
    """(difference, low, high) of p_A - p_B from a paired 2x2 table (Newcombe, method 10).

    ``only_a`` counts the seeds A won and B lost. The interval combines the two Wilson
    intervals with the phi correlation of the pairs, so it stays inside [-1, 1] and is
    honest near 0 and 1 where the Wald interval of paired differences is not.
    """
    n = both + only_a + only_b + neither
    if n == 0:
        return 0.0, -1.0, 1.0
    p1, p2 = (both + only_a) / n, (both + only_b) / n
    l1, u1 = wilson_interval(both + only_a, n, confidence)
    l2, u2 = wilson_interval(both + only_b, n, confidence)
    margins = (both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither)
    cross = both * neither - only_a * only_b
    # Newcombe's phi: a positive association is shrunk by n/2 (a continuity correction).
    if margins == 0 or 0 <= cross <= n / 2:
        phi = 0.0
    else:
        phi = (cross - n / 2 if cross > 0 else cross) / math.sqrt(margins)
    d = p1 - p2
    delta = math.sqrt(max((p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2, 0.0))
    eps = math.sqrt(max((u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2, 0.0))
    return d, max(-1.0, d - delta), min(1.0, d + eps)


def excludes_zero(low: float, high: float) -> bool:
    """An interval of a difference that lies wholly above or below 0."""
    return low > 0 or high < 0


def mcnemar(only_a: int, only_b: int) -> dict:
    """McNemar's test on the discordant pairs: exact two-sided binomial p-value, and the
    continuity-corrected chi-square statistic with its p-value for reference."""
    from scipy.stats import binom, chi2

    m = only_a + only_b
    if m == 0:
        return {"discordant": 0, "p_value": 1.0, "chi2": 0.0, "chi2_p_value": 1.0}
    exact = min(1.0, 2 * float(binom.cdf(min(only_a, only_b), m, 0.5)))
    stat = (abs(only_a - only_b) - 1) ** 2 / m if only_a != only_b else 0.0
    return {"discordant": m, "p_value": exact, "chi2": stat, "chi2_p_value": float(chi2.sf(stat, 1))}


def holm(p_values) -> np.ndarray:
    """Holm's step-down adjustment of p-values tested together: a hypothesis is rejected at
    level a when its adjusted p-value is below a, and the chance of rejecting any true one is
    at most a whatever the number tested (the family-wise error rate)."""
    p = np.asarray(p_values, dtype=float)
    m = len(p)
    order = np.argsort(p, kind="stable")
    adjusted = np.minimum(1.0, np.maximum.accumulate((m - np.arange(m)) * p[order]))
    out = np.empty(m)
    out[order] = adjusted
    return out


# --- integer histograms ---------------------------------------------------------------------

@dataclass
class Histograms:
    """One integer histogram per row (e.g. per turn): exact means, spreads and quantiles from
    counts, with a value range that grows as data arrive (nothing is clipped)."""

    rows: int
    lo: int = 0
    counts: np.ndarray = None  # (rows, V) int64 counts of values lo .. lo+V-1

    def __post_init__(self) -> None:
        if self.counts is None:
            self.counts = np.zeros((self.rows, 1), np.int64)

    def _cover(self, lo: int, hi: int) -> None:
        new_lo, new_hi = min(self.lo, lo), max(self.lo + self.counts.shape[1] - 1, hi)
        if (new_lo, new_hi) != (self.lo, self.lo + self.counts.shape[1] - 1):
            grown = np.zeros((self.rows, new_hi - new_lo + 1), np.int64)
            start = self.lo - new_lo
            grown[:, start:start + self.counts.shape[1]] = self.counts
            self.lo, self.counts = new_lo, grown

    def add(self, row: np.ndarray, value: np.ndarray) -> None:
        row, value = np.asarray(row, np.int64).ravel(), np.asarray(value, np.int64).ravel()
        if len(value) == 0:
            return
        self._cover(int(value.min()), int(value.max()))
        width = self.counts.shape[1]
        flat = np.bincount(row * width + (value - self.lo), minlength=self.rows * width)
        self.counts += flat.reshape(self.rows, width)

    def merge(self, other: Histograms) -> None:
        self._cover(other.lo, other.lo + other.counts.shape[1] - 1)
        start = other.lo - self.lo
        self.counts[:, start:start + other.counts.shape[1]] += other.counts

    def summary(self, quantiles=(0.1, 0.5, 0.9)) -> dict[str, np.ndarray]:
        """Per row: n, mean with its 95% interval, and the requested quantiles."""
        values = self.lo + np.arange(self.counts.shape[1])
        n = self.counts.sum(axis=1)
        with np.errstate(divide="ignore", invalid="ignore"):
            mean = (self.counts * values).sum(axis=1) / n
            var = (self.counts * (values[None, :] - mean[:, None]) ** 2).sum(axis=1) / (n - 1)
            half = z_value() * np.sqrt(var / n)
        cum = np.cumsum(self.counts, axis=1)
        # A mean lies between the smallest and the largest value seen: the normal interval is
        # clipped to them (near a bound, e.g. HP near 0, it would otherwise leave the range)
        seen = self.counts > 0
        smallest = np.where(n > 0, values[np.argmax(seen, axis=1)], np.nan)
        largest = np.where(n > 0, values[len(values) - 1 - np.argmax(seen[:, ::-1], axis=1)], np.nan)
        out = {"n": n, "mean": mean, "mean_low": np.maximum(mean - half, smallest),
               "mean_high": np.minimum(mean + half, largest)}
        for q in quantiles:
            idx = np.argmax(cum >= np.maximum(np.ceil(q * n), 1)[:, None], axis=1)
            out[f"p{round(q * 100)}"] = np.where(n > 0, values[idx], np.nan)
        return out


def quantile_interval(counts: np.ndarray, q: float, lo: int = 0) -> tuple[float, float, float]:
    """(quantile, low, high) of integer data given as counts of ``lo, lo+1, ...``.

    Distribution-free 95% interval: the order statistics at ranks n*q -/+ z*sqrt(n*q*(1-q)).
    """
    counts = np.asarray(counts)
    n = int(counts.sum())
    if n == 0:
        return math.nan, math.nan, math.nan
    cum = np.cumsum(counts)
    spread = z_value() * math.sqrt(n * q * (1 - q))

    def at(rank: float) -> float:
        rank = min(max(math.ceil(rank), 1), n)
        return float(lo + np.searchsorted(cum, rank))

    return at(n * q), at(n * q - spread), at(n * q + spread + 1)


# --- the aggregate of a run -----------------------------------------------------------------

@dataclass
class RunAggregate:
    """Everything the statistics need, as integer counts (see the module docstring).

    Denominators: per-turn curves of HP, damage taken, Mana taken, Adversary HP, component
    availability and castability count the games still in progress on turn ``t`` (the game
    ended on turn ``t`` or later); the cumulative damage dealt to the Adversary counts every
    game (a finished game keeps its total). "By turn t" means on turn t or earlier. With
    several players, turn t is the t-th player turn of the game, and "available" or
    "castable" by turn t means for some player.
    """

    players: int
    horizon: int
    words: tuple[str, ...]
    card_ids: tuple[str, ...]
    card_names: tuple[str, ...]
    games: int = 0
    outcomes: np.ndarray = None      # (len(OUTCOME_NAMES),) games per outcome
    end_turns: np.ndarray = None     # (len(OUTCOME_NAMES), T+1) games by outcome and end turn
    hp: Histograms = None            # rows t*P+p: player HP after turn t, games in progress
    taken: Histograms = None         # rows t*P+p: cumulative HP lost, games in progress
    mana: Histograms = None          # rows t*P+p: cumulative Mana taken, games in progress
    adversary_hp: Histograms = None  # rows t: Adversary HP, games in progress where present
    dealt: Histograms = None         # rows t: cumulative damage to the Adversary, all games
    components_by: np.ndarray = None  # (T, W) games in progress with the word by turn t
    castable_by: np.ndarray = None   # (T, C) games in progress with the card castable by t
    usage_total: np.ndarray = None   # (5, C) USAGE_KINDS copies summed over games and players
    usage_games: np.ndarray = None   # (5, C) games with at least one
    usage_sq: np.ndarray = None      # (5, C) sum over games of (copies per game)**2
    activated_by: np.ndarray = None  # (T, C) games with the card activated by turn t
    wins_activated_by: np.ndarray = None  # (T, C) of which won
    board_overflow: int = 0
    extra: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        t, p, w, c = self.horizon, self.players, len(self.words), len(self.card_ids)
        zeros = {"outcomes": (len(OUTCOME_NAMES),), "end_turns": (len(OUTCOME_NAMES), t + 1),
                 "components_by": (t, w), "castable_by": (t, c), "usage_total": (5, c),
                 "usage_games": (5, c), "usage_sq": (5, c), "activated_by": (t, c),
                 "wins_activated_by": (t, c)}
        for name, shape in zeros.items():
            if getattr(self, name) is None:
                setattr(self, name, np.zeros(shape, np.int64))
        for name, rows in (("hp", t * p), ("taken", t * p), ("mana", t * p),
                           ("adversary_hp", t), ("dealt", t)):
            if getattr(self, name) is None:
                setattr(self, name, Histograms(rows))

    @classmethod
    def from_batch(cls, res, labels) -> RunAggregate:
        """Reduce one chunk's :class:`~simulator.engine.host.batch.BatchResult` (``labels``: its
        :class:`~simulator.engine.host.batch.BatchLabels`)."""
        b, t, p = res.hp_by_turn.shape
        agg = cls(players=p, horizon=t, words=labels.words, card_ids=labels.card_ids,
                  card_names=labels.card_names, games=b, board_overflow=int(res.board_overflow))
        outcome = res.outcome.astype(np.int64)
        end = np.clip(res.end_turn.astype(np.int64), 0, t)
        agg.outcomes += np.bincount(outcome, minlength=len(OUTCOME_NAMES))
        np.add.at(agg.end_turns, (outcome, end), 1)
        turn = np.arange(t)
        playing = turn[None, :] < end[:, None]  # (B, T) the game reached turn t+1
        g, tt = np.nonzero(playing)
        # HP as the rules mean it: a player below 0 is out, at 0 HP (the engine keeps the overkill)
        for hist, track in ((agg.hp, np.maximum(res.hp_by_turn, 0)), (agg.taken, res.taken_by_turn),
                            (agg.mana, res.mana_by_turn)):
            rows = (tt[:, None] * p + np.arange(p)[None, :])
            hist.add(rows, track[g, tt])
        adv = res.adversary_hp_by_turn
        present = playing & (adv >= 0)
        g2, t2 = np.nonzero(present)
        agg.adversary_hp.add(t2, adv[g2, t2])
        agg.dealt.add(np.broadcast_to(turn, (b, t)), res.dealt_by_turn)
        agg.components_by += _reached_by(res.components_by_turn, playing)
        agg.castable_by += _reached_by(res.castable_by_turn, playing)
        won = outcome == OUTCOME_NAMES.index("win")
        for k, name in enumerate(USAGE_KINDS):
            per_game = getattr(res, name).astype(np.int64).sum(axis=1)  # (B, C)
            agg.usage_total[k] += per_game.sum(axis=0)
            agg.usage_games[k] += (per_game > 0).sum(axis=0)
            agg.usage_sq[k] += (per_game ** 2).sum(axis=0)
        first = res.first_activation.astype(np.int64)
        first = np.where(first > 0, first, t + 1).min(axis=1)  # (B, C) any player
        by = first[:, None, :] <= (turn + 1)[None, :, None]  # (B, T, C)
        agg.activated_by += by.sum(axis=0)
        agg.wins_activated_by += by[won].sum(axis=0)
        return agg

    def empty_like(self) -> RunAggregate:
        """An aggregate of no games of the same matchup, its own arrays writable: what a run
        folds its chunks into (a chunk's arrays may be read-only, as ray hands them back)."""
        return RunAggregate(self.players, self.horizon, self.words, self.card_ids, self.card_names)

    def merge(self, other: RunAggregate) -> None:
        """Add ``other``'s counts to this aggregate's (``other`` is left as it was)."""
        if (other.horizon, other.players, other.words, other.card_ids) != (
                self.horizon, self.players, self.words, self.card_ids):
            raise ValueError("cannot merge aggregates of different matchups")
        self.games += other.games
        self.board_overflow += other.board_overflow
        for name in ("outcomes", "end_turns", "components_by", "castable_by", "usage_total",
                     "usage_games", "usage_sq", "activated_by", "wins_activated_by"):
            getattr(self, name)[...] += getattr(other, name)
        for name in ("hp", "taken", "mana", "adversary_hp", "dealt"):
            getattr(self, name).merge(getattr(other, name))

    def count(self, outcome: str) -> int:
        return int(self.outcomes[OUTCOME_NAMES.index(outcome)])


def _reached_by(flags: np.ndarray, playing: np.ndarray) -> np.ndarray:
    """(T, K) games in progress on turn t whose flag (B, T, K) was set on turn t or earlier."""
    ever = np.logical_or.accumulate(flags, axis=1)
    return (ever & playing[:, :, None]).sum(axis=0)


# --- tables ---------------------------------------------------------------------------------

def outcome_rates(agg: RunAggregate) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """``(games, rate columns)`` of each reported outcome (REPORTED_OUTCOMES order): the
    games, and the rate with its 95% Wilson interval (:func:`rate_columns` ``"rate"``)."""
    counts = np.array([agg.count(o) for o in REPORTED_OUTCOMES])
    return counts, rate_columns("rate", counts, np.full(len(counts), agg.games))


def outcome_table(agg: RunAggregate) -> pd.DataFrame:
    """Outcome mix: games, rate and 95% Wilson interval of each reported outcome."""
    counts, rates = outcome_rates(agg)
    return pd.DataFrame({"outcome": REPORTED_OUTCOMES, "games": counts, **rates})


def end_turn_curves(agg: RunAggregate) -> pd.DataFrame:
    """By turn t: won by t, lost by t (cumulative incidence) and survival (not lost by t)."""
    turns = np.arange(1, agg.horizon + 1)
    n = np.full(agg.horizon, agg.games)
    won = np.cumsum(agg.end_turns[OUTCOME_NAMES.index("win")])[1:]
    lost = sum(np.cumsum(agg.end_turns[OUTCOME_NAMES.index(o)])[1:] for o in ("loss_hp", "loss_deck"))
    frame = pd.DataFrame({"turn": turns, "games": n, **rate_columns("won_by", won, n),
                          **rate_columns("lost_by", lost, n)})
    frame["survival"] = 1 - frame["lost_by"]
    frame["survival_low"], frame["survival_high"] = 1 - frame["lost_by_high"], 1 - frame["lost_by_low"]
    frame["not_won"] = 1 - frame["won_by"]
    frame["not_won_low"], frame["not_won_high"] = 1 - frame["won_by_high"], 1 - frame["won_by_low"]
    return frame


def end_turn_quantiles(agg: RunAggregate, outcomes: tuple[str, ...] | None = None,
                       q: float = 0.5) -> tuple[float, float, float]:
    """(median, low, high) turn on which games ended (with one of these outcomes)."""
    rows = agg.end_turns if outcomes is None else agg.end_turns[[OUTCOME_NAMES.index(o) for o in outcomes]]
    return quantile_interval(rows.sum(axis=0), q)


def games_in_progress(agg: RunAggregate) -> np.ndarray:
    """(T,) games that reached turn t (ended on turn t or later)."""
    by_end = agg.end_turns.sum(axis=0)  # (T+1,)
    return by_end[::-1].cumsum()[::-1][1:]


def turn_curves(agg: RunAggregate) -> pd.DataFrame:
    """Long table (turn, series): n, mean with its 95% interval, 10%, 50% and 90% quantiles.

    Series: ``dealt`` (cumulative damage to the Adversary, every game), ``adversary_hp``,
    and per player ``hp_pK``, ``taken_pK`` (cumulative HP lost), ``mana_pK`` (cumulative Mana
    taken), over the games in progress on that turn.
    """
    turns = np.arange(1, agg.horizon + 1)
    frames = []

    def add(series: str, summary: dict) -> None:
        frames.append(pd.DataFrame({"turn": turns, "series": series, **summary}))

    add("dealt", agg.dealt.summary())
    add("adversary_hp", agg.adversary_hp.summary())
    for name in ("hp", "taken", "mana"):
        summary = getattr(agg, name).summary()
        for q in range(agg.players):
            add(f"{name}_p{q + 1}", {k: v[q::agg.players] for k, v in summary.items()})
    return pd.concat(frames, ignore_index=True)


def component_table(agg: RunAggregate) -> pd.DataFrame:
    """(turn, word): share of the games in progress with the word on the board by turn t."""
    reached = games_in_progress(agg)
    rows = [pd.DataFrame({"turn": np.arange(1, agg.horizon + 1), "word": word, "games": reached,
                          **rate_columns("available_by", agg.components_by[:, w], reached)})
            for w, word in enumerate(agg.words)]
    return pd.concat(rows, ignore_index=True) if rows else pd.DataFrame(
        columns=["turn", "word", "games", "available_by", "available_by_low", "available_by_high"])


def castable_table(agg: RunAggregate) -> pd.DataFrame:
    """(turn, card): share of the games in progress where the card was castable by turn t."""
    reached = games_in_progress(agg)
    rows = [pd.DataFrame({"turn": np.arange(1, agg.horizon + 1), "card": cid, "name": name,
                          "games": reached, **rate_columns("castable_by", agg.castable_by[:, c], reached)})
            for c, (cid, name) in enumerate(zip(agg.card_ids, agg.card_names, strict=True))]
    return pd.concat(rows, ignore_index=True)


def card_usage_table(agg: RunAggregate) -> pd.DataFrame:
    """Per card: for each of drawn / prepared / activated / channeled / stranded in hand, the
    share of games where it happened at least once (Wilson interval) and the mean number of
    copies per game (normal interval). Counts are summed over the players of a game."""
    n = agg.games
    data: dict[str, object] = {"card": list(agg.card_ids), "name": list(agg.card_names)}
    z = z_value()
    for k, kind in enumerate(USAGE_KINDS):
        data.update(rate_columns(f"{kind}_games", agg.usage_games[k], np.full(len(agg.card_ids), n)))
        mean = agg.usage_total[k] / max(n, 1)
        var = np.maximum(agg.usage_sq[k] / max(n, 1) - mean ** 2, 0.0) * n / max(n - 1, 1)
        half = z * np.sqrt(var / max(n, 1))
        data.update({f"{kind}_mean": mean, f"{kind}_mean_low": mean - half,
                     f"{kind}_mean_high": mean + half})
    return pd.DataFrame(data)


#: A card is "mostly prepared for nothing" when at least this share of its preparations were
#: never activated nor channeled, over at least MIN_PREPARED_FOR_WARNING preparations.
UNUSED_SHARE_WARNING = 0.5
MIN_PREPARED_FOR_WARNING = 10


def prepared_use_table(agg: RunAggregate) -> pd.DataFrame:
    """Per card, summed over the games and players: the copies prepared, played (a spell
    activated, a persistent card put into play), channeled, and never used: prepared but
    neither activated nor channeled (discarded from preparation, or still in preparation when
    the game ended), with that share of the preparations. Read from the engine's usage counts
    (actions.count_action); a card put into play otherwise than by a preparation counts
    played, never prepared."""
    k = {kind: USAGE_KINDS.index(kind) for kind in ("prepared", "activated", "channeled")}
    prepared = agg.usage_total[k["prepared"]].astype(np.int64)
    played = agg.usage_total[k["activated"]].astype(np.int64)
    channeled = agg.usage_total[k["channeled"]].astype(np.int64)
    unused = np.maximum(prepared - played - channeled, 0)
    share = np.divide(unused, prepared, out=np.zeros(len(prepared)), where=prepared > 0)
    return pd.DataFrame({"card": list(agg.card_ids), "name": list(agg.card_names),
                         "prepared": prepared, "played": played, "channeled": channeled,
                         "unused": unused, "unused_share": share})


def prepared_for_nothing(table: pd.DataFrame, bot: str) -> list[str]:
    """One warning per card mostly prepared for nothing (:func:`prepared_use_table`): its win
    rate and value then say how the bot plays it, not what the card can do."""
    rows = table[(table["prepared"] >= MIN_PREPARED_FOR_WARNING)
                 & (table["unused_share"] >= UNUSED_SHARE_WARNING)]
    return [f"{r.name}: prepared {r.prepared}, played {r.played}, channeled {r.channeled}, "
            f"never used {r.unused} ({r.unused_share:.0%}): the {bot} bot mostly prepares it for "
            "nothing, so its value is a statement about the bot, not the card"
            for r in rows.itertuples()]


def activation_win_table(agg: RunAggregate) -> pd.DataFrame:
    """(card, turn): win rate of the games where the card was activated by turn t, and of the
    games where it was not, each with its Wilson interval (an association, not a cause)."""
    n, wins = agg.games, agg.count("win")
    rows = []
    for c, (cid, name) in enumerate(zip(agg.card_ids, agg.card_names, strict=True)):
        act, won = agg.activated_by[:, c], agg.wins_activated_by[:, c]
        rows.append(pd.DataFrame({
            "card": cid, "name": name, "turn": np.arange(1, agg.horizon + 1),
            "activated_games": act, **rate_columns("win_if_activated", won, act),
            "other_games": n - act, **rate_columns("win_if_not", wins - won, n - act)}))
    return pd.concat(rows, ignore_index=True)
