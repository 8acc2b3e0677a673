"""Setting up a batch and playing it to the end: the match loop.

Turn order (solo rulesheet): Adversary, player 1, Adversary, player 2, ... A player who is
out has no turn, and neither has the Adversary turn that would have preceded it. Every
game ends: after ``max_rounds`` rounds a game still running is a ``timeout``. Each game
keeps its own place in that order; the loop groups the games at the same part of a turn
(:func:`_play_turns`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from simulator.cards import COMPONENT_WORDS, CardDB
from simulator.decks import Deck
from simulator.legacy.engine import rng
from simulator.legacy.engine.adversary import adversary_turn
from simulator.legacy.engine.board import check_defeats, component_counts
from simulator.legacy.engine.core import Engine
from simulator.legacy.engine.handlers import implemented_cards
from simulator.legacy.engine.options import RuleOptions
from simulator.legacy.engine.scatter import add_at
from simulator.legacy.engine.state import TIMEOUT, GameState, adversary_slots, player_rows
from simulator.legacy.engine.statics import compile_statics
from simulator.legacy.engine.tables import BatchTables, build_batch_tables
from simulator.legacy.engine.turns import begin_player_turn, end_player_turn, main_phase_rounds
from simulator.legacy.engine.usage import attach as attach_usage
from simulator.legacy.engine.usage import mark_castable, note_hands
from simulator.legacy.engine.zones import shuffle_adversary, shuffle_deck
from simulator.scenarios import Scenario

STARTING_HP = 20
HAND_PILE = 5
ADVERSARY_SLOTS = 12
#: A cycle's main-phase rounds stop once at most 1/STRAGGLER_SHARE of the games they started
#: with still act (see :func:`_play_turns`). On 5,000-game batches 4 and 8 ran alike, 2 and
#: 1.3 slower; never deferring was 7-13% slower.
STRAGGLER_SHARE = 4


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
    # Per-turn records (turn t is index t-1). A game's last turn holds the values at its end
    # (which may come in the Adversary turn after it); later turns repeat them, except the
    # boolean records, which stay False there.
    taken_by_turn: np.ndarray = None   # (B, T, P) int32 cumulative HP lost by each player
    mana_by_turn: np.ndarray = None    # (B, T, P) int32 cumulative Mana taken from the Ether
    player_by_turn: np.ndarray = None  # (B, T) int8 player who played turn t, -1 none
    components_by_turn: np.ndarray = None  # (B, T, W) bool word w on that player's board
    #                                    after their turn (W: batch_labels().words)
    castable_by_turn: np.ndarray = None  # (B, T, C) bool card c castable on turn t (usage.py)
    # Card usage per game (engine/usage.py); C: the decks' card kinds, batch_labels().card_ids.
    drawn: np.ndarray = None           # (B, P, C) int16 copies drawn, starting hand included
    prepared: np.ndarray = None        # (B, P, C) int16 copies prepared
    activated: np.ndarray = None       # (B, P, C) int16 activations
    channeled: np.ndarray = None       # (B, P, C) int16 channelings
    first_activation: np.ndarray = None  # (B, P, C) int16 turn of first activation, 0 never
    stranded: np.ndarray = None        # (B, P, C) int16 copies in hand after the last turn
    # Every field but board_overflow is a per-game array; the labels of the W and C axes are
    # the same for every batch of a matchup: see batch_labels().


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
        add_at(st.hand, (np.repeat(games, HAND_PILE), q, kept.ravel()))
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
    horizon = options.max_rounds * st.players
    usage = attach_usage(eng, horizon)
    tracks = _Tracks.empty(st.batch, horizon, st.players, required_words(tables))
    _play_turns(eng, tracks)
    late = st.running
    st.outcome[late] = TIMEOUT
    st.end_turn[late] = st.turn[late]
    tracks.fill_after_end(st, adversary_hp(st, tables))
    return BatchResult(
        seed=st.seed.copy(), outcome=st.outcome.copy(), end_turn=st.end_turn.copy(),
        final_hp=st.hp.copy(), out_reason=st.out_reason.copy(),
        mage_noir_turn=st.mage_noir_turn.copy(),
        damage_to_adversary=st.damage_to_adversary.copy(),
        damage_taken=st.damage_taken.copy(), mana_taken=st.mana_taken.copy(),
        hp_by_turn=tracks.hp, adversary_hp_by_turn=tracks.adv, dealt_by_turn=tracks.dealt,
        board_overflow=eng.counters["board_overflow"],
        taken_by_turn=tracks.taken, mana_by_turn=tracks.mana, player_by_turn=tracks.player,
        components_by_turn=tracks.components, castable_by_turn=usage.castable,
        drawn=usage.drawn, prepared=usage.prepared, activated=usage.activated,
        channeled=usage.channeled, first_activation=usage.first_activation,
        stranded=usage.stranded,
    )


@dataclass(frozen=True)
class BatchLabels:
    """Names along the W and C axes of a matchup's BatchResult arrays."""

    words: tuple[str, ...]       # (W,) component words some card of the decks requires
    card_ids: tuple[str, ...]    # (C,) database ids of the decks' card kinds (local id order)
    card_names: tuple[str, ...]  # (C,) their display names


