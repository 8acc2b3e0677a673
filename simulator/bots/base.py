"""The base policy: a sensible answer to every decision point the engine asks about.

Each decision kind with a scorer here fills ``wk.scores[:n]`` for the options ``wk.opt[:n]``
(:func:`score`); :func:`answer` takes the best legal one, ties to the lowest index, so play is
deterministic for a given state. Kinds without a scorer get the first legal option. Named
bots (``greedy.py``, ``planner.py``) override only what they care about, each in a ``score``
of its own that falls back to this one; :func:`choose` is the ``base`` bot itself (tests).
The features and scratch they read are in the bot record ``bw`` (:mod:`simulator.bots.record`).

The base plays a plain plan:
1. activate a prepared spell that deals lethal damage to the Adversary;
2. prepare Rituals, Permanents and Equipment (they work every turn), then spells;
3. channel a prepared spell when a card in hand or on the board needs its component word,
   the more so when that makes cards in hand preparable now (worth their value);
4. activate prepared spells whose effect is worth it now (damage once the Adversary is
   there, healing when hurt, card draw and Mana);
5. trade Mana when it makes a card in hand affordable; otherwise end the main phase.
"""

from __future__ import annotations

import numpy as np

from simulator.bots import knobs as K
from simulator.bots.animal import animal_first
from simulator.bots.duel import (
    WRONG_SIDE,
    duel_view,
    score_choose_opponent,
    score_destroy_seats,
    score_phase_seats,
    score_prepared_seats,
    score_recycle_seats,
    score_seat_targets,
    score_share_pile,
    score_suppress_seats,
    score_torment_discard,
)
from simulator.bots.record import record_at
from simulator.engine.compiler.jit import njit, njit_inline
from simulator.engine.handlers.ids import (
    AB_CRIMSON_RITUAL,
    AB_DRUID_HORNS,
    AB_EMPTINESS_RITUAL_PING,
    AB_KERLOCHS_ROBE,
    AB_RITUAL_OF_DECOMPOSITION,
    AB_SEASONS_AUTUMN,
    AB_WARRIOR_MAGE_RITUAL_INDESTRUCTIBLE,
    AB_ZENITH_RITUAL_ACTIVATE,
    H_DAWN_SAVES_SUN,
    H_GLASS_REPLICA,
    H_INCEPTION,
    H_SUPERCONDUCTOR_RITUAL,
    H_WAIVER_CROWN,
)
from simulator.engine.handlers.sand import REPLICA_SEARCH
from simulator.engine.handlers.warrior_mage import CROWN_PAYMENT
from simulator.engine.rules.abilities import (
    autumn_candidate,
    channeled_with_effect,
    indestructible_candidate,
    slot_ability,
)
from simulator.engine.rules.board import (
    card_provides,
    component_count,
    flagged_copies,
    is_component_zone,
    is_mage_noir,
    provides_component,
)
from simulator.engine.rules.casting import has_quickcast
from simulator.engine.rules.component_discounts import is_reducer
from simulator.engine.rules.components import extra_instances, fire_mask_on, requirement
from simulator.engine.rules.layout import (
    AB_GENERIC,
    ABILITY_TARGET,
    AIR,
    ALTERNATIVE_COMPONENT,
    BOOST_TARGET,
    CHOOSE_OPPONENT,
    CHOOSE_X,
    DESTROY_TARGET,
    DIG_TAKE,
    DISCARD_FROM_HAND,
    EFFECT_ORDER,
    EQUIPMENT,
    EQUIPMENT_TYPE,
    ETHER_SPLIT,
    EXTRA_COMPONENT,
    FD_UNLESS_TOP,
    FROM_DISCARD,
    K_SLOTS,
    KEEP_HAND,
    LOCK_MANA_ELEMENT,
    MAIN_ACTION,
    MANA_ELEMENT,
    MAY_USE_ABILITY,
    MODE_SOLO,
    NM_ADD,
    NM_DOUBLE,
    NM_REDUCE,
    NM_SUBTRACT,
    NW_MAX,
    OPTIONAL_PAYMENT,
    OWN_COMPONENT,
    PAY_MANA_ELEMENT,
    PAY_UPKEEP,
    PERMANENT,
    PILE_SWAP,
    PREPARE_FROM,
    PREPARED,
    PROTECTOR_REDIRECT,
    PURPOSE_DAMAGE,
    PURPOSE_HAND,
    PURPOSE_LOSE_HP,
    PURPOSE_PHASE_OUT,
    PURPOSE_PILE_ORDER,
    PURPOSE_RECYCLE,
    QUICK_ACTION,
    REASON_TORMENT,
    RECYCLE_DISCARD,
    RETURN_FROM_DISCARD,
    RETURN_PREPARED,
    RITUAL,
    SCRY,
    SEARCH_DECK,
    SHARE_PILE,
    SKIP_COMPONENT,
    SLOWCAST_TARGET,
    SPELL,
    SUPPRESS_TARGET,
    T_GRANTED,
    T_TURN_START,
    TAKE_MANA,
    TAKE_PILE,
    TARGET,
    TRADE_GIVE,
    UNIQUE_DISCARD,
    USE_COMPONENT,
    WHAT_PILE_RETURN,
    WINDOW_ADVERSARY_START,
    WORD,
    ZENITH_EFFECT,
    E,
)
from simulator.engine.rules.readiness import board_part, compute
from simulator.engine.rules.zenith import spell_counts
from simulator.engine.rules.zones import deck_count

SUN = WORD["Sun"]
NEG = -1e9
#: A preparation whose components would take the player's last HP: below ending the turn.
OUT_OF_THE_GAME = -1000.0
#: The Adversary's HP where it is not in play: above any damage, so nothing is "lethal".
ABSENT_ADVERSARY_HP = 10 ** 6
#: A card goes back from the discard pile into the deck (return_from_pile) when the deck holds
#: this many cards or fewer: the deck lasts a turn longer, and the card is drawn again.
PILE_RETURN_DECK = 6
#: Trades the base policy looks ahead (the planner looks further).
TRADES_AHEAD = 1
#: HP at or below which the bots equip a Waiver crown (it costs them their Rituals).
CROWN_HP = 8

#: The base policy's scratch in the bot record, each field owned by one function (a numba
#: array allocation costs ~30 ns; a game asks ~100 decisions, each scoring with a few).
FIELDS = [
    ("pol_need", np.float64, (E,)),      # the hand's demand, as the scorers read it
    ("pol_target", np.int64, (E,)),      # trade_target_cost: the cost to keep
    ("pol_deficit", np.int64, (E,)),     # within_trades: Mana a card lacks
    ("pol_words", np.int64, (NW_MAX,)),  # main_action_scores: words the hand needs
    ("pol_enables", np.int8, (E,)),      # main_action_scores: trades that help
    ("pol_shown", np.float64, (E,)),     # 2 vs 2: the elements the teammate has shown
    ("knobs", np.float64, (K.N_KNOBS,)),  # the score constants (knobs.py), every bot's
]


# --- what the scorers read -------------------------------------------------------------------

@njit
def card_costs(st, tb, wk, p):
    """(C, E): what preparing each card costs player ``p`` now, after reductions: the
    readiness's (``wk.rd_cost``), computed again only when a board changed. A Mana decision
    comes many times between two board changes, and computing the costs at each one was 7% of
    a game."""
    board_part(st, tb, wk, p)
    return wk.rd_cost


@njit
def demand(st, tb, wk, bw, p, out):
    """``out`` (E,): the Mana the player's hand still needs beyond the reserve (a want list):
    the effective costs of every card in hand, summed."""
    demand_at(st, tb, p, card_costs(st, tb, wk, p), out)


@njit
def demand_at(st, tb, p, costs, out):
    """:func:`demand` from the effective costs ``costs`` (C, E) already computed."""
    for e in range(E):
        out[e] = -st.reserve[p, e]
    for c in range(tb.n_player_cards):
        copies = st.hand[p, c]
        if copies > 0:
            for e in range(E):
                out[e] += copies * costs[c, e]
    for e in range(E):
        out[e] = max(out[e], 0)


