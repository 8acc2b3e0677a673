"""``magenoir-sim bench``: how fast and how big the simulator is on this machine.

Four measurements, each printed next to its target with pass/fail:

* throughput: full games per second for each example deck (``decks/*.txt``) against the
  Duke (default level), default bot, 1 player, for each batch size and number of jobs. A
  measurement first plays one chunk per job (the smallest run that exercises that
  configuration), then, when that took less than ``seconds``, plays again with the game
  count scaled from the first rate to fill the time budget, and to reach ``min_games``
  games in all (default 100: in 3 s batch 1 plays only 20-40 games, whose rate depends on
  which games they are, and the batch speedup divides by it). Games/s is all games over all
  time, measured through :func:`simulator.run.simulate` (so the per-game table is included).
  With 2 jobs the games are split into at least 2 chunks run by joblib. A batch larger than
  the budget allows is still played once in full: a batch-16384 measurement cannot be
  shorter than one batch of 16384 games;
* ``batch_speedup``: games/s at the largest batch size over games/s at batch 1, same deck,
  1 job; the headline is the smallest over the decks (the target must hold for each);
* ``run_10k_seconds``: ``python -m simulator.cli run DECK --games 10000 --json`` from
  process start to exit, in a subprocess; the median of ``--run-repeats`` runs (default 3;
  every time is in ``run_10k_all_seconds``), because one run on a shared machine can be 10%
  off either way;
* ``peak_memory_mb``: peak memory of a ``--memory-games`` (default 1,000,000) game run in a
  child process, its worker processes included: the largest sum of their proportional set
  sizes (``/proc/PID/smaps_rollup``, sampled every 0.2 s; pages a forked worker shares with
  its parent count once), or the child's own peak RSS from its rusage (``os.wait4``) when
  that is larger or ``/proc`` is missing.

``batch_cost_by_deck`` explains the throughput: per deck, a straight line through the one-job
seconds per batch at the two largest batch sizes, ``seconds = overhead + per_game * batch``.
``overhead`` is what a larger batch spreads thinner; ``per_game`` is not, so
``usable CPUs / per_game`` is a ceiling on games/s that no batch size passes on this machine.

``machine.reference_seconds`` times a fixed numpy workload (:func:`machine_reference`) before
and after the measurements: on a shared machine the speed drifts, and that figure tells a
slower machine from slower code when two bench results are compared.

``--quick`` shrinks every count so the whole bench is a smoke run of well under a minute.
"""

from __future__ import annotations

import argparse
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

BATCH_SIZES = (1, 64, 1024, 16384)
QUICK_BATCH_SIZES = (1, 16, 128)
JOBS = (1, 2)
SECONDS = 3.0
QUICK_SECONDS = 0.5
MIN_GAMES = 100
RUN_GAMES = 10_000
QUICK_RUN_GAMES = 500
RUN_REPEATS = 3
MEMORY_GAMES = 1_000_000
QUICK_MEMORY_GAMES = 1_000
#: Repeat a measurement at most this often while its time budget is not spent.
MAX_REPEATS = 3
DEFAULT_DECK = "fire-flames.txt"

#: name -> (target, "min" when the value must be at least the target, "max" at most).
TARGETS = {
    "games_per_second": (20_000.0, "min"),
    "batch_speedup": (200.0, "min"),
    "run_10k_seconds": (5.0, "max"),
    "peak_memory_mb": (2048.0, "max"),
}
_TARGET_TEXT = {
    "games_per_second": ">= 20,000 games/s",
    "batch_speedup": ">= 200x",
    "run_10k_seconds": "< 5 s",
    "peak_memory_mb": "<= 2048 MiB",
}

Progress = Callable[[str], None]


@dataclass
class BenchConfig:
    """What to measure; :func:`quick_config` gives the smoke-run counts."""

    decks: tuple[str, ...] = ()
    batch_sizes: tuple[int, ...] = BATCH_SIZES
    jobs: tuple[int, ...] = JOBS
    seconds: float = SECONDS
    min_games: int = MIN_GAMES
    run_games: int = RUN_GAMES
    run_repeats: int = RUN_REPEATS
    memory_games: int = MEMORY_GAMES
    scenario: str = "duke"
    quick: bool = False
    seed: int = 1


def quick_config(**overrides) -> BenchConfig:
    settings = dict(batch_sizes=QUICK_BATCH_SIZES, seconds=QUICK_SECONDS, min_games=0,
                    run_games=QUICK_RUN_GAMES, run_repeats=1, memory_games=QUICK_MEMORY_GAMES,
                    quick=True)
    settings.update({k: v for k, v in overrides.items() if v is not None})
    return BenchConfig(**settings)


