"""Setting up a batch and playing it to the end: the short, boring match loop.

Turn order (solo rulesheet): Adversary, player 1, Adversary, player 2, ... A player who is
out has no turn, and neither has the Adversary turn that would have preceded it. Every
game ends: after ``max_rounds`` rounds a game still running is a ``timeout``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from simulator.cards import CardDB
from simulator.decks import Deck
from simulator.engine import rng
from simulator.engine.adversary import adversary_turn
from simulator.engine.board import check_defeats
from simulator.engine.core import Engine
from simulator.engine.handlers import implemented_cards
from simulator.engine.options import RuleOptions
from simulator.engine.state import RUNNING, TIMEOUT, GameState
from simulator.engine.statics import compile_statics
from simulator.engine.tables import BatchTables, build_batch_tables
from simulator.engine.turns import player_turn
from simulator.engine.zones import shuffle_adversary, shuffle_deck
from simulator.scenarios import Scenario

STARTING_HP = 20
HAND_PILE = 5
ADVERSARY_SLOTS = 12


@dataclass(frozen=True)
class Matchup:
    """What a batch plays: one deck per player against a scenario level."""

    decks: tuple[Deck, ...]
    scenario: Scenario
    level: str

    @property
    def players(self) -> int:
        return len(self.decks)


@dataclass
class BatchResult:
    """Per-game outcome arrays of one batch (tidy frames are built from these)."""

    seed: np.ndarray           # (B,) uint64 game seeds
    outcome: np.ndarray        # (B,) int8 state.OUTCOME_NAMES index
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


def build_tables(matchup: Matchup, db: CardDB) -> BatchTables:
    """Local card table: the decks' distinct cards (database order), then the Adversary's."""
    ids = {cid for deck in matchup.decks for cid, _ in deck.counts}
    cards = sorted((db.by_id[cid] for cid in ids), key=lambda c: c.index)
    return build_batch_tables(cards, matchup.scenario, db, implemented=implemented_cards(db))


def new_state(matchup: Matchup, tables: BatchTables, seeds: np.ndarray,
              options: RuleOptions) -> GameState:
    """A fresh batch: shuffled decks, empty Ether, the Adversary deck of the level."""
    b, p = len(seeds), matchup.players
    c = tables.size
    s = options.board_slots
    decks = [np.array([tables.local_id(cid) for cid in d.card_ids()], np.int16)
             for d in matchup.decks]
    depth = max(len(d) for d in decks)
    adv_cards = np.array([tables.local_id("adv:" + cid)
                          for cid in matchup.scenario.deck(matchup.level)], np.int16)
    e = 6
    st = GameState(
        seed=np.asarray(seeds, np.uint64),
        shuffle_count=np.zeros((b, p + 1), np.int32),
        hp=np.full((b, p), STARTING_HP, np.int32),
        out=np.zeros((b, p), bool),
        out_reason=np.zeros((b, p), np.int8),
        deck=np.zeros((b, p, depth), np.int16),
        deck_len=np.zeros((b, p), np.int16),
        hand=np.zeros((b, p, c), np.int16),
        discard=np.zeros((b, p, c), np.int16),
        reserve=np.zeros((b, p, e), np.int32),
        max_hand=np.full((b, p), options.hand_limit, np.int16),
        ignored_this_turn=np.zeros((b, p), np.int16),
        board_card=np.full((b, p, s), -1, np.int16),
        board_zone=np.zeros((b, p, s), np.int8),
        board_mana=np.zeros((b, p, s, e), np.int32),
        board_hp=np.zeros((b, p, s), np.int32),
        board_turn=np.zeros((b, p, s), np.int16),
        ether=np.zeros((b, 2, e), np.int32),
        adv_deck=np.zeros((b, len(adv_cards)), np.int16),
        adv_deck_len=np.full(b, len(adv_cards), np.int16),
        adv_discard=np.zeros((b, c), np.int16),
        adv_card=np.full((b, ADVERSARY_SLOTS), -1, np.int16),
        adv_hp=np.zeros((b, ADVERSARY_SLOTS), np.int32),
        turn=np.zeros(b, np.int16),
        outcome=np.zeros(b, np.int8),
        end_turn=np.zeros(b, np.int16),
        mage_noir_turn=np.zeros((b, p), np.int16),
        damage_to_adversary=np.zeros(b, np.int32),
        damage_taken=np.zeros((b, p), np.int32),
        mana_taken=np.zeros((b, p), np.int32),
    )
    for q, deck in enumerate(decks):
        st.deck[:, q, :len(deck)] = deck
        st.deck_len[:, q] = len(deck)
    st.adv_deck[:] = adv_cards
    return st


def deal_starting_hands(eng: Engine) -> None:
    """Shuffle, draw two piles of 5, keep one, shuffle the other back (R3.3)."""
    st = eng.state
    games = np.arange(st.batch)
    shuffle_adversary(eng, games)
    for q in range(st.players):
        player = np.full(st.batch, q)
        shuffle_deck(eng, games, player)
        top = st.deck_len[:, q].astype(np.int64)
        piles = np.stack([st.deck[games[:, None], q, top[:, None] - 1 - np.arange(HAND_PILE)],
                          st.deck[games[:, None], q,
                                  top[:, None] - 1 - HAND_PILE - np.arange(HAND_PILE)]], 1)
        options = np.ones((st.batch, 2), bool)
        keep = eng.decide("keep_hand", games, player, options, piles=piles.astype(np.int64))
        kept = piles[games, keep].astype(np.int64)  # (B, 5)
        other = piles[games, 1 - keep]
        np.add.at(st.hand, (np.repeat(games, HAND_PILE), q, kept.ravel()), 1)
        base = top - 2 * HAND_PILE
        st.deck[games[:, None], q, base[:, None] + np.arange(HAND_PILE)] = other
        st.deck_len[:, q] = base + HAND_PILE
        shuffle_deck(eng, games, player)


def play(matchup: Matchup, db: CardDB, seeds: np.ndarray, policy, options: RuleOptions,
         log: Callable[[int, str], None] | None = None) -> BatchResult:
    """Play one batch of games to the end and return its result arrays."""
    tables = build_tables(matchup, db)
    st = new_state(matchup, tables, seeds, options)
    eng = Engine(state=st, tables=tables, policy=policy, statics=compile_statics(tables),
                 options=options, log=log)
    deal_starting_hands(eng)
    p = st.players
    horizon = options.max_rounds * p
    hp_track = np.zeros((st.batch, horizon, p), np.int16)
    adv_track = np.full((st.batch, horizon), -1, np.int16)
    dealt_track = np.zeros((st.batch, horizon), np.int32)
    for _ in range(options.max_rounds):
        for q in range(p):
            games = np.flatnonzero(st.running & ~st.out[:, q])
            eng.active[games] = q
            adversary_turn(eng, games)
            check_defeats(eng, games)
            games = games[st.running[games] & ~st.out[games, q]]
            player_turn(eng, games, q)
            _record(eng, games, hp_track, adv_track, dealt_track)
        if not st.running.any():
            break
    late = st.running
    st.outcome[late] = TIMEOUT
    st.end_turn[late] = st.turn[late]
    _fill_after_end(st, hp_track, adv_track, dealt_track)
    return BatchResult(
        seed=st.seed.copy(), outcome=st.outcome.copy(), end_turn=st.end_turn.copy(),
        final_hp=st.hp.copy(), out_reason=st.out_reason.copy(),
        mage_noir_turn=st.mage_noir_turn.copy(),
        damage_to_adversary=st.damage_to_adversary.copy(),
        damage_taken=st.damage_taken.copy(), mana_taken=st.mana_taken.copy(),
        hp_by_turn=hp_track, adversary_hp_by_turn=adv_track, dealt_by_turn=dealt_track,
        board_overflow=eng.counters["board_overflow"],
    )


def _record(eng: Engine, games: np.ndarray, hp_track, adv_track, dealt_track) -> None:
    st = eng.state
    t = st.turn[games].astype(np.int64) - 1
    ok = (t >= 0) & (t < hp_track.shape[1])
    games, t = games[ok], t[ok]
    hp_track[games, t] = st.hp[games]
    cards = st.adv_card[games]
    present = (cards >= 0) & eng.tables.is_adversary[np.maximum(cards, 0)]
    adv_track[games, t] = np.where(present.any(axis=1),
                                   (st.adv_hp[games] * present).sum(axis=1), -1)
    dealt_track[games, t] = st.damage_to_adversary[games]


def _fill_after_end(st: GameState, hp_track, adv_track, dealt_track) -> None:
    """Carry each game's last recorded values forward past its end (curves stay defined)."""
    horizon = hp_track.shape[1]
    last = np.clip(st.end_turn.astype(np.int64) - 1, 0, horizon - 1)
    after = np.arange(horizon)[None, :] > last[:, None]
    rows = np.arange(st.batch)
    hp_track[:] = np.where(after[:, :, None], hp_track[rows, last][:, None, :], hp_track)
    adv_track[:] = np.where(after, adv_track[rows, last][:, None], adv_track)
    dealt_track[:] = np.where(after, dealt_track[rows, last][:, None], dealt_track)


def play_seeds(matchup: Matchup, db: CardDB, run_seed: int, first_game: int, count: int,
               policy, options: RuleOptions) -> BatchResult:
    """Play games ``first_game .. first_game+count-1`` of the run with seed ``run_seed``."""
    return play(matchup, db, rng.game_seeds(run_seed, first_game, count), policy, options)


__all__ = ["Matchup", "BatchResult", "play", "play_seeds", "RUNNING", "Sequence"]
