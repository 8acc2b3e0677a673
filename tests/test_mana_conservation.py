"""Mana is conserved: it only enters play through Mana the Adversary's cards add.

In a one-player game with cards that never create Mana from the Infinite Ether (every
simulated card but those of ``CREATES_MANA``), every Mana that exists (reserve, both Ether piles,
locked under cards) was added by an Adversary card, one ``mana_element`` decision per Mana.
So after every player turn: reserve + Ether + locked Mana == number of those decisions.
Paying, releasing, trading (2 for 1 keeps the total: 2 leave the reserve, 1 comes back
and the pile keeps one), taking and moving Mana must all keep the sum.
"""

from __future__ import annotations

import numpy as np
import pytest
from engine_fixtures import play_capturing
from test_engine_invariance import _base_pool, random_deck

from simulator.cards import load_cards
from simulator.engine.rules.rng import game_seeds
from simulator.scenarios import load_scenario

#: Cards that take Mana from the Infinite Ether: Condensation, Crimson ritual, Floral infusion
#: (lock from it), Sap distillation (take from it), Leap in time (the phased-out costs).
CREATES_MANA = {"condensation", "crimson_ritual", "floral_infusion", "sap_distillation",
                "leap_in_time"}


@pytest.mark.parametrize("seed, bot, level", [(1, "random", "normal"), (2, "planner", "hard"),
                                              (3, "greedy", "normal"), (4, "planner", "normal")])
def test_mana_is_conserved_after_every_player_turn(seed, bot, level):
    db = load_cards()
    duke = load_scenario("duke", db)
    pool = [c for c in _base_pool(db, implemented_only=True) if c.id not in CREATES_MANA]
    deck = random_deck(pool, np.random.default_rng(seed), db)
    seeds = game_seeds(seed, 0, 40)
    created = np.zeros(len(seeds), np.int64)  # Mana the Adversary added: one question each
    checked = []

    def count_created(game, questions):
        created[game] += sum(1 for kind, *_ in questions if kind == "mana_element")

    def after_turn(eng, games, player):
        st = eng.state
        live = games[st.out[games, player] == 0]
        total = (st.reserve[live].sum(axis=(1, 2)) + st.ether[live].sum(axis=(1, 2))
                 + st.board_mana[live].sum(axis=(1, 2, 3)))
        np.testing.assert_array_equal(total, created[live])
        assert (st.reserve >= 0).all() and (st.ether >= 0).all() and (st.board_mana >= 0).all()
        checked.append(len(live))

    play_capturing([deck], duke, level, seeds, bot, after_turn=after_turn,
                   on_questions=count_created)
    assert sum(checked) > 100  # many turns were checked
    assert created.sum() > 0
