"""What the transcript shows of a position, beyond the actions: the board at a turn's start
(every card in play with its zone, HP and locked Mana, the Adversary's cards with their HP),
and why a player who ends a main phase with Mana left kept each card of their hand.

Why a module of its own: these events describe a position rather than a change, and a reader
auditing a replay needs them to check what happened ("why did the bot pass with 28 Mana?").
Every function here returns at once when the game is not being logged, so runs pay nothing.
"""

from __future__ import annotations

import numpy as np

from simulator.engine.compiler.jit import njit
from simulator.engine.rules import animals
from simulator.engine.rules.board import free_slot
from simulator.engine.rules.components import fewer_allowed, king_here
from simulator.engine.rules.layout import (
    ADVERSARY_SIDE,
    EMPTY,
    EQUIPMENT,
    EQUIPMENT_TYPE,
    EV_ENDS_MAIN,
    EV_HOLDS,
    EV_IN_PLAY,
    EV_STATE,
    HOLD_ANIMAL,
    HOLD_CHOSEN,
    HOLD_COMPONENTS,
    HOLD_INERT,
    HOLD_MAGE_NOIR_ONLY,
    HOLD_MANA,
    HOLD_NO_SLOT,
    HOLD_PREPARED,
    HOLD_UNIQUE,
    K_SLOTS,
    LOG_MAX,
    PREPARED,
    S_MAX,
    ST_ADV_SLOT,
    ST_ADVERSARY,
    ST_END,
    ST_ETHER,
    ST_PLAYER,
    ST_RESERVE,
    ST_SLOT,
    STATE_KEY,
    E,
)
from simulator.engine.rules.log import say, say_mana


@njit
def say_board(st, tb, wk):
    """One ``in_play`` event per card in play: the players' (zone, HP, Mana locked under it)
    and the Adversary's (HP)."""
    if wk.log_on == 0:
        return
    for k in range(K_SLOTS):
        if st.adv_card[k] >= 0:
            say(wk, EV_IN_PLAY, ADVERSARY_SIDE, st.adv_card[k], EMPTY, st.adv_hp[k])
    for p in range(tb.players):
        for s in range(st.board_end[p]):
            if st.board_zone[p, s] == EMPTY:
                continue
            say(wk, EV_IN_PLAY, p, st.board_card[p, s], st.board_zone[p, s], st.board_hp[p, s])
            locked = 0
            for e in range(E):
                locked += st.board_mana[p, s, e]
            if wk.log_len <= LOG_MAX:
                wk.log[wk.log_len - 1, 7] = locked


@njit
def say_state(st, tb, wk):
    """The position in ``state`` rows (never printed): each player's HP, zone sizes and
    reserve, the two Ether piles, the Adversary's piles and cards, every card in play. The
    tests rebuild the position from the printed lines alone and compare it with these, so a
    change the transcript does not explain shows at the next turn."""
    if wk.log_on == 0:
        return
    row = np.zeros(E, np.int64)
    for p in range(tb.players):
        hand = 0
        for c in range(tb.n_cards):
            hand += st.hand[p, c]
        row[0], row[1], row[2] = st.hp[p], hand, st.deck_len[p]
        row[3], row[4], row[5] = st.discard_len[p], st.exile_len[p], st.out[p]
        say_mana(wk, EV_STATE, ST_PLAYER * STATE_KEY + p, row)
        say_mana(wk, EV_STATE, ST_RESERVE * STATE_KEY + p, st.reserve[p])
    for i in range(2):
        say_mana(wk, EV_STATE, ST_ETHER * STATE_KEY + i, st.ether[i])
    row[:] = 0
    row[0], row[1] = st.adv_deck_len, st.adv_pile_len
    say_mana(wk, EV_STATE, ST_ADVERSARY * STATE_KEY, row)
    for k in range(K_SLOTS):
        if st.adv_card[k] >= 0:
            row[:] = 0
            row[0], row[1] = st.adv_card[k], st.adv_hp[k]
            say_mana(wk, EV_STATE, ST_ADV_SLOT * STATE_KEY + k, row)
    for p in range(tb.players):
        for s in range(st.board_end[p]):
            if st.board_zone[p, s] != EMPTY:
                row[:] = 0
                row[0], row[1], row[2] = st.board_card[p, s], st.board_zone[p, s], st.board_hp[p, s]
                for e in range(E):
                    row[3] += st.board_mana[p, s, e]
                say_mana(wk, EV_STATE, ST_SLOT * STATE_KEY + p * S_MAX + s, row)
    row[:] = 0
    row[0] = st.turn
    say_mana(wk, EV_STATE, ST_END * STATE_KEY, row)


