"""`cards.json`: where each card sits on the built sheets, for tools that make TTS objects from
these sheets later (deck import, tts_bridge/decks/output.py): card id -> CustomDeck key, cell,
entry, name, text, tags and face.

The file is made sheet by sheet. Each sheet's part of it (its cards' entries as indented JSON)
is recorded with where it lies in the file and a digest of what it shows, so a rebuild in which
one card changed makes that card's sheet's part and copies the others from the file the last
build wrote (making the whole file for 10,000 cards cost 0.03-0.1 s of each one-card rebuild).
The bytes are those `json_bytes` writes for the whole index, whichever parts are copied
(tests/assets/test_card_index.py).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, NamedTuple

import orjson

from tts_bridge.assets.io import atomic_write_bytes, json_bytes


class IndexCard(NamedTuple):
    """What the index shows of one card besides where it sits (a named tuple: one per card)."""

    id: str
    nickname: str
    description: str
    tags: list[str]


@dataclass(frozen=True)
class SheetCards:
    """One sheet's cards, cell by cell, with the sheet's CustomDeck key and entry."""

    key: int
    entry: dict
    cards: list[IndexCard]


def _value(card: IndexCard, sheet: SheetCards, cell: int, faces: str) -> dict:
    return {"key": sheet.key, "cell": cell, "custom_deck": sheet.entry, "nickname": card.nickname,
            "description": card.description, "tags": card.tags, "face": f"{faces}{os.sep}{card.id}.png"}


def _part(sheet: SheetCards, faces: str) -> bytes:
    """The sheet's cards as `json_bytes` writes them inside the index (two levels deep)."""
    return b",\n".join(b"    " + orjson.dumps(card.id) + b": "
                       + orjson.dumps(_value(card, sheet, cell, faces), option=orjson.OPT_INDENT_2).replace(b"\n",
                                                                                                        b"\n    ")
                       for cell, card in enumerate(sheet.cards))


def _shows(sheet: SheetCards, faces: str) -> str:
    """A digest of everything the sheet's part shows (its cards as plain tuples: no loop here)."""
    return hashlib.blake2b(orjson.dumps([sheet.key, sheet.entry, faces, sheet.cards], default=tuple),
                           digest_size=16).hexdigest()


def write(path: Path, scale: float, sheets: list[SheetCards | None], faces_dir: Path, known: Any = None,
          make: Callable[[int], SheetCards] | None = None) -> dict:
    """Write the index (only if its bytes changed) from `sheets` in order; `known` is what the
    last call returned (parts of the file on disk are copied when the file is still that one).
    A sheet given as None is the last call's sheet at that place: its part is copied, or made
    by `make(place)` when the file is not the one recorded. Returns the record for the next
    build: the file's size and mtime, and each part's digest and span in it."""
    faces = str(faces_dir)
    try:
        st = path.stat()
        before: bytes | None = path.read_bytes()
    except OSError:
        before = None
    recorded = before is not None and isinstance(known, dict) and known.get("file") == [st.st_size, st.st_mtime_ns]
    spans = known.get("parts", []) if recorded else []
    if None in sheets and len(spans) != len(sheets):
        sheets = [make(k) if s is None else s for k, s in enumerate(sheets)]
    sheets = [(k, s) for k, s in enumerate(sheets) if s is None or s.cards]
    if not sheets:
        data = json_bytes({"scale": scale, "cards": {}})
        parts: list[list] = []
    else:
        old: dict[str, memoryview] = {}
        view = memoryview(before or b"")  # slices without copies
        if recorded:
            old = {shows: view[start:end] for shows, start, end in spans}
        pieces: list[Any] = [b'{\n  "scale": ' + orjson.dumps(scale) + b',\n  "cards": {\n']
        at = len(pieces[0])
        parts = []
        for k, sheet in sheets:
            if sheet is None:
                shows, start, end = spans[k]
                chunk = view[start:end]
            else:
                shows = _shows(sheet, faces)
                chunk = old.get(shows) or _part(sheet, faces)
            if len(pieces) > 1:
                pieces.append(b",\n")
                at += 2
            pieces.append(chunk)
            parts.append([shows, at, at + len(chunk)])
            at += len(chunk)
        pieces.append(b"\n  }\n}\n")
        data = b"".join(pieces)  # one copy
    if data != before:
        atomic_write_bytes(path, data)
        st = path.stat()
    return {"file": [st.st_size, st.st_mtime_ns], "parts": parts}
