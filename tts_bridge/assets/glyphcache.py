"""Work the renderer reuses from card to card: glyphs, fitted layouts, frames.

Card sets repeat a few hundred glyphs at a few sizes, the same texts in the same boxes
(keywords, rules boilerplate, stat labels, type lines) and the same card frames, so:

- a rasterised glyph's coverage mask is kept per face, pixel size, glyph id and quarter-pixel
  position (`glyphs.py` sets text with HarfBuzz and draws it from these; Pillow rasterised
  every glyph of every line again);
- a fitted layout (size, lines, warnings) is kept per (text, style, box size, icon set);
- a card's frame (its canvas with the shapes its layout starts with: the panel, the title band,
  a badge) is kept per those shapes, and the next card that starts with them starts from a
  copy (`render.py`): a copy costs a third of filling the canvas and drawing the panel.

All are bounded (glyph pixels, entries, frame bytes), per process: each build worker fills
its own. `enabled(False)` turns them off (the tests' reference: the pixels are the
same either way, and a way to rule them out).
"""

from __future__ import annotations

from collections import OrderedDict
from contextlib import contextmanager
from typing import Any, Callable, Hashable, Iterator, NamedTuple

from PIL import Image

MASK_BYTES = 32 * 1024 * 1024  # a 300 dpi glyph is ~0.5 kB: tens of thousands of glyphs
LAYOUTS = 4096
FRAME_BYTES = 64 * 1024 * 1024  # a 300 dpi poker frame is 3 MB: about twenty


class Stats(NamedTuple):
    hits: int
    misses: int
    entries: int
    size: int


class LRU:
    """A least-recently-used map bounded by the summed `cost` of its values."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self.hits = self.misses = 0
        self._items: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()

    def get(self, key: Hashable) -> Any:
        item = self._items.get(key)
        if item is None:
            self.misses += 1
            return None
        self.hits += 1
        self._items.move_to_end(key)
        return item[0]

    def put(self, key: Hashable, value: Any, cost: int = 1) -> None:
        if cost > self.limit:
            return  # bigger than the whole cache: never kept
        old = self._items.pop(key, None)
        if old is not None:
            self.size -= old[1]
        self._items[key] = (value, cost)
        self.size += cost
        while self.size > self.limit:
            _, (_, dropped) = self._items.popitem(last=False)
            self.size -= dropped

    def clear(self) -> None:
        self._items.clear()
        self.size = self.hits = self.misses = 0

    def stats(self) -> Stats:
        return Stats(self.hits, self.misses, len(self._items), self.size)


class GlyphTables:
    """Glyph masks, one table per sized font (a face at a pixel size) keyed by glyph and
    position, bounded by their summed pixels: when full, every table is dropped (a card set's
    glyphs fit many times over; an LRU's bookkeeping on every hit cost more than the lookup,
    and a line draws tens of glyphs). Hits are counted per line by the caller (`count`)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = self.hits = self.misses = 0
        self._tables: dict[Hashable, dict] = {}

    def table(self, font: Hashable) -> dict:
        """The (live) table of `font`'s glyphs; callers add what they rasterise with `added`."""
        table = self._tables.get(font)
        if table is None:
            table = self._tables[font] = {}
        return table

    def added(self, cost: int) -> None:
        self.size += cost
        if self.size > self.limit:
            self._tables = {}  # a table a caller still holds fills on, unreachable from here
            self.size = 0

    def count(self, hits: int, misses: int) -> None:
        self.hits += hits
        self.misses += misses

    def clear(self) -> None:
        self._tables = {}
        self.size = self.hits = self.misses = 0

    def stats(self) -> Stats:
        return Stats(self.hits, self.misses, sum(map(len, self._tables.values())), self.size)


MASKS = GlyphTables(MASK_BYTES)
FITTED = LRU(LAYOUTS)
FRAMES = LRU(FRAME_BYTES)
_on = True


def is_enabled() -> bool:
    return _on


@contextmanager
def enabled(on: bool) -> Iterator[None]:
    """Run with the caches on or off (and emptied either way, so nothing leaks between)."""
    global _on
    before, _on = _on, on
    for cache in (MASKS, FITTED, FRAMES):
        cache.clear()
    try:
        yield
    finally:
        _on = before
        for cache in (MASKS, FITTED, FRAMES):
            cache.clear()


def fitted(key: Hashable | None, compute: Callable[[], Any], copy: Callable[[Any], Any]) -> Any:
    """The fitted layout for `key` (None: not cacheable), computed once; callers get a copy
    they may change."""
    if not _on or key is None:
        return compute()
    hit = FITTED.get(key)
    if hit is None:
        hit = compute()
        FITTED.put(key, hit)
    return copy(hit)


def frame(key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
    """The image `draw` makes, kept per `key` (None: not kept): callers get a copy to draw on."""
    if not _on or key is None:
        return draw()
    hit = FRAMES.get(key)
    if hit is None:
        hit = draw()
        FRAMES.put(key, hit.copy(), hit.width * hit.height * 4)
        return hit
    return hit.copy()
