"""docs/rules.md defines every rule number the project cites, and nothing points users at
the developers' sibling folder (../shared), which a clone of the project does not have.

A rule is *defined* in docs/rules.md by a line that starts with its number in bold
(``**R2.2** ...``, ``**Q4** ...``) or by a heading that starts with it (``## R2 Deck
construction``). A rule is *cited* wherever ``R<n>`` or ``R<n>.<m>`` (or ``Q<n>``) appears as a
word in the package, the scripts, the tests or the README: code, docstrings, messages and the
Markdown files alike.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RULES_DOC = REPO / "docs" / "rules.md"
TEXT_SUFFIXES = {".py", ".md", ".toml", ".txt", ".cfg", ".ini", ".json", ".html", ".css"}

# A rule number standing as a word: "R2.2", "(R8.5)", "R11:"; not part of "STAR2" or "x_R1".
RULE_REF = re.compile(r"(?<![A-Za-z0-9_])(R\d+(?:\.\d+)*|Q\d+)(?![A-Za-z0-9_]|\.\d)")
RULE_DEF = re.compile(r"^(?:#{1,6}\s+|\*\*)(R\d+(?:\.\d+)*|Q\d+)(?:\*\*)?(?![\d.]\d)")


def _files(*roots: Path) -> list[Path]:
    found = []
    for root in roots:
        if root.is_file():
            found.append(root)
            continue
        for path in sorted(root.rglob("*")):
            if path.is_file() and path.suffix in TEXT_SUFFIXES and "__pycache__" not in path.parts:
                found.append(path)
    return found


def _defined() -> Counter:
    lines = RULES_DOC.read_text(encoding="utf-8").splitlines()
    return Counter(m.group(1) for line in lines if (m := RULE_DEF.match(line)))


def _cited(*roots: Path) -> dict[str, list[str]]:
    cited: dict[str, list[str]] = {}
    for path in _files(*roots):
        text = path.read_text(encoding="utf-8", errors="replace")
        for lineno, line in enumerate(text.splitlines(), 1):
            for m in RULE_REF.finditer(line):
                cited.setdefault(m.group(1), []).append(f"{path.relative_to(REPO)}:{lineno}")
    return cited


def test_rules_doc_exists_and_numbers_each_rule_once():
    defined = _defined()
    assert defined, f"no rule definitions found in {RULES_DOC}"
    twice = sorted(n for n, k in defined.items() if k > 1)
    assert not twice, f"defined more than once in docs/rules.md: {twice}"
    # The sixteen sections and the thirteen open questions are all there.
    for n in range(1, 17):
        assert f"R{n}" in defined, f"section R{n} has no heading in docs/rules.md"
    for n in range(1, 14):
        assert f"Q{n}" in defined, f"open question Q{n} is not defined in docs/rules.md"


def test_every_sub_rule_sits_under_its_section():
    for number in _defined():
        if number.startswith("R") and "." in number:
            section = number.split(".")[0]
            assert section in _defined(), f"{number} is defined but section {section} is not"


@pytest.mark.parametrize("root", ["simulator", "scripts", "tests", "README.md"])
def test_every_cited_rule_number_is_defined(root):
    defined = _defined()
    cited = _cited(REPO / root)
    if root == "simulator":
        assert cited, "the package cites no rule number: the pattern is broken"
    missing = {n: where[:3] for n, where in sorted(cited.items()) if n not in defined}
    assert not missing, f"rule numbers cited but not defined in docs/rules.md: {missing}"


def test_the_pattern_finds_what_the_code_cites():
    # Known citations (deck messages, docstrings) are seen, look-alikes are not.
    cited = _cited(REPO / "simulator")
    for number in ("R2.1", "R2.2", "R2.3", "R2.5", "R8.5", "R11.3", "Q4"):
        assert number in cited, number
    assert RULE_REF.findall("see R2.2, (R8.5) and R11: Q4.") == ["R2.2", "R8.5", "R11", "Q4"]
    assert RULE_REF.findall("STAR2 x_R1 R2x FAQ1") == []


@pytest.mark.parametrize("root", ["simulator", "README.md"])
def test_no_user_facing_text_points_at_the_shared_folder(root):
    """A clone of the project has no ../shared: the package and the README must not send
    users there, nor to the spec (RULES.md) that lives in it."""
    offenders = []
    for path in _files(REPO / root):
        text = path.read_text(encoding="utf-8", errors="replace")
        for lineno, line in enumerate(text.splitlines(), 1):
            if "../shared" in line or "shared/rules" in line or "RULES.md" in line:
                offenders.append(f"{path.relative_to(REPO)}:{lineno}: {line.strip()}")
    assert not offenders, "\n".join(offenders)
