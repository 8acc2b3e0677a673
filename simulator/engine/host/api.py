"""Driving games one action at a time from Python: hand-built positions, tests, look-ahead.

:class:`Engine` holds a small batch of game records (usually one game), their tables and one
work record per game, and runs the compiled commands of :mod:`simulator.engine.host.commands` on
them. Its ``state`` shows every field with the game on the leading axis, so a test writes a
position (``eng.state.hand[0, 0, c] = 2``) and reads the result of one action the same way.

The caller hands an :class:`Engine` its bot, from the bots' registry (``simulator.bots.get``):
this module imports nothing of the bots. A :class:`Script` stands in for the bot when a test
wants to fix some answers (with the registry's ``scripted`` bot, whose base policy answers the
rest) and to see every question the rules asked: kind, deciding player, legal options and
context. When a call covers several games, the questions the games were asked one after the
other are paired up by their rank, so a question asked of every game reads as one
:class:`Asked` with one row per game.

The module-level functions take ``games`` arrays (the position tests build several games at
once) and run the action in each game in turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import SimpleNamespace

import numpy as np

from simulator.cards import COMPONENT_WORDS
from simulator.engine.compiler.late_bound import bind
from simulator.engine.compiler.warmup import ensure
from simulator.engine.host.batch import Bot, check_errors, new_work, seat_bot
from simulator.engine.host.commands import CMD, run_command
from simulator.engine.host.tables import BatchInfo, _set_options, build_batch_tables
from simulator.engine.rules import layout as L
from simulator.engine.rules.errors import EngineError
from simulator.engine.rules.options import RuleOptions
from simulator.engine.rules.state import BatchState
from simulator.errors import UserError

ROOTS = ("play_range", "resolve", "decide", "deal_damage", "select", "leave_board",
         "run_command")

#: Context a question of each kind reports (``Asked.context``), as the rules pass it.
CONTEXT_OF_KIND = {
    "target": ("purpose", "card"), "use_component": ("card", "word"),
    "own_component": ("word",), "alternative_component": ("card", "word"),
    "skip_component": ("card",), "optional_payment": ("worth", "card"),
    "pay_upkeep": ("card",), "pay_to_keep": ("card",), "choose_mode": ("card",),
    "discard_from_hand": ("reason",), "may_use_ability": ("ability", "amount", "card"),
    "ability_target": ("ability",), "distribute_mana": ("element", "card"),
    "lock_mana_target": ("element",), "move_locked_mana": ("card",),
    "release_locked_mana": ("card",), "protector_redirect": ("amount",),
    "quick_action": ("amount",), "slowcast_target": ("card",), "scry": ("card",),
    "unique_discard": ("card", "amount"), "pay_mana_element": ("card",),
    "suppress_target": ("card", "amount"),
    "boost_target": ("card",),
    "pile_swap": ("card", "amount"),
}


@dataclass
class Asked:
    """One question the rules asked (of one or several games at once)."""

    kind: str
    games: np.ndarray    # (n,) game indices
    players: np.ndarray  # (n,) deciding player per game
    options: np.ndarray  # (n, K) bool legal options
    context: dict        # what the rules told the policy


class _Forced(dict):
    """The answers a test fixed, per decision kind; remembers that it changed."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.version = 0

    def __setitem__(self, key, value) -> None:
        super().__setitem__(key, value)
        self.version += 1

    def __delitem__(self, key) -> None:
        super().__delitem__(key)
        self.version += 1


class Script:
    """Answers fixed in advance for some decision kinds, the base policy for the rest, and a
    record of every question asked.

    ``bot``: the bot that plays the answers (the registry's ``scripted`` bot: it has
    ``fix_answers``). ``forced[kind]`` is an int (the answer to every question of that kind),
    a list of ints or per-game arrays consumed one per question (the base policy answers once
    it is empty), or a callable ``f(eng, games) -> per-game answers`` evaluated once per game.
    """

    name = "scripted"

    def __init__(self, bot: Bot, forced: Mapping[str, object] | None = None) -> None:
        self.bot = bot
        self.forced = _Forced(forced or {})
        self.asked: list[Asked] = []

    @property
    def kinds(self) -> list[str]:
        return [a.kind for a in self.asked]

    def of_kind(self, kind: str) -> list[Asked]:
        return [a for a in self.asked if a.kind == kind]

    def options_of(self, kind: str) -> list[np.ndarray]:
        """The option masks of the first game of every question of ``kind``."""
        return [a.options[0] for a in self.of_kind(kind)]


