"""Mana movements: the placement rule, taking a pile, paying and releasing (RULES.md R6).

Every addition to the Available Ether (gathering, paying an effect cost, releasing locked
Mana, Adversary Mana values) goes through :func:`add_to_ether`, the placement rule: start
with the smaller pile (the actor chooses on a tie), then alternate strictly. The actor also
chooses the element order. Choosing an order is the same as choosing which Mana land on
the starting pile (it receives the 1st, 3rd, ... Mana), so when the Mana is of several
elements the actor picks them one at a time (the ``ether_split`` decision); the policy is
told the starting pile, the Mana being added, what it has put on the starting pile so far
and the split that ``ELEMENTS`` order would give, a sensible default.
"""

from __future__ import annotations

import numpy as np

from simulator.cards import ELEMENTS
from simulator.legacy.engine.core import DecisionSeries, Engine, EngineError, all_distinct
from simulator.legacy.engine.short_axis import sum_last
from simulator.legacy.engine.state import player_rows


def add_to_ether(eng: Engine, games: np.ndarray, actor: np.ndarray, mana: np.ndarray,
                 series: DecisionSeries | None = None) -> None:
    """Add ``mana`` to the Available Ether of each game by the placement rule.

    games: (n,) game indices (distinct); actor: (n,) deciding player on a tie;
    mana: (n, E) int Mana by element. One indivisible action.
    series: the decision series the actors' choice of this Mana's elements belonged to
    (:func:`effects.choose_mana_elements`, same games and actors): nothing has changed since,
    so the split decisions continue it and the policy's values computed for it still hold.
    """
    total = sum_last(mana)
    live = total > 0
    if not all_distinct(games[live]):
        raise EngineError("add_to_ether got the same game twice in one call")
    if not live.any():
        return
    if series is None:
        series = DecisionSeries(games, actor)
    in_series = np.flatnonzero(live)  # (m,) each game's row in the series
    games, actor, mana, total = games[live], actor[live], mana[live], total[live]
    ether = eng.state.ether
    sizes = sum_last(ether[games])  # (n, 2)
    start = np.argmin(sizes, axis=1)
    tie = sizes[:, 0] == sizes[:, 1]
    if tie.any():
        rows = np.flatnonzero(tie)
        options = np.ones((len(rows), 2), dtype=bool)
        start[rows] = eng.decide("ether_start_pile", games[rows], actor[rows], options,
                                 mana=mana[rows])
    # Mana number k (k = 0, 1, ...) goes to the start pile when k is even, to the other when
    # odd, and elements come in ELEMENTS order: element e is placed as numbers
    # first[e] .. end[e]-1, of which (end+1)//2 - (first+1)//2 are even.
    end = np.cumsum(mana, axis=1)  # (n, E)
    first = end - mana
    on_start = (end + 1) // 2 - (first + 1) // 2  # (n, E) Mana of each element to the start pile
    mixed = np.flatnonzero((mana > 0).sum(axis=1) > 1)
    if len(mixed):
        on_start[mixed] = _choose_split(eng, games[mixed], actor[mixed], mana[mixed],
                                        on_start[mixed], start[mixed], series, in_series[mixed])
    ether[games, start] += on_start.astype(ether.dtype)
    ether[games, 1 - start] += (mana - on_start).astype(ether.dtype)


def _choose_split(eng: Engine, games: np.ndarray, actor: np.ndarray, mana: np.ndarray,
                  default: np.ndarray, start: np.ndarray, series: DecisionSeries,
                  in_series: np.ndarray) -> np.ndarray:
    """(n, E) Mana the actor puts on the starting pile: ceil(total/2) of them, one at a time.

    default: (n, E) the split of the ``ELEMENTS`` order, passed to the policy as a hint;
    start: (n,) the starting pile. The policy also gets the Mana added (``mana``), what it
    has put on the starting pile so far (``chosen``), and the decisions' ``series`` (the state
    does not change along it, so a policy computes its hand's needs once); in_series: (n,)
    the row of each game in ``series``.
    """
    chosen = np.zeros_like(mana)
    quota = (mana.sum(axis=1) + 1) // 2
    for k in range(int(quota.max())):
        rows = np.flatnonzero(quota > k)
        left = mana[rows] - chosen[rows]
        element = eng.decide("ether_split", games[rows], actor[rows], left > 0,
                             default=default[rows] - chosen[rows], start=start[rows],
                             mana=mana[rows], chosen=chosen[rows], series=series,
                             rows=in_series[rows])
        chosen[rows, element] += 1
    return chosen


