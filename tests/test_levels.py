"""Every scenario's levels stay in order, and the Duke stays the easiest Adversary.

Comparing difficulty levels is one of the tool's stated uses, and the levels are our stand-ins
(scenarios/*.toml): an edit of a stand-in card can silently make "hard" the easier level, as it
once did for the Duke with water-tides and in co-op (docs/levels.md). Each example deck plays
both levels of each bundled scenario on the same seeds, alone and as a team of two, with the
default bot; hard's win rate must be below normal's with the paired interval (Newcombe) of the
difference excluding zero.

The one published judgement of the three Adversaries, a review of the box, finds the Duke the
most accessible (docs/rules.md R15.15): the Duke's normal level must have the highest win rate
of the three normal levels for every example deck, alone and in a team of two.

3,000 paired games a cell keep the 24 cells near half a minute once the engine is compiled;
the smallest gaps (water-tides alone, about 1 point) are then about twice the interval's
half-width (the table in docs/levels.md). Water-tides alone plays 6,000: against the Druidess
it wins under 1% at both levels, and with the planner's tuned constants (docs/bots.md, "The
planner's fourth round") 3,000 games put the gap (0.60% against 0.33%) inside the interval's
reach of zero; 6,000 resolve it (0.65% against 0.32%, -0.33 points, -0.57 to -0.12).
"""

from __future__ import annotations

import functools

import pytest

from simulator.compare import compare_levels

DECKS = ("air-winds", "fire-flames", "vegetal-grove", "water-tides")
SCENARIOS = ("duke", "druidess", "warden")
GAMES = 3_000
#: The cells of the smallest win rates: more games (the module's docstring says why).
MORE_GAMES = {("water-tides", 1): 6_000}
SEED = 2026


@functools.cache
def _levels(scenario: str, deck: str, players: int):
    """(normal's win rate, hard's, the paired difference row) on the same seeds."""
    from simulator.cards import load_cards

    games = MORE_GAMES.get((deck, players), GAMES)
    comparison = compare_levels(deck, scenario, levels=["normal", "hard"], games=games,
                                seed=SEED, players=players, db=load_cards(), progress=False)
    normal, hard = comparison.table()["win_rate"]
    return normal, hard, comparison.differences().iloc[0]


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_hard_is_harder_than_normal(scenario, deck, players):
    normal, hard, diff = _levels(scenario, deck, players)
    where = f"{scenario} {deck} x{players}"
    assert (diff["a"], diff["b"]) == ("hard", "normal")
    assert hard < normal, f"{where}: hard {hard:.1%} >= normal {normal:.1%}"
    assert diff["high"] < 0, (f"{where}: hard - normal = {diff['difference']:+.1%}, "
                              f"interval [{diff['low']:+.1%}, {diff['high']:+.1%}] reaches zero")


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("deck", DECKS)
def test_the_duke_is_the_easiest_adversary(deck, players):
    duke = _levels("duke", deck, players)[0]
    for other in SCENARIOS[1:]:
        rate = _levels(other, deck, players)[0]
        assert rate < duke, f"{deck} x{players}: {other} normal {rate:.1%} >= duke {duke:.1%}"
