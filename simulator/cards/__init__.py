"""The card database: the 205 official cards as validated, immutable data.

Facts (names, costs, components, keywords) are generated from the shared card data by
``scripts/build_card_data.py`` into ``simulator/cards/data/*.toml``; effects are written by
hand in the same files in the vocabulary of :mod:`simulator.cards.vocabulary`. Use
:func:`load_cards` to get the (cached) :class:`CardDB`, and :mod:`simulator.cards.tables`
for the numpy lookup tables the engine indexes by ``Card.index``.

Cards the vocabulary cannot fully express name registered vectorised handlers
(``simulator/engine/handlers.py`` describes each; tests/test_handlers.py and
tests/test_abilities.py test each card by name). They are, with their handlers:

- breath_of_flames: breath_of_flames
- emptiness_ritual: emptiness_ritual_discard, emptiness_ritual_ping
- favorable_winds: favorable_winds
- tornado: tornado
- violent_wind: violent_wind
- wand_of_air_currents: discard_used_component
- burning_robe: burning_robe
- crimson_ring: crimson_ring
- crimson_ritual: crimson_ritual
- fire_mask: fire_mask
- ignition: ignition
- animated_tree: animated_tree, discard_used_component
- druid_horns: druid_horns
- ephemeral_brambles: ephemeral_brambles
- kerlochs_robe: kerlochs_robe
- king_of_trees: king_of_trees
- prodigious_sowing: prodigious_sowing
- ritual_of_decomposition: ritual_of_decomposition
- the_sylvan_healer: the_sylvan_healer
- azure_ring: azure_ring
- condensation: condensation_distribute, condensation_lock
- high_pressure: high_pressure
- maelstrom: maelstrom
- prodigious_source: prodigious_source
- ritual_of_melange: ritual_of_melange
- subtle_infiltration: subtle_infiltration_empty, subtle_infiltration_trade
- tide: tide_move_mana, tide_return
- unleashed_ocean: unleashed_ocean_empty, unleashed_ocean_release, unleashed_ocean_waves
- water_drop: water_drop
- warrior_mage_ritual: warrior_mage_ritual_end_of_turn, warrior_mage_ritual_indestructible
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
