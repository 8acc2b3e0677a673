"""Sun handlers: the Zenith ritual and Dawn (the other simulated Sun cards are all vocabulary).

- Dawn's static: while it is in preparation, a Sun its controller controls that would be
  destroyed is not, and Dawn is discarded instead (one Dawn per Sun). Hook:
  ``board.destroy_card`` (``board.dawn_saves_sun``).
- Solar gold ore's static: indestructible while its controller's turn is at Zenith, and an
  Equipment prepared with it as a component (or with such an Equipment) gains that. Hooks:
  ``board.is_indestructible`` (``board.zenith_indestructible``), ``actions.prepare``
  (``board.pass_zenith_guard``).

- Its static: each time a spell its controller controls is channeled, they pay 1 Fire (into
  the Available Ether by the placement rule); one payment per Zenith ritual they control, and
  none when the reserve holds no Fire (a payment that cannot be made is not made). A spell put
  into play channeled by an effect counts too (its ruling). Hook: ``rules/channeled.py``,
  called by ``actions.channel`` and ``ops.put_from_discard``.
- Its ability (main phase, at Zenith): pay 1 Fire to activate 1 own channeled spell: its
  activate effects apply, then it is discarded and its Mana released, as for a spell activated
  from preparation (the rulings: it is "activated", so it is discarded after).
"""

from __future__ import annotations

import numpy as np

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide, leave_board
from simulator.engine.handlers import declare
from simulator.engine.handlers.ids import AB_ZENITH_RITUAL_ACTIVATE
from simulator.engine.rules import announce, frames
from simulator.engine.rules.abilities import channeled_with_effect, zenith_activatable
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    ABILITY_TARGET,
    EV_ZENITH_ACTIVATES,
    FIRE,
    FR_ACTIVATED_DISCARD,
    T_ACTIVATE,
    TO_DISCARD,
    E,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.mana import pay_effect_cost

declare.static("dawn_saves_sun",
               "board.destroy_card: while it is in preparation, a Sun its controller controls "
               "that would be destroyed stays and this card is discarded instead", __name__)
declare.static("zenith_indestructible",
               "board.is_indestructible: indestructible while its controller's turn is at "
               "Zenith; actions.prepare: an Equipment prepared with it as a component gains "
               "that (board.pass_zenith_guard)", __name__)
declare.static("zenith_ritual_channel_tax",
               "channeled.channel_tax (actions.channel, ops.put_from_discard): its controller "
               "pays 1 Fire per Zenith ritual when a spell of theirs is channeled, while they "
               "can", __name__)


@njit
def one_fire():
    cost = np.zeros(E, np.int64)
    cost[FIRE] = 1
    return cost


@declare.ability("zenith_ritual_activate", estimate={"damage": 2.0})
@njit
def zenith_ritual_activate(st, tb, wk, r, card, side, slot):
    """Ability (main phase, at Zenith): pay 1 Fire, then activate 1 own channeled spell
    (``ability_target`` over the slots): its activate steps, then its discard."""
    p = side
    if p < 0 or not zenith_activatable(st, tb, p):
        return
    set_options(wk, tb.slots, 0)
    for s in range(st.board_end[p]):
        if channeled_with_effect(st, tb, p, s):
            wk.opt[s] = 1
    wk.ctx_ability = AB_ZENITH_RITUAL_ACTIVATE
    s = decide(st, tb, wk, ABILITY_TARGET, p)
    pay_effect_cost(st, tb, wk, p, one_fire())
    target = st.board_card[p, s]
    say(wk, EV_ZENITH_ACTIVATES, p, target, 0, 0)
    frames.push(st, FR_ACTIVATED_DISCARD, target, p, s, 0, 0, 0, 0)
    announce.push_steps(st, tb, wk, target, T_ACTIVATE, p, s)


@njit
def discard_activated(st, tb, wk, card, p, s):
    """After a channeled spell the Zenith ritual activated applied its effects: it is
    discarded (its Mana released), unless it has left that slot meanwhile."""
    if st.board_card[p, s] == card:
        leave_board(st, tb, wk, p, s, TO_DISCARD)
