"""What a player cannot see, dealt again: the hidden part of a game state, redrawn for a rollout.

The rules' state holds the order of every deck and every hand. A bot that plays a copy of the
game forward must not use what its player does not know: :func:`determinize` redeals it, the
real order first replaced by card order so that nothing of it survives.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules import rng
from simulator.engine.rules.layout import C_MAX


@njit
def determinize(st, tb, p, stream, count):
    """Redeal what player ``p`` cannot see: the order of their deck and of the Adversary's,
    and each teammate still in the game's hand and deck together (the teammate keeps as many
    cards in hand). Each redealt pile is first put in card-kind order, so the result depends
    on what the pile holds, never on its real order. ``stream``: the random stream
    (``rng.stream_base``); ``count``: (C_MAX,) scratch."""
    lane = 0
    # own deck
    for c in range(C_MAX):
        count[c] = 0
    for i in range(st.deck_len[p]):
        count[st.deck[p, i]] += 1
    lane = deal(st.deck[p], st.deck_len[p], count, stream, lane)
    # the Adversary's deck
    for c in range(C_MAX):
        count[c] = 0
    for i in range(st.adv_deck_len):
        count[st.adv_deck[i]] += 1
    lane = deal(st.adv_deck, st.adv_deck_len, count, stream, lane)
    # teammates: hand and deck together, the hand dealt from the top of the shuffled pile
    for q in range(tb.players):
        if q == p or st.out[q] != 0:
            continue
        for c in range(C_MAX):
            count[c] = 0
        held = 0
        for c in range(tb.n_cards):
            count[c] += st.hand[q, c]
            held += st.hand[q, c]
            st.hand[q, c] = 0
        for i in range(st.deck_len[q]):
            count[st.deck[q, i]] += 1
        total = st.deck_len[q] + held
        lane = deal(st.deck[q], total, count, stream, lane)
        for i in range(total - held, total):
            st.hand[q, st.deck[q, i]] += 1
        st.deck_len[q] = total - held
    st.board_clock += 1  # a teammate's hand changed: readiness is computed again


@njit
def deal(cards, length, count, stream, lane):
    """``cards[:length]`` := the multiset ``count`` (C_MAX,) in card-kind order, then
    shuffled (Fisher-Yates) with words ``lane, lane + 1, ...`` of ``stream``; returns the
    next unused word."""
    i = 0
    for c in range(C_MAX):
        for _ in range(count[c]):
            cards[i] = c
            i += 1
    for i in range(length - 1, 0, -1):
        j = int(rng.unit(stream, lane) * (i + 1))
        lane += 1
        swap = cards[i]
        cards[i] = cards[j]
        cards[j] = swap
    return lane
