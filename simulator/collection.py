"""The cards a player owns, and the legal decks they can make: what the deck builder searches.

Why a module of its own: a collection is not a deck. It may hold 6 copies of a card (a deck
takes 4, R2.2), banned cards (Crimson ritual, R2.5: never in a deck) and several Animals (one
per deck, R2.3); it is read from a file in the deck format, counts included, or named as
boxes (``base,sand``). What a deck may take from it is the smaller of the copies owned and the
card's copy limit, and one Animal at most. Unique (R7) limits the copies *in play*, not in the
deck, so it does not limit what a deck may hold.

The boxes' exact counts are not published, so a collection of boxes holds each of their cards
at its copy limit (4; Ignition 1): said in every output built from one.

The starting decks of a search come from here too: the example decks the collection can build
and, for every element and pair of elements, a rough draft made by a fixed rule (see
:func:`draft_deck`); the search then improves them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

from simulator.cards import ELEMENTS, Card, CardDB
from simulator.decks import Deck, _check_rules, bundled_decks, load_deck, read_card_counts
from simulator.errors import UserError

#: What the output says of a collection of boxes.
BOX_COUNTS_NOTE = ("each card of the boxes counted at its copy limit (the boxes' exact "
                   "counts are not published)")


@dataclass(frozen=True)
class Collection:
    """Copies owned per card id, where they come from, and the cards left out of any deck."""

    owned: Mapping[str, int]              # card id -> copies owned (as given)
    source: str                           # the file, or "the Base Game, Sand"
    boxes: tuple[str, ...] = ()           # the boxes named (EN names), none for a file
    left_out: tuple[str, ...] = field(default=())  # "Crimson ritual (banned, R2.5)", ...
    from_file: bool = False               # read from the file ``source``

    def usable(self, db: CardDB) -> dict[str, int]:
        """Copies a deck may take of each card: the copies owned up to the copy limit, for
        the simulated cards that are not banned."""
        from simulator.engine.host.tables import implemented_cards

        simulated = implemented_cards(db)
        return {cid: min(n, db.by_id[cid].copies_limit) for cid, n in self.owned.items()
                if cid in simulated and not db.by_id[cid].banned and db.by_id[cid].copies_limit}

    def admits(self, deck: Deck, db: CardDB, size: int) -> bool:
        """``deck`` is legal (R2: exactly ``size`` cards here, copies, bans, one Animal) and
        made of cards owned, counts included."""
        counts = deck.as_dict()
        usable = self.usable(db)
        if sum(counts.values()) != size or any(n > usable.get(c, 0) for c, n in counts.items()):
            return False
        return not _check_rules([(0, db.by_id[c], n) for c, n in counts.items()], size, False)

    def describe(self) -> str:
        """One line: where the cards come from (and the box note)."""
        left_out = f"; left out: {', '.join(self.left_out)}" if self.left_out else ""
        if self.boxes:
            return f"{self.source}: {BOX_COUNTS_NOTE}{left_out}"
        return f"{self.source}: {sum(self.owned.values())} cards owned{left_out}"


def _is_animal(card: Card) -> bool:
    return card.type == "animal" or "animal" in card.keywords


def from_boxes(names: str | Iterable[str], db: CardDB) -> Collection:
    """Every official card of the named boxes (``base,sand``; EN or FR names, file stems or
    short forms, any case) at its copy limit; a user error names an unknown box."""
    from simulator.cards.listing import resolve_extension

    if isinstance(names, str):
        names = names.split(",")
    wanted = [n.strip() for n in names if n.strip()]
    if not wanted:
        raise UserError("--owned needs the boxes owned, e.g. --owned base,sand")
    boxes = tuple(dict.fromkeys(resolve_extension(n) for n in wanted))
    owned = {c.id: c.copies_limit for c in db.official
             if any(box in c.extensions for box in boxes) and c.copies_limit}
    banned = tuple(f"{c.name_en} (banned, R2.5)" for c in db.official
                   if any(box in c.extensions for box in boxes) and c.banned)
    return Collection(owned, ", ".join(boxes), boxes, banned)


def from_file(path: str | Path, db: CardDB) -> Collection:
    """The cards of a file in the deck format, with their counts (6 copies are fine: a deck
    takes 4 of them); banned and not-simulated cards are noted as left out."""
    from simulator.engine.host.tables import implemented_cards

    if not str(path).strip():
        raise UserError("the collection needs a file name (it was given an empty one)")
    owned = read_card_counts(path, db)
    simulated = implemented_cards(db)
    left_out = tuple([f"{db.by_id[c].name_en} (banned, R2.5)" for c in owned if db.by_id[c].banned]
                     + [f"{db.by_id[c].name_en} (not simulated yet)" for c in owned
                        if c not in simulated])
    return Collection(owned, str(path), (), left_out, from_file=True)


def from_counts(counts: Mapping[str, int], db: CardDB) -> Collection:
    """The cards of ``{card: copies}`` (ids, English or French names); a user error names an
    unknown card, with a suggestion."""
    owned: dict[str, int] = {}
    for name, count in counts.items():
        card = db.find(name)
        if card is None:
            close = db.suggest(name, n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise UserError(f"unknown card {name!r} in the collection{hint}")
        if int(count) < 1:
            raise UserError(f"{card.name_en}: an owned card is counted from 1, not {count}")
        owned[card.id] = owned.get(card.id, 0) + int(count)
    return Collection(owned, "the cards given", (), tuple(
        f"{db.by_id[c].name_en} (banned, R2.5)" for c in owned if db.by_id[c].banned))


def check_can_build(collection: Collection, db: CardDB, size: int) -> None:
    """A user error, in one line, when no legal deck of ``size`` cards can be made: how many
    cards a deck can take from the collection and how many are missing."""
    usable = collection.usable(db)
    animals = sum(n for c, n in usable.items() if _is_animal(db.by_id[c]))
    plain = sum(n for c, n in usable.items() if not _is_animal(db.by_id[c]))
    can_take = plain + min(1, animals)
    if can_take >= size:
        return
    limits = [f"{db.by_id[c].name_en} {n} of {collection.owned[c]} owned"
              for c, n in usable.items() if n < collection.owned[c]]
    why = []
    if limits:
        why.append("copies limits: " + ", ".join(limits))
    if animals > 1:
        why.append(f"one Animal of {animals}")
    if collection.left_out:
        why.append("left out: " + ", ".join(collection.left_out))
    detail = f" ({'; '.join(why)})" if why else ""
    raise UserError(f"{collection.source}: a deck can take {can_take} cards from this "
                    f"collection, a legal deck needs {size}: {size - can_take} more cards are "
                    f"missing{detail}")


def example_decks(collection: Collection, db: CardDB, size: int) -> list[Deck]:
    """The bundled example decks the collection can build (cards and counts owned; their own
    size, when it is ``size``), each set of cards once under its shortest name
    (fire-flames-compact is fire-flames)."""
    out, seen = [], set()
    for path in sorted(bundled_decks().values(), key=lambda p: (len(p.stem), p.stem)):
        deck = load_deck(path, db)
        key = tuple(sorted(deck.as_dict().items()))
        if key not in seen and collection.admits(deck, db, size):
            seen.add(key)
            out.append(deck)
    return sorted(out, key=lambda d: d.name)


def draft_deck(name: str, cards: list[Card], usable: Mapping[str, int], size: int,
               db: CardDB) -> Deck | None:
    """A rough first deck of ``size`` cards from ``cards`` (a starting point the search
    improves, not a recommendation), by a fixed rule: the cards whose every component word
    some card of the set provides come first, the more of the set's cards they enable (provide
    a word for) the earlier, then the cheaper; each at the copies usable, one Animal at most;
    None when the set holds fewer than ``size`` cards."""
    provided = {w for c in cards for w in c.provides} | {
        w for c in cards for w, _ in c.provides_conditional}
    needs = [set(c.components) for c in cards]

    def rank(card: Card) -> tuple:
        gives = set(card.provides) | {w for w, _ in card.provides_conditional}
        castable = set(card.components) <= provided
        enables = sum(1 for need in needs if need & gives)
        return (not castable, -enables, card.total_cost, card.index)

    counts: dict[str, int] = {}
    animal = False
    for card in sorted(cards, key=rank):
        if _is_animal(card):
            if animal:
                continue
            animal = True
        take = min(usable[card.id], size - sum(counts.values()), 1 if _is_animal(card) else 99)
        if take > 0:
            counts[card.id] = take
    if sum(counts.values()) < size:
        return None
    return Deck.from_counts(name, counts, db)


def drafted_decks(collection: Collection, db: CardDB, size: int) -> list[Deck]:
    """A draft (:func:`draft_deck`) for each element and each pair of elements the collection
    holds enough cards of, and, when none has enough, one of the whole collection."""
    usable = collection.usable(db)
    cards = [db.by_id[c] for c in usable]
    held = [e for e in ELEMENTS if any(c.element == e for c in cards)]
    groups = [(e,) for e in held] + list(combinations(held, 2))
    drafts = []
    for group in groups:
        chosen = [c for c in cards if c.element in group]
        deck = draft_deck(f"draft {'+'.join(group)}", chosen, usable, size, db)
        if deck is not None:
            drafts.append(deck)
    if not drafts:
        whole = draft_deck("draft of the whole collection", cards, usable, size, db)
        drafts = [whole] if whole is not None else []
    return drafts


def starting_decks(collection: Collection, db: CardDB, size: int) -> tuple[list[Deck], int]:
    """``(decks, examples)``: the example decks the collection can build first (``examples``
    of them), then the drafts, every set of cards once, each deck legal and owned."""
    examples = example_decks(collection, db, size)
    decks, seen = [], set()
    for deck in examples + drafted_decks(collection, db, size):
        key = tuple(sorted(deck.as_dict().items()))
        if key in seen:
            continue
        if not collection.admits(deck, db, size):  # the drafts are made legal: a bug if not
            raise AssertionError(f"starting deck {deck.name} is not legal from the collection")
        seen.add(key)
        decks.append(deck)
    return decks, len(examples)
