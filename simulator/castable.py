"""Which cards of a deck can never be cast, whatever the draws: requirements nothing in the
deck can meet.

Why: a deck built from a card list can hold cards it can never play (a spell needing a Time
component with no Time card beside it, a card only a Mage Noir may prepare with no Ritual to
make one). Such a deck is legal, so ``validate`` accepted it in silence, and a run or the
doctor then measured a deck that wins nothing without saying why. ``validate`` now warns,
naming each such card and what it lacks, and the doctor suggests replacing them.

The reading is cautious: a card is reported only when the rules make it impossible (R7.1,
R8): one of its component words is provided by no other card of the deck that can itself be
put on the board (channeled spells, Permanents, Equipment and Animals are components;
Rituals are not, R8.2), or only a Mage Noir may prepare it (R10.4) and no card of the deck that
can be played makes its player one (a Ritual, or a card that says so). Cards that offer
another way to meet a requirement (another word, a discard instead, fewer components; a Mage
Noir's way only when the deck can make one) are not judged on it. The reasoning starts from
an empty board: the cards with nothing to meet can be cast, then those the first ones make
castable, and so on; a card that needs a word only its own copies provide is never the first
on the board. Counts are not judged (one provider is enough here), nor Mana (the Adversary's
cards bring every element), and a word a card provides only under a condition (a Seed as a
Tree beside Prodigious sowing) counts as provided: a card is reported only when nothing at
all could meet it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from simulator.cards import CardDB
from simulator.cards.model import Card
from simulator.decks import Deck

#: Card types that count as components once on the board (R8.2: not Rituals).
COMPONENT_TYPES = frozenset({"spell", "permanent", "equipment", "animal"})
#: Statics that give a requirement another way to be met: its words are not judged.
REQUIREMENT_WAYS = frozenset({"alternative_component", "alternative_requirement",
                              "optional_component", "fewer_components"})


@dataclass(frozen=True)
class NeverCast:
    """A card of the deck that can never be cast, and why."""

    card_id: str
    name: str
    copies: int
    reasons: tuple[str, ...]
    missing_words: tuple[str, ...] = ()   # component words nothing playable provides
    needs_mage_noir: bool = False

    def line(self) -> str:
        """``"4 Chrono bolt: needs 1 Time, which no other card of the deck can provide"``."""
        return f"{self.copies} {self.name}: {'; '.join(self.reasons)}"


def _statics(card: Card) -> list[Mapping]:
    return [step for step in card.effect.get("static", ()) if isinstance(step, Mapping)]


def _words_provided(card: Card) -> set[str]:
    return set(card.provides) | {word for word, _ in card.provides_conditional}


def _makes_mage_noir(card: Card) -> bool:
    return card.type == "ritual" or any(s.get("kind") == "mage_noir" for s in _statics(card))


def _blocked(card: Card, playable: set[str], db: CardDB) -> NeverCast | None:
    """Why ``card`` cannot be cast while only the ``playable`` cards can be on the board; None
    when nothing stops it."""
    reasons, missing, mage_noir = [], [], False
    if "mage_noir_only" in card.keywords and not any(
            _makes_mage_noir(db.by_id[cid]) for cid in playable):
        mage_noir = True
        reasons.append("only a Mage Noir may prepare it, and no card of the deck that can be "
                       "played makes its player one (a Ritual)")
    mage_noir_ok = any(_makes_mage_noir(db.by_id[cid]) for cid in playable)
    ways = [s for s in _statics(card) if s.get("kind") in REQUIREMENT_WAYS
            and (s.get("if") != "mage_noir" or mage_noir_ok)]  # a Mage Noir's way needs one
    other_ways = {s.get("word") for s in ways}
    if not any(s.get("kind") == "fewer_components" for s in ways):
        for word, needed in card.components.items():
            if word in other_ways or any(
                    db.by_id[cid].type in COMPONENT_TYPES and word in _words_provided(db.by_id[cid])
                    for cid in playable):
                continue
            missing.append(word)
            reasons.append(f"needs {needed} {word}, which no other card of the deck that can be "
                           "played provides")
    if not reasons:
        return None
    return NeverCast(card.id, card.name_en, 0, tuple(reasons), tuple(missing), mage_noir)


def never_cast(deck: Deck, db: CardDB) -> list[NeverCast]:
    """The deck's cards that can never be cast, in the deck's order (see the module)."""
    counts = deck.as_dict()
    playable = {cid for cid in counts if db.by_id[cid].type == "animal"}  # drawn into play
    grew = True
    while grew:  # from an empty board: what can be cast once what can be cast is in play
        grew = False
        for cid in counts:
            if cid not in playable and _blocked(db.by_id[cid], playable, db) is None:
                playable.add(cid)
                grew = True
    return [dataclasses.replace(_blocked(db.by_id[cid], playable, db), copies=counts[cid])
            for cid in counts if cid not in playable]


def providers_of(words: set[str], pool: list[str], db: CardDB) -> list[str]:
    """Names of the ``pool`` cards that provide one of ``words`` as a component, or make a
    Mage Noir when ``words`` holds ``"Mage Noir"``: what could make the cards playable."""
    out = []
    for cid in pool:
        card = db.by_id[cid]
        if ((card.type in COMPONENT_TYPES and _words_provided(card) & words)
                or ("Mage Noir" in words and _makes_mage_noir(card))):
            out.append(card.name_en)
    return out


def warning_lines(deck: Deck, db: CardDB) -> list[str]:
    """What ``validate`` prints about the cards that can never be cast (none: no line)."""
    never = never_cast(deck, db)
    if not never:
        return []
    copies = sum(n.copies for n in never)
    return ([f"warning: {copies} of the deck's {deck.size} cards can never be cast, whatever "
             "the draws:"] + [f"  {n.line()}" for n in never])
