"""Discounts for the turn: "the next Vegetal spell you prepare this turn costs 2 less Vegetal
Mana; a Permanent with HP gets 1 more HP" (Light ray), "this turn, preparing a Tornado, ...
costs 2 less Mana of its element; when you prepare one, draw a card" (Solar eruption).

``state.next_discount[p, e]``: what the next card of element ``e`` player ``p`` prepares this
turn costs less of ``e``, and ``state.next_hp[p, e]`` the HP it gains if it is a Permanent with
HP; both are spent by that preparation (one card: every allowance of its element at once, so
two Light rays make one spell 4 cheaper), or end with the turn. ``state.name_discount[p, w]``:
this turn a card whose name carries name word ``w`` (a name tag, or a word it provides: the
rulings' "any spell with Tornado in its name or Transmutable: Tornado") costs that much less of
its own element, and ``state.name_draw[p, w]`` the cards drawn when one is prepared. A card
named by several of the words counts the largest only (one spell, one discount and one
draw per effect). The readiness subtracts them (``readiness.effective_cost``), never below 0
(the rulings: no negative cost). Every change ticks the board clock; ``state.any_discount``
keeps the cost of a preparation at one test while none is in force.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules.layout import EV_EXTRA_HP, PERMANENT_TYPE, WN, E
from simulator.engine.rules.log import say
from simulator.engine.rules.zones import draw


@njit
def next_card(st, p, element, amount, hp):
    """The next card of ``element`` player ``p`` prepares this turn costs ``amount`` less of
    it and gains ``hp`` if it is a Permanent with HP."""
    st.next_discount[p, element] += amount
    st.next_hp[p, element] += hp
    st.any_discount = 1
    st.board_clock += 1


@njit
def named_cards(st, p, word, amount, cards):
    """This turn the cards named ``word`` cost ``amount`` less of their own element, and
    preparing one draws ``cards``."""
    st.name_discount[p, word] += amount
    st.name_draw[p, word] += cards
    st.any_discount = 1
    st.board_clock += 1


@njit
def named_most(st, tb, p, c, of_draw):
    """The largest name discount (``of_draw``: draw) of card ``c`` for player ``p``."""
    best = 0
    for w in range(WN):
        if tb.named[c, w] == 0:
            continue
        v = st.name_draw[p, w] if of_draw else st.name_discount[p, w]
        if v > best:
            best = v
    return best


@njit
def apply(st, tb, p, out):
    """Subtract player ``p``'s discounts from the costs ``out`` (C, E) of the player cards,
    never below 0."""
    for c in range(tb.n_player_cards):
        e = tb.element[c]
        less = st.next_discount[p, e] + named_most(st, tb, p, c, False)
        if less > 0:
            out[c, e] = max(out[c, e] - less, 0)


@njit
def prepared(st, tb, wk, p, card, slot):
    """Player ``p`` has just prepared ``card`` into ``slot``: the allowances of its element
    are spent (a Permanent with HP gains theirs), and the draws of its name words follow."""
    e = tb.element[card]
    if st.next_discount[p, e] != 0 or st.next_hp[p, e] != 0:
        hp = st.next_hp[p, e]
        if hp > 0 and tb.card_type[card] == PERMANENT_TYPE and tb.hp[card] > 0:
            st.board_hp[p, slot] += hp
            say(wk, EV_EXTRA_HP, p, card, hp, 0)
        st.next_discount[p, e] = 0
        st.next_hp[p, e] = 0
        st.board_clock += 1
    n = named_most(st, tb, p, card, True)
    if n > 0:
        draw(st, tb, wk, p, n)


@njit
def clear(st, tb):
    """A player turn starts or ends: the turn's discounts are over."""
    if st.any_discount == 0:
        return
    for q in range(tb.players):
        for e in range(E):
            st.next_discount[q, e] = 0
            st.next_hp[q, e] = 0
        for w in range(WN):
            st.name_discount[q, w] = 0
            st.name_draw[q, w] = 0
    st.any_discount = 0
    st.board_clock += 1

