"""``magenoir-sim card NAME``: one card's facts and how the engine plays it, in our words.

Why generated: the printed text and the rulings belong to the publisher and are never stored
(DESIGN.md 4), and a hand-written summary per card would drift from what the engine runs. So
the summary is built from the very effect data the engine compiles (the vocabulary of
:mod:`simulator.cards.vocabulary`): each step says what it does from its op and parameters,
with the one-line meanings that module declares for targets, counts and conditions. A step
the vocabulary cannot express names a compiled handler; its line is the first sentences of
that handler's docstring, read from the engine's source without importing (or compiling) it.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from simulator.cards import CardDB, load_cards
from simulator.cards.listing import format_components, format_cost
from simulator.cards.model import Card
from simulator.cards.vocabulary import CONDITIONS, COUNTS, KEYWORDS, OPS, STATICS, TARGETS
from simulator.errors import UserError

#: How each trigger's steps are introduced.
TRIGGER_HEADINGS: dict[str, str] = {
    "static": "Always (static abilities)",
    "activate": "When it is activated",
    "enter": "When it comes into play (a spell: when it is prepared)",
    "turn_start": "At the start of its controller's turn, while in play",
    "turn_start_prepared": "At the start of its controller's turn, while in preparation",
    "turn_start_channeled": "At the start of its controller's turn, while channeled",
    "leave": "When it leaves play",
    "used_as_component": "When it is used as a component",
    "ability": "An ability its controller may use",
    "discarded_from_hand": "When it is discarded from its owner's hand",
    "discarded_from_play": "When it goes from play to its owner's discard pile",
    "damaged": "When it takes damage",
    "own_permanent_damaged": "When a Permanent its controller controls takes damage, while in play",
    "controller_damaged": "When its controller takes damage, while on the board",
    "own_draw": "Each time its controller draws a card, while in play",
    "opponent_draw": "Each time the opponent draws a card (the Adversary: the card it reveals), "
                     "while in play",
    "opponent_turn_end": "At the end of each of the opponent's turns, while in play",
    "mana_left": "When Mana locked under it leaves it, while in play",
    "granted": "Added at the end of the effect of a card it is used to prepare",
    "phase_out_opponent": "Each time its controller phases out an opponent, while in play",
}

#: How an Animal's steps are introduced where its headings differ (docs/animals.md): nothing
#: of it applies while it is exhausted.
ANIMAL_HEADINGS: dict[str, str] = {
    "static": "While face up (passive abilities)",
    "ability": "An active ability its controller may use in their main phase, while face up",
    "enter": "When it comes into play (drawn, or discarded from the deck)",
}

#: What each keyword means, in our words (docs/rules.md, R12).
KEYWORD_MEANINGS: dict[str, str] = {
    "protector": "may take damage aimed at its controller or their other Permanents",
    "unique": "a single copy at a time under its controller's control",
    "quickcast": "may be activated at any time, even on another player's turn",
    "slowcast": "cannot be activated on the turn it was prepared",
    "indestructible": "cannot be destroyed, nor discarded by a slot replacement or as a "
                      "component",
    "forge": "discarded after serving as a component for an Equipment",
    "autumn": "when destroyed, applies its start-of-turn effects on the way to the discard pile",
    "zenith": "active only on a turn begun with as many spells in preparation as channeled",
    "mage_noir_only": "only a Mage Noir may prepare it",
    "protector_if_mage_noir": "Protector while its controller is a Mage Noir",
    "unique_unless_mage_noir": "Unique unless its controller is a Mage Noir",
}

_ENGINE = Path(__file__).parent / "engine"
#: A docstring's leading "Activate:" / "Turn start:" label, which the trigger heading says.
_TRIGGER_LABEL = re.compile(r"^(Activate|Enter|Turn start( while prepared)?|Used as a "
                            r"component)(\s*\([^)]*\))?\s*:\s*", re.IGNORECASE)


def keyword_label(keyword: str) -> str:
    return keyword.replace("_", " ")


def _word(param: str) -> str:
    """``"own_component:Flame"`` -> ``("own_component", "Flame")`` style split's display."""
    return param.split(":", 1)[1] if ":" in param else ""


