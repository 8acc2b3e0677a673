"""The op ``surcharge`` (Ice breath): until the start of the imposing player's next turn, the
target player's cards cost more; the readiness adds it before reductions."""

from __future__ import annotations

import numpy as np
from engine_fixtures import G0, P0, lid, make_engine, run_steps, set_deck, transcript_of

from simulator.engine.host import api

WATER, AIR = 1, 2


def _engine(players: int = 1):
    eng = make_engine(["zephyr", "ice_breath"], players=players)
    eng.state.turn[:] = 3
    for p in range(players):
        set_deck(eng, ["zephyr"] * 3, player=p)  # the turns ahead draw
    return eng


def _cost(eng, player: int, card: str) -> list[int]:
    return api.effective_cost(eng, G0, np.array([player]))[0, lid(eng, card)].tolist()


def test_surcharge_on_self_lasts_until_the_next_turn_of_its_imposer():
    eng = _engine()
    zephyr = lid(eng, "zephyr")
    before = _cost(eng, 0, "zephyr")
    step = {"op": "surcharge", "amount": 1, "element": "water", "target": "self"}
    lines = transcript_of(eng, lambda: run_steps(eng, [step], G0, P0, np.array([zephyr]), None))
    after = _cost(eng, 0, "zephyr")
    assert after[WATER] == before[WATER] + 1
    assert after[AIR] == before[AIR]
    assert "  player 1's cards cost 1 more water until player 1's next turn" in lines
    api.begin_player_turn(eng, G0, P0)
    assert _cost(eng, 0, "zephyr") == before
    assert eng.state.any_surcharge[0] == 0


def test_surcharge_on_the_adversary_does_nothing():
    eng = _engine()
    step = {"op": "surcharge", "amount": 1, "element": "water", "target": "opponent"}
    run_steps(eng, [step], G0, P0, np.array([lid(eng, "zephyr")]), None)
    assert eng.state.any_surcharge[0] == 0
    assert _cost(eng, 0, "zephyr") == eng.tables.cost[lid(eng, "zephyr")].tolist()


def test_surcharge_ends_only_with_its_imposers_turn():
    eng = _engine(players=2)
    step = {"op": "surcharge", "amount": 1, "element": "water", "target": "all_players"}
    run_steps(eng, [step], G0, P0, np.array([lid(eng, "zephyr")]), None)
    printed = eng.tables.cost[lid(eng, "zephyr")].tolist()
    assert _cost(eng, 1, "zephyr")[WATER] == printed[WATER] + 1
    api.begin_player_turn(eng, G0, np.array([1]))  # player 2's turn: still in force
    assert _cost(eng, 1, "zephyr")[WATER] == printed[WATER] + 1
    api.begin_player_turn(eng, G0, P0)
    assert _cost(eng, 1, "zephyr") == printed