class TablesView:
    """The batch's card table as Python reads it: the Python facts (names, ids, effects) and
    every column of the tables record, trimmed to the batch's card kinds."""

    def __init__(self, record: np.ndarray, info: BatchInfo):
        self.record, self.info = record, info

    def __getattr__(self, name: str):
        if name in ("record", "info"):
            raise AttributeError(name)
        if hasattr(self.info, name):
            return getattr(self.info, name)
        column = self.record[name][0]
        if column.ndim and column.shape[0] == L.C_MAX:
            return column[:self.info.size]
        return column

    @property
    def words(self) -> np.ndarray:
        return np.asarray(self.info.words, np.int64)


class Engine:
    """A batch of games the Python side drives one command at a time."""

    def __init__(self, records: np.ndarray, tables: np.ndarray, info: BatchInfo,
                 options: RuleOptions, policy: Script | Bot):
        self.records, self.table_record, self.info, self.options = records, tables, info, options
        self.work = new_work(len(records))
        self.state = BatchState(records, info)
        self.tables = TablesView(tables, info)
        self.policy: Script | None = None
        self.set_policy(policy)
        self.log_game: int | None = None

    # --- setup -------------------------------------------------------------------------------
    def set_policy(self, policy: Script | Bot) -> None:
        """A :class:`Script` (answers a test fixes) or a bot of the bots' registry; each game
        gets a fresh record of that bot."""
        if policy is None or isinstance(policy, str):
            raise TypeError(f"an Engine plays with a bot (simulator.bots.get(name)), not {policy!r}")
        self.policy = policy if isinstance(policy, Script) else None
        self.bot = policy.bot if isinstance(policy, Script) else policy
        self.bot_records = self.bot.records(self.batch, self.table_record, self.info)
        seat_bot(self.work, self.bot_records)
        self.work["rec_on"] = 1 if self.policy is not None else 0
        self._forced_version = None

    def grant_keyword(self, card: int, keyword: str) -> None:
        """Give card kind ``card`` an extra keyword (a Protector, Indestructible, ...)."""
        column = {"protector_if_mage_noir": "protector_mn"}.get(keyword, keyword)
        self.table_record[column][0, card] = 1
        if keyword in ("protector", "protector_if_mage_noir"):
            self.table_record["any_protector"] = 1
        if keyword == "quickcast":
            self.table_record["any_quickcast"] = 1  # the Quickcast windows open

    @property
    def batch(self) -> int:
        return len(self.records)

    @property
    def active(self) -> np.ndarray:
        return self.records["active"]

    @property
    def pile_taken(self) -> np.ndarray:
        return self.records["pile_taken"]

    @property
    def decision_count(self) -> np.ndarray:
        return self.records["decision_count"]

    # --- handlers ---
    @property
    def options(self) -> RuleOptions:
        return self._options

    @options.setter
    def options(self, options: RuleOptions) -> None:
        """Set the rule options: they are written into the tables the games play with (the
        board size is the records' layout: it cannot change)."""
        if hasattr(self, "_options") and options.board_slots != self._options.board_slots:
            raise UserError("the board size of an existing engine cannot change")
        _set_options(self.table_record[0], options)
        self._options = options

    # --- running commands ------------------------------------------------------------------
    def command(self, name: str, game: int, *args: int) -> int:
        """Run command ``name`` on game ``game``; returns its value."""
        ensure(ROOTS, bot=self.bot)
        bind(self.table_record, self.bot.choose)
        self._sync_forced()
        self.work[game]["rec_len"] = 0
        self.work[game]["rec_pool_len"] = 0
        self.work[game]["rec_lost"] = 0
        padded = np.zeros(8, np.int64)
        padded[:len(args)] = [int(a) for a in args]
        value = run_command(self.records, self.table_record, self.work, int(game), CMD[name],
                            padded)
        check_errors(self.records[game:game + 1])
        return int(value)

    def run(self, name: str, games: Sequence[int] | np.ndarray | None,
            args: Callable[[int, int], Sequence[int]] | Sequence[int] = ()) -> np.ndarray:
        """Run command ``name`` on each of ``games`` (all when None) in turn; ``args`` the
        command's arguments, or a function ``(row, game) -> arguments``. Returns the values,
        and adds the questions asked to the script, paired up across games."""
        games = np.arange(self.batch) if games is None else np.atleast_1d(np.asarray(games))
        values = np.zeros(len(games), np.int64)
        questions = []
        for row, g in enumerate(games.tolist()):
            values[row] = self.command(name, g, *(args(row, g) if callable(args) else args))
            questions.append(self._harvest(g))
        if self.policy is not None:
            self.policy.asked.extend(_pair_up(games, questions))
        return values

    def _harvest(self, game: int) -> list[tuple]:
        """The questions game ``game`` was asked by its last command."""
        wk = self.work[game]
        if wk["rec_lost"]:
            raise EngineError(f"{int(wk['rec_lost'])} question(s) of game {game} did not fit in "
                              f"the decision record (REC_MAX / REC_POOL in layout.py)")
        out = []
        for row in wk["rec"][:int(wk["rec_len"])]:
            kind, player, n, offset = (int(x) for x in row[:4])
            options = wk["rec_pool"][offset:offset + n].astype(bool)
            out.append((L.DECISION_KINDS[kind], player, options, _context(L.DECISION_KINDS[kind], row)))
        return out

    def _sync_forced(self) -> None:
        """Hand the script's fixed answers of every game to its bot record when they changed."""
        if self.policy is None:
            return
        forced = self.policy.forced
        if self._forced_version == (id(forced), forced.version):
            return
        self._forced_version = (id(forced), forced.version)
        for g in range(self.batch):
            answers: dict[int, int | list[int]] = {}
            for kind, answer in forced.items():
                k = L.DECISION_KINDS.index(kind)
                if callable(answer):
                    answer = int(np.ravel(answer(self, np.array([g])))[0])
                if isinstance(answer, list):
                    answers[k] = [int(np.ravel(a)[g] if np.ndim(a) else a) for a in answer]
                else:
                    answers[k] = int(np.ravel(answer)[g] if np.ndim(answer) else answer)
            self.bot.fix_answers(self.bot_records[g], answers)

    # --- reading -----------------------------------------------------------------------------
    def card_name(self, card: int) -> str:
        return self.info.names[int(card)]


