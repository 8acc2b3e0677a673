"""Flowers handlers: Floral infusion's draw, Kerloc'h's flower's growth, Tree flowers' release,
the Ritual of seasons' ability (a Permanent loses 1 HP, then gains Autumn), Thorn torment's
discards (the opponent's, in a duel), Renewal (destroy a
Vegetal Permanent, put it back into play at the end of the turn) and Druid wand's Mage Noir
clause (an engine hook of the component rules, ``actions.resolve_used_components``).

Autumn itself is a rule of the board (``board.destroy_card``), not a handler: the ritual only
marks the Permanent (``st.autumn``).
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide, resolve
from simulator.engine.handlers import declare
from simulator.engine.handlers.ids import AB_SEASONS_AUTUMN, H_DRUID_WAND_SPARES, H_RENEWAL
from simulator.engine.rules import announce, locked, pile
from simulator.engine.rules.abilities import autumn_candidate
from simulator.engine.rules.board import (
    destroy_card,
    free_slot,
    hand_size,
    is_indestructible,
    is_mage_noir,
    n_targets,
    place_card,
)
from simulator.engine.rules.components import instances
from simulator.engine.rules.damage import damage_permanent, heal_target
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    ABILITY_TARGET,
    DESTROY_TARGET,
    DISCARD_FROM_HAND,
    EV_AUTUMN,
    EV_DISCARDS,
    EV_NO_HAND,
    EV_RENEWAL_RETURNS,
    K_SLOTS,
    PERMANENT,
    PURPOSE_HAND,
    REASON_TORMENT,
    T_ENTER,
    VEGETAL,
    WORD,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.seats import the_opponent
from simulator.engine.rules.zones import discarded_from_hand, draw, hand_options

DROP = WORD["Drop"]
#: Kerloc'h's flower grows 1 HP, or 2 from this many Drop components on.
KERLOCH_DROPS = 4

declare.static("druid_wand_spares", "spares_equipment below (actions.resolve_used_components: "
               "a Mage Noir's Druid wand neither discards the Equipment it uses nor is "
               "discarded when used for an Equipment)", __name__)


@declare.step("floral_infusion_draw", estimate={"draw": 1.5})
@njit
def floral_infusion_draw(st, tb, wk, r, card, side, slot):
    """Activate: draw as many cards as Mana is locked under this spell, at most as many as
    the controller's Drop components (instances, as every count of components)."""
    if side < 0 or slot < 0:
        return
    x = min(locked.locked_on(st, side, slot, -1), instances(st, tb, side, DROP))
    if x > 0:
        draw(st, tb, wk, side, x)


@declare.step("thorn_torment_discard", estimate={})
@njit
def thorn_torment_discard(st, tb, wk, r, card, side, slot):
    """Thorn torment, its first step: the opponent may discard any number of cards from
    hand, one at a time (``discard_from_hand`` decisions of theirs, reason ``torment``: the
    option after the card kinds stops); its next step deals 1 per card left. Against the
    Adversary, which has no hand (R15.11), nothing happens."""
    foe = the_opponent(st, tb, wk, side, PURPOSE_HAND)
    if foe < 0:
        if side >= 0:
            say(wk, EV_NO_HAND, 0, 0, 0, 0)
        return
    n = tb.n_cards
    while st.out[foe] == 0 and hand_size(st, tb, foe) > 0:
        hand_options(st, tb, wk, foe)
        wk.n_opt = n + 1  # and the option after the card kinds: stop
        wk.opt[n] = 1
        wk.ctx_reason = REASON_TORMENT
        c = decide(st, tb, wk, DISCARD_FROM_HAND, foe)
        if c == n:
            return
        st.hand[foe, c] -= 1
        pile.put(st, foe, c)
        say(wk, EV_DISCARDS, foe, c, REASON_TORMENT, 0)
        if tb.any_discard_trigger != 0:
            discarded_from_hand(st, tb, wk, foe, c)


@declare.step("kerlochs_flower_grows")
@njit
def kerlochs_flower_grows(st, tb, wk, r, card, side, slot):
    """Turn start, after its damage: this Permanent gains 1 HP, or 2 when its controller has
    at least 4 Drop components; nothing once it has left play (Autumn)."""
    if side < 0 or slot < 0 or st.board_card[side, slot] != card:
        return
    gain = 2 if instances(st, tb, side, DROP) >= KERLOCH_DROPS else 1
    heal_target(st, tb, wk, K_SLOTS + tb.players + side * tb.slots + slot, gain)


