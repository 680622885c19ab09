"""Draw a `ViewGeometry` with Pillow: the table from the colour's side, the Global UI over it
as that colour's screen shows it, and a legend (game, seat, decision, warnings) below."""

from __future__ import annotations

import re
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from tts_bridge.emulator import ui
from tts_bridge.view.geometry import DECKS, Placed, ViewGeometry
from tts_bridge.view.images import Images

FLOOR = (38, 36, 34)
TABLE_TOP = (120, 86, 56)
ZONE_LINE = (235, 235, 235, 150)
SNAP = (250, 250, 250, 170)
SEAT_COLORS = {"White": (245, 245, 245), "Red": (220, 50, 40), "Blue": (40, 110, 240), "Green": (50, 180, 60),
               "Yellow": (230, 210, 40), "Orange": (240, 120, 30), "Purple": (150, 60, 200), "Pink": (240, 110, 180),
               "Teal": (30, 170, 150), "Brown": (120, 70, 30)}
UI_TEXT_DEFAULT = "#323232"   # XmlLayout's default text colour (the glue always sets its own)
UI_BUTTON_DEFAULT = "#FFFFFF"
LEGEND_MAX_WARNINGS = 14


def font(size: int, sample: str = "") -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The project's sans chain (tts_bridge.assets.fonts): the face that covers `sample`'s first
    non-ASCII character, else the first face; Pillow's own font when there is none."""
    from tts_bridge.assets import fonts

    wide = next((ch for ch in sample if ord(ch) > 127), None)
    return _font(size, wide, fonts.chain("sans"))  # the chain in the key: it follows the font folders


@lru_cache(maxsize=64)
def _font(size: int, wide: str | None, faces: tuple) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    from tts_bridge.assets import fonts

    face = faces[0] if faces else None
    if wide is not None and faces:
        face = fonts.face_for(wide, faces) or face
    if face is None:
        return ImageFont.load_default(size)
    return fonts.pil_font(face, max(6, size))


def _font_for(text: str, size: float):
    wide = next((ch for ch in text if ord(ch) > 127), "")
    return font(max(6, round(size)), wide)


def parse_color(value: object, default: str) -> tuple[int, int, int, int]:
    """XmlUI colours: #RGB, #RRGGBB, #RRGGBBAA, or a name Pillow knows."""
    text = str(value or default).strip()
    m = re.fullmatch(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})", text)
    if m:
        h = m.group(1)
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        rgba = [int(h[i:i + 2], 16) for i in range(0, len(h), 2)]
        return tuple(rgba + [255] * (4 - len(rgba)))  # type: ignore[return-value]
    try:
        from PIL import ImageColor

        return ImageColor.getcolor(text, "RGBA")  # type: ignore[return-value]
    except ValueError:
        return parse_color(default, "#000000")


def _paste_turned(canvas: Image.Image, img: Image.Image, p: Placed) -> None:
    """The picture turned by `p.angle` (counter-clockwise) and centred on the object."""
    src = img if img.mode == "RGBA" else img.convert("RGBA")
    if abs(p.angle) > 0.01:
        src = src.rotate(p.angle, resample=Image.Resampling.BILINEAR, expand=True)
    x, y = round(p.centre[0] - src.width / 2), round(p.centre[1] - src.height / 2)
    canvas.alpha_composite(src, (max(0, x), max(0, y)), (max(0, -x), max(0, -y)))


def _label(draw: ImageDraw.ImageDraw, box, text: str, size: float, fill=(255, 255, 255, 255),
           back=(0, 0, 0, 170)) -> None:
    if box is None or not text:
        return
    draw.rounded_rectangle((box[0], box[1], box[0] + box[2], box[1] + box[3]), radius=3, fill=back)
    draw.text((box[0] + box[2] / 2, box[1] + box[3] / 2), text, font=_font_for(text, size), fill=fill, anchor="mm")


