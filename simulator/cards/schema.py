"""Validation of card tables and effect tables, as parsed from TOML.

The loader refuses to build a database from data that does not pass, so the engine can
trust every name it meets (an element is on the element axis, an op is implemented, a word
has a bit). Validators return a list of problems instead of raising at the first one: a
maintainer fixing a data file wants every problem at once. Each problem names where it is
(``file: card id:``) and what is wrong. :func:`validate_effect` is public because scenario
files write Adversary cards in the same vocabulary.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from simulator.cards.model import (
    CARD_TYPES,
    COMPONENT_WORDS,
    ELEMENTS,
    EXTENSION_NAMES,
    INVENTED_EXTENSION,
    NAME_TAG_WORDS,
    SLOTS,
)
from simulator.cards.vocabulary import (
    ABILITY_TIMINGS,
    ANIMAL_STATICS,
    ANIMAL_TRIGGERS,
    CONDITIONS,
    COUNTS,
    DESTROY_WHAT,
    DESTROY_WHOSE,
    ELEMENT_SUFFIXED,
    KEYWORDS,
    LOCK_SOURCES,
    MOVE_FROM,
    MOVE_TO,
    NAME_KEYED,
    NUMBER_MODES,
    OPS,
    PUT_ZONES,
    REF_SUFFIX,
    STATICS,
    TARGETS,
    TRIGGERS,
)

_REQUIRED = ("id", "name_en", "name_fr", "element", "type", "cost", "components", "provides",
             "copies_limit", "extension")
_OPTIONAL = ("aliases_en", "slot", "hp", "hp_is_x", "cost_x_element", "provides_conditional",
             "name_tags", "keywords", "banned", "extensions", "effect", "effect_note",
             "invented", "exhausts_animal")
_WORDS = frozenset(COMPONENT_WORDS) | frozenset(NAME_TAG_WORDS)
_COMPONENT_WORDS = frozenset(COMPONENT_WORDS)
_TAKE_SOURCES = ("available", "infinite")
_INT_PARAMS = ("amount", "amount_mn", "max_targets", "position", "at_least", "discard", "max",
               "plus", "amount_alt", "hp", "draw")
_BOOL_PARAMS = ("sacrifice", "once_per_turn", "lock", "optional", "top", "on_top")
#: What a printed card could hold (99: "all of it", e.g. every card of a hand); the engine's
#: counters hold far more, but a value outside these is a typing slip, not a card.
INT_BOUNDS = {"amount": (0, 99), "amount_mn": (0, 99), "max_targets": (1, 20), "position": (0, 40),
              "at_least": (1, 20), "discard": (0, 9), "max": (0, 99), "plus": (0, 99),
              "amount_alt": (0, 99), "hp": (0, 20), "draw": (0, 9)}
_ELEMENT_PARAMS = ("element", "card_element", "source_element", "discard_element")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_str_list(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value)


def _unknown(value: Any, allowed: Iterable[str]) -> str:
    return f"unknown {value!r} (expected one of: {', '.join(allowed)})"


def validate_card(card: Mapping[str, Any], where: str) -> list[str]:
    """Problems with one ``[[card]]`` table; ``where`` is the file name (or a scenario)."""
    cid = card.get("id")
    at = f"{where}: {cid if isinstance(cid, str) else '<card without id>'}"
    problems = [f"{at}: missing key '{k}'" for k in _REQUIRED if k not in card]
    problems += [f"{at}: unknown key '{k}'" for k in card if k not in _REQUIRED + _OPTIONAL]

    def check(key: str, ok: bool, what: str) -> None:
        if key in card and not ok:
            problems.append(f"{at}: '{key}' {what}, got {card[key]!r}")

    for key in ("id", "name_en", "name_fr", "extension", "effect_note"):
        check(key, isinstance(card.get(key), str) and card.get(key) != "",
              "must be a non-empty string")
    check("element", card.get("element") in ELEMENTS, f"must be one of {', '.join(ELEMENTS)}")
    check("type", card.get("type") in CARD_TYPES, f"must be one of {', '.join(CARD_TYPES)}")
    check("slot", card.get("slot") in SLOTS, f"must be one of {', '.join(SLOTS)}")
    if card.get("type") == "equipment" and "slot" not in card:
        problems.append(f"{at}: Equipment needs a 'slot'")
    if "slot" in card and card.get("type") != "equipment":
        problems.append(f"{at}: only Equipment has a 'slot'")
    check("hp", _is_int(card.get("hp")) and card.get("hp") >= 0, "must be an int >= 0")
    if ("hp" in card or card.get("hp_is_x")) and card.get("type") != "permanent":
        problems.append(f"{at}: only Permanents have HP")
    for key in ("hp_is_x", "banned", "invented", "exhausts_animal"):
        check(key, isinstance(card.get(key), bool), "must be true or false")
    check("cost_x_element", card.get("cost_x_element") in ELEMENTS,
          f"must be one of {', '.join(ELEMENTS)}")
    check("copies_limit", _is_int(card.get("copies_limit")) and card.get("copies_limit") >= 0,
          "must be an int >= 0")
    problems += _check_counts(card.get("cost", {}), ELEMENTS, f"{at}: cost")
    problems += _check_counts(card.get("components", {}), COMPONENT_WORDS, f"{at}: components")
    for key in ("aliases_en", "extensions"):
        check(key, _is_str_list(card.get(key)), "must be a list of strings")
    check("name_tags", _is_str_list(card.get("name_tags"))
          and all(w in NAME_TAG_WORDS for w in card.get("name_tags", ())),
          f"must be a list of name tags from: {', '.join(NAME_TAG_WORDS)}")
    check("provides", _is_str_list(card.get("provides"))
          and all(w in COMPONENT_WORDS for w in card.get("provides", ())),
          "must be a list of component words")
    check("keywords", _is_str_list(card.get("keywords"))
          and all(k in KEYWORDS for k in card.get("keywords", ())),
          f"must be a list of keywords from: {', '.join(KEYWORDS)}")
    animal = card.get("type") == "animal"
    if card.get("invented") is True:
        check("extension", card.get("extension") == INVENTED_EXTENSION,
              f"of an invented card must be {INVENTED_EXTENSION!r}")
    elif not animal:  # an Animal names its box, which the official data does not list
        check("extension", card.get("extension") in EXTENSION_NAMES,
              f"must be one of {', '.join(EXTENSION_NAMES)}")
    if animal:
        problems += _check_animal(card, at)
    if _is_str_list(card.get("extensions")) and not animal:
        check("extensions", all(e in EXTENSION_NAMES for e in card["extensions"])
              and card.get("extension") in card["extensions"],
              "must list known extensions, the card's 'extension' included")
    problems += _check_conditional(card.get("provides_conditional", []), at)
    if "effect" in card:
        problems += validate_effect(card["effect"], at)
    return problems


def _check_animal(card: Mapping[str, Any], at: str) -> list[str]:
    """What an Animal may not have (Animal Aenigma rulesheet, docs/animals.md): it is never
    prepared (no cost, no components), has no HP, one per deck, and its effect uses the
    triggers and statics an Animal in play can have, in the vocabulary alone."""
    problems = []
    if card.get("cost") or card.get("components") or "cost_x_element" in card:
        problems.append(f"{at}: an Animal is never prepared: its cost and components must be {{}}")
    if card.get("copies_limit") != 1:
        problems.append(f"{at}: an Animal's copies_limit must be 1 (one Animal per deck, R2.3)")
    if card.get("exhausts_animal"):
        problems.append(f"{at}: 'exhausts_animal' is a cost of spells, not of an Animal")
    effect = card.get("effect", {})
    if not isinstance(effect, Mapping):
        return problems
    for trigger, steps in effect.items():
        if trigger not in ANIMAL_TRIGGERS:
            problems.append(f"{at}: effect.{trigger}: an Animal's effect uses only "
                            f"{', '.join(sorted(ANIMAL_TRIGGERS))}")
            continue
        for step in steps if isinstance(steps, (list, tuple)) else ():
            if not isinstance(step, Mapping):
                continue
            name = step.get("kind" if trigger == "static" else "op")
            if name == "handler":
                problems.append(f"{at}: effect.{trigger}: an Animal is written in the "
                                "vocabulary alone (no handler)")
            elif trigger == "static" and name not in ANIMAL_STATICS:
                problems.append(f"{at}: effect.static: {name!r} is not a static an Animal can "
                                f"have ({', '.join(sorted(ANIMAL_STATICS))})")
            elif name == "ability_cost" and (step.get("sacrifice") or step.get("lock")):
                problems.append(f"{at}: effect.ability: an Animal's ability costs Mana (and "
                                "discards), never a sacrifice or Mana locked under it")
    return problems


def _check_counts(value: Any, allowed: Sequence[str], at: str) -> list[str]:
    if not isinstance(value, Mapping):
        return [f"{at} must be a table of name = count, got {value!r}"]
    problems = [f"{at}: {_unknown(k, allowed)}" for k in value if k not in allowed]
    problems += [f"{at}: {k} must be an int >= 0, got {v!r}" for k, v in value.items()
                 if not (_is_int(v) and v >= 0)]
    return problems


def _check_conditional(value: Any, at: str) -> list[str]:
    if not isinstance(value, (list, tuple)):
        return [f"{at}: 'provides_conditional' must be a list of tables, got {value!r}"]
    problems = []
    for entry in value:
        if not (isinstance(entry, Mapping) and set(entry) == {"word", "condition"}
                and entry["word"] in COMPONENT_WORDS and isinstance(entry["condition"], str)
                and entry["condition"]):
            problems.append(f"{at}: 'provides_conditional' entries must be "
                            f"{{word = <component word>, condition = <tag>}}, got {entry!r}")
    return problems


def validate_effect(effect: Any, where: str) -> list[str]:
    """Problems with one ``effect`` table (trigger -> steps, plus ``static``).

    ``where`` prefixes every problem, e.g. ``"base_game.toml: fire_ball"``.
    """
    if not isinstance(effect, Mapping):
        return [f"{where}: effect must be a table of trigger = [steps], got {effect!r}"]
    problems = []
    for trigger, steps in effect.items():
        at = f"{where}: effect.{trigger}"
        if trigger != "static" and trigger not in TRIGGERS:
            problems.append(f"{at}: {_unknown(trigger, TRIGGERS + ('static',))}")
            continue
        if not isinstance(steps, (list, tuple)):
            problems.append(f"{at}: must be a list of tables, got {steps!r}")
            continue
        key, table = ("kind", STATICS) if trigger == "static" else ("op", OPS)
        for i, step in enumerate(steps):
            problems += _check_step(step, key, table, f"{at}[{i}]")
            if (isinstance(step, Mapping) and step.get("op") == "ability_cost"
                    and (trigger != "ability" or i != 0)):
                problems.append(f"{at}[{i}]: op ability_cost must be the first step of "
                                "effect.ability")
    return problems


def _check_step(step: Any, key: str, table: Mapping, at: str) -> list[str]:
    if not isinstance(step, Mapping):
        return [f"{at}: must be a table with '{key}', got {step!r}"]
    name = step.get(key)
    if name not in table:
        return [f"{at}: {key} {_unknown(name, table)}"]
    at = f"{at} ({key} {name})"
    required, optional, _meaning = table[name]
    problems = [f"{at}: missing parameter '{p}'" for p in sorted(required) if p not in step]
    allowed = required | optional | {key, "if"}
    problems += [f"{at}: unknown parameter '{p}' (allowed: {', '.join(sorted(allowed - {key}))})"
                 for p in step if p not in allowed]
    return problems + _check_values(step, at)


def _check_values(step: Mapping, at: str) -> list[str]:
    """Value checks for the parameters whose values come from a closed set."""
    problems = []

    def bad(param: str, expected: str) -> None:
        problems.append(f"{at}: '{param}' {expected}, got {step[param]!r}")

    for p in _INT_PARAMS:
        if p in step and not _is_int(step[p]):
            bad(p, "must be an integer")
        elif p in step and not INT_BOUNDS[p][0] <= step[p] <= INT_BOUNDS[p][1]:
            bad(p, "must be between {} and {}".format(*INT_BOUNDS[p]))
    for p in _BOOL_PARAMS:
        if p in step and not isinstance(step[p], bool):
            bad(p, "must be true or false")
    if "timing" in step and step["timing"] not in ABILITY_TIMINGS:
        bad("timing", f"must be one of {', '.join(ABILITY_TIMINGS)}")
    for p in _ELEMENT_PARAMS:
        if p in step and step[p] not in ELEMENTS:
            bad(p, f"must be one of {', '.join(ELEMENTS)}")
    if "target" in step and step["target"] not in TARGETS:
        bad("target", f"must be one of {', '.join(TARGETS)}")
    name_keyed = step.get("op", step.get("kind")) in NAME_KEYED
    if "word" in step and step["word"] not in (_WORDS if name_keyed else _COMPONENT_WORDS):
        bad("word", "must be a component word or name tag" if name_keyed
            else "must be a component word (a name tag is a key of search and cost effects only)")
    if "instead" in step and step["instead"] not in COMPONENT_WORDS:
        bad("instead", "must be a component word")
    if "source_type" in step and step["source_type"] not in CARD_TYPES:
        bad("source_type", f"must be one of {', '.join(CARD_TYPES)}")
    if step.get("op") == "destroy" and "what" in step and step["what"] not in DESTROY_WHAT:
        bad("what", f"must be one of {', '.join(DESTROY_WHAT)}")
    if "whose" in step and step["whose"] not in DESTROY_WHOSE:
        bad("whose", f"must be one of {', '.join(DESTROY_WHOSE)}")
    for p in ("mode", "mode_mn"):
        if p in step and step[p] not in NUMBER_MODES:
            bad(p, f"must be one of {', '.join(NUMBER_MODES)}")
    if "card_type" in step and step["card_type"] not in CARD_TYPES:
        bad("card_type", f"must be one of {', '.join(CARD_TYPES)}")
    if "zone" in step and step["zone"] not in PUT_ZONES:
        bad("zone", f"must be one of {', '.join(PUT_ZONES)}")
    for p in ("unless_top", "once_per_turn"):
        if p in step and not isinstance(step[p], bool):
            bad(p, "must be true or false")
    if step.get("op") == "take_mana" and "source" in step and step["source"] not in _TAKE_SOURCES:
        bad("source", f"must be one of {', '.join(_TAKE_SOURCES)}")
    if step.get("op") == "lock_mana" and "source" in step and step["source"] not in LOCK_SOURCES:
        bad("source", f"must be one of {', '.join(LOCK_SOURCES)}")
    for p, names in (("from", MOVE_FROM), ("to", MOVE_TO)):
        if p in step and step[p] not in names:
            bad(p, f"must be one of {', '.join(names)}")
    if step.get("op") == "move_locked_mana" and step.get("from") == "components" and (
            step.get("to", "own_card") != "this" or "word" not in step):
        problems.append(f"{at}: from = 'components' needs to = 'this' and a word")
    if "cost" in step:
        problems += _check_counts(step["cost"], ELEMENTS, f"{at}: cost")
    if "name" in step and not (isinstance(step["name"], str) and step["name"]):
        bad("name", "must be a non-empty string")
    if ("amount_alt" in step) != ("alt_if" in step):
        problems.append(f"{at}: amount_alt and alt_if go together")
    for p, names in (("if", CONDITIONS), ("alt_if", CONDITIONS), ("per", COUNTS)):
        if p in step and not _valid_ref(step[p], names):
            bad(p, f"must be one of {', '.join(names)} (with ':WORD' where it takes a component "
                   "word, ':ELEMENT' after locked_on_this, no_mana_locked, locks, opponent_reserve)")
    return problems


def _valid_ref(value: Any, names: Mapping[str, str]) -> bool:
    """``"controls_component:Breath"``: a known name, and a known word after a colon (a
    number or an element for the names of ``REF_SUFFIX``)."""
    if not isinstance(value, str):
        return False
    name, sep, word = value.partition(":")
    if name in ELEMENT_SUFFIXED:
        return name in names and (not sep or word in ELEMENTS) and (sep or name != "locks")
    suffix = REF_SUFFIX.get(name)
    if suffix == "number":
        return name in names and word.isdigit() and int(word) >= 1
    if suffix == "element":
        return name in names and word in ELEMENTS
    return name in names and (not sep or word in _COMPONENT_WORDS)


def validate_cards(cards: Sequence[Any], where: str, seen: dict[str, str]) -> list[str]:
    """Problems with the ``card`` array of one file; ``seen`` maps ids to the file that
    declared them first, so duplicates across files are reported too."""
    if not isinstance(cards, (list, tuple)) or not cards:
        return [f"{where}: expected a non-empty array of [[card]] tables"]
    problems = []
    for card in cards:
        if not isinstance(card, Mapping):
            problems.append(f"{where}: every [[card]] must be a table, got {card!r}")
            continue
        problems += validate_card(card, where)
        cid = card.get("id")
        if isinstance(cid, str):
            if cid in seen:
                problems.append(f"{where}: {cid}: duplicate id (first declared in {seen[cid]})")
            else:
                seen[cid] = where
    return problems
