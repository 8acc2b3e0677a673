"""The Adversary's turn (solo & co-op rulesheet, "Adversary turns" and "Application of the card").

1. Each Adversary card already in play applies its effect (``turn_start``) and adds its Mana
   value to the Available Ether; the players choose the order (``effect_order``) and the
   elements of the Mana (``mana_element``), the active player deciding.
2. The top card of its deck is drawn (the discard pile is shuffled into a new deck when the
   deck is empty) and applied: a card without keyword applies ``activate``, goes to the
   discard pile and adds its Mana value; a card that stays in play (keyword, the Adversary
   itself, Equipment, which replaces Equipment of its slot) enters the board, applies
   ``enter`` (or ``turn_start`` when it has no ``enter``) and adds its Mana value
   (``adversary_mana_on_arrival``).
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import resolve
from simulator.engine.handlers.flowers import renewal_end_of_turn
from simulator.engine.rules import announce, draw_triggers, pile, suppress, turn_end_triggers
from simulator.engine.rules.board import check_defeats
from simulator.engine.rules.errors import ERR_ADVERSARY_BOARD_FULL, fail
from simulator.engine.rules.layout import (
    ADV_EQUIPMENT,
    ADV_SPELL,
    ADVERSARY_SIDE,
    ETHER_MANA_VALUE,
    EV_ADVERSARY_TURN,
    EV_ETHER_CAUSE,
    EV_LEAVES,
    EV_RESHUFFLES,
    EV_REVEALS,
    K_SLOTS,
    RUNNING,
    T_ACTIVATE,
    T_ENTER,
    T_TURN_START,
    TO_DISCARD,
    WINDOW_ADVERSARY_END,
    WINDOW_ADVERSARY_START,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.mana import add_to_ether
from simulator.engine.rules.ops import choose_mana_elements
from simulator.engine.rules.turns import choose_next
from simulator.engine.rules.windows import quickcast_window
from simulator.engine.rules.zones import shuffle_adversary


@njit
def adversary_turn(st, tb, wk):
    """Play one Adversary turn (the active player is already set), with the players'
    Quickcast windows at its start and at its end (``windows.py``), then its end: the players'
    cards that act at the end of an opponent's turn."""
    for q in range(tb.players):
        st.ignored_this_turn[q] = 0  # "each turn" allowances reset at every turn start
        st.x_armour[q] = 0
        st.x_ignored[q] = 0
    draw_triggers.new_turn(st)
    st.pile_taken = 0  # the active player takes a pile after this turn
    say(wk, EV_ADVERSARY_TURN, st.active, 0, 0, 0)
    st.adversary_turn_on = 1
    quickcast_window(st, tb, wk, WINDOW_ADVERSARY_START)
    adversary_cards(st, tb, wk)
    quickcast_window(st, tb, wk, WINDOW_ADVERSARY_END)
    turn_end_triggers.opponent_turn_ends(st, tb, wk, ADVERSARY_SIDE)
    renewal_end_of_turn(st, tb, wk)  # a Mage Noir's Renewal cast in one of these windows
    st.adversary_turn_on = 0


