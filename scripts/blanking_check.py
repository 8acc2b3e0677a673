"""The blanking check: for every simulated card, a test named after it fails when it is blanked.

A card's tests must notice the card missing. The check blanks one card at a time (its text
emptied, its facts kept: ``simulator/cards/blanking.py``) and runs the tests named after it;
the rule holds for the card when at least one of them fails. A card with no test named after
it breaks the rule too. Cards whose blank is the card itself (no effect, keyword or
conditional word: Solar flame, Droplet) are listed apart: nothing can notice them missing.

A test is named after a card when its function name is ``test_<card id>`` or begins with
``test_<card id>_`` (the longest such id: ``test_sun_blade_...`` is Sun blade's, not Sun's),
or when it carries ``@pytest.mark.card("<card id>", ...)`` (a test of several cards, whose
name can begin with one id only).

All the cards' tests run in this one process, the engine loaded once: the loader reads the
blanked cards from the environment (``MAGENOIR_SIM_BLANK``), so a blanked card needs no
recompile, and every test starts from fresh fixtures.

    python scripts/blanking_check.py                      # every simulated card
    python scripts/blanking_check.py --cards fire_ball,zephyr
    python scripts/blanking_check.py --changed-since main  # cards a change touches
    python scripts/blanking_check.py --json out.json       # the results, card by card
    python scripts/blanking_check.py --verbose             # and every test passing blanked

Exit code 0 when the rule holds for every card checked, 1 when it is broken, 2 for bad input.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

import pytest
from _pytest.runner import runtestprotocol

from simulator.cards import load_cards
from simulator.cards.blanking import BLANK_ENV, has_text
from simulator.engine.host.tables import handler_names, simulated_as
from simulator.errors import UserError

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"
CARD_DATA = "simulator/cards/data"
HANDLERS = "simulator/engine/handlers"
MARKER = "card"


# --- which tests are named after which cards -------------------------------------------------


class Naming:
    """The naming rule: the cards a test is named after, from its name and its markers."""

    def __init__(self, card_ids: Iterable[str]) -> None:
        self.ids = frozenset(card_ids)
        longest_first = sorted(self.ids, key=len, reverse=True)
        self._prefix = re.compile(r"test_(" + "|".join(map(re.escape, longest_first)) + r")(?:_|$)")

    def cards_of(self, test_name: str, marked: Iterable[str] = ()) -> list[str]:
        """The cards a test function called ``test_name`` (parameters left out) with the
        ``card`` marker's ``marked`` ids is named after, name first."""
        found = self._prefix.match(test_name)
        cards = [found.group(1)] if found else []
        return cards + [c for c in marked if c not in cards]


def marked_ids(decorators: Sequence[ast.expr]) -> list[str]:
    """The ids of a ``@pytest.mark.card("a", "b")`` among a function's decorators (string
    literals: the check reads them from the source to know which test files to collect)."""
    ids = []
    for dec in decorators:
        if isinstance(dec, ast.Call) and isinstance(dec.func, ast.Attribute) and \
                dec.func.attr == MARKER:
            ids += [a.value for a in dec.args if isinstance(a, ast.Constant)]
    return ids


def parse(path: Path) -> ast.Module:
    """A Python file's syntax tree; one that does not parse is the user's to fix."""
    try:
        return ast.parse(path.read_text(encoding="utf-8"))
    except SyntaxError as err:
        raise UserError(f"{path.relative_to(ROOT)}:{err.lineno}: not valid Python ({err.msg}): "
                        "the check reads the tests' names from the source") from None


def test_defs(path: Path) -> Iterable[ast.FunctionDef]:
    """The test functions of a test module (top level and in test classes), by their source."""
    for node in parse(path).body:
        nodes = node.body if isinstance(node, ast.ClassDef) else [node]
        for fn in nodes:
            if isinstance(fn, ast.FunctionDef) and fn.name.startswith("test_"):
                yield fn


def misnamed_markers(naming: Naming) -> list[str]:
    """``file::test: id`` for every ``card`` marker id that is no card (a typo would leave the
    test named after no card, silently)."""
    return [f"{path.relative_to(ROOT)}::{fn.name}: @pytest.mark.{MARKER}({card!r}) names no card"
            for path in sorted(TESTS.glob("test_*.py")) for fn in test_defs(path)
            for card in marked_ids(fn.decorator_list) if card not in naming.ids]


def files_holding_tests_of(naming: Naming, cards: set[str]) -> list[Path]:
    """The test modules holding a test named after one of ``cards``."""
    files = []
    for path in sorted(TESTS.glob("test_*.py")):
        if any(set(naming.cards_of(fn.name, marked_ids(fn.decorator_list))) & cards
               for fn in test_defs(path)):
            files.append(path)
    return files


