"""Main-phase actions (docs/rules.md R7): prepare, activate, channel, trade, use an ability.

The action space of one decision is flat: ``0`` ends the main phase, then one entry per board
slot to use the ability of the card in it, one per card kind to prepare, one per slot to
activate, one per slot to channel, and one per element to take in a trade
(:func:`action_offsets`). :func:`legal_actions` writes the options, the policy picks, and
:func:`apply_action` carries it out. Each action is a top-level call: it resolves the chain
of everything it causes before returning.
"""

from __future__ import annotations

import numpy as np

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide, leave_board, resolve
from simulator.engine.handlers.base_game.water import subtle_infiltration_trade
from simulator.engine.handlers.flowers import spares_equipment
from simulator.engine.handlers.ids import (
    H_PRODIGIOUS_SOURCE,
    H_ZENITH_INDESTRUCTIBLE,
    H_ZENITH_RITUAL_CHANNEL_TAX,
)
from simulator.engine.rules import (
    animals,
    announce,
    component_discounts,
    discounts,
    frames,
    kept,
    marks,
    next_gain,
    numbers,
    pile,
)
from simulator.engine.rules.abilities import slot_ability, slot_usable
from simulator.engine.rules.board import (
    flagged_copies,
    free_slot,
    is_indestructible,
    is_mage_noir,
    pass_zenith_guard,
    place_card,
    provides_component,
)
from simulator.engine.rules.casting import all_slowcast_card, mark_granted_quickcast, may_activate
from simulator.engine.rules.channeled import channel_tax
from simulator.engine.rules.components import (
    TREE,
    extra_for_slot,
    fewer_allowed,
    fire_mask_on,
    granted_tree,
    king_here,
    requirement,
    source_extra,
    spend_extra_instance,
)
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.errors import ERR_MISSING_COMPONENT, fail
from simulator.engine.rules.layout import (
    AIR,
    ALTERNATIVE_COMPONENT,
    ANIMAL,
    CHANNELED,
    CHOOSE_X,
    EQUIPMENT,
    EQUIPMENT_OFF,
    EQUIPMENT_TYPE,
    EV_ACTIVATES,
    EV_CHANNELS,
    EV_COMPONENT,
    EV_NO_SLOWCAST,
    EV_PAYS,
    EV_PREPARES,
    EV_TRADES,
    EV_USES_ABILITY,
    EV_X_PAID,
    EXTRA_COMPONENT,
    MARK_NO_SLOWCAST,
    MOD_MAX,
    OPT_MAX,
    OPTIONAL_PAYMENT,
    PERMANENT,
    PREPARE_FROM,
    PREPARED,
    REASON_ALTERNATIVE_COMPONENT,
    RITUAL,
    RITUAL_OFF,
    SKIP_COMPONENT,
    T_ABILITY,
    T_ACTIVATE,
    T_ENTER,
    T_GRANTED,
    T_USED_AS_COMPONENT,
    TO_DISCARD,
    TRADE_GIVE,
    USE_COMPONENT,
    E,
)
from simulator.engine.rules.locked import pay_from_components, pays_with_locked
from simulator.engine.rules.log import say, say_mana
from simulator.engine.rules.mana import add_to_ether
from simulator.engine.rules.readiness import (
    can_prepare_all,
    castable,
    compute,
    from_discard_ok,
    trade_price,
    tradeable,
)
from simulator.engine.rules.returns import after_activation
from simulator.engine.rules.unique import keep_one_copy
from simulator.engine.rules.zones import discard_chosen

ZONE_OF_TYPE = np.array([PREPARED, PERMANENT, EQUIPMENT, RITUAL, ANIMAL], np.int8)  # by CARD_TYPES


@njit
def action_offsets(tb):
    """``(ability, prepare, activate, channel, trade, size)``: where each action group starts
    in the flat action index, and its size."""
    s, c = tb.slots, tb.n_cards
    return 1, 1 + s, 1 + s + c, 1 + 2 * s + c, 1 + 3 * s + c, 1 + 3 * s + c + E


