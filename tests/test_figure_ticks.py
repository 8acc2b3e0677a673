"""Every percentage tick label of every figure says its tick's value (no "0%, 2%, 5%, 8%"
under ticks every 2.5%), read from the labels matplotlib renders."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from simulator.figures import (
    FIGURES,
    ExactTicks,
    figure_scenarios,
    paired_interval_figure,
    percent_formatter,
    points_formatter,
    pyplot,
)


def _label_value(text: str) -> float:
    """The share a rendered label says: "2.5%" -> 0.025, "+0.25 pp" -> 0.0025, "0" -> 0."""
    number = text.replace("\N{MINUS SIGN}", "-").removesuffix("%").removesuffix(" pp")
    return float(number) / 100


def _checked_ticks(fig) -> int:
    """Assert every rendered label of an ExactTicks axis of ``fig`` is its tick's value; the
    number of labels checked."""
    fig.canvas.draw()
    checked = 0
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            if not isinstance(axis.get_major_formatter(), ExactTicks):
                continue
            for tick in axis.get_major_ticks():
                text = tick.label1.get_text()
                if text:
                    assert _label_value(text) == pytest.approx(tick.get_loc(), abs=1e-12), text
                    checked += 1
    pyplot().close(fig)
    return checked


def test_ticks_every_two_and_a_half_percent_are_labelled_so():
    labels = percent_formatter().format_ticks([0.0, 0.025, 0.05, 0.075, 0.1, 0.125])
    assert labels == ["0.0%", "2.5%", "5.0%", "7.5%", "10.0%", "12.5%"]
    assert percent_formatter().format_ticks([0.0, 0.25, 0.5, 1.0]) == ["0%", "25%", "50%", "100%"]
    assert percent_formatter().format_ticks([0.001, 0.0015, 0.002]) == ["0.10%", "0.15%", "0.20%"]
    assert points_formatter().format_ticks([-0.005, -0.0025, 0.0, 0.0025, 0.005]) == \
        ["-0.50 pp", "-0.25 pp", "0", "+0.25 pp", "+0.50 pp"]
    assert points_formatter().format_ticks([-0.1, 0.0, 0.1]) == ["-10 pp", "0", "+10 pp"]


def test_the_scenarios_figure_labels_half_percent_ticks_exactly():
    """The ``--scenario all`` figure of a weak deck: win rates of a few percent put a tick
    every 2.5%, which the labels say."""
    rates = np.array([0.043, 0.003, 0.097, 0.03, 0.063, 0.017])
    table = pd.DataFrame({"name": ["A", "A", "B", "B", "C", "C"],
                          "level": ["normal", "hard"] * 3, "games": 300,
                          "win_rate": rates, "low": rates * 0.6, "high": rates + 0.01,
                          "median_turns": 8.0})
    fig = figure_scenarios(table)
    fig.canvas.draw()
    ax = fig.axes[0]
    steps = np.diff(ax.xaxis.get_majorticklocs())
    assert steps[0] == pytest.approx(0.025)  # the case of the defect: half-percent ticks
    assert _checked_ticks(fig) >= 5


@pytest.mark.parametrize("span", [0.004, 0.012, 0.03, 0.3])
def test_the_paired_interval_figure_labels_its_point_ticks_exactly(span):
    values = [span / 2, -span / 3, span / 5]
    fig = paired_interval_figure(["a", "b", "c"], values, [v - span / 2 for v in values],
                                 [v + span / 2 for v in values], "points", "title")
    assert _checked_ticks(fig) >= 3


def test_every_figure_of_a_run_labels_its_ticks_exactly(db):
    from simulator.run import simulate

    result = simulate("fire-flames", "duke", games=60, seed=2, db=db, progress=False)
    checked = sum(_checked_ticks(make(result)) for make in FIGURES.values())
    assert checked > 20


@pytest.mark.parametrize("deck", ["fire-flames", "my electric and sun deck for game night v3"])
def test_the_card_value_title_is_never_cut(deck):
    """The title of the card-value figure (the deck's name, scenario, bot, games) stays on the
    figure, whole, whatever the deck name's length."""
    from simulator.figures import paired_interval_figure

    title = (f"Card value, {deck} vs The Frost Warden (normal), bot planner, 10,000 paired "
             "games a card (95% Newcombe)")
    fig = paired_interval_figure(["Fire ball x4", "Flame x3"], [0.01, -0.004], [0.002, -0.01],
                                 [0.018, 0.002], "points", title)
    fig.canvas.draw()
    (shown,) = fig.texts  # the title, on the figure
    assert " ".join(shown.get_text().split()) == title
    box, page = shown.get_window_extent(), fig.bbox
    assert page.x0 <= box.x0 and box.x1 <= page.x1 and page.y0 <= box.y0 and box.y1 <= page.y1
    pyplot().close(fig)
