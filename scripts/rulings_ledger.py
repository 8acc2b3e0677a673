#!/usr/bin/env python3
"""Write ``docs/rulings.md``, the ledger of every official ruling of every card, from
``tests/data/rulings.toml``, and check that the ledger is complete and true to the tests.

Usage::

    .venv/bin/python scripts/rulings_ledger.py [--check]

Why: the publisher rules on its cards (``notes_en`` of the shared ``cards.json``: 379
rulings on 172 cards). A simulator that claims to play the cards to the letter must say, for
each ruling, how it knows it holds: the test that checks it on a hand-built position, or why
it does not arise (against the Adversary, or in the solo & co-op mode), or which rule option
holds the other reading when the engine reads it differently. A ruling that does not arise in
solo & co-op but does in a mode the engine also simulates (the duel, 2 vs 2) is tested there,
on a position of that mode, and keeps its reason for solo & co-op beside its test. The ruling text is the
publisher's and stays out of the project: the ledger keys each ruling by its card id and its
index in ``notes_en`` and says in our own words what it decides. How many rulings each card
has comes from the facts-only extract (``tests/data/card_facts.json``, ``rulings``), so the
completeness check runs on any machine.

``--check`` writes nothing and exits 1 when the ledger has a problem or the page is out of
date (``tests/test_rulings_ledger.py`` runs the same checks).
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from dataclasses import dataclass, fields
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

REPO = Path(__file__).resolve().parents[1]
LEDGER = REPO / "tests" / "data" / "rulings.toml"
FACTS = REPO / "tests" / "data" / "card_facts.json"
TESTS = REPO / "tests"
PAGE = REPO / "docs" / "rulings.md"

#: status -> (its words on the page, the fields an entry of that status needs besides
#: ``card``, ``index``, ``says`` and ``status``; a "tested" entry may add TESTED_IN). No
#: status says "not followed": a ruling the engine does not follow has no place in the ledger
#: until it is followed (a test), or read another way under a rule option; "nothing" is only
#: for a ruling that states no rule of play at all, and "unchecked" always fails the check.
STATUSES = {
    "tested": ("tested", ("test",)),
    "adversary": ("does not arise against the Adversary", ("reason", "mode")),
    "mode": ("does not arise in this mode", ("reason", "mode")),
    "option": ("read differently", ("option", "reason")),
    "nothing": ("no rule of play", ("reason",)),
    "unchecked": ("not yet checked", ("reason",)),
}
#: the modes a ruling that does not arise here would arise in ("none": no mode, with the cards
#: the simulator has)
MODES = ("duel", "2v2", "none")
#: the modes the engine simulates besides solo & co-op, and where their tests live: a ruling
#: that arises in one of them has a test of that mode, never a "does not arise" status
SIMULATED_MODES = {"duel": "tests/test_duel_", "2v2": "tests/test_duel_teams.py"}
#: what a "tested" entry adds, both or neither, when its test is of a simulated mode because
#: the ruling does not arise in solo & co-op: that mode, and the reason it does not arise there
TESTED_IN = ("mode", "reason")
#: the longest summary: one line of what the ruling decides, never its text
MAX_SAYS = 150


@dataclass(frozen=True)
class Ruling:
    """One ledger entry: ruling ``index`` of ``notes_en`` of card ``card``."""

    card: str
    index: int
    says: str
    status: str
    test: str = ""
    reason: str = ""
    mode: str = ""
    option: str = ""


def load_ledger(path: Path = LEDGER) -> tuple[list[Ruling], list[str]]:
    """The entries, and a problem per entry that is not well formed."""
    raw = tomllib.loads(path.read_text(encoding="utf-8")).get("ruling", [])
    known = {f.name for f in fields(Ruling)}
    entries, problems = [], []
    for n, item in enumerate(raw, 1):
        where = f"{path.name} entry {n} ({item.get('card')} #{item.get('index')})"
        extra = set(item) - known
        if extra:
            problems.append(f"{where}: unknown keys {sorted(extra)}")
            continue
        try:
            entries.append(Ruling(**item))
        except TypeError as err:
            problems.append(f"{where}: {err}")
    return entries, problems


def ruling_counts(path: Path = FACTS) -> tuple[dict[str, int], dict[str, dict]]:
    """``{card id: number of rulings}`` of the cards that have any, and every card's facts."""
    cards = json.loads(path.read_text(encoding="utf-8"))["cards"]
    return ({c["id"]: c["rulings"] for c in cards if c["rulings"]}, {c["id"]: c for c in cards})


