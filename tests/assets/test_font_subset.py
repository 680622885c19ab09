"""The shipped Noto Sans CJK subset: it covers every character our sample games draw, it is
licensed (SIL OFL) and small, installed fonts still win, our cards render with no system
font at all, and the missing-glyph box never crashes at any size."""

import shutil

import pytest
from click.testing import CliRunner
from fontTools.ttLib import TTCollection, TTFont
from PIL import Image

from engine.core.registry import game_ids
from tts_bridge.assets import fonts
from tts_bridge.assets.build import build_game
from tts_bridge.assets.fontsubset import (drawn_characters, extra_characters, missing_from_subset, needed_characters,
                                          write_subsets)
from tts_bridge.assets.text import Style, draw_text

GAMES = list(game_ids())
SHIPPED = sorted(fonts.BUNDLED_DIR.glob("*.subset.otf"))


@pytest.fixture
def no_system_fonts(monkeypatch):
    """A machine with no font installed: the lookup sees neither system folders nor extras."""
    monkeypatch.setenv("TTS_BRIDGE_SYSTEM_FONT_DIRS", "")
    monkeypatch.setenv("TTS_BRIDGE_FONT_DIRS", "")


@pytest.mark.parametrize("game", GAMES)
def test_the_subset_has_every_character_the_sample_game_draws(game):
    assert drawn_characters(game).chars, "nothing drawn: the collection is broken"
    assert missing_from_subset(game) == "", "run `tts-bridge fonts subset` after changing card data"


def test_the_subset_is_small_licensed_and_keeps_its_names():
    assert {p.name for p in SHIPPED} == {fonts.bundled_name(r, lang) for r in fonts.BUNDLED_WEIGHT
                                         for lang in fonts.BUNDLED_LANGS}
    assert sum(p.stat().st_size for p in SHIPPED) < 2_000_000
    licence = (fonts.BUNDLED_DIR / "OFL.txt").read_text()
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Adobe" in licence
    for path in SHIPPED:
        name = TTFont(str(path), lazy=True)["name"]
        assert "Open Font License" in name.getDebugName(13)
        assert name.getDebugName(1).startswith("Noto Sans CJK")


def test_with_no_system_font_every_chain_ends_in_the_shipped_subset(no_system_fonts):
    for role in fonts.BUNDLED_WEIGHT:
        for lang in ("ja", "zh-Hans", "ko"):
            faces = fonts.chain(role, lang)
            assert [f.path for f in faces] == [str(fonts.BUNDLED_DIR / fonts.bundled_name(role, lang))]


def test_installed_fonts_win_over_the_shipped_subset(tmp_path, monkeypatch):
    user = tmp_path / "myfonts"
    user.mkdir()
    shutil.copy(SHIPPED[0], user / "NotoSansCJK-Regular.otf")  # a user's font, by a name the chain knows
    monkeypatch.setenv("TTS_BRIDGE_SYSTEM_FONT_DIRS", "")
    monkeypatch.setenv("TTS_BRIDGE_FONT_DIRS", str(user))
    faces = fonts.chain("sans", "ja")
    assert faces[0].path == str(user / "NotoSansCJK-Regular.otf")
    assert faces[-1].path.startswith(str(fonts.BUNDLED_DIR))


@pytest.mark.parametrize("game", GAMES)
def test_sample_cards_render_without_any_installed_font(game, no_system_fonts, small):
    report = build_game(game, small)
    assert report.errors == []
    assert [w for w in report.warnings if "no font has a glyph" in w] == []


def test_the_missing_glyph_box_never_crashes_at_any_size():
    img = Image.new("RGB", (60, 60), "white")
    for size in range(1, 80):
        res = draw_text(img, (0, 0, 50, 50), "A\U0010fffdB", Style(fonts.chain("sans"), size, size))
        assert res.missing == {"\U0010fffd"}


@pytest.mark.parametrize("dpi", [10, 25, 30])
def test_a_card_with_a_missing_glyph_builds_at_low_dpi(kaiju_copy, small, dpi):
    adapter, data = kaiju_copy
    cards = data / "cards.yaml"
    text = cards.read_text()
    assert "Its first sneeze" in text
    cards.write_text(text.replace("Its first sneeze", "Its first \\U0010FFFD sneeze", 1))
    small.dpi = dpi
    report = build_game("kaiju", small, adapter=adapter)
    assert report.errors == []
    assert any("no font has a glyph" in w and "U+10FFFD" in w for w in report.warnings)
    assert report.cards_rendered == report.card_count


def test_fonts_subset_regenerates_from_a_noto_collection(tmp_path, monkeypatch):
    """The regeneration script, run on a Noto CJK collection laid out like Debian's (faces in
    JP, KR, SC order; here made from the shipped files), writes faces covering what is needed."""
    src = tmp_path / "noto"
    src.mkdir()
    for weight in ("Regular", "Bold"):
        jp, sc = (TTFont(str(fonts.BUNDLED_DIR / f"NotoSansCJK{t}-{weight}.subset.otf")) for t in ("JP", "SC"))
        collection = TTCollection()
        collection.fonts = [jp, jp, sc]
        collection.save(str(src / f"NotoSansCJK-{weight}.ttc"))
    out = tmp_path / "out"
    out.mkdir()
    chars = needed_characters(GAMES)
    written = write_subsets(chars, {"Regular": src / "NotoSansCJK-Regular.ttc", "Bold": src / "NotoSansCJK-Bold.ttc"},
                            out)
    assert sorted(p.name for p in written) == [p.name for p in SHIPPED]
    drawn = {ord(ch) for game in GAMES for ch in drawn_characters(game).chars}
    for path in written:
        kept = set(TTFont(str(path))["cmap"].getBestCmap())
        source = set(TTFont(str(fonts.BUNDLED_DIR / path.name))["cmap"].getBestCmap())
        assert drawn <= kept  # everything the games draw
        assert kept == source & set(map(ord, chars["ja"]))  # and what else is asked for that the font has


def test_fonts_subset_without_a_source_is_one_line_and_exit_2(tmp_path):
    from tts_bridge.cli import main

    res = CliRunner().invoke(main, ["fonts", "subset", "--source", str(tmp_path)])
    assert res.exit_code == 2
    assert res.output.count("\n") == 1 and "apt-get download fonts-noto-cjk" in res.output


def test_extra_characters_include_kana_and_the_text_tests_kanji():
    extra = extra_characters()
    assert {"あ", "ア", "。", "「", "攻", "撃"} <= extra


def test_fonts_check_says_ok_for_every_game():
    from tts_bridge.cli import main

    res = CliRunner().invoke(main, ["fonts", "check"])
    assert res.exit_code == 0, res.output
    assert res.output.splitlines() == [f"{game}: ok" for game in GAMES]
