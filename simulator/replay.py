"""A readable transcript of exactly one game of a run.

Game ``I`` of a run with seed ``S`` is replayed alone: randomness is per game and batch
invariant, so the transcript is the game the run played (tests check the outcome matches).
The compiled engine records events (not text) in its work record's log when ``log_on`` is
set (:mod:`simulator.engine.rules.log`), here for the asked game only, and
:mod:`simulator.engine.host.transcript` turns them into lines.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from simulator import bots
from simulator.bots import DEFAULT_BOT
from simulator.cards import CardDB, load_cards
from simulator.decks import Deck
from simulator.engine.host.batch import new_work, play, play_seeds
from simulator.engine.host.tables import build_batch_tables
from simulator.engine.host.transcript import lines as transcript_lines
from simulator.engine.rules import layout as L
from simulator.engine.rules import rng
from simulator.engine.rules.errors import EngineError
from simulator.engine.rules.options import RuleOptions
from simulator.errors import UserError
from simulator.run import MAX_GAMES, build_matchup, check_seed
from simulator.scenarios import Scenario

SEARCH_GAMES = 100_000  # games --outcome looks through before it gives up
SEARCH_BATCH = 2_000
OUTCOMES_OF = {"win": (L.WIN,), "loss": (L.LOSS_HP, L.LOSS_DECK)}


def first_game_with(outcome: str, decks: Sequence[Deck], scenario: Scenario,
                    level: str | None = None, players: int | None = None, seed: int = 1,
                    start: int = 0, bot: str = DEFAULT_BOT, options: RuleOptions | None = None,
                    db: CardDB | None = None, limit: int | None = None) -> int:
    """The index of the first game from ``start`` on of the run with ``seed`` whose outcome
    is ``outcome`` ("win" or "loss"), played in batches; a user error after ``limit`` games
    (SEARCH_GAMES by default)."""
    limit = limit or SEARCH_GAMES
    check_game_index(start)
    check_seed(seed)
    db = db or load_cards()
    options = options or RuleOptions()
    matchup = build_matchup(decks, scenario, level, players)
    wanted = np.array(OUTCOMES_OF[outcome])
    batch = min(SEARCH_BATCH, bots.get(bot).chunk_cap or SEARCH_BATCH)  # a slow bot: small steps
    for first in range(start, start + limit, batch):
        count = min(batch, start + limit - first)
        result = play_seeds(matchup, db, seed, first, count, bots.get(bot), options, threads=2)
        hits = np.flatnonzero(np.isin(result.outcome, wanted))
        if len(hits):
            return first + int(hits[0])
    raise UserError(f"no {outcome} in games {start:,} to {start + limit - 1:,} of the run with "
                    f"seed {seed}")


def check_game_index(game: int) -> None:
    """A user error unless ``game`` is the index of a game a run can play (0 to MAX_GAMES-1)."""
    if not 0 <= game < MAX_GAMES:
        raise UserError(f"--game must be between 0 and {MAX_GAMES - 1:,} (a run plays at most "
                        f"{MAX_GAMES:,} games), not {game}")


def replay_game(decks: Sequence[Deck], scenario: Scenario, level: str | None = None,
                players: int | None = None, seed: int = 1, game: int = 0,
                bot: str = DEFAULT_BOT, options: RuleOptions | None = None,
                db: CardDB | None = None, states: list | None = None) -> str:
    """The transcript of game ``game`` of the run with ``seed``; ``states``, when given,
    receives the positions the engine recorded at each turn's start and at the end, each as
    (the number of the text's lines before it, its rows: see ``transcript.lines``)."""
    check_game_index(game)
    check_seed(seed)
    db = db or load_cards()
    options = options or RuleOptions()
    matchup = build_matchup(decks, scenario, level, players)
    _, info = build_batch_tables(matchup, db, options)
    header = (f"Game {game} of the run with seed {seed}: "
              f"{', '.join(d.name for d in matchup.decks)} vs {scenario.name} ({matchup.level}), "
              f"bot {bots.label(bot)}")
    work = new_work(1)
    work["log_on"] = 1
    try:
        result = play(matchup, db, rng.game_seeds(seed, game, 1), bots.get(bot), options, work=work)
    except EngineError as err:  # the game up to the error is what one needs to find the bug
        lines = _transcript(work, info, matchup.players)
        err.transcript = "\n".join([header, *lines, f"Engine error here: {err}"])
        raise
    lines = _transcript(work, info, matchup.players, states)
    outcome = L.OUTCOME_NAMES[int(result.outcome[0])]
    footer = f"Result: {outcome} on turn {int(result.end_turn[0])}, HP " + ", ".join(
        str(max(0, int(h))) for h in np.atleast_1d(result.final_hp[0]))  # out: 0 HP
    return "\n".join([header, *lines, footer])


def _transcript(work: np.ndarray, info, players: int, states: list | None = None) -> list[str]:
    """The lines of the one game ``work`` logged (a note when the log overflowed); the
    positions it recorded go to ``states``, counted in lines of the text (its header first)."""
    recorded = int(work["log_len"][0])
    found: list = []
    lines = transcript_lines(work["log"][0][:min(recorded, L.LOG_MAX)], info.names, players,
                             found)
    if states is not None:
        states += [(before + 1, rows) for before, rows in found]
    if recorded > L.LOG_MAX:
        lines.append(f"(the transcript stops here: the game's {recorded:,} events exceed the "
                     f"engine's log of {L.LOG_MAX:,})")
    return lines
