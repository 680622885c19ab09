"""Work the renderer reuses from card to card: FreeType glyph runs, fitted layouts, frames.

Pillow keeps no glyph cache: every `ImageDraw.text` call rasterises its glyphs again, and
that was the largest part of drawing a card. Card sets repeat the same text in the same box
(keywords, rules boilerplate, stat labels, type lines), so:

- a drawn run's coverage mask is kept, keyed by everything FreeType's rendering depends on
  (face, size, text, anchor, the fractional part of the position, the mask mode, the ink),
  and drawn again with the same `draw_bitmap` call Pillow's own `text` makes: the pixels are
  the same as drawing the text (tests render with the caches on and off and compare bytes);
- a fitted layout (size, lines, warnings) is kept per (text, style, box size, icon set);
- a card's frame (its canvas with the shapes its layout starts with: the panel, the title band,
  a badge) is kept per those shapes, and the next card that starts with them starts from a
  copy (`render.py`): a copy costs a third of filling the canvas and drawing the panel.

Runs, not glyphs: Pillow 13 (`font_render` in _imagingft.c) rasterises every glyph at the origin
(its bitmap does not depend on where it goes) but places it at `PIXEL(pen + x_offset)`, the pen
moved by HarfBuzz's kerned 26.6 advances, and hands back only the finished mask: glyph ids and
positions never reach Python, and `getlength` cannot rebuild them (sums of measured pairs miss
by 1/64 px on 6 of the sample lines, e.g. "reshuffle"), so a mask built from glyphs is not exact.

All are LRUs bounded by size (mask bytes, entries, frame bytes), per process: each build
worker fills its own. `enabled(False)` turns them off (the tests' reference, and a way to
rule them out).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from contextlib import contextmanager
from typing import Any, Callable, Hashable, Iterator, NamedTuple

from PIL import Image, ImageDraw, ImageFont

# draw_run mirrors the steps of Pillow 13's ImageDraw.text (getmask2 with `stroke_filled`); with a
# Pillow whose getmask2 lacks that argument, text is drawn by ImageDraw.text itself, uncached
_MIRRORED = True
MASK_BYTES = 48 * 1024 * 1024  # a 300 dpi rules line is ~40 kB: about a thousand lines
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


MASKS = LRU(MASK_BYTES)
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


def draw_run(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, font: ImageFont.FreeTypeFont,
             key: Hashable, fill: str, anchor: str = "ls") -> None:
    """`draw.text(xy, text, fill, font, anchor)` for one line of plain text, with its mask
    reused when `key` (the font's identity: face and size) and the rest repeat. This is the
    single-line branch of Pillow's `ImageDraw.text`, step for step."""
    global _MIRRORED
    if not _on or not _MIRRORED or "\n" in text:
        draw.text(xy, text, fill=fill, font=font, anchor=anchor)
        return
    ink = draw._getink(fill)[0]  # how ImageDraw.text turns the colour into ink
    start = (math.modf(xy[0])[0], math.modf(xy[1])[0])
    k = (key, text, anchor, start, draw.fontmode, ink)
    hit = MASKS.get(k)
    if hit is None:
        try:
            mask, offset = font.getmask2(text, draw.fontmode, None, None, None, 0, anchor, ink, start,
                                         stroke_filled=True)
        except TypeError:  # an older Pillow's text takes other steps: draw as it does, uncached
            _MIRRORED = False
            draw.text(xy, text, fill=fill, font=font, anchor=anchor)
            return
        hit = (Image.Image()._new(mask), offset)
        MASKS.put(k, hit, max(1, mask.size[0] * mask.size[1]))
    image, offset = hit
    draw.bitmap((int(xy[0]) + offset[0], int(xy[1]) + offset[1]), image, fill)


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
