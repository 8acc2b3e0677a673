"""The Duke's difficulty levels stay in order: hard is harder than normal for every example deck.

Comparing difficulty levels is one of the tool's stated uses, and the levels are our stand-ins
(scenarios/duke.toml): an edit of a stand-in card can silently make "hard" the easier level,
as it once did for water-tides and in co-op (docs/levels.md). Each example deck plays both
levels on the same seeds, alone and as a team of two, with the default bot; hard's win rate
must be below normal's with the paired interval (Newcombe) of the difference excluding zero.

3,000 paired games a cell keep the 8 cells near 10 s once the engine is compiled; the
smallest gap (water-tides alone, about -2 points at 20,000 games) is then about five times
the interval's half-width.
"""

from __future__ import annotations

import pytest

from simulator.compare import compare_levels

DECKS = ("air-winds", "fire-flames", "vegetal-grove", "water-tides")
GAMES = 3_000
SEED = 2026


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("deck", DECKS)
def test_hard_is_harder_than_normal(db, deck, players):
    comparison = compare_levels(deck, "duke", levels=["normal", "hard"], games=GAMES,
                                seed=SEED, players=players, db=db, progress=False)
    normal, hard = comparison.table()["win_rate"]
    diff = comparison.differences().iloc[0]
    assert (diff["a"], diff["b"]) == ("hard", "normal")
    assert hard < normal, f"{deck} x{players}: hard {hard:.1%} >= normal {normal:.1%}"
    assert diff["high"] < 0, (f"{deck} x{players}: hard - normal = {diff['difference']:+.1%}, "
                              f"interval [{diff['low']:+.1%}, {diff['high']:+.1%}] reaches zero")
