"""scripts/lookahead_disagreements.py: the fair gaps count every decision where the rollouts
tried both the planner's play and an alternative, not only those the look-ahead changed; bad
input is one line and exit 2."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest
from project_scripts import load_script

from simulator import bots
from simulator.bots.lookahead_trace import TRACE_CANDS, TRACE_DTYPE
from simulator.cards import load_cards
from simulator.decks import find_deck, load_deck
from simulator.engine.host import api
from simulator.engine.rules import layout as L
from simulator.run import build_matchup
from simulator.scenarios import load_scenario

#: A made-up main-phase action space: ending the phase is 0, preparing card c is 3 + c, a
#: trade for element e is 14 + e (fire, water, ...).
SPACE = SimpleNamespace(ability=1, prepare=3, activate=10, channel=12, trade=14, size=20)
ENGINE = SimpleNamespace(info=SimpleNamespace(names=["Flame", "Fire ball", "Breath"]))
END, FLAME, FIRE_BALL, TRADE_FIRE, TRADE_WATER = 0, 3, 4, 14, 15


def entry(kind, planned, chosen, options, values, cards=None, rollouts=4):
    """One trace entry; a value is the rollouts' wins plus their summed tiebreak / 5."""
    e = np.zeros((), TRACE_DTYPE)
    pad = TRACE_CANDS - len(options)
    e["kind"], e["n"], e["rollouts"] = kind, len(options), rollouts
    e["planned"], e["chosen"] = planned, chosen
    e["option"] = list(options) + [-1] * pad
    e["card"] = list(cards or [o - SPACE.prepare if SPACE.prepare <= o < SPACE.activate else -1
                               for o in options]) + [-1] * pad
    e["value"] = list(values) + [-1.0] * pad
    return e


def test_the_fair_gaps_count_the_kept_decisions_too():
    script = load_script("lookahead_disagreements")
    trace = [
        # changed: ending the phase won 3 of 4 rollouts (tiebreak 0.25 a rollout), the planner's
        # Flame 2 (0.5); a trade for fire 1, a trade for water cut short
        entry(L.MAIN_ACTION, FLAME, END, [FLAME, END, TRADE_FIRE, TRADE_WATER],
              [2.4, 3.2, 1.0, -1.0]),
        # kept: the planner's Flame 3 of 4, ending the phase 1 (the changed log never sees it)
        entry(L.MAIN_ACTION, FLAME, FLAME, [END, FLAME], [1.0, 3.0]),
        # kept: a trade for water 2 of 4 against the Flame's 1, pooled with the trade for fire
        entry(L.MAIN_ACTION, FLAME, FLAME, [FLAME, TRADE_WATER], [1.0, 2.0]),
        # says nothing: the planner's play not tried, or cut short
        entry(L.MAIN_ACTION, FLAME, END, [END, FIRE_BALL], [4.0, 0.0]),
        entry(L.MAIN_ACTION, FLAME, END, [FLAME, END], [-1.0, 4.0]),
        # another kind: which pile, grouped under its own kind
        entry(L.TAKE_PILE, 0, 1, [0, 1], [2.0, 4.0], cards=[-1, -1]),
    ]
    gaps = script.fair_gaps(trace, lambda kind, option, card: script.describe(
        ENGINE, kind, option, card, SPACE))
    assert set(gaps) == {("main_action", "prepare Flame", "end the main phase"),
                         ("main_action", "prepare Flame", "trade"),
                         ("take_pile", "take pile 0", "take pile 1")}
    ending = gaps[("main_action", "prepare Flame", "end the main phase")]
    assert ending == [(0.25, pytest.approx(-0.25)), (-0.5, 0.0)]
    assert gaps[("main_action", "prepare Flame", "trade")] == [(-0.25, pytest.approx(-0.5)),
                                                               (0.25, 0.0)]
    assert gaps[("take_pile", "take pile 0", "take pile 1")] == [(0.5, 0.0)]

    rows = script.fair_table(gaps, min_n=2)  # the single pile decision is left out
    assert [(r.alternative, r.n) for r in rows] == [("trade", 2), ("end the main phase", 2)]
    trade, end = rows
    assert trade.wins == 0.0 and trade.z == 0.0 and trade.tiebreak == pytest.approx(-0.25)
    # the changed decision alone says +0.25 for ending the phase; over both, -0.125
    assert end.wins == pytest.approx(-0.125)
    assert end.wins_se == pytest.approx(0.375)  # sample sd 0.53 over sqrt(2)
    assert end.z == pytest.approx(-1 / 3)
    assert end.tiebreak == pytest.approx(-0.125)


@pytest.mark.parametrize(("argv", "message"), [
    (["no-such-deck", "--fair"], "no-such-deck"),
    (["fire-flames", "--level", "nightmare"], "nightmare"),
    (["fire-flames", "--players", "5"], "--players must be between 1 and 4"),
    (["fire-flames", "--rollouts", "0"], "--rollouts must be a whole number"),
    (["fire-flames", "--fair", "--min-n", "1"], "--min-n at least 2"),
    (["fire-flames", "--games", "0"], "--games must be at least 1"),
])
def test_bad_input_is_one_line_and_exit_2(argv, message, capsys):
    assert load_script("lookahead_disagreements").main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_on_real_games_only_the_changed_decisions_all_gain():
    """The bias the fair gaps remove: a decision the look-ahead changed is one where its pick
    won at least as many rollouts as the planner's play; over every decision, alternatives
    also lose to it, and each alive alternative of each decision is counted once."""
    script = load_script("lookahead_disagreements")
    db = load_cards()
    matchup = build_matchup([load_deck(find_deck("fire-flames"), db)], load_scenario("duke", db),
                            "normal", 2)
    eng, entries = script.traced_games(matchup, db, bots.get("lookahead:2"), 4, 3)
    sp = api.action_space(eng)
    changed = [e for _, e in entries if e["chosen"] != e["planned"]]
    assert changed
    for e in changed:
        options = e["option"].tolist()
        wins, _ = script.rollout_scores(e)
        assert wins[options.index(e["chosen"])] >= wins[options.index(e["planned"])]
    gaps = script.fair_gaps([e for _, e in entries], lambda kind, option, card: script.describe(
        eng, kind, option, card, sp))
    every = [wins for pairs in gaps.values() for wins, _ in pairs]
    assert min(every) < 0 < max(every)
    alive = 0
    for _, e in entries:
        options = e["option"][:e["n"]].tolist()
        if e["planned"] in options and e["value"][options.index(e["planned"])] >= 0:
            alive += int((e["value"][:e["n"]] >= 0).sum()) - 1
    assert len(every) == alive
