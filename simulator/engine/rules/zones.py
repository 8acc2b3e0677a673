"""Moving cards between deck, hand and discard pile: drawing, shuffling, searching.

Drawing from an empty deck puts the player out (R4.2). Shuffles use the counter-based streams
of :mod:`simulator.engine.rules.rng`, one counter per player and one for the Adversary, so a game's
shuffles do not depend on anything outside it.
"""

from __future__ import annotations

import numpy as np

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide
from simulator.engine.rules import animals, frames, pile, rng
from simulator.engine.rules.board import hand_size, player_out
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.draw_triggers import card_drawn
from simulator.engine.rules.errors import ERR_DECK_FULL, fail
from simulator.engine.rules.layout import (
    D_MAX,
    DISCARD_FROM_HAND,
    EV_DISCARD_APPLIES,
    EV_DISCARDS,
    EV_DRAWS,
    EV_HAND_LOCKED,
    EV_MILLS,
    EV_RESHUFFLES,
    OUT_DECK,
    P_MAX,
    T_DISCARDED_FROM_HAND,
)
from simulator.engine.rules.log import say


@njit
def draw(st, tb, wk, p, count):
    """The player draws ``count`` cards one at a time (each draw is indivisible). Their
    Animal, drawn, goes into play face up instead of the hand (animals.py); with the rule
    option ``animal_draw_replaced`` they draw one more card for it."""
    left = count
    while left > 0:
        left -= 1
        if st.out[p] != 0:
            return
        if not hand_open(st, p):
            say(wk, EV_HAND_LOCKED, p, -1, 0, 0)  # Zeus's thunder: the draw is ignored
            return
        n = st.deck_len[p]
        if n == 0:
            player_out(st, tb, wk, p, OUT_DECK)
            return
        n -= 1
        st.deck_len[p] = n
        card = st.deck[p, n]
        st.drawn[p, card] += 1
        if tb.any_animal != 0 and animals.is_animal(tb, card):
            animals.enter_play(st, tb, wk, p, card, animals.DRAWN)
            if tb.animal_draw_replaced != 0:
                left += 1
        else:
            st.hand[p, card] += 1
            say(wk, EV_DRAWS, p, card, 0, 0)
        card_drawn(st, tb, wk, p)


@njit
def hand_open(st, p):
    """Cards may reach player ``p``'s hand now: no Zeus's thunder locks it, or it is their
    own draw phase (``state.drawing_phase``: the drawing seat + 1)."""
    return st.hand_lock[p] == 0 or st.drawing_phase == p + 1


@njit
def mill_top(st, tb, wk, p):
    """The top card of player ``p``'s deck goes to their discard pile (not a draw: an empty
    deck does nothing), or their Animal into play face up. Returns the card, -1 none."""
    n = st.deck_len[p]
    if n == 0:
        return -1
    n -= 1
    st.deck_len[p] = n
    card = st.deck[p, n]
    say(wk, EV_MILLS, p, card, 0, 0)
    if tb.any_animal != 0 and animals.is_animal(tb, card):
        animals.enter_play(st, tb, wk, p, card, animals.DISCARDED_FROM_DECK)
    else:
        pile.put(st, p, card)
    return card


@njit
def _permute(cards, length, base):
    """Reorder ``cards[:length]`` by keys drawn from the stream ``base`` (a stable sort of
    one random 64-bit key per position: a uniform permutation).

    An insertion sort that carries each card with its key: stable like the merge sort it
    replaced (so the same permutation, tie or not), and for a deck of 40 it is quicker than
    an argsort and its three arrays (about 2% of a game went to that sort)."""
    keys = np.empty(length, np.uint64)
    for i in range(length):
        key, card = rng.word(base, i), cards[i]
        j = i
        while j > 0 and keys[j - 1] > key:
            keys[j] = keys[j - 1]
            cards[j] = cards[j - 1]
            j -= 1
        keys[j] = key
        cards[j] = card


@njit
def shuffle_deck(st, p):
    """Shuffle the player's deck (positions ``0 .. deck_len-1``)."""
    base = rng.stream_base(st.seed, rng.PURPOSE_PLAYER_SHUFFLE + 16 * p, st.shuffle_count[p])
    st.shuffle_count[p] += 1
    _permute(st.deck[p], st.deck_len[p], base)


