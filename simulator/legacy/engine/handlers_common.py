"""Shared machinery of the card handlers: per-turn effects, handler lookups, used components.

Why on the Engine and not in GameState: these are short-lived facts ("until the end of this
turn", "the components designated for the card being prepared") that no result, replay or
rule outside the handlers reads. They live in ``eng.turn_effects`` (name -> per-game array,
created on first use) and are cleared at every player turn boundary by
:func:`reset_turn_effects`, which ``turns.begin_player_turn`` and ``turns.end_player_turn``
call at the start and at the end of each player turn (the Adversary turn in between starts
from a clean slate too).
"""

from __future__ import annotations

import numpy as np

from simulator.legacy.engine.board import TO_DISCARD, leave_board
from simulator.legacy.engine.core import Engine, EngineError, all_distinct, ranked_columns
from simulator.legacy.engine.effects import Step
from simulator.legacy.engine.state import EMPTY, player_rows


def turn_array(eng: Engine, name: str, tail: tuple[int, ...] = (), dtype=bool) -> np.ndarray:
    """The per-game array ``name`` of shape (B,) + tail, all zero until set this turn."""
    arrays = eng.__dict__.setdefault("turn_effects", {})
    arr = arrays.get(name)
    if arr is None:
        arr = np.zeros((eng.state.batch,) + tuple(tail), dtype)
        arrays[name] = arr
    return arr


def reset_turn_effects(eng: Engine, games: np.ndarray) -> None:
    """Forget every "this turn" effect of the given games (a turn boundary)."""
    for arr in eng.__dict__.get("turn_effects", {}).values():
        arr[games] = 0


def handler_cards(eng: Engine, name: str) -> np.ndarray:
    """(C,) bool local card ids whose effect names handler ``name`` (cached per engine)."""
    cache = eng.__dict__.setdefault("handler_cards", {})
    if name not in cache:
        cache[name] = np.array([
            any(step.get("name") == name
                for steps in effect.values() for step in steps
                if step.get("op") == "handler" or step.get("kind") == "handler")
            for effect in eng.tables.effects], bool)
    return cache[name]


def static_handler(step: Step) -> None:
    """Registered for static handlers: their behaviour lives in engine hooks, never in a step."""
    raise EngineError(f"static handler {step.p.get('name')!r} was run as a step")


# --- components designated for the card being prepared --------------------------------------

def record_used_components(eng: Engine, games: np.ndarray, player: np.ndarray,
                           used: np.ndarray) -> None:
    """Remember which slots were designated as components for each game's preparation.

    Called by ``actions.prepare`` right after the designation; the card ids are kept too, so
    that a slot emptied (or refilled) meanwhile is never mistaken for the component.
    """
    s = eng.state.board_card.shape[2]
    slots = turn_array(eng, "used_component_slots", (s,))
    cards = turn_array(eng, "used_component_cards", (s,), np.int16)
    slots[games] = used
    cards[games] = np.where(used, player_rows(eng.state.board_card, games, player), -1)


def used_component_slots(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n, S) bool slots still holding a component designated for the last preparation."""
    s = eng.state.board_card.shape[2]
    slots = turn_array(eng, "used_component_slots", (s,))[games]
    cards = turn_array(eng, "used_component_cards", (s,), np.int16)[games]
    st = eng.state
    held = player_rows(st.board_card, games, player) == cards
    return slots & held & (player_rows(st.board_zone, games, player) != EMPTY)


def discard_used_component(step: Step) -> None:
    """Enter: the component designated to prepare this card goes to the discard pile.

    Wand of air currents (unless Mage Noir, an ``if`` on the step) and Animated tree each
    require exactly one component, so every designated slot still on the board is discarded.
    """
    eng = step.eng
    mine = step.side >= 0
    g, pl = step.games[mine], step.player[mine]
    for r, slot in ranked_columns(used_component_slots(eng, g, pl)):
        leave_board(eng, g[r], pl[r], slot, TO_DISCARD)


# --- indestructible until the end of the turn (Warrior-mage ritual) ---------------------------

def _indestructible_marks(eng: Engine) -> np.ndarray:
    """(B, P, S) int16: card id + 1 of each slot made indestructible this turn (0 none).

    The card id is kept so that a slot emptied and refilled this turn is not protected.
    """
    st = eng.state
    return turn_array(eng, "indestructible_card", (st.players, st.board_card.shape[2]), np.int16)


def mark_indestructible(eng: Engine, games: np.ndarray, player: np.ndarray,
                        slot: np.ndarray) -> None:
    """The card in each slot is indestructible until the end of the turn."""
    _indestructible_marks(eng)[games, player, slot] = eng.state.board_card[games, player, slot] + 1


def indestructible_all(eng: Engine, games: np.ndarray) -> np.ndarray:
    """(n, P, S) bool board cards that cannot be destroyed: the keyword, or made so this turn."""
    st = eng.state
    cards = st.board_card[games]
    keyword = eng.statics.indestructible[np.maximum(cards, 0, dtype=np.intp)]
    marked = _indestructible_marks(eng)[games] == cards + 1
    return (keyword | marked) & (cards >= 0)


def indestructible_slots(eng: Engine, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """(n, S) bool own board cards that cannot be destroyed (see :func:`indestructible_all`)."""
    return indestructible_all(eng, games)[np.arange(len(games)), player]


def distinct_rounds(games: np.ndarray) -> list[np.ndarray]:
    """Row indices split into rounds in which no game appears twice (first occurrences first).

    Mana additions refuse a game twice in one call; effects that may hit one game several
    times in one call (several players, several cards) run round by round.
    """
    games = np.asarray(games)
    if all_distinct(games):
        return [np.arange(len(games))]
    order = np.argsort(games, kind="stable")
    sorted_games = games[order]
    first = np.r_[0, np.flatnonzero(np.diff(sorted_games)) + 1]
    rank = np.arange(len(games)) - np.repeat(first, np.diff(np.r_[first, len(games)]))
    ranks = np.empty(len(games), np.int64)
    ranks[order] = rank
    return [np.flatnonzero(ranks == k) for k in range(int(ranks.max()) + 1)]