def draw_table(geo: ViewGeometry, images: Images) -> Image.Image:
    canvas = Image.new("RGBA", geo.screen, FLOOR + (255,))
    draw = ImageDraw.Draw(canvas)
    draw.polygon(geo.surface, fill=TABLE_TOP + (255,), outline=(70, 50, 30, 255))
    boards = [p for p in geo.objects if p.kind == "Custom_Board"]
    for p in boards:
        img = images.cell(p.image, round(p.size[0]), round(p.size[1])) if p.image else None
        if img is not None:
            _paste_turned(canvas, img, p)
        else:
            draw.polygon(p.corners, fill=p.tint + (255,))
    overlay = Image.new("RGBA", geo.screen, (0, 0, 0, 0))
    od = ImageDraw.Draw(overlay)
    for z in geo.zones:
        color = SEAT_COLORS.get(z.color or "", (235, 235, 235)) + (220,) if z.kind == "hand" else ZONE_LINE
        od.polygon(z.corners, outline=color, width=2 if z.kind == "hand" else 1)
    r = max(2.0, geo.scale * 0.12)
    for s in geo.snaps:
        x, y = s.at
        od.ellipse((x - r, y - r, x + r, y + r), outline=SNAP, width=1)
    canvas.alpha_composite(overlay)
    draw = ImageDraw.Draw(canvas)
    for p in geo.objects:
        if p.kind == "Custom_Board":
            continue
        _draw_object(canvas, draw, p, images, geo.label_px)
    labels = Image.new("RGBA", geo.screen, (0, 0, 0, 0))
    ld = ImageDraw.Draw(labels)
    for z in geo.zones:
        _label(ld, z.label_box, z.label, geo.label_px * 0.85, back=(0, 0, 0, 120))
    for p in geo.objects:
        if p.label_box is not None:
            _label(ld, p.label_box, p.label, geo.label_px)
    canvas.alpha_composite(labels)
    return canvas


def _draw_object(canvas: Image.Image, draw: ImageDraw.ImageDraw, p: Placed, images: Images, label_px: float) -> None:
    if p.kind in DECKS or p.count:
        depth = min(6.0, 1.0 + (p.count or 0) / 10)  # a little thickness for a pile
        draw.polygon([(x + depth, y + depth) for x, y in p.corners], fill=(20, 20, 20, 200))
    img = images.cell(p.image, round(p.size[0]), round(p.size[1])) if p.image else None
    if img is not None:
        _paste_turned(canvas, img, p)
        draw.polygon(p.corners, outline=(0, 0, 0, 160))
        return
    if p.kind == "Counter":
        draw.polygon(p.corners, fill=(30, 30, 30, 255), outline=(200, 200, 200, 255))
    elif p.kind in ("Infinite_Bag", "Bag", "Custom_Model_Bag"):
        x, y, w, h = p.bbox
        draw.ellipse((x, y, x + w, y + h), fill=p.tint + (255,), outline=(20, 20, 20, 255))
    else:  # a card without a picture we can read, a die, anything else: its shape and name
        draw.polygon(p.corners, fill=p.tint + (255,), outline=(20, 20, 20, 255))
        name = p.shown_name if p.shown_name == p.name else ""
        if not p.label and name:
            draw.text(p.centre, name[:18], font=_font_for(name, label_px * 0.7), fill=(0, 0, 0, 255), anchor="mm")


# -- the screen UI -----------------------------------------------------------------------------------
def draw_ui(canvas: Image.Image, boxes: list[ui.Box], attrs: dict[str, dict]) -> None:
    """Visible elements in draw order; texts as the layout model wraps them, overflowing where
    it says they overflow, clipped only by scroll viewports (fact ui_scroll_content)."""
    by_id = {b.id: b for b in boxes}
    for b in boxes:
        if not b.visible or b.drawn is None and b.tag not in ui.TEXT_TAGS:
            continue
        a = attrs.get(b.id, {})
        if b.drawn is not None and (b.tag in ("Panel", "Button", "Image") or b.tag in ui.LAYOUT_GROUPS
                                    or b.tag in ui.SCROLL_VIEWS):
            default = UI_BUTTON_DEFAULT if b.tag == "Button" else None
            if a.get("color") or default:
                x, y, w, h = (round(v) for v in b.drawn)
                if w > 0 and h > 0:
                    canvas.alpha_composite(Image.new("RGBA", (w, h), parse_color(a.get("color"), default or "#000")),
                                           (x, y))
        if b.text and b.text_box:
            _draw_text(canvas, b, a, _clip(b, by_id, canvas.size))


def _clip(b: ui.Box, by_id: dict[str, ui.Box], size: tuple[int, int]) -> tuple[float, float, float, float]:
    scroll = by_id.get(b.in_scroll) if b.in_scroll else None
    if scroll is not None and scroll.drawn is not None:
        return scroll.drawn
    return (0.0, 0.0, float(size[0]), float(size[1]))