@njit
def foe_view(st, tb, p):
    """``(present, hp, enemy_permanents)`` for player ``p``: the Adversary card is in play,
    its HP (ABSENT_ADVERSARY_HP when absent), another Adversary card with HP is in play; in a
    duel the opposing seats' (:func:`duel.duel_view`)."""
    if tb.mode != MODE_SOLO:
        return duel_view(st, tb, p)
    present, hp, enemies = False, 0, False
    for k in range(K_SLOTS):
        c = st.adv_card[k]
        if c < 0:
            continue
        if tb.is_adversary[c] != 0:
            present = True
            hp += st.adv_hp[k]
        elif st.adv_hp[k] > 0:
            enemies = True
    return present, hp if present else ABSENT_ADVERSARY_HP, enemies


@njit
def within_trades(wk, reserve, c, trades_ahead, deficit):
    """Whether 1 to ``trades_ahead`` 2-for-1 trades make card ``c`` affordable, giving only
    Mana it does not need; ``deficit`` (E,) gets the Mana it lacks. The one rule behind
    :func:`trade_enables` and :func:`trade_target_cost`."""
    short, need, have = 0, 0, 0
    for e in range(E):
        d = max(wk.rd_cost[c, e] - reserve[e], 0)
        deficit[e] = d
        short += d
        need += wk.rd_cost[c, e]
        have += reserve[e]
    spare = have - (need - short)
    return 1 <= short <= trades_ahead and spare >= 2 * short


# --- Mana ------------------------------------------------------------------------------------

@njit
def score_take_pile(st, tb, wk, bw, p):
    need = bw.pol_need
    demand(st, tb, wk, bw, p, need)
    for pile in range(2):
        useful, total = 0.0, 0.0
        for e in range(E):
            useful += min(st.ether[pile, e], need[e])
            total += st.ether[pile, e]
        wk.scores[pile] = bw.knobs[K.PILE_USEFUL] * useful + total


@njit
def score_mana_element(st, tb, wk, bw, p):
    need = bw.pol_need
    demand(st, tb, wk, bw, p, need)
    for e in range(E):
        wk.scores[e] = (need[e] - wk.ctx_chosen[e]) - 0.01 * e


@njit
def score_pay_mana_element(st, tb, wk, bw, p):
    """The Mana an effect makes the player pay from the reserve: the element of the largest
    surplus over what the hand's cards cost (the one the hand needs least), the lower
    element on a tie."""
    spare = bw.pol_need
    reserve_spare(st, tb, wk, p, spare)
    for e in range(E):
        wk.scores[e] = spare[e] - 0.01 * e


@njit
def score_suppress_target(st, tb, wk, bw, p):
    """Ice tree's choice (``ctx_amount``: its slot): the Adversary's card in play that
    threatens most each turn (one that heals it next), else the tree itself, which then
    keeps its HP; never another player's card on purpose. In a duel an opposing seat's card
    (Lightning blade's too: ``duel.score_suppress_seats``)."""
    for t in range(wk.n_opt):
        wk.scores[t] = -1.0
    if tb.mode != MODE_SOLO:
        score_suppress_seats(st, tb, wk, p)
    for k in range(K_SLOTS):
        c = st.adv_card[k]
        if c >= 0:
            wk.scores[k] = 1.0 + bw.f_threat[c]
    if wk.ctx_amount >= 0:
        wk.scores[K_SLOTS + tb.players + p * tb.slots + wk.ctx_amount] = 0.5


@njit
def score_take_mana(st, tb, wk, bw, p):
    """Take all that is offered: the Mana the hand wants first, then from the pile holding
    more of that element; stopping early (the last option) comes last."""
    want = bw.pol_need
    demand(st, tb, wk, bw, p, want)
    for pile in range(2):
        for e in range(E):
            wk.scores[pile * E + e] = 100.0 * min(want[e], 1.0) + st.ether[pile, e]
    wk.scores[2 * E] = -1.0


@njit
def score_ether_split(st, tb, wk, p):
    """Which Mana goes on the starting pile: the ``ELEMENTS``-order split by default."""
    for e in range(E):
        wk.scores[e] = 1.0 if wk.ctx_default[e] > 0 else 0.0


@njit
def score_trade_give(st, tb, wk, bw, p, trades_ahead):
    """The Mana to give in a trade: never one the card the trade is for still needs
    (:func:`trade_target_cost`), then the element the hand needs least."""
    give_sparing(st, tb, wk, bw, p, trade_target_cost(st, tb, wk, bw, p, wk.ctx_take, trades_ahead))


@njit
def give_sparing(st, tb, wk, bw, p, target):
    """:func:`score_trade_give` once ``target`` (E,) is known: the Mana the cards the trade
    is for cost is kept, then the element the hand needs least is given."""
    need = bw.pol_need
    demand(st, tb, wk, bw, p, need)
    for e in range(E):
        score = st.reserve[p, e] - need[e]
        left = st.reserve[p, e] - wk.ctx_given[e]
        if left > target[e]:
            score += 100.0
        wk.scores[e] = score
    if wk.ctx_air_completes >= 0:
        # Favorable winds: giving 1 Air completes the trade, saving a second Mana.
        wk.scores[AIR] += 1.0 * wk.ctx_air_completes


@njit
def trade_target_cost(st, tb, wk, bw, p, take, trades_ahead):
    """(E,) the element-wise largest cost of the cards in hand a trade for ``take`` makes
    affordable: giving any of it away would defeat the trade."""
    compute(st, tb, wk, p)
    target = bw.pol_target
    for e in range(E):
        target[e] = 0
    for c in range(tb.n_player_cards):
        if traded_toward(st, wk, bw, p, c, take, trades_ahead):
            for e in range(E):
                target[e] = max(target[e], wk.rd_cost[c, e])
    return target


@njit
def traded_toward(st, wk, bw, p, c, take, trades_ahead):
    """Card ``c`` is one a trade for ``take`` brings within reach: held, worth something, no
    component missing, within ``trades_ahead`` trades and short of ``take`` (its deficit left
    in ``bw.pol_deficit``). The greedy bot's :func:`trade_target_cost` and the planner's
    stricter one ask it."""
    if st.hand[p, c] <= 0 or bw.f_value[c] <= 0 or wk.rd_missing[c] != 0:
        return False
    return within_trades(wk, st.reserve[p], c, trades_ahead, bw.pol_deficit) \
        and bw.pol_deficit[take] >= 1


# --- hands -----------------------------------------------------------------------------------

@njit
def score_keep_hand(st, tb, wk, bw, p):
    for pile in range(2):
        total = 0.0
        for i in range(wk.ctx_piles.shape[1]):
            total += bw.f_opening[wk.ctx_piles[pile, i]]
        wk.scores[pile] = total


@njit
def score_discard_from_hand(st, tb, wk, bw, p):
    """The card worth least goes, and first a card that applies its effects when discarded
    from hand (Static spark: worth its effect on top of keeping nothing). Thorn torment's
    discards of any number: ``duel.score_torment_discard``."""
    if wk.ctx_reason == REASON_TORMENT:
        score_torment_discard(st, tb, wk, bw, p)
        return
    for c in range(wk.n_opt):
        wk.scores[c] = -(bw.f_value[c] + bw.knobs[K.DISCARD_COST] * tb.cost[c].sum()) \
            + 2.0 * bw.f_discard_value[c]


@njit
def score_card_value(st, tb, wk, bw, p):
    """Recycling, returning from the discard pile, searching the deck: the best card;
    Inception's card, which goes to the opponent's hand, the worst."""
    sign = 1.0
    if tb.any_handler[H_INCEPTION] != 0 and wk.ctx_card >= 0 and \
            tb.handler_card[H_INCEPTION, wk.ctx_card] != 0:
        sign = -1.0
    for c in range(wk.n_opt):
        wk.scores[c] = sign * bw.f_value[c]


