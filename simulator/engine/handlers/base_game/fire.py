"""Base Game, Fire handlers: Ignition, Crimson ring, Crimson ritual (Burning robe's hook lives in
damage.py, Fire mask's with the other component rules in components.py).

- Crimson ring: each time its controller loses HP or takes more than 0 damage (Q8: 0 damage
  is not inflicted), each ring offers an ``optional_payment`` (option 1 pays): 1 Fire from the
  reserve into the Available Ether, then 1 damage to the opponent (the Adversary), the ring
  (a Fire card) being the source. It answers as a triggered action right after the action
  that caused the loss; a player who is out by then no longer pays. Loops (ring, robe
  self-hit, ring) are one chain, bounded by the Fire Mana available.
- Ignition: this turn, each card going from play (any board) to a discard pile deals 1
  damage to the opponent, Ignition (a Fire card) being the source. Its own discard after its
  activation counts unless the rule option ``ignition_counts_itself`` is off.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import deal_damage, decide
from simulator.engine.handlers import declare
from simulator.engine.handlers.ids import H_BURNING_ROBE, H_CRIMSON_RING, H_IGNITION
from simulator.engine.rules.board import first_flagged_card, flagged_copies
from simulator.engine.rules.damage import lose_hp
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    EQUIPMENT,
    EV_CRIMSON_PAYS,
    EV_IGNITION_HIT,
    EV_IGNITION_ON,
    FIRE,
    OPTIONAL_PAYMENT,
    RUNNING,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.mana import one_mana, pay_effect_cost
from simulator.engine.rules.seats import opponent_target
from simulator.engine.rules.zones import draw

CRIMSON_RING = H_CRIMSON_RING
BURNING_ROBE = H_BURNING_ROBE
IGNITION = H_IGNITION

declare.static("burning_robe", "damage.deal_damage: +1 (+2 for a Mage Noir) to each instance "
               "a Fire card of the controller deals to an opposing target, then damage.robe_hit: "
               "1 damage to the controller", __name__)
declare.static("crimson_ring", "damage.lose_hp pushes FR_CRIMSON, run by crimson_rings below: "
               "each ring copy may pay 1 Fire for 1 damage to the opponent, self-inflicted "
               "losses included", __name__)
declare.static("fire_mask", "components.fire_mask_on: a Fire card being prepared requires each "
               "word it needs 2+ times once less", __name__)


@declare.step("ignition", estimate={"damage": 2.0})
@njit
def ignition(st, tb, wk, r, card, side, slot):
    """Activate: until the end of this turn, each card going from play to a discard pile
    deals 1 damage to the opponent (one instance per card and per Ignition activated)."""
    if side < 0:
        return
    st.ignition[side] += 1
    say(wk, EV_IGNITION_ON, side, 0, 0, 0)
    if slot >= 0 and tb.ignition_counts_itself == 0:
        st.ignition_skip[side, slot] = card + 1


@njit
def ignition_hits(st, tb, wk, owner, slot, card):
    """A card went to a discard pile (from ``owner``'s board, or an Adversary card when
    ``owner`` is -1): every active Ignition deals 1 damage to its controller's opponent (the
    Adversary; in a duel an opposing seat)."""
    if owner >= 0 and st.ignition_skip[owner, slot] == card + 1:
        st.ignition_skip[owner, slot] = 0  # Ignition's own discard, when it does not count
        return
    source = first_flagged_card(tb, IGNITION)
    for q in range(tb.players):
        for _ in range(st.ignition[q]):
            target = opponent_target(st, tb, wk, q)
            if target < 0 or st.outcome != RUNNING or st.out[q] != 0:
                break
            say(wk, EV_IGNITION_HIT, q, 0, 0, 0)
            deal_damage(st, tb, wk, q, source, target, 1, False)


@njit
def crimson_rings(st, tb, wk, p):
    """The player lost HP: each of their Crimson rings offers 1 Fire for 1 damage."""
    ring = first_flagged_card(tb, CRIMSON_RING)
    copies = flagged_copies(st, tb, p, CRIMSON_RING, EQUIPMENT)
    for _ in range(copies):
        target = opponent_target(st, tb, wk, p)
        live = st.outcome == RUNNING and st.out[p] == 0 and st.hp[p] > 0
        if not live or st.reserve[p, FIRE] <= 0 or target < 0:
            break
        robes = flagged_copies(st, tb, p, BURNING_ROBE, EQUIPMENT)
        set_options(wk, 2, 1)
        wk.ctx_worth = 1 if robes == 0 or st.hp[p] > 2 * robes + 1 else 0
        wk.ctx_card = ring
        if decide(st, tb, wk, OPTIONAL_PAYMENT, p) == 1:
            say(wk, EV_CRIMSON_PAYS, p, 0, 0, 0)
            pay_effect_cost(st, tb, wk, p, one_mana(FIRE))
            deal_damage(st, tb, wk, p, ring, target, 1, False)


@declare.ability("crimson_ritual")
@njit
def crimson_ritual(st, tb, wk, r, card, side, slot):
    """Ability (main phase, repeatable): lose 1 HP, then take 1 Fire from the Infinite Ether
    and draw 1 card: one paragraph, one indivisible action, so a Crimson ring triggered by the
    HP loss answers after the draw (and may use the Fire just taken)."""
    p = side
    if p < 0 or slot < 0:
        return
    lose_hp(st, tb, wk, p, 1, False, card)
    st.reserve[p, FIRE] += 1
    draw(st, tb, wk, p, 1)
