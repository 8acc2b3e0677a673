"""A component a card keeps from its preparation: "the Blade used as a component to cast this
spell also applies its effects (even if it is in the discard pile)" (Materialized sword).

A card whose effect has an ``apply_used_component`` step (``tables.keep_word``: its WORD)
remembers, when it is prepared, which of its designated components provided WORD
(``state.kept_comp``: card+1, and ``kept_slot``: where it was), whatever happens to that
component afterwards (Forge or an Equipment used for an Equipment sends it to the discard
pile). The step then applies that card's effects (docs/rules.md, "apply the effects of X":
resolved without activating it, so it is neither discarded nor moved): a spell's activate
effects; an Equipment's or Permanent's generic ability's effects, its cost neither paid nor
counted (Forged blade: its 1 damage); a card with neither (Sun blade's turn-start effects) has
nothing to apply. Its numbers are its own: the modifiers of the card applying it do not
reach them, a component still in its slot keeps its own.

Cheap when unused: everything here is behind ``tables.any_keep_word``.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules import frames
from simulator.engine.rules.board import card_provides
from simulator.engine.rules.layout import (
    AB_GENERIC,
    ANIMAL,
    EMPTY,
    EV_APPLIES_USED,
    FR_STEPS,
    T_ABILITY,
    T_ACTIVATE,
)
from simulator.engine.rules.log import say


@njit
def record(st, tb, wk, p, slot, card):
    """Card ``card``, just prepared into ``slot``, keeps its first designated component that
    provides its keep word (the components are still in their slots); an Animal is none: its
    effects are not a spell's to apply (R10.5)."""
    word = tb.keep_word[card]
    for i in range(wk.prep_order_n):
        s = wk.prep_order[i]
        comp = st.used_card[s]
        if comp >= 0 and st.board_zone[p, s] != ANIMAL and card_provides(st, tb, p, s, comp, word):
            st.kept_comp[p, slot] = comp + 1
            st.kept_slot[p, slot] = s
            return


@njit
def apply_kept(st, tb, wk, p, slot):
    """Push the effects of the component the card in ``slot`` keeps (nothing when it keeps
    none, or the component has no effect to apply), in its slot if it is still there."""
    m = st.kept_comp[p, slot]
    if m == 0:
        return
    comp = m - 1
    s = st.kept_slot[p, slot]
    at = s if st.board_card[p, s] == comp and st.board_zone[p, s] != EMPTY else -1
    trig = T_ACTIVATE
    first = tb.trig_first[comp, T_ACTIVATE]
    count = tb.trig_count[comp, T_ACTIVATE]
    if count == 0 and tb.ability[comp] == AB_GENERIC:
        trig = T_ABILITY  # its first step is the ability's cost: not part of its effects
        first = tb.trig_first[comp, T_ABILITY] + 1
        count = tb.trig_count[comp, T_ABILITY] - 1
    if count <= 0:
        return
    say(wk, EV_APPLIES_USED, p, st.board_card[p, slot], comp, 1 if at >= 0 else 0)
    frames.push(st, FR_STEPS, comp, trig, p, at, first, count, -1)
