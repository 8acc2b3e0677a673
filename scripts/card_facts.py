#!/usr/bin/env python3
"""Write ``tests/data/card_facts.json``, the facts-only extract of the shared ``cards.json``,
and check that no card text reached the project's data files.

Usage::

    .venv/bin/python scripts/card_facts.py [CARDS_JSON] [--check]

Why: the shared file (``../shared/data/cards.json``) holds the publisher's card text, rulings,
flavour and artwork links, so it cannot ship with the project, and the tests that compared
the bundled card data with it were skipped wherever it is absent (a clean CI machine). The
extract keeps the facts the card data is built from (names, element, type, slot, HP, costs,
component words, name tags, copies limit, extension) and, instead of the text, the keywords
and the conditional words' condition tags the generator derives from it
(``build_card_data.py``); the tests build the data from it on any machine. It also keeps how
many official rulings each card has (``rulings``, a count: the rulings' text stays out), so the
ledger of rulings (``tests/data/rulings.toml``, ``scripts/rulings_ledger.py``) is checked
complete everywhere.

The check that no sentence of card text, ruling or flavour sits in the data files needs the
text itself: it runs here, in the workspace that has the shared file, every time (``--check``
also exits 1 when the extract is out of date).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_INPUT = REPO.parent / "shared" / "data" / "cards.json"
OUT = REPO / "tests" / "data" / "card_facts.json"
#: the card keys the extract keeps (facts); everything else (text, rulings, flavour, artist,
#: images, French layout words the data files do not use) is left out
FACT_KEYS = ("id", "name_en", "name_fr", "aliases_en", "element", "type", "subtype", "hp",
             "hp_is_x", "cost", "cost_x_element", "components", "provides_en", "name_tags_en",
             "extension", "extensions", "copies_limit", "banned")
#: the card keys of prose, searched for in the data files
PROSE_KEYS = ("effect_en", "effect_fr", "flavor_en", "flavor_fr")
PROSE_LISTS = ("notes_en", "notes_fr")


def _builder():
    spec = importlib.util.spec_from_file_location("build_card_data",
                                                  REPO / "scripts" / "build_card_data.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def extract(shared: dict) -> dict:
    """The facts-only form of the shared data."""
    builder = _builder()
    cards = []
    for card in shared["cards"]:
        facts = {k: card[k] for k in FACT_KEYS if k in card}
        facts["keywords"], _ = builder.derive_keywords(card)
        facts["rulings"] = len(card.get("notes_en") or [])
        facts["provides_conditional"] = [
            {"word_en": e["word_en"], "condition": builder.CONDITION_TAGS[e["condition"]]}
            for e in card.get("provides_conditional") or []]
        cards.append(facts)
    return {"schema_version": shared["schema_version"],
            "component_words": shared["component_words"],
            "name_tag_words": shared["name_tag_words"], "cards": cards}


def text_in_data_files(shared: dict) -> list[str]:
    """Sentences of card text (25 characters or more), artists and image links found in the
    bundled data files or in the ledger of rulings (which says them in our own words): each
    a problem."""
    from simulator.cards.loader import card_file_names

    data_dir = REPO / "simulator" / "cards" / "data"
    files = [data_dir / n for n in card_file_names()] + [REPO / "tests" / "data" / "rulings.toml"]
    text = "\n".join(f.read_text(encoding="utf-8") for f in files if f.exists())
    found = []
    for card in shared["cards"]:
        prose = [card[k] for k in PROSE_KEYS] + [n for k in PROSE_LISTS for n in card[k]]
        for block in filter(None, prose):
            for sentence in block.replace("\n", ". ").split(". "):
                if len(sentence) >= 25 and sentence in text:
                    found.append(f"{card['id']}: {sentence!r}")
        for mark in (card["illustrator"], card["image_en"]):
            if mark and mark in text:
                found.append(f"{card['id']}: {mark!r}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", nargs="?", type=Path, default=DEFAULT_INPUT)
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if the extract is out of date")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO))
    shared = json.loads(args.source.read_text(encoding="utf-8"))
    problems = text_in_data_files(shared)
    for problem in problems:
        print(f"card text in the data files: {problem}", file=sys.stderr)
    text = json.dumps(extract(shared), ensure_ascii=False, indent=1) + "\n"
    stale = not OUT.exists() or OUT.read_text(encoding="utf-8") != text
    if args.check:
        print(f"{OUT.relative_to(REPO)}: {'out of date' if stale else 'up to date'}")
    elif stale:
        OUT.write_text(text, encoding="utf-8")
        print(f"wrote {OUT.relative_to(REPO)}")
    return 1 if problems or (args.check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