@njit
def legal_actions(st, tb, wk, p):
    """Fill ``wk.opt`` with the legal main-phase actions of player ``p``; the readiness
    (``wk.rd_*``) is computed for them first, for the policy and the preparation to read."""
    compute(st, tb, wk, p)
    can_prepare_all(st, tb, wk, p)
    ability, prepare, activate, channel, trade, size = action_offsets(tb)
    set_options(wk, size, 0)
    wk.opt[0] = 1
    if tb.any_ability != 0:
        for s in range(st.board_end[p]):
            a = slot_ability(st, tb, p, s)
            if a >= 0 and slot_usable(st, tb, p, s, a):
                wk.opt[ability + s] = 1
    for c in range(tb.n_cards):
        wk.opt[prepare + c] = wk.legal_prepare[c]
    for s in range(st.board_end[p]):
        if st.board_zone[p, s] == PREPARED:
            if may_activate(st, tb, p, s, True):
                wk.opt[activate + s] = 1
            wk.opt[channel + s] = 1
    for e in range(E):
        if tradeable(st, p, e):
            wk.opt[trade + e] = 1


@njit
def apply_action(st, tb, wk, p, action):
    """Carry out a main-phase action other than 0 (ending the main phase), after counting it
    for the usage statistics; ``wk.rd_*`` still describes the state before it."""
    count_action(st, tb, wk, p, action)
    ability, prepare_at, activate_at, channel_at, trade_at, size = action_offsets(tb)
    if action >= trade_at:
        trade(st, tb, wk, p, action - trade_at)
    elif action >= channel_at:
        channel(st, tb, wk, p, action - channel_at)
    elif action >= activate_at:
        activate(st, tb, wk, p, action - activate_at)
    elif action >= prepare_at:
        prepare(st, tb, wk, p, action - prepare_at)
    elif action >= ability:
        use_ability(st, tb, wk, p, action - ability)


@njit
def count_action(st, tb, wk, p, action):
    """Usage statistics before an action: what the player could cast at this decision, and
    the card prepared, activated or channeled."""
    mark_castable(st, tb, wk)
    ability, prepare_at, activate_at, channel_at, trade_at, size = action_offsets(tb)
    if prepare_at <= action < activate_at:
        c = action - prepare_at
        if c < tb.n_player_cards:
            st.prepared_n[p, c] += 1
            if tb.card_type[c] > 0:  # a Permanent, Equipment or Ritual is played as it enters
                count_played(st, p, c)
    elif activate_at <= action < trade_at:
        s = (action - activate_at) if action < channel_at else (action - channel_at)
        c = st.board_card[p, s]
        if 0 <= c < tb.n_player_cards:
            if action < channel_at:
                count_played(st, p, c)
            else:
                st.channeled_n[p, c] += 1


@njit
def count_played(st, p, c):
    """Usage statistics: card ``c`` takes effect: a spell activated, or a Permanent, Equipment
    or Ritual put into play (it acts from then on without an activation)."""
    st.activated_n[p, c] += 1
    if st.first_activation[p, c] == 0:
        st.first_activation[p, c] = st.turn


@njit
def mark_castable(st, tb, wk):
    """Cards castable at this decision point (the readiness in ``wk``) count for this turn."""
    for c in range(tb.n_player_cards):
        if castable(st, tb, wk, c):
            st.castable_now[c] = 1


# --- prepare ---------------------------------------------------------------------------------

