"""Where the compiled engine is cached (simulator/engine/compiler/jit.py) and how a cold start reports
its compile (simulator/engine/compiler/warmup.py).

Why: numba keys its cache on each function's own file only, so an edit of a module a compiled
function calls could keep stale compiled code running: a silently wrong engine. The engine's
cache directory is therefore named after a digest of every engine source and of the compiler
versions, and the bots' after the engine's and the bots' sources (the bots call the engine,
never the reverse); these tests pin that a changed source always means another directory
for the code that can reach it and the same one for the code that cannot, that
``MAGENOIR_CACHE_DIR`` is honoured, that pruning spares the current and the recent
directories, and that a cold start says once that it compiles. No test compiles anything (the
compile step is stubbed) or measures time.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numba
import numpy as np
import pytest

from simulator.engine.compiler import jit, warmup
from simulator.engine.compiler.progress import MEASURED

PACKAGE = jit.PACKAGE


def _copy_package(tmp_path: Path) -> Path:
    """A copy of the ``simulator`` package under ``tmp_path`` (its compiled sources with it)."""
    copy = tmp_path / "src" / "simulator"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def _flip_one_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))


def _dirs(package: Path) -> tuple[Path, Path]:
    return package / "engine", package / "bots"


# --- the digest ----------------------------------------------------------------------------


def test_same_sources_give_the_same_digest_and_one_changed_byte_another(tmp_path):
    copy = _copy_package(tmp_path)
    original = jit.source_digest(_dirs(PACKAGE))
    assert jit.source_digest(_dirs(copy)) == original  # where the package lives does not matter
    for changed in (copy / "engine" / "rules" / "decide.py", copy / "bots" / "planner.py"):
        saved = changed.read_bytes()
        _flip_one_byte(changed)
        assert jit.source_digest(_dirs(copy)) != original, changed.name
        changed.write_bytes(saved)
        assert jit.source_digest(_dirs(copy)) == original


def test_a_bot_edit_keeps_the_engine_digest_and_changes_the_bots_one(tmp_path):
    """What lets a bot edit recompile the bots only: the engine's directory is named after the
    engine's sources alone, the bots' after both."""
    copy = _copy_package(tmp_path)
    engine_before, bots_before = jit.source_digest((copy / "engine",)), jit.source_digest(_dirs(copy))
    _flip_one_byte(copy / "bots" / "planner.py")
    assert jit.source_digest((copy / "engine",)) == engine_before
    assert jit.source_digest(_dirs(copy)) != bots_before
    _flip_one_byte(copy / "engine" / "rules" / "decide.py")
    assert jit.source_digest((copy / "engine",)) != engine_before


def test_each_compiled_function_is_cached_by_the_sources_it_can_reach():
    """An engine function in the engine's directory, a bot's in the bots' directory (named
    after the engine's and the bots' sources); nothing else is ours to place."""
    from simulator.bots import planner
    from simulator.engine.rules import decide

    bots_dir = jit.cache_dir(jit.source_digest(_dirs(PACKAGE)))
    assert jit.cache_dir_of(decide.__file__) == jit.CACHE_DIR
    assert jit.cache_dir_of(planner.__file__) == bots_dir != jit.CACHE_DIR
    assert jit.cache_dir_of(np.__file__) is None
    assert Path(decide.decide._cache._cache_path).is_relative_to(jit.CACHE_DIR)
    assert Path(planner.choose._cache._cache_path).is_relative_to(bots_dir)


def test_a_new_engine_source_file_changes_the_digest(tmp_path):
    copy = _copy_package(tmp_path)
    (copy / "engine" / "handlers" / "sand.py").write_text('"""A new module."""\n', encoding="utf-8")
    assert jit.source_digest((copy / "engine",)) != jit.source_digest()


@pytest.mark.parametrize("module", [numba, np])
def test_another_compiler_stack_version_changes_the_digest(monkeypatch, module):
    original = jit.source_digest()
    monkeypatch.setattr(module, "__version__", module.__version__ + ".post1")
    assert jit.source_digest() != original


def test_the_python_version_is_in_the_digest(monkeypatch):
    original = jit.source_digest()
    monkeypatch.setattr(jit.sys, "version", sys.version + " (another build)")
    assert jit.source_digest() != original


# --- the directory -------------------------------------------------------------------------


def test_the_cache_root_honours_magenoir_then_numba_then_xdg_then_home(monkeypatch, tmp_path):
    monkeypatch.setenv("MAGENOIR_CACHE_DIR", str(tmp_path / "mine"))
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert jit.cache_root() == tmp_path / "mine"
    assert jit.cache_dir("abc") == tmp_path / "mine" / "numba-abc"
    monkeypatch.delenv("MAGENOIR_CACHE_DIR")
    assert jit.cache_root() == tmp_path / "numba" / "magenoir-sim"
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    assert jit.cache_root() == tmp_path / "xdg" / "magenoir-sim"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert jit.cache_root() == Path.home() / ".cache" / "magenoir-sim"
    assert jit.cache_dir().name == "numba-" + jit.source_digest()


def _imported_cache_dir(src: Path, cache: Path) -> Path:
    """Import ``simulator.engine.compiler.jit`` from the package copy under ``src`` in a fresh process
    with ``MAGENOIR_CACHE_DIR=cache``; return the directory numba was told to cache in."""
    env = {**os.environ, "MAGENOIR_CACHE_DIR": str(cache), "PYTHONPATH": str(src)}
    code = ("import numba; from simulator.engine.compiler import jit; "
            "print(jit.__file__); print(jit.CACHE_DIR); print(numba.config.CACHE_DIR)")
    out = subprocess.run([sys.executable, "-c", code], cwd=src, env=env, capture_output=True,
                         text=True, check=True).stdout.splitlines()
    assert Path(out[0]).is_relative_to(src), "the copy was not the package imported"
    assert out[1] == out[2]
    return Path(out[1])


def test_a_changed_source_is_compiled_into_a_fresh_directory(tmp_path):
    """End to end: the package, imported with ``MAGENOIR_CACHE_DIR``, caches in a directory of
    that root named after its sources; the same sources find the same directory again, and one
    changed byte of an engine source never finds the old one (nor is the old one deleted: it
    is recent)."""
    copy = _copy_package(tmp_path)
    cache = tmp_path / "cache"
    first = _imported_cache_dir(copy.parent, cache)
    assert first.parent == cache and first.is_dir()
    assert first.name == "numba-" + jit.source_digest((copy / "engine",))
    assert _imported_cache_dir(copy.parent, cache) == first
    _flip_one_byte(copy / "engine" / "rules" / "mana.py")
    second = _imported_cache_dir(copy.parent, cache)
    assert second != first and second.parent == cache and second.is_dir()
    assert first.is_dir()


# --- pruning -------------------------------------------------------------------------------


def _cache_dirs(root: Path, ages: dict[str, float]) -> dict[str, Path]:
    """Directories ``numba-<name>`` under ``root``, each last used ``ages[name]`` seconds ago
    (with a file inside, as a real cache has)."""
    now = time.time()
    made = {}
    for name, age in ages.items():
        path = root / f"numba-{name}"
        path.mkdir(parents=True)
        (path / "index.nbi").write_bytes(b"x")
        os.utime(path, (now - age, now - age))
        made[name] = path
    return made


def test_prune_removes_only_directories_beyond_the_newest_that_are_stale(tmp_path):
    stale, keep = jit.STALE_AFTER_S, jit.KEEP_CACHES
    # newest first: keep - 1 recent others (with the current one: the newest KEEP_CACHES),
    # then one recent beyond them, then two stale beyond them
    ages = {f"new{i}": 60.0 * (i + 1) for i in range(keep - 1)}
    ages |= {"recent": stale / 2, "stale1": stale + 3600, "stale2": 3 * stale}
    ages["current"] = 5 * stale  # the oldest of all: still never removed
    made = _cache_dirs(tmp_path, ages)
    other = tmp_path / "not-a-cache"
    other.mkdir()
    os.utime(other, (0, 0))
    jit._prune(made["current"])
    left = {p.name for p in tmp_path.iterdir()}
    assert left == {f"numba-{n}" for n in ages if not n.startswith("stale")} | {"not-a-cache"}
    assert time.time() - made["current"].stat().st_mtime < stale  # marked as used now


def test_prune_keeps_the_newest_directories_even_when_stale(tmp_path):
    stale, keep = jit.STALE_AFTER_S, jit.KEEP_CACHES
    ages = {f"old{i}": (i + 2) * stale for i in range(keep + 1)}  # every other one stale
    ages["current"] = 0
    made = _cache_dirs(tmp_path, ages)
    jit._prune(made["current"])
    left = sorted(p.name for p in tmp_path.iterdir())
    # the current directory and the keep - 1 newest others stay; only the older ones go
    assert left == sorted(["numba-current"] + [f"numba-old{i}" for i in range(keep - 1)])


# --- the cold start's message --------------------------------------------------------------


@pytest.fixture
def stubbed_compile(monkeypatch):
    """warmup with nothing ready in this process, ``cached`` roots in the cache and the
    compile steps recorded instead of run."""
    calls = {"parallel": [], "loaded": [], "cached": set()}
    monkeypatch.setattr(warmup, "_READY", set())
    monkeypatch.setattr(warmup, "in_cache", lambda root: root in calls["cached"])
    monkeypatch.setattr(warmup, "compile_parallel",
                        lambda roots, progress=False: calls["parallel"].append(roots))
    monkeypatch.setattr(warmup, "load_or_compile", lambda root: calls["loaded"].append(root))
    return calls


def test_a_cold_start_says_once_that_it_compiles_the_missing_parts(stubbed_compile, capsys):
    stubbed_compile["cached"].add("play_range")
    roots = ("play_range", "resolve", "decide")
    warmup.ensure(roots)
    err = capsys.readouterr().err
    processes = min(2, os.cpu_count() or 1)
    said = [line for line in err.splitlines() if "compiling" in line]
    assert len(said) == 1 and re.fullmatch(
        "magenoir-sim: compiling the game engine into machine code, once after an install or "
        f"update: 2 parts in {processes} process(es)?, about [0-9]+ s on this machine now "
        rf"\({re.escape(MEASURED)}\)[.][.][.]", said[0]), said
    assert "engine compiled in" in err and str(jit.CACHE_DIR) in err
    assert stubbed_compile["parallel"] == [["resolve", "decide"]]
    assert stubbed_compile["loaded"] == list(roots)
    warmup.ensure(roots)  # ready now: nothing more is said or done
    assert capsys.readouterr().err == ""
    assert len(stubbed_compile["parallel"]) == 1 and len(stubbed_compile["loaded"]) == 3


def test_a_warm_start_and_a_compile_worker_say_nothing(stubbed_compile, capsys):
    stubbed_compile["cached"].update(warmup.ROOTS)
    warmup.ensure(warmup.ROOTS)
    assert warmup.main(["resolve"]) == 0  # a cold start's worker process: the parent reports
    assert capsys.readouterr().err == ""
    assert stubbed_compile["parallel"] == []
    assert stubbed_compile["loaded"] == [*warmup.ROOTS, "resolve"]


def test_a_cold_start_says_as_each_part_is_ready(monkeypatch, capsys):
    """Each compiled part gets its line (what it plays, its root, its time), from the command's
    process and from the worker process, which is told to speak by ``--progress``."""
    loaded = []
    monkeypatch.setattr(warmup, "load_or_compile", loaded.append)
    monkeypatch.setattr(warmup.os, "cpu_count", lambda: 1)  # no worker: every part here
    monkeypatch.setitem(warmup._BOT_ROOTS, "simulator.bots.planner.choose", None)  # a bot's root
    warmup.compile_parallel(["resolve", "decide", "simulator.bots.planner.choose"], progress=True)
    assert capsys.readouterr().err.splitlines() == [
        "magenoir-sim:   compiled a bot's choices (simulator.bots.planner.choose) in 0 s",
        "magenoir-sim:   compiled the rules' decisions (decide) in 0 s",
        "magenoir-sim:   compiled card effects (resolve) in 0 s"]
    assert warmup.main(["--progress", "deal_damage"]) == 0
    assert capsys.readouterr().err == "magenoir-sim:   compiled damage (deal_damage) in 0 s\n"
    assert loaded == ["simulator.bots.planner.choose", "decide", "resolve", "deal_damage"]
    started = []
    monkeypatch.setattr(warmup.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(warmup.subprocess, "Popen",
                        lambda argv: started.append(argv) or type("W", (), {"wait": lambda s: 0})())
    warmup.compile_parallel(["resolve", "decide"], progress=True)
    assert started[0][-2:] == ["--progress", "resolve"]


def test_a_quiet_cold_start_compiles_without_a_word(stubbed_compile, capsys):
    warmup.ensure(("resolve",), quiet=True)
    assert capsys.readouterr().err == ""
    assert stubbed_compile["parallel"] == [["resolve"]]


# --- the engine as plain Python ------------------------------------------------------------

_PLAY_TWO = """
from simulator import bots
from simulator.cards import load_cards
from simulator.decks import find_deck, load_deck
from simulator.engine.host.batch import Matchup, play_seeds
from simulator.engine.rules.options import RuleOptions
from simulator.scenarios import load_scenario
db = load_cards()
matchup = Matchup((load_deck(find_deck("fire-flames"), db),), load_scenario("duke", db), "normal")
r = play_seeds(matchup, db, 5, 0, 2, bots.get("planner"), RuleOptions())
print(r.outcome.tolist(), r.end_turn.tolist(), r.damage_to_adversary.tolist(), r.final_hp.tolist())
"""


def test_with_numba_disabled_the_engine_runs_as_python_and_plays_the_same_games():
    """``NUMBA_DISABLE_JIT=1`` is how to step through the rules in a debugger (jit.py): the
    same code, run by Python, plays the very same games as the compiled engine."""
    def play(disable: bool) -> str:
        env = {**os.environ, "NUMBA_DISABLE_JIT": "1" if disable else "0"}
        done = subprocess.run([sys.executable, "-c", _PLAY_TWO], env=env, capture_output=True,
                              text=True, check=True)
        assert "Traceback" not in done.stderr and "Warning" not in done.stderr, done.stderr
        return done.stdout.strip().splitlines()[-1]
    assert play(True) == play(False)


# --- the warm start ------------------------------------------------------------------------

_WARM_START = """
import sys
from simulator.engine.compiler import warmup
from simulator.engine.compiler.late_bound import addresses
warmup.ensure(warmup.ROOTS)
print(all(addresses()), [m for m in ("scipy.linalg", "numba.np.linalg", "numba.np.arraymath",
                                     "numba.cpython.unicode") if m in sys.modules])
partial = [ns for namespaces in warmup._PARTIAL_ENVIRONMENTS.values() for ns in namespaces]
warmup._complete_environments()
print(len(partial) > 0, all(ns["__name__"] in sys.modules and len(ns) > 10 for ns in partial))
"""


def test_a_warm_start_loads_the_engine_without_the_modules_only_a_compile_needs():
    """From the cache, the engine loads without numba's typing and lowering registries
    (numba.np.linalg imports scipy.linalg) and without importing the modules of the numba
    functions linked into it (warmup._load_cached); their environments get the modules'
    namespaces before anything compiles."""
    warmup.ensure(warmup.ROOTS)  # the cache holds the engine (compiled here if it did not)
    done = subprocess.run([sys.executable, "-c", _WARM_START], capture_output=True, text=True,
                          check=True)
    assert "compiling" not in done.stderr, done.stderr
    assert done.stdout.splitlines()[-2:] == ["True []", "True True"]
