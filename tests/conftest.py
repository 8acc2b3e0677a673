"""Fixtures shared by the test modules that play the example decks (a module may define its
own ``db`` fixture, which then takes precedence), the rule that a test skipped for want of
an optional package fails, and the one compile of the engine before the suite's workers start."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from simulator.cards import load_cards
from simulator.decks import find_deck, load_deck


@pytest.fixture(scope="session")
def db():
    """The bundled card database."""
    return load_cards()


@pytest.fixture(scope="session")
def fire(db):
    """The bundled fire-flames example deck."""
    return load_deck(find_deck("fire-flames"), db)


@pytest.fixture
def unsimulated_card(monkeypatch, db):
    """Glass replica, made to look not simulated yet: every official card is simulated now,
    and the guard that refuses a card without effect data (a card the data adds later) must
    keep working."""
    from simulator.engine.host import tables

    card = next(c for c in db if c.id == "glass_replica")
    real = tables.implemented_cards
    monkeypatch.setattr(tables, "implemented_cards", lambda d: real(d) - {card.id})
    return card


@pytest.fixture
def interrupt_at_chunk(monkeypatch):
    """``arm(n)``: Ctrl-C as the ``n``-th chunk of a run, or of a paired measure, is counted
    (each chunk moves the progress bar once, drawn or not)."""
    import simulator.run as run_module

    def arm(chunk: int) -> None:
        calls = []
        original = run_module.ProgressBar.update

        def update(self, done, note=""):
            calls.append(done)
            if len(calls) == chunk:
                raise KeyboardInterrupt
            original(self, done, note)

        monkeypatch.setattr(run_module.ProgressBar, "update", update)

    return arm


#: What a test skipped by ``pytest.importorskip`` reports (the package it could not import).
MISSING_PACKAGE = "could not import"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A test skipped because a package of the test extra is missing (ray, dask, nbformat,
    ...) fails instead: a skipped test is not a passing one, and CI must say so rather than
    pass without having run the cluster or notebook tests. Platform skips (a non-ELF object
    format, no /proc) stay skips."""
    outcome = yield
    report = outcome.get_result()
    if report.skipped and MISSING_PACKAGE in str(report.longrepr):
        report.outcome = "failed"
        report.longrepr = (f"{report.longrepr}\nskipped for a missing package, which fails: "
                           "install the test extra (pip install -e \".[test]\")")


#: A process compiling one bot's root into the cache (argument: the bot's name).
_COMPILE_BOT = ("import sys; from simulator import bots; from simulator.engine.compiler import warmup; "
                "warmup.ensure((), quiet=True, bot=bots.get(sys.argv[1]))")


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    """With pytest-xdist's workers (pyproject's addopts: two), compile what is missing from the
    engine's cache here, once, before they start (xdist starts them after this hook).

    Why: each worker is a process of its own, and on a cold cache both would meet the engine
    in their first test and compile the same roots side by side (``warmup.ensure`` shares
    work between the processes of one compile, not between two compiles), doubling the
    suite's largest cost. Here the engine's roots compile as a command's would (two
    processes), then the bots' roots two at a time, the look-ahead's (the longest) first.
    On a warm cache this only loads the roots (under a second). Not for a copy of this file
    run outside the project (tests/test_skips_fail.py), whose tests play no game."""
    config = session.config
    if (not getattr(config.option, "numprocesses", None) or hasattr(config, "workerinput")
            or not (config.rootpath / "simulator").is_dir()):
        return
    from simulator.bots.registry import REGISTRY
    from simulator.engine.compiler import warmup

    engine = [r for r in warmup.ROOTS if not warmup.in_cache(r)]
    bots = [b.name for b in sorted(REGISTRY, key=lambda b: not b.rollouts)
            if not warmup.in_cache(warmup.bot_root(b))]
    if not engine and not bots:
        return
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(f"compiling the engine ({len(engine)} roots) and {len(bots)} bots once, "
                            "before the workers start...")
    warmup.ensure(tuple(engine), quiet=True)

    def compile_bot(name: str) -> None:
        done = subprocess.run([sys.executable, "-c", _COMPILE_BOT, name], capture_output=True,
                              text=True)
        if done.returncode != 0:
            raise RuntimeError(f"compiling the bot {name} failed:\n{done.stderr}")

    with ThreadPoolExecutor(2) as pool:
        list(pool.map(compile_bot, bots))
