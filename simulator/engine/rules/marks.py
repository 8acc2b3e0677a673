"""Marks a card carries while it stays in its board slot, and what they change in damage.

- ``dmg_boost[p, s]``: the Equipment in the slot deals that much more damage per instance
  (op ``boost_equipment``: Reforge). Its ruling: the bonus ends when the Equipment leaves play,
  so the mark belongs to the slot's card and a card placed in the slot starts without it.
- ``last_user[p, s]``: for a component with a ``last_user_damage_reduction`` static (Seed of
  the sands), slot + 1 of the last Permanent prepared with it as a component; that Permanent
  takes AMOUNT less damage per instance while both stay on the board. A later Permanent
  prepared with it takes the mark over ("the last Permanent"); a card placed in either slot
  ends the link.

Both are read behind a table flag (``any_boost``, ``any_last_user``): games without such a
card pay one check per damage instance and per card placed.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules.layout import EQUIPMENT, EV_LAST_USER, PERMANENT
from simulator.engine.rules.log import say


@njit
def clear_slot(st, tb, p, s):
    """A card is placed in slot ``s``: it carries no mark yet, and no component's link
    points at the card that was there before."""
    st.dmg_boost[p, s] = 0
    st.last_user[p, s] = 0
    if tb.any_last_user != 0:
        for x in range(st.board_end[p]):
            if st.last_user[p, x] == s + 1:
                st.last_user[p, x] = 0


@njit
def equipment_boost(st, p, card):
    """The boost of player ``p``'s Equipment ``card`` in play (one Equipment per slot kind,
    so the card names it), 0 when it is not in play."""
    for s in range(st.board_end[p]):
        if st.board_card[p, s] == card and st.board_zone[p, s] == EQUIPMENT:
            return st.dmg_boost[p, s]
    return 0


@njit
def link_last_user(st, tb, wk, p, slot, used):
    """Player ``p`` prepared a Permanent into ``slot`` with the components ``used`` (S,):
    each of them with a ``last_user_damage_reduction`` now protects it."""
    if st.board_zone[p, slot] != PERMANENT:
        return
    for s in range(tb.slots):
        if used[s] != 0 and st.board_card[p, s] >= 0 and \
                tb.last_user_reduction[st.board_card[p, s]] > 0:
            st.last_user[p, s] = slot + 1
            say(wk, EV_LAST_USER, p, st.board_card[p, s], st.board_card[p, slot], 0)


@njit
def last_user_reduction(st, tb, p, s):
    """How much less damage the Permanent in player ``p``'s slot ``s`` takes per instance:
    the reductions of the components on the board whose last Permanent it is."""
    total = 0
    for x in range(st.board_end[p]):
        c = st.board_card[p, x]
        if c >= 0 and st.last_user[p, x] == s + 1:
            total += tb.last_user_reduction[c]
    return total

