"""The bots' registry (simulator/bots/registry.py): every bot declared once, resolved by name.

Why: the registry is the one place a bot is named; the command line, the run and the tests'
fixtures read it, and the engine only receives what it hands out. These tests pin that the
offered names are the registry's, that a wrong name is a user error naming the bots, that
the bot record holds the features and every bot's fields once, that a batch's records carry
its cards' features (not for the random bot, which needs none), and that reading the names
compiles nothing.
"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from simulator import bots
from simulator.bots import features, registry
from simulator.bots.record import bot_dtype
from simulator.cards import load_cards
from simulator.decks import find_deck, load_deck
from simulator.engine.host.batch import Matchup
from simulator.engine.host.tables import build_batch_tables
from simulator.engine.rules import layout as L
from simulator.engine.rules.options import RuleOptions
from simulator.errors import UserError
from simulator.scenarios import load_scenario


def test_the_offered_bots_are_the_listed_entries_of_the_registry():
    names = [bot.name for bot in registry.REGISTRY]
    assert len(set(names)) == len(names)
    assert bots.BOTS == ("random", "greedy", "planner", "lookahead")
    assert bots.BOTS == tuple(bot.name for bot in registry.REGISTRY if bot.listed)
    assert bots.DEFAULT_BOT in bots.BOTS
    for name in names:  # the tests' bots too (base, scripted), though --bot does not offer them
        assert bots.get(name).name == name


def test_an_unknown_bot_is_a_user_error_naming_the_bots():
    with pytest.raises(UserError, match=r"unknown bot 'planer' \(did you mean planner\?\); "
                                        r"choose one of: random, greedy, planner, lookahead"):
        bots.get("planer")


def test_the_bot_record_holds_the_features_and_each_bots_fields_once():
    dtype = bot_dtype()
    declared = [name for name, *_ in registry.record_fields()]
    assert list(dtype.names) == declared and len(set(declared)) == len(declared)
    assert {name for name, *_ in features.FIELDS} <= set(dtype.names)
    for bot in registry.REGISTRY:
        assert {name for name, *_ in bot.fields} <= set(dtype.names), bot.name
    assert not set(dtype.names) & set(L.WORK_DTYPE.names + L.TABLES_DTYPE.names)  # no copies


def test_a_batchs_records_carry_its_cards_features_for_the_bots_that_need_them():
    db = load_cards()
    matchup = Matchup((load_deck(find_deck("fire-flames"), db),), load_scenario("duke", db),
                      "normal")
    tables, info = build_batch_tables(matchup, db, RuleOptions())
    planner = bots.get("planner").records(3, tables, info)
    expected = np.zeros(1, bot_dtype())
    features.fill_features(expected[0], tables[0], info.effects, info.n_player_cards)
    n = info.n_player_cards
    assert (planner["f_value"][:, :n] == expected["f_value"][0, :n]).all()
    assert (planner["f_damage"][:, :n] > 0).any()  # a burn deck: some card deals damage
    assert not planner["pol_need"].any() and not planner["forced_mode"].any()
    random = bots.get("random").records(2, tables, info)
    assert not random["f_value"].any()


def test_the_scripted_bot_writes_constant_and_queued_answers():
    record = np.zeros(1, bot_dtype())[0]
    scripted = bots.get("scripted")
    scripted.fix_answers(record, {L.TAKE_PILE: 1, L.TARGET: [3, 4]})
    assert record["forced_mode"][L.TAKE_PILE] == 1 and record["forced_value"][L.TAKE_PILE] == 1
    assert record["forced_mode"][L.TARGET] == 2 and record["forced_len"][L.TARGET] == 2
    assert record["forced_queue"][L.TARGET, :2].tolist() == [3, 4]
    scripted.fix_answers(record, {})
    assert not record["forced_mode"].any()
    with pytest.raises(ValueError, match="at most 16 queued answers"):
        scripted.fix_answers(record, {L.TARGET: list(range(17))})


def test_reading_the_bot_names_compiles_nothing():
    """The command line lists the bots (``--help``) without importing numba or a bot."""
    code = ("import sys; from simulator.bots import BOTS; "
            "print(sorted(m for m in sys.modules if m == 'numba' or m.startswith('simulator.bots.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "['simulator.bots.registry']"
