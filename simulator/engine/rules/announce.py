"""Announcing a card's effect: its targets are chosen before any of its steps resolves (R7.2).

The effects-priority sheet (the Tornado case) and R7.2: when a card's effect is put on the
chain, its controller (the active player for an Adversary card) designates the target of every
step that needs one, one after the other, and the components a step applies (Tornado's Wind)
with the targets of *their* steps. A step whose target is gone when it resolves (a Permanent
or an Adversary card that left play, a player out) does nothing.

:func:`push_steps` is where a card's effect starts: it walks the card's steps, and those of
the components they apply, nested up to ``ANNOUNCE_DEPTH`` cards, asks each designation, and
writes the answers into the chain's table ``st.announced`` (one ``AN_*`` row per step; a
``FR_STEPS`` frame carries the entry of its next step). When a step resolves, the chain sets
``st.step_entry``; ``targets.select`` then returns the stored target instead of asking, and
the ops that apply a component (``ops.op_apply_component``, Tornado) take the stored one.

What is announced (``tables._announces``): the target decisions of the vocabulary's
damage, lose_hp, heal and discard_from_hand steps (target kinds a player chooses), a destroy
step's target, the handlers declared with ``announces``, and the component an
``apply_component`` step or Tornado applies. A step whose ``if`` condition does not hold at
announcement is not announced; should it hold when it resolves, it chooses then. Who an
"each"/"all" step hits is read when it resolves (no choice is made). The table is emptied
when the chain is.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide, select
from simulator.engine.rules import frames
from simulator.engine.rules.board import n_targets, provides_component
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.errors import ERR_ANNOUNCED_FULL, fail
from simulator.engine.rules.layout import (
    ADVERSARY_SIDE,
    AN_ASKED,
    AN_CARD,
    AN_SUB,
    AN_TARGET,
    ANN_DESTROY,
    ANNOUNCE_DEPTH,
    ANNOUNCED_MAX,
    DESTROY_TARGET,
    EV_ANNOUNCES,
    FR_STEPS,
    K_SLOTS,
    MODE_SOLO,
    OP_ANN_PURPOSE,
    OP_ANN_TARGET,
    OP_APPLIES,
    OP_CODE,
    OP_CODE_COL,
    OP_OPTIONAL,
    OP_WHAT,
    OWN_COMPONENT,
    T_ACTIVATE,
    TG_OPPONENT,
)
from simulator.engine.rules.log import say
from simulator.engine.rules.ops import condition_holds, decider_of, destroy_options
from simulator.engine.rules.seats import forget_foe

APPLY_COMPONENT = OP_CODE["apply_component"]


@njit
def push_steps(st, tb, wk, card, trig, side, slot):
    """Put ``card``'s ``trig`` steps on the chain (nothing when it has none), their targets
    chosen now."""
    count = tb.trig_count[card, trig]
    if count > 0:
        if tb.mode != MODE_SOLO:
            forget_foe(st, side)  # 2 vs 2: this card's "opponent" is chosen afresh
            for q in range(tb.players):
                st.taken_before[q] = st.damage_taken[q]
        first = tb.trig_first[card, trig]
        entry = announce(st, tb, wk, card, side, slot, first, count)
        frames.push(st, FR_STEPS, card, trig, side, slot, first, count, entry)


@njit
def _designates(tb, r):
    return tb.ops[r, OP_ANN_TARGET] >= 0 or tb.ops[r, OP_APPLIES] >= 0


@njit
def _allocate(st, card, count):
    """``count`` fresh entries of the chain's table (not asked), the first one's index."""
    base = st.announced_len
    if base + count > ANNOUNCED_MAX:
        fail(st, ERR_ANNOUNCED_FULL, card)
        return -1
    for i in range(base, base + count):
        for c in range(4):
            st.announced[i, c] = 0
        st.announced[i, AN_SUB] = -1
    st.announced_len = base + count
    return base


@njit
def announce(st, tb, wk, card, side, slot, first, count):
    """Ask what the steps ``first .. first+count-1`` of ``card`` designate, and those of the
    components they apply; returns the entry of the first step, -1 when none designates."""
    any_ = False
    for r in range(first, first + count):
        if _designates(tb, r):
            any_ = True
    if not any_:
        return -1
    base = _allocate(st, card, count)
    if base < 0:
        return -1
    stack = wk.ann_stack
    stack[0, 0], stack[0, 1], stack[0, 2] = card, side, slot
    stack[0, 3], stack[0, 4], stack[0, 5] = first, count, base
    depth = 1
    while depth > 0:
        top = stack[depth - 1]
        if top[4] == 0:
            depth -= 1
            continue
        c, r, e = top[0], top[3], top[5]
        top[3] += 1
        top[4] -= 1
        top[5] += 1
        if not _designates(tb, r) or not condition_holds(st, tb, r, side, top[2]):
            continue
        if tb.ops[r, OP_ANN_TARGET] >= 0:
            _choose_target(st, tb, wk, r, c, side, top[2], e)
            continue
        s = _choose_component(st, tb, wk, r, side, top[2], stack, depth)
        st.announced[e, AN_ASKED] = 1
        st.announced[e, AN_TARGET] = s
        if s < 0:
            continue
        comp = st.board_card[side, s]
        st.announced[e, AN_CARD] = comp
        say(wk, EV_ANNOUNCES, side, c, -1, comp)
        n = tb.trig_count[comp, T_ACTIVATE]
        if n == 0 or depth >= ANNOUNCE_DEPTH:
            continue  # nothing to apply, or nested too deep: its steps choose when they resolve
        sub = _allocate(st, comp, n)
        if sub < 0:
            return base
        st.announced[e, AN_SUB] = sub
        nxt = stack[depth]
        nxt[0], nxt[1], nxt[2] = comp, side, s
        nxt[3], nxt[4], nxt[5] = tb.trig_first[comp, T_ACTIVATE], n, sub
        depth += 1
    return base


@njit
def _choose_target(st, tb, wk, r, card, side, slot, e):
    """The target decision of step ``r`` (``targets.select``), stored in entry ``e`` with the
    card it designates (-1 for a player)."""
    kind = tb.ops[r, OP_ANN_TARGET]
    if kind == TG_OPPONENT and side != ADVERSARY_SIDE and tb.mode == MODE_SOLO:
        return  # a player's opponent is the Adversary itself: nothing to choose
    st.announced[e, AN_ASKED] = 1
    st.announced[e, AN_TARGET] = -1
    if kind == ANN_DESTROY:
        if destroy_options(st, tb, wk, tb.ops[r, OP_WHAT], tb.ops[r, OP_OPTIONAL] != 0):
            t = decide(st, tb, wk, DESTROY_TARGET, decider_of(st, side))
            if t < n_targets(tb):  # else an optional destroy declined: no target
                st.announced[e, AN_TARGET] = t
                st.announced[e, AN_CARD] = target_card(st, tb, t)
                say(wk, EV_ANNOUNCES, side, card, t, st.announced[e, AN_CARD])
        return
    st.step_entry = -1
    n = select(st, tb, wk, kind, tb.ops[r, OP_ANN_PURPOSE], side, card, slot)
    if n == 0:
        return
    for t in range(n_targets(tb)):
        if wk.hits[t] != 0:
            st.announced[e, AN_TARGET] = t
            st.announced[e, AN_CARD] = target_card(st, tb, t)
            say(wk, EV_ANNOUNCES, side, card, t, st.announced[e, AN_CARD])
            return


@njit
def target_card(st, tb, t):
    """The card at flat target ``t`` now: its identity, so that a target that left play (and
    a card that took its slot since) is seen as gone; -1 for a player."""
    if t < K_SLOTS:
        return st.adv_card[t]
    if t < K_SLOTS + tb.players:
        return -1
    p, s = divmod(t - K_SLOTS - tb.players, tb.slots)
    return st.board_card[p, s]


@njit
def _choose_component(st, tb, wk, r, side, slot, stack, depth):
    """The own component providing the step's word whose steps it applies (an
    ``own_component`` decision), -1 none. ``apply_component`` leaves out the cards being
    applied (its own card, those applying it: so that two Wave echoes cannot apply each other
    forever); Tornado may apply any Wind."""
    if side == ADVERSARY_SIDE:
        return -1
    word = tb.ops[r, OP_APPLIES]
    exclude = tb.ops[r, OP_CODE_COL] == APPLY_COMPONENT
    set_options(wk, tb.slots, 0)
    any_ = False
    for s in range(st.board_end[side]):
        if not provides_component(st, tb, side, s, word):
            continue
        if exclude:
            if st.applying[side, s] != 0:
                continue
            on_path = False
            for d in range(depth):
                if stack[d, 2] == s:
                    on_path = True
            if on_path:
                continue
        wk.opt[s] = 1
        any_ = True
    if not any_:
        return -1
    wk.ctx_word = word
    return decide(st, tb, wk, OWN_COMPONENT, side)
