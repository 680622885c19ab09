"""Deck import, first half: read a list from anywhere, parse it in any format, and let the
game's own construction rules resolve and validate it (every problem, each with its line)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlparse

from engine.core.errors import DataError
from engine.core.game import Deck, GameRules, resolve_options

from tts_bridge.decks.formats import parse_source
from tts_bridge.decks.sources import SourceError, read_source


def read_deck(rules: GameRules, spec: str, options: dict | None = None) -> Deck:
    """The validated deck for `spec` (a file, `-` or an http(s) URL).

    Raises SourceError when it cannot be read and DataError listing every problem.
    """
    source = read_source(spec)
    entries, problems = parse_source(source)
    if not entries and not problems:
        raise DataError([f"{source.name}: the list has no cards"])
    opts = resolve_options(rules, options)
    deck = rules.deck_from_entries(entries, source.name, rules.cards(), opts, problems)
    deck.name = Path(urlparse(spec).path).stem if spec != "-" else "stdin"
    return deck


__all__ = ["read_deck", "SourceError", "DataError"]
