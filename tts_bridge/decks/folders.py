"""Where TTS keeps Saved Objects on each platform (the "chest"), overridable by
`--tts-dir` or the TTS_BRIDGE_TTS_DIR environment variable, since players can move it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ENV_VAR = "TTS_BRIDGE_TTS_DIR"


def tts_data_dir(platform: str | None = None, home: Path | None = None, environ: dict | None = None) -> Path:
    """The TTS data directory: the env var if set, else the platform default."""
    environ = os.environ if environ is None else environ
    if environ.get(ENV_VAR):
        return Path(environ[ENV_VAR]).expanduser()
    platform = platform or sys.platform
    home = home or Path.home()
    if platform.startswith("win"):
        base = Path(environ["USERPROFILE"]) if environ.get("USERPROFILE") else home
        return base / "Documents" / "My Games" / "Tabletop Simulator"
    if platform == "darwin":
        return home / "Library" / "Tabletop Simulator"
    return home / ".local" / "share" / "Tabletop Simulator"


class NoTTSFolder(ValueError):
    """TTS's data folder is not there: TTS is not installed here, or its folder was moved."""


def saved_objects_dir(game: str, tts_dir: Path | None = None, **kwargs) -> Path:
    """`<data dir>/Saves/Saved Objects/<game>`: one sub-folder per game, shown as a folder in TTS.

    The data folder itself must exist (TTS makes it on its first start): a machine without
    TTS gets NoTTSFolder rather than a new, silently created "Tabletop Simulator" folder."""
    data = tts_dir or tts_data_dir(**kwargs)
    if not data.is_dir():
        raise NoTTSFolder(f"{data}: no Tabletop Simulator folder here (is TTS installed on this computer?); "
                          f"give --out DIR, or --tts-dir DIR (or ${ENV_VAR}) where TTS keeps its Saves")
    return data / "Saves" / "Saved Objects" / game


def safe_file_name(name: str) -> str:
    """TTS object file names may not contain / \\ : * ? " < > | (save-format reference §8.13)."""
    cleaned = "".join("_" if ch in '/\\:*?"<>|' or ord(ch) < 32 else ch for ch in name).strip(" .")
    return cleaned or "deck"
