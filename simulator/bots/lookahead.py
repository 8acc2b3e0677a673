"""``lookahead``: tries its options on copies of the game, played on by the planner.

At a decision that matters (:data:`LOOKED_AT` kinds, two or more legal options), the bot takes
the planner's best few options (:data:`WIDTH`) and, for each, plays the game on from a copy of
the state with that option taken and the planner answering everything after, ``rollouts``
times; it takes the option whose rollouts won most, the tie broken by how close they came
(:func:`rollout_value`). Every other decision is the planner's.

No peeking: the rules' state holds the order of every deck and every player's hand, which the
deciding player does not see. Each rollout first redeals what the player cannot know
(:func:`determinize`): the order of their own deck, the Adversary's deck, and in co-op each
teammate's hand together with that teammate's deck. The cards redealt are put in a fixed
order before they are shuffled, so the real order never reaches a rollout, and two games that
differ only by what the player cannot see get the same decision.

Playing on from the middle of a decision: the match loop keeps its place in the state only
between main-phase actions and between turns (``game.advance``). A main-phase action is asked
at such a place, so its rollouts start from a copy of the state at once. Any other decision
(which Ether pile, a target, a forced discard) is asked in the middle of a turn or of a
card's effect. For those the bot keeps a checkpoint: a copy of the state at the last
main-phase decision, and every answer given since (:func:`remember`). A rollout starts from
the checkpoint, gives those answers again, which brings the copy to the very decision being
asked (the engine is deterministic given its answers; :func:`digest` checks it), then redeals
the hidden cards and takes the option tried. A decision with no checkpoint behind it (the
starting hand, the first turn before the first main-phase action) is the planner's.

Rollouts of one decision share their deals: rollout ``j`` of every option sees the same
redealt cards (common random numbers), so the options are compared on the same luck. Every
random word is a function of the game's seed, the decision's number and ``j`` (purpose
:data:`PURPOSE_LOOKAHEAD`): the same game gives the same decisions whatever the threads,
chunks or backend.

Inside a rollout the engine calls this bot again (the bound choose function is this one): the
rollout's work record carries the address of a second bot record of the lane, the rollout's
(``la_role`` 1), whose decisions are the checkpoint's answers, then the option tried, then
the planner's. A rollout never looks ahead itself.
"""

from __future__ import annotations

import numpy as np

from simulator.bots import base, planner
from simulator.bots.addresses import Kept, address_of, states_at, work_at
from simulator.bots.duel import seats_hp_share
from simulator.bots.lookahead_trace import trace
from simulator.bots.positions import digest, final_digest
from simulator.bots.record import record_at
from simulator.bots.redeal import determinize
from simulator.bots.teammates import team_hp
from simulator.engine.compiler.jit import njit
from simulator.engine.rules import rng
from simulator.engine.rules.errors import fail
from simulator.engine.rules.game import advance
from simulator.engine.rules.layout import (
    C_MAX,
    CHOOSE_MODE,
    DESTROY_TARGET,
    DISCARD_FROM_HAND,
    DRAW,
    MAIN_ACTION,
    MODE_SOLO,
    N_KINDS,
    NW_MAX,
    OPT_MAX,
    OPTIONAL_PAYMENT,
    P_MAX,
    PAY_TO_KEEP,
    PAY_UPKEEP,
    PHASE_MAIN,
    STARTING_HP,
    STATE_DTYPE,
    TAKE_PILE,
    TARGET,
    WIN,
)
from simulator.engine.rules.readiness import forget

#: Random-stream purpose of the redeals (the engine's own purposes are 1-4, ``rng.py``).
PURPOSE_LOOKAHEAD = 5
#: Options tried per decision: the planner's best ones (the planner's own choice first).
WIDTH = 3
#: Player turns a rollout plays before it is evaluated; 0: to the end of the game.
HORIZON = 0
#: The same in a duel (1 vs 1, 2 vs 2), whose games are longer and where every seat's
#: decisions are looked at: a rollout stops after this many turns and is worth its tiebreak
#: (the HP left on each side) unless the game ended (docs/bots.md, "Facing other mages").
DUEL_HORIZON = 6
#: How much better another option's rollouts must do to overrule the planner's choice, with
#: as many wins: its mean tiebreak higher by this much (about one HP of the team or of the
#: Adversary card). Why: with few rollouts the best of three options is often the luckiest;
#: following such noise made the bot cycle through pointless actions.
MARGIN = 0.02
#: A main-phase play the planner scores this low or lower is never tried: its rules mark a
#: preparation that would do nothing with -100 (``base.prepare_score``).
RULED_OUT = -50.0
#: Answers kept since the checkpoint; a decision further on is the planner's.
LOG_N = 512
#: The decision kinds the bot looks ahead on (the others are the planner's): the main-phase
#: action, which Ether pile, and the choices a card or the Adversary leaves to the player.
#: Not looked at: the starting hand (no checkpoint before it), the Mana elements and their
#: split between the piles (a run of small decisions, dozens a game), the order of
#: simultaneous effects, and every decision that shows cards of a deck (a rollout redeals it).
LOOKED_AT = (MAIN_ACTION, TAKE_PILE, DISCARD_FROM_HAND, TARGET, DESTROY_TARGET, CHOOSE_MODE,
             OPTIONAL_PAYMENT, PAY_UPKEEP, PAY_TO_KEEP)
