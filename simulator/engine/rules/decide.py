"""The decision gateway: every choice the rules leave to a player goes through :func:`decide`.

The rules write the legal options of the decision into the lane's work record (``opt[:n]``,
``n_opt``) and its context into the ``ctx_*`` fields, then call :func:`decide` with the
decision kind and the deciding player. The batch's bot answers one option (its compiled
choose function, which the run handed the engine: ``late.choose``); the engine checks that it
is legal. When the seats have bots of their own (``tables.seat_bots``, a duel's mixed seats),
the deciding seat's bot answers, with its own record (``work.seat_choose``, ``seat_bot``); a
batch with one bot pays one test for it. An empty option list or an illegal answer is an
engine bug: it is recorded as the game's error (raised in Python after the batch) and the
first legal option is taken so that the game can stop cleanly.

Tests record every decision asked (``rec_on``): kind, player, options and some context.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import choose, choose_at
from simulator.engine.rules.errors import ERR_ILLEGAL_CHOICE, ERR_NO_OPTION, fail
from simulator.engine.rules.layout import (
    REC_MAX,
    REC_POOL,
    E,
)


@njit
def set_options(wk, n, value):
    """Start a decision of ``n`` options, every one legal (``value`` 1) or none (0), with
    no context yet (each decision site sets the context its kind has)."""
    wk.n_opt = n
    wk.ctx_card = -1
    wk.ctx_word = -1
    wk.ctx_purpose = -1
    wk.ctx_side = 0
    wk.ctx_reason = 0
    wk.ctx_ability = -1
    wk.ctx_amount = 0
    wk.ctx_element = -1
    wk.ctx_worth = 0
    wk.ctx_target = -1
    wk.ctx_run_step = 0
    for i in range(n):
        wk.opt[i] = value


@njit
def first_legal(wk):
    for i in range(wk.n_opt):
        if wk.opt[i] != 0:
            return i
    return -1



@njit
def decide(st, tb, wk, kind, player):
    """The option the policy picks among ``wk.opt[:wk.n_opt]`` for ``player``."""
    first = first_legal(wk)
    if first < 0:
        fail(st, ERR_NO_OPTION, kind)
        return 0
    if wk.rec_on != 0:
        _record(wk, kind, player)
    if tb.seat_bots != 0:  # each seat its own bot (mixed seats): its record, its function
        wk.bot = wk.seat_bot[player]
        choice = choose_at(wk.seat_choose[player], st, tb, wk, kind, player)
    else:
        choice = choose(st, tb, wk, kind, player)
    st.decision_count += 1
    if choice < 0 or choice >= wk.n_opt or wk.opt[choice] == 0:
        fail(st, ERR_ILLEGAL_CHOICE, kind)
        return first
    return choice


@njit
def _record(wk, kind, player):
    """Write the question into the lane's record (tests read it back); one that no longer
    fits is counted in ``rec_lost`` instead, so the reader can refuse an incomplete record."""
    n = wk.rec_len
    if n >= REC_MAX or wk.rec_pool_len + wk.n_opt > REC_POOL:
        wk.rec_lost += 1
        return
    row = wk.rec[n]
    row[0] = kind
    row[1] = player
    row[2] = wk.n_opt
    row[3] = wk.rec_pool_len
    row[4] = wk.ctx_card
    row[5] = wk.ctx_word
    row[6] = wk.ctx_purpose
    row[7] = wk.ctx_reason
    row[8] = wk.ctx_ability
    row[9] = wk.ctx_amount
    row[10] = wk.ctx_element
    row[11] = wk.ctx_worth
    for i in range(wk.n_opt):
        wk.rec_pool[wk.rec_pool_len + i] = wk.opt[i]
    wk.rec_pool_len += wk.n_opt
    wk.rec_len = n + 1


@njit
def reserve_element(st, tb, wk, kind, player):
    """A ``kind`` decision among the elements of which ``player``'s reserve holds Mana (paying
    or locking one Mana of their choice); -1 when the reserve is empty."""
    set_options(wk, E, 0)
    held = False
    for e in range(E):
        if st.reserve[player, e] > 0:
            wk.opt[e] = 1
            held = True
    if not held:
        return -1
    return decide(st, tb, wk, kind, player)
