""""On draw" triggers: a card in play reacting to each card its controller or an opponent draws.

Every draw is counted per drawer and turn (``state.draws_this_turn``, reset at every turn
start, the Adversary's included: "each turn" counts the opponent's turns too). A card in play
(Permanent, Equipment, Ritual) with an ``own_draw`` trigger answers its controller's draws, one
with ``opponent_draw`` an opponent's: for a player's card the Adversary (in a duel an opposing
seat), for an Adversary card any player. The card the Adversary reveals at each of its turns
is its draw (rule option ``adversary_reveal_is_draw``, the solo rulesheet's wording).

The triggered steps are raised (``frames.trigger_steps``): they resolve right after the action
that drew. A ``draw_number:N`` condition on the trigger's first step is read here, when the
card is drawn (the count moves on with the next draw, before the step resolves): the trigger is
raised only on the drawer's Nth draw of the turn. Nothing runs here unless some card of the
batch has a draw trigger (``tables.any_draw_trigger``).
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules import frames
from simulator.engine.rules.layout import (
    ADVERSARY_SIDE,
    CONDITION_CODE,
    EV_REACTS,
    K_SLOTS,
    MODE_SOLO,
    OP_IF,
    OP_IF_WORD,
    P_MAX,
    PERMANENT,
    T_OPPONENT_DRAW,
    T_OWN_DRAW,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.seats import foes

IF_DRAW_NUMBER = CONDITION_CODE["draw_number"]


@njit
def raised_on(tb, card, trig, nth):
    """The card's trigger ``trig`` answers a drawer's ``nth`` draw of the turn."""
    if tb.trig_count[card, trig] == 0:
        return False
    r = tb.trig_first[card, trig]
    return tb.ops[r, OP_IF] != IF_DRAW_NUMBER or tb.ops[r, OP_IF_WORD] == nth


@njit
def card_drawn(st, tb, wk, drawer):
    """``drawer`` (a player, or ``ADVERSARY_SIDE``) has drawn one card: count it and raise the
    draw triggers of the cards in play that answer it."""
    if tb.any_draw_trigger == 0:
        return
    index = P_MAX if drawer == ADVERSARY_SIDE else drawer
    st.draws_this_turn[index] += 1
    nth = st.draws_this_turn[index]
    for q in range(tb.players):
        if st.out[q] != 0:
            continue
        if q == drawer:
            trig = T_OWN_DRAW
        elif foes(tb, q, drawer):
            trig = T_OPPONENT_DRAW
        else:
            continue  # a teammate's draw
        for s in range(st.board_end[q]):
            c = st.board_card[q, s]
            if c >= 0 and st.board_zone[q, s] >= PERMANENT and raised_on(tb, c, trig, nth):
                say(wk, EV_REACTS, q, c, trig, 0)
                frames.trigger_steps(st, tb, c, trig, q, s)
    if tb.mode != MODE_SOLO:
        return  # no Adversary
    trig = T_OWN_DRAW if drawer == ADVERSARY_SIDE else T_OPPONENT_DRAW
    for k in range(K_SLOTS):
        c = st.adv_card[k]
        if c >= 0 and raised_on(tb, c, trig, nth):
            say(wk, EV_REACTS, ADVERSARY_SIDE, c, trig, 0)
            frames.trigger_steps(st, tb, c, trig, ADVERSARY_SIDE, k)


@njit
def new_turn(st):
    """A turn starts (a player's or the Adversary's): nobody has drawn yet."""
    for i in range(P_MAX + 1):
        st.draws_this_turn[i] = 0
