"""Figures of a run (matplotlib, Agg backend unless the caller chose a backend).

Each ``figure_*`` takes a run's result and draws one view of its tidy data (DESIGN.md
decision 7) with the 95% intervals of every rate (decision 8): bands on the curves, error
bars on the bars. :data:`FIGURES` lists the ones a report shows, in its order;
:func:`paired_interval_figure` is shared by the card value and the doctor;
:func:`figure_scenarios` draws a deck against every scenario (:mod:`simulator.sweep`); :func:`png_bytes`
and :func:`as_image` turn a figure into a file's bytes or a notebook image.
:mod:`simulator.report` puts the figures on the HTML page.
"""

from __future__ import annotations

import io
import math
import textwrap

import numpy as np
import pandas as pd
from matplotlib.ticker import Formatter, MaxNLocator

FIGURE_DPI = 110
OUTCOME_COLOURS = {"win": "#2e7d32", "loss_hp": "#c62828", "loss_deck": "#6a1b9a",
                   "timeout": "#757575"}

def pyplot():
    """pyplot on the Agg backend (no display needed), unless the caller already chose one
    (a notebook's inline backend, MPLBACKEND)."""
    import os
    import sys

    if "matplotlib.pyplot" not in sys.modules and not os.environ.get("MPLBACKEND"):
        import matplotlib

        matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_horizon(result, minimum: int = 10) -> int:
    """Last turn worth plotting: games still in progress there are >= max(minimum, 1%)."""
    from simulator.stats import games_in_progress

    reached = games_in_progress(result.aggregate)
    enough = np.flatnonzero(reached >= max(minimum, 0.01 * result.aggregate.games))
    return int(enough[-1] + 1) if len(enough) else 1


def _band(ax, x, frame: pd.DataFrame, col: str, colour: str, label: str) -> None:
    ax.step(x, frame[col], where="mid", color=colour, label=label, lw=1.8)
    ax.fill_between(x, frame[f"{col}_low"], frame[f"{col}_high"], step="mid", color=colour,
                    alpha=0.22, lw=0)


def figure_outcomes(result):
    plt = pyplot()
    table = result.outcome_rates()
    fig, ax = plt.subplots(figsize=(7.5, 3.2))
    y = np.arange(len(table))[::-1]
    err = np.vstack([table["rate"] - table["rate_low"], table["rate_high"] - table["rate"]])
    ax.barh(y, table["rate"], xerr=err, capsize=4,
            color=[OUTCOME_COLOURS[o] for o in table["outcome"]], alpha=0.85)
    for yy, row in zip(y, table.itertuples(), strict=True):
        text = f"{row.rate:.1%}  ({row.rate_low:.1%}–{row.rate_high:.1%})  n={row.games:,}"
        inside = row.rate_high > 0.6  # a long bar carries its label inside, in white
        ax.text(0.02 if inside else row.rate_high + 0.02, yy, text, va="center", fontsize=9,
                color="white" if inside else "black", fontweight="bold" if inside else None)
    ax.set_yticks(y, [o.replace("_", " ") for o in table["outcome"]])
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(percent_formatter())
    ax.set_title(f"Outcomes of {result.aggregate.games:,} games (bars: 95% Wilson intervals)")
    fig.tight_layout()
    return fig


def figure_end_turns(result):
    plt = pyplot()
    frame = result.end_turns().iloc[:max(plot_horizon(result, 1), 2)]
    fig, ax = plt.subplots(figsize=(7.5, 4))
    _band(ax, frame["turn"], frame, "survival", OUTCOME_COLOURS["loss_hp"], "not yet lost")
    _band(ax, frame["turn"], frame, "not_won", OUTCOME_COLOURS["win"], "not yet won")
    ax.set_ylim(-0.02, 1.02)
    ax.yaxis.set_major_formatter(percent_formatter())
    ax.set_xlabel("player turn")
    ax.xaxis.set_major_locator(_integer_ticks())
    ax.set_ylabel("share of games")
    ax.set_title("Turn of victory and of defeat (survival curves, 95% bands)")
    ax.legend(loc="lower left")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    return fig


