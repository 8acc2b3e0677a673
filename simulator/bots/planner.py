"""``planner`` (the default): plays toward its hand.

Priority list (over the base policy, ``base.py``):
1. lethal damage on the Adversary is never missed;
2. survival: when the Adversary's next two turns could put the player out (its cards in
   play, read from their effect data, plus an average one-shot card), healing spells are
   prepared and activated first;
3. take the Ether pile that best funds the cards in hand; the Mana an Adversary card adds
   goes first to the worthwhile card in hand nearest to affordable (not to the element the
   whole hand wants most, which starves a card's second element); in co-op, Mana added to
   the Ether after the player has gathered waits for the next player, so it serves what that
   player has shown instead;
4. prepare persistent cards (Rituals, Permanents, Equipment) first, a card providing a
   component before one that would discard a card from hand in its place (Fire ball), and
   before one that does more while the word is controlled (Healer's breath); channel the
   spells whose component words the hand needs, or many cards of the deck lack, or that add
   to a counted spell's damage (Great waters), keep the rest prepared for damage; a spell's
   activation is worth the cards its leaving draws (Seed in the wind); before the Adversary
   arrives, a strike is kept for it unless it destroys a card, or draws while the
   Adversary's cards strike hard;
5. damage goes to the Adversary once present (first to a card healing it that the hit
   destroys, while the team lasts long enough for the heals to count), else to Adversary
   cards in play; of the Adversary's cards in play, those hitting the healthiest player
   resolve last, and a blow the team aims spares, between equals, the player about to play;
6. trade only to make a card in hand affordable, in up to three trades;
7. a forced discard drops first a card that could do nothing, and keeps the only Ritual and
   the only card providing a component another card in hand lacks (``keep.py``).
"""

from __future__ import annotations

import numpy as np

from simulator.bots import base
from simulator.bots import knobs as K
from simulator.bots.animal import animal_first
from simulator.bots.idle import (
    crown_lost_at_once,
    destroyed_at_turn_end,
    discarded_at_once,
    entry_losses,
    harmful_second_ritual,
    idle_in_hand,
    salvage_worth,
    spell_does_nothing,
)
from simulator.bots.keep import score_card_to_hand, score_discard
from simulator.bots.record import record_at
from simulator.bots.teammates import next_player, pile_taker, shown_elements, team_hp
from simulator.bots.use import free_abilities, outclassed_equipment
from simulator.engine.compiler.jit import njit, njit_inline
from simulator.engine.handlers.sand import REPLICA_SEARCH
from simulator.engine.rules.components import instances
from simulator.engine.rules.layout import (
    AN_ASKED,
    AN_CARD,
    AN_TARGET,
    C_MAX,
    CHANNELED,
    DISCARD_FROM_HAND,
    EFFECT_ORDER,
    ETHER_SPLIT,
    ETHER_START_PILE,
    K_SLOTS,
    MAIN_ACTION,
    MANA_ELEMENT,
    MODE_SOLO,
    OP_CODE,
    OP_CODE_COL,
    PERMANENT,
    PREPARED,
    RETURN_FROM_DISCARD,
    SEARCH_DECK,
    SPELL,
    T_ACTIVATE,
    T_TURN_START_PREPARED,
    TAKE_PILE,
    TARGET,
    TRADE_GIVE,
    ZENITH_EFFECT,
    E,
)
from simulator.engine.rules.ops import amount_now, base_amount, condition_holds, count
from simulator.engine.rules.readiness import board_part, compute
from simulator.engine.rules.seats import foes
from simulator.engine.rules.zenith import spell_counts

TRADES_AHEAD = 3
#: The damage a turn the Adversary's cards in play must deal before a damage spell that also
#: draws is spent on them (:func:`save_burn_for_the_adversary`): the Executioner's 2.
STRIKING = 2.0
#: The least estimated worth (``f_value``) of a deck card a channel for the deck waits on
#: (:func:`deck_share_lacking`).
WORTH_WAITING_FOR = 1.0
#: How many times the damage it gives up the heals a destroyed healer would have given the
#: Adversary while the team lasts must be (strike_the_healer_first; paired: 1 and 3 worse)
HEALER_MARGIN = 2.0
#: Score a player's hit on an Adversary card gains a damage that card deals the players each
#: turn (strike_what_strikes_first; the base's scale is 50 less the card's HP)
STRIKER_WEIGHT = 2.0
DAMAGE_OP = OP_CODE["damage"]
DAMAGE_REPEATED_OP = OP_CODE["damage_repeated"]
# The damage expected from the one-shot card the Adversary draws each turn (the Duke's deck
# hits for 2-3 on most of its no-keyword cards) and how much more a persistent card in hand
# (Permanent 1, Equipment 2, Ritual 3: its type code) and a card's estimated worth weigh when
# Mana is aimed at cards in hand are knobs (knobs.py: one_shot_threat, type_weight, value_weight).

FIELDS = [
    ("pol_want", np.float64, (E,)),    # score_take_pile: next player's elements
    ("pol_weight", np.float64, (E,)),  # hand_element_scores: best worth per Mana lacking
    ("pol_have", np.int64, (E,)),      # hand_element_scores: reserve + extra
    ("pol_own", np.float64, (E,)),     # score_mana_element
    ("pol_seen", np.float64, (E,)),    # a teammate's shown elements
    ("pol_here", np.float64, (E,)),    # score_ether_split: starting pile
    ("pol_there", np.float64, (E,)),   # score_ether_split: other pile
    ("pol_on_start", np.int64, (E,)),  # score_ether_split
    ("pol_other", np.int64, (E,)),     # score_ether_split
    # hand_need: the cards in hand that hand_element_scores weighs (not idle), and their
    # worth; kept through a run of Mana decisions, like the demand
    ("pol_hand", np.int16, (C_MAX,)),
    ("pol_worth", np.float64, (C_MAX,)),
    ("pol_hand_n", np.int64),
    ("pol_trade_ok", np.int8, (E,)),   # trade_only_toward_what_works: trades that help
    ("use_spare", np.float64, (E,)),   # use.free_abilities: the reserve beyond the hand's costs
]


@njit
def choose(st, tb, wk, kind, player):
    """The ``planner`` bot's answer (the engine calls it through its address)."""
    bw = record_at(wk.bot)
    return base.answer(wk, score(st, tb, wk, bw, kind, player))


