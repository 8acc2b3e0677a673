"""The effect vocabulary: how a card's behaviour is written as data.

Card files (``simulator/cards/data/*.toml``) and scenario files (``scenarios/*.toml``) use
the same vocabulary, so a player can transcribe the Adversary cards of their own box.
This module is the single source of truth: the schema validator checks effects against
:data:`OPS`, :data:`TRIGGERS`, :data:`STATICS` and :data:`TARGETS`, and the engine
implements exactly these names.

An ``effect`` table maps a *trigger* to a list of *steps*. Each step is one indivisible
action (a paragraph of card text; "then" starts a new step)::

    [[card]]
    id = "zephyr"
    ...
    effect.activate = [
      { op = "damage", amount = 2, target = "any" },
      { op = "draw", amount = 1 },
    ]

Triggers (:data:`TRIGGERS`):

``activate``
    A prepared spell is activated (then its Mana is released and it is discarded). For an
    Adversary card without keyword, the effect applied when it is drawn.
``enter``
    The card is put into play (Permanent, Equipment, Ritual; an Adversary card that stays in
    play, on the turn it arrives).
``turn_start``
    The beginning of its controller's turn (for Adversary cards in play: every Adversary
    turn, the turn of arrival included when ``enter`` is absent).
``turn_start_prepared`` / ``turn_start_channeled``
    The beginning of its controller's turn, for a spell that is in preparation / channeled
    ("While in preparation: at the start of your turn ...").
``leave``
    The card leaves play (any zone change from the board).
``used_as_component``
    The card was designated as a component when another card was prepared.
``mana_left``
    Mana locked under the card left it (released, moved away or spent) while it is on the
    board: the moment "as soon as there is no (Fire) Mana locked under it" is checked, with
    ``if = "no_mana_locked:fire"`` on its steps.
``ability``
    An activated ability of a card in play that its controller may use (repeatedly) when the
    card allows it ("During your main phase, you may ...", "At any time, you may ...").
    Its steps name a registered ability (``engine/rules/abilities.py``), which says when it is
    usable; the engine offers it as a main-phase action and, for some "at any time"
    abilities, at other moments.

Every step has an ``op`` and op-specific parameters; the shared ones are:

``amount`` (int)
    How much. ``amount_mn`` replaces it when the card's controller is a Mage Noir.
``per`` (str)
    Multiplies ``amount`` by a count taken from the board (:data:`COUNTS`), e.g.
    ``per = "own_component:Flame"``.
``target`` (str)
    Who is affected (:data:`TARGETS`). Targets the rules leave open are decision points.
``if`` (str)
    A condition (:data:`CONDITIONS`); the step does nothing when it is false.

Static abilities (:data:`STATICS`) live in ``effect.static``, a list of tables with a
``kind`` key instead of ``op``. Keywords (Protector, Unique, ...) are card facts, not
effects: see ``keywords`` in the card schema.

Cards the vocabulary cannot express name a compiled handler with
``{ op = "handler", name = "..." }`` (or a static ``{ kind = "handler", name = "..." }``),
declared next to its code in ``simulator/engine/handlers/``. An op name here is run by the
engine's kernel ``op_<name>`` (``engine/rules/ops.py``); ``scripts/build_dispatch.py`` generates the
dispatch from both.
"""

from __future__ import annotations

TRIGGERS: tuple[str, ...] = (
    "activate", "enter", "turn_start", "turn_start_prepared", "turn_start_channeled", "leave",
    "used_as_component", "ability", "mana_left",
)

