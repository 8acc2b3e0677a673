"""Finding cards by what a player types: ids, EN/FR names, aliases, any case or accents."""

from __future__ import annotations

import pytest

from simulator.cards import load_cards, normalise_name


@pytest.fixture(scope="module")
def db():
    return load_cards()


@pytest.mark.parametrize("typed", [
    "fire_ball", "Fire ball", "FIRE BALL", "fire-ball", "  fire   ball ",
    "Boule de feu", "BOULE DE FEU", "boule de feu", "boule_de_feu",
])
def test_find_fire_ball_in_any_spelling(db, typed):
    assert db.find(typed).id == "fire_ball"


@pytest.mark.parametrize("typed, card_id", [
    ("Kerloc'h's robe", "kerlochs_robe"),
    ("Kerloc\u2019h\u2019s robe", "kerlochs_robe"),  # curly apostrophes
    ("kerlochs robe", "kerlochs_robe"),
    ("Robe de Kerloc'h", "kerlochs_robe"),
    ("Accelération", "acceleration"),  # accents ignored in both directions
    ("acceleration", "acceleration"),
    ("ACCÉLÉRATION", "acceleration"),
    ("Warrior mage ritual", "warrior_mage_ritual"),
    ("rituel du guerrier mage", "warrior_mage_ritual"),
    ("Ra's wrath", "ras_wrath"),
    ("Howler's robe", "howlers_robe"),  # EN alias
    ("Air mage's robe", "howlers_robe"),  # current EN name
    ("Materialized blade", "forged_blade"),
    ("MAELSTROM", "maelstrom"),  # Maelström
    ("Dragon", None),
])
def test_find_names_aliases_and_accents(db, typed, card_id):
    found = db.find(typed)
    assert (found.id if found else None) == card_id


def test_find_unknown_returns_none(db):
    assert db.find("Fire bal") is None
    assert db.find("") is None


def test_every_name_finds_its_own_card(db):
    for card in db:
        for name in (card.id, card.name_en, card.name_fr, *card.aliases_en):
            assert db.find(name) is card, name


def test_suggest_ranks_the_closest_name_first(db):
    suggestions = db.suggest("Fire bal")
    assert suggestions[0] == "Fire ball / Boule de feu"
    assert 1 <= len(suggestions) <= 3
    assert db.suggest("boule de fe", n=1) == ["Fire ball / Boule de feu"]
    assert db.suggest("Accélératoin")[0] == "Acceleration / Accélération"
    assert db.suggest("qqqqqqqqqq") == []


def test_suggest_leaves_out_names_far_behind_the_closest():
    db = load_cards()
    assert db.suggest("Fire bal") == ["Fire ball / Boule de feu"]  # not Fire mask, Ice wall
    assert db.suggest("healers breth") == ["Healer's breath / Souffle de la guérisseuse"]
    assert db.suggest("rite of pasage") == ["Rite of passage / Rite de passage",
                                           "Rite of phase / Rite de phase"]  # both close


def test_getitem_by_id_and_index(db):
    card = db["fire_ball"]
    assert db[card.index] is card
    with pytest.raises(KeyError, match="no card with id"):
        db["Fire ball"]  # names go through find()
    with pytest.raises(IndexError):
        db[len(db)]


def test_normalise_name():
    assert normalise_name("Kerloc\u2019h's  Robe") == "kerlochs robe"
    assert normalise_name("BOULE_DE-FÉU") == "boule de feu"
    assert normalise_name("Cœur") == "coeur"
    assert normalise_name("zeuss_thunder") == normalise_name("Zeus's thunder")