@declare.step("tree_flowers_release", estimate={"mana": 1.0})
@njit
def tree_flowers_release(st, tb, wk, r, card, side, slot):
    """Activate: each Vegetal Permanent of the controller releases 1 Vegetal Mana locked
    under it into the Available Ether (one after the other, in slot order)."""
    if side < 0:
        return
    for s in range(st.board_end[side]):
        c = st.board_card[side, s]
        if c >= 0 and st.board_zone[side, s] == PERMANENT and tb.element[c] == VEGETAL:
            locked.release(st, tb, wk, side, s, 1, VEGETAL)


@declare.ability("seasons_autumn")
@njit
def seasons_autumn(st, tb, wk, r, card, side, slot):
    """Ability (main phase, repeatable): an own Permanent with HP (an ``ability_target``
    decision) loses 1 HP, then, if it is still in play, gains Autumn. Losing HP is not damage;
    a Permanent it destroys goes without the granted Autumn (its printed one still applies)."""
    p = side
    if p < 0:
        return
    set_options(wk, tb.slots, 0)
    any_ = False
    for s in range(st.board_end[p]):
        if autumn_candidate(st, tb, p, s):
            wk.opt[s] = 1
            any_ = True
    if not any_:
        return
    wk.ctx_ability = AB_SEASONS_AUTUMN
    s = decide(st, tb, wk, ABILITY_TARGET, p)
    c = st.board_card[p, s]
    damage_permanent(st, tb, wk, p, s, 1, True)
    if st.board_card[p, s] == c:
        st.autumn[p, s] = c + 1
        say(wk, EV_AUTUMN, c, p, 1, 0)


@declare.step("renewal", estimate={"harms_own": 1.0})
@njit
def renewal(st, tb, wk, r, card, side, slot):
    """Activate: destroy a Vegetal Permanent of any player (a ``destroy_target`` decision; the
    Adversary's cards have no element), and at the end of this turn put it back into play from
    its owner's discard pile (``renewal_end_of_turn``)."""
    if side < 0:
        return
    players, slots = tb.players, tb.slots
    set_options(wk, n_targets(tb), 0)
    any_ = False
    for p in range(players):
        for s in range(st.board_end[p]):
            c = st.board_card[p, s]
            if (c >= 0 and st.board_zone[p, s] == PERMANENT and tb.element[c] == VEGETAL
                    and not is_indestructible(st, tb, p, s)):
                wk.opt[K_SLOTS + players + p * slots + s] = 1
                any_ = True
    if not any_:
        return
    wk.ctx_what = 0
    choice = decide(st, tb, wk, DESTROY_TARGET, side)
    p, s = divmod(choice - K_SLOTS - players, slots)
    st.renewal_due[p, st.board_card[p, s]] += 1
    destroy_card(st, tb, wk, p, s)


@njit
def renewal_end_of_turn(st, tb, wk):
    """End of a player's turn: each Permanent a Renewal destroyed this turn comes back into
    play from its owner's discard pile, with its printed HP, if it is still there (and a board
    slot is free); its "when put into play" effects apply."""
    if tb.any_handler[H_RENEWAL] == 0:
        return
    for p in range(tb.players):
        for c in range(tb.n_player_cards):
            due = st.renewal_due[p, c]
            st.renewal_due[p, c] = 0
            for _ in range(due):
                if st.out[p] != 0 or st.discard[p, c] <= 0:
                    break
                s = free_slot(st, tb, p)
                if s < 0:
                    st.board_overflow += 1
                    break
                pile.take(st, p, c)
                place_card(st, tb, p, s, c, PERMANENT)
                say(wk, EV_RENEWAL_RETURNS, p, c, 0, 0)
                announce.push_steps(st, tb, wk, c, T_ENTER, p, s)
                resolve(st, tb, wk)


@njit
def spares_equipment(st, tb, p, card, comp):
    """Druid wand, Mage Noir: the wand being prepared (``card``) keeps the Equipment it used,
    and a wand used (``comp``) to prepare an Equipment stays in play."""
    if tb.any_handler[H_DRUID_WAND_SPARES] == 0:
        return False
    if tb.handler_card[H_DRUID_WAND_SPARES, card] == 0 and \
            tb.handler_card[H_DRUID_WAND_SPARES, comp] == 0:
        return False
    return is_mage_noir(st, tb, p)

