"""The project's scripts (``scripts/NAME.py``) as modules, for the tests that call their
functions instead of running them in a child process.

Why each is registered in ``sys.modules`` under its name: a script's dataclasses look their
module up while they are being defined, which fails for a module loaded from a file path
and left unregistered.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def load_script(name: str):
    """``scripts/{name}.py`` loaded as the module ``name``."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