def batch_labels(matchup: Matchup, db: CardDB) -> BatchLabels:
    tables = build_tables(matchup, db)
    n = tables.n_player_cards
    return BatchLabels(tuple(COMPONENT_WORDS[w] for w in required_words(tables)),
                       tables.ids[:n], tables.names[:n])


def required_words(tables: BatchTables) -> np.ndarray:
    """Indices (in COMPONENT_WORDS) of the words some player card of the batch requires."""
    return np.flatnonzero(tables.requires[:tables.n_player_cards].any(axis=0))


@dataclass
class _Tracks:
    """The per-turn records of a batch while it plays (see BatchResult for shapes)."""

    hp: np.ndarray
    adv: np.ndarray
    dealt: np.ndarray
    taken: np.ndarray
    mana: np.ndarray
    player: np.ndarray
    components: np.ndarray
    word_index: np.ndarray  # (W,) int indices in COMPONENT_WORDS

    @classmethod
    def empty(cls, batch: int, horizon: int, players: int, word_index: np.ndarray) -> _Tracks:
        return cls(hp=np.zeros((batch, horizon, players), np.int16),
                   adv=np.full((batch, horizon), -1, np.int16),
                   dealt=np.zeros((batch, horizon), np.int32),
                   taken=np.zeros((batch, horizon, players), np.int32),
                   mana=np.zeros((batch, horizon, players), np.int32),
                   player=np.full((batch, horizon), -1, np.int8),
                   components=np.zeros((batch, horizon, len(word_index)), bool),
                   word_index=word_index)

    def fill_after_end(self, st: GameState, adv_hp: np.ndarray) -> None:
        """The values at the game's end go on its last turn (a game lost on the Adversary's
        turn ends after the last player turn was recorded), then carry forward past its end
        so that curves stay defined."""
        horizon = self.hp.shape[1]
        last = np.clip(st.end_turn.astype(np.int64) - 1, 0, horizon - 1)
        after = np.arange(horizon)[None, :] > last[:, None]
        rows = np.arange(st.batch)
        ended = st.end_turn > 0
        r, t = rows[ended], last[ended]
        self.hp[r, t] = st.hp[r]
        self.taken[r, t] = st.damage_taken[r]
        self.mana[r, t] = st.mana_taken[r]
        self.dealt[r, t] = st.damage_to_adversary[r]
        self.adv[r, t] = adv_hp[r]
        for track in (self.hp, self.taken, self.mana):
            track[:] = np.where(after[:, :, None], track[rows, last][:, None, :], track)
        for track in (self.adv, self.dealt):
            track[:] = np.where(after, track[rows, last][:, None], track)


def adversary_hp(st: GameState, tables: BatchTables) -> np.ndarray:
    """(B,) HP of the Adversary card itself, -1 when it is not in play."""
    present = adversary_slots(st.adv_card, tables.is_adversary)
    return np.where(present.any(axis=1), (st.adv_hp * present).sum(axis=1), -1)


