"""Measure a cold start: the first run into an empty engine cache, as after an install.

Runs ``magenoir-sim run DECK --scenario duke --games N`` (``python -m simulator.cli``) with
``MAGENOIR_CACHE_DIR`` on a fresh temporary directory, and prints its wall time, its CPU time
(user + system of the run and every process under it), the load average around it, and the
second at which each line of its stderr arrived (the compile's progress lines and parts).

    python scripts/cold_compile.py                       # this checkout, once
    python scripts/cold_compile.py --python /other/checkout/.venv/bin/python --repeat 2

``--python`` measures another checkout (its interpreter, run from that checkout's directory,
the parent of its ``.venv``): alternate two checkouts in one sitting to compare them, since
on a shared machine only ratios taken side by side mean anything. ``--json`` prints the runs
as JSON instead.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def checkout_of(python: str) -> Path:
    """The checkout an interpreter belongs to: the parent of its virtualenv, else this one."""
    path = Path(python).absolute()
    for parent in path.parents:
        if (parent / "pyproject.toml").exists() and (parent / "simulator").is_dir():
            return parent
    return ROOT


def cold_run(python: str, deck: str, games: int) -> dict:
    """One run into an empty cache directory (removed afterwards)."""
    cache = Path(tempfile.mkdtemp(prefix="magenoir-cold-"))
    env = {**os.environ, "MAGENOIR_CACHE_DIR": str(cache), "PYTHONUNBUFFERED": "1"}
    command = [python, "-m", "simulator.cli", "run", deck, "--scenario", "duke",
               "--games", str(games)]
    load_before = os.getloadavg()[0]
    cpu_before = cpu_of_children()
    start = time.monotonic()
    lines = []
    try:
        with subprocess.Popen(command, cwd=checkout_of(python), env=env, text=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) as child:
            for line in child.stderr:
                lines.append((round(time.monotonic() - start, 1), line.rstrip()))
        wall = time.monotonic() - start
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    if child.returncode != 0:
        raise SystemExit(f"the run failed (exit {child.returncode}):\n"
                         + "\n".join(text for _, text in lines[-20:]))
    return {"python": python, "wall_seconds": round(wall, 1),
            "cpu_seconds": round(cpu_of_children() - cpu_before, 1),
            "load_before": round(load_before, 2), "load_after": round(os.getloadavg()[0], 2),
            "stderr": lines}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", action="append",
                        help="interpreter of a checkout to measure (repeat to alternate "
                             "several; default: this one)")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each checkout")
    parser.add_argument("--deck", default=str(ROOT / "decks" / "fire-flames.txt"))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    pythons = args.python or [sys.executable]
    missing = [p for p in pythons if not os.access(p, os.X_OK)]
    problem = None
    if args.repeat < 1 or args.games < 1:
        problem = "--repeat and --games take a positive count"
    elif missing:
        problem = f"no Python interpreter at {missing[0]}"
    elif not Path(args.deck).is_file():
        problem = f"no deck file at {args.deck}"
    if problem:
        print(f"cold_compile.py: {problem}", file=sys.stderr)
        return 2
    runs = []
    for _ in range(args.repeat):
        for python in pythons:
            run = cold_run(python, args.deck, args.games)
            runs.append(run)
            if not args.json:
                print(f"{checkout_of(python)}: wall {run['wall_seconds']} s, CPU "
                      f"{run['cpu_seconds']} s, load {run['load_before']} -> "
                      f"{run['load_after']}", flush=True)
                for second, text in run["stderr"]:
                    print(f"  {second:7.1f} s  {text}", flush=True)
    if args.json:
        print(json.dumps(runs, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
