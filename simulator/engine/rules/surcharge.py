"""Surcharges: "until the beginning of your next turn, the target player's spells cost 1 more
Water Mana" (Ice breath).

``state.surcharge[p, q, e]`` is the Mana of element ``e`` added to the cost of every card
player ``p`` prepares, imposed by player ``q``; it ends when ``q``'s next turn begins. The
readiness adds it to the printed cost before the reductions (``readiness.effective_cost``):
both are plain additions, and the result never goes below 0. Every change ticks the board
clock, so the readiness is computed again. ``state.any_surcharge`` keeps the cost of preparing
at one test while no surcharge is in force.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules.layout import E


@njit
def impose(st, tb, payer, imposer, element, amount):
    st.surcharge[payer, imposer, element] += amount
    st.any_surcharge = 1
    st.board_clock += 1


@njit
def expire(st, tb, imposer):
    """The turn of ``imposer`` begins: the surcharges it imposed end."""
    if st.any_surcharge == 0:
        return
    left = 0
    for p in range(tb.players):
        for e in range(E):
            st.surcharge[p, imposer, e] = 0
        for q in range(tb.players):
            for e in range(E):
                left += st.surcharge[p, q, e]
    st.any_surcharge = 1 if left > 0 else 0
    st.board_clock += 1


@njit
def add_to_costs(st, tb, p, out):
    """Add the surcharges player ``p`` pays to ``out`` (C, E), every player card's cost."""
    for q in range(tb.players):
        for e in range(E):
            extra = st.surcharge[p, q, e]
            if extra != 0:
                for c in range(tb.n_player_cards):
                    out[c, e] += extra
