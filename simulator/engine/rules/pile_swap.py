"""Swapping two spells of a discard pile (op ``swap_in_pile``: Alteration of the past).

A discard pile is ordered (``pile.py``, the Adversary's too) and nobody may reorder it unless a
card says so (R1.4). The chosen player's pile (a player or the Adversary) has two of its spells
swapped: two ``pile_swap`` decisions of the card's controller over the positions holding a
spell (bottom first, ``ctx_amount`` -1 for the first choice, then the first position), the
second among the others. Fewer than two spells: nothing happens. An Adversary card is a spell
when it has no keyword (it is applied at once and discarded).
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import ADV_SPELL, ADVERSARY_SIDE, EV_SWAPS, PILE_SWAP, SPELL
from simulator.engine.rules.log import say


@njit
def _is_spell(tb, card):
    return tb.card_type[card] == SPELL or (tb.card_type[card] < 0 and tb.adv_kind[card] == ADV_SPELL)


@njit
def _options(st, tb, wk, q, skip):
    """The positions of spells in ``q``'s pile (the Adversary's for ADVERSARY_SIDE), but
    ``skip``; returns how many."""
    n = st.adv_pile_len if q == ADVERSARY_SIDE else st.discard_len[q]
    set_options(wk, max(n, 1), 0)
    count = 0
    for i in range(n):
        c = st.adv_pile[i] if q == ADVERSARY_SIDE else st.discard_pile[q, i]
        if i != skip and _is_spell(tb, c):
            wk.opt[i] = 1
            count += 1
    return count


@njit
def swap_in_pile(st, tb, wk, side, card, q):
    """``side`` (the card's controller) swaps two spells of ``q``'s discard pile."""
    if _options(st, tb, wk, q, -1) < 2:
        return
    wk.ctx_card = card
    wk.ctx_side = q
    wk.ctx_amount = -1
    i = decide(st, tb, wk, PILE_SWAP, side)
    _options(st, tb, wk, q, i)
    wk.ctx_card = card
    wk.ctx_side = q
    wk.ctx_amount = i
    j = decide(st, tb, wk, PILE_SWAP, side)
    if q == ADVERSARY_SIDE:
        a, b = st.adv_pile[i], st.adv_pile[j]
        st.adv_pile[i], st.adv_pile[j] = b, a
    else:
        a, b = st.discard_pile[q, i], st.discard_pile[q, j]
        st.discard_pile[q, i], st.discard_pile[q, j] = b, a
    say(wk, EV_SWAPS, q, a, b, 0)
