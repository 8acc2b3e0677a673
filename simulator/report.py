"""Figures (matplotlib, Agg backend) and the self-contained HTML report of a run.

``write_report(result, directory)`` writes::

    report.html      one file, figures embedded as base64 PNG, opens in any browser
    *.png            the same figures as files
    games.parquet    the per-game table (games.csv when pyarrow is not installed)
    summary.json     the summary with its stamp and warnings

Everything is built from the result's tidy data (its per-game table and its aggregates,
DESIGN.md decision 7); every rate shown carries its 95% interval (decision 8): bands on the
curves, error bars on the bars, "low-high" next to each number in the tables. The stamp
(tool version, card data version, scenario, level, bot, seed, games) and the warning for
scenarios with approximated Adversary cards appear at the top of the page and in the JSON.
"""

from __future__ import annotations

import base64
import datetime as _dt
import hashlib
import html
import io
import json
import math
from importlib import resources
from pathlib import Path

import numpy as np
import pandas as pd

from simulator import __version__

FIGURE_DPI = 110
OUTCOME_COLOURS = {"win": "#2e7d32", "loss_hp": "#c62828", "loss_deck": "#6a1b9a",
                   "timeout": "#757575"}
APPROXIMATION_WARNING = ("This scenario level contains {n} approximated Adversary card(s): "
                         "stand-ins for unpublished cards. Treat its win rates as estimates of "
                         "the real box, not measurements.")
PARTIAL_WARNING = "PARTIAL RESULTS: the run was interrupted after {games:,} of {planned:,} games."


def _pyplot():
    """pyplot on the Agg backend (no display needed), unless the caller already chose one
    (a notebook's inline backend, MPLBACKEND)."""
    import os
    import sys

    if "matplotlib.pyplot" not in sys.modules and not os.environ.get("MPLBACKEND"):
        import matplotlib

        matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def card_data_version() -> str:
    """A short digest of the bundled card data files: changes whenever a card fact does."""
    digest = hashlib.sha256()
    folder = resources.files("simulator.cards") / "data"
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            digest.update(entry.name.encode())
            digest.update(entry.read_bytes())
    return digest.hexdigest()[:12]


def stamp(result) -> dict:
    """What produced these numbers: enough to reproduce the run."""
    s = result.settings
    return {"tool_version": __version__, "card_data_version": card_data_version(),
            "scenario": s.get("scenario"), "scenario_file": s.get("scenario_file"),
            "level": s.get("level"), "bot": s.get("bot"), "seed": s.get("seed"),
            "games": int(result.aggregate.games), "players": s.get("players"),
            "decks": s.get("decks"), "partial": bool(result.partial),
            "created": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")}


def warnings_of(result) -> list[str]:
    out = []
    if result.partial:
        out.append(PARTIAL_WARNING.format(games=result.aggregate.games, planned=result.planned_games))
    if result.settings.get("approximated_cards"):
        out.append(APPROXIMATION_WARNING.format(n=result.settings["approximated_cards"]))
    if result.aggregate.board_overflow:
        out.append(f"{result.aggregate.board_overflow} preparations were refused for lack of board "
                   "slots (engine limit board_slots).")
    if result.precision and not result.precision["reached"]:
        out.append(f"The target precision ±{result.precision['target']:.3g} was not reached.")
    return out


# --- figures --------------------------------------------------------------------------------

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
    plt = _pyplot()
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
    ax.xaxis.set_major_formatter(_percent())
    ax.set_title(f"Outcomes of {result.aggregate.games:,} games (bars: 95% Wilson intervals)")
    fig.tight_layout()
    return fig


def figure_end_turns(result):
    plt = _pyplot()
    frame = result.end_turns().iloc[:max(plot_horizon(result, 1), 2)]
    fig, ax = plt.subplots(figsize=(7.5, 4))
    _band(ax, frame["turn"], frame, "survival", OUTCOME_COLOURS["loss_hp"], "not yet lost")
    _band(ax, frame["turn"], frame, "not_won", OUTCOME_COLOURS["win"], "not yet won")
    ax.set_ylim(-0.02, 1.02)
    ax.yaxis.set_major_formatter(_percent())
    ax.set_xlabel("player turn")
    ax.xaxis.set_major_locator(_integer_ticks())
    ax.set_ylabel("share of games")
    ax.set_title("Turn of victory and of defeat (survival curves, 95% bands)")
    ax.legend(loc="lower left")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    return fig


def figure_damage(result):
    plt = _pyplot()
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
    plt = _pyplot()
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
    ax.yaxis.set_major_formatter(_percent())
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
    plt = _pyplot()
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
    from matplotlib.ticker import MaxNLocator

    axes[0, 0].yaxis.set_major_locator(MaxNLocator(nbins=4, steps=[1, 2, 2.5, 5, 10]))
    for ax, name in zip(axes.flat, names, strict=False):
        sub = table[(table["name"] == name) & (table["turn"] <= horizon)]
        for col, colour, label in cols:
            _band(ax, sub["turn"], sub, col, colour, label)
        if baseline is not None:
            ax.axhline(baseline, color="#555", lw=0.8, ls="--")
        ax.set_title(name, fontsize=9)
        ax.set_ylim(-0.02 * top, top)
        ax.yaxis.set_major_formatter(_percent())
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
    plt = _pyplot()
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
    ax.xaxis.set_major_formatter(_percent())
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


def _integer_ticks():
    from matplotlib.ticker import MaxNLocator

    return MaxNLocator(integer=True)


def _percent():
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(1.0, decimals=0)


def paired_interval_figure(labels, estimates, lows, highs, xlabel: str, title: str,
                           row_height: float = 0.4):
    """One dot and its 95% interval per row, the first row on top, in percentage points
    around 0: green when the interval is above 0, red below, grey across it (card value, the
    doctor's swaps)."""
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    plt = _pyplot()
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
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{100 * v:+.1f} pp" if v else "0"))
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=10)
    ax.grid(alpha=0.3, axis="x")
    fig.tight_layout()
    return fig


