"""Number modifiers: components that change every number in the effect of the card they
were used to prepare (Century doubles, Split second subtracts 1 or adds 1 for a Mage Noir,
Millennium adds 10, Millisecond reduces by 1, Obsidian rock adds 1 to an Equipment's).

What counts (docs/rules.md R11.4): the amounts of the card's steps (damage, HP lost or
gained, cards drawn, discarded or moved, Mana), before a ``per`` count multiplies them ("1
damage for every Time component": the 1 changes). A card carries the components that modify
it in ``state.board_mods[p, s]`` (card+1, in designation order), written when it is prepared
and cleared when a card is placed in the slot; the modifiers apply in that order (the rulings
give none: our choice, the order the player designated them). The Mage Noir variant is read
when the number is used (R10.6), so a Ritual performed after the preparation switches Split
second from subtracting to adding, as its ruling says.

Cheap when unused: readers test ``tables.any_mods`` (no card of the batch modifies numbers or
grants steps) before looking at a slot.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules.board import is_mage_noir
from simulator.engine.rules.layout import (
    EV_NUMBERS_CHANGED,
    MOD_MAX,
    NM_ADD,
    NM_DOUBLE,
    NM_REDUCE,
    NM_SUBTRACT,
    T_GRANTED,
)
from simulator.engine.rules.log import say


@njit
def apply_mode(mode, amount, n):
    """``n`` changed by one modifier."""
    if mode == NM_ADD:
        return n + amount
    if mode == NM_SUBTRACT:
        return n - amount
    if mode == NM_DOUBLE:
        return 2 * n
    if mode == NM_REDUCE:
        if n <= 0:
            return n
        return max(n - amount, 0)
    return n


@njit
def modified(st, tb, p, s, n):
    """``n``, a number in the effect of the card in player ``p``'s slot ``s``, after the
    number modifiers it carries (unchanged for the Adversary's side or without a slot)."""
    if tb.any_mods == 0 or p < 0 or s < 0:
        return n
    card = st.board_card[p, s]
    mn = -1  # the controller's Mage Noir status, read once when a modifier needs it
    for k in range(MOD_MAX):
        m = st.board_mods[p, s, k]
        if m == 0:
            break
        comp = m - 1
        mode = tb.nmod_mode[comp]
        if mode == 0:
            continue
        if tb.nmod_type[comp] >= 0 and (card < 0 or tb.card_type[card] != tb.nmod_type[comp]):
            continue
        if mn < 0:
            mn = 1 if is_mage_noir(st, tb, p) else 0
        if mn == 1:
            n = apply_mode(tb.nmod_mode_mn[comp], tb.nmod_amount_mn[comp], n)
        else:
            n = apply_mode(mode, tb.nmod_amount[comp], n)
    return n


@njit
def floored(st, tb, p, s, n):
    """:func:`modified` for a number that cannot go below 0 (cards drawn, discarded or moved,
    Mana): the effect then does nothing (R11.4)."""
    return max(modified(st, tb, p, s, n), 0)


@njit
def carries(tb, comp, card):
    """The component changes the numbers of, or grants steps to, ``card`` when it prepares it
    (a modifier for one card type only, Obsidian rock's for Equipment, not to the others)."""
    if tb.trig_count[comp, T_GRANTED] > 0:
        return True
    return tb.nmod_mode[comp] != 0 and (tb.nmod_type[comp] < 0
                                        or tb.nmod_type[comp] == tb.card_type[card])


@njit
def record(st, tb, wk, p, s, comp):
    """The card in slot ``s`` was prepared with component ``comp``: it keeps it, when the
    component modifies numbers or grants steps (at most MOD_MAX; the rest are not kept)."""
    if tb.any_mods == 0 or not carries(tb, comp, st.board_card[p, s]):
        return
    for k in range(MOD_MAX):
        if st.board_mods[p, s, k] == 0:
            st.board_mods[p, s, k] = comp + 1
            say(wk, EV_NUMBERS_CHANGED, p, st.board_card[p, s], comp, 0)
            return

