"""Zenith (docs/rules.md R12): a card's Zenith effects apply only during a turn of its
controller that began with as many of their spells in preparation as channeled.

Why a flag set once per turn: the rulings make "being at Zenith" a start-of-turn effect, so
what happens later in the turn (a spell channeled, one prepared) does not change it. Only
cards of type Spell count, on either side of the equality: Permanents, Equipment and Rituals
are not counted even though Permanents and Equipment serve as components. The rulings let the
player order this among their start-of-turn effects; the engine determines it first, before
every other start-of-turn effect (the counts as the turn begins). The flag holds for that
turn only: on another player's turn or the Adversary's, no Zenith effect applies. A batch
with no Zenith card never calls this module (``tables.any_zenith``).
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules.layout import CHANNELED, EV_ZENITH, PREPARED, SPELL
from simulator.engine.rules.log import say


@njit
def spell_counts(st, tb, p):
    """(spells in preparation, channeled spells) of player ``p``: cards of type Spell only."""
    prepared, channeled = 0, 0
    for s in range(st.board_end[p]):
        c = st.board_card[p, s]
        if c < 0 or tb.card_type[c] != SPELL:
            continue
        if st.board_zone[p, s] == PREPARED:
            prepared += 1
        elif st.board_zone[p, s] == CHANNELED:
            channeled += 1
    return prepared, channeled


@njit
def determine_zenith(st, tb, wk, p):
    """Player ``p``'s turn begins: set whether it is at Zenith (tick the board clock when that
    changes what preparing a card costs: a Zenith cost reduction)."""
    prepared, channeled = spell_counts(st, tb, p)
    at = 1 if prepared == channeled else 0
    if st.zenith[p] != at:
        st.zenith[p] = at
        st.board_clock += 1
    if at != 0:
        say(wk, EV_ZENITH, p, prepared, channeled, 0)


@njit
def clear_zenith(st, tb):
    """A turn starts or ends: no player is at Zenith until their own turn begins."""
    for q in range(tb.players):
        if st.zenith[q] != 0:
            st.zenith[q] = 0
            st.board_clock += 1