def png_bytes(fig, fmt: str = "png") -> bytes:
    """The figure as image bytes (``fmt``: png, svg or pdf); the figure is closed."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format=fmt, dpi=FIGURE_DPI)
    _pyplot().close(fig)
    return buffer.getvalue()


def as_image(fig):
    """The figure as an IPython image (shown once in a notebook, whatever the backend)."""
    from IPython.display import Image

    return Image(data=png_bytes(fig))


# --- HTML -----------------------------------------------------------------------------------

def _pct(rate: float, low: float, high: float) -> str:
    if rate is None or (isinstance(rate, float) and math.isnan(rate)):
        return "–"
    return f"{rate:.1%} <span class=ci>({low:.1%}–{high:.1%})</span>"


def _num(value: float, low: float, high: float, digits: int = 2) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{value:.{digits}f} <span class=ci>({low:.{digits}f}–{high:.{digits}f})</span>"


def _table(headers: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _summary_rows(summary: dict) -> list[list[str]]:
    rows = [[f"win rate ({summary['wins']:,} of {summary['games']:,} games)",
             _pct(summary["win_rate"], *summary["win_rate_ci"]), summary["ci_method"]]]
    for name, (rate, low, high) in summary["outcome_rates"].items():
        if name == "win":
            continue
        rows.append([f"{name.replace('_', ' ')} ({summary['outcomes'][name]:,} games)",
                     _pct(rate, low, high), "Wilson 95%"])
    for key, label in (("median_turns", "median game length (turns)"),
                       ("median_turn_of_victory", "median turn of victory"),
                       ("median_turn_of_defeat", "median turn of defeat")):
        if summary.get(key) is not None:
            rows.append([label, _num(summary[key], *summary[key + "_ci"], digits=0),
                         "order-statistic 95%"])
    return rows


def _at_turns(table: pd.DataFrame, key: str, col: str, turns: list[int]) -> tuple[list[str], list]:
    headers = [key] + [f"by turn {t}" for t in turns]
    rows = []
    for name, sub in table.groupby(key, sort=False):
        sub = sub.set_index("turn")
        rows.append([html.escape(str(name))] + [_pct(sub.at[t, col], sub.at[t, f"{col}_low"],
                                                     sub.at[t, f"{col}_high"]) for t in turns])
    return headers, rows


CSS = """body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:1100px;
margin:2em auto;padding:0 1em;color:#222}h1{margin-bottom:.2em}h2{margin-top:1.6em;
border-bottom:1px solid #ddd}table{border-collapse:collapse;margin:.6em 0;font-size:.92em}
th,td{border:1px solid #ddd;padding:.25em .6em;text-align:right}th:first-child,td:first-child
{text-align:left}th{background:#f4f4f4}.ci{color:#777;font-size:.88em}.stamp{font-size:.88em;
color:#444}.warning{background:#fff3cd;border:1px solid #e0c060;padding:.6em 1em;margin:.8em 0}
img{max-width:100%}.note{color:#555;font-size:.9em}
pre{background:#f7f7f7;padding:.6em;overflow-x:auto;font-size:.85em}details{margin:.4em 0}"""


ACTIVATION_CAPTION = (
    "A card is played when a spell is activated or a Permanent, Equipment or Ritual is put "
    "into play. Games in which a card is played early differ from the others in more than that card "
    "(a better draw, an Adversary slower to arrive), so this view shows an association, not "
    "what the card causes. What a card is worth is measured by playing the deck with and "
    "without it on the same seeds: magenoir-sim value (or run --value for the section "
    "'Which cards pull their weight').")


def _inputs_section(settings: dict) -> list[str]:
    """What was played: each decklist, the Adversary's cards of the level with their source,
    the bot, the rule options and the command that plays the same games again."""
    if "decklists" not in settings:
        return []
    parts = ["<h2>What was played</h2>"]
    lists = settings["decklists"]
    shown = lists[:1] if all(d == lists[0] for d in lists) else lists
    for i, cards in enumerate(shown):
        who = "every player" if len(shown) == 1 and len(lists) > 1 else f"player {i + 1}"
        total = sum(c["count"] for c in cards)
        parts.append(f"<h3>Deck {html.escape(settings['decks'][i])} ({who}, {total} cards)</h3>")
        parts.append(_table(["copies", "card", "element"],
                            [[str(c["count"]), html.escape(c["card"]), c["element"]] for c in cards]))
    parts.append(f"<h3>The Adversary's deck ({html.escape(str(settings['scenario']))}, level "
                 f"{html.escape(str(settings['level']))})</h3>")
    parts.append(_table(["copies", "card", "kind", "source"],
                        [[str(c["count"]), html.escape(c["card"]), c["kind"], c["source"]]
                         for c in settings["level_cards"]]))
    parts.append("<p class=note>source: <i>rulesheet</i> is the published card; "
                 "<i>approximation</i> is our stand-in for an unpublished one.</p>")
    parts.append(f"<h3>Bot and rules</h3><p>Bot <b>{html.escape(str(settings['bot']))}</b>, "
                 f"{settings['players']} player(s), seed {settings['seed']}.</p>")
    parts.append(_table(["rule option", "value"],
                        [[html.escape(k), html.escape(str(v))]
                         for k, v in settings["rule_options"].items()]))
    parts.append("<p>The same games again:</p>"
                 f"<pre>{html.escape(settings['command'])}</pre>")
    return parts


def _losses_section(result) -> list[str]:
    """Why the deck loses: the turn of defeat, what dealt each defeated player's last HP, when
    the Adversary card came into play and how much damage it had taken by the defeat."""
    from simulator.stats import mean_interval, wilson_interval

    games = result.games
    lost = games[games["outcome"].isin(["loss_hp", "loss_deck"])]
    if lost.empty or "adversary_arrived" not in games:
        return []
    players = int(result.settings.get("players", 1))
    blows = pd.concat([lost.loc[lost[f"final_hp_p{q}"] <= 0, f"last_hit_by_p{q}"]
                       for q in range(1, players + 1)])
    blows = blows[blows != ""]
    parts = ["<h2>Why the deck loses</h2>"]
    summary = result.summary()
    defeat = summary.get("median_turn_of_defeat")
    arrived = games["adversary_arrived"]
    came = int((arrived > 0).sum())
    facts = [f"{len(lost):,} games lost ({(lost['loss_reason'] == 'deck').sum():,} of them by an "
             "empty deck)"]
    if defeat is not None:
        facts.append(f"median turn of defeat {defeat:g} "
                     f"<span class=ci>({summary['median_turn_of_defeat_ci'][0]:g}–"
                     f"{summary['median_turn_of_defeat_ci'][1]:g})</span>")
    share = _pct(came / len(games), *wilson_interval(came, len(games)))
    when = f", at a median turn of {arrived[arrived > 0].median():g}" if came else ""
    facts.append(f"the Adversary card came into play in {share} of the games{when}")
    facts.append("damage dealt to it by a defeat: "
                 f"{_num(*mean_interval(lost['damage_to_adversary']), digits=1)} on average")
    parts.append("<ul>" + "".join(f"<li>{f}</li>" for f in facts) + "</ul>")
    if len(blows):
        counts = blows.value_counts()
        total = int(counts.sum())
        parts.append(f"<p>What dealt the last HP of each player defeated at 0 HP ({total:,}):</p>")
        parts.append(_table(["card", "share of those defeats"],
                            [[html.escape(str(card)), _pct(n / total, *wilson_interval(int(n), total))]
                             for card, n in counts.items()]))
    return parts


def _players_section(result) -> list[str]:
    """Co-op: each player's deck, final HP, HP lost, Mana taken and how often they became a
    Mage Noir (each with its 95% interval), from the per-game table."""
    from simulator.stats import mean_interval, wilson_interval

    players = int(result.settings.get("players", 1))
    if players < 2:
        return []
    games = result.games
    rows = []
    for q in range(1, players + 1):
        deck = result.settings["decks"][q - 1]
        mage_noir = int((games[f"mage_noir_turn_p{q}"] > 0).sum())
        rows.append([f"player {q}", html.escape(deck)]
                    + [_num(*mean_interval(games[f"{col}_p{q}"]), digits=1)
                       for col in ("final_hp", "damage_taken", "mana_taken")]
                    + [_pct(mage_noir / len(games), *wilson_interval(mage_noir, len(games)))])
    return ["<h2>Per player</h2>",
            _table(["player", "deck", "HP at the end", "HP lost", "Mana taken",
                    "became a Mage Noir (share of games)"], rows)]


def _samples_section(samples: dict[str, str]) -> list[str]:
    """A won and a lost game of the run, as ``replay`` prints them, folded."""
    if not samples:
        return []
    parts = ["<h2>Sample games</h2>"]
    for label, text in samples.items():
        parts.append(f"<details><summary>{html.escape(label)}</summary>"
                     f"<pre>{html.escape(text)}</pre></details>")
    return parts


def sample_games(result, db=None) -> dict[str, str]:
    """The first won and the first lost game of the run, replayed (label -> transcript);
    empty when the run's decks or scenario are not files (built in code)."""
    from simulator.cards import load_cards
    from simulator.decks import load_deck
    from simulator.engine.options import RuleOptions
    from simulator.replay import replay_game
    from simulator.scenarios import load_scenario

    s = result.settings
    if not s.get("deck_files") or not all(s["deck_files"]) or not s.get("scenario_file"):
        return {}
    db = db or load_cards()
    decks = [load_deck(path, db, min_cards=1) for path in s["deck_files"]]
    scenario = load_scenario(s["scenario_file"], db)
    games = result.games
    out = {}
    for label, outcomes in (("A won game", ("win",)), ("A lost game", ("loss_hp", "loss_deck"))):
        rows = games.loc[games["outcome"].isin(outcomes), "game"]
        if len(rows):
            game = int(rows.iloc[0])
            out[f"{label} (game {game})"] = replay_game(
                decks, scenario, s["level"], s["players"], seed=s["seed"], game=game,
                bot=s["bot"], options=RuleOptions(**s["rule_options"]), db=db)
    return out


def _value_section(value, image: bytes | None) -> list[str]:
    """Card value (simulator.value): the figure, its caption and the table."""
    parts = ["<h2>Which cards pull their weight</h2>",
             f"<p class=note>{html.escape(value.caption())}</p>"]
    if image is not None:
        parts.append(f"<img alt='card value' src='data:image/png;base64,"
                     f"{base64.b64encode(image).decode()}'>")
    rows = [[html.escape(v.name), str(v.copies),
             f"{100 * v.delta:+.2f} pp{' *' if v.significant else ''}",
             f"{100 * v.low:+.2f} to {100 * v.high:+.2f} pp", f"{v.win_rate_without:.1%}"]
            for v in value.values]
    parts.append(_table(["card", "copies", "value", "95% interval", "win rate without one copy"],
                        rows))
    if value.partial:
        parts.append("<p class=note>Interrupted: only the cards listed were measured.</p>")
    return parts


def render_html(result, images: dict[str, bytes], samples: dict[str, str] | None = None,
                value=None) -> str:
    summary = result.summary()
    st = stamp(result)
    decks = ", ".join(dict.fromkeys(st["decks"] or []))  # a deck every player plays: once
    title = f"{html.escape(decks)} vs {html.escape(str(st['scenario']))}"
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title>"
             f"<style>{CSS}</style></head><body>",
             f"<h1>{title} ({html.escape(str(st['level']))})</h1>"]
    stamp_items = [f"{k.replace('_', ' ')}: <b>{html.escape(str(v))}</b>" for k, v in st.items()
                   if k != "decks"]
    parts.append(f"<p class=stamp>{' · '.join(stamp_items)}</p>")
    for text in warnings_of(result):
        parts.append(f"<div class=warning><b>Warning.</b> {html.escape(text)}</div>")
    parts.append("<h2>Summary</h2>")
    parts.append(_table(["measure", "value (95% interval)", "interval"], _summary_rows(summary)))
    parts.append("<p class=note>Every rate carries a 95% Wilson interval; means carry a 95% "
                 "interval of the mean; shaded bands on the curves are 95% intervals, the light "
                 "10–90% band shows the spread of single games.</p>")
    parts.extend(_inputs_section(result.settings))
    parts.extend(_losses_section(result))
    parts.extend(_players_section(result))
    captions = {"outcomes": "Outcomes", "end_turns": "When games are won and lost",
                "damage": "Damage and HP by turn", "components": "Components on the board",
                "castable": "Castable cards", "card_usage": "Card usage",
                "activation": "Win rate when a card is played early"}
    turns = [t for t in (2, 4, 6, 8, 10) if t <= plot_horizon(result)] or [1]
    if value is not None:
        parts.extend(_value_section(value, images.get("card_value")))
    for name, data in images.items():
        if name == "card_value":
            continue
        parts.append(f"<h2>{captions.get(name, name)}</h2>")
        parts.append(f"<img alt='{name}' src='data:image/png;base64,{base64.b64encode(data).decode()}'>")
        if name == "components" and not result.components().empty:
            parts.append(_table(*_at_turns(result.components(), "word", "available_by", turns)))
        if name == "castable":
            parts.append(_table(*_at_turns(result.castable(), "name", "castable_by", turns)))
        if name == "card_usage":
            parts.append(_usage_table(result))
        if name == "activation":
            parts.append(f"<p class=note>{html.escape(ACTIVATION_CAPTION)}</p>")
    parts.extend(_samples_section(samples or {}))
    parts.append("<p class=note>Tables of every number: summary.json and the per-game table next "
                 "to this file; rerun with the stamp's seed and settings to reproduce.</p>")
    parts.append("</body></html>")
    return "\n".join(parts)


def _usage_table(result) -> str:
    table = result.card_usage()
    kinds = ("drawn", "prepared", "activated", "channeled", "stranded")
    names = {"activated": "played"}
    headers = (["card"] + [f"{names.get(k, k)} (share of games)" for k in kinds]
               + ["plays per game"])
    rows = []
    for row in table.to_dict("records"):
        rows.append([html.escape(row["name"])]
                    + [_pct(row[f"{k}_games"], row[f"{k}_games_low"], row[f"{k}_games_high"])
                       for k in ("drawn", "prepared", "activated", "channeled", "stranded")]
                    + [_num(row["activated_mean"], row["activated_mean_low"], row["activated_mean_high"])])
    return _table(headers, rows)


def parquet_available() -> bool:
    """pyarrow is optional (``pip install magenoir-sim[parquet]``)."""
    from importlib.util import find_spec

    return find_spec("pyarrow") is not None


def write_games_table(games: pd.DataFrame, directory: Path) -> Path:
    """games.parquet when pyarrow is installed, games.csv otherwise."""
    if not parquet_available():
        path = directory / "games.csv"
        games.to_csv(path, index=False)
        return path
    path = directory / "games.parquet"
    games.to_parquet(path, index=False)
    return path


def write_report(result, directory: str | Path, value=None) -> Path:
    """Write the report files into ``directory`` (created if needed); return report.html's path.

    ``value``: the deck's card values (:func:`simulator.value.card_values`), for their section."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    images = {}
    makers = dict(FIGURES)
    if value is not None:
        makers["card_value"] = lambda _result: value.figure()
    for name, make in makers.items():
        images[name] = png_bytes(make(result))
        (directory / f"{name}.png").write_bytes(images[name])
    games_path = write_games_table(result.games, directory)
    summary = {**result.summary(), "stamp": stamp(result), "warnings": warnings_of(result),
               "files": sorted([f"{n}.png" for n in images] + [games_path.name, "report.html"])}
    if value is not None:
        summary["value"] = value.to_dict()
    (directory / "summary.json").write_text(json.dumps(summary, indent=1, default=_json_default),
                                            encoding="utf-8")
    path = directory / "report.html"
    path.write_text(render_html(result, images, sample_games(result), value), encoding="utf-8")
    return path


def _json_default(value):
    if isinstance(value, (np.integer,)):
        return int(value)
    if isinstance(value, (np.floating,)):
        return float(value)
    if isinstance(value, Path):
        return str(value)
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")
