"""Arrays a bot reaches by an address kept in its record, and the buffers those point into.

Why: a bot's compiled choose function receives the engine's three records and its own bot
record, nothing else. The look-ahead also needs the lane's checkpoint and rollout states, a
second work record and, for a script, a trace buffer; the run allocates them once per lane
(in Python), their addresses go into the bot record, and :func:`states_at` and
:func:`work_at` turn an address back into an array in compiled code (``numba.carray`` over
the pointer). :class:`Kept` holds the buffers alive as long as the records array that names
them. With ``NUMBA_DISABLE_JIT=1`` the same functions return ctypes views of the memory.
"""

from __future__ import annotations

import ctypes

import numba
import numpy as np
from numba import types
from numba.core.extending import intrinsic

from simulator.engine.compiler.jit import njit
from simulator.engine.rules.layout import STATE_DTYPE, WORK_DTYPE


class Kept(np.ndarray):
    """A records array holding (``kept``) the buffers its records' addresses point into."""

    kept: tuple = ()


def address_of(array: np.ndarray, i: int) -> int:
    """The address of ``array[i]`` (a C-contiguous array)."""
    return array.ctypes.data + array.dtype.itemsize * i


@intrinsic
def pointer(typingctx, address):
    """``address`` as a void pointer (for ``numba.carray``)."""
    def codegen(context, builder, signature, args):
        return builder.inttoptr(args[0], context.get_value_type(types.voidptr))
    return types.voidptr(types.int64), codegen


@njit
def _states_at(address):
    return numba.carray(pointer(address), 2, STATE_DTYPE)


@njit
def _work_at(address):
    return numba.carray(pointer(address), 1, WORK_DTYPE)


def array_at_in_python(address, n, dtype):
    """``n`` records of ``dtype`` at ``address``, as Python reads them (a record array)."""
    memory = (ctypes.c_char * (dtype.itemsize * n)).from_address(int(address))
    return np.frombuffer(memory, dtype).view(np.recarray)


if numba.config.DISABLE_JIT:
    def states_at(address):
        """The (2,) game states at ``address``."""
        return array_at_in_python(address, 2, STATE_DTYPE)

    def work_at(address):
        """The (1,) work records at ``address``."""
        return array_at_in_python(address, 1, WORK_DTYPE)
else:
    states_at, work_at = _states_at, _work_at