def _context(kind: str, row: np.ndarray) -> dict:
    card, word, purpose, reason, ability, amount, element, worth = (int(x) for x in row[4:12])
    values = {
        "card": card, "purpose": L.PURPOSES[purpose] if purpose >= 0 else "damage",
        "reason": L.DISCARD_REASONS[reason], "ability": _ability_name(ability),
        "amount": amount, "element": element, "worth": bool(worth),
        "word": COMPONENT_WORDS[word] if kind == "own_component" and word >= 0 else word,
    }
    return {key: values[key] for key in CONTEXT_OF_KIND.get(kind, ())
            if not (key == "reason" and values[key] == "")}


def _ability_name(ability: int) -> str:
    """A recorded ability id as a name: a declared ability's, "generic", or "" for none."""
    if ability == L.AB_GENERIC:
        return "generic"
    return L.ABILITY_NAMES[ability] if ability >= 0 else ""


def _pair_up(games: np.ndarray, questions: list[list[tuple]]) -> list[Asked]:
    """The i-th questions of every game as one Asked, while the games were asked alike."""
    asked = []
    for i in range(max((len(q) for q in questions), default=0)):
        rows = [(games[r], q[i]) for r, q in enumerate(questions) if i < len(q)]
        kinds = {q[0] for _, q in rows}
        if len(kinds) > 1:  # the games were asked different things: one Asked per game
            asked.extend(_asked([row]) for row in rows)
        else:
            asked.append(_asked(rows))
    return asked


