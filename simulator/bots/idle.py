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

from simulator.bots.base import (
    best_boost_hits,
    discount_worth,
    held_copy_hp_lost,
    phase_damage_in_play,
    recycle_worth,
    top_spell_stuck,
)
from simulator.engine.compiler.jit import njit
from simulator.engine.handlers.ids import (
    H_MILLENNIUM,
    H_WAIVER_CROWN,
    H_WARRIOR_MAGE_RITUAL_END_OF_TURN,
)
from simulator.engine.handlers.time_bender import MILLENNIUM_DECK_LIMIT
from simulator.engine.rules.board import flagged_in_play, hand_size
from simulator.engine.rules.layout import EQUIPMENT_TYPE, PERMANENT, RITUAL_TYPE, SPELL

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


# --- preparing ---------------------------------------------------------------------------------
# Why: the main phase scores a preparation by the card's estimated worth, an estimate made once
# per batch that knows nothing of the position, while an activation is scored by what it does
# now. A spell whose activation the planner never finds worth anything, and that no card uses
# as a component, was prepared and left there, its Mana locked under it (issue 38: Temporal
# salvage prepared 52 times, activated 0; Delayed fate 41/0; Reforge 37/0 with no Equipment;
# Millennium prepared only for the rules to discard it at once, 80 of 80).


@njit
def salvage_worth(st, tb, bw, p, c):
    """What activating card ``c`` puts into play from player ``p``'s discard pile now (Temporal
    salvage: up to 3 spells providing Time, channeled as components): how many there are."""
    word = bw.f_salvage_word[c]
    if word < 0:
        return 0.0
    there = 0
    for d in range(tb.n_player_cards):
        if st.discard[p, d] > 0 and tb.card_type[d] == SPELL and tb.provides[d, word] != 0:
            there += st.discard[p, d]
    return min(float(there), bw.f_salvage[c])


@njit
def foreseeable_worth(st, tb, bw, p, c):
    """What activating spell ``c`` would be worth to the main-phase scores once its target is
    there (the Adversary arrives, the player is hurt), less the 1 an activation must beat:
    damage, healing, cards, Mana and discounts, a removal, a boost of an own Equipment in
    play, cards back into a deck that runs low, a swap that frees a stuck spell, the spells a
    salvage finds in the pile, phase-outs a card in play or to come turns into damage, a fetch."""
    act = 4.0 * (bw.f_damage[c] + bw.f_zenith_damage[c]) + 2.0 * bw.f_heal[c]
    act += 3.0 * bw.f_draw[c] + 2.0 * (bw.f_mana[c] + discount_worth(st, tb, bw, p, c))
    act += 12.0 * bw.f_removal[c] + 4.0 * bw.f_boost[c] * best_boost_hits(st, bw, p)
    if bw.f_recycle[c] > 0:
        act += recycle_worth(st, tb, bw, p, c)
    if bw.f_swap[c] != 0 and top_spell_stuck(st, tb, p):
        act += 3.0
    if bw.f_phase_hits[c] > 0:
        act += 4.0 * bw.f_phase_hits[c] * phase_damage_in_reach(st, tb, bw, p)
    if bw.f_spell_fetch[c] >= 0:
        act += 3.0
    return act + 2.0 * salvage_worth(st, tb, bw, p, c) - 1.0


@njit
def phase_damage_in_reach(st, tb, bw, p):
    """The damage per phase-out a card of player ``p`` turns it into, in play or still to
    come (in the hand or the deck: the player knows what their deck holds). Phase-outs
    prepared ahead of the Rite of phase are cast once it is in play."""
    best = phase_damage_in_play(st, bw, p)
    if bw.any_phase_damage == 0:
        return best
    for d in range(tb.n_player_cards):
        if bw.f_phase_damage[d] > best and st.hand[p, d] > 0:
            best = bw.f_phase_damage[d]
    for i in range(st.deck_len[p]):
        best = max(best, bw.f_phase_damage[st.deck[p, i]])
    return best


