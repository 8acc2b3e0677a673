"""Base Game, Vegetal handlers: Animated tree, King of trees, The sylvan healer, Ephemeral
brambles, Prodigious sowing, and the abilities of Druid horns, Kerloc'h's robe (its code is in
damage.py) and the Ritual of decomposition; plus the used-component discard that Wand of air
currents (Air) shares with Animated tree."""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import deal_damage, decide, leave_board, select
from simulator.engine.handlers import declare
from simulator.engine.handlers.ids import AB_RITUAL_OF_DECOMPOSITION, H_KING_OF_TREES
from simulator.engine.rules import pile
from simulator.engine.rules.abilities import decomposition_target, druid_horns_ready
from simulator.engine.rules.board import (
    adversary_destroyed,
    affectable,
    flagged_copies,
    free_slot,
    hand_size,
    is_mage_noir,
    n_targets,
    place_card,
)
from simulator.engine.rules.damage import heal_target, kerlochs_robe, lose_hp
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    ABILITY_TARGET,
    CHOOSE_MODE,
    EV_ADVERSARY_LOSES,
    EV_DRUID_HORNS,
    EV_NOTHING_HAPPENS,
    EV_PUTS_FROM_DISCARD,
    K_SLOTS,
    MODE_SOLO,
    NOTHING_EMPTY_HAND,
    PERMANENT,
    PREPARED,
    PURPOSE_DAMAGE,
    PURPOSE_HEAL,
    PURPOSE_LOSE_HP,
    SEED_FROM_DISCARD,
    TG_ANY,
    TG_OPPONENT,
    TO_DISCARD,
    VEGETAL,
    WORD,
)
from simulator.engine.rules.log import say, say_after
from simulator.engine.rules.numbers import modified
from simulator.engine.rules.seats import the_opponent
from simulator.engine.rules.targets import PLAYER_PERMANENTS, choose_one, fill_mask
from simulator.engine.rules.zones import discard_chosen, hand_options

SEED, TREE = WORD["Seed"], WORD["Tree"]
KING = H_KING_OF_TREES


@declare.step("animated_tree")
@njit
def animated_tree(st, tb, wk, r, card, side, slot):
    """Turn start: may put 1 Seed card from the own discard pile into play prepared, no Mana
    (``seed_from_discard``: options 0..C-1 the Seed cards there, option C declines). Without a
    free board slot nothing happens (counted as an overflow)."""
    if side < 0:
        return
    n = tb.n_cards
    set_options(wk, n + 1, 0)
    any_ = False
    for c in range(tb.n_player_cards):
        if st.discard[side, c] > 0 and tb.provides[c, SEED] != 0:
            wk.opt[c] = 1
            any_ = True
    if not any_:
        return
    slot = free_slot(st, tb, side)
    if slot < 0:
        st.board_overflow += 1
        return
    wk.opt[n] = 1
    card = decide(st, tb, wk, SEED_FROM_DISCARD, side)
    if card == n:
        return
    pile.take(st, side, card)
    place_card(st, tb, side, slot, card, PREPARED)
    say(wk, EV_PUTS_FROM_DISCARD, side, card, PREPARED, 0)

declare.static("king_of_trees", "vegetal.repeats_turn_start (turn-start steps run twice) and "
               "components.fewer_allowed: the Mage Noir controller's other Trees (never the King "
               "itself) apply their effects once more", __name__)
declare.static("druid_ring_gathering", "turns.gather: when its Mage Noir controller adds Mana "
               "while gathering (a duel, 2 vs 2), 1 more Vegetal per ring joins the same "
               "addition", __name__)
declare.static("prodigious_sowing", "components.granted_tree: up to 3 own Seed components per "
               "copy also provide Tree (requirements, designation, trees_in_play)", __name__)
# Kerloc'h's robe's ability lives in damage.py, whose window before damage also uses it.
declare.ability("kerlochs_robe")(kerlochs_robe)


@njit
def repeats_turn_start(st, tb, p, card):
    """This turn-start effect runs once more: King of trees, Mage Noir controller. The
    controller's other Trees apply their effects 1 more time; the King never repeats itself."""
    if tb.any_handler[KING] == 0 or tb.provides[card, TREE] == 0 or tb.handler_card[KING, card]:
        return False
    return flagged_copies(st, tb, p, KING, PERMANENT) > 0 and is_mage_noir(st, tb, p)


@declare.step("the_sylvan_healer", estimate={"heal": 3.0})
@njit
def the_sylvan_healer(st, tb, wk, r, card, side, slot):
    """Choose: a Vegetal Permanent with HP (any player's) gains 4 HP, or the caster gains 3.
    One ``target`` decision (purpose ``heal``): the caster's own player target is the second
    option."""
    if side < 0:
        return
    set_options(wk, n_targets(tb), 0)
    fill_mask(st, tb, wk.opt, PLAYER_PERMANENTS)
    base = K_SLOTS + tb.players
    for p in range(tb.players):
        for s in range(tb.slots):
            t = base + p * tb.slots + s
            if wk.opt[t] != 0 and tb.element[st.board_card[p, s]] != VEGETAL:
                wk.opt[t] = 0
    wk.opt[K_SLOTS + side] = 1
    choose_one(st, tb, wk, side, PURPOSE_HEAL, side, card)
    for t in range(n_targets(tb)):
        if wk.hits[t] != 0:
            heal_target(st, tb, wk, t, 3 if t < base else 4)


