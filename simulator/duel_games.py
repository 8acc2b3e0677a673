"""Playing duels: the Python core of the 1 vs 1 and 2 vs 2 modes (docs/rules.md R13).

The commands ``duel`` and ``gauntlet`` and their statistics build on this module; it plays
games and returns them as tidy arrays, nothing more. Its contract, kept stable:

- A :class:`Side` is one deck (1 vs 1) or a team of two decks (2 vs 2), each deck with its
  bot (a spec of ``simulator.bots``: ``planner``, ``lookahead:16``, ...). :func:`make_side`
  builds one from deck objects, files or example deck names.
- Game ``g`` of a run with seed ``S`` has the game seed ``rng.game_seeds(S, g, 1)``, as in
  solo. ``order`` says which side's seat plays first: ``"both"`` plays every game twice,
  side 0 first then side 1 first (two rows per game, in that order: seat-swapped pairs on the
  same seed), ``"alternate"`` puts side ``g % 2`` first, ``0`` or ``1`` that side every time.
- Seats play in seat order. In 1 vs 1 the first side sits in seat 0; in 2 vs 2 the teams
  alternate (seats 0 and 2 are the first side's decks, in the side's order, 1 and 3 the
  other's: the rulesheet's P1, P3, P2, P4). A player's shuffles and the seats' decisions
  are keyed by seat, so a game is a function of (seed, who sits where, the bots): ``A``
  against ``B`` with ``A`` first is the very same game whether the sides were given as
  ``(A, B)`` or ``(B, A)``.
- Results are per *position*, the decks in side order: ``s1`` and ``s2`` in 1 vs 1,
  ``s1a``, ``s1b``, ``s2a``, ``s2b`` in 2 vs 2 (:attr:`DuelGames.positions`). Outcomes are
  per side, ``layout.OUTCOME_NAMES`` codes: ``win``, ``loss_hp``, ``loss_deck`` (how the
  side's last seat went out), ``draw`` (every seat out at the same moment, R4.3),
  ``timeout`` (``max_rounds`` reached, both sides).
- :func:`play_duel_games` plays one batch on threads of this process; :func:`run_duel_games`
  plays any number of games in chunks on the run backends (``simulator.backends``: the
  same chunking, seeds and backends as solo runs), the result the same whatever the chunks,
  threads or backend. :func:`replay_duel` prints one game's transcript, the players named
  by seat and deck (``P1 (fire-flames)``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path

import numpy as np

from simulator import bots
from simulator.bots import DEFAULT_BOT
from simulator.cards import CardDB, load_cards
from simulator.decks import Deck
from simulator.deferred import pandas as pd
from simulator.engine.host.batch import Matchup, batch_labels, new_work, play_arrays
from simulator.engine.host.tables import DUEL_SEATS, build_batch_tables
from simulator.engine.host.transcript import lines as transcript_lines
from simulator.engine.rules import layout as L
from simulator.engine.rules import rng
from simulator.engine.rules.errors import EngineError
from simulator.engine.rules.options import RuleOptions
from simulator.errors import UserError

#: The mode of a duel whose sides hold this many decks each.
MODE_OF_SIZE = {1: "duel", 2: "teams"}
ORDERS = ("both", "alternate", 0, 1)
#: Runs of at most this many games keep the per-turn arrays by default (as solo runs do).
KEEP_TURNS_UP_TO = 20_000


@dataclass(frozen=True)
class Side:
    """One side of a duel: its deck, or its team's two decks in the order their seats play,
    and each deck's bot (a bot spec)."""

    decks: tuple[Deck, ...]
    bots: tuple[str, ...]

    def __post_init__(self) -> None:
        if len(self.decks) not in MODE_OF_SIZE:
            raise UserError(f"a side is one deck (1 vs 1) or a team of two (2 vs 2), not "
                            f"{len(self.decks)} decks ({self.name})")
        if len(self.bots) != len(self.decks):
            raise ValueError(f"{len(self.bots)} bots for {len(self.decks)} decks")

    @property
    def name(self) -> str:
        """The decks' names joined by ``+`` (a team), as a command line writes them."""
        return "+".join(d.name for d in self.decks)