#: Error code of a replay that did not reach the decision it replays (a look-ahead bug).
ERR_REPLAY = 101
REAL, ROLLOUT = 0, 1

FIELDS = [
    ("la_role", np.int8),            # REAL: the game's record; ROLLOUT: its rollouts'
    ("la_peer", np.int64),           # address of the lane's other look-ahead record
    ("la_states", np.int64),         # address of (2,) states: the checkpoint, the rollout
    ("la_work", np.int64),           # address of the rollouts' (1,) work record
    ("la_rollouts", np.int64),       # rollouts per option tried
    ("la_width", np.int64),          # options tried (WIDTH)
    ("la_horizon", np.int64),        # player turns per rollout, 0 to the end (HORIZON)
    ("la_margin", np.float64),       # MARGIN
    ("la_kinds", np.int8, (N_KINDS,)),  # 1: the kind is looked at (LOOKED_AT)
    # the checkpoint (REAL): the game and decision it was taken at, the answers since
    ("la_ck_seed", np.uint64),
    ("la_ck_count", np.int64),       # -1: no checkpoint
    ("la_log_len", np.int64),
    ("la_log", np.int16, (LOG_N,)),
    ("la_digest", np.uint64),        # digest of the state at the decision being looked at
    ("la_phase_key", np.int64),      # the main phase under way (turn, player), its game
    ("la_phase_seed", np.uint64),
    ("la_phase_actions", np.int64),  # ... its main-phase decisions so far
    # what a rollout plays (ROLLOUT): the decision it branches at, the option it tries there,
    # the player deciding, its deal
    ("la_branch", np.int64),
    ("la_answer", np.int64),
    ("la_player", np.int64),
    ("la_deal", np.int64),
    # scratch of a decision looked at (REAL)
    ("la_cands", np.int64, (OPT_MAX,)),  # options tried, the planner's order
    ("la_value", np.float64, (OPT_MAX,)),  # their rollout values, summed
    ("la_final", np.uint64, (OPT_MAX,)),   # the final state of their first rollout (digest)
    ("la_alive", np.int8, (OPT_MAX,)),     # 0: a transposition of a better-ranked one
    ("la_count", np.int64, (C_MAX,)),    # determinize: copies of each card kind redealt
    # counters, for the bench and the disagreement log
    ("la_looked", np.int64),         # decisions looked at
    ("la_played", np.int64),         # rollouts played
    ("la_changed", np.int64),        # decisions where the choice is not the planner's
    ("la_pruned", np.int64),         # decisions settled after one deal (one play left)
    ("la_by_kind", np.int64, (N_KINDS,)),  # decisions looked at, by kind
    # the decisions looked at, written into a trace when one is given (trace_into)
    ("la_trace", np.int64),          # address of (la_trace_cap,) TRACE_DTYPE entries, 0 none
    ("la_trace_cap", np.int64),
    ("la_trace_len", np.int64),      # entries written (those beyond the cap are not)
]



# --- the policy ---------------------------------------------------------------------------------

