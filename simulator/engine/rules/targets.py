"""Who a step affects: the vocabulary's target kinds resolved to flat targets (damage.py).

:func:`select` writes the targets hit into ``wk.hits`` (one instance each) and returns how
many. A single target the rules leave open is a ``target`` decision of the step's decider
(asked whenever a legal target exists, even one: the decider names it). It is asked when the
step's card is announced (R7.2, ``announce.py``); when the step resolves, :func:`select`
returns that stored target, or nothing when it is gone.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide
from simulator.engine.rules.board import is_mage_noir, n_targets
from simulator.engine.rules.damage import (
    is_adversary_permanent,
    is_adversary_target,
    is_player_permanent,
)
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    ADVERSARY_SIDE,
    AN_ASKED,
    AN_CARD,
    AN_TARGET,
    EV_FIZZLES,
    K_SLOTS,
    MODE_SOLO,
    TARGET,
    TG_ACTIVE_PLAYER,
    TG_ADVERSARY,
    TG_ADVERSARY_AMONG_ALL_PLAYERS,
    TG_ALL_PERMANENTS,
    TG_ALL_PLAYERS,
    TG_ANY,
    TG_ANY_PERMANENT,
    TG_ANY_PLAYER,
    TG_OPPONENT,
    TG_OPPONENT_AND_PERMANENTS,
    TG_OPPONENT_PERMANENTS,
    TG_OWN_PERMANENT,
    TG_OWN_VEGETAL_PERMANENT,
    TG_OWN_VEGETAL_PERMANENTS,
    TG_PLAYER_MOST_HP,
    TG_SELF,
    TG_THIS,
    VEGETAL,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.seats import the_opponent

# Categories of a mask (bit flags).
ADVERSARY, ADV_PERMANENTS, PLAYERS, PLAYER_PERMANENTS = 1, 2, 4, 8
EVERYTHING = ADVERSARY | ADV_PERMANENTS | PLAYERS | PLAYER_PERMANENTS


@njit
def fill_mask(st, tb, out, categories):
    """``out`` (T,): 1 for the damageable things of the given categories, 0 elsewhere."""
    t_count = n_targets(tb)
    for t in range(t_count):
        out[t] = 0
    for k in range(K_SLOTS):
        if categories & ADVERSARY and is_adversary_target(st, tb, k):
            out[k] = 1
        if categories & ADV_PERMANENTS and is_adversary_permanent(st, tb, k):
            out[k] = 1
    if categories & PLAYERS:
        for p in range(tb.players):
            if st.out[p] == 0:
                out[K_SLOTS + p] = 1
    if categories & PLAYER_PERMANENTS:
        base = K_SLOTS + tb.players
        for p in range(tb.players):
            for s in range(st.board_end[p]):
                if is_player_permanent(st, tb, p, s):
                    out[base + p * tb.slots + s] = 1


@njit
def choose_one(st, tb, wk, decider, purpose, side, card):
    """One target among the legal ones already in ``wk.opt`` (a decision when any is legal);
    ``wk.hits`` then holds it. Returns the number of targets hit (0 or 1)."""
    t_count = n_targets(tb)
    for t in range(t_count):
        wk.hits[t] = 0
    any_ = False
    for t in range(t_count):
        if wk.opt[t] != 0:
            any_ = True
            break
    if not any_:
        return 0
    wk.ctx_purpose = purpose
    wk.ctx_side = side
    wk.ctx_card = card
    wk.hits[decide(st, tb, wk, TARGET, decider)] = 1
    return 1


@njit
def _legal(st, tb, wk, categories):
    """Start a target decision whose legal options are the given categories."""
    set_options(wk, n_targets(tb), 0)
    fill_mask(st, tb, wk.opt, categories)


@njit
def select(st, tb, wk, kind, purpose, side, card, slot):
    """Fill ``wk.hits`` with the targets of a step of target kind ``kind``; returns how many.

    side: the step's controller (ADVERSARY_SIDE for Adversary cards, whose open choices the
    active player makes); slot: the card's own board slot (target ``this``). In a duel a
    player's "opponent" is an opposing seat (:func:`opposing_seat`)."""
    e = st.step_entry
    if e >= 0 and st.announced[e, AN_ASKED] != 0:
        return announced(st, tb, wk, st.announced[e, AN_TARGET], st.announced[e, AN_CARD])
    t_count = n_targets(tb)
    adv = side == ADVERSARY_SIDE
    player = side if side >= 0 else 0
    decider = st.active if adv else side
    if kind == TG_ANY:
        _legal(st, tb, wk, EVERYTHING)
        return choose_one(st, tb, wk, decider, purpose, side, card)
    if kind == TG_ANY_PLAYER:
        _legal(st, tb, wk, ADVERSARY | PLAYERS)
        return choose_one(st, tb, wk, decider, purpose, side, card)
    if kind == TG_ANY_PERMANENT:
        _legal(st, tb, wk, ADV_PERMANENTS | PLAYER_PERMANENTS)
        return choose_one(st, tb, wk, decider, purpose, side, card)
    if kind == TG_PLAYER_MOST_HP:
        set_options(wk, t_count, 0)
        top = -(2 ** 31)
        for p in range(tb.players):
            if st.out[p] == 0 and st.hp[p] > top:
                top = st.hp[p]
        for p in range(tb.players):
            if st.out[p] == 0 and st.hp[p] == top:
                wk.opt[K_SLOTS + p] = 1
        return choose_one(st, tb, wk, decider, purpose, side, card)
    if kind == TG_OWN_PERMANENT or kind == TG_OWN_VEGETAL_PERMANENT:
        set_options(wk, t_count, 0)
        if not adv:
            base = K_SLOTS + tb.players + player * tb.slots
            for s in range(st.board_end[player]):
                if is_player_permanent(st, tb, player, s) and (
                        kind == TG_OWN_PERMANENT
                        or tb.element[st.board_card[player, s]] == VEGETAL):
                    wk.opt[base + s] = 1
        return choose_one(st, tb, wk, decider, purpose, side, card)
    if kind == TG_OPPONENT and adv:
        _legal(st, tb, wk, PLAYERS)
        return choose_one(st, tb, wk, decider, purpose, side, card)
    if not adv and tb.mode != MODE_SOLO and (
            kind == TG_OPPONENT or kind == TG_OPPONENT_PERMANENTS
            or kind == TG_OPPONENT_AND_PERMANENTS):
        return opposing_seat(st, tb, wk, kind, purpose, side)
    # the kinds without a choice
    if kind == TG_OPPONENT or kind == TG_ADVERSARY:
        fill_mask(st, tb, wk.hits, ADVERSARY)
    elif kind == TG_SELF:
        if adv:
            fill_mask(st, tb, wk.hits, ADVERSARY)
        else:
            fill_mask(st, tb, wk.hits, 0)
            wk.hits[K_SLOTS + player] = 1
    elif kind == TG_THIS:
        fill_mask(st, tb, wk.hits, 0)
        if adv:  # an Adversary card's own slot is its flat target
            wk.hits[slot] = 1
        elif slot >= 0 and st.board_card[player, slot] == card:  # not once it left play
            wk.hits[K_SLOTS + tb.players + player * tb.slots + slot] = 1
    elif kind == TG_ALL_PLAYERS:
        fill_mask(st, tb, wk.hits, PLAYERS)
    elif kind == TG_ADVERSARY_AMONG_ALL_PLAYERS:  # rule option all_players_include_adversary
        fill_mask(st, tb, wk.hits, ADVERSARY if tb.all_players_include_adversary != 0 else 0)
    elif kind == TG_ACTIVE_PLAYER:
        fill_mask(st, tb, wk.hits, 0)
        if st.out[st.active] == 0:
            wk.hits[K_SLOTS + st.active] = 1
    elif kind == TG_OPPONENT_PERMANENTS:
        fill_mask(st, tb, wk.hits, PLAYER_PERMANENTS if adv else ADV_PERMANENTS)
    elif kind == TG_ALL_PERMANENTS:
        fill_mask(st, tb, wk.hits, PLAYER_PERMANENTS | ADV_PERMANENTS)
    elif kind == TG_OPPONENT_AND_PERMANENTS:
        fill_mask(st, tb, wk.hits, PLAYERS | PLAYER_PERMANENTS if adv
                  else ADVERSARY | ADV_PERMANENTS)
    elif kind == TG_OWN_VEGETAL_PERMANENTS:
        fill_mask(st, tb, wk.hits, 0)
        if not adv:
            base = K_SLOTS + tb.players + player * tb.slots
            for s in range(tb.slots):
                if is_player_permanent(st, tb, player, s) and \
                        tb.element[st.board_card[player, s]] == VEGETAL:
                    wk.hits[base + s] = 1
    else:
        fill_mask(st, tb, wk.hits, 0)
    n = 0
    for t in range(t_count):
        n += wk.hits[t]
    return n