@njit
def prepare(st, tb, wk, p, card):
    """Prepare a card from hand: pay, designate components, enter the board (R7.1)."""
    exhausts = tb.any_exhausts_animal != 0 and tb.exhausts_animal[card] != 0
    if exhausts and tb.animal_exhausted_first != 0:
        animals.exhaust(st, tb, wk, p, card)  # first: the readiness below no longer counts it
    compute(st, tb, wk, p)
    nw = tb.n_words
    cost = wk.prep_cost  # kept: the decisions below compute other readinesses
    short = wk.prep_short[:nw]
    for e in range(E):
        cost[e] = wk.rd_cost[card, e]
    for j in range(nw):
        short[j] = wk.rd_short[card, j]
    from_discard = tb.any_from_discard != 0 and prepares_from_discard(st, tb, wk, p, card)
    if from_discard:
        pile.take(st, p, card)
    else:
        st.hand[p, card] -= 1
    say(wk, EV_PREPARES, p, card, 1 if from_discard else 0, 0)
    use_alt = use_alternative_component(st, tb, wk, p, card, short)
    use_altreq = tb.altreq_word[card] >= 0 and altreq_short(tb, card, short) > 0
    used = designate_components(st, tb, wk, p, card, use_alt, use_altreq, short)
    if st.next_extra[p] > 0:
        extra_components(st, tb, wk, p, card, used)
    for s in range(tb.slots):
        st.used_slot[s] = used[s]
        st.used_card[s] = st.board_card[p, s] if used[s] else -1
    if tb.any_comp_reduction != 0:
        component_discounts.pay_less(st, tb, wk, p, card, used, cost)
    slot = free_slot(st, tb, p)
    waived = tb.any_all_slowcast != 0 and waive_slowcast(st, tb, wk, p, card, cost)
    due = wk.locked_moved  # what the reserve pays
    for e in range(E):
        due[e] = cost[e]
    if tb.any_pay_locked != 0 and pays_with_locked(tb, card, is_mage_noir(st, tb, p)):
        pay_from_components(st, tb, p, card, cost, due)
    for e in range(E):
        st.reserve[p, e] -= due[e]
    if wk.log_on != 0:
        say_payment(st, tb, wk, p, card, due, cost)
    if exhausts and tb.animal_exhausted_first == 0:
        animals.exhaust(st, tb, wk, p, card)  # the rest of its cost (R10.5)
    place_card(st, tb, p, slot, card, ZONE_OF_TYPE[tb.card_type[card]])
    if from_discard:
        st.from_discard_slot[p, slot] = 1
    if tb.any_mods != 0:  # in designation order
        for i in range(wk.prep_order_n):
            comp = st.used_card[wk.prep_order[i]]
            if comp >= 0:
                numbers.record(st, tb, wk, p, slot, comp)
    if tb.any_keep_word != 0 and tb.keep_word[card] >= 0:
        kept.record(st, tb, wk, p, slot, card)
    for e in range(E):
        st.board_mana[p, slot, e] = cost[e]
    if tb.any_last_user != 0:
        marks.link_last_user(st, tb, wk, p, slot, used)
    if tb.any_quickcast != 0:
        mark_granted_quickcast(st, tb, p, slot, used)
    if waived:
        st.cast_mark[p, slot] |= MARK_NO_SLOWCAST
        say(wk, EV_NO_SLOWCAST, p, card, 0, 0)
    if tb.x_element[card] >= 0:
        pay_x(st, tb, wk, p, card, slot)
    if tb.any_handler[H_ZENITH_INDESTRUCTIBLE] != 0 and tb.card_type[card] == EQUIPMENT_TYPE:
        pass_zenith_guard(st, tb, wk, p, slot, used)
    replace_equipment(st, tb, wk, p, card, slot)
    resolve(st, tb, wk)
    resolve_used_components(st, tb, wk, p, card, used)
    if (tb.card_type[card] > 0 or tb.trig_count[card, T_ENTER] > 0) \
            and st.board_zone[p, slot] != RITUAL_OFF:  # a spell: "when prepared"; a Ritual
        #                                              under a Waiver crown has no effect
        announce.push_steps(st, tb, wk, card, T_ENTER, p, slot)
        resolve(st, tb, wk)
    if st.any_discount != 0:
        discounts.prepared(st, tb, wk, p, card, slot)
    keep_one_copy(st, tb, wk, p, card, slot)
    if is_mage_noir(st, tb, p) and st.mage_noir_turn[p] == 0:
        st.mage_noir_turn[p] = st.turn


@njit
def say_payment(st, tb, wk, p, card, due, cost):
    """For the reader: the components designated for ``card`` (``st.used_card``), then what
    the reserve paid (``due``, after reductions and what locked Mana paid), when the cost
    locked under the card (``cost``) differs from it, that cost too."""
    for s in range(tb.slots):
        if st.used_card[s] >= 0:
            say(wk, EV_COMPONENT, p, st.used_card[s], 0, 0)
    differs = 0
    for e in range(E):
        if due[e] != cost[e]:
            differs = 1
    say_mana(wk, EV_PAYS, p * 2 + differs, due)
    if differs:
        say_mana(wk, EV_PAYS, -1, cost)


