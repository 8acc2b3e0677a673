"""The "at any time" windows the engine opens outside the main phase, and the Warrior-mage
ritual's ability (the other abilities' effects are handlers).

- **Before damage reaches a player** (Kerloc'h's robe, any turn): see ``damage.py``.
- **Before a destroy effect resolves** (Warrior-mage ritual, any turn): once a destroy effect
  controlled by another side has announced one of the player's Equipment, a
  ``may_use_ability`` decision; using it discards 1 card and the destroy finds an invalid
  target (effects-priority sheet, "Divine hammer strike" example).
"""

from __future__ import annotations

from simulator.engine.abilities import indestructible_candidate, slot_ability, usable
from simulator.engine.board import hand_size
from simulator.engine.decide import set_options
from simulator.engine.jit import njit
from simulator.engine.late import decide
from simulator.engine.layout import (
    AB_WARRIOR_MAGE,
    ABILITY_TARGET,
    EV_INDESTRUCTIBLE,
    MAY_USE_ABILITY,
    REASON_ABILITY,
    RITUAL,
    RUNNING,
)
from simulator.engine.log import say
from simulator.engine.zones import discard_chosen, hand_options


@njit
def make_indestructible(st, tb, wk, p, target):
    """Discard 1 card from hand (the cost), then the Equipment is indestructible this turn."""
    hand_options(st, tb, wk, p)
    card = discard_chosen(st, tb, wk, p, REASON_ABILITY, True)
    st.indestructible[p, target] = st.board_card[p, target] + 1
    say(wk, EV_INDESTRUCTIBLE, p, card, st.board_card[p, target], 0)


@njit
def warrior_mage_indestructible(st, tb, wk, r, card, side, slot):
    """Ability (at any time): 1 own Equipment (``ability_target``) becomes indestructible until
    the end of the turn, for the discard of 1 card from hand."""
    p = side
    if p < 0 or slot < 0 or not usable(st, tb, p, AB_WARRIOR_MAGE):
        return
    set_options(wk, tb.slots, 0)
    for s in range(tb.slots):
        if indestructible_candidate(st, tb, p, s):
            wk.opt[s] = 1
    wk.ctx_ability = AB_WARRIOR_MAGE
    target = decide(st, tb, wk, ABILITY_TARGET, p)
    make_indestructible(st, tb, wk, p, target)


@njit
def before_destroy(st, tb, wk, side, p, s):
    """Window: a destroy effect controlled by ``side`` is about to destroy the card in slot
    ``s`` of player ``p``. The Warrior-mage ritual may make it indestructible."""
    if side == p or st.outcome != RUNNING or not indestructible_candidate(st, tb, p, s):
        return
    if hand_size(st, tb, p) == 0:
        return
    holder = -1
    for q in range(tb.slots):
        if st.board_zone[p, q] == RITUAL and slot_ability(st, tb, p, q) == AB_WARRIOR_MAGE:
            holder = q
            break
    if holder < 0:
        return
    set_options(wk, 2, 1)
    wk.ctx_ability = AB_WARRIOR_MAGE
    wk.ctx_card = st.board_card[p, s]
    if decide(st, tb, wk, MAY_USE_ABILITY, p) == 1:
        make_indestructible(st, tb, wk, p, s)
