"""Scenario files: the published Duke, the bundled levels, and one clear line per mistake."""

from __future__ import annotations

import pickle
from pathlib import Path

import numpy as np
import pytest

from simulator.cli import main
from simulator.errors import ScenarioError
from simulator.scenarios import describe_scenario, list_scenarios, load_scenario

DATA = Path(__file__).parent / "data" / "scenarios"
TINY = (DATA / "tiny.toml").read_text(encoding="utf-8")

#: The ops and targets the engine is asked to support for approximated Adversary cards.
ENGINE_OPS = {"damage", "lose_hp", "heal", "discard_from_hand", "add_mana"}
ENGINE_TARGETS = {"player_most_hp", "active_player", "all_players", "opponent", "adversary"}


@pytest.fixture(scope="module")
def duke():
    return load_scenario("duke")


# --- the bundled Duke ----------------------------------------------------------------------


def test_duke_card_is_the_published_one(duke):
    card = duke.card("duke")
    assert card.kind == "adversary"
    assert card.mana_value == 4
    assert card.hp == 20
    assert card.win_when_destroyed is True
    assert card.source == "rulesheet"
    assert card.effect == {"turn_start": [
        {"op": "damage", "amount": 4, "amount_mn": 3, "target": "player_most_hp"}]}


def test_only_the_duke_is_marked_published(duke):
    published = [c.id for c in duke.cards if c.source == "rulesheet"]
    assert published == ["duke"]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_each_level_holds_the_duke_once_and_approximations(duke, level):
    deck = duke.deck(level)
    assert deck.count("duke") == 1
    assert duke.has_approximations(level)
    assert duke.approximated_count(level) == len(deck) - 1


def test_levels_and_default(duke):
    assert duke.level_names == ("normal", "hard")
    assert duke.default_level == "normal"
    assert duke.deck() == duke.deck("normal")
    assert len(duke.deck("normal")) == 12
    assert len(duke.deck("hard")) > len(duke.deck("normal"))


def test_approximations_only_use_what_the_engine_plays(duke):
    for card in duke.cards:
        if card.source != "approximation":
            continue
        assert card.kind in {"spell", "keyword"}, card.id
        expected = {"activate"} if card.kind == "spell" else {"turn_start"}
        assert set(card.effect) == expected, card.id
        if card.kind == "keyword":
            assert card.hp and card.hp > 0, card.id
        assert 0 <= card.mana_value <= 3, card.id
        for steps in card.effect.values():
            for step in steps:
                assert step["op"] in ENGINE_OPS, card.id
                assert step.get("target", "active_player") in ENGINE_TARGETS, card.id
                if step["op"] == "heal":
                    assert step["target"] == "adversary", card.id


def test_bundled_listing_and_lookup_by_name():
    paths = list_scenarios()
    assert any(Path(p).name == "duke.toml" for p in paths)
    assert load_scenario("DUKE").path == load_scenario("duke").path
    for p in paths:  # every bundled scenario is valid
        load_scenario(p)


def test_the_bundled_scenarios_are_the_top_level_folder_not_a_copy():
    """One copy: the package's bundled scenarios (what an install ships and finds by name)
    are the repository's scenarios/ folder."""
    from simulator.scenarios import SCENARIO_DIR

    top = Path(__file__).resolve().parents[1] / "scenarios"
    assert SCENARIO_DIR.is_symlink() and SCENARIO_DIR.resolve() == top.resolve()
    assert [Path(p).name for p in list_scenarios()] == sorted(p.name for p in top.glob("*.toml"))


def test_scenario_pickles_for_worker_processes(duke):
    assert pickle.loads(pickle.dumps(duke)) == duke


def test_describe_says_what_each_count_counts_and_no_path(duke):
    text = describe_scenario(duke)
    assert text.splitlines()[0] == "The Duke  (--scenario duke)"
    assert "/" not in text  # a bundled scenario by its name, never this machine's path
    assert ("14 different Adversary cards: 1 published (The Duke), 13 our stand-ins for "
            "unpublished cards") in text
    assert ("level normal (default): the Adversary's deck holds 12 cards (copies), 11 of them "
            "stand-ins") in text
    assert "level hard" in text and "estimates of the real box" in text


