"""The duel engine's speed against issue #37's targets, one JSON object per measure.

    python scripts/duel_speed.py cost [GAMES]        # a duel game against a solo game
    python scripts/duel_speed.py roundrobin [GAMES]  # the 13 example decks, GAMES a pair
    python scripts/duel_speed.py lookahead [GAMES]   # look-ahead duels on 2 threads
    python scripts/duel_speed.py horizon [GAMES]     # the look-ahead's duel rollout horizon

- ``cost``: CPU time a game (1 thread, the planner) of each base deck in solo (Duke normal)
  and in a mirror duel against itself; the target is a duel game at most twice a solo game.
  Process CPU time, as ``scripts/cpu_per_game.py``: the machine's load moves wall times.
- ``roundrobin``: wall time of the round robin of the example decks, ``GAMES`` games a pair
  (default 2,000: 1,000 seeds, each with either deck first), on 2 threads (the ``local``
  backend's chunks); the target is 60 s.
- ``lookahead``: look-ahead duels (fire-flames against water-tides) per second of wall time
  on 2 threads; the target is 20.
- ``horizon``: what stopping a duel's rollouts after ``lookahead.DUEL_HORIZON`` turns costs
  the look-ahead in strength (its win rate against the planner) and saves in time.

The compiled code is loaded (a few games played) before any timing. Take the numbers on a
quiet machine; alternate runs of two trees one process at a time to compare them.
"""

from __future__ import annotations

import itertools
import json
import sys
import time

from simulator import bots
from simulator.cards import load_cards
from simulator.decks import bundled_decks, load_deck
from simulator.duel_games import make_side, play_duel_games, run_duel_games
from simulator.engine.host.batch import Matchup, play_seeds
from simulator.engine.rules.options import RuleOptions
from simulator.scenarios import load_scenario

BASE_DECKS = ("air-winds", "fire-flames", "vegetal-grove", "water-tides")


def cost(games: int) -> dict:
    db = load_cards()
    duke = load_scenario("duke", db)
    planner = bots.get("planner")
    out = {}
    for name in BASE_DECKS:
        deck = load_deck(name, db)
        solo = Matchup((deck,), duke, "normal")
        play_seeds(solo, db, 1, 0, 50, planner, RuleOptions())
        start = time.process_time()
        result = play_seeds(solo, db, 7, 0, games, planner, RuleOptions())
        solo_s = time.process_time() - start
        side = make_side(deck, db=db)
        play_duel_games([side, side], seed=1, count=25, db=db)
        start = time.process_time()
        duels = play_duel_games([side, side], seed=7, count=games // 2, db=db,
                                keep_turns=False)
        duel_s = time.process_time() - start
        solo_us, duel_us = solo_s / games * 1e6, duel_s / len(duels) * 1e6
        out[name] = {"solo_us_a_game": round(solo_us), "duel_us_a_game": round(duel_us),
                     "ratio": round(duel_us / solo_us, 2),
                     "solo_us_a_turn": round(solo_s / result.end_turn.sum() * 1e6, 1),
                     "duel_us_a_turn": round(duel_s / duels.turns.sum() * 1e6, 1)}
    return out


def roundrobin(games: int) -> dict:
    db = load_cards()
    names = sorted(bundled_decks())
    sides = {n: make_side(n, db=db) for n in names}
    run_duel_games([sides[names[0]], sides[names[1]]], games=4, db=db, jobs=2)
    start, cpu = time.perf_counter(), time.process_time()
    for a, b in itertools.combinations(names, 2):
        run_duel_games([sides[a], sides[b]], games=games // 2, db=db, jobs=2,
                       keep_turns=False)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    pairs = len(names) * (len(names) - 1) // 2
    return {"decks": len(names), "pairs": pairs, "games_a_pair": games,
            "seconds": round(seconds, 1), "cpu_seconds": round(cpu, 1), "target_seconds": 60}


def lookahead(games: int) -> dict:
    db = load_cards()
    fire = make_side("fire-flames", "lookahead", db=db)
    water = make_side("water-tides", "lookahead", db=db)
    run_duel_games([fire, water], games=2, db=db, jobs=2)
    start, cpu = time.perf_counter(), time.process_time()
    played = run_duel_games([fire, water], games=games // 2, db=db, jobs=2, keep_turns=False)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"games": len(played), "seconds": round(seconds, 1),
            "cpu_ms_a_game": round(cpu / len(played) * 1000, 1),
            "games_a_second": round(len(played) / seconds, 1), "target_games_a_second": 20}


def horizon(games: int) -> dict:
    """The look-ahead (one seat) against the planner (the other), mirror duels of fire-flames
    and water-tides, rollouts to the end of the game (0) and to ``DUEL_HORIZON`` turns: its
    win rate and the CPU time a game, on 2 threads."""
    from simulator.bots import lookahead as la
    from simulator.engine.rules import layout as L

    db = load_cards()
    out, chosen = {}, la.DUEL_HORIZON
    for name in ("fire-flames", "water-tides"):
        look, planner = make_side(name, "lookahead", db=db), make_side(name, "planner", db=db)
        play_duel_games([look, planner], seed=1, count=2, db=db)
        for turns in (0, chosen):
            la.DUEL_HORIZON = turns
            cpu = time.process_time()
            played = play_duel_games([look, planner], seed=5, count=games // 2, db=db,
                                     threads=2, keep_turns=False)
            cpu = time.process_time() - cpu
            out[f"{name}, horizon {turns}"] = {
                "games": len(played), "lookahead_win_rate": round(float(
                    (played.outcome[:, 0] == L.WIN).mean()), 3),
                "cpu_ms_a_game": round(cpu / len(played) * 1000, 1)}
        la.DUEL_HORIZON = chosen
    return out


MEASURES = {"cost": (cost, 4000), "roundrobin": (roundrobin, 2000), "lookahead": (lookahead, 200),
            "horizon": (horizon, 400)}


def main() -> None:
    measure, default = MEASURES[sys.argv[1]]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else default
    print(json.dumps({sys.argv[1]: measure(games)}))


if __name__ == "__main__":
    main()