# --- the cards a change touches -----------------------------------------------------------------


def changed_lines(rev: str) -> dict[str, set[int]]:
    """Path -> the lines (of the file as it is now) that differ from revision ``rev``, the
    uncommitted changes and untracked files included; a deleted stretch marks the line
    where it was."""
    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True,
                                  text=True).stdout
        except (OSError, subprocess.CalledProcessError) as err:
            detail = getattr(err, "stderr", "") or str(err)
            raise UserError(f"--changed-since {rev}: git {' '.join(args[:2])} failed: "
                            f"{detail.strip().splitlines()[-1] if detail.strip() else err}"
                            ) from None

    git("rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
    lines = diff_lines(git("diff", "-U0", "--no-color", rev, "--"))
    for path in git("ls-files", "--others", "--exclude-standard").splitlines():
        lines[path] = {0}  # a new file: every line of it
    return lines


def diff_lines(diff: str) -> dict[str, set[int]]:
    """Path -> changed lines of the new side of a ``git diff -U0`` (a pure deletion marks the
    line it follows); deleted files are left out."""
    lines: dict[str, set[int]] = {}
    path = None
    for line in diff.splitlines():
        if line.startswith("+++ "):
            path = line[6:] if line.startswith("+++ b/") else None
        elif line.startswith("@@") and path is not None:
            start, _, count = line.split()[2][1:].partition(",")
            first, n = int(start), int(count) if count else 1
            lines.setdefault(path, set()).update(range(first, first + max(n, 1)))
    return lines


def _touched(node: ast.AST, changed: set[int]) -> bool:
    """The node's source (a function's decorators included) holds a changed line (0: all)."""
    start, end = getattr(node, "lineno", None), getattr(node, "end_lineno", None)
    if start is None:
        return False
    start = min([start] + [d.lineno for d in getattr(node, "decorator_list", ())])
    return 0 in changed or bool(changed & set(range(start, end + 1)))


def _spans(path: Path, changed: set[int]) -> Iterable[str]:
    """The names of the functions of a Python file (and the ``declare.static`` names) whose
    source overlaps the changed lines (0: the whole file)."""
    for node in ast.walk(parse(path)):
        if not _touched(node, changed):
            continue
        if isinstance(node, ast.FunctionDef):
            yield node.name
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "static" and \
                node.args and isinstance(node.args[0], ast.Constant):
            yield node.args[0].value


def touched_cards(changes: dict[str, set[int]], naming: Naming, db) -> tuple[set[str], list[str]]:
    """The cards the changed lines (:func:`changed_lines`) touch, and the changed files that
    map to no card.

    A card is touched by a change of its data entry, of a handler its data names (the
    function, or the ``declare.static`` of a static hook), or of a test named after it."""
    handlers_of: dict[str, set[str]] = {}
    for card in db:
        for name in handler_names(dict(card.effect)):
            handlers_of.setdefault(name, set()).add(card.id)
    cards: set[str] = set()
    unmapped = []
    for rel, lines in sorted(changes.items()):
        path = ROOT / rel
        if not path.is_file():
            continue
        if rel.startswith(CARD_DATA) and rel.endswith(".toml"):
            cards |= _toml_cards(path, lines)
        elif rel.startswith(HANDLERS) and rel.endswith(".py"):
            for name in _spans(path, lines):
                cards |= handlers_of.get(name, set())
        elif rel.startswith("tests/test_") and rel.endswith(".py"):
            for fn in test_defs(path):
                if _touched(fn, lines):
                    cards.update(naming.cards_of(fn.name, marked_ids(fn.decorator_list)))
        else:
            unmapped.append(rel)
    return cards & naming.ids, unmapped


def _toml_cards(path: Path, changed: set[int]) -> set[str]:
    """The ids of the ``[[card]]`` entries of a card data file that hold changed lines."""
    cards, current, block = set(), None, []
    for number, line in enumerate([*path.read_text(encoding="utf-8").splitlines(), "[[card]]"], 1):
        if line.strip() == "[[card]]":
            if current is not None and (0 in changed or changed & set(block)):
                cards.add(current)
            current, block = None, []
        elif current is None and line.startswith("id = "):
            current = line.split("=", 1)[1].strip().strip('"')
        block.append(number)
    return cards


# --- running a card's tests blanked --------------------------------------------------------------


@dataclass
class CardResult:
    """What blanking one card did to the tests named after it."""

    card: str
    tests: list[str] = field(default_factory=list)    # node ids run
    failing: list[str] = field(default_factory=list)  # those that failed (setup, call or teardown)
    why: list[str] = field(default_factory=list)      # (failing,) the first line of each failure
    skipped: list[str] = field(default_factory=list)  # those skipped (a skip is no failure)
    seconds: float = 0.0

    @property
    def holds(self) -> bool:
        return bool(self.failing)


class BlankingPlugin:
    """Runs, card after card, the collected tests named after the card with it blanked (the
    tests' own fixtures set up and torn down around each test, so each sees the blanked
    database), instead of pytest's usual run."""

    def __init__(self, cards: Sequence[str], naming: Naming, progress, blank: bool = True) -> None:
        self.cards = list(cards)
        self.blank = blank
        self.naming = naming
        self.progress = progress
        self.results: list[CardResult] = []

    def pytest_runtestloop(self, session: pytest.Session) -> bool:
        if session.testsfailed and not session.config.option.continue_on_collection_errors:
            raise session.Interrupted(f"{session.testsfailed} error(s) during collection")
        by_card: dict[str, list[pytest.Item]] = {card: [] for card in self.cards}
        for item in session.items:
            marked = [i for m in item.iter_markers(MARKER) for i in m.args]
            for card in self.naming.cards_of(getattr(item, "originalname", item.name), marked):
                if card in by_card:
                    by_card[card].append(item)
        for n, card in enumerate(self.cards, 1):
            result = self._run(card, by_card[card], self.blank)
            self.results.append(result)
            self.progress(n, len(self.cards), result)
        return True

    @staticmethod
    def _run(card: str, items: list[pytest.Item], blank: bool) -> CardResult:
        result = CardResult(card)
        started = time.perf_counter()
        previous = os.environ.get(BLANK_ENV)
        if blank:
            os.environ[BLANK_ENV] = card
        try:
            for item in items:
                reports = runtestprotocol(item, log=False, nextitem=None)
                result.tests.append(item.nodeid)
                failed = [r for r in reports if r.failed]
                if failed:
                    result.failing.append(item.nodeid)
                    crash = getattr(failed[0].longrepr, "reprcrash", None)
                    result.why.append(crash.message.splitlines()[0] if crash else
                                      str(failed[0].longrepr).splitlines()[-1])
                elif any(r.skipped for r in reports):
                    result.skipped.append(item.nodeid)
        finally:
            if previous is None:
                os.environ.pop(BLANK_ENV, None)
            else:
                os.environ[BLANK_ENV] = previous
        result.seconds = time.perf_counter() - started
        return result


# --- the command --------------------------------------------------------------------------------


def _parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0],
        epilog="The rule: for every simulated card, at least one test named after it fails "
               "when the card is blanked. Exit 1 when it is broken.")
    parser.add_argument("--cards", help="only these cards (ids or names, comma-separated)")
    parser.add_argument("--changed-since", metavar="REV",
                        help="only the cards a change since git revision REV touches (their "
                             "data, their handlers, their tests; uncommitted changes included)")
    parser.add_argument("--control", action="store_true",
                        help="run the same tests without blanking: every one must pass (a "
                             "check of the check; exit 1 otherwise)")
    parser.add_argument("--json", metavar="FILE", help="write the results, card by card")
    parser.add_argument("--quiet", action="store_true",
                        help="a line only for the cards that break the rule, then the summary")
    parser.add_argument("--verbose", action="store_true",
                        help="also list, under every card, its tests that pass blanked (the "
                             "cases where it does nothing; the rule asks for one failing)")
    args = parser.parse_args(argv)
    if args.quiet and args.verbose:
        parser.error("give --quiet or --verbose, not both")
    return args