def test_describe_without_approximations(tmp_path):
    path = tmp_path / "real.toml"
    path.write_text(TINY.replace('"approximation"', '"rulesheet"'), encoding="utf-8")
    text = describe_scenario(load_scenario(path))
    assert "0 of them stand-ins" in text and "estimates" not in text
    assert f"(--scenario {path})" in text


# --- one clear line per mistake ------------------------------------------------------------

EXTRA_JAB = '\n[[card]]\nid = "jab"\nname = "Jab 2"\nkind = "spell"\nmana_value = 1\n' \
            'source = "approximation"\n'

BAD = {
    "not_toml": (lambda t: t.replace('name = "Tiny"', 'name = '), "not valid TOML"),
    "missing_key": (lambda t: t.replace('name = "Jab"\n', ""), "card 'jab': missing key 'name'"),
    "unknown_kind": (lambda t: t.replace('kind = "spell"', 'kind = "spel"'),
                     "card 'jab': unknown kind 'spel'; did you mean 'spell'?"),
    "unknown_source": (lambda t: t.replace('source = "approximation"\neffect.activate',
                                           'source = "rulebook"\neffect.activate'),
                       "card 'jab': unknown source 'rulebook'"),
    "negative_mana": (lambda t: t.replace("mana_value = 1", "mana_value = -1"),
                      "card 'jab': mana_value must be a whole number from 0 to 20, got -1"),
    "huge_mana": (lambda t: t.replace("mana_value = 1", "mana_value = 1000000"),
                  "card 'jab': mana_value must be a whole number from 0 to 20, got 1000000"),
    "negative_hp": (lambda t: t.replace("hp = 5", "hp = -5"),
                    "card 'boss': hp must be a whole number from 1 to 999, got -5"),
    "huge_hp": (lambda t: t.replace("hp = 5", "hp = 3000000000"),
                "card 'boss': hp must be a whole number from 1 to 999, got 3000000000"),
    "huge_amount": (lambda t: t.replace("amount = 1, target", "amount = 1000000, target", 1),
                    "'amount' must be between 0 and 99, got 1000000"),
    "bad_effect_op": (lambda t: t.replace('op = "damage", amount = 1, target = "active_player" '
                                          '} ]\n\n[levels', 'op = "dammage", amount = 1 } ]\n\n'
                                          '[levels'), "card 'jab': effect"),
    "bad_effect_target": (lambda t: t.replace('target = "active_player" } ]\n\n[[card]]',
                                              'target = "the_player" } ]\n\n[[card]]'),
                          "card 'boss': effect"),
    "trigger_for_kind": (lambda t: t.replace("effect.activate", "effect.turn_start"),
                         "card 'jab': trigger 'turn_start' does not fit kind 'spell'"),
    "unknown_card_in_level": (lambda t: t.replace("jab = 3", "jabb = 3"),
                              "level 'easy': unknown card 'jabb'; did you mean 'jab'?"),
    "zero_count": (lambda t: t.replace("jab = 3", "jab = 0"),
                   "level 'easy': count of 'jab' must be a whole number from 1 to 64, got 0"),
    "huge_count": (lambda t: t.replace("jab = 3", "jab = 1000000"),
                   "level 'easy': count of 'jab' must be a whole number from 1 to 64, got 1000000"),
    "deck_too_big": (lambda t: t.replace("jab = 3", "jab = 64"),
                     "level 'easy': 65 cards; an Adversary deck holds at most 64"),
    "no_level": (lambda t: t.split("[levels.easy]")[0], "no level"),
    "no_adversary": (lambda t: t.replace("boss = 1, ", ""),
                     "level 'easy': no card of kind 'adversary'"),
    "two_adversaries": (lambda t: t.replace("boss = 1", "boss = 2"),
                        "level 'easy': 2 Adversary cards (boss x2)"),
    "duplicate_id": (lambda t: t.replace("[levels.easy]", EXTRA_JAB + "\n[levels.easy]"),
                     "card 'jab': duplicate id"),
    "unknown_top_key": (lambda t: "levls = 1\n" + t, "unknown key 'levls'; did you mean 'levels'?"),
    "bad_default_level": (lambda t: 'default_level = "esay"\n' + t,
                          "default_level 'esay' is not a level; did you mean 'easy'?"),
    "cannot_win": (lambda t: t.replace("win_when_destroyed = true\n", ""),
                   "level 'easy': the players cannot win"),
    "bad_id": (lambda t: t.replace('id = "jab"', 'id = "Jab Jab"'),
               "card #2: 'id' must be a snake_case name"),
}


