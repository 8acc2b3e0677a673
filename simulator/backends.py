"""Where the chunks of a run are played: threads here, processes here, a dask.distributed
cluster, or ray.

A run is a list of chunks (ranges of game indices); every backend plays the same
module-level chunk function (``simulator.run._play_chunk``) on the same inputs and hands
the results back **in chunk order**, so the run folds them identically whatever the
backend, the number of workers and the chunk size (game ``i`` of seed ``S`` is always the
same game). A backend only decides where a call runs:

- ``local`` (default): ``jobs`` threads of this process (default: one per core; 1: in the
  calling thread, no pool). The compiled engine releases the GIL while it plays
  (``nogil``), so threads play games in parallel with nothing to start, pickle or load
  again: every thread shares the process's compiled engine and inputs.
- ``loky``: joblib's pool of fresh processes on this machine, ``jobs`` of them (default:
  :func:`auto_jobs`); each worker imports the simulator and loads the compiled engine
  before its first game.
- ``dask``: a dask.distributed cluster through its Client (``submit`` / futures). With a
  scheduler address it connects to a running cluster; without one it starts a
  LocalCluster of ``jobs`` worker processes (default: one per core) and closes it at the
  end. The inputs every chunk shares (decks, scenario, card data) are sent to the cluster
  once, as one small task whose result the workers fetch; each chunk is then a task of a
  few hundred bytes. Tasks of a lost worker are rescheduled by dask (and the shared inputs
  recomputed from their task if their last copy is lost), and a chunk that raises is
  retried ``retries`` times, so a run survives a worker dying mid-run with the same result.
- ``ray``: ray's own tasks (``ray.remote``): the shared inputs are put in ray's object
  store once, each chunk is a task, read back in order as they finish (the same window of
  chunks in flight as dask). ``ray.init()`` honours ``RAY_ADDRESS`` (a running cluster) and
  starts a local ray otherwise, its own log lines silenced (errors only): the results are
  ours to print. ray hands results back as read-only arrays: nothing folds into a chunk's
  arrays in place (:meth:`simulator.stats.RunAggregate.merge` folds into a fresh aggregate).

Memory and time follow the games played, not the games asked: every backend takes its chunks
from an iterator, as it plays them, and keeps at most :data:`WINDOW_PER_WORKER` chunks per
worker in flight (submitted, running, or finished and not yet read). A run of a billion
games asked and stopped after a second has built a second's worth of chunks, no more.

dask and ray are optional extras (``pip install "magenoir-sim[dask]"``); asking for one that
is not installed is a :class:`~simulator.errors.UserError` naming the extra.
"""

from __future__ import annotations

import itertools
import logging
import os
import warnings
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor

from simulator.errors import UserError

BACKENDS = ("local", "loky", "dask", "ray")
DEFAULT_BACKEND = "local"
#: Most games of one player in a chunk of the automatic split (:func:`auto_batch`); a chunk
#: of P players holds ``MAX_BATCH // P`` games (a game's cost grows about linearly with its
#: players). Why this small: a run returns to Python only between chunks, to move the
#: progress bar and to notice Ctrl-C, and a chunk of 1,024 one-player games takes 0.07-0.11 s
#: on one thread of the development machine (256 four-player games about as long), so that
#: happens several times a second even on a machine three times slower. A chunk's fixed cost
#: (its tables, a fresh game, reducing its results) is about 3 ms, a few percent of it.
MAX_BATCH = 1024
#: Games each loky worker must have before a run without ``--jobs`` starts one: a fresh
#: process imports the simulator and loads the compiled engine first, about 1.5 s, the time
#: of some 20,000 games on one thread.
MIN_GAMES_PER_WORKER = 20_000
RETRIES = 2          # a dask chunk that raises is tried this many more times
CONNECT_TIMEOUT = 10  # seconds to reach a dask scheduler
WINDOW_PER_WORKER = 4  # chunks per worker in flight at once
#: Most threads or worker processes a run may ask for (``--jobs``): beyond this a machine
#: only pays for the threads' stacks and chunks in flight.
MAX_JOBS = 256

