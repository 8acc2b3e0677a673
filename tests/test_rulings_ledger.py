"""The ledger of the official rulings (tests/data/rulings.toml, docs/rulings.md) accounts for
every ruling of every card, once, with a status that holds: the tests it names exist (read
from the test files, not run), the rule options it names are fields of ``RuleOptions``, and
the page is what its generator writes (``scripts/rulings_ledger.py``).

How many rulings each card has comes from the facts-only extract
(``tests/data/card_facts.json``), so this runs on any machine."""

from __future__ import annotations

from pathlib import Path

import pytest
from project_scripts import load_script

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def ledger():
    return load_script("rulings_ledger")


def test_every_ruling_of_every_card_has_exactly_one_status(ledger):
    entries, malformed = ledger.load_ledger()
    counts, _ = ledger.ruling_counts()
    assert sum(counts.values()) == 379 and len(counts) == 172
    found = malformed + ledger.problems(entries, counts, ledger.test_names(),
                                        ledger.option_names())
    assert not found, "\n".join(found)
    assert len(entries) == 379


def test_the_page_is_what_the_generator_writes(ledger):
    entries, _ = ledger.load_ledger()
    _, facts = ledger.ruling_counts()
    page = (REPO / "docs" / "rulings.md").read_text(encoding="utf-8")
    assert page == ledger.render(entries, facts), \
        "docs/rulings.md is out of date: run python scripts/rulings_ledger.py"


def test_the_checks_find_every_kind_of_problem(ledger):
    """A ledger with a missing, a doubled, an unknown and a false entry of each kind."""
    tests, options = {"tests/test_x.py::test_a"}, {"trade_mode"}
    counts = {"a": 2, "b": 1}
    r = ledger.Ruling
    entries = [
        r("a", 0, "fine", "tested", test="tests/test_x.py::test_a"),
        r("a", 0, "twice", "tested", test="tests/test_x.py::test_a"),
        r("a", 5, "out of range", "nothing", reason="x"),
        r("z", 0, "unknown card", "nothing", reason="x"),
        r("b", 0, "no such test", "tested", test="tests/test_x.py::test_gone"),
    ]
    found = ledger.problems(entries, counts, tests, options)
    assert "a #1: missing from the ledger" in found
    assert "a #0: listed 2 times" in found
    assert any(p.startswith("a #5:") for p in found)
    assert any(p.startswith("z #0: no card") for p in found)
    assert "b #0: no test tests/test_x.py::test_gone" in found
    wrong = [
        r("b", 0, "x", "option", option="no_such_option", reason="y"),
        r("b", 0, "x", "adversary", reason="y", mode="chess"),
        r("b", 0, "x", "mode", reason="y"),
        r("b", 0, "x", "tested"),
        r("b", 0, "x", "maybe", reason="y"),
        r("b", 0, "x" * 200, "unchecked", reason="later"),
    ]
    for entry in wrong:
        assert any(p.startswith("b #0:") for p in ledger.problems([entry], {"b": 1}, tests,
                                                                     options)), entry
    assert ledger.problems([r("b", 0, "x", "option", option="trade_mode", reason="y")],
                           {"b": 1}, tests, options) == []


def test_a_ruling_not_followed_has_no_status(ledger):
    """Issue #36 allows three answers (a test, "does not arise", "read differently"), and "no
    rule of play" for a ruling that states none: a ruling the engine does not follow cannot be
    filed under a status of its own, whatever it is called."""
    assert set(ledger.STATUSES) == {"tested", "adversary", "mode", "option", "nothing",
                                    "unchecked"}
    assert not any("follow" in words for words, _ in ledger.STATUSES.values())
    for status in ("differs", "not_followed", "gap"):
        (problem,) = ledger.problems([ledger.Ruling("b", 0, "x", status, reason="y")],
                                     {"b": 1}, set(), set())
        assert problem.startswith(f"b #0: status {status!r} is not one of"), problem
    unchecked = ledger.problems([ledger.Ruling("b", 0, "x", "unchecked", reason="later")],
                                {"b": 1}, set(), set())
    assert unchecked == ["b #0: not yet checked (later)"]


def test_a_ruling_that_arises_in_a_simulated_mode_needs_a_test_of_that_mode(ledger):
    """Issue #37: the duel and 2 vs 2 are simulated, so "does not arise here, arises in the
    duel" is no longer an answer: such a ruling is tested on a position of that mode, and keeps
    the reason it does not arise in solo & co-op beside its test."""
    duel_test = "tests/test_duel_cards.py::test_a"
    tests = {duel_test, "tests/test_x.py::test_a", "tests/test_duel_teams.py::test_b"}
    r = ledger.Ruling

    def check(entry):
        return ledger.problems([entry], {"b": 1}, tests, set())

    for status in ("adversary", "mode"):
        for mode in ("duel", "2v2"):
            (problem,) = check(r("b", 0, "x", status, reason="y", mode=mode))
            assert problem.startswith(f"b #0: it arises in the {mode}, which the engine "
                                      "simulates"), problem
        assert check(r("b", 0, "x", status, reason="y", mode="none")) == []
    assert check(r("b", 0, "x", "tested", test=duel_test, mode="duel", reason="y")) == []
    assert check(r("b", 0, "x", "tested", test="tests/test_duel_teams.py::test_b", mode="2v2",
                   reason="y")) == []
    assert check(r("b", 0, "x", "tested", test=duel_test)) == []
    assert check(r("b", 0, "x", "tested", test=duel_test, mode="duel")) == \
        ["b #0: a 'tested' entry needs 'reason'"]
    assert check(r("b", 0, "x", "tested", test=duel_test, reason="y")) == \
        ["b #0: a 'tested' entry needs 'mode'"]
    (problem,) = check(r("b", 0, "x", "tested", test="tests/test_x.py::test_a", mode="duel",
                         reason="y"))
    assert problem.startswith("b #0: a test of the duel is in tests/test_duel_*"), problem
    (problem,) = check(r("b", 0, "x", "tested", test="tests/test_duel_cards.py::test_a",
                         mode="2v2", reason="y"))
    assert problem.startswith("b #0: a test of the 2v2 is in"), problem
    (problem,) = check(r("b", 0, "x", "tested", test=duel_test, mode="none", reason="y"))
    assert problem == "b #0: mode 'none' is not one of duel, 2v2", problem


def test_no_ruling_of_the_ledger_waits_for_the_duel(ledger):
    """The rulings that once said "arises in the duel" name duel tests now, and say why they
    do not arise in solo & co-op; the page shows both."""
    entries, _ = ledger.load_ledger()
    duel = [e for e in entries if e.mode == "duel"]
    assert len(duel) == 15
    assert all(e.status == "tested" and e.test.startswith("tests/test_duel_") and e.reason
               for e in duel)
    assert not [e for e in entries if e.status in ("adversary", "mode") and e.mode != "none"]
    _, facts = ledger.ruling_counts()
    page = ledger.render(entries, facts)
    assert "| of which tested in the duel | 15 |" in page
    assert "tested in the duel: `tests/test_duel_cards.py::test_brinicle_duel_" in page


def test_every_ledger_test_file_is_a_test_file_of_the_suite(ledger):
    """The names are read from the files pytest collects (tests/test_*.py)."""
    names = ledger.test_names()
    assert "tests/test_rulings_ledger.py::test_every_ruling_of_every_card_has_exactly_one_status" \
        in names
    assert not any("ruling_positions" in n or "card_positions" in n for n in names)