def figure_damage(result):
    plt = pyplot()
    curves = result.turn_curves()
    horizon = plot_horizon(result)
    curves = curves[curves["turn"] <= horizon]
    players = result.aggregate.players
    panels = [("dealt", "Cumulative damage to the Adversary\n(all games)", ["dealt"]),
              ("hp", "Player HP after each turn\n(games in progress)",
               [f"hp_p{q + 1}" for q in range(players)]),
              ("adversary_hp", "Adversary HP\n(games where it is in play)", ["adversary_hp"])]
    fig, axes = plt.subplots(1, 3, figsize=(13, 4))
    colours = ["#1565c0", "#ef6c00", "#2e7d32", "#6a1b9a"]
    for ax, (_, title, series) in zip(axes, panels, strict=True):
        for k, name in enumerate(series):
            sub = curves[(curves["series"] == name) & (curves["n"] > 0)]
            c = colours[k % len(colours)]
            label = f"player {k + 1}" if name.startswith("hp_") and players > 1 else "mean"
            ax.fill_between(sub["turn"], sub["p10"], sub["p90"], color=c, alpha=0.12, lw=0,
                            label="10–90% of games" if k == 0 else None)
            ax.fill_between(sub["turn"], sub["mean_low"], sub["mean_high"], color=c, alpha=0.35, lw=0,
                            label="95% CI of the mean" if k == 0 else None)
            ax.plot(sub["turn"], sub["mean"], color=c, lw=1.8, label=label)
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("player turn")
        ax.xaxis.set_major_locator(_integer_ticks())
        ax.grid(alpha=0.3)
    axes[0].legend(loc="upper left", fontsize=8)
    if players > 1:
        axes[1].legend(loc="upper right", fontsize=8)
    fig.tight_layout()
    return fig


def figure_components(result):
    plt = pyplot()
    table = result.components()
    horizon = plot_horizon(result)
    fig, ax = plt.subplots(figsize=(7.5, 4))
    if table.empty:
        ax.text(0.5, 0.5, "The deck's cards require no component", ha="center", va="center")
        ax.set_axis_off()
        return fig
    cmap = plt.get_cmap("tab10")
    for k, (word, sub) in enumerate(table.groupby("word", sort=False)):
        sub = sub[sub["turn"] <= horizon]
        _band(ax, sub["turn"], sub, "available_by", cmap(k % 10), word)
    ax.set_ylim(-0.02, 1.02)
    ax.yaxis.set_major_formatter(percent_formatter())
    ax.set_xlabel("player turn")
    ax.xaxis.set_major_locator(_integer_ticks())
    ax.set_ylabel("share of games in progress")
    ax.set_title("Component on the board by turn t (95% bands)")
    ax.legend(loc="upper left", fontsize=8, ncol=2)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    return fig


def _small_multiples(result, table: pd.DataFrame, cols: list[tuple[str, str, str]], title: str,
                     baseline: float | None = None, top: float = 1.02, empty: str = ""):
    plt = pyplot()
    horizon = plot_horizon(result)
    names = list(dict.fromkeys(table["name"]))
    if not names:
        fig, ax = plt.subplots(figsize=(7.5, 1.5))
        ax.text(0.5, 0.5, empty, ha="center", va="center")
        ax.set_axis_off()
        return fig
    ncols = 4
    nrows = max(1, math.ceil(len(names) / ncols))
    height = 2.3 * nrows + 0.9
    # Fixed margins rather than tight_layout: measuring every tick label of a dozen panels
    # costs seconds per figure.
    fig, axes = plt.subplots(nrows, ncols, figsize=(13, height), sharex=True, sharey=True,
                             squeeze=False, gridspec_kw={
                                 "left": 0.06, "right": 0.99, "bottom": 0.65 / height,
                                 "top": 1 - 0.75 / height, "hspace": 0.35, "wspace": 0.08})
    axes[0, 0].yaxis.set_major_locator(MaxNLocator(nbins=4, steps=[1, 2, 2.5, 5, 10]))
    for ax, name in zip(axes.flat, names, strict=False):
        sub = table[(table["name"] == name) & (table["turn"] <= horizon)]
        for col, colour, label in cols:
            _band(ax, sub["turn"], sub, col, colour, label)
        if baseline is not None:
            ax.axhline(baseline, color="#555", lw=0.8, ls="--")
        ax.set_title(name, fontsize=9)
        ax.set_ylim(-0.02 * top, top)
        ax.yaxis.set_major_formatter(percent_formatter())
        ax.grid(alpha=0.3)
    for k, ax in enumerate(axes.flat):
        if k >= len(names):
            ax.set_axis_off()
        elif k + ncols >= len(names):  # lowest panel of its column: it shows the turn ticks
            ax.xaxis.set_tick_params(labelbottom=True)
    axes[0, 0].xaxis.set_major_locator(_integer_ticks())
    handles, labels = axes.flat[0].get_legend_handles_labels()
    if len(cols) > 1 or baseline is not None:
        fig.legend(handles, labels, loc="upper right", fontsize=8, ncol=len(cols))
    fig.suptitle(title, fontsize=11, x=0.02, y=1 - 0.12 / height, ha="left", va="top")
    fig.supxlabel("player turn", fontsize=9, y=0.08 / height)
    return fig


