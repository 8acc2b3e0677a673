"""What a co-op bot may know about its teammates: turn order and the cards they have shown.

Why a module of its own: a bot playing for the team must never read a teammate's hand, so
everything it learns about them goes through these few functions, which read public state
only (who is still in, discard piles, boards, whose turn it is and whether that player has
gathered their Mana yet).
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules.layout import E


@njit
def next_player(st, tb, p):
    """The nearest player after ``p`` in turn order who is still in the game; -1 when no
    other player is in."""
    for offset in range(1, tb.players):
        q = (p + offset) % tb.players
        if st.out[q] == 0:
            return q
    return -1


@njit
def team_hp(st, tb):
    """The HP of the players still in the game (a player below 0 counts 0): how long the team
    lasts, read by the planner's clock for a healer and the look-ahead's tiebreak."""
    hp = 0.0
    for q in range(tb.players):
        if st.out[q] == 0:
            hp += max(0, st.hp[q])
    return hp


@njit
def shown_elements(st, tb, who, out):
    """``out`` (E,) 1.0 for the elements in the costs of the cards player ``who`` has shown:
    their discard pile and board, never their hand."""
    for e in range(E):
        out[e] = 0.0
    for c in range(tb.n_cards):
        shown = st.discard[who, c]
        for s in range(st.board_end[who]):
            if st.board_card[who, s] == c:
                shown += 1
        if shown == 0:
            continue
        for e in range(E):
            if tb.cost[c, e] > 0:
                out[e] = 1.0


@njit
def pile_taker(st, tb):
    """The player who takes the next pile from the Available Ether: the active player until
    they have gathered, then the next player still in (or the active player alone)."""
    after = next_player(st, tb, st.active)
    if st.pile_taken != 0 and after >= 0:
        return after
    return st.active