@njit
def waive_slowcast(st, tb, wk, p, card, cost):
    """"ALL spells can be prepared for 1 more Water Mana so that they don't have Slowcast"
    (Ritual of absolute zero in play): when the reserve holds the waiver beyond the spell's
    cost, an ``optional_payment`` decision (``ctx_what`` 1: a Slowcast waiver); paying adds the
    waiver to ``cost`` (E,), locked under the spell with the rest. True when paid."""
    if tb.card_type[card] != 0:
        return False
    ritual = all_slowcast_card(st, tb)
    if ritual < 0:
        return False
    for e in range(E):
        if st.reserve[p, e] < cost[e] + tb.slowcast_waiver[ritual, e]:
            return False
    set_options(wk, 2, 1)
    wk.ctx_card = card
    wk.ctx_worth = 1
    wk.ctx_what = 1
    pay = decide(st, tb, wk, OPTIONAL_PAYMENT, p) == 1
    wk.ctx_what = 0
    if pay:
        for e in range(E):
            cost[e] += tb.slowcast_waiver[ritual, e]
    return pay


@njit
def pay_x(st, tb, wk, p, card, slot):
    """A cost of X Mana (R6.1): the player chooses X (``choose_x``, 0 up to what the reserve
    holds of the element), and X Mana go from the reserve under the card; ``x_paid`` keeps
    X (Mana locked under it later does not count)."""
    e = tb.x_element[card]
    most = min(st.reserve[p, e], OPT_MAX - 1)
    set_options(wk, most + 1, 1)
    wk.ctx_card = card
    wk.ctx_element = e
    x = decide(st, tb, wk, CHOOSE_X, p)
    st.reserve[p, e] -= x
    st.board_mana[p, slot, e] += x
    st.x_paid[p, slot] = x
    say(wk, EV_X_PAID, p, e, x, card)


@njit
def altreq_short(tb, card, short):
    """How many of the card's WORD components its alternative requirement replaces now:
    the ones missing (the printed components are used when they are there)."""
    col = tb.word_col[tb.altreq_word[card]]
    return short[col] if col >= 0 else 0


@njit
def prepares_from_discard(st, tb, wk, p, card):
    """The card is prepared from the discard pile rather than the hand: when only the pile
    holds a copy it may come from; when both do, a ``prepare_from`` decision (0 the hand, 1
    the discard pile)."""
    in_pile = from_discard_ok(st, tb, p, card, wk.rd_mage_noir != 0)
    if not in_pile:
        return False
    if st.hand[p, card] <= 0:
        return True
    set_options(wk, 2, 1)
    wk.ctx_card = card
    return decide(st, tb, wk, PREPARE_FROM, p) == 1


@njit
def extra_components(st, tb, wk, p, card, used):
    """Delayed fate: the card may use up to ``next_extra`` more components of its word, each
    an ``extra_component`` decision (options: the slots of own components of that word not
    designated yet; option S stops). The allowance is spent by this preparation."""
    word = st.next_extra_word[p]
    extra = st.next_extra[p]
    st.next_extra[p] = 0
    n = tb.slots
    for _ in range(extra):
        set_options(wk, n + 1, 0)
        any_ = False
        for s in range(st.board_end[p]):
            if used[s] == 0 and provides_component(st, tb, p, s, word):
                wk.opt[s] = 1
                any_ = True
        if not any_:
            return
        wk.opt[n] = 1
        wk.ctx_card = card
        wk.ctx_word = word
        s = decide(st, tb, wk, EXTRA_COMPONENT, p)
        if s == n:
            return
        mark_used(wk, used, s)


