"""Loading the bundled card data into a :class:`CardDB`, and looking cards up by name.

The data files ship inside the package (read through :mod:`importlib.resources`, so an
installed wheel works like a checkout). Broken bundled data is our bug, not the user's:
:func:`load_cards` raises :class:`~simulator.errors.CardDataError` listing every problem.
Card indices follow :data:`~simulator.cards.model.EXTENSIONS` order, then file order, so
they are stable for a given data version and every engine table can be indexed by them. The
Animals file (:data:`~simulator.cards.model.ANIMALS_FILE`, hand-written: no official Animal is
in the shared data) comes last, so its cards never renumber an official one;
:attr:`CardDB.official` leaves out the cards we invented.
"""

from __future__ import annotations

import difflib
import functools
import operator
from collections.abc import Iterable, Iterator, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from simulator.cards.blanking import BLANK_ENV, blank_cards, blank_ids_from_env
from simulator.cards.model import ANIMALS_FILE, EXTENSIONS, Card, FrozenMap, freeze
from simulator.cards.names import normalise_name
from simulator.cards.schema import validate_cards
from simulator.errors import CardDataError, UserError

#: A suggestion is offered only if its score is this close to the best one's.
CLOSE_TO_BEST = 0.15


class CardDB:
    """The card database: cards in index order, by id, and by any name a player might type."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self.cards: tuple[Card, ...] = tuple(cards)
        if [c.index for c in self.cards] != list(range(len(self.cards))):
            raise CardDataError("card indices must be 0..N-1 in order")
        self.by_id: dict[str, Card] = {c.id: c for c in self.cards}
        # Lookup keys, most specific first: an id or EN name wins over another card's FR name.
        self._by_key: dict[str, Card] = {}
        for attr in ("id", "name_en", "aliases_en", "name_fr"):
            for card in self.cards:
                names = getattr(card, attr)
                for name in (names,) if isinstance(names, str) else names:
                    self._by_key.setdefault(normalise_name(name), card)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def official(self) -> tuple[Card, ...]:
        """The publisher's cards: every card but the ones we invented (the example Animal)."""
        return tuple(c for c in self.cards if not c.invented)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __getitem__(self, key: str | int) -> Card:
        """``db["fire_ball"]`` by id or ``db[12]`` by index (use :meth:`find` for names)."""
        if isinstance(key, str):
            try:
                return self.by_id[key]
            except KeyError:
                raise KeyError(f"no card with id {key!r}") from None
        return self.cards[operator.index(key)]

    def __contains__(self, key: object) -> bool:
        return key in self.by_id or key in self.cards

    def __repr__(self) -> str:
        return f"CardDB({len(self)} cards)"

    def find(self, name: str) -> Card | None:
        """The card whose id, EN name, EN alias or FR name matches ``name`` once both are
        normalised (case, accents, apostrophes, ``_``/hyphens ignored), else ``None``."""
        return self._by_key.get(normalise_name(name))

    def suggest(self, name: str, n: int = 3, cutoff: float = 0.6) -> list[str]:
        """Up to ``n`` card labels ("Fire ball / Boule de feu") closest to ``name``, best
        first, for "did you mean" messages: those scoring at least ``cutoff`` and within
        :data:`CLOSE_TO_BEST` of the best. Scores are difflib ratios over normalised names."""
        query = normalise_name(name)
        best: dict[Card, float] = {}
        matcher = difflib.SequenceMatcher(b=query)
        for key, card in self._by_key.items():
            matcher.set_seq1(key)
            if matcher.real_quick_ratio() < cutoff or matcher.quick_ratio() < cutoff:
                continue
            score = matcher.ratio()
            if score >= cutoff and score > best.get(card, 0.0):
                best[card] = score
        ranked = sorted(best, key=lambda c: (-best[c], c.index))
        if ranked:  # names far behind the closest one only distract ("Fire bal": not Ice wall)
            ranked = [c for c in ranked if best[c] >= best[ranked[0]] - CLOSE_TO_BEST]
        return [c.label for c in ranked[:n]]