@njit
def spell_does_nothing(st, tb, wk, bw, p, c):
    """Spell ``c`` would be prepared for nothing: the main phase would never find its
    activation worth taking in a position the player can foresee (:func:`foreseeable_worth`)
    and it is no component of the batch (``f_maybe_idle``, the part known per batch)."""
    if bw.f_maybe_idle[c] == 0:
        return False  # it does something, or is a component, in any position
    return foreseeable_worth(st, tb, bw, p, c) <= 0.0


@njit
def discarded_at_once(st, tb, p, c):
    """The rules would discard card ``c`` as soon as it is in play (Millennium while the
    player's deck holds more than 4 cards)."""
    return (tb.any_handler[H_MILLENNIUM] != 0 and tb.handler_card[H_MILLENNIUM, c] != 0
            and st.deck_len[p] > MILLENNIUM_DECK_LIMIT)


@njit
def entry_losses(st, tb, bw, p, c):
    """The worth of the own Permanents that card ``c`` destroys as it enters play (Ritual of
    seasons: own Vegetal Permanents lose 1 HP): each one left with no HP, its worth and 5."""
    loss = bw.f_enter_loss[c]
    if loss <= 0:
        return 0.0
    element = bw.f_enter_loss_element[c]
    lost = 0.0
    for s in range(st.board_end[p]):
        d = st.board_card[p, s]
        if d < 0 or st.board_zone[p, s] != PERMANENT or tb.hp[d] <= 0:
            continue
        if (element < 0 or tb.element[d] == element) and st.board_hp[p, s] <= loss:
            lost += 5.0 + max(bw.f_value[d], 0.0)
    return lost


@njit
def harmful_second_ritual(st, tb, bw, p, c):
    """Player ``p`` controls a copy of Ritual ``c``, which costs its controller something in
    play (``f_self_harm``): a second doubles the cost (Zenith ritual's Fire tax, Ecdysis
    ritual's damage, Knowledge ritual's mill) and makes no more Mage Noir. A second Rite of
    phase doubles its gains, and stays worth preparing (phase-rift lost 1.2 points without)."""
    return (tb.card_type[c] == RITUAL_TYPE and bw.f_self_harm[c] != 0
            and held_copy_hp_lost(st, tb, p, c) >= 0)


# Why: an Equipment is worth its estimate only while it stays in play. Two own rules take it
# away before it has done anything (the misplay scan's equipment_lost): the Warrior-mage
# ritual destroys the Equipment put into play this turn at the turn's end unless its ability
# (discard a card from hand) protects it, and Solid armor was prepared as the last card of
# the hand, then destroyed, 5 times; a Waiver crown is destroyed as soon as its controller's
# reserve is empty, its own cost included.


@njit
def destroyed_at_turn_end(st, tb, p, c):
    """Equipment ``c`` prepared now would be destroyed at the end of player ``p``'s turn by
    their Warrior-mage ritual: it is the last card of the hand, so none is left to discard
    for its protection, and it has no ability to use before the turn ends. Not a Waiver
    crown: it switches the Ritual off as it arrives."""
    return (tb.card_type[c] == EQUIPMENT_TYPE and tb.ability[c] < 0
            and flagged_in_play(st, tb, p, H_WARRIOR_MAGE_RITUAL_END_OF_TURN)
            and hand_size(st, tb, p) <= 1
            and (tb.any_handler[H_WAIVER_CROWN] == 0 or tb.handler_card[H_WAIVER_CROWN, c] == 0))


@njit
def crown_lost_at_once(st, tb, wk, p, c):
    """Preparing card ``c`` (its cost ``wk.rd_cost``, current) empties player ``p``'s reserve
    while a Waiver crown is theirs, in play or ``c`` itself: the rule destroys the crown as the
    preparation resolves (a Warrior-mage ritual prepared with the last Mana broke the crown
    equipped the same turn)."""
    if tb.any_handler[H_WAIVER_CROWN] == 0:
        return False
    crown = tb.handler_card[H_WAIVER_CROWN, c] != 0 or flagged_in_play(st, tb, p, H_WAIVER_CROWN)
    return crown and st.reserve[p].sum() <= wk.rd_cost[c].sum()
