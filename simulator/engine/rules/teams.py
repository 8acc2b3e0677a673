"""The 2 vs 2 mode's turn rules (the publisher's 2 vs 2 rulesheet; docs/rules.md R13.1).

A turn is the current player's, played with their teammate (``tables.mate``, the seat table
of ``seats.py``): the start-of-turn effects, the draw, the main phase and the end-of-turn
effects apply to both (``turns.py`` runs them for :func:`partner` too); only the Mana
gathering is the current player's, who then splits the pile they took between their reserve
and their teammate's (:func:`share_pile`). The teammates act in the shared main phase one
after the other, in the order the current player picks (:func:`order_main_phases`). A Mage Noir
left alone on their team draws 2 in their draw phase (Mage Noir retaliation,
:func:`draws_of`). Outside 2 vs 2 a seat has no teammate and nothing here changes the turn.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide
from simulator.engine.rules.board import is_mage_noir
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    EV_RETALIATION,
    EV_SHARES_PILE,
    P_MAX,
    SHARE_PILE,
    TEAM_ORDER,
    E,
)
from simulator.engine.rules.log import say, say_mana


@njit
def partner(st, tb, p):
    """Player ``p``'s teammate still in the game, -1 none (always outside 2 vs 2)."""
    mate = tb.mate[p]
    if mate < 0 or st.out[mate] != 0:
        return -1
    return mate


@njit
def draws_of(st, tb, wk, q):
    """The cards player ``q`` draws in their draw phase: 1, or ``tables.retaliation`` for a
    Mage Noir whose teammate is out (2 vs 2's Mage Noir retaliation)."""
    mate = tb.mate[q]
    if tb.retaliation > 0 and mate >= 0 and st.out[mate] != 0 and is_mage_noir(st, tb, q):
        say(wk, EV_RETALIATION, q, tb.retaliation, 0, 0)
        return tb.retaliation
    return 1


@njit
def share_pile(st, tb, wk, p, mate, before):
    """The current player ``p`` splits the pile they just took between their reserve and
    their teammate's: for each element of it, how many go to ``mate`` (a ``share_pile``
    decision of ``p``: option k gives k; ``ctx_element`` the element, ``ctx_amount`` how many
    were taken). ``before`` (E,): ``p``'s reserve before the pile."""
    given = wk.ether_chosen  # scratch (E,), free once the pile is taken
    for e in range(E):
        given[e] = 0
    for e in range(E):
        taken = st.reserve[p, e] - before[e]
        if taken <= 0:
            continue
        set_options(wk, taken + 1, 1)
        wk.ctx_element = e
        wk.ctx_amount = taken
        k = decide(st, tb, wk, SHARE_PILE, p)
        st.reserve[p, e] -= k
        st.reserve[mate, e] += k
        st.mana_taken[p] -= k
        st.mana_taken[mate] += k
        given[e] = k
    say_mana(wk, EV_SHARES_PILE, p * P_MAX + mate, given)


@njit
def order_main_phases(st, tb, wk, p, mate):
    """Who acts first in the team's shared main phase: a ``team_order`` decision of the
    current player ``p`` (option 0: ``p``, 1: the teammate); the other acts once the first
    has ended theirs (``state.acting``, ``state.main_left``: seat + 1, 0 none)."""
    set_options(wk, 2, 1)
    first = decide(st, tb, wk, TEAM_ORDER, p)
    st.acting = p if first == 0 else mate
    st.main_left = (mate if first == 0 else p) + 1
