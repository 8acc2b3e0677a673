"""Locked Mana: Mana put under a card, released from it, moved between cards (R6.2, R6.4).

Why one module: a dozen cards of several extensions lock Mana from the Infinite Ether or the
reserve (Condensation, Floral infusion, Iron rock), release it into the Available Ether a
little at a time (Ice wall, Sun blade, Tree flowers), move it to another card or to the reserve
(Tide, Snowflake, Biting wave) or gather it from components (Desert wave, Desert wall), and
react "as soon as" it is gone. The op kernels (``ops.op_lock_mana`` and its siblings) read
their parameters and call these functions; card handlers may call them too.

Every Mana that leaves a card on the board raises the card's ``mana_left`` steps (a triggered
action, so the "as soon as there is no Mana under it" check runs right after the step that
took it); every Mana that arrives under a card meets its ``lock_cap`` (Fine sand: beyond the
cap it is released at once). Moving locked Mana never touches the Available Ether (R6.8);
releasing it goes through the placement rule, all of a step's Mana at once.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide
from simulator.engine.rules import frames
from simulator.engine.rules.board import affectable, lock_cap_holds, provides_component
from simulator.engine.rules.decide import reserve_element, set_options
from simulator.engine.rules.layout import (
    C_MAX,
    CONDITION_CODE,
    EMPTY,
    EV_LOCK_CAP,
    EV_LOCKS,
    EV_MOVES_LOCKED,
    EV_RELEASES,
    LOCK_MANA_ELEMENT,
    MANA_ELEMENT,
    MOVE_LOCKED_MANA,
    RELEASE_LOCKED_MANA,
    T_MANA_LEFT,
    TAKE_LOCKED_MANA,
    E,
)
from simulator.engine.rules.log import say_mana
from simulator.engine.rules.mana import add_to_ether

PAY_IF_MAGE_NOIR = CONDITION_CODE["mage_noir"]


@njit
def locked_on(st, p, s, element):
    """Mana locked under slot ``s`` of player ``p`` (of ``element``; -1: every element)."""
    if element >= 0:
        return st.board_mana[p, s, element]
    return st.board_mana[p, s].sum()


@njit
def locked_on_components(st, tb, p, word, own_slot):
    """Mana locked under the player's components providing ``word``, ``own_slot`` excluded."""
    n = 0
    for s in range(st.board_end[p]):
        if s != own_slot and provides_component(st, tb, p, s, word):
            n += st.board_mana[p, s].sum()
    return n


@njit
def pays_with_locked(tb, c, mage_noir):
    """Card ``c`` may be paid with Mana locked under its controller's components now."""
    if tb.pay_locked_word[c] < 0:
        return False
    return tb.pay_locked_if[c] != PAY_IF_MAGE_NOIR or mage_noir


@njit
def locked_under_word(st, tb, p, word, element):
    """Mana of ``element`` locked under the player's components providing ``word``."""
    n = 0
    for s in range(st.board_end[p]):
        if provides_component(st, tb, p, s, word):
            n += st.board_mana[p, s, element]
    return n


@njit
def pay_from_components(st, tb, p, c, cost, due):
    """Preparing card ``c`` (``pay_with_locked``): its ``cost`` (E,) is paid first with the
    Mana locked under the player's components of its word, in slot order, then from the
    reserve: ``due`` (E,) receives what the reserve still pays. Why the locked Mana first: it
    serves nothing else until its card leaves play, the reserve serves every card."""
    word = tb.pay_locked_word[c]
    for e in range(E):
        due[e] = cost[e]
    sources = 0
    for s in range(st.board_end[p]):
        if not provides_component(st, tb, p, s, word):
            continue
        for e in range(E):
            take = min(due[e], st.board_mana[p, s, e])
            if take > 0:
                st.board_mana[p, s, e] -= take
                due[e] -= take
                sources |= 1 << s
    for s in range(st.board_end[p]):
        if (sources >> s) & 1:
            mana_left(st, tb, p, s)


@njit
def moved_pair(source_card, dest_card):
    """The event argument naming both cards of a move (-1: the reserve or the components)."""
    return (source_card + 1) * (C_MAX + 1) + dest_card + 1


@njit
def _clear(mana):
    for e in range(E):
        mana[e] = 0


@njit
def mana_left(st, tb, p, s):
    """Mana left the card in the slot: its ``mana_left`` steps follow as a triggered action."""
    c = st.board_card[p, s]
    if c >= 0 and tb.trig_count[c, T_MANA_LEFT] > 0:
        frames.trigger_steps(st, tb, c, T_MANA_LEFT, p, s)


@njit
def _locked_element(st, tb, wk, p, s, card):
    """One element of the Mana locked under the slot, chosen by its controller (a
    ``release_locked_mana`` decision when there are several), -1 none."""
    kinds, last = 0, -1
    for e in range(E):
        if st.board_mana[p, s, e] > 0:
            kinds += 1
            last = e
    if kinds <= 1:
        return last
    set_options(wk, E, 0)
    for e in range(E):
        wk.opt[e] = 1 if st.board_mana[p, s, e] > 0 else 0
    wk.ctx_card = card
    return decide(st, tb, wk, RELEASE_LOCKED_MANA, p)


@njit
def enforce_cap(st, tb, wk, p, s):
    """Mana under the card beyond its ``lock_cap`` is released at once (its controller picks
    which when they differ)."""
    if tb.any_lock_cap == 0:
        return
    c = st.board_card[p, s]
    if c < 0 or not lock_cap_holds(st, tb, p, c):
        return
    excess = st.board_mana[p, s].sum() - tb.lock_cap[c]
    if excess <= 0:
        return
    mana = wk.locked_moved
    _clear(mana)
    for _ in range(excess):
        e = _locked_element(st, tb, wk, p, s, c)
        st.board_mana[p, s, e] -= 1
        mana[e] += 1
    say_mana(wk, EV_LOCK_CAP, c, mana)
    add_to_ether(st, tb, wk, p, mana)
    mana_left(st, tb, p, s)


