"""The cold compile: machine code only for the roots (simulator/engine/compiler/machine_code.py)
and what a cold start says while it compiles (simulator/engine/compiler/warmup.py).

Why: a callee's library is only ever linked into its callers, so it is neither optimized nor
turned into machine code on its own; a root is, once, with everything it links. These tests
pin that a callee's library stays without machine code and is cached as bitcode, that a root
runs and is cached with its machine code so that a warm start loads it ready, that a cache
holding only some callees (an interrupted cold start) still completes with the right answers,
and that a cold start speaks from its first second with an estimate. The compiled functions
here are small ones of the test's own, compiled in fresh processes and cache folders; the
progress test stubs the compile.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

from simulator.engine.compiler import progress, warmup

_MODULE = textwrap.dedent("""
    from simulator.engine.compiler import jit

    @jit.njit
    def leaf(x):
        return x * 3 + 1

    @jit.njit
    def middle(x):
        total = 0
        for k in range(x):
            total += leaf(k)
        return total

    @jit.njit_entry
    def entry(x):
        return middle(x) * 2

    @jit.njit_entry
    def other_entry(x):
        return middle(x) + 1
""")

_RUN = textwrap.dedent("""
    import json, sys
    from numba import types
    import functions
    call = getattr(functions, sys.argv[1])
    result = call(10)
    report = {"result": result}
    for name in ("leaf", "middle", sys.argv[1]):
        dispatcher = getattr(functions, name)
        overloads = list(dispatcher.overloads.values())
        report[name] = {
            "compiled": sum(dispatcher.stats.cache_misses.values()),
            "loaded": sum(dispatcher.stats.cache_hits.values()),
            "machine_code": [cres.library.machine_code_emitted for cres in overloads],
        }
    print(json.dumps(report))
""")

#: middle(10) = sum(3k + 1 for k < 10) = 145
ENTRY, OTHER_ENTRY = 290, 146


def _run(folder, function: str) -> dict:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), *sys.path])}
    done = subprocess.run([sys.executable, "-c", _RUN, function], cwd=folder, env=env,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def _folder(tmp_path):
    (tmp_path / "functions.py").write_text(_MODULE)
    return tmp_path


def test_a_callee_gets_no_machine_code_and_a_warm_start_loads_the_root_ready(tmp_path):
    folder = _folder(tmp_path)
    cold = _run(folder, "entry")
    assert cold["result"] == ENTRY
    assert cold["entry"] == {"compiled": 1, "loaded": 0, "machine_code": [True]}
    assert cold["middle"] == {"compiled": 1, "loaded": 0, "machine_code": [False]}
    assert cold["leaf"] == {"compiled": 1, "loaded": 0, "machine_code": [False]}
    warm = _run(folder, "entry")
    assert warm["result"] == ENTRY
    assert warm["entry"] == {"compiled": 0, "loaded": 1, "machine_code": [True]}
    # the root's cached machine code holds its callees: they are not even loaded
    assert warm["middle"]["compiled"] == warm["middle"]["loaded"] == 0
    assert warm["leaf"]["compiled"] == warm["leaf"]["loaded"] == 0


def test_a_cache_holding_only_callees_still_completes(tmp_path):
    """An interrupted cold start leaves callees in the cache (as bitcode) and not the root:
    another root links them from the cache, runs right, and is cached in its turn."""
    folder = _folder(tmp_path)
    assert _run(folder, "other_entry")["result"] == OTHER_ENTRY
    second = _run(folder, "entry")
    assert second["result"] == ENTRY
    assert second["middle"] == {"compiled": 0, "loaded": 1, "machine_code": [False]}
    assert second["entry"] == {"compiled": 1, "loaded": 0, "machine_code": [True]}
    assert _run(folder, "entry")["entry"] == {"compiled": 0, "loaded": 1, "machine_code": [True]}


def test_the_engine_roots_are_cached_with_their_machine_code():
    """Every root of the engine loads from the cache with machine code to run (a root cached
    as bitcode would be optimized and emitted again at every warm start, silently slow)."""
    warmup.ensure(warmup.ROOTS, quiet=True)  # the cache holds the engine (compiled if not)
    code = textwrap.dedent("""
        from simulator.engine.compiler import progress, warmup
        ready = []
        for root in warmup.ROOTS:
            dispatcher, args = warmup._dispatcher_and_args(root)
            ready.append(warmup.in_cache(root) and dispatcher.overloads[args].library.machine_code_emitted)
        print(ready)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == str([True] * len(warmup.ROOTS))