def take_pile(eng: Engine, games: np.ndarray, player: np.ndarray) -> None:
    """Mana gathering in solo mode: the player takes one whole pile into their reserve."""
    if len(games) == 0:
        return
    options = np.ones((len(games), 2), dtype=bool)
    pile = eng.decide("take_pile", games, player, options)
    taken = eng.state.ether[games, pile].copy()  # (n, E)
    eng.state.reserve[games, player] += taken
    eng.state.ether[games, pile] = 0
    eng.state.mana_taken[games, player] += taken.sum(axis=1)
    eng.pile_taken[games] = True
    eng.say(games, "takes a pile: {}", [format_mana(m) for m in taken] if eng.log else ())



def take_from_ether(eng: Engine, games: np.ndarray, player: np.ndarray, amount: np.ndarray,
                    element: int | None = None) -> None:
    """"Take up to N Mana from the Available Ether" (Breath, Subtle infiltration): the player
    takes them one at a time, each from the pile and of the element they like, and may stop.

    amount: (n,) int most Mana each player may take; element: the only element allowed (None:
    any). Each Mana is one ``take_mana`` decision with (n, 2E + 1) options: option
    ``pile * E + e`` takes one Mana of element e from that pile, the last option stops.
    """
    st = eng.state
    n_elements = st.ether.shape[2]
    allowed = np.ones(n_elements, bool) if element is None else np.arange(n_elements) == element
    left = np.asarray(amount, np.int64).copy()
    games, player = np.asarray(games), np.asarray(player)
    while True:
        takeable = (st.ether[games] > 0) & allowed[None, None, :]  # (n, 2, E)
        r = np.flatnonzero((left > 0) & takeable.any(axis=(1, 2)))
        if len(r) == 0:
            return
        options = np.concatenate([takeable[r].reshape(len(r), -1), np.ones((len(r), 1), bool)],
                                 axis=1)
        choice = eng.decide("take_mana", games[r], player[r], options, left=left[r])
        took = choice < options.shape[1] - 1
        left[r[~took]] = 0
        r, choice = r[took], choice[took]
        pile, e = choice // n_elements, choice % n_elements
        st.ether[games[r], pile, e] -= 1
        st.reserve[games[r], player[r], e] += 1
        st.mana_taken[games[r], player[r]] += 1
        left[r] -= 1
        eng.say(games[r], "  takes 1 {} Mana", [ELEMENTS[int(x)] for x in e] if eng.log else ())


def pay_effect_cost(eng: Engine, games: np.ndarray, player: np.ndarray,
                    cost: np.ndarray) -> None:
    """Pay an effect cost: Mana leaves the reserve into the Available Ether (R6.2)."""
    if len(games) == 0:
        return
    if (player_rows(eng.state.reserve, games, player) < cost).any():
        raise EngineError("paid an effect cost the reserve could not cover")
    eng.state.reserve[games, player] -= cost
    add_to_ether(eng, games, player, cost)


def release_slot(eng: Engine, games: np.ndarray, player: np.ndarray, slot: np.ndarray) -> None:
    """Release all Mana locked under a board card into the Available Ether (R6.4)."""
    if len(games) == 0:
        return
    locked = eng.state.board_mana[games, player, slot].copy()
    eng.state.board_mana[games, player, slot] = 0
    add_to_ether(eng, games, player, locked)


def format_mana(mana: np.ndarray) -> str:
    """'2 fire, 1 air' for a (E,) Mana vector; 'nothing' when empty."""
    parts = [f"{int(n)} {e}" for e, n in zip(ELEMENTS, mana, strict=True) if n]
    return ", ".join(parts) if parts else "nothing"
