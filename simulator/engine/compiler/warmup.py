"""Getting the compiled engine ready: loaded from numba's cache, or compiled once, on every core.

The engine is a handful of separately compiled *roots* (the batch loop ``game.play_range``, the
late-bound hubs of ``late_bound.py`` and, for tests and look-ahead, ``commands.run_command``); nothing
one root compiles is linked into another. The batch's bot brings one more root, its choose
function, which the caller hands to :func:`ensure` (``bot``) with the bot. A cold start (first
run after an install or an edit of the engine or of the bots) therefore compiles the roots in
two processes at once (:func:`split`), which share the work through the cache directory; it
says so on stderr at once, with an estimate of its time (``progress.py``), then every 15 s and
as each root is ready. Only the roots get machine code (``machine_code.py``). A warm start
loads the roots from the cache, the cheap way (:func:`_load_cached`).

``python -m simulator.engine.compiler.warmup [--progress] ROOT...`` compiles the given roots (a worker
of the cold start; ``--progress``: a line as each is ready); ``python -m
simulator.engine.compiler.warmup`` alone makes the whole engine ready and reports.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import os
import subprocess
import sys
import threading
import time

import llvmlite.binding as ll
import numba
import numpy as np
from numba import types
from numba.core import codegen, environment
from numba.core.compiler_lock import global_compiler_lock
from numba.core.runtime import rtsys

from simulator.engine.compiler import jit
from simulator.engine.compiler import late_bound as late
from simulator.engine.compiler.object_symbols import defined_symbols, is_elf64_little
from simulator.engine.compiler.progress import MEASURED, Ticker, estimate, say
from simulator.engine.rules.layout import STATE_DTYPE, TABLES_DTYPE, WORK_DTYPE

STATES = numba.typeof(np.zeros(1, STATE_DTYPE))
TABLES = numba.typeof(np.zeros(1, TABLES_DTYPE))
WORKS = numba.typeof(np.zeros(1, WORK_DTYPE))


def _array(dtype, ndim: int) -> types.Array:
    return types.Array(numba.from_dtype(np.dtype(dtype)), ndim, "C")


#: The batch loop's argument types (game.play_range; batch.play allocates its arrays so).
PLAY_RANGE_ARGS = (STATES, _array(np.uint64, 1), TABLES, WORKS, STATES, types.int64, types.int64,
                   types.int64, types.int64, _array(np.int64, 2), _array(np.int16, 4),
                   _array(np.int16, 3), _array(np.int16, 2), _array(np.int32, 2),
                   _array(np.int32, 3), _array(np.int32, 3), _array(np.int8, 2),
                   _array(np.int8, 3), _array(np.int8, 3))


def _dispatcher_and_args(root: str):
    if root == "play_range":
        from simulator.engine.rules.game import play_range

        return play_range, PLAY_RANGE_ARGS
    if root == "run_command":
        from simulator.engine.host.commands import COMMAND_ARGS, run_command

        return run_command, COMMAND_ARGS
    if root in _BOT_ROOTS:
        return _BOT_ROOTS[root], late.CHOOSE_ARGS
    _, _, ints, returns = late.HUBS[root]
    return late._python(root), late._signature(ints, returns)[1]


#: Every root of the engine, and how the cold start splits them between two processes, by
#: CPU time (progress.CPU_SECONDS): the worker compiles the chain driver and the hubs under it;
#: the calling process a bot's root first, then the game loop, which by then links much of
#: what it shares with them from this process and from the worker's cache (22 s instead of 37).
ROOTS = ("play_range", *late.HUBS, "run_command")
SPLIT = (("resolve", "deal_damage", "select", "leave_board"),
         ("play_range", "decide"))
#: the choose functions of the bots handed to :func:`ensure`, by root name
_BOT_ROOTS: dict[str, object] = {}


def bot_root(bot) -> str:
    """The root name of ``bot``'s choose function (a bot handed to ``ensure``)."""
    choose = bot.choose
    name = f"{choose.__module__}.{choose.__name__}"
    _BOT_ROOTS[name] = choose
    return name


def load_or_compile(root: str) -> None:
    dispatcher, args = _dispatcher_and_args(root)
    if args not in dispatcher.overloads:
        _complete_environments()
    jit.keep_machine_code(dispatcher, args)


_READY: set[str] = set()
_ENSURE_LOCK = threading.Lock()


