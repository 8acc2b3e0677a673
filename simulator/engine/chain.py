"""The chain driver: resolves a game's chain of actions, one indivisible action at a time.

This module is the dispatcher: the only one that knows every op kernel and handler, mapping
the op and handler ids of the tables to functions (``STEP_FUNCTIONS``; they are called through
their addresses, see ``late.py``). Rules elsewhere put actions on the chain
(``frames``) and top-level actions (a main-phase action, a turn start, an Adversary card)
call :func:`resolve` until the chain is empty. After every action the triggered actions it
raised go on top of the chain, and defeats are checked (R4.4).

A card's effect is a ``FR_STEPS`` frame: each step is one indivisible action. Before a step
runs, the frame goes back on the chain for its remaining steps, so whatever the step pushes
(another card's steps, Tornado's return) and raises (released Mana, Crimson rings) resolves
before the card's next step. A step is skipped once the game is over or its controller is
out, as are all the steps after it.
"""

from __future__ import annotations

import numpy as np

from simulator.engine import frames, ops
from simulator.engine import handlers_air as air
from simulator.engine import handlers_fire as fire
from simulator.engine import handlers_vegetal as vegetal
from simulator.engine import handlers_water as water
from simulator.engine.board import check_defeats
from simulator.engine.damage import kerlochs_robe, robe_hit
from simulator.engine.errors import ERR_STATIC_AS_STEP, fail
from simulator.engine.jit import njit
from simulator.engine.late import STEP_BASE, call_step
from simulator.engine.layout import (
    FR_CLEAR_APPLYING,
    FR_CRIMSON,
    FR_IGNITION,
    FR_OCEAN_WAVES,
    FR_RELEASE,
    FR_ROBE_HIT,
    FR_STEPS,
    FR_TORNADO_RETURN,
    H_WATER_DROP,
    HANDLERS,
    N_OPS,
    OP_CODE,
    OP_CODE_COL,
    OP_HANDLER,
    OPS,
    RUNNING,
    E,
)
from simulator.engine.mana import add_to_ether
from simulator.engine.windows import warrior_mage_indestructible


@njit
def static_as_step(st, tb, wk, r, card, side, slot):
    """Registered for static handlers: their behaviour lives in engine hooks, never in a step."""
    fail(st, ERR_STATIC_AS_STEP, tb.ops[r, OP_HANDLER])


#: The step functions, by step index: the op kernels in ``layout.OPS`` order, then the handlers
#: in ``layout.HANDLERS`` order. Each takes ``(st, tb, wk, r, card, side, slot)``; their native
#: addresses fill ``tables.addr`` from ``late.STEP_BASE`` on (:func:`late.bind`).
STEP_FUNCTIONS = (
    ops.op_damage, ops.op_distribute_damage, ops.op_lose_hp, ops.op_lose_half_hp, ops.op_heal,
    ops.op_draw, ops.op_discard_from_hand, ops.op_take_mana, ops.op_add_mana, ops.op_destroy,
    ops.op_return_component, ops.op_apply_component, ops.op_return_equipment_to_hand,
    ops.op_return_prepared_to_deck, ops.op_discard_prepared, ops.op_search_deck,
    ops.op_recycle_discard, ops.op_return_from_discard, ops.op_pay_or_discard,
    ops.op_destroy_self, ops.op_win, static_as_step,  # "handler": see the handlers below
    air.favorable_winds, air.tornado, air.violent_wind, air.breath_of_flames,
    vegetal.discard_used_component, water.azure_ring, water.condensation_lock,
    water.condensation_distribute, water.high_pressure, water.tide_move_mana, water.tide_return,
    vegetal.animated_tree, vegetal.the_sylvan_healer, vegetal.ephemeral_brambles,
    air.emptiness_ritual_discard, fire.ignition, water.empty_on_entry, water.empty_on_entry,
    water.ocean_waves_start, water.unleashed_ocean_release,
    # abilities
    fire.crimson_ritual, air.emptiness_ritual_ping, vegetal.ritual_of_decomposition,
    water.ritual_of_melange, vegetal.druid_horns, kerlochs_robe, warrior_mage_indestructible,
) + (static_as_step,) * (len(HANDLERS) - H_WATER_DROP)
assert len(STEP_FUNCTIONS) == len(OPS) + len(HANDLERS)
HANDLER_STEP = OP_CODE["handler"]


@njit
def run_step(st, tb, wk, r, card, side, slot):
    """Run op row ``r`` of ``card`` controlled by ``side`` (its board slot ``slot``, -1 none):
    a jump to the op kernel or handler the row names (``STEP_FUNCTIONS``)."""
    op = tb.ops[r, OP_CODE_COL]
    k = op if op != HANDLER_STEP else N_OPS + tb.ops[r, OP_HANDLER]
    call_step(tb.addr[STEP_BASE + k], st, tb, wk, r, card, side, slot)


def step_function(st, tb, r):
    """The Python step function op row ``r`` names (``NUMBA_DISABLE_JIT=1`` only)."""
    op = tb.ops[r, OP_CODE_COL]
    return STEP_FUNCTIONS[op if op != HANDLER_STEP else N_OPS + tb.ops[r, OP_HANDLER]]


@njit
def execute(st, tb, wk, kind, a, b, c, d, e, f, g):
    """Resolve one frame popped off the chain (its arguments as frames.py writes them)."""
    if kind == FR_STEPS:
        card, trig, side, slot, row, left = a, b, c, d, e, f
        if st.outcome != RUNNING or (side >= 0 and st.out[side] != 0):
            return  # the game is over or the controller is out: no more steps
        if left > 1:
            frames.push(st, FR_STEPS, card, trig, side, slot, row + 1, left - 1, 0, 0)
        if ops.condition_holds(st, tb, row, side):
            run_step(st, tb, wk, row, card, side, slot)
    elif kind == FR_RELEASE:
        mana = np.zeros(E, np.int64)
        mana[0], mana[1], mana[2], mana[3], mana[4], mana[5] = b, c, d, e, f, g
        add_to_ether(st, tb, wk, a, mana)
    elif kind == FR_IGNITION:
        fire.ignition_hits(st, tb, wk, a, b, c)
    elif kind == FR_CRIMSON:
        fire.crimson_rings(st, tb, wk, a)
    elif kind == FR_ROBE_HIT:
        robe_hit(st, tb, wk, a, b)
    elif kind == FR_CLEAR_APPLYING:
        st.applying[a, b] = 0
        if c >= 0:
            st.applying[a, c] = 0
    elif kind == FR_TORNADO_RETURN:
        air.tornado_return(st, tb, wk, a, b, c)
    elif kind == FR_OCEAN_WAVES:
        water.ocean_waves(st, tb, wk, a, b)


@njit
def resolve(st, tb, wk):
    """Resolve the chain until it is empty: pop a frame, resolve it, put the actions it
    triggered on top, check defeats."""
    while True:
        if st.error != 0:
            st.chain_len = 0
            st.pending_len = 0
            return
        frames.flush_pending(st)
        if st.chain_len == 0:
            check_defeats(st, tb, wk)
            if st.pending_len == 0:
                return
            continue
        n = st.chain_len - 1
        row = st.chain[n]
        kind, a, b, c, d, e, f, g = row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7]
        st.chain_len = n
        execute(st, tb, wk, kind, a, b, c, d, e, f, g)
        frames.flush_pending(st)
        check_defeats(st, tb, wk)