@njit
def hold_reason(st, tb, wk, p, c, room):
    """Why player ``p`` did not prepare card ``c`` (``wk.rd_*`` and ``wk.legal_prepare`` are
    those of the decision just taken) and the number that goes with it: the Mana short, the
    components missing."""
    if wk.legal_prepare[c] != 0:
        return HOLD_CHOSEN, 1 if equipment_copy(st, tb, p, c) else 0
    if tb.inert[c] != 0:
        return HOLD_INERT, 0
    mn = wk.rd_mage_noir != 0
    if tb.mage_noir_only[c] != 0 and not mn:
        return HOLD_MAGE_NOIR_ONLY, 0
    if tb.any_exhausts_animal != 0 and tb.exhausts_animal[c] != 0 and not animals.face_up(st, p):
        return HOLD_ANIMAL, 0
    if wk.rd_missing[c] > fewer_allowed(st, tb, p, c, mn, king_here(st, tb, p)):
        return HOLD_COMPONENTS, wk.rd_missing[c]
    if wk.rd_affordable[c] == 0:
        short = 0
        for e in range(E):
            if wk.rd_cost[c, e] > st.reserve[p, e]:
                short += wk.rd_cost[c, e] - st.reserve[p, e]
        return HOLD_MANA, short
    if not room:
        return HOLD_NO_SLOT, 0
    if tb.unique[c] != 0:
        return HOLD_UNIQUE, 0
    return HOLD_COMPONENTS, wk.rd_missing[c]  # e.g. an alternative component it cannot pay


@njit
def say_holds(st, tb, wk, p):
    """Player ``p`` ends the main phase: when Mana is left, an ``ends_main`` event and one
    ``holds`` event per card kind in hand (and per spell left in preparation) with its reason."""
    if wk.log_on == 0:
        return
    mana = 0
    for e in range(E):
        mana += st.reserve[p, e]
    if mana == 0:
        return
    cards = 0
    for c in range(tb.n_player_cards):
        cards += st.hand[p, c]
    say(wk, EV_ENDS_MAIN, p, mana, cards, 0)
    room = free_slot(st, tb, p) >= 0
    for c in range(tb.n_player_cards):
        if st.hand[p, c] > 0:
            reason, number = hold_reason(st, tb, wk, p, c, room)
            say(wk, EV_HOLDS, p, c, reason, number)
    for s in range(st.board_end[p]):
        if st.board_zone[p, s] == PREPARED:
            say(wk, EV_HOLDS, p, st.board_card[p, s], HOLD_PREPARED, kept_why(st, tb, p, s))


@njit
def equipment_copy(st, tb, p, c):
    """Card ``c`` is an Equipment and a copy of it is already in player ``p``'s Equipment
    slot: preparing it would only replace that copy."""
    if tb.card_type[c] != EQUIPMENT_TYPE:
        return False
    for s in range(st.board_end[p]):
        if st.board_card[p, s] == c and st.board_zone[p, s] == EQUIPMENT:
            return True
    return False


@njit
def kept_why(st, tb, p, s):
    """Why a spell stays in preparation at the end of a main phase (HOLD_PREPARED's number):
    1 prepared this turn, 2 it provides a component some card of the batch requires, 0
    neither (the player keeps it for later)."""
    if st.board_turn[p, s] == st.turn:
        return 1
    c = st.board_card[p, s]
    for w in range(tb.n_words):
        if tb.provides[c, tb.words[w]] != 0:
            return 2
    return 0
