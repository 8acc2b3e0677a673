"""A cost reduction for the cards whose printed cost of its element reaches a threshold
(``cost_reduction`` with ``min_cost``, Galactic helm): R6.3."""

from __future__ import annotations

import numpy as np
from engine_fixtures import lid, make_engine, put_on_board

from simulator.cards import ELEMENTS
from simulator.engine.host.api import effective_cost
from simulator.engine.rules import layout as L

AIR = ELEMENTS.index("air")


def test_a_cost_reduction_with_min_cost_spares_the_cheaper_cards():
    eng = make_engine(["breath", "zephyr", "tornado", "crimson_ritual"])
    t = eng.table_record[0]
    source = lid(eng, "crimson_ritual")
    # card, element, amount, amount_mn, card element, word, condition, condition word,
    # self only, min_cost: Air cards whose printed Air cost is 2 or more cost 1 Air less
    t["reduction"][0] = (source, AIR, 1, 1, -1, -1, 0, -1, 0, 2)
    t["n_reduction"], t["any_reduction"] = 1, 1
    put_on_board(eng, "crimson_ritual", L.RITUAL)
    cost = effective_cost(eng, np.array([0]), np.array([0]))[0]
    assert cost[lid(eng, "breath"), AIR] == 1
    assert cost[lid(eng, "zephyr"), AIR] == 1
    assert cost[lid(eng, "tornado"), AIR] == 2