@njit
def replica_cost(st, tb, bw, p, c):
    """What Glass replica loses by putting Equipment ``c`` into play without its effects:
    the card itself (no longer drawn), and the own working Equipment of its slot it would
    replace (a replica already there costs nothing)."""
    lost = bw.f_value[c]
    for s in range(st.board_end[p]):
        if st.board_zone[p, s] == EQUIPMENT:
            held = st.board_card[p, s]
            if tb.slot_kind[held] == tb.slot_kind[c]:
                lost += 100.0 + bw.f_value[held]
    return lost


@njit
def score_replica_take(st, tb, wk, bw, p):
    """Glass replica: the Equipment whose loss costs least (the weakest, in a free slot)."""
    for c in range(wk.n_opt):
        wk.scores[c] = -replica_cost(st, tb, bw, p, c) if wk.opt[c] != 0 else 0.0


@njit
def replica_pointless(st, tb, bw, p):
    """Glass replica gains nothing: every Equipment of the deck would replace an own working
    Equipment (or the deck holds none: a shuffle only)."""
    for c in range(tb.n_player_cards):
        if tb.card_type[c] == EQUIPMENT_TYPE and deck_count(st, p, c) > 0 and \
                replica_cost(st, tb, bw, p, c) < 100.0:
            return False
    return True


@njit
def score_scry(st, tb, wk, bw, p):
    """Leave the top card (option 0) when it is worth at least what the rest of the deck is
    worth on average, else put it at the bottom (option 1)."""
    n = st.deck_len[p]
    total = 0.0
    for i in range(n - 1):
        total += bw.f_value[st.deck[p, i]]
    mean = total / (n - 1) if n > 1 else 0.0
    top = bw.f_value[wk.ctx_card]
    wk.scores[0] = 1.0 if top >= mean else 0.0
    wk.scores[1] = 1.0 - wk.scores[0]


@njit
def score_dig_take(st, tb, wk, bw, p):
    """Digging the deck: the best card of the word; a card beats taking none (the option
    after the card kinds)."""
    last = wk.n_opt - 1
    for c in range(last):
        wk.scores[c] = 1000.0 + bw.f_value[c]
    wk.scores[last] = 0.0


@njit
def score_unique_discard(st, tb, wk, p):
    """Two copies of a Unique card: discard the one that lost more HP; on a tie the older
    one (``ctx_amount`` is the new copy's slot), whose Mana goes back to the Ether alike."""
    for s in range(wk.n_opt):
        lost = float(tb.hp[wk.ctx_card] - st.board_hp[p, s])
        wk.scores[s] = 10.0 * lost + (0.5 if s != wk.ctx_amount else 0.0)


@njit
def best_boost_hits(st, bw, p):
    """The instances of damage the player's best Equipment in play deals (``f_hits``): what a
    boost of 1 is worth, 0 without such an Equipment (a Reforge is then kept)."""
    best = 0.0
    for s in range(st.board_end[p]):
        if st.board_zone[p, s] == EQUIPMENT:
            best = max(best, bw.f_hits[st.board_card[p, s]])
    return best


@njit
def recycle_worth(st, tb, bw, p, c):
    """Cards back from the discard pile into the deck (Return to the origin): worth something
    once the deck runs low (the game is lost when a draw finds it empty)."""
    if st.deck_len[p] > 2 * PILE_RETURN_DECK:
        return 0.0
    return 0.5 * min(float(st.discard[p, :tb.n_cards].sum()), bw.f_recycle[c])


@njit
def top_spell_stuck(st, tb, p):
    """The top card of the player's discard pile cannot be prepared from there (Temporal
    blast) and another spell lies under it: a swap (Alteration of the past) frees it."""
    n = st.discard_len[p]
    if n < 2 or (tb.from_discard[st.discard_pile[p, n - 1]] & FD_UNLESS_TOP) == 0:
        return False
    for i in range(n - 1):
        if tb.card_type[st.discard_pile[p, i]] == SPELL:
            return True
    return False


@njit
def score_boost_target(st, tb, wk, bw, p):
    """The Equipment a boost (Reforge) makes hit harder: the one that deals the most instances
    of damage from play, the one already boosted on a tie (boosts add up per instance)."""
    for s in range(wk.n_opt):
        c = st.board_card[p, s]
        wk.scores[s] = (bw.f_hits[c] + 0.01 * st.dmg_boost[p, s]) if c >= 0 else NEG


@njit
def held_copy_hp_lost(st, tb, p, c):
    """The HP a copy of card ``c`` the player controls has lost (the least damaged copy's; 0
    for one that gained HP, as Kerloc'h's flower does each turn); -1 when they control none."""
    lost = -1
    for s in range(st.board_end[p]):
        if st.board_card[p, s] == c:
            here = max(tb.hp[c] - st.board_hp[p, s], 0)
            if lost < 0 or here < lost:
                lost = here
    return lost


# --- targets ---------------------------------------------------------------------------------

@njit
def harms(purpose):
    """A target asked for damage or HP loss: the hit's sides (the Adversary's, the team's)."""
    return purpose == PURPOSE_DAMAGE or purpose == PURPOSE_LOSE_HP


@njit
def score_target(st, tb, wk, p):
    players = tb.players
    t_count = K_SLOTS + players + players * tb.slots
    purpose, side = wk.ctx_purpose, wk.ctx_side
    hurts = harms(purpose)
    if purpose == PURPOSE_PHASE_OUT:
        score_phase_target(st, tb, wk, side)
    elif purpose == PURPOSE_RECYCLE:
        score_recycle_target(st, tb, wk, side)
    elif purpose == PURPOSE_PILE_ORDER:
        score_pile_order_target(st, tb, wk, side)
    elif tb.mode != MODE_SOLO and side >= 0:  # a duel: the opposing seats are the foes
        score_seat_targets(st, tb, wk, side, purpose)
    elif hurts and side >= 0:  # a player's card: the Adversary first, never the own side
        for k in range(K_SLOTS):
            c = max(st.adv_card[k], 0)
            wk.scores[k] = 100.0 if tb.is_adversary[c] != 0 else 50.0 - st.adv_hp[k]
        for q in range(players):
            wk.scores[K_SLOTS + q] = 2 * WRONG_SIDE
        for t in range(K_SLOTS + players, t_count):
            wk.scores[t] = WRONG_SIDE
    elif hurts or purpose == PURPOSE_HAND:
        # An Adversary card hitting "a player": the team sends it to the sturdiest.
        for k in range(K_SLOTS):
            wk.scores[k] = 0.0
        for q in range(players):
            wk.scores[K_SLOTS + q] = st.hp[q]
        for t in range(K_SLOTS + players, t_count):
            wk.scores[t] = -1.0
    else:  # healing: the most hurt teammate, then own Permanents
        for k in range(K_SLOTS):
            wk.scores[k] = -100.0
        for q in range(players):
            wk.scores[K_SLOTS + q] = 50.0 - st.hp[q]
        for t in range(K_SLOTS + players, t_count):
            wk.scores[t] = 1.0


@njit
def score_phase_target(st, tb, wk, side):
    """Whose deck to phase out: a player's card sends it to the Adversary, else to its own
    deck rather than a teammate's (the deck it cycles is the controller's); an Adversary
    card's, to the player with the longest deck."""
    players = tb.players
    for t in range(wk.n_opt):
        wk.scores[t] = -100.0
    if tb.mode != MODE_SOLO and side >= 0:
        score_phase_seats(st, tb, wk, side)
        return
    for k in range(K_SLOTS):
        wk.scores[k] = 100.0 if side >= 0 else -100.0
    for q in range(players):
        if side >= 0:
            wk.scores[K_SLOTS + q] = -10.0 if q == side else -20.0
        else:
            wk.scores[K_SLOTS + q] = st.deck_len[q]


