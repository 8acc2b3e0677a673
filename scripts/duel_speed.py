"""The duel engine's speed against issue #37's targets, one JSON object per measure.

    python scripts/duel_speed.py cost [GAMES [BOT]]  # a duel game against a solo game
    python scripts/duel_speed.py roundrobin [GAMES]  # the 13 example decks, GAMES a pair
    python scripts/duel_speed.py lookahead [GAMES]   # look-ahead duels on 2 threads
    python scripts/duel_speed.py horizon [GAMES]     # the look-ahead's duel rollout horizon

``cost``, ``roundrobin`` and ``lookahead`` are the bench's duel rows
(:mod:`simulator.bench_duel`, where each is described; ``magenoir-sim bench`` runs them
too): a duel game's CPU time against a solo game's on the base decks, the wall time of
``magenoir-sim gauntlet`` (the example decks' round robin, 2,000 games a pair by default)
on 2 threads, and look-ahead duels a second on 2 threads.

- ``horizon``: what stopping a duel's rollouts after ``lookahead.DUEL_HORIZON`` turns costs
  the look-ahead in strength (its win rate against the planner) and saves in time.

The compiled code is loaded (a few games played) before any timing. Take the numbers on a
quiet machine; alternate runs of two trees one process at a time to compare them.
"""

from __future__ import annotations

import json
import sys
import time

from simulator.bench_duel import duel_cost, lookahead_duels, round_robin
from simulator.cards import load_cards
from simulator.duel_games import make_side, play_duel_games


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


MEASURES = {"cost": (duel_cost, 4000), "roundrobin": (round_robin, 2000),
            "lookahead": (lookahead_duels, 200), "horizon": (horizon, 400)}


def main() -> None:
    measure, default = MEASURES[sys.argv[1]]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else default
    extra = {"bot": sys.argv[3]} if sys.argv[1] == "cost" and len(sys.argv) > 3 else {}
    print(json.dumps({sys.argv[1]: measure(games, **extra)}))


if __name__ == "__main__":
    main()
