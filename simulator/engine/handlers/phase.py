"""Phase handlers: the Phase cards the vocabulary cannot say (phase out itself is the op
``phase_out``, ``engine/rules/phase.py``).

- Glimpse of the future's second step: the player its phase out chose draws 1 card.
- Leap in time: phase out any player by 1, then the Mana cost of the cards phased out comes
  from the Infinite Ether into the Available Ether.
- Antimatter: pay the exact Mana cost of 1 Permanent to destroy it.
- Forced acceleration and Inception act on the opponent's hand: the Adversary has none
  (R15.11), so against it they do nothing (docs/cards.md, Phase); in a duel they act on the
  opposing seat.
"""

from __future__ import annotations

import numpy as np

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide, leave_board, select
from simulator.engine.handlers import declare
from simulator.engine.handlers.warrior_mage import before_destroy
from simulator.engine.rules import pile
from simulator.engine.rules.board import (
    adversary_destroyed,
    free_slot,
    is_indestructible,
    is_mage_noir,
    n_targets,
    place_card,
)
from simulator.engine.rules.channeled import channel_tax
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    ADV_KEYWORD,
    ADVERSARY_SIDE,
    AN_ASKED,
    AN_TARGET,
    CHANNELED,
    CHOOSE_MODE,
    DESTROY_TARGET,
    EV_FROM_DISCARD,
    EV_NO_HAND,
    EV_PUTS_FROM_DISCARD,
    K_SLOTS,
    PERMANENT,
    PURPOSE_HAND,
    PURPOSE_PHASE_OUT,
    RETURN_FROM_DISCARD,
    SPELL,
    TG_ANY_PLAYER,
    TO_DISCARD,
    E,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.mana import add_to_ether, pay_effect_cost
from simulator.engine.rules.ops import choose_mana_elements, decider_of
from simulator.engine.rules.phase import phase_out
from simulator.engine.rules.seats import the_opponent
from simulator.engine.rules.zones import draw, hand_open

WHAT_PERMANENT = 0  # ctx_what of a destroy decision (ops.WHAT_PERMANENT)


@declare.step("that_player_draws", estimate={"draw": 0.5})
@njit
def that_player_draws(st, tb, wk, r, card, side, slot):
    """Glimpse of the future, its second step: the player the first step phased out (the
    target announced for it, R7.2) draws 1 card; the Adversary has no hand and draws
    nothing (R15.11)."""
    e = st.step_entry
    if e < 1 or st.announced[e - 1, AN_ASKED] == 0:
        return
    t = st.announced[e - 1, AN_TARGET]
    if K_SLOTS <= t < K_SLOTS + tb.players:
        draw(st, tb, wk, t - K_SLOTS, 1)
    elif 0 <= t < K_SLOTS:
        say(wk, EV_NO_HAND, 0, 0, 0, 0)


@declare.step("leap_in_time", estimate={"mana": 1.5}, announces=("target", "any_player"))
@njit
def leap_in_time(st, tb, wk, r, card, side, slot):
    """Phase out the chosen player (or the Adversary) by 1, then add the Mana cost of the
    cards phased out from the Infinite Ether to the Available Ether. An Adversary card has a
    Mana value, not a cost: that many Mana, of the elements the players choose (as for its
    Mana value, R15.7), or nothing under the rule option ``leap_in_time_adversary_mana``
    off."""
    select(st, tb, wk, TG_ANY_PLAYER, PURPOSE_PHASE_OUT, side, card, slot)
    t = -1
    for i in range(K_SLOTS + tb.players):
        if wk.hits[i] != 0:
            t = i
            break
    if t < 0:
        return
    k = phase_out(st, tb, wk, side, card, t, 1)
    if k == 0:
        return
    decider = decider_of(st, side)
    if t < K_SLOTS:
        if tb.leap_in_time_adversary_mana == 0:
            return
        value = 0
        for i in range(st.adv_deck_len, st.adv_deck_len + k):
            value += tb.mana_value[st.adv_deck[i]]
        if value > 0:
            mana = choose_mana_elements(st, tb, wk, decider, value)
            add_to_ether(st, tb, wk, decider, mana)
        return
    p = t - K_SLOTS
    mana = wk.mana_fixed
    for e in range(E):
        mana[e] = 0
    for i in range(st.deck_len[p], st.deck_len[p] + k):
        c = st.deck[p, i]
        for e in range(E):
            mana[e] += tb.cost[c, e]
    if mana.sum() > 0:
        add_to_ether(st, tb, wk, decider, mana)


@njit
def _adversary_cost(st, tb, p, k, cost):
    """What the player pays for Adversary Permanent ``k`` (its Mana value, any elements:
    rule option ``antimatter_mana_value``), written into ``cost`` (E,): the elements it holds
    most of, one Mana at a time. Returns whether the reserve covers it."""
    value = tb.mana_value[st.adv_card[k]]
    for e in range(E):
        cost[e] = 0
    if st.reserve[p].sum() < value:
        return False
    left = st.reserve[p].copy()
    for _ in range(value):
        best = 0
        for e in range(1, E):
            if left[e] > left[best]:
                best = e
        left[best] -= 1
        cost[best] += 1
    return True


