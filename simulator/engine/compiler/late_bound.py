"""Late-bound calls: the few functions most of the engine reaches, called through an address.

Why: numba links the machine code of every function a compiled function calls into that
function's own library, so a function called from many places is compiled again inside each
of its callers, with everything it calls in turn. A handful of functions sit under most of
the engine: the chain driver (``chain.resolve``, which reaches every rule), the decision
gateway (``decide.decide``), and the damage, target and leave-play primitives nearly every
card uses. Called directly, the first engine compiled them into dozens of libraries and took
ten minutes to compile. Here each of these *hubs* is compiled once; :func:`bind` writes its
native address into the tables record (``tables.addr``), and its callers jump to that address
through the wrappers below.

One hub is not the engine's: ``choose``, the policy of the batch's bot. The run hands the
engine the bot's compiled choose function (with the signature :data:`CHOOSE_ARGS`), and
:func:`bind` writes its address beside the others; so the rules know nothing of the bots,
neither at compile time nor by import.

A late-bound function takes the three records and a few int64 arguments, and returns an int64
or nothing. With ``NUMBA_DISABLE_JIT=1`` the wrappers call the Python functions directly.
"""

from __future__ import annotations

import importlib
import threading

import numba
import numpy as np
from numba import types
from numba.core.extending import intrinsic

from simulator.engine.compiler.jit import keep_machine_code, njit
from simulator.engine.rules.layout import N_HUBS, STATE_DTYPE, TABLES_DTYPE, WORK_DTYPE

RECORDS = (numba.typeof(np.zeros(1, STATE_DTYPE)[0]), numba.typeof(np.zeros(1, TABLES_DTYPE)[0]),
           numba.typeof(np.zeros(1, WORK_DTYPE)[0]))

#: the engine's hubs: hub -> (module, function, int64 arguments after the records, returns an
#: int64), in ``tables.addr`` order
HUBS = {
    "resolve": ("simulator.engine.rules.chain", "resolve", 0, False),
    "decide": ("simulator.engine.rules.decide", "decide", 2, True),
    "deal_damage": ("simulator.engine.rules.damage", "deal_damage", 5, False),
    "select": ("simulator.engine.rules.targets", "select", 5, True),
    "leave_board": ("simulator.engine.rules.board", "leave_board", 3, False),
}
RESOLVE, DECIDE, DEAL_DAMAGE, SELECT, LEAVE_BOARD = range(len(HUBS))
CHOOSE = len(HUBS)  # the slot of the bot's choose function, after the engine's hubs
assert len(HUBS) + 1 == N_HUBS


def _signature(ints: int, returns: bool):
    restype = types.int64 if returns else types.none
    return restype, RECORDS + (types.int64,) * ints


def _codegen(ints: int, returns: bool):
    restype, argtypes = _signature(ints, returns)

    def codegen(context, builder, signature, args):
        values = list(args[1:4]) + [context.cast(builder, v, t, types.int64)
                                    for v, t in zip(args[4:], signature.args[4:], strict=True)]
        fnty = context.call_conv.get_function_type(restype, list(argtypes))
        fn = builder.inttoptr(args[0], fnty.as_pointer())
        _status, result = context.call_conv.call_function(builder, fn, restype, list(argtypes),
                                                           values)
        return result if returns else context.get_dummy_value()
    return restype, codegen


#: A bot's choose function takes the records, the decision kind and the deciding player.
CHOOSE_ARGS = _signature(2, True)[1]


@intrinsic
def _call0(typingctx, address, st, tb, wk):
    restype, codegen = _codegen(0, False)
    return restype(address, st, tb, wk), codegen


@intrinsic
def _call2(typingctx, address, st, tb, wk, a, b):
    restype, codegen = _codegen(2, True)
    return restype(address, st, tb, wk, a, b), codegen


@intrinsic
def _call3(typingctx, address, st, tb, wk, a, b, c):
    restype, codegen = _codegen(3, False)
    return restype(address, st, tb, wk, a, b, c), codegen


@intrinsic
def _call5(typingctx, address, st, tb, wk, a, b, c, d, e):
    restype, codegen = _codegen(5, False)
    return restype(address, st, tb, wk, a, b, c, d, e), codegen


@intrinsic
def _call5r(typingctx, address, st, tb, wk, a, b, c, d, e):
    restype, codegen = _codegen(5, True)
    return restype(address, st, tb, wk, a, b, c, d, e), codegen


def _python(name: str):
    module, function, _, _ = HUBS[name]
    return getattr(importlib.import_module(module), function)


