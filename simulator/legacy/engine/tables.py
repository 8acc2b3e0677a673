"""The batch's local card table: the decks' distinct cards followed by the Adversary's.

Why local ids: a hand is a count per card kind, so its width is the number of kinds in the
batch (usually 15-40) rather than the 205 cards of the database. The table is built once per
batch from the card data; the engine never looks a card up by name while playing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from simulator.cards import COMPONENT_WORDS, ELEMENTS, Card, CardDB
from simulator.cards.tables import CardTables, build_tables
from simulator.errors import UserError
from simulator.scenarios import AdversaryCard, Scenario

WORD_INDEX = {w: i for i, w in enumerate(COMPONENT_WORDS)}
ELEMENT_INDEX = {e: i for i, e in enumerate(ELEMENTS)}

# Adversary card kinds (adv_kind values); -1 marks a player card.
ADV_KINDS = ("adversary", "keyword", "spell", "equipment")


@dataclass(frozen=True)
class BatchTables:
    """Static facts of the batch's cards, indexed by local id ``0 .. C-1``."""

    names: tuple[str, ...]        # (C,) display names (EN)
    ids: tuple[str, ...]          # (C,) database ids (Adversary ids prefixed "adv:")
    effects: tuple[dict, ...]     # (C,) raw effect tables (trigger -> steps)
    keywords: tuple[frozenset, ...]  # (C,) keyword sets
    cost: np.ndarray              # (C, E) int32 Mana cost by element
    requires: np.ndarray          # (C, W) int32 component words required to prepare
    provides: np.ndarray          # (C, W) int32 component words provided (0/1)
    element: np.ndarray           # (C,) int8 element index (-1 for Adversary cards)
    card_type: np.ndarray         # (C,) int8 index in CARD_TYPES (-1 for Adversary cards)
    slot: np.ndarray              # (C,) int8 Equipment slot index, -1 none
    hp: np.ndarray                # (C,) int32 printed HP, 0 none
    is_adversary: np.ndarray      # (C,) bool the Adversary itself
    adv_kind: np.ndarray          # (C,) int8 index in ADV_KINDS, -1 for player cards
    mana_value: np.ndarray        # (C,) int32 Adversary card Mana value
    win_when_destroyed: np.ndarray  # (C,) bool players win when this card is destroyed
    n_player_cards: int           # local ids below this are player cards

    @property
    def size(self) -> int:
        return len(self.names)

    def local_id(self, card_id: str) -> int:
        return self.ids.index(card_id)

    @property
    def words(self) -> np.ndarray:
        """(W,) int64 indices in COMPONENT_WORDS of the words some card of the batch requires.

        Why: a matchup needs 2-4 of the 35 words, and a component shortfall can only be
        non-zero where a card requires the word. The (n, C, W) and (n, S, W) arrays built at
        every main-phase decision (shortfalls, the words a hand needs) are therefore computed
        on these columns only (the ``words=`` argument of the component functions, see
        :func:`word_layout`). Derived from ``requires`` on access (a few microseconds), so it
        always agrees with it, even when a test edits ``requires`` in place.
        """
        return np.flatnonzero(self.requires.any(axis=0))


ALL_WORDS = np.arange(len(COMPONENT_WORDS))


def word_layout(words: Sequence[int] | np.ndarray | None) -> np.ndarray:
    """(W,) int64 global word indices (in COMPONENT_WORDS) of a word-column layout.

    The component functions (``board.component_counts``, ``actions.component_shortfall``,
    ``handlers_components.*``) take ``words``: the columns to compute, in this order. None is
    the full layout, all 35 words, where column ``w`` is ``WORD_INDEX[word]``; a compact
    layout such as ``BatchTables.words`` or ``[WORD_INDEX["Tree"]]`` computes only those.
    """
    return ALL_WORDS if words is None else np.asarray(words, dtype=np.int64).reshape(-1)


def word_columns(words: np.ndarray, wanted: np.ndarray) -> np.ndarray:
    """(m,) int64 column of each global word of ``wanted`` in layout ``words``, -1 absent."""
    column = np.full(len(COMPONENT_WORDS), -1, np.int64)
    column[words] = np.arange(len(words))
    wanted = np.asarray(wanted, dtype=np.int64)
    return np.where(wanted >= 0, column[np.maximum(wanted, 0)], -1)


@lru_cache(maxsize=4)
def database_tables(db: CardDB) -> CardTables:
    """Tables of the whole database, built once per database and sliced per batch."""
    return build_tables(db.cards)


def build_batch_tables(player_cards: Sequence[Card], scenario: Scenario, db: CardDB,
                       implemented: set[str] | None = None) -> BatchTables:
    """Local table for the given distinct player cards and every card of ``scenario``.

    ``implemented``: ids of the cards the engine can play; a deck using another card is a
    user error (the engine refuses rather than playing a card as a blank).
    """
    if implemented is not None:
        missing = [c.name_en for c in player_cards if c.id not in implemented]
        if missing:
            raise UserError(
                "these cards are not playable by the engine yet: " + ", ".join(sorted(missing))
                + " (see README, 'Cards the engine plays')")
    full = database_tables(db)
    rows = np.array([c.index for c in player_cards], dtype=np.int64)
    adv: Sequence[AdversaryCard] = scenario.cards
    n_p, n_a = len(player_cards), len(adv)
    n_w = len(COMPONENT_WORDS)

    def pad(arr: np.ndarray, fill: int, dtype) -> np.ndarray:
        extra = np.full((n_a,) + arr.shape[1:], fill, dtype=dtype)
        return np.concatenate([arr.astype(dtype), extra])

    adv_hp = np.array([a.hp or 0 for a in adv], dtype=np.int32)
    return BatchTables(
        names=tuple(c.name_en for c in player_cards) + tuple(a.name for a in adv),
        ids=tuple(c.id for c in player_cards) + tuple("adv:" + a.id for a in adv),
        effects=tuple(dict(c.effect) for c in player_cards) + tuple(dict(a.effect) for a in adv),
        keywords=tuple(frozenset(c.keywords) for c in player_cards)
        + tuple(frozenset() for _ in adv),
        cost=pad(full.cost[rows], 0, np.int32),
        requires=pad(full.requires[rows], 0, np.int32),
        provides=pad(full.provides[rows].reshape(n_p, n_w), 0, np.int32),
        element=pad(full.element[rows], -1, np.int8),
        card_type=pad(full.type[rows], -1, np.int8),
        slot=np.concatenate([full.slot[rows].astype(np.int8),
                             np.array([_slot_index(a.slot) for a in adv], dtype=np.int8)]),
        hp=np.concatenate([full.hp[rows].astype(np.int32), adv_hp]),
        is_adversary=np.array([False] * n_p + [a.kind == "adversary" for a in adv]),
        adv_kind=np.array([-1] * n_p + [ADV_KINDS.index(a.kind) for a in adv], dtype=np.int8),
        mana_value=np.array([0] * n_p + [a.mana_value for a in adv], dtype=np.int32),
        win_when_destroyed=np.array([False] * n_p + [bool(a.win_when_destroyed) for a in adv]),
        n_player_cards=n_p,
    )


def _slot_index(slot: str | None) -> int:
    from simulator.cards import SLOTS

    return SLOTS.index(slot) if slot else -1
