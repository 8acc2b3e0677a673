"""The seat table: who sits where, who is whose opponent and teammate (docs/engine.md).

Solo & co-op, the 1 vs 1 duel and the 2 vs 2 mode are one game read through a small table of
the tables record, written once per batch (``host/tables.py``, ``set_seats``):

- ``mode``: ``MODE_SOLO`` (one to four players against the Adversary, which plays a turn
  before each of theirs), ``MODE_DUEL`` or ``MODE_TEAMS``;
- ``team[seat]``: each seat's team, the Adversary's in the last column (``P_MAX``); seats
  play in seat order, so in 2 vs 2 the teams alternate around the table (seats 0 and 2 are
  one team, 1 and 3 the other: the rulesheet's P1, P3, P2, P4);
- ``mate[seat]``: the teammate (2 vs 2), -1 none;
- ``gathered``: the Mana the current player adds from the Infinite Ether when gathering
  (0 in solo, 3 in a duel, 5 in 2 vs 2); ``split_pile``: the pile taken is shared with the
  teammate; ``retaliation``: the cards a Mage Noir left alone on their team draws.

"The opponent" of a card is a side of another team: for a player in solo the Adversary, for
an Adversary card the players; in a duel the opposing seat, and in 2 vs 2 either opposing
seat still in the game, the card's controller choosing (a ``choose_opponent`` decision,
asked once for the card being resolved and kept in ``state.foe``).
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.layout import (
    CHOOSE_OPPONENT,
    K_SLOTS,
    MODE_SOLO,
    P_MAX,
    PURPOSE_DAMAGE,
)


@njit
def team_of(tb, side):
    """The team of a seat, or of the Adversary (``ADVERSARY_SIDE``)."""
    return tb.team[P_MAX if side < 0 else side]


@njit
def foes(tb, a, b):
    """Sides ``a`` and ``b`` (seats, or ``ADVERSARY_SIDE``) are opponents."""
    return team_of(tb, a) != team_of(tb, b)


@njit
def foes_in_game(st, tb, side):
    """How many opposing seats of ``side`` are still in the game (0 in solo: the Adversary
    sits in no seat)."""
    n = 0
    for q in range(tb.players):
        if st.out[q] == 0 and foes(tb, side, q):
            n += 1
    return n


@njit
def first_foe(st, tb, side):
    """The opposing seat a card of ``side`` means without asking: the one it chose for the
    card under way (2 vs 2, ``state.foe``) while still in, else the first still in; -1 none
    (solo, or every opponent out)."""
    if side < 0 or tb.mode == MODE_SOLO:
        return -1
    kept = st.foe[side]
    if kept >= 0 and st.out[kept] == 0:
        return kept
    for q in range(tb.players):
        if st.out[q] == 0 and foes(tb, side, q):
            return q
    return -1


@njit
def the_opponent(st, tb, wk, side, purpose):
    """The opposing seat a card of player ``side`` means by "the opponent" (R13.1): in a
    duel the other seat; in 2 vs 2, with both opponents in, the one the controller chooses
    (a ``choose_opponent`` decision over the seats, ``ctx_purpose`` what it is for), kept in
    ``state.foe`` for the rest of the card; -1 in solo or when no opponent is left."""
    if side < 0 or tb.mode == MODE_SOLO:
        return -1
    kept = st.foe[side]
    if kept >= 0 and st.out[kept] == 0:
        return kept
    if foes_in_game(st, tb, side) <= 1:
        return first_foe(st, tb, side)
    set_options(wk, tb.players, 0)
    for q in range(tb.players):
        if st.out[q] == 0 and foes(tb, side, q):
            wk.opt[q] = 1
    wk.ctx_purpose = purpose
    choice = decide(st, tb, wk, CHOOSE_OPPONENT, side)
    st.foe[side] = choice
    return choice


@njit
def adversary_target(st, tb):
    """The flat target of the Adversary card itself, -1 when it is not in play."""
    for k in range(K_SLOTS):
        c = st.adv_card[k]
        if c >= 0 and st.adv_hp[k] > 0 and tb.is_adversary[c] != 0:
            return k
    return -1


@njit
def opponent_target(st, tb, wk, side):
    """The flat target of "the opponent" a blow of player ``side``'s card hits: the
    Adversary card (solo; -1 before it is in play), else an opposing seat (2 vs 2: the one
    chosen, :func:`the_opponent`; -1 when none is left)."""
    if tb.mode == MODE_SOLO:
        return adversary_target(st, tb)
    q = the_opponent(st, tb, wk, side, PURPOSE_DAMAGE)
    return K_SLOTS + q if q >= 0 else -1


@njit
def opponents_turn(st, tb, side):
    """The turn under way is an opponent's of ``side``: the Adversary's (solo), or an
    opposing seat's (a duel)."""
    if st.adversary_turn_on != 0:
        return True
    return tb.mode != MODE_SOLO and foes(tb, side, st.active)


@njit
def forget_foe(st, side):
    """A new card of ``side`` starts resolving: its "opponent" is chosen afresh."""
    if side >= 0:
        st.foe[side] = -1


@njit
def team_out(st, tb, team, dying):
    """Every seat of ``team`` is out, or among ``dying`` (bit q: seat q is about to be)."""
    for q in range(tb.players):
        if tb.team[q] == team and st.out[q] == 0 and (dying >> q) & 1 == 0:
            return False
    return True
