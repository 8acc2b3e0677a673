"""Effects a player's next spell of an element gains ("your next Water spell to apply its
effects this turn gains the effects of this card, added after its own": Wave of lightning).

The op ``next_spell_gains`` records the card for its controller (``state.next_gain``, with
the element); the next spell of that element the player activates this turn takes every such
card recorded for it: their activate steps go on the chain under the spell's own (and under
the steps its components grant), so they resolve after them, from the spell's slot. A gained
``next_spell_gains`` records the card again, once the spell's other effects are done, for
the spell after (the card's ruling). The records end with the turn (``turns.turn_boundary``).
Only activation applies them: a spell whose effects another card applies (a component, a
spell of the discard pile) neither takes nor spends them (docs/rules.md R9.7). Nothing here
runs unless some card of the batch has the op (``tables.any_next_gain``).
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules import frames
from simulator.engine.rules.layout import EV_NEXT_GAIN, GAIN_MAX, SPELL, T_ACTIVATE
from simulator.engine.rules.log import say


@njit
def record(st, wk, p, card, element):
    """Player ``p``'s next spell of ``element`` will gain ``card``'s activate effects (no
    room left: the record is lost, beyond GAIN_MAX at once)."""
    for k in range(GAIN_MAX):
        if st.next_gain[p, k] == 0:
            st.next_gain[p, k] = card + 1
            st.next_gain_element[p, k] = element
            say(wk, EV_NEXT_GAIN, p, card, element, 0)
            return


@njit
def push_gains(st, tb, wk, p, card, slot):
    """The spell ``card`` of player ``p`` is activated from ``slot``: push the activate steps
    of every card recorded for its element (the first recorded resolves first), and spend
    those records."""
    if tb.card_type[card] != SPELL:
        return
    for k in range(GAIN_MAX - 1, -1, -1):
        g = st.next_gain[p, k]
        if g != 0 and st.next_gain_element[p, k] == tb.element[card]:
            frames.push_steps(st, tb, g - 1, T_ACTIVATE, p, slot, -1)
            say(wk, EV_NEXT_GAIN, p, g - 1, tb.element[card], 1)
            st.next_gain[p, k] = 0
    n = 0
    for k in range(GAIN_MAX):  # keep the records left in order, first free slots last
        if st.next_gain[p, k] != 0:
            st.next_gain[p, n] = st.next_gain[p, k]
            st.next_gain_element[p, n] = st.next_gain_element[p, k]
            n += 1
    for k in range(n, GAIN_MAX):
        st.next_gain[p, k] = 0


@njit
def clear(st, tb):
    """A turn starts or ends: the records are for "this turn" only."""
    for q in range(tb.players):
        for k in range(GAIN_MAX):
            st.next_gain[q, k] = 0