@njit
def adversary_cards(st, tb, wk):
    """The Adversary's cards in play apply their effects, then it reveals and applies one."""
    pending = wk.adv_pending
    for k in range(K_SLOTS):
        pending[k] = st.adv_card[k]
    while st.outcome == RUNNING:
        k = choose_next(st, tb, wk, st.active, pending, st.adv_card, False)
        if k < 0:
            break
        card = pending[k]
        pending[k] = -1
        if not suppress.holds(st, ADVERSARY_SIDE, k):  # an Ice tree's choice: no effect
            announce.push_steps(st, tb, wk, card, T_TURN_START, ADVERSARY_SIDE, k)
            resolve(st, tb, wk)
        if st.adv_card[k] == card and st.outcome == RUNNING:
            add_mana_value(st, tb, wk, card)
    if st.outcome != RUNNING:
        return
    if st.adv_deck_len == 0 and st.adv_discard[:tb.n_cards].sum() == 0:
        return  # every Adversary card is in play: it draws nothing this turn
    if st.adv_deck_len == 0:
        say(wk, EV_RESHUFFLES, ADVERSARY_SIDE, st.adv_pile_len, 0, 0)
    card = draw_adversary_card(st, tb)
    say(wk, EV_REVEALS, card, 0 if tb.adv_kind[card] == ADV_SPELL else 1, tb.hp[card], 0)
    if tb.adversary_reveal_is_draw != 0 and tb.any_draw_trigger != 0:
        # the draw's triggers resolve before the card applies (it is not in play yet)
        draw_triggers.card_drawn(st, tb, wk, ADVERSARY_SIDE)
        resolve(st, tb, wk)
        if st.outcome != RUNNING:
            pile.adv_put(st, card)
            return
    if tb.adv_kind[card] == ADV_SPELL:
        announce.push_steps(st, tb, wk, card, T_ACTIVATE, ADVERSARY_SIDE, -1)
        resolve(st, tb, wk)
        pile.adv_put(st, card)
        if st.outcome == RUNNING:
            add_mana_value(st, tb, wk, card)
    else:
        enter_play(st, tb, wk, card)
    check_defeats(st, tb, wk)


@njit
def draw_adversary_card(st, tb):
    """The top card of the Adversary deck, reshuffling the discard pile when it is empty."""
    if st.adv_deck_len == 0:
        n = 0
        for c in range(tb.n_cards):
            for _ in range(st.adv_discard[c]):
                st.adv_deck[n] = c
                n += 1
            st.adv_discard[c] = 0
        pile.adv_clear(st)
        st.adv_deck_len = n
        shuffle_adversary(st)
    st.adv_deck_len -= 1
    return st.adv_deck[st.adv_deck_len]


@njit
def enter_play(st, tb, wk, card):
    """An Adversary card that stays in play takes a slot (Equipment replaces the Equipment of
    its slot), applies its arrival effect and adds its Mana value."""
    if tb.adv_kind[card] == ADV_EQUIPMENT:
        for k in range(K_SLOTS):
            c = st.adv_card[k]
            if c >= 0 and tb.adv_kind[c] == ADV_EQUIPMENT and tb.slot_kind[c] == tb.slot_kind[card]:
                pile.adv_put(st, c)
                say(wk, EV_LEAVES, c, ADVERSARY_SIDE, TO_DISCARD, 0)
                st.adv_card[k] = -1
                st.adv_hp[k] = 0
    slot = -1
    for k in range(K_SLOTS):
        if st.adv_card[k] < 0:
            slot = k
            break
    if slot < 0:
        fail(st, ERR_ADVERSARY_BOARD_FULL, card)
        return
    st.adv_card[slot] = card
    st.adv_hp[slot] = tb.hp[card]
    st.adv_suppressed[slot] = 0  # a new card: no Ice tree chose it (suppress.py)
    if tb.is_adversary[card] != 0 and st.adversary_arrived == 0:
        st.adversary_arrived = st.turn
    trig = T_ENTER if tb.trig_count[card, T_ENTER] > 0 else T_TURN_START
    announce.push_steps(st, tb, wk, card, trig, ADVERSARY_SIDE, slot)
    resolve(st, tb, wk)
    if tb.adversary_mana_on_arrival != 0 and st.outcome == RUNNING and st.adv_card[slot] == card:
        add_mana_value(st, tb, wk, card)


@njit
def add_mana_value(st, tb, wk, card):
    """The card's Mana value goes to the Available Ether; the players pick the elements."""
    amount = tb.mana_value[card]
    if amount <= 0:
        return
    mana = choose_mana_elements(st, tb, wk, st.active, amount)
    say(wk, EV_ETHER_CAUSE, ETHER_MANA_VALUE, card, 0, 0)
    add_to_ether(st, tb, wk, st.active, mana)
