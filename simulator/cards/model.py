"""The card as a domain object, and the fixed axes every array in the engine is indexed by.

The constants here are *orders*, not just sets: :data:`ELEMENTS` is the engine's element axis
(column ``j`` of a cost matrix is ``ELEMENTS[j]``), :data:`COMPONENT_WORDS` is the bit order of
the component bitmasks. They are written out in code, not read from the data, so that a data
edit can never silently reorder an axis; the schema rejects any word or element not listed.

A :class:`Card` is immutable and picklable (cards travel to worker processes): mappings are
:class:`FrozenMap`, sequences are tuples, and the raw ``effect`` table is deep-frozen.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

#: The element axis of every engine array (Mana costs, Ether piles, reserves).
ELEMENTS: tuple[str, ...] = ("fire", "water", "air", "vegetal", "mineral", "arcane")

#: French element names, for filters and messages aimed at French-speaking players.
ELEMENTS_FR: dict[str, str] = {
    "fire": "feu", "water": "eau", "air": "air",
    "vegetal": "végétal", "mineral": "minéral", "arcane": "arcane",
}

#: The card types, the engine's type axis (``tables.card_type``). An Animal (Animal Aenigma
#: rulesheet, docs/animals.md) is never prepared: it enters play from the deck, face up.
CARD_TYPES: tuple[str, ...] = ("spell", "permanent", "equipment", "ritual", "animal")

CARD_TYPES_FR: dict[str, str] = {
    "spell": "sort", "permanent": "permanent", "equipment": "équipement", "ritual": "rituel",
    "animal": "animal",
}

#: Equipment slots (one Equipment per slot).
SLOTS: tuple[str, ...] = ("weapon", "torso", "head", "ring", "back", "feet", "trinket")

#: The 35 component words. Bit ``i`` of a component bitmask is ``COMPONENT_WORDS[i]``; the
#: order is the shared data's (alphabetical in English) and must never change once arrays
#: or golden files depend on it. 35 words fit in a uint64.
COMPONENT_WORDS: tuple[str, ...] = (
    "Armor", "Bark", "Blade", "Bramble", "Breath", "Condensation", "Deletion", "Desert",
    "Drop", "Druid", "Earthquake", "Fission", "Flame", "Flower", "Ice", "Infiltration",
    "Inspiration", "Light", "Lightning", "Maelström", "Magma", "Meteor", "Ocean", "Ore",
    "Rock", "Sand", "Seed", "Source", "Spark", "Sun", "Time", "Tree", "Wall", "Wave", "Wind",
)

#: French translation of each component word (FR decklists and FR card names use them).
COMPONENT_WORDS_FR: dict[str, str] = {
    "Armor": "Armure", "Bark": "Écorce", "Blade": "Lame", "Bramble": "Ronce",
    "Breath": "Souffle", "Condensation": "Condensation", "Deletion": "Suppression",
    "Desert": "Désert", "Drop": "Goutte", "Druid": "Druide", "Earthquake": "Séisme",
    "Fission": "Fission", "Flame": "Flamme", "Flower": "Fleur", "Ice": "Glace",
    "Infiltration": "Infiltration", "Inspiration": "Inspiration", "Light": "Lumière",
    "Lightning": "Foudre", "Maelström": "Maelström", "Magma": "Magma", "Meteor": "Météore",
    "Ocean": "Océan", "Ore": "Minerai", "Rock": "Roche", "Sand": "Sable", "Seed": "Graine",
    "Source": "Source", "Spark": "Étincelle", "Sun": "Soleil", "Time": "Temps",
    "Tree": "Arbre", "Wall": "Mur", "Wave": "Vague", "Wind": "Vent",
}

#: Name words that effects search for but that are never a component requirement
#: ("Solar spells", "a Thunder card"). Effects may name them where they name a WORD.
NAME_TAG_WORDS: dict[str, str] = {
    "Thunder": "Tonnerre", "Solar": "Solaire", "Galactic": "Galactique", "Tornado": "Tornade",
    "Engulfment": "Engloutissement", "Explosion": "Explosion", "Mons Igneus": "Mons Igneus",
    "Tide": "Marée",
}

#: Every word a card's name can carry, the axis of the name-word tables (``named``): the
#: component words first (same indices as :data:`COMPONENT_WORDS`), then the name tags. A
#: card "is a Solar spell" when its name carries Solar (or it is Transmutable into it); an
#: effect that searches for, or changes the cost of, "WORD cards" reads this axis, while a
#: component requirement reads :data:`COMPONENT_WORDS` only.
NAME_WORDS: tuple[str, ...] = COMPONENT_WORDS + tuple(NAME_TAG_WORDS)

#: The extensions in database order (EN name, FR name, data file stem). Card indices follow
#: this order, so appending a new extension never renumbers existing cards.
EXTENSIONS: tuple[tuple[str, str, str], ...] = (
    ("Base Game", "Jeu de base", "base_game"),
    ("Way of the Warrior-Mage", "Voie du Guerrier-Mage", "way_of_the_warrior_mage"),
    ("Way of the Time Bender", "Voie du plieur de temps", "way_of_the_time_bender"),
    ("Phase", "Phase", "phase"),
    ("Sand", "Sable", "sand"),
    ("Electric", "Électrique", "electric"),
    ("Sun", "Soleil", "sun"),
    ("Flowers", "Fleurs", "flowers"),
    ("Ice", "Glace", "ice"),
)
EXTENSION_NAMES: tuple[str, ...] = tuple(en for en, _, _ in EXTENSIONS)

#: The hand-written file of Animals (``simulator/cards/data/animals.toml``), read after the
#: official data files: no official Animal is in the shared card data, so it holds our one
#: invented example and the Animals a player types in from their own box (docs/animals.md).
ANIMALS_FILE = "animals.toml"
#: The extension of a card we invented (``invented = true``): never an official card.
INVENTED_EXTENSION = "magenoir-sim (invented)"


class FrozenMap(Mapping):
    """A read-only, hashable, picklable mapping (``MappingProxyType`` cannot be pickled).

    Compares equal to a ``dict`` with the same items, so ``card.cost == {"fire": 2}`` works.
    """

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping | None = None) -> None:
        self._data = dict(data or {})
        self._hash: int | None = None

    def __getitem__(self, key: Any) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"

    def __getstate__(self) -> dict:
        return self._data

    def __setstate__(self, state: dict) -> None:
        self._data = state
        self._hash = None


def freeze(value: Any) -> Any:
    """Deep-freeze parsed TOML: tables become :class:`FrozenMap`, arrays become tuples."""
    if isinstance(value, Mapping):
        return FrozenMap({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Inverse of :func:`freeze`: plain dicts and lists (for JSON output or editing)."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


@dataclass(frozen=True)
class Card:
    """One official card (or an Adversary card built by the scenario loader, or our invented
    example Animal, ``invented``): facts + effect.

    ``index`` is the card's row in every engine table; ids are for people and files.
    """

    id: str
    name_en: str
    name_fr: str
    element: str | None  # None for the simulator's filler only (simulator.cards.filler)
    type: str
    extension: str
    index: int
    aliases_en: tuple[str, ...] = ()
    slot: str | None = None
    hp: int | None = None
    hp_is_x: bool = False
    cost: FrozenMap = field(default_factory=FrozenMap)  # element -> Mana, {} when free
    cost_x_element: str | None = None
    components: FrozenMap = field(default_factory=FrozenMap)  # EN word -> count required
    provides: tuple[str, ...] = ()
    provides_conditional: tuple[tuple[str, str], ...] = ()  # (EN word, condition tag)
    name_tags: tuple[str, ...] = ()
    copies_limit: int = 4
    banned: bool = False
    keywords: frozenset[str] = frozenset()
    extensions: tuple[str, ...] = ()
    effect: FrozenMap = field(default_factory=FrozenMap)  # raw effect table, deep-frozen
    effect_note: str | None = None  # the readings of its rulings (hand-written)
    invented: bool = False  # ours, not a card of the publisher (the example Animal)
    exhausts_animal: bool = False  # preparing it exhausts its player's Animal (a cost)
    blanked: bool = False  # its text emptied for a blanking check (cards.blanking)

    def __hash__(self) -> int:
        return hash((self.id, self.index))

    @property
    def label(self) -> str:
        """``"Fire ball / Boule de feu"``: how cards are named in messages and reports."""
        return f"{self.name_en} / {self.name_fr}"

    @property
    def total_cost(self) -> int:
        """Mana needed to prepare the card, X costs counted as 0."""
        return sum(self.cost.values())

    def has_keyword(self, keyword: str) -> bool:
        return keyword in self.keywords