def figure_castable(result):
    return _small_multiples(result, result.castable(), [("castable_by", "#1565c0", "castable by t")],
                            "Card castable (Mana and components) by turn t, share of games in "
                            "progress, 95% bands")


def figure_activation(result, min_games: int = 5):
    """Cards played in some game (a spell activated, a Permanent, Equipment or Ritual put into
    play); turns where fewer than ``min_games`` games fall on one side are left blank (an
    interval over 2 games says nothing)."""
    table = result.activation_win_rates().copy()
    table = table[table["name"].isin(table.loc[table["activated_games"] > 0, "name"])]
    for col, count in (("win_if_activated", "activated_games"), ("win_if_not", "other_games")):
        thin = table[count] < min_games
        table.loc[thin, [col, f"{col}_low", f"{col}_high"]] = np.nan
    shown = table[table["turn"] <= plot_horizon(result)]
    highest = np.nanmax(shown[["win_if_activated_high", "win_if_not_high"]].to_numpy(), initial=0.0)
    top = min(1.02, max(0.1, 1.1 * highest))
    return _small_multiples(
        result, table, [("win_if_activated", "#2e7d32", "played by t"),
                        ("win_if_not", "#757575", "not played by t")],
        "Win rate of the games where the card was played by turn t, and of the others "
        "(95% bands; dashed: overall)", baseline=result.summary()["win_rate"], top=top,
        empty="No card was played in these games")


def figure_card_usage(result):
    plt = pyplot()
    table = result.card_usage()
    kinds = [("drawn", "#90caf9"), ("prepared", "#1565c0"), ("activated", "#2e7d32"),
             ("channeled", "#ef6c00"), ("stranded", "#c62828")]
    labels = {"activated": "played"}
    n = len(table)
    fig, ax = plt.subplots(figsize=(10.5, 0.55 * n + 1.4))
    height = 0.8 / len(kinds)
    y = np.arange(n)[::-1]
    for k, (kind, colour) in enumerate(kinds):
        rate = table[f"{kind}_games"]
        err = np.vstack([rate - table[f"{kind}_games_low"], table[f"{kind}_games_high"] - rate])
        ax.barh(y + 0.4 - (k + 0.5) * height, rate, height, xerr=err, color=colour,
                label=labels.get(kind, kind),
                error_kw={"elinewidth": 0.8, "capsize": 1.5})
    ax.set_yticks(y, table["name"])
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(percent_formatter())
    ax.set_xlabel("share of games where it happened at least once (95% intervals)")
    ax.set_title("Card usage: drawn, prepared, played (activated, or put into play), channeled,\n"
                 "stranded in hand at the end")
    # beside the axes, not in them: a bar can reach 100% in any row
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0, fontsize=8)
    ax.grid(alpha=0.3, axis="x")
    fig.tight_layout()
    return fig


FIGURES = {"outcomes": figure_outcomes, "end_turns": figure_end_turns, "damage": figure_damage,
           "components": figure_components, "castable": figure_castable,
           "card_usage": figure_card_usage, "activation": figure_activation}


#: Bar colour of each difficulty level in :func:`figure_scenarios` (others: grey).
LEVEL_COLOURS = {"normal": "#1565c0", "hard": "#c62828"}


def figure_scenarios(table: pd.DataFrame):
    """Win rate against every scenario and level on the same seeds (``--scenario all``): one
    bar per row of :meth:`simulator.sweep.ScenarioSweep.table`, its 95% Wilson interval and
    its median number of turns, the scenarios' levels side by side."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8.5, 0.45 * len(table) + 1.6))
    y = np.arange(len(table))[::-1]
    err = np.vstack([table["win_rate"] - table["low"], table["high"] - table["win_rate"]])
    ax.barh(y, table["win_rate"], xerr=err, capsize=4, alpha=0.85,
            color=[LEVEL_COLOURS.get(level, "#757575") for level in table["level"]])
    xmax = min(1.0, max(0.2, float(table["high"].max()) * 1.6))
    for yy, row in zip(y, table.itertuples(), strict=True):
        text = f"{row.win_rate:.1%} ({row.low:.1%}–{row.high:.1%}), median {row.median_turns:g} turns"
        if row.high <= 0.55 * xmax:  # room right of the interval
            ax.text(row.high + 0.01 * xmax, yy, text, va="center", fontsize=8)
        else:  # inside the bar, from its left end, in white
            ax.text(0.01 * xmax, yy, text, va="center", fontsize=8, color="white",
                    fontweight="bold")
    ax.set_yticks(y, [f"{row.name} ({row.level})" for row in table.itertuples()])
    ax.set_xlim(0, xmax)
    ax.xaxis.set_major_formatter(percent_formatter())
    ax.set_xlabel("win rate")
    ax.set_title(f"Every scenario and level, {int(table['games'].iloc[0]):,} games each on the "
                 "same seeds (95% Wilson)", fontsize=10)
    ax.grid(alpha=0.3, axis="x")
    fig.tight_layout()
    return fig


def _integer_ticks():
    return MaxNLocator(integer=True)


def percent_formatter():
    """Axis labels for shares as percentages (0.25 -> 25%, 0.025 -> 2.5%): each label is its
    tick's value, with the decimals the ticks need (:class:`ExactTicks`)."""
    return ExactTicks(suffix="%")


