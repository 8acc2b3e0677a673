"""One small kernel per op of the effect vocabulary (``cards/vocabulary.py``).

Every kernel takes the op row ``r`` (``tables.ops[r]``, columns ``layout.OP_*``) and the step's
card, side and slot. The side is the step's controller: a player, or ``ADVERSARY_SIDE`` for
Adversary cards, whose open choices the active player makes (the *decider*). Kernels never
run another card's steps themselves: they push them on the chain (``frames``).
"""

from __future__ import annotations

import numpy as np

from simulator.cards import SLOTS
from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import deal_damage, decide, leave_board, select
from simulator.engine.handlers.ids import H_ROCK_WALL_CHANNELS, H_ZENITH_RITUAL_CHANNEL_TAX
from simulator.engine.handlers.warrior_mage import before_destroy
from simulator.engine.rules import (
    discounts,
    exile,
    frames,
    kept,
    locked,
    next_gain,
    numbers,
    pile,
    pile_return,
    pile_swap,
    returns,
)
from simulator.engine.rules.board import (
    adversary_destroyed,
    adversary_present,
    affectable,
    affectable_component,
    component_count,
    destroy_card,
    free_slot,
    is_component_zone,
    is_indestructible,
    is_mage_noir,
    n_targets,
    place_card,
)
from simulator.engine.rules.channeled import channel_tax
from simulator.engine.rules.components import granted_trees, instances, water_components
from simulator.engine.rules.damage import damage_permanent, heal_target, lose_hp
from simulator.engine.rules.decide import reserve_element, set_options
from simulator.engine.rules.errors import ERR_ADVERSARY_PREPARED, fail
from simulator.engine.rules.layout import (
    ADV_EQUIPMENT,
    ADV_KEYWORD,
    ADVERSARY_SIDE,
    AN_ASKED,
    AN_CARD,
    AN_SUB,
    AN_TARGET,
    BOOST_TARGET,
    CHANNELED,
    CHOOSE_MODE,
    DESTROY_TARGET,
    DIG_TAKE,
    EQUIPMENT,
    EQUIPMENT_OFF,
    ETHER_PAID,
    EV_ADVERSARY_LOSES,
    EV_APPLIES,
    EV_BOOSTED,
    EV_CREATES_MANA,
    EV_DIG,
    EV_DISCOUNT,
    EV_ETHER_CAUSE,
    EV_FIZZLES,
    EV_FROM_DISCARD,
    EV_GAINS_SLOWCAST,
    EV_HP_SET,
    EV_MANA_UNDER,
    EV_NOTHING_HAPPENS,
    EV_PAYS_ABILITY_COST,
    EV_PUTS_FROM_DISCARD,
    EV_RECYCLES,
    EV_SCRY,
    EV_SEARCHES,
    EV_SHUFFLES,
    EV_SLOWCAST_ALL,
    EV_SURCHARGE,
    FROM_DISCARD,
    K_SLOTS,
    LOCK_FROM_RESERVE,
    MANA_ELEMENT,
    MARK_SLOWCAST,
    MODE_SOLO,
    MOVE_FROM_COMPONENTS,
    MOVE_TO_RESERVE,
    NOTHING_NO_PREPARED,
    NOTHING_PREPARES_NOTHING,
    OP_ALT_AMOUNT,
    OP_ALT_IF,
    OP_ALT_IF_WORD,
    OP_AMOUNT,
    OP_AMOUNT_MN,
    OP_COST,
    OP_DRAW,
    OP_ELEMENT,
    OP_FROM,
    OP_HAS_MN,
    OP_HP,
    OP_IF,
    OP_IF_WORD,
    OP_INFINITE,
    OP_MAX_TARGETS,
    OP_MN_LOSES,
    OP_ON_TOP,
    OP_OPTIONAL,
    OP_PER,
    OP_PER_WORD,
    OP_PLUS,
    OP_POSITION,
    OP_TARGET,
    OP_THEN_DISCARD,
    OP_TO,
    OP_TOP,
    OP_UNPREVENTABLE,
    OP_WHAT,
    OP_WHOSE,
    OP_WORD,
    OP_ZONE,
    OWN_COMPONENT,
    P_MAX,
    PAY_MANA_ELEMENT,
    PAY_UPKEEP,
    PERMANENT,
    PREPARED,
    PURPOSE_DAMAGE,
    PURPOSE_HAND,
    PURPOSE_HEAL,
    PURPOSE_LOSE_HP,
    PURPOSE_PHASE_OUT,
    PURPOSE_PILE_ORDER,
    PURPOSE_RECYCLE,
    REASON_ABILITY,
    RECYCLE_DISCARD,
    RETURN_EQUIPMENT,
    RETURN_FROM_DISCARD,
    RETURN_PREPARED,
    RUNNING,
    SCRY,
    SEARCH_DECK,
    SLOWCAST_TARGET,
    SPELL,
    T_ACTIVATE,
    TARGET,
    TG_OPPONENT,
    TO_DECK_THIRD,
    TO_DECK_TOP,
    TO_DISCARD,
    TO_EXILE,
    TO_HAND,
    WHOSE_EVERY,
    WIN,
    WORD,
    E,
)
from simulator.engine.rules.log import say, say_after, say_mana
from simulator.engine.rules.mana import add_to_ether, pay_effect_cost, take_from_ether
from simulator.engine.rules.phase import phase_out
from simulator.engine.rules.seats import first_foe, foes, the_opponent
from simulator.engine.rules.surcharge import impose
from simulator.engine.rules.targets import EVERYTHING, adversary_amount, fill_mask
from simulator.engine.rules.zones import (
    adversary_discard_to_deck,
    append_to_deck,
    deck_count,
    discard_chosen,
    discard_pile_to_deck,
    draw,
    hand_open,
    hand_options,
    mill_top,
    put_on_bottom,
    remove_from_deck,
    shuffle_deck,
)

# counts (layout.COUNTS) and conditions (layout.CONDITIONS)
(PER_NONE, PER_OWN_COMPONENT, PER_COMPONENT_IN_PLAY, PER_WATER_IN_PLAY, PER_TREES_IN_PLAY,
 PER_THIS_HP, PER_LOCKED_ON_COMPONENT, PER_LOCKED_ON_THIS, PER_LOCKED_ON_OWN_COMPONENTS,
 PER_X_PAID, PER_OPPONENT_RESERVE, PER_DISCARD_COMPONENT, PER_DISCARD_COPIES,
 PER_OPPONENT_HAND) = range(14)
(IF_NONE, IF_MAGE_NOIR, IF_NOT_MAGE_NOIR, IF_CONTROLS, IF_ADVERSARY_PRESENT, IF_LACKS,
 IF_NO_MANA_LOCKED, IF_LOCKS, IF_DRAW_NUMBER, IF_ZENITH, IF_OPPONENT_DREW) = range(11)
WHAT_PERMANENT, WHAT_EQUIPMENT, WHAT_BOTH, WHAT_RING = range(4)
RING_SLOT = SLOTS.index("ring")
TREE_WORD = WORD["Tree"]


# --- what a step reads -----------------------------------------------------------------------

@njit
def decider_of(st, side):
    """Who makes a step's choices: its controller, or the active player for Adversary cards."""
    return st.active if side == ADVERSARY_SIDE else side


@njit
def step_mage_noir(st, tb, side):
    return side != ADVERSARY_SIDE and is_mage_noir(st, tb, side)


