"""Card files read one card at a time, each card's parse kept by its source text.

A mod author's card file holds thousands of cards and changes one card per save; parsing the
whole YAML file again is most of a rebuild (2 s of 2.3 for 5,000 kaiju cards). Card files are
one mapping of sections, each a block list of cards, so the file splits on its lines into the
top-level blocks and each section's items. Each item is parsed on its own and its parse kept in
the user cache by a hash of its text; a rebuild parses only the items whose text changed, and
an item that moved carries how far (`shift`, read by carddata.line_of) instead of new lines.

The split is a shortcut, never a second YAML dialect: anything it does not recognise (document
markers, directives, tabs, complex keys, an item that does not parse alone, e.g. an alias to an
anchor in another card, a duplicate section) sends the whole text to the ordinary loader, which
gives the same result and the same error messages as always (tests/core/test_yaml_chunks.py
compares both on every card file and on tricky documents).
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from engine import ENGINE_VERSION
from engine.core.usercache import user_cache_dir

_SECTION = re.compile(r"([A-Za-z0-9_][\w.-]*):[ \t]*(#.*)?\r?\n?\Z")  # `cards:` opening a block list
_ITEM = re.compile(r"( *)-(?:[ \t]|\r?\n|\Z)")
_COMMENT_OR_BLANK = re.compile(r"[ \t]*(#.*)?\r?\n?\Z")


class _Unsplittable(Exception):
    """The text is not a plain mapping of block lists: parse it whole."""


@dataclass(frozen=True, slots=True)
class _Chunk:
    """Lines [start, end) of the file: one card of `section`, or a whole top-level block."""

    start: int
    end: int
    section: str | None  # None: a top-level block parsed as a mapping of its one key
    key: str
    block: int           # the first line of the top-level block it belongs to


def _chunks(lines: list[str]) -> list[_Chunk]:
    tops = []
    for n, line in enumerate(lines):
        if line.startswith(("---", "...", "%", "\t", "?")):
            raise _Unsplittable
        if line[:1] not in ("", " ", "\r", "\n", "#", "-"):
            tops.append(n)
    if not tops or any(not _COMMENT_OR_BLANK.match(line) for line in lines[:tops[0]]):
        raise _Unsplittable
    out: list[_Chunk] = []
    for start, end in zip(tops, tops[1:] + [len(lines)]):
        header = _SECTION.match(lines[start])
        items = _item_starts(lines, start + 1, end) if header else []
        if not items:
            key = lines[start].split(":", 1)[0].strip()
            out.append(_Chunk(start, end, None, key, start))
            continue
        out.extend(_Chunk(a, b, header.group(1), header.group(1), start) for a, b in zip(items, items[1:] + [end]))
    return out


def _item_starts(lines: list[str], start: int, end: int) -> list[int]:
    """The first line of each item of the block list in lines [start, end), or [] if the block
    is not a block list (a nested mapping, a flow list, an empty section)."""
    content = [n for n in range(start, end) if not _COMMENT_OR_BLANK.match(lines[n])]
    if not content:
        return []
    first = _ITEM.match(lines[content[0]])
    if first is None:
        return []
    width = len(first.group(1))
    starts = []
    for n in content:  # every line at the list's indentation or less must open an item
        line = lines[n]
        if len(line) - len(line.lstrip(" ")) > width:
            continue
        item = _ITEM.match(line)
        if item is None or len(item.group(1)) != width:
            raise _Unsplittable
        starts.append(n)
    return starts


# -- line numbers --------------------------------------------------------------------------------

def _shift(node: Any, by: int, line_dict: type, line_list: type) -> Any:
    """A copy of `node` with every remembered line number moved by `by`."""
    if isinstance(node, line_dict):
        out = line_dict((k, _shift(v, by, line_dict, line_list)) for k, v in node.items())
        out.line = node.line + by
        out.key_lines = {k: v + by for k, v in node.key_lines.items()}
        return out
    if isinstance(node, line_list):
        out = line_list(_shift(v, by, line_dict, line_list) for v in node)
        out.line = node.line + by
        out.item_lines = [v + by for v in node.item_lines]
        return out
    return node


# -- the cache of parsed chunks -----------------------------------------------------------------

_ALLOWED = {("engine.core.carddata", "LineDict"), ("engine.core.carddata", "LineList"),
            ("datetime", "date"), ("datetime", "datetime"), ("datetime", "timezone"), ("datetime", "timedelta"),
            ("builtins", "set"), ("builtins", "frozenset")}


class _Unpickler(pickle.Unpickler):
    """Reads back only what a YAML safe loader makes: a tampered cache file cannot run code."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in _ALLOWED:
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not card data")


def _loads(data: bytes) -> Any:
    return _Unpickler(io.BytesIO(data)).load()


