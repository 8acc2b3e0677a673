"""Figures of duels and gauntlets (matplotlib, through :func:`simulator.figures.pyplot`).

Every rate is drawn with its 95% interval (DESIGN.md decision 8): error bars on the bars, a
band on the curves, the interval written in each cell of the round robin's heatmap. The
duel's figures take a :class:`~simulator.duels.DuelResult`; the gauntlet's take its dict
(:meth:`~simulator.gauntlets.GauntletResult.to_dict`).
"""

from __future__ import annotations

import numpy as np

from simulator.figures import OUTCOME_COLOURS, percent_formatter, pyplot

SIDE_COLOURS = ("#1565c0", "#ef6c00")
#: Positions of a 2 vs 2: each side's two decks in a light and a dark shade of its colour.
POSITION_COLOURS = {2: SIDE_COLOURS, 4: ("#1565c0", "#64b5f6", "#ef6c00", "#ffb74d")}


def _bars(ax, y, rates, lows, highs, colours, labels, xmax=1.0) -> None:
    rates, lows, highs = (np.asarray(v, float) for v in (rates, lows, highs))
    ax.barh(y, rates, xerr=np.vstack([rates - lows, highs - rates]), capsize=4,
            color=colours, alpha=0.85)
    for yy, r, lo, hi in zip(y, rates, lows, highs, strict=True):
        text = f"{r:.1%} ({lo:.1%}–{hi:.1%})"
        if hi + 0.3 * xmax <= xmax:
            ax.text(hi + 0.01 * xmax, yy, text, va="center", fontsize=9)
        else:
            ax.text(0.01 * xmax, yy, text, va="center", fontsize=9, color="white",
                    fontweight="bold")
    ax.set_yticks(y, labels)
    ax.set_xlim(0, xmax)
    ax.xaxis.set_major_formatter(percent_formatter())
    ax.grid(alpha=0.3, axis="x")


def figure_duel_outcomes(result):
    """Each side's wins, draws and losses, and the first and second player's wins."""
    plt = pyplot()
    s = result.summary()
    a, b = s["sides"]
    rows = [(f"{a} wins", s["win_rate"][0], s["win_rate_ci"][0], SIDE_COLOURS[0]),
            (f"{b} wins", s["win_rate"][1], s["win_rate_ci"][1], SIDE_COLOURS[1]),
            ("draws", s["draw_rate"], s["draw_rate_ci"], OUTCOME_COLOURS["timeout"]),
            ("first player wins", s["first_player_win_rate"], s["first_player_win_rate_ci"],
             "#2e7d32"),
            ("second player wins", s["second_player_win_rate"], s["second_player_win_rate_ci"],
             "#81c784")]
    fig, ax = plt.subplots(figsize=(8.5, 3.4))
    y = np.arange(len(rows))[::-1]
    _bars(ax, y, [r[1] for r in rows], [r[2][0] for r in rows], [r[2][1] for r in rows],
          [r[3] for r in rows], [r[0] for r in rows])
    ax.set_title(f"{s['games']:,} games, {s['seeds']:,} seeds each played with either side "
                 "first (95% intervals of the seed pairs)", fontsize=10)
    fig.tight_layout()
    return fig


def _horizon(result, minimum: int = 10) -> int:
    """Last turn where games still in progress are >= max(minimum, 1%) of the games."""
    agg = result.aggregate
    by_end = agg.end_turns[0].sum(axis=0)
    reached = by_end[::-1].cumsum()[::-1][1:]
    enough = np.flatnonzero(reached >= max(minimum, 0.01 * agg.games))
    return int(enough[-1] + 1) if len(enough) else 1


def figure_duel_won_by(result):
    """The share of games each side has won by turn t (cumulative, with 95% bands)."""
    plt = pyplot()
    table = result.aggregate.won_by()
    horizon = max(_horizon(result, 1), 2)
    fig, ax = plt.subplots(figsize=(8.5, 4))
    for side, label in enumerate(result.labels):
        sub = table[(table["side"] == side) & (table["turn"] <= horizon)]
        ax.step(sub["turn"], sub["won_by"], where="mid", color=SIDE_COLOURS[side], lw=1.8,
                label=f"{label} has won")
        ax.fill_between(sub["turn"], sub["won_by_low"], sub["won_by_high"], step="mid",
                        color=SIDE_COLOURS[side], alpha=0.22, lw=0)
    ax.set_ylim(-0.02, 1.02)
    ax.yaxis.set_major_formatter(percent_formatter())
    ax.set_xlabel("turn of the game (each player's turn counts)")
    ax.set_ylabel("share of all games")
    ax.set_title("When the games are won (cumulative, 95% bands)")
    ax.legend(loc="upper left")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    return fig


