"""The chain driver: resolves a game's chain of actions, one indivisible action at a time.

This module is the dispatcher: the only one that knows every op kernel and handler, mapping
the op and handler ids of the tables to functions. Rules elsewhere put actions on the chain
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

from simulator.engine import frames, ops
from simulator.engine import handlers_air as air
from simulator.engine import handlers_fire as fire
from simulator.engine import handlers_vegetal as vegetal
from simulator.engine import handlers_water as water
from simulator.engine.board import check_defeats
from simulator.engine.damage import kerlochs_robe, robe_hit
from simulator.engine.errors import ERR_STATIC_AS_STEP, ERR_UNKNOWN_OP, fail
from simulator.engine.jit import njit
from simulator.engine.layout import (
    FR_CLEAR_APPLYING,
    FR_CRIMSON,
    FR_IGNITION,
    FR_OCEAN_WAVES,
    FR_RELEASE,
    FR_ROBE_HIT,
    FR_STEPS,
    FR_TORNADO_RETURN,
    H_ANIMATED_TREE,
    H_AZURE_RING,
    H_BREATH_OF_FLAMES,
    H_CONDENSATION_DISTRIBUTE,
    H_CONDENSATION_LOCK,
    H_CRIMSON_RITUAL,
    H_DISCARD_USED_COMPONENT,
    H_DRUID_HORNS,
    H_EMPTINESS_RITUAL_DISCARD,
    H_EMPTINESS_RITUAL_PING,
    H_EPHEMERAL_BRAMBLES,
    H_FAVORABLE_WINDS,
    H_HIGH_PRESSURE,
    H_IGNITION,
    H_KERLOCHS_ROBE,
    H_RITUAL_OF_DECOMPOSITION,
    H_RITUAL_OF_MELANGE,
    H_SUBTLE_INFILTRATION_EMPTY,
    H_THE_SYLVAN_HEALER,
    H_TIDE_MOVE_MANA,
    H_TIDE_RETURN,
    H_TORNADO,
    H_UNLEASHED_OCEAN_EMPTY,
    H_UNLEASHED_OCEAN_RELEASE,
    H_UNLEASHED_OCEAN_WAVES,
    H_VIOLENT_WIND,
    H_WARRIOR_MAGE_RITUAL_INDESTRUCTIBLE,
    OP_CODE,
    OP_CODE_COL,
    OP_HANDLER,
    OPS,
    RUNNING,
)
from simulator.engine.mana import add_to_ether
from simulator.engine.windows import warrior_mage_indestructible

HANDLER_STEP = OP_CODE["handler"]
(O_DAMAGE, O_DISTRIBUTE, O_LOSE_HP, O_LOSE_HALF, O_HEAL, O_DRAW, O_DISCARD, O_TAKE_MANA,
 O_ADD_MANA, O_DESTROY, O_RETURN_COMPONENT, O_APPLY_COMPONENT, O_RETURN_EQUIPMENT,
 O_RETURN_PREPARED, O_DISCARD_PREPARED, O_SEARCH, O_RECYCLE, O_RETURN_FROM_DISCARD,
 O_PAY_OR_DISCARD, O_DESTROY_SELF, O_WIN) = (OP_CODE[name] for name in OPS[:-1])


@njit
def run_step(st, tb, wk, r, card, side, slot):
    """Run op row ``r`` of ``card`` controlled by ``side`` (its board slot ``slot``, -1 none):
    the op kernel the row names, or its handler."""
    op = tb.ops[r, OP_CODE_COL]
    if op == O_DAMAGE:
        ops.op_damage(st, tb, wk, r, card, side, slot)
    elif op == O_HEAL:
        ops.op_heal(st, tb, wk, r, card, side, slot)
    elif op == O_DRAW:
        ops.op_draw(st, tb, wk, r, card, side, slot)
    elif op == HANDLER_STEP:
        run_handler(st, tb, wk, r, card, side, slot)
    elif op == O_LOSE_HP:
        ops.op_lose_hp(st, tb, wk, r, card, side, slot)
    elif op == O_DISTRIBUTE:
        ops.op_distribute_damage(st, tb, wk, r, card, side, slot)
    elif op == O_LOSE_HALF:
        ops.op_lose_half_hp(st, tb, wk, r, card, side, slot)
    elif op == O_DISCARD:
        ops.op_discard_from_hand(st, tb, wk, r, card, side, slot)
    elif op == O_TAKE_MANA:
        ops.op_take_mana(st, tb, wk, r, card, side, slot)
    elif op == O_ADD_MANA:
        ops.op_add_mana(st, tb, wk, r, card, side, slot)
    elif op == O_DESTROY:
        ops.op_destroy(st, tb, wk, r, card, side, slot)
    elif op == O_RETURN_COMPONENT:
        ops.op_return_component(st, tb, wk, r, card, side, slot)
    elif op == O_APPLY_COMPONENT:
        ops.op_apply_component(st, tb, wk, r, card, side, slot)
    elif op == O_RETURN_EQUIPMENT:
        ops.op_return_equipment_to_hand(st, tb, wk, r, card, side, slot)
    elif op == O_RETURN_PREPARED:
        ops.op_return_prepared_to_deck(st, tb, wk, r, card, side, slot)
    elif op == O_DISCARD_PREPARED:
        ops.op_discard_prepared(st, tb, wk, r, card, side, slot)
    elif op == O_SEARCH:
        ops.op_search_deck(st, tb, wk, r, card, side, slot)
    elif op == O_RECYCLE:
        ops.op_recycle_discard(st, tb, wk, r, card, side, slot)
    elif op == O_RETURN_FROM_DISCARD:
        ops.op_return_from_discard(st, tb, wk, r, card, side, slot)
    elif op == O_PAY_OR_DISCARD:
        ops.op_pay_or_discard(st, tb, wk, r, card, side, slot)
    elif op == O_DESTROY_SELF:
        ops.op_destroy_self(st, tb, wk, r, card, side, slot)
    elif op == O_WIN:
        ops.op_win(st, tb, wk, r, card, side, slot)
    else:
        fail(st, ERR_UNKNOWN_OP, op)


@njit
def run_handler(st, tb, wk, r, card, side, slot):
    """A registered handler step (the vocabulary cannot express these cards)."""
    h = tb.ops[r, OP_HANDLER]
    if h == H_FAVORABLE_WINDS:
        air.favorable_winds(st, tb, wk, r, card, side, slot)
    elif h == H_TORNADO:
        air.tornado(st, tb, wk, r, card, side, slot)
    elif h == H_VIOLENT_WIND:
        air.violent_wind(st, tb, wk, r, card, side, slot)
    elif h == H_BREATH_OF_FLAMES:
        air.breath_of_flames(st, tb, wk, r, card, side, slot)
    elif h == H_DISCARD_USED_COMPONENT:
        vegetal.discard_used_component(st, tb, wk, r, card, side, slot)
    elif h == H_AZURE_RING:
        water.azure_ring(st, tb, wk, r, card, side, slot)
    elif h == H_CONDENSATION_LOCK:
        water.condensation_lock(st, tb, wk, r, card, side, slot)
    elif h == H_CONDENSATION_DISTRIBUTE:
        water.condensation_distribute(st, tb, wk, r, card, side, slot)
    elif h == H_HIGH_PRESSURE:
        water.high_pressure(st, tb, wk, r, card, side, slot)
    elif h == H_TIDE_MOVE_MANA:
        water.tide_move_mana(st, tb, wk, r, card, side, slot)
    elif h == H_TIDE_RETURN:
        water.tide_return(st, tb, wk, r, card, side, slot)
    elif h == H_ANIMATED_TREE:
        vegetal.animated_tree(st, tb, wk, r, card, side, slot)
    elif h == H_THE_SYLVAN_HEALER:
        vegetal.the_sylvan_healer(st, tb, wk, r, card, side, slot)
    elif h == H_EPHEMERAL_BRAMBLES:
        vegetal.ephemeral_brambles(st, tb, wk, r, card, side, slot)
    elif h == H_EMPTINESS_RITUAL_DISCARD:
        air.emptiness_ritual_discard(st, tb, wk, r, card, side, slot)
    elif h == H_IGNITION:
        fire.ignition(st, tb, wk, r, card, side, slot)
    elif h == H_SUBTLE_INFILTRATION_EMPTY or h == H_UNLEASHED_OCEAN_EMPTY:
        water.empty_on_entry(st, tb, wk, r, card, side, slot)
    elif h == H_UNLEASHED_OCEAN_WAVES:
        water.ocean_waves_start(st, tb, wk, r, card, side, slot)
    elif h == H_UNLEASHED_OCEAN_RELEASE:
        water.unleashed_ocean_release(st, tb, wk, r, card, side, slot)
    elif h == H_CRIMSON_RITUAL:
        fire.crimson_ritual(st, tb, wk, r, card, side, slot)
    elif h == H_EMPTINESS_RITUAL_PING:
        air.emptiness_ritual_ping(st, tb, wk, r, card, side, slot)
    elif h == H_RITUAL_OF_DECOMPOSITION:
        vegetal.ritual_of_decomposition(st, tb, wk, r, card, side, slot)
    elif h == H_RITUAL_OF_MELANGE:
        water.ritual_of_melange(st, tb, wk, r, card, side, slot)
    elif h == H_DRUID_HORNS:
        vegetal.druid_horns(st, tb, wk, r, card, side, slot)
    elif h == H_KERLOCHS_ROBE:
        kerlochs_robe(st, tb, wk, r, card, side, slot)
    elif h == H_WARRIOR_MAGE_RITUAL_INDESTRUCTIBLE:
        warrior_mage_indestructible(st, tb, wk, r, card, side, slot)
    else:  # a static handler: its behaviour lives in engine hooks, never in a step
        fail(st, ERR_STATIC_AS_STEP, h)


@njit
def execute(st, tb, wk, kind, a, b, c, d, e, f, g):
    """Resolve one frame popped off the chain (its arguments as frames.py writes them)."""
    if kind == FR_STEPS:
        card, trig, side, slot, row, left = a, b, c, d, e, f
        if st.outcome != RUNNING or (side >= 0 and st.out[side] != 0):
            return  # the game is over or the controller is out: no more steps
        if left > 1:
            frames.push(st, FR_STEPS, card, trig, side, slot, row + 1, left - 1, 0)
        if ops.condition_holds(st, tb, row, side):
            run_step(st, tb, wk, row, card, side, slot)
    elif kind == FR_RELEASE:
        mana = wk.released_mana
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
