"""Modules imported at their first use rather than when a module naming them is imported.

Why: pandas takes a third to half a second to import, and a run's worker processes never
use it: they play games and send back numpy columns (:mod:`simulator.run`). So the main
process can fork its workers and hand them their chunks before importing pandas, then import
it while they play, instead of making every run wait for it first. Code still writes
``pd.DataFrame(...)``: the import happens at the first attribute read.
"""

from __future__ import annotations

import importlib
from types import ModuleType


class DeferredModule:
    """Stands for the module ``name``; each attribute read imports it (once: later imports
    are a dictionary look-up) and returns the module's attribute."""

    def __init__(self, name: str) -> None:
        self._name = name

    def load(self) -> ModuleType:
        return importlib.import_module(self._name)

    def __getattr__(self, attribute: str):
        return getattr(self.load(), attribute)

    def __repr__(self) -> str:
        return f"<deferred module {self._name!r}>"


pandas = DeferredModule("pandas")