@njit
def score_recycle_target(st, tb, wk, side):
    """Whose discard pile goes back into their deck: the player with the shortest deck (its
    cards come back, and it runs out later); the Adversary's only when no player's deck
    gains anything."""
    for t in range(wk.n_opt):
        wk.scores[t] = -100.0
    if tb.mode != MODE_SOLO and side >= 0:
        score_recycle_seats(st, tb, wk, side)
        return
    for k in range(K_SLOTS):
        wk.scores[k] = 0.0
    for q in range(tb.players):
        pile = st.discard[q, :tb.n_cards].sum()
        wk.scores[K_SLOTS + q] = pile - 0.1 * st.deck_len[q] if pile > 0 else -1.0


@njit
def score_pile_order_target(st, tb, wk, side):
    """Whose discard pile has two spells swapped: the controller's own, where a card that
    cannot be prepared from the top of the pile (Temporal blast) can be moved down; a
    teammate's next, the Adversary's last (its pile's order only matters to a Return to the
    origin)."""
    for t in range(wk.n_opt):
        wk.scores[t] = -100.0
    for q in range(tb.players):
        wk.scores[K_SLOTS + q] = 1.0 if q == side else 0.5


@njit
def score_pile_swap(st, tb, wk, p):
    """Which spells of the pile swap (positions, bottom first): first a spell on top that
    cannot be prepared from there (Temporal blast, ``unless_top``), else the top spell; then,
    under it, the highest spell that is not such a card (it goes on top)."""
    q = wk.ctx_side
    for i in range(wk.n_opt):
        c = st.adv_pile[i] if q < 0 else st.discard_pile[q, i]
        stuck = q >= 0 and (tb.from_discard[c] & FD_UNLESS_TOP) != 0
        if wk.ctx_amount < 0:
            wk.scores[i] = (10.0 if stuck else 0.0) + 0.01 * i
        else:
            wk.scores[i] = (0.0 if stuck else 1.0) + 0.01 * i


@njit
def score_protector_redirect(st, tb, wk, p):
    wk.scores[0] = 0.0
    for s in range(tb.slots):
        hp = st.board_hp[p, s]
        wk.scores[1 + s] = hp if hp > wk.ctx_amount else -1.0


@njit
def score_destroy_target(st, tb, wk, p):
    """The Adversary's cards first (the healthiest), a player's last; an optional destroy
    (the option after the flat targets) declines rather than hit a player's card."""
    for t in range(wk.n_opt):
        wk.scores[t] = -100.0
    if tb.mode != MODE_SOLO:
        score_destroy_seats(st, tb, wk, p)
    for k in range(K_SLOTS):
        wk.scores[k] = 10.0 + st.adv_hp[k]
    if wk.n_opt > K_SLOTS + tb.players + tb.players * tb.slots:
        wk.scores[wk.n_opt - 1] = 0.0
    if tb.any_autumn != 0:  # an own Permanent with Autumn: its destruction is an effect
        base = K_SLOTS + tb.players + p * tb.slots
        for s in range(st.board_end[p]):
            c = st.board_card[p, s]
            if (c >= 0 and st.board_zone[p, s] == PERMANENT and tb.trig_count[c, T_TURN_START] > 0
                    and (tb.autumn[c] != 0 or st.autumn[p, s] == c + 1)):
                wk.scores[base + s] = -10.0


# --- components ------------------------------------------------------------------------------

@njit
def score_use_component(st, tb, wk, bw, p):
    """The component with the least drawback and the best number modifier; one that makes
    the card cheaper (Time ore for an Equipment, not designated yet) is worth its discount."""
    for s in range(tb.slots):
        c = max(st.board_card[p, s], 0)
        wk.scores[s] = -bw.f_drawback[c]
        if tb.any_mods != 0:
            wk.scores[s] += modifier_worth(st, tb, p, c)
        if tb.any_comp_reduction != 0 and wk.prep_used[s] == 0 and \
                is_reducer(st, tb, p, s, wk.ctx_card):
            wk.scores[s] += tb.cr_amount[c]


@njit
def modifier_worth(st, tb, p, comp):
    """What a component's number modifier (and granted steps) roughly adds to the card it
    prepares: more damage, cards and Mana are better (a Mage Noir's variant when they are
    one); a granted mill costs a card of the deck."""
    mode, amount = tb.nmod_mode[comp], tb.nmod_amount[comp]
    if mode != 0 and is_mage_noir(st, tb, p):
        mode, amount = tb.nmod_mode_mn[comp], tb.nmod_amount_mn[comp]
    worth = 0.0
    if mode == NM_ADD:
        worth = float(amount)
    elif mode == NM_SUBTRACT:
        worth = -float(amount)
    elif mode == NM_DOUBLE:
        worth = 2.0
    elif mode == NM_REDUCE:
        worth = -0.5 * amount
    if tb.trig_count[comp, T_GRANTED] > 0:
        worth -= 0.1
    return worth


@njit
def score_extra_component(st, tb, wk, p):
    """Delayed fate: use one more component when its modifier helps; option S stops."""
    n = wk.n_opt - 1
    for s in range(n):
        wk.scores[s] = modifier_worth(st, tb, p, max(st.board_card[p, s], 0))
    wk.scores[n] = 0.0


@njit
def score_from_discard(st, tb, wk, bw, p):
    """Putting cards from the discard pile into play: the most valuable; never stop early
    (the last option stops)."""
    n = wk.n_opt - 1
    for c in range(n):
        wk.scores[c] = bw.f_value[c] + 1.0
    wk.scores[n] = 0.0


@njit
def score_skip_component(st, tb, wk, bw, p):
    """"Requires 1 less component": leave out a missing word first, then a word whose
    component would be lost by the use (a Flame destroys itself), else stop (option 0)."""
    wk.scores[0] = 0.0
    for j in range(tb.n_words):
        wk.scores[1 + j] = -1.0
        if wk.opt[1 + j] == 0:
            continue
        keep = np.inf
        for s in range(st.board_end[p]):
            c = st.board_card[p, s]
            if c >= 0 and is_component_zone(st.board_zone[p, s]) and tb.provides[c, tb.words[j]] != 0:
                keep = min(keep, bw.f_drawback[c])
        if wk.ctx_short[j] > 0:
            wk.scores[1 + j] = 2.0
        elif np.isfinite(keep) and keep > 0:
            wk.scores[1 + j] = 1.0


@njit
def score_own_component(st, tb, wk, bw, p):
    for s in range(tb.slots):
        wk.scores[s] = bw.f_value[max(st.board_card[p, s], 0)]


@njit
def score_fixed(wk, first, second):
    """Two options scored by the rule of the kind (Fire ball keeps the hand, upkeep is paid)."""
    wk.scores[0] = first
    wk.scores[1] = second


@njit
def score_optional_payment(st, tb, wk, bw, p):
    """Option 1 pays for an optional effect: only when it gets something (``worth``). The
    Slowcast waiver (``ctx_what`` 1) is paid for a spell worth activating this very turn
    (damage, healing, cards or Mana), not for one kept as a component."""
    if wk.ctx_what == CROWN_PAYMENT:
        score_crown_payment(st, tb, wk, bw, p)
        return
    worth = wk.ctx_worth != 0
    if wk.ctx_what == 1:
        c = wk.ctx_card
        worth = bw.f_damage[c] + bw.f_heal[c] + bw.f_draw[c] + bw.f_mana[c] > 0
    elif wk.ctx_what == WHAT_PILE_RETURN:  # a card back into a deck that runs low
        worth = st.deck_len[p] <= PILE_RETURN_DECK
    score_fixed(wk, 0.0, 1.0 if worth else -1.0)


@njit
def reserve_spare(st, tb, wk, p, out):
    """``out`` (E,): the Mana of the reserve beyond what the cards in hand cost (negative:
    short of it)."""
    costs = card_costs(st, tb, wk, p)
    for e in range(E):
        out[e] = st.reserve[p, e]
    for c in range(tb.n_player_cards):
        copies = st.hand[p, c]
        if copies > 0:
            for e in range(E):
                out[e] -= copies * costs[c, e]