def _asked(rows: list) -> Asked:
    kind = rows[0][1][0]
    width = max(len(q[2]) for _, q in rows)
    options = np.zeros((len(rows), width), bool)
    for r, (_, q) in enumerate(rows):
        options[r, :len(q[2])] = q[2]
    context = {}
    for key in rows[0][1][3]:
        values = [q[3][key] for _, q in rows]
        context[key] = values[0] if isinstance(values[0], str) or key == "word" else np.array(values)
    return Asked(kind, np.array([g for g, _ in rows]), np.array([q[1] for _, q in rows]), options,
                 context)


# --- building an engine ----------------------------------------------------------------------

def new_engine(matchup, db, options: RuleOptions | None = None, policy: Script | Bot | None = None,
               batch: int = 1, seeds: np.ndarray | None = None,
               check_playable: bool = False) -> Engine:
    """An :class:`Engine` over ``batch`` fresh games of ``matchup`` (decks in file order, not
    yet shuffled: the games start at their setup)."""
    from simulator.engine.rules.rng import game_seeds
    from simulator.engine.rules.state import new_states

    options = options or RuleOptions()
    tables, info = build_batch_tables(matchup, db, options, check_playable=check_playable)
    seeds = game_seeds(0, 0, batch) if seeds is None else np.asarray(seeds, np.uint64)
    records = new_states(matchup, info, tables, seeds, options)
    return Engine(records, tables, info, options, policy)


# --- the rules as functions of games --------------------------------------------------------

def _rows(games, values):
    """Per-game values: a scalar for every game, or one per game."""
    return np.broadcast_to(np.asarray(values), np.shape(np.atleast_1d(games))).tolist()


def _cmd(name: str, eng: Engine, games, *columns) -> np.ndarray:
    games = np.arange(eng.batch) if games is None else np.atleast_1d(np.asarray(games))
    columns = [_rows(games, c) for c in columns]
    return eng.run(name, games, lambda r, g: [c[r] for c in columns])


def prepare(eng, games, players, cards):
    _cmd("prepare", eng, games, players, cards)


def activate(eng, games, players, slots):
    _cmd("activate", eng, games, players, slots)


def channel(eng, games, players, slots):
    _cmd("channel", eng, games, players, slots)


def trade(eng, games, players, elements):
    _cmd("trade", eng, games, players, elements)


def use_ability(eng, games, players, slots):
    _cmd("use_ability", eng, games, players, slots)


def apply_actions(eng, games, players, actions):
    _cmd("apply_action", eng, games, players, actions)


def turn_start(eng, games, players):
    _cmd("turn_start", eng, games, players)


def begin_player_turn(eng, games, players) -> np.ndarray:
    return _cmd("begin_turn", eng, games, players).astype(bool)


def main_phase(eng, games, players):
    _cmd("main_phase", eng, games, players)


def end_player_turn(eng, games, players):
    _cmd("end_turn", eng, games, players)


def player_turn(eng, games, player):
    _cmd("player_turn", eng, games, player)


def adversary_turn(eng, games):
    _cmd("adversary_turn", eng, games)


def run_trigger(eng, trigger: str, games, side, card, slot):
    """Resolve one card's ``trigger`` (a name of ``layout.TRIGGERS``) in each game."""
    slot = -1 if slot is None else slot
    _cmd("run_trigger", eng, games, card, L.TRIGGERS.index(trigger), side, slot)


def draw(eng, games, players, count):
    _cmd("draw", eng, games, players, count)


def take_pile(eng, games, players):
    _cmd("take_pile", eng, games, players)