#: Conditions as a player reads them (the vocabulary's meanings otherwise).
CONDITION_PHRASES: dict[str, str] = {
    "draw_number": "on the drawer's draw number WORD of the turn (any turn)",
    "no_mana_locked": "no WORD Mana is locked under it",
    "locks": "WORD Mana is locked under it",
    "opponent_drew": "an opponent has drawn at least WORD cards this turn",
}


def _condition(text: str) -> str:
    kind = text.split(":", 1)[0]
    if kind in CONDITION_PHRASES:
        return CONDITION_PHRASES[kind].replace("WORD", _word(text))
    meaning = CONDITIONS.get(kind, kind)
    word = _word(text)
    return meaning.replace("WORD", word).split(" (``")[0] if word else meaning


#: ``per`` counts as a player reads them ("for each ..."); the vocabulary's meanings otherwise.
PER_PHRASES: dict[str, str] = {
    "own_component": "own component that provides WORD",
    "component_in_play": "component on the whole board that provides WORD",
    "water_components_in_play": "channeled Water spell on the whole board",
    "trees_in_play": "card with the Tree word on the whole board",
    "this_hp": "HP this card has",
    "locked_on_component": "Mana locked under its own WORD component",
    "x_paid": "Mana paid for its X when it was prepared",
    "opponent_reserve": "WORD Mana in the opponent's reserve (the Adversary has none)",
    "discard_component": "card that provides WORD in its controller's discard pile",
    "opponent_hand": "card in the opponent's hand (the Adversary has none)",
    "discard_copies": "copy of this card in its controller's discard pile",
    "locked_on_own_components": "Mana locked under its controller's other WORD components",
}
_WHAT = {"permanent": "one Permanent", "equipment": "one Equipment",
         "permanent_or_equipment": "one Permanent or Equipment",
         "ring": "one Ring (an Equipment of the ring slot)"}
_TIMING = {"main_phase": "during its controller's main phase",
           "own_turn": "during its controller's turn", "any_time": "at any time"}


def _count(text: str) -> str:
    kind = text.split(":", 1)[0]
    if kind == "locked_on_this":
        return f"{_word(text) + ' ' if _word(text) else ''}Mana locked under this card"
    meaning = PER_PHRASES.get(kind) or COUNTS.get(kind, kind)
    word = _word(text)
    return meaning.replace("WORD", word) if word else meaning


#: Targets as seen from a player's card (the vocabulary's meanings also cover Adversary cards).
PLAYER_TARGETS: dict[str, str] = {
    "any": "one target of its controller's choice (a player, the Adversary or a Permanent "
           "with HP)",
    "opponent": "the Adversary",
    "self": "its controller",
    "this": "this card",
    "opponent_and_permanents": "the Adversary and each of its Permanents, one instance each",
    "all_permanents": "every Permanent with HP of every side, its controller's own included",
    "any_player": "one player of its controller's choice (themselves, a teammate or the "
                  "Adversary)",
    "adversary_among_all_players": "the Adversary, as one of \"ALL players\" (a rule option "
                                   "reads it as the players only)",
}


def _target(name: str | None, default: str = "self") -> str:
    key = name or default
    return PLAYER_TARGETS.get(key) or TARGETS.get(key, key)


def _amount(step: Mapping[str, Any], unit: str) -> str:
    """``"2 damage (3 when its controller is a Mage Noir) for each X"``."""
    text = f"{step.get('amount', '')} {unit}"
    if "amount_mn" in step:
        text += f" ({step['amount_mn']} when its controller is a Mage Noir)"
    if "amount_alt" in step:
        text += f" ({step['amount_alt']} if {_condition(step['alt_if'])})"
    if "per" in step:
        text += f" for each {_count(step['per'])}"
    if step.get("plus"):
        text = f"{step['plus']} + {text}"
    return text


def _cards(amount: Any) -> str:
    return f"{amount} card" if amount == 1 else f"{amount} cards"


def _mana(amount: Any, element: str | None) -> str:
    return f"{amount} {element} Mana" if element else f"{amount} Mana"