@njit_inline
def score(st, tb, wk, bw, kind, p):
    """The base policy's scores, with the planner's own where it plans further."""
    if kind == MAIN_ACTION:
        main_action_scores(st, tb, wk, bw, p)
        base.ability_scores(st, tb, wk, bw, p, 1)
        free_abilities(st, tb, wk, bw, p, 1)
        animal_first(st, tb, wk, p)
    elif kind == TAKE_PILE:
        score_take_pile(st, tb, wk, bw, p)
    elif kind == MANA_ELEMENT:
        score_mana_element(st, tb, wk, bw, p)
    elif kind == ETHER_SPLIT:
        score_ether_split(st, tb, wk, bw, p)
    elif kind == ETHER_START_PILE:
        score_ether_start_pile(st, tb, wk, bw, p)
    elif kind == EFFECT_ORDER:
        score_effect_order(st, tb, wk, bw, p)
    elif kind == TRADE_GIVE:
        base.give_sparing(st, tb, wk, bw, p, trade_target_cost(st, tb, wk, bw, p, wk.ctx_take))
    elif kind == DISCARD_FROM_HAND:
        score_discard(st, tb, wk, bw, p)
    elif kind == TARGET:
        base.score_target(st, tb, wk, p)
        strike_what_strikes_first(st, tb, wk, bw)
        strike_the_healer_first(st, tb, wk, bw, p)
        spare_the_player_about_to_play(st, tb, wk)
    elif (kind == SEARCH_DECK and wk.ctx_what != REPLICA_SEARCH) or kind == RETURN_FROM_DISCARD:
        score_card_to_hand(st, tb, wk, bw, p)
    else:
        return base.score(st, tb, wk, bw, kind, p)
    return True


@njit
def main_action_scores(st, tb, wk, bw, p):
    """The base policy's main-phase scores, then the planner's rules for each spell in
    preparation (one pass over the board; a rule for a mechanic the batch lacks is skipped),
    the Ritual first, and healing first when the Adversary's next two turns could put the
    player out."""
    base.main_action_scores(st, tb, wk, bw, p, TRADES_AHEAD)
    present, adv_hp, enemies = base.foe_view(st, tb, p)
    weakest = base.ABSENT_ADVERSARY_HP if present else weakest_adversary_card(st)
    striking = 0.0 if present else striking_cards(st, bw)  # read by the saves before it comes
    threatened = st.hp[p] <= 2.0 * adversary_threat(st, tb, bw, p)
    activate_at = 1 + tb.slots + tb.n_cards
    channel_at = activate_at + tb.slots
    channel_for_the_deck(st, tb, wk, bw, p, channel_at)
    for s in range(st.board_end[p]):
        if st.board_zone[p, s] != PREPARED:
            continue
        c = st.board_card[p, s]
        a = activate_at + s
        if not present:
            save_burn_for_the_adversary(st, wk, bw, p, c, a, weakest, striking)
            save_repeats_for_the_adversary(st, tb, wk, p, s, c, a, weakest)
        if bw.any_ether_take != 0:
            take_what_is_there(st, tb, wk, bw, c, a)
        if bw.any_damage_per != 0:
            count_the_damage(st, tb, wk, bw, p, s, c, a, present, adv_hp, enemies)
        if bw.any_spell_fetch != 0:
            fetch_from_the_deck(st, tb, wk, bw, p, c, a)
        if bw.any_grows != 0:
            let_it_grow(st, tb, wk, p, s, c, channel_at + s)
        if threatened:
            wk.scores[a] += bw.knobs[K.THREAT_ACTIVATE_HEAL] * bw.f_heal[c]
        if tb.card_type[c] == SPELL and wk.scores[a] > base.NEG:
            # a spell leaves the board once activated: the cards its leaving draws are the
            # activation's too (Seed in the wind, ``f_leave_draws``)
            wk.scores[a] += bw.knobs[K.ACT_DRAW] * bw.f_leave_draws[c]
    if bw.any_mn_boost != 0:
        ritual_first(st, tb, wk, bw, p)
    if bw.any_damage_per != 0:
        channel_for_the_count(st, tb, wk, bw, p, channel_at)
    prepare_only_what_works(st, tb, wk, bw, p, present)
    provider_before_its_bonus(st, tb, wk, bw, p)
    if tb.any_alt != 0:
        components_before_discards(tb, wk, bw)
    trade_only_toward_what_works(st, tb, wk, bw, p, present)
    hold_strikes_for_the_adversary(st, tb, wk, bw, p, present)
    prepare_before_striking(st, tb, wk, bw, p)
    if threatened:
        for c in range(tb.n_cards):
            wk.scores[1 + tb.slots + c] += bw.knobs[K.THREAT_PREPARE_HEAL] * bw.f_heal[c]


@njit
def prepare_only_what_works(st, tb, wk, bw, p, present):
    """Preparations that would do nothing score below ending the main phase (``idle.py``,
    ``use.py``): a spell that does nothing in the position and is no component, a card the
    rules discard as it arrives, a second copy of a costly Ritual the player controls, an Equipment
    a better one of its slot in hand would replace, a cost of X with no Adversary to aim at
    or no Mana for X; a card whose arrival destroys own Permanents loses their worth. A
    salvage spell is worth activating for the spells its pile holds, and a boost of an own
    Equipment (Reforge) at once: the base scores it only once a target is in play, though
    the Equipment keeps it (Reforge was prepared 37 times, activated 0)."""
    prepare_at = 1 + tb.slots
    for c in range(tb.n_player_cards):
        a = prepare_at + c
        if wk.opt[a] == 0 or wk.scores[a] <= base.NEG:
            continue
        x = tb.x_element[c]
        if not_worth_preparing(st, tb, wk, bw, p, c, present) or \
                (x >= 0 and st.reserve[p, x] - wk.rd_cost[c, x] < 1):
            wk.scores[a] = min(wk.scores[a], -1.0)
        elif bw.f_enter_loss[c] > 0:
            wk.scores[a] -= entry_losses(st, tb, bw, p, c)
    activate_at = 1 + tb.slots + tb.n_cards
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        a = activate_at + s
        if st.board_zone[p, s] != PREPARED or wk.scores[a] <= base.NEG:
            continue
        if bw.f_salvage[c] > 0:
            wk.scores[a] += 2.0 * salvage_worth(st, tb, bw, p, c)
        if bw.f_boost[c] > 0 and wk.scores[a] < 0.0:  # the boost lasts: no target needed now
            wk.scores[a] += 4.0 * bw.f_boost[c] * base.best_boost_hits(st, bw, p)


@njit
def provider_before_its_bonus(st, tb, wk, bw, p):
    """A card that does more, or costs less, while the player controls a component word
    (``f_bonus_word``: Healer's breath heals 1 more with a Breath) is prepared after a card
    in hand providing that word, while the player controls none: the planner prepared the
    Healer's breath, worth more, and the Breath waited (the look-ahead's rollouts, air-winds
    alone: the Breath first, +0.020 to +0.024 wins a rollout over every such decision, z 4.0
    and 4.4 at normal and hard). A provider that itself waits for the word does not count."""
    prepare_at = 1 + tb.slots
    for c in range(tb.n_player_cards):
        a = prepare_at + c
        word = bw.f_bonus_word[c]
        if word < 0 or wk.opt[a] == 0 or wk.scores[a] <= 0.0 or instances(st, tb, p, word) > 0:
            continue
        provider = base.NEG
        for d in range(tb.n_player_cards):
            if d != c and wk.opt[prepare_at + d] != 0 and tb.provides[d, word] != 0 \
                    and bw.f_bonus_word[d] != word and wk.scores[prepare_at + d] > 0.0:
                provider = max(provider, wk.scores[prepare_at + d])
        if provider > base.NEG:
            wk.scores[a] = min(wk.scores[a], provider - 0.5)


