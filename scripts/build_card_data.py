#!/usr/bin/env python3
"""Regenerate ``simulator/cards/data/*.toml`` (card facts) from the shared ``cards.json``.

Usage::

    .venv/bin/python scripts/build_card_data.py [CARDS_JSON] [--out DIR] [--check]

FACTS ONLY. The shared file holds the publisher's card text, rulings, flavour and artwork
links; none of it may be copied into the project. This script carries over names, element,
type, slot, HP, costs, component words, keywords (derived here from the card text, which is
then thrown away), copies limit and extension. Nothing else.

Effects are written by hand in the same files. When a file already exists, each card's
``effect`` table and ``effect_note`` key are kept: verbatim (comments
included) when they sit at the end of the card as the generator lays them out, otherwise
re-emitted canonically from their parsed value. An effect whose card id disappeared stops
the script, so hand-written work is never dropped silently. ``--check`` writes nothing and
exits 1 when a file would change (for CI).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from simulator.cards.model import COMPONENT_WORDS, ELEMENTS, EXTENSIONS  # noqa: E402
from simulator.cards.schema import validate_cards  # noqa: E402
from simulator.cards.vocabulary import KEYWORDS  # noqa: E402

DEFAULT_INPUT = REPO.parent / "shared" / "data" / "cards.json"
DEFAULT_OUT = REPO / "simulator" / "cards" / "data"
EFFECT_KEYS = ("effect_note", "effect")

# -- keywords -----------------------------------------------------------------------------
# A keyword is a fact when a paragraph of the card *starts* with it ("Quickcast (...)").
# Mid-sentence mentions ("1 prepared spell gains: Slowcast", "if you're a Mage Noir, this
# spell gains Quickcast") describe effects, not the card's own keyword, and are left to the
# hand-written effects. EN and FR are both read; a disagreement is reported.
KEYWORD_PATTERNS: dict[str, tuple[str, str]] = {
    "protector": (r"Protector\b", r"Protecteur\b"),
    "protector_if_mage_noir": (r"If you're a Mage Noir, this Permanent has Protector",
                               r"Si vous êtes Mage Noir, ce Permanent a Protecteur"),
    "unique": (r"Unique\b(?!,)", r"Unique\b(?!,)"),
    "unique_unless_mage_noir": (r"Unique, unless you're a Mage Noir",
                                r"Unique, sauf si vous êtes Mage Noir"),
    "quickcast": (r"Quickcast\b", r"Rapide\b"),
    "slowcast": (r"Slowcast\b", r"Lent\b"),
    "indestructible": (r"Indestructible\b", r"Indestructible\b"),
    "forge": (r"Forge\b", r"Forge\b"),
    "autumn": (r"Autumn\b", r"Automne\b"),
    "zenith": (r"Zenith\s*:", r"Zénith\s*:"),
    "mage_noir_only": (r"Can only be (prepared|equipped) by a Mage Noir",
                       r"Ne peut être (préparé|équipé) que par un Mage Noir"),
}
assert set(KEYWORD_PATTERNS) <= set(KEYWORDS)

# -- conditional components ---------------------------------------------------------------
# Shared conditions (prose) -> short tags the engine can switch on. A new prose condition
# stops the script until someone names it here.
CONDITION_TAGS: dict[str, str] = {
    "while at least 1 Fire Mana is locked under it": "fire_mana_locked",
    "while no Mana is locked under it": "no_mana_locked",
    "while you control 2 or more copies of Rock": "controls_2_copies",
    "until end of turn, after paying 1 Mineral Mana during your main phase":
        "ability_used_this_turn",
}
# Conditional components described only in the card rules / provides_note.
EXTRA_CONDITIONAL: dict[str, tuple[tuple[str, str], ...]] = {
    "rock_wall": (("Rock", "below_1_hp"),),  # re-channeled as a Rock component, not a Wall
    "water_drop": (("Drop", "extra_instance_once_per_turn"),),  # always if Mage Noir
}
# Prodigious sowing: up to 3 of your Seed components also count as Tree while it is in play.
SEED_BONUS = ("Tree", "by_prodigious_sowing")


def derive_keywords(card: dict) -> tuple[list[str], str | None]:
    """Keywords in KEYWORDS order, and a warning when EN and FR disagree; a card of the
    facts-only extract (``scripts/card_facts.py``) carries them already."""
    if "keywords" in card:
        return list(card["keywords"]), None
    found = []
    for lang_i, lang in enumerate(("en", "fr")):
        text = (card.get(f"effect_{lang}") or "").replace("\u2019", "'")
        paras = [p.strip() for p in text.splitlines() if p.strip()]
        found.append({k for k, pats in KEYWORD_PATTERNS.items()
                      if any(re.match(pats[lang_i], p) for p in paras)})
    en, fr = found
    warning = None if en == fr else f"{card['id']}: keywords EN {sorted(en)} != FR {sorted(fr)}"
    return [k for k in KEYWORDS if k in en | fr], warning


def derive_conditional(card: dict) -> list[dict[str, str]]:
    out = []
    for entry in card.get("provides_conditional") or []:
        condition = entry["condition"]
        if condition in CONDITION_TAGS.values():  # the facts-only extract holds the tag
            out.append({"word": entry["word_en"], "condition": condition})
            continue
        if condition not in CONDITION_TAGS:
            raise SystemExit(f"{card['id']}: name the condition {condition!r} "
                             "in CONDITION_TAGS")
        out.append({"word": entry["word_en"], "condition": CONDITION_TAGS[condition]})
    out += [{"word": w, "condition": c} for w, c in EXTRA_CONDITIONAL.get(card["id"], ())]
    if "Seed" in card["provides_en"]:
        out.append({"word": SEED_BONUS[0], "condition": SEED_BONUS[1]})
    return out


def card_facts(card: dict) -> tuple[dict[str, Any], list[str]]:
    """The fact table of one card, in file key order (optional keys only when set)."""
    keywords, warning = derive_keywords(card)
    facts: dict[str, Any] = {"id": card["id"], "name_en": card["name_en"],
                             "name_fr": card["name_fr"]}
    if card.get("aliases_en"):
        facts["aliases_en"] = list(card["aliases_en"])
    facts["element"] = card["element"]
    facts["type"] = card["type"]
    if card.get("subtype"):
        facts["slot"] = card["subtype"]
    if card.get("hp") is not None:
        facts["hp"] = card["hp"]
    if card.get("hp_is_x"):
        facts["hp_is_x"] = True
    facts["cost"] = {e: card["cost"][e] for e in ELEMENTS if e in card["cost"]}
    if card.get("cost_x_element"):
        facts["cost_x_element"] = card["cost_x_element"]
    facts["components"] = {w: card["components"][w] for w in COMPONENT_WORDS
                           if w in card["components"]}
    facts["provides"] = list(card["provides_en"])
    conditional = derive_conditional(card)
    if conditional:
        facts["provides_conditional"] = conditional
    if card.get("name_tags_en"):
        facts["name_tags"] = list(card["name_tags_en"])
    facts["keywords"] = keywords
    facts["copies_limit"] = card["copies_limit"]
    if card.get("banned"):
        facts["banned"] = True
    facts["extension"] = card["extension"]
    if len(card.get("extensions") or []) > 1:
        facts["extensions"] = list(card["extensions"])
    return facts, [warning] if warning else []


# -- a small TOML emitter -----------------------------------------------------------------
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else toml_value(key)


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"')
        escaped = "".join(c if ord(c) >= 0x20 and c != "\x7f" else f"\\u{ord(c):04x}"
                          for c in escaped)
        return f'"{escaped}"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {value!r} as TOML")


def emit_effect_keys(keys: dict[str, Any]) -> str:
    """``effect_note`` then ``effect.TRIGGER = [ ... ]`` dotted keys."""
    lines = [f"effect_note = {toml_value(keys['effect_note'])}"] if "effect_note" in keys else []
    effect = keys.get("effect")
    if effect is not None and not effect:
        lines.append("effect = {}")
    for trigger, steps in (effect or {}).items():
        if isinstance(steps, list) and steps:
            lines.append(f"effect.{toml_key(trigger)} = [")
            lines += [f"  {toml_value(step)}," for step in steps]
            lines.append("]")
        else:
            lines.append(f"effect.{toml_key(trigger)} = {toml_value(steps)}")
    return "\n".join(lines)


# -- keeping hand-written effects -----------------------------------------------------------
_CARD_HEADER = re.compile(r"(?m)^\[\[card\]\][ \t]*(?:#.*)?$")
_EFFECT_LINE = re.compile(r'^\s*"?effect(?:_note)?"?\s*[.=]')


def _effect_tail(chunk: str) -> str:
    """The text of a card chunk from its first effect key (and the comments just above it)."""
    lines = chunk.splitlines()
    start = next((i for i, line in enumerate(lines) if _EFFECT_LINE.match(line)), None)
    if start is None:
        return ""
    while start > 0 and lines[start - 1].lstrip().startswith("#"):
        start -= 1
    return "\n".join(lines[start:]).rstrip()


def read_effects(paths: list[Path]) -> dict[str, str]:
    """card id -> the text of its effect keys, taken from existing data files."""
    blocks: dict[str, str] = {}
    for path in paths:
        if not path.exists():
            continue
        text = path.read_text(encoding="utf-8")
        parsed = tomllib.loads(text)
        tails = {}
        for chunk in _CARD_HEADER.split(text)[1:]:
            try:
                cid = tomllib.loads(chunk).get("id")
            except tomllib.TOMLDecodeError:
                continue
            tails[cid] = _effect_tail(chunk)
        for card in parsed.get("card", []):
            keys = {k: card[k] for k in EFFECT_KEYS if k in card}
            if not keys:
                continue
            if card["id"] in blocks:
                raise SystemExit(f"{path.name}: {card['id']}: effect declared twice")
            tail = tails.get(card["id"], "")
            try:
                verbatim = bool(tail) and tomllib.loads(tail) == keys
            except tomllib.TOMLDecodeError:
                verbatim = False
            blocks[card["id"]] = tail if verbatim else emit_effect_keys(keys)
    return blocks


# -- files -------------------------------------------------------------------------------
def header(ext_en: str, ext_fr: str, count: int) -> str:
    return "\n".join([
        f"# Mage Noir cards: {ext_en} ({ext_fr}), {count} cards.",
        "#",
        "# GENERATED FACTS from the card catalogue cards.json (not shipped) by scripts/build_card_data.py.",
        "# Regenerate: .venv/bin/python scripts/build_card_data.py [path/to/cards.json]",
        "# Facts only: no card text, rulings or flavour are stored here (they belong to the",
        "# publisher). Fix a fact in the shared data and regenerate; do not edit it here.",
        "#",
        "# HAND-WRITTEN EFFECTS: the `effect.*` and `effect_note` keys at the end of a card are",
        "# written by hand (vocabulary: simulator/cards/vocabulary.py; `effect_note`: the",
        "# readings of the card's rulings). The generator keeps them unchanged, comments included.",
        "",
    ])


def render_file(ext: tuple[str, str, str], cards: list[dict], effects: dict[str, str]) -> str:
    out = [header(ext[0], ext[1], len(cards))]
    for facts in cards:
        lines = ["[[card]]"] + [f"{toml_key(k)} = {toml_value(v)}" for k, v in facts.items()]
        if effects.get(facts["id"]):
            lines.append(effects[facts["id"]])
        out.append("\n".join(lines) + "\n")
    return "\n".join(out)


def build(source: Path, out_dir: Path, check: bool = False) -> int:
    data = json.loads(source.read_text(encoding="utf-8"))
    words = tuple(w["en"] for w in data["component_words"])
    if words != COMPONENT_WORDS:
        raise SystemExit("component words differ from simulator.cards.model.COMPONENT_WORDS")
    targets = {ext[0]: out_dir / f"{ext[2]}.toml" for ext in EXTENSIONS}
    unknown = {c["extension"] for c in data["cards"]} - set(targets)
    if unknown:
        raise SystemExit(f"unknown extensions {sorted(unknown)}: add them to model.EXTENSIONS")
    # the official extensions' files only: hand-written files (animals.toml) are not generated
    effects = read_effects(sorted(p for p in targets.values() if p.exists()))
    orphans = set(effects) - {c["id"] for c in data["cards"]}
    if orphans:
        raise SystemExit(f"hand-written effects for unknown card ids {sorted(orphans)}; "
                         "rename them in the data files first")
    per_ext: dict[str, list[dict]] = {ext[0]: [] for ext in EXTENSIONS}
    for card in data["cards"]:
        facts, warnings = card_facts(card)
        for w in warnings:
            print(f"warning: {w}", file=sys.stderr)
        per_ext[card["extension"]].append(facts)

    texts, problems, seen = {}, [], {}
    for ext in EXTENSIONS:
        path = targets[ext[0]]
        texts[path] = render_file(ext, per_ext[ext[0]], effects)
        parsed = tomllib.loads(texts[path])["card"]  # the emitter's own round trip
        problems += validate_cards(parsed, path.name, seen)
        for facts, got in zip(per_ext[ext[0]], parsed, strict=True):
            if {k: got.get(k) for k in facts} != facts:
                problems.append(f"{path.name}: {facts['id']}: facts do not round-trip")
    if problems:  # nothing is written unless every file is valid
        raise SystemExit("generated data is invalid:\n" + "\n".join(problems))
    changed = [p for p, t in texts.items()
               if not p.exists() or p.read_text(encoding="utf-8") != t]
    if not check:
        for path in changed:
            path.write_text(texts[path], encoding="utf-8")
    total = sum(len(v) for v in per_ext.values())
    verb = "would change" if check else "written"
    print(f"{total} cards, {len(effects)} hand-written effects kept; "
          f"{len(changed)} file(s) {verb}: {', '.join(p.name for p in changed) or 'none'}")
    return 1 if check and changed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", nargs="?", type=Path, default=DEFAULT_INPUT,
                        help=f"the shared cards.json (default {DEFAULT_INPUT})")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="data directory")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a file would change")
    args = parser.parse_args(argv)
    return build(args.source, args.out, check=args.check)


if __name__ == "__main__":
    sys.exit(main())
