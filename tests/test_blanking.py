"""The blanking check (scripts/blanking_check.py; simulator/cards/blanking.py): a blanked card
keeps its facts and loses its text, the loader blanks what the environment names, the naming
rule and the change mapping pick the right cards, and, run whole, the rule holds: for every
simulated card at least one test named after it fails when the card is blanked."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from project_scripts import load_script

from simulator.cards import load_cards
from simulator.cards.blanking import BLANK_ENV, blank, has_text
from simulator.decks import Deck
from simulator.engine.host.batch import Matchup
from simulator.engine.host.tables import build_batch_tables, implemented_cards
from simulator.engine.rules.options import RuleOptions
from simulator.errors import UserError
from simulator.scenarios import load_scenario

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "scripts" / "blanking_check.py"


@pytest.fixture(scope="module")
def check():
    yield load_script("blanking_check")
    del sys.modules["blanking_check"]


def test_a_blanked_card_keeps_its_facts_and_loses_its_text(db):
    arrow = db["fiery_arrow"]
    blanked = blank(arrow)
    assert (blanked.id, blanked.index, blanked.cost, blanked.components, blanked.provides,
            blanked.type, blanked.element) == (arrow.id, arrow.index, arrow.cost,
                                               arrow.components, arrow.provides, arrow.type,
                                               arrow.element)
    assert dict(arrow.effect) and not dict(blanked.effect) and blanked.blanked
    rock = db["rock"]  # "Transmutable: Ore" with 2 Rocks in play is text: emptied
    assert rock.provides_conditional and not blank(rock).provides_conditional
    revocation = db["revocation"]
    assert revocation.keywords and not blank(revocation).keywords


def test_cards_with_nothing_to_blank_are_the_textless_ones(db):
    assert [c.id for c in db if not has_text(c)] == ["droplet", "solar_flame"]


def test_the_loader_blanks_the_cards_the_environment_names(monkeypatch):
    plain = load_cards()
    monkeypatch.setenv(BLANK_ENV, "fiery_arrow, zephyr")
    blanked = load_cards()
    assert not dict(blanked["fiery_arrow"].effect) and not dict(blanked["zephyr"].effect)
    assert blanked["fire_ball"] == plain["fire_ball"]  # the others untouched
    assert {"fiery_arrow", "zephyr"} <= implemented_cards(blanked)  # played as no effect
    monkeypatch.delenv(BLANK_ENV)
    assert load_cards() is plain


def test_a_blanked_card_has_no_op_row_in_a_batch(monkeypatch):
    def rows_of(db):
        deck = Deck.from_counts("test", {"fiery_arrow": 4, "flame": 4}, db)
        matchup = Matchup((deck,), load_scenario("duke", db), "normal")
        record, info = build_batch_tables(matchup, db, RuleOptions(), check_playable=False)
        return int(record[0]["trig_count"][info.local_id("fiery_arrow")].sum())

    assert rows_of(load_cards()) > 0
    monkeypatch.setenv(BLANK_ENV, "fiery_arrow")
    assert rows_of(load_cards()) == 0


def test_a_misspelt_card_to_blank_is_one_clear_error(monkeypatch):
    monkeypatch.setenv(BLANK_ENV, "firey_arrow")
    with pytest.raises(UserError, match="no card with id 'firey_arrow' .*fiery_arrow"):
        load_cards()


def test_a_test_is_named_after_the_longest_card_id_it_begins_with_and_its_markers(check):
    naming = check.Naming(["sun", "sun_blade", "fire_ball", "zephyr"])
    assert naming.cards_of("test_sun_blade_deals_5") == ["sun_blade"]
    assert naming.cards_of("test_sun") == ["sun"]
    assert naming.cards_of("test_sunflower") == []
    assert naming.cards_of("test_fire_ball_and_zephyr", ["zephyr"]) == ["fire_ball", "zephyr"]
    assert naming.cards_of("test_rules_damage", ["zephyr"]) == ["zephyr"]


def test_a_change_touches_the_cards_of_its_data_handlers_and_tests(check, db):
    naming = check.Naming(c.id for c in db)
    ritual = _line_of("simulator/cards/data/sun.toml", 'id = "zenith_ritual"') + 5
    leap = _line_of("simulator/engine/handlers/phase.py", "def leap_in_time")
    breath = _line_of("tests/test_cards_ice.py", "def test_ice_breath_") + 3
    marker = _line_of("tests/test_cards_warrior_mage.py", '@pytest.mark.card("materialized_armor")')
    diff = "\n".join([
        "diff --git a/simulator/cards/data/sun.toml b/simulator/cards/data/sun.toml",
        "--- a/simulator/cards/data/sun.toml", "+++ b/simulator/cards/data/sun.toml",
        f"@@ -1 +{ritual} @@",
        "--- a/simulator/engine/handlers/phase.py", "+++ b/simulator/engine/handlers/phase.py",
        f"@@ -1,0 +{leap},2 @@",
        "--- a/tests/test_cards_ice.py", "+++ b/tests/test_cards_ice.py",
        f"@@ -1 +{breath} @@",
        "--- a/tests/test_cards_warrior_mage.py", "+++ b/tests/test_cards_warrior_mage.py",
        f"@@ -1,0 +{marker} @@",  # a decorator is the test's
        "--- a/simulator/engine/rules/ops.py", "+++ b/simulator/engine/rules/ops.py",
        "@@ -10 +10 @@",
        "--- a/simulator/engine/rules/gone.py", "+++ /dev/null", "@@ -1,3 +0,0 @@",
    ])
    changes = check.diff_lines(diff)
    assert "simulator/engine/rules/gone.py" not in changes
    cards, unmapped = check.touched_cards(changes, naming, db)
    assert cards == {"zenith_ritual", "leap_in_time", "ice_breath", "solid_armor",
                     "materialized_armor"}
    assert unmapped == ["simulator/engine/rules/ops.py"]


def _line_of(path: str, text: str) -> int:
    """The first line of a project file holding ``text``."""
    lines = (REPO / path).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          cwd=REPO)


def test_bad_input_is_one_line_and_exit_2():
    done = _run("--cards", "fiery_arow")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "blanking_check: --cards: no card named 'fiery_arow' (did you mean "
        "Fiery arrow / Flèche ardente?)"]
    done = _run("--changed-since", "no-such-revision")
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert "--changed-since no-such-revision" in done.stderr


def test_every_simulated_card_is_noticed_when_blanked(tmp_path):
    """The whole check, every simulated card (about 30 s): the rule holds."""
    out = tmp_path / "blanking.json"
    done = _run("--quiet", "--json", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads(out.read_text())
    cards = {c["card"]: c for c in result["cards"]}
    simulated = {c.id for c in load_cards()} - {"droplet", "solar_flame"}
    assert set(cards) == simulated and result["nothing_to_blank"] == ["droplet", "solar_flame"]
    assert all(c["rule_holds"] and c["failing"] for c in cards.values())
    assert cards["temporal_paradox"]["tests"] and "command: python scripts/blanking_check.py" \
        in done.stdout
