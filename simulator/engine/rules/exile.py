"""Exile (Animal Aenigma rulesheet): each player's own pile of cards that have left the game.

The rulesheet sets exiled cards apart, next to their owner's discard pile: one pile per player,
open to everyone, in the order the cards arrived (nobody reorders it, as with a discard pile),
and nothing but an effect that names exiled cards reaches them; an exiled spell cannot be
prepared. The engine keeps each pile as its cards in order (``state.exile_pile[p,
:exile_len[p]]``, bottom first); no card effect reads it yet, and no rule of the engine looks
there, so a card that goes to exile is out of the game. The card-conservation checks of the
property tests count it (deck + hand + discard pile + board + exile).

Cards go to exile by the ops ``exile_from_discard`` (the top cards of a discard pile) and
``exile_self`` (a card in play, an Animal included: ``board.leave_board`` with ``TO_EXILE``).
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules import pile
from simulator.engine.rules.errors import ERR_DECK_FULL, fail
from simulator.engine.rules.layout import D_MAX, EV_EXILES
from simulator.engine.rules.log import say

#: Where an exiled card came from (the third number of an ``exiles`` event); a card leaving
#: play for exile says so as it leaves (``leaves``, destination ``TO_EXILE``).
FROM_DISCARD, FROM_DECK = range(2)


@njit
def put(st, p, card):
    """``card`` goes on top of player ``p``'s exile pile."""
    n = st.exile_len[p]
    if n >= D_MAX:
        fail(st, ERR_DECK_FULL, p)
        return
    st.exile_pile[p, n] = card
    st.exile_len[p] = n + 1


@njit
def from_discard(st, wk, p, amount):
    """The top ``amount`` cards of player ``p``'s discard pile go to their exile, the top card
    first (fewer when the pile holds fewer)."""
    for _ in range(amount):
        card = pile.top(st, p)
        if card < 0:
            return
        pile.take(st, p, card)
        put(st, p, card)
        say(wk, EV_EXILES, p, card, FROM_DISCARD, 0)
