"""Atomic file writes: every output goes to a temporary name in the same folder, then is
renamed, so a crash or a watcher never sees a half-written file."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, Callable


_UMASK = os.umask(0)
os.umask(_UMASK)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    atomic_write(path, lambda f: f.write(data))


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def atomic_write_json(path: Path, data: Any) -> None:
    atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def atomic_write(path: Path, writer: Callable[[Any], Any]) -> None:
    """Call `writer(fileobj)` on a temporary file beside `path`, then rename it over `path`."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            writer(f)
        os.chmod(tmp, 0o666 & ~_UMASK)  # mkstemp creates 0600; outputs are ordinary files
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def save_image(image: Any, path: Path, fmt: str = "PNG", **params: Any) -> None:
    """Save a Pillow image atomically (the format is explicit: the temp name has no suffix)."""
    atomic_write(path, lambda f: image.save(f, format=fmt, **params))
