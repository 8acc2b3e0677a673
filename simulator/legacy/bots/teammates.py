"""What a co-op bot may know about its teammates: turn order and the cards they have shown.

Why a module of its own: a bot playing for the team must never read a teammate's hand, so
everything it learns about them goes through these few functions, which read public state
only (who is still in, discard piles, boards, whose turn it is and whether that player has
gathered their Mana yet).
"""

from __future__ import annotations

import numpy as np

from simulator.legacy.engine.int_products import count_product
from simulator.legacy.engine.scatter import add_at
from simulator.legacy.engine.state import player_rows


def next_player(eng, games, players) -> np.ndarray:
    """(n,) the nearest player after ``players`` (n,) in turn order who is still in the
    game; -1 when no other player is in."""
    st = eng.state
    p = st.players
    nxt = np.full(len(games), -1)
    for offset in range(p - 1, 0, -1):  # the nearest live player wins: written last
        q = (players + offset) % p
        nxt = np.where(~player_rows(st.out, games, q), q, nxt)
    return nxt


def shown_elements(eng, games, who) -> np.ndarray:
    """(n, E) bool the elements in the costs of the cards player ``who`` (n,) has shown: their
    discard pile and board, never their hand."""
    st = eng.state
    rows = np.arange(len(games))
    shown = st.discard[games, who].astype(np.int64)  # (n, C) copies seen
    board = st.board_card[games, who]  # (n, S) -1 for an empty slot
    add_at(shown, (np.repeat(rows, board.shape[1]), np.maximum(board, 0).ravel()),
           (board >= 0).ravel().astype(np.int64))
    return count_product(shown, eng.tables.cost > 0) > 0


def pile_taker(eng, games) -> np.ndarray:
    """(n,) the player who takes the next pile from the Available Ether.

    Turn order is Adversary, player 1, Adversary, player 2, ...: until the active player has
    gathered (the Adversary turn before theirs, their turn start and draw) the next pile is
    theirs; after that (their main phase and end of turn) it belongs to the next player still
    in, whose turn comes after the next Adversary turn, or to the active player again when
    they play alone."""
    active = eng.active[games].astype(np.int64)
    after = next_player(eng, games, active)
    return np.where(eng.pile_taken[games] & (after >= 0), after, active)