def card_from_table(table: Mapping[str, Any], index: int) -> Card:
    """Build a :class:`Card` from a validated ``[[card]]`` table."""
    return Card(
        id=table["id"],
        name_en=table["name_en"],
        name_fr=table["name_fr"],
        element=table["element"],
        type=table["type"],
        extension=table["extension"],
        index=index,
        aliases_en=tuple(table.get("aliases_en", ())),
        slot=table.get("slot"),
        hp=table.get("hp"),
        hp_is_x=table.get("hp_is_x", False),
        cost=FrozenMap(table["cost"]),
        cost_x_element=table.get("cost_x_element"),
        components=FrozenMap(table["components"]),
        provides=tuple(table["provides"]),
        provides_conditional=tuple((e["word"], e["condition"])
                                   for e in table.get("provides_conditional", ())),
        name_tags=tuple(table.get("name_tags", ())),
        copies_limit=table["copies_limit"],
        banned=table.get("banned", False),
        keywords=frozenset(table.get("keywords", ())),
        extensions=tuple(table.get("extensions", (table["extension"],))),
        effect=freeze(table.get("effect", {})),
        effect_note=table.get("effect_note"),
        invented=table.get("invented", False),
        exhausts_animal=table.get("exhausts_animal", False),
    )


def build_db(sources: Iterable[tuple[str, str | None]]) -> CardDB:
    """Parse, validate and index ``(file name, TOML text or None if missing)`` pairs, in
    order. Raises :class:`CardDataError` with one line per problem."""
    problems: list[str] = []
    tables: list[Mapping[str, Any]] = []
    seen: dict[str, str] = {}
    for name, text in sources:
        if text is None:
            if name != ANIMALS_FILE:  # a data folder of a tool may have no Animals file
                problems.append(f"{name}: missing card data file")
            continue
        try:
            cards = tomllib.loads(text).get("card")
        except tomllib.TOMLDecodeError as err:
            problems.append(f"{name}: not valid TOML: {err}")
            continue
        found = validate_cards(cards, name, seen)
        if name == ANIMALS_FILE and isinstance(cards, list):
            found += [f"{name}: {c.get('id')}: only Animals go in this file (type = \"animal\")"
                      for c in cards if isinstance(c, Mapping) and c.get("type") != "animal"]
        problems += found
        if not found:
            tables += cards
    if problems:
        raise CardDataError(f"{len(problems)} problem(s) in the card data:\n"
                            + "\n".join(problems))
    return CardDB(card_from_table(t, i) for i, t in enumerate(tables))


def data_file_names() -> list[str]:
    """The official data files (generated facts) in database order."""
    return [f"{stem}.toml" for _, _, stem in EXTENSIONS]


def card_file_names() -> list[str]:
    """Every card file in database order: the official data files, then the Animals file."""
    return [*data_file_names(), ANIMALS_FILE]


def load_cards_from(directory: str | Path) -> CardDB:
    """Load the card files from a directory (uncached; its Animals file is optional): for
    tools and tests."""
    directory = Path(directory)
    return build_db((name, _read(directory / name)) for name in card_file_names())


def load_cards() -> CardDB:
    """The bundled card database (built once per process, then shared; cards are immutable),
    with the cards the environment variable :data:`~simulator.cards.blanking.BLANK_ENV` names
    blanked (a database per set of blanked cards). An id there that is no card is a
    :class:`~simulator.errors.UserError` naming it, with the closest card ids."""
    blank_ids = blank_ids_from_env()
    return _blanked(blank_ids) if blank_ids else _bundled()


@functools.cache
def _bundled() -> CardDB:
    root = resources.files("simulator.cards").joinpath("data")
    return build_db((name, _read(root.joinpath(name))) for name in card_file_names())


@functools.lru_cache(maxsize=2)
def _blanked(blank_ids: frozenset[str]) -> CardDB:
    db = _bundled()
    unknown = sorted(blank_ids - db.by_id.keys())
    if unknown:
        close = difflib.get_close_matches(unknown[0], db.by_id, n=3)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise UserError(f"{BLANK_ENV}: no card with id {unknown[0]!r}{hint}")
    return CardDB(blank_cards(db.cards, blank_ids))


def _read(path: Any) -> str | None:
    return path.read_text(encoding="utf-8") if path.is_file() else None
