"""The renderer's caches (glyph masks, fitted layouts, frames) change nothing on a card: every
sample card of every game, drawn with them off, then on (cold and warm), is the same bytes; and
text is set by HarfBuzz and drawn from glyphs rasterised once per quarter-pixel position."""

import pytest
from PIL import Image, ImageDraw

from tts_bridge.assets import glyphcache
from tts_bridge.assets.bench_floor import card_layouts
from tts_bridge.assets.build import Settings
from tts_bridge.assets.fonts import chain
from tts_bridge.assets.games import buildable_games
from tts_bridge.assets.render import RenderContext, render
from tts_bridge.assets.text import Style, draw_text


def _draw_all(layouts) -> list[bytes]:
    out = []
    for c in layouts:
        img, _ = render(c.boxes, c.geo, RenderContext(c.data_root, c.lang, c.icon_dir), c.card_id)
        out.append(img.tobytes())
    return out


@pytest.fixture(scope="module")
def layouts():
    return list(card_layouts(buildable_games()[0], Settings(dpi=150)))


def test_cards_are_the_same_bytes_with_the_caches_on_and_off(layouts):
    with glyphcache.enabled(False):
        reference = _draw_all(layouts)
        assert glyphcache.MASKS.stats().entries == 0
    with glyphcache.enabled(True):
        cold = _draw_all(layouts)
        first, fits_first = glyphcache.MASKS.stats(), glyphcache.FITTED.stats()
        frames = glyphcache.FRAMES.stats()
        warm = _draw_all(layouts)
        second, fits_second = glyphcache.MASKS.stats(), glyphcache.FITTED.stats()
    assert len(reference) > 250
    assert [n for n, (a, b) in enumerate(zip(reference, cold)) if a != b] == []
    assert [n for n, (a, b) in enumerate(zip(reference, warm)) if a != b] == []
    # the warm pass drew every run from the cache
    assert second.misses == first.misses and second.hits > first.hits
    assert fits_second.misses == fits_first.misses and fits_second.hits > fits_first.hits
    # most cards started from a copy of a frame drawn for an earlier card
    assert frames.hits > len(layouts) / 2 and frames.entries == frames.misses


def test_a_layout_whose_icon_set_is_a_lambda_is_fitted_every_time():
    style = Style(chain("sans", "ja"), 30, 12)
    with glyphcache.enabled(True):
        for _ in range(2):
            draw_text(Image.new("RGB", (200, 100), "white"), (0, 0, 200, 100), "Attack :hp:", style,
                      known_icon=lambda n: n == "hp")
        assert glyphcache.FITTED.stats().entries == 0


def test_a_repeated_text_is_rasterised_and_fitted_once():
    style = Style(chain("sans", "ja"), 30, 12, "#202020")
    text = "Continuous: deploy 1 more battle card each turn."
    with glyphcache.enabled(True):
        images = []
        for _ in range(3):
            img = Image.new("RGB", (400, 200), "#f0e0c0")
            draw_text(img, (10.25, 20.5, 380, 160), text, style)
            images.append(img.tobytes())
            if len(images) == 1:
                first = glyphcache.MASKS.stats()
        masks, fits = glyphcache.MASKS.stats(), glyphcache.FITTED.stats()
    with glyphcache.enabled(False):
        img = Image.new("RGB", (400, 200), "#f0e0c0")
        draw_text(img, (10.25, 20.5, 380, 160), text, style)
    assert images == [img.tobytes()] * 3
    # the first drawing rasterised each distinct glyph (and position) once, fewer than its glyphs
    assert 0 < first.misses < len(text.replace(" ", "")) and first.hits > 0
    assert masks.misses == first.misses  # the next two drew from the cache only
    assert masks.hits == first.hits + 2 * (first.hits + first.misses)
    assert (fits.misses, fits.hits) == (1, 2)


def test_glyphs_are_shared_between_different_texts():
    """The cache is per glyph, not per text: a new text of known letters rasterises nothing."""
    style = Style(chain("sans", "ja"), 30, 30, "#000000")
    with glyphcache.enabled(True):
        img = Image.new("RGB", (900, 60), "white")
        for x in range(4):  # every quarter-pixel position
            draw_text(img, (10 + x / 4, 0, 880, 60), "deal damage", style)
        before = glyphcache.MASKS.stats()
        draw_text(img, (10, 0, 880, 60), "made a deed", style)
        after = glyphcache.MASKS.stats()
    assert after.misses == before.misses and after.hits > before.hits