if numba.config.DISABLE_JIT:
    def resolve(st, tb, wk):
        _python("resolve")(st, tb, wk)

    def choose(st, tb, wk, kind, player):
        return _PYTHON_CHOOSE[int(tb.addr[CHOOSE])](st, tb, wk, kind, player)

    def choose_at(address, st, tb, wk, kind, player):
        return _PYTHON_CHOOSE[int(address)](st, tb, wk, kind, player)

    def decide(st, tb, wk, kind, player):
        return _python("decide")(st, tb, wk, kind, player)

    def deal_damage(st, tb, wk, side, card, target, amount, unpreventable):
        _python("deal_damage")(st, tb, wk, side, card, target, amount, unpreventable)

    def select(st, tb, wk, kind, purpose, side, card, slot):
        return _python("select")(st, tb, wk, kind, purpose, side, card, slot)

    def leave_board(st, tb, wk, p, s, dest):
        _python("leave_board")(st, tb, wk, p, s, dest)

else:
    @njit
    def resolve(st, tb, wk):
        """Resolve the game's chain (``chain.resolve``)."""
        _call0(tb.addr[RESOLVE], st, tb, wk)

    @njit
    def choose(st, tb, wk, kind, player):
        """The bot's answer to a decision (the choose function the run bound)."""
        return _call2(tb.addr[CHOOSE], st, tb, wk, kind, player)

    @njit
    def choose_at(address, st, tb, wk, kind, player):
        """The answer of the bot whose choose function is at ``address`` (a seat's own bot,
        ``work.seat_choose``)."""
        return _call2(address, st, tb, wk, kind, player)

    @njit
    def decide(st, tb, wk, kind, player):
        """Ask the deciding player (``decide.decide``)."""
        return _call2(tb.addr[DECIDE], st, tb, wk, kind, player)

    @njit
    def deal_damage(st, tb, wk, side, card, target, amount, unpreventable):
        """One instance of damage (``damage.deal_damage``)."""
        _call5(tb.addr[DEAL_DAMAGE], st, tb, wk, side, card, target, amount, unpreventable)

    @njit
    def select(st, tb, wk, kind, purpose, side, card, slot):
        """The targets of a step (``targets.select``)."""
        return _call5r(tb.addr[SELECT], st, tb, wk, kind, purpose, side, card, slot)

    @njit
    def leave_board(st, tb, wk, p, s, dest):
        """A board card leaves play (``board.leave_board``)."""
        _call3(tb.addr[LEAVE_BOARD], st, tb, wk, p, s, dest)



def address(dispatcher, ints: int, returns: bool) -> int:
    """The native address of a compiled function taking the records and ``ints`` int64
    arguments, compiled (or loaded from the cache) first."""
    return keep_machine_code(dispatcher, _signature(ints, returns)[1])


_ADDRESSES: tuple[int, ...] = ()
_CHOOSE_ADDRESSES: dict[object, int] = {}
_PYTHON_CHOOSE: list = []  # NUMBA_DISABLE_JIT: the choose functions bound, by their slot value
_ADDRESSES_LOCK = threading.Lock()


def addresses() -> tuple[int, ...]:
    """The engine's late-bound addresses, in ``tables.addr`` order (found once per process,
    under a lock: the first batches of a run may start on several threads at once)."""
    global _ADDRESSES
    if not _ADDRESSES:
        with _ADDRESSES_LOCK:
            if not _ADDRESSES:
                _ADDRESSES = tuple(address(_python(name), ints, returns)
                                   for name, (_, _, ints, returns) in HUBS.items())
    return _ADDRESSES


def _choose_slot(choose) -> int:
    """What ``tables.addr[CHOOSE]`` holds for the bot's ``choose``: its native address (or,
    with ``NUMBA_DISABLE_JIT=1``, its place among the Python functions bound)."""
    with _ADDRESSES_LOCK:
        if choose not in _CHOOSE_ADDRESSES:
            if numba.config.DISABLE_JIT:
                _PYTHON_CHOOSE.append(choose)
                _CHOOSE_ADDRESSES[choose] = len(_PYTHON_CHOOSE) - 1
            else:
                _CHOOSE_ADDRESSES[choose] = address(choose, 2, True)
        return _CHOOSE_ADDRESSES[choose]


def choose_address(choose) -> int:
    """What a seat's entry of ``work.seat_choose`` holds for a bot's compiled ``choose``:
    its native address (a position among the Python functions with ``NUMBA_DISABLE_JIT=1``)."""
    return _choose_slot(choose)


def bind(tables: np.ndarray, choose) -> None:
    """Write the address of every late-bound function into the (1,) ``tables["addr"]``: the
    engine's hubs, and ``choose``, the compiled choose function of the batch's bot."""
    if not numba.config.DISABLE_JIT:
        tables["addr"][0, :CHOOSE] = addresses()
    tables["addr"][0, CHOOSE] = _choose_slot(choose)