def figure_duel_hp(result):
    """HP after each turn and HP lost so far, per deck: mean, its 95% interval, and the
    10-90% spread of single games, over the games in progress."""
    plt = pyplot()
    curves = result.curves()
    horizon = _horizon(result)
    curves = curves[curves["turn"] <= horizon]
    positions = result.games.positions
    names = result.games.decks
    colours = POSITION_COLOURS[len(positions)]
    fig, axes = plt.subplots(1, 2, figsize=(13, 4))
    for ax, (series, title) in zip(axes, (("hp", "HP after each turn"),
                                          ("taken", "HP lost so far")), strict=True):
        for k, pos in enumerate(positions):
            sub = curves[(curves["series"] == f"{series}_{pos}") & (curves["n"] > 0)]
            c = colours[k]
            ax.fill_between(sub["turn"], sub["p10"], sub["p90"], color=c, alpha=0.10, lw=0)
            ax.fill_between(sub["turn"], sub["mean_low"], sub["mean_high"], color=c, alpha=0.35,
                            lw=0)
            ax.plot(sub["turn"], sub["mean"], color=c, lw=1.8, label=f"{names[k]} ({pos})")
        ax.set_title(f"{title} (games in progress; mean, 95% CI, 10–90% of games)", fontsize=10)
        ax.set_xlabel("turn of the game (each player's turn counts)")
        ax.grid(alpha=0.3)
    axes[0].legend(loc="lower left", fontsize=8)
    fig.tight_layout()
    return fig


DUEL_FIGURES = {"outcomes": figure_duel_outcomes, "won_by": figure_duel_won_by,
                "hp": figure_duel_hp}


def figure_matrix(data: dict):
    """The round robin's heatmap: the row's deck's win rate against the column's, its 95%
    interval under it; the rows in the ranking's order."""
    plt = pyplot()
    names = data["decks"]
    order = [names.index(r["deck"]) for r in data["ranking"]]
    rate = np.array([[np.nan if v is None else v for v in data["matrix"][i]] for i in order])[:, order]
    ci = [[data["matrix_ci"][i][j] for j in order] for i in order]
    n = len(names)
    fig, ax = plt.subplots(figsize=(1.0 * n + 3, 0.8 * n + 2))
    image = ax.imshow(rate, cmap="RdBu", vmin=0, vmax=1)
    for i in range(n):
        for j in range(n):
            if i == j or ci[i][j] is None:
                continue
            dark = abs(rate[i, j] - 0.5) > 0.3
            ax.text(j, i, f"{100 * rate[i, j]:.0f}%\n{100 * ci[i][j][0]:.0f}–"
                    f"{100 * ci[i][j][1]:.0f}", ha="center", va="center", fontsize=7,
                    color="white" if dark else "black")
    labels = [names[i] for i in order]
    ax.set_xticks(range(n), labels, rotation=45, ha="right")
    ax.set_yticks(range(n), labels)
    ax.set_xlabel("against")
    bar = fig.colorbar(image, ax=ax, fraction=0.04)
    bar.ax.yaxis.set_major_formatter(percent_formatter())
    ax.set_title(f"Win rate of the row's deck against the column's, {data['games_a_pairing']:,} "
                 "games a pairing (95% intervals under each)", fontsize=10)
    fig.tight_layout()
    return fig


def figure_field(data: dict):
    """One deck's win rate against each deck of the field, with its 95% interval."""
    plt = pyplot()
    rows = data["rows"]
    fig, ax = plt.subplots(figsize=(8.5, 0.45 * len(rows) + 1.6))
    y = np.arange(len(rows))[::-1]
    _bars(ax, y, [r["win_rate"] for r in rows], [r["win_rate_ci"][0] for r in rows],
          [r["win_rate_ci"][1] for r in rows], SIDE_COLOURS[0],
          [f"vs {r['opponent']}" for r in rows])
    ax.axvline(0.5, color="#555", lw=0.8, ls="--")
    ax.set_title(f"{data['deck']}: win rate against each deck, {data['games_a_pairing']:,} "
                 "games each (95% intervals)", fontsize=10)
    fig.tight_layout()
    return fig
