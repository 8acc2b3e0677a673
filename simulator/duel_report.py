"""The report of a duel, as ``run --report`` writes a run's: ``write_duel_report(result, DIR)``
writes::

    report.html      one file, figures embedded, opens in any browser
    *.png            the same figures as files
    games.parquet    the per-game table (games.csv when pyarrow is not installed)
    summary.json     the summary (``duel --json``) with its stamp

The page shows each side's rates and the first player's with their 95% intervals, the
turns, HP lost and what dealt the last HP, the figures of :mod:`simulator.duel_figures`,
what was played (decklists, bots, rule options, the command that plays the same games
again) and sample games as ``replay --duel`` prints them, each with its command.
"""

from __future__ import annotations

import base64
import datetime as _dt
import html
import json
import shlex
from pathlib import Path

import numpy as np

from simulator import __version__
from simulator.duel_figures import DUEL_FIGURES
from simulator.duel_text import MODE_NAMES, bots_text
from simulator.figures import png_bytes
from simulator.report import (
    PARTIAL_WARNING,
    _json_default,
    _num,
    _pct,
    _samples_section,
    _table,
    card_data_version,
    page_start,
    write_games_table,
)

CAPTIONS = {"outcomes": "Wins, draws and the first player's advantage",
            "won_by": "When the games are won", "hp": "HP by turn"}
PAIRS_NOTE = ("Each seed is played twice, each side first once, so the rates are free of "
              "first-player advantage, shown on its own. The two games of a seed are one "
              "pair: the 95% intervals are Wilson intervals on the effective number of games "
              "the pairs are worth (between the number of seeds and the number of games; "
              "docs/methods.md).")


