"""Blanking a card: the card as if its text were gone, to check that its tests would notice.

Why: a test named after a card should fail when the card does nothing, or it does not test
the card (``scripts/blanking_check.py``, docs/engine.md "Checking the engine"). A blanked card
keeps the facts printed around its text: name, element, type, cost, the components it
requires, the component words it provides (its name's and its Transmutable words: facts of
the card data), its name tags, HP, slot and copies limit. It loses what the engine reads as
its text: its effect table (triggers and their steps, statics, abilities), its keywords and
its conditional component words. It stays playable (a blanked card is played as a card with
no effect), so a test fails for what the card no longer does, not for a refusal to play it.

Cards are data, so blanking is a loader setting and needs no recompile of the engine: the
environment variable :data:`BLANK_ENV` names the cards to blank (comma-separated ids) for
every :func:`~simulator.cards.loader.load_cards` of the process.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable

from simulator.cards.model import Card, FrozenMap

#: The environment variable naming the cards the bundled database loads blanked: ids,
#: comma-separated (``MAGENOIR_SIM_BLANK=fire_ball,zephyr``); unset or empty, none.
BLANK_ENV = "MAGENOIR_SIM_BLANK"


def blank(card: Card) -> Card:
    """``card`` with its text emptied (effect, keywords, conditional words), its facts kept."""
    return dataclasses.replace(card, effect=FrozenMap(), keywords=frozenset(),
                               provides_conditional=(), blanked=True)


def has_text(card: Card) -> bool:
    """Blanking changes the card: it has an effect, a keyword or a conditional word. Cards
    without (Solar flame: no text at all; Droplet: only its Transmutable word) cannot be told
    from their blank, so no test can notice them blanked."""
    return bool(dict(card.effect) or card.keywords or card.provides_conditional)


def blank_ids_from_env() -> frozenset[str]:
    """The card ids :data:`BLANK_ENV` names (not checked against the database here)."""
    value = os.environ.get(BLANK_ENV, "")
    return frozenset(part.strip() for part in value.split(",") if part.strip())


def blank_cards(cards: Iterable[Card], ids: frozenset[str]) -> tuple[Card, ...]:
    """``cards`` with those whose id is in ``ids`` blanked, in the same order."""
    return tuple(blank(c) if c.id in ids else c for c in cards)
