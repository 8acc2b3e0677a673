"""The one decorator of compiled engine code, and where numba keeps what it compiled.

Why a cache directory of our own: numba's ``cache=True`` keys each compiled function on its
own source file only. An edit in another engine module that a cached function calls goes
unnoticed, and the stale compiled code keeps running. So the cache lives in a directory named
after a digest of every source file compiled code can reach and of the numba, numpy and
Python versions: any edit starts a fresh directory, and what it reaches is compiled once more.
Older directories are removed, keeping the newest few (another checkout of the project may be
using them).

Two directories, chosen per function by where its source lives (:class:`PackageCacheLocator`):
the engine's functions reach only ``simulator/engine``, so they are keyed by its digest alone;
compiled code of another package of ``simulator`` (the bots) calls into the engine, so it is
keyed by the engine's sources and its own package's. A bot edit therefore recompiles the bots'
roots only (the engine calls a bot through an address, ``late_bound.py``), and an engine edit both.

The directory is ``$MAGENOIR_CACHE_DIR`` when set, else ``$NUMBA_CACHE_DIR/magenoir-sim``,
else ``~/.cache/magenoir-sim`` (``$XDG_CACHE_HOME`` honoured), then ``numba-<digest>``.
``NUMBA_DISABLE_JIT=1`` runs the same code as plain Python (about 0.1 s a game), which
is how to step through the rules in a debugger.
"""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import sys
import time
from pathlib import Path

import numba
import numpy as np
from numba.core import types
from numba.core.caching import CompileResultCacheImpl, FunctionCache, UserProvidedCacheLocator
from numba.core.registry import CPUDispatcher

from simulator.engine.compiler import machine_code

PACKAGE = Path(__file__).resolve().parents[2]
ENGINE = PACKAGE / "engine"
KEEP_CACHES = 3
STALE_AFTER_S = 2 * 24 * 3600  # a cache directory no process has loaded for two days


