"""What every game's rules object shares: where its card data is, loading cards once per
process, and reading deck lists. A game subclasses `CardGame` and supplies the loaders."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from engine.core.game import Deck
from engine.core.paths import data_dir


@lru_cache(maxsize=None)
def _load_once(loader: Callable[[Path], Any], path: str) -> Any:
    return loader(Path(path))


class CardGame:
    """Base for a game's rules object. Subclasses set `id` (also the card-data folder name),
    `load_cards(path) -> cards` and `build_deck(text, filename, cards, options) -> Deck`."""

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
    def build_deck(text: str, filename: str, cards: Any, options: dict) -> Deck:  # pragma: no cover
        raise NotImplementedError

    def cards(self) -> Any:
        return _load_once(type(self).load_cards, str(self.data / "cards.yaml"))

    def load_deck(self, path: Path, options: dict | None = None) -> Deck:
        return type(self).build_deck(path.read_text(encoding="utf-8-sig"), str(path), self.cards(), options or {})

    def sample_decks(self) -> list[Deck]:
        """The first decks in `decks/` by file name (read once per process: they are data)."""
        if self._samples is None:
            paths = sorted((self.data / "decks").glob("*.txt"))[: self.sample_deck_count]
            self._samples = [self.load_deck(p) for p in paths]
        return list(self._samples)
