"""Filtering and printing the database, and the ``magenoir-sim cards`` command."""

from __future__ import annotations

import json

import pytest

from simulator.cards import load_cards
from simulator.cards.listing import filter_cards, format_cost, format_table, to_json_records
from simulator.cli import main
from simulator.errors import UserError


@pytest.fixture(scope="module")
def db():
    return load_cards()


@pytest.mark.parametrize("typed", ["Base Game", "base", "BASE_GAME", "Jeu de base", "base-game"])
def test_extension_accepts_en_fr_and_short_forms(db, typed):
    cards = filter_cards(db, extension=typed)
    assert len(cards) == 69 and all("Base Game" in c.extensions for c in cards)


def test_extension_counts_cards_printed_in_two_sets(db):
    assert len(filter_cards(db, extension="warrior-mage")) == 20
    time = {c.id for c in filter_cards(db, extension="Voie du plieur de temps")}
    assert len(time) == 17 and "rite_of_passage" in time  # 16 + Rite of passage


def test_filters_combine(db):
    cards = filter_cards(db, element="FEU", card_type="Equipment")
    assert cards and all(c.element == "fire" and c.type == "equipment" for c in cards)
    assert [c.id for c in cards] == [c.id for c in db
                                     if c.element == "fire" and c.type == "equipment"]
    assert filter_cards(db) == list(db)


@pytest.mark.parametrize("kwargs, fragment", [
    ({"extension": "Nexus"}, "unknown extension 'Nexus'; valid values: Base Game, "),
    ({"element": "lava"}, "unknown element 'lava'; valid values: fire, water, air, vegetal, "
                          "mineral, arcane"),
    ({"card_type": "creature"}, "unknown card type 'creature'; valid values: spell, "),
])
def test_unknown_filter_values_are_user_errors(db, kwargs, fragment):
    with pytest.raises(UserError) as err:
        filter_cards(db, **kwargs)
    assert fragment in str(err.value) and "\n" not in str(err.value)


def test_format_cost(db):
    assert format_cost(db["fire_ball"]) == "2 fire + 1 air"
    assert format_cost(db["inas_meteor"]).startswith("X mineral")


def test_format_table_is_aligned(db):
    cards = filter_cards(db, element="fire", card_type="spell")
    lines = format_table(cards).splitlines()
    assert lines[0].split()[:3] == ["name", "(EN)", "name"]
    assert lines[-1] == f"{len(cards)} cards"
    assert len(lines) == len(cards) + 3
    column = lines[0].index("element")
    assert all(line[column - 2:column] == "  " for line in lines[2:-1])
    assert any(line.startswith("Fire ball ") and "2 fire + 1 air" in line for line in lines)
    assert format_table([]) == "no cards match"


def test_the_cards_table_names_each_extension_and_fits_a_wide_terminal(capsys):
    """One extension column (Warrior-Mage, not its long name), no id column, and no
    "simulated" column while every card listed is simulated (the count says so): the whole
    list fits in 175 characters (it was 193 wide, without the extension)."""
    assert main(["cards"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in lines) <= 175
    header = lines[0].split("  ")
    assert "extension" in header and "id" not in header and "simulated" not in header
    assert lines[-1] == "205 cards, all simulated"
    row = next(line for line in lines if line.startswith("Fire ball "))
    assert row[lines[0].index("extension"):].startswith("Base Game ")
    assert main(["cards", "--extension", "warrior"]) == 0
    header, _, *rows, _ = capsys.readouterr().out.splitlines()
    assert len(rows) == 20 and all(r[header.index("extension"):].startswith("Warrior-Mage")
                                   for r in rows)


@pytest.mark.parametrize("typed, extension", [
    ("warrior", "Way of the Warrior-Mage"), ("Warrior", "Way of the Warrior-Mage"),
    ("time", "Way of the Time Bender"), ("glace", "Ice"), ("GLACE", "Ice"),
    ("plieur", "Way of the Time Bender"), ("elec", "Electric"), ("Électrique", "Electric"),
])
def test_an_extension_is_found_by_a_word_it_begins(db, typed, extension):
    cards = filter_cards(db, extension=typed)
    assert cards and all(extension in c.extensions for c in cards)


def test_a_word_two_extensions_begin_is_refused(db):
    with pytest.raises(UserError, match="unknown extension 'way'"):
        filter_cards(db, extension="way")


def test_json_records(db):
    records = to_json_records([db["fire_ball"], db["animated_tree"]])
    fire_ball = records[0]
    assert fire_ball["cost"] == {"fire": 2, "air": 1} and fire_ball["components"] == {"Flame": 1}
    assert records[1]["keywords"] == ["protector"]
    assert json.loads(json.dumps(records)) == records
    required = {"id", "name_en", "name_fr", "element", "type", "slot", "hp", "cost",
                "cost_x_element", "components", "provides", "keywords", "copies_limit",
                "banned", "extension"}
    assert required <= set(fire_ball)


def test_cli_cards_json_lists_every_card(capsys):
    assert main(["cards", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert len(records) == 205
    assert len({r["id"] for r in records}) == 205


def test_cli_cards_filters(capsys):
    assert main(["cards", "--json", "--element", "fire", "--type", "equipment"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert records and {(r["element"], r["type"]) for r in records} == {("fire", "equipment")}
    assert main(["cards", "--extension", "ice"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "16 cards, all simulated"


def test_cli_unknown_element_is_one_line_and_exit_2(capsys):
    assert main(["cards", "--element", "lava"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "unknown element 'lava'" in lines[0] and "fire" in lines[0]
