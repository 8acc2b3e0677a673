"""Where an activated spell goes: its owner's hand instead of the discard pile (R7.2 step 3).

Some spells go back to hand "instead of" being discarded after their activation, often for an
optional payment: the spell's own step (``return_instead``: Reforge, Biting arrow) or a card in
play that returns its controller's spells of a word (``return_activated``: Oasis, for Desert
spells). Per the rulings the spell then never went to the discard pile, so nothing that
watches the discard pile sees it; its locked Mana is released as usual.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    EV_RETURNS_TO_HAND,
    OPTIONAL_PAYMENT,
    PERMANENT,
    TO_DISCARD,
    TO_HAND,
    E,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.mana import pay_effect_cost
from simulator.engine.rules.zones import hand_open


@njit
def affordable(st, p, cost):
    for e in range(E):
        if st.reserve[p, e] < cost[e]:
            return False
    return True


@njit
def pays_to_return(st, tb, wk, p, card, cost):
    """Whether the player returns ``card`` to hand for ``cost`` (E,), paid here: free when the
    cost is nothing, else an ``optional_payment`` decision (0 declines, 1 pays; ``worth`` 1)
    when they can pay."""
    price = wk.locked_moved  # int64, whatever the table's column type
    for e in range(E):
        price[e] = cost[e]
    if price.sum() == 0:
        return True
    if not affordable(st, p, price):
        return False
    set_options(wk, 2, 1)
    wk.ctx_worth = 1
    wk.ctx_card = card
    if decide(st, tb, wk, OPTIONAL_PAYMENT, p) != 1:
        return False
    pay_effect_cost(st, tb, wk, p, price)
    return True


@njit
def mark_return(st, tb, wk, p, slot, card, cost):
    """The ``return_instead`` step of a spell being activated: it goes back to hand once its
    effects are over, if its controller pays ``cost`` (nothing is asked while Zeus's thunder
    locks their hand: the return would be ignored)."""
    if hand_open(st, p) and pays_to_return(st, tb, wk, p, card, cost):
        st.to_hand[p, slot] = card + 1


@njit
def after_activation(st, tb, wk, p, slot, card):
    """``TO_HAND`` or ``TO_DISCARD``: where the activated spell in the slot goes (the discard
    pile while Zeus's thunder locks the hand)."""
    marked = st.to_hand[p, slot] == card + 1
    st.to_hand[p, slot] = 0
    if not hand_open(st, p):
        return TO_DISCARD
    if not marked and tb.any_return != 0:
        for s in range(st.board_end[p]):
            c = st.board_card[p, s]
            if c < 0 or st.board_zone[p, s] < PERMANENT or tb.return_word[c] < 0:
                continue
            if tb.provides[card, tb.return_word[c]] != 0 and \
                    pays_to_return(st, tb, wk, p, card, tb.return_cost[c]):
                marked = True
                break
    if marked:
        say(wk, EV_RETURNS_TO_HAND, p, card, 0, 0)
        return TO_HAND
    return TO_DISCARD
