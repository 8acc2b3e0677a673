"""Golden playthroughs: the transcripts of a few seeded games, committed under tests/golden/.

An engine or bot change that alters play then shows up as a readable diff of the games it
changed (``tests/test_golden.py`` replays every file), where the fingerprint
(``scripts/fingerprint.py``) only says that something changed.

One file per configuration: the 4 example decks x 1-2 players x the 3 bots at the Duke's
normal level, and each deck alone with the planner at the hard level. A file holds a won and a
lost game of the run with seed 1 (the first of each among its first ``SEARCH`` games; one game
only when those are all lost, or all won), each under the ``magenoir-sim replay`` command
that prints the same transcript.

    python scripts/golden.py            # rewrite every file: the same games, played again
    python scripts/golden.py --check    # exit 1 and show the differences, write nothing
    python scripts/golden.py --reselect # choose the won and the lost game again

Regenerate after an intended change of play or of the transcript's wording, and review the
diff before committing it (docs/engine.md, "Checking the engine").
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from simulator.cards import CardDB, load_cards  # noqa: E402
from simulator.decks import load_deck  # noqa: E402
from simulator.errors import UserError  # noqa: E402
from simulator.replay import first_game_with, replay_game  # noqa: E402
from simulator.scenarios import load_scenario  # noqa: E402

GOLDEN_DIR = REPO / "tests" / "golden"
DECKS = ("air-winds", "fire-flames", "vegetal-grove", "water-tides")
BOTS = ("greedy", "planner", "random")
SCENARIO = "duke"
SEED = 1
SEARCH = 200  # games of the run looked through for a won and a lost one
COMMAND_PREFIX = "$ "
COMMAND_RE = re.compile(r"^\$ magenoir-sim replay .* --game (\d+)$", re.MULTILINE)


@dataclass(frozen=True)
class Configuration:
    """Who plays against which level of the Duke, with which bot."""

    deck: str
    players: int
    level: str
    bot: str

    @property
    def name(self) -> str:
        return f"{self.deck}-{self.players}p-{self.level}-{self.bot}"

    @property
    def path(self) -> Path:
        return GOLDEN_DIR / f"{self.name}.txt"

    def command(self, game: int) -> str:
        """The command line that prints game ``game`` of this configuration's run."""
        return (f"magenoir-sim replay {self.deck} --scenario {SCENARIO} --level {self.level} "
                f"--players {self.players} --bot {self.bot} --seed {SEED} --game {game}")


CONFIGURATIONS: tuple[Configuration, ...] = (
    *(Configuration(deck, players, "normal", bot)
      for deck in DECKS for players in (1, 2) for bot in BOTS),
    *(Configuration(deck, 1, "hard", "planner") for deck in DECKS),
)


class Player:
    """Plays the configurations' games, with the card database, decks and scenario loaded
    once."""

    def __init__(self, db: CardDB | None = None):
        self.db = db or load_cards()
        self.scenario = load_scenario(SCENARIO, self.db)
        self._decks: dict[str, object] = {}

    def _decks_of(self, config: Configuration) -> list:
        if config.deck not in self._decks:
            self._decks[config.deck] = load_deck(config.deck, self.db)
        return [self._decks[config.deck]]

    def select_games(self, config: Configuration) -> list[int]:
        """The first won and the first lost game of the run among its first SEARCH games, in
        game order."""
        games = set()
        for outcome in ("win", "loss"):
            try:
                games.add(first_game_with(outcome, self._decks_of(config), self.scenario,
                                          config.level, config.players, SEED, bot=config.bot,
                                          db=self.db, limit=SEARCH))
            except UserError:  # no such game among the first SEARCH: the other one only
                pass
        return sorted(games)

    def transcript(self, config: Configuration, games: list[int]) -> str:
        """The file's text: each game's command line, then what ``replay`` prints for it."""
        parts = []
        for game in games:
            text = replay_game(self._decks_of(config), self.scenario, config.level,
                               config.players, SEED, game, config.bot, db=self.db)
            parts.append(f"{COMMAND_PREFIX}{config.command(game)}\n{text}\n")
        return "\n".join(parts)


def recorded_games(text: str) -> list[int]:
    """The games a golden file holds, read from its command lines."""
    return [int(g) for g in COMMAND_RE.findall(text)]


def first_difference(expected: str, actual: str, name: str, context: int = 3,
                     limit: int = 40) -> str:
    """A unified diff of ``expected`` (the committed file) and ``actual`` (the engine's play
    today), cut to its first ``limit`` lines."""
    diff = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                     f"tests/golden/{name} (committed)",
                                     f"{name} (played now)", n=context, lineterm=""))
    more = len(diff) - limit
    return "\n".join(diff[:limit] + ([f"... ({more} more diff lines)"] if more > 0 else []))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when a file differs from the play of today")
    parser.add_argument("--reselect", action="store_true",
                        help="choose each configuration's won and lost game again")
    args = parser.parse_args(argv)
    player = Player()
    expected_files = {c.path.name for c in CONFIGURATIONS}
    stale = sorted(p.name for p in GOLDEN_DIR.glob("*.txt") if p.name not in expected_files)
    differing = []
    for config in CONFIGURATIONS:
        old = config.path.read_text(encoding="utf-8") if config.path.exists() else ""
        games = recorded_games(old)
        if not games or (args.reselect and not args.check):
            games = player.select_games(config)
        new = player.transcript(config, games)
        if new == old:
            continue
        differing.append(config.path.name)
        if args.check:
            print(first_difference(old, new, config.path.name) if old
                  else f"tests/golden/{config.path.name}: missing")
        else:
            GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
            config.path.write_text(new, encoding="utf-8")
            print(f"wrote tests/golden/{config.path.name} (games {', '.join(map(str, games))})")
    if args.check:
        for name in stale:
            print(f"tests/golden/{name}: no configuration plays it any more")
        if differing or stale:
            print(f"{len(differing) + len(stale)} golden file(s) differ: review, then run "
                  "python scripts/golden.py")
            return 1
        print(f"{len(CONFIGURATIONS)} golden files match")
        return 0
    for name in stale:
        (GOLDEN_DIR / name).unlink()
        print(f"removed tests/golden/{name}")
    print(f"{len(differing)} of {len(CONFIGURATIONS)} golden files rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())
