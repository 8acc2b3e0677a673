"""Fixtures shared by the test modules that play the example decks (a module may define its
own ``db`` fixture, which then takes precedence), and the rule that a test skipped for want of
an optional package fails."""

from __future__ import annotations

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
