"""Deck files -> a validated :class:`Deck`.

Why this module exists: a deck file is typed by a person, often copied from a forum post or a
deck builder, in English or French. Every mistake in it must come back as one clear line that
points at the file and line to fix, all mistakes at once, and never as a traceback. Everything
downstream (engine, bots, reports) can then trust a :class:`Deck` without checking it again.

Text format (``.txt`` or any other suffix), one card per line::

    # Fire deck: burn the Adversary down    <- a comment line
    4 Fire ball            # trailing comments are allowed too
    4x Flèche ardente      # French names; "4x", "4 x" and "Fiery arrow x4" also work
    2 draconic_flame       # card ids
    Flame                  # no count means 1

Names are matched by :meth:`simulator.cards.CardDB.find`: id, English or French name or alias,
ignoring case, accents and underscores. English and French lines may be mixed. A card that
appears on several lines is merged (its counts are added) before the limits are checked.
Files may be UTF-8 (with or without BOM), UTF-16 with BOM, or Windows-1252/Latin-1, with Unix
or Windows line endings. Empty lines are ignored.

TOML format (``.toml``)::

    name = "Fire flames"      # optional, defaults to the file name
    [cards]
    fire_ball = 4
    "Flèche ardente" = 4      # keys are ids or names, as above; values are integers

Rules applied (docs/rules.md, section R2):

- R2.1: at least ``min_cards`` cards, 40 by default; no maximum in the rules (Q1), but the
  engine holds at most :data:`MAX_CARDS` cards in a player's deck (200), so a larger deck is
  refused here: ``validate`` and ``run`` ask this one function (:func:`_check_rules`).
  ``--min-cards`` lowers the minimum for small test decks.
- R2.2: at most ``copies_limit`` copies of a card (4; Ignition 1), summed over all its lines.
- R2.5: banned cards (Crimson ritual) are refused.
- R2.3: at most one Animal per deck (a card whose type is ``animal`` or whose keywords contain
  ``animal``; no base card is one, the check is driven by the card data).
- R2.4: any mix of elements is legal, so elements are not checked.

Counts must be whole numbers from 1 to :data:`MAX_PLAUSIBLE_COUNT`; anything else is a typo.
When a line cannot be read, the deck size is not checked: it would only repeat the mistake.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from simulator.engine.rules.layout import D_MAX
from simulator.errors import DeckError, UserError

if TYPE_CHECKING:
    from simulator.cards import Card, CardDB

MIN_CARDS = 40  # R2.1's minimum (``--min-cards`` lowers it)
MAX_CARDS = D_MAX  # the most cards the engine holds in a player's deck
MAX_PLAUSIBLE_COUNT = 99  # no card allows more than 4; above this a count is surely a typo
MAX_FILE_BYTES = 1_000_000  # a 40-card decklist is about 1 KB

# "4x Fire ball", "4 x Fire ball", "4xFire ball" / "4 Fire ball" / "Fire ball x4": in this order.
_COUNT_LINES = (re.compile(r"^(?P<count>[+-]?\d+)\s*[x×]\s*(?P<name>\S.*)$", re.IGNORECASE),
                re.compile(r"^(?P<count>[+-]?\d+)\s+(?P<name>\S.*)$"),
                re.compile(r"^(?P<name>\S.*?)\s+[x×]\s*(?P<count>[+-]?\d+)$", re.IGNORECASE))
_COUNT_ONLY = re.compile(r"^[+-]?\d+\s*[x×]?$", re.IGNORECASE)
_TOML_LINE = re.compile(r"\(at line (\d+), column \d+\)")


@dataclass(frozen=True)
class Deck:
    """Card ids with their counts, in the order they first appear in the file.

    Decks returned by :func:`check_deck_file` and :func:`load_deck` are legal; ``elements``
    (cards per element, most first) is filled in by them and by :meth:`from_counts`.
    """

    name: str
    path: str
    counts: tuple[tuple[str, int], ...]
    elements: tuple[tuple[str, int], ...] = ()  # (element, cards), most cards first

    @classmethod
    def from_counts(cls, name: str, counts: Mapping[str, int] | Iterable[tuple[str, int]],
                    db: CardDB, path: str = "") -> Deck:
        """Build a deck in code (tests, generated decks). Names are resolved, legality is not
        checked; an unknown name raises :class:`DeckError`."""
        pairs = counts.items() if isinstance(counts, Mapping) else counts
        merged: dict[str, int] = {}
        for key, count in pairs:
            card = db.find(key)
            if card is None:
                raise DeckError(f"{path or name}: unknown card {key!r}")
            merged[card.id] = merged.get(card.id, 0) + int(count)
        return cls(name, path, tuple(merged.items()), _element_counts(merged, db))

    @property
    def size(self) -> int:
        return sum(count for _, count in self.counts)

    def as_dict(self) -> dict[str, int]:
        """Copies per card id (a card listed twice, as after :meth:`with_one_replaced` puts
        in a card the deck already holds, is summed)."""
        out: dict[str, int] = {}
        for cid, count in self.counts:
            out[cid] = out.get(cid, 0) + count
        return out

    def with_one_replaced(self, card_id: str, new_id: str, name: str) -> Deck:
        """This deck with its last copy of ``card_id`` replaced by one ``new_id``, at the same
        place in the card order, so the shuffles of a seed put the new card where the copy
        was (paired comparisons: card value, the deck doctor). ``ValueError`` if the deck has
        no ``card_id``."""
        counts: list[tuple[str, int]] = []
        found = False
        for cid, count in self.counts:
            if cid == card_id and not found:
                found = True
                if count > 1:
                    counts.append((cid, count - 1))
                counts.append((new_id, 1))
            else:
                counts.append((cid, count))
        if not found:
            raise ValueError(f"{card_id!r} is not in deck {self.name!r}")
        return Deck(name, self.path, tuple(counts), self.elements)

    def card_ids(self) -> list[str]:
        """Every card of the deck, repeated as many times as it is played."""
        return [card_id for card_id, count in self.counts for _ in range(count)]

    def summary(self) -> str:
        """Cards per element, e.g. ``fire 28, air 8, arcane 4``."""
        if not self.elements:
            return f"{self.size} cards"
        return ", ".join(f"{element} {count}" for element, count in self.elements)


def _element_counts(counts: Mapping[str, int], db: CardDB) -> tuple[tuple[str, int], ...]:
    per_element: dict[str, int] = {}
    for card_id, count in counts.items():
        element = db.by_id[card_id].element
        if element is None:  # the filler has no element
            continue
        per_element[element] = per_element.get(element, 0) + count
    return tuple(sorted(per_element.items(), key=lambda item: (-item[1], item[0])))


def load_deck(path: str | Path, db: CardDB, min_cards: int = MIN_CARDS) -> Deck:
    """Read and validate a deck file; raise :class:`DeckError` (one line per problem)."""
    deck, problems = check_deck_file(path, db, min_cards=min_cards)
    if problems:
        raise DeckError("\n".join(problems))
    assert deck is not None
    return deck


def check_deck_file(path: str | Path, db: CardDB,
                    min_cards: int = MIN_CARDS) -> tuple[Deck | None, list[str]]:
    """Read and validate a deck file without raising for anything the user wrote.

    Returns ``(deck, [])`` for a legal deck, else ``(None, problems)`` where each problem is
    one line ``PATH:LINE: what is wrong`` (``PATH: what is wrong`` for the whole deck). A
    ``min_cards`` below 1 is a usage error (:class:`UserError`), not a problem of the file.
    """
    if min_cards < 1:
        raise UserError(f"--min-cards must be at least 1, not {min_cards}")
    where = str(path)
    path = find_deck(path)
    text, problem = _read_text(Path(path))
    if problem == "no such file" and not _looks_like_path(where):
        names = bundled_decks()
        close = difflib.get_close_matches(where.lower(), list(names), n=1)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        problem = f"no such file, nor a bundled deck{hint} (bundled: {', '.join(names)})"
    if problem:
        return None, [f"{where}: {problem}"]
    if Path(path).suffix.lower() == ".toml":
        name, entries, problems = _parse_toml(text, db)
    else:
        name, entries, problems = None, *_parse_text(text, db)
    problems += _check_rules(entries, min_cards, unreadable_lines=bool(problems))
    if problems:
        problems.sort(key=lambda item: item[0] if item[0] else float("inf"))
        return None, [f"{where}:{line}: {msg}" if line else f"{where}: {msg}"
                      for line, msg in problems]
    counts: dict[str, int] = {}
    for _, card, count in entries:
        counts[card.id] = counts.get(card.id, 0) + count
    deck = Deck(name or Path(path).stem, where, tuple(counts.items()),
                _element_counts(counts, db))
    return deck, []


def read_card_list(path: str | Path, db: CardDB) -> list[str]:
    """Card ids of a file written like a deck (text or TOML), in file order, counts ignored
    and no deck rule checked: a pool of cards. Raises :class:`DeckError` (one line per
    problem, ``PATH:LINE: ...``) for an unreadable file or an unknown card."""
    return list(dict.fromkeys(card.id for _, card, _ in _read_entries(path, db)))


def read_card_counts(path: str | Path, db: CardDB) -> dict[str, int]:
    """Copies per card id of a file written like a deck (text or TOML), in file order, lines
    of the same card added up, and no deck rule checked: the cards a player owns, where 6
    copies of a card are no mistake. Raises :class:`DeckError` (one line per problem,
    ``PATH:LINE: ...``) for an unreadable file, an unknown card or a count below 1."""
    counts: dict[str, int] = {}
    problems = []
    for line, card, count in _read_entries(path, db):
        if count < 1:
            problems.append(f"{path}:{line}: count {count} for {card.name_en}: an owned card "
                            "is counted from 1 (remove the line for none)")
        counts[card.id] = counts.get(card.id, 0) + count
    if problems:
        raise DeckError("\n".join(problems))
    return counts


def _read_entries(path: str | Path, db: CardDB) -> list[tuple[int, Card, int]]:
    """``(line, card, count)`` of every line of a deck-like file; :class:`DeckError` for an
    unreadable file, an unknown card or an empty list."""
    where = str(path)
    text, problem = _read_text(Path(path))
    if problem:
        raise DeckError(f"{where}: {problem}")
    if Path(path).suffix.lower() == ".toml":
        _, entries, problems = _parse_toml(text, db)
    else:
        entries, problems = _parse_text(text, db)
    if problems:
        raise DeckError("\n".join(f"{where}:{line}: {msg}" if line else f"{where}: {msg}"
                                   for line, msg in sorted(problems, key=lambda p: p[0])))
    if not entries:
        raise DeckError(f"{where}: no cards in this list")
    return entries


# -- reading ---------------------------------------------------------------------------------

def bundled_decks() -> dict[str, Path]:
    """The example decks shipped inside the package, by name (their file name's stem)."""
    folder = Path(__file__).resolve().parent / "bundled" / "decks"
    return {p.stem: p for p in sorted(folder.iterdir()) if p.suffix in (".txt", ".toml")}


def _looks_like_path(text: str) -> bool:
    return "/" in text or "\\" in text


def find_deck(name_or_path: str | Path) -> Path:
    """A deck file as given, or the bundled example deck of that name (``fire-flames``, or
    ``fire-flames.txt`` outside the project folder), so a player can name an example deck on
    the command line as in Python."""
    path = Path(name_or_path)
    text = str(name_or_path).strip()
    if path.exists() or _looks_like_path(text):
        return path
    stem = path.stem if path.suffix.lower() in (".txt", ".toml") else text
    return bundled_decks().get(stem.lower(), path)


def _read_text(path: Path) -> tuple[str, str | None]:
    """The file's text, or ``("", problem)``."""
    try:
        if path.is_dir():
            return "", "is a directory, not a deck file"
        if not path.exists():
            return "", "no such file"
        if not path.is_file():
            return "", "not a regular file"
        with path.open("rb") as stream:
            data = stream.read(MAX_FILE_BYTES + 1)
    except (OSError, ValueError) as err:  # ValueError: a NUL byte in the path
        return "", f"cannot read the file ({getattr(err, 'strerror', None) or err})"
    if len(data) > MAX_FILE_BYTES:
        return "", f"not a text decklist (larger than {MAX_FILE_BYTES} bytes)"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):  # UTF-16 with BOM (Windows "Unicode")
        try:
            data = data.decode("utf-16").encode("utf-8")
        except UnicodeDecodeError:
            return "", "not a text decklist"
    if b"\x00" in data:
        return "", "not a text decklist"
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            text = data.decode(encoding)
            break
        except UnicodeDecodeError:
            continue
    else:
        text = data.decode("latin-1")  # never fails; stray control bytes are caught below
    if any(unicodedata.category(ch) == "Cc" and ch not in "\t\n\r\f\v" for ch in text):
        return "", "not a text decklist"
    return text, None


