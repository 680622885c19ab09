"""The text engine: line breaking (UAX #14 via ICU, tailored with Japanese/Chinese
kinsoku), inline `:icon:` tokens sitting on the baseline, a per-character font fallback
chain, auto-fit by binary search, and reports of overflow and missing glyphs.

Nothing here fails silently: a text that does not fit at the minimum size is drawn at the
minimum size, clipped, and flagged `overflow`; a character no font covers is drawn as a red
box and listed in `missing`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable

from PIL import Image, ImageDraw
from icu4py.breakers import LineBreaker

from tts_bridge.assets import glyphcache, glyphs
from tts_bridge.assets.fonts import Face, coverage, face_for, pil_font

ICON_TOKEN = re.compile(r":([a-z][a-z0-9_-]*):")
OBJ = "\ufffc"  # object replacement character: an icon inside the text for line breaking

# Kinsoku shori: characters that may not start a line / may not end a line (JIS X 4051, GB/T 15834).
NO_START = frozenset(
    "、。，．,.)]}）］｝〕〉》」』】〙〗〟’”｠»ゝゞヽヾーァィゥェォッャュョヮヵヶぁぃぅぇぉっゃゅょゎゕゖ"
    "ㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ々〻‐゠–〜～？！?!‼⁇⁈⁉・：；:;／…‥%％℃°′″")
NO_END = frozenset("([{（［｛〔〈《「『【〘〖〝‘“｟«$＄￥£")

IconFn = Callable[[str, int], "Image.Image | None"]


@dataclass(frozen=True)
class Style:
    faces: tuple[Face, ...]
    size: int            # largest size in px
    min_size: int        # smallest size in px before reporting overflow
    color: str = "#000000"
    align: str = "left"  # left | center | right
    valign: str = "top"  # top | middle | bottom
    line_spacing: float = 1.2


@dataclass
class TextResult:
    size: int
    lines: list
    overflow: bool = False
    missing: set[str] = field(default_factory=set)
    unknown_icons: set[str] = field(default_factory=set)


# -- tokens and break units -------------------------------------------------------------------

def paragraphs(text: str, known_icon: Callable[[str], bool]) -> tuple[list[tuple[str, list[str]]], set[str]]:
    """Split into paragraphs; each is (string with OBJ per icon, icon names). Unknown
    `:name:` tokens stay literal text and are returned for a warning."""
    unknown: set[str] = set()
    out = []
    for para in text.replace("\r\n", "\n").split("\n"):
        names: list[str] = []

        def sub(m: re.Match) -> str:
            if known_icon(m.group(1)):
                names.append(m.group(1))
                return OBJ
            unknown.add(m.group(1))
            return m.group(0)

        out.append((ICON_TOKEN.sub(sub, para), names))
    return out, unknown


@lru_cache(maxsize=4096)
def break_units(para: str) -> tuple[str, ...]:
    """UAX #14 break units from ICU's line breaker (the one browsers use), tailored: kinsoku
    (never start a line with a closing bracket, small kana or stop; never end one with an
    opening bracket: the unit moves to the next line whole) and an icon stays glued to what
    follows it (":attack:3")."""
    units: list[str] = []
    for unit in LineBreaker(para, "root") if para else ():
        prev = units[-1].rstrip() if units else ""
        if units and (unit[0] in NO_START or (prev and prev[-1] in NO_END) or units[-1].endswith(OBJ)):
            units[-1] += unit
        else:
            units.append(unit)
    return tuple(units)


# -- measuring --------------------------------------------------------------------------------

@lru_cache(maxsize=8192)
def runs(text: str, faces: tuple[Face, ...]) -> tuple[tuple[str, Face | None], ...]:
    """Split `text` into runs drawn with one face; None = no face has the glyph."""
    if text and faces and OBJ not in text and coverage(faces[0]).issuperset(map(ord, text)):
        return ((text, faces[0]),)  # the usual case, without a lookup per character
    return _runs_by_character(text, faces)


def _runs_by_character(text: str, faces: tuple[Face, ...]) -> tuple[tuple[str, Face | None], ...]:
    out: list[list] = []
    for ch in text:
        if ch == OBJ:
            face: Face | None | str = "icon"
        elif ch.isspace() or ord(ch) < 32:
            face = out[-1][1] if out and out[-1][1] not in ("icon", None) else (faces[0] if faces else None)
        else:
            face = face_for(ch, faces)
        if out and out[-1][1] == face:
            out[-1][0] += ch
        else:
            out.append([ch, face])
    return tuple((t, f) for t, f in out)  # type: ignore[misc]


def _run_width(text: str, face: Face | None, size: int) -> float:
    if face is None:  # missing glyphs: one box per character, the width of a capital
        return len(text) * size * 0.6
    return glyphs.advance(text, face, size)


def icon_px(size: int) -> int:
    return max(1, round(size * 0.85))


@lru_cache(maxsize=65536)
def width(text: str, faces: tuple[Face, ...], size: int) -> float:
    """Advance width of `text` in px (fitting measures the same pieces at many sizes)."""
    total = 0.0
    for run, face in runs(text, faces):
        if face == "icon":
            total += len(run) * (icon_px(size) + size * 0.1)
        else:
            total += _run_width(run, face, size)
    return total


def _layout(paras: list[str], faces: tuple[Face, ...], size: int, max_w: float, hard: bool,
            max_lines: int | None = None) -> tuple[list[str], bool]:
    """Greedy fill; returns the lines and whether some unit is wider than the box. With
    `hard`, such units are broken between characters (the last resort at minimum size).
    Without it, the fill stops as soon as the text is known not to fit (a unit too wide, or
    more than `max_lines` lines): fitting tries several sizes that fail."""
    lines: list[str] = []
    too_wide = False
    for para in paras:
        cur, cur_w = "", 0.0
        for unit in break_units(para):
            pieces = [unit]
            if width(unit.rstrip(), faces, size) > max_w:
                too_wide = True
                if not hard:
                    return lines, True
                pieces = []  # between characters, still never before a kinsoku character
                for ch in unit:
                    if pieces and (ch in NO_START or pieces[-1][-1] in NO_END or pieces[-1].endswith(OBJ)):
                        pieces[-1] += ch
                    else:
                        pieces.append(ch)
            for piece in pieces:
                w = width(piece, faces, size)
                if cur and cur_w + width(piece.rstrip(), faces, size) > max_w:
                    lines.append(cur.rstrip())
                    if max_lines is not None and len(lines) >= max_lines:
                        return lines + [piece], False  # one line too many already: no fit
                    cur, cur_w = piece, w
                else:
                    cur, cur_w = cur + piece, cur_w + w
        lines.append(cur.rstrip())
    return lines, too_wide


def _height(n_lines: int, size: int, spacing: float) -> float:
    return 0 if n_lines == 0 else size * 1.17 + (n_lines - 1) * size * spacing


def no_icons(name: str) -> bool:
    """The icon set of a text without icons."""
    return False


def _copy(result: TextResult) -> TextResult:
    out = TextResult(result.size, list(result.lines), result.overflow, set(result.missing), set(result.unknown_icons))
    out.icon_names = list(result.icon_names)  # type: ignore[attr-defined]
    return out


def fit(text: str, style: Style, box_w: float, box_h: float,
        known_icon: Callable[[str], bool] = no_icons) -> TextResult:
    """The largest size in [min_size, size] at which the text fits the box (binary search),
    remembered per (text, style, box size, icon set) when the icon set is a value (see
    `icons.Known`; a lambda is not, and is fitted every time)."""
    valued = known_icon is no_icons or type(known_icon).__hash__ is not object.__hash__
    key = (text, style, box_w, box_h, known_icon) if valued else None
    return glyphcache.fitted(key, lambda: _fit(text, style, box_w, box_h, known_icon), _copy)


def _fit(text: str, style: Style, box_w: float, box_h: float, known_icon: Callable[[str], bool]) -> TextResult:
    paras_icons, unknown = paragraphs(text, known_icon)
    paras = [p for p, _ in paras_icons]
    missing = {ch for p in paras for run, face in runs(p, style.faces) if face is None for ch in run if not ch.isspace()}

    def fits(size: int) -> tuple[bool, list[str]]:
        step = size * style.line_spacing  # a template may give any line_spacing, 0 included
        most = 2 + max(0, int((box_h - size * 1.17) // step)) if step > 0 else None  # > lines the box holds
        lines, too_wide = _layout(paras, style.faces, size, box_w, hard=False, max_lines=most)
        return (not too_wide and _height(len(lines), size, style.line_spacing) <= box_h), lines

    # no size below 1 px is tried: a low --dpi rounds small sizes to 0 (the red error card's at --dpi 10)
    floor = max(1, style.min_size)
    lo, hi = floor, max(floor, style.size)
    ok, lines = fits(hi)
    if ok:
        best = (hi, lines)
    else:
        best = None
        while lo <= hi:
            mid = (lo + hi) // 2
            ok, lines = fits(mid)
            if ok:
                best, lo = (mid, lines), mid + 1
            else:
                hi = mid - 1
    if best is None:
        lines, _ = _layout(paras, style.faces, floor, box_w, hard=True)
        result = TextResult(floor, lines, overflow=True)
    else:
        result = TextResult(best[0], best[1])
    result.missing = missing
    result.unknown_icons = unknown
    # icon names in reading order, consumed while drawing
    result.lines = [(line, None) for line in result.lines]
    result.icon_names = [n for _, names in paras_icons for n in names]  # type: ignore[attr-defined]
    return result


# -- drawing ----------------------------------------------------------------------------------

def overlay(dst: Image.Image, src: Image.Image, pos: tuple[int, int]) -> None:
    """Draw `src` over `dst` at `pos` honouring `src`'s alpha. Card faces are opaque RGB (no
    alpha channel to composite, no conversion at the end), so this is a masked paste there."""
    if dst.mode == "RGBA":
        dst.alpha_composite(src if src.mode == "RGBA" else src.convert("RGBA"), pos)
    elif src.mode in ("RGBA", "LA"):
        dst.paste(src, pos, src)
    else:
        dst.paste(src, pos)


def line_extents(result: TextResult, style: Style, box: tuple[float, float, float, float]) -> list[tuple]:
    """Where `draw_text` put each non-empty line: (x0, top of capitals, x1, baseline) in px,
    for checks that the text sits inside a round badge (placed as `draw_text` places it)."""
    x0, y0, bw, bh = box
    size = result.size
    ascent = pil_font(style.faces[0], size).getmetrics()[0] * 0.95 if style.faces else size * 0.93
    top = {"top": 0.0, "middle": (bh - _height(len(result.lines), size, style.line_spacing)) / 2,
           "bottom": bh - _height(len(result.lines), size, style.line_spacing)}.get(style.valign, 0.0)
    out = []
    for n, (line, _) in enumerate(result.lines):
        if not line.strip():
            continue
        w = width(line, style.faces, size)
        x = x0 + {"center": (bw - w) / 2, "right": bw - w}.get(style.align, 0.0)
        baseline = y0 + top + ascent + n * size * style.line_spacing
        out.append((x, baseline - size * 0.72, x + w, baseline))
    return out


def missing_box(x: float, baseline: float, size: int) -> tuple[float, float, float, float]:
    """Where the red box of a missing glyph goes: the advance of a capital, inset by a pixel
    when there is room; never inverted (at a few px per em the inset would cross over)."""
    w = size * 0.6
    inset = min(1.0, w / 4)
    return x + inset, baseline - max(1.0, size * 0.7), x + max(inset, w - inset), baseline


def draw_missing(draw: ImageDraw.ImageDraw, x: float, baseline: float, size: int) -> None:
    r = missing_box(x, baseline, size)
    draw.rectangle(r, outline="#d00000", width=max(1, size // 12))
    draw.line((r[0], r[1], r[2], r[3]), fill="#d00000", width=max(1, size // 14))


def draw_text(image: Image.Image, box: tuple[float, float, float, float], text: str, style: Style,
              icon: IconFn | None = None, known_icon: Callable[[str], bool] = no_icons) -> TextResult:
    """Fit and draw `text` into `box` (x, y, w, h in px) of `image`; clipped to the box."""
    x0, y0, bw, bh = box
    result = fit(text, style, bw, bh, known_icon)
    size = result.size
    # Text that fits is drawn straight onto the card; overflowing text goes through a
    # layer the size of the box, so the clipped part never spills over other boxes.
    direct = not result.overflow
    if direct:
        layer, ox, oy = image, x0, y0
    else:
        layer, ox, oy = Image.new("RGBA", (max(1, int(bw + 0.5)), max(1, int(bh + 0.5))), (0, 0, 0, 0)), 0.0, 0.0
    draw = ImageDraw.Draw(layer)
    ascent = pil_font(style.faces[0], size).getmetrics()[0] * 0.95 if style.faces else size * 0.93
    total_h = _height(len(result.lines), size, style.line_spacing)
    top = {"top": 0.0, "middle": (bh - total_h) / 2, "bottom": bh - total_h}.get(style.valign, 0.0)
    icons = iter(result.icon_names)  # type: ignore[attr-defined]
    for n, (line, _) in enumerate(result.lines):
        baseline = oy + top + ascent + n * size * style.line_spacing
        x = ox
        if style.align in ("center", "right"):  # left-aligned lines need no measuring
            line_w = width(line, style.faces, size)
            x += (bw - line_w) / 2 if style.align == "center" else bw - line_w
        for run, face in runs(line, style.faces):
            if face == "icon":
                for _ in run:
                    px = icon_px(size)
                    img = icon(next(icons), px) if icon else None
                    if img is not None:
                        overlay(layer, img, (int(x + size * 0.05), int(baseline - px)))
                    x += px + size * 0.1
            elif face is None:
                for _ in run:  # visible marker, never an empty box: red outline with a cross
                    draw_missing(draw, x, baseline, size)
                    x += size * 0.6
            else:
                x = glyphs.draw(draw, x, baseline, run, face, size, style.color)
    if not direct:
        overlay(image, layer, (int(x0), int(y0)))
    return result