@njit
def components_before_discards(tb, wk, bw):
    """A card short of a component its alternative replaces with a card discarded from hand
    (Fire ball with no Flame in play: a Fire card) costs that card as well: its preparation
    scores ``alt_discard`` lower, so a card providing the component (Draconic flame, a Flame)
    is prepared first."""
    prepare_at = 1 + tb.slots
    for c in range(tb.n_player_cards):
        a = prepare_at + c
        word = tb.alt_word[c]
        if word < 0 or wk.opt[a] == 0 or wk.scores[a] <= base.NEG:
            continue
        col = tb.word_col[word]
        if col >= 0 and wk.rd_short[c, col] > 0:
            wk.scores[a] -= bw.knobs[K.ALT_DISCARD]


@njit
def not_worth_preparing(st, tb, wk, bw, p, c, present):
    """Card ``c`` would do nothing if prepared (:func:`prepare_only_what_works`), whatever
    Mana the player has: a card the rules discard as it arrives, a second copy of a costly
    Ritual, an Equipment a better one in hand would replace, a cost of X with no Adversary,
    a spell that does nothing."""
    return (discarded_at_once(st, tb, p, c) or harmful_second_ritual(st, tb, bw, p, c)
            or outclassed_equipment(st, tb, wk, bw, p, c) or lost_before_use(st, tb, wk, p, c)
            or (tb.x_element[c] >= 0 and not present)
            or spell_does_nothing(st, tb, wk, bw, p, c))


@njit
def would_prepare(st, tb, wk, bw, p, c, present):
    """Card ``c``, once its Mana is there, scores above ending the main phase as the main
    phase scores it (``base.prepare_score`` less :func:`prepare_only_what_works`' rules):
    what a trade or a co-op pile is aimed at must be a card the main phase then prepares.
    A looser test (any card with an estimated worth that is not idle) let the planner trade
    toward, or take the larger pile for, a card it then kept: a second copy of a Unique card
    in play (King of trees), a Ritual once a Mage Noir, an Equipment its slot already holds,
    a card only a Mage Noir may prepare while the player is none (Sulfur flame).
    Needs ``bw.pol_words`` from this decision's main-phase scores or ``base.words_needed``."""
    if not preparable_but_for_mana(tb, wk, c) or not_worth_preparing(st, tb, wk, bw, p, c, present) \
            or held_for_the_adversary(tb, bw, c, present):
        return False
    prep = base.prepare_score(st, tb, bw, p, c, bw.pol_words[:tb.n_words], wk.rd_mage_noir != 0)
    if bw.f_enter_loss[c] > 0:
        prep -= entry_losses(st, tb, bw, p, c)
    return prep > 0.0


@njit
def lost_before_use(st, tb, wk, p, c):
    """Preparing card ``c`` would have an own rule destroy an Equipment before it did
    anything (``idle.py``): ``c`` itself at the turn's end (the Warrior-mage ritual), or a
    Waiver crown, ``c`` or one in play, at once by the empty reserve."""
    return destroyed_at_turn_end(st, tb, p, c) or crown_lost_at_once(st, tb, wk, p, c)


@njit
def trade_only_toward_what_works(st, tb, wk, bw, p, present):
    """A trade scores only when it brings a card the planner would prepare within reach
    (``base.trade_enables`` counts every card with an estimated worth; :func:`would_prepare`
    asks the main phase's own question): traded toward a card it then declined to prepare,
    the planner traded for nothing (the misplay scan's trades for nothing rose by a quarter
    before this; a second King of trees, Unique, was still traded toward and then kept)."""
    trade_at = 1 + 3 * tb.slots + tb.n_cards
    any_trade = False
    for e in range(E):
        any_trade = any_trade or wk.scores[trade_at + e] > base.NEG
    if not any_trade:
        return
    ok = bw.pol_trade_ok
    for e in range(E):
        ok[e] = 0
    for c in range(tb.n_player_cards):
        if st.hand[p, c] <= 0 or bw.f_value[c] <= 0 or wk.rd_missing[c] != 0:
            continue
        if not base.within_trades(wk, st.reserve[p], c, TRADES_AHEAD, bw.pol_deficit):
            continue
        if not ether_holds(st, bw.pol_deficit) or not would_prepare(st, tb, wk, bw, p, c, present):
            continue
        for e in range(E):
            if bw.pol_deficit[e] > 0:
                ok[e] = 1
    for e in range(E):
        if ok[e] == 0:
            wk.scores[trade_at + e] = base.NEG


@njit
def trade_target_cost(st, tb, wk, bw, p, take):
    """(E,) the element-wise largest cost of the cards a trade for ``take`` brings within
    reach and that the main phase would then prepare (:func:`would_prepare`, the test
    :func:`trade_only_toward_what_works` made the trade with): the Mana not to give. The
    base's list (every card with a worth) kept a Sulfur flame's Arcane for a player who is no
    Mage Noir and gave the Air of the Flame projectile the Fire was traded for (sun-zenith,
    the misplay scan's trades for nothing)."""
    compute(st, tb, wk, p)
    base.words_needed(st, tb, wk, p, bw.pol_words[:tb.n_words])
    present = base.foe_view(st, tb, p)[0]
    target = bw.pol_target
    for e in range(E):
        target[e] = 0
    for c in range(tb.n_player_cards):
        if base.traded_toward(st, wk, bw, p, c, take, TRADES_AHEAD) \
                and would_prepare(st, tb, wk, bw, p, c, present):
            for e in range(E):
                target[e] = max(target[e], wk.rd_cost[c, e])
    return target


@njit
def ether_holds(st, deficit):
    """The two Ether piles together hold the Mana ``deficit`` (E,) a card lacks: each trade
    takes one Mana from a pile, so a card whose missing element the piles lack is out of
    reach however much the player gives. The misplay scan's trades for nothing were mostly
    these: 2 Air traded for the one Arcane on offer, a Rite of passage still 1 Arcane short."""
    for e in range(E):
        if deficit[e] > st.ether[0, e] + st.ether[1, e]:
            return False
    return True


