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
    play, on the turn it arrives); for a spell, "when you prepare this spell".
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
``discarded_from_hand``
    The card is discarded from its owner's hand (any reason: a discard effect, the hand
    limit, a cost); its steps apply as a triggered action, the card already in the discard
    pile ("when this spell is discarded from hand, it applies its effects").
``discarded_from_play``
    The card leaves the board for its owner's discard pile (destroyed, discarded, activated,
    used up as a component): ``leave`` narrowed to that destination ("when this spell is
    discarded from play"); not when it returns to a hand or a deck.
``granted``
    Steps that a spell using this card as a component gains at the end of its own effect
    ("Any spell using this as a component gains: ..."): they run when that spell is
    activated, after its own steps, as part of its effect (its number modifiers apply).
``phase_out_opponent``
    Its controller has just phased out an opponent (once per phase-out effect that phases
    out at least one card's worth, whatever the number: Rite of phase). A card in play
    (Permanent, Equipment, Ritual) only.
``ability``
    An activated ability of a card in play that its controller may use (repeatedly) when the
    card allows it ("During your main phase, you may ...", "At any time, you may ...").
    Its steps name a registered ability (``engine/rules/abilities.py``), which says when it is
    usable; the engine offers it as a main-phase action and, for some "at any time"
    abilities, at other moments.
``damaged``
    This card, a Permanent with HP, takes an instance of damage (not an HP loss), even one
    that destroys it.
``own_permanent_damaged``
    While this card is in play, a Permanent with HP of its controller takes an instance of
    damage (itself included while it stays in play).
``controller_damaged``
    Its controller takes an instance of damage (an instance reduced to 0 by armours included),
    while this card is on the board (in preparation, channeled or in play).

The three damage triggers know the instance (``engine/rules/damage.py``): a handler of their
first step reads its source card and side, its amount and what was hit from ``st.hit``.
    abilities, at other moments. A *generic* ability needs no handler: its first step is
    ``{ op = "ability_cost", timing = ..., ... }`` (when it may be used, what it costs, once
    per turn or not), the steps after it are ordinary vocabulary steps::

        effect.ability = [
          { op = "ability_cost", timing = "main_phase", once_per_turn = true },
          { op = "damage", amount = 1, target = "any" },
        ]
``own_draw`` / ``opponent_draw``
    A card in play (Permanent, Equipment, Ritual): each time its controller / an opponent of
    its controller draws one card (once per card drawn). The Adversary's opponents are the
    players, a player's the Adversary; the card the Adversary reveals at each of its turns is
    its draw (rule option ``adversary_reveal_is_draw``). The condition
    ``draw_number:N`` on the trigger's first step ("your second card each turn") is read when
    the card is drawn: the trigger is raised only on the drawer's Nth draw of the turn
    (every turn counts, the opponent's too).
``opponent_turn_end``
    A card in play (Permanent, Equipment, Ritual): at the end of an opponent's turn (for a
    player's card, each Adversary turn, once its revealed card has applied; for an Adversary
    card, each player's turn, before the hand limit).

Every step has an ``op`` and op-specific parameters; the shared ones are:

``amount`` (int)
    How much. ``amount_mn`` replaces it when the card's controller is a Mage Noir.
``per`` (str)
    Multiplies ``amount`` by a count taken from the board (:data:`COUNTS`), e.g.
    ``per = "own_component:Flame"``.
``target`` (str)
    Who is affected (:data:`TARGETS`). Targets the rules leave open are decision points.
``then_discard`` (bool, ``apply_component`` only)
    The applied component is discarded once its effects are applied ("then discard it").
``if`` (str)
    A condition (:data:`CONDITIONS`); the step does nothing when it is false.
``amount_alt`` (int) with ``alt_if`` (str, a condition)
    "N, or M if ...": ``amount_alt`` replaces ``amount`` while ``alt_if`` holds, read when
    the step resolves (after the steps before it).

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
    "used_as_component", "ability", "mana_left", "discarded_from_hand", "discarded_from_play",
    "damaged", "own_permanent_damaged", "controller_damaged", "own_draw", "opponent_draw",
    "opponent_turn_end", "granted", "phase_out_opponent",
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
    "adversary": "the Adversary itself (Adversary cards that heal or shield it; a player's "
                 "card hitting it as one of ALL players, Artificial sun; none in a duel)",
    "own_vegetal_permanents": "every Vegetal Permanent with HP the controller controls",
    "all_permanents": "every Permanent with HP, of every side (the controller's own included)",
    "own_permanent": "one Permanent with HP the controller controls, chosen by the controller",
    "own_vegetal_permanent": "one Vegetal Permanent with HP the controller controls, chosen by "
                             "the controller",
    "any_player": "one player chosen by the acting side: a player (the controller and "
                  "teammates included) or the Adversary",
    "adversary_among_all_players": "the Adversary (once in play) as one of \"ALL players\": "
                                   "hit only while the rule option "
                                   "all_players_include_adversary is on",
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
    "x_paid": "the X Mana paid for this card's cost of X when it was prepared (Mana locked "
              "under it later does not count)",
    "opponent_reserve": "Mana of ELEMENT in the opponent's reserve (``per = "
                        "'opponent_reserve:water'``; the Adversary has no reserve: 0; for an "
                        "Adversary card, the active player's)",
    "discard_component": "cards in the controller's discard pile that provide WORD",
    "discard_copies": "copies of this card in the controller's discard pile (this card on the "
                      "board: 0 when its effects run from elsewhere)",
    "opponent_hand": "cards in the opponent's hand (the Adversary has no hand: 0; for an "
                     "Adversary card, the active player's)",
}

#: Counts and conditions whose ``:SUFFIX`` is an element, not a word.
ELEMENT_SUFFIXED: frozenset[str] = frozenset({"locked_on_this", "no_mana_locked", "locks"})

CONDITIONS: dict[str, str] = {
    "mage_noir": "the controller is a Mage Noir",
    "not_mage_noir": "the controller is not a Mage Noir",
    "controls_component": "the controller has a component providing WORD "
                          "(``if = 'controls_component:Breath'``)",
    "adversary_present": "the Adversary card is in play",
    "lacks_component": "the controller has no component providing WORD "
                       "(``if = 'lacks_component:Sun'``)",
    "no_mana_locked": "no Mana (``no_mana_locked:fire``: no Mana of that element) is locked "
                      "under this card",
    "locks": "Mana of ELEMENT is locked under this card (``if = 'locks:water'``)",
    "draw_number": "on an own_draw / opponent_draw trigger's first step: the draw is the "
                   "drawer's Nth of this turn (``if = 'draw_number:2'``; read when the card is drawn)",
    "zenith": "the controller's turn began at Zenith (as many own spells in preparation as "
              "channeled; Permanents, Equipment and Rituals not counted), during that turn only",
    "opponent_drew": "an opponent of the controller has drawn at least N cards this turn "
                     "(``if = 'opponent_drew:2'``: more than 1; the Adversary's reveal is its "
                     "draw, rule option ``adversary_reveal_is_draw``)",
}

#: Where locked Mana comes from and goes to (``lock_mana`` / ``move_locked_mana``).
LOCK_SOURCES: tuple[str, ...] = ("infinite", "reserve")
MOVE_FROM: tuple[str, ...] = ("this", "components")
MOVE_TO: tuple[str, ...] = ("this", "own_card", "reserve")

#: References (``per`` counts, ``if`` conditions) whose ``:SUFFIX`` is not a component word:
#: name -> what the suffix is ("number": a whole number >= 1, "element": an element).
REF_SUFFIX: dict[str, str] = {"draw_number": "number", "opponent_reserve": "element",
                              "opponent_drew": "number"}

#: op name -> (required params, optional params) with a one-line meaning.
OPS: dict[str, tuple[frozenset[str], frozenset[str], str]] = {
    "damage": (frozenset({"amount", "target"}),
               frozenset({"amount_mn", "per", "plus", "if", "unpreventable", "amount_alt",
                          "alt_if"}),
               "inflict damage (one instance per target); PLUS is added after the PER count "
               "(2 + 1 per Ice component: amount = 1, per = 'own_component:Ice', plus = 2); "
               "AMOUNT_ALT replaces AMOUNT while the condition ALT_IF holds when the step "
               "resolves (3, or 5 if it locks Water: amount = 3, amount_alt = 5, "
               "alt_if = 'locks:water')"),
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
    "take_mana": (frozenset({"amount"}), frozenset({"amount_mn", "element", "source", "if"}),
                  "take up to AMOUNT Mana (of ELEMENT) from the Available Ether, or from the "
                  "Infinite Ether when source = 'infinite'"),
    "add_mana": (frozenset({"amount"}), frozenset({"element", "if"}),
                 "add Mana from the Infinite Ether to the Available Ether (placement rule)"),
    "destroy": (frozenset({"what"}), frozenset({"if", "side", "optional"}),
                "destroy one card: what = permanent | equipment | permanent_or_equipment | ring "
                "(an Equipment of the ring slot); OPTIONAL: its controller may destroy none"),
    "destroy_all": (frozenset({"whose"}), frozenset({"word", "if"}),
                    "destroy at once every Permanent (with WORD: every card in play providing "
                    "WORD, components and Permanents) of WHOSE (DESTROY_WHOSE); indestructible "
                    "cards stay"),
    "return_component": (frozenset({"word"}), frozenset({"position", "if"}),
                         "put one own component providing WORD back into the deck "
                         "(position 3 = third from top)"),
    "apply_component": (frozenset({"word"}), frozenset({"if", "then_discard"}),
                        "apply the activate effects of one own component providing WORD"),
    "apply_used_component": (frozenset({"word"}), frozenset({"if"}),
                             "apply the effects of the component providing WORD this card was "
                             "prepared with, wherever it is now (in play, in a discard pile): "
                             "its activate effects, or its generic ability's effects without "
                             "their cost; nothing for a card with neither"),
    "return_equipment_to_hand": (frozenset(), frozenset({"if"}),
                                 "return one Equipment to its owner's hand"),
    "return_prepared_to_hand": (frozenset(), frozenset({"if"}),
                                "return one prepared spell (any player's, the controller's "
                                "choice) to its owner's hand"),
    "return_prepared_to_deck": (frozenset(), frozenset({"if"}),
                                "return one prepared spell to the top of its owner's deck"),
    "discard_prepared": (frozenset({"amount"}), frozenset({"if"}),
                         "discard up to AMOUNT of the opponent's prepared spells"),
    "discard_any_prepared": (frozenset(), frozenset({"if"}),
                             "discard one prepared spell of any player (the controller's "
                             "choice, not this card) to its owner's discard pile"),
    "search_deck": (frozenset({"word"}), frozenset({"on_top", "if"}),
                    "take one card named WORD from the deck into hand, then shuffle (ON_TOP: "
                    "shown, then put on top of the deck after the shuffle instead)"),
    "scry": (frozenset(), frozenset({"if"}),
             "look at the top card of the own deck: leave it on top or put it at the bottom"),
    "dig": (frozenset({"amount", "word"}), frozenset({"if"}),
            "look at the top AMOUNT cards of the own deck, may take one named WORD into hand "
            "(shown), the others go to the bottom"),
    "recycle_discard": (frozenset({"amount"}), frozenset({"if"}),
                        "return AMOUNT cards from the discard pile to the deck, then shuffle"),
    "return_from_discard": (frozenset(), frozenset({"word", "if"}),
                            "return one card (named WORD, if given) from the discard pile to hand"),
    "surcharge": (frozenset({"amount", "element", "target"}), frozenset({"if"}),
                  "until the start of the controller's next turn, every card the target player "
                  "prepares costs AMOUNT more ELEMENT Mana (the Adversary prepares nothing)"),
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
    "discard_component": (frozenset({"amount"}), frozenset({"word", "if"}),
                          "the controller puts AMOUNT own components providing WORD (without "
                          "WORD: any components; their choice; fewer: as many) into the "
                          "discard pile (a discard, not a destruction)"),
    "ability_cost": (frozenset({"timing"}),
                     frozenset({"cost", "lock", "discard", "sacrifice", "once_per_turn"}),
                     "first step of a generic ``ability``: usable at TIMING (ABILITY_TIMINGS) "
                     "if its costs can be paid (COST Mana from the reserve, DISCARD cards from "
                     "hand, SACRIFICE: this card is destroyed), at most once a turn when "
                     "ONCE_PER_TURN; the costs are paid when it is used (LOCK: the COST Mana "
                     "goes under this card instead of the Available Ether)"),
    "mill": (frozenset({"amount"}), frozenset({"if"}),
             "the controller discards the top AMOUNT cards of their deck (none left: nothing)"),
    "put_from_discard": (frozenset({"amount"}), frozenset({"word", "zone", "top", "if"}),
                         "put up to AMOUNT spells providing WORD (without WORD: any spells) "
                         "from the controller's discard pile into play, channeled (zone = "
                         "'channeled', default) or prepared, with no Mana under them; TOP: "
                         "only the pile's top card, put into play whenever it is a spell"),
    "next_spell_component": (frozenset({"word", "amount"}), frozenset({"if"}),
                             "the next card the controller prepares this turn may use AMOUNT "
                             "more WORD components than it requires"),
    "phase_out": (frozenset({"amount", "target"}), frozenset({"amount_mn", "if", "mage_noir_loses"}),
                  "discard the AMOUNT bottom cards of the target's deck (the Adversary's too), "
                  "plus the controller's phase_out_bonus statics; 0 or less does nothing; "
                  "MAGE_NOIR_LOSES: a Mage Noir target may lose that many HP instead"),
    "discard_to_deck": (frozenset({"target"}), frozenset({"if"}),
                        "the target (a player or the Adversary) puts its whole discard pile "
                        "into its deck, then shuffles it"),
    "pay_mana": (frozenset({"amount", "target"}), frozenset({"if"}),
                 "each target player pays AMOUNT Mana of their choice from their reserve into "
                 "the Available Ether, as much as it holds (none: nothing; the Adversary has no "
                 "reserve)"),
    "next_card_discount": (frozenset({"element", "amount"}), frozenset({"hp", "if"}),
                           "the next ELEMENT card the controller prepares this turn costs AMOUNT "
                           "less ELEMENT Mana (never below 0); if it is a Permanent with HP, it "
                           "enters with HP more (engine/rules/discounts.py)"),
    "name_discount": (frozenset({"word", "amount"}), frozenset({"draw", "if"}),
                      "this turn, the cards named WORD the controller prepares cost AMOUNT less "
                      "Mana of their own element (never below 0), and preparing one draws DRAW"),
    "discard_top_to_deck": (frozenset({"amount", "target"}), frozenset({"if"}),
                            "the target (a player or the Adversary) puts the top AMOUNT cards "
                            "of its discard pile into its deck, then shuffles it"),
    "swap_in_pile": (frozenset({"target"}), frozenset({"if"}),
                     "two spells of the target's discard pile (a player's or the Adversary's; "
                     "the controller chooses them) swap positions"),
    "boost_equipment": (frozenset({"amount"}), frozenset({"if"}),
                        "one Equipment of the controller (their choice) deals AMOUNT more "
                        "damage per instance until it leaves play (none: nothing)"),
    "damage_repeated": (frozenset({"amount", "target", "per"}), frozenset({"amount_mn", "if"}),
                        "inflict AMOUNT damage to TARGET, then again once per PER count "
                        "(counted before the first): each time an instance of its own, to a "
                        "target chosen again as it comes (the first: the one announced)"),
    "apply_from_discard": (frozenset({"word"}), frozenset({"if"}),
                           "apply the activate effects of one spell named WORD from the "
                           "controller's discard pile (it stays there), not a copy of this "
                           "card; none there: nothing"),
    "next_spell_gains": (frozenset({"element"}), frozenset({"if"}),
                         "the controller's next spell of ELEMENT activated this turn gains this "
                         "card's activate effects, after its own (engine/rules/next_gain.py)"),
    "exile_from_discard": (frozenset({"amount"}), frozenset({"if"}),
                           "the top AMOUNT cards of the controller's discard pile (for an "
                           "Adversary card, the active player's) go to their owner's exile, "
                           "top card first (fewer if fewer; engine/rules/exile.py)"),
    "exile_self": (frozenset(), frozenset({"if"}),
                   "this card leaves play for its owner's exile (an Animal's own effect may "
                   "exile it: only effects aimed at Animals affect one)"),
    "handler": (frozenset({"name"}), frozenset({"if"}),
                "a compiled handler (engine/handlers/) for behaviour the vocabulary cannot express"),
}

#: Static abilities: kind -> (required params, optional params, meaning).
STATICS: dict[str, tuple[frozenset[str], frozenset[str], str]] = {
    "mage_noir": (frozenset(), frozenset(), "the controller is a Mage Noir while this is in play"),
    "self_cost_reduction": (frozenset({"element", "amount"}), frozenset({"if"}),
                            "this card costs AMOUNT less ELEMENT Mana to prepare"),
    "cost_reduction": (frozenset({"element", "amount"}),
                       frozenset({"card_element", "word", "amount_mn", "if", "min_cost"}),
                       "cards the controller prepares (of CARD_ELEMENT / named WORD / whose "
                       "printed ELEMENT cost is at least MIN_COST) cost less"),
    "damage_bonus": (frozenset({"amount"}),
                     frozenset({"amount_mn", "source_element", "source_type", "if"}),
                     "damage from the controller's matching cards is increased"),
    "ignore_damage_per_turn": (frozenset({"amount"}), frozenset({"if"}),
                               "each turn, ignore up to AMOUNT damage the controller receives"),
    "ignore_damage_locked": (frozenset({"element", "max"}), frozenset(),
                             "each turn, ignore up to X damage the controller takes (any source, "
                             "their own included), X the ELEMENT Mana locked under their other "
                             "components, at most MAX, fixed when damage first reaches them in "
                             "the turn"),
    "no_hp_gain": (frozenset(), frozenset(), "this Permanent cannot gain HP (healing does nothing)"),
    "grant_protector": (frozenset({"card_element"}), frozenset(),
                        "the controller's Permanents of CARD_ELEMENT with at least 1 HP have "
                        "Protector"),
    "damage_reduction": (frozenset({"amount"}), frozenset({"if"}),
                         "each instance of damage the controller takes is reduced"),
    "alternative_component": (frozenset({"word", "discard_element"}), frozenset(),
                              "may discard a DISCARD_ELEMENT card from hand instead of the WORD component"),
    "alternative_requirement": (frozenset({"word", "instead", "amount"}), frozenset({"if"}),
                                "the card may be prepared with AMOUNT components providing "
                                "INSTEAD in place of its WORD component (if = 'mage_noir': only "
                                "for a Mage Noir)"),
    "fewer_components": (frozenset({"amount"}), frozenset({"if"}),
                         "preparing this card requires AMOUNT fewer components"),
    "hand_size": (frozenset({"amount"}), frozenset(), "the controller's maximum hand size becomes AMOUNT"),
    "quickcast": (frozenset(), frozenset({"if"}),
                  "this spell has Quickcast (with an if: while it holds)"),
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
    "optional_component": (frozenset({"word"}), frozenset(),
                           "this card may be prepared without its WORD components (their "
                           "requirement is dropped)"),
    "protector_while_locks": (frozenset({"element"}), frozenset(),
                              "this Permanent has Protector while Mana of ELEMENT is locked "
                              "under it"),
    "number_modifier": (frozenset({"mode"}),
                        frozenset({"amount", "mode_mn", "amount_mn", "card_type"}),
                        "every number in the effect of a card using this as a component "
                        "(of CARD_TYPE, if given) changes: mode add / subtract AMOUNT, double, "
                        "or reduce by AMOUNT (never below 0 by itself); MODE_MN / AMOUNT_MN "
                        "instead for a Mage Noir controller (NUMBER_MODES)"),
    "prepare_from_discard": (frozenset(), frozenset({"unless_top", "once_per_turn", "if"}),
                             "the card may be prepared from its owner's discard pile (unless "
                             "it is the top card there / each copy once per turn)"),
    "phase_out_bonus": (frozenset({"amount"}), frozenset(),
                        "every phase out the controller does is AMOUNT larger"),
    "last_user_damage_reduction": (frozenset({"amount"}), frozenset(),
                                   "the last Permanent its controller prepared with this card "
                                   "as a component takes AMOUNT less damage per instance, while "
                                   "both stay on the board (damage that cannot be reduced "
                                   "excepted)"),
    "return_from_pile": (frozenset({"cost"}), frozenset({"if"}),
                         "while this card is in its owner's discard pile (and IF holds: "
                         "mage_noir), they may pay COST to put it into their deck, then "
                         "shuffle it (offered when they end their main phase)"),
    "component_cost_reduction": (frozenset({"element", "amount", "card_type"}), frozenset(),
                                 "a card of CARD_TYPE its controller prepares with this card as "
                                 "a component costs AMOUNT less ELEMENT Mana (never below 0)"),
    "handler": (frozenset({"name"}), frozenset({"if"}),
                "a static handler (engine/handlers/): its behaviour is an engine hook"),
}

#: When a generic ability (``ability_cost``) may be used: during the own main phase, during
#: the own turn, at any time. The engine offers every generic ability as a main-phase action
#: (the own turn's other moments change nothing it decides); an "any_time" one is the kind a
#: window outside the main phase may offer.
ABILITY_TIMINGS: tuple[str, ...] = ("main_phase", "own_turn", "any_time")

#: Conditions of a conditional component word (a card's ``provides_conditional`` entry
#: ``{ word = ..., condition = ... }``: "Transmutable: WORD" while it holds) that the engine
#: reads. Other condition tags describe a word a handler grants (Prodigious sowing's Trees).
WORD_CONDITIONS: dict[str, str] = {
    "controls_2_copies": "its controller has 2 or more copies of this card in play",
    "fire_mana_locked": "at least 1 Fire Mana is locked under it",
    "no_mana_locked": "no Mana is locked under it",
    "ability_used_this_turn": "its ability was used this turn (paid for until the turn ends)",
}

#: How a ``number_modifier`` changes every number of the effect it applies to (docs/rules.md
#: R11.4): "subtract" may go below 0 (negative damage heals, negative healing costs HP; draws,
#: discards and Mana moved stop at 0), "reduce" never takes a number below 0 by itself.
NUMBER_MODES: tuple[str, ...] = ("add", "subtract", "double", "reduce")

#: Where ``put_from_discard`` puts the cards.
PUT_ZONES: tuple[str, ...] = ("channeled", "prepared")

#: The ops and statics whose ``word`` is a name key ("a Sun card", "your Solar spells"; their
#: meanings say "named WORD": a card whose name carries WORD, or Transmutable into it): any
#: word of :data:`~simulator.cards.model.NAME_WORDS`, a name tag included, read from what a
#: card's name carries. Elsewhere a ``word`` (and the word of a ``per`` or an ``if``) is a
#: component word: what a card provides as a component.
NAME_KEYED: frozenset[str] = frozenset({"search_deck", "return_from_discard", "cost_reduction",
                                        "dig", "name_discount",
                                        "apply_from_discard"})

#: What a ``destroy`` step may destroy (its ``what``).
DESTROY_WHAT: tuple[str, ...] = ("permanent", "equipment", "permanent_or_equipment", "ring")

#: Whose cards a ``destroy_all`` step destroys: every side's, or the opponent's.
DESTROY_WHOSE: tuple[str, ...] = ("every", "opponent")

#: Card keywords (facts printed on the card).
KEYWORDS: tuple[str, ...] = (
    "protector", "unique", "quickcast", "slowcast", "indestructible", "forge", "autumn",
    "zenith", "mage_noir_only", "protector_if_mage_noir", "unique_unless_mage_noir",
)

#: The triggers an Animal's effect may use (docs/animals.md): face up it is a card in play
#: (its passive triggers and statics apply, its ability may be used), face down (exhausted)
#: nothing of it applies; it is never prepared nor activated, has no HP and no Mana under it.
ANIMAL_TRIGGERS: frozenset[str] = frozenset({
    "static", "ability", "enter", "turn_start", "leave", "used_as_component", "granted",
    "own_draw", "opponent_draw", "opponent_turn_end", "controller_damaged",
    "own_permanent_damaged", "phase_out_opponent"})

#: The statics an Animal may have: those about its controller or the spells that use it as a
#: component (the engine reads them from every card in play); a static about "this card" as
#: a spell or a Permanent (its own cost, HP, Protector, Slowcast) means nothing for an Animal.
ANIMAL_STATICS: frozenset[str] = frozenset({
    "mage_noir", "cost_reduction", "damage_bonus", "ignore_damage_per_turn",
    "damage_reduction", "damage_taken_increase", "damage_cap", "grant_protector", "hand_size",
    "number_modifier", "component_cost_reduction", "component_grants_quickcast",
    "phase_out_bonus", "return_activated"})
