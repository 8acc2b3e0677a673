"""The card database: the 205 official cards as validated, immutable data.

Facts (names, costs, components, keywords) are generated from the shared card data by
``scripts/build_card_data.py`` into ``simulator/cards/data/*.toml``; effects are written by
hand in the same files in the vocabulary of :mod:`simulator.cards.vocabulary`. Use
:func:`load_cards` to get the (cached) :class:`CardDB`, and :mod:`simulator.cards.tables`
for the numpy lookup tables the engine indexes by ``Card.index``.

Cards the vocabulary cannot fully express name handlers, declared next to their compiled
code in ``simulator/engine/handlers/`` (one module per extension). ``magenoir-sim cards
--handlers`` prints how each card is simulated; each card's readings of its rulings are in its
``effect_note``.
"""

from simulator.cards.loader import CardDB, load_cards
from simulator.cards.model import CARD_TYPES, COMPONENT_WORDS, ELEMENTS, SLOTS, Card
from simulator.cards.names import normalise_name

__all__ = [
    "CARD_TYPES",
    "COMPONENT_WORDS",
    "ELEMENTS",
    "SLOTS",
    "Card",
    "CardDB",
    "load_cards",
    "normalise_name",
]