@njit
def choose(st, tb, wk, kind, player):
    """The ``lookahead`` bot's answer (the engine calls it through its address): in the game,
    the option whose rollouts did best; inside a rollout, what that rollout plays."""
    bw = record_at(wk.bot)
    if bw.la_role == ROLLOUT:
        return rollout_answer(st, tb, wk, bw, kind, player)
    scored = planner.score(st, tb, wk, bw, kind, player)
    if kind == MAIN_ACTION:
        count_main_action(st, bw, player)
        checkpoint(st, bw)
    elif st.decision_count == 0:  # a new game: no checkpoint yet
        bw.la_ck_count = -1
    choice = base.answer(wk, scored)
    if scored and bw.la_kinds[kind] != 0 and wk.ctx_run_step == 0 and bw.la_rollouts > 0:
        n = candidates(tb, wk, bw, kind)
        if n >= 2 and replayable(st, bw):
            choice = look_ahead(st, tb, wk, bw, kind, n, player, choice)
    remember(st, bw, choice)
    if kind == MAIN_ACTION and choice != 0 and bw.la_phase_actions >= tb.max_actions:
        bw.la_ck_count = -1  # the main phase stops at its action cap: a replay would not
    return choice


@njit
def count_main_action(st, bw, p):
    """Count the main-phase decisions of this main phase (``la_phase_actions``).

    Why: the match loop stops a main phase after ``max_actions`` actions, a count it keeps
    to itself; a rollout resumed from a checkpoint counts afresh. So after a main phase that
    reached its cap, the answers since the checkpoint no longer lead a replay to the same
    decisions, and the checkpoint is dropped (:func:`choose`)."""
    key = st.turn * P_MAX + p
    if key != bw.la_phase_key or bw.la_phase_seed != st.seed:
        bw.la_phase_key = key
        bw.la_phase_seed = st.seed
        bw.la_phase_actions = 0
    bw.la_phase_actions += 1


@njit
def checkpoint(st, bw):
    """At a main-phase decision: the state copied (the rollouts start there), no answer since."""
    if st.phase != PHASE_MAIN:  # asked outside the match loop (a test's command)
        bw.la_ck_count = -1
        return
    states = states_at(bw.la_states)
    states[0] = st
    bw.la_ck_seed = st.seed
    bw.la_ck_count = st.decision_count
    bw.la_log_len = 0


@njit
def remember(st, bw, choice):
    """Keep the answer given, for the rollouts of a later decision that replay it."""
    if bw.la_ck_count < 0:
        return
    k = st.decision_count - bw.la_ck_count
    if k != bw.la_log_len or k >= LOG_N:  # out of step, or too far: no more replays
        bw.la_ck_count = -1
        return
    bw.la_log[k] = choice
    bw.la_log_len = k + 1


@njit
def replayable(st, bw):
    """The checkpoint leads to this decision: same game, every answer since it kept."""
    return (bw.la_ck_count >= 0 and bw.la_ck_seed == st.seed
            and st.decision_count - bw.la_ck_count == bw.la_log_len and bw.la_log_len < LOG_N)


@njit
def candidates(tb, wk, bw, kind):
    """``la_cands``: the legal options with the planner's best scores, best first (the lowest
    index on a tie, as the planner answers), at most ``la_width``; returns how many. A trade
    the planner scores ``base.NEG`` is never tried: rollouts found luck in trades
    that enabled nothing and traded in circles (2 Mana for 1 of the same element, 5 Vegetal
    into 2 Mana over three trades, then nothing prepared: 9 of 96 games, issue 38). Nor a
    target on the wrong side (``base.WRONG_SIDE``: the own team for a damage spell): with one
    or two Adversary cards in play it was among the planner's best three, and rollouts took
    it, mostly tied on wins (electric-storm: the own player rather than a Royal physician;
    the misplay scan's ``--origins``, docs/bots.md, sixth round). Nor a main-phase play the
    planner rules out as pointless (:data:`RULED_OUT`: an Equipment that would only replace
    an equal or better one, a second Ritual once a Mage Noir, a copy of a Unique card in
    play): rollouts tied on wins took them on the tiebreak (a second Bark armor replacing
    the Druid armor just prepared; the look-ahead's lost Equipment, docs/bots.md, eighth
    round)."""
    n = 0
    width = min(bw.la_width, OPT_MAX)
    trade_at = 1 + 3 * tb.slots + tb.n_cards if kind == MAIN_ACTION else OPT_MAX
    for i in range(wk.n_opt):
        if wk.opt[i] == 0 or (i >= trade_at and wk.scores[i] <= base.NEG):
            continue  # a trade the planner rules out: it makes nothing castable
        if kind == TARGET and wk.scores[i] <= base.WRONG_SIDE:
            continue  # a target on the wrong side
        if kind == MAIN_ACTION and wk.scores[i] <= RULED_OUT:
            continue  # a play the planner rules out as pointless
        # insert i, keeping la_cands[:n] sorted by score, best first
        at = n
        while at > 0 and wk.scores[i] > wk.scores[bw.la_cands[at - 1]]:
            at -= 1
        if at >= width:
            continue
        last = min(n, width - 1)
        for k in range(last, at, -1):
            bw.la_cands[k] = bw.la_cands[k - 1]
        bw.la_cands[at] = i
        n = min(n + 1, width)
    return n