def test_tiny_template_is_valid():
    scenario = load_scenario(DATA / "tiny.toml")
    assert scenario.deck() == ["boss", "jab", "jab", "jab"]


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_scenario_is_one_line_naming_the_file(tmp_path, case):
    mutate, expected = BAD[case]
    text = mutate(TINY)
    assert text != TINY, "the mutation did not apply"
    path = tmp_path / f"{case}.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    message = str(info.value)
    assert "\n" not in message
    assert f"{case}.toml" in message
    assert expected in message


def test_toml_error_gives_the_line(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text(BAD["not_toml"][0](TINY), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"line 2"):
        load_scenario(path)


def test_missing_file(tmp_path):
    with pytest.raises(ScenarioError, match=r"nowhere\.toml: no such scenario file"):
        load_scenario(tmp_path / "nowhere.toml")


def test_unknown_bundled_name_suggests():
    with pytest.raises(ScenarioError, match=r"unknown scenario 'duk'; did you mean 'duke'\?"):
        load_scenario("duk")


def test_unknown_level_suggests(duke):
    with pytest.raises(ScenarioError, match=r"duke\.toml: no level 'hrad'; did you mean 'hard'"):
        duke.deck("hrad")


# --- through the command line --------------------------------------------------------------


def test_cli_lists_bundled_scenarios(capsys):
    assert main(["scenarios"]) == 0
    out = capsys.readouterr().out
    assert "The Duke" in out
    assert "level normal" in out and "level hard" in out
    assert "Feast at court" not in out  # the short list: no deck


def test_cli_lists_a_scenarios_deck_level_by_level(capsys, duke):
    """``scenarios duke``: each level's deck, card by card, with its copies, kind, HP, Mana
    value and whether it is published; the copies add up to the level's deck."""
    assert main(["scenarios", "Duke"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for level in duke.level_names:
        start = next(i for i, line in enumerate(lines) if line.startswith(f"level {level}"))
        assert lines[start].endswith(f": {len(duke.deck(level))} cards")
        rows = []
        for line in lines[start + 1:]:
            if not line.startswith("  ") or not line.strip()[0].isdigit():
                break
            rows.append(line.split())
        assert sum(int(row[0]) for row in rows) == len(duke.deck(level))
        assert len(rows) == len(duke.level(level))
    duke_row = next(line for line in lines if line.startswith("  1  The Duke "))
    assert "the Adversary, 20 HP, Mana value 4" in duke_row and duke_row.endswith("published")
    assert any(line.startswith("  3  Feast at court") and line.endswith("stand-in") for line in lines)


def test_cli_bad_file_is_one_line_exit_2(tmp_path, capsys):
    path = tmp_path / "bad.toml"
    path.write_text(TINY.replace("jab = 3", "jabb = 3"), encoding="utf-8")
    assert main(["scenarios", str(path)]) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert len(err.splitlines()) == 1
    assert "bad.toml" in err and "jabb" in err
    assert "Traceback" not in captured.err


def test_the_scenario_bounds_fit_the_engine():
    """What validation lets through, a run can play: the Adversary deck fits the engine's
    record, and the largest HP fits the per-turn HP records (int16)."""
    from simulator.engine.rules import layout
    from simulator.scenarios import A_MAX, MAX_HP

    assert A_MAX == layout.A_MAX
    assert MAX_HP < np.iinfo(np.int16).max
