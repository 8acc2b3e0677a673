"""Base Game, Water handlers: Azure ring, Condensation, High pressure, Maelström, Tide, Subtle
infiltration, Unleashed ocean, Ritual of melange (Water drop's and Prodigious source's hooks:
components.py).

Mana moved under a card (Azure ring, Condensation's distribution) goes straight from the
reserve or from another card: it never touches the Available Ether (R6.8). It stays locked
there and is released into the Ether when that card leaves play.
"""

from __future__ import annotations

import numpy as np

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import deal_damage, decide, leave_board, select
from simulator.engine.handlers import declare
from simulator.engine.handlers.ids import (
    AB_RITUAL_OF_MELANGE,
    H_MAELSTROM,
    H_SUBTLE_INFILTRATION_EMPTY,
    H_SUBTLE_INFILTRATION_TRADE,
    H_UNLEASHED_OCEAN_EMPTY,
)
from simulator.engine.rules import announce, frames, pile
from simulator.engine.rules.board import affectable, affectable_component, is_mage_noir, n_targets
from simulator.engine.rules.components import instances
from simulator.engine.rules.damage import heal_player
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    ABILITY_TARGET,
    CHOOSE_MODE,
    DISTRIBUTE_MANA,
    EV_EMPTY_DISCARDED,
    EV_FROM_DISCARD,
    EV_INFILTRATION,
    EV_MAELSTROM,
    EV_MANA_TO_RESERVE,
    EV_MANA_UNDER,
    EV_MELANGE,
    EV_MOVES_TIDE,
    EV_OCEAN_APPLIES,
    EV_OCEAN_RELEASES,
    LOCK_MANA_ELEMENT,
    LOCK_MANA_TARGET,
    MELANGE_GIVE,
    MELANGE_TAKE,
    MOVE_LOCKED_MANA,
    OPTIONAL_PAYMENT,
    OWN_COMPONENT,
    PERMANENT,
    PURPOSE_DAMAGE,
    RELEASE_LOCKED_MANA,
    RETURN_FROM_DISCARD,
    RUNNING,
    T_ACTIVATE,
    TAG_TIDE,
    TG_ANY,
    TO_DISCARD,
    TO_HAND,
    WATER,
    WORD,
    E,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.mana import add_to_ether, one_mana, pay_effect_cost, take_from_ether
from simulator.engine.rules.ops import choose_own_component
from simulator.engine.rules.seats import opponent_target
from simulator.engine.rules.zones import hand_open

CONDENSATION, WAVE = WORD["Condensation"], WORD["Wave"]
MAELSTROM = H_MAELSTROM
OCEAN_EMPTY = H_UNLEASHED_OCEAN_EMPTY
INFILTRATION_EMPTY = H_SUBTLE_INFILTRATION_EMPTY
INFILTRATION_TRADE = H_SUBTLE_INFILTRATION_TRADE
AZURE_MODES = 2  # 0: gain 1 HP, 1: 1 reserve Mana under an own card

declare.static("water_drop", "components.drop_ready / extra_for_slot: while channeled, once per "
               "turn (always for a Mage Noir) it counts as 2 Drop components", __name__)
declare.static("melange_gathering", "turns.gather: its controller adds 1 Mana less while "
               "gathering (a duel, 2 vs 2), per copy, never below 0", __name__)
declare.static("prodigious_source", "components.source_extra: each own non-Permanent Water "
               "component counts once more for each word it provides, per copy", __name__)


@declare.step("azure_ring")
@njit
def azure_ring(st, tb, wk, r, card, side, slot):
    """Turn start: gain 1 HP, or (only for a Mage Noir) put 1 reserve Mana under an own card.
    A non-Mage Noir may choose the second option; nothing happens then, nor when the reserve
    is empty."""
    if side < 0:
        return
    set_options(wk, AZURE_MODES, 1)
    wk.ctx_card = card
    mode = decide(st, tb, wk, CHOOSE_MODE, side)
    if mode == 0:
        heal_player(st, wk, side, 1)
        return
    if not is_mage_noir(st, tb, side) or st.reserve[side].sum() == 0:
        return
    set_options(wk, E, 0)
    for e in range(E):
        wk.opt[e] = 1 if st.reserve[side, e] > 0 else 0
    element = decide(st, tb, wk, LOCK_MANA_ELEMENT, side)
    set_options(wk, tb.slots, 0)
    for s in range(tb.slots):
        wk.opt[s] = 1 if affectable(st.board_zone[side, s]) else 0
    wk.ctx_element = element
    dest = decide(st, tb, wk, LOCK_MANA_TARGET, side)
    st.reserve[side, element] -= 1
    st.board_mana[side, dest, element] += 1
    say(wk, EV_MANA_UNDER, side, element, st.board_card[side, dest], 1)