@njit
def count(st, tb, r, side, slot, spend):
    """The value of the row's ``per`` count; ``spend`` False only looks (a bot's estimate:
    Water drop's once-per-turn second count stays unspent)."""
    per, word = tb.ops[r, OP_PER], tb.ops[r, OP_PER_WORD]
    player = side if side >= 0 else 0
    if per == PER_OWN_COMPONENT:
        return instances(st, tb, player, word) if side != ADVERSARY_SIDE else 0
    if per == PER_COMPONENT_IN_PLAY:
        n = 0
        for q in range(tb.players):
            n += instances(st, tb, q, word)
        return n
    if per == PER_WATER_IN_PLAY:
        return water_components(st, tb, spend)
    if per == PER_TREES_IN_PLAY:
        n = 0
        for q in range(tb.players):
            for s in range(st.board_end[q]):
                c = st.board_card[q, s]
                if c >= 0 and st.board_zone[q, s] >= CHANNELED and tb.provides[c, TREE_WORD] != 0:
                    n += 1
            n += granted_trees(st, tb, q)
        return n
    if per == PER_THIS_HP:
        return st.board_hp[player, slot]
    if per == PER_LOCKED_ON_THIS:
        return locked.locked_on(st, player, slot, word) if side >= 0 and slot >= 0 else 0
    if per == PER_LOCKED_ON_OWN_COMPONENTS:
        return locked.locked_on_components(st, tb, player, word, slot) if side >= 0 else 0
    if per == PER_X_PAID:
        return st.x_paid[player, slot] if slot >= 0 else 0
    if per == PER_OPPONENT_RESERVE:  # the word column holds the element
        if side == ADVERSARY_SIDE:
            return st.reserve[st.active, word]
        foe = first_foe(st, tb, side)  # a duel's opponent (solo: the Adversary, no reserve)
        return st.reserve[foe, word] if foe >= 0 else 0
    if per == PER_DISCARD_COMPONENT:
        if side == ADVERSARY_SIDE:
            return 0
        n = 0
        for c in range(tb.n_player_cards):
            if tb.provides[c, word] != 0:
                n += st.discard[player, c]
        return n
    if per == PER_OPPONENT_HAND:  # in solo a player's opponent is the Adversary: no hand
        if side == ADVERSARY_SIDE:
            return st.hand[st.active, :tb.n_cards].sum()
        foe = first_foe(st, tb, side)
        return st.hand[foe, :tb.n_cards].sum() if foe >= 0 else 0
    if per == PER_DISCARD_COPIES:
        if side == ADVERSARY_SIDE or slot < 0 or st.board_card[player, slot] < 0:
            return 0
        return st.discard[player, st.board_card[player, slot]]
    return 0  # locked_on_component: no op sets the chosen component (High pressure's handler reads it)


@njit
def base_amount(st, tb, r, side, slot):
    """The row's amount before its ``per`` and ``plus``: ``amount_mn`` for a Mage Noir
    controller, ``amount_alt`` while its ``alt_if`` holds (read as the step resolves), changed
    by the number modifiers of the card (``numbers.py``: may be negative)."""
    amount = tb.ops[r, OP_AMOUNT]
    if tb.ops[r, OP_HAS_MN] != 0 and step_mage_noir(st, tb, side):
        amount = tb.ops[r, OP_AMOUNT_MN]
    if tb.ops[r, OP_ALT_IF] != 0 and condition_code_holds(
            st, tb, tb.ops[r, OP_ALT_IF], tb.ops[r, OP_ALT_IF_WORD], side, slot):
        amount = tb.ops[r, OP_ALT_AMOUNT]
    if tb.any_mods != 0:
        amount = numbers.modified(st, tb, side, slot, amount)
    return amount


@njit
def amount_of(st, tb, r, side, slot):
    """The row's amount (:func:`base_amount`) times its ``per`` count, plus its ``plus``."""
    return row_amount(st, tb, r, side, slot, True)


@njit
def amount_now(st, tb, r, side, slot):
    """What :func:`amount_of` would be now, nothing spent (a bot's estimate: Water drop's
    once-per-turn second count stays unspent)."""
    return row_amount(st, tb, r, side, slot, False)


@njit
def row_amount(st, tb, r, side, slot, spend):
    """:func:`amount_of`, with ``spend`` False to leave once-per-turn counts unspent (the
    engine's compiled functions take no default arguments: one signature each)."""
    amount = base_amount(st, tb, r, side, slot)
    if tb.ops[r, OP_PER] != PER_NONE:
        amount *= count(st, tb, r, side, slot, spend)
    return amount + tb.ops[r, OP_PLUS]


@njit
def condition_holds(st, tb, r, side, slot):
    """The row's ``if`` holds for its controller ``side`` and its card's ``slot``."""
    return condition_code_holds(st, tb, tb.ops[r, OP_IF], tb.ops[r, OP_IF_WORD], side, slot)


@njit
def condition_code_holds(st, tb, cond, word, side, slot):
    """Whether condition ``cond`` (a ``CONDITIONS`` code, 0 none) with its ``word`` (or
    element) holds for ``side`` and the card in its ``slot`` (-1 none): a step's ``if``, or a
    static's (casting.py)."""
    if cond == IF_MAGE_NOIR:
        return step_mage_noir(st, tb, side)
    if cond == IF_NOT_MAGE_NOIR:
        return not step_mage_noir(st, tb, side)
    if cond == IF_CONTROLS:
        return side != ADVERSARY_SIDE and component_count(st, tb, side, word) > 0
    if cond == IF_ADVERSARY_PRESENT:
        return adversary_present(st, tb)
    if cond == IF_LACKS:
        return side != ADVERSARY_SIDE and component_count(st, tb, side, word) == 0
    if cond == IF_NO_MANA_LOCKED or cond == IF_LOCKS:
        if side < 0 or slot < 0:
            return cond == IF_NO_MANA_LOCKED
        empty = locked.locked_on(st, side, slot, word) == 0
        return empty if cond == IF_NO_MANA_LOCKED else not empty
    if cond == IF_ZENITH:
        return side != ADVERSARY_SIDE and st.zenith[side] != 0
    if cond == IF_OPPONENT_DREW:
        return opponent_drew(st, tb, side) >= word
    return True


@njit
def opponent_drew(st, tb, side):
    """The most cards an opponent of ``side`` has drawn this turn (``state.draws_this_turn``,
    counted while ``tables.any_draw_trigger`` is set): a player's opponent is the Adversary
    (in a duel the opposing seats), an Adversary card's every player."""
    if side != ADVERSARY_SIDE and tb.mode == MODE_SOLO:
        return st.draws_this_turn[P_MAX]
    most = 0
    for p in range(tb.players):
        if foes(tb, side, p):
            most = max(most, st.draws_this_turn[p])
    return most


# --- the ops ---------------------------------------------------------------------------------

@njit
def kept_hits(wk, n):
    """``wk.op_hits[:n]``: a copy of the targets the op's selection hit, which stays put while
    dealing the damage (a Protector's redirection selects again into ``wk.hits``)."""
    for t in range(n):
        wk.op_hits[t] = wk.hits[t]
    return wk.op_hits[:n]


@njit
def op_damage(st, tb, wk, r, card, side, slot):
    """Damage to each target hit, in increasing target order (one instance each)."""
    select(st, tb, wk, tb.ops[r, OP_TARGET], PURPOSE_DAMAGE, side, card, slot)
    amount = amount_of(st, tb, r, side, slot)
    unpreventable = tb.ops[r, OP_UNPREVENTABLE] != 0
    hits = kept_hits(wk, n_targets(tb))
    for t in range(len(hits)):
        if hits[t] == 0:
            continue
        a = amount
        if side == ADVERSARY_SIDE and tb.ops[r, OP_HAS_MN] != 0:
            a = adversary_amount(st, tb, tb.ops[r, OP_AMOUNT], tb.ops[r, OP_AMOUNT_MN], t)
        if a < 0:  # a number modifier took it below 0: negative damage heals (R11.4)
            heal_target(st, tb, wk, t, -a)
            continue
        deal_damage(st, tb, wk, side, card, t, a, unpreventable)