@njit
def use_alternative_component(st, tb, wk, p, card, short):
    """The player discards a card of the named element from hand instead of the named
    component (Fire ball, Fission: a Fire card instead of the Flame), and has done so.

    Forced when that component is missing; when it is on the board too, an
    ``alternative_component`` decision (option 0 uses the component, 1 discards instead).
    """
    word = tb.alt_word[card]
    if word < 0 or tb.word_col[word] < 0:
        return False
    element = tb.alt_element[card]
    use = short[tb.word_col[word]] > 0
    discardable = False
    for c in range(tb.n_cards):
        if st.hand[p, c] > 0 and tb.element[c] == element:
            discardable = True
    if not use and discardable:
        set_options(wk, 2, 1)
        wk.ctx_card = card
        wk.ctx_word = word
        use = decide(st, tb, wk, ALTERNATIVE_COMPONENT, p) == 1
    if use:
        set_options(wk, tb.n_cards, 0)
        for c in range(tb.n_cards):
            if st.hand[p, c] > 0 and tb.element[c] == element:
                wk.opt[c] = 1
        discard_chosen(st, tb, wk, p, REASON_ALTERNATIVE_COMPONENT, False)
    return use


@njit
def designate_components(st, tb, wk, p, card, use_alt, use_altreq, short):
    """(S,) int8 slots used as components, chosen one at a time (R8.6, ``use_component``).

    Within one word the cards are distinct (beyond Water drop's and Prodigious source's extra
    instances); across words one card may be designated for each word it provides. With
    ``use_altreq`` the missing WORD components of an alternative requirement are replaced by
    AMOUNT distinct components of its INSTEAD word each (Ina's meteor: 4 Rocks).
    """
    nw = tb.n_words
    used = wk.prep_used[:tb.slots]
    used[:] = 0
    wk.prep_order_n = 0
    mask = fire_mask_on(st, tb, p)
    need = wk.prep_need[:nw]
    for j in range(nw):
        need[j] = requirement(tb, card, tb.words[j], mask)
    if use_alt:
        col = tb.word_col[tb.alt_word[card]]
        need[col] -= 1
        short[col] -= 1
    replaced = 0
    if use_altreq:
        col = tb.word_col[tb.altreq_word[card]]
        replaced = short[col]
        need[col] -= replaced
        short[col] = 0
    skipped = skipped_components(st, tb, wk, p, card, need, short)
    copies = 0
    if tb.any_handler[H_PRODIGIOUS_SOURCE] != 0:
        copies = flagged_copies(st, tb, p, H_PRODIGIOUS_SOURCE, PERMANENT)
    extra = wk.prep_extra[:tb.slots]
    granted = wk.prep_granted[:tb.slots]
    times = wk.prep_times[:tb.slots]
    for j in range(nw):
        count = need[j] - skipped[j]
        if count <= 0:
            continue
        w = tb.words[j]
        for s in range(tb.slots):
            extra[s] = extra_for_slot(st, tb, p, s, w, copies)
            granted[s] = 1 if w == TREE and granted_tree(st, tb, p, s) else 0
            times[s] = 0
        for _ in range(count):
            set_options(wk, tb.slots, 0)
            any_ = False
            for s in range(tb.slots):
                if times[s] == 0:
                    ok = provides_component(st, tb, p, s, w) or granted[s] != 0
                else:
                    ok = times[s] <= extra[s]
                if ok:
                    wk.opt[s] = 1
                    any_ = True
            if not any_:
                fail(st, ERR_MISSING_COMPONENT, w)
                return used
            if tb.any_comp_reduction != 0 and \
                    component_discounts.must_use_reducer(st, tb, wk, p, card, wk.prep_cost, used):
                component_discounts.restrict_to_reducers(st, tb, p, card, wk.opt, used, tb.slots)
            wk.ctx_card = card
            wk.ctx_word = w
            s = decide(st, tb, wk, USE_COMPONENT, p)
            # Counted once more beyond Prodigious source: Water drop's once-per-turn use.
            if times[s] > source_extra(st, tb, p, s, w, copies):
                spend_extra_instance(st, tb, p, s)
            times[s] += 1
            mark_used(wk, used, s)
    if replaced > 0:
        designate_instead(st, tb, wk, p, card, replaced * tb.altreq_amount[card], used)
    return used


