"""The README is for players: short, the two commands, how to read the output, no internals;
what it shows of the output is what the tool prints; its links lead somewhere."""

from __future__ import annotations

import re
from pathlib import Path

from simulator.cli import main

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")

#: The README's two commands, byte for byte (CI runs the second one: .ci/run).
INSTALL_AND_RUN = ("python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/magenoir-sim "
                   "run decks/fire-flames.txt --scenario duke --games 1000")
INSTALL_AND_TEST = ('python3 -m venv .venv && .venv/bin/pip install -e ".[test]" && '
                    ".venv/bin/python -m pytest")


def test_the_readme_is_short_and_keeps_its_two_commands():
    # 160 lines for solo and co-op, 10 more since duels, 2 vs 2 and the deck builder arrived
    assert len(README.splitlines()) <= 170
    assert f"```\n{INSTALL_AND_RUN}\n```" in README
    assert f"```\n{INSTALL_AND_TEST}\n```" in README
    assert INSTALL_AND_TEST in (REPO / ".ci" / "run").read_text(encoding="utf-8")


def test_the_readme_explains_what_a_player_reads():
    for term in ("95% CI", "pp", "McNemar", "loss_deck", "timeout", "approximated",
                 "PARTIAL RESULTS", "--rule NAME=VALUE"):
        assert term in README, term


def test_the_readme_holds_no_internals_nor_measurement_logs():
    for internal in ("layout.py", "HANDLERS", "precision_plan", "CARD_STATUS.md", "not met",
                     "dask worker", "µs"):
        assert internal not in README, internal
    assert not re.search(r"\bcommit [0-9a-f]{7}\b", README)


def test_every_link_of_the_readme_leads_to_a_file():
    links = re.findall(r"\]\(([^)#]+)\)", README)
    assert {"docs/methods.md", "docs/cluster.md", "docs/bench.md", "docs/cards.md"} <= set(links)
    for link in links:
        assert (REPO / link).is_file(), link


def test_the_output_the_readme_shows_is_what_run_prints(capsys):
    block = README.split("$ magenoir-sim run fire-flames --games 5000\n", 1)[1].split("```")[0]
    shown = block.strip().splitlines()
    assert main(["run", "fire-flames", "--games", "5000", "--quiet"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert [line for line in printed if line in shown] == shown  # the same lines, in order


def test_the_comparison_the_readme_shows_is_what_compare_prints(capsys):
    block = README.split("$ magenoir-sim compare fire-flames water-tides --games 10000\n",
                         1)[1].split("```")[0]
    shown = block.rstrip("\n").splitlines()
    assert main(["compare", "fire-flames", "water-tides", "--games", "10000", "--quiet"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert [line for line in printed if line in shown] == shown
    for figure in ("4.96%", "21.93%", "-17.0 pp"):  # the figures the explanation quotes
        assert figure in README