@njit
def preparable_but_for_mana(tb, wk, c):
    """Nothing but Mana keeps card ``c`` from being prepared: not a card only a Mage Noir
    may prepare while the player is none (Sulfur flame: 2 Fire given for an Arcane toward it
    on phase-rift, then nothing prepared), nor one the engine does not play."""
    return not ((tb.mage_noir_only[c] != 0 and wk.rd_mage_noir == 0) or tb.inert[c] != 0)


@njit
def hold_strikes_for_the_adversary(st, tb, wk, bw, p, present):
    """Alone against an Adversary not yet in play, a spell :func:`held_for_the_adversary`
    names is not prepared: ending the main phase scores above it."""
    prepare_at = 1 + tb.slots
    for c in range(tb.n_player_cards):
        a = prepare_at + c
        if wk.opt[a] != 0 and wk.scores[a] > base.NEG and held_for_the_adversary(tb, bw, c, present):
            wk.scores[a] = min(wk.scores[a], -1.0)


@njit
def held_for_the_adversary(tb, bw, c, present):
    """Alone against an Adversary not yet in play, a spell whose activation only deals damage
    (no healing, cards or Mana) waits. Prepared early, it locked Mana and went at the
    Adversary's lesser cards (its guards) before the Adversary came, and was missing when it
    did. The look-ahead's most frequent change on air-winds was such a preparation turned into
    ending the main phase; holding them: air-winds alone +7.2 points at normal, +2.1 at hard
    (docs/bots.md, "Fifth round"). Not in co-op: there the Adversary's cards hit every player
    each turn, and holding cost ice-frost, water-tides and vegetal-flowers 1.1 to 2.5 points.
    Nor a spell that comes back after its activation (to the hand, Biting arrow, or prepared
    again from the discard pile, Temporal blast): spent early, it is cast again (held,
    time-bender alone lost 0.9 points at hard). Nor a spell that provides a component word a
    card in hand lacks (``pol_words``, from the base scores): it is prepared to be channelled
    (held, fire-flames alone gained nothing; prepared, +6.0 points at normal). The trade and
    co-op pile rules ask it too (:func:`would_prepare`): a trade toward a held strike is a
    trade for nothing."""
    if tb.players != 1 or present or tb.card_type[c] != SPELL:
        return False
    if bw.f_returns[c] != 0 or tb.from_discard[c] != 0 \
            or base.provides_needed(tb, c, bw.pol_words[:tb.n_words]) > 0:
        return False
    return bw.f_damage[c] > 0 and bw.f_heal[c] <= 0 and bw.f_draw[c] <= 0 and bw.f_mana[c] <= 0


@njit
def prepare_before_striking(st, tb, wk, bw, p):
    """A spell whose activation only deals damage or heals waits while a card worth preparing
    is preparable: its activation stays available until the main phase ends, and may take
    away what the preparation needs (Violent wind puts a Breath component back into the deck,
    which a second Violent wind requires). Activated first, the look-ahead's rollouts found
    the preparation lost: its largest gaps on air-winds (+1 win per rollout) were an Air
    blade or a Violent wind activated before the next one was prepared. A lethal blow, and
    an activation that brings cards or Mana, do not wait."""
    prepare_at = 1 + tb.slots
    best = base.NEG
    for c in range(tb.n_cards):
        if wk.opt[prepare_at + c] != 0:
            best = max(best, wk.scores[prepare_at + c])
    if best <= 0.0:
        return
    activate_at = prepare_at + tb.n_cards
    for s in range(st.board_end[p]):
        a = activate_at + s
        if st.board_zone[p, s] != PREPARED or wk.opt[a] == 0:
            continue
        c = st.board_card[p, s]
        gives = bw.f_draw[c] + bw.f_mana[c] + bw.f_salvage[c] + base.discount_worth(st, tb, bw, p, c)
        if wk.scores[a] < 1000.0 and gives <= 0 and wk.scores[a] >= best:
            wk.scores[a] = best - bw.knobs[K.STRIKE_WAIT]


@njit
def adversary_threat(st, tb, bw, p):
    """The damage the Adversary's next turn could deal: its cards in play (their effect data)
    and an average one-shot card. In a duel, the damage the opposing seats' cards in play deal
    at their turn start (their features' persistent damage is not split out: their
    Permanents' HP-free estimate, ``duel_threat``) plus the same one-shot card."""
    if tb.mode != MODE_SOLO:
        return bw.knobs[K.ONE_SHOT_THREAT] + duel_threat(st, tb, bw, p)
    return bw.knobs[K.ONE_SHOT_THREAT] + striking_cards(st, bw)


@njit
def duel_threat(st, tb, bw, p):
    """The damage per turn the opposing seats' cards in play are estimated to deal player
    ``p``: each card with start-of-turn hits (``f_hits``) counts 1 per hit."""
    threat = 0.0
    for q in range(tb.players):
        if st.out[q] != 0 or not foes(tb, p, q):
            continue
        for s in range(st.board_end[q]):
            c = st.board_card[q, s]
            if c >= 0 and st.board_zone[q, s] >= PERMANENT:
                threat += bw.f_hits[c]
    return threat


@njit
def weakest_adversary_card(st):
    """The fewest HP of the Adversary's cards in play with HP left (ABSENT_ADVERSARY_HP: none)."""
    weakest = base.ABSENT_ADVERSARY_HP
    for k in range(K_SLOTS):
        if st.adv_card[k] >= 0 and st.adv_hp[k] > 0:
            weakest = min(weakest, st.adv_hp[k])
    return weakest


@njit
def save_burn_for_the_adversary(st, wk, bw, p, c, a, weakest, striking):
    """Before the Adversary arrives, a damage spell (card ``c``, its activation option ``a``)
    is spent on one of its Permanents only when it destroys it; otherwise it stays prepared
    for the Adversary itself. A spell that can come back to hand after its activation (Biting
    arrow) is not saved: it is cast again; nor one whose activation also heals; nor one that
    also draws cards while the Adversary's cards in play strike for ``STRIKING`` or more a
    turn (``striking``, :func:`striking_cards`): kept, a Zephyr's card came turns later (the
    look-ahead's rollouts, air-winds hard alone, turns 4 to 6: activating it rather than
    ending the main phase, +0.018 wins a rollout over every such decision, z 2.6)."""
    dmg = base.damage_now(st, bw, p, c)
    gives = bw.f_heal[c] + (bw.f_draw[c] if striking >= STRIKING else 0.0)
    if dmg > 0 and dmg < weakest and gives <= 0 and bw.f_returns[c] == 0:
        wk.scores[a] = -1.0


@njit
def striking_cards(st, bw):
    """The damage the Adversary's cards in play deal the players each turn (``f_threat``)."""
    total = 0.0
    for k in range(K_SLOTS):
        if st.adv_card[k] >= 0 and st.adv_hp[k] > 0:
            total += bw.f_threat[st.adv_card[k]]
    return total