def make_side(decks: Deck | str | Path | Sequence[Deck | str | Path],
              bot: str | Sequence[str] = DEFAULT_BOT, db: CardDB | None = None,
              min_cards: int = 40) -> Side:
    """A :class:`Side` from Deck objects, deck files or example deck names (one, or a team
    of two), with one bot spec for all its decks or one per deck; user errors name a deck
    that does not load and a bot that does not exist."""
    from simulator.decks import load_deck

    db = db or load_cards()
    if isinstance(decks, (str, Path, Deck)):
        decks = [decks]
    loaded = tuple(d if isinstance(d, Deck) else load_deck(d, db, min_cards=min_cards)
                   for d in decks)
    specs = [bot] * len(loaded) if isinstance(bot, str) else list(bot)
    return Side(loaded, tuple(bots.spec(b) for b in specs))


def check_sides(sides: Sequence[Side]) -> str:
    """The mode of a duel between ``sides`` ("duel" or "teams"); a user error unless there
    are two sides of as many decks."""
    if len(sides) != 2:
        raise UserError(f"a duel has two sides, not {len(sides)}")
    sizes = {len(s.decks) for s in sides}
    if len(sizes) != 1:
        raise UserError(f"{sides[0].name} and {sides[1].name} do not play the same mode: a "
                        "2 vs 2 team (two decks joined by +) plays another team")
    return MODE_OF_SIZE[sizes.pop()]


def position_names(per_side: int) -> tuple[str, ...]:
    """The positions' labels: ``s1``, ``s2``; or ``s1a``, ``s1b``, ``s2a``, ``s2b``."""
    if per_side == 1:
        return ("s1", "s2")
    return tuple(f"s{side + 1}{'ab'[j]}" for side in range(2) for j in range(per_side))


def seating(sides: Sequence[Side], first: int) -> tuple[tuple[Deck, ...], tuple[str, ...],
                                                        np.ndarray]:
    """``(decks, bots, position)`` by seat when side ``first`` plays first: the teams
    alternate around the table; ``position[q]`` is the position of seat ``q``."""
    per_side = len(sides[0].decks)
    decks, specs, position = [], [], []
    for q in range(per_side * 2):
        side = first if q % 2 == 0 else 1 - first
        j = q // 2
        decks.append(sides[side].decks[j])
        specs.append(sides[side].bots[j])
        position.append(side * per_side + j)
    return tuple(decks), tuple(specs), np.array(position, np.int64)


