"""Activated abilities of cards in play, and the "at any time" windows the engine opens.

A card declares its ability in data, ``effect.ability = [ { op = "handler", name = ... } ]``;
:data:`ABILITIES` maps the name to when it may be used and what it does. In the main phase
each board slot whose ability is usable now is one action of the flat action space
(``actions.ActionSpace.ability``); using it runs the card's ``ability`` trigger like any
other trigger (so defeats are checked after it).

Timing windows implemented:

- **Main phase** (the ability action, repeatable, any number per turn): every ability.
  "During your main phase" (Crimson ritual, Ritual of decomposition, Ritual of melange),
  "during your turn" (Emptiness ritual) and "at any time" (Druid horns, Kerloc'h's robe,
  Warrior-mage ritual) abilities are all offered here. The other moments of the own turn
  (turn start, draw, gathering, end of turn) are not separate windows: nothing the engine
  does there depends on these abilities, except the end-of-turn destruction of the
  Warrior-mage ritual, and the main phase comes right before it.
- **Before damage reaches a player** (Kerloc'h's robe, any turn): just before a damage
  instance is applied to a player who has the robe in play, after Protector redirection, a
  ``may_use_ability`` decision (option 1 uses it) is asked of that player, unless the damage
  cannot be reduced or their damage is already prevented this turn.
- **Before a destroy effect resolves** (Warrior-mage ritual, any turn): once a destroy
  effect controlled by another side has announced one of the player's Equipment as its
  target, and before it resolves, a ``may_use_ability`` decision is asked of that player
  (if they have the Ritual, a card in hand and the Equipment is not indestructible yet);
  using it discards 1 card and the destroy finds an invalid target (effects-priority sheet,
  "Divine hammer strike" example).

"At any time" abilities are never used in the middle of an indivisible action other than
these two moments.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from simulator.legacy.engine.board import board_cards, in_play_static
from simulator.legacy.engine.core import Engine
from simulator.legacy.engine.effects import Step, run_trigger
from simulator.legacy.engine.handlers_air import emptiness_ritual_ping
from simulator.legacy.engine.handlers_common import (
    indestructible_slots,
    mark_indestructible,
)
from simulator.legacy.engine.handlers_fire import crimson_ritual
from simulator.legacy.engine.handlers_vegetal import (
    damage_prevented,
    decomposition_targets,
    druid_horns,
    druid_horns_legal,
    kerlochs_robe,
    ritual_of_decomposition,
)
from simulator.legacy.engine.handlers_water import melange_cards, ritual_of_melange
from simulator.legacy.engine.state import EQUIPMENT, RITUAL, RUNNING, player_rows
from simulator.legacy.engine.zones import discard_chosen

MAY_USE = "may_use_ability"  # decision kind: option 0 declines, option 1 uses the ability


@dataclass(frozen=True)
class Ability:
    """An activated ability: who may use it now, and what it does.

    ``legal(eng, games, player) -> (n,)`` bool: the player could use it now (the holder slot
    is checked separately); ``run(eng, games, player, slot)`` with ``slot`` the slot of the
    card whose ability is used; ``timing``: "main_phase" / "own_turn" / "any_time".
    """

    legal: Callable[[Engine, np.ndarray, np.ndarray], np.ndarray]
    run: Callable[[Engine, np.ndarray, np.ndarray, np.ndarray], None]
    timing: str


def _always(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    return np.ones(len(games), bool)


def _has_hand(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    return player_rows(eng.state.hand, games, player).sum(axis=1) > 0


def _decomposition_legal(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    return decomposition_targets(eng, games, player).any(axis=1)


def _melange_legal(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    return melange_cards(eng, games, player).any(axis=1) & (
        player_rows(eng.state.reserve, games, player).sum(axis=1) > 0)


def indestructible_candidates(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n, S) own Equipment that the Warrior-mage ritual could make indestructible."""
    return (player_rows(eng.state.board_zone, games, player) == EQUIPMENT) & ~indestructible_slots(
        eng, games, player)


