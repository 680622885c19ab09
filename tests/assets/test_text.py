"""Text engine: kinsoku, inline icons on the baseline, auto-fit, font fallback, missing glyphs."""

import pytest
from PIL import Image
from uniseg.linebreak import line_break_units

from tts_bridge.assets.fonts import chain, complex_layout_status, coverage
from tts_bridge.assets.text import NO_END, NO_START, OBJ, Style, break_units, draw_text, fit, runs

FACES = chain("sans", "ja")


def style(size=40, min_size=12, **kw):
    return Style(FACES, size, min_size, **kw)


def test_cjk_font_is_installed_and_complex_layout_active():
    assert any("CJK" in f.path for f in FACES), "the shipped Noto Sans CJK subset (tts_bridge/assets/font_files) is missing"
    assert complex_layout_status()["raqm"] is True


def test_kinsoku_no_line_starts_with_closing_punctuation_or_small_kana():
    text = "これは「テスト」です。ちょっと待ってください！さあ、ゆっくり「読んで」ね。" * 3
    for width in range(60, 400, 17):
        res = fit(text, style(24, 24), width, 10_000)
        lines = [line for line, _ in res.lines if line]
        for line in lines[1:]:
            assert line[0] not in NO_START, (width, line)
        for line in lines[:-1]:
            assert line[-1] not in NO_END, (width, line)


def test_kinsoku_units_keep_brackets_with_their_text():
    units = break_units("「引用」です。")
    assert all(u[0] not in NO_START for u in units[1:])
    assert any(u.startswith("「") and len(u) > 1 for u in units)


def test_break_units_are_uax14_on_every_card_file_text():
    """ICU's units, after our kinsoku tailoring, equal a second UAX #14 implementation's
    (uniseg, pure Python) on hand-picked joins and on every string of every game's card file."""
    import yaml

    from tts_bridge.assets.build import REPO

    samples = ['He said "go (now)" .', "x ( y", "a ) b", "a . 5", "a .5", "'quoted' word", "a 'b' c",
               "x / y", "1 - 2", "- x", "[Act] [Auto] x", "a\u00b7b · c", "e.g. 3 , 4", "x ( 'y' ) z",
               "Cost: 1 (any) ; then !", "a { b } c", "$ 5 % 3", "  lead", "trail  ", "Shadow (2)→ your Aura",
               "「引用」 です。 (x) 「y」", "¡Hola! ¿Qué? « a » “b” ‘c’ — d – e", "x\u2060 y", "a \u00a0b", "1 ％ 2",
               "攻击力+1。然后抽两张牌", "「効果」を発動する。", "漢字々漢", "中文，标点。测试！", "字\u0301字",
               "字\ufe00字", "字\u200d字", "第3回合", "$字", "字%", "（字）字", "字 字", "字",
               "Spark Bite - Attack 3.", "Smoke-Wing Ashmoth: Continuous +1 speed.", "a  b   c", "y-z",
               "Leader · Inheritor · Lightning", "Café déjà-vu naïve", "Level 2: Roar - Attack 8, Pierce!",
               "(a) [b] {c} g/h X/2 D)[0 \"q\" 1-a 3-4 -x", f"Bite - {OBJ}3.", f"{OBJ}{OBJ} x"]

    def walk(x):
        if isinstance(x, str):
            samples.extend(x.split("\n"))
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    for path in sorted((REPO / "card_data").glob("*/cards.yaml")):
        walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    assert len(set(samples)) > 1000
    for s in sorted(set(samples)):
        assert list(break_units(s)) == _kinsoku_uniseg(s), s


def _kinsoku_uniseg(s):
    units = []
    for unit in line_break_units(s) if s else ():
        if units and (unit[0] in NO_START or (units[-1].rstrip() and units[-1].rstrip()[-1] in NO_END)
                      or units[-1].endswith(OBJ)):
            units[-1] += unit
        else:
            units.append(unit)
    return units


def test_icon_stays_glued_to_its_number():
    assert f"{OBJ}3." in break_units(f"Bite - {OBJ}3.")


def test_inline_icon_sits_on_the_baseline():
    img = Image.new("RGB", (400, 100), "white")
    red = Image.new("RGBA", (100, 100), (255, 0, 0, 255))
    res = draw_text(img, (0, 0, 400, 100), "Hx :attack: x", style(40, 40), lambda n, px: red.resize((px, px)),
                    lambda n: n == "attack")
    assert not res.overflow
    px = img.load()
    red_rows = [y for y in range(100) for x in range(400) if px[x, y] == (255, 0, 0)]
    black_rows = [y for y in range(100) for x in range(0, 30) if px[x, y][0] < 100]
    # the icon's bottom is the text baseline: the bottom of "H" (no descender)
    assert abs(max(red_rows) - max(black_rows)) <= 2
    assert min(red_rows) > 0


def test_autofit_shrinks_until_it_fits():
    short = fit("Short text", style(40, 10), 500, 60)
    assert short.size == 40 and not short.overflow
    long_text = "A long rules text that needs several lines to fit. " * 4
    res = fit(long_text, style(40, 10), 500, 200)
    assert 10 <= res.size < 40 and not res.overflow
    bigger = fit(long_text, style(res.size + 1, res.size + 1), 500, 200)
    assert bigger.overflow  # binary search found the largest fitting size


