"""What one main-phase decision looks at: the deciders' board and hand, the Adversary's side.

Why: the scorers of one main-phase decision (the base policy's blocks, the planner's
survival and burn rules, the activated abilities) read the same rows of the state a dozen
times, and each read gathers n rows out of the batch. A view gathers each once, on first
use, and names what the rules of thumb ask: is the Adversary there, how many HP it has,
which spells are prepared.
"""

from __future__ import annotations

from functools import cached_property

import numpy as np

from simulator.legacy.engine.board import board_cards
from simulator.legacy.engine.state import PREPARED, adversary_slots, player_rows

#: The Adversary's HP where it is not in play: above any damage, so nothing is "lethal".
ABSENT_ADVERSARY_HP = 10**6


class MainPhaseView:
    """Rows of the state for the deciding ``games`` (n,) and their ``players`` (n,).

    Read-only: a view lasts one decision, during which the state does not change."""

    def __init__(self, eng, games: np.ndarray, players: np.ndarray) -> None:
        self.eng, self.games, self.players = eng, games, players

    # --- the deciders' side ----------------------------------------------------------
    @cached_property
    def zone(self) -> np.ndarray:
        """(n, S) int8 zone of each of the deciders' board slots."""
        return player_rows(self.eng.state.board_zone, self.games, self.players)

    @cached_property
    def cards(self) -> np.ndarray:
        """(n, S) intp card in each slot, 0 where empty (mask with ``zone``)."""
        return board_cards(self.eng, self.games, self.players)

    @cached_property
    def prepared(self) -> np.ndarray:
        """(n, S) bool slots holding a prepared spell."""
        return self.zone == PREPARED

    @cached_property
    def prepared_slots(self) -> tuple[np.ndarray, np.ndarray]:
        """``(r, s)`` (m,) each: the prepared spells, row by row (a few per game)."""
        return np.nonzero(self.prepared)

    @cached_property
    def in_hand(self) -> np.ndarray:
        """(n, Cp) bool the player cards the deciders hold."""
        cp = self.eng.tables.n_player_cards
        return player_rows(self.eng.state.hand, self.games, self.players)[:, :cp] > 0

    # --- the Adversary's side --------------------------------------------------------
    @cached_property
    def adv_slots(self) -> np.ndarray:
        """(n, K) int16 card in each of the Adversary's slots, -1 where empty."""
        return self.eng.state.adv_card[self.games]

    @cached_property
    def adv_cards(self) -> np.ndarray:
        """(n, K) intp Adversary card in each of its slots, 0 where empty (mask with
        ``adv_in_play``)."""
        return np.maximum(self.adv_slots, 0, dtype=np.intp)

    @cached_property
    def adv_in_play(self) -> np.ndarray:
        """(n, K) bool the Adversary's slots holding a card."""
        return self.adv_slots >= 0

    @cached_property
    def adv_hp(self) -> np.ndarray:
        """(n, K) int32 HP of the cards in the Adversary's slots."""
        return self.eng.state.adv_hp[self.games]

    @cached_property
    def is_adversary(self) -> np.ndarray:
        """(n, K) bool the slot holds the Adversary card itself."""
        return adversary_slots(self.adv_slots, self.eng.tables.is_adversary)

    @cached_property
    def adversary_present(self) -> np.ndarray:
        """(n,) bool the Adversary card is in play."""
        return self.is_adversary.any(axis=1)

    @cached_property
    def adversary_hp(self) -> np.ndarray:
        """(n,) the Adversary card's HP, ``ABSENT_ADVERSARY_HP`` where it is not in play."""
        held = (self.adv_hp * self.is_adversary).sum(axis=1)
        return np.where(self.adversary_present, held, ABSENT_ADVERSARY_HP)

    @cached_property
    def enemy_permanents(self) -> np.ndarray:
        """(n,) bool some other Adversary card with HP (a Permanent) is in play."""
        return (self.adv_in_play & ~self.is_adversary & (self.adv_hp > 0)).any(axis=1)