def _shown(name: str) -> str:
    return repr(name if len(name) <= 60 else name[:57] + "...")


def _unknown(name: str, db: CardDB) -> str:
    suggestions = db.suggest(name, n=3)
    hint = f" (did you mean: {' or '.join(suggestions)}?)" if suggestions else ""
    return f"unknown card {_shown(name)}{hint}"


def read_line(line: str, db: CardDB):
    """The card a decklist line (its text before any ``#``, stripped) names: ``(card, count,
    match)``, ``match`` the count pattern that read it (None for a name alone, a count of 1);
    None when the line names no card."""
    matches = [m for m in (rx.match(line) for rx in _COUNT_LINES) if m]
    for m in matches:
        if (card := db.find(m["name"])) is not None:
            return card, int(m["count"]), m
    card = db.find(line)
    return (card, 1, None) if card is not None else None


def _parse_text(text: str, db: CardDB):
    """``(entries, problems)``: entries are ``(line, card, count)``, problems ``(line, msg)``."""
    entries, problems = [], []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if _COUNT_ONLY.match(line):
            problems.append((lineno, f"a count with no card name: {_shown(line)}"))
            continue
        matches = [m for m in (rx.match(line) for rx in _COUNT_LINES) if m]
        if (read := read_line(line, db)) is not None:
            entries.append((lineno, read[0], read[1]))
        elif matches:
            problems.append((lineno, _unknown(matches[0]["name"], db)))
        else:
            first, _, rest = line.partition(" ")
            rest = re.sub(r"^[x×]\s+", "", rest.strip(), flags=re.IGNORECASE)
            if rest and db.find(rest) is not None:
                problems.append((lineno, f"count {_shown(first)} is not a whole number "
                                         f"of copies of {db.find(rest).name_en}"))
            else:
                problems.append((lineno, _unknown(line, db)))
    return entries, problems


