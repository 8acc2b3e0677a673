"""A real Ctrl-C for the tests: the command in a child process, SIGINT after a while.

Why a child: the signal and Python's KeyboardInterrupt path (worker pools, the exit code 130,
what is printed) are what a user meets; a monkeypatched interrupt does not cross processes.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def interrupted(argv: list[str], after_s: float, **popen) -> tuple[int, str, str]:
    """``magenoir-sim ARGV`` run from the checkout, sent SIGINT after ``after_s`` seconds:
    (exit code, stdout, stderr). ``popen``: more arguments of :class:`subprocess.Popen`."""
    proc = subprocess.Popen([sys.executable, "-m", "simulator.cli", *argv], cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **popen)
    try:
        time.sleep(after_s)  # imports, the engine from its cache, and some chunks played
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    return proc.returncode, out, err
