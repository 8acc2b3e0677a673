"""Registered vectorised handlers for card behaviour the vocabulary cannot express.

A card names a handler with ``{ op = "handler", name = "..." }`` (or a static
``{ kind = "handler", ... }``). A card is playable only when every handler it names is
registered here; a deck using any other card is refused with a clear message rather than
played as if the card were blank.

Registered handlers (each tested one by one in tests/test_cards_base.py):
(none yet)
"""

from __future__ import annotations

from collections.abc import Callable

from simulator.cards import CardDB

#: handler name -> function(step) run by the effect interpreter.
HANDLERS: dict[str, Callable] = {}

#: Cards whose printed text has no effect beyond facts the engine reads elsewhere
#: (component words, Transmutable): they are playable with an empty effect table.
NO_EFFECT_CARDS = frozenset({"droplet"})


def handler_names(effect: dict) -> set[str]:
    """Every handler a card's effect table names."""
    names = set()
    for steps in effect.values():
        for step in steps:
            if step.get("op") == "handler" or step.get("kind") == "handler":
                names.add(step["name"])
    return names


def implemented_cards(db: CardDB) -> set[str]:
    """Ids of the cards the engine can play faithfully."""
    playable = set()
    for card in db:
        effect = dict(card.effect)
        if not effect and card.id not in NO_EFFECT_CARDS:
            continue
        if handler_names(effect) <= HANDLERS.keys():
            playable.add(card.id)
    return playable