@njit
def designate_instead(st, tb, wk, p, card, count, used):
    """``count`` distinct components of the alternative requirement's INSTEAD word."""
    w = tb.altreq_instead[card]
    taken = wk.prep_times[:tb.slots]
    taken[:] = 0
    for _ in range(count):
        set_options(wk, tb.slots, 0)
        any_ = False
        for s in range(tb.slots):
            if taken[s] == 0 and provides_component(st, tb, p, s, w):
                wk.opt[s] = 1
                any_ = True
        if not any_:
            fail(st, ERR_MISSING_COMPONENT, w)
            return
        wk.ctx_card = card
        wk.ctx_word = w
        s = decide(st, tb, wk, USE_COMPONENT, p)
        taken[s] = 1
        mark_used(wk, used, s)


@njit
def mark_used(wk, used, s):
    """Slot ``s`` is designated as a component (``wk.prep_order``: the first designations in
    order, which number modifiers follow)."""
    if used[s] == 0:
        wk.prep_order[wk.prep_order_n] = s
        wk.prep_order_n += 1
    used[s] = 1


@njit
def skipped_components(st, tb, wk, p, card, need, short):
    """(W,) component instances the player leaves out ("requires 1 less component": Tree in
    flames as a Mage Noir, twice with King of trees).

    One ``skip_component`` decision per instance the card may leave out: option 0 stops (legal
    once nothing is missing), option 1 + j leaves out one instance of word column j (legal
    while what is still missing fits in the skips left). A missing word must be left out; a
    word on the board may be too, which keeps that component (a Flame) in play.
    """
    nw = tb.n_words
    skipped = wk.prep_skipped[:nw]
    skipped[:] = 0
    left_short = wk.prep_short_left[:nw]  # ``short`` stays as it was for the caller
    left_short[:] = short
    short = left_short
    left = fewer_allowed(st, tb, p, card, is_mage_noir(st, tb, p), king_here(st, tb, p))
    while left > 0:
        rest = 0
        for j in range(nw):
            rest += need[j] - skipped[j]
        if rest <= 0:
            break
        missing = short.sum()
        set_options(wk, 1 + nw, 0)
        wk.opt[0] = 1 if missing == 0 else 0
        for j in range(nw):
            fits = missing - (1 if short[j] > 0 else 0) <= left - 1
            if fits and need[j] - skipped[j] > 0:
                wk.opt[1 + j] = 1
            wk.ctx_short[j] = short[j]
        wk.ctx_card = card
        choice = decide(st, tb, wk, SKIP_COMPONENT, p)
        if choice == 0:
            break
        j = choice - 1
        skipped[j] += 1
        short[j] = max(short[j] - 1, 0)
        left -= 1
    return skipped


@njit
def replace_equipment(st, tb, wk, p, card, slot):
    """One Equipment per slot: the old one of the same slot is discarded (R10.3)."""
    if tb.card_type[card] != EQUIPMENT_TYPE:
        return
    for s in range(st.board_end[p]):
        zone = st.board_zone[p, s]
        if s == slot or (zone != EQUIPMENT and zone != EQUIPMENT_OFF):  # a replica's too
            continue
        if tb.slot_kind[st.board_card[p, s]] == tb.slot_kind[card] and \
                not is_indestructible(st, tb, p, s):
            leave_board(st, tb, wk, p, s, TO_DISCARD)


@njit
def resolve_used_components(st, tb, wk, p, card, used):
    """'After this spell is used as a component' triggers, in slot order; Equipment used for
    Equipment (and Forge cards) are discarded (R8.7)."""
    for s in range(tb.slots):
        if used[s] == 0:
            continue
        comp = st.board_card[p, s]
        if comp < 0:
            continue
        announce.push_steps(st, tb, wk, comp, T_USED_AS_COMPONENT, p, s)
        resolve(st, tb, wk)
        if st.board_card[p, s] != comp or tb.card_type[card] != EQUIPMENT_TYPE:
            continue
        equipment_used = st.board_zone[p, s] == EQUIPMENT or tb.forge[comp] != 0
        if equipment_used and not is_indestructible(st, tb, p, s) and \
                not spares_equipment(st, tb, p, card, comp):
            leave_board(st, tb, wk, p, s, TO_DISCARD)
            resolve(st, tb, wk)


# --- activate, channel, abilities ------------------------------------------------------------

