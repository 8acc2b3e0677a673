"""Base Game, Air handlers: Favorable winds, Tornado, Violent wind, Breath of flames, Emptiness
ritual."""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import deal_damage, decide, leave_board, select
from simulator.engine.handlers import declare
from simulator.engine.rules import frames
from simulator.engine.rules.board import component_count, hand_size, is_mage_noir, n_targets
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    AIR,
    EV_APPLIES,
    FIRE,
    PAY_TO_KEEP,
    PERMANENT,
    PURPOSE_DAMAGE,
    REASON_ABILITY,
    REASON_HAND_SIZE,
    T_ACTIVATE,
    TG_ANY,
    TO_DECK_THIRD,
    TO_DISCARD,
    WORD,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.mana import one_mana, pay_effect_cost
from simulator.engine.rules.ops import applied_component
from simulator.engine.rules.zones import discard_chosen, discard_down_to_hand_size, hand_options

WIND, BREATH = WORD["Wind"], WORD["Breath"]


@declare.step("favorable_winds")
@njit
def favorable_winds(st, tb, wk, r, card, side, slot):
    """Until the end of this turn, trades giving or taking Air Mana are 1 for 1."""
    if side >= 0:
        st.winds[side] = 1


@declare.step("tornado", estimate={"damage": 2.0}, announces=("applies", "Wind"))
@njit
def tornado(st, tb, wk, r, card, side, slot):
    """Apply 1 own Wind component's activate steps, then put that very card third from the
    top (a second indivisible action: "then"). The Wind and its steps' targets were chosen
    when Tornado was announced (R7.2)."""
    s, entry = applied_component(st, tb, wk, side, WIND, False, -1)
    if s < 0:
        return
    card = st.board_card[side, s]
    say(wk, EV_APPLIES, side, card, 0, 0)
    frames.push_tornado_return(st, side, s, card)
    frames.push_steps(st, tb, card, T_ACTIVATE, side, s, entry)


@njit
def tornado_return(st, tb, wk, p, s, card):
    if st.board_card[p, s] == card:
        leave_board(st, tb, wk, p, s, TO_DECK_THIRD)


@declare.step("violent_wind", estimate={"damage": 4.0, "harms_own": 1.0},
              announces=("target", "any"))
@njit
def violent_wind(st, tb, wk, r, card, side, slot):
    """One instance of 4 damage to any target, + 1 per own Breath component for a Mage Noir."""
    amount = 4
    if side >= 0 and is_mage_noir(st, tb, side):
        amount += component_count(st, tb, side, BREATH)
    select(st, tb, wk, TG_ANY, PURPOSE_DAMAGE, side, card, slot)
    for t in range(n_targets(tb)):
        if wk.hits[t] != 0:
            deal_damage(st, tb, wk, side, card, t, amount, False)


@declare.step("breath_of_flames")
@njit
def breath_of_flames(st, tb, wk, r, card, side, slot):
    """Used as a component: pay 1 Fire or 1 Air from the reserve (into the Available Ether)
    to keep it on the board; otherwise it goes to the discard pile. ``pay_to_keep``: option 0
    pays Fire, 1 pays Air, 2 lets it go."""
    if side < 0:
        return
    set_options(wk, 3, 1)
    wk.opt[0] = 1 if st.reserve[side, FIRE] > 0 else 0
    wk.opt[1] = 1 if st.reserve[side, AIR] > 0 else 0
    wk.ctx_card = card
    choice = decide(st, tb, wk, PAY_TO_KEEP, side)
    if choice == 0:
        pay_effect_cost(st, tb, wk, side, one_mana(FIRE))
    elif choice == 1:
        pay_effect_cost(st, tb, wk, side, one_mana(AIR))
    else:
        leave_board(st, tb, wk, side, slot, TO_DISCARD)


@njit
def apply_hand_size(st, tb, p):
    """``state.max_hand`` from the ``hand_size`` statics in play (the smallest one), else the
    rule option ``hand_limit``."""
    smallest = -1
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        if c >= 0 and st.board_zone[p, s] >= PERMANENT and tb.hand_size[c] > 0:
            if smallest < 0 or tb.hand_size[c] < smallest:
                smallest = tb.hand_size[c]
    st.max_hand[p] = smallest if smallest >= 0 else tb.hand_limit


@declare.step("emptiness_ritual_discard")
@njit
def emptiness_ritual_discard(st, tb, wk, r, card, side, slot):
    """Enter: the hand size becomes 4; discard right away, one chosen card at a time."""
    if side < 0:
        return
    apply_hand_size(st, tb, side)
    discard_down_to_hand_size(st, tb, wk, side, REASON_HAND_SIZE)


@declare.ability("emptiness_ritual_ping", announces=("target", "any"))
@njit
def emptiness_ritual_ping(st, tb, wk, r, card, side, slot):
    """Ability (own turn, repeatable): discard 1 card from hand, then 1 damage to any target,
    the Ritual (an Air card) being the source."""
    p = side
    if p < 0 or slot < 0 or hand_size(st, tb, p) == 0:
        return
    hand_options(st, tb, wk, p)
    discard_chosen(st, tb, wk, p, REASON_ABILITY, False)
    ritual = st.board_card[p, slot]
    select(st, tb, wk, TG_ANY, PURPOSE_DAMAGE, p, ritual, slot)
    for t in range(n_targets(tb)):
        if wk.hits[t] != 0:
            deal_damage(st, tb, wk, p, ritual, t, 1, False)
