"""Player policies, selected by name with ``--bot``.

``random`` is the floor, ``greedy`` takes the best immediate value, ``planner`` (the default)
plays toward its hand. Each is a short priority list over the base policy (``base.py``),
which answers every decision point; every bot is declared once, in ``registry.py``.

Importing this package compiles nothing: the command line reads the names without numba.
"""

from __future__ import annotations

import difflib

from simulator.bots.registry import BY_NAME, LISTED, Bot
from simulator.errors import UserError

DEFAULT_BOT = "planner"
BOTS = LISTED


def bot_names() -> list[str]:
    return list(BOTS)


def get(name: str) -> Bot:
    """The bot ``name``, what the run hands the engine; a user error names the bots."""
    if name not in BY_NAME:
        close = difflib.get_close_matches(name, BOTS, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise UserError(f"unknown bot {name!r}{hint}; choose one of: {', '.join(BOTS)}")
    return BY_NAME[name]