@declare.step("condensation_lock")
@njit
def condensation_lock(st, tb, wk, r, card, side, slot):
    """Turn start while prepared: lock 1 Water Mana from the Infinite Ether under it."""
    if side >= 0:
        st.board_mana[side, slot, WATER] += 1
        say(wk, EV_MANA_UNDER, side, WATER, card, 0)


@declare.step("condensation_distribute")
@njit
def condensation_distribute(st, tb, wk, r, card, side, slot):
    """Activate: each Mana locked under it goes to the reserve or under another own card,
    one ``distribute_mana`` decision per Mana (option 0 the reserve, 1 + s under slot s),
    before the normal release, which then has nothing left to release."""
    if side < 0:
        return
    locked = np.zeros(E, np.int64)
    for e in range(E):
        locked[e] = st.board_mana[side, slot, e]
        st.board_mana[side, slot, e] = 0
    for _ in range(locked.sum()):
        element = 0
        while locked[element] == 0:
            element += 1
        locked[element] -= 1
        set_options(wk, 1 + tb.slots, 0)
        wk.opt[0] = 1
        for s in range(tb.slots):
            if affectable(st.board_zone[side, s]) and s != slot:
                wk.opt[1 + s] = 1
        wk.ctx_element = element
        wk.ctx_card = card
        choice = decide(st, tb, wk, DISTRIBUTE_MANA, side)
        if choice == 0:
            st.reserve[side, element] += 1
            say(wk, EV_MANA_TO_RESERVE, side, element, card, 0)
        else:
            st.board_mana[side, choice - 1, element] += 1
            say(wk, EV_MANA_UNDER, side, element, st.board_card[side, choice - 1], 0)


@declare.step("high_pressure", estimate={"damage": 3.0, "harms_own": 1.0})
@njit
def high_pressure(st, tb, wk, r, card, side, slot):
    """X damage to any target, X = Mana locked under 1 own Condensation component; then that
    component returns to its owner's hand (its Mana is released). Its target is not announced
    (R7.2): whether there is damage to aim depends on the Condensation this same step picks,
    and nothing resolves between the two."""
    s = choose_own_component(st, tb, wk, side, CONDENSATION, False, -1)
    if s < 0:
        return
    comp = st.board_card[side, s]
    x = st.board_mana[side, s].sum()
    if x > 0:
        select(st, tb, wk, TG_ANY, PURPOSE_DAMAGE, side, card, slot)
        for t in range(n_targets(tb)):
            if wk.hits[t] != 0:
                deal_damage(st, tb, wk, side, card, t, x, False)
    if st.board_card[side, s] == comp and hand_open(st, side):  # Zeus's thunder: it stays
        leave_board(st, tb, wk, side, s, TO_HAND)

declare.static("maelstrom", "maelstrom_end_of_turn below (turns.py, every player's turn end): "
               "that player's reserve goes into the Available Ether", __name__)


@njit
def maelstrom_end_of_turn(st, tb, wk, p):
    """End of any player's turn while a Maelström is in play (any board): that player's whole
    reserve goes into the Available Ether by the placement rule."""
    if tb.any_handler[MAELSTROM] == 0:
        return
    here = False
    for q in range(tb.players):
        for s in range(st.board_end[q]):
            c = st.board_card[q, s]
            if c >= 0 and st.board_zone[q, s] == PERMANENT and tb.handler_card[MAELSTROM, c] != 0:
                here = True
    if not here:
        return
    mana = np.zeros(E, np.int64)
    for e in range(E):
        mana[e] = st.reserve[p, e]
        st.reserve[p, e] = 0
    say(wk, EV_MAELSTROM, p, 0, 0, 0)
    add_to_ether(st, tb, wk, p, mana)


@declare.step("tide_move_mana")
@njit
def tide_move_mana(st, tb, wk, r, card, side, slot):
    """Move all Mana locked under this Tide under another own board card (any zone); with no
    other card it stays and is released normally; applied from the discard pile (no slot:
    Knowledge of history), it has no Mana to move."""
    if side < 0 or slot < 0:
        return
    set_options(wk, tb.slots, 0)
    any_ = False
    for s in range(tb.slots):
        if affectable(st.board_zone[side, s]) and s != slot:
            wk.opt[s] = 1
            any_ = True
    if not any_:
        return
    wk.ctx_card = card
    dest = decide(st, tb, wk, MOVE_LOCKED_MANA, side)
    for e in range(E):
        st.board_mana[side, dest, e] += st.board_mana[side, slot, e]
        st.board_mana[side, slot, e] = 0
    say(wk, EV_MOVES_TIDE, side, st.board_card[side, dest], 0, 0)