#: Who a step affects. "opponent" means the opposing side: the Adversary for a player's card
#: (no valid target before the Adversary is present), the players' side for an Adversary
#: card (then the players choose which player, as the solo rulesheet says).
TARGETS: dict[str, str] = {
    "any": "one target chosen by the acting side: a player, the Adversary or a Permanent with HP",
    "opponent": "the opposing side (the Adversary, or for Adversary cards a player chosen by the players)",
    "self": "the card's controller",
    "this": "the card itself (a Permanent with HP)",
    "opponent_and_permanents": "the opponent and every Permanent it controls, one instance each",
    "opponent_permanents": "every Permanent with HP the opponent controls",
    "any_permanent": "one Permanent with HP on either side, chosen by the acting side",
    "player_most_hp": "the player with the most HP (ties: the players choose)",
    "active_player": "the player about to play (Adversary cards)",
    "all_players": "every player still in the game",
    "adversary": "the Adversary itself (Adversary cards that heal or shield it)",
    "own_vegetal_permanents": "every Vegetal Permanent with HP the controller controls",
}

#: Counts usable in ``per``. A ``:WORD`` suffix names a component word.
COUNTS: dict[str, str] = {
    "own_component": "components the controller has that provide WORD (extra instances included)",
    "component_in_play": "components on the whole board that provide WORD",
    "water_components_in_play": "channeled Water spells on the whole board (Water drop and "
                                "Prodigious source instances included)",
    "trees_in_play": "cards with the Tree word on the whole board (components and Permanents, "
                     "Seeds made Trees by Prodigious sowing included)",
    "this_hp": "the current HP of this card",
    "locked_on_component": "Mana locked under the own component that provides WORD",
    "locked_on_this": "Mana locked under this card (``locked_on_this:mineral``: of that element)",
    "locked_on_own_components": "Mana locked under the controller's components providing WORD "
                                "(this card excluded)",
}

#: Counts and conditions whose ``:SUFFIX`` is an element, not a word.
ELEMENT_SUFFIXED: frozenset[str] = frozenset({"locked_on_this", "no_mana_locked", "locks"})

CONDITIONS: dict[str, str] = {
    "mage_noir": "the controller is a Mage Noir",
    "not_mage_noir": "the controller is not a Mage Noir",
    "controls_component": "the controller has a component providing WORD "
                          "(``if = 'controls_component:Breath'``)",
    "adversary_present": "the Adversary card is in play",
    "no_mana_locked": "no Mana (``no_mana_locked:fire``: no Mana of that element) is locked "
                      "under this card",
    "locks": "Mana of ELEMENT is locked under this card (``if = 'locks:water'``)",
}

#: Where locked Mana comes from and goes to (``lock_mana`` / ``move_locked_mana``).
LOCK_SOURCES: tuple[str, ...] = ("infinite", "reserve")
MOVE_FROM: tuple[str, ...] = ("this", "components")
MOVE_TO: tuple[str, ...] = ("this", "own_card", "reserve")