def source_digest(dirs: tuple[Path, ...] = (ENGINE,)) -> str:
    """Hex digest of every ``.py`` file under ``dirs`` (path and bytes) and of the versions
    of the compiler stack: what a compiled function may depend on."""
    h = hashlib.sha256()
    for version in (numba.__version__, np.__version__, sys.version):
        h.update(version.encode())
    for root in dirs:
        for path in sorted(root.rglob("*.py")):
            h.update(str(path.relative_to(root.parent)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:20]


def cache_root() -> Path:
    if os.environ.get("MAGENOIR_CACHE_DIR"):
        return Path(os.environ["MAGENOIR_CACHE_DIR"])
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"]) / "magenoir-sim"
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "magenoir-sim"


def cache_dir(digest: str | None = None) -> Path:
    return cache_root() / f"numba-{digest or source_digest()}"


def _prune(current: Path) -> None:
    """Mark ``current`` as used now and remove the cache directories beside it that are both
    beyond the newest KEEP_CACHES and unused for STALE_AFTER_S.

    Why both: every edit of the engine makes a new directory (~the size of the compiled
    code), so old ones must go; but two checkouts of different versions used side by side
    (a branch and main) must not delete each other's cache on every start.
    """
    try:
        os.utime(current)
        now = time.time()
        others = sorted((p for p in current.parent.glob("numba-*") if p != current),
                        key=lambda p: p.stat().st_mtime, reverse=True)
        for old in others[KEEP_CACHES - 1:]:
            if now - old.stat().st_mtime > STALE_AFTER_S:
                shutil.rmtree(old, ignore_errors=True)
    except OSError:
        pass


machine_code.install()
CACHE_DIR = cache_dir()  # the engine's
#: Why CACHE_DIR could not be used (None: numba caches there), for the messages that name it.
CACHE_PROBLEM: str | None = None
try:
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    _prune(CACHE_DIR)
    numba.config.CACHE_DIR = str(CACHE_DIR)  # numba's own locator, for anything not ours
except OSError as err:  # read-only home: numba falls back to its own locations
    CACHE_PROBLEM = f"cannot create {CACHE_DIR} ({err.strerror or err})"


@functools.cache
def package_cache_dir(package: Path) -> Path:
    """The cache directory of the compiled functions of ``package`` (a directory of
    ``simulator`` beside the engine): named after the engine's sources and its own."""
    path = cache_dir(source_digest((ENGINE, package)))
    path.mkdir(parents=True, exist_ok=True)
    _prune(path)
    return path


def cache_dir_of(source: str) -> Path | None:
    """Where a compiled function defined in ``source`` is cached; None outside ``simulator``."""
    path = Path(source).resolve()
    if path.is_relative_to(ENGINE):
        return CACHE_DIR
    if path.is_relative_to(PACKAGE) and len(path.relative_to(PACKAGE).parts) > 1:
        return package_cache_dir(PACKAGE / path.relative_to(PACKAGE).parts[0])
    return None


class PackageCacheLocator(UserProvidedCacheLocator):
    """numba's cache locator for a directory the user chose, the directory chosen per source
    file by :func:`cache_dir_of` (numba's own locators take over when it fails: read-only)."""

    def __init__(self, py_func, py_file):
        super().__init__(py_func, py_file)
        self._cache_path = str(cache_dir_of(py_file) / self.get_suitable_cache_subpath(py_file))

    @classmethod
    def from_function(cls, py_func, py_file):
        try:
            if cache_dir_of(py_file) is None:
                return None
        except OSError:
            return None
        return super(UserProvidedCacheLocator, cls).from_function(py_func, py_file)


class _CacheImpl(CompileResultCacheImpl):
    _locator_classes = [PackageCacheLocator, *CompileResultCacheImpl._locator_classes]


class _FunctionCache(FunctionCache):
    _impl_class = _CacheImpl


class _CacheOnFirstUse:
    """A function's cache, set up on its first use (a load or a compile): setting up numba's
    cache locator (resolving paths, creating the function's cache folder) for each of the
    engine's 550 functions took about 0.1 s of every start, and a warm start uses the caches
    of its few roots only."""

    def __init__(self, py_func):
        self._py_func = py_func
        self._cache = None

    def __getattr__(self, name):
        if self._cache is None:
            self._cache = _FunctionCache(self._py_func)
        return getattr(self._cache, name)


def canonical(ty: types.Type) -> types.Type:
    """The one argument type an engine function is compiled for, whatever its callers pass:
    booleans and signed integers as int64, unsigned integers as uint64, floats as float64,
    arrays of any layout; records and everything else as they are."""
    ty = types.unliteral(ty)
    if isinstance(ty, types.Boolean):
        return types.int64
    if isinstance(ty, types.Integer):
        return types.uint64 if not ty.signed else types.int64
    if isinstance(ty, types.Float):
        return types.float64
    if isinstance(ty, types.Array):
        return types.Array(ty.dtype, ty.ndim, "A")
    return ty


class EngineDispatcher(CPUDispatcher):
    """A dispatcher that compiles one version of its function, for canonical argument types.

    Why: numba compiles a function called from compiled code once per distinct argument
    types, literal constants included. ``decide(st, tb, wk, KEEP_HAND, p)`` would otherwise
    be compiled once per decision kind and per integer width of ``p``, each version carrying
    the whole policy with it: the first engine compiled 45 versions of ``decide`` and took
    ten minutes. Here the first call from compiled code compiles the canonical signature
    (:func:`canonical`) and every later call converts its arguments to it.
    """

    def enable_caching(self):
        self._cache = _CacheOnFirstUse(self.py_func)

    def get_call_template(self, args, kws):
        if self._can_compile:
            pysig, folded = self._compiler.fold_argument_types(args, kws)
            self.compile(tuple(canonical(a) for a in folded))
            self.disable_compile()
        return super().get_call_template(args, kws)


def keep_machine_code(dispatcher, args) -> int:
    """The native address of ``dispatcher``'s compiled version for ``args`` (compiled or loaded
    first), a root's: its machine code generated, and cached with it (a callee's is cached as
    LLVM bitcode only, :mod:`machine_code`), so that a warm start loads it ready to run."""
    if args not in dispatcher.overloads:
        dispatcher.compile(args)
    cres = dispatcher.overloads[args]
    library = cres.library
    if isinstance(library, machine_code.LazyMachineCodeLibrary) and \
            not library.machine_code_emitted:
        library.emit_machine_code()
        dispatcher._cache.save_overload(args, cres)
    return library.get_pointer_to_function(cres.fndesc.llvm_func_name)


def _make(fn, **options):
    if numba.config.DISABLE_JIT:
        return fn
    options.update(nopython=True, nogil=True, error_model="numpy", no_cfunc_wrapper=True)
    dispatcher = EngineDispatcher(py_func=fn, locals={}, targetoptions=options)
    dispatcher.enable_caching()
    return dispatcher


def njit(fn):
    """Compile ``fn`` for the engine: nopython, cached on disk, releasing the GIL, once for
    canonical argument types (:class:`EngineDispatcher`), callable from compiled code only
    (no Python wrapper is built: a tenth of the compile time)."""
    return _make(fn, no_cpython_wrapper=True)


def njit_inline(fn):
    """As :func:`njit`, and inlined by numba into every compiled caller: for the thin layers
    every decision goes through (a bot's ``score`` and ``answer``). numba otherwise makes a
    real call each time: as calls they made a game 2% slower."""
    return _make(fn, no_cpython_wrapper=True, inline="always")


def njit_entry(fn):
    """As :func:`njit`, for the few functions Python calls: the batch loop and the commands.

    With ``NUMBA_DISABLE_JIT=1`` the game records they are given are viewed as record arrays:
    a plain structured array's element has no attributes, and the rules read ``st.hand``."""
    if numba.config.DISABLE_JIT:
        @functools.wraps(fn)
        def as_python(*args):
            with np.errstate(over="ignore"):  # the random words wrap around on purpose
                return fn(*(_as_records(a) for a in args))
        return as_python
    return _make(fn)


def _as_records(value):
    if isinstance(value, np.ndarray) and value.dtype.names is not None:
        return value.view(np.recarray)
    return value