def test_overflow_at_minimum_size_is_reported():
    res = fit("word " * 400, style(30, 20), 200, 60)
    assert res.overflow and res.size == 20


def test_fallback_chain_uses_cjk_face_for_cjk_and_latin_face_for_latin():
    parts = runs("Attack 攻撃", FACES)
    assert parts[0][1] == FACES[0] and parts[0][0].startswith("Attack")
    assert "CJK" in parts[-1][1].path and parts[-1][0] == "攻撃"
    assert ord("攻") in coverage(parts[-1][1]) and ord("攻") not in coverage(FACES[0])


def test_missing_glyphs_are_reported_and_drawn_visibly():
    img = Image.new("RGB", (300, 80), "white")
    res = draw_text(img, (0, 0, 300, 80), "A\U00013000B", style(30, 30))
    assert res.missing == {"\U00013000"}
    px = img.load()
    reds = sum(1 for x in range(300) for y in range(80) if px[x, y][0] > 180 and px[x, y][1] < 60 and px[x, y][2] < 60)
    assert reds > 10  # a red marker box, never an empty space


def test_unknown_icon_is_reported_and_left_as_text():
    res = fit("Use :nosuch: now", style(), 500, 100, lambda n: False)
    assert res.unknown_icons == {"nosuch"}
    assert ":nosuch:" in res.lines[0][0]


from hypothesis import given, settings, strategies as st  # noqa: E402

_ALPHABET = st.sampled_from(list("abc xyz-、。「」（）ぁっーアイウ漢字攻撃！？,.") + [" ", "Attack", "の"])


@settings(max_examples=60, deadline=None)
@given(parts=st.lists(_ALPHABET, min_size=1, max_size=40), width=st.integers(min_value=80, max_value=400))
def test_line_breaking_keeps_every_character_and_kinsoku(parts, width):
    text = "".join(parts)
    res = fit(text, style(20, 20), width, 10_000)
    joined = "".join(line for line, _ in res.lines)
    assert joined.replace(" ", "") == text.replace(" ", "")  # nothing lost or duplicated
    if not res.overflow:
        lines = [line for line, _ in res.lines if line]
        for line in lines[1:]:
            assert line[0] not in NO_START


def test_fit_stopping_early_changes_no_result(monkeypatch):
    """Fitting stops filling a size once it has more lines than the box holds; the sizes and
    lines chosen must be those of filling every size completely."""
    import random

    from tts_bridge.assets import text as text_mod

    full = text_mod._layout
    samples = ["Spark Bite - Attack 3. " * 6, "これは「テスト」です。ちょっと待ってください！" * 4,
               "攻击力+1。然后抽两张牌。" * 8, "a\nb\nc\nd\ne\nf", "Wide" * 30, ""]
    rng = random.Random(7)
    cases = [(s, rng.uniform(40, 600), rng.uniform(10, 400), rng.randint(16, 44), rng.randint(8, 16),
              rng.choice([1.0, 1.18, 1.5])) for s in samples for _ in range(40)]
    early = [fit(s, style(size, low, line_spacing=sp), w, h) for s, w, h, size, low, sp in cases]
    monkeypatch.setattr(text_mod, "_layout", lambda *a, max_lines=None, **k: full(*a, **k))
    complete = [fit(s, style(size, low, line_spacing=sp), w, h) for s, w, h, size, low, sp in cases]
    assert [(r.size, r.lines, r.overflow) for r in early] == [(r.size, r.lines, r.overflow) for r in complete]
    assert len({r.size for r in early}) > 10 and any(r.overflow for r in early)



def test_runs_of_text_one_face_covers_match_the_per_character_split():
    """The one-face shortcut of `runs` gives what splitting character by character gives."""
    from tts_bridge.assets.text import _runs_by_character, runs

    faces = chain("sans", "ja")
    for s in ["Attack 4", " lead", "溶岩「噴出」。 mixed", "tab\tand\x01", "a\ufffcb", "", "\U0001F0A1 card", "Ω≈ç"]:
        assert runs(s, faces) == _runs_by_character(s, faces), s
    assert runs("Attack 4", faces) == (("Attack 4", faces[0]),)


@pytest.mark.parametrize("size, min_size, line_spacing", [(0, 0, 1.2), (3, 0, 1.2), (12, 6, 0), (12, 6, -1.0)])
def test_any_size_or_line_spacing_a_template_or_a_low_dpi_gives_is_fitted_not_a_crash(size, min_size, line_spacing):
    """Found by fuzzing templates: at --dpi 10 the red error card's small text rounds to 0 px and
    fitting divided by zero (the error card is drawn outside the per-card error handling, so the
    build died); a template's `line_spacing: 0` did the same. No size below 1 px is tried."""
    result = fit("BUILD ERROR kj-cindrak: layout box 3: a long message", style(size, min_size,
                 line_spacing=line_spacing), 40, 20)
    assert result.size >= 1 and result.lines


def test_the_error_card_is_drawn_at_the_lowest_dpi():
    from tts_bridge.assets.build import Settings
    from tts_bridge.assets.games import get_adapter
    from tts_bridge.assets.render import error_card

    geo = Settings(dpi=10).geometry(get_adapter("gundam-war"))
    image = error_card(geo, "gw-001", "template error: " + "x" * 300)
    assert image.size == geo.size_px
