"""The example notebooks run top to bottom (small game counts; see MAGENOIR_NOTEBOOK_GAMES)."""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


def test_there_are_example_notebooks():
    names = [p.name for p in NOTEBOOKS]
    assert len(names) >= 3, names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_executes(path, tmp_path, monkeypatch):
    monkeypatch.setenv("MAGENOIR_NOTEBOOK_GAMES", "60")
    # the deck doctor's budget, counted from its call: the notebook races 47 swaps (four pool
    # cards), which a busy machine races in time
    monkeypatch.setenv("MAGENOIR_NOTEBOOK_BUDGET", "10")
    monkeypatch.setenv("MAGENOIR_NOTEBOOK_BUILD_GAMES", "25000")  # the deck builder's budget
    monkeypatch.setenv("MAGENOIR_NOTEBOOK_OUT", str(tmp_path))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3",
                                     resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    errors = [o for cell in notebook.cells for o in cell.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors
    images = [o for cell in notebook.cells for o in cell.get("outputs", [])
              if "image/png" in o.get("data", {})]
    assert images, "every example notebook shows at least one figure"
    if path.stem.startswith("01_"):
        assert (tmp_path / "duke-check" / "report.html").exists()
    if path.stem.startswith("04_"):  # the value table, the doctor's advice, the built deck
        text = "".join(o.get("text", "") + str(o.get("data", {}).get("text/plain", ""))
                       for cell in notebook.cells for o in cell.get("outputs", []))
        assert "delta_win_rate" in text and "legal swaps" in text and "winner: " in text
