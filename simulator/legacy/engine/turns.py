"""A player's turn in solo & co-op mode (RULES.md R5, solo rulesheet "Player turns").

Turn start (start-of-turn effects, in slot order: one legal order of the player's choice),
draw, Mana gathering (solo: no Mana from the Infinite Ether, take one whole pile), main
phase (actions until the player ends it), end of turn (hand limit).
"""

from __future__ import annotations

import numpy as np

from simulator.legacy.engine.actions import apply_actions, legal_actions, readiness
from simulator.legacy.engine.board import check_defeats
from simulator.legacy.engine.core import Engine
from simulator.legacy.engine.effects import run_trigger
from simulator.legacy.engine.handlers import end_of_turn_effects, turn_boundary, turn_start_repeats
from simulator.legacy.engine.mana import format_mana, take_pile
from simulator.legacy.engine.ordering import resolve_in_chosen_order
from simulator.legacy.engine.state import CHANNELED, PERMANENT, PREPARED, RUNNING
from simulator.legacy.engine.zones import discard_down_to_hand_size, draw

START_TRIGGERS = ((PERMANENT, "turn_start"), (PREPARED, "turn_start_prepared"),
                  (CHANNELED, "turn_start_channeled"))


def player_turn(eng: Engine, games: np.ndarray, player: int) -> None:
    """Play player ``player``'s whole turn in each of ``games`` (they are running, player in
    game). The match loop plays the same three parts, with the main phase in rounds shared
    across turns (see :mod:`simulator.legacy.engine.game`)."""
    p = np.full(len(games), player)
    main_phase(eng, *begin_player_turn(eng, games, p))
    end_player_turn(eng, games, p)


