"""The schema: broken card or effect tables are reported, each problem with file and id."""

from __future__ import annotations

import copy

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

from simulator.cards.loader import data_file_names, load_cards_from
from simulator.cards.schema import validate_card, validate_cards, validate_effect
from simulator.errors import CardDataError

GOOD = {
    "id": "test_bolt", "name_en": "Test bolt", "name_fr": "Éclair de test",
    "element": "fire", "type": "spell", "cost": {"fire": 2, "air": 1},
    "components": {"Flame": 1}, "provides": ["Spark"], "keywords": ["quickcast"],
    "copies_limit": 4, "extension": "Base Game",
    "effect": {"activate": [{"op": "damage", "amount": 2, "target": "any"},
                            {"op": "draw", "amount": 1, "if": "controls_component:Breath"}],
               "static": [{"kind": "self_cost_reduction", "element": "fire", "amount": 1,
                           "if": "mage_noir"}]},
}


def bad(**changes):
    card = copy.deepcopy(GOOD)
    card.update(changes)
    return validate_card(card, "test.toml")


def test_a_good_card_has_no_problems():
    assert validate_card(GOOD, "test.toml") == []


@pytest.mark.parametrize("changes, fragment", [
    ({"element": "lava"}, "'element' must be one of fire, water"),
    ({"type": "creature"}, "'type' must be one of"),
    ({"cost": {"fire": -1}}, "fire must be an int >= 0"),
    ({"cost": {"mana": 1}}, "unknown 'mana'"),
    ({"components": {"Flames": 1}}, "unknown 'Flames'"),
    ({"provides": ["Sparks"]}, "'provides' must be a list of component words"),
    ({"keywords": ["flying"]}, "'keywords' must be a list of keywords"),
    ({"slot": "weapon"}, "only Equipment has a 'slot'"),
    ({"type": "equipment"}, "Equipment needs a 'slot'"),
    ({"hp": 3}, "only Permanents have HP"),
    ({"extension": "Nexus Noir"}, "'extension' must be one of"),
    ({"copies_limit": "4"}, "'copies_limit' must be an int"),
    ({"colour": "red"}, "unknown key 'colour'"),
])
def test_bad_facts_are_reported(changes, fragment):
    problems = bad(**changes)
    assert len(problems) == 1 and fragment in problems[0], problems
    assert problems[0].startswith("test.toml: test_bolt: ")


def test_missing_keys_are_reported():
    card = {k: v for k, v in GOOD.items() if k not in ("cost", "name_fr")}
    assert validate_card(card, "x.toml") == [
        "x.toml: test_bolt: missing key 'name_fr'", "x.toml: test_bolt: missing key 'cost'"]


@pytest.mark.parametrize("effect, fragment", [
    ({"activate": [{"op": "explode", "amount": 2}]}, "op unknown 'explode'"),
    ({"activate": [{"op": "damage", "amount": 2}]}, "missing parameter 'target'"),
    ({"activate": [{"op": "draw", "amount": 1, "colour": "red"}]}, "unknown parameter 'colour'"),
    ({"activate": [{"op": "damage", "amount": 2, "target": "everyone"}]},
     "'target' must be one of any, opponent"),
    ({"activate": [{"op": "draw", "amount": "two"}]}, "'amount' must be an integer"),
    ({"activate": [{"op": "take_mana", "amount": 1, "element": "lava"}]}, "'element' must be"),
    ({"activate": [{"op": "draw", "amount": 1, "if": "controls_component:Banana"}]},
     "'if' must be one of"),
    ({"activate": [{"op": "damage", "amount": 1, "target": "any", "per": "hand_size"}]},
     "'per' must be one of"),
    ({"on_draw": [{"op": "draw", "amount": 1}]}, "unknown 'on_draw'"),
    ({"activate": {"op": "draw", "amount": 1}}, "must be a list of tables"),
    ({"static": [{"kind": "flying"}]}, "kind unknown 'flying'"),
    ({"static": [{"kind": "hand_size"}]}, "missing parameter 'amount'"),
])
def test_bad_effects_are_reported(effect, fragment):
    problems = validate_effect(effect, "scenario.toml: duke")
    assert len(problems) == 1 and fragment in problems[0], problems
    assert problems[0].startswith("scenario.toml: duke: effect.")


def test_the_shared_if_is_allowed_on_every_step():
    effect = {"activate": [{"op": "win", "if": "adversary_present"}],
              "static": [{"kind": "hand_size", "amount": 8, "if": "mage_noir"}]}
    assert validate_effect(effect, "s") == []


def test_duplicate_ids_across_files():
    seen: dict[str, str] = {}
    assert validate_cards([GOOD], "a.toml", seen) == []
    assert validate_cards([GOOD], "b.toml", seen) == [
        "b.toml: test_bolt: duplicate id (first declared in a.toml)"]


def test_broken_data_directory_raises_with_every_problem(tmp_path):
    from simulator.cards.loader import resources  # the packaged files, as the loader reads them

    root = resources.files("simulator.cards").joinpath("data")
    for name in data_file_names():
        (tmp_path / name).write_text(root.joinpath(name).read_text(encoding="utf-8"),
                                     encoding="utf-8")
    assert len(load_cards_from(tmp_path)) == 205
    sand = tmp_path / "sand.toml"
    sand.write_text(sand.read_text(encoding="utf-8").replace(
        'element = "mineral"', 'element = "stone"', 1), encoding="utf-8")
    ice = tmp_path / "ice.toml"
    ice.write_text(ice.read_text(encoding="utf-8")
                   + '\n[[card]]\nid = "fire_ball"\n', encoding="utf-8")
    (tmp_path / "sun.toml").unlink()
    with pytest.raises(CardDataError) as err:
        load_cards_from(tmp_path)
    message = str(err.value)
    assert "sand.toml: " in message and "'element' must be one of" in message
    assert "ice.toml: fire_ball: duplicate id (first declared in base_game.toml)" in message
    assert "ice.toml: fire_ball: missing key 'name_en'" in message
    assert "sun.toml: missing card data file" in message


def test_bundled_files_parse_to_valid_tables():
    from simulator.cards.loader import resources

    root = resources.files("simulator.cards").joinpath("data")
    seen: dict[str, str] = {}
    for name in data_file_names():
        cards = tomllib.loads(root.joinpath(name).read_text(encoding="utf-8"))["card"]
        assert validate_cards(cards, name, seen) == []
    assert len(seen) == 205