@njit
def score_crown_payment(st, tb, wk, bw, p):
    """Waiver crown: option 1 pays 1 Mana to ignore 1 of the ``ctx_amount`` damage coming.
    Paid when that damage would put the player out, or with Mana the hand does not need while
    the reserve keeps one (an empty reserve destroys the crown)."""
    spare = bw.pol_need
    reserve_spare(st, tb, wk, p, spare)
    extra = 0.0
    for e in range(E):
        extra += max(spare[e], 0.0)
    pay = wk.ctx_amount >= st.hp[p] or (extra > 0 and st.reserve[p].sum() >= 2)
    score_fixed(wk, 0.0, 1.0 if pay else -1.0)


@njit
def score_crown_element(st, tb, wk, bw, p):
    """The Mana a Waiver crown's payment gives up: the one the hand needs least."""
    spare = bw.pol_need
    reserve_spare(st, tb, wk, p, spare)
    for e in range(E):
        wk.scores[e] = spare[e]


# --- a cost of X ------------------------------------------------------------------------------

@njit
def score_choose_x(st, tb, wk, p):
    """X of a cost of X (Ina's meteor: X damage): as much as the Adversary's HP, no more
    (the rest of the reserve stays for other cards); nothing without an Adversary."""
    present, adv_hp, _ = foe_view(st, tb, p)
    for x in range(wk.n_opt):
        if not present:
            wk.scores[x] = -float(x)
        elif x <= adv_hp:
            wk.scores[x] = float(x)
        else:
            wk.scores[x] = adv_hp - 0.1 * (x - adv_hp)


# --- abilities -------------------------------------------------------------------------------

@njit
def score_ability_target(st, tb, wk, p):
    """The own board card an ability acts on: the Permanent with the most HP (Ritual of
    decomposition), Equipment put into play this turn first (Warrior-mage ritual)."""
    for s in range(tb.slots):
        if wk.ctx_ability == AB_RITUAL_OF_DECOMPOSITION:
            wk.scores[s] = st.board_hp[p, s]
        elif wk.ctx_ability == AB_SEASONS_AUTUMN:
            wk.scores[s] = autumn_worth(st, tb, p, s)
        elif wk.ctx_ability == AB_ZENITH_RITUAL_ACTIVATE:
            c = st.board_card[p, s]
            wk.scores[s] = float(tb.cost[c].sum()) if c >= 0 else 0.0
        else:
            wk.scores[s] = 1.0 if st.board_turn[p, s] == st.turn else 0.0


@njit
def autumn_worth(st, tb, p, s):
    """Ritual of seasons: what giving Autumn to the own Permanent in slot ``s`` is worth: one
    with start-of-turn effects, without Autumn yet, that survives the HP it loses; the
    sturdier the better. Negative: not worth it."""
    if not autumn_candidate(st, tb, p, s):
        return -100.0
    c = st.board_card[p, s]
    if (tb.autumn[c] != 0 or st.autumn[p, s] == c + 1 or st.board_hp[p, s] < 2
            or tb.trig_count[c, T_TURN_START] == 0):
        return -1.0
    return float(st.board_hp[p, s])


@njit
def score_may_use_ability(st, tb, wk, p):
    """Option 1 uses an "at any time" ability outside the main phase: Kerloc'h's robe only
    against damage that would put the player out; the Warrior-mage ritual always."""
    use = True
    if wk.ctx_ability == AB_KERLOCHS_ROBE:
        use = wk.ctx_amount - 2 >= st.hp[p]
    score_fixed(wk, 0.0, 1.0 if use else -1.0)


@njit
def grants_needed_word(st, tb, bw, p, s, c):
    """Card ``c`` in slot ``s`` has a conditional word (Iron rock's Ore) that does not hold
    now and the hand needs (``bw.pol_words``, filled by the main-phase scores): its ability
    is what makes the word hold."""
    word = tb.cond_word[c]
    if word < 0 or card_provides(st, tb, p, s, c, word):
        return False
    j = tb.word_col[word]
    return j >= 0 and bw.pol_words[j] > 0


@njit
def fetch_worth(st, tb, bw, p, c):
    """What the own deck offers card ``c``'s generic ability that takes a card named a word
    from it (``f_ability_fetch``): a search (depth 0) the best such card, a dig of the top N
    the chance that one of them is such a card times their mean worth. A card taken into the
    hand is worth at least a draw; another copy of ``c`` itself (a Galactic scepter fetching
    a scepter) is no gain. The player knows what their deck holds, not its order."""
    word = bw.f_ability_fetch[c]
    n = st.deck_len[p]
    hits = 0
    total = 0.0
    best = 0.0
    for i in range(n):
        d = st.deck[p, i]
        if d != c and tb.named[d, word] != 0:
            v = max(bw.f_value[d], bw.knobs[K.FETCHED_CARD])
            hits += 1
            total += v
            best = max(best, v)
    if hits == 0:
        return 0.0
    depth = bw.f_ability_depth[c]
    if depth == 0:
        return best
    return min(1.0, depth * hits / n) * total / hits


@njit
def ability_scores(st, tb, wk, bw, p, offset):
    """``wk.scores[offset + s]``: worth of using the ability of each own board slot now (main
    phase); ``NEG`` keeps it unused. Crude rules: free cards (Druid horns), HP for cards while
    healthy (Crimson ritual), surplus cards or a lethal total for damage (Emptiness and
    decomposition rituals), protect Equipment the Warrior-mage ritual would destroy; a generic
    ability by its features' worth (effect less costs), its damage only at an Adversary."""
    for s in range(tb.slots):
        wk.scores[offset + s] = NEG
    if tb.any_ability == 0:
        return
    hp = st.hp[p]
    hand = st.hand[p, :tb.n_cards].sum()
    present, adv_hp, _ = foe_view(st, tb, p)
    perm_hp = 0
    fresh_equipment = False
    for s in range(st.board_end[p]):  # the slots from board_end on are empty
        if st.board_zone[p, s] == PERMANENT:
            perm_hp = max(perm_hp, st.board_hp[p, s])
        if (indestructible_candidate(st, tb, p, s) and st.board_turn[p, s] == st.turn
                and st.board_zone[p, s] == EQUIPMENT):
            fresh_equipment = True
    for s in range(st.board_end[p]):
        a = slot_ability(st, tb, p, s)
        worth = NEG
        if a == AB_DRUID_HORNS:
            worth = 8.0
        elif a == AB_CRIMSON_RITUAL:
            if hp >= 12 and st.deck_len[p] > 5:
                worth = 3.0
        elif a == AB_EMPTINESS_RITUAL_PING:
            if present and (hand > st.max_hand[p] or adv_hp <= hand):
                worth = 2.0
        elif a == AB_RITUAL_OF_DECOMPOSITION:
            if present and perm_hp >= adv_hp:
                worth = 1000.0
        elif a == AB_WARRIOR_MAGE_RITUAL_INDESTRUCTIBLE:
            if fresh_equipment and hand > 0:
                worth = 4.0
        elif a == AB_SEASONS_AUTUMN:
            for q in range(st.board_end[p]):
                if autumn_worth(st, tb, p, q) > 0:
                    worth = 3.0
        elif a == AB_GENERIC:
            c = st.board_card[p, s]
            use = bw.f_ability[c]
            if bw.f_ability_fetch[c] >= 0:
                use += fetch_worth(st, tb, bw, p, c)
            if use > 0 and (present or bw.f_ability_hits[c] == 0):
                worth = use
            elif grants_needed_word(st, tb, bw, p, s, c):
                worth = 1.5
        elif a == AB_ZENITH_RITUAL_ACTIVATE:
            # a channeled spell's effect again, for 1 Fire and the component: only at the
            # Adversary, and only when a costly spell (3 Mana or more) is there to fire
            if present and best_channeled_cost(st, tb, p) >= 3:
                worth = 3.0
        wk.scores[offset + s] = worth


@njit
def best_channeled_cost(st, tb, p):
    """The Mana cost of the costliest own channeled spell the Zenith ritual could activate
    (a rough measure of its effect), 0 when none."""
    best = 0
    for s in range(st.board_end[p]):
        if channeled_with_effect(st, tb, p, s):
            best = max(best, tb.cost[st.board_card[p, s]].sum())
    return best


# --- the main phase --------------------------------------------------------------------------

