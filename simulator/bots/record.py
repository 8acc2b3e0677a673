"""The bots' own record: the per-card features they score with and their per-lane scratch.

Why a record of the bots' own: fields the rules never read (``f_*`` features, each bot's
scratch, the scripted bot's answers) used to sit in the engine's tables and work records, so
that a bot edit changed the engine's record types and the whole engine compiled again. Here
the bots declare their fields (:mod:`simulator.bots.registry`: the features and each bot's
``fields``), the run gives every lane one such record, and the engine carries its address as
an opaque int64 (``work.bot``); a bot's choose function turns it back into the record with
:func:`record_at`. The engine's records and compiled code never see this layout.

The layout is built on first use, from the registry: the bot modules call :func:`record_at`
in compiled code, which is typed only once every module is imported.
"""

from __future__ import annotations

import ctypes
import functools

import numba
import numpy as np
from numba import types
from numba.core.extending import intrinsic


@functools.cache
def bot_dtype() -> np.dtype:
    """The record every bot reads: the features, then each registered bot's fields."""
    from simulator.bots.registry import record_fields

    return np.dtype(record_fields(), align=True)


def new_records(lanes: int) -> np.ndarray:
    """(lanes,) bot records, zeroed."""
    return np.zeros(lanes, bot_dtype())


@intrinsic
def _record_at(typingctx, address):
    """The bot record at ``address``: numba passes a record as a pointer to its bytes, so the
    address is that pointer."""
    record = numba.from_dtype(bot_dtype())

    def codegen(context, builder, signature, args):
        return builder.inttoptr(args[0], context.get_value_type(signature.return_type))
    return record(types.int64), codegen


def _record_at_in_python(address):
    """:func:`record_at` with ``NUMBA_DISABLE_JIT=1``: a view of the record's memory."""
    dtype = bot_dtype()
    memory = (ctypes.c_char * dtype.itemsize).from_address(int(address))
    return np.frombuffer(memory, dtype).view(np.recarray)[0]


record_at = _record_at_in_python if numba.config.DISABLE_JIT else _record_at
