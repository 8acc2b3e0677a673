"""The bench's duel rows, issue #37's speed targets (``magenoir-sim bench``, and alone:
``python scripts/duel_speed.py cost|roundrobin|lookahead [GAMES]``).

- :func:`duel_cost`: process CPU time a game on one thread, the planner on every seat, of
  each base deck in solo (the Duke, normal) and in a mirror duel against itself; the target
  is a duel game at most twice a solo game on the same deck. CPU time, not wall time: the
  machine's load moves wall times.
- :func:`round_robin`: wall time of ``magenoir-sim gauntlet`` (the round robin of the 13
  example decks, :func:`simulator.gauntlets.gauntlet`) at ``games`` a pairing on 2 threads of
  the ``local`` backend; the target is 60 s for 2,000 games a pairing.
- :func:`lookahead_duels`: look-ahead duels (fire-flames against water-tides, the look-ahead
  on both seats, :func:`simulator.duels.duel`) per second of wall time on 2 threads; the
  target is 20.

Each loads the compiled code it needs (a few games played) before any timing.
"""

from __future__ import annotations

import time

BASE_DECKS = ("air-winds", "fire-flames", "vegetal-grove", "water-tides")
THREADS = 2
COST_GAMES, ROUND_ROBIN_GAMES, LOOKAHEAD_GAMES = 4000, 2000, 200


def duel_cost(games: int = COST_GAMES, decks=BASE_DECKS, bot: str = "planner") -> dict:
    """Per deck: CPU us a game in solo and in a mirror duel, their ratio, and a turn's; the
    worst deck's ratio as ``ratio``. ``bot`` plays both (another bot than the planner shows
    how much of the ratio is the games' length: docs/bench.md)."""
    from simulator import bots
    from simulator.cards import load_cards
    from simulator.decks import load_deck
    from simulator.duel_games import make_side, play_duel_games
    from simulator.engine.host.batch import Matchup, play_seeds
    from simulator.engine.rules.options import RuleOptions
    from simulator.scenarios import load_scenario

    db = load_cards()
    duke = load_scenario("duke", db)
    player = bots.get(bot)
    by_deck = {}
    for name in decks:
        deck = load_deck(name, db)
        solo = Matchup((deck,), duke, "normal")
        play_seeds(solo, db, 1, 0, 50, player, RuleOptions())
        start = time.process_time()
        result = play_seeds(solo, db, 7, 0, games, player, RuleOptions())
        solo_s = time.process_time() - start
        side = make_side(deck, bot, db=db)
        play_duel_games([side, side], seed=1, count=25, db=db)
        start = time.process_time()
        duels = play_duel_games([side, side], seed=7, count=max(1, games // 2), db=db,
                                keep_turns=False)
        duel_s = time.process_time() - start
        solo_us, duel_us = solo_s / games * 1e6, duel_s / len(duels) * 1e6
        by_deck[name] = {"solo_us_a_game": round(solo_us), "duel_us_a_game": round(duel_us),
                         "ratio": round(duel_us / solo_us, 2),
                         "solo_us_a_turn": round(solo_s / result.end_turn.sum() * 1e6, 1),
                         "duel_us_a_turn": round(duel_s / duels.turns.sum() * 1e6, 1)}
    worst = max(by_deck, key=lambda d: by_deck[d]["ratio"])
    return {"games": games, "ratio": by_deck[worst]["ratio"], "worst_deck": worst,
            "target_ratio": 2.0, "decks": by_deck}


def round_robin(games: int = ROUND_ROBIN_GAMES, threads: int = THREADS) -> dict:
    """The round robin of the example decks, ``games`` a pairing, on ``threads`` threads."""
    from simulator.gauntlets import gauntlet

    gauntlet("fire-flames", games=2, jobs=threads, progress=False)  # the engine loaded
    start, cpu = time.perf_counter(), time.process_time()
    result = gauntlet(games=games, jobs=threads, progress=False)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"decks": len(result.labels), "pairings": len(result.outcomes),
            "games_a_pairing": games, "games": games * len(result.outcomes),
            "seconds": round(seconds, 2), "cpu_seconds": round(cpu, 1), "threads": threads,
            "target_seconds": 60,
            "command": f"magenoir-sim gauntlet --games {games} --jobs {threads} --quiet"}


def lookahead_duels(games: int = LOOKAHEAD_GAMES, threads: int = THREADS) -> dict:
    """Look-ahead duels of fire-flames against water-tides per second, ``threads`` threads."""
    from simulator.duels import duel

    sides = ("fire-flames", "water-tides")
    duel(*sides, games=2, bot="lookahead", jobs=threads, progress=False)
    games += games % 2
    start, cpu = time.perf_counter(), time.process_time()
    played = duel(*sides, games=games, seed=2, bot="lookahead", jobs=threads, progress=False,
                  keep_turns=False)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {"games": len(played.games), "seconds": round(seconds, 2),
            "cpu_ms_a_game": round(cpu / len(played.games) * 1000, 1), "threads": threads,
            "games_a_second": round(len(played.games) / seconds, 1), "target_games_a_second": 20,
            "command": (f"magenoir-sim duel {' '.join(sides)} --bot lookahead --games {games} "
                        f"--seed 2 --jobs {threads} --quiet")}
