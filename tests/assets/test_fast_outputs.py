"""The speed paths of the build keep the outputs exact: the direct PNG writer is lossless,
and sheet cells are the trimmed face scaled with the sheet filter (issue 7, Speed)."""

import io
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from tts_bridge.assets.build import build_game
from tts_bridge.assets.io import png_bytes, save_png
from tts_bridge.assets.sheets import CELL_FILTER


def _picture(mode: str) -> Image.Image:
    img = Image.linear_gradient("L").resize((97, 61)).convert(mode)  # odd sizes: no row alignment luck
    d = ImageDraw.Draw(img)
    d.ellipse((10, 5, 60, 50), fill="red" if mode != "L" else 200)
    d.text((5, 40), "Ab 字", fill="white" if mode != "L" else 255)
    if mode == "RGBA":
        img.putalpha(Image.linear_gradient("L").resize((97, 61)).rotate(90))
    return img


@pytest.mark.parametrize("mode", ["L", "RGB", "RGBA"])
def test_png_writer_is_lossless(mode, tmp_path):
    img = _picture(mode)
    save_png(img, tmp_path / "x.png", level=2, dpi=300)
    with Image.open(tmp_path / "x.png") as back:
        back.load()
        assert back.format == "PNG" and back.mode == mode and back.size == img.size
        assert back.tobytes() == img.tobytes()
        assert round(back.info["dpi"][0]) == 300


def test_png_writer_hands_other_modes_to_pillow():
    img = _picture("RGB").convert("P")
    with Image.open(io.BytesIO(png_bytes(img))) as back:
        back.load()
        assert back.mode == "P" and back.convert("RGB").tobytes() == img.convert("RGB").tobytes()


def test_sheet_cells_are_the_trimmed_faces_scaled(kaiju_copy, small):
    adapter, _ = kaiju_copy
    small.bleed_mm = 3.0
    r = build_game("kaiju", small, adapter=adapter)
    geo, b = small.geometry(adapter), small.geometry(adapter).bleed_px
    first = adapter.cards()[0].id
    with Image.open(r.sheets[0]) as sheet, Image.open(small.out / "kaiju" / "faces" / f"{first}.png") as face:
        cw, ch = sheet.width // small.max_cols, sheet.height // small.max_rows
        cell = sheet.convert("RGB").crop((0, 0, cw, ch))
        expected = face.convert("RGB").crop((b, b, b + geo.trim_px[0], b + geo.trim_px[1])).resize((cw, ch), CELL_FILTER)
    diff = ImageStat.Stat(ImageChops.difference(cell, expected)).mean
    assert max(diff) < 1.0, diff  # only the outermost pixels may differ (the bleed around the cut)
    shifted = expected.transform(expected.size, Image.AFFINE, (1, 0, 3, 0, 1, 0))
    assert max(ImageStat.Stat(ImageChops.difference(cell, shifted)).mean) > max(diff)
    assert Path(r.sheets[0]).stat().st_size > 0