def begin_player_turn(eng: Engine, games: np.ndarray, p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Turn start, draw and Mana gathering of player ``p[i]`` in ``games[i]``; returns the
    ``(games, p)`` still playing, whose main phase begins."""
    st = eng.state
    st.turn[games] += 1
    st.ignored_this_turn[games] = 0
    turn_boundary(eng, games)  # "this turn" effects of handlers (Favorable winds, ...) reset
    eng.say(games, "-- Turn {}: player {} ({} HP) --", st.turn[games], p + 1, st.hp[games, p])
    turn_start(eng, games, p)
    games, p = _still_playing(eng, games, p)
    skip = (st.turn[games] == 1) & eng.options.first_player_skips_draw
    draw(eng, games[~skip], p[~skip], 1)
    games, p = _still_playing(eng, games, p)
    take_pile(eng, games, p)
    _say_hand_and_reserve(eng, games, p)
    return games, p


def end_player_turn(eng: Engine, games: np.ndarray, p: np.ndarray) -> None:
    """End of the turns begun in ``games`` (``begin_player_turn``), whose main phase is over:
    end-of-turn effects and hand limit where the player still plays, then the turn boundary
    in all of them."""
    playing, q = _still_playing(eng, games, p)
    end_of_turn(eng, playing, q)
    turn_boundary(eng, games)


def _say_hand_and_reserve(eng: Engine, games: np.ndarray, p: np.ndarray) -> None:
    """Transcript only: what the player holds as the main phase starts, so that a reader of a
    replay can judge the choices that follow."""
    if eng.log is None or len(games) == 0:
        return
    st = eng.state

    def hand(g: int, q: int) -> str:
        counts = st.hand[g, q]
        cards = [f"{eng.card_name(c)}{f' x{n}' if n > 1 else ''}" for c, n in enumerate(counts.tolist()) if n]
        return ", ".join(cards) or "nothing"

    eng.say(games, "  hand: {}; reserve: {}", [hand(g, q) for g, q in zip(games, p, strict=True)],
            [format_mana(st.reserve[g, q]) for g, q in zip(games, p, strict=True)])


def _still_playing(eng: Engine, games: np.ndarray, p: np.ndarray):
    live = _still_playing_mask(eng, games, p)
    return games[live], p[live]


def _still_playing_mask(eng: Engine, games: np.ndarray, p: np.ndarray) -> np.ndarray:
    """(n,) bool the game is running and player ``p[i]`` still in it."""
    return (eng.state.outcome[games] == RUNNING) & ~eng.state.out[games, p]


def turn_start(eng: Engine, games: np.ndarray, p: np.ndarray) -> None:
    """Resolve the player's start-of-turn effects in the order the player chooses."""
    st = eng.state
    triggers = _start_trigger_table(eng)  # (C, zones) bool: has a start-of-turn effect there

    def due(rows: np.ndarray) -> np.ndarray:
        zone = st.board_zone[games[rows], p[rows]]
        cards = st.board_card[games[rows], p[rows]].astype(np.int64)
        has = np.zeros(zone.shape, bool)
        for column, (z, _trigger) in enumerate(START_TRIGGERS):
            here = (zone >= PERMANENT) if z == PERMANENT else (zone == z)
            has |= here & triggers[np.maximum(cards, 0), column]
        return np.where(has & (cards >= 0), cards, -1)

    def apply(rows: np.ndarray, s: np.ndarray, card: np.ndarray) -> None:
        g, pl = games[rows], p[rows]
        zone = st.board_zone[g, pl, s]
        for z, trigger in START_TRIGGERS:
            here = (zone >= PERMANENT) if z == PERMANENT else (zone == z)
            if not here.any():
                continue
            gh, ph, ch, sh = g[here], pl[here], card[here], s[here]
            run_trigger(eng, trigger, gh, ph, ch, sh)
            # King of trees: the Mage Noir's other Trees apply their effects once more.
            again = turn_start_repeats(eng, gh, ph, ch) & (st.board_card[gh, ph, sh] == ch)
            run_trigger(eng, trigger, gh[again], ph[again], ch[again], sh[again])

    rows = np.arange(len(games))
    resolve_in_chosen_order(
        eng, games, p, due(rows),
        lambda r: st.board_card[games[r], p[r]].astype(np.int64), apply,
        still_in=lambda r: ~st.out[games[r], p[r]])
    check_defeats(eng)


def _start_trigger_table(eng: Engine) -> np.ndarray:
    """(C, len(START_TRIGGERS)) bool: the card kind has an effect for that start trigger."""
    return np.array([[bool(effect.get(trigger)) for _zone, trigger in START_TRIGGERS]
                     for effect in eng.tables.effects], dtype=bool).reshape(-1, len(START_TRIGGERS))


def main_phase(eng: Engine, games: np.ndarray, p: np.ndarray) -> None:
    """Ask for actions until every game has ended its main phase (or hit the action cap)."""
    batch = eng.state.batch
    acting, seat = np.zeros(batch, bool), np.zeros(batch, np.int64)
    acting[games], seat[games] = True, p
    main_phase_rounds(eng, acting, np.zeros(batch, np.int64), seat)


def main_phase_rounds(eng: Engine, acting: np.ndarray, actions: np.ndarray, seat: np.ndarray,
                      straggler_share: float | None = None) -> None:
    """Main-phase rounds (:func:`main_phase_round`) of the ``acting`` (B,) games, player
    ``seat`` (B,) acting, until none acts; ``acting`` and ``actions`` (B,) (actions asked
    this turn, against ``max_actions_per_turn``) are updated in place. With
    ``straggler_share``, the rounds also stop once at most 1/``straggler_share`` of the games
    they started with still act: those stay ``acting``, for the caller's later rounds."""
    started = int(acting.sum())
    while True:
        games = np.flatnonzero(acting)
        if len(games) == 0 or (straggler_share and len(games) * straggler_share <= started):
            return
        go_on = main_phase_round(eng, games, seat[games])
        actions[games] += 1
        acting[games] = go_on & (actions[games] < eng.options.max_actions_per_turn)


def main_phase_round(eng: Engine, games: np.ndarray, p: np.ndarray) -> np.ndarray:
    """One main-phase action of player ``p[i]`` in each of ``games`` still playing: returns
    (n,) bool, the games whose main phase goes on (the player took an action; a game that
    ended meanwhile drops out at its next round). The caller counts the actions against
    ``max_actions_per_turn``."""
    live = _still_playing_mask(eng, games, p)
    go_on = np.zeros(len(games), bool)
    rows = np.flatnonzero(live)
    if len(rows) == 0:
        return go_on
    g, q = games[rows], p[rows]
    # Costs, shortfalls and Mage Noir status, computed once for the legal actions, the
    # policy's scores, the usage counters and the preparations of this decision.
    ready = readiness(eng, g, q)
    legal = legal_actions(eng, g, q, ready)
    action = eng.decide("main_action", g, q, legal, ready=ready)
    act = action != 0
    apply_actions(eng, g[act], q[act], action[act], ready.rows(act))
    check_defeats(eng)
    go_on[rows[act]] = True
    return go_on


def end_of_turn(eng: Engine, games: np.ndarray, p: np.ndarray) -> None:
    """End-of-turn triggers (handlers: Maelström, Warrior-mage ritual), then discard down to
    the maximum hand size, one card at a time, the player choosing."""
    end_of_turn_effects(eng, games, p)
    games, p = _still_playing(eng, games, p)
    discard_down_to_hand_size(eng, games, p, "hand_limit", "  discards {} (hand limit)")