@njit
def words_needed(st, tb, wk, p, out):
    """``out`` (W,): component words missing for the cards in hand (the largest shortfall of
    a card in hand, over the batch's required words)."""
    for j in range(tb.n_words):
        most = 0
        for c in range(tb.n_player_cards):
            if st.hand[p, c] > 0:
                most = max(most, wk.rd_short[c, j])
        out[j] = most


@njit
def provides_needed(tb, c, needs):
    """How many of the needed words card ``c`` provides."""
    n = 0
    for j in range(tb.n_words):
        if needs[j] > 0 and tb.provides[c, tb.words[j]] != 0:
            n += 1
    return n


@njit
def channel_enables(st, tb, wk, bw, p, c):
    """Worth of the hand cards channeling prepared card ``c`` would make preparable right now:
    it supplies their last missing component words and the reserve already pays for them."""
    mn = wk.rd_mage_noir != 0
    total = 0.0
    for h in range(tb.n_player_cards):
        if st.hand[p, h] <= 0 or wk.rd_affordable[h] == 0 or wk.rd_missing[h] <= 0:
            continue
        if tb.mage_noir_only[h] != 0 and not mn:
            continue
        after = 0
        for j in range(tb.n_words):
            gives = 1 if tb.provides[c, tb.words[j]] != 0 else 0
            after += max(wk.rd_short[h, j] - gives, 0)
        if after == 0:
            total += bw.f_value[h]
    return total


@njit
def trade_enables(st, tb, wk, bw, p, trades_ahead, out):
    """``out`` (E,) 0/1: taking one Mana of the element by a 2-for-1 trade brings a card in
    hand affordable within ``trades_ahead`` trades (the Mana given is not needed for it)."""
    deficit = bw.pol_deficit
    for e in range(E):
        out[e] = 0
    reserve = st.reserve[p]
    for c in range(tb.n_player_cards):
        if st.hand[p, c] <= 0 or bw.f_value[c] <= 0 or wk.rd_missing[c] != 0:
            continue
        if within_trades(wk, reserve, c, trades_ahead, deficit):
            for e in range(E):
                if deficit[e] > 0:
                    out[e] = 1


@njit
def slot_taken_by_equal(st, tb, bw, p, c):
    """An Equipment whose slot already holds own Equipment worth as much."""
    if tb.card_type[c] != EQUIPMENT_TYPE:
        return False
    for s in range(st.board_end[p]):
        if st.board_zone[p, s] == EQUIPMENT:
            held = st.board_card[p, s]
            if tb.slot_kind[held] == tb.slot_kind[c] and bw.f_value[held] >= bw.f_value[c]:
                return True
    return False


@njit
def component_loss(st, tb, bw, p, c):
    """HP the player would lose to the components of card ``c``: the components that cost
    nothing are used first (as :func:`score_use_component` prefers), then those that cost the
    least HP. The Mage Noir's skipped components and Fire ball's discard are not counted, so
    the estimate errs on the careful side."""
    mask = fire_mask_on(st, tb, p)
    loss = 0.0
    for j in range(tb.n_words):
        w = tb.words[j]
        short = requirement(tb, c, w, mask) - extra_instances(st, tb, p, w)
        for s in range(st.board_end[p]):
            if short > 0 and provides_component(st, tb, p, s, w) and \
                    bw.f_self_loss[st.board_card[p, s]] == 0:
                short -= 1
        below = 0.0  # the costly providers, cheapest first: one loss level at a time
        while short > 0:
            level, copies = 1e9, 0
            for s in range(st.board_end[p]):
                if provides_component(st, tb, p, s, w):
                    x = bw.f_self_loss[st.board_card[p, s]]
                    if below < x < level:
                        level, copies = x, 1
                    elif x == level:
                        copies += 1
            if copies == 0:
                break  # not enough components: the card is not preparable anyway
            take = min(copies, short)
            loss += take * level
            short -= take
            below = level
    return loss


@njit
def phase_damage_in_play(st, bw, p):
    """Damage player ``p``'s cards in play deal the opponent for each phase-out effect aimed
    at it (Rite of phase: 1), so a phase-out spell is worth that much damage once the
    Adversary is present."""
    total = 0.0
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        if c >= 0 and st.board_zone[p, s] >= PERMANENT:
            total += bw.f_phase_damage[c]
    return total


@njit
def main_action_scores(st, tb, wk, bw, p, trades_ahead):
    """``wk.scores``: the worth of each main-phase action, from the decision's readiness
    (``wk.rd_*``, computed by the engine for the legal actions ``wk.opt``; a card that cannot
    be prepared now is not scored)."""
    s_n, c_n = tb.slots, tb.n_cards
    prepare_at, activate_at = 1 + s_n, 1 + s_n + c_n
    channel_at, trade_at = activate_at + s_n, activate_at + 2 * s_n
    for a in range(prepare_at):
        wk.scores[a] = 0.0
    present, adv_hp, enemies = foe_view(st, tb, p)
    kn = bw.knobs
    hurt = max(20 - st.hp[p], 0)
    needs = bw.pol_words[:tb.n_words]
    words_needed(st, tb, wk, p, needs)
    for a in range(activate_at, trade_at):
        wk.scores[a] = NEG
    on_any = present or enemies
    for s in range(st.board_end[p]):
        if st.board_zone[p, s] != PREPARED:
            continue
        c = st.board_card[p, s]
        reach = present if bw.f_needs_opponent[c] != 0 else on_any
        dmg = damage_now(st, bw, p, c) * (1.0 if reach else 0.0)
        if bw.any_phase_damage != 0 and present:
            dmg += bw.f_phase_hits[c] * phase_damage_in_play(st, bw, p)
        lethal = dmg >= adv_hp
        act = kn[K.ACT_DAMAGE] * dmg + bw.f_heal[c] * min(hurt, 6) / 3 + kn[K.ACT_DRAW] * bw.f_draw[c]
        act += kn[K.ACT_MANA] * (bw.f_mana[c] + discount_worth(st, tb, bw, p, c))
        act += 1000.0 * (1.0 if lethal and present and dmg > 0 else 0.0)
        act -= 20.0 * bw.f_harms_own[c] * (0.0 if on_any else 1.0)
        if bw.f_removal[c] != 0:
            act += kn[K.ACT_REMOVAL] if enemies else -50.0
        if tb.any_boost != 0 and bw.f_boost[c] > 0 and on_any:
            act += 4.0 * bw.f_boost[c] * best_boost_hits(st, bw, p)
        if bw.f_recycle[c] > 0:
            act += recycle_worth(st, tb, bw, p, c)
        if bw.f_swap[c] != 0 and top_spell_stuck(st, tb, p):
            act += 3.0
        channel_value = kn[K.CHANNEL_NEEDED] * provides_needed(tb, c, needs)
        channel_value += kn[K.CHANNEL_ONLY] * bw.f_channel_only[c]
        channel_value += kn[K.CHANNEL_ENABLES] * channel_enables(st, tb, wk, bw, p, c)
        wk.scores[activate_at + s] = act - kn[K.ACT_BAR]
        if tb.any_handler[H_DAWN_SAVES_SUN] != 0 and keeps_guard(st, tb, wk, p, c):
            wk.scores[activate_at + s] = -1.0
        if dmg > 0 and not lethal and better_in_adversary_turn(st, tb, p, s):
            wk.scores[activate_at + s] = -1.0  # kept for a Quickcast window
        if channel_value > 0:
            wk.scores[channel_at + s] = channel_value + kn[K.CHANNEL_SPENT] * (1.0 if dmg == 0 else 0.0)
    any_trade = False
    for e in range(E):
        wk.scores[trade_at + e] = NEG
        any_trade = any_trade or wk.opt[trade_at + e] != 0
    if any_trade:  # scored only when a trade is legal: the policy reads legal options only
        enables = bw.pol_enables
        trade_enables(st, tb, wk, bw, p, trades_ahead, enables)
        for e in range(E):
            if enables[e] != 0:
                wk.scores[trade_at + e] = 1.0
    mn = wk.rd_mage_noir != 0
    for c in range(c_n):
        if wk.opt[prepare_at + c] == 0:  # not preparable now: never chosen, not scored
            wk.scores[prepare_at + c] = NEG
            continue
        wk.scores[prepare_at + c] = prepare_score(st, tb, bw, p, c, needs, mn)
    if tb.any_zenith != 0:
        zenith_nudges(st, tb, wk, p, prepare_at, activate_at, channel_at, kn[K.ZENITH_NUDGE])


