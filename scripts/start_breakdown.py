"""Where the start of a command goes: each piece of a warm engine start, timed in a fresh process.

    python scripts/start_breakdown.py [--runs 7]

Prints, for each piece, the median CPU time (user + system, which the load of a shared machine
inflates far less than wall time) and wall time of ``--runs`` fresh processes: the imports
(numpy, numba, the engine's modules), the compiled engine loaded from numba's cache
(``warmup.ensure``, with what numba's loader spends on refreshing its target context,
unpickling and linking the object code), the card database, the first and second call of the
batch loop. Then whole processes for reference: ``python -c pass``, ``import numba`` and the
bench's 10-game run (``magenoir-sim run fire-flames --games 10``), process start to exit.
docs/performance.md has the numbers and what they led to. The engine cache must be warm (run
any command once first).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def pieces() -> dict[str, tuple[float, float]]:
    """(wall, cpu) seconds of each piece, in this process (which must be fresh)."""
    times: dict[str, tuple[float, float]] = {}
    last = [time.perf_counter(), time.process_time()]

    def mark(name: str) -> None:
        now = [time.perf_counter(), time.process_time()]
        times[name] = (now[0] - last[0], now[1] - last[1])
        last[:] = now

    import numpy  # noqa: F401

    mark("import numpy")
    import numba  # noqa: F401

    mark("import numba (and scipy, which it checks)")
    import simulator.engine.compiler.jit  # noqa: F401

    mark("engine.jit: source digest, cache directory")
    import simulator.bots.planner  # noqa: F401
    import simulator.engine.host.batch
    import simulator.engine.rules.game  # noqa: F401

    mark("import the engine's modules (about 550 dispatchers)")
    from numba.core import base, caching, codegen

    from simulator.engine.compiler import late_bound as late
    from simulator.engine.compiler import warmup

    inside = {"refresh of the target context": [0.0, 0.0],
              "unpickling (and the imports it triggers)": [0.0, 0.0],
              "bitcode parse and object code linking": [0.0, 0.0]}

    def timed(name: str, function):  # a wrapper that only adds up the time spent inside
        def wrapper(*args, **kwargs):
            start = time.perf_counter(), time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                inside[name][0] += time.perf_counter() - start[0]
                inside[name][1] += time.process_time() - start[1]
        return wrapper

    base.BaseContext.refresh = timed("refresh of the target context", base.BaseContext.refresh)
    caching.IndexDataCacheFile._load_data = timed("unpickling (and the imports it triggers)",
                                                  caching.IndexDataCacheFile._load_data)
    codegen.JITCPUCodegen.unserialize_library = timed("bitcode parse and object code linking",
                                                      codegen.JITCPUCodegen.unserialize_library)
    last[:] = [time.perf_counter(), time.process_time()]
    from simulator import bots

    planner = bots.get("planner")
    warmup.ensure(bot=planner)
    mark("warmup.ensure(): the engine's roots and the planner's from the cache")
    for name, (wall, cpu) in inside.items():
        times[f"  of which {name}"] = (wall, cpu)
    late.addresses()
    mark("late.addresses()")
    from simulator.cards import load_cards
    from simulator.decks import load_deck
    from simulator.engine.rules.options import RuleOptions
    from simulator.scenarios import load_scenario

    mark("import cards, decks, scenarios")
    db = load_cards()
    mark("card database")
    deck, duke = load_deck("fire-flames", db), load_scenario("duke", db)
    mark("deck and scenario")
    matchup = simulator.engine.host.batch.Matchup((deck,), duke, duke.default_level)
    simulator.engine.host.batch.play_seeds(matchup, db, 1, 0, 10, planner, RuleOptions())
    mark("first play_seeds, 10 games (tables, type dispatch)")
    simulator.engine.host.batch.play_seeds(matchup, db, 1, 10, 10, planner, RuleOptions())
    mark("second play_seeds, 10 games")
    return times


def child_seconds(command: list[str]) -> tuple[float, float]:
    """(wall, cpu) seconds of a child process, start to exit."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh processes per row (default 7)")
    parser.add_argument("--once", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.once:
        print(json.dumps(pieces()))
        return 0
    wholes = {"python -c pass": [sys.executable, "-c", "pass"],
              "python -c 'import numba'": [sys.executable, "-c", "import numba"],
              "10-game run, end to end": [sys.executable, "-m", "simulator.cli", "run",
                                          "fire-flames", "--scenario", "duke", "--games", "10",
                                          "--quiet"]}
    rows: dict[str, list[tuple[float, float]]] = {}
    for _ in range(args.runs):
        out = subprocess.run([sys.executable, __file__, "--once"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout
        for name, value in json.loads(out.splitlines()[-1]).items():
            rows.setdefault(name, []).append(value)
        for name, command in wholes.items():
            rows.setdefault(name, []).append(child_seconds(command))
    print(f"median of {args.runs} fresh processes; load average {os.getloadavg()[0]:.1f}")
    print(f"{'piece':<58} {'cpu s':>7} {'wall s':>7}")
    for name, values in rows.items():
        print(f"{name:<58} {statistics.median(v[1] for v in values):7.3f} "
              f"{statistics.median(v[0] for v in values):7.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