@njit
def shuffle_adversary(st):
    """Shuffle the Adversary's deck (positions ``0 .. adv_deck_len-1``)."""
    base = rng.stream_base(st.seed, rng.PURPOSE_ADVERSARY_SHUFFLE, st.shuffle_count[P_MAX])
    st.shuffle_count[P_MAX] += 1
    _permute(st.adv_deck, st.adv_deck_len, base)


@njit
def deck_count(st, p, card):
    """Copies of ``card`` left in the player's deck."""
    n = 0
    for i in range(st.deck_len[p]):
        if st.deck[p, i] == card:
            n += 1
    return n


@njit
def remove_from_deck(st, p, card):
    """Take one copy of ``card`` out of the deck (the deck is shuffled afterwards anyway)."""
    n = st.deck_len[p]
    for i in range(n):
        if st.deck[p, i] == card:
            st.deck[p, i] = st.deck[p, n - 1]
            st.deck_len[p] = n - 1
            return


@njit
def append_to_deck(st, p, card):
    """Put one card on top of the deck (callers shuffle when the card says so)."""
    n = st.deck_len[p]
    if n >= D_MAX:
        fail(st, ERR_DECK_FULL, p)
        return
    st.deck[p, n] = card
    st.deck_len[p] = n + 1


@njit
def discard_pile_to_deck(st, tb, wk, p):
    """The player puts their whole discard pile into their deck, then shuffles it."""
    n = 0
    for c in range(tb.n_cards):
        for _ in range(st.discard[p, c]):
            append_to_deck(st, p, c)
            n += 1
        st.discard[p, c] = 0
    st.discard_len[p] = 0  # the ordered pile (pile.py) empties with the counts
    shuffle_deck(st, p)
    say(wk, EV_RESHUFFLES, p, n, 0, 0)


@njit
def adversary_discard_to_deck(st, tb, wk):
    """The Adversary's discard pile goes into its deck, which is shuffled (the Adversary's own
    reshuffle when its deck runs out is ``adversary.draw_adversary_card``)."""
    n = st.adv_deck_len
    moved = 0
    for c in range(tb.n_cards):
        for _ in range(st.adv_discard[c]):
            st.adv_deck[n] = c
            n += 1
            moved += 1
        st.adv_discard[c] = 0
    pile.adv_clear(st)
    st.adv_deck_len = n
    shuffle_adversary(st)
    say(wk, EV_RESHUFFLES, -1, moved, 0, 0)


@njit
def put_on_bottom(st, p, card):
    """Put one card at the bottom of the deck (position 0; the others move up one)."""
    n = st.deck_len[p]
    if n >= D_MAX:
        fail(st, ERR_DECK_FULL, p)
        return
    for i in range(n, 0, -1):
        st.deck[p, i] = st.deck[p, i - 1]
    st.deck[p, 0] = card
    st.deck_len[p] = n + 1


@njit
def hand_options(st, tb, wk, p):
    """Options of a discard from hand: every card kind the player holds."""
    set_options(wk, tb.n_cards, 0)
    for c in range(tb.n_cards):
        if st.hand[p, c] > 0:
            wk.opt[c] = 1


@njit
def discard_chosen(st, tb, wk, p, reason, quiet):
    """The player discards one card of their choice among ``wk.opt`` (set by the caller, e.g.
    :func:`hand_options`): one indivisible action. Returns the card."""
    wk.ctx_reason = reason
    card = decide(st, tb, wk, DISCARD_FROM_HAND, p)
    st.hand[p, card] -= 1
    pile.put(st, p, card)
    if not quiet:
        say(wk, EV_DISCARDS, p, card, reason, 0)
    if tb.any_discard_trigger != 0:
        discarded_from_hand(st, tb, wk, p, card)
    return card


@njit
def discarded_from_hand(st, tb, wk, p, card):
    """A card went from player ``p``'s hand to their discard pile: its ``discarded_from_hand``
    steps, if any, are raised as a triggered action (Static spark applies its effects), with
    no board slot; whoever discarded it resolves the chain."""
    if tb.trig_count[card, T_DISCARDED_FROM_HAND] > 0 and st.out[p] == 0:
        say(wk, EV_DISCARD_APPLIES, p, card, 0, 0)
        frames.trigger_steps(st, tb, card, T_DISCARDED_FROM_HAND, p, -1)


@njit
def discard_down_to_hand_size(st, tb, wk, p, reason):
    """Discard one chosen card at a time until the hand is within ``state.max_hand``."""
    while hand_size(st, tb, p) > st.max_hand[p]:
        hand_options(st, tb, wk, p)
        discard_chosen(st, tb, wk, p, reason, False)
