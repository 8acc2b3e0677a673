"""Cards that stop applying their effects for a while (Ice tree; docs/rules.md R9.6).

"Choose a Permanent or Equipment: it stops applying its effects until the beginning of your
next turn." The card in that slot is marked (``state.suppressed[p, s]`` for a player's board,
``state.adv_suppressed[k]`` for the Adversary's: the chooser + 1, 0 none; cleared when the
card leaves a player's board and when a card is placed in the slot). While marked, none of
its steps resolves (``chain.execute`` skips them): its start-of-turn effects, the Adversary
card's effect of each Adversary turn, its draw, damage and turn-end triggers, Ice tree's own
HP loss when it chose itself (its ruling). The marks a player set end as that player's next
turn begins, before its start-of-turn effects, or when that player is out. Only cards whose
every effect runs as steps may be chosen (``tables.suspendable``): statics, abilities and
leaving triggers are not suspended by the engine, so a card that has them is not offered. An
Adversary card still adds its Mana value (a rule of the Adversary turn, not its effect).
``state.any_suppressed`` keeps every check at one test while nothing is marked.

Lightning blade switches an opponent's Equipment off "until the end of your turn": the same
mark, with ``FOR_THE_TURN`` added (``adv_suppressed[k]`` = FOR_THE_TURN + chooser + 1, or a
seat's ``suppressed[p, s]`` in a duel), ended by :func:`expire_turn_end` when that player's
turn ends.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules.layout import ADVERSARY_SIDE, EV_SUPPRESSED, K_SLOTS, P_MAX
from simulator.engine.rules.log import say

#: Added to an Adversary card's mark when it lasts until the end of the chooser's turn.
FOR_THE_TURN = P_MAX


@njit
def suppress_target(st, tb, wk, t, chooser):
    """The card at flat target ``t`` (an Adversary slot or a player's board slot, the layout
    of ``ops.destroy_options``) stops applying its effects until ``chooser``'s next turn."""
    if t < K_SLOTS:
        st.adv_suppressed[t] = chooser + 1
        say(wk, EV_SUPPRESSED, st.adv_card[t], ADVERSARY_SIDE, chooser, 0)  # 0: next turn
    else:
        flat = t - K_SLOTS - tb.players
        p, s = flat // tb.slots, flat % tb.slots
        st.suppressed[p, s] = chooser + 1
        say(wk, EV_SUPPRESSED, st.board_card[p, s], p, chooser, 0)
    st.any_suppressed = 1


@njit
def holds(st, side, slot):
    """The card in ``side``'s ``slot`` applies no effect now (-1 slot: none is marked)."""
    if st.any_suppressed == 0 or slot < 0:
        return False
    if side == ADVERSARY_SIDE:
        return st.adv_suppressed[slot] != 0
    return st.suppressed[side, slot] != 0


@njit
def suppress_for_the_turn(st, tb, wk, t, chooser):
    """The card at flat target ``t`` (the Adversary's, or in a duel an opposing seat's)
    applies no effect until ``chooser``'s turn ends."""
    if t < K_SLOTS:
        st.adv_suppressed[t] = FOR_THE_TURN + chooser + 1
        say(wk, EV_SUPPRESSED, st.adv_card[t], ADVERSARY_SIDE, chooser, 1)  # 1: this turn
    else:
        p, s = divmod(t - K_SLOTS - tb.players, tb.slots)
        st.suppressed[p, s] = FOR_THE_TURN + chooser + 1
        say(wk, EV_SUPPRESSED, st.board_card[p, s], p, chooser, 1)
    st.any_suppressed = 1


@njit
def expire(st, tb, p):
    """Player ``p``'s turn begins (or ``p`` is out): the marks ``p`` set end."""
    if st.any_suppressed != 0:
        clear_marks(st, tb, p + 1)


@njit
def expire_turn_end(st, tb, p):
    """Player ``p``'s turn ends: the marks ``p`` set for the turn end."""
    if st.any_suppressed != 0:
        clear_marks(st, tb, FOR_THE_TURN + p + 1)


@njit
def clear_marks(st, tb, mark):
    """Every mark equal to ``mark`` is cleared; ``any_suppressed`` says whether one is left."""
    left = 0
    for k in range(K_SLOTS):
        if st.adv_suppressed[k] == mark:
            st.adv_suppressed[k] = 0
        left += st.adv_suppressed[k]
    for q in range(tb.players):
        for s in range(tb.slots):
            if st.suppressed[q, s] == mark:
                st.suppressed[q, s] = 0
            left += st.suppressed[q, s]
    st.any_suppressed = 1 if left > 0 else 0
