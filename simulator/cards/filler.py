"""The filler: a blank card the engine knows, never a real card, for measuring card value.

Why a blank rather than a real card: a card's value is the deck's win rate minus the win rate
of the same deck with one copy taken out. Taking the copy out would shrink the deck and change
every draw after it; putting another real card in would measure that card as well. The filler
keeps the deck at its size and does nothing: it is drawn and held like any card, but it has no
element, no cost, no component, no effect, and the engine never lets it be prepared (the
``inert`` column of the batch tables). The bots discard it first when the hand is too large
(it is worth nothing to them), which is what a player would do with a dead card.

The filler lives in a copy of the card database (:func:`with_filler`), so the rest of the
code (tables, labels, reports) reads it like any card; the bundled database and the deck
files never contain it.
"""

from __future__ import annotations

import functools

from simulator.cards.loader import CardDB
from simulator.cards.model import Card

FILLER_ID = "filler"
FILLER_NAME = "Filler (blank card)"


@functools.cache
def with_filler(db: CardDB) -> CardDB:
    """``db`` plus the filler as its last card (one copy per database, shared)."""
    if FILLER_ID in db:
        return db
    filler = Card(id=FILLER_ID, name_en=FILLER_NAME, name_fr="Carte vierge", element=None,
                  type="spell", extension="(simulator)", index=len(db), copies_limit=64)
    return CardDB((*db.cards, filler))
