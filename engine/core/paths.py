"""Where the card data lives: `card_data/` beside the packages, or $TTS_BRIDGE_DATA."""

from __future__ import annotations

import os
from pathlib import Path


_DEFAULT = Path(__file__).resolve().parents[2] / "card_data"  # resolved once: games ask per new game


def data_dir() -> Path:
    env = os.environ.get("TTS_BRIDGE_DATA")
    return Path(env) if env else _DEFAULT
