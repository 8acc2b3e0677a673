"""Playing a batch of games from Python: tables, states, threads, results.

:func:`play` is the engine's one entry point for runs: it builds the batch's tables and
states (:mod:`simulator.engine.rules.state`), plays every game on the compiled batch loop
(``game.play_batch``, spread over ``threads``), checks that no game hit an internal error,
and returns the per-game result arrays (:class:`BatchResult`) the statistics are built from.

The caller hands it the bot (an entry of the bots' registry, ``simulator.bots.get(name)``):
the engine imports nothing of the bots and needs only what :class:`Bot` names.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from simulator.cards import CardDB
from simulator.decks import Deck
from simulator.engine.compiler.late_bound import bind
from simulator.engine.compiler.warmup import ensure
from simulator.engine.host.tables import BatchInfo, build_batch_tables
from simulator.engine.rules import layout as L
from simulator.engine.rules import rng
from simulator.engine.rules.errors import EngineError, describe
from simulator.engine.rules.options import RuleOptions
from simulator.engine.rules.state import new_states
from simulator.scenarios import Scenario


class Bot(Protocol):
    """What the engine needs of a bot: its compiled choose function, called through its
    address (``late.bind``) with the signature ``late.CHOOSE_ARGS``, and one record per lane
    (their layout is the bots' own: the engine passes each lane's address in ``work.bot``)."""

    choose: Callable

    def records(self, lanes: int, tables: np.ndarray, info: BatchInfo) -> np.ndarray: ...


@dataclass(frozen=True)
class Matchup:
    """What a batch plays: one deck per seat (seats play in seat order); in solo & co-op
    (``mode`` "solo") against a scenario level, in a duel ("duel": two seats; "teams": four,
    the teams alternating, seats 0 and 2 against 1 and 3) against each other, with no
    scenario (``scenario`` and ``level`` None)."""

    decks: tuple[Deck, ...]
    scenario: Scenario | None
    level: str | None
    mode: str = "solo"

    @property
    def players(self) -> int:
        return len(self.decks)


@dataclass
class BatchResult:
    """Per-game outcome arrays of one batch (tidy frames are built from these)."""

    seed: np.ndarray           # (B,) uint64 game seeds
    outcome: np.ndarray        # (B,) int8 OUTCOME_NAMES index
    end_turn: np.ndarray       # (B,) int16 player turn on which the game ended
    final_hp: np.ndarray       # (B, P) int32 players' HP at the end
    out_reason: np.ndarray     # (B, P) int8 why each player went out (0 = still in)
    mage_noir_turn: np.ndarray  # (B, P) int16 first turn as a Mage Noir, 0 never
    damage_to_adversary: np.ndarray  # (B,) int32 damage dealt to the Adversary card
    damage_taken: np.ndarray   # (B, P) int32 HP lost by each player
    mana_taken: np.ndarray     # (B, P) int32 Mana taken from the Available Ether
    hp_by_turn: np.ndarray     # (B, T, P) int16 players' HP after each player turn
    adversary_hp_by_turn: np.ndarray  # (B, T) int16 Adversary HP after each turn, -1 absent
    dealt_by_turn: np.ndarray  # (B, T) int32 cumulative damage to the Adversary
    board_overflow: int        # preparations refused for lack of board slots (engine limit)
    last_hit_card: np.ndarray = None   # (B, P) int16 local card that last made each player
    #                                    lose HP (BatchLabels.all_names), -1 none
    adversary_arrived: np.ndarray = None  # (B,) int16 turn the Adversary card came into play,
    #                                       0 never
    # Per-turn records (turn t is index t-1). A game's last turn holds the values at its end
    # (which may come in the Adversary turn after it); later turns repeat them, except the
    # boolean records, which stay False there.
    taken_by_turn: np.ndarray = None   # (B, T, P) int32 cumulative HP lost by each player
    mana_by_turn: np.ndarray = None    # (B, T, P) int32 cumulative Mana taken from the Ether
    player_by_turn: np.ndarray = None  # (B, T) int8 player who played turn t, -1 none
    components_by_turn: np.ndarray = None  # (B, T, W) bool word w on that player's board
    castable_by_turn: np.ndarray = None  # (B, T, C) bool card c castable on turn t
    # Card usage per game; C: the decks' card kinds, batch_labels().card_ids.
    drawn: np.ndarray = None           # (B, P, C) int16 copies drawn, starting hand included
    prepared: np.ndarray = None        # (B, P, C) int16 copies prepared
    activated: np.ndarray = None       # (B, P, C) int16 plays: spells activated, Permanents,
    #                                    Equipment and Rituals put into play
    channeled: np.ndarray = None       # (B, P, C) int16 channelings
    first_activation: np.ndarray = None  # (B, P, C) int16 turn first played, 0 never
    stranded: np.ndarray = None        # (B, P, C) int16 copies in hand after the last turn


@dataclass(frozen=True)
class BatchLabels:
    """Names along the W and C axes of a matchup's BatchResult arrays."""

    words: tuple[str, ...]       # (W,) component words some card of the decks requires
    card_ids: tuple[str, ...]    # (C,) database ids of the decks' card kinds (local id order)
    card_names: tuple[str, ...]  # (C,) their display names
    all_names: tuple[str, ...] = ()  # every local card's name, the Adversary's after the decks'