@njit
def look_ahead(st, tb, wk, bw, kind, n, player, planned):
    """The best of the ``n`` candidates (``la_cands``) by their rollouts
    (:func:`rollout_value` summed over the deals); ties go to the planner's order (``wk``: the
    game's work record, for the trace)."""
    rb = record_at(bw.la_peer)
    states = states_at(bw.la_states)
    rwk = work_at(bw.la_work)[0]
    horizon = 1  # the rollouts' per-turn tracks are not read: one row to write into
    hp_t = np.zeros((horizon, P_MAX), np.int16)
    adv_t = np.full(horizon, -1, np.int16)
    dealt_t = np.zeros(horizon, np.int32)
    taken_t = np.zeros((horizon, P_MAX), np.int32)
    mana_t = np.zeros((horizon, P_MAX), np.int32)
    player_t = np.full(horizon, -1, np.int8)
    comp_t = np.zeros((horizon, NW_MAX), np.int8)
    cast_t = np.zeros((horizon, C_MAX), np.int8)
    if st.decision_count > bw.la_ck_count:  # its rollouts replay answers: their check
        bw.la_digest = digest(st, tb)
    rb.la_branch = st.decision_count
    rb.la_player = player
    adv_max = adversary_max_hp(tb)
    rollouts = bw.la_rollouts
    alive = n
    for k in range(n):
        bw.la_value[k] = 0.0
        bw.la_alive[k] = 1
    for j in range(rollouts):
        rb.la_deal = j
        for k in range(n):
            if bw.la_alive[k] == 0:
                continue
            rb.la_answer = bw.la_cands[k]
            states[1] = states[0]
            rst = states[1]
            forget(rwk)
            rwk.log_on = 0
            rwk.rec_on = 0
            rwk.cause_card = -1
            rwk.cause_trig = -1
            play_on(rst, tb, rwk, bw.la_horizon, hp_t, adv_t, dealt_t, taken_t, mana_t,
                    player_t, comp_t, cast_t)
            if rst.error != 0:  # an engine or look-ahead bug in a rollout: the game stops
                fail(st, rst.error, rst.error_info)
                return planned
            bw.la_value[k] += rollout_value(rst, tb, adv_max, rollouts, player)
            bw.la_played += 1
            if j == 0:
                bw.la_final[k] = final_digest(rst, tb)
        if j == 0:
            alive = drop_transpositions(bw, n)
            if alive == 1:
                bw.la_pruned += 1
                break
    best = 0  # the planner's choice, which another must beat by the margin
    bar = bw.la_value[0] + bw.la_margin * rollouts / (rollouts + 1)
    for k in range(1, n):
        if bw.la_alive[k] != 0 and bw.la_value[k] > bar:
            best = k
            bar = bw.la_value[k]
    bw.la_looked += 1
    bw.la_by_kind[kind] += 1
    if bw.la_trace != 0:
        trace(st, tb, wk, bw, kind, n, player, planned, best)
    if bw.la_cands[best] != planned:
        bw.la_changed += 1
    return bw.la_cands[best]


@njit
def drop_transpositions(bw, n):
    """After the first deal: a candidate whose rollout ended in the very same state as a
    better-ranked candidate's is the same play in another order (two actions of a turn that
    commute, with the planner deciding alike after both), and is played no further. Returns
    the candidates left."""
    alive = 0
    for k in range(n):
        for i in range(k):
            if bw.la_alive[i] != 0 and bw.la_final[i] == bw.la_final[k]:
                bw.la_alive[k] = 0
                break
        alive += bw.la_alive[k]
    return alive


@njit
def play_on(st, tb, wk, turns, hp_t, adv_t, dealt_t, taken_t, mana_t, player_t, comp_t,
            cast_t):
    """Play a rollout on: ``turns`` player turns, or to the end of the game (0)."""
    if turns <= 0:
        advance(st, tb, wk, hp_t, adv_t, dealt_t, taken_t, mana_t, player_t, comp_t, cast_t,
                False)
        return
    for _ in range(turns):
        if not advance(st, tb, wk, hp_t, adv_t, dealt_t, taken_t, mana_t, player_t, comp_t,
                       cast_t, True):
            return


