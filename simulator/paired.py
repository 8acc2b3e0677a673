"""Several runs on the same games, played side by side: the engine of every paired measure
(``compare``, ``run --scenario all``, card ``value``).

Each *side* is one run (decks, scenario level, bot, rule options) of the same seed, so game
``i`` of every side has the same game seed (common random numbers, DESIGN.md 3.5). The sides
are played chunk by chunk in turns, in one stream of chunks over the backend: chunk ``k`` of
the first side, chunk ``k`` of the second, ..., then chunk ``k + 1`` of each.

Why in turns, chunk by chunk: a comparison is made of the games every side finished. Played
one side after the other (or in large blocks), a Ctrl-C would leave one side with many games
and another with few, and all the games beyond the shortest side's would be lost. In turns,
the sides never differ by more than one chunk (a fraction of a second of play): a side's
chunk joins its results once every side has played that chunk's games, so an interruption
leaves every side with the same games and loses a chunk of each at most, as ``run`` loses
the chunks under way. One stream for every side also keeps
the workers busy across the sides (no side waits for another's last chunk), and a dask
cluster receives the shared inputs (every side's matchup, the cards) once.

Each side's result is exactly the run one :func:`simulator.run.simulate` call with the same
arguments gives (the same games, counts and command), because game ``i`` of a seed is the
same game whatever the chunks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from simulator import bots
from simulator.backends import Backend, auto_batch, open_backend
from simulator.engine.host.batch import Matchup
from simulator.engine.rules.options import RuleOptions
from simulator.run import (
    DEFAULT_GAMES,
    Chunk,
    ProgressBar,
    SimulationResult,
    _play_chunk,
    _Runner,
    check_games,
    prepare_run,
    reproduce_command,
    run_settings,
)

__all__ = ["Side", "play_sides"]


@dataclass(frozen=True)
class Side:
    """One run of a paired measure: its decks (Deck objects, paths or example names),
    scenario, level (None: the scenario's default) and its own arguments of
    :func:`~simulator.run.simulate` (``bot``, ``rollouts``, ``options``), which override the
    shared ones."""

    decks: object
    scenario: object
    level: str | None = None
    own: tuple[tuple[str, object], ...] = ()


def _play_side_chunk(matchups: tuple[Matchup, ...], db, seed: int, side: int, first: int,
                     count: int, bot: str, options: RuleOptions, keep_turns: bool) -> tuple[int, Chunk]:
    """One chunk of one side (module level: loky, dask and ray workers import it)."""
    return side, _play_chunk(matchups[side], db, seed, first, count, bot, options, keep_turns)


def play_sides(sides: Sequence[Side], games: int | None = None, seed: int = 1,
               players: int | None = None, bot: str = bots.DEFAULT_BOT,
               rollouts: int | None = None, options: RuleOptions | None = None, db=None,
               backend: str | Backend = "local", jobs: int | None = None,
               scheduler: str | None = None, batch_size: int | None = None,
               progress: bool | None = None, on_chunk: Callable[[int, int], None] | None = None,
               keep_turns: bool = False, min_cards: int = 40) -> list[SimulationResult]:
    """Play games ``0 .. games-1`` of ``seed`` on every side, in turns chunk by chunk; one
    :class:`~simulator.run.SimulationResult` per side, in order.

    The other arguments are :func:`~simulator.run.simulate`'s, shared by every side (a side's
    ``own`` overrides them). Every input is checked before any game. ``on_chunk(done,
    planned)``: after each finished chunk, ``done`` games of every side together.

    Ctrl-C (KeyboardInterrupt, also one raised by ``on_chunk``): every side comes back with
    the games every side finished, marked partial (the chunks of the turn under way are
    left out: a chunk of each side at most); KeyboardInterrupt again when not every side
    finished a chunk."""
    games = DEFAULT_GAMES if games is None else games
    check_games(games)
    shared = {"players": players, "bot": bot, "rollouts": rollouts, "options": options}
    prepared = []
    for side in sides:
        args = {**shared, **dict(side.own)}
        matchup, spec, opts, db = prepare_run(side.decks, side.scenario, side.level, args["players"],
                                              seed, args["bot"], args["rollouts"], args["options"],
                                              db, min_cards, games, batch_size, jobs)
        prepared.append((matchup, spec, opts))
    owned = not isinstance(backend, Backend)
    executor = open_backend(backend, jobs, scheduler, games=games * len(sides)) if owned else backend
    runners = [_Runner(m, db, seed, spec, opts, keep_turns, executor, _NO_BAR, None, games)
               for m, spec, opts in prepared]
    bar = ProgressBar(games * len(sides), progress)
    stream = executor.imap(_play_side_chunk, (tuple(m for m, _, _ in prepared), db, seed),
                           _items(prepared, games, batch_size, executor.workers, keep_turns))
    done, turn = 0, []
    try:
        for side, chunk in stream:
            turn.append((side, chunk))
            if len(turn) == len(runners):  # a chunk of every side: the sides' games grow alike
                for k, played in turn:
                    runners[k].fold(played)
                turn.clear()
            done += len(chunk.games["game"])
            bar.update(done)
            if on_chunk is not None:
                on_chunk(done, games * len(sides))
    except KeyboardInterrupt:
        for runner in runners:
            runner.partial = True
        if runners[0].aggregate is None:
            raise  # not one chunk of every side: nothing to compare
    finally:
        close = getattr(stream, "close", None)
        if close is not None:  # stops the chunks not yet needed after an interruption
            close()
        bar.close()
        if owned:
            executor.close()
    return [_result(runner, games) for runner in runners]


def _items(prepared: list, games: int, batch_size: int | None, workers: int,
           keep_turns: bool) -> Iterator[tuple]:
    """The chunks of every side in turns: ``(side, first, count, bot, options, keep_turns)``,
    made as the backend takes them. One chunk size for every side (the smallest any side's
    bot allows), so the sides stay one chunk apart at most."""
    players = max(m.players for m, _, _ in prepared)
    caps = [bots.get(spec).chunk_cap for _, spec, _ in prepared]
    cap = min((c for c in caps if c is not None), default=None)
    size = batch_size or auto_batch(games, workers, players, cap)
    for first in range(0, games, size):
        for k, (_, spec, opts) in enumerate(prepared):
            yield k, first, min(size, games - first), spec, opts, keep_turns


def _result(runner: _Runner, games: int) -> SimulationResult:
    """A side's result: what one ``simulate`` call of its games would return."""
    matchup, db, seed = runner.shared
    settings = run_settings(matchup, db, seed, runner.bot, runner.options, runner.keep_turns)
    played = runner.aggregate.games
    settings["command"] = reproduce_command(settings, played if runner.partial else games, None)
    return SimulationResult(runner.tables, settings, runner.aggregate, runner.partial, games)


class _NoBar:
    """A progress bar that draws nothing: the stream's own bar counts every side."""

    def update(self, done: float, note: str = "") -> None:
        pass


_NO_BAR = _NoBar()