def stamp(result) -> dict:
    s = result.summary()
    return {"tool_version": __version__, "card_data_version": card_data_version(),
            "mode": MODE_NAMES[s["mode"]], "bots": bots_text(s), "seed": s["seed"],
            "games": s["games"], "partial": s["partial"],
            "created": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")}


def _summary_rows(s: dict) -> list[list[str]]:
    rows = []
    for k, label in enumerate(s["sides"]):
        rows.append([f"{html.escape(label)} wins ({s['wins'][k]:,} games)",
                     _pct(s["win_rate"][k], *s["win_rate_ci"][k])])
        rows.append([f"{html.escape(label)} loses ({s['losses'][k]:,} games)",
                     _pct(s["loss_rate"][k], *s["loss_rate_ci"][k])])
    rows.append([f"draws ({s['draws']:,} games)", _pct(s["draw_rate"], *s["draw_rate_ci"])])
    rows.append([f"timeouts ({s['timeouts']:,} games)",
                 _pct(s["timeout_rate"], *s["timeout_rate_ci"])])
    rows.append(["the first player wins", _pct(s["first_player_win_rate"],
                                                *s["first_player_win_rate_ci"])])
    rows.append(["the second player wins", _pct(s["second_player_win_rate"],
                                                 *s["second_player_win_rate_ci"])])
    if s["median_turns"] is not None:
        rows.append(["median game length (turns)",
                     _num(s["median_turns"], *s["median_turns_ci"], digits=0)])
    for label, lost in zip(s["sides"], s["hp_lost"], strict=True):
        if lost[0] is not None:
            rows.append([f"HP {html.escape(label)} lost a game", _num(*lost, digits=1)])
    return rows


def _last_hit_section(s: dict) -> list[str]:
    parts = ["<h2>What dealt the last HP</h2>"]
    for label, hits in zip(s["sides"], s["last_hit"], strict=True):
        if not hits:
            continue
        total = sum(h["count"] for h in hits)
        parts.append(f"<p>The cards that put a mage of {html.escape(label)} out at 0 HP "
                     f"(the ten most frequent, {total:,} blows):</p>")
        parts.append(_table(["card", "blows", "share of the side's mages out at 0 HP"],
                            [[html.escape(h["card"]), f"{h['count']:,}",
                              _pct(h["share"], *h["share_ci"])] for h in hits]))
    return parts if len(parts) > 1 else []


def _inputs_section(result) -> list[str]:
    s, settings = result.summary(), result.settings
    parts = ["<h2>What was played</h2>"]
    decks = [d for side in s["decks"] for d in side]
    shown = set()
    for deck, cards in zip(decks, settings["decklists"], strict=True):
        if deck in shown:
            continue
        shown.add(deck)
        total = sum(c["count"] for c in cards)
        parts.append(f"<h3>Deck {html.escape(deck)} ({total} cards)</h3>")
        parts.append(_table(["copies", "card", "element"],
                            [[str(c["count"]), html.escape(c["card"]), c["element"]]
                             for c in cards]))
    parts.append(f"<h3>Bots and rules</h3><p>{html.escape(bots_text(s))}, seed {s['seed']}.</p>")
    parts.append(_table(["rule option", "value"],
                        [[html.escape(k), html.escape(str(v))]
                         for k, v in s["rule_options"].items()]))
    parts.append(f"<p>The same games again:</p><pre>{html.escape(s['command'])}</pre>")
    return parts


def replay_command(result, game: int, first_side: int) -> str:
    """The ``replay --duel`` command of one game of the duel."""
    from simulator.duels import bot_arguments
    from simulator.rule_flags import rule_flags

    s = result.settings
    parts = ["magenoir-sim", "replay", "--duel", *("+".join(f) for f in s["deck_files"]),
             "--seed", str(s["seed"]), "--game", str(game), "--first", str(first_side + 1),
             *bot_arguments([b for side in s["bots"] for b in side])]
    if s["smallest_deck"] < 40:
        parts += ["--min-cards", str(s["smallest_deck"])]
    parts += rule_flags(s["rule_options"])
    return " ".join(shlex.quote(p) for p in parts)


def sample_games(result, db=None) -> dict[str, str]:
    """A game the first side won, one it lost, and a draw if any, replayed (label ->
    transcript under its replay command)."""
    from simulator.duel_games import Side, replay_duel
    from simulator.duels import make_sides
    from simulator.engine.rules import layout as L
    from simulator.engine.rules.options import RuleOptions

    s = result.settings
    sides = make_sides(*("+".join(f) for f in s["deck_files"]), db=db, min_cards=1)
    sides = [Side(side.decks, tuple(bots)) for side, bots in zip(sides, s["bots"], strict=True)]
    options = RuleOptions(**s["rule_options"])
    games, first = result.games, result.labels[0]
    out = {}
    for label, codes in ((f"A game {first} won", (L.WIN,)),
                         (f"A game {first} lost", (L.LOSS_HP, L.LOSS_DECK)), ("A draw", (L.DRAW,))):
        for k in np.flatnonzero(np.isin(games.outcome[:, 0], codes))[:1]:
            game, side = int(games.game[k]), int(games.first_side[k])
            text = replay_duel(sides, s["seed"], game, side, options, db)
            out[f"{label} (game {game}, {result.labels[side]} first)"] = (
                f"$ {replay_command(result, game, side)}\n{text}")
    return out


def write_duel_report(result, directory: str | Path, db=None) -> Path:
    """Write the report files into ``directory`` (created if needed); return report.html's
    path."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    images = {}
    for name, make in DUEL_FIGURES.items():
        images[name] = png_bytes(make(result))
        (directory / f"{name}.png").write_bytes(images[name])
    games_path = write_games_table(result.frame(), directory)
    s = result.summary()
    st = stamp(result)
    (directory / "summary.json").write_text(json.dumps(
        {**s, "stamp": st, "files": sorted([f"{n}.png" for n in images]
                                           + [games_path.name, "report.html"])},
        indent=1, default=_json_default), encoding="utf-8")
    title = html.escape(" vs ".join(s["sides"]))
    partial = (PARTIAL_WARNING.format(games=s["games"], planned=s["planned_games"])
               if s["partial"] else None)
    parts = page_start(title, f"{title} ({st['mode']})", st, partial)
    parts += ["<h2>Summary</h2>",
              _table(["measure", "value (95% interval)"], _summary_rows(s)),
              f"<p class=note>{html.escape(PAIRS_NOTE)}</p>"]
    parts += _last_hit_section(s)
    for name, data in images.items():
        parts.append(f"<h2>{CAPTIONS[name]}</h2><img alt='{name}' "
                     f"src='data:image/png;base64,{base64.b64encode(data).decode()}'>")
    parts += _inputs_section(result)
    parts += _samples_section(sample_games(result, db))
    parts.append("</body></html>")
    path = directory / "report.html"
    path.write_text("\n".join(parts), encoding="utf-8")
    return path
