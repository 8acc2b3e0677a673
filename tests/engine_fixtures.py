"""Hand-built engine positions for rule-by-rule tests, and a policy whose answers a test forces.

Why: a rule test must assert the *exact* state after one action, so it starts from a state
where nothing is anywhere (no cards in decks, hands, discard piles or on boards, empty
Ether, empty reserves, 20 HP) and sets only the fields it needs. :func:`make_engine` builds
that state with the real constructors (the batch's tables and fresh game records of
``simulator.engine``), so the tables are exactly those a real batch would use.

The default scenario (:func:`tiny_scenario`) is the Duke as published plus one keyword card
(``guard``: stays in play, 1 damage to the active player each Adversary turn, Mana value 1,
3 HP) and one card without keyword (``volley``: 2 damage to the active player, Mana value 2).

:class:`ScriptedPolicy` forces the answers of chosen decision kinds (falling back to the
base policy) and records every decision the engine asks, so a test can assert that a
decision point was offered, to whom and with which options.

:func:`play_capturing` plays real games turn by turn (the compiled match loop, one player turn
per call) and hands back the :class:`~simulator.engine.host.api.Engine` too (property tests need
the final state), optionally calling a hook after every player turn.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from types import SimpleNamespace

import numpy as np

from simulator import bots
from simulator.cards import ELEMENTS, load_cards
from simulator.cards.filler import with_filler
from simulator.decks import Deck
from simulator.engine.host import api
from simulator.engine.host.api import Engine
from simulator.engine.host.batch import Matchup
from simulator.engine.host.tables import DUEL_SEATS
from simulator.engine.rules import layout as L
from simulator.engine.rules.options import RuleOptions
from simulator.engine.rules.rng import game_seeds
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
    """(E,) int64 Mana vector, e.g. ``mana(fire=2, air=1)``."""
    vec = np.zeros(E, np.int64)
    for element, n in counts.items():
        vec[ELEMENTS.index(element)] = n
    return vec


class ScriptedPolicy(api.Script):
    """Forced answers per decision kind, the base policy otherwise; records every question.

    ``forced[kind]`` is an int (the same option for every game), a list of ints or arrays
    consumed one per question of that kind (the base policy answers once it is empty), or a
    callable ``f(eng, games) -> per-game answers``. The registry's ``scripted`` bot plays them.
    """

    def __init__(self, forced: Mapping[str, object] | None = None) -> None:
        super().__init__(bots.get("scripted"), forced)


# --- building a position -------------------------------------------------------------------


def make_engine(player_cards: Sequence[str], players: int = 1, batch: int = 1,
                scenario: Scenario | None = None, policy: object | None = None,
                options: RuleOptions | None = None, mode: str = "solo") -> Engine:
    """An Engine over ``player_cards`` (database ids) whose state is empty.

    Empty means: decks, hands, discard piles, boards, reserves and both Ether piles empty,
    20 HP, no Adversary card in its deck or in play, turn counter 0, active player 0. The
    engine's card-availability check is not applied: rule tests may use any card of the
    database, and the filler (``"filler"``, :mod:`simulator.cards.filler`). ``policy``: a
    :class:`ScriptedPolicy` (the default), or a bot name. ``mode``: ``"duel"`` (two seats)
    or ``"teams"`` (four, 2 vs 2) seats the players against each other, with no Adversary.
    """
    db = with_filler(load_cards())
    policy = policy if policy is not None else ScriptedPolicy()
    policy = bots.get(policy) if isinstance(policy, str) else policy
    cards = sorted({db.by_id[c] for c in player_cards}, key=lambda c: c.index)
    deck = Deck.from_counts("test", {c.id: 1 for c in cards}, db)
    if mode == "solo":
        scenario = scenario or tiny_scenario()
        level = LEVEL if LEVEL in scenario.levels else scenario.default_level
    else:
        scenario, level, players = None, None, DUEL_SEATS[mode]
    matchup = Matchup(tuple(deck for _ in range(players)), scenario, level, mode)
    eng = api.new_engine(matchup, db, options, policy, batch=batch, seeds=game_seeds(0, 0, batch))
    eng.records["deck"] = 0
    eng.records["deck_len"] = 0
    eng.records["adv_deck"] = 0
    eng.records["adv_deck_len"] = 0
    eng.records["phase"] = L.PHASE_MAIN
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
        return np.arange(eng.batch)
    return np.atleast_1d(np.asarray(games, np.int64))


def lid(eng: Engine, card_id: str) -> int:
    """Local id of a player card id, or of an Adversary card id (``"duke"`` or ``"adv:duke"``)."""
    ids = eng.info.ids
    if card_id in ids:
        return ids.index(card_id)
    return ids.index(card_id if card_id.startswith("adv:") else "adv:" + card_id)


def set_hand(eng: Engine, cards: dict[str, int], player: int = 0, games=None) -> None:
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


def free_slot(eng: Engine, game: int, player: int) -> int:
    """The first empty board slot of the player, -1 when the board is full."""
    empty = np.flatnonzero(eng.state.board_zone[game, player] == L.EMPTY)
    return int(empty[0]) if len(empty) else -1


def put_on_board(eng: Engine, card_id: str, zone: int, player: int = 0, games=None,
                 locked: np.ndarray | None = None, hp: int | None = None) -> int:
    """Place a card in the first free slot (its printed HP, this turn's number), with Mana
    locked under it. Returns the slot (the same in every game: call it on games whose
    boards match)."""
    g = _games(eng, games)
    slots = {free_slot(eng, int(x), player) for x in g}
    assert len(slots) == 1 and min(slots) >= 0, "boards differ or are full"
    slot = slots.pop()
    card = lid(eng, card_id)
    st = eng.state
    st.board_card[g, player, slot] = card
    st.board_zone[g, player, slot] = zone
    st.board_hp[g, player, slot] = eng.tables.hp[card] if hp is None else hp
    st.board_turn[g, player, slot] = st.turn[g]
    st.board_end[g, player] = np.maximum(st.board_end[g, player], slot + 1)
    if locked is not None:
        st.board_mana[g, player, slot] = locked
    return slot


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
    """Flat target index of a player (see :mod:`simulator.engine.rules.damage`)."""
    return L.K_SLOTS + player


def slot_target(eng: Engine, player: int, slot: int) -> int:
    """Flat target index of board slot ``slot`` of ``player``."""
    return L.K_SLOTS + eng.info.players + player * eng.info.slots + slot


def space(eng: Engine) -> tuple[int, int, int]:
    """(K, P, S): Adversary slots, players, player board slots."""
    return L.K_SLOTS, eng.info.players, eng.info.slots


def ether_total(eng: Engine) -> np.ndarray:
    """(B,) Mana in both Available Ether piles."""
    return eng.state.ether.sum(axis=(1, 2))


# --- reading a position --------------------------------------------------------------------


def card_counts(eng: Engine, counts: np.ndarray) -> dict[str, int]:
    """``{card id: count}`` of the non-zero entries of a (C,) count row."""
    return {eng.info.ids[c]: int(n) for c, n in enumerate(counts) if n}


def pile_of(eng: Engine, zone: str, game: int = 0, player: int = 0) -> dict[str, int]:
    """A player's ``"hand"`` or ``"discard"`` pile as ``{card id: count}``."""
    return card_counts(eng, getattr(eng.state, zone)[game, player])


def board_at(eng: Engine, game: int = 0, player: int = 0) -> dict[int, tuple[str, int]]:
    """A player's occupied board slots: ``{slot: (card id, zone)}``."""
    st = eng.state
    return {s: (eng.info.ids[int(st.board_card[game, player, s])], int(st.board_zone[game, player, s]))
            for s in range(eng.info.slots) if st.board_zone[game, player, s] != L.EMPTY}


def deck_at(eng: Engine, game: int = 0, player: int = 0) -> list[str]:
    """A player's deck as card ids, bottom first (the last one is the top card)."""
    st = eng.state
    return [eng.info.ids[int(c)] for c in st.deck[game, player, :st.deck_len[game, player]]]


# --- whole games ---------------------------------------------------------------------------


def card_totals(eng: Engine) -> np.ndarray:
    """(B, P) cards each player owns across deck, hand, discard pile, board (their Animal
    included, face up or exhausted) and exile."""
    st = eng.state
    return (st.deck_len.astype(np.int64) + st.hand.sum(axis=2) + st.discard.sum(axis=2)
            + (st.board_zone != L.EMPTY).sum(axis=2) + st.exile_len)


def play_capturing(decks: Iterable[Deck], scenario: Scenario | None, level: str | None,
                   seeds: np.ndarray, bot: str, options: RuleOptions | None = None,
                   after_turn: Callable[[Engine, np.ndarray, np.ndarray], None] | None = None,
                   on_questions: Callable[[int, list], None] | None = None,
                   mode: str = "solo"):
    """``(result, Engine)``: the games of ``seeds`` played to their ends one player turn at a
    time, ``after_turn(eng, games, players)`` called after each turn (one game at a time) and
    ``on_questions(game, questions)`` given the questions each turn asked. ``result`` holds
    the per-game outcome, end turn and final HP. ``mode`` "duel" or "teams": the decks play
    each other (``scenario`` and ``level`` None)."""
    db = load_cards()
    matchup = Matchup(tuple(decks), scenario, level, mode)
    eng = api.new_engine(matchup, db, options, bots.get(bot), batch=len(seeds), seeds=seeds)
    eng.work["rec_on"] = 1 if on_questions is not None else 0
    for g in range(eng.batch):
        going = True
        while going:
            going = api.play_turn(eng, g)
            if on_questions is not None:
                on_questions(g, eng._harvest(g))
            if going and after_turn is not None:
                after_turn(eng, np.array([g]), np.array([int(eng.records["seat"][g])]))
    st = eng.state
    result = SimpleNamespace(outcome=st.outcome.copy(), end_turn=st.end_turn.copy(),
                             team_outcome=eng.records["team_outcome"].copy(),
                             final_hp=st.hp.copy())
    return result, eng


# --- handlers ---


def component_shortfall(eng: Engine, games, players) -> np.ndarray:
    """(n, C, W) component instances missing to prepare each player card now, by word
    (``layout.WORD``; 0 for a word no card of the batch requires)."""
    games = np.atleast_1d(np.asarray(games))
    out = np.zeros((len(games), eng.info.size, L.W), np.int64)
    for r, ready in enumerate(api.readiness(eng, games, players)):
        out[r, :eng.info.n_player_cards][:, list(eng.info.words)] = ready["shortfall"]
    return out


def component_instances(eng: Engine, games, players) -> np.ndarray:
    """(n, W) own component instances of every word (``layout.WORD``), card effects included."""
    return np.stack([api.component_instances(eng, games, players, w) for w in range(L.W)], axis=1)


def tradeable_elements(eng: Engine, games, players) -> np.ndarray:
    """(n, E) bool elements a trade may take now: the trade actions the main phase offers."""
    sp = api.action_space(eng)
    return api.legal_actions(eng, games, players)[:, sp.trade:sp.size]


def ability_legal(eng: Engine, games, players) -> np.ndarray:
    """(n, S) bool own board slots whose ability the main phase offers now."""
    sp = api.action_space(eng)
    return api.legal_actions(eng, games, players)[:, sp.ability:sp.prepare]


def air_trades_one_for_one(eng: Engine, games, players) -> np.ndarray:
    """(n,) bool: Favorable winds is active for the player this turn."""
    return eng.state.winds[games, players] != 0


def damage_prevented(eng: Engine) -> np.ndarray:
    """(B, P) bool: Kerloc'h's robe reduces the damage the player takes this turn to 0."""
    return eng.state.prevented != 0


def run_steps(eng: Engine, steps: Sequence[dict], games, side, card, slot) -> None:
    """Run vocabulary ``steps`` as an effect of each game's ``card`` (the same card in every
    game), ``side`` controlling it, from board ``slot`` (None: not on the board).

    The steps become op rows after the batch's own and stand in for the card's ``activate``
    steps while they run (the card's own are put back afterwards)."""
    from simulator.engine.host.tables import op_row

    t = eng.table_record[0]
    c, k = int(np.ravel(card)[0]), L.TRIGGERS.index("activate")
    first = int((t["trig_first"] + t["trig_count"]).max())
    saved = int(t["trig_first"][c, k]), int(t["trig_count"][c, k])
    t["ops"][first:first + len(steps)] = [op_row(step) for step in steps]
    t["trig_first"][c, k], t["trig_count"][c, k] = first, len(steps)
    try:
        api.run_trigger(eng, "activate", games, side, card, slot)
    finally:
        t["trig_first"][c, k], t["trig_count"][c, k] = saved


def hp_at_event(eng: Engine, event: str, run: Callable[[], object], game: int = 0) -> list[list[int]]:
    """Call ``run()`` with game ``game``'s transcript on; return the players' HP at each
    ``event`` (a name of ``layout.EVENT_NAMES``) it recorded, replayed from the HP before
    the call and the HP losses and gains recorded before that event."""
    hp = eng.state.hp[game].astype(np.int64)
    code, seen = L.EV[event], []
    for ev, a, b, *_ in events_of(eng, run, game).tolist():
        if ev == L.EV_PLAYER_LOSES:
            hp[a] -= b
        elif ev == L.EV_GAINS_HP:
            hp[a] += b
        elif ev == code:
            seen.append(hp.tolist())
    return seen


# --- rules ---
def transcript_of(eng: Engine, run: Callable[[], object], game: int = 0) -> list[str]:
    """The transcript lines (what ``replay`` prints) of what ``run()`` does in game ``game``,
    from the event log the engine keeps for that game while it runs."""
    from simulator.engine.host.transcript import lines

    return lines(events_of(eng, run, game), eng.info.names)


def events_of(eng: Engine, run: Callable[[], object], game: int = 0) -> np.ndarray:
    """(n, EV_W) the events game ``game``'s log records while ``run()`` runs."""
    wk = eng.work[game]
    wk["log_on"], wk["log_len"] = 1, 0
    try:
        run()
    finally:
        wk["log_on"] = 0
    assert wk["log_len"] <= L.LOG_MAX, "the transcript overflowed"
    return wk["log"][:wk["log_len"]].copy()