@njit
def _antimatter_options(st, tb, wk, p):
    """The Permanents whose Mana cost the player's reserve covers (flat targets); whether
    there is any."""
    players, slots = tb.players, tb.slots
    set_options(wk, n_targets(tb), 0)
    any_ = False
    cost = np.zeros(E, np.int64)
    if tb.antimatter_mana_value != 0:
        for k in range(K_SLOTS):
            c = st.adv_card[k]
            if c >= 0 and tb.adv_kind[c] == ADV_KEYWORD and _adversary_cost(st, tb, p, k, cost):
                wk.opt[k] = 1
                any_ = True
    for q in range(players):
        for s in range(st.board_end[q]):
            c = st.board_card[q, s]
            if c < 0 or st.board_zone[q, s] != PERMANENT or is_indestructible(st, tb, q, s):
                continue
            ok = True
            for e in range(E):
                if st.reserve[p, e] < tb.cost[c, e]:
                    ok = False
            if ok:
                wk.opt[K_SLOTS + players + q * slots + s] = 1
                any_ = True
    wk.ctx_what = WHAT_PERMANENT
    return any_


@declare.step("antimatter", estimate={"removal": 1.0})
@njit
def antimatter(st, tb, wk, r, card, side, slot):
    """Pay the exact Mana cost of 1 Permanent (either side) from the reserve, then destroy
    it; only a Permanent the reserve can pay for may be chosen. The choice is made when the
    step resolves (a handler choosing for itself)."""
    p = side
    if p == ADVERSARY_SIDE or not _antimatter_options(st, tb, wk, p):
        return
    choice = decide(st, tb, wk, DESTROY_TARGET, p)
    cost = np.zeros(E, np.int64)
    if choice < K_SLOTS:
        if _adversary_cost(st, tb, p, choice, cost):
            pay_effect_cost(st, tb, wk, p, cost)
            adversary_destroyed(st, tb, wk, choice)
        return
    q, s = divmod(choice - K_SLOTS - tb.players, tb.slots)
    for e in range(E):
        cost[e] = tb.cost[st.board_card[q, s], e]
    pay_effect_cost(st, tb, wk, p, cost)
    before_destroy(st, tb, wk, side, q, s)
    if st.board_card[q, s] >= 0 and not is_indestructible(st, tb, q, s):
        leave_board(st, tb, wk, q, s, TO_DISCARD)


@declare.step("forced_acceleration", estimate={})
@njit
def forced_acceleration(st, tb, wk, r, card, side, slot):
    """The opponent draws 7 cards, 3 if they are a Mage Noir. Against the Adversary, which
    has no hand (R15.11), nothing happens; in a duel the opposing seat draws (an empty deck
    puts them out, R4.2)."""
    foe = the_opponent(st, tb, wk, side, PURPOSE_HAND)
    if foe < 0:
        if side != ADVERSARY_SIDE:
            say(wk, EV_NO_HAND, 0, 0, 0, 0)
        return
    draw(st, tb, wk, foe, 3 if is_mage_noir(st, tb, foe) else 7)


@declare.step("inception", estimate={})
@njit
def inception(st, tb, wk, r, card, side, slot):
    """One card of the opponent's discard pile, the controller's choice (a
    ``return_from_discard`` decision over the card kinds there), goes back to their hand; a
    Mage Noir controller may put a Spell channeled on the opponent's side instead (a
    ``choose_mode`` decision: 1 channels), with no Mana under it; it counts as channeled, so
    its controller's Zenith rituals tax it (the rulings). Against the Adversary (no hand, no
    spell to channel) nothing happens."""
    foe = the_opponent(st, tb, wk, side, PURPOSE_HAND)
    if foe < 0:
        if side != ADVERSARY_SIDE:
            say(wk, EV_NO_HAND, 0, 0, 0, 0)
        return
    if not hand_open(st, foe):
        return  # Zeus's thunder locks that hand: the effect is ignored
    set_options(wk, tb.n_cards, 0)
    any_ = False
    for c in range(tb.n_player_cards):
        if st.discard[foe, c] > 0:
            wk.opt[c] = 1
            any_ = True
    if not any_:
        return
    wk.ctx_card = card
    c = decide(st, tb, wk, RETURN_FROM_DISCARD, side)
    s = free_slot(st, tb, foe)
    if tb.card_type[c] == SPELL and s >= 0 and is_mage_noir(st, tb, side):
        set_options(wk, 2, 1)
        wk.ctx_card = card
        if decide(st, tb, wk, CHOOSE_MODE, side) == 1:
            pile.take(st, foe, c)
            place_card(st, tb, foe, s, c, CHANNELED)
            say(wk, EV_PUTS_FROM_DISCARD, foe, c, CHANNELED, 0)
            channel_tax(st, tb, wk, foe)
            return
    pile.take(st, foe, c)
    st.hand[foe, c] += 1
    say(wk, EV_FROM_DISCARD, foe, c, 0, 0)
