"""``scripted`` (tests): answers a test has fixed in advance, the base policy otherwise.

A test sets, per decision kind, one answer for every question of that kind (``forced_mode``
1) or a queue of answers consumed one per question (mode 2; the base policy answers once it
is empty). Each game's bot record holds them (``forced_*``, written by :func:`fix_answers`),
so each game of a test batch can be told its own answers.
"""

from __future__ import annotations

import numpy as np

from simulator.bots import base
from simulator.bots.record import record_at
from simulator.engine.compiler.jit import njit
from simulator.engine.rules.layout import N_KINDS

FORCED_Q = 16  # queued answers per decision kind

FIELDS = [
    ("forced_mode", np.int8, (N_KINDS,)),   # 0 none, 1 constant, 2 queue
    ("forced_value", np.int64, (N_KINDS,)),
    ("forced_queue", np.int64, (N_KINDS, FORCED_Q)),
    ("forced_len", np.int64, (N_KINDS,)),
    ("forced_pos", np.int64, (N_KINDS,)),
]


def fix_answers(record: np.void, answers: dict[int, int | list[int]]) -> None:
    """Write one game's fixed answers into its bot record: per decision kind (its index), an
    answer to every question (an int) or a queue consumed one per question (a list)."""
    record["forced_mode"][:] = 0
    record["forced_pos"][:] = 0
    for kind, answer in answers.items():
        if isinstance(answer, list):
            if len(answer) > FORCED_Q:
                raise ValueError(f"at most {FORCED_Q} queued answers per decision kind")
            record["forced_mode"][kind] = 2
            record["forced_len"][kind] = len(answer)
            record["forced_queue"][kind, :len(answer)] = answer
        else:
            record["forced_mode"][kind] = 1
            record["forced_value"][kind] = answer


@njit
def choose(st, tb, wk, kind, player):
    """The answer the test fixed for this question, else the base policy's."""
    bw = record_at(wk.bot)
    forced = forced_answer(bw, kind)
    if forced >= 0:
        return forced
    return base.answer(wk, base.score(st, tb, wk, bw, kind, player))


@njit
def forced_answer(bw, kind):
    """The answer the test fixed for this question of ``kind``, -1 when none."""
    mode = bw.forced_mode[kind]
    if mode == 1:
        return bw.forced_value[kind]
    if mode == 2:
        pos = bw.forced_pos[kind]
        if pos < bw.forced_len[kind]:
            bw.forced_pos[kind] = pos + 1
            return bw.forced_queue[kind, pos]
    return -1
