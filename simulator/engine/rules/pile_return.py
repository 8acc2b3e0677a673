"""Cards going back from a discard pile to its deck (Return to the origin).

- The op ``discard_top_to_deck``: a player (or the Adversary) puts the top N cards of its
  discard pile into its deck, then shuffles it. Both piles are ordered (``pile.py``); a pile
  shorter than N gives what it has.
- The static ``return_from_pile``: while the card is in its owner's discard pile (and, with
  ``if = "mage_noir"``, while they are a Mage Noir), they may pay its COST to put it into their
  deck, then shuffle it. The rules give this ability no moment; the engine offers it when the
  player ends their main phase (an ``optional_payment``, ``ctx_what`` 3), which is when Mana
  left over is known. The bots pay when their deck runs low (the card comes back to be drawn
  again, and the deck lasts a turn longer).

Everything here runs only for decks with such cards (``tb.any_pile_return`` for the static).
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide
from simulator.engine.rules import pile
from simulator.engine.rules.board import is_mage_noir
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    ADVERSARY_SIDE,
    EV_PILE_RETURN,
    EV_RECYCLES,
    EV_SHUFFLES,
    OPTIONAL_PAYMENT,
    WHAT_PILE_RETURN,
    E,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.mana import pay_effect_cost
from simulator.engine.rules.zones import append_to_deck, shuffle_adversary, shuffle_deck


@njit
def top_to_deck(st, tb, wk, q, n):
    """Player ``q`` puts the top ``n`` cards of their discard pile into their deck, then
    shuffles it."""
    for _ in range(n):
        c = pile.top(st, q)
        if c < 0:
            break
        pile.take(st, q, c)
        append_to_deck(st, q, c)
        say(wk, EV_RECYCLES, q, c, 0, 0)
    shuffle_deck(st, q)
    say(wk, EV_SHUFFLES, q, 0, 0, 0)


@njit
def adversary_top_to_deck(st, tb, wk, n):
    """The Adversary puts the top ``n`` cards of its discard pile into its deck, then
    shuffles it."""
    for _ in range(n):
        c = pile.adv_take_top(st)
        if c < 0:
            break
        st.adv_deck[st.adv_deck_len] = c
        st.adv_deck_len += 1
        say(wk, EV_RECYCLES, ADVERSARY_SIDE, c, 0, 0)
    shuffle_adversary(st)
    say(wk, EV_SHUFFLES, ADVERSARY_SIDE, 0, 0, 0)


@njit
def offer_pile_returns(st, tb, wk, p):
    """Player ``p`` ends their main phase: each card of their discard pile with a
    ``return_from_pile`` static they may use now, one ``optional_payment`` per copy, as long
    as the reserve pays its cost."""
    cost = wk.pile_cost
    for c in range(tb.n_player_cards):
        if tb.pile_return[c] == 0 or (tb.pile_return[c] == 2 and not is_mage_noir(st, tb, p)):
            continue
        while st.discard[p, c] > 0:
            ok = True
            for e in range(E):
                cost[e] = tb.pile_return_cost[c, e]
                if st.reserve[p, e] < cost[e]:
                    ok = False
            if not ok:
                break
            set_options(wk, 2, 1)
            wk.ctx_card = c
            wk.ctx_worth = 0
            wk.ctx_what = WHAT_PILE_RETURN
            pay = decide(st, tb, wk, OPTIONAL_PAYMENT, p) == 1
            wk.ctx_what = 0
            if not pay:
                break
            pay_effect_cost(st, tb, wk, p, cost)
            pile.take(st, p, c)
            append_to_deck(st, p, c)
            say(wk, EV_PILE_RETURN, p, c, 0, 0)
            shuffle_deck(st, p)
