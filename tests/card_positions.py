"""Hand-made positions for the card-by-card tests (tests/test_cards_base.py).

A position starts from an *empty* state: no card in any deck, hand, discard pile or on any
board, empty reserves, empty Available Ether, 20 HP, no Adversary card anywhere. A test then
puts in exactly the cards it needs and runs one real engine action (prepare, activate, a turn
start, a single trigger), so it can assert the exact state change.

The local card table is built the way a real batch builds it
(``build_batch_tables(sorted cards, load_scenario("duke"), db, implemented=None)``), so the
Duke's Adversary cards are in the table too: ``"adv:duke"`` (20 HP) and, for an Adversary
Permanent, ``"adv:ducal_guard"`` (3 HP).

Flat target indices (simulator.engine.damage): Adversary slot ``k`` is ``k``; player ``p``
is ``K + p``; slot ``s`` of player ``p`` is ``K + P + p * S + s``. Use :func:`adv_target`,
:func:`player_target` and :func:`slot_target` rather than the arithmetic.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from functools import lru_cache

import numpy as np

from simulator.bots.base import BasePolicy
from simulator.cards import ELEMENTS, load_cards
from simulator.decks import Deck
from simulator.engine import actions, rng
from simulator.engine.board import free_slot, is_mage_noir, place_card
from simulator.engine.core import Engine
from simulator.engine.damage import space
from simulator.engine.effects import run_trigger
from simulator.engine.game import Matchup, new_state
from simulator.engine.options import RuleOptions
from simulator.engine.state import EMPTY
from simulator.engine.statics import compile_statics
from simulator.engine.tables import build_batch_tables
from simulator.engine.turns import turn_start
from simulator.engine.zones import deck_counts
from simulator.scenarios import load_scenario

E = len(ELEMENTS)
FIRE, WATER, AIR, VEGETAL, MINERAL, ARCANE = (ELEMENTS.index(e) for e in (
    "fire", "water", "air", "vegetal", "mineral", "arcane"))
G0 = np.array([0])


def mana(**counts: int) -> list[int]:
    """A Mana vector in ``ELEMENTS`` order as a list, e.g. ``mana(fire=2, air=1)``."""
    vec = [0] * E
    for element, n in counts.items():
        vec[ELEMENTS.index(element)] = n
    return vec


# --- the policy ----------------------------------------------------------------------------


class ScriptedPolicy(BasePolicy):
    """Forced answers per decision kind, the base policy otherwise; records every question.

    ``forced[kind]`` is an int (that option every time), a list of ints consumed one per
    question of that kind (the base policy answers once it is empty) or a callable
    ``f(eng, games, players, options, **context) -> (n,) ints``.
    ``asked`` lists ``(kind, options, context)`` of every question, in order.
    """

    name = "scripted"

    def __init__(self, forced: Mapping[str, object] | None = None) -> None:
        super().__init__()
        self.forced = {k: (list(v) if isinstance(v, (list, tuple)) else v)
                       for k, v in (forced or {}).items()}
        self.asked: list[tuple[str, np.ndarray, dict]] = []

    @property
    def kinds(self) -> list[str]:
        return [kind for kind, _, _ in self.asked]

    def options_of(self, kind: str) -> list[np.ndarray]:
        """The option masks (game 0) of every question of ``kind``."""
        return [opts[0] for k, opts, _ in self.asked if k == kind]

    def decide(self, eng, kind, games, players, options, **context) -> np.ndarray:
        self.asked.append((kind, np.array(options), dict(context)))
        answer = self.forced.get(kind)
        if isinstance(answer, list):
            answer = answer.pop(0) if answer else None
        if answer is None:
            return super().decide(eng, kind, games, players, options, **context)
        if callable(answer):
            return np.asarray(answer(eng, games, players, options, **context), np.int64)
        return np.full(len(games), int(answer), np.int64)


# --- building a position -------------------------------------------------------------------


@lru_cache(maxsize=1)
def database():
    return load_cards()


@lru_cache(maxsize=1)
def duke_scenario():
    return load_scenario("duke", database())


def make_engine(card_ids: Sequence[str], players: int = 1, policy: object | None = None,
                options: RuleOptions | None = None, deck_capacity: int = 40) -> Engine:
    """An Engine over the given player cards (database ids) and the Duke, state empty.

    The turn counter is 1 and player 0 is the active player (a main phase in progress).
    """
    db = database()
    scenario = duke_scenario()
    options = options or RuleOptions()
    cards = sorted({db.by_id[c] for c in card_ids}, key=lambda c: c.index)
    tables = build_batch_tables(cards, scenario, db, implemented=None)
    deck = Deck.from_counts("position", {c.id: 1 for c in cards} or {"flame": 1}, db)
    matchup = Matchup(tuple(deck for _ in range(players)), scenario, scenario.default_level)
    st = new_state(matchup, tables, rng.game_seeds(0, 0, 1), options)
    st.deck = np.zeros((1, players, deck_capacity), np.int16)
    st.deck_len[:] = 0
    st.adv_deck[:] = 0
    st.adv_deck_len[:] = 0
    st.turn[:] = 1
    return Engine(state=st, tables=tables, policy=policy if policy is not None else ScriptedPolicy(),
                  statics=compile_statics(tables), options=options)


def grant_keyword(eng: Engine, card_id: str, keyword: str) -> None:
    """Give a card kind an extra keyword in this batch's table (and recompile the statics)."""
    c = lid(eng, card_id)
    keywords = list(eng.tables.keywords)
    keywords[c] = keywords[c] | {keyword}
    eng.tables = dataclasses.replace(eng.tables, keywords=tuple(keywords))
    eng.statics = compile_statics(eng.tables)


