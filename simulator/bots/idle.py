"""Cards of a hand that would do nothing if prepared now, so Mana aimed at them is wasted.

Why: the planner aims the Mana it chooses at the card in hand nearest to castable, weighted by
its estimated worth (``planner.hand_element_scores``). Part of some cards' estimate only counts
in some positions: a phase-out deals damage only while a card in play turns it into damage
(Rite of phase; otherwise, solo, the Adversary's deck only comes round sooner), and a cost
reduction of other cards is worth something only while the hand holds a card it reduces
(Galactic helm: Arcane costs of 3 or more). On phase-rift the planner kept choosing Water for
Temporal infiltration and Mineral for Galactic helm before its Rite was in play, Mana nothing
else in the hand used: the planner was then weaker than greedy there (docs/bots.md).
"""

from __future__ import annotations

from simulator.bots.base import phase_damage_in_play
from simulator.engine.compiler.jit import njit

#: Columns of a row of ``tb.reduction`` (layout: card, element, amount, amount_mn, card
#: element, word, condition, condition word, self only, min_cost).
R_CARD, R_ELEMENT, R_AMOUNT, R_AMOUNT_MN, R_CARD_ELEMENT, R_WORD = 0, 1, 2, 3, 4, 5
R_SELF_ONLY, R_MIN_COST = 8, 9


@njit
def idle_in_hand(st, tb, wk, bw, p, c):
    """Card ``c`` would do nothing for player ``p`` if prepared now: it had a worth, and all of
    it is phase-outs while no card in play turns them into damage, or cost reductions no other
    card in the hand would take; and it provides no component a card of the batch requires.
    ``wk.rd_mage_noir`` must be current (the readiness's board part)."""
    value = bw.f_value[c]
    if value <= 0.0 or (bw.f_phase_value[c] <= 0.0 and bw.f_reduce_value[c] <= 0.0):
        return False
    if bw.f_phase_value[c] > 0.0 and phase_damage_in_play(st, bw, p) <= 0.0:
        value -= bw.f_phase_value[c]
    if bw.f_reduce_value[c] > 0.0 and not reduces_a_card_in_hand(st, tb, wk, p, c):
        value -= bw.f_reduce_value[c]
    if value > 1e-9:
        return False
    for j in range(tb.n_words):
        if tb.provides[c, tb.words[j]] != 0:
            return False
    return True


@njit
def reduces_a_card_in_hand(st, tb, wk, p, c):
    """A cost reduction of card ``c`` in play (not one of its own cost) would take Mana off the
    cost of another card in player ``p``'s hand (its condition is not checked)."""
    mn = wk.rd_mage_noir != 0
    for r in range(tb.n_reduction):
        row = tb.reduction[r]
        if row[R_CARD] != c or row[R_SELF_ONLY] != 0:
            continue
        amount = row[R_AMOUNT_MN] if mn else row[R_AMOUNT]
        if amount <= 0:
            continue
        element = row[R_ELEMENT]
        for d in range(tb.n_player_cards):
            if d == c or st.hand[p, d] <= 0:
                continue
            if row[R_CARD_ELEMENT] >= 0 and tb.element[d] != row[R_CARD_ELEMENT]:
                continue
            if row[R_WORD] >= 0 and tb.named[d, row[R_WORD]] == 0:
                continue
            if tb.cost[d, element] >= max(row[R_MIN_COST], 1):
                return True
    return False