# --- what a cold start says ----------------------------------------------------------------


def test_the_estimate_adds_each_process_parts_and_stretches_them_on_a_busy_machine():
    mine, theirs = ["play_range", "decide"], ["resolve", "select"]
    longer = max(progress.part_seconds("play_range") + progress.part_seconds("decide"),
                 progress.part_seconds("resolve") + progress.part_seconds("select"))
    assert progress.estimate([mine, theirs], load=0.0, cores=2) == longer
    # a load of 16 (counted as 4 programs wanting a core) and our 2 processes on 2 cores
    assert progress.estimate([mine, theirs], load=16.0, cores=2) == 3 * longer
    assert progress.estimate([mine + theirs, []], load=0.0, cores=1) == sum(
        progress.part_seconds(r) for r in mine + theirs)
    assert progress.estimate([[], []]) == 0.0


def test_a_cold_start_speaks_before_its_first_part_is_ready(monkeypatch):
    """The first line (with its estimate) comes before anything compiles, and the ticker's
    lines keep coming while a part compiles: the stubbed part ends only once it has heard one."""
    lines: list[str] = []
    ticked = threading.Event()

    def say(text):
        lines.append(text)
        if "still compiling" in text:
            ticked.set()

    def compile_slowly(root, progress):
        assert lines and "about" in lines[0] and progress
        assert ticked.wait(timeout=30), "no progress line while the part compiled"
        lines.append(f"compiled {root}")

    monkeypatch.setattr(warmup, "_READY", set())
    monkeypatch.setattr(warmup, "in_cache", lambda root: False)
    monkeypatch.setattr(warmup, "load_or_compile", lambda root: None)
    monkeypatch.setattr(warmup, "compile_part", compile_slowly)
    monkeypatch.setattr(warmup, "say", say)
    monkeypatch.setattr(progress, "say", say)
    monkeypatch.setattr(progress, "TICK_EVERY_S", 0.01)
    monkeypatch.setattr(warmup.os, "cpu_count", lambda: 1)  # no worker process
    warmup.ensure(("play_range",))
    assert lines[0].startswith("compiling the game engine into machine code")
    assert f"({progress.MEASURED})" in lines[0]
    assert lines[1].startswith("  still compiling: ")
    assert lines.index("compiled play_range") > 1
    assert lines[-1].startswith("engine compiled in ")


def test_the_ticker_says_when_the_compile_runs_past_its_estimate():
    ticker = progress.Ticker(expected=40.0)
    assert ticker.line(15.2) == "  still compiling: 15 s of about 40 s"
    assert ticker.line(61.0).startswith("  still compiling: 61 s, longer than the 40 s expected")


# --- the measuring script ------------------------------------------------------------------


def test_the_cold_compile_script_refuses_bad_input_in_one_line(tmp_path):
    script = Path(__file__).resolve().parents[1] / "scripts" / "cold_compile.py"
    for args, words in ((["--repeat", "0"], "positive count"),
                        (["--python", str(tmp_path / "python")], "no Python interpreter at"),
                        (["--deck", str(tmp_path / "deck.txt")], "no deck file at")):
        done = subprocess.run([sys.executable, str(script), *args], capture_output=True,
                              text=True)
        assert done.returncode == 2 and done.stdout == "", args
        assert len(done.stderr.splitlines()) == 1 and words in done.stderr, done.stderr
