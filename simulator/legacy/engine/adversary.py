"""The Adversary's turn (solo & co-op rulesheet, "Adversary turns" and "Application of the card").

1. Each Adversary card already in play applies its effect (``turn_start``) and adds its
   Mana value to the Available Ether; the players choose the order (``effect_order``, see
   ``ordering.py``) and the Mana elements (a ``mana_element`` decision).
2. The top card of its deck is drawn (the discard pile is shuffled into a new deck when the
   deck is empty) and applied: a card without keyword applies ``activate``, goes to the
   discard pile and adds its Mana value; a card that stays in play (keyword, the Adversary
   itself, Equipment, which replaces Equipment of its slot) enters the board, applies
   ``enter`` (or ``turn_start`` when it has no ``enter``) and adds its Mana value
   (``adversary_mana_on_arrival``).
"""

from __future__ import annotations

import numpy as np

from simulator.legacy.engine.core import DecisionSeries, Engine, EngineError
from simulator.legacy.engine.damage import ADVERSARY_SIDE
from simulator.legacy.engine.effects import choose_mana_elements, run_trigger
from simulator.legacy.engine.mana import add_to_ether
from simulator.legacy.engine.ordering import resolve_in_chosen_order
from simulator.legacy.engine.scatter import add_at
from simulator.legacy.engine.state import RUNNING
from simulator.legacy.engine.tables import ADV_KINDS
from simulator.legacy.engine.zones import shuffle_adversary

SPELL = ADV_KINDS.index("spell")
EQUIPMENT_KIND = ADV_KINDS.index("equipment")


def adversary_turn(eng: Engine, games: np.ndarray) -> None:
    """Play one Adversary turn in each of ``games`` (the active player is already set)."""
    st = eng.state
    st.ignored_this_turn[games] = 0  # "each turn" allowances reset at every turn start
    eng.pile_taken[games] = False  # the active player takes a pile after this turn
    eng.say(games, "-- Adversary turn --")
    side = np.full(len(games), ADVERSARY_SIDE)
    # The cards already in play apply their effects in the order the players choose.
    def apply(rows: np.ndarray, k: np.ndarray, card: np.ndarray) -> None:
        g = games[rows]
        run_trigger(eng, "turn_start", g, side[rows], card, k)
        still = (st.adv_card[g, k] == card) & (st.outcome[g] == RUNNING)
        _add_mana_value(eng, g[still], card[still])

    resolve_in_chosen_order(eng, games, eng.active[games].astype(np.int64),
                            st.adv_card[games].astype(np.int64),
                            lambda rows: st.adv_card[games[rows]].astype(np.int64), apply)
    games = games[st.outcome[games] == RUNNING]
    games = games[(st.adv_deck_len[games] > 0) | (st.adv_discard[games].sum(axis=1) > 0)]
    card = draw_adversary_card(eng, games)
    eng.say(games, "Adversary reveals {}", eng.names(card))
    kind = eng.tables.adv_kind[card]
    one_shot = kind == SPELL
    side = np.full(len(games), ADVERSARY_SIDE)
    g, c = games[one_shot], card[one_shot]
    run_trigger(eng, "activate", g, side[one_shot], c, None)
    add_at(st.adv_discard, (g, c))
    live = st.outcome[g] == RUNNING
    _add_mana_value(eng, g[live], c[live])
    _enter_play(eng, games[~one_shot], card[~one_shot])


def draw_adversary_card(eng: Engine, games: np.ndarray) -> np.ndarray:
    """(n,) the top card of each Adversary deck, reshuffling the discard pile when empty.

    Callers pass only games with a card to draw: when every Adversary card is in play and
    the discard pile is empty, the Adversary simply draws nothing that turn.
    """
    st = eng.state
    empty = games[st.adv_deck_len[games] == 0]
    if len(empty):
        counts = st.adv_discard[empty].astype(np.int64)
        for i, g in enumerate(empty):
            cards = np.repeat(np.arange(counts.shape[1]), counts[i])
            st.adv_deck[g, :len(cards)] = cards
            st.adv_deck_len[g] = len(cards)
        st.adv_discard[empty] = 0
        shuffle_adversary(eng, empty)
    st.adv_deck_len[games] -= 1
    return st.adv_deck[games, st.adv_deck_len[games]].astype(np.int64)


def _enter_play(eng: Engine, games: np.ndarray, card: np.ndarray) -> None:
    st, t = eng.state, eng.tables
    if len(games) == 0:
        return
    is_eq = t.adv_kind[card] == EQUIPMENT_KIND
    if is_eq.any():
        cards = np.maximum(st.adv_card[games], 0)
        same = (st.adv_card[games] >= 0) & (t.adv_kind[cards] == EQUIPMENT_KIND) & (
            t.slot[cards] == t.slot[card][:, None]) & is_eq[:, None]
        r, k = np.nonzero(same)
        add_at(st.adv_discard, (games[r], st.adv_card[games[r], k].astype(np.int64)))
        st.adv_card[games[r], k] = -1
        st.adv_hp[games[r], k] = 0
    empty = st.adv_card[games] < 0
    if not empty.any(axis=1).all():
        raise EngineError("the Adversary board is full; raise the Adversary slot count")
    slot = np.argmax(empty, axis=1)
    st.adv_card[games, slot] = card
    st.adv_hp[games, slot] = t.hp[card]
    side = np.full(len(games), ADVERSARY_SIDE)
    has_enter = np.array([bool(e.get("enter")) for e in t.effects], bool)[card]  # per kind, not game
    run_trigger(eng, "enter", games[has_enter], side[has_enter], card[has_enter],
                slot[has_enter])
    run_trigger(eng, "turn_start", games[~has_enter], side[~has_enter], card[~has_enter],
                slot[~has_enter])
    if eng.options.adversary_mana_on_arrival:
        live = (st.outcome[games] == RUNNING) & (st.adv_card[games, slot] == card)
        _add_mana_value(eng, games[live], card[live])


def _add_mana_value(eng: Engine, games: np.ndarray, card: np.ndarray) -> None:
    """The card's Mana value goes to the Available Ether; the players pick the elements."""
    amount = eng.tables.mana_value[card].astype(np.int64)
    live = amount > 0
    games, amount = games[live], amount[live]
    if len(games) == 0:
        return
    decider = eng.active[games].astype(np.int64)
    series = DecisionSeries(games, decider)  # the elements, then their placement
    mana = choose_mana_elements(eng, games, decider, amount, series)
    add_to_ether(eng, games, decider, mana, series)
