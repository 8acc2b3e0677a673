"""The look-ahead's trace: every decision it looked at, with its candidates and their rollouts.

Off unless a caller gives the records a buffer (:func:`trace_into`): then each decision looked
at writes one entry (the game, the turn, what the planner would have played, what the
look-ahead played, and for each candidate the card it is about and the sum of its rollout
values). ``scripts/lookahead_disagreements.py`` reads it to find where the two bots disagree
most, which is where the planner's habits cost it games.
"""

from __future__ import annotations

import numba
import numpy as np

from simulator.bots.addresses import Kept, array_at_in_python, pointer
from simulator.engine.compiler.jit import njit
from simulator.engine.rules.actions import action_offsets
from simulator.engine.rules.layout import DESTROY_TARGET, DISCARD_FROM_HAND, K_SLOTS, MAIN_ACTION, TARGET

#: Candidates a trace entry keeps.
TRACE_CANDS = 4
#: One decision looked at: the game, where, the candidates with what they are about (the card
#: an action prepares or a slot holds, a target's card; -1 none) and their rollout values;
#: ``log_at``: the events the game's transcript held when it was asked (its log's length), so
#: that a reader of the transcript can tell which events each decision led to (the misplay
#: scan's ``--origins``).
TRACE_DTYPE = np.dtype([
    ("seed", np.uint64), ("decision", np.int64), ("log_at", np.int32), ("turn", np.int16),
    ("player", np.int8),
    ("kind", np.int8), ("n", np.int8), ("rollouts", np.int32), ("planned", np.int16),
    ("chosen", np.int16), ("option", np.int16, (TRACE_CANDS,)),
    ("card", np.int16, (TRACE_CANDS,)), ("value", np.float64, (TRACE_CANDS,)),
], align=True)


@njit
def _trace_at(address, cap):
    return numba.carray(pointer(address), cap, TRACE_DTYPE)


if numba.config.DISABLE_JIT:
    def trace_at(address, cap):
        return array_at_in_python(address, cap, TRACE_DTYPE)
else:
    trace_at = _trace_at


@njit
def trace(st, tb, wk, bw, kind, n, player, planned, best):
    """Write the decision just looked at (its ``n`` candidates ``bw.la_cands``, their values,
    the one taken: ``best``; ``wk``: the game's work record, its log) into the trace
    (``la_trace``), while it has room."""
    k = bw.la_trace_len
    bw.la_trace_len = k + 1
    if k >= bw.la_trace_cap:
        return
    entry = trace_at(bw.la_trace, bw.la_trace_cap)[k]
    entry.seed = st.seed
    entry.decision = st.decision_count
    entry.log_at = wk.log_len
    entry.turn = st.turn
    entry.player = player
    entry.kind = kind
    entry.n = n
    entry.rollouts = bw.la_rollouts
    entry.planned = planned
    entry.chosen = bw.la_cands[best]
    for i in range(TRACE_CANDS):
        option = bw.la_cands[i] if i < n else -1
        entry.option[i] = option
        entry.card[i] = option_card(st, tb, kind, player, option) if option >= 0 else -1
        entry.value[i] = bw.la_value[i] if i < n and bw.la_alive[i] != 0 else -1.0


@njit
def option_card(st, tb, kind, p, option):
    """The card an option is about, for a reader of the trace: the card a main-phase action
    prepares, or holds in the slot it uses; a target's card; the card of a discard; -1 else."""
    if kind == MAIN_ACTION:
        ability, prepare, activate, channel, trade, size = action_offsets(tb)
        if prepare <= option < activate:
            return option - prepare
        slot = -1
        if ability <= option < prepare:
            slot = option - ability
        elif activate <= option < channel:
            slot = option - activate
        elif channel <= option < trade:
            slot = option - channel
        return st.board_card[p, slot] if slot >= 0 else -1
    if kind == DISCARD_FROM_HAND:
        return option
    if kind == TARGET or kind == DESTROY_TARGET:
        if option < K_SLOTS:
            return st.adv_card[option]
        rest = option - K_SLOTS - tb.players
        if 0 <= rest < tb.players * tb.slots:
            return st.board_card[rest // tb.slots, rest % tb.slots]
    return -1


def trace_into(records: np.ndarray, capacity: int) -> np.ndarray:
    """A trace of every decision the look-ahead records ``records`` look at from now on:
    (len(records), capacity) TRACE_DTYPE entries, zeroed, one row per record (the entries
    past ``capacity`` are counted in ``la_trace_len``, not written)."""
    traces = np.zeros((len(records), capacity), TRACE_DTYPE)
    for i in range(len(records)):
        records[i]["la_trace"] = traces.ctypes.data + traces.dtype.itemsize * capacity * i
        records[i]["la_trace_cap"] = capacity
        records[i]["la_trace_len"] = 0
    if isinstance(records, Kept):
        records.kept = (*records.kept, traces)
    return traces
