"""The card-usage chart's legend covers no bar (issue 26, item 14)."""

from __future__ import annotations

from simulator.figures import figure_card_usage
from simulator.run import simulate


def test_the_card_usage_legend_covers_no_bar_and_stays_in_the_figure(db):
    # water-tides: its last row (Water drop) is drawn in about 86% of games, under the corner
    # where the legend used to sit
    result = simulate("water-tides", "duke", games=300, seed=1, db=db)
    fig = figure_card_usage(result)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    ax = fig.axes[0]
    legend = ax.get_legend().get_window_extent(renderer)
    bars = [patch.get_window_extent(renderer) for patch in ax.patches if patch.get_width() > 0]
    assert len(bars) > 20
    assert not any(legend.overlaps(bar) for bar in bars)
    whole = fig.bbox
    assert whole.x0 <= legend.x0 and legend.x1 <= whole.x1
    assert whole.y0 <= legend.y0 and legend.y1 <= whole.y1