@njit
def save_repeats_for_the_adversary(st, tb, wk, p, s, c, a, weakest):
    """:func:`save_burn_for_the_adversary` for a spell whose damage repeats with a count
    (Lightning chain: 1, then once more per copy in the discard pile): its estimate (``f_damage``
    doubles a counted amount) said 2, so the first copy was spent on a 2-HP Ducal guard for 1
    damage before the Duke arrived (the misplay scan's wasted damage, 52). What it deals one
    target now, every repeat on it, must destroy the weakest Adversary card."""
    dealt = repeated_damage_now(st, tb, p, s, c)
    if 0 <= dealt < weakest:
        wk.scores[a] = min(wk.scores[a], -1.0)


@njit
def repeated_damage_now(st, tb, p, s, c):
    """The damage the repeated damage steps of card ``c`` in slot ``s`` would deal one target
    now if every repeat hits it (the count read as it is, nothing spent); -1 when it has none."""
    dealt = -1
    first = tb.trig_first[c, T_ACTIVATE]
    for r in range(first, first + tb.trig_count[c, T_ACTIVATE]):
        if tb.ops[r, OP_CODE_COL] == DAMAGE_REPEATED_OP:
            times = 1 + max(count(st, tb, r, p, s, False), 0)
            dealt = max(dealt, 0) + times * base_amount(st, tb, r, p, s)
    return dealt


@njit
def strike_what_strikes_first(st, tb, wk, bw):
    """A player's hit on the Adversary's other cards (the Adversary itself absent) goes to
    the one that deals the players most damage each turn (``f_threat``: the Executioner's 2,
    the Ducal guard's 1), STRIKER_WEIGHT a damage, before the one with fewest HP: the base
    took the fewest HP, so the Royal physician (3 HP, heals an Adversary not yet there)
    before the Executioner (4 HP, 2 damage every turn). The look-ahead's rollouts, over every
    such target both were tried on (air-winds alone, hard, seed 1), preferred the Executioner
    to the physician by +0.16 wins a rollout (n 106) and the guard to the physician by +0.08
    (n 71). Alone only: in co-op (two players' HP, a longer game for the physician to heal
    in) the guard before the physician cost the normal cells (paired, docs/bots.md)."""
    if tb.mode != MODE_SOLO or tb.players != 1 or wk.ctx_side < 0 or not base.harms(wk.ctx_purpose):
        return
    for k in range(K_SLOTS):
        c = st.adv_card[k]
        if c >= 0 and wk.opt[k] != 0 and tb.is_adversary[c] == 0:
            wk.scores[k] += STRIKER_WEIGHT * bw.f_threat[c]


@njit
def strike_the_healer_first(st, tb, wk, bw, p):
    """A player's damage that would destroy an Adversary card healing the Adversary every
    turn (the Duke's Royal physician: 2 HP a turn) goes to that card rather than the
    Adversary, when the heals it would give while the team lasts (the team's HP over the
    Adversary's threat a turn, :func:`adversary_threat`) are more than HEALER_MARGIN times the
    damage given up; never when the damage is lethal on the Adversary, nor when a step
    announced before it already aims there (Tornado's 4 damage, then the Wind it applies).
    The base aims every hit at the Adversary once present; the look-ahead's rollouts turned
    "The Duke" into "Royal physician" 43 times in 200 fire-flames co-op games, the largest
    gain per decision it found (+0.28 wins per rollout). Without the team's clock it cost
    every solo cell and electric-storm hard co-op (Raijin's roar on the physician, a
    teammate at 2 HP, the Duke then 4 HP further from death): docs/bots.md. The damage is
    the card's estimate (``base.damage_now``)."""
    if tb.mode != MODE_SOLO or wk.ctx_side < 0 or not base.harms(wk.ctx_purpose) \
            or wk.ctx_card < 0:
        return
    present, adv_hp, _ = base.foe_view(st, tb, p)
    dmg = base.damage_now(st, bw, p, wk.ctx_card)
    if not present or dmg >= adv_hp:
        return
    turns_left = team_hp(st, tb) / max(adversary_threat(st, tb, bw, p), 1.0)
    for k in range(K_SLOTS):
        c = st.adv_card[k]
        if (c >= 0 and wk.opt[k] != 0 and tb.is_adversary[c] == 0 and bw.f_mends[c] > 0
                and 0 < st.adv_hp[k] <= dmg and bw.f_mends[c] * turns_left > HEALER_MARGIN * dmg
                and not aimed_at(st, k, c)):
            wk.scores[k] = 101.0 + bw.f_mends[c]


@njit
def spare_the_player_about_to_play(st, tb, wk):
    """An Adversary card's blow the team aims (the Duke's at "the player with the most HP",
    Court intrigue's at "an opponent") goes, between players of equal HP, to one who is not
    about to play; the base took the first seat, often the active player. The look-ahead's
    rollouts moved it from player 1 to player 2 20 times in 200 fire-flames co-op games and 16
    in 100 air-winds ones; paired, sparing the player about to play moved every co-op cell,
    none worse (toward them: 22 of 24 worse, docs/bots.md). Scores are HP: half a point
    only breaks ties."""
    if wk.ctx_side >= 0 or tb.mode != MODE_SOLO or st.active >= tb.players:
        return
    wk.scores[K_SLOTS + st.active] -= 0.5


@njit
def aimed_at(st, k, c):
    """A step of the chain announced before this one designates Adversary card ``c`` in
    slot ``k``."""
    for i in range(st.announced_len):
        if (st.announced[i, AN_ASKED] != 0 and st.announced[i, AN_TARGET] == k
                and st.announced[i, AN_CARD] == c):
            return True
    return False


@njit
def take_what_is_there(st, tb, wk, bw, c, a):
    """A spell whose activation takes Mana from the Available Ether (Breath: up to 2 Air) is
    worth the Mana the two piles hold now, not its full amount; and when Mana is all it
    gives, it is not activated for no more Mana than it cost (it stays prepared for a richer
    Ether, or serves as a component). Breath was activated for no net Mana 101 times in 266
    replays; not activating it then: fire-flames and air-winds +0.3 to +1.6 pp (docs/bots.md)."""
    want = bw.f_ether_take[c]
    if want <= 0.0 or wk.scores[a] <= base.NEG:
        return
    element = bw.f_take_element[c]
    there = 0
    for e in range(E):
        if element < 0 or e == element:
            there += st.ether[0, e] + st.ether[1, e]
    taken = min(want, float(there))
    wk.scores[a] -= 2.0 * (want - taken)
    if taken <= tb.cost[c].sum() and bw.f_value[c] <= bw.f_mana[c]:  # Mana is all it gives
        wk.scores[a] = min(wk.scores[a], -1.0)