@njit
def activate(st, tb, wk, p, slot):
    """Activate a prepared spell: effects (its own, then the steps its components grant it,
    then those a card gave the next spell of its element, R9.7), then discard, then release
    its Mana (R7.2)."""
    card = st.board_card[p, slot]
    say(wk, EV_ACTIVATES, p, card, 0, 0)
    if tb.any_next_gain != 0:
        next_gain.push_gains(st, tb, wk, p, card, slot)
    if tb.any_mods != 0:
        push_granted(st, tb, p, slot)
    announce.push_steps(st, tb, wk, card, T_ACTIVATE, p, slot)
    resolve(st, tb, wk)
    if st.board_card[p, slot] == card:
        leave_board(st, tb, wk, p, slot, after_activation(st, tb, wk, p, slot, card))
        resolve(st, tb, wk)


@njit
def push_granted(st, tb, p, slot):
    """The steps the card's components grant it ("gains: ..."), under its own steps on the
    chain so that they resolve after them, as the end of its effect (Time acceleration's
    ruling), the last component's first."""
    for k in range(MOD_MAX):
        m = st.board_mods[p, slot, k]
        if m == 0:
            break
        frames.push_steps(st, tb, m - 1, T_GRANTED, p, slot, -1)


@njit
def channel(st, tb, wk, p, slot):
    """Channel a prepared spell: it becomes a component and keeps its Mana (R7.3)."""
    st.board_zone[p, slot] = CHANNELED
    st.board_clock += 1
    say(wk, EV_CHANNELS, p, st.board_card[p, slot], 0, 0)
    if tb.any_handler[H_ZENITH_RITUAL_CHANNEL_TAX] != 0:
        channel_tax(st, tb, wk, p)
        resolve(st, tb, wk)


@njit
def use_ability(st, tb, wk, p, slot):
    """Use the ability of the card in the slot (its ``ability`` steps)."""
    card = st.board_card[p, slot]
    say(wk, EV_USES_ABILITY, p, card, 0, 0)
    announce.push_steps(st, tb, wk, card, T_ABILITY, p, slot)
    resolve(st, tb, wk)


# --- trade -----------------------------------------------------------------------------------

@njit
def trade(st, tb, wk, p, element):
    """Give 2 Mana, take 1 of ``element`` from the largest pile (Q4: ``trade_mode``).

    Under Favorable winds a trade giving or taking Air is 1 for 1: taking Air costs 1 Mana,
    and giving 1 Air (as the first Mana given) completes the trade for another element.
    """
    size0, size1 = st.ether[0].sum(), st.ether[1].sum()
    pile = 0 if st.ether[0, element] > 0 and size0 >= size1 else 1
    given = wk.trade_given
    for e in range(E):
        given[e] = 0
    price = trade_price(st, p, element)
    short = st.reserve[p].sum() < 2  # only a 1-for-1 trade is possible
    set_options(wk, E, 0)
    for e in range(E):
        ok = st.reserve[p, e] > 0
        if short and element != AIR and e != AIR:
            ok = False
        wk.opt[e] = 1 if ok else 0
        wk.ctx_given[e] = 0
    wk.ctx_take = element
    wk.ctx_air_completes = 1 if price == 1 and element != AIR else 0
    e = decide(st, tb, wk, TRADE_GIVE, p)
    given[e] += 1
    if not (price == 1 and (element == AIR or e == AIR)):
        set_options(wk, E, 0)
        for x in range(E):
            wk.opt[x] = 1 if st.reserve[p, x] - given[x] > 0 else 0
            wk.ctx_given[x] = given[x]
        wk.ctx_take = element
        wk.ctx_air_completes = -1  # not asked: only the first Mana can complete it
        e = decide(st, tb, wk, TRADE_GIVE, p)
        given[e] += 1
    for x in range(E):
        st.reserve[p, x] -= given[x]
    if tb.trade_placement == 0:
        for x in range(E):
            st.ether[pile, x] += given[x]
        st.ether[pile, element] -= 1
    else:
        st.ether[pile, element] -= 1
        add_to_ether(st, tb, wk, p, given)
    st.reserve[p, element] += 1
    say_mana(wk, EV_TRADES, (pile + (2 if tb.trade_placement != 0 else 0)) * E + element, given)
    subtle_infiltration_trade(st, tb, wk, p, given, element)
    resolve(st, tb, wk)