def _select(args: argparse.Namespace, db, naming: Naming) -> tuple[list[str], list[str]]:
    """The simulated cards to check, in database order, and the changed files no card maps to."""
    how = simulated_as(db)
    simulated = [c.id for c in db if how[c.id] != "not yet"]
    chosen = set(simulated)
    unmapped: list[str] = []
    if args.cards:
        chosen = set()
        for name in (part.strip() for part in args.cards.split(",") if part.strip()):
            card = db.find(name)
            if card is None:
                close = db.suggest(name)
                hint = f" (did you mean {' or '.join(close)}?)" if close else ""
                raise UserError(f"--cards: no card named {name!r}{hint}")
            if card.id not in simulated:
                raise UserError(f"--cards: {card.label} is not simulated yet: nothing to check")
            chosen.add(card.id)
    if args.changed_since:
        touched, unmapped = touched_cards(changed_lines(args.changed_since), naming, db)
        chosen &= touched
    return [c for c in simulated if c in chosen], unmapped


def _command(args: argparse.Namespace) -> str:
    """The command that checks the same cards again."""
    parts = ["python scripts/blanking_check.py"]
    if args.cards:
        parts.append(f"--cards {args.cards}")
    if args.changed_since:
        parts.append(f"--changed-since {args.changed_since}")
    if args.control:
        parts.append("--control")
    return " ".join(parts)


