"""Fixtures shared by the test modules that play the example decks (a module may define its
own ``db`` fixture, which then takes precedence)."""

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
