"""Card-usage counters: what each player did with each card kind, per game.

The rules modules call two hooks, :func:`count_draw` (from ``zones.draw``) and
:func:`count_actions` (from ``actions.apply_actions``). Both do nothing unless the match
loop attached a :class:`CardUsage` to the engine (``eng.usage``): hand-built test positions,
replays and any other caller of the rules pay nothing and need to know nothing.

Definitions (``simulator.stats`` turns them into rates with intervals):

- *drawn*: copies that entered the hand by a draw, counting the kept starting hand;
- *prepared*, *activated*, *channeled*: main-phase actions of that kind on the card;
- *first activation*: the player turn of the first activation, 0 when never;
- *stranded*: copies still in hand when the player's last turn ended;
- *castable on turn t*: at some main-phase decision point of turn ``t`` (before each action
  and at the end of the turn), the player had the Mana (after cost reductions) and the
  components (counting Mage Noir allowances) to prepare the card, whether or not a copy was
  in hand. Optional costs (discarding a card instead of a component), board room and
  "Unique" are ignored: castability measures the deck's resources, not its draws.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simulator.legacy.engine.scatter import add_at
from simulator.legacy.engine.state import player_rows


@dataclass
class CardUsage:
    """Per-game counters of one batch. C is the number of *player* card kinds."""

    drawn: np.ndarray        # (B, P, C) int16 copies drawn (starting hand included)
    prepared: np.ndarray     # (B, P, C) int16 copies prepared
    activated: np.ndarray    # (B, P, C) int16 activations
    channeled: np.ndarray    # (B, P, C) int16 channelings
    first_activation: np.ndarray  # (B, P, C) int16 turn of the first activation, 0 never
    stranded: np.ndarray     # (B, P, C) int16 copies in hand at the end of the last turn
    castable: np.ndarray     # (B, T, C) bool the active player could prepare it on turn t

    @classmethod
    def empty(cls, batch: int, players: int, cards: int, horizon: int) -> CardUsage:
        def z() -> np.ndarray:
            return np.zeros((batch, players, cards), np.int16)

        return cls(drawn=z(), prepared=z(), activated=z(), channeled=z(),
                   first_activation=z(), stranded=z(),
                   castable=np.zeros((batch, horizon, cards), bool))


def attach(eng, horizon: int) -> CardUsage:
    """Start counting on this engine; the kept starting hands count as drawn."""
    st = eng.state
    n = eng.tables.n_player_cards
    usage = CardUsage.empty(st.batch, st.players, n, horizon)
    usage.drawn += st.hand[:, :, :n]
    eng.usage = usage
    return usage


def count_draw(eng, games: np.ndarray, player: np.ndarray, card: np.ndarray) -> None:
    """Hook: one card drawn by each (game, player)."""
    usage = getattr(eng, "usage", None)
    if usage is None or len(games) == 0:
        return
    add_at(usage.drawn, (games, player, card))


def count_actions(eng, games: np.ndarray, player: np.ndarray, action: np.ndarray,
                  ready=None) -> None:
    """Hook, before the actions are applied: count prepare / activate / channel choices and
    note what the player could prepare at this decision point (ready: the decision's
    ``actions.Readiness``, when the caller has it)."""
    usage = getattr(eng, "usage", None)
    if usage is None or len(games) == 0:
        return
    from simulator.legacy.engine.actions import action_space

    st = eng.state
    live = (st.outcome[games] == 0) & ~player_rows(st.out, games, player)
    games, player, action = games[live], player[live], action[live]
    mark_castable(eng, games, player, None if ready is None else ready.rows(live))
    space = action_space(eng)
    n = usage.drawn.shape[2]
    prep = (action >= space.prepare) & (action < space.activate)
    card = action[prep] - space.prepare
    mine = card < n
    add_at(usage.prepared, (games[prep][mine], player[prep][mine], card[mine]))
    for lo, hi, counter in ((space.activate, space.channel, usage.activated),
                            (space.channel, space.trade, usage.channeled)):
        pick = (action >= lo) & (action < hi)
        g, p = games[pick], player[pick]
        card = st.board_card[g, p, action[pick] - lo].astype(np.int64)
        mine = (card >= 0) & (card < n)
        g, p, card = g[mine], p[mine], card[mine]
        add_at(counter, (g, p, card))
        if counter is usage.activated:
            first = usage.first_activation[g, p, card] == 0
            usage.first_activation[g[first], p[first], card[first]] = st.turn[g[first]]


def castable_now(eng, games: np.ndarray, player: np.ndarray, ready=None) -> np.ndarray:
    """(n, C) bool: the player has the Mana and the components to prepare each card kind.

    ready: the ``actions.Readiness`` of these games when the caller has it (the same costs,
    shortfalls and Mage Noir status ``actions.can_prepare`` reads)."""
    from simulator.legacy.engine.actions import readiness

    s = eng.statics
    n = eng.tables.n_player_cards
    ready = readiness(eng, games, player, ready)  # over the player cards only
    affordable = ready.affordable
    missing = ready.missing
    mn = ready.mage_noir
    ok = (missing == 0) | ((missing <= s.fewer_components_mn[None, :n]) & mn[:, None])
    ok &= ~s.mage_noir_only[None, :n] | mn[:, None]
    return affordable & ok


def mark_castable(eng, games: np.ndarray, player: np.ndarray, ready=None) -> None:
    """Record :func:`castable_now` on the current turn of each game."""
    usage = getattr(eng, "usage", None)
    if usage is None or len(games) == 0:
        return
    t = eng.state.turn[games].astype(np.int64) - 1
    ok = (t >= 0) & (t < usage.castable.shape[1])
    games, player, t = games[ok], player[ok], t[ok]
    if len(games):
        usage.castable[games, t] |= castable_now(eng, games, player,
                                                 None if ready is None else ready.rows(ok))


def note_hands(eng, games: np.ndarray, player: np.ndarray) -> None:
    """After a player's turn: what is in hand now is stranded unless played later."""
    usage = getattr(eng, "usage", None)
    if usage is None or len(games) == 0:
        return
    n = usage.stranded.shape[2]
    usage.stranded[games, player] = player_rows(eng.state.hand, games, player)[:, :n]
