"""``--rule NAME=VALUE``: the rule options of :class:`~simulator.engine.rules.options.RuleOptions` on
the command line.

Why here and not in argparse alone: the names, types, defaults and allowed values are the
dataclass's (one declaration per name, DESIGN.md 3.9), so the flag parser, its ``--help``
text and the printed "command that plays the same games again" are all derived from it. A
value is read by the type of the option's default (int, bool or a name), and the dataclass
then checks it as it checks options given from Python; every problem is one line naming the
``--rule`` it came from.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import fields

from simulator.engine.rules.layout import S_MAX
from simulator.engine.rules.options import (
    BRAMBLES_CHOOSERS,
    DISQUALIFIED_LOCKED_MANA,
    TRADE_MODES,
    RuleOptions,
)
from simulator.errors import UserError

#: The values a name-valued option takes (the dataclass checks them; the help lists them).
CHOICES: dict[str, tuple[str, ...]] = {"trade_mode": TRADE_MODES,
                                       "brambles_chooser": BRAMBLES_CHOOSERS,
                                       "disqualified_locked_mana": DISQUALIFIED_LOCKED_MANA}
#: Largest values the command line accepts for the counted options: a per-turn record of
#: every game is kept up to ``max_rounds`` rounds (memory grows with it), and a longer game,
#: hand or turn than these is no Mage Noir game; board_slots is the engine's capacity.
LIMITS: dict[str, int] = {"max_rounds": 200, "hand_limit": 200, "max_actions_per_turn": 1000,
                          "board_slots": S_MAX}
_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


def defaults() -> dict[str, object]:
    """Each rule option's default, in declaration order."""
    return {f.name: f.default for f in fields(RuleOptions)}


def _parse_value(name: str, text: str, default: object, flag: str) -> object:
    """``text`` read as the type of ``default``; a user error names the flag and the type."""
    value = text.strip()
    if isinstance(default, bool):
        if value.lower() in _TRUE:
            return True
        if value.lower() in _FALSE:
            return False
        raise UserError(f"{flag}: {name} is true or false, not {text!r}")
    if isinstance(default, int):
        try:
            number = int(value)
        except ValueError:
            raise UserError(f"{flag}: {name} is a whole number, not {text!r}") from None
        if name in LIMITS and number > LIMITS[name]:
            raise UserError(f"{flag}: {name} is at most {LIMITS[name]}, not {number}")
        return number
    choices = CHOICES.get(name)
    value = value.lower() if choices else value
    if choices and value not in choices:
        raise UserError(f"{flag}: {name} is one of {', '.join(choices)}, not {text!r}")
    return value


def parse_rules(pairs: Iterable[str] | None) -> RuleOptions:
    """The rule options of ``--rule NAME=VALUE`` flags (the defaults for the others). Unknown
    names get a suggestion; bad values and a name given twice, one line."""
    known = defaults()
    values: dict[str, object] = {}
    for pair in pairs or ():
        flag = f"--rule {pair}"
        name, sep, text = pair.partition("=")
        name = name.strip().replace("-", "_").lower()
        if not sep or not name:
            raise UserError(f"{flag}: write NAME=VALUE, e.g. --rule hand_limit=6")
        if name not in known:
            close = difflib.get_close_matches(name, list(known), n=1)
            hint = f"did you mean {close[0]}? " if close else ""
            raise UserError(f"{flag}: unknown rule option {name!r} ({hint}options: "
                            f"{', '.join(known)})")
        if name in values:  # which one was meant is unknown: never keep one silently
            raise UserError(f"{flag}: {name} is given twice (--rule {name}={_shown(values[name])} "
                            "first): give each rule option once")
        values[name] = _parse_value(name, text, known[name], flag)
    try:
        return RuleOptions(**values)
    except UserError as err:  # a range the dataclass checks (at least 1, board capacity)
        given = " ".join(f"--rule {k}={_shown(v)}" for k, v in values.items())
        raise UserError(f"{given}: {err}") from None


def _shown(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def flag_value(name: str, value: object) -> str:
    """``NAME=VALUE`` as ``--rule`` takes it (``first_player_skips_draw=false``)."""
    return f"{name}={_shown(value)}"


def rule_flags(options: RuleOptions | Mapping[str, object]) -> list[str]:
    """``["--rule", "hand_limit=6", ...]`` for the options that differ from their defaults, in
    declaration order: what a printed command needs to play the same games again."""
    given = options if isinstance(options, Mapping) else options.as_dict()
    flags: list[str] = []
    for name, default in defaults().items():
        if name in given and given[name] != default:
            flags += ["--rule", f"{name}={_shown(given[name])}"]
    return flags


def describe_changed(options: RuleOptions | Mapping[str, object]) -> str:
    """``"hand_limit=6, trade_mode=placement_rule"`` (the options not at their default), or
    an empty string: for the line a command prints under its results."""
    flags = rule_flags(options)
    return ", ".join(flags[1::2])


def help_text() -> str:
    """``--rule``'s help: every option with its values and default."""
    def values(name: str, default: object) -> str:
        if name in CHOICES:
            return "|".join(CHOICES[name])
        if isinstance(default, bool):
            return "true|false"
        return f"N (at most {LIMITS[name]})" if name in LIMITS else "N"

    listed = ", ".join(f"{name}={values(name, default)} (default {_shown(default)})"
                       for name, default in defaults().items())
    return ("a rule option, NAME=VALUE, repeatable (docs/rules.md explains each): " + listed)