def add_to_ether(eng, games, actor, mana):
    """Add ``mana`` ((n, E) or (E,)) to each game's Available Ether, ``actor`` deciding."""
    games = np.atleast_1d(np.asarray(games))
    mana = np.broadcast_to(np.asarray(mana, np.int64), (len(games), L.E))
    actor = _rows(games, actor)
    for r, g in enumerate(games.tolist()):
        eng.work[g]["ctx_mana"][:] = mana[r]
        eng.run("add_to_ether", [g], [actor[r]])


def take_from_ether(eng, games, players, amount, element=None):
    _cmd("take_from_ether", eng, games, players, amount, -1 if element is None else element)


def deal_damage(eng, games, side, card, target, amount, unpreventable=False):
    _cmd("deal_damage", eng, games, side, card, target, amount, int(bool(unpreventable)))


def leave_board(eng, games, players, slots, dest):
    _cmd("leave_board", eng, games, players, slots, dest)


def check_defeats(eng, games=None):
    _cmd("check_defeats", eng, games)


def player_out(eng, games, players, reason):
    _cmd("player_out", eng, games, players, reason)


def discard_down_to_hand_size(eng, games, players, reason: str = "hand_limit"):
    _cmd("discard_down", eng, games, players, L.DISCARD_REASONS.index(reason))


def deal_starting_hands(eng, games=None):
    _cmd("deal_starting_hands", eng, games)


def play_to_end(eng, games=None):
    """Play each game on from where its state stands to its end (a copied game, a position)."""
    _cmd("play", eng, games, eng.options.max_rounds * eng.info.players)


def play_turn(eng, game: int) -> bool:
    """Play game ``game`` on until its next player turn has ended; False once it is over."""
    return bool(eng.run("play_turn", [game], [eng.options.max_rounds * eng.info.players])[0])


def is_mage_noir(eng, games, players) -> np.ndarray:
    return _cmd("is_mage_noir", eng, games, players).astype(bool)


def component_instances(eng, games, players, word: int) -> np.ndarray:
    return _cmd("instances", eng, games, players, word)


def component_counts(eng, games, players, words) -> np.ndarray:
    """(n, W) distinct components providing each of ``words`` (global word ids)."""
    words = np.atleast_1d(words)
    return np.stack([_cmd("component_count", eng, games, players, w) for w in words], axis=1)


def deck_counts(eng, games, players) -> np.ndarray:
    """(n, C) copies of each card kind left in each deck."""
    games = np.atleast_1d(np.asarray(games))
    players = _rows(games, players)
    out = np.zeros((len(games), eng.info.size), np.int64)
    for r, g in enumerate(games.tolist()):
        deck = eng.records["deck"][g, players[r], :eng.records["deck_len"][g, players[r]]]
        out[r] = np.bincount(deck, minlength=eng.info.size)[:eng.info.size]
    return out


def readiness(eng, games, players) -> list[dict]:
    """Per game: the costs (C, E), shortfalls (C, W) and missing components (C,) of preparing
    each player card now, and the Mage Noir status (what a main-phase decision reads)."""
    out = []
    n, nw = eng.info.n_player_cards, len(eng.info.words)
    for r, g in enumerate(np.atleast_1d(np.asarray(games)).tolist()):
        eng.command("readiness", g, _rows([g], players)[0] if np.ndim(players) == 0 else players[r])
        wk = eng.work[g]
        out.append({"cost": wk["rd_cost"][:n].copy(), "shortfall": wk["rd_short"][:n, :nw].copy(),
                    "missing": wk["rd_missing"][:n].copy(),
                    "affordable": wk["rd_affordable"][:n].astype(bool),
                    "mage_noir": bool(wk["rd_mage_noir"])})
    return out


def effective_cost(eng, games, players) -> np.ndarray:
    """(n, C, E) the Mana cost of preparing each card kind now (Adversary cards: 0)."""
    cost = np.zeros((len(np.atleast_1d(games)), eng.info.size, L.E), np.int64)
    for r, ready in enumerate(readiness(eng, games, players)):
        cost[r, :eng.info.n_player_cards] = ready["cost"]
    return cost


