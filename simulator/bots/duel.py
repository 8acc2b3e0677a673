"""What the bots do facing other mages: a duel's seats as foes and friends (docs/bots.md).

In solo and co-op the foe is the Adversary, whose cards sit in the flat targets below
``K_SLOTS``; in a duel (``tables.mode``, the seat table of ``engine/rules/seats.py``) the foes
are the opposing seats and their Permanents, the friends the own seat and its teammate. The
base policy keeps its solo rules and calls these scorers where a duel differs; they read
public information only: HP, boards, discard piles, deck and hand *sizes*, never a hand's
cards nor a deck's order.
"""

from __future__ import annotations

from simulator.bots.teammates import shown_elements
from simulator.engine.compiler.jit import njit
from simulator.engine.rules.layout import (
    EQUIPMENT,
    K_SLOTS,
    PERMANENT,
    PURPOSE_HEAL,
    PURPOSE_PHASE_OUT,
    STARTING_HP,
)
from simulator.engine.rules.seats import foes

#: The foe's HP where no opposing seat is in (the game is over): above any damage.
NO_FOE_HP = 10 ** 6
#: A target on the wrong side, as :func:`score_seat_targets` and ``base.score_target`` score it
#: (at most this): a player's damage or HP loss aimed at their own team or its Permanents,
#: healing aimed at the other side. The planner takes one only when nothing else is legal;
#: the look-ahead never tries one (``lookahead.candidates``).
WRONG_SIDE = -50.0


@njit
def duel_view(st, tb, p):
    """``(present, hp, enemy_permanents)`` for player ``p`` in a duel, as the base policy's
    view of the Adversary: an opposing seat is in, the fewest HP among the opposing seats
    still in (what a blow could finish), an opposing Permanent with HP is in play."""
    present, hp, enemies = False, NO_FOE_HP, False
    for q in range(tb.players):
        if st.out[q] != 0 or not foes(tb, p, q):
            continue
        present = True
        hp = min(hp, st.hp[q])
        for s in range(st.board_end[q]):
            if st.board_zone[q, s] == PERMANENT and st.board_hp[q, s] > 0:
                enemies = True
    return present, hp, enemies


@njit
def score_seat_targets(st, tb, wk, side, purpose):
    """A target of player ``side``'s card in a duel: harm (damage, HP loss, a discard) goes
    to an opposing seat, the weakest first, then to their Permanents, the weakest first;
    healing to the own team, the most hurt first, then to its Permanents. Never the other
    way round."""
    heal = purpose == PURPOSE_HEAL
    players = tb.players
    for t in range(K_SLOTS):
        wk.scores[t] = 2 * WRONG_SIDE  # no Adversary in a duel
    for q in range(players):
        friend = not foes(tb, side, q)
        wanted = friend if heal else not friend
        wk.scores[K_SLOTS + q] = (100.0 - 0.1 * st.hp[q]) if wanted else 2 * WRONG_SIDE
        base = K_SLOTS + players + q * tb.slots
        for s in range(tb.slots):
            if wanted:
                wk.scores[base + s] = 1.0 if heal else 50.0 - st.board_hp[q, s]
            else:
                wk.scores[base + s] = WRONG_SIDE


@njit
def score_phase_seats(st, tb, wk, side):
    """Whose deck a player's card phases out in a duel: an opposing seat's, the shortest
    first (drawing from an empty deck puts them out); else the own deck, a teammate's last."""
    for q in range(tb.players):
        if foes(tb, side, q):
            wk.scores[K_SLOTS + q] = 100.0 - 0.1 * st.deck_len[q]
        else:
            wk.scores[K_SLOTS + q] = -10.0 if q == side else -20.0


@njit
def score_recycle_seats(st, tb, wk, side):
    """Whose discard pile goes back into their deck in a duel: the own team's, the shortest
    deck first (it lasts longer); an opposing seat's only when nothing else is legal."""
    for q in range(tb.players):
        pile = st.discard[q, :tb.n_cards].sum()
        if foes(tb, side, q):
            wk.scores[K_SLOTS + q] = -50.0
        else:
            wk.scores[K_SLOTS + q] = pile - 0.1 * st.deck_len[q] if pile > 0 else -1.0


