"""A readable transcript of exactly one game of a run.

Game ``I`` of a run with seed ``S`` is replayed alone: randomness is per game and batch
invariant, so the transcript is the game the run played (tests check the outcome matches).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from simulator.cards import CardDB, load_cards
from simulator.decks import Deck
from simulator.legacy.bots import DEFAULT_BOT, make_bot
from simulator.legacy.engine import rng
from simulator.legacy.engine.game import play
from simulator.legacy.engine.options import RuleOptions
from simulator.legacy.engine.state import OUTCOME_NAMES
from simulator.run import build_matchup
from simulator.scenarios import Scenario


def replay_game(decks: Sequence[Deck], scenario: Scenario, level: str | None = None,
                players: int | None = None, seed: int = 1, game: int = 0,
                bot: str = DEFAULT_BOT, options: RuleOptions | None = None,
                db: CardDB | None = None) -> str:
    db = db or load_cards()
    matchup = build_matchup(decks, scenario, level, players)
    lines: list[str] = []
    result = play(matchup, db,
                  rng.game_seeds(seed, game, 1), make_bot(bot), options or RuleOptions(),
                  log=lambda _g, text: lines.append(text))
    outcome = OUTCOME_NAMES[int(result.outcome[0])]
    header = (f"Game {game} of the run with seed {seed}: "
              f"{', '.join(d.name for d in matchup.decks)} vs {scenario.name} ({matchup.level}), "
              f"bot {bot}")
    footer = f"Result: {outcome} on turn {int(result.end_turn[0])}, HP " + ", ".join(
        str(int(h)) for h in np.atleast_1d(result.final_hp[0]))
    return "\n".join([header, *lines, footer])
