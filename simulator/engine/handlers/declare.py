"""How a handler module declares its handlers: once, next to the code, by name.

A card names a handler in its effect data (``{ op = "handler", name = "tornado" }`` or a
``static`` of kind ``handler``). The handler module of the card's extension declares that
name with one of these markers:

- ``@declare.step("name", estimate={...})`` on the compiled function a trigger list runs,
  ``f(st, tb, wk, r, card, side, slot)``;
- ``@declare.ability("name")``: the same for an activated ability (``effect.ability``);
  when it is usable is said by ``engine/rules/abilities.py``;
- ``declare.static("name", "hook: what it does", __name__)``: a name that only marks the
  cards carrying it (``tables.handler_card``); the engine hook it names implements it.

``estimate`` is what one activation is roughly worth to the bots (``{"damage": 4.0}``, see
:data:`ESTIMATE_FEATURES`); ``bots/features.py`` reads it. A function that lives in another
engine module is declared by calling the marker on it:
``declare.ability("kerlochs_robe")(kerlochs_robe)``.

The markers do nothing at run time. ``scripts/build_dispatch.py`` reads the declarations from
the handler modules' source (:func:`read_declarations`) and writes the handler ids
(``engine/handlers/ids.py``) and the dispatcher (``engine/rules/dispatch.py``);
``python scripts/build_dispatch.py --check`` (run by the tests) fails when they are out of
date. Why generated rather than built at import: numba dispatches fastest on plain
``if``/``elif`` over constants, and the engine modules whose hooks read a static's id
(``components.py``, ``damage.py``, ...) are imported by the handler modules, so the ids
cannot come from importing them. Why read from source: a new handler's id does not exist
until the generator has run, so its module could not be imported before.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

KINDS = ("step", "ability", "static")
#: Features a handler's estimate may name (``bots/features.py`` columns); ``harms_own`` and
#: ``removal`` are flags (1: it may have to hit its own side; it destroys a card whatever its
#: HP, as the op ``destroy`` does).
ESTIMATE_FEATURES = ("damage", "heal", "draw", "mana", "harms_own", "removal")
#: What a step may designate when its card is announced (``announces=(what, name)``).
ANNOUNCES = ("target", "applies")
PACKAGE = "simulator.engine.handlers"
HERE = Path(__file__).resolve().parent


def step(name: str, *, estimate: Mapping[str, float] | None = None,
         announces: tuple[str, str] | None = None) -> Callable:
    """Marks the decorated compiled function as the step handler ``name``.

    announces: what the step designates, chosen when its card is announced (R7.2):
    ``("target", kind)`` a target of vocabulary kind ``kind`` (its damage target, read back
    by ``targets.select``), ``("applies", word)`` an own component of ``word`` whose activate
    steps it applies (their targets are announced with it: ``rules/announce.py``)."""
    return _unchanged


def ability(name: str, *, estimate: Mapping[str, float] | None = None,
            announces: tuple[str, str] | None = None) -> Callable:
    """Marks the decorated compiled function as the activated ability ``name``."""
    return _unchanged


def static(name: str, hook: str, declared_in: str) -> None:
    """Declares the static handler ``name``, implemented by the engine hook ``hook``."""


def _unchanged(fn: Callable) -> Callable:
    return fn


@dataclass(frozen=True)
class Handler:
    """One declared handler name, as read from its module's source."""

    name: str
    kind: str           # one of KINDS
    module: str         # the declaring module (its extension's handler module)
    function: str       # "module:function" a step or ability runs; "" for a static
    hook: str = ""      # a static: the engine hook that implements it
    estimate: Mapping[str, float] = field(default_factory=dict)
    announces: tuple[str, str] | None = None  # see :func:`step`


def handler_modules(root: Path = HERE) -> list[tuple[str, Path]]:
    """``(module name, path)`` of every handler module, extensions in path order."""
    found = []
    for path in sorted(root.rglob("*.py")):
        if path.name in ("__init__.py", "declare.py", "ids.py"):  # ids.py: generated from them
            continue
        parts = path.relative_to(root).with_suffix("").parts
        found.append((".".join((PACKAGE, *parts)), path))
    return found


def read_declarations(root: Path = HERE) -> list[Handler]:
    """Every declared handler, in module then source order; a ValueError names a handler
    declared twice, an unknown estimate feature or a marker used in another way."""
    handlers: list[Handler] = []
    for module, path in handler_modules(root):
        handlers += _read_module(module, path)
    seen: dict[str, str] = {}
    for h in handlers:
        if h.name in seen:
            raise ValueError(f"handler {h.name!r} is declared twice ({seen[h.name]}, {h.module})")
        seen[h.name] = h.module
        unknown = set(h.estimate) - set(ESTIMATE_FEATURES)
        if unknown:
            raise ValueError(f"handler {h.name!r}: unknown estimate features {sorted(unknown)}")
    return handlers


def _marker(node: ast.AST) -> str | None:
    """``"step"`` for a ``declare.step(...)`` call node, etc."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "declare"
            and node.func.attr in KINDS):
        return node.func.attr
    return None


def _declared(call: ast.Call, kind: str, module: str, function: str, where: str) -> Handler:
    try:
        name = ast.literal_eval(call.args[0])
        keywords = {k.arg: k.value for k in call.keywords}
        estimate = ast.literal_eval(keywords["estimate"]) if "estimate" in keywords else {}
        hook = ast.literal_eval(call.args[1]) if kind == "static" else ""
        announces = ast.literal_eval(keywords["announces"]) if "announces" in keywords else None
    except (IndexError, ValueError) as exc:
        raise ValueError(f"{where}: a declare.{kind} marker needs literal arguments") from exc
    if announces is not None and (len(announces) != 2 or announces[0] not in ANNOUNCES):
        raise ValueError(f"{where}: announces must be (one of {ANNOUNCES}, a name)")
    return Handler(name, kind, module, function, hook, estimate, announces)


def _read_module(module: str, path: Path) -> list[Handler]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    imported = {alias.asname or alias.name: f"{node.module}:{alias.name}"
                for node in tree.body if isinstance(node, ast.ImportFrom)
                for alias in node.names}
    found = []
    for node in tree.body:
        where = f"{path}:{node.lineno}"
        if isinstance(node, ast.FunctionDef):
            for deco in node.decorator_list:
                kind = _marker(deco)
                if kind == "static":
                    raise ValueError(f"{where}: declare.static is a call, not a decorator")
                if kind:
                    found.append(_declared(deco, kind, module, f"{module}:{node.name}", where))
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            call = node.value
            if _marker(call) == "static":
                found.append(_declared(call, "static", module, "", where))
            elif _marker(call.func) in ("step", "ability"):
                # declare.ability("name")(function imported from an engine module)
                target = call.args[0].id if call.args and isinstance(call.args[0], ast.Name) else ""
                if target not in imported:
                    raise ValueError(f"{where}: declare a function imported by name")
                found.append(_declared(call.func, _marker(call.func), module, imported[target],
                                       where))
    return found
