"""Modules imported at their first use rather than when a module naming them is imported.

Why: pandas takes a third to half a second to import, and most of a run never uses it. A
chunk is played and reduced to numpy columns (:mod:`simulator.run`), so worker processes
(loky, dask, ray) never import pandas; the tables are built only when a caller reads them,
and the summary the CLI's ``run`` prints needs none, so that command never imports pandas
at all. Code still writes ``pd.DataFrame(...)``: the import happens at the first attribute
read.
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
