"""The numpy lookup tables the engine indexes by card index."""

from __future__ import annotations

import numpy as np
import pytest

from simulator.cards import COMPONENT_WORDS, ELEMENTS, SLOTS, load_cards
from simulator.cards.tables import build_card_tables
from simulator.cards.vocabulary import KEYWORDS


@pytest.fixture(scope="module")
def db():
    return load_cards()


@pytest.fixture(scope="module")
def tables(db):
    return build_card_tables(db.cards)


def test_shapes_and_dtypes(tables):
    c, w, k = 205 + 1, len(COMPONENT_WORDS), len(KEYWORDS)  # the official cards, our Animal
    assert w == 35 and len(tables) == c
    expected = {
        "cost": ((c, 6), np.int16), "cost_x": ((c,), np.int8), "element": ((c,), np.int8),
        "type": ((c,), np.int8), "slot": ((c,), np.int8), "hp": ((c,), np.int16),
        "hp_is_x": ((c,), np.bool_), "requires": ((c, w), np.int8),
        "provides": ((c, w), np.bool_), "keywords": ((c, k), np.bool_),
    }
    for name, (shape, dtype) in expected.items():
        array = getattr(tables, name)
        assert array.shape == shape and array.dtype == dtype, name
        assert not array.flags.writeable, name


def test_exact_values(db, tables):
    fire_ball = db["fire_ball"].index
    assert tables.cost[fire_ball].tolist() == [2, 0, 1, 0, 0, 0]  # fire 2, air 1
    assert tables.element[fire_ball] == ELEMENTS.index("fire")
    tree = db["animated_tree"].index
    assert tables.requires[tree, COMPONENT_WORDS.index("Seed")] == 1
    assert tables.hp[tree] == db["animated_tree"].hp > 0
    assert tables.keyword("protector")[tree]
    droplet = db["droplet"].index
    assert tables.provides[droplet, COMPONENT_WORDS.index("Drop")]
    meteor = db["inas_meteor"].index
    assert tables.cost_x[meteor] == ELEMENTS.index("mineral")
    assert tables.cost_x[fire_ball] == -1
    assert tables.slot[fire_ball] == -1
    assert tables.hp_is_x[db["desert_wall"].index]


def test_every_equipment_has_a_slot(db, tables):
    equipment = np.array([c.type == "equipment" for c in db])
    assert (tables.slot[equipment] >= 0).all() and (tables.slot[~equipment] == -1).all()
    assert set(tables.slot[equipment].tolist()) <= set(range(len(SLOTS)))


def test_any_sequence_of_cards_in_index_order(db):
    small = build_card_tables(db.cards[:3])
    assert small.cost.shape == (3, 6)
    with pytest.raises(ValueError, match="index order"):
        build_card_tables(db.cards[1:4])