@dataclass
class DuelGames:
    """Duel games as tidy arrays, one row per game played (game first; ``P`` the positions,
    in side order; ``T`` the per-turn horizon, ``max_rounds`` times the seats).

    Per-turn arrays are None when not kept (``keep_turns``)."""

    sides: tuple[str, str]          # the sides' names
    positions: tuple[str, ...]      # (P,) the positions' labels
    decks: tuple[str, ...]          # (P,) the deck name at each position
    game: np.ndarray                # (N,) int64 game index (its seed: rng.game_seeds)
    seed: np.ndarray                # (N,) uint64 game seed
    first_side: np.ndarray          # (N,) int8 the side whose seat played first (0, 1)
    outcome: np.ndarray             # (N, 2) int8 OUTCOME_NAMES code of each side
    turns: np.ndarray               # (N,) int16 turns played (the turn the game ended on)
    seat: np.ndarray                # (N, P) int8 the seat of each position (0 plays first)
    final_hp: np.ndarray            # (N, P) int32 HP at the end (out: 0 or below)
    out_reason: np.ndarray          # (N, P) int8 OUT_* (0: still in)
    damage_taken: np.ndarray        # (N, P) int32 HP lost over the game
    mana_taken: np.ndarray          # (N, P) int32 Mana taken from the Available Ether
    mage_noir_turn: np.ndarray      # (N, P) int16 first turn as a Mage Noir, 0 never
    last_hit: np.ndarray            # (N, P) object name of the card that last took HP, ""
    hp_by_turn: np.ndarray | None = None     # (N, T, P) int16 HP after each turn
    taken_by_turn: np.ndarray | None = None  # (N, T, P) int32 cumulative HP lost
    mover_by_turn: np.ndarray | None = None  # (N, T) int8 position that played turn t, -1
    settings: dict = field(default_factory=dict)  # seed, order, bots, rule options

    def __len__(self) -> int:
        return len(self.game)

    def outcome_names(self, side: int) -> np.ndarray:
        """(N,) side ``side``'s outcome by name."""
        return np.asarray(L.OUTCOME_NAMES, dtype=object)[self.outcome[:, side]]

    def frame(self) -> pd.DataFrame:
        """One row per game: game, seed, first (the side that played first, 1 or 2), turns,
        ``outcome_s1``, ``outcome_s2``, and per position ``seat_X`` (1 plays first),
        ``final_hp_X`` (0 for a seat out), ``damage_taken_X``, ``mana_taken_X``,
        ``mage_noir_turn_X``, ``last_hit_by_X``."""
        data = {"game": self.game, "seed": self.seed, "first": self.first_side + 1,
                "turns": self.turns.astype(np.int64)}
        for side in range(2):
            data[f"outcome_s{side + 1}"] = pd.Categorical.from_codes(
                self.outcome[:, side], categories=L.OUTCOME_NAMES)
        for k, pos in enumerate(self.positions):
            data[f"seat_{pos}"] = self.seat[:, k] + 1
            data[f"final_hp_{pos}"] = np.maximum(self.final_hp[:, k], 0)
            data[f"damage_taken_{pos}"] = self.damage_taken[:, k]
            data[f"mana_taken_{pos}"] = self.mana_taken[:, k]
            data[f"mage_noir_turn_{pos}"] = self.mage_noir_turn[:, k]
            data[f"last_hit_by_{pos}"] = self.last_hit[:, k]
        return pd.DataFrame(data)

    def turns_frame(self) -> pd.DataFrame:
        """One row per game and turn played: game, turn, mover (the position that played
        it), ``hp_X`` (0 for a seat out) and ``taken_X`` (cumulative HP lost) per position."""
        if self.hp_by_turn is None:
            raise ValueError("these games did not keep the per-turn arrays (keep_turns=False)")
        t = self.hp_by_turn.shape[1]
        g, tt = np.nonzero(np.arange(t)[None, :] < self.turns.astype(np.int64)[:, None])
        mover = self.mover_by_turn[g, tt]
        names = np.asarray([*self.positions, ""], dtype=object)
        data = {"game": self.game[g], "turn": (tt + 1).astype(np.int16), "mover": names[mover]}
        for k, pos in enumerate(self.positions):
            data[f"hp_{pos}"] = np.maximum(self.hp_by_turn[g, tt, k], 0)
            data[f"taken_{pos}"] = self.taken_by_turn[g, tt, k]
        return pd.DataFrame(data)


ROW_FIELDS = tuple(f.name for f in fields(DuelGames)
                   if f.name not in ("sides", "positions", "decks", "settings"))


def concat(parts: Sequence[DuelGames]) -> DuelGames:
    """The games of ``parts`` (of one duel) one after the other."""
    first = parts[0]
    rows = {}
    for name in ROW_FIELDS:
        values = [getattr(p, name) for p in parts]
        rows[name] = None if values[0] is None else np.concatenate(values)
    return DuelGames(first.sides, first.positions, first.decks, settings=first.settings,
                     **rows)


def _first_sides(order, first_game: int, count: int) -> tuple[np.ndarray, np.ndarray]:
    """``(games, first)``: the game index and the first side of each row to play."""
    games = np.arange(first_game, first_game + count, dtype=np.int64)
    if order == "both":
        return np.repeat(games, 2), np.tile(np.array([0, 1], np.int8), count)
    if order == "alternate":
        return games, (games % 2).astype(np.int8)
    if order in (0, 1):
        return games, np.full(count, order, np.int8)
    raise UserError(f"order must be one of {', '.join(map(str, ORDERS))}, not {order!r}")


