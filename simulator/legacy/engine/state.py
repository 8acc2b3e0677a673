"""The batch state: one dataclass of numpy arrays whose leading axis is the game.

``B`` games advance together, each call acting on the games at the same part of a turn
(:func:`simulator.legacy.engine.game.play`); a batch of one is the scalar engine. Axes used below:

- ``B`` games, ``P`` players (1 to 4), ``C`` card kinds of the batch's local card table
  (the decks' distinct cards plus the Adversary's, see :mod:`simulator.legacy.engine.tables`),
- ``D`` deck capacity (largest deck), ``S`` board slots per player, ``K`` Adversary board
  slots, ``A`` Adversary deck capacity, ``E = 6`` elements in ``ELEMENTS`` order,
  ``T`` recorded turns (the turn cap).

Board cards live in slots rather than per-kind counts because two copies of a card can hold
different Mana and HP. Hands and discard piles are per-kind counts: no base-game rule
depends on their order.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

# Board zones of a slot (board_zone values).
EMPTY, PREPARED, CHANNELED, PERMANENT, EQUIPMENT, RITUAL = range(6)
ZONE_NAMES = ("empty", "prepared", "channeled", "permanent", "equipment", "ritual")

# Game outcomes (outcome values).
RUNNING, WIN, LOSS_HP, LOSS_DECK, TIMEOUT, DRAW = range(6)
OUTCOME_NAMES = ("running", "win", "loss_hp", "loss_deck", "timeout", "draw")

# Why a player is out (out_reason values).
IN_GAME, OUT_HP, OUT_DECK = range(3)


@dataclass
class GameState:
    """Everything that changes during a batch of games."""

    seed: np.ndarray          # (B,) uint64 per-game seed (randomness is a function of it)
    shuffle_count: np.ndarray  # (B, P+1) int32 shuffles so far per player, last column the
    #                          Adversary: separate counters keep Adversary shuffles identical
    #                          whatever the players do (common random numbers)

    # players
    hp: np.ndarray            # (B, P) int32 Health Points
    out: np.ndarray           # (B, P) bool player is out of the game
    out_reason: np.ndarray    # (B, P) int8 IN_GAME / OUT_HP / OUT_DECK
    deck: np.ndarray          # (B, P, D) int16 local card ids, top of deck at index deck_len-1
    deck_len: np.ndarray      # (B, P) int16 cards left in the deck
    hand: np.ndarray          # (B, P, C) int16 count of each card kind in hand
    discard: np.ndarray       # (B, P, C) int16 count of each card kind in the discard pile
    reserve: np.ndarray       # (B, P, E) int32 Mana reserve by element
    max_hand: np.ndarray      # (B, P) int16 hand size checked at end of turn
    ignored_this_turn: np.ndarray  # (B, P) int16 damage already ignored by armours this turn

    # player boards
    board_card: np.ndarray    # (B, P, S) int16 local card id in the slot, -1 when empty
    board_zone: np.ndarray    # (B, P, S) int8 EMPTY / PREPARED / CHANNELED / PERMANENT / ...
    board_mana: np.ndarray    # (B, P, S, E) int32 Mana locked under the card
    board_hp: np.ndarray      # (B, P, S) int32 current HP of a Permanent (0 when none)
    board_turn: np.ndarray    # (B, P, S) int16 turn number when the card entered the board

    # shared Mana
    ether: np.ndarray         # (B, 2, E) int32 the two Available Ether piles by element

    # Adversary
    adv_deck: np.ndarray      # (B, A) int16 local card ids, top at index adv_deck_len-1
    adv_deck_len: np.ndarray  # (B,) int16 cards left in the Adversary deck
    adv_discard: np.ndarray   # (B, C) int16 count of each card kind in its discard pile
    adv_card: np.ndarray      # (B, K) int16 Adversary cards in play, -1 when empty
    adv_hp: np.ndarray        # (B, K) int32 HP of Adversary cards in play (0 when none)

    # turn bookkeeping and results
    turn: np.ndarray          # (B,) int16 player turns started so far (1 on the first)
    outcome: np.ndarray       # (B,) int8 RUNNING / WIN / LOSS_HP / LOSS_DECK / TIMEOUT / DRAW
    end_turn: np.ndarray      # (B,) int16 player turn on which the game ended
    mage_noir_turn: np.ndarray  # (B, P) int16 first turn the player was a Mage Noir, 0 never
    damage_to_adversary: np.ndarray  # (B,) int32 total damage dealt to the Adversary card
    damage_taken: np.ndarray  # (B, P) int32 total HP lost by each player
    mana_taken: np.ndarray    # (B, P) int32 Mana taken from the Available Ether

    @property
    def batch(self) -> int:
        return self.hp.shape[0]

    @property
    def players(self) -> int:
        return self.hp.shape[1]

    @property
    def running(self) -> np.ndarray:
        """(B,) bool games not finished yet."""
        return self.outcome == RUNNING

    def take(self, games: np.ndarray) -> GameState:
        """A copy restricted to the given games (used by replay and tests)."""
        return GameState(**{f.name: getattr(self, f.name)[games].copy() for f in fields(self)})


def player_rows(array: np.ndarray, games: np.ndarray, player: np.ndarray) -> np.ndarray:
    """``array[games, player]`` for a (B, P, ...) state array: (n, ...) rows, a copy.

    Why: one ``take`` along the flattened (B*P) axis is several times faster than numpy's
    indexing with two index arrays, and the board is read this way at every decision.
    """
    games = np.asarray(games)
    if games.dtype == bool:  # a mask would silently read games 0 and 1
        raise TypeError("player_rows takes game indices, not a mask of games")
    b, p = array.shape[:2]
    flat = array.reshape((b * p,) + array.shape[2:])
    return flat.take(games * p + player, axis=0)


def adversary_slots(cards: np.ndarray, is_adversary: np.ndarray) -> np.ndarray:
    """(..., K) bool: the Adversary's slots that hold the Adversary card itself.

    cards: (..., K) rows of ``GameState.adv_card`` (-1 for an empty slot); is_adversary: (C,)
    bool marks the local card ids that are the Adversary."""
    return (cards >= 0) & is_adversary[np.maximum(cards, 0, dtype=np.intp)]


def adversary_present(state: GameState, is_adversary: np.ndarray, games: np.ndarray) -> np.ndarray:
    """(n,) bool: the Adversary card itself is in play in each of ``games``.

    is_adversary: (C,) bool marks the local card ids that are the Adversary. Computed for the
    asked games only: the bots ask at every main-phase decision, for the deciding games.
    """
    return adversary_slots(state.adv_card[games], is_adversary).any(axis=1)
