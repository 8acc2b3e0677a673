"""Running many games: chunking, seeds, joblib, and the per-game table.

Game ``i`` of a run with seed ``S`` always gets the same game seed (``rng.game_seeds``), so
the chunk size, the number of jobs and the backend never change a result: a chunk is just
a range of game indices. Each task returns compact per-game arrays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from simulator.bots import DEFAULT_BOT, make_bot
from simulator.cards import CardDB, load_cards
from simulator.decks import Deck
from simulator.engine.game import BatchResult, Matchup, play_seeds
from simulator.engine.options import RuleOptions
from simulator.engine.state import OUTCOME_NAMES
from simulator.errors import UserError
from simulator.scenarios import Scenario
from simulator.stats import wilson_interval

DEFAULT_BATCH = 1024
REPORTED_OUTCOMES = ("win", "loss_hp", "loss_deck", "timeout")


@dataclass
class SimulationResult:
    """The games of one run, as tidy data, with the settings that reproduce it."""

    games: pd.DataFrame
    settings: dict = field(default_factory=dict)

    def summary(self) -> dict:
        """Games, wins, win rate with its 95% Wilson interval, outcome counts, median turns."""
        n = len(self.games)
        wins = int((self.games["outcome"] == "win").sum())
        low, high = wilson_interval(wins, n)
        counts = self.games["outcome"].value_counts()
        return {
            "games": n,
            "wins": wins,
            "win_rate": wins / n if n else 0.0,
            "win_rate_ci": [low, high],
            "outcomes": {name: int(counts.get(name, 0)) for name in REPORTED_OUTCOMES},
            "median_turns": float(self.games["turns"].median()) if n else 0.0,
            **self.settings,
        }


def chunk_ranges(games: int, batch_size: int) -> list[tuple[int, int]]:
    """[(first_game, count), ...] covering ``0 .. games-1``."""
    return [(start, min(batch_size, games - start)) for start in range(0, games, batch_size)]


def _play_chunk(matchup: Matchup, db: CardDB, seed: int, first: int, count: int, bot: str,
                options: RuleOptions) -> BatchResult:
    return play_seeds(matchup, db, seed, first, count, make_bot(bot), options)


def results_frame(results: Sequence[BatchResult], first_games: Sequence[int]) -> pd.DataFrame:
    """One row per game from the chunks' arrays."""
    frames = []
    for res, first in zip(results, first_games, strict=True):
        n, p = res.final_hp.shape
        data = {
            "game": np.arange(first, first + n),
            "seed": res.seed.astype(np.uint64),
            "outcome": np.array(OUTCOME_NAMES)[res.outcome],
            "turns": res.end_turn.astype(np.int64),
            "damage_to_adversary": res.damage_to_adversary,
        }
        for q in range(p):
            data[f"final_hp_p{q + 1}"] = res.final_hp[:, q]
            data[f"mage_noir_turn_p{q + 1}"] = res.mage_noir_turn[:, q]
            data[f"damage_taken_p{q + 1}"] = res.damage_taken[:, q]
            data[f"mana_taken_p{q + 1}"] = res.mana_taken[:, q]
        frames.append(pd.DataFrame(data))
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()


def simulate(decks: Sequence[Deck], scenario: Scenario, level: str | None = None,
             players: int | None = None, games: int = 1000, seed: int = 1, jobs: int = 1,
             batch_size: int = DEFAULT_BATCH, bot: str = DEFAULT_BOT,
             options: RuleOptions | None = None, db: CardDB | None = None) -> SimulationResult:
    """Play ``games`` games of ``decks`` (one per player) against a scenario level.

    One deck given for several players is used by all of them.
    """
    db = db or load_cards()
    options = options or RuleOptions()
    players = players or len(decks)
    if not 1 <= players <= 4:
        raise UserError(f"--players must be between 1 and 4, not {players}")
    if len(decks) == 1:
        decks = list(decks) * players
    if len(decks) != players:
        raise UserError(f"give one deck, or one deck per player ({players}), not {len(decks)}")
    if games < 1:
        raise UserError(f"--games must be at least 1, not {games}")
    if batch_size < 1:
        raise UserError(f"--batch-size must be at least 1, not {batch_size}")
    if jobs < 1:
        raise UserError(f"--jobs must be at least 1, not {jobs}")
    level = level or scenario.default_level
    scenario.level(level)  # a user error names the valid levels
    make_bot(bot)  # a user error names the valid bots
    matchup = Matchup(tuple(decks), scenario, level)
    chunks = chunk_ranges(games, batch_size)
    if jobs == 1 or len(chunks) == 1:
        results = [_play_chunk(matchup, db, seed, first, n, bot, options) for first, n in chunks]
    else:
        from joblib import Parallel, delayed

        results = Parallel(n_jobs=jobs)(
            delayed(_play_chunk)(matchup, db, seed, first, n, bot, options) for first, n in chunks)
    frame = results_frame(results, [first for first, _ in chunks])
    settings = {"seed": seed, "scenario": scenario.name, "level": level, "players": players,
                "bot": bot}
    return SimulationResult(frame, settings)
