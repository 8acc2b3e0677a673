"""Ice handlers: Icy infiltration's turn effect, Ice tree's choice.

Icy infiltration sets a "this turn" mark on its controller (``state.icy``, cleared at every
player turn boundary); ``damage.deal_damage`` reads it: each instance of damage from that
player's Water cards is 1 less (never below 0: then nothing is inflicted) and can be neither
ignored, reduced nor redirected (it is dealt as unpreventable).

Ice tree, at its controller's turn start, has them choose one Permanent or Equipment in play,
of any side, itself included (``suppress_target``): that card stops applying its effects until
their next turn begins (``rules/suppress.py``). Its next step, the tree's HP loss, is then
skipped when it chose itself (its ruling), as every step of a suppressed card is.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide
from simulator.engine.handlers import declare
from simulator.engine.rules import suppress
from simulator.engine.rules.board import n_targets
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    ADV_EQUIPMENT,
    ADV_KEYWORD,
    EQUIPMENT,
    EV_ICY,
    K_SLOTS,
    PERMANENT,
    SUPPRESS_TARGET,
)
from simulator.engine.rules.log import say


@declare.step("icy_infiltration", estimate={"damage": -1.0})
@njit
def icy_infiltration(st, tb, wk, r, card, side, slot):
    """This turn, damage from the controller's Water cards is 1 less per instance and cannot
    be ignored, reduced or redirected."""
    if side < 0:
        return
    st.icy[side] = 1
    say(wk, EV_ICY, side, 0, 0, 0)


@declare.step("ice_tree")
@njit
def ice_tree(st, tb, wk, r, card, side, slot):
    """Its controller chooses one Permanent or Equipment in play (the Adversary's cards with
    a keyword, every player's, this one included) whose effects the engine can suspend; it
    applies none until their next turn begins."""
    if side < 0:
        return
    players, slots = tb.players, tb.slots
    set_options(wk, n_targets(tb), 0)
    any_ = False
    for k in range(K_SLOTS):
        c = st.adv_card[k]
        if c >= 0 and (tb.adv_kind[c] == ADV_KEYWORD or tb.adv_kind[c] == ADV_EQUIPMENT) \
                and tb.suspendable[c] != 0:
            wk.opt[k] = 1
            any_ = True
    for p in range(players):
        for s in range(st.board_end[p]):
            c, zone = st.board_card[p, s], st.board_zone[p, s]
            if c >= 0 and (zone == PERMANENT or zone == EQUIPMENT) and tb.suspendable[c] != 0:
                wk.opt[K_SLOTS + players + p * slots + s] = 1
                any_ = True
    if not any_:
        return
    wk.ctx_card = card
    wk.ctx_amount = slot
    suppress.suppress_target(st, tb, wk, decide(st, tb, wk, SUPPRESS_TARGET, side), side)
