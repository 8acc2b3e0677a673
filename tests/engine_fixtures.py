"""Hand-built engine positions for rule-by-rule tests, and a policy whose answers a test forces.

Why: a rule test must assert the *exact* state after one action, so it starts from a state
where nothing is anywhere (no cards in decks, hands, discard piles or on boards, empty
Ether, empty reserves, 20 HP) and sets only the fields it needs. :func:`make_engine` builds
that state with the real constructors (``tables.build_batch_tables``, ``game.new_state``,
``statics.compile_statics``) so the tables are exactly those a real batch would use.

The default scenario (:func:`tiny_scenario`) is the Duke as published plus one keyword card
(``guard``: stays in play, 1 damage to the active player each Adversary turn, Mana value 1,
3 HP) and one card without keyword (``volley``: 2 damage to the active player, Mana value 2).

:class:`ScriptedPolicy` forces the answers of chosen decision kinds (falling back to the
base policy) and records every decision the engine asks, so a test can assert that a
decision point was offered, to whom and with which options.

:func:`play_capturing` runs the real :func:`simulator.legacy.engine.game.play` loop and hands
back the :class:`~simulator.legacy.engine.core.Engine` too (property tests need the final state),
optionally calling a hook after every player turn.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from simulator.cards import ELEMENTS, load_cards
from simulator.decks import Deck
from simulator.legacy.bots.base import BasePolicy
from simulator.legacy.engine import game, rng
from simulator.legacy.engine.board import free_slot, place_card
from simulator.legacy.engine.core import Engine
from simulator.legacy.engine.damage import space
from simulator.legacy.engine.game import Matchup, new_state
from simulator.legacy.engine.options import RuleOptions
from simulator.legacy.engine.state import EMPTY
from simulator.legacy.engine.statics import compile_statics
from simulator.legacy.engine.tables import build_batch_tables
from simulator.legacy.engine.zones import deck_counts
from simulator.scenarios import Scenario, load_scenario

E = len(ELEMENTS)
FIRE, WATER, AIR, VEGETAL, MINERAL, ARCANE = (ELEMENTS.index(e) for e in (
    "fire", "water", "air", "vegetal", "mineral", "arcane"))
G0 = np.array([0])  # game 0 alone, as the ``games`` argument of an engine function
P0 = np.array([0])  # player 0 of that game
LEVEL = "test"

TINY_SCENARIO = """
name = "Test Duke"
description = "The published Duke, one keyword card and one card without keyword."

[[card]]
id = "duke"
name = "The Duke"
kind = "adversary"
mana_value = 4
hp = 20
win_when_destroyed = true
source = "rulesheet"
effect.turn_start = [ { op = "damage", amount = 4, amount_mn = 3, target = "player_most_hp" } ]

[[card]]
id = "guard"
name = "Guard"
kind = "keyword"
keyword = "Permanent"
mana_value = 1
hp = 3
source = "approximation"
effect.turn_start = [ { op = "damage", amount = 1, target = "active_player" } ]