def ensure(roots: tuple[str, ...] = ("play_range", *late.HUBS), quiet: bool = False,
           bot=None) -> None:
    """Make ``roots`` ready in this process, and the choose function of ``bot`` (a bot of the
    bots' registry) when given: from the cache when it holds them; otherwise compile them,
    spread over the cores, telling the user on stderr."""
    if bot is not None:
        roots = (*roots, bot_root(bot))
    wanted = [r for r in roots if r not in _READY]
    if not wanted or numba.config.DISABLE_JIT:
        _READY.update(wanted)
        return
    with _ENSURE_LOCK:  # the first batches of a run may start on several threads at once
        _ensure_locked([r for r in wanted if r not in _READY], quiet)


def _ensure_locked(wanted: list[str], quiet: bool) -> None:
    """:func:`ensure`'s work, one thread at a time."""
    missing = [r for r in wanted if not in_cache(r)]
    if missing:
        start = time.monotonic()
        expected = 0.0 if quiet else estimate(list(split(missing)))
        if not quiet:
            processes = sum(1 for group in split(missing) if group)
            say(f"compiling the game engine into machine code, once after an install or "
                f"update: {len(missing)} part{'s' if len(missing) > 1 else ''} in {processes} "
                f"process{'es' if processes > 1 else ''}, about {expected:.0f} s on this machine now "
                f"({MEASURED})...")
        with contextlib.nullcontext() if quiet else Ticker(expected):
            compile_parallel(missing, progress=not quiet)
        if not quiet:
            say(f"engine compiled in {time.monotonic() - start:.0f} s "
                f"({_cached_where(missing)})")
    for root in wanted:
        load_or_compile(root)
    _READY.update(wanted)


def _cached_where(roots: list[str] | tuple[str, ...] = ()) -> str:
    """Where the compiled ``roots`` were kept, as the compile message says it: the engine's
    folder, and a bot's own folder for a bot's root (jit.cache_dir_of: the bots are cached
    by the engine's and the bots' sources)."""
    if jit.CACHE_PROBLEM is None:
        folders = [jit.CACHE_DIR] if not roots else []
        for root in roots:
            function = _dispatcher_and_args(root)[0]
            source = getattr(function, "py_func", function).__code__.co_filename
            folder = jit.cache_dir_of(source) or jit.CACHE_DIR
            if folder not in folders:
                folders.append(folder)
        return "cached in " + " and ".join(str(f) for f in folders)
    return (f"not in the engine's cache folder: {jit.CACHE_PROBLEM}; numba keeps it in its own "
            "place if it can; set MAGENOIR_CACHE_DIR to a folder that can be written")


def in_cache(root: str) -> bool:
    """True when the root's compiled code is in the cache (without compiling anything)."""
    dispatcher, args = _dispatcher_and_args(root)
    if args in dispatcher.overloads:
        return True
    cres = _load_cached(dispatcher, args)
    if cres is None:
        return False
    dispatcher.add_overload(cres)
    return True


def _load_cached(dispatcher, args):
    """The root's compiled code from numba's cache, or None: what numba's
    ``_cache.load_overload`` does, less two costs a cached root does not need (together half
    the load of a warm start; docs/performance.md has the numbers).

    * numba first refreshes the target context: imports and installs every typing and
      lowering registry (``numba.np.linalg`` imports scipy.linalg). Only a compile needs
      them, and every compile refreshes the context itself; a load needs numba's runtime
      (NRT) only.
    * unpickling rebuilds the environment of every function linked into the root, importing
      the module that defined it (``numba.np.arraymath``, ``numba.cpython.unicode``, ...) to
      give the environment its namespace, which only object mode reads. A module not yet
      imported gives a namespace of its name only, completed before the engine compiles a
      root here (:func:`_complete_environments`).

    And one cost numba's loader has that a root does not need: parsing the root's bitcode
    (:func:`_libraries_without_bitcode`).
    """
    rtsys.initialize(dispatcher.targetctx)
    with global_compiler_lock, _environments_without_imports(), _libraries_without_bitcode():
        return dispatcher._cache._load_overload(args, dispatcher.targetctx)