def play_duel_games(sides: Sequence[Side], seed: int = 1, first_game: int = 0, count: int = 1,
                    order: str | int = "both", options: RuleOptions | None = None,
                    db: CardDB | None = None, threads: int = 1,
                    keep_turns: bool = True) -> DuelGames:
    """Play games ``first_game .. first_game + count - 1`` of the duel between ``sides``
    with run seed ``seed``, each seat played by its deck's bot, on ``threads`` threads of
    this process (see the module docstring for ``order`` and the results)."""
    mode = check_sides(sides)
    db = db or load_cards()
    options = options or RuleOptions()
    games, first = _first_sides(order, first_game, count)
    seeds = rng.game_seeds(seed, first_game, count)[games - first_game]
    per_side = len(sides[0].decks)
    # the card names of the local ids, the same whoever sits first (the decks' cards in
    # database order)
    names = batch_labels(Matchup(seating(sides, 0)[0], None, None, mode), db).all_names
    parts, rows = [], []
    for f in (0, 1):
        picked = np.flatnonzero(first == f)
        if len(picked) == 0:
            continue
        decks, specs, position = seating(sides, f)
        matchup = Matchup(decks, None, None, mode)
        summary, _, tracks = play_arrays(matchup, db, seeds[picked],
                                         tuple(bots.get(b) for b in specs), options, threads)
        parts.append(_rows(summary, tracks, games[picked], f, position, names, keep_turns))
        rows.append(picked)
    order_back = np.argsort(np.concatenate(rows), kind="stable")
    games_out = concat(parts)
    for name in ROW_FIELDS:
        value = getattr(games_out, name)
        if value is not None:
            setattr(games_out, name, value[order_back])
    games_out.sides = (sides[0].name, sides[1].name)
    games_out.positions = position_names(per_side)
    games_out.decks = tuple(d.name for s in sides for d in s.decks)
    games_out.settings = {"seed": seed, "first_game": first_game, "order": order,
                          "mode": mode, "bots": [list(s.bots) for s in sides],
                          "rule_options": options.as_dict()}
    return games_out


def _rows(summary: np.ndarray, tracks: dict, games: np.ndarray, first: int,
          position: np.ndarray, names: Sequence[str], keep_turns: bool) -> DuelGames:
    """The :class:`DuelGames` rows of one batch whose seats sat ``position`` (side ``first``
    playing first): seat columns reordered into positions."""
    n, seats = len(games), len(position)
    at = np.argsort(position)  # at[k]: the seat of position k

    def by_position(column: int, dtype) -> np.ndarray:
        return summary[:, column:column + seats][:, at].astype(dtype)

    hit_names = np.array([*names, ""], dtype=object)  # index -1: nothing hit the seat
    team = summary[:, L.SUM_TEAM_OUTCOME:L.SUM_TEAM_OUTCOME + L.TEAMS].astype(np.int8)
    outcome = team if first == 0 else team[:, ::-1]
    kept = {}
    if keep_turns:
        mover = tracks["player"].astype(np.int64)
        kept = dict(hp_by_turn=tracks["hp"][:, :, at], taken_by_turn=tracks["taken"][:, :, at],
                    mover_by_turn=np.where(mover >= 0, position[np.maximum(mover, 0)],
                                           -1).astype(np.int8))
    return DuelGames(
        (), (), (), game=games, seed=summary[:, L.SUM_SEED].astype(np.uint64),
        first_side=np.full(n, first, np.int8), outcome=np.ascontiguousarray(outcome),
        turns=summary[:, L.SUM_END_TURN].astype(np.int16),
        seat=np.tile(at.astype(np.int8), (n, 1)),
        final_hp=by_position(L.SUM_HP, np.int32),
        out_reason=by_position(L.SUM_OUT_REASON, np.int8),
        damage_taken=by_position(L.SUM_DAMAGE_TAKEN, np.int32),
        mana_taken=by_position(L.SUM_MANA_TAKEN, np.int32),
        mage_noir_turn=by_position(L.SUM_MAGE_NOIR_TURN, np.int16),
        last_hit=hit_names[by_position(L.SUM_LAST_HIT, np.int64)], **kept)


def _duel_chunk(sides, db, seed, order, options, keep_turns, first, count) -> DuelGames:
    """One chunk of :func:`run_duel_games` (a backend task): the games ``first ..``."""
    return play_duel_games(sides, seed, first, count, order, options, db, 1, keep_turns)


def run_duel_games(sides: Sequence[Side], games: int, seed: int = 1, first_game: int = 0,
                   order: str | int = "both", options: RuleOptions | None = None,
                   db: CardDB | None = None, jobs: int | None = None,
                   backend: str = "local", scheduler: str | None = None,
                   batch_size: int | None = None, keep_turns: bool | None = None,
                   on_chunk=None) -> DuelGames:
    """Play ``games`` games of the duel (from ``first_game``) in chunks on a run backend
    (``local`` threads by default, ``loky``, ``dask``, ``ray``: ``simulator.backends``),
    ``on_chunk(done, planned)`` after each. The result is the same whatever ``jobs``,
    ``batch_size`` and ``backend``."""
    from simulator.backends import auto_batch, open_backend
    from simulator.run import check_games, check_seed, chunk_ranges

    check_games(games)
    check_seed(seed)
    mode = check_sides(sides)
    db = db or load_cards()
    options = options or RuleOptions()
    keep_turns = games <= KEEP_TURNS_UP_TO if keep_turns is None else keep_turns
    caps = [cap for cap in (bots.get(b).chunk_cap for s in sides for b in s.bots) if cap]
    with open_backend(backend, jobs, scheduler, games=games) as executor:
        chunk = batch_size or auto_batch(games, executor.workers, DUEL_SEATS[mode],
                                         min(caps) if caps else None)
        items = ((order, options, keep_turns, first, n)
                 for first, n in chunk_ranges(first_game + games, chunk, first_game))
        parts, done = [], 0
        for part in executor.imap(_duel_chunk, (sides, db, seed), items):
            parts.append(part)
            done += len(np.unique(part.game))
            if on_chunk is not None:
                on_chunk(done, games)
    result = concat(parts)
    result.sides, result.positions, result.decks = (parts[0].sides, parts[0].positions,
                                                    parts[0].decks)
    result.settings = dict(parts[0].settings, first_game=first_game, games=games)
    return result