@njit
def lock(st, tb, wk, p, s, amount, element, from_reserve):
    """Lock ``amount`` Mana under slot ``s``: from the Infinite Ether (its element chosen, a
    ``mana_element`` decision, when ``element`` is -1), or from the player's reserve (as much
    as it holds; each Mana's element a ``lock_mana_element`` decision when ``element`` is -1)."""
    card = st.board_card[p, s]
    if card < 0 or st.board_zone[p, s] == EMPTY:
        return
    mana = wk.locked_moved
    _clear(mana)
    for _ in range(amount):
        e = element
        if from_reserve:
            if e >= 0 and st.reserve[p, e] == 0:
                break
            if e < 0:
                wk.ctx_card = card
                e = reserve_element(st, tb, wk, LOCK_MANA_ELEMENT, p)
                if e < 0:
                    break
            st.reserve[p, e] -= 1
        elif e < 0:
            set_options(wk, E, 1)
            e = decide(st, tb, wk, MANA_ELEMENT, p)
        st.board_mana[p, s, e] += 1
        mana[e] += 1
    if mana.sum() > 0:
        say_mana(wk, EV_LOCKS, card * 2 + (1 if from_reserve else 0), mana)
        enforce_cap(st, tb, wk, p, s)


@njit
def release(st, tb, wk, p, s, amount, element):
    """Release up to ``amount`` Mana locked under slot ``s`` (of ``element``; -1: its controller
    picks each) into the Available Ether, all at once by the placement rule."""
    card = st.board_card[p, s]
    if card < 0:
        return
    mana = wk.locked_moved
    _clear(mana)
    for _ in range(amount):
        e = element
        if e < 0:
            e = _locked_element(st, tb, wk, p, s, card)
            if e < 0:
                break
        elif st.board_mana[p, s, e] == 0:
            break
        st.board_mana[p, s, e] -= 1
        mana[e] += 1
    if mana.sum() > 0:
        say_mana(wk, EV_RELEASES, card, mana)
        add_to_ether(st, tb, wk, p, mana)
        mana_left(st, tb, p, s)


@njit
def move_from(st, tb, wk, p, s, amount, element, to_reserve):
    """Move up to ``amount`` (-1: all) Mana (of ``element``; -1: any, its controller picks
    each) locked under slot ``s`` under another card of the player (a ``move_locked_mana``
    decision over the slots) or into their reserve."""
    card = st.board_card[p, s]
    if card < 0 or locked_on(st, p, s, element) == 0:
        return
    dest = -1
    if not to_reserve:
        set_options(wk, tb.slots, 0)
        any_ = False
        for q in range(st.board_end[p]):
            if affectable(st.board_zone[p, q]) and q != s:
                wk.opt[q] = 1
                any_ = True
        if not any_:
            return
        wk.ctx_card = card
        dest = decide(st, tb, wk, MOVE_LOCKED_MANA, p)
    mana = wk.locked_moved
    _clear(mana)
    left = amount
    while left != 0:
        e = element
        if e < 0:
            e = _locked_element(st, tb, wk, p, s, card)
            if e < 0:
                break
        elif st.board_mana[p, s, e] == 0:
            break
        st.board_mana[p, s, e] -= 1
        mana[e] += 1
        left -= 1
    for e in range(E):
        if to_reserve:
            st.reserve[p, e] += mana[e]
        else:
            st.board_mana[p, dest, e] += mana[e]
    dest_card = st.board_card[p, dest] if dest >= 0 else -1
    say_mana(wk, EV_MOVES_LOCKED, moved_pair(card, dest_card), mana)
    mana_left(st, tb, p, s)
    if dest >= 0:
        enforce_cap(st, tb, wk, p, dest)


@njit
def gather(st, tb, wk, p, s, amount, element, word):
    """Move up to ``amount`` (-1: any amount) Mana (of ``element``; -1 any) from the player's
    other components providing ``word`` under slot ``s``, one Mana at a time: each a
    ``take_locked_mana`` decision (a source slot, or option ``slots``: stop)."""
    card = st.board_card[p, s]
    if card < 0:
        return
    left = amount
    sources = 0  # bit q: Mana left slot q
    while left != 0:
        set_options(wk, tb.slots + 1, 0)
        any_ = False
        for q in range(st.board_end[p]):
            if q != s and provides_component(st, tb, p, q, word) and \
                    locked_on(st, p, q, element) > 0:
                wk.opt[q] = 1
                any_ = True
        if not any_:
            break
        wk.opt[tb.slots] = 1
        wk.ctx_card = card
        wk.ctx_element = element
        q = decide(st, tb, wk, TAKE_LOCKED_MANA, p)
        if q == tb.slots:
            break
        e = element if element >= 0 else _locked_element(st, tb, wk, p, q, st.board_card[p, q])
        st.board_mana[p, q, e] -= 1
        st.board_mana[p, s, e] += 1
        sources |= 1 << q
        mana = wk.locked_moved
        _clear(mana)
        mana[e] = 1
        say_mana(wk, EV_MOVES_LOCKED, moved_pair(st.board_card[p, q], card), mana)
        left -= 1
    for q in range(st.board_end[p]):
        if (sources >> q) & 1:
            mana_left(st, tb, p, q)
    enforce_cap(st, tb, wk, p, s)
