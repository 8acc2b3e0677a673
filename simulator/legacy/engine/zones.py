"""Moving cards between deck, hand and discard pile: drawing, shuffling, searching.

Drawing from an empty deck puts the player out (R4.2). Shuffles use the counter-based
stream of :mod:`simulator.legacy.engine.rng`, with one counter per player and one for the
Adversary, so a game's shuffles do not depend on its batch.
"""

from __future__ import annotations

import numpy as np

from simulator.legacy.engine import rng
from simulator.legacy.engine.board import player_out
from simulator.legacy.engine.core import Engine
from simulator.legacy.engine.scatter import add_at
from simulator.legacy.engine.state import OUT_DECK, player_rows
from simulator.legacy.engine.usage import count_draw


def draw(eng: Engine, games: np.ndarray, player: np.ndarray, count: np.ndarray | int) -> None:
    """Each player draws ``count`` cards one at a time (each draw is indivisible)."""
    st = eng.state
    count = np.broadcast_to(np.asarray(count), games.shape)
    for k in range(int(count.max(initial=0))):
        want = (count > k) & ~player_rows(st.out, games, player)
        g, p = games[want], player[want]
        empty = st.deck_len[g, p] == 0
        if empty.any():
            player_out(eng, g[empty], p[empty], OUT_DECK)
        g, p = g[~empty], p[~empty]
        st.deck_len[g, p] -= 1
        card = st.deck[g, p, st.deck_len[g, p]].astype(np.int64)
        add_at(st.hand, (g, p, card))
        count_draw(eng, g, p, card)  # card-usage counters (engine/usage.py)
        eng.say(g, "  draws {}", eng.names(card))


def shuffle_deck(eng: Engine, games: np.ndarray, player: np.ndarray) -> None:
    """Shuffle each player's remaining deck (positions ``0 .. deck_len-1``)."""
    st = eng.state
    if len(games) == 0:
        return
    depth = st.deck.shape[2]
    counter = st.shuffle_count[games, player]
    keys = np.empty((len(games), depth), np.uint64)
    for p in np.unique(player):
        rows = player == p
        purpose = rng.PURPOSE_PLAYER_SHUFFLE + 16 * int(p)
        keys[rows] = rng.shuffle_keys(st.seed[games[rows]], purpose, counter[rows], depth)
    st.shuffle_count[games, player] += 1
    length = player_rows(st.deck_len, games, player)
    beyond = np.arange(depth)[None, :] >= length[:, None]
    keys[beyond] = np.iinfo(np.uint64).max
    order = np.argsort(keys, axis=1, kind="stable")
    st.deck[games, player] = np.take_along_axis(player_rows(st.deck, games, player), order, axis=1)


def shuffle_adversary(eng: Engine, games: np.ndarray) -> None:
    """Shuffle the Adversary's deck (positions ``0 .. adv_deck_len-1``)."""
    st = eng.state
    if len(games) == 0:
        return
    depth = st.adv_deck.shape[1]
    col = st.shuffle_count.shape[1] - 1
    keys = rng.shuffle_keys(st.seed[games], rng.PURPOSE_ADVERSARY_SHUFFLE,
                            st.shuffle_count[games, col], depth)
    st.shuffle_count[games, col] += 1
    beyond = np.arange(depth)[None, :] >= st.adv_deck_len[games][:, None]
    keys[beyond] = np.iinfo(np.uint64).max
    order = np.argsort(keys, axis=1, kind="stable")
    st.adv_deck[games] = np.take_along_axis(st.adv_deck[games], order, axis=1)


def _deck_rows(eng: Engine, games: np.ndarray,
               player: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(deck, valid, length)``: the players' deck rows (n, D), which of their positions hold
    a card (n, D) bool, and the deck lengths (n,)."""
    st = eng.state
    deck = player_rows(st.deck, games, player)
    length = player_rows(st.deck_len, games, player)
    return deck, np.arange(deck.shape[1])[None, :] < length[:, None], length


def deck_counts(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n, C) count of each card kind left in the deck."""
    st = eng.state
    n_cards = st.hand.shape[2]
    deck, valid, _ = _deck_rows(eng, games, player)
    deck = deck.astype(np.int64)
    counts = np.zeros((len(games), n_cards), np.int64)
    rows = np.broadcast_to(np.arange(len(games))[:, None], deck.shape)
    add_at(counts, (rows[valid], deck[valid]))
    return counts


def remove_from_deck(eng: Engine, games: np.ndarray, player: np.ndarray,
                     card: np.ndarray) -> None:
    """Take one copy of ``card`` out of each deck (the deck is shuffled afterwards anyway)."""
    st = eng.state
    deck, valid, length = _deck_rows(eng, games, player)
    hit = (deck == card[:, None]) & valid
    pos = np.argmax(hit, axis=1)
    st.deck[games, player, pos] = st.deck[games, player, length - 1]
    st.deck_len[games, player] -= 1


def append_to_deck(eng: Engine, games: np.ndarray, player: np.ndarray,
                   card: np.ndarray) -> None:
    """Put one card on top of each deck (callers shuffle when the card says so)."""
    st = eng.state
    st.deck[games, player, player_rows(st.deck_len, games, player)] = card
    st.deck_len[games, player] += 1


def discard_chosen(eng: Engine, games: np.ndarray, player: np.ndarray,
                   options: np.ndarray | None = None, reason: str | None = None,
                   say: str | None = "  discards {}") -> np.ndarray:
    """Each player discards one card of their choice from hand (one indivisible action).

    options: (n, C) bool the cards allowed, default any card in hand; reason: passed to the
    ``discard_from_hand`` decision; say: transcript template, None for no line.
    Returns (n,) the discarded card ids.
    """
    st = eng.state
    if options is None:
        options = player_rows(st.hand, games, player) > 0
    context = {} if reason is None else {"reason": reason}
    card = eng.decide("discard_from_hand", games, player, options, **context)
    st.hand[games, player, card] -= 1
    st.discard[games, player, card] += 1
    if say is not None:
        eng.say(games, say, eng.names(card))
    return card


def discard_down_to_hand_size(eng: Engine, games: np.ndarray, player: np.ndarray,
                              reason: str, say: str) -> None:
    """Discard one chosen card at a time until each hand is within ``state.max_hand``."""
    st = eng.state
    while len(games):
        over = player_rows(st.hand, games, player).sum(axis=1) > player_rows(st.max_hand, games, player)
        games, player = games[over], player[over]
        if len(games) == 0:
            return
        discard_chosen(eng, games, player, reason=reason, say=say)
