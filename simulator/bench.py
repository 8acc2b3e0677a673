"""``magenoir-sim bench``: how fast and how big the simulator is on this machine.

Every measurement is printed next to its target with pass/fail:

* ``us_per_game`` and ``games_per_second``: the compiled engine's cost per game, for each
  bundled example deck (``simulator/bundled/decks/*.txt``, whatever the current folder; or the
  ``--deck`` files) against the Duke (default level), default bot, 1 player, on
  1 and 2 threads. A measurement calls :func:`simulator.engine.host.batch.play_seeds` (tables, a
  fresh game, the games, their result arrays; no statistics) on batches of ``batch`` games
  (default 2,000) until ``seconds`` (default 3) have passed, after one untimed batch (the
  engine loaded, the first call's caches). ``us_per_game`` is thread time per game (wall
  time x threads / games: on 2 threads it shows what playing side by side costs each game),
  ``games_per_second`` is games over wall time. The headlines are the worst deck's (the
  targets hold for each deck): us/game on 1 thread, games/s on 2 threads. Why per game and
  not a "batch speedup": the compiled engine plays a game at the same cost in any batch.
* ``lookahead_games_per_second``: the look-ahead bot (``--bot lookahead`` at its default
  budget) on 2 threads, games over wall time, for each deck as above, worst deck; batches of
  ``lookahead_batch`` games (default 64) for about ``lookahead_seconds`` (default 10) after an
  untimed one. A run with it answers 1,000 games in ``1000 / that`` seconds;
* the duel rows (:mod:`simulator.bench_duel`, issue #37): ``duel_cost_ratio``, the CPU time
  of a duel game over a solo game's on the same deck (one thread, the planner, the worst of
  the four base decks; ``duel_cost_games`` each), ``round_robin_seconds``, the wall time of
  ``magenoir-sim gauntlet`` (the 13 example decks' round robin, ``round_robin_games`` a
  pairing, default 2,000) on 2 threads, and ``lookahead_duel_games_per_second``, look-ahead
  duels (``lookahead_duel_games``) a second on 2 threads;
* ``run_10k_seconds``: ``python -m simulator.cli run DECK --games 10000 --json`` from process
  start to exit, in a subprocess, for every deck; the median of ``--run-repeats`` runs
  (default 3), because one run on a shared machine can be 10% off either way, of the slowest
  deck (``run_10k_deck``; its times in ``run_10k_all_seconds``, every deck's median in
  ``run_10k_by_deck``);
* ``run_10_games_seconds``: the start a user waits for before any answer, ``python -m
  simulator.cli run fire-flames --scenario duke --games 10 --json --quiet`` from process
  start to exit (the engine loaded from its cache, nothing compiled), the median of three;
  where that time goes is in ``docs/performance.md``;
* ``warm_start_seconds``: a fresh Python process that makes ready the engine a run plays on
  (``warmup.ensure(bot=...)``: imports, the compiled batch loop, hubs and default bot loaded
  from their cache), from process start to exit, in a subprocess; the median of three;
* ``cold_compile_seconds`` (only with ``--cold``): the same with ``MAGENOIR_CACHE_DIR`` on an
  empty temporary directory, so the whole engine is compiled, as after an install or an edit
  of the engine. Off by default: it keeps both cores busy for about 42 s of CPU each (43 s
  to 45 s wall measured on the project's quiet 2-core machine, 67 s to 260 s at a load of 4
  to 7: docs/bench.md);
* ``memory_run_seconds``: the time of a ``--memory-games`` (default 1,000,000) game run,
  process start to exit, in a child process;
* ``peak_memory_mb``: peak memory of that run: the largest sum of the proportional set sizes
  of the child and any process under it
  (``/proc/PID/smaps_rollup``, sampled every 0.2 s), or the child's own peak RSS from its
  rusage (``os.wait4``) when that is larger or ``/proc`` is missing.

``machine.reference_seconds`` times a fixed numpy workload (:func:`machine_reference`) before
and after the measurements: on a shared machine the speed drifts, and that figure tells a
slower machine from slower code when two bench results are compared.

``--quick`` shrinks every count so the whole bench is a smoke run of well under a minute; the
rows then name the counts measured (e.g. "1,000 games"), not the targets' counts.
The bench measures; making the engine meet the targets is the engine's business.
"""

