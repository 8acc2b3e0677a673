"""``scripted``: answers a test has fixed in advance, the base policy otherwise.

A test sets, per decision kind, one answer for every question of that kind (``forced_mode``
1) or a queue of answers consumed one per question (mode 2; the base policy answers once it
is empty). The work record of the game holds them (``forced_*``), so each game of a test
batch can be told its own answers.
"""

from __future__ import annotations

from simulator.engine.jit import njit


@njit
def forced_answer(wk, kind):
    """The answer the test fixed for this question of ``kind``, -1 when none."""
    mode = wk.forced_mode[kind]
    if mode == 1:
        return wk.forced_value[kind]
    if mode == 2:
        pos = wk.forced_pos[kind]
        if pos < wk.forced_len[kind]:
            wk.forced_pos[kind] = pos + 1
            return wk.forced_queue[kind, pos]
    return -1