def points_formatter():
    """Axis labels for differences of shares in percentage points (0.025 -> +2.5 pp, 0)."""
    return ExactTicks(suffix=" pp", signed=True)


#: Most decimals of a percentage tick label (a finer tick than 0.0001% is never drawn).
MOST_TICK_DECIMALS = 4


class ExactTicks(Formatter):
    """Tick labels that always say their tick's value: a share ``x`` is written as ``100 x``
    with the fewest decimals (0 to :data:`MOST_TICK_DECIMALS`) that write every tick of the
    axis exactly, the same for all of them (0.0%, 2.5%, 5.0%, ...).

    Why: a fixed number of decimals labels ticks every 2.5% as 0%, 2%, 5%, 8%...
    (matplotlib's PercentFormatter(decimals=0) rounds each one): a figure that lies."""

    def __init__(self, suffix: str = "%", signed: bool = False) -> None:
        self.suffix, self.signed = suffix, signed

    def __call__(self, x, pos=None) -> str:
        return self._label(x, _tick_decimals([x]))

    def format_ticks(self, values) -> list[str]:
        decimals = _tick_decimals(values)
        return [self._label(v, decimals) for v in values]

    def _label(self, x: float, decimals: int) -> str:
        value = 100 * x
        if self.signed and abs(value) < 0.5 * 10 ** -MOST_TICK_DECIMALS:
            return "0"
        return f"{value:{'+' if self.signed else ''}.{decimals}f}{self.suffix}"


def _tick_decimals(values) -> int:
    """The fewest decimals that write every ``100 * value`` exactly (up to rounding noise)."""
    for decimals in range(MOST_TICK_DECIMALS + 1):
        scaled = [100 * v * 10 ** decimals for v in values]
        if all(abs(x - round(x)) < 1e-6 for x in scaled):
            return decimals
    return MOST_TICK_DECIMALS


def paired_interval_figure(labels, estimates, lows, highs, xlabel: str, title: str,
                           row_height: float = 0.4):
    """One dot and its 95% interval per row, the first row on top, in percentage points
    around 0: green when the interval is above 0, red below, grey across it (card value, the
    doctor's swaps)."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(9, row_height * len(labels) + 1.8))
    y = np.arange(len(labels))[::-1]
    for yy, est, low, high in zip(y, estimates, lows, highs, strict=True):
        colour = "#2e7d32" if low > 0 else "#c62828" if high < 0 else "#757575"
        ax.errorbar(est, yy, xerr=[[est - low], [high - est]], fmt="o", color=colour, capsize=4)
    ax.axvline(0, color="#555", lw=0.8, ls="--")
    ax.set_yticks(y, list(labels))
    span = max([0.01] + [abs(v) * 1.15 for v in (*lows, *highs)])
    ax.set_xlim(-span, span)
    ax.xaxis.set_major_locator(MaxNLocator(5, symmetric=True))
    ax.xaxis.set_major_formatter(points_formatter())
    ax.set_xlabel(xlabel)
    # the title on the figure's width, wrapped: a long deck name must not run off the page
    fig.suptitle(textwrap.fill(title, _chars_across(fig, TITLE_SIZE)), fontsize=TITLE_SIZE,
                 x=0.01, ha="left")
    ax.grid(alpha=0.3, axis="x")
    fig.tight_layout()
    return fig


#: Font size of a figure's title (points).
TITLE_SIZE = 10


def _chars_across(fig, fontsize: float) -> int:
    """About how many characters of ``fontsize`` points fit across ``fig`` (a character is
    about 0.6 of the font size wide, less a margin)."""
    return max(20, int(fig.get_figwidth() * 72 / (0.6 * fontsize)) - 4)


def png_bytes(fig, fmt: str = "png") -> bytes:
    """The figure as image bytes (``fmt``: png, svg or pdf); the figure is closed."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format=fmt, dpi=FIGURE_DPI)
    pyplot().close(fig)
    return buffer.getvalue()


def as_image(fig):
    """The figure as an IPython image (shown once in a notebook, whatever the backend)."""
    from IPython.display import Image

    return Image(data=png_bytes(fig))