from __future__ import annotations

import json
import math
import os
import platform
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from simulator.bench_duel import COST_GAMES, LOOKAHEAD_GAMES, ROUND_ROBIN_GAMES

THREADS = (1, 2)
SECONDS = 3.0
QUICK_SECONDS = 0.3
BATCH = 2_000
QUICK_BATCH = 200
RUN_GAMES = 10_000
QUICK_RUN_GAMES = 500
RUN_REPEATS = 3
START_REPEATS = 3
#: The run of ``run_10_games_seconds``: the start every command pays, then a few games.
SHORT_RUN_DECK = "fire-flames"
SHORT_RUN_GAMES = 10
MEMORY_GAMES = 1_000_000
QUICK_MEMORY_GAMES = 1_000
LOOKAHEAD = "lookahead"
LOOKAHEAD_THREADS = 2
LOOKAHEAD_SECONDS = 10.0
LOOKAHEAD_BATCH = 64
QUICK_LOOKAHEAD_BATCH = 4
DEFAULT_DECK = "fire-flames.txt"
QUICK_COST_GAMES, QUICK_ROUND_ROBIN_GAMES, QUICK_LOOKAHEAD_DUEL_GAMES = 100, 2, 2
#: What a warm or cold start runs: the engine a run needs made ready, nothing played.
START_COMMAND = ("-c", "from simulator.bots import DEFAULT_BOT, get; "
                 "from simulator.engine.compiler.warmup import ensure; ensure(bot=get(DEFAULT_BOT))")

#: name -> (target, "min" when the value must be at least the target, "max" at most).
TARGETS = {
    "us_per_game": (40.0, "max"),
    "games_per_second": (50_000.0, "min"),
    "lookahead_games_per_second": (50.0, "min"),
    "run_10k_seconds": (1.5, "max"),
    "run_10_games_seconds": (0.8, "max"),
    "warm_start_seconds": (1.0, "max"),
    "cold_compile_seconds": (120.0, "max"),
    "memory_run_seconds": (30.0, "max"),
    "peak_memory_mb": (1024.0, "max"),
    "duel_cost_ratio": (2.0, "max"),
    "round_robin_seconds": (60.0, "max"),
    "lookahead_duel_games_per_second": (20.0, "min"),
}
_TARGET_TEXT = {
    "us_per_game": "<= 40 us/game, 1 thread",
    "games_per_second": ">= 50,000 games/s, 2 threads",
    "lookahead_games_per_second": ">= 50 games/s, 2 threads",
    "run_10k_seconds": "<= 1.5 s",
    "run_10_games_seconds": "<= 0.8 s",
    "warm_start_seconds": "<= 1 s",
    "cold_compile_seconds": "<= 120 s",
    "memory_run_seconds": "<= 30 s, 1,000,000 games",
    "peak_memory_mb": "<= 1024 MiB",
    "duel_cost_ratio": "<= 2x a solo game",
    "round_robin_seconds": "<= 60 s, 2,000 a pairing",
    "lookahead_duel_games_per_second": ">= 20 games/s, 2 threads",
}

Progress = Callable[[str], None]


@dataclass
class BenchConfig:
    """What to measure; :func:`quick_config` gives the smoke-run counts."""

    decks: tuple[str, ...] = ()
    threads: tuple[int, ...] = THREADS
    seconds: float = SECONDS
    batch: int = BATCH
    run_games: int = RUN_GAMES
    run_repeats: int = RUN_REPEATS
    start_repeats: int = START_REPEATS
    memory_games: int = MEMORY_GAMES
    lookahead_seconds: float = LOOKAHEAD_SECONDS
    lookahead_batch: int = LOOKAHEAD_BATCH
    duel_cost_games: int = COST_GAMES
    round_robin_games: int = ROUND_ROBIN_GAMES
    lookahead_duel_games: int = LOOKAHEAD_GAMES
    cold: bool = False
    scenario: str = "duke"
    quick: bool = False
    seed: int = 1


