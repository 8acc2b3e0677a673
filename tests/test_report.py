"""The report directory: files, stamp, warnings, figures a person can read."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pandas as pd
import pytest

from simulator import __version__
from simulator.cli import main
from simulator.figures import FIGURES
from simulator.report import (
    card_data_version,
    render_html,
    stamp,
    warnings_of,
    write_games_table,
)
from simulator.run import simulate

ROOT = Path(__file__).resolve().parents[1]
FIRE = str(ROOT / "decks" / "fire-flames.txt")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


@pytest.fixture(scope="module")
def report_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("report")
    assert main(["run", FIRE, "--scenario", "duke", "--games", "120", "--seed", "9", "--quiet",
                 "--report", str(out)]) == 0
    return out


def test_report_writes_every_file(report_dir):
    names = {p.name for p in report_dir.iterdir()}
    assert {"report.html", "summary.json"} <= names
    assert {f"{name}.png" for name in FIGURES} <= names
    assert "games.parquet" in names or "games.csv" in names
    for name in FIGURES:
        width, height = png_size((report_dir / f"{name}.png").read_bytes())
        assert width >= 600 and height >= 250, name  # big enough to read


def test_report_html_is_self_contained_and_stamped(report_dir):
    text = (report_dir / "report.html").read_text(encoding="utf-8")
    assert text.count("src='data:image/png;base64,") == len(FIGURES)
    assert not re.search(r"""(src|href)=['"]?(https?:|file:|/)""", text)  # nothing external
    for needle in (f"tool version: <b>{__version__}</b>", f"card data version: <b>{card_data_version()}",
                   "scenario: <b>The Duke</b>", "level: <b>normal</b>", "bot: <b>planner</b>",
                   "seed: <b>9</b>", "games: <b>120</b>"):
        assert needle in text, needle
    assert "class=warning" in text and "approximated Adversary card" in text
    assert "95%" in text and "<span class=ci>(" in text  # numbers carry their intervals


def test_summary_json_has_stamp_and_warning(report_dir):
    summary = json.loads((report_dir / "summary.json").read_text(encoding="utf-8"))
    stamp = summary["stamp"]
    assert stamp["tool_version"] == __version__ and stamp["card_data_version"] == card_data_version()
    assert (stamp["seed"], stamp["games"], stamp["level"], stamp["bot"]) == (9, 120, "normal", "planner")
    assert stamp["scenario"] == "The Duke"
    assert any("approximated" in w for w in summary["warnings"])
    assert summary["games"] == 120 and len(summary["win_rate_ci"]) == 2


def test_per_game_table_round_trips(report_dir):
    path = report_dir / "games.parquet"
    games = pd.read_parquet(path) if path.exists() else pd.read_csv(report_dir / "games.csv")
    assert len(games) == 120 and list(games["game"]) == list(range(120))


def test_csv_when_pyarrow_is_missing_and_partial_is_flagged(tmp_path, monkeypatch):
    res = simulate(FIRE, "duke", games=40, seed=2, batch_size=20, keep_turns=False)
    res.partial, res.planned_games = True, 100
    monkeypatch.setattr("simulator.report.parquet_available", lambda: False)
    path = write_games_table(res.games, tmp_path)
    assert path.name == "games.csv" and len(pd.read_csv(path)) == 40
    text = render_html(res, {})  # the page without its figures
    assert "PARTIAL RESULTS" in text and "40 of 100 games" in text
    assert stamp(res)["partial"] is True
    res.settings["approximated_cards"] = 0  # as if every card had been typed in from the box
    text = render_html(res, {})
    assert "approximated Adversary" not in text and "class=warning" in text
    res.partial = False
    assert "class=warning" not in render_html(res, {}) and warnings_of(res) == []


def test_report_shows_what_was_played_and_how_to_play_it_again(report_dir):
    text = (report_dir / "report.html").read_text(encoding="utf-8")
    assert "<h2>What was played</h2>" in text
    assert "<td>4</td><td class=text>Flame</td><td class=text>fire</td>" in text  # the decklist
    assert ("<td>1</td><td class=text>The Duke</td><td class=text>adversary</td>"
            "<td class=text>rulesheet</td>") in text
    assert ("<td class=text>Ducal guard</td><td class=text>keyword</td>"
            "<td class=text>approximation</td>") in text
    assert "<td class=text>hand_limit</td><td class=text>7</td>" in text  # the rule options
    command = re.search(r"<pre>(magenoir-sim run [^<]*)</pre>", text).group(1)
    assert "--seed 9" in command and "--games 120" in command and "--level normal" in command
    assert "--scenario duke " in command  # a bundled scenario by name: works from any folder
    summary = json.loads((report_dir / "summary.json").read_text(encoding="utf-8"))
    assert summary["command"] == command.replace("&#x27;", "'")


def test_report_replays_a_won_and_a_lost_game_of_the_run(report_dir):
    text = (report_dir / "report.html").read_text(encoding="utf-8")
    games = pd.read_csv(report_dir / "games.csv") if (report_dir / "games.csv").exists() \
        else pd.read_parquet(report_dir / "games.parquet")
    for label, outcomes, word in (("A won game", ["win"], "win"),
                                  ("A lost game", ["loss_hp", "loss_deck"], "loss")):
        game = int(games.loc[games["outcome"].isin(outcomes), "game"].iloc[0])
        match = re.search(rf"<summary>{label} \(game {game}\)</summary><pre>(.*?)</pre>", text, re.S)
        assert match, label
        transcript = match.group(1)
        assert transcript.startswith(f"Game {game} of the run with seed 9")
        assert f"Result: {word}" in transcript.splitlines()[-1]  # the game the run played


def test_the_early_activation_view_says_it_shows_an_association(report_dir):
    text = (report_dir / "report.html").read_text(encoding="utf-8")
    assert "this view shows an association, not what the card causes" in text


def test_a_coop_report_breaks_the_run_down_per_player(tmp_path):
    water = str(ROOT / "decks" / "water-tides.txt")
    res = simulate([FIRE, water], "duke", games=60, seed=4)
    text = render_html(res, {})
    games = res.games
    assert "<h2>Per player</h2>" in text
    rows = re.findall(r"<tr><td class=text>player (\d)</td><td class=text>([^<]*)</td>"
                      r"<td>([\d.]+) ", text)
    assert [(int(q), deck) for q, deck, _ in rows] == [(1, "fire-flames"), (2, "water-tides")]
    for q, _, hp in rows:  # the mean final HP of each player's column of the games table
        assert float(hp) == pytest.approx(games[f"final_hp_p{q}"].mean(), abs=0.05)
    assert "Per player" not in render_html(simulate([FIRE], "duke", games=20, seed=4), {})


def test_report_says_why_the_deck_loses(report_dir):
    text = (report_dir / "report.html").read_text(encoding="utf-8")
    games = pd.read_csv(report_dir / "games.csv") if (report_dir / "games.csv").exists() \
        else pd.read_parquet(report_dir / "games.parquet")
    section = text[text.index("<h2>Why the deck loses</h2>"):]
    lost = games[games["outcome"].isin(["loss_hp", "loss_deck"])]
    assert f"{len(lost):,} games lost" in section
    dead = lost.loc[lost["final_hp_p1"] <= 0, "last_hit_by_p1"]
    top, count = dead.value_counts().index[0], int(dead.value_counts().iloc[0])
    share = f"{count / len(dead):.1%}"
    assert re.search(rf"<td class=text>{re.escape(top)}</td><td>{re.escape(share)} ", section), \
        (top, share)
    arrived = games["adversary_arrived"]
    assert f"at a median turn of {arrived[arrived > 0].median():g}" in section


def test_the_header_names_the_scenario_and_flags_as_a_reader_reads_them(report_dir):
    """No path of this machine (a bundled scenario by its --scenario name) and no Python
    True/False in the stamp or the rule options."""
    text = (report_dir / "report.html").read_text(encoding="utf-8")
    stamp_line = next(line for line in text.splitlines() if line.startswith("<p class=stamp>"))
    assert "scenario file: <b>duke</b>" in stamp_line and "partial: <b>no</b>" in stamp_line
    assert str(ROOT) not in stamp_line and "/" not in stamp_line.replace("</", "")
    assert "True" not in text and "False" not in text
    assert "<td class=text>first_player_skips_draw</td><td class=text>true</td>" in text


def test_card_names_are_left_aligned_and_numbers_right_aligned(report_dir):
    text = (report_dir / "report.html").read_text(encoding="utf-8")
    assert "<td>4</td><td class=text>Flame</td><td class=text>fire</td>" in text  # the decklist
    assert "th.text,td.text\n{text-align:left}" in text
    rows = re.findall(r"<tr><td class=text>([^<]+)</td><td>", text)
    assert "Fire ball" in rows or "fire_ball" in rows  # a card's row: its numbers on the right


def test_co_op_says_its_turns_are_player_turns(tmp_path, capsys):
    """Two players: the turn counts are each player's turns, and both the command line and the
    report say so (a round of the table is 2 turns)."""
    assert main(["run", FIRE, "--players", "2", "--games", "30", "--quiet", "--report",
                 str(tmp_path / "coop")]) == 0
    out = capsys.readouterr().out
    assert ("(turns are player turns: each of the 2 players' turns counts one, so a round of the "
            "table is 2 turns)") in out
    page = (tmp_path / "coop" / "report.html").read_text(encoding="utf-8")
    assert "median game length (player turns; a round of the table is 2)" in page


def test_report_shows_each_cards_preparations_and_those_never_used(report_dir):
    html = (report_dir / "report.html").read_text()
    assert "prepared (copies, all games)" in html and "never used" in html
