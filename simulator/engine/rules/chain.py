"""The chain driver: resolves a game's chain of actions, one indivisible action at a time.

With the dispatcher it calls (``dispatch.py``, generated from the op and handler
declarations), this is the only module that knows every op kernel and handler. Rules
elsewhere put actions on the chain (``frames``) and top-level actions (a main-phase action,
a turn start, an Adversary card) call :func:`resolve` until the chain is empty. After every
action the triggered actions it raised go on top of the chain, and defeats are checked
(R4.4).

A card's effect is a ``FR_STEPS`` frame: each step is one indivisible action. Before a step
runs, the frame goes back on the chain for its remaining steps, so whatever the step pushes
(another card's steps, Tornado's return) and raises (released Mana, Crimson rings) resolves
before the card's next step. A step is skipped once the game is over or its controller is
out, as are all the steps after it. The frame carries the entry of its step in the chain's
table of announced targets (``announce.py``), which the step reads through
``st.step_entry``; the table is emptied with the chain.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import leave_board
from simulator.engine.handlers import sun, time_bender, warrior_mage
from simulator.engine.handlers.base_game import air, fire, water
from simulator.engine.handlers.ids import H_MILLENNIUM, H_WAIVER_CROWN
from simulator.engine.rules import frames, ops, pile, suppress
from simulator.engine.rules.board import check_defeats
from simulator.engine.rules.damage import robe_hit
from simulator.engine.rules.dispatch import run_step
from simulator.engine.rules.layout import (
    ETHER_RELEASED,
    EV_ETHER_CAUSE,
    FR_ACTIVATED_DISCARD,
    FR_AUTUMN_LAND,
    FR_CHAOS,
    FR_CLEAR_APPLYING,
    FR_CRIMSON,
    FR_DISCARD_APPLIED,
    FR_HIT,
    FR_IGNITION,
    FR_OCEAN_WAVES,
    FR_RELEASE,
    FR_ROBE_HIT,
    FR_STEPS,
    FR_TORNADO_RETURN,
    RUNNING,
    TO_DISCARD,
)
from simulator.engine.rules.log import say, set_cause
from simulator.engine.rules.mana import add_to_ether


@njit
def execute(st, tb, wk, kind, a, b, c, d, e, f, g):
    """Resolve one frame popped off the chain (its arguments as frames.py writes them)."""
    if kind == FR_STEPS:
        card, trig, side, slot, row, left, entry = a, b, c, d, e, f, g
        if st.outcome != RUNNING or (side >= 0 and st.out[side] != 0):
            return  # the game is over or the controller is out: no more steps
        if st.any_suppressed != 0 and suppress.holds(st, side, slot):
            return  # its card stops applying its effects (Ice tree): none of its steps
        if left > 1:
            frames.push(st, FR_STEPS, card, trig, side, slot, row + 1, left - 1,
                        entry + 1 if entry >= 0 else -1)
        if ops.condition_holds(st, tb, row, side, slot):
            st.step_entry = entry
            set_cause(wk, card, trig)
            run_step(st, tb, wk, row, card, side, slot)
            set_cause(wk, -1, -1)
            st.step_entry = -1
    elif kind == FR_RELEASE:
        mana = wk.released_mana
        mana[0], mana[1], mana[2], mana[3], mana[4], mana[5] = b, c, d, e, f, g
        say(wk, EV_ETHER_CAUSE, ETHER_RELEASED, -1, 0, 0)
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
    elif kind == FR_DISCARD_APPLIED:
        if st.board_card[a, b] == c:  # still there: discarded from play
            leave_board(st, tb, wk, a, b, TO_DISCARD)
    elif kind == FR_HIT:
        hit = st.hit
        hit[0], hit[1], hit[2], hit[3], hit[4] = a, b, c, d, e
    elif kind == FR_AUTUMN_LAND:
        pile.put(st, a, b)
    elif kind == FR_CHAOS:
        time_bender.chaos_phase(st, tb, wk, a, b, c, d, e, f)
    elif kind == FR_ACTIVATED_DISCARD:
        sun.discard_activated(st, tb, wk, a, b, c)


@njit
def resolve(st, tb, wk):
    """Resolve the chain until it is empty: pop a frame, resolve it, put the actions it
    triggered on top, check defeats."""
    while True:
        if st.error != 0:
            st.chain_len = 0
            st.pending_len = 0
            st.announced_len = 0
            return
        frames.flush_pending(st)
        if st.chain_len == 0:
            if tb.any_handler[H_MILLENNIUM] != 0:
                time_bender.millennium_check(st, tb, wk)
                frames.flush_pending(st)
                if st.chain_len > 0:
                    continue
            if tb.any_handler[H_WAIVER_CROWN] != 0:
                warrior_mage.crown_check(st, tb, wk)  # an empty reserve destroys it
                frames.flush_pending(st)
                if st.chain_len > 0:
                    continue
            check_defeats(st, tb, wk)
            if st.pending_len == 0:
                st.announced_len = 0  # the chain is over: so are its announced targets
                return
            continue
        n = st.chain_len - 1
        row = st.chain[n]
        kind, a, b, c, d, e, f, g = row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7]
        st.chain_len = n
        execute(st, tb, wk, kind, a, b, c, d, e, f, g)
        frames.flush_pending(st)
        check_defeats(st, tb, wk)