@njit
def count_the_damage(st, tb, wk, bw, p, s, c, a, present, adv_hp, enemies):
    """A spell whose damage is counted (Great waters: 1 per channeled Water spell on the
    board) waits while it would deal less than the estimate of a usual count, unless what it
    deals now is lethal (Great waters went for 0 or 1 damage 32 times in 430 replays).
    Scoring it up when the count is larger fired it before the turn's Water spells were
    channeled: water-tides -0.3 to -3.0 pp; waiting alone: +0.03 to +0.08 pp, ice-frost +0.5."""
    if bw.f_damage_per[c] == 0 or wk.scores[a] <= base.NEG:
        return
    if not (present if bw.f_needs_opponent[c] != 0 else present or enemies):
        return
    guess = base.damage_now(st, bw, p, c)
    dealt = float(damage_counted(st, tb, p, s, c))
    lethal = present and dealt > 0 and dealt >= adv_hp
    if lethal and not (present and guess > 0 and guess >= adv_hp):
        wk.scores[a] += 1000.0
    elif dealt < guess and not lethal:
        wk.scores[a] = min(wk.scores[a], -1.0)


@njit
def channel_for_the_deck(st, tb, wk, bw, p, channel_at):
    """A prepared spell dealing no damage that provides a component word the hand does not
    lack, but many cards of the deck do, is worth channelling (``channel_deck`` a share of the
    deck's cards lacking the word now): the base scores a channel only for the hand's needs,
    so the planner ended its main phase with a Breath prepared, or activated it for 2 Air,
    where the Zephyrs, Air blades and Violent winds still in the deck need one channeled (the
    look-ahead's rollouts, fire-flames normal alone: channel rather than end, +0.035 wins a
    rollout over every such decision, z 8.0; air-winds: channel rather than activate, +0.034
    to +0.044, z 3.8). Not a spell that deals damage: channelled for the deck, the strikes
    held for the Duke went into components (electric-storm with 2 players -3.9 points). Only
    deck cards worth waiting for count (``WORTH_WAITING_FOR``): a Leap in time channelled for
    the deck's Temporal brambles (worth 0.6) cost phase-rift hard with 2 players 0.8 points."""
    if st.deck_len[p] == 0:
        return
    for s in range(st.board_end[p]):
        a = channel_at + s
        if st.board_zone[p, s] != PREPARED or wk.opt[a] == 0 or deals_damage(bw, st.board_card[p, s]):
            continue
        share = deck_share_lacking(st, tb, wk, bw, p, st.board_card[p, s])
        if share > 0.0:
            worth = bw.knobs[K.CHANNEL_DECK] * share
            wk.scores[a] = worth if wk.scores[a] <= base.NEG else wk.scores[a] + worth


@njit
def deals_damage(bw, c):
    """Card ``c``'s activation deals damage (now, at Zenith, or by phasing out a player)."""
    return bw.f_damage[c] > 0 or bw.f_zenith_damage[c] > 0 or bw.f_phase_hits[c] > 0


@njit
def deck_share_lacking(st, tb, wk, bw, p, c):
    """The share of the player's deck (its cards, known to them; not their order) worth
    waiting for and lacking a component word card ``c`` provides and the hand does not lack
    (``bw.pol_words``), summed over such words: 0 when ``c`` provides none of them."""
    share = 0.0
    for j in range(tb.n_words):
        if bw.pol_words[j] > 0 or tb.provides[c, tb.words[j]] == 0:
            continue
        lacking = 0
        for i in range(st.deck_len[p]):
            d = st.deck[p, i]
            if wk.rd_short[d, j] > 0 and bw.f_value[d] >= WORTH_WAITING_FOR:
                lacking += 1
        share += lacking / st.deck_len[p]
    return share


@njit
def channel_for_the_count(st, tb, wk, bw, p, channel_at):
    """A spell whose channelling adds to the damage a counted spell the player has prepared
    would deal (a Water spell for Great waters: 1 per channeled Water spell on the board) is
    worth channelling: a damage added is worth a damage dealt (``act_damage``). The base
    scores a channel only for a component word the hand lacks, so the planner ended its main
    phase with a Mist breath it could have channelled for Great waters (the look-ahead's
    rollouts, water-tides with 2 players: +0.027 wins a rollout over every such decision,
    z 3.3). The counted spell then waits for those channels (:func:`fire_after_the_channels`)."""
    waits_for = base.NEG
    for s in range(st.board_end[p]):
        a = channel_at + s
        if st.board_zone[p, s] != PREPARED or wk.opt[a] == 0:
            continue
        added = counted_gain(st, tb, bw, p, s)
        if added > 0:
            wk.scores[a] = max(wk.scores[a], bw.knobs[K.ACT_DAMAGE] * added)
            if wk.scores[a - tb.slots] <= 0.0:  # its own activation is worth nothing now
                waits_for = max(waits_for, wk.scores[a])
    if waits_for > base.NEG:
        fire_after_the_channels(st, tb, wk, bw, p, channel_at - tb.slots, waits_for)


@njit
def fire_after_the_channels(st, tb, wk, bw, p, activate_at, channel):
    """A counted spell prepared (``f_damage_per``) is activated after the channels that add
    to its count, ``channel`` the best of their scores, unless the blow is lethal: fired
    first, it dealt less (the look-ahead's rollouts: +0.08 wins a rollout for a Water drop
    channelled before Great waters). It waits only for the channels of spells whose own
    activation is worth nothing now: waiting for any channel that adds to the count, ice-frost
    lost 1.1 to 3.4 points."""
    for t in range(st.board_end[p]):
        a = activate_at + t
        if st.board_zone[p, t] == PREPARED and bw.f_damage_per[st.board_card[p, t]] != 0 \
                and base.NEG < wk.scores[a] < 1000.0:
            wk.scores[a] = min(wk.scores[a], channel - 0.5)


@njit
def counted_gain(st, tb, bw, p, s):
    """The damage the player's prepared counted spells (``f_damage_per``) would deal more if
    the spell in slot ``s`` were channeled: read with it channeled, then put back."""
    before = counted_damage(st, tb, bw, p, s)
    if before < 0:
        return 0
    st.board_zone[p, s] = CHANNELED
    after = counted_damage(st, tb, bw, p, s)
    st.board_zone[p, s] = PREPARED
    return after - before


@njit
def counted_damage(st, tb, bw, p, s):
    """The damage the player's prepared counted spells in other slots than ``s`` would deal
    now (:func:`damage_counted`); -1 when none is prepared."""
    total = -1
    for t in range(st.board_end[p]):
        c = st.board_card[p, t]
        if t != s and st.board_zone[p, t] == PREPARED and bw.f_damage_per[c] != 0:
            total = max(total, 0) + damage_counted(st, tb, p, t, c)
    return total