@njit
def brambles_on_seat(st, tb, wk, foe, card, options, lost):
    """Ephemeral brambles on an opposing seat: with one option to pick, they choose (discard
    a card while they hold one, or lose the HP); with two or more, they take both."""
    discard = True
    if options == 1:
        set_options(wk, 2, 1)
        if hand_size(st, tb, foe) == 0:
            wk.opt[0] = 0
        wk.ctx_card = card
        discard = decide(st, tb, wk, CHOOSE_MODE, foe) == 0
    if discard and hand_size(st, tb, foe) > 0:
        hand_options(st, tb, wk, foe)
        discard_chosen(st, tb, wk, foe, 0, False)
    if options >= 2 or not discard:
        lose_hp(st, tb, wk, foe, lost, False, card)


@declare.step("ephemeral_brambles")
@njit
def ephemeral_brambles(st, tb, wk, r, card, side, slot):
    """The opponent picks 1 option: discard 1 card from hand, or lose 3 HP. A player's
    opponent is the Adversary, which has no hand: by default it takes the empty discard and
    nothing happens; the rule option ``brambles_chooser = "players"`` makes it lose 3 HP.
    Both numbers are numbers of the effect (R11.4): with 2 options or more to pick the
    opponent must take both (its rulings: never more than the 2 there are), so it loses the
    HP whoever picks; with 0 options nothing happens. In a duel the opposing seat picks (a
    ``choose_mode`` decision: option 0 discards, offered while they hold a card; option 1
    loses the HP)."""
    if side < 0:
        return
    options = modified(st, tb, side, slot, 1)
    if options <= 0:
        return
    lost = modified(st, tb, side, slot, 3)
    if tb.mode != MODE_SOLO:
        foe = the_opponent(st, tb, wk, side, PURPOSE_LOSE_HP)
        if foe >= 0:
            brambles_on_seat(st, tb, wk, foe, card, options, lost)
        return
    if options == 1 and tb.brambles_players == 0:
        say(wk, EV_NOTHING_HAPPENS, NOTHING_EMPTY_HAND, 0, 0, 0)
        return
    select(st, tb, wk, TG_OPPONENT, PURPOSE_LOSE_HP, side, card, slot)
    for t in range(K_SLOTS):
        if wk.hits[t] != 0:
            st.adv_hp[t] -= lost
            say(wk, EV_ADVERSARY_LOSES, lost, 0, t, st.adv_card[t])
            say_after(wk, st.adv_hp[t])
            if st.adv_hp[t] <= 0:
                adversary_destroyed(st, tb, wk, t)


@declare.ability("druid_horns")
@njit
def druid_horns(st, tb, wk, r, card, side, slot):
    """Ability (at any time, repeatable): the top card is a Seed: reveal it, put it in hand."""
    p = side
    if p < 0 or slot < 0 or not druid_horns_ready(st, tb, p):
        return
    n = st.deck_len[p] - 1
    st.deck_len[p] = n
    card = st.deck[p, n]
    st.hand[p, card] += 1
    say(wk, EV_DRUID_HORNS, p, card, 0, 0)


@declare.ability("ritual_of_decomposition")
@njit
def ritual_of_decomposition(st, tb, wk, r, card, side, slot):
    """Ability (main phase, repeatable): destroy 1 own Permanent (``ability_target``), then
    deal damage equal to its HP (none for 0 HP) to any target, the Ritual being the source.
    Its target is not announced (R7.2): whether there is damage to aim depends on the
    Permanent this same step destroys, and nothing resolves between the two."""
    p = side
    if p < 0 or slot < 0:
        return
    set_options(wk, tb.slots, 0)
    any_ = False
    for s in range(tb.slots):
        if decomposition_target(st, tb, p, s):
            wk.opt[s] = 1
            any_ = True
    if not any_:
        return
    ritual = st.board_card[p, slot]
    wk.ctx_ability = AB_RITUAL_OF_DECOMPOSITION
    victim = decide(st, tb, wk, ABILITY_TARGET, p)
    hp = st.board_hp[p, victim]
    leave_board(st, tb, wk, p, victim, TO_DISCARD)
    if hp > 0:
        select(st, tb, wk, TG_ANY, PURPOSE_DAMAGE, p, ritual, slot)
        for t in range(n_targets(tb)):
            if wk.hits[t] != 0:
                deal_damage(st, tb, wk, p, ritual, t, hp, False)


@declare.step("discard_used_component")
@njit
def discard_used_component(st, tb, wk, r, card, side, slot):
    """Enter: the component designated to prepare this card goes to the discard pile (Wand of
    air currents unless Mage Noir, Animated tree: each requires exactly one component)."""
    if side < 0:
        return
    for s in range(tb.slots):
        if (st.used_slot[s] != 0 and st.board_card[side, s] == st.used_card[s]
                and affectable(st.board_zone[side, s])):
            leave_board(st, tb, wk, side, s, TO_DISCARD)