def test_text_sits_on_quarter_pixels_and_moves_whole_with_whole_pixels():
    """A pen a whole pixel further right draws the same pixels one pixel over; a quarter of a
    pixel further draws other coverage (the glyph rasterised at that position), not the same."""
    style = Style(chain("sans", "ja"), 30, 30, "#000000")

    def drawn(x: float) -> Image.Image:
        img = Image.new("L", (300, 50), 255)
        draw_text(img, (x, 0, 280, 50), "Wave", style)
        return img

    with glyphcache.enabled(True):
        at10, at11, quarter = drawn(10.0), drawn(11.0), drawn(10.25)
    assert at11.crop((11, 0, 300, 50)).tobytes() == at10.crop((10, 0, 299, 50)).tobytes()
    assert quarter.tobytes() != at10.tobytes()


def test_what_is_measured_is_what_is_drawn():
    """Fitting and alignment measure with the shaping the drawing uses: the pen after a run is
    its start plus its measured width, and a right-aligned line ends at the box's edge."""
    from tts_bridge.assets import glyphs
    from tts_bridge.assets.text import width

    face = chain("sans", "ja")[0]
    img = Image.new("L", (600, 60), 255)
    end = glyphs.draw(ImageDraw.Draw(img), 12.0, 40.0, "AVAST, Wave! 溶岩", face, 32, "#000000")
    assert end == 12.0 + glyphs.advance("AVAST, Wave! 溶岩", face, 32)
    assert glyphs.advance("AV", face, 32) < glyphs.advance("A", face, 32) + glyphs.advance("V", face, 32)  # kerned
    style = Style(chain("sans", "ja"), 32, 32, "#000000", "right")
    img = Image.new("L", (400, 60), 255)
    draw_text(img, (0, 0, 300, 60), "Attack", style)
    ink = img.point(lambda v: 255 if v < 128 else 0).getbbox()
    assert ink is not None and 296 <= ink[2] <= 301 and width("Attack", style.faces, 32) < 300


def test_a_fitted_layout_handed_out_is_a_copy():
    style = Style(chain("sans", "ja"), 30, 12)
    with glyphcache.enabled(True):
        img = Image.new("RGB", (200, 100), "white")
        first = draw_text(img, (0, 0, 200, 100), "Attack 4", style)
        first.lines.clear()
        first.missing.add("x")
        again = draw_text(img, (0, 0, 200, 100), "Attack 4", style)
    assert again.lines and again.missing == set()


def test_the_caches_are_bounded():
    lru = glyphcache.LRU(100)
    for n in range(10):
        lru.put(n, str(n), 30)
    assert lru.stats().size <= 100 and lru.stats().entries == 3
    assert lru.get(0) is None and lru.get(9) == "9"
    lru.put("huge", "x", 101)
    assert lru.get("huge") is None



def test_clipped_text_drawn_through_a_layer_is_the_same_with_the_caches_on():
    """Overflowing text is drawn on an RGBA layer the size of its box (another mask path)."""
    style = Style(chain("sans", "ja"), 30, 28, "#802020", "center", "middle")
    text = "A rules text far too long for its box, 溶岩「噴出」, so it overflows and is clipped."

    def draw() -> tuple[bytes, bool]:
        img = Image.new("RGB", (300, 120), "#e0e8f0")
        res = draw_text(img, (20.4, 10.7, 200, 60), text, style)
        return img.tobytes(), res.overflow

    with glyphcache.enabled(False):
        reference = draw()
    with glyphcache.enabled(True):
        assert [draw(), draw()] == [reference, reference]
        assert glyphcache.MASKS.stats().hits > 0
    assert reference[1]  # it did overflow


def test_the_glyph_tables_are_bounded():
    tables = glyphcache.GlyphTables(100)
    a = tables.table("font a")
    a[1] = "glyph"
    tables.added(60)
    assert tables.stats().entries == 1 and tables.stats().size == 60
    tables.table("font b")[1] = "glyph"
    tables.added(60)  # over the bound: everything kept is dropped
    assert tables.stats().entries == 0 and tables.stats().size == 0
    assert tables.table("font a") == {}