@contextlib.contextmanager
def _libraries_without_bitcode():
    """numba's ``CPUCodeLibrary._unserialize``, replaced while a cached root loads: a library
    cached as ELF object code learns the symbols it defines from the object's symbol table
    (:mod:`object_symbols`) instead of parsing its bitcode (0.13 s of a warm start), which
    is parsed only if the library is ever linked into another one (roots are not)."""
    unserialize = codegen.CPUCodeLibrary.__dict__["_unserialize"]

    def from_object_code(cls, cg, state):
        name, kind, data = state
        if kind != "object" or not is_elf64_little(data[0]):
            return unserialize.__func__(cls, cg, state)
        object_code, bitcode = data
        library = cg.create_library(name)
        library.enable_object_caching()
        library._set_compiled_object(object_code)
        library._get_module_for_linking = functools.partial(_parsed_for_linking, library, bitcode)
        library._finalize_final_module()
        cg._engine._defined_symbols |= defined_symbols(object_code)
        return library

    codegen.CPUCodeLibrary._unserialize = classmethod(from_object_code)
    try:
        yield
    finally:
        codegen.CPUCodeLibrary._unserialize = unserialize


def _parsed_for_linking(library, bitcode: bytes):
    """The module numba links into another library (``_get_module_for_linking``), from the
    bitcode :func:`_libraries_without_bitcode` left unparsed."""
    if library._shared_module is None:
        library._shared_module = ll.parse_bitcode(bitcode)
    return library._shared_module


#: module name -> the namespaces given to environments before that module was imported
_PARTIAL_ENVIRONMENTS: dict[str, list[dict]] = {}


@contextlib.contextmanager
def _environments_without_imports():
    """numba's ``environment._rebuild_env`` (which unpickling calls by name), replaced while
    a cached root loads: an environment of a module not imported yet gets a namespace of
    the module's name only, recorded in :data:`_PARTIAL_ENVIRONMENTS`."""
    rebuild = environment._rebuild_env

    def without_import(modname, consts, env_name):
        if modname in sys.modules or environment.lookup_environment(env_name) is not None:
            return rebuild(modname, consts, env_name)
        namespace = {"__name__": modname}
        _PARTIAL_ENVIRONMENTS.setdefault(modname, []).append(namespace)
        env = environment.Environment(namespace)
        env.consts[:] = consts
        env.env_name = env_name
        environment.Environment._memo[env_name] = env
        return env

    environment._rebuild_env = without_import
    try:
        yield
    finally:
        environment._rebuild_env = rebuild


def _complete_environments() -> None:
    """Give the environments of :func:`_environments_without_imports` their modules' whole
    namespaces, as numba would have (a compile may share an environment it loaded)."""
    while _PARTIAL_ENVIRONMENTS:
        modname, namespaces = _PARTIAL_ENVIRONMENTS.popitem()
        module = importlib.import_module(modname)
        for namespace in namespaces:
            namespace.update(vars(module))


#: What each compiled part plays, for the progress lines of a cold start.
PARTS = {"play_range": "the game loop", "resolve": "card effects",
         "decide": "the rules' decisions", "deal_damage": "damage", "select": "targets",
         "leave_board": "cards leaving play", "run_command": "the test commands"}


def compile_part(root: str, progress: bool) -> None:
    """:func:`load_or_compile`, then (``progress``) one line on stderr saying it is ready."""
    start = time.monotonic()
    load_or_compile(root)
    if progress:
        what = PARTS.get(root, "a bot's choices" if root in _BOT_ROOTS else root)
        print(f"magenoir-sim:   compiled {what} ({root}) in "
              f"{time.monotonic() - start:.0f} s", file=sys.stderr, flush=True)


def split(roots: list[str]) -> tuple[list[str], list[str]]:
    """``roots`` as the cold start compiles them: (this process's, the worker's). All here on
    a machine of one core."""
    groups = [[r for r in group if r in roots] for group in SPLIT]
    rest = [r for r in roots if not any(r in group for group in SPLIT)]
    mine, theirs = rest + groups[1], groups[0]
    if theirs and (os.cpu_count() or 1) < 2:
        return mine + theirs, []
    return mine, theirs


def compile_parallel(roots: list[str], progress: bool = False) -> None:
    """Compile ``roots``: the heavier half in a worker process, the rest here (``progress``:
    a line on stderr as each part is ready, from either process)."""
    mine, theirs = split(roots)
    worker = None
    if theirs:
        worker = subprocess.Popen([sys.executable, "-m", "simulator.engine.compiler.warmup",
                                   *(["--progress"] if progress else []), *theirs])
    for root in mine:
        compile_part(root, progress)
    if worker is not None and worker.wait() != 0:
        raise RuntimeError("compiling the engine failed in a worker process (see above)")


def main(argv: list[str]) -> int:
    progress = argv[:1] == ["--progress"]
    if progress:
        argv = argv[1:]
    if argv:
        for root in argv:
            compile_part(root, progress)
        return 0
    ensure(ROOTS)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