def quick_config(**overrides) -> BenchConfig:
    settings = dict(seconds=QUICK_SECONDS, batch=QUICK_BATCH, run_games=QUICK_RUN_GAMES,
                    run_repeats=1, start_repeats=1, memory_games=QUICK_MEMORY_GAMES, quick=True,
                    lookahead_seconds=0.0, lookahead_batch=QUICK_LOOKAHEAD_BATCH,
                    duel_cost_games=QUICK_COST_GAMES, round_robin_games=QUICK_ROUND_ROBIN_GAMES,
                    lookahead_duel_games=QUICK_LOOKAHEAD_DUEL_GAMES)
    settings.update({k: v for k, v in overrides.items() if v is not None})
    return BenchConfig(**settings)


@dataclass
class Measurement:
    """``games`` played in ``batches`` calls of the batch loop on ``threads`` threads."""

    deck: str
    threads: int
    games: int
    seconds: float
    batches: int

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def us_per_game(self) -> float:
        """Thread time per game: wall time x threads / games."""
        return self.seconds * self.threads / self.games * 1e6 if self.games else 0.0

    def as_dict(self) -> dict:
        return {**asdict(self), "games_per_second": self.games_per_second,
                "us_per_game": self.us_per_game}


@dataclass
class ProcessRun:
    """One CLI run in a child process: wall time from start to exit and peak RSS."""

    command: list[str]
    seconds: float
    peak_memory_mb: float | None
    summary: dict = field(default_factory=dict)


# --- where things are --------------------------------------------------------------

def project_root() -> Path:
    """The directory holding the ``simulator`` package (the repository root in a checkout)."""
    return Path(__file__).resolve().parents[1]


def example_decks() -> list[str]:
    """The bundled example decks (``simulator/bundled/decks/*.txt``), whatever the current
    folder: a ``decks/`` folder of one's own (test files, decks in progress) is measured only
    when named with ``--deck``."""
    from simulator.decks import bundled_decks

    return [str(path) for path in sorted(bundled_decks().values()) if path.suffix == ".txt"]


