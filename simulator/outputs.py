"""Checks that a command's output place can be written, before any game is played.

Why: a run can take minutes; finding only at the end that ``--report`` names an existing file
or that ``--figure`` sits in a missing folder would lose the games. These checks try what the
write will do (create the folder, create a file in it) rather than reading permission bits,
which say nothing for root or a read-only file system.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from simulator.errors import UserError


def _try_write_in(folder: Path, what: str, option: str) -> None:
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as err:
        raise UserError(f"{option} {what}: cannot write in {folder} "
                        f"({err.strerror or err})") from None


def check_report_dir(path: str | Path, option: str = "--report") -> None:
    """``path`` is, or can become, a folder this process can write files in (missing folders
    are created: the report creates them too)."""
    if not str(path).strip():
        raise UserError(f"{option} needs a folder name (it was given an empty one)")
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise UserError(f"{option} {path}: is a file, not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise UserError(f"{option} {path}: cannot create the folder ({err.strerror or err})") from None
    _try_write_in(path, str(path), option)


FIGURE_FORMATS = ("png", "svg", "pdf")


def figure_format(path: str | Path, option: str = "--figure") -> str:
    """The image format a figure file's name asks for (its suffix); anything else is a user
    error, so that a ``.svg`` name never holds PNG bytes."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in FIGURE_FORMATS:
        raise UserError(f"{option} {path}: name the file .png, .svg or .pdf "
                        f"(the suffix chooses the format)")
    return suffix


def check_output_file(path: str | Path, option: str) -> None:
    """``path`` can be written as a file: its folder exists and takes files, and it is not a
    folder itself (an existing file is replaced)."""
    if not str(path).strip():
        raise UserError(f"{option} needs a file name (it was given an empty one)")
    path = Path(path)
    if path.is_dir():
        raise UserError(f"{option} {path}: is a folder, not a file")
    if option == "--figure":
        figure_format(path, option)
    folder = path.parent
    if not folder.is_dir():
        existing = next((p for p in (folder, *folder.parents) if p.exists()), None)
        if existing is not None and not existing.is_dir():
            raise UserError(f"{option} {path}: {existing} is a file, not a folder")
        raise UserError(f"{option} {path}: the folder {folder} does not exist")
    if path.exists() and not os.access(path, os.W_OK):
        raise UserError(f"{option} {path}: the file cannot be written")
    _try_write_in(folder, str(path), option)