@njit
def fetch_from_the_deck(st, tb, wk, bw, p, c, a):
    """A spell whose activation takes a card named a word from the deck into the hand
    (Sprouted seed: a Tree) is worth a card drawn while the deck holds one: it had no worth,
    so it was never activated (0 of 232 Sprouted seeds in 430 replays), only channeled."""
    word = bw.f_spell_fetch[c]
    if word < 0 or wk.scores[a] <= base.NEG:
        return
    for i in range(st.deck_len[p]):
        if tb.named[st.deck[p, i], word] != 0:
            wk.scores[a] += bw.knobs[K.FETCH_SPELL]
            return


@njit
def ritual_first(st, tb, wk, bw, p):
    """Not yet a Mage Noir, with a card that makes one preparable: it is prepared before any
    card in hand that does more or costs less for a Mage Noir (``f_mn_boost``), which was
    cast first and lost its boost (31 times in 430 replays)."""
    if wk.rd_mage_noir != 0 or tb.any_mage_noir == 0:
        return
    prepare_at = 1 + tb.slots
    ritual, top = -1, base.NEG
    for c in range(tb.n_player_cards):
        a = prepare_at + c
        if wk.opt[a] == 0 or wk.scores[a] <= base.NEG:
            continue
        if tb.mage_noir[c] != 0:
            if ritual < 0 or wk.scores[a] > wk.scores[prepare_at + ritual]:
                ritual = c
        elif bw.f_mn_boost[c] != 0:
            top = max(top, wk.scores[a])
    if ritual >= 0 and top > base.NEG and wk.scores[prepare_at + ritual] <= top:
        wk.scores[prepare_at + ritual] = top + bw.knobs[K.RITUAL_LEAD]


@njit
def let_it_grow(st, tb, wk, p, s, c, a):
    """A card that gains something at each turn start while in preparation (Condensation
    locks 1 Water; card ``c`` in slot ``s``, its channel option ``a``) is not channeled the
    turn it was prepared: channeled at once for a component it never stored any Mana (15
    times in 430 replays)."""
    if tb.trig_count[c, T_TURN_START_PREPARED] > 0 and st.board_turn[p, s] == st.turn \
            and wk.scores[a] > base.NEG:
        wk.scores[a] = base.NEG


@njit
def damage_counted(st, tb, p, s, c):
    """The damage the activation steps of card ``c`` in slot ``s`` of player ``p`` would deal
    now (their counts and conditions read on the board as it is, nothing spent)."""
    total = 0
    first = tb.trig_first[c, T_ACTIVATE]
    for r in range(first, first + tb.trig_count[c, T_ACTIVATE]):
        if tb.ops[r, OP_CODE_COL] == DAMAGE_OP and condition_holds(st, tb, r, p, s):
            total += max(amount_now(st, tb, r, p, s), 0)
    return total


@njit
def teammate_takes(st, tb, p, seen):
    """Whether the next pile goes to another player than ``p`` (``teammates.pile_taker``);
    ``seen`` (E,) then gets the elements that player has shown (0 otherwise)."""
    for e in range(E):
        seen[e] = 0.0
    if tb.players == 1:
        return False
    taker = pile_taker(st, tb)
    if taker == p or foes(tb, p, taker):  # an opponent's pile: the own hand's needs count
        return False
    shown_elements(st, tb, taker, seen)
    return True


@njit
def score_take_pile(st, tb, wk, bw, p):
    """In co-op the pile not taken goes to the next player: Mana of an element the next
    player has been seen to use counts one less, so the player leaves them the pile they need
    unless it needs that Mana itself."""
    base.score_take_pile(st, tb, wk, bw, p)
    if tb.players == 1:
        return
    nxt = next_player(st, tb, p)
    if nxt < 0:
        return
    want = bw.pol_want
    shown_elements(st, tb, nxt, want)
    # a teammate is left the pile they need; an opponent (a duel) is denied it, at half weight
    weight = -0.5 if foes(tb, p, nxt) else bw.knobs[K.PILE_TEAMMATE]
    for pile in range(2):
        penalty = 0.0
        for e in range(E):
            penalty += st.ether[pile, e] * want[e]
        wk.scores[pile] -= weight * penalty
    if not foes(tb, p, nxt) and not pile_lets_prepare(st, tb, wk, bw, p):
        leave_the_larger_pile(st, wk)


@njit
def pile_lets_prepare(st, tb, wk, bw, p):
    """Either Ether pile, added to the reserve, pays a card in hand whose components are
    there and that the main phase would then prepare (:func:`would_prepare`). Counting any
    card a pile pays (``base.pile_enables``) had the player take the larger pile for a card
    it then kept (the misplay scan's piles taken for nothing that remained: a preparation
    the main phase scored below keeping the Mana)."""
    compute(st, tb, wk, p)
    base.words_needed(st, tb, wk, p, bw.pol_words[:tb.n_words])
    present = base.foe_view(st, tb, p)[0]
    for c in range(tb.n_player_cards):
        if st.hand[p, c] <= 0 or wk.rd_missing[c] != 0:
            continue
        for pile in range(2):
            paid = True
            for e in range(E):
                if wk.rd_cost[c, e] > st.reserve[p, e] + st.ether[pile, e]:
                    paid = False
            if paid and would_prepare(st, tb, wk, bw, p, c, present):
                return True
    return False


@njit
def leave_the_larger_pile(st, wk):
    """Neither pile lets the player prepare a card this turn: the smaller is taken and the
    larger left to the next player, a teammate (the misplay scan's piles taken for nothing:
    the larger pile taken, nothing prepared, the teammate then a card short of Mana that
    pile held). Between piles of one size, the base's order stands."""
    for pile in range(2):
        wk.scores[pile] = -float(st.ether[pile].sum()) + 0.01 * wk.scores[pile]


@njit
def score_effect_order(st, tb, wk, bw, p):
    """With two players or more still in, the Adversary's cards in play that strike "the
    player with the most HP" resolve last, after its other hits, so that blow lands on whoever
    is healthiest once those are taken (it spreads the damage). Otherwise board order.

    Among a player's own start-of-turn effects, the Zenith (``ZENITH_EFFECT``) is determined
    as soon as the counts are equal: at once when they are, else after the effects still
    pending (an unpaid Mental flame may yet even them). It never loses a Zenith that
    determining it first would have given, and no start-of-turn effect reads the Zenith."""
    team = 0
    for q in range(tb.players):
        if st.out[q] == 0:
            team += 1
    for k in range(wk.n_opt):
        last = team >= 2 and bw.f_healthiest[max(wk.ctx_cards[k], 0)] != 0
        wk.scores[k] = -1.0 * (1.0 if last else 0.0) - 0.001 * k
    if wk.n_opt > ZENITH_EFFECT:
        prepared, channeled = spell_counts(st, tb, p)
        wk.scores[ZENITH_EFFECT] = 1.0 if prepared == channeled else -10.0