def machine_info() -> dict:
    import joblib
    import numba
    import numpy as np
    import pandas as pd

    info = {
        "cpu_count": os.cpu_count(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "numba": numba.__version__,
        "pandas": pd.__version__,
        "joblib": joblib.__version__,
        # False (PYTHONDONTWRITEBYTECODE): an editable install compiles the package at every
        # process start, about 0.1 s of each end-to-end run on the development machine
        "writes_bytecode": not sys.dont_write_bytecode,
    }
    if hasattr(os, "sched_getaffinity"):
        info["usable_cpus"] = len(os.sched_getaffinity(0))
    if hasattr(os, "getloadavg"):
        info["load_average"] = [round(x, 2) for x in os.getloadavg()]
    return info


def machine_reference(repeats: int = 5) -> float:
    """Seconds of CPU a fixed numpy workload takes here (the best of ``repeats``): small
    reductions and element-wise steps over (4096, 12, 6) arrays, independent of the
    simulator's code.

    Why: on a shared or virtual machine the same code runs at different speeds from one
    hour to the next (here up to 30%); a bench result quoted with this figure, taken before
    and after it, tells a slower machine from slower code."""
    import numpy as np

    a = np.random.default_rng(0).integers(0, 5, (4096, 12, 6))
    best = math.inf
    for _ in range(repeats):
        start = time.process_time()
        for _ in range(40):
            lack = np.maximum(a - a[:, :1, :], 0)
            (lack > 0).sum(axis=2).max(axis=1)
            np.where(lack.sum(axis=2) > 3, 1.0 / np.maximum(lack.sum(axis=2), 1), 0.0).argmax(axis=1)
        best = min(best, time.process_time() - start)
    return best


# --- the engine's cost per game ------------------------------------------------------

def measure_engine(matchup, db, threads: int, seconds: float, batch: int, seed: int = 1,
                   label: str = "", bot: str | None = None) -> Measurement:
    """Cost per game of the batch loop for one matchup and number of threads (see the module
    docstring): an untimed batch, then timed batches of ``batch`` games, other games each
    time, until ``seconds`` have passed (at least one). ``bot``: a bot's spec (default: the
    default bot)."""
    from simulator.bots import DEFAULT_BOT, get
    from simulator.engine.host.batch import play_seeds
    from simulator.engine.rules.options import RuleOptions

    options, bot = RuleOptions(), get(bot or DEFAULT_BOT)
    play_seeds(matchup, db, seed, 0, batch, bot, options, threads)
    games, total, batches = 0, 0.0, 0
    while batches == 0 or total < seconds:
        start = time.perf_counter()
        play_seeds(matchup, db, seed, batch * (batches + 1), batch, bot, options, threads)
        total += time.perf_counter() - start
        games += batch
        batches += 1
    return Measurement(label, threads, games, total, batches)


def engine_table(config: BenchConfig, progress: Progress | None = None) -> list[Measurement]:
    from simulator.cards import load_cards
    from simulator.decks import load_deck
    from simulator.engine.host.batch import Matchup
    from simulator.scenarios import load_scenario

    db = load_cards()
    scenario = load_scenario(config.scenario, db)
    paths = list(config.decks) or example_decks()
    table = []
    for path in paths:
        matchup = Matchup((load_deck(path, db),), scenario, scenario.default_level)
        name = Path(path).stem
        for threads in config.threads:
            m = measure_engine(matchup, db, threads, config.seconds, config.batch, config.seed,
                               label=name)
            table.append(m)
            if progress:
                progress(f"  {name:<16} {threads} thread(s): {m.games:>8,} games in {m.seconds:6.2f} s"
                         f" = {m.us_per_game:7.1f} us/game, {m.games_per_second:9,.0f} games/s")
    return table


def lookahead_table(config: BenchConfig, progress: Progress | None = None) -> list[Measurement]:
    """The look-ahead bot at its default budget, each deck, :data:`LOOKAHEAD_THREADS` threads."""
    from simulator.bots import label
    from simulator.cards import load_cards
    from simulator.decks import load_deck
    from simulator.engine.host.batch import Matchup
    from simulator.scenarios import load_scenario

    db = load_cards()
    scenario = load_scenario(config.scenario, db)
    table = []
    for path in list(config.decks) or example_decks():
        matchup = Matchup((load_deck(path, db),), scenario, scenario.default_level)
        name = Path(path).stem
        m = measure_engine(matchup, db, LOOKAHEAD_THREADS, config.lookahead_seconds,
                           config.lookahead_batch, config.seed, label=name, bot=LOOKAHEAD)
        table.append(m)
        if progress:
            progress(f"  {name:<16} {label(LOOKAHEAD)}, {m.threads} threads: {m.games:>5,} games "
                     f"in {m.seconds:6.2f} s = {m.games_per_second:7,.1f} games/s")
    return table


def worst(table: Sequence[Measurement], threads: int, key: str) -> Measurement | None:
    """The worst deck's measurement at ``threads`` threads: the highest us/game
    (``key="us_per_game"``) or the lowest games/s; None when that thread count was not measured."""
    rows = [m for m in table if m.threads == threads]
    if not rows:
        return None
    pick = max if key == "us_per_game" else min
    return pick(rows, key=lambda m: getattr(m, key))


def duel_rows(config: BenchConfig, say: Progress) -> dict:
    """The duel rows (:mod:`simulator.bench_duel`): ``cost``, ``round_robin``, ``lookahead``."""
    from simulator.bench_duel import duel_cost, lookahead_duels, round_robin

    say(f"duels: a duel game's CPU time against a solo game's ({config.duel_cost_games:,} "
        f"games of each base deck), the example decks' round robin "
        f"({config.round_robin_games:,} games a pairing), look-ahead duels "
        f"({config.lookahead_duel_games} games); 2 threads")
    cost = duel_cost(config.duel_cost_games)
    say("  " + ", ".join(f"{deck} {row['ratio']:.2f}x" for deck, row in cost["decks"].items()))
    robin = round_robin(config.round_robin_games)
    say(f"  round robin: {robin['games']:,} games in {robin['seconds']:.1f} s")
    looking = lookahead_duels(config.lookahead_duel_games)
    say(f"  look-ahead duels: {looking['games']} games in {looking['seconds']:.1f} s")
    return {"cost": cost, "round_robin": robin, "lookahead": looking}


# --- engine start in a child process ------------------------------------------------

def engine_start(cache_dir: str | None = None) -> float:
    """Seconds from process start to exit of ``python`` :data:`START_COMMAND`: the engine
    loaded from its cache (``cache_dir`` None) or compiled into ``cache_dir`` (an empty
    directory: a cold start)."""
    env = dict(os.environ)
    if cache_dir is not None:
        env["MAGENOIR_CACHE_DIR"] = cache_dir
    command = [sys.executable, *START_COMMAND]
    start = time.perf_counter()
    proc = subprocess.run(command, env=env, cwd=project_root(), capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited with {proc.returncode}:\n{proc.stderr}")
    return seconds


def cold_compile() -> float:
    """:func:`engine_start` on an empty cache directory, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="magenoir-cold-") as empty:
        return engine_start(empty)


# --- whole runs in a child process --------------------------------------------------

def _max_rss_mb(maxrss: int) -> float:
    """ru_maxrss is KiB on Linux, bytes on macOS."""
    return maxrss / (1024 * 1024) if sys.platform == "darwin" else maxrss / 1024


def run_cli(deck: str, games: int, extra: Sequence[str] = ()) -> ProcessRun:
    """Time ``python -m simulator.cli run DECK --games N --json --quiet`` and read the child's
    peak RSS."""
    command = [sys.executable, "-m", "simulator.cli", "run", str(Path(deck).resolve()),
               "--games", str(games), "--json", "--quiet", *extra]
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(command, stdout=out, stderr=err, cwd=project_root())
        sampler = TreeMemorySampler(proc.pid)
        if hasattr(os, "wait4"):
            _, status, usage = os.wait4(proc.pid, 0)
            seconds = time.perf_counter() - start
            proc.returncode = os.waitstatus_to_exitcode(status)
            peak = max(_max_rss_mb(usage.ru_maxrss), sampler.stop())
        else:  # pragma: no cover - platforms without wait4 (Windows)
            proc.wait()
            seconds = time.perf_counter() - start
            peak = sampler.stop() or None
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(), err.read().decode()
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited with {proc.returncode}:\n{stderr}")
    lines = [line for line in stdout.splitlines() if line.strip().startswith("{")]
    summary = json.loads(lines[-1]) if lines else {}
    return ProcessRun(command, seconds, peak, summary)


class TreeMemorySampler:
    """Samples, in a thread, the memory of a process and of every process under it: the sum of
    their proportional set sizes (Linux ``/proc``; 0 elsewhere). Why: a run's workers are
    other processes, whose memory the parent's rusage does not add up."""

    def __init__(self, pid: int, interval: float = 0.2) -> None:
        self.pid, self.interval, self.peak_mb = pid, interval, 0.0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def stop(self) -> float:
        """The peak in MiB (0.0 when nothing could be read)."""
        self._done.set()
        self._thread.join()
        return self.peak_mb

    def _sample(self) -> None:
        while not self._done.is_set():
            self.peak_mb = max(self.peak_mb, sum(_pss_kib(p) for p in _process_tree(self.pid)) / 1024)
            self._done.wait(self.interval)


def _process_tree(pid: int) -> list[int]:
    """``pid`` and its descendants, read from ``/proc/PID/task/*/children`` ([] without /proc)."""
    tree, todo = [], [pid]
    while todo:
        p = todo.pop()
        tree.append(p)
        for children in Path(f"/proc/{p}/task").glob("*/children"):
            try:
                todo.extend(int(c) for c in children.read_text().split())
            except OSError:  # the process ended meanwhile
                pass
    return tree if Path(f"/proc/{pid}").exists() else []


def _pss_kib(pid: int) -> int:
    """Proportional set size of a process in KiB (0 if it is gone or unreadable)."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


# --- the whole bench ---------------------------------------------------------------

def _target(name: str, value: float | None) -> dict:
    target, kind = TARGETS[name]
    ok = None if value is None else (value >= target if kind == "min" else value <= target)
    return {"value": value, "target": target, "kind": kind, "text": _TARGET_TEXT[name], "pass": ok}


def _median(values: Sequence[float]) -> float:
    """The median; of an even count, the upper middle value (a time that was measured)."""
    return sorted(values)[len(values) // 2]


def run_bench(config: BenchConfig, progress: Progress | None = None) -> dict:
    """Every measurement, as the object ``bench --json`` prints."""
    from simulator.bots import DEFAULT_BOT

    say = progress or (lambda _msg: None)
    started = time.perf_counter()
    machine = machine_info()
    reference_before = machine_reference()
    from simulator.decks import find_deck

    decks = [str(find_deck(d)) for d in config.decks] or example_decks()  # names: bundled decks
    config = BenchConfig(**{**asdict(config), "decks": tuple(decks)})
    say(f"engine: {len(decks)} deck(s) x {list(config.threads)} thread(s), batches of "
        f"{config.batch:,} games, about {config.seconds:g} s each")
    table = engine_table(config, progress)
    one, two = worst(table, 1, "us_per_game"), worst(table, 2, "games_per_second")
    from simulator.bots import label

    say(f"look-ahead: {label(LOOKAHEAD)}, {len(decks)} deck(s), {LOOKAHEAD_THREADS} threads, "
        f"batches of {config.lookahead_batch} games, about {config.lookahead_seconds:g} s each")
    looking = lookahead_table(config, progress)
    ahead = worst(looking, LOOKAHEAD_THREADS, "games_per_second")
    duels = duel_rows(config, say)
    say(f"engine start: python {' '.join(START_COMMAND)!r}, {config.start_repeats} time(s)"
        + (", then once on an empty cache (--cold)" if config.cold else ""))
    starts = [engine_start() for _ in range(config.start_repeats)]
    cold = cold_compile() if config.cold else None
    say(f"  warm {', '.join(f'{s:.2f}' for s in starts)} s"
        + (f"; cold {cold:.1f} s" if cold is not None else ""))
    short = [run_cli(str(find_deck(SHORT_RUN_DECK)), SHORT_RUN_GAMES,
                     ("--scenario", config.scenario))
             for _ in range(config.start_repeats)]
    say(f"10-game run: {' '.join(short[0].command[1:])}\n"
        f"  {', '.join(f'{r.seconds:.2f}' for r in short)} s")
    say(f"end to end: {config.run_games} games of each deck in a child process, "
        f"{config.run_repeats} time(s) each")
    runs_by_deck = {}
    for deck in decks:
        runs = [run_cli(deck, config.run_games) for _ in range(config.run_repeats)]
        runs_by_deck[deck] = runs
        say(f"  {Path(deck).stem:<16} {', '.join(f'{r.seconds:.2f}' for r in runs)} s")
    medians = {deck: sorted(runs, key=lambda r: r.seconds)[len(runs) // 2]  # upper of two
               for deck, runs in runs_by_deck.items()}
    run_slowest = max(decks, key=lambda d: medians[d].seconds)
    run, runs = medians[run_slowest], runs_by_deck[run_slowest]
    run_deck = next((d for d in decks if Path(d).name == DEFAULT_DECK), decks[0])
    say(f"peak memory: {config.memory_games} games of {Path(run_deck).name} in a child process")
    memory = run_cli(run_deck, config.memory_games)
    say(f"  {memory.peak_memory_mb} MiB in {memory.seconds:.2f} s")
    machine["reference_seconds"] = [round(reference_before, 4), round(machine_reference(), 4)]
    result = {
        "quick": config.quick,
        "us_per_game": one.us_per_game if one else None,
        "us_per_game_deck": one.deck if one else None,
        "games_per_second": two.games_per_second if two else None,
        "games_per_second_deck": two.deck if two else None,
        "lookahead_games_per_second": ahead.games_per_second if ahead else None,
        "lookahead_games_per_second_deck": ahead.deck if ahead else None,
        "lookahead_table": [m.as_dict() for m in looking],
        "run_10k_seconds": run.seconds,
        "run_10k_all_seconds": [r.seconds for r in runs],
        "run_10k_deck": Path(run_slowest).stem,
        "run_10k_by_deck": {Path(d).stem: medians[d].seconds for d in decks},
        "run_games": config.run_games,
        "run_peak_memory_mb": run.peak_memory_mb,
        "run_command": run.command,
        "run_10_games_seconds": _median([r.seconds for r in short]),
        "run_10_games_all_seconds": [r.seconds for r in short],
        "run_10_games_command": short[0].command,
        "warm_start_seconds": _median(starts),
        "warm_start_all_seconds": starts,
        "cold_compile_seconds": cold,
        "peak_memory_mb": memory.peak_memory_mb,
        "memory_games": config.memory_games,
        "memory_run_seconds": memory.seconds,
        "memory_run_games_per_second": (config.memory_games / memory.seconds
                                        if memory.seconds else None),
        "table": [m.as_dict() for m in table],
        "duel_cost_ratio": duels["cost"]["ratio"],
        "round_robin_seconds": duels["round_robin"]["seconds"],
        "lookahead_duel_games_per_second": duels["lookahead"]["games_a_second"],
        "duels": duels,
        "settings": {
            "decks": [Path(d).name for d in decks], "scenario": config.scenario, "level": "default",
            "players": 1, "bot": DEFAULT_BOT, "threads": list(config.threads),
            "lookahead_bot": label(LOOKAHEAD), "lookahead_batch": config.lookahead_batch,
            "lookahead_seconds": config.lookahead_seconds,
            "seconds_per_measurement": config.seconds, "batch": config.batch,
            "seed": config.seed, "run_repeats": config.run_repeats,
            "start_repeats": config.start_repeats, "cold": config.cold,
        },
        "machine": machine,
        "bench_seconds": time.perf_counter() - started,
    }
    result["targets"] = {name: _target(name, result[name]) for name in TARGETS}
    return result


# --- text output -------------------------------------------------------------------

def format_table(table: Sequence[dict]) -> str:
    """One row per deck: us/game and games/s for each number of threads, and the games/s of
    the most threads over one thread."""
    threads = sorted({row["threads"] for row in table})
    cell = {(row["deck"], row["threads"]): row for row in table}
    decks = list(dict.fromkeys(row["deck"] for row in table))
    head = f"{'deck':<16}" + "".join(f" {f'{t} thr us/game':>14} {f'{t} thr games/s':>15}"
                                     for t in threads)
    scaling = len(threads) > 1 and threads[0] == 1
    if scaling:
        head += f" {f'{threads[-1]} vs 1 thr':>11}"
    lines = [head, "-" * len(head)]
    for deck in decks:
        line = f"{deck:<16}"
        for t in threads:
            row = cell.get((deck, t))
            line += (f" {row['us_per_game']:>14,.1f} {row['games_per_second']:>15,.0f}" if row
                     else f" {'-':>14} {'-':>15}")
        if scaling:
            low, high = cell.get((deck, 1)), cell.get((deck, threads[-1]))
            ratio = (high["games_per_second"] / low["games_per_second"]
                     if low and high and low["games_per_second"] else float("nan"))
            line += f" {ratio:>10.2f}x"
        lines.append(line)
    return "\n".join(lines)


def _fmt(name: str, value) -> str:
    if value is None:
        return "n/a"
    if name == "us_per_game":
        return f"{value:,.1f} us/game"
    if name == "games_per_second":
        return f"{value:,.0f} games/s"
    if name in ("lookahead_games_per_second", "lookahead_duel_games_per_second"):
        return f"{value:,.1f} games/s"
    if name == "duel_cost_ratio":
        return f"{value:.2f}x"
    if name == "peak_memory_mb":
        return f"{value:,.1f} MiB"
    return f"{value:.2f} s"


def _thousand(games_per_second: float | None) -> str:
    return f"{1000 / games_per_second:.1f} s" if games_per_second else "n/a"


def format_report(result: dict) -> str:
    m = result["machine"]
    lines = [
        f"magenoir-sim bench{' (quick: smoke-run counts, not the real targets)' if result['quick'] else ''}",
        f"machine: {m['cpu_count']} CPUs, {m['platform']}, Python {m['python']}, numpy {m['numpy']}"
        + (f", numba {m['numba']}" if "numba" in m else "")
        + (f", load {m['load_average']}" if "load_average" in m else "")
        + (f"; speed reference {m['reference_seconds'][0]:.3f} s before, "
           f"{m['reference_seconds'][1]:.3f} s after (smaller: faster)"
           if "reference_seconds" in m else ""),
        f"scenario {result['settings']['scenario']} (default level), 1 player, "
        f"bot {result['settings']['bot']}; engine batch loop, batches of "
        f"{result['settings']['batch']:,} games",
        "",
        format_table(result["table"]),
        "",
        f"{result['settings']['lookahead_bot']}, {LOOKAHEAD_THREADS} threads: "
        + ", ".join(f"{row['deck']} {row['games_per_second']:,.1f} games/s"
                    for row in result["lookahead_table"]),
        "",
    ]
    notes = {
        "us_per_game": f"worst deck {result['us_per_game_deck']}",
        "games_per_second": f"worst deck {result['games_per_second_deck']}",
        "lookahead_games_per_second": (f"{result['settings']['lookahead_bot']}, worst deck "
                                       f"{result['lookahead_games_per_second_deck']}; 1,000 games "
                                       f"in {_thousand(result['lookahead_games_per_second'])}"),
        "run_10k_seconds": (f"{result['run_games']:,} games, process start to exit, median of "
                            f"{len(result['run_10k_all_seconds'])}, slowest deck "
                            f"{result.get('run_10k_deck', '?')}"
                            + ("" if result["run_games"] == RUN_GAMES
                               else f"; the target is for {RUN_GAMES:,}")),
        "run_10_games_seconds": (f"end to end: {SHORT_RUN_DECK}, {SHORT_RUN_GAMES} games, process "
                                 f"start to exit, median of "
                                 f"{len(result['run_10_games_all_seconds'])}"),
        "warm_start_seconds": (f"engine loaded from its cache, process start to exit, median of "
                               f"{len(result['warm_start_all_seconds'])}"),
        "cold_compile_seconds": ("empty cache: the whole engine compiled"
                                 if result["cold_compile_seconds"] is not None
                                 else "not measured: bench --cold"),
        "memory_run_seconds": (f"{result['memory_games']:,} games, process start to exit "
                               f"({result['memory_run_games_per_second']:,.0f} games/s end to end)"
                               + ("" if result["memory_games"] == MEMORY_GAMES
                                  else f"; the target is for {MEMORY_GAMES:,}")),
        "peak_memory_mb": f"the run of {result['memory_games']:,} games, all processes",
        "duel_cost_ratio": (f"CPU a game, worst base deck {result['duels']['cost']['worst_deck']}, "
                            f"{result['duels']['cost']['games']:,} games"),
        "round_robin_seconds": (f"{result['duels']['round_robin']['decks']} decks, "
                                f"{result['duels']['round_robin']['games_a_pairing']:,} games a "
                                "pairing, 2 threads"
                                + ("" if result["duels"]["round_robin"]["games_a_pairing"]
                                   == ROUND_ROBIN_GAMES
                                   else f"; the target is for {ROUND_ROBIN_GAMES:,}")),
        "lookahead_duel_games_per_second": (f"fire-flames vs water-tides, "
                                            f"{result['duels']['lookahead']['games']} games"),
    }
    labels = {"us_per_game": "cost per game", "games_per_second": "throughput",
              "lookahead_games_per_second": "look-ahead",
              "run_10k_seconds": "run end to end", "run_10_games_seconds": "10-game run",
              "warm_start_seconds": "warm start", "cold_compile_seconds": "cold compile",
              # the count measured: --quick times 1,000 games against the 1,000,000's target
              "memory_run_seconds": f"{result['memory_games']:,} games",
              "peak_memory_mb": "peak memory", "duel_cost_ratio": "duel game",
              "round_robin_seconds": "round robin",
              "lookahead_duel_games_per_second": "look-ahead duel"}
    for name, target in result["targets"].items():
        verdict = {True: "PASS", False: "FAIL", None: "n/a"}[target["pass"]]
        lines.append(f"{labels[name]:<15} {_fmt(name, target['value']):>20}   target "
                     f"{target['text']:<28} {verdict:<5} ({notes[name]})")
    if result["quick"]:
        lines.append("quick mode: small counts; run without --quick to test the targets")
    return "\n".join(lines)


def main(config: BenchConfig, as_json: bool = False) -> int:
    def progress(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    result = run_bench(config, progress)
    if as_json:
        print(json.dumps(result, indent=1))
    else:
        print(format_report(result))
    return 0