def replay_duel(sides: Sequence[Side], seed: int = 1, game: int = 0, first_side: int = 0,
                options: RuleOptions | None = None, db: CardDB | None = None,
                states: list | None = None) -> str:
    """The transcript of game ``game`` of the duel with run seed ``seed``, side
    ``first_side`` playing first: the very game :func:`play_duel_games` plays (tested), its
    players named by seat and deck, ``P1 (fire-flames)``. An engine error raises with the
    transcript up to it (``err.transcript``); ``states`` as for ``replay.replay_game``."""
    from simulator.replay import check_game_index
    from simulator.run import check_seed

    mode = check_sides(sides)
    check_game_index(game)
    check_seed(seed)
    if first_side not in (0, 1):
        raise UserError(f"the first side is 0 or 1, not {first_side}")
    db = db or load_cards()
    options = options or RuleOptions()
    decks, specs, _ = seating(sides, first_side)
    matchup = Matchup(decks, None, None, mode)
    _, info = build_batch_tables(matchup, db, options)
    labels = [f"P{q + 1} ({d.name})" for q, d in enumerate(decks)]
    header = (f"Game {game} of the duel with seed {seed}: {sides[0].name} against "
              f"{sides[1].name}, {sides[first_side].name} first; seats "
              + ", ".join(f"{label} {bots.label(b)}" for label, b in zip(labels, specs, strict=True)))
    work = new_work(1)
    work["log_on"] = 1
    seeds = rng.game_seeds(seed, game, 1)
    try:
        summary, _, _ = play_arrays(matchup, db, seeds, tuple(bots.get(b) for b in specs),
                                    options, work=work)
    except EngineError as err:
        err.transcript = "\n".join([header, *_seat_lines(work, info, labels),
                                    f"Engine error here: {err}"])
        raise
    team = summary[0, L.SUM_TEAM_OUTCOME:L.SUM_TEAM_OUTCOME + L.TEAMS]
    side_of_team = (first_side, 1 - first_side)
    results = "; ".join(f"{sides[side_of_team[t]].name} {L.OUTCOME_NAMES[int(team[t])]}"
                        for t in range(L.TEAMS))
    hp = ", ".join(f"{label} {max(0, int(summary[0, L.SUM_HP + q]))}"
                   for q, label in enumerate(labels))
    footer = f"Result: {results}, on turn {int(summary[0, L.SUM_END_TURN])}; HP {hp}"
    return "\n".join([header, *_seat_lines(work, info, labels, states), footer])


def _seat_lines(work: np.ndarray, info, labels: Sequence[str],
                states: list | None = None) -> list[str]:
    """The logged game's transcript lines with "player N" written as the seat's label."""
    recorded = int(work["log_len"][0])
    found: list = []
    out = transcript_lines(work["log"][0][:min(recorded, L.LOG_MAX)], info.names, len(labels),
                           found)
    if states is not None:
        states += [(before + 1, rows) for before, rows in found]
    if recorded > L.LOG_MAX:
        out.append(f"(the transcript stops here: the game's {recorded:,} events exceed the "
                   f"engine's log of {L.LOG_MAX:,})")
    return [name_seats(line, labels) for line in out]


_PLAYER = re.compile(r"\bplayer ([1-4])\b")


def name_seats(line: str, labels: Sequence[str]) -> str:
    """``line`` with each "player N" written as seat N's label."""
    return _PLAYER.sub(lambda m: labels[int(m.group(1)) - 1], line)
