"""A test skipped because a package of the test extra is missing fails (tests/conftest.py):
checked by running pytest on a test that imports a package that does not exist."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent


@pytest.mark.parametrize("workers", [["-n", "0"], ["-n", "2"]], ids=["one process", "two workers"])
def test_a_test_skipped_for_a_missing_package_fails_the_run(tmp_path, workers):
    """In one process, and with pytest-xdist's workers as the suite runs (the report is
    changed in the worker and must reach the run's verdict so)."""
    (tmp_path / "conftest.py").write_text((TESTS / "conftest.py").read_text(encoding="utf-8"),
                                          encoding="utf-8")
    (tmp_path / "test_extra.py").write_text(
        "import pytest\n\n"
        "def test_needs_a_cluster():\n    pytest.importorskip('no_such_cluster_package')\n\n"
        "def test_platform_skip():\n    pytest.skip('not this platform')\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *workers,
                          str(tmp_path)], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 1, run.stdout
    assert "1 failed, 1 skipped" in run.stdout
    assert 'install the test extra (pip install -e ".[test]")' in run.stdout
