"""Electric handlers: the Superconductor ritual's damage rules, Tesla coil's answer to the
damage it takes, Lightning blade's Equipment switched off and Zeus's thunder's hand lock (the
other simulated Electric cards are vocabulary).

Superconductor ritual (a static, besides "you become a Mage Noir"): damage from the spells its
controller activates during the opponent's turn is increased by 1 (an increase of the same
instance, not a new one; only the activated spell's own damage, not effects it applies from
other cards); during its controller's own turn, no instance of damage from their cards deals
more than 2 (after every increase). Both per ritual in play; several rituals add +1 each. The
opponent's turn is the Adversary's (in a duel an opposing seat's): a spell activated in a
Quickcast window of that turn (``windows.py`` marks it in ``state.quick_casting``).
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import deal_damage, decide
from simulator.engine.handlers import declare
from simulator.engine.handlers.ids import H_SUPERCONDUCTOR_RITUAL
from simulator.engine.rules import suppress
from simulator.engine.rules.board import adversary_present, flagged_copies, n_targets
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    ADV_EQUIPMENT,
    ADVERSARY_SIDE,
    EQUIPMENT,
    EV_HAND_LOCKED,
    HIT_AMOUNT,
    HIT_CARD,
    HIT_SIDE,
    K_SLOTS,
    MODE_SOLO,
    PURPOSE_HAND,
    RITUAL,
    SUPPRESS_TARGET,
    WORD,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.seats import first_foe, opponent_target, opponents_turn, the_opponent
from simulator.engine.rules.zones import draw

SPARK, LIGHTNING = WORD["Spark"], WORD["Lightning"]

#: The most damage one instance from its controller's cards deals during their own turn.
OWN_TURN_CAP = 2

declare.static("superconductor_ritual", "superconductor_damage below (damage.deal_damage): "
               "+1 per ritual to the spell its controller activates in the Adversary's turn; "
               "at most 2 per instance during the controller's own turn", __name__)


@njit
def superconductor_damage(st, tb, side, card, amount):
    """The damage of one instance from player ``side``'s card ``card`` after their
    Superconductor rituals (``amount`` already counts every other increase)."""
    rituals = flagged_copies(st, tb, side, H_SUPERCONDUCTOR_RITUAL, RITUAL)
    if rituals == 0:
        return amount
    if opponents_turn(st, tb, side):
        if st.quick_casting[side] == card + 1:
            amount += rituals
    elif st.active == side:
        amount = min(amount, OWN_TURN_CAP)
    return amount


@declare.step("tesla_coil")
@njit
def tesla_coil(st, tb, wk, r, card, side, slot):
    """Tesla coil took damage (its ``damaged`` trigger; the instance is ``st.hit``): from a
    Spark or Lightning spell (a player's card providing either word), its controller draws 1;
    from any other card (the Adversary's included), it deals the damage it took to the
    opponent, the Adversary (nothing before the Adversary is in play; in a duel an opposing
    seat). Never both (ruling)."""
    src_side, src_card, amount = st.hit[HIT_SIDE], st.hit[HIT_CARD], st.hit[HIT_AMOUNT]
    if src_side != ADVERSARY_SIDE and src_card >= 0 and (
            tb.provides[src_card, SPARK] != 0 or tb.provides[src_card, LIGHTNING] != 0):
        draw(st, tb, wk, side, 1)
        return
    target = opponent_target(st, tb, wk, side)
    if target >= 0 and amount > 0:
        deal_damage(st, tb, wk, side, card, target, amount, False)


@declare.step("lightning_blade_switch", estimate={})
@njit
def lightning_blade_switch(st, tb, wk, r, card, side, slot):
    """Lightning blade's second part: when the opponent took none of its 2 damage, its
    controller chooses one Equipment of theirs, which applies no effects until the end of the
    controller's turn (``suppress``; a ``suppress_target`` decision over the Adversary's
    Equipment in play). A player's damage to the Adversary is never reduced nor redirected in
    the engine, so it took none only when it is not in play. An Adversary Equipment with
    effects the engine cannot suspend (statics, abilities, leaving triggers) is refused when
    the matchup is built (tables.check_switchable). In a duel: when the opposing seat's
    damage taken did not move since the ability was announced (armour, a Protector, a
    prevention), one of their Equipment whose effects the engine suspends (``suspendable``:
    not an armour nor any other static) is switched off."""
    if side == ADVERSARY_SIDE:
        return
    set_options(wk, n_targets(tb), 0)
    any_ = False
    if tb.mode == MODE_SOLO:
        if adversary_present(st, tb):
            return
        for k in range(K_SLOTS):
            c = st.adv_card[k]
            if c >= 0 and tb.adv_kind[c] == ADV_EQUIPMENT:
                wk.opt[k] = 1
                any_ = True
    else:
        foe = first_foe(st, tb, side)
        if foe < 0 or st.damage_taken[foe] > st.taken_before[foe]:
            return
        base = K_SLOTS + tb.players + foe * tb.slots
        for s in range(st.board_end[foe]):
            c = st.board_card[foe, s]
            if c >= 0 and st.board_zone[foe, s] == EQUIPMENT and tb.suspendable[c] != 0:
                wk.opt[base + s] = 1
                any_ = True
    if not any_:
        return
    wk.ctx_card = card
    wk.ctx_amount = slot
    t = decide(st, tb, wk, SUPPRESS_TARGET, side)
    suppress.suppress_for_the_turn(st, tb, wk, t, side)


@declare.step("zeus_hand_lock", estimate={})
@njit
def zeus_hand_lock(st, tb, wk, r, card, side, slot):
    """Until the start of its controller's next turn the opponent adds cards to their hand
    only in their draw phase; what would add one otherwise is ignored (``zones.hand_open``).
    Against the Adversary, which has no hand, nothing; in a duel the opposing seat."""
    foe = the_opponent(st, tb, wk, side, PURPOSE_HAND)
    if foe >= 0:
        st.hand_lock[foe] = side + 1
        say(wk, EV_HAND_LOCKED, foe, side, 0, 0)
