"""When a prepared spell may be activated: Slowcast, Quickcast and what grants or removes them
(docs/rules.md R9.3, R12 keywords).

- **Slowcast**: the spell cannot be activated during the turn it was prepared. A turn is a
  player's turn or an Adversary turn: a spell prepared in its controller's main phase is no
  longer "fresh" in the Adversary turn that follows (``state.adversary_turn_on``), nor in a
  teammate's turn (``state.turn`` moved on).
- **Quickcast**: the spell may also be activated outside its controller's main phase, at the
  moments the Quickcast windows offer (``windows.py``). Preparing stays a main-phase action
  (R9.3: the keyword speaks of activation only). A spell with both may be activated at any
  time except during the turn it was prepared (Superconductivity's reminder).

Where a spell gets them: the printed keyword (``tables.slowcast`` / ``quickcast``); a static
``quickcast`` while a condition holds ("if you're a Mage Noir, this spell gains Quickcast");
a component that grants Quickcast to the spell prepared with it (Millisecond: the slot's
``MARK_QUICKCAST``); an own card on the board whose static gives the controller's Slowcast
spells Quickcast (Superconductivity); an effect giving one prepared spell Slowcast (Quicksand:
``MARK_SLOWCAST``); "every spell has Slowcast", until a player's next turn (Stunning
thunder: ``state.all_slowcast``) or while a card is in play (Ritual of absolute zero, whose
waiver paid at preparation sets ``MARK_NO_SLOWCAST``); a static ``never_slowcast`` (Winter
spears as a Mage Noir) overrides every grant.

Why the batch flags: a batch whose cards grant nothing (the base game) reads only the printed
Slowcast, as before, and never scans a board for these rules.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules.layout import (
    EMPTY,
    MARK_NO_SLOWCAST,
    MARK_QUICKCAST,
    MARK_SLOWCAST,
    PERMANENT,
    PREPARED,
)
from simulator.engine.rules.ops import condition_code_holds


@njit
def fresh(st, p, s):
    """The card in the slot was prepared during the turn under way."""
    return st.adversary_turn_on == 0 and st.board_turn[p, s] == st.turn


@njit
def every_spell_slowcast(st, tb):
    """An "ALL spells gain Slowcast" effect is on: a player's turn effect (Stunning thunder),
    or a card in play with the static (Ritual of absolute zero)."""
    for q in range(tb.players):
        if st.all_slowcast[q] != 0:
            return True
    return all_slowcast_card(st, tb) >= 0


@njit
def all_slowcast_card(st, tb):
    """A card in play (any player's) making every spell Slowcast, -1 none."""
    if tb.any_all_slowcast == 0:
        return -1
    for q in range(tb.players):
        for s in range(st.board_end[q]):
            c = st.board_card[q, s]
            if c >= 0 and st.board_zone[q, s] >= PERMANENT and tb.all_slowcast_static[c] != 0:
                return c
    return -1


@njit
def has_slowcast(st, tb, p, s):
    """The spell in player ``p``'s slot ``s`` has Slowcast now."""
    c = st.board_card[p, s]
    if tb.any_cast_rule == 0:
        return tb.slowcast[c] != 0
    if tb.never_slowcast[c] != 0 and condition_code_holds(st, tb, tb.never_slowcast_if[c], -1, p):
        return False
    mark = st.cast_mark[p, s]
    if mark & MARK_NO_SLOWCAST:
        return False
    return tb.slowcast[c] != 0 or (mark & MARK_SLOWCAST) != 0 or every_spell_slowcast(st, tb)


@njit
def slowcast_grants_quickcast(st, tb, p):
    """Player ``p`` has a card on the board (any zone) giving their Slowcast spells Quickcast."""
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        if c >= 0 and st.board_zone[p, s] != EMPTY and tb.slowcast_gain_quickcast[c] != 0:
            return True
    return False


@njit
def has_quickcast(st, tb, p, s):
    """The spell in player ``p``'s slot ``s`` has Quickcast now."""
    c = st.board_card[p, s]
    if tb.quickcast[c] != 0 or (st.cast_mark[p, s] & MARK_QUICKCAST) != 0:
        return True
    if tb.quickcast_if[c] != 0 and condition_code_holds(st, tb, tb.quickcast_if[c],
                                                        tb.quickcast_if_word[c], p):
        return True
    return (tb.any_cast_rule != 0 and slowcast_grants_quickcast(st, tb, p)
            and has_slowcast(st, tb, p, s))


@njit
def may_activate(st, tb, p, s, main):
    """The spell prepared in player ``p``'s slot ``s`` may be activated now: ``main`` during
    its controller's main phase (any spell), otherwise only with Quickcast; never during the
    turn it was prepared if it has Slowcast."""
    if st.board_zone[p, s] != PREPARED:
        return False
    if fresh(st, p, s) and has_slowcast(st, tb, p, s):
        return False
    return main or has_quickcast(st, tb, p, s)


@njit
def mark_granted_quickcast(st, tb, p, slot, used):
    """After a preparation: a component granting Quickcast (``used``: (S,) the slots
    designated) gives it to the spell just prepared in ``slot``."""
    if tb.card_type[st.board_card[p, slot]] != 0:
        return
    for s in range(tb.slots):
        if used[s] != 0:
            c = st.board_card[p, s]
            if c >= 0 and tb.grants_quickcast[c] != 0:
                st.cast_mark[p, slot] |= MARK_QUICKCAST