@njit
def prepare_score(st, tb, bw, p, c, needs, mn):
    """The main phase's score for preparing card ``c`` (ending the main phase scores 0), its
    Mana aside: ``needs`` (W,) the component words the hand lacks (:func:`words_needed`),
    ``mn`` whether the player is a Mage Noir. One function, so that a rule that aims Mana at
    a card (the planner's trades, its co-op pile) asks the question the main phase will."""
    kn = bw.knobs
    prep = kn[K.PREP_BASE] + kn[K.PREP_VALUE] * bw.f_value[c] \
        + kn[K.PREP_PERSISTENT] * (1.0 if tb.card_type[c] > 0 else 0.0)
    prep = prep + kn[K.PREP_NEEDED] * provides_needed(tb, c, needs)
    # a second Ritual adds nothing once the player is a Mage Noir
    if bw.f_only_mage_noir[c] != 0 and mn:
        prep -= 100.0
    # an Equipment that would only replace an equal or better one in its slot is waste
    if slot_taken_by_equal(st, tb, bw, p, c):
        prep -= 100.0
    # a second copy of a Unique card is worth it only to replace a copy that lost 2 HP
    if tb.unique[c] != 0 or (tb.unique_unless_mn[c] != 0 and not mn):
        lost = held_copy_hp_lost(st, tb, p, c)
        if lost >= 2:
            prep += float(lost) - 5.0
        elif lost >= 0:
            prep -= 100.0
    # a Waiver crown switches the player's Rituals off (their Mage Noir status with them):
    # worth it only once HP are low enough that turning spare Mana into HP matters more
    if tb.any_handler[H_WAIVER_CROWN] != 0 and tb.handler_card[H_WAIVER_CROWN, c] != 0 \
            and st.hp[p] > CROWN_HP:
        prep -= 100.0
    # Glass replica only thins the deck: never when each Equipment would replace a working one
    if tb.any_handler[H_GLASS_REPLICA] != 0 and tb.handler_card[H_GLASS_REPLICA, c] != 0 \
            and replica_pointless(st, tb, bw, p):
        prep -= 100.0
    # a component that costs HP (Draconic flame) must not put its own player out
    if bw.any_self_loss != 0 and component_loss(st, tb, bw, p, c) >= st.hp[p]:
        prep = OUT_OF_THE_GAME
    return prep


@njit
def zenith_nudges(st, tb, wk, p, prepare_at, activate_at, channel_at, nudge):
    """With Zenith cards in the game: actions that bring the spells in preparation and the
    channeled spells nearer to equal (Zenith at the next turn start) score a little more, those
    that part them a little less (a tie-breaker, not a plan): ``nudge`` a spell."""
    prepared, channeled = spell_counts(st, tb, p)
    gap = abs(prepared - channeled)
    for s in range(st.board_end[p]):
        if st.board_zone[p, s] != PREPARED:
            continue
        if wk.scores[activate_at + s] > NEG:
            wk.scores[activate_at + s] += nudge * (gap - abs(prepared - 1 - channeled))
        if wk.scores[channel_at + s] > NEG:
            wk.scores[channel_at + s] += nudge * (gap - abs(prepared - channeled - 2))
    for c in range(tb.n_cards):
        if tb.card_type[c] == SPELL and wk.scores[prepare_at + c] > NEG:
            wk.scores[prepare_at + c] += nudge * (gap - abs(prepared + 1 - channeled))


# --- Quickcast windows (engine/rules/windows.py) ----------------------------------------------

@njit
def better_in_adversary_turn(st, tb, p, s):
    """A damage spell in slot ``s`` is better kept for a Quickcast window of the Adversary's
    turn: it has Quickcast and the player's Superconductor ritual adds 1 to the damage of
    spells activated then (and caps it at 2 during the player's own turn)."""
    if tb.any_handler[H_SUPERCONDUCTOR_RITUAL] == 0:
        return False
    return (flagged_copies(st, tb, p, H_SUPERCONDUCTOR_RITUAL, RITUAL) > 0
            and has_quickcast(st, tb, p, s))


@njit
def keeps_guard(st, tb, wk, p, c):
    """A Dawn stays prepared while it guards a Sun of the player, and when its activation
    would do nothing (its draw is a Mage Noir's only)."""
    if tb.handler_card[H_DAWN_SAVES_SUN, c] == 0:
        return False
    return wk.rd_mage_noir == 0 or component_count(st, tb, p, SUN) > 0


@njit
def discount_worth(st, tb, bw, p, c):
    """What activating card ``c`` gives now through its discounts for the turn: the best of
    the cards in player ``p``'s hand it makes cheaper (0 when none is held)."""
    if bw.any_discounts == 0:
        return 0.0
    best = 0.0
    for d in range(tb.n_player_cards):
        if st.hand[p, d] > 0 and bw.f_discounts[c, d] > best:
            best = bw.f_discounts[c, d]
    return best


@njit
def damage_now(st, bw, p, c):
    """The damage activating card ``c`` deals now: its Zenith damage only while player ``p``'s
    turn is at Zenith (an Adversary turn never is)."""
    return bw.f_damage[c] + (bw.f_zenith_damage[c] if st.zenith[p] != 0 else 0.0)


@njit
def activation_worth(st, tb, wk, bw, p, c, present, adv_hp, enemies):
    """What activating prepared card ``c`` is worth now: the main phase's estimate (damage
    once it has a target, healing when hurt, cards, Mana, removal), 1000 when it is lethal."""
    reach = present if bw.f_needs_opponent[c] != 0 else (present or enemies)
    dmg = damage_now(st, bw, p, c) * (1.0 if reach else 0.0)
    if bw.any_phase_damage != 0 and present:
        dmg += bw.f_phase_hits[c] * phase_damage_in_play(st, bw, p)
    act = 4.0 * dmg + bw.f_heal[c] * min(max(20 - st.hp[p], 0), 6) / 3 + 3.0 * bw.f_draw[c]
    act += 2.0 * (bw.f_mana[c] + discount_worth(st, tb, bw, p, c))
    if present and dmg > 0 and dmg >= adv_hp:
        act += 1000.0
    if bw.f_removal[c] != 0:
        act += 12.0 if enemies else -50.0
    act -= 20.0 * bw.f_harms_own[c] * (0.0 if present or enemies else 1.0)
    return act, dmg


@njit
def score_quick_action(st, tb, wk, bw, p):
    """Which Quickcast spell to activate in a window of the Adversary's turn (option 0:
    pass). Before its cards act: a lethal blow on the Adversary, or one that destroys an
    Adversary card about to strike. After the card it revealed: what the main phase would
    activate (a target is there and the spell is not kept as a component the hand needs),
    since the player's own turn comes next; damage before the Adversary arrives only when it
    destroys one of its cards (otherwise it waits for the Adversary)."""
    wk.scores[0] = 0.0
    present, adv_hp, enemies = foe_view(st, tb, p)
    compute(st, tb, wk, p)
    needs = bw.pol_words[:tb.n_words]
    words_needed(st, tb, wk, p, needs)
    weakest, threat_hp = ABSENT_ADVERSARY_HP, 0
    for k in range(K_SLOTS):
        a = st.adv_card[k]
        if a >= 0 and st.adv_hp[k] > 0 and tb.is_adversary[a] == 0:
            weakest = min(weakest, st.adv_hp[k])
            if bw.f_threat[a] > 0:
                threat_hp = st.adv_hp[k] if threat_hp == 0 else min(threat_hp, st.adv_hp[k])
    for s in range(tb.slots):
        if wk.opt[1 + s] == 0:
            wk.scores[1 + s] = NEG
            continue
        c = st.board_card[p, s]
        act, dmg = activation_worth(st, tb, wk, bw, p, c, present, adv_hp, enemies)
        if act >= 1000.0:
            wk.scores[1 + s] = act
        elif wk.ctx_amount == WINDOW_ADVERSARY_START:
            kills = dmg > 0 and threat_hp > 0 and dmg >= threat_hp and not present
            wk.scores[1 + s] = 10.0 if kills else -1.0
        else:
            keep = provides_needed(tb, c, needs) > 0 or (not present and 0 < dmg < weakest)
            wk.scores[1 + s] = -1.0 if keep else act - 1.0


