"""What a cold start says while it compiles: an estimate at once, then a line now and then.

Why: the first run after an install waits for the compile before its first game, and a silent
wait looks like a hang. The first line says how long the compile should take on this machine
now, every part says when it is ready (``warmup.compile_part``), and between them a line every
:data:`TICK_EVERY_S` seconds says how far along it is.

The estimate is measured, not promised: :data:`CPU_SECONDS` holds the CPU time each part took in
a cold start on the project's 2-core machine (docs/bench.md, "The cold compile"); the parts
of each process are added, and the longer sum is stretched by how busy the machine is now.
With a load average of ``L`` (other programs) and our ``P`` compiling processes on ``C`` cores,
each process gets about ``C / (L / 4 + P)`` of a core when that is less than one: a quarter of
the load, because not every process the load average counts wants a core all the time. On the
project's machine, at a load of 6.4-6.5, two cold starts took 1.4 and 2.1 times the CPU time of
their longer process, where ``(L + P) / C`` said 4.2 and ``(L / 4 + P) / C`` says 1.8.
"""

from __future__ import annotations

import os
import sys
import threading
import time

#: CPU seconds of each part in a cold start, in the order ``warmup.SPLIT`` compiles them (a
#: part compiled after another in the same process reuses what they share, so it costs less)
CPU_SECONDS = {"resolve": 43.0, "deal_damage": 0.7, "select": 1.3, "leave_board": 0.1,
               "play_range": 23.0, "decide": 0.1, "run_command": 7.0}
#: a bot's choose function, compiled first in its process (the planner's, the default bot)
BOT_CPU_SECONDS = 24.0
#: what the first line says of the measured time (docs/bench.md)
MEASURED = "measured: 43 to 45 s on a quiet 2-core machine, 67 to 260 s at a load of 4 to 7"
#: seconds between two lines of a compile that is still running
TICK_EVERY_S = 15.0


def part_seconds(root: str) -> float:
    return CPU_SECONDS.get(root, BOT_CPU_SECONDS)


def estimate(groups: list[list[str]], load: float | None = None,
             cores: int | None = None) -> float:
    """Seconds of wall time to compile ``groups`` (the parts of each process, compiled at
    once), with ``load`` the load average before they start (now, when None)."""
    busy = [g for g in groups if g]
    if not busy:
        return 0.0
    if load is None:
        try:
            load = os.getloadavg()[0]
        except OSError:  # no load average on this platform: assume a quiet machine
            load = 0.0
    cores = cores or os.cpu_count() or 1
    stretch = max(1.0, (load / 4 + len(busy)) / cores)
    return stretch * max(sum(part_seconds(r) for r in g) for g in busy)


def say(text: str) -> None:
    print(f"magenoir-sim: {text}", file=sys.stderr, flush=True)


class Ticker:
    """While in its ``with`` block, says every :data:`TICK_EVERY_S` seconds how long the
    compile has run, against ``expected`` seconds."""

    def __init__(self, expected: float):
        self.expected = expected
        self.start = time.monotonic()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._tick, name="compile-progress", daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()

    def _tick(self) -> None:
        while not self._stop.wait(TICK_EVERY_S):
            say(self.line(time.monotonic() - self.start))

    def line(self, elapsed: float) -> str:
        if elapsed <= self.expected:
            return f"  still compiling: {elapsed:.0f} s of about {self.expected:.0f} s"
        return (f"  still compiling: {elapsed:.0f} s, longer than the {self.expected:.0f} s "
                "expected (the machine is busier than when it started?)")
