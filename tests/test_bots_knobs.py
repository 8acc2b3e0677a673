"""The planner's knobs (``simulator/bots/knobs.py``): named score constants read from the bot
record, so that other values change its decisions without compiling again.

That the defaults reproduce the constants they replaced is the fingerprint's job
(``scripts/fingerprint.py``); here, that a knob really moves a decision, that every bot's
record gets the defaults, and that the look-ahead's rollouts play the knobs it was given.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
from engine_fixtures import G0, P0, make_engine, mana, set_hand

from simulator import bots
from simulator.bots import knobs
from simulator.cards import ELEMENTS, load_cards
from simulator.decks import find_deck, load_deck
from simulator.engine.host.api import take_pile
from simulator.engine.host.batch import Matchup
from simulator.engine.host.tables import build_batch_tables
from simulator.engine.rules.options import RuleOptions
from simulator.scenarios import load_scenario


def _planner(**changes) -> bots.Bot:
    return dataclasses.replace(bots.get("planner"), knobs=knobs.values(changes))


@pytest.mark.parametrize(("pile_useful", "taken"), [(2.0, "water"), (0.5, "fire")])
def test_the_pile_useful_knob_decides_between_the_mana_needed_and_more_mana(pile_useful, taken):
    # A Surging wave (3 water) in hand: pile 0 holds 2 water it needs, pile 1 holds 5 fire.
    # At the default weight the needed Mana counts 2 + 1 a Mana (6 against 5): the water; at
    # 0.5 a needed Mana counts 1.5 (3 against 5): the larger pile.
    eng = make_engine(["surging_wave"], policy=_planner(pile_useful=pile_useful))
    set_hand(eng, {"surging_wave": 1})
    eng.state.ether[0, 0] = mana(water=2)
    eng.state.ether[0, 1] = mana(fire=5)
    take_pile(eng, G0, P0)
    assert eng.state.reserve[0, 0, ELEMENTS.index(taken)] > 0
    assert eng.state.reserve[0, 0].sum() == (2 if taken == "water" else 5)


def test_the_knobs_are_named_once_with_their_defaults():
    assert len(knobs.INDEX) == knobs.N_KNOBS == len(knobs.DEFAULTS)
    assert [knobs.KNOBS[i].name for i in range(knobs.N_KNOBS)] == list(knobs.INDEX)
    assert knobs.values() == tuple(knobs.DEFAULTS)
    assert knobs.values({"act_bar": 2})[knobs.ACT_BAR] == 2.0
    with pytest.raises(ValueError, match="unknown knob 'act_barr'"):
        knobs.values({"act_barr": 1.0})


def test_the_planners_records_get_its_tuned_knobs_the_others_the_defaults_and_rollouts_theirs():
    db = load_cards()
    matchup = Matchup((load_deck(find_deck("fire-flames"), db),), load_scenario("duke", db),
                      "normal")
    tables, info = build_batch_tables(matchup, db, RuleOptions())
    for name in ("greedy", "random", "base"):
        records = bots.get(name).records(2, tables, info)
        assert (records["knobs"] == knobs.DEFAULTS).all(), name
    for name in ("planner", "lookahead"):
        records = bots.get(name).records(2, tables, info)
        assert (records["knobs"] == knobs.PLANNER).all(), name
        assert (records["knobs"][:, knobs.PILE_USEFUL] == knobs.TUNED["pile_useful"]).all()
    tuned = knobs.values({"pile_useful": 3.0, "act_bar": 0.5})
    ahead = dataclasses.replace(bots.get("lookahead"), knobs=tuned)
    records = ahead.records(2, tables, info)
    rollout = records.kept[0]  # the rollouts' own records (lookahead.prepare_records)
    assert (records["knobs"] == np.array(tuned)).all()
    assert (rollout["knobs"] == np.array(tuned)).all()
