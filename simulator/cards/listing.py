"""The ``cards`` sub-command's work: filtering the database and printing it.

Filters accept what a player would type (EN or FR, any case, "base" for Base Game) and
reject anything else with a :class:`~simulator.errors.UserError` that lists the valid values,
so a typo never silently prints an empty list.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from simulator.cards.loader import CardDB
from simulator.cards.model import (
    CARD_TYPES,
    CARD_TYPES_FR,
    ELEMENTS,
    ELEMENTS_FR,
    EXTENSIONS,
    Card,
)
from simulator.cards.names import normalise_name
from simulator.cards.vocabulary import KEYWORDS
from simulator.errors import UserError

#: Short forms accepted for each extension, besides its EN name, FR name and file stem.
EXTENSION_SHORT: dict[str, tuple[str, ...]] = {
    "Base Game": ("base", "core"),
    "Way of the Warrior-Mage": ("warrior-mage", "warrior mage", "guerrier-mage", "wotwm"),
    "Way of the Time Bender": ("time bender", "time-bender", "plieur de temps", "wottb"),
    "Phase": (),
    "Sand": (),
    "Electric": (),
    "Sun": (),
    "Flowers": ("flower",),
    "Ice": (),
}


def _resolve(value: str, what: str, names: Mapping[str, Iterable[str]]) -> str:
    """The canonical name whose aliases match ``value`` (normalised: any case, accents
    optional), or the one name a word of ``value`` begins (``warrior``: Way of the
    Warrior-Mage); else a UserError listing the valid values."""
    key = normalise_name(value)
    spelled = {canonical: {normalise_name(a) for a in (canonical, *aliases)}
               for canonical, aliases in names.items()}
    for canonical, forms in spelled.items():
        if key in forms:
            return canonical
    words = re.compile(rf"(^|[ _-]){re.escape(key)}")
    begun = [canonical for canonical, forms in spelled.items() if key and any(
        words.search(form) for form in forms)]
    if len(begun) == 1:
        return begun[0]
    raise UserError(f"unknown {what} {value!r}; valid values: {', '.join(names)}")


def resolve_extension(value: str) -> str:
    return _resolve(value, "extension", {en: (fr, stem, *EXTENSION_SHORT.get(en, ()))
                                         for en, fr, stem in EXTENSIONS})


def resolve_element(value: str) -> str:
    return _resolve(value, "element", {e: (ELEMENTS_FR[e],) for e in ELEMENTS})


def resolve_card_type(value: str) -> str:
    return _resolve(value, "card type", {t: (CARD_TYPES_FR[t], t + "s") for t in CARD_TYPES})


def filter_cards(db: CardDB | Iterable[Card], extension: str | None = None,
                 element: str | None = None, card_type: str | None = None) -> list[Card]:
    """Cards matching every given filter, in database order. A card belongs to an extension
    if it appears in it (Rite of passage is in two)."""
    ext = resolve_extension(extension) if extension is not None else None
    elem = resolve_element(element) if element is not None else None
    ctype = resolve_card_type(card_type) if card_type is not None else None
    return [c for c in db
            if (ext is None or ext in c.extensions)
            and (elem is None or c.element == elem)
            and (ctype is None or c.type == ctype)]


def format_cost(card: Card) -> str:
    """``"2 fire + 1 air"`` (ELEMENTS order), ``"X mineral + 1 fire"``, or ``"free"``."""
    parts = [f"X {card.cost_x_element}"] if card.cost_x_element else []
    parts += [f"{card.cost[e]} {e}" for e in ELEMENTS if card.cost.get(e)]
    return " + ".join(parts) or "free"


def format_components(card: Card) -> str:
    return " + ".join(f"{n} {w}" for w, n in card.components.items()) or "-"


def format_keywords(card: Card) -> str:
    """``"protector, unique"`` (KEYWORDS order, ``_`` as spaces), or ``"-"``."""
    return ", ".join(k.replace("_", " ") for k in KEYWORDS if k in card.keywords) or "-"


#: How the ``cards`` table names each extension (its column is narrow).
EXTENSION_COLUMN: dict[str, str] = {"Way of the Warrior-Mage": "Warrior-Mage",
                                    "Way of the Time Bender": "Time Bender"}


def extension_label(card: Card) -> str:
    """``"Ice"``, ``"Warrior-Mage"``: the card's extension (of a card printed in two sets, the
    first; ``card NAME`` names both, and ``--extension`` finds it in either)."""
    return EXTENSION_COLUMN.get(card.extension, card.extension)


def format_table(cards: Sequence[Card], simulated: Collection[str] | None = None,
                 how: Mapping[str, str] | None = None, keywords: bool = False) -> str:
    """An aligned text table, one card per line, with a count at the end; ``simulated``: the
    ids of the cards the engine plays (a "simulated" column when some listed card is not
    one, else the count says "all simulated"), when given; ``how``: card id -> how the
    engine simulates it (a "simulated as" column), when given; ``keywords``: a keywords
    column. Names and no ids (``card NAME`` and ``--json`` show a card's id; decks take
    names), so that the table fits a wide terminal."""
    if not cards:
        return "no cards match"
    unsimulated = simulated is not None and any(c.id not in simulated for c in cards)
    header = ("name (EN)", "name (FR)", "extension", "element", "type", "cost", "components",
              "provides") + (("keywords",) if keywords else ()) \
        + (("simulated",) if unsimulated else ()) \
        + (("simulated as",) if how is not None else ())
    rows = [(c.name_en, c.name_fr, extension_label(c), c.element,
             f"{c.type} ({c.slot or 'invented'})" if c.slot or c.invented else c.type,
             format_cost(c), format_components(c), ", ".join(c.provides) or "-")
            + ((format_keywords(c),) if keywords else ())
            + (("yes" if c.id in simulated else "no",) if unsimulated else ())
            + ((how[c.id],) if how is not None else ())
            for c in cards]
    widths = [max(len(r[i]) for r in (header, *rows)) for i in range(len(header))]
    lines = ["  ".join(v.ljust(wd) for v, wd in zip(r, widths, strict=True)).rstrip()
             for r in (header, tuple("-" * wd for wd in widths), *rows)]
    every = ", all simulated" if simulated is not None and not unsimulated else ""
    lines.append(f"{len(cards)} card{'s' if len(cards) != 1 else ''}{every}")
    return "\n".join(lines)


def to_json_records(cards: Iterable[Card]) -> list[dict[str, Any]]:
    """Plain JSON-ready dicts of each card's facts (no effects: those are engine data)."""
    return [{
        "id": c.id,
        "index": c.index,
        "name_en": c.name_en,
        "name_fr": c.name_fr,
        "aliases_en": list(c.aliases_en),
        "element": c.element,
        "type": c.type,
        "slot": c.slot,
        "hp": c.hp,
        "hp_is_x": c.hp_is_x,
        "cost": dict(c.cost),
        "cost_x_element": c.cost_x_element,
        "components": dict(c.components),
        "provides": list(c.provides),
        "provides_conditional": [{"word": w, "condition": k} for w, k in c.provides_conditional],
        "name_tags": list(c.name_tags),
        "keywords": [k for k in KEYWORDS if k in c.keywords],
        "copies_limit": c.copies_limit,
        "banned": c.banned,
        "extension": c.extension,
        "extensions": list(c.extensions),
        "invented": c.invented,
        "exhausts_animal": c.exhausts_animal,
    } for c in cards]
