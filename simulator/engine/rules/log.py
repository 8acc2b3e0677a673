"""The transcript: events the engine records for the game being replayed.

Why events and not text: compiled code cannot format strings cheaply, and only one game of a
run is ever transcribed. Each call site writes an event code and a few integers into the
lane's log (``WORK_DTYPE.log``) when ``log_on`` is set, and does nothing otherwise;
:mod:`simulator.engine.host.transcript` turns the events into lines, which :mod:`simulator.replay`
prints. A log that fills up stops recording (the replay says so) rather than failing the game.

Every :func:`say` event also carries its cause: the card whose steps were resolving and their
trigger (``wk.cause_card`` / ``wk.cause_trig``, set by the chain around each step), so that
the transcript can say what dealt a damage or took HP away ("from Draconic flame, used as a
component").
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules.layout import (
    LOG_MAX,
)


@njit
def say(wk, event, a, b, c, d):
    """Record ``event`` with four integer arguments (unused ones are 0)."""
    if wk.log_on == 0:
        return
    n = wk.log_len
    if n < LOG_MAX:
        row = wk.log[n]
        row[0] = event
        row[1] = a
        row[2] = b
        row[3] = c
        row[4] = d
        row[5] = wk.cause_card
        row[6] = wk.cause_trig
        row[7] = 0
    wk.log_len = n + 1


@njit
def say_after(wk, value):
    """Complete the event just said with ``value`` in its last column: the HP a card has
    after the change the event describes, so that the reader can tell two copies apart."""
    if wk.log_on != 0 and 0 < wk.log_len <= LOG_MAX:
        wk.log[wk.log_len - 1, 7] = value


@njit
def set_cause(wk, card, trig):
    """The events said from now on come from ``card``'s steps on ``trig`` (-1, -1: none)."""
    if wk.log_on != 0:
        wk.cause_card = card
        wk.cause_trig = trig


@njit
def say_mana(wk, event, a, mana):
    """Record ``event`` with one integer and a Mana vector (E,)."""
    if wk.log_on == 0:
        return
    n = wk.log_len
    if n < LOG_MAX:
        row = wk.log[n]
        row[0] = event
        row[1] = a
        for e in range(6):
            row[2 + e] = mana[e]
    wk.log_len = n + 1