@declare.step("tide_return")
@njit
def tide_return(st, tb, wk, r, card, side, slot):
    """Optional: pay 1 Water Mana (into the Available Ether), then take 1 Tide card (if any)
    from the discard pile into the hand. ``optional_payment``: 0 declines, 1 pays (context
    ``worth``: a Tide is in the discard pile). A hand Zeus's thunder locks takes nothing (the
    step is ignored)."""
    if side < 0 or st.reserve[side, WATER] <= 0 or not hand_open(st, side):
        return
    tides = False
    for c in range(tb.n_cards):
        if st.discard[side, c] > 0 and tb.handler_card[TAG_TIDE, c] != 0:
            tides = True
    set_options(wk, 2, 1)
    wk.ctx_worth = 1 if tides else 0
    wk.ctx_card = card
    if decide(st, tb, wk, OPTIONAL_PAYMENT, side) != 1:
        return
    pay_effect_cost(st, tb, wk, side, one_mana(WATER))
    if not tides:
        return
    set_options(wk, tb.n_cards, 0)
    for c in range(tb.n_cards):
        if st.discard[side, c] > 0 and tb.handler_card[TAG_TIDE, c] != 0:
            wk.opt[c] = 1
    c = decide(st, tb, wk, RETURN_FROM_DISCARD, side)
    pile.take(st, side, c)
    st.hand[side, c] += 1
    say(wk, EV_FROM_DISCARD, side, c, 0, 0)


@njit
def discard_if_empty(st, tb, wk, p):
    """State check after locked Mana left cards: an Unleashed ocean with no Water Mana under
    it, a Subtle infiltration with no Mana under it, goes to the discard pile; after the
    Infiltration's discard its controller may take up to 2 Water Mana from the Ether."""
    if tb.any_handler[OCEAN_EMPTY] == 0 and tb.any_handler[INFILTRATION_EMPTY] == 0:
        return
    for s in range(tb.slots):
        if st.outcome != RUNNING:
            continue
        c = st.board_card[p, s]
        if c < 0 or st.board_zone[p, s] != PERMANENT:
            continue
        dry_ocean = tb.handler_card[OCEAN_EMPTY, c] != 0 and st.board_mana[p, s, WATER] == 0
        dry_infiltration = (tb.handler_card[INFILTRATION_EMPTY, c] != 0
                            and st.board_mana[p, s].sum() == 0)
        if not (dry_ocean or dry_infiltration):
            continue
        say(wk, EV_EMPTY_DISCARDED, p, c, 0, 0)
        leave_board(st, tb, wk, p, s, TO_DISCARD)
        if dry_infiltration:
            take_from_ether(st, tb, wk, p, 2, WATER)


@declare.step("subtle_infiltration_empty")
@declare.step("unleashed_ocean_empty")
@njit
def empty_on_entry(st, tb, wk, r, card, side, slot):
    """Enter (Unleashed ocean, Subtle infiltration): the "as soon as no Mana is locked" check
    also applies when the card arrives with nothing under it."""
    if side >= 0:
        discard_if_empty(st, tb, wk, side)


@declare.step("unleashed_ocean_waves")
@njit
def ocean_waves_start(st, tb, wk, r, card, side, slot):
    """Unleashed ocean, turn start, step 1: its Waves apply one after the other
    (:func:`ocean_waves` chooses each)."""
    if side >= 0:
        frames.push_ocean_waves(st, side, 0)

declare.static("subtle_infiltration_trade", "subtle_infiltration_trade below (actions.trade): a "
               "trade giving or taking Water deals 1 damage, then releases 1 locked Mana",
               __name__)