def batch_labels(matchup: Matchup, db: CardDB) -> BatchLabels:
    from simulator.cards import COMPONENT_WORDS

    _, info = build_batch_tables(matchup, db, RuleOptions(), check_playable=False)
    n = info.n_player_cards
    return BatchLabels(tuple(COMPONENT_WORDS[w] for w in info.words), info.ids[:n],
                       info.names[:n], tuple(info.names))


def new_work(lanes: int) -> np.ndarray:
    """(lanes,) work records, zeroed (their large buffers are only touched when used); no
    cause of logged events yet."""
    work = np.zeros(lanes, L.WORK_DTYPE)
    work["cause_card"] = -1
    work["cause_trig"] = -1
    return work


def seat_bot(work: np.ndarray, records: np.ndarray) -> None:
    """Give each lane of ``work`` its bot record of ``records`` (as many): its address, in
    ``work.bot``. The caller keeps ``records`` alive while the lanes play."""
    assert len(records) == len(work) and records.flags.c_contiguous
    work["bot"] = records.ctypes.data + records.dtype.itemsize * np.arange(len(records))


def check_errors(states: np.ndarray) -> None:
    """Raise :class:`EngineError` when a game hit an internal error (an engine bug)."""
    bad = np.flatnonzero(states["error"] != 0)
    if len(bad):
        g = int(bad[0])
        raise EngineError(f"{describe(int(states['error'][g]), int(states['error_info'][g]))} "
                          f"(game seed {int(states['seed'][g])}; {len(bad)} game(s) affected)")


def play(matchup: Matchup, db: CardDB, seeds: np.ndarray, bot: Bot, options: RuleOptions,
         threads: int = 1, work: np.ndarray | None = None) -> BatchResult:
    """Play one batch of games to the end on ``threads`` threads with ``bot``; return its
    result arrays.

    work: the lanes' work records (one per thread), when the caller wants to read them
    afterwards (a replay's event log).
    """
    summary, usage, tracks = play_arrays(matchup, db, seeds, bot, options, threads, work)
    return result_of(summary, usage, matchup.players, tracks)


def play_arrays(matchup: Matchup, db: CardDB, seeds: np.ndarray, bot: Bot | Sequence[Bot],
                options: RuleOptions, threads: int = 1, work: np.ndarray | None = None
                ) -> tuple[np.ndarray, np.ndarray, dict[str, np.ndarray]]:
    """:func:`play`'s games, as the raw arrays they leave: the summary rows (B, SUM_W;
    ``layout.SUM_*`` columns, a duel's team outcomes included), the card usage (B, 6, P, C)
    and the per-turn tracks (``hp``, ``adv``, ``dealt``, ``taken``, ``mana``, ``player``,
    ``components``, ``castable``: game first). ``bot``: one bot for every seat, or one per
    seat (a duel's mixed seats, :func:`seat_bots`)."""
    from simulator.engine.rules.game import play_range

    tables, info = build_batch_tables(matchup, db, options)
    per_seat = tuple(bot) if isinstance(bot, Sequence) else (bot,) * matchup.players
    if len(per_seat) != matchup.players:
        raise ValueError(f"{len(per_seat)} bots for {matchup.players} seats")
    for b in dict.fromkeys(per_seat):
        ensure(bot=b)
    bind(tables, per_seat[0].choose)
    seeds = np.asarray(seeds, np.uint64)
    template = new_states(matchup, info, tables, seeds[:1], options)
    b, p = len(seeds), matchup.players
    horizon = options.max_rounds * p
    n = info.n_player_cards
    threads = max(1, min(threads, b))
    if work is None:
        work = new_work(threads)
    kept = seat_bots(work, tables, info, per_seat)  # the bots' records, alive while playing
    scratch = np.zeros(threads, L.STATE_DTYPE)
    summary = np.zeros((b, L.SUM_W), np.int64)
    usage = np.zeros((b, len(L.USAGE_FIELDS), p, n), np.int16)
    tracks = dict(
        hp=np.zeros((b, horizon, p), np.int16), adv=np.full((b, horizon), -1, np.int16),
        dealt=np.zeros((b, horizon), np.int32), taken=np.zeros((b, horizon, p), np.int32),
        mana=np.zeros((b, horizon, p), np.int32), player=np.full((b, horizon), -1, np.int8),
        components=np.zeros((b, horizon, len(info.words)), np.int8),
        castable=np.zeros((b, horizon, n), np.int8))
    arrays = (summary, usage, tracks["hp"], tracks["adv"], tracks["dealt"], tracks["taken"],
              tracks["mana"], tracks["player"], tracks["components"], tracks["castable"])

    def lane(t: int) -> None:  # games t, t + threads, ...: their lengths average out
        play_range(template, seeds, tables, work, scratch, t, t, b, threads, *arrays)

    if threads == 1:
        lane(0)
    else:
        with ThreadPoolExecutor(threads) as pool:
            list(pool.map(lane, range(threads)))
    del kept
    check_summary_errors(summary)
    return summary, usage, tracks


