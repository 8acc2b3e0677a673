"""Card facts as numpy lookup tables, built once and indexed by ``Card.index``.

The engine never looks at :class:`~simulator.cards.model.Card` objects: a batch's tables
record (``engine/host/tables.py``) gathers the rows of its decks' cards from these arrays, so the
database is turned into numbers once per process. Row ``i`` describes the card whose
``index`` is ``i``.

Arrays are read-only: the tables are shared by every batch (and every thread), so an
accidental in-place write would corrupt all games at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from simulator.cards.model import CARD_TYPES, COMPONENT_WORDS, ELEMENTS, NAME_WORDS, SLOTS, Card
from simulator.cards.vocabulary import KEYWORDS


@dataclass(frozen=True, eq=False)
class CardTables:
    """Per-card facts as arrays; C = number of cards, W = 35 words, WN = 43 name words,
    K = len(KEYWORDS)."""

    cost: np.ndarray  # (C, 6) int16 Mana cost by element (ELEMENTS order); X counts as 0
    # (C,) int8 element index of an X Mana cost, -1 if none: read next by the X costs of the
    # Way of the Warrior-Mage (Inas meteor), which the engine does not play yet
    cost_x: np.ndarray
    element: np.ndarray  # (C,) int8 index in ELEMENTS
    type: np.ndarray  # (C,) int8 index in CARD_TYPES
    slot: np.ndarray  # (C,) int8 index in SLOTS, -1 for non-Equipment
    hp: np.ndarray  # (C,) int16 printed HP of a Permanent, 0 if none (or X)
    # (C,) bool HP is X, set when the card is prepared: read next by Sand (Desert wall)
    hp_is_x: np.ndarray
    requires: np.ndarray  # (C, W) int8 component words required to prepare, by word
    provides: np.ndarray  # (C, W) bool component words the card provides as a component
    # (C, WN) bool words its name carries, NAME_WORDS order: what it provides (Transmutable
    # included) and its name tags (Solar, Thunder, ...): the keys of "WORD cards" effects.
    # None for an Animal: it is not a spell, so "take a WORD card" never finds it (its words
    # count only as a component, ``provides``)
    named: np.ndarray
    # (C, K) bool keyword flags in KEYWORDS order: the engine reads the Base Game's from the
    # cards (engine/host/tables.py); read next by Quickcast (Electric, Flowers, Phase, Sand, Sun),
    # Autumn (Flowers) and Zenith (Sun)
    keywords: np.ndarray

    def __len__(self) -> int:
        return int(self.cost.shape[0])

    def keyword(self, name: str) -> np.ndarray:
        """``(C,) bool`` column of one keyword, e.g. ``tables.keyword("quickcast")``."""
        return self.keywords[:, KEYWORDS.index(name)]


def _index_or(value: str | None, axis: Sequence[str], default: int = -1) -> int:
    return axis.index(value) if value is not None else default


def build_card_tables(cards: Sequence[Card]) -> CardTables:
    """Build the tables for ``cards`` (row i = the card with ``index == i``)."""
    if [c.index for c in cards] != list(range(len(cards))):
        raise ValueError("cards must be given in index order 0..C-1")
    n, w, k = len(cards), len(COMPONENT_WORDS), len(KEYWORDS)
    cost = np.zeros((n, len(ELEMENTS)), np.int16)
    requires = np.zeros((n, w), np.int8)
    provides = np.zeros((n, w), bool)
    keywords = np.zeros((n, k), bool)
    named = np.zeros((n, len(NAME_WORDS)), bool)
    for i, card in enumerate(cards):
        for element, amount in card.cost.items():
            cost[i, ELEMENTS.index(element)] = amount
        for word, count in card.components.items():
            requires[i, COMPONENT_WORDS.index(word)] = count
        spell = card.type != "animal"
        for word in card.provides:
            provides[i, COMPONENT_WORDS.index(word)] = True
            named[i, NAME_WORDS.index(word)] = spell
        for word in card.name_tags:
            named[i, NAME_WORDS.index(word)] = spell
        for keyword in card.keywords:
            keywords[i, KEYWORDS.index(keyword)] = True
    arrays = dict(
        cost=cost,
        cost_x=np.array([_index_or(c.cost_x_element, ELEMENTS) for c in cards], np.int8),
        element=np.array([_index_or(c.element, ELEMENTS) for c in cards], np.int8),
        type=np.array([CARD_TYPES.index(c.type) for c in cards], np.int8),
        slot=np.array([_index_or(c.slot, SLOTS) for c in cards], np.int8),
        hp=np.array([c.hp or 0 for c in cards], np.int16),
        hp_is_x=np.array([c.hp_is_x for c in cards], bool),
        requires=requires,
        provides=provides,
        named=named,
        keywords=keywords,
    )
    for array in arrays.values():
        array.flags.writeable = False
    return CardTables(**arrays)