@njit
def subtle_infiltration_trade(st, tb, wk, p, given, taken):
    """Hook of a trade giving or taking Water Mana: each own Subtle infiltration deals 1
    damage to the opponent, then releases 1 Mana locked under it (``release_locked_mana``
    picks the element) into the Available Ether; the empty check follows."""
    if tb.any_handler[INFILTRATION_TRADE] == 0 or (given[WATER] == 0 and taken != WATER):
        return
    for s in range(tb.slots):
        c = st.board_card[p, s]
        if (c < 0 or st.board_zone[p, s] != PERMANENT
                or tb.handler_card[INFILTRATION_TRADE, c] == 0 or st.outcome != RUNNING):
            continue
        target = opponent_target(st, tb, wk, p)
        say(wk, EV_INFILTRATION, p, 0, 0, 0)
        if target >= 0:
            deal_damage(st, tb, wk, p, c, target, 1, False)
        if st.board_card[p, s] == c and st.board_mana[p, s].sum() > 0:
            set_options(wk, E, 0)
            for e in range(E):
                wk.opt[e] = 1 if st.board_mana[p, s, e] > 0 else 0
            wk.ctx_card = c
            element = decide(st, tb, wk, RELEASE_LOCKED_MANA, p)
            st.board_mana[p, s, element] -= 1
            add_to_ether(st, tb, wk, p, one_mana(element))
        discard_if_empty(st, tb, wk, p)


@njit
def ocean_waves(st, tb, wk, p, done):
    """Unleashed ocean, turn start, step 1: each own Wave component applies its activate
    effects once, in the order the player chooses (one ``own_component`` decision per Wave);
    ``done`` is the bit mask of the slots already applied. Each Wave's steps go on the chain,
    followed by the next choice."""
    if st.outcome != RUNNING:
        return
    set_options(wk, tb.slots, 0)
    any_ = False
    for s in range(tb.slots):
        if affectable_component(st, tb, p, s, WAVE) and not (done >> s) & 1 \
                and st.applying[p, s] == 0:
            wk.opt[s] = 1
            any_ = True
    if not any_:
        return
    wk.ctx_word = WAVE
    s = decide(st, tb, wk, OWN_COMPONENT, p)
    card = st.board_card[p, s]
    say(wk, EV_OCEAN_APPLIES, p, card, 0, 0)
    st.applying[p, s] = 1
    frames.push_ocean_waves(st, p, done | (1 << s))
    frames.push_clear_applying(st, p, s, -1)
    announce.push_steps(st, tb, wk, card, T_ACTIVATE, p, s)


@declare.step("unleashed_ocean_release")
@njit
def unleashed_ocean_release(st, tb, wk, r, card, side, slot):
    """Turn start, step 2: release 1 Water Mana per own Wave component (instances, so
    Prodigious source counts), all at once; fewer if fewer are locked. Then the empty check."""
    if side < 0 or st.board_card[side, slot] != card or st.outcome != RUNNING:
        return
    n = min(instances(st, tb, side, WAVE), st.board_mana[side, slot, WATER])
    st.board_mana[side, slot, WATER] -= n
    say(wk, EV_OCEAN_RELEASES, side, n, 0, 0)
    mana = np.zeros(E, np.int64)
    mana[WATER] = n
    add_to_ether(st, tb, wk, side, mana)
    discard_if_empty(st, tb, wk, side)


@njit
def melange_card(st, tb, p, s):
    c = st.board_card[p, s]
    return affectable(st.board_zone[p, s]) and tb.element[c] == WATER and st.board_mana[p, s].sum() > 0


@declare.ability("ritual_of_melange")
@njit
def ritual_of_melange(st, tb, wk, r, card, side, slot):
    """Ability (main phase, repeatable): trade 1 reserve Mana for 1 Mana locked under one own
    Water card, 1 for 1 (``ability_target`` the card, ``melange_give`` the reserve element,
    ``melange_take`` the locked element). No Mana touches the Available Ether."""
    p = side
    if p < 0 or slot < 0:
        return
    set_options(wk, tb.slots, 0)
    any_ = False
    for s in range(tb.slots):
        if melange_card(st, tb, p, s):
            wk.opt[s] = 1
            any_ = True
    if not any_ or st.reserve[p].sum() == 0:
        return
    wk.ctx_ability = AB_RITUAL_OF_MELANGE
    s = decide(st, tb, wk, ABILITY_TARGET, p)
    set_options(wk, E, 0)
    for e in range(E):
        wk.opt[e] = 1 if st.reserve[p, e] > 0 else 0
    give = decide(st, tb, wk, MELANGE_GIVE, p)
    set_options(wk, E, 0)
    for e in range(E):
        wk.opt[e] = 1 if st.board_mana[p, s, e] > 0 else 0
    wk.ctx_give = give
    take = decide(st, tb, wk, MELANGE_TAKE, p)
    st.reserve[p, give] -= 1
    st.board_mana[p, s, give] += 1
    st.board_mana[p, s, take] -= 1
    st.reserve[p, take] += 1
    say(wk, EV_MELANGE, p, give, take, st.board_card[p, s])
    discard_if_empty(st, tb, wk, p)
