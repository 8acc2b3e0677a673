"""The match loop of one game, and the batch loop that plays many games on threads.

Turn order (solo rulesheet): Adversary, player 1, Adversary, player 2, ... A player who is out
has no turn, and neither has the Adversary turn that would have preceded it. A duel (the seat
table, ``seats.py``) has no Adversary turn: the seats play in seat order. Every game ends:
after ``max_rounds`` rounds a game still running is a ``timeout``.

Threads: :func:`play_range` releases the GIL, and the Python side (``batch.py``) runs one per
thread on disjoint games (a compiled ``prange`` loop did the same but cost a sizeable share of
the cold compile time for nothing more).

The loop keeps its place in the state (``step``, ``seat``, ``phase``), so a copy of a game
taken at a main-phase decision or between turns can be played on (:func:`play_game` resumes
where the state says).

After each player turn the per-turn tracks of the game (its rows of the batch's track arrays,
``T`` turns deep) get the players' HP, the damage dealt, the Mana taken, the component words
on the board and the cards castable that turn.
"""

from __future__ import annotations

import numpy as np

from simulator.engine.compiler.jit import njit, njit_entry
from simulator.engine.compiler.late_bound import decide
from simulator.engine.rules import animals
from simulator.engine.rules.actions import mark_castable
from simulator.engine.rules.adversary import adversary_turn
from simulator.engine.rules.board import adversary_hp, check_defeats, component_count
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.explain import say_state
from simulator.engine.rules.layout import (
    EV_KEEPS_PILE,
    EV_OPENING_PILE,
    HAND_PILE,
    KEEP_HAND,
    MODE_SOLO,
    PHASE_END,
    PHASE_MAIN,
    PHASE_NEXT_TURN,
    PHASE_OVER,
    PHASE_SETUP,
    RUNNING,
    SUM_ADVERSARY_ARRIVED,
    SUM_BOARD_OVERFLOW,
    SUM_DAMAGE_TAKEN,
    SUM_DAMAGE_TO_ADVERSARY,
    SUM_END_TURN,
    SUM_ERROR,
    SUM_ERROR_INFO,
    SUM_HP,
    SUM_LAST_HIT,
    SUM_MAGE_NOIR_TURN,
    SUM_MANA_TAKEN,
    SUM_OUT_REASON,
    SUM_OUTCOME,
    SUM_SEED,
    SUM_TEAM_OUTCOME,
    TEAMS,
    TIMEOUT,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.readiness import compute, forget
from simulator.engine.rules.turns import begin_player_turn, end_player_turn, main_phases
from simulator.engine.rules.zones import shuffle_adversary, shuffle_deck


@njit
def deal_starting_hands(st, tb, wk):
    """Shuffle, draw two piles of 5, keep one, shuffle the other back (R3.3). A player's
    Animal stays out of it and then goes face down on top of their deck (R10.5)."""
    shuffle_adversary(st)
    for q in range(tb.players):
        animal = animals.set_aside(st, tb, q) if tb.any_animal != 0 else -1
        shuffle_deck(st, q)
        top = st.deck_len[q]
        set_options(wk, 2, 1)
        for i in range(HAND_PILE):
            wk.ctx_piles[0, i] = st.deck[q, top - 1 - i]
            wk.ctx_piles[1, i] = st.deck[q, top - 1 - HAND_PILE - i]
        if wk.log_on != 0:  # the two piles of 5 the player chooses between
            for pile in range(2):
                for i in range(HAND_PILE):
                    say(wk, EV_OPENING_PILE, q, pile, wk.ctx_piles[pile, i], 0)
        keep = decide(st, tb, wk, KEEP_HAND, q)
        say(wk, EV_KEEPS_PILE, q, keep, 0, 0)
        base = top - 2 * HAND_PILE
        other = wk.ctx_piles[1 - keep].copy()
        for i in range(HAND_PILE):
            card = wk.ctx_piles[keep, i]
            st.hand[q, card] += 1
            st.drawn[q, card] += 1
        for i in range(HAND_PILE):
            st.deck[q, base + i] = other[i]
        st.deck_len[q] = base + HAND_PILE
        shuffle_deck(st, q)
        if animal >= 0:
            animals.put_on_top(st, wk, q, animal)


@njit
def record_turn(st, tb, wk, q, hp_t, adv_t, dealt_t, taken_t, mana_t, player_t, comp_t, cast_t):
    """After player ``q``'s turn: HP, damage, Mana, components and castable cards of turn t."""
    t = st.turn - 1
    inside = 0 <= t < hp_t.shape[0]
    if inside:
        for p in range(tb.players):
            hp_t[t, p] = st.hp[p]
            taken_t[t, p] = st.damage_taken[p]
            mana_t[t, p] = st.mana_taken[p]
        adv_t[t] = adversary_hp(st, tb)
        dealt_t[t] = st.damage_to_adversary
        player_t[t] = q
    if st.out[q] == 0:
        if inside:
            for j in range(tb.n_words):
                comp_t[t, j] = 1 if component_count(st, tb, q, tb.words[j]) > 0 else 0
        compute(st, tb, wk, q)
        mark_castable(st, tb, wk)
        for c in range(tb.n_player_cards):
            st.stranded[q, c] = st.hand[q, c]
    for c in range(tb.n_player_cards):
        if inside and st.castable_now[c] != 0:
            cast_t[t, c] = 1
        st.castable_now[c] = 0


@njit
def fill_after_end(st, tb, hp_t, adv_t, dealt_t, taken_t, mana_t):
    """The values at the game's end go on its last turn (a game lost on the Adversary's turn
    ends after the last player turn was recorded), then carry forward past its end so that
    curves stay defined."""
    horizon = hp_t.shape[0]
    last = min(max(st.end_turn - 1, 0), horizon - 1)
    if st.end_turn > 0:
        for p in range(tb.players):
            hp_t[last, p] = st.hp[p]
            taken_t[last, p] = st.damage_taken[p]
            mana_t[last, p] = st.mana_taken[p]
        dealt_t[last] = st.damage_to_adversary
        adv_t[last] = adversary_hp(st, tb)
    for t in range(last + 1, horizon):
        for p in range(tb.players):
            hp_t[t, p] = hp_t[last, p]
            taken_t[t, p] = taken_t[last, p]
            mana_t[t, p] = mana_t[last, p]
        adv_t[t] = adv_t[last]
        dealt_t[t] = dealt_t[last]


@njit
def play_game(st, tb, wk, hp_t, adv_t, dealt_t, taken_t, mana_t, player_t, comp_t, cast_t):
    """Play the game from where its state stands to its end."""
    advance(st, tb, wk, hp_t, adv_t, dealt_t, taken_t, mana_t, player_t, comp_t, cast_t, False)


@njit
def advance(st, tb, wk, hp_t, adv_t, dealt_t, taken_t, mana_t, player_t, comp_t, cast_t,
            one_turn):
    """Play the game on from where its state stands: to its end, or (``one_turn``) until the
    next player turn has ended. Returns True while the game goes on."""
    players = tb.players
    last_step = tb.max_rounds * players
    while st.error == 0 and st.phase != PHASE_OVER:
        if st.phase == PHASE_SETUP:
            deal_starting_hands(st, tb, wk)
            st.phase = PHASE_NEXT_TURN
        elif st.phase == PHASE_NEXT_TURN:
            if wk.log_on != 0:  # the position a transcript's reader should have rebuilt
                say_state(st, tb, wk)
            if st.outcome != RUNNING:
                break
            for _ in range(players):  # a player who is out has no turn, nor its Adversary turn
                if st.step < last_step and st.out[st.step % players] != 0:
                    st.step += 1
            if st.step >= last_step:
                break
            q = st.step % players
            st.active = q
            if tb.mode == MODE_SOLO:  # the seat table: an Adversary turn before each turn
                adversary_turn(st, tb, wk)
                check_defeats(st, tb, wk)
                if st.outcome != RUNNING or st.out[q] != 0:
                    st.step += 1
                    continue
            st.seat = q
            st.phase = PHASE_MAIN if begin_player_turn(st, tb, wk, q) else PHASE_END
        elif st.phase == PHASE_MAIN:
            main_phases(st, tb, wk)
            st.phase = PHASE_END
        else:
            q = st.seat
            end_player_turn(st, tb, wk, q)
            record_turn(st, tb, wk, q, hp_t, adv_t, dealt_t, taken_t, mana_t, player_t, comp_t,
                        cast_t)
            st.step += 1
            st.phase = PHASE_NEXT_TURN
            if one_turn:
                return True
    if st.phase != PHASE_OVER:
        if st.outcome == RUNNING:
            st.outcome = TIMEOUT
            st.end_turn = st.turn
            if tb.mode != MODE_SOLO:
                for team in range(TEAMS):
                    st.team_outcome[team] = TIMEOUT
        st.phase = PHASE_OVER
        fill_after_end(st, tb, hp_t, adv_t, dealt_t, taken_t, mana_t)
        if wk.log_on != 0:
            say_state(st, tb, wk)
    return False


@njit
def summarize(st, tb, summary, usage):
    """A finished game's result row (``layout.SUM_*`` columns) and its card usage (6, P, Cp):
    drawn, prepared, activated, channeled, first activation, stranded."""
    summary[SUM_OUTCOME] = st.outcome
    summary[SUM_END_TURN] = st.end_turn
    summary[SUM_DAMAGE_TO_ADVERSARY] = st.damage_to_adversary
    summary[SUM_BOARD_OVERFLOW] = st.board_overflow
    summary[SUM_ERROR] = st.error
    summary[SUM_ERROR_INFO] = st.error_info
    summary[SUM_SEED] = np.int64(st.seed)
    summary[SUM_ADVERSARY_ARRIVED] = st.adversary_arrived
    for team in range(TEAMS):
        summary[SUM_TEAM_OUTCOME + team] = st.team_outcome[team]
    for p in range(tb.players):
        summary[SUM_HP + p] = st.hp[p]
        summary[SUM_OUT_REASON + p] = st.out_reason[p]
        summary[SUM_MAGE_NOIR_TURN + p] = st.mage_noir_turn[p]
        summary[SUM_DAMAGE_TAKEN + p] = st.damage_taken[p]
        summary[SUM_MANA_TAKEN + p] = st.mana_taken[p]
        summary[SUM_LAST_HIT + p] = st.last_hit_card[p]
        for c in range(tb.n_player_cards):
            usage[0, p, c] = st.drawn[p, c]
            usage[1, p, c] = st.prepared_n[p, c]
            usage[2, p, c] = st.activated_n[p, c]
            usage[3, p, c] = st.channeled_n[p, c]
            usage[4, p, c] = st.first_activation[p, c]
            usage[5, p, c] = st.stranded[p, c]


@njit_entry
def play_range(template, seeds, tables, work, scratch, lane, first, stop, step, summary, usage,
               hp_t, adv_t, dealt_t, taken_t, mana_t, player_t, comp_t, cast_t):
    """Play games ``first, first + step, ...`` (below ``stop``) to their ends, one after the
    other in lane ``lane``: each starts as a copy of the fresh game ``template[0]`` with its
    seed from ``seeds``, is played in the lane's record ``scratch[lane]`` with its work record
    ``work[lane]``, and leaves its summary, usage and tracks (game on the first axis). The GIL
    is released: several Python threads play disjoint games at once, one lane each.

    Why one reused record per lane rather than a record per game: a game's record is tens of
    kilobytes (capacities for four players and 128 card kinds), and a batch of them costs more
    to allocate and zero than the games cost to play."""
    tb = tables[0]
    wk = work[lane]
    for i in range(first, stop, step):
        scratch[lane] = template[0]
        st = scratch[lane]
        st.seed = seeds[i]
        forget(wk)
        play_game(st, tb, wk, hp_t[i], adv_t[i], dealt_t[i], taken_t[i], mana_t[i],
                  player_t[i], comp_t[i], cast_t[i])
        summarize(st, tb, summary[i], usage[i])
