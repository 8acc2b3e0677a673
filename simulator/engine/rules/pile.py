"""A player's discard pile as an ordered zone (docs/rules.md R1.4): counts and order.

``state.discard[p, c]`` counts the copies of each card kind in the pile (what most rules
read); ``state.discard_pile[p, :discard_len[p]]`` lists the same cards bottom first, the top
card last, for the cards that read the order (Temporal blast "unless on top", Knowledge of
history "underneath it", Alteration of the past). Every move into or out of a discard pile
goes through :func:`put` and :func:`take`, which keep both true.

The Adversary's discard pile is ordered the same way (``adv_discard`` counts,
``adv_pile[:adv_pile_len]`` the order: :func:`adv_put`, :func:`adv_take`, :func:`adv_clear`):
the solo rulesheet places its cards on a pile like a player's, and only a few player cards
read its order (Return to the origin's "top 10 cards", Alteration of the past's swap).

The lists tolerate a position written by hand with counts only (tests): :func:`top` then
reads -1 (unknown) rather than a card that is not there.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules.layout import A_MAX, D_MAX


@njit
def put(st, p, card):
    """``card`` goes on top of player ``p``'s discard pile."""
    st.discard[p, card] += 1
    n = st.discard_len[p]
    if n < D_MAX:
        st.discard_pile[p, n] = card
        st.discard_len[p] = n + 1


@njit
def take(st, p, card):
    """The topmost copy of ``card`` leaves player ``p``'s discard pile (the cards above it
    move down one place)."""
    st.discard[p, card] -= 1
    n = st.discard_len[p]
    for i in range(n - 1, -1, -1):
        if st.discard_pile[p, i] == card:
            for j in range(i, n - 1):
                st.discard_pile[p, j] = st.discard_pile[p, j + 1]
            st.discard_len[p] = n - 1
            return


@njit
def top(st, p):
    """The card on top of player ``p``'s discard pile, -1 when empty or unknown."""
    n = st.discard_len[p]
    if n == 0:
        return -1
    card = st.discard_pile[p, n - 1]
    return card if st.discard[p, card] > 0 else -1


@njit
def below(st, p, card, than):
    """Copies of ``card`` lying under the topmost copy of ``than`` in the pile (Knowledge of
    history cast from the pile)."""
    n = st.discard_len[p]
    i = n - 1
    while i >= 0 and st.discard_pile[p, i] != than:
        i -= 1
    k = 0
    for j in range(i):
        if st.discard_pile[p, j] == card:
            k += 1
    return k


@njit
def adv_put(st, card):
    """``card`` goes on top of the Adversary's discard pile."""
    st.adv_discard[card] += 1
    n = st.adv_pile_len
    if n < A_MAX:
        st.adv_pile[n] = card
        st.adv_pile_len = n + 1


@njit
def adv_clear(st):
    """The Adversary's discard pile is empty (its counts are cleared by the caller)."""
    st.adv_pile_len = 0


@njit
def adv_top(st):
    """The card on top of the Adversary's discard pile, -1 when empty or unknown."""
    n = st.adv_pile_len
    if n == 0:
        return -1
    card = st.adv_pile[n - 1]
    return card if st.adv_discard[card] > 0 else -1


@njit
def adv_take_top(st):
    """The top card leaves the Adversary's discard pile; returns it (-1 when none is known)."""
    card = adv_top(st)
    if card >= 0:
        st.adv_discard[card] -= 1
        st.adv_pile_len -= 1
    return card