@njit
def hand_need(st, tb, wk, bw, p):
    """``bw.pol_need`` (E,): the hand's demand (:func:`base.demand`) from the readiness's
    effective costs; what :func:`hand_element_scores` breaks ties with. A decision that
    continues a run (``ctx_run_step`` > 0: nothing but the Mana chosen so far moved since its
    first decision, which computed both) reuses them."""
    if wk.ctx_run_step == 0:
        board_part(st, tb, wk, p)
        base.demand_at(st, tb, p, wk.rd_cost, bw.pol_need)
        weighed_hand(st, tb, wk, bw, p)
    return bw.pol_need


@njit
def weighed_hand(st, tb, wk, bw, p):
    """``bw.pol_hand[:bw.pol_hand_n]``: the cards in hand :func:`hand_element_scores` weighs
    (an idle card is no target), in card order, with their worth in ``bw.pol_worth``: 1,
    more for a persistent card and for a card the estimates value. Listed once per run of
    Mana decisions, which the hand does not change."""
    n = 0
    for c in range(tb.n_player_cards):
        if st.hand[p, c] <= 0 or (bw.any_situational != 0 and idle_in_hand(st, tb, wk, bw, p, c)):
            continue
        bw.pol_hand[n] = c
        bw.pol_worth[n] = 1.0 + bw.knobs[K.TYPE_WEIGHT] * tb.card_type[c] \
            + bw.knobs[K.VALUE_WEIGHT] * max(bw.f_value[c], 0.0)
        n += 1
    bw.pol_hand_n = n


@njit
def hand_element_scores(st, tb, wk, bw, p, extra, need, out):
    """``out`` (E,): the element that brings a worthwhile card in hand nearer to castable,
    counting ``extra`` (E,) Mana as the player's on top of the reserve (after :func:`hand_need`,
    which lists the cards weighed). Each card in hand short of Mana weighs its worth (1, more
    for a persistent card and for a card the estimates value) over the square root of the
    Mana and components it still lacks; an element scores the largest weight of the cards
    lacking it; the whole hand's demand ``need``
    (:func:`hand_need`) breaks ties. A card that would do nothing if prepared now
    (:func:`idle.idle_in_hand`: a phase-out with nothing in play to turn it into damage, a cost
    reduction no card in hand takes) is no target.

    Why: summing the hand's costs asks for the element every card shares again and again, so
    no card ever gets its second element and the Mana piles up unused; aiming at the nearest
    card alone (weight 1 / lacking, the rule before) fed cheap spells and starved the Ritual
    or Permanent a deck is built around (paired on the same seeds, 20,000 games a cell: +1.8
    pp fire-flames solo normal, +2.5 pp ice-frost solo hard, -0.3 pp water-tides; docs/bots.md).
    Skipping idle cards: phase-rift +0.6 pp normal, +0.2 pp hard, no other example deck moved."""
    weight = bw.pol_weight
    have = bw.pol_have
    for e in range(E):
        weight[e] = 0.0
        have[e] = st.reserve[p, e] + extra[e]
    for k in range(bw.pol_hand_n):
        c = bw.pol_hand[k]
        lacking_all = wk.rd_missing[c]
        lacks = 0  # bit e: the card lacks element e
        for e in range(E):
            short = wk.rd_cost[c, e] - have[e]
            if short > 0:
                lacking_all += short
                lacks |= 1 << e
        if lacks == 0:
            continue
        worth = bw.pol_worth[k]
        for e in range(E):
            if lacks & (1 << e):
                weight[e] = max(weight[e], worth / np.sqrt(lacking_all))
    for e in range(E):
        out[e] = 10.0 * weight[e] + bw.knobs[K.NEED_TIEBREAK] * ((need[e] - extra[e]) - 0.01 * e)


@njit
def score_mana_element(st, tb, wk, bw, p):
    """The element of a Mana added to the Ether serves whoever takes the next pile: the own
    hand when it is the player's; when a teammate takes it, an element that teammate has
    shown, and among those the one the own hand wants."""
    own = bw.pol_own
    hand_element_scores(st, tb, wk, bw, p, wk.ctx_chosen, hand_need(st, tb, wk, bw, p), own)
    seen = bw.pol_seen
    mate = teammate_takes(st, tb, p, seen)
    for e in range(E):
        wk.scores[e] = 100.0 * seen[e] + own[e] if mate else own[e]


@njit
def score_ether_split(st, tb, wk, bw, p):
    """Which Mana lands on the starting pile: whoever takes the next pile takes one whole
    pile, so the Mana they need goes together onto the pile they will take.

    The starting pile gets ceil(total / 2) of the Mana and is the one taken unless it started
    smaller by two or more. When the player takes the next pile and the starting pile will be
    the larger, it gets the Mana that brings a card nearest to castable (the pile counted as
    taken); otherwise the Mana that pile-to-be-taken needs least. When a teammate takes it,
    their shown elements play that part."""
    start = wk.ctx_start
    total = wk.ctx_mana.sum()
    on_start = bw.pol_on_start
    other = bw.pol_other
    for e in range(E):
        on_start[e] = st.ether[start, e] + wk.ctx_chosen[e]
        other[e] = st.ether[1 - start, e]
    start_size = st.ether[start].sum() + (total + 1) // 2
    other_size = other.sum() + total // 2
    keep = start_size >= other_size
    here = bw.pol_here
    there = bw.pol_there
    need = hand_need(st, tb, wk, bw, p)
    hand_element_scores(st, tb, wk, bw, p, on_start, need, here)
    hand_element_scores(st, tb, wk, bw, p, other, need, there)
    seen = bw.pol_seen
    mate = teammate_takes(st, tb, p, seen)
    for e in range(E):
        own = here[e] if keep else -there[e]
        if not mate:
            wk.scores[e] = own
        elif seen[e] > 0:
            wk.scores[e] = (100.0 if keep else -100.0) + own
        else:
            wk.scores[e] = -there[e] if keep else here[e]


@njit
def score_ether_start_pile(st, tb, wk, bw, p):
    """On equal piles the Mana being added starts on (and makes larger) the pile whose Mana
    the player who takes the next pile wants more: the own hand's needs, or when a teammate
    takes it, the elements they have shown, then the own needs of those elements, and the
    pile with less of the own needs of others."""
    need = bw.pol_need
    base.demand(st, tb, wk, bw, p, need)
    seen = bw.pol_seen
    mate = teammate_takes(st, tb, p, seen)
    for pile in range(2):
        own, shared, shown = 0.0, 0.0, 0.0
        for e in range(E):
            own += min(st.ether[pile, e], need[e])
            shared += min(st.ether[pile, e], need[e] * seen[e])
            shown += st.ether[pile, e] * seen[e]
        wk.scores[pile] = 100.0 * shown + 2.0 * shared - own if mate else own