@dataclass
class Measurement:
    deck: str
    batch_size: int
    jobs: int
    games: int
    seconds: float
    repeats: int

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def as_dict(self) -> dict:
        return {**asdict(self), "games_per_second": self.games_per_second}


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
    """The example decks ``decks/*.txt`` (current directory first, then the checkout)."""
    for folder in (Path.cwd() / "decks", project_root() / "decks",
                   project_root() / "simulator" / "bundled" / "decks"):
        found = sorted(folder.glob("*.txt"))
        if found:
            return [str(path) for path in found]
    from simulator.errors import UserError

    raise UserError("no example decks found (looked for decks/*.txt); pass --deck FILE")


def machine_info() -> dict:
    import joblib
    import numpy as np
    import pandas as pd

    info = {
        "cpu_count": os.cpu_count(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor(),
        "python": platform.python_version(),
        "numpy": np.__version__,
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
    reductions and element-wise steps over (4096, 12, 6) arrays, the engine's kind of work,
    independent of the simulator's code.

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


# --- throughput --------------------------------------------------------------------

def measure_throughput(deck, scenario, db, batch_size: int, jobs: int, seconds: float,
                       seed: int = 1, label: str = "", min_games: int = 0) -> Measurement:
    """Games/s of ``simulate`` for one configuration (see the module docstring)."""
    from simulator.run import simulate

    unit = batch_size * jobs  # one chunk per job
    games, total, repeats, n = 0, 0.0, 0, unit
    while True:
        start = time.perf_counter()
        simulate([deck], scenario, games=n, seed=seed + repeats, jobs=jobs, batch_size=batch_size,
                 db=db)
        total += time.perf_counter() - start
        games += n
        repeats += 1
        remaining, missing = seconds - total, min_games - games
        if (remaining <= 0 and missing <= 0) or repeats >= MAX_REPEATS:
            break
        more = max(games / total * remaining if total > 0 else 0.0, missing)
        n = max(1, math.ceil(more / unit)) * unit
    return Measurement(label, batch_size, jobs, games, total, repeats)


def _warm_up(decks, scenario, db, jobs: Sequence[int]) -> None:
    """Imports, first-call caches and the joblib worker pool, outside every measurement."""
    from simulator.run import simulate

    for deck in decks:
        simulate([deck], scenario, games=1, batch_size=1, db=db)
    for n in jobs:
        if n > 1:
            simulate([decks[0]], scenario, games=n, batch_size=1, jobs=n, db=db)


def throughput_table(config: BenchConfig, progress: Progress | None = None) -> list[Measurement]:
    from simulator.cards import load_cards
    from simulator.decks import load_deck
    from simulator.scenarios import load_scenario

    db = load_cards()
    scenario = load_scenario(config.scenario, db)
    paths = list(config.decks) or example_decks()
    decks = [load_deck(path, db) for path in paths]
    _warm_up(decks, scenario, db, config.jobs)
    table = []
    for path, deck in zip(paths, decks, strict=True):
        name = Path(path).stem
        for batch in config.batch_sizes:
            for jobs in config.jobs:
                m = measure_throughput(deck, scenario, db, batch, jobs, config.seconds,
                                       seed=config.seed, label=name, min_games=config.min_games)
                table.append(m)
                if progress:
                    progress(f"  {name:<16} batch {batch:>6} jobs {jobs}: {m.games:>7} games in "
                             f"{m.seconds:7.2f} s = {m.games_per_second:10.1f} games/s")
    return table


def batch_speedups(table: Sequence[Measurement]) -> tuple[dict[str, float], list[int]]:
    """Per deck, games/s at the largest batch over batch 1 (1 job); and the two batch sizes."""
    single = [m for m in table if m.jobs == 1]
    batches = sorted({m.batch_size for m in single})
    if len(batches) < 2:
        return {}, batches
    low, high = batches[0], batches[-1]
    rate = {(m.deck, m.batch_size): m.games_per_second for m in single}
    speedups = {}
    for deck in dict.fromkeys(m.deck for m in single):
        if rate.get((deck, low)) and (deck, high) in rate:
            speedups[deck] = rate[(deck, high)] / rate[(deck, low)]
    return speedups, [low, high]


def batch_costs(table: Sequence[Measurement], cpus: int) -> dict[str, dict]:
    """Per deck, the batch cost line of the module docstring, from the one-job measurements
    at the two largest batch sizes: ``batches``, ``cpus``, ``overhead_seconds`` (per batch),
    ``us_per_game`` and ``ceiling_games_per_second`` (``cpus`` in parallel at ``us_per_game``).
    The last three are None when the two points give no positive cost per game (timing
    noise between two close batch sizes)."""
    single = [m for m in table if m.jobs == 1 and m.games > 0]
    costs = {}
    for deck in dict.fromkeys(m.deck for m in single):
        # seconds per batch: a measurement played games / batch_size batches one after another
        seconds = {m.batch_size: m.seconds * m.batch_size / m.games for m in single if m.deck == deck}
        if len(seconds) < 2:
            continue
        low, high = sorted(seconds)[-2:]
        per_game = (seconds[high] - seconds[low]) / (high - low)
        fitted = per_game > 0
        costs[deck] = {
            "batches": [low, high],
            "cpus": cpus,
            "overhead_seconds": seconds[low] - per_game * low if fitted else None,
            "us_per_game": per_game * 1e6 if fitted else None,
            "ceiling_games_per_second": cpus / per_game if fitted else None,
        }
    return costs


# --- whole runs in a child process --------------------------------------------------

def run_supports(option: str) -> bool:
    """Whether ``magenoir-sim run`` has ``option`` (e.g. ``--quiet``) in this version."""
    from simulator.cli import build_parser

    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and "run" in action.choices:
            return option in action.choices["run"]._option_string_actions
    return False


def _max_rss_mb(maxrss: int) -> float:
    """ru_maxrss is KiB on Linux, bytes on macOS."""
    return maxrss / (1024 * 1024) if sys.platform == "darwin" else maxrss / 1024


def run_cli(deck: str, games: int, extra: Sequence[str] = ()) -> ProcessRun:
    """Time ``python -m simulator.cli run DECK --games N --json`` and read the child's peak RSS."""
    command = [sys.executable, "-m", "simulator.cli", "run", str(Path(deck).resolve()),
               "--games", str(games), "--json", *extra]
    if run_supports("--quiet"):
        command.append("--quiet")
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
    if value is None:
        ok = None
    elif name == "run_10k_seconds":
        ok = value < target
    else:
        ok = value >= target if kind == "min" else value <= target
    return {"value": value, "target": target, "kind": kind, "text": _TARGET_TEXT[name], "pass": ok}


def run_bench(config: BenchConfig, progress: Progress | None = None) -> dict:
    """Every measurement, as the object ``bench --json`` prints."""
    from simulator.legacy.bots import DEFAULT_BOT

    say = progress or (lambda _msg: None)
    started = time.perf_counter()
    machine = machine_info()
    reference_before = machine_reference()
    decks = list(config.decks) or example_decks()
    config = BenchConfig(**{**asdict(config), "decks": tuple(decks)})
    say(f"throughput: {len(decks)} deck(s) x batch {list(config.batch_sizes)} x jobs "
        f"{list(config.jobs)}, about {config.seconds:g} s each")
    table = throughput_table(config, progress)
    best = max(table, key=lambda m: m.games_per_second)
    speedups, between = batch_speedups(table)
    costs = batch_costs(table, machine.get("usable_cpus") or machine["cpu_count"] or 1)
    worst_deck = min(speedups, key=speedups.get) if speedups else None
    run_deck = next((d for d in decks if Path(d).name == DEFAULT_DECK), decks[0])
    say(f"end to end: {config.run_games} games of {Path(run_deck).name} in a child process, "
        f"{config.run_repeats} time(s)")
    runs = [run_cli(run_deck, config.run_games) for _ in range(config.run_repeats)]
    run = sorted(runs, key=lambda r: r.seconds)[len(runs) // 2]  # the median (upper of two)
    say(f"  {', '.join(f'{r.seconds:.2f}' for r in runs)} s")
    say(f"peak memory: {config.memory_games} games of {Path(run_deck).name} in a child process")
    memory = run_cli(run_deck, config.memory_games)
    say(f"  {memory.peak_memory_mb} MiB in {memory.seconds:.2f} s")
    machine["reference_seconds"] = [round(reference_before, 4), round(machine_reference(), 4)]
    result = {
        "quick": config.quick,
        "games_per_second": best.games_per_second,
        "best_configuration": {"deck": best.deck, "batch_size": best.batch_size, "jobs": best.jobs},
        "batch_speedup": speedups[worst_deck] if worst_deck else None,
        "batch_speedup_deck": worst_deck,
        "batch_speedup_by_deck": speedups,
        "batch_speedup_batches": between,
        "batch_cost_by_deck": costs,
        "run_10k_seconds": run.seconds,
        "run_10k_all_seconds": [r.seconds for r in runs],
        "run_games": config.run_games,
        "run_peak_memory_mb": run.peak_memory_mb,
        "run_command": run.command,
        "peak_memory_mb": memory.peak_memory_mb,
        "memory_games": config.memory_games,
        "memory_run_seconds": memory.seconds,
        "memory_run_games_per_second": (config.memory_games / memory.seconds
                                        if memory.seconds else None),
        "table": [m.as_dict() for m in table],
        "settings": {
            "decks": [Path(d).name for d in decks], "scenario": config.scenario, "level": "default",
            "players": 1, "bot": DEFAULT_BOT, "batch_sizes": list(config.batch_sizes),
            "jobs": list(config.jobs), "seconds_per_measurement": config.seconds,
            "min_games_per_measurement": config.min_games, "seed": config.seed,
            "run_repeats": config.run_repeats,
        },
        "machine": machine,
        "bench_seconds": time.perf_counter() - started,
    }
    result["targets"] = {name: _target(name, result[name]) for name in TARGETS}
    return result


# --- text output -------------------------------------------------------------------

def format_table(table: Sequence[dict]) -> str:
    """deck x batch rows, one games/s column per number of jobs."""
    jobs = sorted({row["jobs"] for row in table})
    rate = {(row["deck"], row["batch_size"], row["jobs"]): row for row in table}
    decks = list(dict.fromkeys(row["deck"] for row in table))
    batches = sorted({row["batch_size"] for row in table})
    head = f"{'deck':<16} {'batch':>6}" + "".join(f" {f'jobs={j} games/s':>17}" for j in jobs)
    head += f" {'vs batch ' + str(batches[0]):>12}"
    lines = [head, "-" * len(head)]
    for deck in decks:
        base = rate.get((deck, batches[0], jobs[0]))
        for batch in batches:
            cells = ""
            for j in jobs:
                row = rate.get((deck, batch, j))
                cells += f" {row['games_per_second']:>17,.1f}" if row else f" {'-':>17}"
            own = rate.get((deck, batch, jobs[0]))
            ratio = (own["games_per_second"] / base["games_per_second"]
                     if own and base and base["games_per_second"] else float("nan"))
            lines.append(f"{deck:<16} {batch:>6}{cells} {ratio:>11.1f}x")
    return "\n".join(lines)


def _fmt(name: str, value) -> str:
    if value is None:
        return "n/a"
    if name == "games_per_second":
        return f"{value:,.1f} games/s"
    if name == "batch_speedup":
        return f"{value:.1f}x"
    if name == "run_10k_seconds":
        return f"{value:.2f} s"
    return f"{value:,.1f} MiB"


def format_report(result: dict) -> str:
    m = result["machine"]
    lines = [
        f"magenoir-sim bench{' (quick: smoke-run counts, not the real targets)' if result['quick'] else ''}",
        f"machine: {m['cpu_count']} CPUs, {m['platform']}, Python {m['python']}, numpy {m['numpy']}"
        + (f", load {m['load_average']}" if "load_average" in m else "")
        + (f"; speed reference {m['reference_seconds'][0]:.3f} s before, "
           f"{m['reference_seconds'][1]:.3f} s after (smaller: faster)"
           if "reference_seconds" in m else ""),
        f"scenario {result['settings']['scenario']} (default level), 1 player, "
        f"bot {result['settings']['bot']}",
        "",
        format_table(result["table"]),
        "",
    ]
    costs = result.get("batch_cost_by_deck") or {}
    if costs:
        lines.append("cost per batch, 1 job (fitted at the two largest batches): overhead + per game"
                     " -> games/s ceiling on the usable CPUs")
        for deck, cost in costs.items():
            if cost["us_per_game"] is None:
                lines.append(f"  {deck:<16} no positive cost per game between batches "
                             f"{cost['batches'][0]} and {cost['batches'][1]} (timing noise)")
                continue
            lines.append(f"  {deck:<16} {cost['overhead_seconds']:6.2f} s + {cost['us_per_game']:7.0f} us"
                         f" -> {cost['ceiling_games_per_second']:9,.0f} games/s on {cost['cpus']} CPUs")
        lines.append("")
    best = result["best_configuration"]
    low, high = (result["batch_speedup_batches"] + [None, None])[:2]
    notes = {
        "games_per_second": f"best: {best['deck']}, batch {best['batch_size']}, jobs {best['jobs']}",
        "batch_speedup": (f"batch {high} vs {low}, jobs 1, worst deck {result['batch_speedup_deck']}"
                          if result["batch_speedup_deck"] else "needs two batch sizes"),
        "run_10k_seconds": (f"{result['run_games']:,} games, process start to exit, median of "
                            f"{len(result['run_10k_all_seconds'])}"),
        "peak_memory_mb": (f"{result['memory_games']:,} games in {result['memory_run_seconds']:.1f} s "
                           f"({result['memory_run_games_per_second']:,.0f} games/s end to end)"),
    }
    labels = {"games_per_second": "throughput", "batch_speedup": "batch speedup",
              "run_10k_seconds": "run end to end", "peak_memory_mb": "peak memory"}
    for name, target in result["targets"].items():
        verdict = {True: "PASS", False: "FAIL", None: "n/a"}[target["pass"]]
        lines.append(f"{labels[name]:<15} {_fmt(name, target['value']):>20}   target "
                     f"{target['text']:<18} {verdict:<5} ({notes[name]})")
    if result["quick"]:
        lines.append("quick mode: small batches and game counts; run without --quick to test the targets")
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