def _record(eng: Engine, games: np.ndarray, seat: np.ndarray, tracks: _Tracks) -> None:
    """After the turns of player ``seat[i]`` in ``games[i]``: HP, damage, Mana, components,
    castable cards."""
    st = eng.state
    t = st.turn[games].astype(np.int64) - 1
    ok = (t >= 0) & (t < tracks.hp.shape[1])
    games, seat, t = games[ok], seat[ok], t[ok]
    tracks.hp[games, t] = st.hp[games]
    tracks.adv[games, t] = adversary_hp(st, eng.tables)[games]
    tracks.dealt[games, t] = st.damage_to_adversary[games]
    tracks.taken[games, t] = st.damage_taken[games]
    tracks.mana[games, t] = st.mana_taken[games]
    tracks.player[games, t] = seat
    in_game = ~player_rows(st.out, games, seat)
    still_in, player = games[in_game], seat[in_game]
    if len(still_in):
        t_in = st.turn[still_in].astype(np.int64) - 1
        counts = component_counts(eng, still_in, player, tracks.word_index)  # (n, W)
        tracks.components[still_in, t_in] = counts > 0
    mark_castable(eng, still_in, player)
    note_hands(eng, still_in, player)


def _play_turns(eng: Engine, tracks: _Tracks) -> None:
    """Play every game's turns until it ends or reaches ``max_rounds`` rounds.

    Each game follows its own turn order; the loop only groups the games that are at the
    same part of a turn, in cycles of: Adversary turns, starts of player turns, main-phase
    rounds, ends of player turns. Why cycles rather than one turn for all games at a time: a
    main phase lasts as many rounds as its longest game takes, and the last rounds hold a
    handful of games at the full cost of a round. A cycle stops its main-phase rounds once
    at most 1/``STRAGGLER_SHARE`` of the games it started them with still act; those carry
    their main phase over into the next cycle's rounds, a turn behind the others. No game
    sees another (each game's randomness depends on its own seed and decisions only), so
    the grouping changes no result: a game plays the same alone as in any batch.
    """
    st, options = eng.state, eng.options
    batch, players = st.batch, st.players
    every = np.arange(batch)
    last_step = options.max_rounds * players
    step = np.zeros(batch, np.int64)        # (B,) the game's next turn: round * players + seat
    seat = np.zeros(batch, np.int64)        # (B,) the player whose turn is under way
    under_way = np.zeros(batch, bool)       # (B,) a player turn has begun and not ended
    acting = np.zeros(batch, bool)          # (B,) that turn's main phase goes on
    actions = np.zeros(batch, np.int64)     # (B,) main-phase actions asked this turn
    while True:
        idle = st.running & ~under_way
        for _ in range(players):  # a player who is out has no turn, nor its Adversary turn
            step[idle & (step < last_step) & st.out[every, step % players]] += 1
        games = np.flatnonzero(idle & (step < last_step))
        if len(games) == 0 and not under_way.any():
            break
        q = step[games] % players
        if len(games):
            eng.active[games] = q
            adversary_turn(eng, games)
            check_defeats(eng, games)
            turn = st.running[games] & ~player_rows(st.out, games, q)
            step[games[~turn]] += 1
            games, q = games[turn], q[turn]
        if len(games):
            seat[games], under_way[games], actions[games] = q, True, 0
            playing, _ = begin_player_turn(eng, games, q)
            acting[playing] = True
        main_phase_rounds(eng, acting, actions, seat, STRAGGLER_SHARE)
        ending = np.flatnonzero(under_way & ~acting)
        if len(ending):
            end_player_turn(eng, ending, seat[ending])
            _record(eng, ending, seat[ending], tracks)
            under_way[ending] = False
            step[ending] += 1


def play_seeds(matchup: Matchup, db: CardDB, run_seed: int, first_game: int, count: int,
               policy, options: RuleOptions) -> BatchResult:
    """Play games ``first_game .. first_game+count-1`` of the run with seed ``run_seed``."""
    return play(matchup, db, rng.game_seeds(run_seed, first_game, count), policy, options)


__all__ = ["Matchup", "BatchResult", "BatchLabels", "batch_labels", "play", "play_seeds"]
