"""Targets, damage, HP loss and healing (docs/rules.md R11).

Targets live in one flat index space so that a target choice is one decision: ``t < K`` is
Adversary board slot ``t``; ``K <= t < K+P`` is player ``t-K``; above that, ``K + P + p*S + s``
is slot ``s`` of player ``p`` (a Permanent). K is ``layout.K_SLOTS``, P the batch's players and
S its board slots.

Damage versus HP loss: damage can be increased (damage bonuses of the source's controller),
redirected (Protector), reduced and ignored (armours); HP loss cannot. Each instance goes
through the pipeline on its own (R11.3). Card hooks of the pipeline: Burning robe adds to an
instance and hits its controller after it; Kerloc'h's robe may be sacrificed right before an
instance reaches its controller; every HP loss above 0 triggers Crimson rings.

Damage triggers (``damaged``, ``own_permanent_damaged``, ``controller_damaged``): an instance
that reaches a player's Permanent or a player raises them after it lands, one card at a
time in slot order, each preceded by the instance (``st.hit``). An instance counts even when
armours reduce it to 0 (the rulings: 0 damage is still damage taken); an HP loss is not damage
and raises none. Checked behind ``tb.any_damage_trigger``.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide, leave_board
from simulator.engine.handlers.electric import superconductor_damage
from simulator.engine.handlers.ids import (
    AB_KERLOCHS_ROBE,
    H_BURNING_ROBE,
    H_CRIMSON_RING,
    H_ICY_INFILTRATION,
    H_ROCK_WALL_CHANNELS,
    H_SUPERCONDUCTOR_RITUAL,
    H_WAIVER_CROWN,
    H_ZENITH_RITUAL_CHANNEL_TAX,
)
from simulator.engine.handlers.warrior_mage import crown_ignores
from simulator.engine.rules import frames, marks, pile
from simulator.engine.rules.board import (
    adversary_destroyed,
    component_count,
    destroy_card,
    first_flagged_card,
    flagged_copies,
    is_component_zone,
    is_mage_noir,
)
from simulator.engine.rules.channeled import channel_tax
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    ADVERSARY_SIDE,
    ANIMAL_EXHAUSTED,
    CHANNELED,
    CONDITION_CODE,
    EQUIPMENT,
    EQUIPMENT_TYPE,
    EV_ADVERSARY_HEALS,
    EV_CARD_HEALS,
    EV_CARD_LOSES,
    EV_CHANNELED_INSTEAD,
    EV_DAMAGE,
    EV_DISCARDS,
    EV_GAINS_HP,
    EV_KERLOCH,
    EV_PLAYER_LOSES,
    EV_REDIRECTED,
    EV_ROBE_HIT,
    FIRE,
    K_SLOTS,
    MAY_USE_ABILITY,
    PERMANENT,
    PROTECTOR_REDIRECT,
    RUNNING,
    T_CONTROLLER_DAMAGED,
    T_DAMAGED,
    T_OWN_PERMANENT_DAMAGED,
    TO_DISCARD,
    WATER,
    E,
)
from simulator.engine.rules.log import say, say_after
from simulator.engine.rules.seats import foes
from simulator.engine.rules.zones import discarded_from_hand

BURNING_ROBE = H_BURNING_ROBE
IF_CONTROLS_COMPONENT = CONDITION_CODE["controls_component"]
IF_LOCKS = CONDITION_CODE["locks"]
IF_MAGE_NOIR = CONDITION_CODE["mage_noir"]
SUPERCONDUCTOR = H_SUPERCONDUCTOR_RITUAL
CRIMSON_RING = H_CRIMSON_RING
ROCK_WALL = H_ROCK_WALL_CHANNELS


@njit
def player_target(tb, p):
    return K_SLOTS + p


@njit
def target_owner(tb, target):
    """The side flat ``target`` belongs to: ``ADVERSARY_SIDE`` for an Adversary slot, else
    the player (or the controller of the Permanent)."""
    if target < K_SLOTS:
        return ADVERSARY_SIDE
    if target < K_SLOTS + tb.players:
        return target - K_SLOTS
    return (target - K_SLOTS - tb.players) // tb.slots



# --- what can be hit -------------------------------------------------------------------------

@njit
def is_adversary_target(st, tb, k):
    """Adversary slot ``k`` holds the Adversary card itself, alive."""
    c = st.adv_card[k]
    return c >= 0 and st.adv_hp[k] > 0 and tb.is_adversary[c] != 0


@njit
def is_adversary_permanent(st, tb, k):
    """Adversary slot ``k`` holds another Adversary card with HP (a Permanent)."""
    c = st.adv_card[k]
    return c >= 0 and st.adv_hp[k] > 0 and tb.is_adversary[c] == 0


@njit
def is_player_permanent(st, tb, p, s):
    """A Permanent with HP on a player's board: printed HP, or X HP it was given (Desert
    wall)."""
    c = st.board_card[p, s]
    return c >= 0 and st.board_zone[p, s] == PERMANENT and (tb.hp[c] > 0 or st.board_hp[p, s] > 0)


# --- damage ----------------------------------------------------------------------------------

@njit
def target_gone(st, tb, target):
    """Flat ``target`` is an Adversary slot or a player's board slot that holds no card any
    more: a target hit by a step that left play meanwhile (a Permanent destroyed by the same
    step's earlier damage, redirected onto it by Protector) takes nothing (R7.2)."""
    if target < K_SLOTS:
        return st.adv_card[target] < 0
    players = tb.players
    if target < K_SLOTS + players:
        return False
    p, s = divmod(target - K_SLOTS - players, tb.slots)
    return st.board_card[p, s] < 0


@njit
def deal_damage(st, tb, wk, src_side, src_card, target, amount, unpreventable):
    """One instance of damage from a source to a flat target.

    src_side: the controlling player, ADVERSARY_SIDE for Adversary cards; src_card: the
    source's local card id. An effect that deals 0 (or less) inflicts nothing (Q8: no bonus,
    no HP lost, no "when damage is inflicted" trigger), but a Permanent it aims at still takes
    that damage for the triggers of a Permanent taking damage (the rulings of Bramble flowers
    and Tesla coil).
    """
    if target < 0 or target_gone(st, tb, target):
        return
    if amount <= 0:
        if target >= K_SLOTS + tb.players and tb.any_damage_trigger != 0:
            p, s = divmod(target - K_SLOTS - tb.players, tb.slots)
            raise_damage_triggers(st, tb, src_side, src_card, 0, p, s, st.board_card[p, s])
        return
    from_player = src_side != ADVERSARY_SIDE
    if from_player:
        amount += damage_bonus(st, tb, src_side, src_card)
        if tb.any_boost != 0 and tb.card_type[src_card] == EQUIPMENT_TYPE:
            amount += marks.equipment_boost(st, src_side, src_card)  # Reforge
        if (tb.any_handler[H_ICY_INFILTRATION] != 0 and st.icy[src_side] != 0
                and tb.element[src_card] == WATER):
            amount -= 1  # Icy infiltration (handlers/ice.py)
            unpreventable = True
            if amount <= 0:
                return
    robes = 0
    # an opposing target: the Adversary's cards (solo), an opposing seat or its Permanents
    opposed = foes(tb, src_side, target_owner(tb, target))
    if from_player and opposed and tb.element[src_card] == FIRE:
        robes = flagged_copies(st, tb, src_side, BURNING_ROBE, EQUIPMENT)
        if robes > 0:
            amount += robes * (2 if is_mage_noir(st, tb, src_side) else 1)
    players = tb.players
    if from_player and tb.any_handler[SUPERCONDUCTOR] != 0:
        amount = superconductor_damage(st, tb, src_side, src_card, amount)
    if target >= K_SLOTS and opposed and not unpreventable and tb.any_protector != 0:
        target = protector_redirect(st, tb, wk, target, amount)
    if target < K_SLOTS:
        st.adv_hp[target] -= amount
        card = st.adv_card[target]
        if tb.is_adversary[card] != 0:
            st.damage_to_adversary += amount
        say(wk, EV_DAMAGE, amount, -1, target, card)
        say_after(wk, st.adv_hp[target])
        if st.adv_hp[target] <= 0:
            adversary_destroyed(st, tb, wk, target)
    elif target < K_SLOTS + players:
        p = target - K_SLOTS
        before_player_damage(st, tb, wk, p, amount, unpreventable)
        amount = armour(st, tb, p, amount, opposed, unpreventable)
        if tb.any_handler[H_WAIVER_CROWN] != 0 and amount > 0 and not unpreventable:
            amount -= crown_ignores(st, tb, wk, p, amount)
        lose_hp(st, tb, wk, p, amount, True, src_card)
        if tb.any_damage_trigger != 0:
            raise_damage_triggers(st, tb, src_side, src_card, amount, p, -1, -1)
    else:
        p, s = divmod(target - K_SLOTS - players, tb.slots)
        victim = st.board_card[p, s]
        if tb.any_last_user != 0 and not unpreventable:  # Seed of the sands
            amount = max(amount - marks.last_user_reduction(st, tb, p, s), 0)
        if amount > 0:
            damage_permanent(st, tb, wk, p, s, amount, True)
        if tb.any_damage_trigger != 0:
            raise_damage_triggers(st, tb, src_side, src_card, amount, p, s, victim)
    if robes > 0:
        frames.trigger_robe_hit(st, src_side, robes)


@njit
def raise_damage_triggers(st, tb, src_side, src_card, amount, p, s, victim):
    """The damage triggers an instance raises: player ``p`` (``s`` -1) or ``victim``, their
    Permanent of slot ``s``, took ``amount`` damage from ``src_card`` of ``src_side``. The
    damaged Permanent's own ``damaged`` trigger fires even when the instance destroyed it."""
    if s >= 0:
        frames.trigger_hit_steps(st, tb, victim, T_DAMAGED, p, s, src_side, src_card, amount,
                                 p, s)
    for q in range(st.board_end[p]):
        c = st.board_card[p, q]
        if c < 0:
            continue
        zone = st.board_zone[p, q]
        if s >= 0 and zone >= PERMANENT:
            frames.trigger_hit_steps(st, tb, c, T_OWN_PERMANENT_DAMAGED, p, q, src_side,
                                     src_card, amount, p, s)
        elif s < 0 and zone != ANIMAL_EXHAUSTED:  # an exhausted Animal's passives are off
            frames.trigger_hit_steps(st, tb, c, T_CONTROLLER_DAMAGED, p, q, src_side,
                                     src_card, amount, p, -1)


@njit
def damage_permanent(st, tb, wk, p, s, amount, is_damage):
    """Damage (``is_damage``) or HP loss on a player's Permanent; below 1 HP it is destroyed
    (R10.2)."""
    st.board_hp[p, s] -= amount
    say(wk, EV_DAMAGE if is_damage else EV_CARD_LOSES, amount, p, s, st.board_card[p, s])
    say_after(wk, st.board_hp[p, s])
    if st.board_hp[p, s] < 1:
        if tb.any_handler[ROCK_WALL] != 0 and tb.handler_card[ROCK_WALL, st.board_card[p, s]] != 0:
            rock_wall_channels(st, tb, wk, p, s)
        else:
            destroy_card(st, tb, wk, p, s)


@njit
def rock_wall_channels(st, tb, wk, p, s):
    """Rock wall below 1 HP, instead of being destroyed: its Mana is released (a triggered
    action, as for a card leaving play) and it stays as a channeled Rock component. It is a
    spell of its controller's being channeled, so the Zenith ritual's tax applies to it
    (``channeled.py``)."""
    mana = wk.leaving_mana
    for e in range(E):
        mana[e] = st.board_mana[p, s, e]
        st.board_mana[p, s, e] = 0
    st.board_zone[p, s] = CHANNELED
    st.board_hp[p, s] = 0
    st.board_clock += 1
    say(wk, EV_CHANNELED_INSTEAD, p, st.board_card[p, s], 0, 0)
    if tb.any_handler[H_ZENITH_RITUAL_CHANNEL_TAX] != 0:
        channel_tax(st, tb, wk, p)
    frames.trigger_release(st, p, mana)


@njit
def lose_hp(st, tb, wk, p, amount, is_damage, card):
    """A player loses HP (damage already through the pipeline, or an unpreventable loss);
    ``card``: the local card that caused it (-1 none), kept to say what dealt the last blow."""
    amount = max(amount, 0)
    if amount > 0:
        st.last_hit_card[p] = card
    st.hp[p] -= amount
    st.damage_taken[p] += amount
    say(wk, EV_PLAYER_LOSES, p, amount, 1 if is_damage else 0, 0)
    if amount > 0 and tb.any_handler[CRIMSON_RING] != 0:
        frames.trigger_crimson(st, p)


@njit
def heal_player(st, wk, p, amount):
    st.hp[p] += max(amount, 0)
    say(wk, EV_GAINS_HP, p, amount, 0, 0)


@njit
def heal_target(st, tb, wk, target, amount):
    """Healing on any flat target: players, Permanents, Adversary cards (no maximum)."""
    if target < 0:
        return
    if target < K_SLOTS:
        st.adv_hp[target] += amount
        say(wk, EV_ADVERSARY_HEALS, amount, 0, target, st.adv_card[target])
        say_after(wk, st.adv_hp[target])
    elif target < K_SLOTS + tb.players:
        heal_player(st, wk, target - K_SLOTS, amount)
    else:
        p, s = divmod(target - K_SLOTS - tb.players, tb.slots)
        if tb.no_hp_gain[st.board_card[p, s]] == 0:
            st.board_hp[p, s] += amount
            say(wk, EV_CARD_HEALS, amount, p, s, st.board_card[p, s])
            say_after(wk, st.board_hp[p, s])


@njit
def damage_bonus(st, tb, p, src_card):
    """Total increase from the controller's damage bonuses matching the source card."""
    if tb.n_bonus == 0:
        return 0
    mn = is_mage_noir(st, tb, p)
    element, kind = tb.element[src_card], tb.card_type[src_card]
    total = 0
    for b in range(tb.n_bonus):
        card, amount, amount_mn, src_element, src_type = tb.bonus[b]
        if (src_element >= 0 and element != src_element) or (src_type >= 0 and kind != src_type):
            continue
        copies = 0
        for s in range(st.board_end[p]):
            if st.board_card[p, s] == card and st.board_zone[p, s] >= PERMANENT:
                copies += 1
        total += copies * (amount_mn if mn else amount)
    return total


@njit
def armour(st, tb, p, amount, from_opponent, unpreventable):
    """Increases, reductions, a cap, then "ignore up to N damage each turn" (R11.7), for
    damage to a player. Unpreventable damage is still increased (Ecdysis ritual), never
    lowered."""
    cap = 0
    if tb.any_damage_taken != 0:
        for s in range(st.board_end[p]):
            c = st.board_card[p, s]
            if c >= 0 and st.board_zone[p, s] >= PERMANENT:
                amount += tb.damage_increase[c]
                if tb.damage_cap[c] > 0 and (cap == 0 or tb.damage_cap[c] < cap):
                    cap = tb.damage_cap[c]
    if unpreventable:
        return amount
    if tb.any_damage_reduction != 0 or tb.any_ignore != 0:
        reduction, allowance = 0, 0
        for s in range(st.board_end[p]):
            c = st.board_card[p, s]
            if c >= 0 and st.board_zone[p, s] >= PERMANENT:
                reduction += tb.damage_reduction[c]
                allowance += tb.ignore_per_turn[c]
        amount = max(amount - reduction, 0)
    else:
        allowance = 0
    if cap > 0:
        amount = min(amount, cap)  # Bastion: at most this much at once
    if st.prevented[p] != 0:
        amount = 0
    if from_opponent and allowance > 0:
        room = max(allowance - st.ignored_this_turn[p], 0)
        ignored = min(room, amount)
        st.ignored_this_turn[p] += ignored
        amount -= ignored
    if tb.any_x_armour != 0 and amount > 0:
        amount = locked_mana_armour(st, tb, p, amount)
    return amount


@njit
def locked_mana_armour(st, tb, p, amount):
    """``ignore_damage_locked`` (Solid armor): ignore up to X of the damage each turn, from
    any source, X the Mana of its element locked under the player's other components (at
    most its maximum), fixed when damage first reaches the player in the turn."""
    holder = -1
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        if c >= 0 and st.board_zone[p, s] >= PERMANENT and tb.x_armour_max[c] > 0:
            holder = s
            break
    if holder < 0:
        return amount
    c = st.board_card[p, holder]
    if st.x_armour[p] == 0:
        x = 0
        for s in range(st.board_end[p]):
            if s != holder and is_component_zone(st.board_zone[p, s]):
                x += st.board_mana[p, s, tb.x_armour_element[c]]
        st.x_armour[p] = min(x, tb.x_armour_max[c]) + 1
    ignored = min(max(st.x_armour[p] - 1 - st.x_ignored[p], 0), amount)
    st.x_ignored[p] += ignored
    return amount - ignored


@njit
def granted_protector_elements(st, tb, p):
    """Bit mask of the elements whose Permanents the player's cards in play give Protector
    (``grant_protector``: Lithomancy ring's Mineral Permanents)."""
    mask = 0
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        if c >= 0 and st.board_zone[p, s] >= PERMANENT and tb.grants_protector[c] != 0:
            mask |= 1 << (tb.grants_protector[c] - 1)
    return mask


@njit
def protector_redirect(st, tb, wk, target, amount):
    """Offer the damaged side's Protector Permanents as new targets (R11.6)."""
    players, slots = tb.players, tb.slots
    if target < K_SLOTS + players:
        owner, own_slot = target - K_SLOTS, -1
    else:
        owner, own_slot = divmod(target - K_SLOTS - players, slots)
    mn = is_mage_noir(st, tb, owner)
    granted = granted_protector_elements(st, tb, owner)
    set_options(wk, 1 + slots, 0)
    wk.opt[0] = 1
    found = False
    for s in range(st.board_end[owner]):
        c = st.board_card[owner, s]
        if (c >= 0 and s != own_slot and st.board_zone[owner, s] == PERMANENT
                and st.board_hp[owner, s] > 0
                and (tb.protector[c] != 0 or (tb.protector_mn[c] != 0 and mn)
                     or (tb.protector_if[c] != 0 and protector_condition(st, tb, owner, s, c))
                     or (tb.protector_locks[c] != 0
                         and st.board_mana[owner, s, tb.protector_locks[c] - 1] > 0)
                     or (granted >> tb.element[c]) & 1 != 0)):
            wk.opt[1 + s] = 1
            found = True
    if not found:
        return target
    wk.ctx_amount = amount
    wk.ctx_target = target
    choice = decide(st, tb, wk, PROTECTOR_REDIRECT, owner)
    if choice > 0:
        say(wk, EV_REDIRECTED, owner, st.board_card[owner, choice - 1],
            st.board_card[owner, own_slot] if own_slot >= 0 else -1, 0)
        return K_SLOTS + players + owner * slots + choice - 1
    return target


@njit
def protector_condition(st, tb, p, s, c):
    """The condition of the card's ``protector_if`` static holds: its controller has at least
    N distinct components of a word, it locks Mana (of an element), or its controller is a
    Mage Noir."""
    cond, arg = tb.protector_if[c], tb.protector_if_arg[c]
    if cond == IF_CONTROLS_COMPONENT:
        return component_count(st, tb, p, arg) >= tb.protector_at_least[c]
    if cond == IF_LOCKS:
        return (st.board_mana[p, s].sum() if arg < 0 else st.board_mana[p, s, arg]) > 0
    if cond == IF_MAGE_NOIR:
        return is_mage_noir(st, tb, p)
    return False


@njit
def before_player_damage(st, tb, wk, p, amount, unpreventable):
    """The "at any time" window right before damage reaches a player: Kerloc'h's robe may be
    sacrificed (the robe and the hand discarded, damage prevented for the rest of the turn)."""
    if unpreventable or tb.any_ability == 0 or amount <= 0:
        return
    if st.prevented[p] != 0 or st.outcome != RUNNING or st.out[p] != 0:
        return
    robe = -1
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        if c >= 0 and st.board_zone[p, s] == EQUIPMENT and tb.ability[c] == AB_KERLOCHS_ROBE:
            robe = s
            break
    if robe < 0:
        return
    set_options(wk, 2, 1)
    wk.ctx_ability = AB_KERLOCHS_ROBE
    wk.ctx_amount = amount
    wk.ctx_card = st.board_card[p, robe]
    if decide(st, tb, wk, MAY_USE_ABILITY, p) == 1:
        kerlochs_robe(st, tb, wk, 0, wk.ctx_card, p, robe)


@njit
def kerlochs_robe(st, tb, wk, r, card, side, slot):
    """Ability (at any time; also right before damage reaches its controller): sacrifice the
    robe and discard the whole hand; until the end of the turn every damage instance the
    player takes is reduced to 0 (a reduction: unpreventable damage still hits)."""
    p, s = side, slot
    if p < 0 or s < 0:
        return
    say(wk, EV_KERLOCH, p, 0, 0, 0)
    leave_board(st, tb, wk, p, s, TO_DISCARD)
    for c in range(tb.n_cards):
        held = st.hand[p, c]
        for _ in range(held):
            pile.put(st, p, c)
            say(wk, EV_DISCARDS, p, c, 0, 0)
        st.hand[p, c] = 0
        if tb.any_discard_trigger != 0:
            for _ in range(held):
                discarded_from_hand(st, tb, wk, p, c)
    st.prevented[p] = 1


@njit
def robe_hit(st, tb, wk, p, robes):
    """After an instance a Burning robe increased: each robe deals 1 damage to its controller
    (a separate instance: reductions apply, it can trigger Crimson rings)."""
    card = first_flagged_card(tb, BURNING_ROBE)
    for _ in range(robes):
        if st.outcome != RUNNING or st.out[p] != 0 or st.hp[p] <= 0:
            return
        say(wk, EV_ROBE_HIT, p, 0, 0, 0)
        deal_damage(st, tb, wk, p, card, player_target(tb, p), 1, 0)
