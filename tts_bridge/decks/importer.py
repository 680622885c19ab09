"""Deck import, first half: read a list from anywhere, parse it in any format, and let the
game's own construction rules resolve and validate it (every problem, each with its line)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

from engine.core.errors import DataError
from engine.core.game import Deck, GameRules, resolve_options

from tts_bridge.decks.formats import parse_source
from tts_bridge.decks.sources import MAX_BYTES, Source, SourceError, read_source
from tts_bridge.decks.sources import _kind as kind_of  # the format from the extension, as read_source judges it
from tts_bridge.decks.text import NotUTF8, decode_unicode_with_bom


def read_list(spec: str) -> Source:
    """`read_source`, except that a UTF-16/UTF-32 file with a byte-order mark is read as the
    text it is and a BOM-less UTF-16 one is named as such (see decks/text.py)."""
    path = Path(spec)
    if spec != "-" and urlparse(spec).scheme.lower() not in ("http", "https") and path.is_file():
        with path.open("rb") as handle:
            head = handle.read(MAX_BYTES + 1)
        if len(head) <= MAX_BYTES:
            try:
                text = decode_unicode_with_bom(head, str(path))
            except NotUTF8 as exc:
                raise SourceError(str(exc)) from None
            if text is not None:
                return Source(str(path), text, kind_of(str(path)))
    return read_source(spec)


def read_deck(rules: GameRules, spec: str, options: dict | None = None) -> Deck:
    """The validated deck for `spec` (a file, `-` or an http(s) URL).

    Raises SourceError when it cannot be read and DataError listing every problem.
    """
    source = read_list(spec)
    entries, problems = parse_source(source)
    if not entries and not problems:
        raise DataError([f"{source.name}: the list has no cards"])
    opts = resolve_options(rules, options)
    deck = rules.deck_from_entries(entries, source.name, rules.cards(), opts, problems)
    deck.name = Path(urlparse(spec).path).stem if spec != "-" else "stdin"
    return deck


__all__ = ["read_deck", "SourceError", "DataError"]
