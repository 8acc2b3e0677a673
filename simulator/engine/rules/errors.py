"""Internal error codes: an engine bug stops the game and is raised loudly in Python.

Compiled code running on several threads does not raise; it writes the first error of a game
into ``state.error`` (with one integer of detail in ``error_info``) and ends that game. The
batch runner checks every game after a batch and raises
:class:`~simulator.engine.rules.errors.EngineError` with the message below, so a bug never turns
into a quietly wrong number.
"""

from __future__ import annotations

from simulator.engine.compiler.jit import njit
from simulator.engine.rules.layout import (
    DECISION_KINDS,
)

(ERR_NONE, ERR_NO_OPTION, ERR_ILLEGAL_CHOICE, ERR_CHAIN_FULL, ERR_PENDING_FULL,
 ERR_EMPTY_SLOT, ERR_ADVERSARY_BOARD_FULL, ERR_UNPAID_COST, ERR_MISSING_COMPONENT,
 ERR_ADVERSARY_PREPARED, ERR_UNKNOWN_OP, ERR_DECK_FULL, ERR_STATIC_AS_STEP,
 ERR_ANNOUNCED_FULL) = range(14)

MESSAGES = {
    ERR_NO_OPTION: "a decision offered no legal option (kind {})",
    ERR_ILLEGAL_CHOICE: "the policy chose an illegal option (kind {})",
    ERR_CHAIN_FULL: "the chain of effects overflowed (an endless loop of effects?)",
    ERR_PENDING_FULL: "too many triggered actions at once",
    ERR_EMPTY_SLOT: "a card left an empty board slot",
    ERR_ADVERSARY_BOARD_FULL: "the Adversary board is full; raise the Adversary slot count",
    ERR_UNPAID_COST: "an effect cost was paid that the reserve could not cover",
    ERR_MISSING_COMPONENT: "a card was prepared without one of its components (word {})",
    ERR_ADVERSARY_PREPARED: "discard_prepared from an Adversary card is not supported yet",
    ERR_UNKNOWN_OP: "an op row names an unknown op or handler ({})",
    ERR_DECK_FULL: "a deck grew past the engine's deck capacity",
    ERR_STATIC_AS_STEP: "a static handler was run as an effect step ({})",
    ERR_ANNOUNCED_FULL: "too many steps announced in one chain (card {})",
}


class EngineError(RuntimeError):
    """An internal inconsistency: the engine refuses to produce a wrong number."""


def describe(code: int, info: int) -> str:
    text = MESSAGES.get(int(code), "internal error {}").format(
        DECISION_KINDS[info] if code in (ERR_NO_OPTION, ERR_ILLEGAL_CHOICE)
        and 0 <= info < len(DECISION_KINDS) else info)
    return text if code in MESSAGES else text.format(code)


@njit
def fail(st, code, info):
    """Record the game's first internal error; the match loop then stops the game."""
    if st.error == 0:
        st.error = code
        st.error_info = info