@njit
def score_slowcast_target(st, tb, wk, p):
    """The prepared spell that gains Slowcast (the choice is forced when one is legal):
    Slowcast only stops a spell during the turn it was prepared, so a spell prepared in an
    earlier turn loses nothing, and an own one of those may even gain Quickcast (a
    Superconductivity); a spell prepared this turn is chosen last."""
    for t in range(wk.n_opt):
        q, s = t // tb.slots, t % tb.slots
        prepared_now = st.adversary_turn_on == 0 and st.board_turn[q, s] == st.turn
        wk.scores[t] = (-1.0 if prepared_now else 1.0) + (0.5 if q == p else 0.0)


@njit
def score_return_prepared(st, tb, wk, p):
    """The spell returned to its owner's hand (Dazzle, Sirocco; forced when one is legal):
    the Adversary has none, so it is a player's own or a teammate's; the one with the least
    Mana under it (the Mana is lost to the Ether), the returner's own first on a tie. In a
    duel an opposing seat's first (``duel.score_prepared_seats``)."""
    if tb.mode != MODE_SOLO:
        score_prepared_seats(st, tb, wk, p)
        return
    for t in range(wk.n_opt):
        q, s = t // tb.slots, t % tb.slots
        wk.scores[t] = -float(st.board_mana[q, s].sum()) + (0.5 if q == p else 0.0)


@njit
def score_effect_order(wk):
    """Board order, and the Zenith determined first (``ZENITH_EFFECT``), from the counts as
    the turn begins: what a player who does not plan the order would do."""
    for k in range(wk.n_opt):
        wk.scores[k] = -0.001 * k
    if wk.n_opt > ZENITH_EFFECT:
        wk.scores[ZENITH_EFFECT] = 1.0


# --- the decision ----------------------------------------------------------------------------

@njit
def score(st, tb, wk, bw, kind, p):
    """Fill ``wk.scores[:n]`` for a decision of ``kind``; False when the kind has no scorer.

    A real call, not inlined into the bots' choose functions: each of its forty calls gets
    stack slots that the function's prologue zeroes at every decision, and the bots answer
    their frequent kinds themselves (planner, greedy); inlined, the zeroing was about 2% of a
    game."""
    if kind == MAIN_ACTION:
        main_action_scores(st, tb, wk, bw, p, TRADES_AHEAD)
        ability_scores(st, tb, wk, bw, p, 1)
        animal_first(st, tb, wk, p)
    elif kind == TAKE_PILE:
        score_take_pile(st, tb, wk, bw, p)
    elif kind == MANA_ELEMENT:
        score_mana_element(st, tb, wk, bw, p)
    elif kind == ETHER_SPLIT:
        score_ether_split(st, tb, wk, p)
    elif kind == TAKE_MANA:
        score_take_mana(st, tb, wk, bw, p)
    elif kind == TRADE_GIVE:
        score_trade_give(st, tb, wk, bw, p, TRADES_AHEAD)
    elif kind == EFFECT_ORDER:
        score_effect_order(wk)
    elif kind == KEEP_HAND:
        score_keep_hand(st, tb, wk, bw, p)
    elif kind == DISCARD_FROM_HAND:
        score_discard_from_hand(st, tb, wk, bw, p)
    elif kind == SEARCH_DECK and wk.ctx_what == REPLICA_SEARCH:
        score_replica_take(st, tb, wk, bw, p)
    elif kind == RECYCLE_DISCARD or kind == RETURN_FROM_DISCARD or kind == SEARCH_DECK:
        score_card_value(st, tb, wk, bw, p)
    elif kind == SCRY:
        score_scry(st, tb, wk, bw, p)
    elif kind == DIG_TAKE:
        score_dig_take(st, tb, wk, bw, p)
    elif kind == UNIQUE_DISCARD:
        score_unique_discard(st, tb, wk, p)
    elif kind == PAY_MANA_ELEMENT:
        score_pay_mana_element(st, tb, wk, bw, p)
    elif kind == SUPPRESS_TARGET:
        score_suppress_target(st, tb, wk, bw, p)
    elif kind == BOOST_TARGET:
        score_boost_target(st, tb, wk, bw, p)
    elif kind == PILE_SWAP:
        score_pile_swap(st, tb, wk, p)
    elif kind == TARGET:
        score_target(st, tb, wk, p)
    elif kind == PROTECTOR_REDIRECT:
        score_protector_redirect(st, tb, wk, p)
    elif kind == DESTROY_TARGET:
        score_destroy_target(st, tb, wk, p)
    elif kind == USE_COMPONENT:
        score_use_component(st, tb, wk, bw, p)
    elif kind == SKIP_COMPONENT:
        score_skip_component(st, tb, wk, bw, p)
    elif kind == ALTERNATIVE_COMPONENT:
        score_fixed(wk, 1.0, 0.0)  # Fire ball keeps the hand: use the component
    elif kind == OWN_COMPONENT:
        score_own_component(st, tb, wk, bw, p)
    elif kind == PAY_UPKEEP:
        score_fixed(wk, 0.0, 1.0)
    elif kind == OPTIONAL_PAYMENT:
        score_optional_payment(st, tb, wk, bw, p)
    elif kind == LOCK_MANA_ELEMENT and wk.ctx_what == CROWN_PAYMENT:
        score_crown_element(st, tb, wk, bw, p)
    elif kind == QUICK_ACTION:
        score_quick_action(st, tb, wk, bw, p)
    elif kind == SLOWCAST_TARGET:
        score_slowcast_target(st, tb, wk, p)
    elif kind == RETURN_PREPARED:
        score_return_prepared(st, tb, wk, p)
    elif kind == ABILITY_TARGET:
        score_ability_target(st, tb, wk, p)
    elif kind == MAY_USE_ABILITY:
        score_may_use_ability(st, tb, wk, p)
    elif kind == CHOOSE_X:
        score_choose_x(st, tb, wk, p)
    elif kind == FROM_DISCARD:
        score_from_discard(st, tb, wk, bw, p)
    elif kind == EXTRA_COMPONENT:
        score_extra_component(st, tb, wk, p)
    elif kind == PREPARE_FROM:
        score_fixed(wk, 0.0, 1.0)  # from the discard pile: the hand keeps its card
    elif kind == CHOOSE_OPPONENT:
        score_choose_opponent(st, tb, wk, p)
    elif kind == SHARE_PILE:
        demand(st, tb, wk, bw, p, bw.pol_need)
        score_share_pile(st, tb, wk, p, bw.pol_need, bw.pol_shown)
    else:
        return False
    return True


@njit_inline
def answer(wk, scored):
    """The legal option in ``wk.opt[:wk.n_opt]`` with the best score, the lowest index on a
    tie; the first legal one when the decision was not ``scored``; -1 when none is legal."""
    if not scored:
        for i in range(wk.n_opt):
            if wk.opt[i] != 0:
                return i
        return -1
    best, best_score = -1, -1.0
    for i in range(wk.n_opt):
        if wk.opt[i] != 0 and (best < 0 or wk.scores[i] > best_score):
            best, best_score = i, wk.scores[i]
    return best


@njit
def choose(st, tb, wk, kind, player):
    """The ``base`` bot's answer (the engine calls it through its address)."""
    bw = record_at(wk.bot)
    return answer(wk, score(st, tb, wk, bw, kind, player))