__all__ = ["BACKENDS", "Backend", "ThreadBackend", "JoblibBackend", "DaskBackend", "RayBackend",
           "open_backend", "auto_batch", "auto_jobs", "max_batch", "close_results"]


def max_batch(players: int = 1) -> int:
    """Most games in a chunk of the automatic split for games of ``players`` players."""
    return max(1, MAX_BATCH // max(1, players))


def auto_batch(games: int, workers: int, players: int = 1, cap: int | None = None) -> int:
    """Games per chunk when no batch size is given: the games split evenly over the workers
    (every worker busy), at most :func:`max_batch` games per chunk, and at most ``cap`` (a
    slow bot's, ``Bot.chunk_cap``: chunks of a second or two, so that the progress bar moves
    and an interruption keeps most games)."""
    most = max_batch(players) if cap is None else min(max_batch(players), cap)
    return max(1, min(most, -(-games // max(1, workers))))


def usable_cores() -> int:
    """CPUs this process may run on (its affinity mask where the OS has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def auto_jobs(games: int | None) -> int:
    """loky worker processes when ``--jobs`` is not given: one per core, but no more than
    have :data:`MIN_GAMES_PER_WORKER` games each, so a small run stays in this process
    (``games`` None, unknown: 1)."""
    if games is None:
        return 1
    return max(1, min(usable_cores(), games // MIN_GAMES_PER_WORKER))


def open_backend(name: str = DEFAULT_BACKEND, jobs: int | None = None,
                 scheduler: str | None = None, games: int | None = None) -> Backend:
    """The backend called ``name`` (local, loky, dask, ray), ready to play chunks; close it after
    (it is a context manager). ``jobs``: threads (local: default one per usable core) or
    worker processes (loky: default :func:`auto_jobs` of ``games``, the games the backend is
    opened for; a local dask cluster: default one per core; ray: default every CPU of the ray
    cluster; ignored when connecting to a dask scheduler, whose workers decide).
    ``scheduler``: the address of a running dask scheduler (``tcp://host:8786``), dask only."""
    if str(name).strip().lower() not in BACKENDS:
        raise UserError(f"--backend must be one of {', '.join(BACKENDS)}, not {name!r}")
    name = str(name).strip().lower()
    if jobs is not None and not 1 <= jobs <= MAX_JOBS:
        raise UserError(f"--jobs must be between 1 and {MAX_JOBS}, not {jobs}")
    if scheduler and name != "dask":
        raise UserError(f"--scheduler is for --backend dask (ray reads RAY_ADDRESS), not {name}")
    if name == "dask":
        return DaskBackend(scheduler, jobs)
    if name == "ray":
        return RayBackend(jobs)
    if name == "local":
        return ThreadBackend(jobs or usable_cores())
    return JoblibBackend("loky", jobs or auto_jobs(games))


def _missing_extra(backend: str, err: ImportError) -> UserError:
    return UserError(f"--backend {backend} needs the {backend} extra: "
                     f"pip install \"magenoir-sim[{backend}]\" (or pip install -e \".[{backend}]\" "
                     f"in a checkout); import failed: {err}")


class Backend:
    """Plays ``fn(*shared, *item)`` for each item and yields the results in item order.

    ``imap`` takes the items from an iterable as it goes (a generator of chunks is never
    built up front) and returns an iterator with a ``close()`` that stops the tasks not yet
    needed (after a Ctrl-C); the backend itself is closed with ``close()`` or a ``with`` block.
    """

    name = "base"

    @property
    def workers(self) -> int:
        """How many chunks run at once (what the automatic chunk size splits the games over)."""
        return 1

    def imap(self, fn: Callable, shared: tuple, items: Iterable[tuple]) -> Iterator:
        raise NotImplementedError

    def close(self) -> None:
        """Release what the backend started (pools, a local cluster, a local ray)."""

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def close_results(results: Iterator) -> None:
    """Stop the tasks of an ``imap`` whose results are no longer read (after a Ctrl-C or an
    error), quietly: joblib warns that its tasks were cancelled, which is the point."""
    close = getattr(results, "close", None)
    if close is not None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            close()


def _serial(fn: Callable, shared: tuple, items: Iterable[tuple]) -> Iterator:
    return (fn(*shared, *item) for item in items)


def _at_most_one(items: Iterable[tuple]) -> tuple[bool, Iterator[tuple]]:
    """(whether ``items`` holds at most one item, the same items again), reading two at most."""
    items = iter(items)
    head = list(itertools.islice(items, 2))
    return len(head) <= 1, itertools.chain(head, items)


def _in_flight(submit: Callable, items: Iterator[tuple], window: int, collect: Callable,
               drop: Callable) -> Iterator:
    """Results of ``submit(item)`` in item order, with at most ``window`` tasks submitted and
    not yet read. The first ``window`` are submitted now, not at the first result asked (the
    workers start at once); each result read lets one more in. ``collect(task)`` waits for a
    task's result; ``drop(tasks)`` cancels the tasks left when the caller stops early (Ctrl-C,
    an error, ``close()``)."""
    pending = deque(submit(item) for item in itertools.islice(items, window))

    def drain() -> Iterator:
        try:
            while pending:
                result = collect(pending.popleft())
                pending.extend(submit(item) for item in itertools.islice(items, window - len(pending)))
                yield result
        finally:
            if pending:
                drop(list(pending))

    return drain()


class JoblibBackend(Backend):
    """joblib's pool of ``loky`` processes, or joblib's Parallel with another of its backends
    (``threading`` in tests), handing results back one by one (``return_as="generator"``)."""

    def __init__(self, joblib_backend: str = "loky", jobs: int = 1) -> None:
        self.joblib_backend, self.jobs = joblib_backend, jobs
        self.name = joblib_backend

    @property
    def workers(self) -> int:
        return self.jobs

    def imap(self, fn: Callable, shared: tuple, items: Iterable[tuple]) -> Iterator:
        one, items = _at_most_one(items)
        if self.joblib_backend == "loky":
            if self.jobs == 1 or one:
                return _serial(fn, shared, items)  # no pool for one process: same calls, in order
            from joblib.externals.loky import get_reusable_executor

            # joblib's own pool of loky processes, fed a few chunks per worker ahead: joblib's
            # Parallel dispatches as tasks finish, not as results are read, so it is not used
            pool = get_reusable_executor(max_workers=self.jobs)
            return _in_flight(lambda item: pool.submit(fn, *shared, *item), items,
                              WINDOW_PER_WORKER * self.jobs, lambda future: future.result(),
                              lambda futures: [f.cancel() for f in futures])
        from joblib import Parallel, delayed

        parallel = Parallel(n_jobs=self.jobs, backend=self.joblib_backend, return_as="generator",
                            pre_dispatch=f"{WINDOW_PER_WORKER} * n_jobs", batch_size=1)
        return parallel(delayed(fn)(*shared, *item) for item in items)


class ThreadBackend(Backend):
    """A pool of ``jobs`` threads of this process, kept for the backend's life; each plays whole
    chunks (``jobs`` 1: the chunks are played in the calling thread, one after the other).

    Why threads: the compiled batch loop releases the GIL, so two threads play two chunks on
    two cores, while the little Python of each chunk (building its tables, reducing its
    results) runs between the other thread's games. After Ctrl-C the chunks not started are
    cancelled and the ones being played end on their own (a chunk of the automatic split is a
    fraction of a second): compiled code cannot be stopped midway.
    """

    name = "local"

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self._pool = ThreadPoolExecutor(jobs, thread_name_prefix="magenoir-sim") if jobs > 1 else None

    @property
    def workers(self) -> int:
        return self.jobs

    def imap(self, fn: Callable, shared: tuple, items: Iterable[tuple]) -> Iterator:
        one, items = _at_most_one(items)
        if self._pool is None or one:
            return _serial(fn, shared, items)
        pool = self._pool
        return _in_flight(lambda item: pool.submit(fn, *shared, *item), items,
                          WINDOW_PER_WORKER * self.jobs, lambda future: future.result(),
                          lambda futures: [f.cancel() for f in futures])

    def close(self) -> None:
        """Cancel the chunks not started; those being played finish in the background."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


class RayBackend(Backend):
    """ray tasks: on the cluster ``RAY_ADDRESS`` names, else on a local ray started here and
    shut down by :meth:`close` (a ray already initialised by the caller is used and left
    running). ``jobs``: chunks played at once (default: every CPU of the ray cluster, with a
    few more chunks per CPU waiting)."""

    name = "ray"

    def __init__(self, jobs: int | None = None) -> None:
        try:
            import ray
        except ImportError as err:
            raise _missing_extra("ray", err) from None
        self._ray = ray
        self._started = not ray.is_initialized()
        if self._started:  # ray's own INFO and WARNING lines are not ours to print
            ray.init(logging_level=logging.ERROR, include_dashboard=False)
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self.jobs = jobs or cpus
        self._window = WINDOW_PER_WORKER * cpus if jobs is None else jobs
        self._task = ray.remote(_call)
        self._shared: dict[tuple, tuple] = {}

    @property
    def workers(self) -> int:
        return self.jobs

    def imap(self, fn: Callable, shared: tuple, items: Iterable[tuple]) -> Iterator:
        ray, key = self._ray, tuple(id(value) for value in shared)
        if key not in self._shared:  # put in ray's object store once per run
            self._shared[key] = (shared, ray.put(shared))
        stored, task = self._shared[key][1], self._task

        def cancel(refs: list) -> None:
            for ref in refs:
                ray.cancel(ref)

        return _in_flight(lambda item: task.remote(fn, stored, *item), iter(items), self._window,
                          ray.get, cancel)

    def close(self) -> None:
        self._shared.clear()
        if self._started and self._ray.is_initialized():
            self._ray.shutdown()
        self._started = False


def _pack(*values):
    """The shared inputs of a run, as one task result on the cluster."""
    return values


def _call(fn: Callable, shared: tuple, *item):
    return fn(*shared, *item)


class DaskBackend(Backend):
    """A dask.distributed Client: on the scheduler at ``scheduler``, or on a LocalCluster of
    ``jobs`` worker processes (one thread each, loopback only) started here and closed by
    :meth:`close`."""

    name = "dask"

    def __init__(self, scheduler: str | None = None, jobs: int | None = None,
                 retries: int = RETRIES, timeout: float = CONNECT_TIMEOUT) -> None:
        try:
            import distributed
        except ImportError as err:
            raise _missing_extra("dask", err) from None
        self.retries, self.cluster, self.scheduler = retries, None, scheduler
        self._shared: dict[tuple, tuple] = {}
        if scheduler:
            try:
                self.client = distributed.Client(scheduler, timeout=timeout)
            except (OSError, TimeoutError, ValueError) as err:
                raise UserError(f"cannot reach the dask scheduler at {scheduler!r}: {err}") from None
            return
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "Port .* is already in use")  # it takes another one
            self.cluster = distributed.LocalCluster(
                n_workers=jobs or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                host="127.0.0.1", dashboard_address=None, silence_logs=logging.ERROR)
        try:
            self.client = distributed.Client(self.cluster)
        except BaseException:
            self.cluster.close()
            raise

    @property
    def workers(self) -> int:
        return max(1, len(self.client.scheduler_info().get("workers", {})))

    def imap(self, fn: Callable, shared: tuple, items: Iterable[tuple]) -> Iterator:
        key = tuple(id(value) for value in shared)
        if key not in self._shared:  # sent once per run (every look of a precision run reuses it)
            self._shared[key] = (shared, self.client.submit(_pack, *shared, pure=False))
        packed, client = self._shared[key][1], self.client

        def submit(item: tuple):
            return client.submit(_call, fn, packed, *item, pure=False, retries=self.retries)

        return _in_flight(submit, iter(items), WINDOW_PER_WORKER * self.workers, self._collect,
                          client.cancel)  # interrupted: stop the chunks nobody will read

    @staticmethod
    def _collect(future):
        result = future.result()
        future.release()  # the cluster may forget a chunk once it is here
        return result

    def close(self) -> None:
        self._shared.clear()
        client, cluster = getattr(self, "client", None), self.cluster
        self.client, self.cluster = None, None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # shutdown chatter of distributed
            if client is not None:
                client.close()
            if cluster is not None:
                cluster.close()
