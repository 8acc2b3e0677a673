"""Player policies, selected by name with ``--bot``.

``random`` is the floor, ``greedy`` takes the best immediate value, ``planner`` (the default)
plays toward its hand, ``lookahead`` tries the planner's best options on copies of the game
(``--rollouts`` sets its budget). Each is a short priority list over the base policy
(``base.py``), which answers every decision point; every bot is declared once, in
``registry.py``.

A bot travels through a run as a string, its *spec*: its name, and for a bot that looks ahead
``name:N`` for a budget of N rollouts per option other than its default (what :func:`spec`
makes of ``--bot`` and ``--rollouts``, and :func:`get` resolves).

Importing this package compiles nothing: the command line reads the names without numba.
"""

from __future__ import annotations

import dataclasses
import difflib

from simulator.bots.registry import BY_NAME, LISTED, Bot
from simulator.errors import UserError

DEFAULT_BOT = "planner"
BOTS = LISTED
#: The most rollouts per option ``--rollouts`` accepts (a game then takes seconds).
MAX_ROLLOUTS = 1024


def bot_names() -> list[str]:
    return list(BOTS)


def get(name: str) -> Bot:
    """The bot ``name`` (a spec: ``lookahead:16`` is the look-ahead with 16 rollouts per
    option), what the run hands the engine; a user error names the bots."""
    base, _, budget = str(name).partition(":")
    base = base.strip().lower()  # any case: "Planner" is the planner
    if base not in BY_NAME:
        close = difflib.get_close_matches(base, BOTS, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise UserError(f"unknown bot {base!r}{hint}; choose one of: {', '.join(BOTS)}")
    bot = BY_NAME[base]
    if budget:
        bot = dataclasses.replace(bot, rollouts=_rollouts(bot, budget))
    return bot


def spec(name: str, rollouts: int | None = None) -> str:
    """The spec of bot ``name`` with ``rollouts`` per option (None: its own budget, or the
    one ``name`` gives); user errors for an unknown bot, a bot that does not look ahead, or a
    budget out of range."""
    bot = get(name)
    if rollouts is not None:
        bot = dataclasses.replace(bot, rollouts=_rollouts(bot, rollouts))
    return bot.spec


def label(name: str) -> str:
    """How outputs name the bot of spec ``name``: ``lookahead (4 rollouts per option)``."""
    return get(name).label


def note(name: str) -> str | None:
    """The sentence a report's header adds for a bot whose answers assume stronger play
    than the default bot's (the look-ahead), else None."""
    bot = get(name)
    if not bot.rollouts:
        return None
    budget = bot.label.partition(" (")[2].rstrip(")")
    return (f"Played by the look-ahead bot ({budget}): at each "
            f"decision that matters it plays the {DEFAULT_BOT}'s best options forward on copies "
            "of the game, its hidden cards redealt, and keeps the one that wins most. Its win "
            f"rates are those of a stronger player than the default {DEFAULT_BOT} (a run with "
            "--bot planner shows the difference).")


def _rollouts(bot: Bot, value) -> int:
    if not bot.rollouts:
        looking = ", ".join(b.name for b in BY_NAME.values() if b.rollouts and b.listed)
        raise UserError(f"--rollouts is the budget of a bot that looks ahead ({looking}); "
                        f"bot {bot.name} plays without rollouts")
    try:
        n = int(value)
    except (TypeError, ValueError):
        n = 0
    if not 1 <= n <= MAX_ROLLOUTS or str(value).strip() != str(n):
        raise UserError(f"--rollouts must be a whole number from 1 to {MAX_ROLLOUTS}, not {value!r}")
    return n
