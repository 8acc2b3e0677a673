"""Registered vectorised handlers for card behaviour the vocabulary cannot express.

A card names a handler with ``{ op = "handler", name = "..." }`` (or a static
``{ kind = "handler", ... }``). A card is playable only when every handler it names is
registered here; a deck using any other card is refused with a clear message rather than
played as if the card were blank.

Step handlers get an :class:`~simulator.legacy.engine.effects.Step`. Static handlers are applied by
engine hooks (listed below); their registry entry only marks them as implemented and fails
loudly if it is ever run as a step.

Registered handlers (each tested one by one in tests/test_handlers.py and, for the
activated abilities, tests/test_abilities.py):

- ``favorable_winds`` (handlers_air): this turn, trades giving or taking Air are 1 for 1
  (hook: ``actions.tradeable_elements`` / ``actions.trade`` via :func:`trade_price`).
- ``tornado`` (handlers_air): apply 1 own Wind component, then put that card third from top.
- ``violent_wind`` (handlers_air): one instance of 4 (+ own Breath components if Mage Noir).
- ``breath_of_flames`` (handlers_air): used as a component, pay 1 Fire or 1 Air to keep it,
  else it goes to the discard pile.
- ``discard_used_component`` (handlers_common): the component designated for this card's
  preparation goes to the discard pile (hook: ``actions.prepare`` records it).
- ``azure_ring`` (handlers_water): +1 HP, or (Mage Noir) 1 reserve Mana under an own card.
- ``condensation_lock`` / ``condensation_distribute`` (handlers_water): lock 1 Water each
  turn while prepared; on activation move its Mana to the reserve and/or under own cards.
- ``high_pressure`` (handlers_water): X damage, X = Mana under an own Condensation
  component, which then returns to hand.
- ``tide_move_mana`` / ``tide_return`` (handlers_water): move the Tide's locked Mana under
  another own card; then may pay 1 Water to take a Tide card from the discard pile.
- ``water_drop`` (static, handlers_water): channeled, counts as 2 Drop components once per
  turn per copy, always for a Mage Noir (hook: ``actions.component_shortfall`` and
  ``actions._designate_components`` via :func:`extra_component_slots`).
- ``maelstrom`` (static, handlers_water): at the end of every player's turn, that player's
  reserve goes to the Available Ether (hook: ``turns.end_of_turn``).
- ``animated_tree`` (handlers_vegetal): may put 1 Seed from the discard pile into play
  prepared, with no Mana.
- ``king_of_trees`` (static, handlers_vegetal): the Mage Noir controller's other Trees apply
  their turn-start effects once more (hook: ``turns.turn_start``).
- ``the_sylvan_healer`` (handlers_vegetal): a Vegetal Permanent gains 4 HP or the caster 3.
- ``ephemeral_brambles`` (handlers_vegetal): against the Adversary (no hand) nothing happens
  under the default reading; ``brambles_chooser = "players"`` makes it lose 3 HP.
- ``warrior_mage_ritual_end_of_turn`` (static, here): at the end of the controller's turn,
  their Equipment put into play this turn is destroyed unless indestructible (hook:
  ``turns.end_of_turn``).
- ``emptiness_ritual_discard`` (handlers_air): on entry the hand size becomes 4 (the
  ``hand_size`` static sets ``state.max_hand``, recomputed at every end of turn too), and
  the player discards down to 4.
- ``burning_robe`` (static, handlers_fire): +1 (+2 Mage Noir) per instance of the
  controller's Fire cards on an opposing target, then 1 damage to the controller (hook:
  ``damage.deal_damage``).
- ``crimson_ring`` (static, handlers_fire): on each HP loss / damage taken, each ring may pay
  1 Fire for 1 damage to the opponent (hook: ``damage.lose_hp``).
- ``ignition`` (handlers_fire): this turn, each card going from play to a discard pile deals
  1 damage to the opponent (hooks: ``board.leave_board``, ``board.adversary_destroyed``).
- ``fire_mask`` (static, handlers_components): the controller's Fire cards need each word
  they require 2+ times once less (hook: ``actions`` requirements).
- ``prodigious_source`` / ``prodigious_sowing`` (static, handlers_components): extra
  instances of own non-Permanent Water components; up to 3 own Seed components per copy also
  provide Tree (hooks: ``actions`` requirements and designation, ``effects.count``).
- ``subtle_infiltration_trade`` (static, handlers_water): each trade giving or taking Water
  deals 1 damage to the opponent and releases 1 Mana under it (hook: ``actions.trade``).
- ``subtle_infiltration_empty`` / ``unleashed_ocean_empty`` (handlers_water): the card is
  discarded as soon as no (Water) Mana is under it, checked on entry and after every release
  or swap (Infiltration: then up to 2 Water from the Ether).
- ``unleashed_ocean_waves`` / ``unleashed_ocean_release`` (handlers_water): turn start, own
  Waves apply their effects, then 1 Water per Wave component is released at once.
- Activated abilities (``effect.ability``, see :mod:`simulator.legacy.engine.abilities`):
  ``crimson_ritual``, ``emptiness_ritual_ping``, ``ritual_of_decomposition``,
  ``ritual_of_melange``, ``druid_horns``, ``kerlochs_robe`` (also before damage reaches its
  controller) and ``warrior_mage_ritual_indestructible`` (also before a destroy effect).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from simulator.cards import CardDB
from simulator.legacy.engine.abilities import ABILITIES, ability_step
from simulator.legacy.engine.board import TO_DISCARD, board_cards, in_play_static, leave_board
from simulator.legacy.engine.core import Engine, ranked_columns
from simulator.legacy.engine.handlers_air import (
    apply_hand_size,
    breath_of_flames,
    emptiness_ritual_discard,
    favorable_winds,
    tornado,
    trade_price,
    violent_wind,
)
from simulator.legacy.engine.handlers_common import (
    discard_used_component,
    handler_cards,
    indestructible_slots,
    record_used_components,
    reset_turn_effects,
    static_handler,
)
from simulator.legacy.engine.handlers_components import (
    component_instances,
    component_requirements,
    extra_component_slots,
    fewer_components_allowed,
    granted_words,
    source_extra_slots,
)
from simulator.legacy.engine.handlers_fire import ignition
from simulator.legacy.engine.handlers_vegetal import (
    animated_tree,
    ephemeral_brambles,
    the_sylvan_healer,
    turn_start_repeats,
)
from simulator.legacy.engine.handlers_water import (
    azure_ring,
    condensation_distribute,
    condensation_lock,
    empty_on_entry,
    high_pressure,
    maelstrom_end_of_turn,
    spend_extra_instance,
    subtle_infiltration_trade,
    tide_move_mana,
    tide_return,
    unleashed_ocean_release,
    unleashed_ocean_waves,
)
from simulator.legacy.engine.state import EQUIPMENT, player_rows

#: handler name -> function(step) run by the effect interpreter.
HANDLERS: dict[str, Callable] = {
    "favorable_winds": favorable_winds,
    "tornado": tornado,
    "violent_wind": violent_wind,
    "breath_of_flames": breath_of_flames,
    "discard_used_component": discard_used_component,
    "azure_ring": azure_ring,
    "condensation_lock": condensation_lock,
    "condensation_distribute": condensation_distribute,
    "high_pressure": high_pressure,
    "tide_move_mana": tide_move_mana,
    "tide_return": tide_return,
    "water_drop": static_handler,
    "maelstrom": static_handler,
    "animated_tree": animated_tree,
    "king_of_trees": static_handler,
    "the_sylvan_healer": the_sylvan_healer,
    "ephemeral_brambles": ephemeral_brambles,
    "warrior_mage_ritual_end_of_turn": static_handler,
    "emptiness_ritual_discard": emptiness_ritual_discard,
    "burning_robe": static_handler,
    "crimson_ring": static_handler,
    "ignition": ignition,
    "fire_mask": static_handler,
    "prodigious_sowing": static_handler,
    "prodigious_source": static_handler,
    "subtle_infiltration_trade": static_handler,
    "subtle_infiltration_empty": empty_on_entry,
    "unleashed_ocean_empty": empty_on_entry,
    "unleashed_ocean_waves": unleashed_ocean_waves,
    "unleashed_ocean_release": unleashed_ocean_release,
    **{name: ability_step for name in ABILITIES},
}

#: Rough per-activation worth of handler effects, for bots that estimate cards from their
#: effect data (the vocabulary ops are read directly): handler name -> {feature: amount}
#: (features of ``bots.features.CardFeatures``; ``harms_own`` 1 = may have to hit the own side).
HANDLER_ESTIMATES: dict[str, dict[str, float]] = {
    "violent_wind": {"damage": 4.0, "harms_own": 1.0},
    "high_pressure": {"damage": 3.0, "harms_own": 1.0},
    "tornado": {"damage": 2.0},
    "the_sylvan_healer": {"heal": 3.0},
    "ignition": {"damage": 2.0},
}

#: Cards whose printed text has no effect beyond facts the engine reads elsewhere
#: (component words, Transmutable, keywords): they are playable with an empty effect table.
NO_EFFECT_CARDS = frozenset({"droplet", "dead_tree"})


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


# --- engine hooks ----------------------------------------------------------------------------

def turn_boundary(eng: Engine, games: np.ndarray) -> None:
    """A player turn starts or ends: "this turn" effects of these games are over."""
    reset_turn_effects(eng, games)


def end_of_turn_effects(eng: Engine, games: np.ndarray, player: np.ndarray) -> None:
    """End-of-turn triggers of static handlers, before the hand-size check."""
    maelstrom_end_of_turn(eng, games, player)
    warrior_mage_ritual_end_of_turn(eng, games, player)
    apply_hand_size(eng, games, player)  # "your maximum hand size becomes 4"


def warrior_mage_ritual_end_of_turn(eng: Engine, games: np.ndarray, player: np.ndarray) -> None:
    """Destroy the controller's Equipment put into play this turn, unless indestructible
    (the keyword, or the per-slot ``indestructible`` turn effect of the ritual's ability)."""
    rituals = handler_cards(eng, "warrior_mage_ritual_end_of_turn")
    if not rituals.any() or len(games) == 0:
        return
    st = eng.state
    cards = board_cards(eng, games, player)
    has = (in_play_static(eng, games, player) & rituals[cards]).any(axis=1)
    fresh = (player_rows(st.board_zone, games, player) == EQUIPMENT) & (
        player_rows(st.board_turn, games, player) == st.turn[games][:, None])
    doomed = fresh & ~indestructible_slots(eng, games, player) & has[:, None]
    for r, slot in ranked_columns(doomed):
        leave_board(eng, games[r], player[r], slot, TO_DISCARD)


__all__ = [
    "HANDLERS", "HANDLER_ESTIMATES", "NO_EFFECT_CARDS", "implemented_cards", "handler_names",
    "turn_boundary", "end_of_turn_effects", "turn_start_repeats", "extra_component_slots",
    "spend_extra_instance", "record_used_components", "trade_price", "component_instances",
    "component_requirements", "fewer_components_allowed", "granted_words", "source_extra_slots",
    "indestructible_slots", "subtle_infiltration_trade",
]
