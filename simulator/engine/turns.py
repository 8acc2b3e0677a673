"""A player's turn in solo & co-op mode (RULES.md R5, solo rulesheet "Player turns").

Turn start (start-of-turn effects, in slot order: one legal order of the player's choice),
draw, Mana gathering (solo: no Mana from the Infinite Ether, take one whole pile), main
phase (actions until the player ends it), end of turn (hand limit).
"""

from __future__ import annotations

import numpy as np

from simulator.engine.actions import apply_actions, legal_actions, readiness
from simulator.engine.board import check_defeats
from simulator.engine.core import Engine
from simulator.engine.effects import run_trigger
from simulator.engine.handlers import end_of_turn_effects, turn_boundary, turn_start_repeats
from simulator.engine.mana import take_pile
from simulator.engine.state import CHANNELED, PERMANENT, PREPARED, RUNNING
from simulator.engine.zones import draw

START_TRIGGERS = ((PERMANENT, "turn_start"), (PREPARED, "turn_start_prepared"),
                  (CHANNELED, "turn_start_channeled"))


def player_turn(eng: Engine, games: np.ndarray, player: int) -> None:
    """Play player ``player``'s turn in each of ``games`` (they are running, player in game)."""
    st = eng.state
    p = np.full(len(games), player)
    st.turn[games] += 1
    st.ignored_this_turn[games] = 0
    turn_boundary(eng, games)  # "this turn" effects of handlers (Favorable winds, ...) reset
    everyone = games
    eng.say(games, f"-- Turn {{}}: player {player + 1} ({{}} HP) --", st.turn[games],
            st.hp[games, player])
    turn_start(eng, games, p)
    games, p = _still_playing(eng, games, p)
    skip = (st.turn[games] == 1) & eng.options.first_player_skips_draw
    draw(eng, games[~skip], p[~skip], 1)
    games, p = _still_playing(eng, games, p)
    take_pile(eng, games, p)
    main_phase(eng, games, p)
    games, p = _still_playing(eng, games, p)
    end_of_turn(eng, games, p)
    turn_boundary(eng, everyone)


def _still_playing(eng: Engine, games: np.ndarray, p: np.ndarray):
    live = (eng.state.outcome[games] == RUNNING) & ~eng.state.out[games, p]
    return games[live], p[live]


def turn_start(eng: Engine, games: np.ndarray, p: np.ndarray) -> None:
    """Resolve the player's start-of-turn effects, one board slot after the other."""
    st = eng.state
    for s in range(st.board_card.shape[2]):
        for zone, trigger in START_TRIGGERS:
            games, p = _still_playing(eng, games, p)
            zones = st.board_zone[games, p, s]
            here = (zones >= PERMANENT) if zone == PERMANENT else (zones == zone)
            g, pl = games[here], p[here]
            card = st.board_card[g, pl, s].astype(np.int64)
            run_trigger(eng, trigger, g, pl, card, np.full(len(g), s))
            # King of trees: the Mage Noir's other Trees apply their effects once more.
            again = turn_start_repeats(eng, g, pl, card) & (st.board_card[g, pl, s] == card)
            run_trigger(eng, trigger, g[again], pl[again], card[again], np.full(int(again.sum()), s))
    check_defeats(eng)


def main_phase(eng: Engine, games: np.ndarray, p: np.ndarray) -> None:
    """Ask for actions until every game has ended its main phase (or hit the action cap)."""
    for _ in range(eng.options.max_actions_per_turn):
        games, p = _still_playing(eng, games, p)
        if len(games) == 0:
            return
        # Costs, shortfalls and Mage Noir status, computed once for the legal actions, the
        # policy's scores, the usage counters and the preparations of this decision.
        ready = readiness(eng, games, p)
        legal = legal_actions(eng, games, p, ready)
        action = eng.decide("main_action", games, p, legal, ready=ready)
        go_on = action != 0
        games, p, action = games[go_on], p[go_on], action[go_on]
        apply_actions(eng, games, p, action, ready.rows(go_on))
        check_defeats(eng)


def end_of_turn(eng: Engine, games: np.ndarray, p: np.ndarray) -> None:
    """End-of-turn triggers (handlers: Maelström, Warrior-mage ritual), then discard down to
    the maximum hand size, one card at a time, the player choosing."""
    st = eng.state
    end_of_turn_effects(eng, games, p)
    games, p = _still_playing(eng, games, p)
    while len(games):
        over = st.hand[games, p].sum(axis=1) > st.max_hand[games, p]
        games, p = games[over], p[over]
        if len(games) == 0:
            return
        card = eng.decide("discard_from_hand", games, p, st.hand[games, p] > 0,
                          reason="hand_limit")
        st.hand[games, p, card] -= 1
        st.discard[games, p, card] += 1
        eng.say(games, "  discards {} (hand limit)", eng.names(card))


__all__ = ["run_trigger"]