def _warrior_mage_legal(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    return _has_hand(eng, games, player) & indestructible_candidates(eng, games, player).any(1)


def make_indestructible(eng: Engine, games: np.ndarray, player: np.ndarray,
                        target: np.ndarray) -> None:
    """The ability's effect on a chosen own Equipment: discard 1 card from hand (the cost,
    ``discard_from_hand`` with reason ``ability``), then it is indestructible this turn."""
    st = eng.state
    card = discard_chosen(eng, games, player, reason="ability", say=None)
    mark_indestructible(eng, games, player, target)
    eng.say(games, "  discards {}: {} is indestructible this turn", eng.names(card),
            eng.names(st.board_card[games, player, target]))


def warrior_mage_ritual_indestructible(eng: Engine, games: np.ndarray, player: np.ndarray,
                                       slot: np.ndarray) -> None:
    """Ability (at any time): 1 own Equipment (``ability_target``) becomes indestructible
    until the end of the turn, for the discard of 1 card from hand."""
    ok = _warrior_mage_legal(eng, games, player)
    g, pl = games[ok], player[ok]
    if len(g) == 0:
        return
    legal = indestructible_candidates(eng, g, pl)
    target = eng.decide("ability_target", g, pl, legal,
                        ability="warrior_mage_ritual_indestructible")
    make_indestructible(eng, g, pl, target)


#: ability name (the handler the card data names under ``effect.ability``) -> Ability.
ABILITIES: dict[str, Ability] = {
    "crimson_ritual": Ability(_always, crimson_ritual, "main_phase"),
    "emptiness_ritual_ping": Ability(_has_hand, emptiness_ritual_ping, "own_turn"),
    "ritual_of_decomposition": Ability(_decomposition_legal, ritual_of_decomposition,
                                       "main_phase"),
    "ritual_of_melange": Ability(_melange_legal, ritual_of_melange, "main_phase"),
    "druid_horns": Ability(druid_horns_legal, druid_horns, "any_time"),
    "kerlochs_robe": Ability(_always, kerlochs_robe, "any_time"),
    "warrior_mage_ritual_indestructible": Ability(_warrior_mage_legal,
                                                  warrior_mage_ritual_indestructible, "any_time"),
}
ABILITY_NAMES = tuple(ABILITIES)


def ability_step(step: Step) -> None:
    """The ``ability`` trigger's handler step: run the named ability for player-side games."""
    mine = step.side >= 0
    if step.slot is None or not mine.any():
        return
    ABILITIES[step.p["name"]].run(step.eng, step.games[mine], step.player[mine], step.slot[mine])


def ability_index(eng: Engine) -> np.ndarray:
    """(C,) int index in :data:`ABILITY_NAMES` of each card kind's ability, -1 none."""
    cache = eng.__dict__.setdefault("handler_cards", {})
    if "ability_index" not in cache:
        index = np.full(eng.tables.size, -1, np.int64)
        for c, effect in enumerate(eng.tables.effects):
            for step in effect.get("ability", ()):
                if step.get("op") == "handler" and step.get("name") in ABILITIES:
                    index[c] = ABILITY_NAMES.index(step["name"])
        cache["ability_index"] = index
    return cache["ability_index"]


def slot_abilities(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n, S) int ability of each own card in play (index in ABILITY_NAMES), -1 none."""
    index = ability_index(eng)[board_cards(eng, games, player)]
    return np.where(in_play_static(eng, games, player), index, -1)


def ability_legal(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n, S) bool own board slots whose ability may be used now (main phase)."""
    s = eng.state.board_card.shape[2]
    legal = np.zeros((len(games), s), bool)
    if len(games) == 0 or (ability_index(eng) < 0).all():
        return legal
    which = slot_abilities(eng, games, player)
    for a in np.unique(which[which >= 0]):
        holders = which == a
        rows = np.flatnonzero(holders.any(axis=1))
        ok = ABILITIES[ABILITY_NAMES[a]].legal(eng, games[rows], player[rows])
        legal[rows] |= holders[rows] & ok[:, None]
    return legal


def use_ability(eng: Engine, games: np.ndarray, player: np.ndarray, slot: np.ndarray) -> None:
    """Main-phase action: use the ability of the card in each game's chosen slot."""
    card = eng.state.board_card[games, player, slot].astype(np.int64)
    eng.say(games, "uses the ability of {}", eng.names(card))
    run_trigger(eng, "ability", games, player, card, slot)


def _holder(eng: Engine, games: np.ndarray, player: np.ndarray, name: str,
            zone: int) -> np.ndarray:
    """(n,) the first own slot in ``zone`` holding ability ``name``, -1 none."""
    if name not in ABILITIES or len(games) == 0:
        return np.full(len(games), -1)
    here = (slot_abilities(eng, games, player) == ABILITY_NAMES.index(name)) & (
        player_rows(eng.state.board_zone, games, player) == zone)
    return np.where(here.any(axis=1), np.argmax(here, axis=1), -1)


# --- "at any time" windows outside the main phase -------------------------------------------

def before_player_damage(eng: Engine, games: np.ndarray, player: np.ndarray,
                         amount: np.ndarray, unpreventable: bool) -> None:
    """Window: a damage instance is about to reach each player (Kerloc'h's robe)."""
    robes = ability_index(eng) == ABILITY_NAMES.index("kerlochs_robe")
    if unpreventable or len(games) == 0 or not robes.any():
        return
    st = eng.state
    robe = _holder(eng, games, player, "kerlochs_robe", EQUIPMENT)
    ask = (robe >= 0) & (amount > 0) & ~damage_prevented(eng)[games, player] & (
        st.outcome[games] == RUNNING) & ~player_rows(st.out, games, player)
    r = np.flatnonzero(ask)
    if len(r) == 0:
        return
    g, pl = games[r], player[r]
    use = eng.decide(MAY_USE, g, pl, np.ones((len(r), 2), bool), ability="kerlochs_robe",
                     amount=amount[r], card=st.board_card[g, pl, robe[r]].astype(np.int64)) == 1
    kerlochs_robe(eng, g[use], pl[use], robe[r][use])


def before_destroy(eng: Engine, games: np.ndarray, side: np.ndarray, player: np.ndarray,
                   slot: np.ndarray) -> None:
    """Window: a destroy effect controlled by ``side`` is about to destroy each target (own
    card of ``player`` in ``slot``). The Warrior-mage ritual may make it indestructible."""
    if len(games) == 0:
        return
    st = eng.state
    ritual = _holder(eng, games, player, "warrior_mage_ritual_indestructible", RITUAL)
    candidate = indestructible_candidates(eng, games, player)[np.arange(len(games)), slot]
    ask = (ritual >= 0) & candidate & (side != player) & _has_hand(eng, games, player) & (
        st.outcome[games] == RUNNING)
    r = np.flatnonzero(ask)
    if len(r) == 0:
        return
    g, pl, sl = games[r], player[r], slot[r]
    use = eng.decide(MAY_USE, g, pl, np.ones((len(r), 2), bool),
                     ability="warrior_mage_ritual_indestructible",
                     card=st.board_card[g, pl, sl].astype(np.int64)) == 1
    make_indestructible(eng, g[use], pl[use], sl[use])
