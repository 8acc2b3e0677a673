"""Quickcast windows: the moments outside a player's main phase when they may activate their
Quickcast spells (docs/rules.md R9.3; which spells qualify: ``casting.py``).

"At any time" means just before or after any chain of events (effects-priority sheet). The
engine offers the moments where acting differs from acting in the player's own main phase:

- **at the start of every Adversary turn**, before its cards in play apply their effects: a
  blow that finishes the Adversary, or destroys an Adversary card, lands before they strike;
  and a Slowcast + Quickcast spell prepared in the turn before is usable here already;
- **at the end of every Adversary turn**, after the card it revealed has resolved: the
  players answer what the Adversary just did before the next player's turn starts.

Every player still in may act in each window, the active player first, then in seat order;
each in turn activates Quickcast spells one at a time (a ``quick_action`` decision: option 0
passes, option 1 + s activates the spell in slot s; ``ctx_amount`` is the window) until
they pass. The windows of a player's own turn outside the main phase, and those inside a
teammate's turn, are not offered: the Adversary turn that comes before every player turn
holds the same moments, and the main phase covers the own turn. A window is asked only when
some player holds a spell that may be activated in it, so games without Quickcast cards ask
nothing more.

In a duel there is no Adversary turn: the opposing seats of the seat whose turn it is get a
window as that turn begins (before its start-of-turn effects) and as its main phase ends
(before its end-of-turn effects).
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide
from simulator.engine.rules.actions import activate, count_played
from simulator.engine.rules.board import check_defeats
from simulator.engine.rules.casting import may_activate
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    EV_QUICKCAST,
    QUICK_ACTION,
    RUNNING,
    WINDOW_OPPONENT_START,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.seats import foes


@njit
def quick_options(st, tb, wk, p):
    """Options of a ``quick_action`` decision of player ``p``; False when no spell of theirs
    may be activated now (then nothing is asked)."""
    any_ = False
    for s in range(st.board_end[p]):
        if may_activate(st, tb, p, s, False):
            if not any_:
                set_options(wk, 1 + tb.slots, 0)
                wk.opt[0] = 1
                any_ = True
            wk.opt[1 + s] = 1
    return any_


@njit
def quickcast_window(st, tb, wk, window):
    """Window ``window`` (``layout.WINDOWS``): each player still in, from the active player
    on, activates the Quickcast spells they choose, one at a time, until they pass."""
    if tb.any_quickcast == 0:
        return
    for i in range(tb.players):
        p = (st.active + i) % tb.players
        if window >= WINDOW_OPPONENT_START and not foes(tb, p, st.active):
            continue  # a duel's window in a seat's turn: for its opponents
        for _ in range(tb.slots):
            if st.outcome != RUNNING or st.error != 0 or st.out[p] != 0:
                break
            if not quick_options(st, tb, wk, p):
                break
            wk.ctx_amount = window
            choice = decide(st, tb, wk, QUICK_ACTION, p)
            if choice <= 0:
                break
            s = choice - 1
            card = st.board_card[p, s]
            say(wk, EV_QUICKCAST, p, card, window, 0)
            if card < tb.n_player_cards:
                count_played(st, p, card)
            st.quick_casting[p] = card + 1
            activate(st, tb, wk, p, s)
            st.quick_casting[p] = 0
            check_defeats(st, tb, wk)
