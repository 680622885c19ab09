"""Golden pictures of the generated kaiju table from both seats (tests/data/view-golden), so a
change of the table's layout, the UI or the drawing shows up in review. Compared with a
tolerance on a half-size copy (resampling differs a little between machines; a moved panel, a
turned card or a missing board do not pass). The table is built and drawn with the fonts the
package ships only: CI has DejaVu but no Noto CJK, a developer may have both, and the board
image, the card sheets and the UI text drawn with other fonts differ by ~3 % of the pixels. After a deliberate change, write
them again with `TTS_BRIDGE_UPDATE_GOLDEN=1 pytest tests/view/test_golden.py` and look at them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from tts_bridge.assets.build import Settings, build_games
from tts_bridge.view import geometry
from tts_bridge.view.images import Images
from tts_bridge.view.render import render
from tts_bridge.view.scene import from_save

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "view-golden"
SCREEN = (960, 540)
MEAN_LIMIT = 0.5          # mean absolute difference per channel, 0-255, on the half-size copy
PIXEL_LIMIT = 0.002       # share of half-size pixels whose grey level differs by more than 16


@pytest.fixture(scope="module")
def shipped_fonts():
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TTS_BRIDGE_SYSTEM_FONT_DIRS", "")
        patch.delenv("TTS_BRIDGE_FONT_DIRS", raising=False)
        yield


@pytest.fixture(scope="module")
def kaiju_save(shipped_fonts, tmp_path_factory) -> dict:
    """The save `tts-bridge build kaiju --dpi 40` writes, built with the shipped fonts."""
    out = tmp_path_factory.mktemp("view-golden-build")
    build_games(["kaiju"], Settings(out=out, dpi=40))
    return json.loads((out / "kaiju" / "table" / "kaiju-table.json").read_text())


def difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    small = (a.width // 2, a.height // 2)
    diff = ImageChops.difference(a.convert("RGB").resize(small, Image.Resampling.BOX),
                                 b.convert("RGB").resize(small, Image.Resampling.BOX))
    mean = sum(ImageStat.Stat(diff).mean) / 3
    worst = diff.convert("L").point(lambda v: 255 if v > 16 else 0)
    share = ImageStat.Stat(worst).mean[0] / 255
    return mean, share


@pytest.mark.parametrize("seat", ["White", "Red"])
def test_kaiju_table_matches_its_golden_picture(seat, kaiju_save):
    scene = from_save(kaiju_save, "kaiju-table.json")
    img = render(geometry.build(scene, seat, SCREEN), Images(), scene.ui_tree, "kaiju-table.json")
    path = GOLDEN / f"kaiju-{seat}.png"
    if os.environ.get("TTS_BRIDGE_UPDATE_GOLDEN"):
        GOLDEN.mkdir(parents=True, exist_ok=True)
        img.save(path, optimize=True)
    with Image.open(path) as golden:
        assert golden.size == img.size, f"{path.name}: {golden.size} now {img.size}"
        mean, share = difference(golden, img)
    assert mean <= MEAN_LIMIT and share <= PIXEL_LIMIT, (
        f"{path.name}: the view changed (mean difference {mean:.2f}, {share:.1%} of pixels); look at it and "
        f"write the goldens again if the change is meant")


def test_the_comparison_sees_a_turned_board(generated_save):
    scene = from_save(generated_save("kaiju"))
    white = render(geometry.build(scene, "White", SCREEN), Images(), scene.ui_tree)
    red = render(geometry.build(scene, "Red", SCREEN), Images(), scene.ui_tree)
    mean, share = difference(white, red)
    assert mean > MEAN_LIMIT or share > PIXEL_LIMIT


def test_the_view_draws_with_the_fonts_of_the_font_folders_it_is_given_now(monkeypatch, tmp_path):
    # the view's font cache once kept the faces of the first render in a process: a golden
    # drawn after another test's render came out in that test's fonts
    from tts_bridge.assets import fonts
    from tts_bridge.view.render import font

    shipped = fonts.BUNDLED_DIR / fonts.bundled_name("sans", "ja")
    (tmp_path / "DejaVuSans.ttf").write_bytes(shipped.read_bytes())  # found first by its name
    monkeypatch.setenv("TTS_BRIDGE_SYSTEM_FONT_DIRS", "")
    monkeypatch.setenv("TTS_BRIDGE_FONT_DIRS", str(tmp_path))
    assert Path(font(13).path) == tmp_path / "DejaVuSans.ttf"
    monkeypatch.delenv("TTS_BRIDGE_FONT_DIRS")
    assert Path(font(13).path) == shipped
