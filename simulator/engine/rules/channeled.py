"""A player's spell becomes channeled: by the channel action (R7.3), put into play channeled
by an effect (Solar invocation, Temporal salvage: ``put_from_discard``), or a Rock wall below
1 HP channeled as a Rock component instead of being destroyed (``damage.rock_wall_channels``).

Why one place: the Zenith ritual counts every way a spell arrives channeled (its ruling: a
spell that comes channeled from the discard pile counts; Inception's says the same of a spell
put into play channeled), and every card is a spell of its type, a Permanent too, so the
channel action, the op and Rock wall call the same hook. The static
``zenith_ritual_channel_tax`` is declared with the card's other handlers
(``handlers/sun.py``); its behaviour is :func:`channel_tax`.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.handlers.ids import H_ZENITH_RITUAL_CHANNEL_TAX
from simulator.engine.rules.layout import EV_ZENITH_TAX, FIRE, RITUAL
from simulator.engine.rules.log import say
from simulator.engine.rules.mana import one_mana, pay_effect_cost


@njit
def channel_tax(st, tb, wk, p):
    """A spell of player ``p`` was channeled: they pay 1 Fire (into the Available Ether) per
    Zenith ritual they control, while their reserve holds Fire (a payment that cannot be made
    is not made; the spell stays channeled)."""
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        if c < 0 or st.board_zone[p, s] != RITUAL or tb.handler_card[H_ZENITH_RITUAL_CHANNEL_TAX, c] == 0:
            continue
        if st.reserve[p, FIRE] < 1:
            return
        pay_effect_cost(st, tb, wk, p, one_mana(FIRE))
        say(wk, EV_ZENITH_TAX, p, c, 0, 0)