def can_prepare(eng, games, players) -> np.ndarray:
    """(n, C) bool the card kinds each player may prepare now (R7.1)."""
    games = np.atleast_1d(np.asarray(games))
    players = _rows(games, players)
    out = np.zeros((len(games), eng.info.size), bool)
    for r, g in enumerate(games.tolist()):
        eng.command("can_prepare", g, players[r])
        out[r] = eng.work[g]["legal_prepare"][:eng.info.size].astype(bool)
    return out


def legal_actions(eng, games, players) -> np.ndarray:
    """(n, A) bool the legal main-phase actions of each player (the flat action space of
    ``actions.action_offsets``)."""
    games = np.atleast_1d(np.asarray(games))
    players = _rows(games, players)
    rows = []
    for r, g in enumerate(games.tolist()):
        n = eng.command("legal_actions", g, players[r])
        rows.append(eng.work[g]["opt"][:n].astype(bool))
    return np.stack(rows)


def main_action_choice(eng, games, players) -> np.ndarray:
    """The main-phase action the bot would take now in each game (nothing is done)."""
    return _cmd("main_action_choice", eng, games, players)


def choose_mana_elements(eng, games, decider, amount) -> np.ndarray:
    """(n, E) the elements of ``amount`` Mana, chosen one at a time by ``decider``."""
    games = np.atleast_1d(np.asarray(games))
    decider, amount = _rows(games, decider), _rows(games, amount)
    out = np.zeros((len(games), L.E), np.int64)
    for r, g in enumerate(games.tolist()):
        eng.run("mana_elements", [g], [decider[r], amount[r]])
        out[r] = eng.work[g]["ctx_mana"]
    return out


def ask(eng, game: int, kind: str, player: int, options, **context) -> int:
    """The bot's answer to a question of ``kind`` with these legal ``options`` and context
    (``ctx_*`` fields of the work record: e.g. ``cards=...`` for ``effect_order``), asked
    through the engine's decision gateway: no legal option, or an answer outside them, is an
    :class:`EngineError`."""
    wk = eng.work[game]
    options = np.asarray(options, bool).ravel()
    wk["n_opt"] = len(options)
    wk["opt"][:len(options)] = options
    for key, value in context.items():
        field, values = wk["ctx_" + key], np.ravel(value)
        if field.ndim:
            field.reshape(-1)[:len(values)] = values
        else:
            wk["ctx_" + key] = values[0]
    return eng.command("choose", game, L.DECISION_KINDS.index(kind), player)


# --- handlers ---
def turn_boundary(eng, games):
    """A player turn starts or ends: the "this turn" effects of each game are over."""
    _cmd("turn_boundary", eng, games)


def lose_hp(eng, games, players, amount):
    """Each player loses ``amount`` HP (an HP loss, not damage)."""
    _cmd("lose_hp", eng, games, players, amount)


def fewer_components_allowed(eng, games, players) -> np.ndarray:
    """(n, C) components each card kind may leave out now (0 for the Adversary's cards)."""
    games = np.atleast_1d(np.asarray(games))
    players = _rows(games, players)
    out = np.zeros((len(games), eng.info.size), np.int64)
    for r, g in enumerate(games.tolist()):
        for c in range(eng.info.n_player_cards):
            out[r, c] = eng.command("fewer_allowed", g, players[r], c)
    return out


def action_space(eng) -> SimpleNamespace:
    """Where each group of the flat main-phase action space starts (``ability``, ``prepare``,
    ``activate``, ``channel``, ``trade``) and its ``size`` (``actions.action_offsets``)."""
    names = ("ability", "prepare", "activate", "channel", "trade", "size")
    return SimpleNamespace(**{name: eng.command("action_offset", 0, i)
                              for i, name in enumerate(names)})


def indestructible_slots(eng, games, players) -> np.ndarray:
    """(n, S) bool own board cards that cannot be destroyed now."""
    games = np.atleast_1d(np.asarray(games))
    players = _rows(games, players)
    return np.array([[eng.command("is_indestructible", g, players[r], s) != 0
                      for s in range(eng.info.slots)] for r, g in enumerate(games.tolist())],
                    bool).reshape(len(games), eng.info.slots)
