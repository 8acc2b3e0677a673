"""Player policies, selected by name with ``--bot``.

``random`` is the floor, ``greedy`` takes the best immediate value, ``planner`` (the
default) plays toward its hand. Each is a short priority list over the base policy
(``bots/base.py``), which answers every decision point.
"""

from __future__ import annotations

import difflib

from simulator.errors import UserError

DEFAULT_BOT = "planner"


def bot_names() -> list[str]:
    return ["random", "greedy", "planner"]


def make_bot(name: str):
    """A fresh policy object for ``name`` (a user error names the valid bots)."""
    from simulator.legacy.bots.greedy import GreedyPolicy
    from simulator.legacy.bots.planner import PlannerPolicy
    from simulator.legacy.bots.random_bot import RandomPolicy

    bots = {"random": RandomPolicy, "greedy": GreedyPolicy, "planner": PlannerPolicy}
    if name not in bots:
        close = difflib.get_close_matches(name, bots, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise UserError(f"unknown bot {name!r}{hint}; choose one of: {', '.join(bots)}")
    return bots[name]()
