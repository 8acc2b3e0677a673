"""The Unique rule (docs/rules.md R7.1): a player may prepare a second copy of a Unique card
they already control, and then discards one of the two (their choice), so a damaged copy can
be replaced by a fresh one.

Kerloc'h's flower is Unique unless its controller is a Mage Noir (keyword
``unique_unless_mage_noir``): a Mage Noir keeps every copy. The check follows the preparation
(its "when put into play" effects included): the engine checks only when a copy arrives, so a
player who stops being a Mage Noir keeps the copies they hold.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide, leave_board, resolve
from simulator.engine.rules.board import is_mage_noir
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import EV_UNIQUE, TO_DISCARD, UNIQUE_DISCARD
from simulator.engine.rules.log import say


@njit
def is_unique_for(st, tb, p, card):
    """Player ``p`` may control a single copy of ``card`` now."""
    return tb.unique[card] != 0 or (tb.unique_unless_mn[card] != 0 and not is_mage_noir(st, tb, p))


@njit
def keep_one_copy(st, tb, wk, p, card, new_slot):
    """After ``card`` arrived in ``new_slot``: when it is Unique for the player and another
    copy is in play, the player discards copies of their choice until one is left (a
    ``unique_discard`` decision over the board slots; ``ctx_amount`` the new copy's slot)."""
    if not is_unique_for(st, tb, p, card):
        return
    while True:
        set_options(wk, tb.slots, 0)
        wk.ctx_card = card
        wk.ctx_amount = new_slot
        copies = 0
        for s in range(st.board_end[p]):
            if st.board_card[p, s] == card:
                wk.opt[s] = 1
                copies += 1
        if copies < 2:
            return
        s = decide(st, tb, wk, UNIQUE_DISCARD, p)
        say(wk, EV_UNIQUE, p, card, 1 if s == new_slot else 0, 0)
        leave_board(st, tb, wk, p, s, TO_DISCARD)
        resolve(st, tb, wk)