def _broken(result: CardResult, control: bool) -> bool:
    """The card breaks the rule (blanked: no test fails; control: some test fails)."""
    return bool(result.failing) if control else not result.holds


def _progress(args: argparse.Namespace):
    control = args.control

    def progress(n: int, total: int, result: CardResult) -> None:
        broken = _broken(result, control)
        if args.quiet and not broken:
            return
        verdict = ("FAILS UNBLANKED" if control else "NOT NOTICED") if broken else "ok"
        if not result.tests:
            verdict = "NO TEST"
        print(f"[{n:3}/{total}] {result.card:28} {len(result.tests):3} test(s), "
              f"{len(result.failing):3} fail{'' if control else ' blanked'}  "
              f"{result.seconds:5.1f} s  {verdict}", flush=True)
        shown = result.failing if control else (
            [t for t in result.tests if t not in result.failing]
            if args.verbose or not result.failing else [])
        for nodeid in shown:
            print(f"      {'fails' if control else 'passes blanked'}: {nodeid}", flush=True)
    return progress


def _run(cards: list[str], naming: Naming, args: argparse.Namespace) -> list[CardResult] | None:
    """Run the cards' tests in this process (None: pytest could not run them)."""
    plugin = BlankingPlugin(cards, naming, _progress(args),
                            blank=not args.control)
    files = [str(p) for p in files_holding_tests_of(naming, set(cards))] if cards else []
    if files:
        # -n 0: in this process (pyproject's addopts give the suite two xdist workers, whose
        # tests this plugin could not reach)
        code = pytest.main(["-qq", "--no-header", "-p", "no:cacheprovider", "--rootdir", str(ROOT),
                            "-c", str(ROOT / "pyproject.toml"), "-n", "0", *files],
                           plugins=[plugin])
        if code in (pytest.ExitCode.INTERRUPTED, pytest.ExitCode.INTERNAL_ERROR,
                    pytest.ExitCode.USAGE_ERROR):
            print(f"blanking_check: pytest stopped ({code.name})", file=sys.stderr)
            return None
    ran = {r.card for r in plugin.results}
    return plugin.results + [CardResult(c) for c in cards if c not in ran]


def main(argv: list[str] | None = None) -> int:
    args = _parse_args(argv)
    try:
        if os.environ.get(BLANK_ENV):
            raise UserError(f"{BLANK_ENV} is set ({os.environ[BLANK_ENV]}): the check blanks "
                            "the cards itself; unset it")
        db = load_cards()
        naming = Naming(c.id for c in db)
        misnamed = misnamed_markers(naming)
        if misnamed:
            raise UserError(misnamed[0] + (f" (and {len(misnamed) - 1} more)"
                                           if len(misnamed) > 1 else ""))
        selected, unmapped = _select(args, db, naming)
    except UserError as err:
        print(f"blanking_check: {err}", file=sys.stderr)
        return 2
    blankable = [c for c in selected if has_text(db[c])]
    no_text = [c for c in selected if not has_text(db[c])]
    what = "run unblanked (control)" if args.control else "to blank"
    since = f" (touched since {args.changed_since})" if args.changed_since else ""
    print(f"blanking check: {len(blankable)} card(s) {what}{since}", flush=True)
    if unmapped:
        print("changed files that map to no card (the whole check covers them): "
              + ", ".join(unmapped))
    started = time.perf_counter()
    results = _run(blankable, naming, args)
    if results is None:
        return 2
    seconds = time.perf_counter() - started
    broken = [r for r in results if _broken(r, args.control) or not r.tests]
    print(f"{len(results)} card(s), {sum(len(r.tests) for r in results)} test runs in "
          f"{seconds:.0f} s: the rule holds for {len(results) - len(broken)}, is broken for "
          f"{len(broken)}")
    for r in broken:
        print(f"  {r.card}: " + ("no test named after it" if not r.tests else
                                 f"{len(r.failing)} of {len(r.tests)} test(s) fail unblanked"
                                 if args.control else
                                 f"{len(r.tests)} test(s), none fails blanked"))
    if no_text:
        print(f"nothing to blank (no effect, keyword or conditional word): {', '.join(no_text)}")
    print(f"command: {_command(args)}")
    if args.json:
        Path(args.json).write_text(json.dumps({
            "command": _command(args), "control": args.control, "seconds": round(seconds, 1),
            "nothing_to_blank": no_text, "unmapped_changes": unmapped,
            "cards": [asdict(r) | {"rule_holds": not _broken(r, args.control) and bool(r.tests)}
                      for r in results]}, indent=1), encoding="utf-8")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