def lid(eng: Engine, card_id: str) -> int:
    """Local id of a player card (``"flame"``) or Adversary card (``"adv:duke"``)."""
    return eng.tables.local_id(card_id)


def give_hand(eng: Engine, player: int, card_id: str, n: int = 1) -> None:
    eng.state.hand[0, player, lid(eng, card_id)] += n


def give_discard(eng: Engine, player: int, card_id: str, n: int = 1) -> None:
    eng.state.discard[0, player, lid(eng, card_id)] += n


def set_deck(eng: Engine, player: int, card_ids: Sequence[str]) -> None:
    """Replace the deck; the *last* id is the top card."""
    ids = [lid(eng, c) for c in card_ids]
    eng.state.deck[0, player] = 0
    eng.state.deck[0, player, :len(ids)] = ids
    eng.state.deck_len[0, player] = len(ids)


def deck_list(eng: Engine, player: int) -> list[str]:
    """The deck as card ids, bottom first (the last one is the top card)."""
    n = int(eng.state.deck_len[0, player])
    return [eng.tables.ids[int(c)] for c in eng.state.deck[0, player, :n]]


def deck_count(eng: Engine, player: int, card_id: str) -> int:
    return int(deck_counts(eng, G0, np.array([player]))[0, lid(eng, card_id)])


def hand_of(eng: Engine, player: int) -> dict[str, int]:
    """Non-zero hand counts by card id."""
    return _counts(eng, eng.state.hand[0, player])


def discard_of(eng: Engine, player: int) -> dict[str, int]:
    return _counts(eng, eng.state.discard[0, player])


def adv_discard_of(eng: Engine) -> dict[str, int]:
    return _counts(eng, eng.state.adv_discard[0])


def _counts(eng: Engine, row: np.ndarray) -> dict[str, int]:
    return {eng.tables.ids[c]: int(n) for c, n in enumerate(row) if n}


def put_on_board(eng: Engine, player: int, card_id: str, zone: int, mana: Sequence[int] | None = None,
                 hp: int | None = None) -> int:
    """Put a card in the player's first free slot in ``zone`` (printed HP unless ``hp``),
    with ``mana`` (a Mana vector) locked under it. Returns the slot."""
    p = np.array([player])
    slot = free_slot(eng, G0, p)
    assert slot[0] >= 0, "board full"
    place_card(eng, G0, p, slot, np.array([lid(eng, card_id)]), np.array([zone], np.int8))
    if mana is not None:
        eng.state.board_mana[0, player, slot[0]] = mana
    if hp is not None:
        eng.state.board_hp[0, player, slot[0]] = hp
    return int(slot[0])