def seat_bots(work: np.ndarray, tables: np.ndarray, info: BatchInfo,
              bots: Sequence[Bot]) -> list[np.ndarray]:
    """Give the lanes of ``work`` the bots of the seats, one per seat: with one bot for
    every seat, its record per lane (``work.bot``), as ever; with several (a duel's mixed
    seats), each seat's choose function and its bot's record per lane
    (``work.seat_choose``, ``seat_bot``, read by the decision gateway once
    ``tables.seat_bots`` is set). Seats with the same bot share its records, as co-op
    players do. Returns the records, which the caller keeps alive while the lanes play."""
    from simulator.engine.compiler.late_bound import choose_address

    distinct = list(dict.fromkeys(bots))
    records = [bot.records(len(work), tables, info) for bot in distinct]
    seat_bot(work, records[0])
    tables["seat_bots"] = 1 if len(distinct) > 1 else 0
    if len(distinct) > 1:
        lanes = np.arange(len(work))
        for q, bot in enumerate(bots):
            rec = records[distinct.index(bot)]
            work["seat_choose"][:, q] = choose_address(bot.choose)
            work["seat_bot"][:, q] = rec.ctypes.data + rec.dtype.itemsize * lanes
    return records


def check_summary_errors(summary: np.ndarray) -> None:
    """Raise :class:`EngineError` when a game of a batch hit an internal error (an engine bug)."""
    bad = np.flatnonzero(summary[:, L.SUM_ERROR] != 0)
    if len(bad):
        g = int(bad[0])
        raise EngineError(f"{describe(int(summary[g, L.SUM_ERROR]), int(summary[g, L.SUM_ERROR_INFO]))} "
                          f"(game seed {int(np.uint64(summary[g, L.SUM_SEED]))}; "
                          f"{len(bad)} game(s) affected)")


def result_of(summary: np.ndarray, usage: np.ndarray, players: int, tracks: dict) -> BatchResult:
    """The :class:`BatchResult` of a batch's summary rows, usage and track arrays."""
    def per_player(column: int, dtype) -> np.ndarray:
        return summary[:, column:column + players].astype(dtype)

    return BatchResult(
        seed=summary[:, L.SUM_SEED].astype(np.uint64),
        outcome=summary[:, L.SUM_OUTCOME].astype(np.int8),
        end_turn=summary[:, L.SUM_END_TURN].astype(np.int16),
        final_hp=per_player(L.SUM_HP, np.int32),
        out_reason=per_player(L.SUM_OUT_REASON, np.int8),
        mage_noir_turn=per_player(L.SUM_MAGE_NOIR_TURN, np.int16),
        damage_to_adversary=summary[:, L.SUM_DAMAGE_TO_ADVERSARY].astype(np.int32),
        damage_taken=per_player(L.SUM_DAMAGE_TAKEN, np.int32),
        mana_taken=per_player(L.SUM_MANA_TAKEN, np.int32),
        hp_by_turn=tracks["hp"], adversary_hp_by_turn=tracks["adv"],
        dealt_by_turn=tracks["dealt"], board_overflow=int(summary[:, L.SUM_BOARD_OVERFLOW].sum()),
        taken_by_turn=tracks["taken"], mana_by_turn=tracks["mana"],
        player_by_turn=tracks["player"], components_by_turn=tracks["components"].astype(bool),
        castable_by_turn=tracks["castable"].astype(bool),
        drawn=usage[:, 0], prepared=usage[:, 1], activated=usage[:, 2], channeled=usage[:, 3],
        first_activation=usage[:, 4], stranded=usage[:, 5],
        last_hit_card=per_player(L.SUM_LAST_HIT, np.int16),
        adversary_arrived=summary[:, L.SUM_ADVERSARY_ARRIVED].astype(np.int16))


def play_seeds(matchup: Matchup, db: CardDB, run_seed: int, first_game: int, count: int,
               bot: Bot, options: RuleOptions, threads: int = 1) -> BatchResult:
    """Play games ``first_game .. first_game+count-1`` of the run with seed ``run_seed``."""
    return play(matchup, db, rng.game_seeds(run_seed, first_game, count), bot, options, threads)


__all__ = ["Matchup", "BatchResult", "BatchLabels", "batch_labels", "play", "play_arrays",
           "play_seeds", "seat_bots"]