[[card]]
id = "volley"
name = "Volley"
kind = "spell"
mana_value = 2
source = "approximation"
effect.activate = [ { op = "damage", amount = 2, target = "active_player" } ]
"""


@lru_cache(maxsize=8)
def tiny_scenario(extra_cards: str = "", level_cards: str = "duke = 1, guard = 1, volley = 1"
                  ) -> Scenario:
    """The test scenario, validated by the real loader; ``extra_cards`` appends [[card]] tables."""
    text = TINY_SCENARIO + extra_cards + f"\n[levels.{LEVEL}]\ncards = {{ {level_cards} }}\n"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "test_duke.toml"
        path.write_text(text, encoding="utf-8")
        return load_scenario(path)


def mana(**counts: int) -> np.ndarray:
    """(E,) int32 Mana vector, e.g. ``mana(fire=2, air=1)``."""
    vec = np.zeros(E, np.int32)
    for element, n in counts.items():
        vec[ELEMENTS.index(element)] = n
    return vec


# --- the policy ----------------------------------------------------------------------------


@dataclass
class Asked:
    """One decision the engine asked."""

    kind: str
    games: np.ndarray
    players: np.ndarray
    options: np.ndarray
    context: dict


class ScriptedPolicy(BasePolicy):
    """Forced answers per decision kind, the base policy otherwise; records every question.

    ``forced[kind]`` is an int (the same option for every game), a list of ints or arrays
    consumed one per question of that kind (the base policy answers once it is empty), or a
    callable ``f(eng, games, players, options, **context) -> (n,) ints``.
    """

    name = "scripted"

    def __init__(self, forced: Mapping[str, object] | None = None) -> None:
        super().__init__()
        self.forced = {k: (list(v) if isinstance(v, (list, tuple)) else v)
                       for k, v in (forced or {}).items()}
        self.asked: list[Asked] = []

    @property
    def kinds(self) -> list[str]:
        return [a.kind for a in self.asked]

    def of_kind(self, kind: str) -> list[Asked]:
        return [a for a in self.asked if a.kind == kind]

    def options_of(self, kind: str) -> list[np.ndarray]:
        """The option masks of game 0 (the first row) of every question of ``kind``."""
        return [a.options[0] for a in self.of_kind(kind)]

    def decide(self, eng, kind, games, players, options, **context) -> np.ndarray:
        self.asked.append(Asked(kind, np.array(games), np.array(players), np.array(options),
                                dict(context)))
        answer = self.forced.get(kind)
        if isinstance(answer, list):
            answer = answer.pop(0) if answer else None
        if answer is None:
            return super().decide(eng, kind, games, players, options, **context)
        if callable(answer):
            return np.asarray(answer(eng, games, players, options, **context), np.int64)
        return np.broadcast_to(np.asarray(answer, np.int64), (len(games),)).copy()


# --- building a position -------------------------------------------------------------------


def make_engine(player_cards: Sequence[str], players: int = 1, batch: int = 1,
                scenario: Scenario | None = None, policy: object | None = None,
                options: RuleOptions | None = None, deck_capacity: int = 40,
                adversary_capacity: int = 20) -> Engine:
    """An Engine over ``player_cards`` (database ids) whose state is empty.

    Empty means: decks, hands, discard piles, boards, reserves and both Ether piles empty,
    20 HP, no Adversary card in its deck or in play, turn counter 0, active player 0.
    Decks can hold ``deck_capacity`` cards and the Adversary deck ``adversary_capacity``.
    The engine's card-availability check (``implemented_cards``) is not applied: rule tests
    may use any card of the database.
    """
    db = load_cards()
    scenario = scenario or tiny_scenario()
    options = options or RuleOptions()
    policy = policy if policy is not None else ScriptedPolicy()
    cards = sorted({db.by_id[c] for c in player_cards}, key=lambda c: c.index)
    tables = build_batch_tables(cards, scenario, db, implemented=None)
    deck = Deck.from_counts("test", {c.id: 1 for c in cards}, db)
    level = LEVEL if LEVEL in scenario.levels else scenario.default_level
    matchup = Matchup(tuple(deck for _ in range(players)), scenario, level)
    st = new_state(matchup, tables, rng.game_seeds(0, 0, batch), options)
    st.deck = np.zeros((batch, players, deck_capacity), np.int16)
    st.deck_len[:] = 0
    st.adv_deck = np.zeros((batch, adversary_capacity), np.int16)
    st.adv_deck_len[:] = 0
    eng = Engine(state=st, tables=tables, policy=policy, statics=compile_statics(tables),
                 options=options)
    return eng


def engine_with_answers(cards: Sequence[str], batch: int = 1, players: int = 1, **forced) -> Engine:
    """:func:`make_engine` on turn 3 (past the first-turn rules) with a :class:`ScriptedPolicy`
    forcing ``forced`` answers, plus pile 0 on Ether ties and the first element when the
    player picks a Mana's element, so expected Ether contents are easy to write down."""
    policy = ScriptedPolicy({"ether_start_pile": 0, "mana_element": 0, **forced})
    eng = make_engine(cards, players=players, batch=batch, policy=policy)
    eng.state.turn[:] = 3
    return eng


def _games(eng: Engine, games) -> np.ndarray:
    if games is None:
        return np.arange(eng.state.batch)
    return np.atleast_1d(np.asarray(games, np.int64))


def lid(eng: Engine, card_id: str) -> int:
    """Local id of a player card id, or of an Adversary card id (``"duke"`` or ``"adv:duke"``)."""
    ids = eng.tables.ids
    if card_id in ids:
        return ids.index(card_id)
    return ids.index(card_id if card_id.startswith("adv:") else "adv:" + card_id)


def set_hand(eng: Engine, cards: Mapping[str, int], player: int = 0, games=None) -> None:
    """Replace the player's hand by ``{card_id: count}``."""
    g = _games(eng, games)
    eng.state.hand[g, player] = 0
    for card_id, n in cards.items():
        eng.state.hand[g, player, lid(eng, card_id)] = n


def set_deck(eng: Engine, cards: Sequence[str], player: int = 0, games=None) -> None:
    """Replace the player's deck; the *last* card of ``cards`` is the top of the deck."""
    g = _games(eng, games)
    ids = np.array([lid(eng, c) for c in cards], np.int16)
    eng.state.deck[g, player] = 0
    eng.state.deck[g, player, :len(ids)] = ids
    eng.state.deck_len[g, player] = len(ids)


def put_on_board(eng: Engine, card_id: str, zone: int, player: int = 0, games=None,
                 locked: np.ndarray | None = None, hp: int | None = None) -> int:
    """Place a card in the first free slot (board.place_card), with Mana locked under it.

    Returns the slot (the same in every game: call it on games whose boards match).
    """
    g = _games(eng, games)
    p = np.full(len(g), player)
    slot = free_slot(eng, g, p)
    assert (slot == slot[0]).all() and slot[0] >= 0, "boards differ or are full"
    card = np.full(len(g), lid(eng, card_id))
    place_card(eng, g, p, slot, card, np.full(len(g), zone, np.int8))
    if locked is not None:
        eng.state.board_mana[g, player, slot] = locked
    if hp is not None:
        eng.state.board_hp[g, player, slot] = hp
    return int(slot[0])