def board_of(eng: Engine, player: int) -> dict[int, tuple[str, int]]:
    """Occupied slots: slot -> (card id, zone)."""
    st = eng.state
    return {s: (eng.tables.ids[int(st.board_card[0, player, s])], int(st.board_zone[0, player, s]))
            for s in range(st.board_card.shape[2]) if st.board_zone[0, player, s] != EMPTY}


def summon_duke(eng: Engine, hp: int = 20) -> int:
    """The Adversary card "adv:duke" in Adversary slot 0 with ``hp``."""
    return summon_adversary_card(eng, "adv:duke", hp, slot=0)


def summon_adversary_card(eng: Engine, card_id: str, hp: int | None = None,
                          slot: int | None = None) -> int:
    """An Adversary card in play (first free slot unless ``slot``); returns the slot."""
    st = eng.state
    if slot is None:
        slot = int(np.argmax(st.adv_card[0] < 0))
    assert st.adv_card[0, slot] < 0, "Adversary slot taken"
    c = lid(eng, card_id)
    st.adv_card[0, slot] = c
    st.adv_hp[0, slot] = eng.tables.hp[c] if hp is None else hp
    return slot


def set_reserve(eng: Engine, player: int, **counts: int) -> None:
    eng.state.reserve[0, player] = mana(**counts)


def set_ether(eng: Engine, pile: int, **counts: int) -> None:
    eng.state.ether[0, pile] = mana(**counts)


def reserve_of(eng: Engine, player: int) -> list[int]:
    return eng.state.reserve[0, player].tolist()


def ether_of(eng: Engine) -> list[list[int]]:
    return eng.state.ether[0].tolist()


def adv_target(k: int) -> int:
    return k


def player_target(eng: Engine, player: int) -> int:
    k, _, _ = space(eng)
    return k + player


def slot_target(eng: Engine, player: int, slot: int) -> int:
    k, p, s = space(eng)
    return k + p + player * s + slot


# --- running one action --------------------------------------------------------------------


def _arrays(player: int) -> tuple[np.ndarray, np.ndarray]:
    return G0, np.array([player])


def can_prepare(eng: Engine, player: int, card_id: str) -> bool:
    return bool(actions.can_prepare(eng, *_arrays(player))[0, lid(eng, card_id)])


def effective_cost(eng: Engine, player: int, card_id: str) -> list[int]:
    return actions.effective_cost(eng, *_arrays(player))[0, lid(eng, card_id)].tolist()


def prepare(eng: Engine, player: int, card_id: str) -> int:
    """Prepare a card from hand (it must be legal); returns the slot it entered."""
    assert can_prepare(eng, player, card_id), f"{card_id} cannot be prepared here"
    g, p = _arrays(player)
    slot = int(free_slot(eng, g, p)[0])
    actions.prepare(eng, g, p, np.array([lid(eng, card_id)]))
    return slot


def activate(eng: Engine, player: int, slot: int) -> None:
    actions.activate(eng, *_arrays(player), np.array([slot]))


def channel(eng: Engine, player: int, slot: int) -> None:
    actions.channel(eng, *_arrays(player), np.array([slot]))


def start_turn(eng: Engine, player: int) -> None:
    """The player's start-of-turn effects (turns.turn_start), nothing else."""
    turn_start(eng, *_arrays(player))


def trigger(eng: Engine, name: str, side: int, card_id: str, slot: int | None) -> None:
    """Run one trigger of one card (side -1 for Adversary cards)."""
    run_trigger(eng, name, G0, np.array([side]), np.array([lid(eng, card_id)]),
                None if slot is None else np.array([slot]))


def duke_attacks(eng: Engine) -> None:
    """The Duke's turn-start effect once (4 damage to the player with the most HP, 3 to a
    Mage Noir), as an Adversary-controlled damage instance."""
    trigger(eng, "turn_start", -1, "adv:duke", int(np.flatnonzero(
        eng.state.adv_card[0] == lid(eng, "adv:duke"))[0]))


def mage_noir(eng: Engine, player: int) -> bool:
    return bool(is_mage_noir(eng, *_arrays(player))[0])
