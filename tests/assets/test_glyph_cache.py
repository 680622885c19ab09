"""The renderer's caches (glyph-run masks, fitted layouts, frames) change nothing on a card: every
sample card of every game, drawn with them off, then on (cold and warm), is the same bytes."""

import pytest
from PIL import Image

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
    with glyphcache.enabled(True):
        images = []
        for _ in range(3):
            img = Image.new("RGB", (400, 200), "#f0e0c0")
            draw_text(img, (10.25, 20.5, 380, 160), "Continuous: deploy 1 more battle card each turn.", style)
            images.append(img.tobytes())
        masks, fits = glyphcache.MASKS.stats(), glyphcache.FITTED.stats()
    with glyphcache.enabled(False):
        img = Image.new("RGB", (400, 200), "#f0e0c0")
        draw_text(img, (10.25, 20.5, 380, 160), "Continuous: deploy 1 more battle card each turn.", style)
    assert images == [img.tobytes()] * 3
    assert masks.hits == 2 * masks.misses and masks.misses >= 2  # wrapped: one run per line
    assert (fits.misses, fits.hits) == (1, 2)


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


def test_a_pillow_whose_getmask2_lacks_stroke_filled_draws_the_same_text_uncached(monkeypatch):
    """draw_run mirrors Pillow 13's ImageDraw.text; an older Pillow (pyproject allows 10.1) has no
    `stroke_filled` on getmask2, so the text is drawn by ImageDraw.text, with the same pixels."""
    from PIL import ImageFont

    style = Style(chain("sans", "ja"), 30, 28, "#203080", "left", "top")

    def draw() -> bytes:
        img = Image.new("RGB", (300, 80), "#ffffff")
        draw_text(img, (10.3, 5.6, 280, 70), "Rules text, 溶岩", style)
        return img.tobytes()

    with glyphcache.enabled(False):
        reference = draw()
    real = ImageFont.FreeTypeFont.getmask2
    refused = []

    def older(self, *args, **kwargs):  # refuses the argument once: draw_run's own call
        if "stroke_filled" in kwargs and not refused:
            refused.append(True)
            raise TypeError("getmask2() got an unexpected keyword argument 'stroke_filled'")
        return real(self, *args, **kwargs)

    monkeypatch.setattr(ImageFont.FreeTypeFont, "getmask2", older)
    monkeypatch.setattr(glyphcache, "_MIRRORED", True)
    with glyphcache.enabled(True):
        assert [draw(), draw()] == [reference, reference]
        assert refused and glyphcache._MIRRORED is False and glyphcache.MASKS.stats().entries == 0
