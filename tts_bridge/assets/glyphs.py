"""Card text set with HarfBuzz and drawn from a cache of FreeType glyphs.

Pillow keeps no glyph cache: every `ImageDraw.text` shapes the line and rasterises each of its
glyphs again (about 6 µs a glyph at 300 dpi), and that was most of drawing a card, while a card
set is made of a few hundred distinct glyphs. Pillow hands back only the finished mask of a
line (glyph ids and positions stay inside its C code), so this module does what text engines
with a glyph cache do (Skia, WebRender, FreeType's own cache):

- HarfBuzz (uharfbuzz) shapes each run: glyph ids, kerned advances and offsets in 26.6 fixed
  point, with the font's default features (kerning, ligatures), as libraqm does for Pillow;
- FreeType (freetype-py) rasterises each glyph once per face, pixel size and quarter-pixel
  horizontal position (four positions per pixel, Skia's subpixel glyph keys) with light hinting
  (vertical only, so glyphs sit on fractional pens without distortion), and the coverage mask
  is kept, bounded by size (`glyphcache.MASKS`);
- each glyph is drawn with the same C call Pillow's text uses for a line (`draw_bitmap`: the
  ink blended through the coverage mask), at its pen rounded to the quarter pixel; baselines are
  whole pixels.

Widths used for fitting and alignment come from the same shaping (`advance`), so what is
measured is what is drawn. Turning the caches off (`glyphcache.enabled(False)`) rasterises every
glyph again: the pixels are the same (tests compare bytes).
"""

from __future__ import annotations

import ctypes
from functools import lru_cache
from typing import NamedTuple

import freetype
import uharfbuzz as hb
from PIL import Image, ImageDraw

from tts_bridge.assets import glyphcache
from tts_bridge.assets.fonts import Face

# light hinting: FreeType's autohinter snaps heights only (FT_LOAD_TARGET_LIGHT), the mode made for
# glyphs placed at fractional pens (FreeType docs, "FT_LOAD_TARGET_XXX")
_LOAD = freetype.FT_LOAD_DEFAULT | freetype.FT_LOAD_TARGET_LIGHT | freetype.FT_LOAD_NO_BITMAP
_IDENTITY = freetype.Matrix(0x10000, 0, 0, 0x10000)


class Glyph(NamedTuple):
    """A rasterised glyph: its coverage mask (None: nothing to draw, e.g. a space) and where the
    mask's top-left corner sits from the pen (x right, y up from the baseline)."""
    mask: object | None  # Pillow's core image, as `draw_bitmap` takes it
    left: int
    top: int


class _FontFile:
    """One font file (face index) open in HarfBuzz and FreeType; FreeType's size is set when a
    glyph of another size is rasterised (misses only: hits never touch FreeType)."""

    def __init__(self, face: Face) -> None:
        self.hb_face = hb.Face(hb.Blob.from_file_path(face.path), face.index)
        self.ft = freetype.Face(face.path, face.index)
        self.ft_size = 0

    def rasterise(self, gid: int, size: int, quarter: int) -> Glyph:
        if self.ft_size != size:
            self.ft.set_pixel_sizes(0, size)
            self.ft_size = size
        self.ft.set_transform(_IDENTITY, freetype.Vector(quarter * 16, 0))  # quarter pixels, in 26.6
        self.ft.load_glyph(gid, _LOAD)
        slot = self.ft.glyph
        slot.render(freetype.FT_RENDER_MODE_NORMAL)
        bitmap = slot.bitmap
        if not bitmap.width or not bitmap.rows:
            return Glyph(None, 0, 0)
        raw = bitmap._FT_Bitmap  # the bytes in one copy (freetype-py's `buffer` is a list of ints)
        data = ctypes.string_at(raw.buffer, abs(raw.pitch) * raw.rows)
        mask = Image.frombytes("L", (bitmap.width, bitmap.rows), data, "raw", "L", raw.pitch)
        return Glyph(mask.im, slot.bitmap_left, slot.bitmap_top)


@lru_cache(maxsize=64)
def _font_file(face: Face) -> _FontFile:
    return _FontFile(face)


@lru_cache(maxsize=512)
def _hb_font(face: Face, size: int) -> hb.Font:
    font = hb.Font(_font_file(face).hb_face)
    font.scale = (size * 64, size * 64)  # positions in 26.6 pixels, as FreeType's pixel size
    return font


def _shaped(text: str, face: Face, size: int) -> hb.Buffer:
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(_hb_font(face, size), buf)
    return buf


@lru_cache(maxsize=65536)
def advance(text: str, face: Face, size: int) -> float:
    """The advance of `text` set in one face at `size` px, in px (what `draw` moves the pen by)."""
    return sum(pos.x_advance for pos in _shaped(text, face, size).glyph_positions) / 64


def draw(target: ImageDraw.ImageDraw, x: float, baseline: float, text: str, face: Face, size: int,
         fill: str) -> float:
    """Draw `text` (one face) with its pen starting at `x` on the baseline `baseline` (px);
    returns the pen after it."""
    ink = target._getink(fill)[0]  # how ImageDraw turns a colour into ink for this image
    blit = target.draw.draw_bitmap
    cached = glyphcache.is_enabled()
    table = glyphcache.MASKS.table((face, size)) if cached else {}
    pen = round(x * 64)  # 26.6
    line = int(baseline + 0.5)
    buf = _shaped(text, face, size)
    positions = buf.glyph_positions
    misses = 0
    for info, pos in zip(buf.glyph_infos, positions):
        at = (pen + pos.x_offset + 8) >> 4  # the pen to the nearest quarter pixel
        key = info.codepoint << 2 | at & 3
        g = table.get(key)
        if g is None:
            g = table[key] = _font_file(face).rasterise(info.codepoint, size, at & 3)
            misses += 1
            if cached:
                glyphcache.MASKS.added(g.mask.size[0] * g.mask.size[1] if g.mask else 1)
        if g.mask is not None:
            blit(((at >> 2) + g.left, line - g.top - ((pos.y_offset + 32) >> 6)), g.mask, ink)
        pen += pos.x_advance
    if cached:
        glyphcache.MASKS.count(len(positions) - misses, misses)
    return pen / 64