def describe_step(step: Mapping[str, Any]) -> str:
    """One step of an effect, as a sentence in our words."""
    op = step.get("op") or step.get("kind")
    if op == "handler":
        text = handler_summary(step["name"])
    elif op == "damage":
        text = f"{_amount(step, 'damage')} to {_target(step.get('target'))}"
        if step.get("unpreventable"):
            text += "; it cannot be prevented"
    elif op == "damage_repeated":
        once = {k: v for k, v in step.items() if k != "per"}
        text = (f"{_amount(once, 'damage')} to {_target(step.get('target'))}, then again for "
                f"each {_count(step['per'])} (counted first; each time its own instance and "
                "target)")
    elif op == "next_spell_gains":
        text = (f"its controller's next {step['element'].capitalize()} spell activated this "
                "turn gains these effects, after its own")
    elif op == "apply_from_discard":
        text = (f"apply the effects of one spell named {step['word']} from its controller's "
                "discard pile (not a copy of this card; it stays there)")
    elif op == "lose_hp":
        text = f"{_target(step.get('target'))} loses {_amount(step, 'HP')} (cannot be prevented)"
    elif op == "heal":
        text = f"{_target(step.get('target'))} gains {_amount(step, 'HP')}"
    elif op == "draw":
        unit = "card" if step.get("amount") == 1 else "cards"
        text = f"{_target(step.get('target'))} draws {_amount(step, unit)}"
    elif op == "discard_from_hand":
        text = (f"{_target(step.get('target'))} discards {_cards(step['amount'])} of their "
                "choice from hand")
    elif op == "pay_mana":
        text = (f"{_target(step.get('target'))} pays {_mana(step['amount'], None)} of their "
                "choice from their reserve into the Available Ether (as much as it holds; the "
                "Adversary has none)")
    elif op == "take_mana":
        where = "the Infinite Ether" if step.get("source") == "infinite" else "the Available Ether"
        text = f"take up to {_mana(step['amount'], step.get('element'))} from {where}"
    elif op == "add_mana":
        text = (f"add {_mana(step['amount'], step.get('element'))} from the Infinite Ether to "
                "the Available Ether")
    elif op == "pay_or_discard":
        cost = " + ".join(f"{n} {e}" for e, n in step["cost"].items())
        text = f"pay {cost} Mana from the reserve, or this card is discarded"
    elif op == "return_component":
        text = f"put one own {step['word']} component back into the deck"
        if "position" in step:
            text += f", position {step['position']} from the top"
    elif op == "distribute_damage":
        text = (f"{step['amount']} damage split as its controller chooses between up to "
                f"{step.get('max_targets', step['amount'])} targets")
    elif op == "destroy":
        text = f"destroy {_WHAT.get(step['what'], step['what'])}"
        if "side" in step:
            text += f" ({step['side']} side)"
        if step.get("optional"):
            text = "its controller may " + text
    elif op == "destroy_all":
        whose = "of every side" if step["whose"] == "every" else "of the Adversary"
        what = (f"every card in play that provides {step['word']}" if "word" in step
                else "every Permanent")
        text = f"destroy {what} {whose}; indestructible cards stay"
    elif op == "ability_cost":
        text = _ability_cost(step)
    elif op == "phase_out":
        text = f"phase out {_target(step.get('target'))} by {step['amount']}"
        if "amount_mn" in step:
            text += f" ({step['amount_mn']} when its controller is a Mage Noir)"
        text += ": that many cards from the bottom of their deck to their discard pile"
    elif op == "discard_to_deck":
        text = (f"the whole discard pile of {_target(step.get('target'))} is shuffled into its "
                "owner's deck")
    elif op == "return_from_discard":
        which = f"one card named {step['word']}" if "word" in step else "one card"
        text = f"return {which} from its controller's discard pile to their hand"
    elif op == "mill":
        text = f"its controller discards the top {_cards(step['amount'])} of their deck"
    elif op == "put_from_discard":
        zone = step.get("zone", "channeled")
        if step.get("top"):
            text = (f"if the top card of its controller's discard pile is a spell, put it "
                    f"into play {zone}, with no Mana")
        else:
            which = f"spells that provide {step['word']}" if "word" in step else "spells"
            text = (f"put up to {step['amount']} {which} from its controller's discard pile "
                    f"into play {zone}, with no Mana")
    elif op == "next_spell_component":
        text = (f"the next card its controller prepares this turn may use {step['amount']} "
                f"more {step['word']} component" + ("" if step["amount"] == 1 else "s"))
    elif op == "next_card_discount":
        element = step["element"].capitalize()
        text = (f"the next {element} card its controller prepares this turn costs "
                f"{step['amount']} {element} Mana less (never below 0)")
        if step.get("hp"):
            text += f"; a Permanent with HP enters with {step['hp']} more HP"
    elif op == "name_discount":
        text = (f"this turn the {step['word']} cards (named so, or Transmutable into it) its "
                f"controller prepares cost {step['amount']} less Mana of their own element "
                "(never below 0)")
        if step.get("draw"):
            text += f"; preparing one draws {_cards(step['draw'])}"
    elif op == "discard_component":
        word = f"{step['word']} " if "word" in step else ""
        text = (f"its controller discards {step['amount']} own {word}component"
                + ("" if step["amount"] == 1 else "s"))
    elif op in _LOCKED_LINES:
        text = _LOCKED_LINES[op](step)
    elif op == "search_deck":
        where = ("show it, shuffle, then put it on top of the deck" if step.get("on_top")
                 else "into hand, then shuffle")
        text = f"take one card named {step['word']} from the deck: {where}"
    elif op in ("apply_component", "apply_used_component", "discard_prepared",
                "recycle_discard"):
        text = _from_meaning(OPS[op][2], step)
        if step.get("then_discard"):
            text += ", then discard that component"
    elif op == "exile_from_discard":
        verb = "goes" if step["amount"] == 1 else "go"
        text = (f"the top {_cards(step['amount'])} of its controller's discard pile {verb} to "
                "their exile, out of the game")
    elif op == "exile_self":
        text = "this card leaves play for its owner's exile, out of the game"
    elif op in _STATIC_LINES:
        text = _STATIC_LINES[op](step)
    elif op in OPS:
        text = OPS[op][2]
    elif op in STATICS:
        text = _from_meaning(STATICS[op][2], step)
    else:
        text = str(op)
    if "if" in step:
        text += f", only if {_condition(step['if'])}"
    return text


