"""Where tts-bridge keeps what it can recompute: the user's cache folder (XDG_CACHE_HOME, else
~/.cache), under `tts-bridge/`. Nothing in it is needed: deleting it only costs time."""

from __future__ import annotations

import os
from pathlib import Path


def user_cache_dir(*parts: str) -> Path:
    """`$XDG_CACHE_HOME/tts-bridge/<parts>` (the XDG base-directory spec's default is ~/.cache)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base, "tts-bridge", *parts)