#: op name -> (required params, optional params) with a one-line meaning.
OPS: dict[str, tuple[frozenset[str], frozenset[str], str]] = {
    "damage": (frozenset({"amount", "target"}),
               frozenset({"amount_mn", "per", "if", "unpreventable"}),
               "inflict damage (one instance per target)"),
    "distribute_damage": (frozenset({"amount"}), frozenset({"max_targets", "if"}),
                          "inflict AMOUNT damage split between 1..max_targets targets"),
    "lose_hp": (frozenset({"amount", "target"}), frozenset({"amount_mn", "per", "if"}),
                "lose HP: cannot be prevented, reduced or redirected"),
    "lose_half_hp": (frozenset(), frozenset({"if"}), "the controller loses half its HP, rounded down"),
    "heal": (frozenset({"amount", "target"}), frozenset({"amount_mn", "per", "if"}),
             "gain HP (no maximum)"),
    "draw": (frozenset({"amount"}), frozenset({"amount_mn", "per", "if", "target"}),
             "draw cards (an empty deck puts the drawer out)"),
    "discard_from_hand": (frozenset({"amount"}), frozenset({"target", "if"}),
                          "the target (default self) discards cards of its choice from hand"),
    "take_mana": (frozenset({"amount"}), frozenset({"element", "source", "if"}),
                  "take up to AMOUNT Mana (of ELEMENT) from the Available Ether, or from the "
                  "Infinite Ether when source = 'infinite'"),
    "add_mana": (frozenset({"amount"}), frozenset({"element", "if"}),
                 "add Mana from the Infinite Ether to the Available Ether (placement rule)"),
    "destroy": (frozenset({"what"}), frozenset({"if", "side"}),
                "destroy one card: what = permanent | equipment | permanent_or_equipment"),
    "return_component": (frozenset({"word"}), frozenset({"position", "if"}),
                         "put one own component providing WORD back into the deck "
                         "(position 3 = third from top)"),
    "apply_component": (frozenset({"word"}), frozenset({"if"}),
                        "apply the activate effects of one own component providing WORD"),
    "return_equipment_to_hand": (frozenset(), frozenset({"if"}),
                                 "return one Equipment to its owner's hand"),
    "return_prepared_to_deck": (frozenset(), frozenset({"if"}),
                                "return one prepared spell to the top of its owner's deck"),
    "discard_prepared": (frozenset({"amount"}), frozenset({"if"}),
                         "discard up to AMOUNT of the opponent's prepared spells"),
    "search_deck": (frozenset({"word"}), frozenset({"if"}),
                    "take one card providing WORD from the deck into hand, then shuffle"),
    "recycle_discard": (frozenset({"amount"}), frozenset({"if"}),
                        "return AMOUNT cards from the discard pile to the deck, then shuffle"),
    "return_from_discard": (frozenset(), frozenset({"word", "if"}),
                            "return one card (providing WORD, if given) from the discard pile to hand"),
    "pay_or_discard": (frozenset({"cost"}), frozenset({"if"}),
                       "pay COST ({element = n}) from the reserve or this card is discarded/destroyed"),
    "destroy_self": (frozenset(), frozenset({"if"}), "this card is destroyed"),
    "lock_mana": (frozenset({"amount"}), frozenset({"element", "source", "amount_mn", "per", "if"}),
                  "lock AMOUNT Mana (of ELEMENT, else chosen) under this card, from the Infinite "
                  "Ether (source = 'infinite', the default) or the controller's reserve "
                  "(source = 'reserve': as much as it holds)"),
    "release_mana": (frozenset({"amount"}), frozenset({"element", "amount_mn", "per", "if"}),
                     "release AMOUNT Mana (of ELEMENT, else chosen) locked under this card into "
                     "the Available Ether, all at once (placement rule); fewer if fewer are locked"),
    "move_locked_mana": (frozenset(), frozenset({"amount", "element", "from", "to", "word", "if"}),
                         "move locked Mana (of ELEMENT): from this card (from = 'this', the "
                         "default) to another own card (to = 'own_card', the default) or the "
                         "reserve (to = 'reserve'), or from = 'components' (own WORD components) "
                         "to = 'this'; without AMOUNT all of it from this card, any amount (the "
                         "controller chooses) from components"),
    "set_hp": (frozenset({"amount"}), frozenset({"per", "if"}),
               "this Permanent's HP becomes AMOUNT (times PER): X HP; below 1 it is destroyed"),
    "return_channeled": (frozenset(), frozenset({"if"}),
                         "return one channeled spell (either side) to its owner's hand"),
    "return_instead": (frozenset(), frozenset({"cost", "if"}),
                       "this spell may go back to its owner's hand instead of the discard pile "
                       "after its activation, paying COST (optional) from the reserve"),
    "win": (frozenset(), frozenset({"if"}), "the players win the game"),
    "slowcast_all": (frozenset(), frozenset({"if"}),
                     "until the start of the controller's next turn, every spell has Slowcast "
                     "(engine/rules/casting.py)"),
    "grant_slowcast": (frozenset(), frozenset({"if"}),
                       "one prepared spell (any player's, the controller's choice) gains Slowcast"),
    "handler": (frozenset({"name"}), frozenset({"if"}),
                "a compiled handler (engine/handlers/) for behaviour the vocabulary cannot express"),
}