def _draw_text(canvas: Image.Image, b: ui.Box, a: dict, clip) -> None:
    size = float(a.get("fontSize") or 14)
    text = b.text or ""
    x, y, w, h = b.text_box
    wrap = str(a.get("horizontalOverflow", "Overflow")).lower() == "wrap"
    lines = ui.wrap(text, size, max(w, 1.0)) if wrap else text.split("\n")
    line_h = ui.LINE_EM * size
    align = str(a.get("textAlignment" if b.tag == "Button" else "alignment")
                or ("UpperLeft" if b.tag == "Button" else "MiddleCenter"))
    m = re.match(r"(Upper|Middle|Lower)(Left|Center|Right)$", align)
    vy, hx = (m.group(1), m.group(2)) if m else ("Middle", "Center")
    total = line_h * len(lines)
    top = y if vy == "Upper" else (y + (h - total) / 2 if vy == "Middle" else y + h - total)
    if str(a.get("verticalOverflow", "Truncate")).lower() == "truncate" and total > h:
        lines = lines[:max(0, int(h // line_h))]
    placed = []  # (line, font, x of its left end, y of its middle), in screen pixels
    for i, line in enumerate(lines):
        f = _font_for(line, size)
        width = f.getlength(line)
        left = x if hx == "Left" else (x + w - width if hx == "Right" else x + (w - width) / 2)
        placed.append((line, f, left, top + i * line_h + line_h / 2, width))
    if not placed:
        return
    # the layer covers the text's own extent (overflowing its box where it does), inside the clip
    x0 = max(clip[0], min(p[2] for p in placed) - 2)
    x1 = min(clip[0] + clip[2], max(p[2] + p[4] for p in placed) + 2)
    y0 = max(clip[1], top - 2)
    y1 = min(clip[1] + clip[3], top + line_h * len(placed) + 2)
    if x1 - x0 < 1 or y1 - y0 < 1:
        return
    ox, oy = round(x0), round(y0)
    layer = Image.new("RGBA", (max(1, round(x1) - ox), max(1, round(y1) - oy)), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    fill = parse_color(a.get("color"), UI_TEXT_DEFAULT)
    for line, f, left, mid, _ in placed:
        draw.text((left - ox, mid - oy), line, font=f, fill=fill, anchor="lm")
    canvas.alpha_composite(layer, (max(0, ox), max(0, oy)), (max(0, -ox), max(0, -oy)))


def ui_attributes(tree: list) -> dict[str, dict]:
    """id -> attributes, numbered as the layout model numbers elements without an id."""
    out: dict[str, dict] = {}
    n = 0

    def walk(nodes, visible: bool) -> None:
        nonlocal n
        for node in nodes if isinstance(nodes, list) else []:
            if not isinstance(node, dict):
                continue
            n += 1
            attrs = node.get("attributes") if isinstance(node.get("attributes"), dict) else {}
            out[str(attrs.get("id") or f"<{node.get('tag')}#{n}>")] = attrs
            walk(node.get("children"), visible)
    walk(tree, True)
    return out


# -- the legend --------------------------------------------------------------------------------------
def legend_lines(geo: ViewGeometry, source: str = "") -> list[str]:
    when = "the table as saved" if geo.decision is None else f"after decision {geo.decision}"
    head = f"{geo.game or 'table'}: {geo.title}  |  seen by {geo.seat}  |  {when}  |  screen {geo.screen[0]}x{geo.screen[1]}"
    lines = [head + (f"  |  {source}" if source else "")]
    if not geo.warnings:
        lines.append("no warnings")
        return lines
    lines.append(f"{len(geo.warnings)} warning(s):")
    shown = geo.warnings[:LEGEND_MAX_WARNINGS]
    lines += [f"  - {w.text}" for w in shown]
    if len(geo.warnings) > len(shown):
        lines.append(f"  ... and {len(geo.warnings) - len(shown)} more")
    return lines


def render(geo: ViewGeometry, images: Images | None = None, tree: list | None = None, source: str = "") -> Image.Image:
    """The whole picture: the screen (table with the UI over it) and the legend below."""
    images = images or Images()
    screen = draw_table(geo, images)
    draw_ui(screen, geo.ui_boxes, ui_attributes(tree or []))
    lines = legend_lines(geo, source)
    px = max(11, round(geo.screen[1] / 60))
    line_h = round(px * 1.4)
    out = Image.new("RGB", (geo.screen[0], geo.screen[1] + line_h * len(lines) + px), (24, 24, 28))
    out.paste(screen.convert("RGB"), (0, 0))
    d = ImageDraw.Draw(out)
    for i, line in enumerate(lines):
        color = (255, 210, 120) if line.startswith("  -") else (235, 235, 235)
        d.text((px, geo.screen[1] + px // 2 + i * line_h), line, font=_font_for(line, px), fill=color)
    return out