class _ChunkStore:
    """Parsed chunks of one card file: chunk-text digest -> (the chunk's first line when it was
    parsed, its pickled parse). One file per card file in the user cache; rewritten when the
    card file changed, with only the chunks it still has."""

    def __init__(self, source: Path) -> None:
        key = hashlib.blake2b(str(source.resolve()).encode("utf-8"), digest_size=12).hexdigest()
        self.path = user_cache_dir("yaml", f"engine-{ENGINE_VERSION}", f"{key}.pickle")
        try:
            entries = _loads(self.path.read_bytes())
            self.entries: dict[bytes, tuple[int, bytes]] = entries if isinstance(entries, dict) else {}
        except Exception:  # noqa: BLE001 - a missing, old or damaged cache is an empty one
            self.entries = {}

    def save(self, entries: dict[bytes, tuple[int, bytes]]) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(f".{os.getpid()}.{threading.get_ident()}.tmp")
            tmp.write_bytes(pickle.dumps(entries, protocol=pickle.HIGHEST_PROTOCOL))
            tmp.replace(self.path)
        except OSError:  # a read-only or full cache only costs time
            pass


def load_chunked(text: str, source: Path, parse: Callable[[str], Any], line_dict: type, line_list: type) -> Any:
    """`parse(text)` of a card file, computed card by card with the cached parses of unchanged
    cards. `parse` is the ordinary loader (it raises the file's DataError); it is called on the
    whole text whenever the shortcut does not apply."""
    lines = text.splitlines(keepends=True)
    try:
        chunks = _chunks(lines)
    except _Unsplittable:
        return parse(text)
    store = _ChunkStore(source)
    kept: dict[bytes, tuple[int, bytes]] = {}
    top = line_dict()
    top.key_lines = {}
    blocks: dict[str, int] = {}  # section -> the block it came from (a section twice is a duplicate key)
    changed = False
    try:
        for chunk in chunks:
            piece = "".join(lines[chunk.start:chunk.end])
            digest = hashlib.blake2b(piece.encode("utf-8"), digest_size=16).digest()
            node, at, fresh = _parsed(store, digest, piece, chunk.start, parse, line_dict, line_list)
            changed |= fresh
            # a card that only moved keeps its entry (and its lines): `_attach` moves it lazily
            kept[digest] = (chunk.start, pickle.dumps(node, protocol=pickle.HIGHEST_PROTOCOL)) if fresh else \
                store.entries[digest]
            if blocks.setdefault(chunk.key, chunk.block) != chunk.block:
                raise _Unsplittable
            _attach(top, chunk, node, chunk.start - at, line_dict, line_list)
    except _Unsplittable:
        return parse(text)
    if not top:
        return parse(text)
    top.line = chunks[0].block + 1
    if changed or len(kept) != len(store.entries):
        store.save(kept)
    return top


def _parsed(store: _ChunkStore, digest: bytes, piece: str, start: int, parse: Callable[[str], Any],
            line_dict: type, line_list: type) -> tuple[Any, int, bool]:
    """(the chunk's parse with the lines of where it was parsed, that line, whether it is new)."""
    cached = store.entries.get(digest)
    if cached is not None:
        try:
            at, data = cached
            return _loads(data), at, False
        except Exception:  # noqa: BLE001 - a damaged entry: parse the chunk again
            pass
    try:
        node = parse(piece)
    except Exception:  # noqa: BLE001 - the whole file's parse reports it, with the right line
        raise _Unsplittable from None
    return _shift(node, start, line_dict, line_list), start, True


def _moved(node: Any, by: int, line_dict: type, line_list: type) -> Any:
    """`node` (a card, a section's value) read `by` lines below where it was parsed: the lines
    inside it stay as parsed and `shift` says how far (carddata.line_of adds it), so a card
    that moved costs one attribute, not a walk over everything in it."""
    if by and isinstance(node, (line_dict, line_list)):
        node.shift = getattr(node, "shift", 0) + by
    return node


def _attach(top: Any, chunk: _Chunk, node: Any, by: int, line_dict: type, line_list: type) -> None:
    """Put one parsed chunk, parsed `by` lines above where it is now, into the document: a
    top-level block's key, or a card of a section."""
    if chunk.section is None:
        if not (isinstance(node, line_dict) and list(node) == [chunk.key]) or chunk.key in top:
            raise _Unsplittable
        top[chunk.key] = _moved(node[chunk.key], by, line_dict, line_list)
        top.key_lines[chunk.key] = node.key_lines[chunk.key] + by
        return
    if not (isinstance(node, line_list) and len(node) == 1):
        raise _Unsplittable
    if chunk.section not in top:
        section = line_list()
        section.line, section.item_lines = node.line + by, []
        top[chunk.section] = section
        top.key_lines[chunk.section] = node.line + by
    section = top[chunk.section]
    section.append(_moved(node[0], by, line_dict, line_list))
    section.item_lines.append(node.item_lines[0] + by)