def put_adversary(eng: Engine, card_id: str, games=None, hp: int | None = None) -> int:
    """Put an Adversary card in play in the first free Adversary slot; returns the slot."""
    g = _games(eng, games)
    empty = eng.state.adv_card[g] < 0
    k = int(np.argmax(empty[0]))
    assert empty[:, k].all(), "Adversary boards differ or are full"
    c = lid(eng, card_id)
    eng.state.adv_card[g, k] = c
    eng.state.adv_hp[g, k] = eng.tables.hp[c] if hp is None else hp
    return k


def set_adversary_deck(eng: Engine, cards: Sequence[str], games=None) -> None:
    """Replace the Adversary deck; the *last* card of ``cards`` is drawn first."""
    g = _games(eng, games)
    ids = np.array([lid(eng, c) for c in cards], np.int16)
    eng.state.adv_deck[g] = 0
    eng.state.adv_deck[g, :len(ids)] = ids
    eng.state.adv_deck_len[g] = len(ids)


def player_target(eng: Engine, player: int) -> int:
    """Flat target index of a player (see :mod:`simulator.legacy.engine.damage`)."""
    k, _, _ = space(eng)
    return k + player


def slot_target(eng: Engine, player: int, slot: int) -> int:
    """Flat target index of board slot ``slot`` of ``player``."""
    k, p, s = space(eng)
    return k + p + player * s + slot


def ether_total(eng: Engine) -> np.ndarray:
    """(B,) Mana in both Available Ether piles."""
    return eng.state.ether.sum(axis=(1, 2))


# --- reading a position --------------------------------------------------------------------


def card_counts(eng: Engine, counts: np.ndarray) -> dict[str, int]:
    """``{card id: count}`` of the non-zero entries of a (C,) count row."""
    return {eng.tables.ids[c]: int(n) for c, n in enumerate(counts) if n}


def pile_of(eng: Engine, zone: str, game: int = 0, player: int = 0) -> dict[str, int]:
    """A player's ``"hand"`` or ``"discard"`` pile as ``{card id: count}``."""
    return card_counts(eng, getattr(eng.state, zone)[game, player])


def board_at(eng: Engine, game: int = 0, player: int = 0) -> dict[int, tuple[str, int]]:
    """A player's occupied board slots: ``{slot: (card id, zone)}``."""
    st = eng.state
    return {s: (eng.tables.ids[int(st.board_card[game, player, s])], int(st.board_zone[game, player, s]))
            for s in range(st.board_card.shape[2]) if st.board_zone[game, player, s] != EMPTY}


def deck_at(eng: Engine, game: int = 0, player: int = 0) -> list[str]:
    """A player's deck as card ids, bottom first (the last one is the top card)."""
    st = eng.state
    return [eng.tables.ids[int(c)] for c in st.deck[game, player, :st.deck_len[game, player]]]


# --- whole games ---------------------------------------------------------------------------


def card_totals(eng: Engine) -> np.ndarray:
    """(B, P) cards each player owns across deck, hand, discard pile and board."""
    st = eng.state
    b, p = st.batch, st.players
    totals = np.zeros((b, p), np.int64)
    games = np.arange(b)
    for q in range(p):
        player = np.full(b, q)
        totals[:, q] = (deck_counts(eng, games, player).sum(axis=1)
                        + st.hand[:, q].sum(axis=1) + st.discard[:, q].sum(axis=1)
                        + (st.board_zone[:, q] != EMPTY).sum(axis=1))
    return totals


@contextmanager
def capturing_engine(after_turn: Callable[[Engine, np.ndarray, np.ndarray], None] | None = None):
    """Within the block, :func:`game.play` appends its Engine to the yielded list and calls
    ``after_turn(eng, games, players)`` after each group of player turns ends (the real loop,
    unmodified; ``players``: (n,) the player of each game's turn)."""
    captured: list[Engine] = []
    original_engine, original_end = game.Engine, game.end_player_turn

    class CapturingEngine(original_engine):
        def __post_init__(self) -> None:
            super().__post_init__()
            captured.append(self)

    def end_with_hook(eng, games, players):
        original_end(eng, games, players)
        if after_turn is not None and len(games):
            after_turn(eng, games, players)

    game.Engine, game.end_player_turn = CapturingEngine, end_with_hook
    try:
        yield captured
    finally:
        game.Engine, game.end_player_turn = original_engine, original_end


def play_capturing(decks: Iterable[Deck], scenario: Scenario, level: str, seeds: np.ndarray,
                   policy, options: RuleOptions | None = None,
                   after_turn: Callable[[Engine, np.ndarray, np.ndarray], None] | None = None):
    """``(BatchResult, Engine)`` of :func:`game.play` on these decks and seeds."""
    db = load_cards()
    matchup = Matchup(tuple(decks), scenario, level)
    with capturing_engine(after_turn) as captured:
        result = game.play(matchup, db, seeds, policy, options or RuleOptions())
    assert len(captured) == 1
    return result, captured[0]
