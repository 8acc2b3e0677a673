"""The engine imports nothing from the bots, not even by a module name in a string.

Why: the rules must know nothing of the bots. The bots import the engine (its layout and
helpers); the engine is handed a bot by its caller (``simulator.bots.get`` in the run, the
tests' fixtures) and calls its compiled choose function through an address (``late_bound.py``). An
import the other way, direct or through ``importlib``, would tie every bot edit to the engine
again. The check is static: every module under ``simulator/engine``, its ``import`` and
``from`` statements (relative ones resolved) and every string constant that is not a
docstring (what ``importlib`` would be given).
"""

from __future__ import annotations

import ast
from pathlib import Path

import simulator.engine

ENGINE = Path(simulator.engine.__file__).parent
BOTS = "simulator.bots"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(tree: ast.AST, module: str, is_package: bool) -> list[str]:
    """Every module (or module attribute) ``tree`` imports, relative imports resolved."""
    package = module if is_package else module.rpartition(".")[0]
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            names += [f"{base}.{alias.name}" for alias in node.names]
    return names


def _strings(tree: ast.AST) -> list[str]:
    """Every string constant of ``tree`` but the docstrings."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings]


def _names_the_bots(name: str) -> bool:
    return name == BOTS or name.startswith(BOTS + ".") or "simulator/bots" in name


def bot_references(source: str, module: str, is_package: bool = False) -> list[str]:
    """The imports and strings of ``source`` (module ``module``) that name the bots."""
    tree = ast.parse(source)
    return [name for name in _imported(tree, module, is_package) + _strings(tree)
            if _names_the_bots(name)]


def test_no_engine_module_imports_or_names_the_bots():
    found = {}
    for path in sorted(ENGINE.rglob("*.py")):
        refs = bot_references(path.read_text(encoding="utf-8"), _module_name(path),
                              path.name == "__init__.py")
        if refs:
            found[str(path.relative_to(ENGINE))] = refs
    assert found == {}


def test_the_check_sees_every_way_to_import_the_bots():
    """The check is not vacuous: each of these ways to reach the bots from an engine module is
    caught, and a docstring or a comment that mentions them is not."""
    module = "simulator.engine.compiler.late_bound"
    caught = {
        "import simulator.bots.policy": ["simulator.bots.policy"],
        "from simulator.bots import planner": ["simulator.bots.planner"],
        "from simulator import bots": ["simulator.bots"],
        "from ...bots import base": ["simulator.bots.base"],
        "from ... import bots": ["simulator.bots"],
        'import importlib\nimportlib.import_module("simulator.bots.policy")':
            ["simulator.bots.policy"],
        'HUBS = {"choose": ("simulator.bots.policy", "choose", 2, True)}':
            ["simulator.bots.policy"],
    }
    for source, refs in caught.items():
        assert bot_references(source, module) == refs, source
    harmless = ('"""The bots (simulator.bots) are handed to the engine."""\n'
                "# simulator.bots is the caller's\n"
                "from simulator.engine import layout\n"
                "def f():\n    '''Nothing of simulator.bots here.'''\n")
    assert bot_references(harmless, module) == []