def _cost_words(cost: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {element} Mana" for element, n in cost.items()) or "nothing"


def _ability_cost(step: Mapping[str, Any]) -> str:
    """The head of a generic ability: when, how often, what it costs."""
    costs = []
    if "cost" in step:
        mana = " + ".join(f"{n} {e}" for e, n in step["cost"].items())
        costs.append(f"put {mana} Mana from the reserve under this card" if step.get("lock")
                     else f"pay {mana} Mana")
    if step.get("discard"):
        costs.append(f"discard {_cards(step['discard'])}")
    if step.get("sacrifice"):
        costs.append("destroy this card")
    text = ("once per turn " if step.get("once_per_turn") else "") + _TIMING[step["timing"]]
    text = f"ability, {text}"
    return text + (", for its cost: " + ", ".join(costs) if costs else ", at no cost")


def _moved(step: Mapping[str, Any]) -> str:
    """``"1 water Mana"``, or ``"all the water Mana"`` without an amount."""
    if "amount" in step:
        return _mana(step["amount"], step.get("element"))
    return "all the " + " ".join(filter(None, (step.get("element"), "Mana")))


def _cost_text(step: Mapping[str, Any]) -> str:
    return " + ".join(f"{n} {e}" for e, n in step.get("cost", {}).items())


def _move_locked(step: Mapping[str, Any]) -> str:
    mana = f"{step.get('element', '')} Mana".strip()
    if step.get("from") == "components":
        how = f"up to {step['amount']}" if "amount" in step else "any amount of"
        return (f"move {how} {mana} locked under its controller's other {step['word']} "
                "components under this card")
    how = f"{step['amount']}" if "amount" in step else "all the"
    to = ("to its controller's reserve" if step.get("to") == "reserve"
          else "under another card of its controller")
    return f"move {how} {mana} locked under this card {to}"


#: The locked-Mana family's ops and statics in words (engine/rules/locked.py, returns.py).
_LOCKED_LINES = {
    "lock_mana": lambda s: f"lock {_amount(s, (s.get('element', '') + ' Mana').strip())} "
                           "under this card from "
                           + ("its controller's reserve" if s.get("source") == "reserve"
                              else "the Infinite Ether"),
    "release_mana": lambda s: f"this card releases {_amount(s, (s.get('element', '') + ' Mana').strip())} "
                              "into the Available Ether",
    "move_locked_mana": _move_locked,
    "set_hp": lambda s: f"this card's HP becomes {_amount(s, 'HP')}",
    "return_instead": lambda s: "it may go back to its controller's hand instead of the discard "
                                "pile" + (f", paying {_cost_text(s)} Mana" if "cost" in s else ""),
    "protector_if": lambda s: f"it has Protector while {_condition(s['if'])}"
                              + (f" (at least {s['at_least']})" if "at_least" in s else ""),
    "lock_cap": lambda s: f"Mana locked under it beyond {s['amount']} is released at once",
    "damage_cap": lambda s: f"its controller takes at most {s['amount']} damage at once",
    "damage_taken_increase": lambda s: f"each instance of damage its controller takes is "
                                       f"{s['amount']} more",
    "return_activated": lambda s: f"each {s['word']} spell its controller activates may go back "
                                  "to hand instead of the discard pile"
                                  + (f", paying {_cost_text(s)} Mana" if "cost" in s else ""),
    "pay_with_locked": lambda s: f"it may be paid with the Mana locked under its controller's "
                                 f"{s['word']} components",
}


def _cost_reduction(step: Mapping[str, Any]) -> str:
    which = "cards"
    if "card_element" in step:
        which = f"{step['card_element']} cards"
    if "word" in step:
        which += f" named {step['word']}"
    if "min_cost" in step:
        which += f" whose printed {step['element']} cost is at least {step['min_cost']}"
    amount, mn = step["amount"], step.get("amount_mn")
    mana = f"{step['element']} Mana"
    mn_text = f"no {mana}" if mn is not None and mn >= 99 else f"{mn} less {mana}"
    if amount == 0 and mn is not None:
        return f"{which} its controller prepares cost {mn_text} when it is a Mage Noir"
    text = f"{which} its controller prepares cost {amount} less {mana}"
    if mn is not None:
        text += f" ({mn_text} when it is a Mage Noir)"
    return text


_MODE_PHRASES = {"add": "{} more", "subtract": "{} less", "double": "doubled",
                 "reduce": "{} less, never below 0"}


def _changed_by(mode: str, amount: int) -> str:
    """How a number modifier changes each number, as a player says it ("1 less, never below
    0", "doubled"; "unchanged" for a change of 0)."""
    if mode != "double" and amount == 0:
        return "unchanged"
    return _MODE_PHRASES[mode].format(amount)


def _number_modifier(step: Mapping[str, Any]) -> str:
    which = f"an {step['card_type']}" if "card_type" in step else "a card"
    text = (f"every number in the effect of {which} prepared with this as a component is "
            + _changed_by(step["mode"], step.get("amount", 0)))
    if "mode_mn" in step or "amount_mn" in step:
        mode = step.get("mode_mn", step["mode"])
        text += (f" ({_changed_by(mode, step.get('amount_mn', step.get('amount', 0)))} when its "
                 "controller is a Mage Noir)")
    return text


def _prepare_from_discard(step: Mapping[str, Any]) -> str:
    text = "it may be prepared from its controller's discard pile"
    if step.get("unless_top"):
        text += " unless it is the top card there"
    if step.get("once_per_turn"):
        text += ", each copy once per turn"
    return text


def _damage_bonus(step: Mapping[str, Any]) -> str:
    source = " ".join(step[k] for k in ("source_element", "source_type") if k in step)
    text = f"damage from its controller's {source + ' ' if source else ''}cards is {step['amount']} more"
    if "amount_mn" in step:
        text += f" ({step['amount_mn']} when it is a Mage Noir)"
    return text


#: Static abilities whose vocabulary meaning reads better rewritten with their parameters.
_STATIC_LINES = {
    "quickcast": lambda s: "this spell has Quickcast (it may be activated outside its "
                           "controller's main phase)",
    "all_spells_slowcast": lambda s: "every spell has Slowcast while this is in play, unless "
                                     f"{_cost_words(s.get('cost', {}))} more is paid to prepare it",
    "self_cost_reduction": lambda s: f"this card costs {s['amount']} less {s['element']} Mana "
                                     "to prepare",
    "cost_reduction": _cost_reduction,
    "number_modifier": _number_modifier,
    "prepare_from_discard": _prepare_from_discard,
    "damage_bonus": _damage_bonus,
    "damage_reduction": lambda s: f"each instance of damage its controller takes is "
                                  f"{s['amount']} less",
    "ignore_damage_per_turn": lambda s: f"each turn, its controller ignores the first "
                                        f"{s['amount']} damage they would take",
    "fewer_components": lambda s: f"preparing this card requires {s['amount']} fewer "
                                  + ("component" if s["amount"] == 1 else "components"),
    "hand_size": lambda s: f"its controller's maximum hand size becomes {s['amount']}",
    "phase_out_bonus": lambda s: f"every phase out its controller does is {s['amount']} more",
    "alternative_component": lambda s: f"instead of the {s['word']} component, its controller "
                                       f"may discard a {s['discard_element']} card from hand",
    "ignore_damage_locked": lambda s: (f"each turn, its controller ignores up to X damage from "
                                       f"any source, X the {s['element']} Mana under their other "
                                       f"components (at most {s['max']}), fixed at the first "
                                       "damage of the turn"),
    "no_hp_gain": lambda s: "this Permanent cannot gain HP",
    "grant_protector": lambda s: (f"its controller's {s['card_element']} Permanents with HP "
                                  "have Protector"),
    "alternative_requirement": lambda s: (f"{s['amount']} {s['instead']} components may replace "
                                          f"the {s['word']} component"),
    "optional_component": lambda s: f"it may be prepared without its {s['word']} components",
    "protector_while_locks": lambda s: f"Protector while {s['element']} Mana is locked under it",
    # ops of the locked-Mana family and the surcharge, with their parameters in words
    "release_mana": lambda s: (f"release {_mana(s['amount'], s.get('element'))} locked under "
                               "this card into the Available Ether"),
    "move_locked_mana": lambda s: (f"move {_moved(s)} locked under this card under another "
                                   "card its controller has in play"),
    "return_instead": lambda s: ("its controller may pay "
                                 + " + ".join(f"{n} {e}" for e, n in s.get("cost", {}).items())
                                 + " Mana to return it to hand instead of the discard pile"),
    "component_cost_reduction": lambda s: (f"each {s['card_type']} its controller prepares with "
                                           f"this card as a component costs {s['amount']} less "
                                           f"{s['element']} Mana (never below 0)"),
    "return_from_pile": lambda s: ("while it is in its owner's discard pile, they may pay "
                                   + " + ".join(f"{n} {e}" for e, n in s["cost"].items())
                                   + " Mana to put it into their deck and shuffle it (offered "
                                   "when they end their main phase)"),
    "discard_top_to_deck": lambda s: (f"{_target(s['target'])} puts the top {s['amount']} cards "
                                      "of its discard pile into its deck, then shuffles it"),
    "swap_in_pile": lambda s: (f"two spells of the discard pile of {_target(s['target'])} "
                               "swap positions (its controller chooses them)"),
    "boost_equipment": lambda s: (f"one Equipment of its controller (their choice) deals "
                                  f"{s['amount']} more damage per instance while it stays in "
                                  "play"),
    "surcharge": lambda s: (f"until the start of its controller's next turn, {_target(s['target'])}"
                            f" pays {s['amount']} more {s['element']} Mana for each card prepared"),
}


def _from_meaning(meaning: str, step: Mapping[str, Any]) -> str:
    """The vocabulary's one-line meaning with the step's parameters put in its capitals
    (AMOUNT, WORD, ELEMENT, ...), and the ones it does not name listed after it."""
    text, rest = meaning, []
    for key, value in step.items():
        if key in ("op", "kind", "if"):
            continue
        capital = key.upper()
        shown = " + ".join(f"{n} {e}" for e, n in value.items()) if isinstance(value, Mapping) \
            else str(value)
        if re.search(rf"\b{capital}\b", text):
            text = re.sub(rf"\b{capital}\b", shown, text)
        elif key == "what":
            text = text.split(": what =")[0] + f" ({shown.replace('_', ' ')})"
        else:
            rest.append(f"{key.replace('_', ' ')} {shown}")
    return text + (f" ({', '.join(rest)})" if rest else "")


@functools.lru_cache(maxsize=1)
def _handler_docs() -> dict[str, str]:
    """What each handler does, by handler name: a step's or an ability's function docstring,
    a static's declared hook text (``declare.static(name, "hook: what it does")``). Parsed,
    not imported, so no compile is needed."""
    from simulator.engine.handlers.declare import read_declarations

    functions: dict[str, str] = {}
    for path in sorted(_ENGINE.rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (OSError, SyntaxError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name not in functions:
                doc = ast.get_docstring(node)
                if doc:
                    functions[node.name] = doc
    docs = dict(functions)  # a handler named after its function
    for handler in read_declarations():
        if handler.kind == "static":  # "hook: what it does", or "function below (...)"
            said = handler.hook.partition(": ")[2]
            docs[handler.name] = said or functions.get(handler.hook.split()[0], "")
        elif handler.function.partition(":")[2] in functions:
            docs[handler.name] = functions[handler.function.partition(":")[2]]
    return docs


#: A parenthesis that names the engine's internals (a ``double-backquoted`` name, a
#: :func: reference, a ZONE_CONSTANT or a module.function): left out of a summary.
_INTERNAL_ASIDE = re.compile(r"\s*\([^()]*(``|:func:|\b[A-Z]+_[A-Z_]+\b|\b[a-z_]+\.[a-z_]+\b|"
                             r"\b[a-z]+_[a-z_]+\b)[^()]*\)")
#: Where a static's declaration goes on to the other engine hooks it uses ("; damage.hit: ").
_OTHER_HOOK = re.compile(r";\s+[a-z_]+\.[a-z_]+:")


#: A summary's length at which no further sentence of the docstring is added.
SUMMARY_LENGTH = 300
#: A name of the engine's internals in a sentence (the asides above, unbracketed).
_INTERNAL_NAME = re.compile(r"``|:func:|\b[A-Z]+_[A-Z_]+\b|\b[a-z_]+\.[a-z_]+\b|\b[a-z]+_[a-z_]+\b")


def handler_summary(name: str) -> str:
    """What the handler does in a player's words: the first paragraph of its docstring (or
    of its static declaration) without the asides that name the engine's internals, its first
    sentence (up to the first clause naming them), then the next ones while they name none
    and the whole stays under :data:`SUMMARY_LENGTH` characters; or a plain line naming the
    handler."""
    doc = _handler_docs().get(name)
    if not doc:
        return f"engine code '{name}' (its behaviour is tested by name; no summary written yet)"
    paragraph = _TRIGGER_LABEL.sub("", " ".join(doc.split("\n\n")[0].split()))
    paragraph = _OTHER_HOOK.split(_INTERNAL_ASIDE.sub("", paragraph))[0]
    first, *others = re.split(r"(?<=\.)\s+(?=[A-Z(])", paragraph)
    kept = []
    for clause in re.split(r"(?<=[.:;])\s+(?=[A-Z(`])", first):
        if _INTERNAL_NAME.search(clause):
            if not kept:  # up to the last clause before the internal names
                head = clause[:_INTERNAL_NAME.search(clause).start()]
                cut = max(head.rfind(", "), head.rfind(" ("))
                kept.append(head[:cut] if cut > 0 else head)
            break
        kept.append(clause)
    text = " ".join(kept).rstrip(" .:;(")
    for sentence in others if len(kept) == len(re.split(r"(?<=[.:;])\s+(?=[A-Z(`])", first)) else ():
        if _INTERNAL_NAME.search(sentence) or len(text) + len(sentence) > SUMMARY_LENGTH:
            break
        text = f"{text}. {sentence.rstrip(' .')}"
    if text.endswith(")") and text.count(")") > text.count("("):  # the end of a cut aside
        text = text[:-1]
    if len(text) > 1 and text[1].islower():
        text = text[0].lower() + text[1:]
    return f"{text} (engine code '{name}')"


def describe_effect(card: Card) -> list[str]:
    """The card's effect data as lines: a heading per trigger, a line per step."""
    lines = []
    animal = ANIMAL_HEADINGS if card.type == "animal" else {}
    for trigger, steps in card.effect.items():
        lines.append(f"{animal.get(trigger) or TRIGGER_HEADINGS.get(trigger, trigger)}:")
        lines += [f"  - {describe_step(step)}" for step in steps]
    return lines


def card_facts(card: Card, simulated: bool) -> dict:
    """The card's facts and the engine's summary, JSON-ready (no printed text, no rulings)."""
    return {
        "id": card.id, "name_en": card.name_en, "name_fr": card.name_fr,
        "extension": card.extension, "extensions": list(card.extensions),
        "element": card.element, "type": card.type, "slot": card.slot,
        "cost": dict(card.cost), "cost_x_element": card.cost_x_element,
        "components_required": dict(card.components), "components_provided": list(card.provides),
        "hp": "X" if card.hp_is_x else card.hp,
        "keywords": [k for k in KEYWORDS if k in card.keywords],
        "copies_limit": card.copies_limit, "banned": card.banned,
        "invented": card.invented, "exhausts_animal": card.exhausts_animal,
        "simulated": simulated, "engine": describe_effect(card) if simulated else [],
    }


def format_card(card: Card, simulated: bool) -> str:
    """The text ``magenoir-sim card`` prints."""
    kind = f"{card.type} ({card.slot})" if card.slot else card.type
    hp = "X" if card.hp_is_x else ("-" if card.hp is None else str(card.hp))
    keywords = [k for k in KEYWORDS if k in card.keywords]
    provides = ", ".join(card.provides) or "-"
    for word, condition in card.provides_conditional:
        provides += f"; {word} when {condition.replace('_', ' ')}"
    copies = "banned (R2.5)" if card.banned else f"at most {card.copies_limit} in a deck"
    extensions = ", ".join(card.extensions) if card.extensions else card.extension
    lines = [f"{card.name_en} / {card.name_fr}  (id {card.id})",
             f"  extension    {extensions}",
             f"  element      {card.element}",
             f"  type         {kind}",
             f"  cost         {format_cost(card)}",
             f"  requires     {format_components(card)}",
             f"  provides     {provides}",
             f"  HP           {hp}",
             f"  keywords     {', '.join(keyword_label(k) for k in keywords) or '-'}",
             f"  copies       {copies}"]
    lines += [f"    {keyword_label(k)}: {KEYWORD_MEANINGS.get(k, '')}" for k in keywords]
    if card.invented:
        lines.append("  invented     ours, NOT an official card: an example to copy "
                     "(docs/animals.md)")
    if card.type == "animal":
        lines += ["  Animal       on top of the deck after the opening hand; into play face up "
                  "when drawn",
                  "               or discarded from the deck; while face up a component for "
                  "the words of its name;",
                  "               exhausted (face down) by some costs, regenerated at its "
                  "player's turn start"]
    if card.exhausts_animal:
        lines.append("  cost also    exhausts its player's Animal (face up only)")
    if simulated:
        lines += ["  simulated    yes: runs accept decks with it", "",
                  "How the engine plays it (our summary of its effect data, not the card's text):"]
        effect = describe_effect(card)
        lines += ["  " + line for line in effect] or ["  no effect beyond the facts above "
                                                      "(its component words, its keywords)"]
    else:
        lines += ["  simulated    no: the engine does not play it yet, so a run refuses a deck "
                  "that holds it"]
    return "\n".join(lines)


def show_card(name: str, db: CardDB | None = None, as_json: bool = False) -> str:
    """What ``magenoir-sim card NAME`` prints, as text or JSON: a player card, or else the
    Adversary cards of that name in the bundled scenarios (:mod:`simulator.adversary_sheet`);
    a user error suggests the closest names of both."""
    import json

    from simulator import adversary_sheet
    from simulator.engine.host.tables import implemented_cards

    db = db or load_cards()
    card = db.find(name)
    if card is None:
        found = adversary_sheet.find_adversary_cards(name)
        if not found:
            suggestions = db.suggest(name, n=3) + adversary_sheet.suggest(name)
            hint = f" (did you mean: {' or '.join(suggestions)}?)" if suggestions else ""
            raise UserError(f"unknown card {name!r}{hint}; magenoir-sim cards lists the players' "
                            "cards, magenoir-sim scenarios the Adversary's")
        if as_json:
            facts = [adversary_sheet.adversary_card_facts(s, c) for s, c in found]
            return json.dumps(facts[0] if len(facts) == 1 else facts, ensure_ascii=False, indent=1)
        return "\n\n".join(adversary_sheet.format_adversary_card(s, c) for s, c in found)
    simulated = card.id in implemented_cards(db)
    if as_json:
        return json.dumps(card_facts(card, simulated), ensure_ascii=False, indent=1)
    return format_card(card, simulated)
