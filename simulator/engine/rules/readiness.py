"""What preparing each card takes of a player now: costs, missing components, legality (R7.1).

:func:`compute` fills the lane's ``rd_*`` fields once per main-phase decision; the legal
actions, the policy's scores, the usage counters and the preparation itself all read them.
Only the player cards are covered (local ids below ``n_player_cards``): the Adversary's cards
are never prepared. Component words are the batch's required words (``tables.words``), the
only ones a card can lack.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules import animals, discounts, pile
from simulator.engine.rules.board import component_count, free_slot, is_mage_noir
from simulator.engine.rules.component_discounts import affordable_with_discount
from simulator.engine.rules.components import (
    fewer_allowed,
    fire_mask_on,
    instances_of_words,
    king_here,
    requirement,
)
from simulator.engine.rules.layout import (
    AIR,
    CONDITION_CODE,
    FD_MAGE_NOIR,
    FD_ONCE_PER_TURN,
    FD_UNLESS_TOP,
    PERMANENT,
    E,
)
from simulator.engine.rules.locked import locked_under_word, pays_with_locked
from simulator.engine.rules.surcharge import add_to_costs

COND_MAGE_NOIR = CONDITION_CODE["mage_noir"]
COND_CONTROLS = CONDITION_CODE["controls_component"]
COND_ZENITH = CONDITION_CODE["zenith"]


@njit
def effective_cost(st, tb, p, mn, out):
    """``out`` (C, E): the Mana cost of preparing each player card now, after reductions
    (R6.3); ``mn``: the player is a Mage Noir."""
    kinds = tb.n_player_cards
    for c in range(kinds):
        for e in range(E):
            out[c, e] = tb.cost[c, e]
    if st.any_surcharge != 0:
        add_to_costs(st, tb, p, out)
    if st.any_discount != 0:
        discounts.apply(st, tb, p, out)
    if tb.any_reduction == 0:
        return
    for r in range(tb.n_reduction):
        card, element, amount, amount_mn, card_element, word, cond, cond_word, self_only, \
            min_cost = tb.reduction[r]
        if mn:
            amount = amount_mn
        ok = True
        if cond == COND_MAGE_NOIR:
            ok = mn
        elif cond == COND_CONTROLS:
            ok = component_count(st, tb, p, cond_word) > 0
        elif cond == COND_ZENITH:
            ok = st.zenith[p] != 0
        if not ok:
            continue
        if self_only:
            if card < kinds:
                out[card, element] -= amount
            continue
        copies = 0
        for s in range(st.board_end[p]):
            if st.board_card[p, s] == card and st.board_zone[p, s] >= PERMANENT:
                copies += 1
        if copies == 0:
            continue
        for c in range(kinds):
            if card_element >= 0 and tb.element[c] != card_element:
                continue
            if word >= 0 and tb.named[c, word] == 0:
                continue
            if tb.cost[c, element] < min_cost:
                continue
            out[c, element] -= copies * amount
    for c in range(kinds):
        for e in range(E):
            if out[c, e] < 0:
                out[c, e] = 0


@njit
def compute(st, tb, wk, p):
    """Fill ``wk.rd_*`` for player ``p``: costs, shortfalls over the required words, the
    components missing in all, the Mage Noir status (kept while no board changed) and what
    the reserve affords."""
    board_part(st, tb, wk, p)
    for c in range(tb.n_player_cards):
        ok = 1
        for e in range(E):
            if st.reserve[p, e] < wk.rd_cost[c, e]:
                ok = 0
                break
        wk.rd_affordable[c] = ok
    if tb.any_pay_locked != 0:
        affordable_with_locked(st, tb, wk, p)
    if tb.any_comp_reduction != 0:
        affordable_with_discount(st, tb, wk, p)


@njit
def affordable_with_locked(st, tb, wk, p):
    """Cards paid with Mana locked under components (Desert fangs) count it as affordable."""
    for c in range(tb.n_player_cards):
        if wk.rd_affordable[c] != 0 or not pays_with_locked(tb, c, wk.rd_mage_noir != 0):
            continue
        ok = 1
        for e in range(E):
            if st.reserve[p, e] + locked_under_word(st, tb, p, tb.pay_locked_word[c], e) < \
                    wk.rd_cost[c, e]:
                ok = 0
                break
        wk.rd_affordable[c] = ok


@njit
def board_part(st, tb, wk, p):
    """The part of :func:`compute` the boards decide (costs, shortfalls, components missing,
    the Mage Noir status), computed again only when a board changed; for a reader that needs
    nothing of the reserve."""
    if wk.rd_player != p or wk.rd_clock != st.board_clock or wk.rd_no_cache != 0:
        board_readiness(st, tb, wk, p)


@njit
def forget(wk):
    """The next :func:`compute` starts afresh (the work record is about to serve a state it
    has not followed)."""
    wk.rd_player = -1


@njit
def board_readiness(st, tb, wk, p):
    """Compute :func:`board_part` now."""
    mn = is_mage_noir(st, tb, p)
    wk.rd_mage_noir = 1 if mn else 0
    wk.rd_player = p
    wk.rd_clock = st.board_clock
    effective_cost(st, tb, p, mn, wk.rd_cost)
    mask = fire_mask_on(st, tb, p)
    nw = tb.n_words
    have = wk.amounts  # scratch: instances of each required word
    instances_of_words(st, tb, p, have)
    for c in range(tb.n_player_cards):
        missing = 0
        for j in range(nw):
            short = requirement(tb, c, tb.words[j], mask) - have[j]
            if short < 0:
                short = 0
            wk.rd_short[c, j] = short
            missing += short
        wk.rd_missing[c] = missing


@njit
def hand_cards_of_element(st, tb, p, element):
    n = 0
    for c in range(tb.n_player_cards):
        if tb.element[c] == element:
            n += st.hand[p, c]
    return n


@njit
def alternative_requirement_met(st, tb, wk, p, c, mn):
    """Card ``c`` lacks only components of its alternative requirement's WORD, and the
    player has AMOUNT distinct components of INSTEAD for each (Ina's meteor as a Mage Noir:
    4 Rocks instead of the Meteor)."""
    if tb.altreq_mn[c] != 0 and not mn:
        return False
    col = tb.word_col[tb.altreq_word[c]]
    short = wk.rd_short[c, col] if col >= 0 else 0
    if short == 0 or short != wk.rd_missing[c]:
        return False
    return component_count(st, tb, p, tb.altreq_instead[c]) >= short * tb.altreq_amount[c]


@njit
def can_prepare_all(st, tb, wk, p):
    """``wk.legal_prepare`` (C,): the card kinds the player may prepare now (R7.1), from the
    readiness :func:`compute` filled for this player."""
    mn = wk.rd_mage_noir != 0
    king = king_here(st, tb, p)
    room = free_slot(st, tb, p) >= 0
    for c in range(tb.n_cards):
        wk.legal_prepare[c] = 0
    if not room:
        return
    for c in range(tb.n_player_cards):
        if wk.rd_affordable[c] == 0 or tb.inert[c] != 0:
            continue
        if st.hand[p, c] <= 0 and not (tb.any_from_discard != 0
                                       and from_discard_ok(st, tb, p, c, mn)):
            continue
        if tb.mage_noir_only[c] != 0 and not mn:
            continue
        missing = wk.rd_missing[c]
        if tb.any_exhausts_animal != 0 and tb.exhausts_animal[c] != 0:
            if not animals.face_up(st, p):
                continue  # its cost turns the Animal face down: it must be face up (R10.5)
            if tb.animal_exhausted_first != 0:
                missing += animals.words_it_alone_gives(st, tb, p, c)
        ok = missing <= fewer_allowed(st, tb, p, c, mn, king)
        if not ok and tb.altreq_word[c] >= 0:
            ok = alternative_requirement_met(st, tb, wk, p, c, mn)
        if not ok and tb.alt_word[c] >= 0:
            # e.g. Fire ball: discard another Fire card from hand instead of the Flame.
            col = tb.word_col[tb.alt_word[c]]
            alt_short = wk.rd_short[c, col] if col >= 0 else 0
            spare = hand_cards_of_element(st, tb, p, tb.alt_element[c])
            if tb.element[c] == tb.alt_element[c]:
                spare -= 1
            ok = missing == alt_short and missing == 1 and spare > 0
        if not ok:
            continue
        # a Unique card may be prepared while a copy is in play: one is discarded (unique.py)
        wk.legal_prepare[c] = 1


@njit
def from_discard_ok(st, tb, p, c, mn):
    """Player ``p`` may prepare card ``c`` from their discard pile now (prepare_from_discard):
    a copy is there that is not the top card (Temporal blast), nor a copy prepared from the
    pile earlier this turn and back in it (Temporal paradox, a Mage Noir's: once per turn for
    each copy, so other copies may still be)."""
    rule = tb.from_discard[c]
    if rule == 0 or st.discard[p, c] <= 0:
        return False
    if rule & FD_MAGE_NOIR and not mn:
        return False
    available = st.discard[p, c]
    if rule & FD_UNLESS_TOP and pile.top(st, p) == c:
        available -= 1
    if rule & FD_ONCE_PER_TURN:
        available -= st.from_discard_back[p, c]
    return available > 0


@njit
def castable(st, tb, wk, c):
    """The player of the readiness has the Mana and the components to prepare card ``c``
    (usage statistics: the plain Mage Noir allowance; optional costs, board room and Unique
    ignored)."""
    mn = wk.rd_mage_noir != 0
    missing = wk.rd_missing[c]
    ok = missing == 0 or (mn and missing <= tb.fewer_mn[c])
    if (tb.mage_noir_only[c] != 0 and not mn) or tb.inert[c] != 0:
        ok = False
    return ok and wk.rd_affordable[c] != 0


@njit
def trade_price(st, p, element):
    """The fewest Mana the player gives to take 1 Mana of ``element``: 2 (R6.5); 1 under
    Favorable winds when Air is taken, or when the reserve holds Air to give."""
    if st.winds[p] != 0 and (element == AIR or st.reserve[p, AIR] > 0):
        return 1
    return 2


@njit
def tradeable(st, p, element):
    """An element the player can take by a trade now (from the largest pile, either on a tie)."""
    size0, size1 = st.ether[0].sum(), st.ether[1].sum()
    present = (st.ether[0, element] > 0 and size0 >= size1) or (
        st.ether[1, element] > 0 and size1 >= size0)
    return present and st.reserve[p].sum() >= trade_price(st, p, element)
