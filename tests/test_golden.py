"""Golden playthroughs: the committed transcripts of tests/golden/ are played again.

A difference means the engine (or a bot, or the transcript's wording) now plays or writes
these games differently. The failure shows the first differing lines; when the change is
intended, regenerate with ``python scripts/golden.py`` and commit the reviewed diff.
"""

from __future__ import annotations

import pytest
from project_scripts import load_script

golden = load_script("golden")


@pytest.fixture(scope="module")
def player(db):
    return golden.Player(db)


def test_every_configuration_has_its_file_and_no_file_is_stale():
    expected = sorted(c.path.name for c in golden.CONFIGURATIONS)
    assert sorted(p.name for p in golden.GOLDEN_DIR.glob("*.txt")) == expected, (
        "tests/golden/ does not match the configurations: run python scripts/golden.py")


@pytest.mark.parametrize("config", golden.CONFIGURATIONS, ids=lambda c: c.name)
def test_golden_game_is_played_the_same(player, config):
    committed = config.path.read_text(encoding="utf-8")
    games = golden.recorded_games(committed)
    assert games, f"tests/golden/{config.path.name} names no game"
    played = player.transcript(config, games)
    if played != committed:
        pytest.fail(f"{config.path.name}: the engine no longer plays or writes these games as "
                    "committed.\n" + golden.first_difference(committed, played, config.path.name)
                    + "\nIf the change is intended, regenerate with python scripts/golden.py and "
                    "review the whole diff (git diff tests/golden) before committing it.",
                    pytrace=False)


def test_a_difference_is_shown_as_a_unified_diff_cut_to_its_first_lines():
    old = "\n".join(f"line {i}" for i in range(100))
    new = old.replace("line 50", "line fifty")
    diff = golden.first_difference(old, new, "x.txt", limit=8)
    assert "-line 50" in diff and "+line fifty" in diff
    assert diff.splitlines()[0] == "--- tests/golden/x.txt (committed)"
    assert diff.splitlines()[8:] == ["... (3 more diff lines)"]


def test_games_are_read_from_the_command_lines():
    text = ("$ magenoir-sim replay a --scenario duke --level normal --players 1 --bot greedy "
            "--seed 1 --game 0\nGame 0 ...\n\n$ magenoir-sim replay a --scenario duke --level "
            "normal --players 1 --bot greedy --seed 1 --game 17\nGame 17 ...\n")
    assert golden.recorded_games(text) == [0, 17]
