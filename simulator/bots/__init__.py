"""Player policies, selected by name with ``--bot``.

``random`` is the floor, ``greedy`` takes the best immediate value, ``planner`` (the default)
plays toward its hand. Each is a short priority list over the base policy (``base.py``),
which answers every decision point; all are compiled (``policy.py`` dispatches).
"""

from __future__ import annotations

import difflib

from simulator.errors import UserError

DEFAULT_BOT = "planner"
BOTS = ("random", "greedy", "planner")


def bot_names() -> list[str]:
    return list(BOTS)


def bot_id(name: str) -> int:
    """The compiled id of bot ``name`` (``layout.BOT_NAMES``); a user error names the bots."""
    from simulator.engine.layout import BOT_NAMES

    if name not in BOTS:
        close = difflib.get_close_matches(name, BOTS, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise UserError(f"unknown bot {name!r}{hint}; choose one of: {', '.join(BOTS)}")
    return BOT_NAMES.index(name)
