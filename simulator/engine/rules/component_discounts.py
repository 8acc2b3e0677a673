"""Discounts that depend on the components designated (static ``component_cost_reduction``:
Time ore, "any Equipment using this as a component costs 1 less Mineral").

The readiness (``readiness.py``) computes a card's cost before its components are designated,
so these discounts are not in ``rd_cost``. Instead:

- a card is affordable when the reserve covers its cost less the most its reducers on the
  board could take off (:func:`possible_discount`: each reducer that provides a word the card
  requires, one per required instance of those words, since one card is one component per
  word);
- while designating, a component that is not a reducer may be chosen only while the reducers
  still designable can make up what the reserve lacks (:func:`must_use_reducer`), so that the
  preparation can always be paid; otherwise the choice is free (a Century instead of a Time
  ore, say, for its doubling);
- the cost paid is the cost less the reducers actually designated, each counted once, never
  below 0 (R6.3; Time ore's ruling).

Everything here runs behind ``tb.any_comp_reduction``.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules.board import provides_component
from simulator.engine.rules.components import fire_mask_on, requirement
from simulator.engine.rules.layout import E


@njit
def is_reducer(st, tb, p, s, card):
    """Slot ``s`` of player ``p`` holds a component whose discount applies to ``card``."""
    c = st.board_card[p, s]
    return c >= 0 and tb.cr_amount[c] > 0 and tb.cr_type[c] == tb.card_type[card]


@njit
def serves(st, tb, p, s, card, mask):
    """The component in slot ``s`` provides a word ``card`` requires."""
    for j in range(tb.n_words):
        w = tb.words[j]
        if requirement(tb, card, w, mask) > 0 and provides_component(st, tb, p, s, w):
            return True
    return False


@njit
def possible_discount(st, tb, p, card, out):
    """``out`` (E,): the most the player's reducers can take off ``card``'s cost now."""
    for e in range(E):
        out[e] = 0
    mask = fire_mask_on(st, tb, p)
    places = 0  # required instances of the words some reducer provides
    for j in range(tb.n_words):
        w = tb.words[j]
        need = requirement(tb, card, w, mask)
        if need == 0:
            continue
        for s in range(st.board_end[p]):
            if is_reducer(st, tb, p, s, card) and provides_component(st, tb, p, s, w):
                places += need
                break
    n = 0
    for s in range(st.board_end[p]):
        if n < places and is_reducer(st, tb, p, s, card) and serves(st, tb, p, s, card, mask):
            c = st.board_card[p, s]
            out[tb.cr_element[c]] += tb.cr_amount[c]
            n += 1


@njit
def affordable_with_discount(st, tb, wk, p):
    """Cards the reserve cannot pay at their cost but can once their reducers are used."""
    left = wk.cr_discount
    for c in range(tb.n_player_cards):
        if wk.rd_affordable[c] != 0:
            continue
        possible_discount(st, tb, p, c, left)
        if left.sum() == 0:
            continue
        ok = 1
        for e in range(E):
            if st.reserve[p, e] < wk.rd_cost[c, e] - left[e]:
                ok = 0
                break
        wk.rd_affordable[c] = ok


@njit
def designated_discount(st, tb, p, card, used, out):
    """``out`` (E,): what the designated components ``used`` (S,) take off ``card``'s cost."""
    for e in range(E):
        out[e] = 0
    for s in range(tb.slots):
        if used[s] != 0 and is_reducer(st, tb, p, s, card):
            c = st.board_card[p, s]
            out[tb.cr_element[c]] += tb.cr_amount[c]


@njit
def must_use_reducer(st, tb, wk, p, card, cost, used):
    """While designating: the reserve cannot pay ``cost`` (E,) less the reducers designated so
    far (``used``), so the next component must be a reducer when one is offered."""
    got = wk.cr_discount
    designated_discount(st, tb, p, card, used, got)
    for e in range(E):
        if st.reserve[p, e] < cost[e] - got[e]:
            return True
    return False


@njit
def restrict_to_reducers(st, tb, p, card, opt, used, n):
    """Keep only the reducers not yet designated among the legal options ``opt[:n]`` (slots),
    when there is one; returns whether it restricted them."""
    any_ = False
    for s in range(n):
        if opt[s] != 0 and used[s] == 0 and is_reducer(st, tb, p, s, card):
            any_ = True
    if not any_:
        return False
    for s in range(n):
        if opt[s] != 0 and not (used[s] == 0 and is_reducer(st, tb, p, s, card)):
            opt[s] = 0
    return True


@njit
def pay_less(st, tb, wk, p, card, used, cost):
    """The cost ``cost`` (E,) less the designated reducers' discount, never below 0."""
    got = wk.cr_discount
    designated_discount(st, tb, p, card, used, got)
    for e in range(E):
        cost[e] = max(cost[e] - got[e], 0)