@njit
def rollout_answer(st, tb, wk, bw, kind, player):
    """A decision inside a rollout: the checkpoint's answer again until the decision looked
    at; there, the hidden cards redealt and the option tried; after it, the planner's."""
    n = st.decision_count
    master = record_at(bw.la_peer)
    if n < bw.la_branch:
        return master.la_log[n - master.la_ck_count]
    if n == bw.la_branch:
        replayed = n > master.la_ck_count  # (else the rollout started at this very decision)
        if replayed and digest(st, tb) != master.la_digest:
            fail(st, ERR_REPLAY, kind)
            return bw.la_answer
        determinize(st, tb, bw.la_player,
                    rng.stream_base(st.seed, PURPOSE_LOOKAHEAD, n * 4096 + bw.la_deal),
                    bw.la_count)
        return bw.la_answer
    return base.answer(wk, planner.score(st, tb, wk, bw, kind, player))


# --- evaluation ---------------------------------------------------------------------------------

@njit
def adversary_max_hp(tb):
    """The HP of the Adversary card (the largest among the Adversary cards), at least 1."""
    most = 1
    for c in range(tb.n_player_cards, tb.n_cards):
        if tb.is_adversary[c] != 0:
            most = max(most, tb.hp[c])
    return most


@njit
def rollout_value(st, tb, adv_max, rollouts, player):
    """One rollout's worth: 1 for a win, plus a tiebreak below ``1 / (rollouts + 1)``, so that
    summed over the rollouts one more win outweighs any tiebreak. The tiebreak, in [0, 1):
    half the share of the Adversary card's HP dealt to it, half the team's HP left (out
    players count 0). Why these: a win is destroying the Adversary before the team is out.
    In a duel, seen from the deciding ``player``'s team: 1 for its win, a half for a draw;
    the tiebreak half the opposing seats' HP taken, half the own team's HP left."""
    if tb.mode != MODE_SOLO:
        own, foe = seats_hp_share(st, tb, player)
        outcome = st.team_outcome[tb.team[player]]
        won = 1.0 if outcome == WIN else (0.5 if outcome == DRAW else 0.0)
        return won + min(0.999, 0.5 * (1.0 - foe) + 0.5 * own) / (rollouts + 1)
    progress = min(1.0, st.damage_to_adversary / adv_max)
    alive = min(1.0, team_hp(st, tb) / (tb.players * STARTING_HP))
    tiebreak = min(0.999, 0.5 * progress + 0.5 * alive)
    won = 1.0 if st.outcome == WIN else 0.0
    return won + tiebreak / (rollouts + 1)


# --- Python side: the lane's records ------------------------------------------------------------

def prepare_records(records: np.ndarray, rollouts: int, tables: np.ndarray) -> Kept:
    """Give each lane's record (``records``, the bot records of a batch) its rollout record,
    its checkpoint and rollout states and its rollout work record, and the budget; the
    horizon of its rollouts is the batch's mode's (``tables``: its (1,) tables record)."""
    from simulator.bots.record import new_records
    from simulator.engine.compiler.late_bound import choose_address
    from simulator.engine.host.batch import new_work

    lanes = len(records)
    rollout = new_records(lanes)
    rollout[:] = records  # the features, for the planner inside the rollouts
    states = np.zeros((lanes, 2), STATE_DTYPE)
    work = new_work(lanes)
    kinds = np.zeros(N_KINDS, np.int8)
    kinds[list(LOOKED_AT)] = 1
    for i in range(lanes):
        for rec, role, peer in ((records, REAL, rollout), (rollout, ROLLOUT, records)):
            rec[i]["la_role"] = role
            rec[i]["la_peer"] = address_of(peer, i)
            rec[i]["la_states"] = address_of(states[i], 0)
            rec[i]["la_work"] = address_of(work, i)
            rec[i]["la_rollouts"] = rollouts
            rec[i]["la_width"] = WIDTH
            rec[i]["la_horizon"] = HORIZON if tables["mode"][0] == MODE_SOLO else DUEL_HORIZON
            rec[i]["la_margin"] = MARGIN
            rec[i]["la_kinds"] = kinds
            rec[i]["la_ck_count"] = -1
        work[i]["bot"] = address_of(rollout, i)
        # mixed seats (tables.seat_bots): inside a rollout every seat is this bot's rollout
        work[i]["seat_choose"] = choose_address(choose)
        work[i]["seat_bot"] = address_of(rollout, i)
    kept = records.view(Kept)
    kept.kept = (rollout, states, work)
    return kept