def test_names(root: Path = TESTS) -> set[str]:
    """Every test function of the test files, as ``tests/<file>.py::<name>`` (read from the
    source, not run)."""
    names = set()
    for path in sorted(root.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(f"{path.relative_to(root.parent).as_posix()}::{node.name}")
    return names


def option_names() -> set[str]:
    """The fields of ``RuleOptions``."""
    sys.path.insert(0, str(REPO))
    from simulator.engine.rules.options import RuleOptions

    return {f.name for f in fields(RuleOptions)}


def problems(entries: list[Ruling], counts: dict[str, int], tests: set[str],
             options: set[str]) -> list[str]:
    """Everything that keeps the ledger from accounting for every ruling exactly once with a
    status that holds: one line each."""
    found = []
    seen: dict[tuple[str, int], int] = {}
    for e in entries:
        key = f"{e.card} #{e.index}"
        if e.card not in counts:
            found.append(f"{key}: no card with rulings has the id {e.card!r}")
        elif not 0 <= e.index < counts[e.card]:
            found.append(f"{key}: {e.card} has rulings #0 to #{counts[e.card] - 1}")
        seen[(e.card, e.index)] = seen.get((e.card, e.index), 0) + 1
        if not e.says.strip() or len(e.says) > MAX_SAYS or "\n" in e.says:
            found.append(f"{key}: 'says' must be one line of at most {MAX_SAYS} characters")
        if e.status not in STATUSES:
            found.append(f"{key}: status {e.status!r} is not one of {', '.join(STATUSES)}")
            continue
        needed = STATUSES[e.status][1]
        elsewhere = e.status == "tested" and bool(e.mode or e.reason)
        for name in ("test", "reason", "mode", "option"):
            wanted = name in needed or (elsewhere and name in TESTED_IN)
            if wanted != bool(getattr(e, name)):
                found.append(f"{key}: a {e.status!r} entry {'needs' if wanted else 'has no'}"
                             f" {name!r}")
        if elsewhere and e.mode and e.test and not e.test.startswith(
                SIMULATED_MODES.get(e.mode, "tests/")):
            found.append(f"{key}: a test of the {e.mode} is in "
                         f"{SIMULATED_MODES.get(e.mode, 'a simulated mode')}*, not {e.test}")
        if e.status in ("adversary", "mode") and e.mode in SIMULATED_MODES:
            found.append(f"{key}: it arises in the {e.mode}, which the engine simulates: test it "
                         f"there (status 'tested', its test, and mode + reason for solo)")
        if e.test and e.test not in tests:
            found.append(f"{key}: no test {e.test}")
        if e.option and e.option not in options:
            found.append(f"{key}: {e.option!r} is not a field of RuleOptions")
        modes = tuple(SIMULATED_MODES) if e.status == "tested" else MODES
        if e.mode and e.mode not in modes:
            found.append(f"{key}: mode {e.mode!r} is not one of {', '.join(modes)}")
        if e.status == "unchecked":
            found.append(f"{key}: not yet checked ({e.reason})")
    found += [f"{card} #{i}: listed {n} times" for (card, i), n in seen.items() if n > 1]
    found += [f"{card} #{i}: missing from the ledger" for card, n in counts.items()
              for i in range(n) if (card, i) not in seen]
    return found


def _status_words(e: Ruling) -> str:
    words = STATUSES[e.status][0]
    if e.status == "tested" and e.mode:
        return f"{words} in the {e.mode}: `{e.test}` (does not arise in solo & co-op: {e.reason})"
    if e.status == "tested":
        return f"{words}: `{e.test}`"
    if e.status == "option":
        return f"{words}: rule option `{e.option}`; {e.reason}"
    if e.status in ("adversary", "mode"):
        where = "no mode yet" if e.mode == "none" else e.mode
        return f"{words} (arises in: {where}): {e.reason}"
    return f"{words}: {e.reason}"


def render(entries: list[Ruling], facts: dict[str, dict]) -> str:
    """The Markdown page."""
    order = {card_id: n for n, card_id in enumerate(facts)}
    entries = sorted(entries, key=lambda e: (order.get(e.card, len(order)), e.index))
    tally = {s: sum(e.status == s for e in entries) for s in STATUSES}
    lines = [
        "# The official rulings, one by one",
        "",
        "Every ruling the publisher gives on a card (the notes of its collection pages: "
        f"{len(entries)} rulings on {len({e.card for e in entries})} cards) and how the "
        "simulator stands with it. Each ruling is told in our own short words (the publisher's "
        "text is not repeated here), keyed by the card and the ruling's place among that card's "
        "rulings (#0 is the first), with exactly one status:",
        "",
        "- **tested**: the test, on a small hand-built position, that fails if the engine "
        "stops following the ruling; **tested in the duel** when the ruling cannot arise in "
        "the solo & co-op mode (it speaks of the opponent's hand, and the Adversary has none) "
        "but does between two players: the test is a duel position, and why it does not arise "
        "in solo & co-op is said beside it;",
        "- **does not arise against the Adversary** or **does not arise in this mode**: why "
        "it cannot happen in the solo & co-op mode, and the mode where it would; the duel and "
        "2 vs 2 are simulated, so this status is left only to rulings that arise in no mode "
        "the simulator plays (the check refuses one that arises in the duel or 2 vs 2 without "
        "a test there);",
        "- **read differently**: the engine's default reads the card another way; the rule "
        "option named holds the ruling's reading ([rules.md](rules.md), R16);",
        "- **no rule of play**: the ruling states no rule at all (a joke), and why it decides "
        "nothing another ruling does not.",
        "",
        "A ruling the engine does not follow has no status of its own: it is followed, or read "
        "another way under a rule option, before it enters the ledger (the check refuses any "
        "other status). A ruling that points to the publisher's article on Quickcast is "
        "checked by the test of that card's Quickcast; a table tip or a remark on the art, by "
        "the test of what it implies for play.",
        "",
        "| status | rulings |",
        "|---|---|",
    ]
    lines += [f"| {STATUSES[s][0]} | {n} |" for s, n in tally.items() if n]
    for mode in SIMULATED_MODES:
        n = sum(e.status == "tested" and e.mode == mode for e in entries)
        if n:
            lines.append(f"| of which tested in the {mode} | {n} |")
    lines += [
        "",
        "This page is generated: edit `tests/data/rulings.toml` and run "
        "`python scripts/rulings_ledger.py` (`--check` tells whether it is up to date). "
        "`tests/test_rulings_ledger.py` keeps it complete: every ruling of every card listed "
        "once, every test named a test function of `tests/`, every option a field of "
        "`RuleOptions`.",
    ]
    extension = card = None
    for e in entries:
        f = facts[e.card]
        if f["extension"] != extension:
            extension = f["extension"]
            lines += ["", f"## {extension}"]
        if e.card != card:
            card = e.card
            lines += ["", f"### {f['name_en']} (`{e.card}`)", "", "| # | what it decides | status |",
                      "|---|---|---|"]
        lines.append(f"| {e.index} | {e.says} | {_status_words(e)} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 on a problem or when the page is out of date")
    args = parser.parse_args(argv)
    entries, found = load_ledger()
    counts, facts = ruling_counts()
    found += problems(entries, counts, test_names(), option_names())
    for problem in found:
        print(f"{LEDGER.relative_to(REPO)}: {problem}", file=sys.stderr)
    text = render(entries, facts)
    stale = not PAGE.exists() or PAGE.read_text(encoding="utf-8") != text
    if args.check:
        print(f"{PAGE.relative_to(REPO)}: {'out of date' if stale else 'up to date'}")
    elif stale:
        PAGE.write_text(text, encoding="utf-8")
        print(f"wrote {PAGE.relative_to(REPO)}")
    return 1 if found or (args.check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
