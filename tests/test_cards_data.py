"""The bundled card data against the card facts, and the generator that writes it.

The facts come from the shared ``cards.json`` (outside the repository: it holds the
publisher's text) through its facts-only extract ``tests/data/card_facts.json``, written by
``scripts/card_facts.py``, which also checks that no card text reached the data files. The
extract ships with the tests, so every check here runs on any machine.
"""

from __future__ import annotations

import json
import pickle
import shutil
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from project_scripts import load_script

from simulator.cards import CARD_TYPES, ELEMENTS, load_cards
from simulator.cards.loader import data_file_names
from simulator.cards.model import EXTENSION_NAMES

REPO = Path(__file__).resolve().parents[1]
FACTS = REPO / "tests" / "data" / "card_facts.json"
DATA_DIR = REPO / "simulator" / "cards" / "data"
#: what a card of the extract may hold: facts, and what the generator derives from the text
EXTRACT_KEYS = {"id", "name_en", "name_fr", "aliases_en", "element", "type", "subtype", "hp",
                "hp_is_x", "cost", "cost_x_element", "components", "provides_en",
                "name_tags_en", "extension", "extensions", "copies_limit", "banned",
                "keywords", "provides_conditional", "rulings"}


@pytest.fixture(scope="module")
def shared() -> dict:
    return json.loads(FACTS.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def builder():
    return load_script("build_card_data")


def test_every_static_fact_matches_the_shared_data(shared):
    db = load_cards()
    assert len(db.official) == len(shared["cards"]) == 205
    for ref in shared["cards"]:
        card = db.by_id[ref["id"]]
        got = {
            "name_en": card.name_en, "name_fr": card.name_fr, "element": card.element,
            "type": card.type, "slot": card.slot, "hp": card.hp, "hp_is_x": card.hp_is_x,
            "cost": dict(card.cost), "cost_x_element": card.cost_x_element,
            "components": dict(card.components), "provides": list(card.provides),
            "copies_limit": card.copies_limit, "banned": card.banned,
            "extension": card.extension, "extensions": list(card.extensions),
            "aliases_en": list(card.aliases_en), "name_tags": list(card.name_tags),
        }
        want = {
            "name_en": ref["name_en"], "name_fr": ref["name_fr"], "element": ref["element"],
            "type": ref["type"], "slot": ref["subtype"], "hp": ref["hp"],
            "hp_is_x": ref["hp_is_x"], "cost": ref["cost"],
            "cost_x_element": ref["cost_x_element"], "components": ref["components"],
            "provides": ref["provides_en"], "copies_limit": ref["copies_limit"],
            "banned": ref["banned"], "extension": ref["extension"],
            "extensions": ref["extensions"], "aliases_en": ref.get("aliases_en", []),
            "name_tags": ref["name_tags_en"],
        }
        assert got == want, ref["id"]
        shared_conditional = {(e["word_en"]) for e in ref["provides_conditional"]}
        assert shared_conditional <= {w for w, _ in card.provides_conditional}, ref["id"]


def test_keywords_derived_from_the_card_text():
    db = load_cards()
    assert db["animated_tree"].keywords == {"protector"}
    assert db["dead_tree"].keywords == {"protector_if_mage_noir"}
    assert db["desert_wall"].keywords == {"protector_if_mage_noir"}
    assert db["kerlochs_flower"].keywords == {"unique_unless_mage_noir"}
    assert db["sun_catalyst"].keywords == {"unique", "zenith"}
    assert db["zeuss_thunder"].keywords == {"quickcast", "mage_noir_only"}
    assert db["waiver_crown"].keywords == {"mage_noir_only"}  # "can only be equipped"
    assert db["solar_gold_ore"].keywords == {"forge", "zenith"}
    assert db["fractal_flower"].keywords == {"autumn"}
    assert db["winter_spears"].keywords == {"slowcast"}
    # Granting a keyword to other cards is an effect, not the card's own keyword.
    assert db["quicksand"].keywords == {"quickcast"}
    assert db["millisecond"].keywords == frozenset()
    assert db["zap"].keywords == frozenset()  # Quickcast only for a Mage Noir
    counts = {k: sum(k in c.keywords for c in db) for k in ("quickcast", "slowcast", "zenith")}
    assert counts == {"quickcast": 7, "slowcast": 7, "zenith": 7}


def test_conditional_components_are_tagged():
    db = load_cards()
    assert db["iron_rock"].provides_conditional == (("Ore", "fire_mana_locked"),)
    assert db["obsidian_rock"].provides_conditional == (("Ore", "no_mana_locked"),)
    assert db["rock_wall"].provides_conditional == (("Rock", "below_1_hp"),)
    seeds = [c.id for c in db if ("Tree", "by_prodigious_sowing") in c.provides_conditional]
    assert seeds and all("Seed" in db[s].provides for s in seeds)


def test_the_facts_extract_holds_facts_only(shared):
    """Legal requirement: facts only. The extract that ships with the tests has no text,
    ruling, flavour, artist or image of a card (scripts/card_facts.py searches the data files
    for the text itself, where the shared file is)."""
    assert set(shared) == {"schema_version", "component_words", "name_tag_words", "cards"}
    assert len(shared["cards"]) == 205
    for card in shared["cards"]:
        assert set(card) <= EXTRACT_KEYS, card["id"]
        for entry in card["provides_conditional"]:
            assert set(entry) == {"word_en", "condition"} and " " not in entry["condition"]


def test_database_order_follows_the_extensions():
    """The 205 official cards in extension order, then the Animals file's (our invented
    example only: it never renumbers an official card)."""
    db = load_cards()
    assert [c.index for c in db] == list(range(len(db)))
    assert [c.index for c in db.official] == list(range(205))
    assert [c.id for c in db.cards[205:]] == ["ours_flame_fox"]
    assert all(c.invented and c.type == "animal" for c in db.cards[205:])
    ranks = [EXTENSION_NAMES.index(c.extension) for c in db.official]
    assert ranks == sorted(ranks)
    assert db[0] is db.cards[0] and db["fire_ball"] is db.by_id["fire_ball"]
    assert all(c.element in ELEMENTS and c.type in CARD_TYPES for c in db)
    assert load_cards() is db  # cached


def test_cards_are_immutable_and_picklable():
    card = load_cards()["fire_ball"]
    with pytest.raises(FrozenInstanceError):
        card.hp = 3
    with pytest.raises(TypeError):
        card.cost["fire"] = 0
    assert card.cost == {"fire": 2, "air": 1}
    clone = pickle.loads(pickle.dumps(card))
    assert clone == card and hash(clone) == hash(card)


def test_generator_is_in_sync_with_the_bundled_files(shared, builder):
    assert builder.build(FACTS, DATA_DIR, check=True) == 0, (
        "data files differ from the generator output: run scripts/build_card_data.py")


def test_generator_keeps_hand_written_effects(shared, builder, tmp_path):
    for name in data_file_names():
        shutil.copy(DATA_DIR / name, tmp_path / name)
    path = tmp_path / "ice.toml"
    # two of its cards stripped of their hand-written effects (the part after their facts)
    chunks = path.read_text(encoding="utf-8").split("[[card]]\n")
    for i, chunk in enumerate(chunks):
        if chunk.startswith(('id = "yuki_onnas_robe"', 'id = "ice_tree"')):
            facts = chunk.split("\neffect", 1)[0]
            chunks[i] = facts.rstrip("\n") + "\n\n"
    text = "[[card]]\n".join(chunks)
    verbatim = ('# two damage, then a draw\n'
                'effect_note = "hand-written"\n'
                'effect.activate = [\n'
                '  { op = "damage", amount = 2, target = "any" },  # keep me\n'
                ']')
    # A stale fact to be regenerated; an effect at the end of yuki_onnas_robe's table (kept
    # verbatim); an effect in the middle of ice_tree's facts (re-emitted canonically).
    text = text.replace('id = "yuki_onnas_robe"', 'id = "yuki_onnas_robe"\nhp_is_x = false', 1)
    text = text.replace('id = "ice_tree"\n',
                        'id = "ice_tree"\neffect = { activate = [{ op = "draw", amount = 1 }] }\n')
    chunks = text.split("[[card]]\n")
    for i, chunk in enumerate(chunks):
        if chunk.startswith('id = "yuki_onnas_robe"'):
            chunks[i] = chunk.rstrip("\n") + "\n" + verbatim + "\n\n"
    path.write_text("[[card]]\n".join(chunks), encoding="utf-8")

    assert builder.build(FACTS, tmp_path) == 0
    out = path.read_text(encoding="utf-8")
    assert verbatim in out  # comments and layout kept
    assert "hp_is_x = false" not in out  # facts regenerated
    assert 'effect.activate = [\n  { op = "draw", amount = 1 },\n]' in out  # canonical form
    cards = {c["id"]: c for c in tomllib.loads(out)["card"]}
    assert cards["yuki_onnas_robe"]["effect"] == {
        "activate": [{"op": "damage", "amount": 2, "target": "any"}]}
    assert cards["ice_tree"]["effect"] == {"activate": [{"op": "draw", "amount": 1}]}
    assert builder.build(FACTS, tmp_path, check=True) == 0  # idempotent


def test_generator_refuses_to_drop_effects_of_unknown_cards(shared, builder, tmp_path):
    for name in data_file_names():
        shutil.copy(DATA_DIR / name, tmp_path / name)
    path = tmp_path / "ice.toml"
    before = path.read_text(encoding="utf-8")
    path.write_text(before + '\n[[card]]\nid = "gone"\neffect.activate = []\n',
                    encoding="utf-8")
    with pytest.raises(SystemExit, match="gone"):
        builder.build(FACTS, tmp_path)
