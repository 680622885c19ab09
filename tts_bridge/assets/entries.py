"""The build's record of each card (its hash, source digest, warnings, TTS texts), one file per
sheet in `.cache/entries/<sheet>.json`.

A rebuild after one card's text changed reads and writes the files of the sheets it touches
(the changed card's, and those of the cards the deck objects show), not a record of every
card: one file of 10,000 cards' entries (6 MB) cost 0.03 s of such a rebuild to read and write.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterable

import orjson

from tts_bridge.assets.io import atomic_write_bytes


def read_all(folder: Path) -> tuple[dict[str, dict], dict[str, bytes]]:
    """Every card's entry the last build wrote (a build that looks at every card), and each
    sheet's file as read (`write` leaves a file that holds what it would write: its bytes are
    compared, as the entries read are changed in place by the build)."""
    out: dict[str, dict] = {}
    files: dict[str, bytes] = {}
    for name in _names(folder):
        try:
            files[name.removesuffix(".json")] = raw = (folder / name).read_bytes()
            part = orjson.loads(raw)
        except (OSError, orjson.JSONDecodeError):
            continue
        if isinstance(part, dict):
            out.update(part)
    return out, files


def _names(folder: Path) -> list[str]:
    try:
        return sorted(n for n in os.listdir(folder) if n.endswith(".json"))
    except OSError:
        return []


def _read(path: Path) -> dict[str, dict]:
    try:
        part = orjson.loads(path.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return {}
    return part if isinstance(part, dict) else {}


def write(folder: Path, sheets: Iterable[tuple[str, list[str]]], entries: dict[str, dict],
          keep: set[str] | None = None, known: dict[str, bytes] | None = None) -> None:
    """Write each (sheet name, its card ids)'s entries unless `known` (the files `read_all`
    read) holds those bytes; with `keep` (the names of every sheet of the build) delete the
    files of sheets that are no more."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, members in sheets:
        data = orjson.dumps({m: entries[m] for m in members})
        if known is None or known.get(name) != data:
            atomic_write_bytes(folder / f"{name}.json", data)
    if keep is not None:
        for name in _names(folder):
            if name.removesuffix(".json") not in keep:
                (folder / name).unlink(missing_ok=True)


class Entries(dict):
    """Card id -> entry: those set in this build, and the last build's, read from its sheet's
    file when first asked for (`sheet_of`: card id -> sheet name, the same sheets as the last
    build's). `dict` methods other than `[]` and `get` see only what was read or set."""

    def __init__(self, folder: Path, sheet_of: dict[str, str]) -> None:
        super().__init__()
        self.folder, self.sheet_of = folder, sheet_of
        self.read: set[str] = set()

    def __missing__(self, card_id: str) -> dict:
        name = self.sheet_of.get(card_id)
        if name is None or name in self.read:
            raise KeyError(card_id)
        self.read.add(name)
        for key, entry in _read(self.folder / f"{name}.json").items():
            self.setdefault(key, entry)  # what this build set stays
        return dict.__getitem__(self, card_id)

    def get(self, card_id: str, default: Any = None) -> Any:  # type: ignore[override]
        try:
            return self[card_id]
        except KeyError:
            return default

    def read_every(self) -> "Entries":
        """Read every sheet's entries not read yet (for what looks at every card)."""
        for name in set(self.sheet_of.values()) - self.read:
            self.read.add(name)
            for key, entry in _read(self.folder / f"{name}.json").items():
                self.setdefault(key, entry)
        return self


class Hashes(dict):
    """Card id -> hash: those set in this build, else the entry's."""

    def __init__(self, entries: dict[str, dict]) -> None:
        super().__init__()
        self.entries = entries

    def __missing__(self, card_id: str) -> str:
        return self.entries[card_id]["hash"]


class Texts(dict):
    """Card id -> [TTS description, tags]: those made in this build, else the entry's (made by
    `make(card id)` for an entry without them)."""

    def __init__(self, entries: dict[str, dict], make: Any) -> None:
        super().__init__()
        self.entries, self.make = entries, make

    def __missing__(self, card_id: str) -> list:
        known = self.entries[card_id].get("texts")
        self[card_id] = known = known if known is not None else self.make(card_id)
        return known
