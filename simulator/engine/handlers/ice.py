"""Ice handlers: Icy infiltration's turn effect.

Icy infiltration sets a "this turn" mark on its controller (``state.icy``, cleared at every
player turn boundary); ``damage.deal_damage`` reads it: each instance of damage from that
player's Water cards is 1 less (never below 0: then nothing is inflicted) and can be neither
ignored, reduced nor redirected (it is dealt as unpreventable).
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.handlers import declare
from simulator.engine.rules.layout import EV_ICY
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
