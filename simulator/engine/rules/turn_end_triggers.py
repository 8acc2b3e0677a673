"""The trigger ``opponent_turn_end``: a card in play acts at the end of each opponent's turn.

A player's opponent is the Adversary, so a player's cards answer the end of every Adversary
turn (after its revealed card has applied); an Adversary card answers the end of every
player's turn (before the hand limit). In a duel a seat's cards answer the end of every
opposing seat's turn. The cards act one after the other in board order, each
a triggered action resolved before the turn moves on. Nothing runs unless some card of the
batch has the trigger (``tables.any_turn_end_trigger``).
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import resolve
from simulator.engine.rules import frames
from simulator.engine.rules.layout import (
    ADVERSARY_SIDE,
    EV_REACTS,
    K_SLOTS,
    MODE_SOLO,
    PERMANENT,
    RUNNING,
    T_OPPONENT_TURN_END,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.seats import foes


@njit
def opponent_turn_ends(st, tb, wk, ender):
    """The turn of ``ender`` (a player, or ``ADVERSARY_SIDE``) ends: the cards of its
    opponents with an ``opponent_turn_end`` trigger act."""
    if tb.any_turn_end_trigger == 0 or st.outcome != RUNNING:
        return
    trig = T_OPPONENT_TURN_END
    if ender == ADVERSARY_SIDE or tb.mode != MODE_SOLO:
        for q in range(tb.players):
            if st.out[q] != 0 or not foes(tb, q, ender):
                continue
            for s in range(st.board_end[q]):
                c = st.board_card[q, s]
                if c >= 0 and st.board_zone[q, s] >= PERMANENT and tb.trig_count[c, trig] > 0:
                    say(wk, EV_REACTS, q, c, trig, 0)
                    frames.trigger_steps(st, tb, c, trig, q, s)
    else:
        for k in range(K_SLOTS):
            c = st.adv_card[k]
            if c >= 0 and tb.trig_count[c, trig] > 0:
                say(wk, EV_REACTS, ADVERSARY_SIDE, c, trig, 0)
                frames.trigger_steps(st, tb, c, trig, ADVERSARY_SIDE, k)
    resolve(st, tb, wk)