@njit
def score_destroy_seats(st, tb, wk, p):
    """A destroy in a duel: an opposing seat's card, the one with the most HP and Mana
    under it first; an own team's card last (the base policy still prefers an own Permanent
    with Autumn, whose destruction is an effect)."""
    players = tb.players
    for q in range(players):
        base = K_SLOTS + players + q * tb.slots
        foe = foes(tb, p, q)
        for s in range(st.board_end[q]):
            worth = 10.0 + st.board_hp[q, s] + st.board_mana[q, s].sum()
            wk.scores[base + s] = worth if foe else -100.0


@njit
def score_suppress_seats(st, tb, wk, p):
    """The card switched off in a duel (Ice tree, Lightning blade): an opposing seat's
    Permanent or Equipment, the one with the most Mana under it (the costliest); else the
    Ice tree itself (``ctx_amount``: its slot, when it is one of the options)."""
    players = tb.players
    for q in range(players):
        if not foes(tb, p, q):
            continue
        base = K_SLOTS + players + q * tb.slots
        for s in range(st.board_end[q]):
            zone = st.board_zone[q, s]
            if zone == PERMANENT or zone == EQUIPMENT:
                wk.scores[base + s] = 1.0 + st.board_mana[q, s].sum()


@njit
def score_choose_opponent(st, tb, wk, p):
    """Which opposing seat "the opponent" is (2 vs 2): for a phase out the one with the
    shortest deck, else the one with the fewest HP (nearest to out)."""
    for q in range(wk.n_opt):
        if wk.ctx_purpose == PURPOSE_PHASE_OUT:
            wk.scores[q] = -float(st.deck_len[q])
        else:
            wk.scores[q] = -float(st.hp[q])


@njit
def score_prepared_seats(st, tb, wk, p):
    """A prepared spell returned or discarded in a duel (options ``q * slots + s``, and for
    a discard of "up to" N a last option that stops): an opposing seat's, the most Mana
    under it first; an own team's spell never when another is legal, the least Mana first."""
    n = tb.players * tb.slots
    for t in range(wk.n_opt):
        if t >= n:
            wk.scores[t] = 0.0  # stop
            continue
        q, s = t // tb.slots, t % tb.slots
        locked = float(st.board_mana[q, s].sum())
        wk.scores[t] = 10.0 + locked if foes(tb, p, q) else -10.0 - locked


@njit
def score_torment_discard(st, tb, wk, bw, p):
    """Thorn torment makes player ``p`` discard any number of cards, then deals 1 damage per
    card left in hand: each card worth less than that damage goes (the weakest first); the
    last option stops. With few HP left, every card goes."""
    n = wk.n_opt - 1
    desperate = st.hp[p] <= n
    for c in range(n):
        worth = bw.f_value[c] + 0.1 * tb.cost[c].sum()
        wk.scores[c] = 1.0 - worth if not desperate else 10.0 - worth
    wk.scores[n] = 0.0


@njit
def seats_hp_share(st, tb, p):
    """``(own, foe)`` in [0, 1]: the HP left to player ``p``'s team and to the opposing team,
    over their starting HP (a seat that is out counts 0)."""
    own, foe = 0.0, 0.0
    n_own, n_foe = 0, 0
    for q in range(tb.players):
        hp = float(max(0, st.hp[q])) if st.out[q] == 0 else 0.0
        if foes(tb, p, q):
            foe += hp
            n_foe += 1
        else:
            own += hp
            n_own += 1
    return (min(1.0, own / max(1, n_own * STARTING_HP)),
            min(1.0, foe / max(1, n_foe * STARTING_HP)))


@njit
def score_share_pile(st, tb, wk, p, need, shown):
    """How many Mana of the element ``ctx_element`` (``ctx_amount`` of them in the pile just
    taken) player ``p`` gives their teammate (2 vs 2; option k gives k): they keep what their
    own hand still needs of it (``need``, the hand's demand), and give the rest when the
    teammate has shown that element (their discard pile and board: never their hand), else
    half of it. ``shown`` (E,): scratch."""
    e, taken = wk.ctx_element, wk.ctx_amount
    had = st.reserve[p, e] - taken
    keep = min(taken, max(0, int(need[e]) - had))
    shown_elements(st, tb, tb.mate[p], shown)
    spare = taken - keep
    give = spare if shown[e] > 0 else spare // 2
    for k in range(wk.n_opt):
        wk.scores[k] = -abs(k - give)
