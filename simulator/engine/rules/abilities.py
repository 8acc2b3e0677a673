"""Activated abilities of cards in play: when each may be used, and the "at any time" windows.

A card declares its ability in data (``effect.ability = [ { op = "handler", name = ... } ]``);
the tables give each card kind its ability id (``handlers.ids.ABILITY_NAMES``, generated from
the ``declare.ability`` handlers). In the main phase each board slot whose ability is usable
now is one action (``actions.py``); using it runs the card's ``ability`` steps like any other
trigger. The abilities' effects are handlers (``handlers/``); a new ability also needs its
case in :func:`usable` below.

A **generic** ability (id ``AB_GENERIC``) needs no handler: its first step is an
``ability_cost`` (vocabulary), which the tables turn into the card's costs and limit
(``tables.ab_*``); :func:`generic_usable` checks them, the op pays them when it is used, and
the steps after it are ordinary vocabulary steps. Its timing (main phase, own turn, at any
time) is checked by the schema; every generic ability is a main-phase action.

Timing windows (the two outside the main phase are in ``damage.py`` and
``handlers/warrior_mage.py``):

- **Main phase** (repeatable): every ability. "During your main phase", "during your turn"
  and "at any time" abilities are all offered here; the other moments of the own turn are
  not separate windows (nothing the engine does there depends on them, except the
  Warrior-mage ritual's end-of-turn destruction, and the main phase comes right before it).
- **Before damage reaches a player** (Kerloc'h's robe, any turn): see ``damage.py``.
- **Before a destroy effect resolves** (Warrior-mage ritual, any turn): once a destroy effect
  controlled by another side has announced one of the player's Equipment, a
  ``may_use_ability`` decision; using it discards 1 card and the destroy finds an invalid
  target (effects-priority sheet, "Divine hammer strike" example).
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.handlers.ids import (
    AB_CRIMSON_RITUAL,
    AB_DRUID_HORNS,
    AB_EMPTINESS_RITUAL_PING,
    AB_KERLOCHS_ROBE,
    AB_RITUAL_OF_DECOMPOSITION,
    AB_RITUAL_OF_MELANGE,
    AB_SEASONS_AUTUMN,
    AB_WARRIOR_MAGE_RITUAL_INDESTRUCTIBLE,
    AB_ZENITH_RITUAL_ACTIVATE,
)
from simulator.engine.rules.board import affectable, hand_size, is_indestructible
from simulator.engine.rules.layout import (
    AB_GENERIC,
    ANIMAL_TYPE,
    CHANNELED,
    EMPTY,
    EQUIPMENT,
    FIRE,
    PERMANENT,
    SPELL,
    T_ACTIVATE,
    WATER,
    WORD,
    E,
)
from simulator.engine.rules.zones import hand_open

SEED = WORD["Seed"]


@njit
def slot_ability(st, tb, p, s):
    """The ability of the card in play in the slot, -1 none: a Permanent's, Equipment's or
    Ritual's, or a spell's in preparation or channeled (a generic ability of "this spell")."""
    c = st.board_card[p, s]
    if c < 0 or st.board_zone[p, s] <= EMPTY:  # a Ritual switched off has none (RITUAL_OFF)
        return -1
    return tb.ability[c]


@njit
def generic_usable(st, tb, p, s):
    """The generic ability of the card in slot ``s`` can be used now: not yet this turn when
    it is once per turn, and its costs can be paid (the reserve holds its Mana, the hand its
    discards, and the card can be destroyed when it is sacrificed)."""
    c = st.board_card[p, s]
    if tb.ab_once[c] != 0 and st.ability_used[p, s] != 0:
        return False
    for e in range(E):
        if st.reserve[p, e] < tb.ab_cost[c, e]:
            return False
    if tb.ab_discard[c] > 0 and hand_size(st, tb, p) < tb.ab_discard[c]:
        return False
    return not (tb.ab_sacrifice[c] != 0 and is_indestructible(st, tb, p, s))


@njit
def slot_usable(st, tb, p, s, ability):
    """The player could use ``ability``, the ability of the card in slot ``s``, now."""
    if ability == AB_GENERIC:
        return generic_usable(st, tb, p, s)
    return usable(st, tb, p, ability)


@njit
def decomposition_target(st, tb, p, s):
    """An own Permanent the Ritual of decomposition can destroy (not indestructible)."""
    return st.board_zone[p, s] == PERMANENT and not is_indestructible(st, tb, p, s)


@njit
def melange_card(st, tb, p, s):
    """An own Water card on the board (any zone) with Mana locked under it."""
    c = st.board_card[p, s]
    return (affectable(st.board_zone[p, s]) and tb.element[c] == WATER
            and st.board_mana[p, s].sum() > 0)


@njit
def indestructible_candidate(st, tb, p, s):
    """Own Equipment the Warrior-mage ritual could make indestructible."""
    return st.board_zone[p, s] == EQUIPMENT and not is_indestructible(st, tb, p, s)


@njit
def autumn_candidate(st, tb, p, s):
    """An own Permanent with HP: what the Ritual of seasons can have lose 1 HP."""
    c = st.board_card[p, s]
    return c >= 0 and st.board_zone[p, s] == PERMANENT and tb.hp[c] > 0


@njit
def druid_horns_ready(st, tb, p):
    """The top card of the player's deck provides Seed (looking is free), and is a spell: an
    Animal named for a Seed is no Seed card (R10.5); and the hand may take it (Zeus's
    thunder)."""
    n = st.deck_len[p]
    return n > 0 and hand_open(st, p) and tb.provides[st.deck[p, n - 1], SEED] != 0 and \
        tb.card_type[st.deck[p, n - 1]] != ANIMAL_TYPE


@njit
def channeled_with_effect(st, tb, p, s):
    """An own channeled spell with activate effects (what the Zenith ritual can activate)."""
    c = st.board_card[p, s]
    return (c >= 0 and st.board_zone[p, s] == CHANNELED and tb.card_type[c] == SPELL
            and tb.trig_count[c, T_ACTIVATE] > 0)


@njit
def zenith_activatable(st, tb, p):
    """The Zenith ritual's ability: the player's turn is at Zenith, their reserve holds a Fire
    and they have a channeled spell to activate."""
    if st.zenith[p] == 0 or st.reserve[p, FIRE] < 1:
        return False
    for s in range(st.board_end[p]):
        if channeled_with_effect(st, tb, p, s):
            return True
    return False


@njit
def usable(st, tb, p, ability):
    """The player could use ``ability`` now (the holder's slot is checked by the caller)."""
    if ability == AB_CRIMSON_RITUAL or ability == AB_KERLOCHS_ROBE:
        return True
    if ability == AB_EMPTINESS_RITUAL_PING:
        return hand_size(st, tb, p) > 0
    if ability == AB_RITUAL_OF_DECOMPOSITION:
        for s in range(tb.slots):
            if decomposition_target(st, tb, p, s):
                return True
        return False
    if ability == AB_RITUAL_OF_MELANGE:
        if st.reserve[p].sum() == 0:
            return False
        for s in range(tb.slots):
            if melange_card(st, tb, p, s):
                return True
        return False
    if ability == AB_DRUID_HORNS:
        return druid_horns_ready(st, tb, p)
    if ability == AB_SEASONS_AUTUMN:
        for s in range(st.board_end[p]):
            if autumn_candidate(st, tb, p, s):
                return True
        return False
    if ability == AB_ZENITH_RITUAL_ACTIVATE:
        return zenith_activatable(st, tb, p)
    if ability == AB_WARRIOR_MAGE_RITUAL_INDESTRUCTIBLE:
        if hand_size(st, tb, p) == 0:
            return False
        for s in range(tb.slots):
            if indestructible_candidate(st, tb, p, s):
                return True
        return False
    return False