def _parse_toml(text: str, db: CardDB):
    """``(name, entries, problems)`` for the TOML form; see the module docstring."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        found = _TOML_LINE.search(str(err))
        message = _TOML_LINE.sub("", str(err)).strip()
        return None, [], [(int(found[1]) if found else 0, f"invalid TOML: {message}")]
    problems = [(0, f"unknown top-level key {_shown(key)} (expected 'name' and [cards])")
                for key in doc if key not in ("name", "cards")]
    name = doc.get("name")
    if name is not None and not (isinstance(name, str) and name.strip()):
        problems.append((_toml_key_line(text, "name", None), "'name' must be a non-empty string"))
        name = None
    cards = doc.get("cards")
    if not isinstance(cards, dict):
        problems.append((0, "no [cards] table (expected lines like: fire_ball = 4)"))
        return name, [], problems
    entries = []
    for key, value in cards.items():
        lineno = _toml_key_line(text, key, "cards")
        card = db.find(key)
        if card is None:
            problems.append((lineno, _unknown(key, db)))
        elif type(value) is not int:
            problems.append((lineno, f"count {_shown(str(value))} is not a whole number "
                                     f"of copies of {card.name_en}"))
        else:
            entries.append((lineno, card, value))
    return name, entries, problems


def _toml_key_line(text: str, key: str, table: str | None) -> int:
    """The line where ``key`` is assigned (in ``[table]``), 0 if not found."""
    current = None
    pattern = re.compile(r"""^\s*(?:"%s"|'%s'|%s)\s*=""" % ((re.escape(key),) * 3))
    for lineno, raw in enumerate(text.splitlines(), start=1):
        header = re.match(r"^\s*\[\s*([^\]]+?)\s*\]", raw)
        if header:
            current = header[1].strip("\"' ")
        elif current == table and pattern.match(raw):
            return lineno
    return 0


# -- rules -----------------------------------------------------------------------------------

def _check_rules(entries, min_cards: int, unreadable_lines: bool) -> list[tuple[int, str]]:
    """Problems with counts, copies limits, bans, Animals and deck size (docs/rules.md R2).

    The size is not checked when some line could not be read or has an impossible count:
    what the user meant there is unknown, so a size message would only mislead.
    """
    problems: list[tuple[int, str]] = []
    lines: dict[str, list[tuple[int, int]]] = {}
    cards = {}
    for lineno, card, count in entries:
        if count == 0:
            problems.append((lineno, f"count 0 for {card.name_en}: remove the line or give "
                                     "at least 1"))
        elif count < 0:
            problems.append((lineno, f"count {count} for {card.name_en} is negative"))
        elif count > MAX_PLAUSIBLE_COUNT:
            problems.append((lineno, f"count {count} for {card.name_en} is not plausible "
                                     f"(at most {card.copies_limit} copies allowed, R2.2)"))
        else:
            lines.setdefault(card.id, []).append((lineno, count))
            cards[card.id] = card
    unreadable_lines = unreadable_lines or bool(problems)
    animals = []
    for card_id, seen in lines.items():
        card, total, last = cards[card_id], sum(c for _, c in seen), seen[-1][0]
        where = "" if len(seen) == 1 else f" (lines {', '.join(str(n) for n, _ in seen)})"
        animal = card.type == "animal" or "animal" in card.keywords
        if card.banned:
            problems.append((last, f"{card.name_en} is banned (R2.5){where}"))
        elif total > card.copies_limit and not animal:  # an Animal's own line says it (R2.3)
            problems.append((last, f"{total} copies of {card.name_en}{where}, at most "
                                   f"{card.copies_limit} allowed (R2.2)"))
        if animal:
            animals.append((last, card, total))
    if sum(total for _, _, total in animals) > 1:
        names = ", ".join(f"{total} {card.name_en}" for _, card, total in animals)
        last = max(line for line, _, _ in animals)
        problems.append((last, f"more than one Animal ({names}), at most one per deck (R2.3)"))
    if not unreadable_lines:
        size = sum(count for seen in lines.values() for _, count in seen)
        if size == 0:
            problems.append((0, "no cards in this decklist"))
        elif size < min_cards:
            problems.append((0, f"only {size} cards, a deck needs at least {min_cards} (R2.1); "
                                "--min-cards lowers the minimum for test decks"))
        elif size > MAX_CARDS:
            problems.append((0, f"{size} cards: the simulator plays decks of at most {MAX_CARDS} "
                                "cards (the rules set no maximum, R2.1)"))
    return problems
