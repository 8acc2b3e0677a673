"""Putting actions on a game's chain: the stack of frames :func:`chain.resolve` works through.

Mage Noir resolves effects as a chain of indivisible actions; an action that triggers others
(a card leaving play releases its Mana, a Crimson ring answers an HP loss) makes them the
*next* actions of the chain, in the order they were triggered (effects-priority sheet).
Compiled code cannot recurse (numba's cache breaks on recursive functions), so instead of
calling the rules of a triggered action, the rules *raise* it: it is appended to the game's
``pending`` list, and after the current action the chain driver moves the pending actions on
top of the chain, first raised on top. A handler that runs another card's steps in the middle
of its own (Tornado, Wave echo) *pushes* them on the chain directly: they run after the
current action's triggered actions and before the rest of the card's own steps.

A frame is a row of ``FRAME_W`` int32: its kind (``layout.FR_*``) and its arguments.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules.errors import ERR_CHAIN_FULL, ERR_PENDING_FULL, fail
from simulator.engine.rules.layout import (
    CHAIN_MAX,
    FR_CHAOS,
    FR_CLEAR_APPLYING,
    FR_CRIMSON,
    FR_IGNITION,
    FR_OCEAN_WAVES,
    FR_RELEASE,
    FR_ROBE_HIT,
    FR_STEPS,
    FR_TORNADO_RETURN,
    PENDING_MAX,
)


@njit
def _write(row, kind, a, b, c, d, e, f, g):
    row[0] = kind
    row[1] = a
    row[2] = b
    row[3] = c
    row[4] = d
    row[5] = e
    row[6] = f
    row[7] = g


@njit
def push(st, kind, a, b, c, d, e, f, g):
    """Put a frame on top of the chain: it resolves next."""
    n = st.chain_len
    if n >= CHAIN_MAX:
        fail(st, ERR_CHAIN_FULL, 0)
        return
    _write(st.chain[n], kind, a, b, c, d, e, f, g)
    st.chain_len = n + 1


@njit
def trigger(st, kind, a, b, c, d, e, f, g):
    """Raise a triggered action: it resolves right after the current action."""
    n = st.pending_len
    if n >= PENDING_MAX:
        fail(st, ERR_PENDING_FULL, 0)
        return
    _write(st.pending[n], kind, a, b, c, d, e, f, g)
    st.pending_len = n + 1


@njit
def flush_pending(st):
    """Move the triggered actions onto the chain, the first raised on top."""
    n = st.pending_len
    for i in range(n - 1, -1, -1):
        row = st.pending[i]
        push(st, row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7])
    st.pending_len = 0


# --- the frames ------------------------------------------------------------------------------
# FR_STEPS: card, trigger, side, slot, next step, steps left, the next step's entry in the
# chain's announced targets (-1: chosen when each step resolves; announce.push_steps announces)

@njit
def push_steps(st, tb, card, trig, side, slot, entry):
    """Push the steps of ``card``'s trigger ``trig`` (nothing when it has none), already
    announced from ``entry`` on (-1: not announced, each step chooses when it resolves)."""
    count = tb.trig_count[card, trig]
    if count > 0:
        push(st, FR_STEPS, card, trig, side, slot, tb.trig_first[card, trig], count, entry)


@njit
def trigger_steps(st, tb, card, trig, side, slot):
    """Raise the steps of ``card``'s trigger ``trig`` as a triggered action."""
    count = tb.trig_count[card, trig]
    if count > 0:
        trigger(st, FR_STEPS, card, trig, side, slot, tb.trig_first[card, trig], count, -1)


@njit
def trigger_release(st, player, mana):
    """Mana that was locked under a card that left play goes to the Available Ether."""
    if mana.sum() > 0:
        trigger(st, FR_RELEASE, player, mana[0], mana[1], mana[2], mana[3], mana[4], mana[5])


@njit
def trigger_ignition(st, player, slot, card):
    """A card went from play to a discard pile while an Ignition is active (player -1: an
    Adversary card)."""
    trigger(st, FR_IGNITION, player, slot, card, 0, 0, 0, 0)


@njit
def trigger_crimson(st, player):
    trigger(st, FR_CRIMSON, player, 0, 0, 0, 0, 0, 0)


@njit
def trigger_robe_hit(st, player, robes):
    trigger(st, FR_ROBE_HIT, player, robes, 0, 0, 0, 0, 0)


@njit
def push_clear_applying(st, player, slot, other_slot):
    push(st, FR_CLEAR_APPLYING, player, slot, other_slot, 0, 0, 0, 0)


@njit
def push_tornado_return(st, player, slot, card):
    push(st, FR_TORNADO_RETURN, player, slot, card, 0, 0, 0, 0)


@njit
def push_ocean_waves(st, player, done):
    push(st, FR_OCEAN_WAVES, player, done, 0, 0, 0, 0, 0)


@njit
def push_chaos(st, player, phase, card, slot, value, rounds):
    """A step of Chaos's sequence (handlers/time_bender.py: ``CHAOS_*`` phases)."""
    push(st, FR_CHAOS, player, phase, card, slot, value, rounds, 0)
