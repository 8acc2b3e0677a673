"""The self-contained HTML report of a run, and the files beside it.

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
The figures themselves are drawn by :mod:`simulator.figures`.
"""

from __future__ import annotations

import base64
import datetime as _dt
import hashlib
import html
import json
import math
import re
from importlib import resources
from pathlib import Path

import numpy as np
import pandas as pd

from simulator import __version__
from simulator.bots import label as bot_label
from simulator.bots import note as bot_note
from simulator.figures import FIGURES, plot_horizon, png_bytes
from simulator.formatting import format_percents, format_points

APPROXIMATION_WARNING = ("This scenario level contains {n} approximated Adversary card(s): "
                         "stand-ins for unpublished cards. Treat its win rates as estimates of "
                         "the real box, not measurements.")
PARTIAL_WARNING = "PARTIAL RESULTS: the run was interrupted after {games:,} of {planned:,} games."


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


# --- the page -------------------------------------------------------------------------------

def _stamp_line(st: dict) -> str:
    """The stamp under a report's title, as a reader reads it: a bundled scenario by its name
    (never this machine's path to it), yes and no for the flags."""
    from simulator.scenarios import command_name

    def shown(key: str, value) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        if key == "scenario_file" and value:
            return command_name(value)
        return str(value)

    items = [f"{k.replace('_', ' ')}: <b>{html.escape(shown(k, v))}</b>" for k, v in st.items()]
    return f"<p class=stamp>{' · '.join(items)}</p>"


def _pct(rate: float, low: float, high: float) -> str:
    if rate is None or (isinstance(rate, float) and math.isnan(rate)):
        return "–"
    rate_text, low_text, high_text = format_percents(rate, low=low, high=high)
    return f"{rate_text} <span class=ci>({low_text}–{high_text})</span>"


def _num(value: float, low: float, high: float, digits: int = 2) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    return f"{value:.{digits}f} <span class=ci>({low:.{digits}f}–{high:.{digits}f})</span>"


_NUMBER = re.compile(r"^[-+–]?[0-9.,]")  # a cell that starts like a number (or "–": none)