#: Static abilities: kind -> (required params, optional params, meaning).
STATICS: dict[str, tuple[frozenset[str], frozenset[str], str]] = {
    "mage_noir": (frozenset(), frozenset(), "the controller is a Mage Noir while this is in play"),
    "self_cost_reduction": (frozenset({"element", "amount"}), frozenset({"if"}),
                            "this card costs AMOUNT less ELEMENT Mana to prepare"),
    "cost_reduction": (frozenset({"element", "amount"}),
                       frozenset({"card_element", "word", "amount_mn", "if"}),
                       "cards the controller prepares (of CARD_ELEMENT / providing WORD) cost less"),
    "damage_bonus": (frozenset({"amount"}),
                     frozenset({"amount_mn", "source_element", "source_type", "if"}),
                     "damage from the controller's matching cards is increased"),
    "ignore_damage_per_turn": (frozenset({"amount"}), frozenset({"if"}),
                               "each turn, ignore up to AMOUNT damage the controller receives"),
    "damage_reduction": (frozenset({"amount"}), frozenset({"if"}),
                         "each instance of damage the controller takes is reduced"),
    "alternative_component": (frozenset({"word", "discard_element"}), frozenset(),
                              "may discard a DISCARD_ELEMENT card from hand instead of the WORD component"),
    "fewer_components": (frozenset({"amount"}), frozenset({"if"}),
                         "preparing this card requires AMOUNT fewer components"),
    "hand_size": (frozenset({"amount"}), frozenset(), "the controller's maximum hand size becomes AMOUNT"),
    "quickcast": (frozenset(), frozenset({"if"}),
                  "this spell has Quickcast (while IF holds: 'if = \"mage_noir\"')"),
    "never_slowcast": (frozenset(), frozenset({"if"}),
                       "this spell never has Slowcast (while IF holds), whatever grants it"),
    "component_grants_quickcast": (frozenset(), frozenset(),
                                   "a spell prepared with this card as a component has Quickcast"),
    "slowcast_spells_gain_quickcast": (frozenset(), frozenset(),
                                       "while this card is on its controller's board, their "
                                       "spells that have Slowcast also have Quickcast"),
    "all_spells_slowcast": (frozenset(), frozenset({"cost"}),
                            "while this card is in play, every spell has Slowcast; a spell "
                            "prepared with COST ({element = n}) paid on top of its own has none"),
    "damage_taken_increase": (frozenset({"amount"}), frozenset(),
                              "each instance of damage the controller takes is increased"),
    "damage_cap": (frozenset({"amount"}), frozenset(),
                   "the controller takes at most AMOUNT damage from one instance (after "
                   "increases and reductions)"),
    "protector_if": (frozenset({"if"}), frozenset({"at_least"}),
                     "Protector while the condition holds: controls_component:WORD (at least "
                     "AT_LEAST of them), locks:ELEMENT (under this card), mage_noir"),
    "pay_with_locked": (frozenset({"word"}), frozenset({"if"}),
                        "this card may be paid with Mana locked under its controller's WORD "
                        "components (while IF holds), that Mana first, then the reserve"),
    "return_activated": (frozenset({"word"}), frozenset({"cost"}),
                         "while in play: each WORD spell its controller activates may go back to "
                         "hand instead of the discard pile, paying COST (optional)"),
    "lock_cap": (frozenset({"amount"}), frozenset({"if"}),
                 "Mana locked under this card beyond AMOUNT is released at once (while the "
                 "condition holds)"),
    "handler": (frozenset({"name"}), frozenset({"if"}),
                "a static handler (engine/handlers/): its behaviour is an engine hook"),
}

#: What a ``destroy`` step may destroy (its ``what``).
DESTROY_WHAT: tuple[str, ...] = ("permanent", "equipment", "permanent_or_equipment")

#: Card keywords (facts printed on the card).
KEYWORDS: tuple[str, ...] = (
    "protector", "unique", "quickcast", "slowcast", "indestructible", "forge", "autumn",
    "zenith", "mage_noir_only", "protector_if_mage_noir", "unique_unless_mage_noir",
)