@njit
def op_damage_repeated(st, tb, wk, r, card, side, slot):
    """AMOUNT damage to the step's target, then again once per PER count, counted before the
    first (Lightning chain's ruling: copies that arrive meanwhile do not count). Each time is
    an instance of its own; a repeat chooses its target again as it comes (the step's
    announced target is the first one's)."""
    times = 1 + max(count(st, tb, r, side, slot, True), 0)
    amount = base_amount(st, tb, r, side, slot)
    entry = st.step_entry
    for i in range(times):
        if st.outcome != RUNNING:
            break
        if i > 0:
            st.step_entry = -1  # not announced: chosen now
        select(st, tb, wk, tb.ops[r, OP_TARGET], PURPOSE_DAMAGE, side, card, slot)
        hits = kept_hits(wk, n_targets(tb))
        for t in range(len(hits)):
            if hits[t] == 0:
                continue
            if amount < 0:  # a number modifier took it below 0: negative damage heals (R11.4)
                heal_target(st, tb, wk, t, -amount)
            else:
                deal_damage(st, tb, wk, side, card, t, amount, False)
    st.step_entry = entry


@njit
def op_apply_from_discard(st, tb, wk, r, card, side, slot):
    """Apply the activate effects of one spell named WORD of the controller's discard pile (a
    ``from_discard`` decision; the card stays in the pile), never a copy of this card (so a
    chain cannot apply itself). The applied steps run with no slot (no number modifier of
    this card's components) and choose their targets as they resolve; spells without an
    activate effect are not offered."""
    if side == ADVERSARY_SIDE:
        return
    word = tb.ops[r, OP_WORD]
    set_options(wk, tb.n_cards + 1, 0)  # the last option (stop) stays closed: not optional
    any_ = False
    for c in range(tb.n_player_cards):
        if (c != card and st.discard[side, c] > 0 and tb.named[c, word] != 0
                and tb.trig_count[c, T_ACTIVATE] > 0):
            wk.opt[c] = 1
            any_ = True
    if not any_:
        return
    wk.ctx_card = card
    c = decide(st, tb, wk, FROM_DISCARD, side)
    say(wk, EV_APPLIES, side, c, 1, 0)
    frames.push_steps(st, tb, c, T_ACTIVATE, side, -1, -1)


@njit
def op_distribute_damage(st, tb, wk, r, card, side, slot):
    """Split AMOUNT between 1..max_targets distinct targets, one point at a time (each point
    is a ``target`` decision); each distinct target then takes one instance (R11.3)."""
    total = amount_of(st, tb, r, side, slot)
    limit = tb.ops[r, OP_MAX_TARGETS]
    if limit < 0:
        limit = max(total, 1)
    t_count = n_targets(tb)
    legal_any = np.zeros(t_count, np.int8)
    fill_mask(st, tb, legal_any, EVERYTHING)
    assigned = np.zeros(t_count, np.int64)
    decider = decider_of(st, side)
    for _ in range(total):
        chosen = 0
        for t in range(t_count):
            if assigned[t] > 0:
                chosen += 1
        set_options(wk, t_count, 0)
        any_ = False
        for t in range(t_count):
            legal = assigned[t] > 0 if chosen >= limit else legal_any[t] != 0
            if legal:
                wk.opt[t] = 1
                any_ = True
        if not any_:
            break
        wk.ctx_purpose = PURPOSE_DAMAGE
        wk.ctx_side = side
        wk.ctx_card = card
        assigned[decide(st, tb, wk, TARGET, decider)] += 1
    for t in range(t_count):
        if assigned[t] > 0:
            deal_damage(st, tb, wk, side, card, t, assigned[t], False)


@njit
def op_lose_hp(st, tb, wk, r, card, side, slot):
    select(st, tb, wk, tb.ops[r, OP_TARGET], PURPOSE_LOSE_HP, side, card, slot)
    amount = amount_of(st, tb, r, side, slot)
    hits = kept_hits(wk, n_targets(tb))
    if amount < 0:  # below 0 by a number modifier: a negative HP loss heals (R11.4)
        for t in range(len(hits)):
            if hits[t] != 0:
                heal_target(st, tb, wk, t, -amount)
        return
    lose_hp_hits(st, tb, wk, hits, amount, card)


@njit
def lose_hp_hits(st, tb, wk, hits, amount, card):
    """Every flat target in ``hits`` loses ``amount`` HP."""
    for t in range(len(hits)):
        if hits[t] == 0:
            continue
        if t < K_SLOTS:
            st.adv_hp[t] -= amount
            say(wk, EV_ADVERSARY_LOSES, amount, 0, t, st.adv_card[t])
            say_after(wk, st.adv_hp[t])
            if st.adv_hp[t] <= 0:
                adversary_destroyed(st, tb, wk, t)
        elif t < K_SLOTS + tb.players:
            lose_hp(st, tb, wk, t - K_SLOTS, amount, False, card)
        else:
            p, s = divmod(t - K_SLOTS - tb.players, tb.slots)
            damage_permanent(st, tb, wk, p, s, amount, False)