def _table(headers: list[str], rows: list[list[str]]) -> str:
    """An HTML table; a column whose cells are numbers is right-aligned, one of words (card
    names, elements, ...) left-aligned, as a reader scans each."""
    words = [bool(rows) and not all(_NUMBER.match(str(row[k])) for row in rows)
             for k in range(len(headers))]
    def cell(tag: str, k: int, text: str) -> str:
        return f"<{tag} class=text>{text}</{tag}>" if words[k] else f"<{tag}>{text}</{tag}>"

    head = "".join(cell("th", k, html.escape(h)) for k, h in enumerate(headers))
    body = "".join("<tr>" + "".join(cell("td", k, c) for k, c in enumerate(row)) + "</tr>"
                   for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _summary_rows(summary: dict) -> list[list[str]]:
    rows = [[f"win rate ({summary['wins']:,} of {summary['games']:,} games)",
             _pct(summary["win_rate"], *summary["win_rate_ci"]), summary["ci_method"]]]
    for name, (rate, low, high) in summary["outcome_rates"].items():
        if name == "win":
            continue
        rows.append([f"{name.replace('_', ' ')} ({summary['outcomes'][name]:,} games)",
                     _pct(rate, low, high), "Wilson 95%"])
    players = summary.get("players", 1)
    turns = "turns" if players == 1 else f"player turns; a round of the table is {players}"
    for key, label in (("median_turns", f"median game length ({turns})"),
                       ("median_turn_of_victory", f"median turn of victory ({turns})"),
                       ("median_turn_of_defeat", f"median turn of defeat ({turns})")):
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
th,td{border:1px solid #ddd;padding:.25em .6em;text-align:right}th.text,td.text
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
    parts.append(f"<h3>Bot and rules</h3><p>Bot <b>{html.escape(bot_label(settings['bot']))}</b>, "
                 f"{settings['players']} player(s), seed {settings['seed']}.</p>")
    parts.append(_table(["rule option", "value"],
                        [[html.escape(k), html.escape(_rule_value(v))]
                         for k, v in settings["rule_options"].items()]))
    parts.append("<p>The same games again:</p>"
                 f"<pre>{html.escape(settings['command'])}</pre>")
    return parts


def _rule_value(value) -> str:
    """A rule option's value as ``--rule`` takes it (true, not Python's True)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


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
    from simulator.engine.rules.options import RuleOptions
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
        parts.append("<p class=note>Interrupted: each value is of the games every run "
                     "finished.</p>")
    return parts


def _band_section(band: dict, where: str = "") -> list[str]:
    """The rule band (simulator.rule_bands): its lines, every reading's row and command;
    ``where``: the scenario and level it is of, for the heading."""
    from simulator.rule_bands import format_band
    from simulator.rule_flags import flag_value

    lines = format_band(band, pointer="")
    parts = [f"<h2>How much the unclear rules move it{html.escape(where)}</h2>",
             f"<p>{'<br>'.join(html.escape(line) for line in lines)}</p>",
             f"<p class=note>Each rule option holding a reading of an unclear text that these "
             f"games meet is read the other way on its own: {html.escape(band['method'])}. "
             "A --rule pins an option: it is not varied.</p>"]
    if band["readings"]:
        rows = [[html.escape(flag_value(r["option"], r["reading"])), html.escape(r["touched_by"]),
                 _pct(r["win_rate"], *r["win_rate_ci"]),
                 f"{100 * r['difference']:+.1f} pp ({100 * r['difference_ci'][0]:+.1f} to "
                 f"{100 * r['difference_ci'][1]:+.1f})",
                 f"{r['only_reading_won']:,} / {r['only_answer_won']:,}",
                 f"{r['mcnemar_p']:.2g} ({r['holm_p']:.2g})"] for r in band["readings"]]
        parts.append(_table(["reading played", "touched by", "win rate (95% interval)",
                             "minus the answer (95% interval)",
                             "games won only by the reading / only by the answer",
                             "McNemar p (Holm)"], rows))
        parts.append("<p>Each reading alone, on the same games:</p><pre>" + "\n".join(
            html.escape(r["command"]) for r in band["readings"]) + "</pre>")
    return parts


def render_html(result, images: dict[str, bytes], samples: dict[str, str] | None = None,
                value=None, band=None) -> str:
    summary = result.summary()
    st = stamp(result)
    decks = ", ".join(dict.fromkeys(st["decks"] or []))  # a deck every player plays: once
    title = f"{html.escape(decks)} vs {html.escape(str(st['scenario']))}"
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title>"
             f"<style>{CSS}</style></head><body>",
             f"<h1>{title} ({html.escape(str(st['level']))})</h1>"]
    parts.append(_stamp_line({k: v for k, v in st.items() if k != "decks"}))
    if bot_note(st["bot"]):
        parts.append(f"<div class=note><b>Bot.</b> {html.escape(bot_note(st['bot']))}</div>")
    for text in warnings_of(result):
        parts.append(f"<div class=warning><b>Warning.</b> {html.escape(text)}</div>")
    parts.append("<h2>Summary</h2>")
    parts.append(_table(["measure", "value (95% interval)", "interval"], _summary_rows(summary)))
    parts.append("<p class=note>Every rate carries a 95% Wilson interval; means carry a 95% "
                 "interval of the mean; shaded bands on the curves are 95% intervals, the light "
                 "10–90% band shows the spread of single games.</p>")
    if band is not None:
        parts.extend(_band_section(band.to_dict()))
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
    return _prepared_use_table(result) + _usage_shares_table(result)


def _prepared_use_table(result) -> str:
    """Copies prepared, played, channeled and never used per card, with a warning for each
    card the bot mostly prepares for nothing (its value then describes the bot)."""
    use = result.prepared_use()
    use = use[use["prepared"] + use["played"] > 0]
    parts = [f"<p class=note>{html.escape(w)}.</p>" for w in result.prepared_for_nothing()]
    rows = [[html.escape(r["name"]), str(r["prepared"]), str(r["played"]), str(r["channeled"]),
             f"{r['unused']} ({r['unused_share']:.0%})" if r["prepared"] else "0"]
            for r in use.to_dict("records")]
    parts.append(_table(["card", "prepared (copies, all games)", "played", "channeled",
                         "never used (discarded from preparation or left there)"], rows))
    return "\n".join(parts)


def _usage_shares_table(result) -> str:
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


def write_report(result, directory: str | Path, value=None, band=None) -> Path:
    """Write the report files into ``directory`` (created if needed); return report.html's path.

    ``value``: the deck's card values (:func:`simulator.value.card_values`), for their section;
    ``band``: the rule band (:func:`simulator.rule_bands.rule_band`), for its section."""
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
    if band is not None:
        summary["rule_bands"] = band.to_dict()
    (directory / "summary.json").write_text(json.dumps(summary, indent=1, default=_json_default),
                                            encoding="utf-8")
    path = directory / "report.html"
    path.write_text(render_html(result, images, sample_games(result), value, band),
                    encoding="utf-8")
    return path


def _json_default(value):
    if isinstance(value, (np.integer,)):
        return int(value)
    if isinstance(value, (np.floating,)):
        return float(value)
    if isinstance(value, Path):
        return str(value)
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


def page_start(title: str, heading: str, stamp_items: dict, warning: str | None) -> list[str]:
    """The start of a report page of one table (``title`` and ``heading`` already escaped):
    its stamp line and its warning (e.g. PARTIAL RESULTS), if any."""
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{title}</title>"
             f"<style>{CSS}</style></head><body>", f"<h1>{heading}</h1>",
             _stamp_line(stamp_items)]
    if warning:
        parts.append(f"<div class=warning><b>Warning.</b> {html.escape(warning)}</div>")
    return parts


# --- one deck against every scenario (simulator.sweep) -----------------------------------------

SWEEP_NOTE = ("Every row is the same games: game i of each scenario and level has the same seed, "
              "so the players' shuffles are identical and the rows differ only by the Adversary. "
              "Rows with approximated Adversary cards (stand-ins for unpublished cards) are "
              "estimates of the real box, not measurements.")


def write_sweep_report(sweep, directory: str | Path, bands: list | None = None) -> Path:
    """Write the report of ``run DECK --scenario all`` (a :class:`~simulator.sweep.ScenarioSweep`)
    into ``directory``: report.html (its table and figure), scenarios.png, the per-game table
    of every side (with scenario and level columns) and summary.json; return report.html's
    path."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    image = png_bytes(sweep.figure())
    (directory / "scenarios.png").write_bytes(image)
    games = pd.concat([res.games.assign(scenario=name, level=level)
                       for (name, level), res in zip(sweep.sides, sweep.results, strict=True)],
                      ignore_index=True)
    games_path = write_games_table(games, directory)
    data = sweep.to_dict()
    st = {"tool_version": __version__, "card_data_version": card_data_version(),
          "bot": data["bot"], "seed": data["seed"], "players": data["players"],
          "games": int(min(r["games"] for r in data["rows"])), "partial": data["partial"],
          "created": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")}
    summary = {**data, "stamp": st,
               "files": sorted(["scenarios.png", games_path.name, "report.html"])}
    if bands is not None:
        summary["rule_bands"] = bands
    (directory / "summary.json").write_text(json.dumps(summary, indent=1, default=_json_default),
                                            encoding="utf-8")
    title = f"{html.escape(', '.join(dict.fromkeys(data['decks'])))} vs every scenario"
    rows = [[html.escape(f"{r['name']} ({r['level']})"), _pct(r["win_rate"], *r["win_rate_ci"]),
             f"{r['median_turns']:g}", str(r["approximated_cards"])] for r in data["rows"]]
    partial = (PARTIAL_WARNING.format(games=st["games"], planned=data["planned_games"])
               if data["partial"] else None)
    parts = page_start(title, title, st, partial)
    parts += ["<h2>Every scenario and level</h2>",
              f"<img alt='scenarios' src='data:image/png;base64,{base64.b64encode(image).decode()}'>",
              _table(["scenario (level)", "win rate (95% interval)", "median turns",
                      "approximated Adversary cards"], rows),
              f"<p class=note>{html.escape(SWEEP_NOTE)}</p>"]
    if data["differences"]:
        parts += ["<h2>Each scenario against the easiest one, level by level</h2>",
                  _table(["scenario (level)", "minus", "difference (95% interval)",
                          "seeds won by one only", "McNemar exact p"],
                         [[html.escape(x["a"]), html.escape(x["b"]),
                           html.escape(format_points(x["difference"], *x["difference_ci"])),
                           f"{x['only_a_won']:,} vs {x['only_b_won']:,}", f"{x['mcnemar_p']:.3g}"]
                          for x in data["differences"]]),
                  "<p class=note>Paired on the same games: the difference of win rates with "
                  "Newcombe's interval, in percentage points (pp).</p>"]
    for band in bands or ():
        parts.extend(_band_section(band, f" ({band['label']})"))
    parts += ["<p>The same games again:</p>", f"<pre>{html.escape(data['command'])}</pre>",
              "</body></html>"]
    path = directory / "report.html"
    path.write_text("\n".join(parts), encoding="utf-8")
    return path
