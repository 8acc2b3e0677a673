"""Mana movements: the placement rule, taking a pile, taking from the Ether, paying (R6).

Every addition to the Available Ether (gathering, paying an effect cost, releasing locked
Mana, Adversary Mana values) goes through :func:`add_to_ether`, the placement rule: start
with the smaller pile (the actor chooses on a tie), then alternate strictly. Choosing the
order of the Mana is choosing which of them land on the starting pile (it receives the 1st,
3rd, ... Mana), so when the Mana is of several elements the actor picks them one at a time
(``ether_split`` decisions); the policy is told the starting pile, the Mana being added, what
it has put on the starting pile so far and the split ``ELEMENTS`` order would give.
"""

from __future__ import annotations

import numpy as np

from simulator.engine.compiler.jit import njit
from simulator.engine.compiler.late_bound import decide
from simulator.engine.rules.decide import set_options
from simulator.engine.rules.errors import ERR_UNPAID_COST, fail
from simulator.engine.rules.layout import (
    ETHER_PAID,
    ETHER_SPLIT,
    ETHER_START_PILE,
    EV_ETHER_CAUSE,
    EV_PILE_ON_OFFER,
    EV_TAKES_MANA,
    EV_TAKES_PILE,
    EV_TO_ETHER,
    TAKE_MANA,
    TAKE_PILE,
    E,
)
from simulator.engine.rules.log import say, say_mana


@njit
def add_to_ether(st, tb, wk, actor, mana):
    """Add ``mana`` (E,) to the Available Ether by the placement rule; ``actor`` decides."""
    total = 0
    kinds = 0
    for e in range(E):
        total += mana[e]
        if mana[e] > 0:
            kinds += 1
    if total <= 0:
        return
    size0 = st.ether[0].sum()
    size1 = st.ether[1].sum()
    start = 0 if size0 <= size1 else 1
    if size0 == size1:
        set_options(wk, 2, 1)
        for e in range(E):
            wk.ctx_mana[e] = mana[e]
        start = decide(st, tb, wk, ETHER_START_PILE, actor)
    # Mana number k (k = 0, 1, ...) goes to the starting pile when k is even, and elements
    # come in ELEMENTS order: element e is placed as numbers first .. end-1 of it.
    on_start = wk.ether_on_start
    end = 0
    for e in range(E):
        first = end
        end += mana[e]
        on_start[e] = (end + 1) // 2 - (first + 1) // 2
    if kinds > 1:
        _choose_split(st, tb, wk, actor, mana, on_start, start)
    for e in range(E):
        st.ether[start, e] += on_start[e]
        st.ether[1 - start, e] += mana[e] - on_start[e]
    if wk.log_on != 0:  # what each pile received, for the transcript
        say_mana(wk, EV_TO_ETHER, start, on_start)
        for e in range(E):
            on_start[e] = mana[e] - on_start[e]
        say_mana(wk, EV_TO_ETHER, 1 - start, on_start)


@njit
def _choose_split(st, tb, wk, actor, mana, default, start):
    """Replace ``default`` (E,) by the Mana the actor puts on the starting pile, ceil(total/2)
    of them, chosen one at a time."""
    chosen = wk.ether_chosen
    for e in range(E):
        chosen[e] = 0
    quota = (mana.sum() + 1) // 2
    for i in range(quota):
        set_options(wk, E, 0)
        wk.ctx_run_step = i
        for e in range(E):
            wk.opt[e] = 1 if mana[e] - chosen[e] > 0 else 0
            wk.ctx_default[e] = default[e] - chosen[e]
            wk.ctx_mana[e] = mana[e]
            wk.ctx_chosen[e] = chosen[e]
        wk.ctx_start = start
        element = decide(st, tb, wk, ETHER_SPLIT, actor)
        chosen[element] += 1
    for e in range(E):
        default[e] = chosen[e]


@njit
def take_pile(st, tb, wk, p):
    """Mana gathering in solo mode: the player takes one whole pile into their reserve."""
    for pile in range(2):  # what the player chooses between, for the transcript
        say_mana(wk, EV_PILE_ON_OFFER, pile, st.ether[pile])
    set_options(wk, 2, 1)
    pile = decide(st, tb, wk, TAKE_PILE, p)
    taken = 0
    for e in range(E):
        n = st.ether[pile, e]
        st.reserve[p, e] += n
        taken += n
    say_mana(wk, EV_TAKES_PILE, p * 2 + pile, st.ether[pile])
    for e in range(E):
        st.ether[pile, e] = 0
    st.mana_taken[p] += taken
    st.pile_taken = 1


@njit
def take_from_ether(st, tb, wk, p, amount, element):
    """"Take up to N Mana from the Available Ether": one at a time, each from the pile and
    of the element the player likes (only ``element`` unless it is -1), and they may stop.

    Each Mana is one ``take_mana`` decision over 2E + 1 options: ``pile * E + e`` takes one
    Mana of element e from that pile, the last option stops.
    """
    left = amount
    while left > 0:
        set_options(wk, 2 * E + 1, 0)
        any_ = False
        for pile in range(2):
            for e in range(E):
                if st.ether[pile, e] > 0 and (element < 0 or e == element):
                    wk.opt[pile * E + e] = 1
                    any_ = True
        if not any_:
            return
        wk.opt[2 * E] = 1
        wk.ctx_left = left
        choice = decide(st, tb, wk, TAKE_MANA, p)
        if choice == 2 * E:
            return
        pile, e = choice // E, choice % E
        st.ether[pile, e] -= 1
        st.reserve[p, e] += 1
        st.mana_taken[p] += 1
        left -= 1
        say(wk, EV_TAKES_MANA, p, e, pile, 0)


@njit
def pay_effect_cost(st, tb, wk, p, cost):
    """Pay an effect cost: Mana leaves the reserve into the Available Ether (R6.2)."""
    for e in range(E):
        if st.reserve[p, e] < cost[e]:
            fail(st, ERR_UNPAID_COST, e)
            return
    for e in range(E):
        st.reserve[p, e] -= cost[e]
    say(wk, EV_ETHER_CAUSE, ETHER_PAID, -1, 0, 0)
    add_to_ether(st, tb, wk, p, cost)


@njit
def one_mana(element):
    """(E,) one Mana of ``element``."""
    mana = np.zeros(E, np.int64)
    mana[element] = 1
    return mana
