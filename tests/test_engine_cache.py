"""The compiled-code cache: keyed on every engine and bots source, kept tidy, said once.

Why: numba's own cache checks only the file of each function, not what it calls, so an
edit in a callee could be served stale; the engine keys one cache directory on a digest of
all compiled sources and of the compiler versions instead. Old directories are pruned, but
never one a side-by-side checkout still uses; and the first run after an install or update
tells the user, once, that it compiles and how long it took.
"""

from __future__ import annotations

import os
import shutil
import time

import pytest

from simulator.engine import jit, warmup


@pytest.fixture()
def sources(tmp_path):
    """A copy of the compiled packages (engine, bots) to edit."""
    for d in jit.COMPILED_DIRS:
        shutil.copytree(d, tmp_path / d.name, ignore=shutil.ignore_patterns("__pycache__"))
    return tuple(tmp_path / d.name for d in jit.COMPILED_DIRS)


def test_the_digest_covers_every_compiled_source(sources):
    engine, bots = sources
    assert jit.source_digest(sources) == jit.source_digest(jit.COMPILED_DIRS)
    before = jit.source_digest(sources)
    callee = engine / "board.py"  # a callee: numba's per-file check would not see it
    callee.write_bytes(callee.read_bytes() + b"\n")
    edited = jit.source_digest(sources)
    assert edited != before
    policy = bots / "planner.py"
    policy.write_bytes(policy.read_bytes() + b"\n")
    assert jit.source_digest(sources) not in (before, edited)
    (engine / "new_module.py").write_text("X = 1\n")  # a new file counts too
    assert len({before, edited, jit.source_digest(sources)}) == 3


def test_the_cache_directory_follows_the_digest_and_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("MAGENOIR_CACHE_DIR", str(tmp_path / "mine"))
    assert jit.cache_dir("abc") == tmp_path / "mine" / "numba-abc"
    monkeypatch.delenv("MAGENOIR_CACHE_DIR")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "numba"))
    assert jit.cache_dir("abc") == tmp_path / "numba" / "magenoir-sim" / "numba-abc"
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert jit.cache_dir("abc") == tmp_path / "xdg" / "magenoir-sim" / "numba-abc"


def _aged(path, days: float):
    path.mkdir()
    stamp = time.time() - days * 24 * 3600
    os.utime(path, (stamp, stamp))
    return path


def test_pruning_keeps_the_current_the_newest_and_the_recently_used(tmp_path):
    current = _aged(tmp_path / "numba-current", 30)  # old, but the one this process uses
    recent = [_aged(tmp_path / f"numba-recent{i}", 0.2 + 0.5 * i) for i in range(3)]
    stale = [_aged(tmp_path / f"numba-stale{i}", 10 + i) for i in range(3)]
    unrelated = _aged(tmp_path / "other", 100)
    jit._prune(current)
    left = {p.name for p in tmp_path.iterdir()}
    # the current one, every directory used in the last two days (even beyond the newest
    # KEEP_CACHES), nothing else that is stale and beyond the newest; other files untouched
    assert left == {"numba-current", *(p.name for p in recent), "other"}
    assert time.time() - current.stat().st_mtime < 60  # marked as used now
    assert unrelated.exists() and not any(p.exists() for p in stale)


def test_pruning_keeps_the_newest_even_when_stale(tmp_path):
    current = _aged(tmp_path / "numba-current", 0)
    old = [_aged(tmp_path / f"numba-old{i}", 10 + i) for i in range(4)]
    jit._prune(current)
    kept = [p.name for p in old if p.exists()]
    assert kept == [p.name for p in old[:jit.KEEP_CACHES - 1]]


def test_a_cold_start_says_once_that_it_compiles(monkeypatch, capsys):
    compiled = []
    monkeypatch.setattr(warmup, "_READY", set())
    monkeypatch.setattr(warmup, "_probe", lambda root: False)  # nothing in the cache
    monkeypatch.setattr(warmup, "compile_parallel", lambda roots: compiled.append(list(roots)))
    monkeypatch.setattr(warmup, "load_or_compile", lambda root: None)
    warmup.ensure(("play_range", "resolve"))
    warmup.ensure(("play_range", "resolve"))  # ready now: nothing more is said or done
    err = capsys.readouterr().err.splitlines()
    assert compiled == [["play_range", "resolve"]]
    assert len(err) == 2
    assert err[0].startswith("magenoir-sim: compiling the game engine (2 parts)")
    assert err[1].startswith("magenoir-sim: engine compiled in ")


def test_a_warm_start_says_nothing(monkeypatch, capsys):
    monkeypatch.setattr(warmup, "_READY", set())
    monkeypatch.setattr(warmup, "_probe", lambda root: True)  # all in the cache
    monkeypatch.setattr(warmup, "compile_parallel", lambda roots: pytest.fail("compiled"))
    monkeypatch.setattr(warmup, "load_or_compile", lambda root: None)
    warmup.ensure(("play_range", "resolve"))
    assert capsys.readouterr().err == ""
