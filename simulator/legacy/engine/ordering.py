"""Effects that happen "at the same time" resolve in an order the deciding side chooses.

Start-of-turn effects of a player's cards (the active player chooses, R5.1) and the effects
of the Adversary's cards in play (the players choose, solo rulesheet) are resolved one card
at a time: each round the decider picks one of the cards still pending (``effect_order``
decision, asked only when two or more are pending; the policy is told the card of each
slot). Cards that leave play meanwhile are
skipped; cards that arrive meanwhile did not exist at the start and get no turn this time.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from simulator.legacy.engine.core import Engine
from simulator.legacy.engine.state import RUNNING


def resolve_in_chosen_order(eng: Engine, games: np.ndarray, decider: np.ndarray,
                            pending: np.ndarray, current: Callable[[np.ndarray], np.ndarray],
                            apply: Callable[[np.ndarray, np.ndarray, int, np.ndarray], None],
                            still_in: Callable[[np.ndarray], np.ndarray] | None = None) -> None:
    """Apply each pending card's effect once, in the order each game's decider picks.

    pending: (n, K) int card id per slot whose effect is due, -1 none;
    current(rows) -> (len(rows), K) card ids now in those slots (a card that left is skipped);
    apply(game_rows, slots, cards): resolve for each of the given rows of ``games`` its slot
    ``slots`` (one per row; a round resolves one card per game, all games in one call);
    still_in(rows) -> bool per row: the side still takes part (e.g. the player is not out).
    """
    done = pending < 0
    while True:
        open_rows = np.flatnonzero(~done.all(axis=1))
        if len(open_rows) == 0:
            return
        live = eng.state.outcome[games[open_rows]] == RUNNING
        if still_in is not None:
            live &= still_in(open_rows)
        done[open_rows[~live]] = True
        rows = open_rows[live]
        if len(rows) == 0:
            continue
        options = ~done[rows] & (current(rows) == pending[rows])
        gone = ~options.any(axis=1)
        done[rows[gone]] = True
        rows, options = rows[~gone], options[~gone]
        if len(rows) == 0:
            continue
        choice = np.argmax(options, axis=1)
        ask = options.sum(axis=1) > 1
        if ask.any():
            choice[ask] = eng.decide("effect_order", games[rows[ask]], decider[rows[ask]],
                                     options[ask], cards=pending[rows[ask]])
        done[rows, choice] = True
        apply(rows, choice, pending[rows, choice])