@njit
def opposing_seat(st, tb, wk, kind, purpose, side):
    """A duel: "the opponent" of player ``side``'s card is an opposing seat (seats.py; in
    2 vs 2 the one they choose), with its Permanents for the kinds that name them."""
    fill_mask(st, tb, wk.hits, 0)
    q = the_opponent(st, tb, wk, side, purpose)
    if q < 0:
        return 0
    n = 0
    if kind != TG_OPPONENT_PERMANENTS:
        wk.hits[K_SLOTS + q] = 1
        n += 1
    if kind != TG_OPPONENT:
        base = K_SLOTS + tb.players + q * tb.slots
        for s in range(st.board_end[q]):
            if is_player_permanent(st, tb, q, s):
                wk.hits[base + s] = 1
                n += 1
    return n


@njit
def still_there(st, tb, t, card):
    """Flat target ``t``, chosen when it held ``card`` (-1 a player), is still a target: the
    same Adversary card or Permanent in its slot with HP, the player still in the game."""
    if t < K_SLOTS:
        return st.adv_card[t] == card and st.adv_hp[t] > 0
    if t < K_SLOTS + tb.players:
        return st.out[t - K_SLOTS] == 0
    p, s = divmod(t - K_SLOTS - tb.players, tb.slots)
    return st.board_card[p, s] == card and is_player_permanent(st, tb, p, s)


@njit
def announced(st, tb, wk, t, card):
    """``wk.hits`` for a target chosen at announcement: it alone, or none when none was legal
    then or it is gone now (R7.2)."""
    fill_mask(st, tb, wk.hits, 0)
    if t < 0:
        return 0
    if not still_there(st, tb, t, card):
        say(wk, EV_FIZZLES, t, card, 0, 0)
        return 0
    wk.hits[t] = 1
    return 1


@njit
def adversary_amount(st, tb, row_amount, row_amount_mn, target):
    """An Adversary card's amount on ``target``: ``amount_mn`` when it is a player who is a
    Mage Noir."""
    if K_SLOTS <= target < K_SLOTS + tb.players and is_mage_noir(st, tb, target - K_SLOTS):
        return row_amount_mn
    return row_amount
