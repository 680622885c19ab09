"""What every game's rules object shares: where its card data is, loading cards once per
process, and reading deck lists. A game subclasses `CardGame` and supplies the loaders."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from engine.core.decklist import DeckLine, parse_deck_text
from engine.core.errors import DataError
from engine.core.game import Deck
from engine.core.names import NameIndex, card_name_index
from engine.core.paths import data_dir


@lru_cache(maxsize=32)
def _load_once(loader: Callable[[Path], Any], path: str, mtime_ns: int) -> Any:
    return loader(Path(path))


class CardGame:
    """Base for a game's rules object. Subclasses set `id` (also the card-data folder name),
    `load_cards(path) -> cards` and `deck_from_entries(...)`; deck lists in every format
    (text files, the importer's CSV/JSON) reach the game as the same entries."""

    id: str = ""
    sample_deck_count = 2

    def __init__(self, data: Path | None = None) -> None:
        """`data` is the game's card-data folder (cards.yaml, decks/); tests pass their own."""
        self._data = data
        self._samples: list[Deck] | None = None

    @property
    def data(self) -> Path:
        return self._data or data_dir() / self.id

    @staticmethod
    def load_cards(path: Path) -> Any:  # pragma: no cover - every game overrides it
        raise NotImplementedError

    @staticmethod
    def deck_from_entries(entries: list[DeckLine], filename: str, cards: Any, options: dict,
                          problems: list[str]) -> Deck:  # pragma: no cover - every game overrides it
        """Resolve names and check the construction rules; raise DataError listing `problems`
        (already found while parsing) plus every new one, each with its line."""
        raise NotImplementedError

    def build_deck(self, text: str, filename: str, options: dict | None = None) -> Deck:
        entries, problems = parse_deck_text(text, filename)
        return type(self).deck_from_entries(entries, filename, self.cards(), options or {}, problems)

    def cards(self) -> Any:
        """The card definitions, parsed once per version of the file (a long `watch` sees edits)."""
        path = self._cards_file()
        return _load_once(type(self).load_cards, path, os.stat(path).st_mtime_ns)

    def _cards_file(self) -> str:
        """cards.yaml's path, joined once per data folder: the bridge narrates every event of
        every decision through `cards()`, and two path joins cost more than the stat itself."""
        where = (self._data, os.environ.get("TTS_BRIDGE_DATA"))  # what `data` depends on
        known = self.__dict__.get("_cards_at")
        if known is None or known[0] != where:
            known = self._cards_at = (where, str(self.data / "cards.yaml"))
        return known[1]

    def check_decks(self, decks: list[Deck], problems: list[str]) -> None:
        """Refuse to start unless there are two decks and the game found no problem in them."""
        problems = list(problems)
        if len(decks) != 2:
            problems.append(f"{self.id} needs 2 decks, got {len(decks)}")
        if problems:
            raise DataError(problems)

    def name_index(self) -> NameIndex:
        """How deck lists and imports find cards by name (see engine/core/names.py)."""
        return card_name_index(self.cards())

    def load_deck(self, path: Path, options: dict | None = None) -> Deck:
        from engine.core.carddata import read_utf8  # the YAML reader's module: imported when data is read

        return self.build_deck(read_utf8(path), str(path), options)

    def sample_decks(self) -> list[Deck]:
        """The first decks in `decks/` by file name (read once per process: they are data)."""
        if self._samples is None:
            paths = sorted((self.data / "decks").glob("*.txt"))[: self.sample_deck_count]
            self._samples = [self.load_deck(p) for p in paths]
        return list(self._samples)