@njit
def op_lose_half_hp(st, tb, wk, r, card, side, slot):
    player = side if side >= 0 else 0
    lose_hp(st, tb, wk, player, st.hp[player] // 2, False, card)


@njit
def op_heal(st, tb, wk, r, card, side, slot):
    select(st, tb, wk, tb.ops[r, OP_TARGET], PURPOSE_HEAL, side, card, slot)
    amount = amount_of(st, tb, r, side, slot)
    hits = kept_hits(wk, n_targets(tb))
    if amount < 0:  # below 0 by a number modifier: negative healing is HP lost (R11.4)
        lose_hp_hits(st, tb, wk, hits, -amount, card)
        return
    for t in range(len(hits)):
        if hits[t] != 0:
            heal_target(st, tb, wk, t, amount)


@njit
def op_draw(st, tb, wk, r, card, side, slot):
    """The controller draws; with ``target = "opponent"`` the opponent does: for a player's
    card in solo that is the Adversary, which has no hand, so nothing happens
    (docs/cards.md); in a duel the opposing seat draws."""
    if side == ADVERSARY_SIDE:
        return
    if tb.ops[r, OP_TARGET] != TG_OPPONENT:
        draw(st, tb, wk, side, amount_of(st, tb, r, side, slot))
    elif tb.mode != MODE_SOLO:
        foe = the_opponent(st, tb, wk, side, PURPOSE_HAND)
        if foe >= 0:
            draw(st, tb, wk, foe, amount_of(st, tb, r, side, slot))


@njit
def op_discard_from_hand(st, tb, wk, r, card, side, slot):
    """The target (default the controller) discards cards of their choice from hand."""
    kind = tb.ops[r, OP_TARGET]
    if kind < 0:
        who = side if side >= 0 else 0
    else:
        who = -1
        select(st, tb, wk, kind, PURPOSE_HAND, side, card, slot)
        for p in range(tb.players):
            if wk.hits[K_SLOTS + p] != 0:
                who = p
                break
    amount = amount_of(st, tb, r, side, slot)
    for _ in range(amount):
        if who < 0 or st.hand[who, :tb.n_cards].sum() == 0:
            return
        hand_options(st, tb, wk, who)
        discard_chosen(st, tb, wk, who, 0, False)


@njit
def op_take_mana(st, tb, wk, r, card, side, slot):
    """Take up to AMOUNT Mana (of ELEMENT) from the Available Ether, or create it."""
    if side == ADVERSARY_SIDE:
        return
    amount = max(amount_of(st, tb, r, side, slot), 0)
    element = tb.ops[r, OP_ELEMENT]
    if tb.ops[r, OP_INFINITE] != 0:
        if element >= 0:
            mana = wk.mana_fixed
            for e in range(E):
                mana[e] = 0
            mana[element] = amount
        else:  # "of your choice" (Sap distillation): the controller picks each Mana
            mana = choose_mana_elements(st, tb, wk, side, amount)
        for e in range(E):
            st.reserve[side, e] += mana[e]
        say_mana(wk, EV_CREATES_MANA, side, mana)
        return
    take_from_ether(st, tb, wk, side, amount, element)


@njit
def choose_mana_elements(st, tb, wk, decider, amount):
    """(E,) the elements of ``amount`` Mana, chosen one Mana at a time by the decider (in
    ``wk.mana_chosen``: read it before the next choice of elements)."""
    mana = wk.mana_chosen
    for e in range(E):
        mana[e] = 0
    for i in range(amount):
        set_options(wk, E, 1)
        wk.ctx_run_step = i
        for e in range(E):
            wk.ctx_chosen[e] = mana[e]
        mana[decide(st, tb, wk, MANA_ELEMENT, decider)] += 1
    return mana


@njit
def op_add_mana(st, tb, wk, r, card, side, slot):
    """Add AMOUNT Mana from the Infinite Ether to the Available Ether (placement rule)."""
    amount = max(amount_of(st, tb, r, side, slot), 0)
    element = tb.ops[r, OP_ELEMENT]
    decider = decider_of(st, side)
    if element >= 0:
        mana = wk.mana_fixed
        for e in range(E):
            mana[e] = 0
        mana[element] = amount
    else:
        mana = choose_mana_elements(st, tb, wk, decider, amount)
    add_to_ether(st, tb, wk, decider, mana)


@njit
def destroy_options(st, tb, wk, what, optional):
    """The legal targets of a destroy step in ``wk.opt`` (flat targets): Permanents and/or
    Equipment (or only ring Equipment) of either side; Rituals and Indestructible cards are
    immune. An optional destroy adds the option ``n_targets`` (destroy nothing). Returns
    whether there is any target."""
    players, slots = tb.players, tb.slots
    n = n_targets(tb)
    set_options(wk, n + 1 if optional else n, 0)
    any_ = False
    for k in range(K_SLOTS):
        c = st.adv_card[k]
        if c < 0:
            continue
        kind = tb.adv_kind[c]
        if what == WHAT_RING:
            ok = kind == ADV_EQUIPMENT and tb.slot_kind[c] == RING_SLOT
        else:
            ok = ((kind == ADV_KEYWORD and what != WHAT_EQUIPMENT)
                  or (kind == ADV_EQUIPMENT and what != WHAT_PERMANENT))
        if ok:
            wk.opt[k] = 1
            any_ = True
    for p in range(players):
        for s in range(slots):
            zone = st.board_zone[p, s]
            if what == WHAT_RING:
                ok = (zone == EQUIPMENT or zone == EQUIPMENT_OFF) and \
                    tb.slot_kind[st.board_card[p, s]] == RING_SLOT
            else:  # a Glass replica's Equipment (EQUIPMENT_OFF) is still an Equipment
                ok = (zone == PERMANENT and what != WHAT_EQUIPMENT) or (
                    (zone == EQUIPMENT or zone == EQUIPMENT_OFF) and what != WHAT_PERMANENT)
            if ok and not is_indestructible(st, tb, p, s):
                wk.opt[K_SLOTS + players + p * slots + s] = 1
                any_ = True
    if optional:
        wk.opt[n] = 1
    wk.ctx_what = what
    return any_


@njit
def op_destroy(st, tb, wk, r, card, side, slot):
    """Destroy one Permanent and/or Equipment (either side), the one chosen when the card was
    announced (R7.2): nothing when it has left play since."""
    players, slots = tb.players, tb.slots
    e = st.step_entry
    if e >= 0 and st.announced[e, AN_ASKED] != 0:
        choice = st.announced[e, AN_TARGET]
        if choice < 0:
            return
        was = st.announced[e, AN_CARD]
        if choice < K_SLOTS:
            if st.adv_card[choice] != was:
                say(wk, EV_FIZZLES, choice, was, 0, 0)
                return
        else:
            p, s = divmod(choice - K_SLOTS - players, slots)
            if st.board_card[p, s] != was or st.board_zone[p, s] < PERMANENT:
                say(wk, EV_FIZZLES, choice, was, 0, 0)
                return
    else:
        if not destroy_options(st, tb, wk, tb.ops[r, OP_WHAT], tb.ops[r, OP_OPTIONAL] != 0):
            return
        choice = decide(st, tb, wk, DESTROY_TARGET, decider_of(st, side))
        if choice == n_targets(tb):
            return  # an optional destroy declined
    if choice < K_SLOTS:
        adversary_destroyed(st, tb, wk, choice)
        return
    p, s = divmod(choice - K_SLOTS - players, slots)
    # "At any time" window between the announced target and the destruction (the
    # Warrior-mage ritual); a target made indestructible is no longer valid.
    before_destroy(st, tb, wk, side, p, s)
    if st.board_card[p, s] >= 0 and not is_indestructible(st, tb, p, s):
        destroy_card(st, tb, wk, p, s)


@njit
def op_destroy_all(st, tb, wk, r, card, side, slot):
    """Destroy at once every Permanent of every side or of the opponent's (the Adversary's
    Permanents, or for an Adversary card the players'); with a word, every card in play that
    provides it (components and Permanents). Indestructible cards stay; the destroyed leave
    play together, their triggered actions after the step."""
    word = tb.ops[r, OP_WORD]
    every = tb.ops[r, OP_WHOSE] == WHOSE_EVERY
    if every or side != ADVERSARY_SIDE:
        if word < 0:
            for k in range(K_SLOTS):
                c = st.adv_card[k]
                if c >= 0 and tb.adv_kind[c] == ADV_KEYWORD:
                    adversary_destroyed(st, tb, wk, k)
    only = -1  # a player's "opponent's Permanents": in a duel one opposing seat's
    if not every and side != ADVERSARY_SIDE:
        if tb.mode == MODE_SOLO:
            return
        only = the_opponent(st, tb, wk, side, PURPOSE_DAMAGE)
        if only < 0:
            return
    for p in range(tb.players):
        if only >= 0 and p != only:
            continue
        for s in range(st.board_end[p]):
            c = st.board_card[p, s]
            if c < 0 or is_indestructible(st, tb, p, s):
                continue
            if (affectable_component(st, tb, p, s, word) if word >= 0
                    else st.board_zone[p, s] == PERMANENT or channeled_rock_wall(st, tb, p, s)):
                destroy_card(st, tb, wk, p, s)


@njit
def channeled_rock_wall(st, tb, p, s):
    """A Rock wall channeled below 1 HP: still destroyed with "every Permanent" (ruling)."""
    c = st.board_card[p, s]
    return (tb.any_handler[H_ROCK_WALL_CHANNELS] != 0 and st.board_zone[p, s] == CHANNELED
            and tb.handler_card[H_ROCK_WALL_CHANNELS, c] != 0)


@njit
def choose_own_component(st, tb, wk, side, word, exclude_applying, own_slot):
    """One own component providing ``word`` (any component when ``word`` < 0; an
    ``own_component`` decision), -1 none.

    exclude_applying: leave out the cards whose effects are being applied, and ``own_slot``."""
    if side == ADVERSARY_SIDE:
        return -1
    set_options(wk, tb.slots, 0)
    any_ = False
    for s in range(st.board_end[side]):
        if word < 0:
            zone = st.board_zone[side, s]
            if st.board_card[side, s] < 0 or not is_component_zone(zone) or not affectable(zone):
                continue
        elif not affectable_component(st, tb, side, s, word):
            continue
        if exclude_applying and (st.applying[side, s] != 0 or s == own_slot):
            continue
        wk.opt[s] = 1
        any_ = True
    if not any_:
        return -1
    wk.ctx_word = word
    return decide(st, tb, wk, OWN_COMPONENT, side)


@njit
def applied_component(st, tb, wk, side, word, exclude_applying, own_slot):
    """``(slot, entry)``: the own component providing ``word`` whose steps the resolving step
    applies, and the entry of their announced targets. The one chosen when the card was
    announced (R7.2; slot -1 when it is gone), else chosen now (entry -1: its steps choose
    their targets when they resolve)."""
    e = st.step_entry
    if e >= 0 and st.announced[e, AN_ASKED] != 0:
        s = st.announced[e, AN_TARGET]
        if s < 0 or st.board_card[side, s] != st.announced[e, AN_CARD] or \
                not affectable_component(st, tb, side, s, word):
            if s >= 0:
                say(wk, EV_FIZZLES, -1, st.announced[e, AN_CARD], 0, 0)
            return -1, -1
        return s, st.announced[e, AN_SUB]
    return choose_own_component(st, tb, wk, side, word, exclude_applying, own_slot), -1


@njit
def op_return_component(st, tb, wk, r, card, side, slot):
    s = choose_own_component(st, tb, wk, side, tb.ops[r, OP_WORD], False, -1)
    if s >= 0:
        dest = TO_DECK_THIRD if tb.ops[r, OP_POSITION] == 3 else TO_DECK_TOP
        leave_board(st, tb, wk, side, s, dest)


@njit
def op_discard_component(st, tb, wk, r, card, side, slot):
    """The controller puts AMOUNT of their components providing WORD (without a word: any
    components) into the discard pile, one at a time (their choice, this card included when
    it is one)."""
    for _ in range(amount_of(st, tb, r, side, slot)):
        s = choose_own_component(st, tb, wk, side, tb.ops[r, OP_WORD], False, -1)
        if s < 0:
            return
        leave_board(st, tb, wk, side, s, TO_DISCARD)


@njit
def op_apply_component(st, tb, wk, r, card, side, slot):
    """Apply the activate effects of one own component (it stays in play). A card whose
    effects are being applied cannot be chosen again in the same chain, so two Wave echoes
    cannot apply each other forever."""
    s, entry = applied_component(st, tb, wk, side, tb.ops[r, OP_WORD], True, slot)
    if s < 0:
        return
    st.applying[side, s] = 1
    if slot >= 0:
        st.applying[side, slot] = 1
    say(wk, EV_APPLIES, side, st.board_card[side, s], 0, 0)
    if tb.ops[r, OP_THEN_DISCARD] != 0:  # "then discard it": after its effects
        frames.push_discard_applied(st, side, s, st.board_card[side, s])
    frames.push_clear_applying(st, side, s, slot)
    frames.push_steps(st, tb, st.board_card[side, s], T_ACTIVATE, side, s, entry)


@njit
def op_apply_used_component(st, tb, wk, r, card, side, slot):
    """Apply the effects of the component this card was prepared with that provides the
    step's word, wherever it is now (kept.py); the card must still be in its slot."""
    if side >= 0 and slot >= 0 and st.board_card[side, slot] == card:
        kept.apply_kept(st, tb, wk, side, slot)


@njit
def _return_from_board(st, tb, wk, side, slot, zone, dest, kind):
    """Return one card of ``zone`` (either side's board) to its owner's hand or deck; the
    card being activated is not a choice."""
    if side == ADVERSARY_SIDE:
        return
    players, slots = tb.players, tb.slots
    set_options(wk, players * slots, 0)
    any_ = False
    for p in range(players):
        if dest == TO_HAND and not hand_open(st, p):
            continue  # Zeus's thunder: nothing reaches that hand
        for s in range(slots):
            here = st.board_zone[p, s]
            if (here == zone or (zone == EQUIPMENT and here == EQUIPMENT_OFF)) and \
                    not (p == side and s == slot):  # a Glass replica's Equipment too
                wk.opt[p * slots + s] = 1
                any_ = True
    if not any_:
        return
    choice = decide(st, tb, wk, kind, side)
    p, s = divmod(choice, slots)
    leave_board(st, tb, wk, p, s, dest)


@njit
def op_return_equipment_to_hand(st, tb, wk, r, card, side, slot):
    _return_from_board(st, tb, wk, side, slot, EQUIPMENT, TO_HAND, RETURN_EQUIPMENT)


@njit
def op_return_channeled(st, tb, wk, r, card, side, slot):
    """Return one channeled spell of either side to its owner's hand (a ``return_prepared``
    decision over the board slots)."""
    _return_from_board(st, tb, wk, side, slot, CHANNELED, TO_HAND, RETURN_PREPARED)


@njit
def op_return_prepared_to_hand(st, tb, wk, r, card, side, slot):
    """Return one prepared spell of either side to its owner's hand (its Mana released);
    the Adversary never has one, so against it the choice is among the players' own."""
    _return_from_board(st, tb, wk, side, slot, PREPARED, TO_HAND, RETURN_PREPARED)


@njit
def op_return_prepared_to_deck(st, tb, wk, r, card, side, slot):
    _return_from_board(st, tb, wk, side, slot, PREPARED, TO_DECK_TOP, RETURN_PREPARED)


@njit
def op_discard_any_prepared(st, tb, wk, r, card, side, slot):
    """Discard one prepared spell of any player, the controller's choice (a ``return_prepared``
    decision over the board slots; the card being activated is not one): Dimensional
    deletion's and Revocation's texts name no side, as Dazzle's and Whirling wind's do not.
    The Adversary never has one, so against it the choice is among the players' own; with
    none, nothing happens."""
    if side == ADVERSARY_SIDE:
        return
    for p in range(tb.players):
        for s in range(st.board_end[p]):
            if st.board_zone[p, s] == PREPARED and not (p == side and s == slot):
                _return_from_board(st, tb, wk, side, slot, PREPARED, TO_DISCARD,
                                   RETURN_PREPARED)
                return
    say(wk, EV_NOTHING_HAPPENS, NOTHING_NO_PREPARED, 0, 0, 0)


@njit
def op_discard_prepared(st, tb, wk, r, card, side, slot):
    """Discard up to AMOUNT of the opponent's prepared spells, one at a time (a
    ``return_prepared`` decision over flat ``player * slots + slot`` options, the last option
    stops). The Adversary never has any, so for players' cards in solo and co-op this does
    nothing (the transcript says why); from an Adversary card it is not supported yet. In a
    duel, the opposing seat's (their Mana released as for any discard)."""
    if side == ADVERSARY_SIDE:
        fail(st, ERR_ADVERSARY_PREPARED, card)
        return
    if tb.mode == MODE_SOLO:
        say(wk, EV_NOTHING_HAPPENS, NOTHING_NO_PREPARED, 0, 0, 0)
        return
    foe = the_opponent(st, tb, wk, side, PURPOSE_HAND)
    if foe < 0:
        return
    n = tb.players * tb.slots
    for _ in range(amount_of(st, tb, r, side, slot)):
        set_options(wk, n + 1, 0)
        any_ = False
        for s in range(st.board_end[foe]):
            if st.board_zone[foe, s] == PREPARED:
                wk.opt[foe * tb.slots + s] = 1
                any_ = True
        if not any_:
            return
        wk.opt[n] = 1
        wk.ctx_card = card
        choice = decide(st, tb, wk, RETURN_PREPARED, side)
        if choice == n:
            return
        leave_board(st, tb, wk, foe, choice % tb.slots, TO_DISCARD)


@njit
def op_search_deck(st, tb, wk, r, card, side, slot):
    """Take one card named WORD from the own deck (a ``search_deck`` decision over the card
    kinds there), then shuffle; with ON_TOP the card, shown, goes on top of the shuffled deck
    instead of into hand (Lightning call). No such card: only the shuffle. A hand Zeus's
    thunder locks takes nothing (the step is ignored)."""
    if side == ADVERSARY_SIDE or not hand_open(st, side):
        return
    word = tb.ops[r, OP_WORD]
    set_options(wk, tb.n_cards, 0)
    any_ = False
    for c in range(tb.n_cards):
        if tb.named[c, word] != 0 and deck_count(st, side, c) > 0:
            wk.opt[c] = 1
            any_ = True
    found = -1
    if any_:
        wk.ctx_what = 0  # a named search (handlers/sand.py: Glass replica's is 1)
        found = decide(st, tb, wk, SEARCH_DECK, side)
        remove_from_deck(st, side, found)
    on_top = found >= 0 and tb.ops[r, OP_ON_TOP] != 0
    if found >= 0 and not on_top:
        st.hand[side, found] += 1
        say(wk, EV_SEARCHES, side, found, 0, 0)
    shuffle_deck(st, side)
    say(wk, EV_SHUFFLES, side, 0, 0, 0)
    if on_top:
        append_to_deck(st, side, found)
        say(wk, EV_SEARCHES, side, found, 1, 0)


@njit
def op_scry(st, tb, wk, r, card, side, slot):
    """Look at the top card of the own deck and leave it there or put it at the bottom (a
    ``scry`` decision, ``ctx_card`` the card: option 1 puts it at the bottom). The Adversary
    never scries: its deck is revealed card by card."""
    if side == ADVERSARY_SIDE or st.deck_len[side] == 0:
        return
    top = st.deck[side, st.deck_len[side] - 1]
    set_options(wk, 2, 1)
    wk.ctx_card = top
    bottom = decide(st, tb, wk, SCRY, side)
    if bottom == 1:
        st.deck_len[side] -= 1
        put_on_bottom(st, side, top)
    say(wk, EV_SCRY, side, top, bottom, 0)


@njit
def op_dig(st, tb, wk, r, card, side, slot):
    """Look at the top AMOUNT cards of the own deck; the player may take one whose name
    carries WORD into hand, shown to all (a ``dig_take`` decision over the card kinds, the
    option after the last kind declines); the others go to the bottom in the order they were
    (the player may order them; nothing in the engine reads that order before the deck is
    drawn through). A hand Zeus's thunder locks takes nothing (the step is ignored)."""
    if side == ADVERSARY_SIDE or not hand_open(st, side):
        return
    n = min(amount_of(st, tb, r, side, slot), st.deck_len[side])
    if n <= 0:
        return
    word = tb.ops[r, OP_WORD]
    first = st.deck_len[side] - n
    set_options(wk, tb.n_cards + 1, 0)
    wk.opt[tb.n_cards] = 1
    wk.ctx_word = word
    any_ = False
    for i in range(first, first + n):
        c = st.deck[side, i]
        if word < 0 or tb.named[c, word] != 0:
            wk.opt[c] = 1
            any_ = True
    taken = -1
    if any_:
        choice = decide(st, tb, wk, DIG_TAKE, side)
        taken = choice if choice < tb.n_cards else -1
    looked = wk.amounts[:n]
    for i in range(n):
        looked[i] = st.deck[side, first + i]
    st.deck_len[side] = first
    for i in range(n - 1, -1, -1):
        if looked[i] == taken:
            taken = -2 - taken  # that copy only
            st.hand[side, looked[i]] += 1
            say(wk, EV_DIG, side, looked[i], n, 0)
        else:
            put_on_bottom(st, side, looked[i])
    if taken == -1:
        say(wk, EV_DIG, side, -1, n, 0)


@njit
def op_recycle_discard(st, tb, wk, r, card, side, slot):
    if side == ADVERSARY_SIDE:
        return
    for _ in range(amount_of(st, tb, r, side, slot)):
        set_options(wk, tb.n_cards, 0)
        any_ = False
        for c in range(tb.n_cards):
            if st.discard[side, c] > 0:
                wk.opt[c] = 1
                any_ = True
        if not any_:
            break
        c = decide(st, tb, wk, RECYCLE_DISCARD, side)
        pile.take(st, side, c)
        append_to_deck(st, side, c)
        say(wk, EV_RECYCLES, side, c, 0, 0)
    shuffle_deck(st, side)
    say(wk, EV_SHUFFLES, side, 0, 0, 0)


@njit
def op_return_from_discard(st, tb, wk, r, card, side, slot):
    if side == ADVERSARY_SIDE or not hand_open(st, side):
        return
    word = tb.ops[r, OP_WORD]
    set_options(wk, tb.n_cards, 0)
    any_ = False
    for c in range(tb.n_cards):
        if st.discard[side, c] > 0 and (word < 0 or tb.named[c, word] != 0):
            wk.opt[c] = 1
            any_ = True
    if any_:
        c = decide(st, tb, wk, RETURN_FROM_DISCARD, side)
        pile.take(st, side, c)
        st.hand[side, c] += 1
        say(wk, EV_FROM_DISCARD, side, c, 0, 0)


@njit
def op_pay_or_discard(st, tb, wk, r, card, side, slot):
    """Pay COST from the reserve, or this card is destroyed (R6.2: forced when unaffordable)."""
    player = side if side >= 0 else 0
    cost = np.zeros(E, np.int64)
    can = True
    for e in range(E):
        cost[e] = tb.ops[r, OP_COST + e]
        if st.reserve[player, e] < cost[e]:
            can = False
    pay = False
    if can:
        set_options(wk, 2, 1)
        wk.ctx_card = card
        pay = decide(st, tb, wk, PAY_UPKEEP, player) == 1
    if pay:
        pay_effect_cost(st, tb, wk, player, cost)
    else:
        destroy_card(st, tb, wk, player, slot)


@njit
def op_ability_cost(st, tb, wk, r, card, side, slot):
    """A generic ability is used: it is marked used this turn (spent when once per turn, a
    word granted while used holds), then its costs
    are paid (its Mana from the reserve to the Available Ether, its discards chosen by the
    player, this card destroyed when sacrificed); the steps after this one are its effect."""
    p = side if side >= 0 else 0
    st.ability_used[p, slot] = 1
    st.board_clock += 1  # a word granted while it was used this turn counts now
    cost = np.zeros(E, np.int64)
    for e in range(E):
        cost[e] = tb.ab_cost[card, e]
    if cost.sum() > 0 and tb.ab_lock[card] != 0:
        for e in range(E):
            st.reserve[p, e] -= cost[e]
            st.board_mana[p, slot, e] += cost[e]
            for _ in range(cost[e]):
                say(wk, EV_MANA_UNDER, p, e, card, 1)
    elif cost.sum() > 0:
        say_mana(wk, EV_PAYS_ABILITY_COST, p, cost)
        pay_effect_cost(st, tb, wk, p, cost)
    for _ in range(tb.ab_discard[card]):
        hand_options(st, tb, wk, p)
        discard_chosen(st, tb, wk, p, REASON_ABILITY, False)
    if tb.ab_sacrifice[card] != 0:
        destroy_card(st, tb, wk, p, slot)


@njit
def op_destroy_self(st, tb, wk, r, card, side, slot):
    destroy_card(st, tb, wk, side if side >= 0 else 0, slot)


@njit
def op_lock_mana(st, tb, wk, r, card, side, slot):
    """Lock Mana under this card, from the Infinite Ether or the controller's reserve."""
    if side >= 0 and slot >= 0:
        locked.lock(st, tb, wk, side, slot, amount_of(st, tb, r, side, slot),
                    tb.ops[r, OP_ELEMENT], tb.ops[r, OP_FROM] == LOCK_FROM_RESERVE)


@njit
def op_release_mana(st, tb, wk, r, card, side, slot):
    """Release Mana locked under this card into the Available Ether."""
    if side >= 0 and slot >= 0 and st.board_card[side, slot] == card:
        locked.release(st, tb, wk, side, slot, amount_of(st, tb, r, side, slot),
                       tb.ops[r, OP_ELEMENT])


@njit
def op_move_locked_mana(st, tb, wk, r, card, side, slot):
    """Move locked Mana: from this card to another own card or the reserve, or from own
    components of a word under this card (all of it, or the amount given)."""
    if side < 0 or slot < 0 or st.board_card[side, slot] != card:
        return
    amount = amount_of(st, tb, r, side, slot) if tb.ops[r, OP_AMOUNT] > 0 else -1
    element = tb.ops[r, OP_ELEMENT]
    if tb.ops[r, OP_FROM] == MOVE_FROM_COMPONENTS:
        locked.gather(st, tb, wk, side, slot, amount, element, tb.ops[r, OP_WORD])
    else:
        locked.move_from(st, tb, wk, side, slot, amount, element,
                         tb.ops[r, OP_TO] == MOVE_TO_RESERVE)


@njit
def op_set_hp(st, tb, wk, r, card, side, slot):
    """X HP: this Permanent's HP becomes the amount; below 1 HP it is destroyed (R10.2)."""
    if side < 0 or slot < 0 or st.board_card[side, slot] != card:
        return
    hp = amount_of(st, tb, r, side, slot)
    st.board_hp[side, slot] = hp
    say(wk, EV_HP_SET, card, hp, 0, 0)
    if hp < 1:
        destroy_card(st, tb, wk, side, slot)


@njit
def op_return_instead(st, tb, wk, r, card, side, slot):
    """This spell may go back to hand instead of the discard pile after its activation."""
    if side >= 0 and slot >= 0 and st.board_card[side, slot] == card:
        returns.mark_return(st, tb, wk, side, slot, card, tb.ops[r, OP_COST:OP_COST + E])


@njit
def op_win(st, tb, wk, r, card, side, slot):
    st.outcome = WIN
    st.end_turn = st.turn



# --- Slowcast given by effects (engine/rules/casting.py reads them) ----------------------------

@njit
def op_slowcast_all(st, tb, wk, r, card, side, slot):
    """Until the start of the controller's next turn every spell has Slowcast."""
    if side == ADVERSARY_SIDE:
        return
    st.all_slowcast[side] = 1
    say(wk, EV_SLOWCAST_ALL, side, card, 0, 0)


@njit
def op_grant_slowcast(st, tb, wk, r, card, side, slot):
    """One prepared spell, any player's (a ``slowcast_target`` decision of the controller over
    flat ``player * slots + slot`` options), gains Slowcast; nothing when none is prepared."""
    decider = decider_of(st, side)
    set_options(wk, tb.players * tb.slots, 0)
    any_ = False
    for q in range(tb.players):
        for s in range(st.board_end[q]):
            if st.board_zone[q, s] == PREPARED:
                wk.opt[q * tb.slots + s] = 1
                any_ = True
    if not any_:
        return
    wk.ctx_card = card
    t = decide(st, tb, wk, SLOWCAST_TARGET, decider)
    q, s = t // tb.slots, t % tb.slots
    st.cast_mark[q, s] |= MARK_SLOWCAST
    say(wk, EV_GAINS_SLOWCAST, q, st.board_card[q, s], 0, 0)


@njit
def op_discard_top_to_deck(st, tb, wk, r, card, side, slot):
    """The target puts the top AMOUNT cards of its discard pile into its deck, then shuffles
    it (``pile_return.py``: both sides' piles are ordered)."""
    select(st, tb, wk, tb.ops[r, OP_TARGET], PURPOSE_RECYCLE, side, card, slot)
    hits = kept_hits(wk, n_targets(tb))
    n = amount_of(st, tb, r, side, slot)
    for t in range(K_SLOTS + tb.players):
        if hits[t] == 0:
            continue
        if t < K_SLOTS:
            pile_return.adversary_top_to_deck(st, tb, wk, n)
        else:
            pile_return.top_to_deck(st, tb, wk, t - K_SLOTS, n)


@njit
def op_swap_in_pile(st, tb, wk, r, card, side, slot):
    """Two spells of the target's discard pile swap positions (``pile_swap.py``)."""
    select(st, tb, wk, tb.ops[r, OP_TARGET], PURPOSE_PILE_ORDER, side, card, slot)
    hits = kept_hits(wk, n_targets(tb))
    for t in range(K_SLOTS + tb.players):
        if hits[t] != 0:
            pile_swap.swap_in_pile(st, tb, wk, side, card,
                                   ADVERSARY_SIDE if t < K_SLOTS else t - K_SLOTS)


@njit
def op_boost_equipment(st, tb, wk, r, card, side, slot):
    """One Equipment of the controller (a ``boost_target`` decision over its board slots)
    deals AMOUNT more damage per instance while it stays in play (``dmg_boost``, marks.py);
    nothing without one."""
    if side == ADVERSARY_SIDE:
        return
    set_options(wk, tb.slots, 0)
    any_ = False
    for s in range(st.board_end[side]):
        if st.board_zone[side, s] == EQUIPMENT:
            wk.opt[s] = 1
            any_ = True
    if not any_:
        return
    wk.ctx_card = card
    s = decide(st, tb, wk, BOOST_TARGET, side)
    amount = amount_of(st, tb, r, side, slot)
    st.dmg_boost[side, s] += amount
    say(wk, EV_BOOSTED, side, st.board_card[side, s], amount, 0)


@njit
def op_surcharge(st, tb, wk, r, card, side, slot):
    """Each player the target names pays AMOUNT more ELEMENT Mana for every card they prepare,
    until the controller's next turn begins (the Adversary prepares nothing: no effect)."""
    if side == ADVERSARY_SIDE:
        return  # an Adversary card has no next player turn to end it
    select(st, tb, wk, tb.ops[r, OP_TARGET], PURPOSE_DAMAGE, side, card, slot)
    amount = amount_of(st, tb, r, side, slot)
    element = tb.ops[r, OP_ELEMENT]
    for p in range(tb.players):
        if wk.hits[K_SLOTS + p] != 0 and amount > 0:
            impose(st, tb, p, side, element, amount)
            say(wk, EV_SURCHARGE, p, element, amount, side)
    for k in range(K_SLOTS):
        if wk.hits[k] != 0:  # the Adversary, aimed at: it prepares nothing
            say(wk, EV_NOTHING_HAPPENS, NOTHING_PREPARES_NOTHING, 0, 0, 0)
            return


# --- the discard pile as a zone, the deck's top card, the next spell ------------------------

@njit
def op_pay_mana(st, tb, wk, r, card, side, slot):
    """Each target player pays AMOUNT Mana from their reserve into the Available Ether, each
    Mana's element their ``pay_mana_element`` choice (asked with the Mana already chosen out
    of the reserve); what the reserve lacks is not paid (an empty reserve pays nothing:
    Yuki-onna's robe's ruling). The Adversary has no reserve."""
    select(st, tb, wk, tb.ops[r, OP_TARGET], PURPOSE_HAND, side, card, slot)
    hits = kept_hits(wk, n_targets(tb))
    amount = amount_of(st, tb, r, side, slot)
    for p in range(tb.players):
        if hits[K_SLOTS + p] == 0 or st.out[p] != 0 or st.reserve[p].sum() == 0:
            continue
        paid = np.zeros(E, np.int64)
        for _ in range(amount):
            wk.ctx_card = card
            e = reserve_element(st, tb, wk, PAY_MANA_ELEMENT, p)
            if e < 0:
                break
            st.reserve[p, e] -= 1
            paid[e] += 1
        say(wk, EV_ETHER_CAUSE, ETHER_PAID, -1, 0, 0)
        add_to_ether(st, tb, wk, p, paid)


@njit
def op_mill(st, tb, wk, r, card, side, slot):
    """The controller discards the top AMOUNT cards of their deck."""
    if side == ADVERSARY_SIDE:
        return
    for _ in range(amount_of(st, tb, r, side, slot)):
        mill_top(st, tb, wk, side)


@njit
def op_exile_from_discard(st, tb, wk, r, card, side, slot):
    """The top AMOUNT cards of the controller's discard pile go to their exile (an Adversary
    card's: the active player's)."""
    p = st.active if side == ADVERSARY_SIDE else side
    exile.from_discard(st, wk, p, amount_of(st, tb, r, side, slot))


@njit
def op_exile_self(st, tb, wk, r, card, side, slot):
    """This card, still in its slot, leaves play for its owner's exile."""
    if side >= 0 and slot >= 0 and st.board_card[side, slot] == card:
        leave_board(st, tb, wk, side, slot, TO_EXILE)


@njit
def op_put_from_discard(st, tb, wk, r, card, side, slot):
    """Up to AMOUNT spells providing WORD from the controller's discard pile into play,
    channeled (or prepared), with no Mana under them and without being prepared (R7.3): one
    ``from_discard`` decision each (options 0..C-1 the cards, option C stops). Permanents,
    Equipment and Rituals cannot be channeled, so only spells are offered. With TOP, only
    the pile's top card, put into play with no decision when it is a spell."""
    if side == ADVERSARY_SIDE:
        return
    word = tb.ops[r, OP_WORD]
    zone = PREPARED if tb.ops[r, OP_ZONE] == 1 else CHANNELED
    if tb.ops[r, OP_TOP] != 0:
        put_top_of_discard(st, tb, wk, side, word, zone)
        return
    n = tb.n_cards
    for _ in range(amount_of(st, tb, r, side, slot)):
        set_options(wk, n + 1, 0)
        any_ = False
        for c in range(tb.n_player_cards):
            if st.discard[side, c] > 0 and tb.card_type[c] == SPELL and (
                    word < 0 or tb.provides[c, word] != 0):
                wk.opt[c] = 1
                any_ = True
        if not any_:
            return
        s = free_slot(st, tb, side)
        if s < 0:
            st.board_overflow += 1
            return
        wk.opt[n] = 1
        wk.ctx_card = card
        wk.ctx_word = word
        c = decide(st, tb, wk, FROM_DISCARD, side)
        if c == n:
            return
        arrives_from_discard(st, tb, wk, side, s, c, zone)


@njit
def put_top_of_discard(st, tb, wk, side, word, zone):
    """The top card of the player's discard pile into play in ``zone``, if it is a spell
    (providing ``word``, when given); no room on the board: nothing (an overflow)."""
    c = pile.top(st, side)
    if c < 0 or tb.card_type[c] != SPELL or (word >= 0 and tb.provides[c, word] == 0):
        return
    s = free_slot(st, tb, side)
    if s < 0:
        st.board_overflow += 1
        return
    arrives_from_discard(st, tb, wk, side, s, c, zone)


@njit
def arrives_from_discard(st, tb, wk, p, s, c, zone):
    """Card ``c`` leaves player ``p``'s discard pile for slot ``s`` in ``zone``, with no Mana;
    arriving channeled, it is a spell channeled (the Zenith ritual's tax, its ruling)."""
    pile.take(st, p, c)
    place_card(st, tb, p, s, c, zone)
    say(wk, EV_PUTS_FROM_DISCARD, p, c, zone, 0)
    if zone == CHANNELED and tb.any_handler[H_ZENITH_RITUAL_CHANNEL_TAX] != 0:
        channel_tax(st, tb, wk, p)


@njit
def op_next_spell_component(st, tb, wk, r, card, side, slot):
    """The next card the controller prepares this turn may use AMOUNT more WORD components
    (actions.extra_components asks for them; the allowance ends with the turn)."""
    if side == ADVERSARY_SIDE:
        return
    st.next_extra[side] += max(amount_of(st, tb, r, side, slot), 0)
    st.next_extra_word[side] = tb.ops[r, OP_WORD]


@njit
def op_next_card_discount(st, tb, wk, r, card, side, slot):
    """The next card of ELEMENT the controller prepares this turn costs AMOUNT less of it,
    and a Permanent with HP gains HP (discounts.py)."""
    if side == ADVERSARY_SIDE:
        return
    element, amount = tb.ops[r, OP_ELEMENT], max(amount_of(st, tb, r, side, slot), 0)
    discounts.next_card(st, side, element, amount, tb.ops[r, OP_HP])
    say(wk, EV_DISCOUNT, side, -1, element, amount)


@njit
def op_name_discount(st, tb, wk, r, card, side, slot):
    """This turn the cards named WORD the controller prepares cost AMOUNT less of their own
    element and draw DRAW cards when prepared (discounts.py)."""
    if side == ADVERSARY_SIDE:
        return
    word, amount = tb.ops[r, OP_WORD], max(amount_of(st, tb, r, side, slot), 0)
    discounts.named_cards(st, side, word, amount, tb.ops[r, OP_DRAW])
    say(wk, EV_DISCOUNT, side, word, -1, amount)


@njit
def op_next_spell_gains(st, tb, wk, r, card, side, slot):
    """The controller's next spell of ELEMENT activated this turn gains this card's activate
    effects (next_gain.py)."""
    if side != ADVERSARY_SIDE:
        next_gain.record(st, wk, side, card, tb.ops[r, OP_ELEMENT])


@njit
def op_phase_out(st, tb, wk, r, card, side, slot):
    """Phase out the target (a player or the Adversary) by AMOUNT (phase.py). With
    MAGE_NOIR_LOSES a player target who is a Mage Noir chooses (a ``choose_mode`` decision
    of theirs: option 1) to lose that many HP instead (the Adversary never is one)."""
    select(st, tb, wk, tb.ops[r, OP_TARGET], PURPOSE_PHASE_OUT, side, card, slot)
    amount = amount_of(st, tb, r, side, slot)
    hits = kept_hits(wk, n_targets(tb))
    instead = tb.ops[r, OP_MN_LOSES]
    for t in range(K_SLOTS + tb.players):
        if hits[t] == 0:
            continue
        q = t - K_SLOTS
        if instead > 0 and q >= 0 and is_mage_noir(st, tb, q):
            set_options(wk, 2, 1)
            wk.ctx_card = card
            wk.ctx_amount = instead
            if decide(st, tb, wk, CHOOSE_MODE, q) == 1:
                lose_hp(st, tb, wk, q, instead, False, card)
                continue
        phase_out(st, tb, wk, side, card, t, amount)


@njit
def op_discard_to_deck(st, tb, wk, r, card, side, slot):
    """The target's whole discard pile into its deck, shuffled (the Adversary's too)."""
    select(st, tb, wk, tb.ops[r, OP_TARGET], PURPOSE_RECYCLE, side, card, slot)
    hits = kept_hits(wk, n_targets(tb))
    for t in range(K_SLOTS + tb.players):
        if hits[t] == 0:
            continue
        if t < K_SLOTS:
            adversary_discard_to_deck(st, tb, wk)
        else:
            discard_pile_to_deck(st, tb, wk, t - K_SLOTS)
