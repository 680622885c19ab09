"""The Pillow renderer: draws a declarative layout (see `layout.py`) onto a card image.

Geometry is in millimetres of the trimmed card (0,0 = top-left of the trim box); the image
includes `bleed` mm on every side, which sheets crop away and print-and-play may keep. Font
sizes are points. Art files are read only from inside the game's card-data folder, and are
refused when they are not images or would decompress to more pixels than allowed.
"""

from __future__ import annotations

import hashlib
import warnings
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable

from PIL import Image, ImageDraw, UnidentifiedImageError

from tts_bridge.assets import fitcheck, glyphcache, icons as icon_lib
from tts_bridge.assets.fonts import chain
from tts_bridge.assets.resample import resize
from tts_bridge.assets.text import Style, draw_text, line_extents, overlay

PRESETS = {"poker": (63.0, 88.0), "bridge": (56.0, 87.0), "mini": (44.0, 63.0), "tarot": (70.0, 120.0),
           "square": (70.0, 70.0), "jumbo": (88.0, 126.0)}
DPI_PRESETS = {"print": 300, "screen": 150, "draft": 100}
MAX_ART_PIXELS = 40_000_000  # larger images are refused as possible decompression bombs


@dataclass(frozen=True)
class Geometry:
    w_mm: float = 63.0
    h_mm: float = 88.0
    dpi: int = 300
    bleed_mm: float = 0.0

    @classmethod
    def preset(cls, name: str = "poker", dpi: int | str = 300, bleed_mm: float = 0.0) -> "Geometry":
        if name not in PRESETS:
            raise ValueError(f"unknown card preset {name!r}; known: {', '.join(PRESETS)}")
        d = DPI_PRESETS.get(dpi, dpi) if isinstance(dpi, str) else dpi
        return cls(*PRESETS[name], dpi=int(d), bleed_mm=bleed_mm)

    def px(self, mm: float) -> float:
        return mm * self.dpi / 25.4

    @property
    def bleed_px(self) -> int:
        return round(self.px(self.bleed_mm))

    @property
    def trim_px(self) -> tuple[int, int]:
        return round(self.px(self.w_mm)), round(self.px(self.h_mm))

    @property
    def size_px(self) -> tuple[int, int]:
        w, h = self.trim_px
        return w + 2 * self.bleed_px, h + 2 * self.bleed_px


class ArtRefused(Exception):
    """An art reference that must not be used: outside card_data, not an image, or a bomb."""


@dataclass
class CardWarnings:
    overflow: list[str] = field(default_factory=list)
    missing_glyphs: list[str] = field(default_factory=list)
    unknown_icons: list[str] = field(default_factory=list)
    missing_art: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    badges: list[str] = field(default_factory=list)     # text boxes whose text leaves the shape under it
    wide_rows: list[str] = field(default_factory=list)  # icon rows wider than their box
    overlaps: list[str] = field(default_factory=list)   # "box 'a' overlaps box 'b' (w x h mm)"

    def messages(self, card_id: str) -> list[str]:
        out = [f"card {card_id}: text does not fit at the minimum size in box {b!r} (clipped)" for b in self.overflow]
        out += [f"card {card_id}: text in box {b!r} runs outside the shape it sits on" for b in self.badges]
        out += [f"card {card_id}: icons and labels in box {b!r} are wider than the box" for b in self.wide_rows]
        out += [f"card {card_id}: {m}" for m in self.overlaps]
        if self.missing_glyphs:
            chars = "".join(sorted(set(self.missing_glyphs)))
            cps = ", ".join(f"U+{ord(c):04X}" for c in sorted(set(self.missing_glyphs)))
            out.append(f"card {card_id}: no font has a glyph for {chars!r} ({cps}); drawn as red boxes "
                       f"(install a font that has it, e.g. `apt-get install fonts-noto-cjk`, or add its folder "
                       f"to $TTS_BRIDGE_FONT_DIRS)")
        out += [f"card {card_id}: unknown icon :{n}: (left as text)" for n in sorted(set(self.unknown_icons))]
        out += [f"card {card_id}: {m}" for m in self.missing_art]
        out += [f"card {card_id}: {m}" for m in self.errors]
        return out

    def to_json(self) -> dict:
        return {"overflow": self.overflow, "missing_glyphs": sorted(set(self.missing_glyphs)),
                "unknown_icons": sorted(set(self.unknown_icons)), "missing_art": self.missing_art,
                "errors": self.errors, "badges": self.badges, "wide_rows": self.wide_rows, "overlaps": self.overlaps}


@dataclass(frozen=True)
class RenderContext:
    data_root: Path          # the game's card_data/<game>/ folder: art must be inside it
    lang: str = "ja"
    icon_dir: str = ""


def resolve_art(data_root: Path, rel: str) -> Path:
    """The art path inside `data_root`; anything that escapes it is refused."""
    root = Path(data_root).resolve()
    path = (root / rel).resolve()
    if not path.is_relative_to(root):
        raise ArtRefused(f"art path {rel!r} is outside {root}; art must live inside the game's card_data folder")
    return path


@lru_cache(maxsize=256)
def _load_image(path: str, mtime: float, max_pixels: int) -> Image.Image:
    old = Image.MAX_IMAGE_PIXELS
    Image.MAX_IMAGE_PIXELS = max_pixels
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as im:
                if im.width * im.height > max_pixels:
                    raise ArtRefused(f"art {path} is {im.width}x{im.height} px, more than {max_pixels} pixels "
                                     f"(possible decompression bomb); scale it down")
                im.load()
                return im.convert("RGBA")
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise ArtRefused(f"art {path} refused as a possible decompression bomb: {exc}") from None
    except UnidentifiedImageError:
        raise ArtRefused(f"art {path} is not an image Pillow can read (PNG or JPEG expected)") from None
    except OSError as exc:
        raise ArtRefused(f"art {path} cannot be read as an image: {exc}") from None
    finally:
        Image.MAX_IMAGE_PIXELS = old


def load_art(data_root: Path, rel: str, max_pixels: int = MAX_ART_PIXELS) -> Image.Image:
    path = resolve_art(data_root, rel)
    if not path.is_file():
        raise FileNotFoundError(str(path))
    return _load_image(str(path), path.stat().st_mtime, max_pixels)


def _color(value: str | None, default: str | None = None) -> str | None:
    return value if value else default


@lru_cache(maxsize=16)
def _ramp(h: int) -> Image.Image:
    """The blend mask of generated art's sky, one column `h` px high (the same on every card)."""
    return Image.linear_gradient("L").resize((1, h), Image.BICUBIC)


def generated_art(seed: str, w: int, h: int) -> Image.Image:
    """Deterministic abstract art from a seed (sample cards ship without art files)."""
    digest = hashlib.sha256(seed.encode()).digest()
    hue = digest[0] / 255
    import colorsys

    def rgb(hh: float, s: float, v: float) -> tuple[int, int, int]:
        return tuple(int(c * 255) for c in colorsys.hsv_to_rgb(hh % 1, s, v))  # type: ignore[return-value]

    top, bottom = rgb(hue, 0.55, 0.85), rgb(hue + 0.08, 0.75, 0.35)
    # a vertical ramp: every column is the same: blend one column, then widen it
    column = Image.composite(Image.new("RGB", (1, h), bottom), Image.new("RGB", (1, h), top), _ramp(h))
    img = column.resize((w, h), Image.NEAREST)
    d = ImageDraw.Draw(img)
    for i in range(6):
        b = digest[1 + i * 4: 5 + i * 4]
        cx, cy = b[0] / 255 * w, b[1] / 255 * h
        r = (0.1 + b[2] / 255 * 0.35) * min(w, h)
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=rgb(hue + b[3] / 1024, 0.4, 0.95 - i * 0.08))
    # a horizon and a silhouette so it reads as a scene
    d.rectangle((0, h * 0.78, w, h), fill=rgb(hue + 0.5, 0.3, 0.25))
    peak = 0.3 + digest[30] / 255 * 0.3
    d.polygon([(w * 0.15, h * 0.8), (w * 0.5, h * peak), (w * 0.85, h * 0.8)], fill=rgb(hue + 0.5, 0.35, 0.18))
    return img


def _placeholder(w: int, h: int, label: str) -> Image.Image:
    img = Image.new("RGB", (w, h), "#d9d9d9")
    d = ImageDraw.Draw(img)
    step = max(8, min(w, h) // 10)
    for x in range(-h, w, step):
        d.line((x, 0, x + h, h), fill="#bdbdbd", width=max(1, step // 5))
    d.rectangle((0, 0, w - 1, h - 1), outline="#d00000", width=max(2, min(w, h) // 60))
    d.text((w / 2, h / 2), label, fill="#d00000", anchor="mm")
    return img


def _fit_image(src: Image.Image, w: int, h: int, mode: str) -> Image.Image:
    if mode == "contain":
        scale = min(w / src.width, h / src.height)
    else:
        scale = max(w / src.width, h / src.height)
    rw, rh = max(1, round(src.width * scale)), max(1, round(src.height * scale))
    resized = src.resize((rw, rh), Image.LANCZOS)
    out = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    out.alpha_composite(resized.convert("RGBA"), ((w - rw) // 2, (h - rh) // 2)) if mode == "contain" else \
        out.alpha_composite(resized.convert("RGBA").crop(((rw - w) // 2, (rh - h) // 2, (rw - w) // 2 + w, (rh - h) // 2 + h)))
    return out


def render(boxes: list[dict], geo: Geometry, ctx: RenderContext, card_id: str) -> tuple[Image.Image, CardWarnings]:
    """Draw `boxes` onto a new RGB image of the card (with bleed); return it and its warnings."""
    W, H = geo.size_px
    b = geo.bleed_px
    warn = CardWarnings(overlaps=fitcheck.overlaps(boxes))

    def px(v: float) -> float:
        return geo.px(v)

    def rect(box: dict) -> tuple[float, float, float, float]:
        x, y = b + px(box["x"]), b + px(box["y"])
        return x, y, x + px(box["w"]), y + px(box["h"])

    # opaque RGB: drawn and saved without an alpha pass. A first box that is a plain fill of
    # the whole image (the usual background) becomes the canvas colour instead of a second fill.
    first = boxes[0] if boxes else {}
    background, start = "#ffffff", 0
    if (first.get("type") == "rect" and not first.get("radius") and not first.get("outline")
            and len(str(first.get("fill", ""))) == 7):
        x0, y0, x1, y1 = rect(first)
        if x0 <= 0 and y0 <= 0 and x1 >= W and y1 >= H:
            background, start = first["fill"], 1
    # the shapes the layout starts with (the frame: panel, title band, badges) are the same on
    # many cards: drawn once per worker, then copied (glyphcache.frame)
    framed = start
    while framed < len(boxes) and boxes[framed]["type"] in SHAPES:
        framed += 1

    def frame() -> Image.Image:
        canvas = Image.new("RGB", (W, H), background)
        shapes = ImageDraw.Draw(canvas)
        for box in boxes[start:framed]:
            _draw_shape(shapes, box, geo, rect)
        return canvas

    key = (geo, background, repr(boxes[start:framed])) if framed > start else None
    img = glyphcache.frame(key, frame)
    draw = ImageDraw.Draw(img)

    known = icon_lib.Known(ctx.icon_dir)
    icon_fn = lambda n, p: icon_lib.icon(n, p, ctx.icon_dir)  # noqa: E731
    for n, box in enumerate(boxes[framed:], start=framed):
        kind = box["type"]
        if kind in SHAPES:
            _draw_shape(draw, box, geo, rect)
        elif kind == "image":
            x0, y0, x1, y1 = rect(box)
            w, h = max(1, round(x1 - x0)), max(1, round(y1 - y0))
            src = box["src"]
            if src.startswith("gen:"):
                tile = generated_art(src[4:], w, h)
            else:
                try:
                    tile = _fit_image(load_art(ctx.data_root, src), w, h, box.get("fit", "cover"))
                except FileNotFoundError as exc:
                    warn.missing_art.append(f"art file not found: {exc} (placeholder drawn)")
                    tile = _placeholder(w, h, "missing art")
                except ArtRefused as exc:
                    warn.errors.append(str(exc))
                    tile = _placeholder(w, h, "art refused")
            if tile.mode == "RGBA":
                mask = tile.getchannel("A")
                if box.get("radius"):
                    from PIL import ImageChops
                    mask = ImageChops.multiply(mask, _rounded_mask(w, h, px(box["radius"])))
                img.paste(tile, (round(x0), round(y0)), mask)
            elif box.get("radius"):
                _paste_rounded(img, tile, (round(x0), round(y0)), px(box["radius"]))
            else:
                img.paste(tile, (round(x0), round(y0)))
        elif kind == "text":
            x0, y0, x1, y1 = rect(box)
            faces = chain(box.get("font", "sans"), ctx.lang)
            size = max(1, round(box.get("size", 9) * geo.dpi / 72))
            min_size = max(1, min(size, round(box.get("min_size", box.get("size", 9) * 0.6) * geo.dpi / 72)))
            style = Style(faces, size, min_size, box.get("color", "#000000"), box.get("align", "left"),
                          box.get("valign", "top"), box.get("line_spacing", 1.2))
            res = draw_text(img, (x0, y0, x1 - x0, y1 - y0), box["text"], style, icon_fn, known)
            if res.overflow:
                warn.overflow.append(fitcheck.box_name(box, n))
            shape = fitcheck.shape_under(boxes, n)
            if shape is not None:
                mm = [tuple((v - b) * 25.4 / geo.dpi for v in r)
                      for r in line_extents(res, style, (x0, y0, x1 - x0, y1 - y0))]
                if fitcheck.outside_shape(shape, mm, 25.4 / geo.dpi):
                    warn.badges.append(fitcheck.box_name(box, n))
            warn.missing_glyphs.extend(res.missing)
            warn.unknown_icons.extend(res.unknown_icons)
        elif kind == "icons":
            if _icon_row(img, rect(box), box, geo, ctx, warn) > geo.px(box["w"] + fitcheck.TOLERANCE_MM) + 1:  # 1 px: rounding
                warn.wide_rows.append(fitcheck.box_name(box, n))
    return img, warn


SHAPES = ("rect", "ellipse", "line")


def _draw_shape(draw: ImageDraw.ImageDraw, box: dict, geo: Geometry,
                rect: Callable[[dict], tuple[float, float, float, float]]) -> None:
    """Draw a rect, ellipse or line box (`rect`: the box's corners in px of the image)."""
    px, b, kind = geo.px, geo.bleed_px, box["type"]
    if kind == "rect":
        r = rect(box)
        # a pill's radius is half its height: Pillow draws inverted strips (and raises) when
        # the corners' diameter reaches the side at some pixel sizes, so keep 2 px clear
        radius = max(0.0, min(px(box.get("radius", 0)), (min(r[2] - r[0], r[3] - r[1]) - 2) / 2))
        width = max(1, round(px(box.get("width", 0.3)))) if box.get("outline") else 0
        draw.rounded_rectangle(r, radius=radius, fill=box.get("fill"), outline=box.get("outline"), width=width)
    elif kind == "ellipse":
        width = max(1, round(px(box.get("width", 0.3)))) if box.get("outline") else 0
        draw.ellipse(rect(box), fill=box.get("fill"), outline=box.get("outline"), width=width)
    else:
        draw.line((b + px(box["x1"]), b + px(box["y1"]), b + px(box["x2"]), b + px(box["y2"])),
                  fill=box.get("color", "#000000"), width=max(1, round(px(box.get("width", 0.3)))))


@lru_cache(maxsize=64)
def _rounded_mask(w: int, h: int, radius: float) -> Image.Image:
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=255)
    return mask


@lru_cache(maxsize=64)
def _mask_corner(w: int, h: int, radius: float) -> int:
    """The size of the corner squares outside which the rounded mask is solid (0: it is not)."""
    mask, r = _rounded_mask(w, h, radius), int(radius) + 2
    if 2 * r > min(w, h):
        return 0
    solid = mask.crop((r, 0, w - r, h)).getextrema() == (255, 255) == mask.crop((0, r, w, h - r)).getextrema()
    return r if solid else 0


def _paste_rounded(img: Image.Image, tile: Image.Image, pos: tuple[int, int], radius: float) -> None:
    """`img.paste(tile, pos, rounded mask)`, pixel for pixel, with the mask applied only at the
    corners: a masked paste costs 20 times a plain one, and the rest of the mask is solid."""
    w, h = tile.size
    r = _mask_corner(w, h, radius)
    if not r:
        img.paste(tile, pos, _rounded_mask(w, h, radius))
        return
    corners = _corner_masks(w, h, radius)
    under = [img.crop((pos[0] + c[0], pos[1] + c[1], pos[0] + c[2], pos[1] + c[3])) for c, _ in corners]
    img.paste(tile, pos)
    for (c, mask), below in zip(corners, under):
        below.paste(tile.crop(c), (0, 0), mask)
        img.paste(below, (pos[0] + c[0], pos[1] + c[1]))


@lru_cache(maxsize=64)
def _corner_masks(w: int, h: int, radius: float) -> list[tuple[tuple[int, int, int, int], Image.Image]]:
    """The four corner squares of the rounded mask (`_mask_corner` big) and the mask in each."""
    mask, r = _rounded_mask(w, h, radius), _mask_corner(w, h, radius)
    corners = [(x, y, x + r, y + r) for x in (0, w - r) for y in (0, h - r)]
    return [(c, mask.crop(c)) for c in corners]


def _icon_row(img: Image.Image, r: tuple, box: dict, geo: Geometry, ctx: RenderContext, warn: CardWarnings) -> float:
    """A row of icons, each optionally followed by a label (stat values: `:hp: 7`); returns
    the row's width in px (more than the box's: the row spills out of it)."""
    from tts_bridge.assets.text import width as text_width

    x0, y0, x1, y1 = r
    h = y1 - y0
    px_icon = max(1, round(h))
    faces = chain(box.get("font", "bold"), ctx.lang)
    size = max(1, round(box.get("size", h * 72 / geo.dpi * 0.8) * geo.dpi / 72))
    gap = h * 0.25
    parts = []
    total = 0.0
    for item in box["items"]:
        label = "" if item.get("label") is None else str(item["label"])
        lw = text_width(label, faces, size) if label else 0.0
        parts.append((item["icon"], label, lw))
        total += px_icon + (gap * 0.3 + lw if label else 0) + gap
    total -= gap if parts else 0
    x = {"left": x0, "center": x0 + (x1 - x0 - total) / 2, "right": x1 - total}[box.get("align", "left")]
    for name, label, lw in parts:
        icon = icon_lib.icon(name, px_icon, ctx.icon_dir)
        if icon is None:
            warn.unknown_icons.append(name)
        else:
            overlay(img, icon, (round(x), round(y0)))
        x += px_icon
        if label:
            x += gap * 0.3
            style = Style(faces, size, size, box.get("color", "#000000"), "left", "middle")
            res = draw_text(img, (x, y0, lw + 2, h), label, style)
            warn.missing_glyphs.extend(res.missing)
            x += lw
        x += gap
    return total


def error_card(geo: Geometry, card_id: str, message: str) -> Image.Image:
    """The red placeholder `watch` shows for a card that failed to build."""
    W, H = geo.size_px
    img = Image.new("RGB", (W, H), "#b00020")
    draw = ImageDraw.Draw(img)
    draw.rectangle((W * 0.04, H * 0.03, W * 0.96, H * 0.97), outline="white", width=max(2, W // 100))
    faces = chain("sans", "ja")
    draw_text(img, (W * 0.08, H * 0.06, W * 0.84, H * 0.12), f"BUILD ERROR\n{card_id}",
              Style(faces, round(geo.px(5)), round(geo.px(2)), "#ffffff", "center"))
    draw_text(img, (W * 0.08, H * 0.22, W * 0.84, H * 0.72), message,
              Style(faces, round(geo.px(3.2)), round(geo.px(1.2)), "#ffffff"))
    return img


def thumbnail(image: Image.Image, size: int = 256) -> Image.Image:
    """A size x size RGBA thumbnail (TTS writes 256x256 RGBA PNGs), the image centred."""
    scale = min(1.0, size / image.width, size / image.height)
    im = resize(image, (max(1, round(image.width * scale)), max(1, round(image.height * scale))), Image.LANCZOS)
    out = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    out.alpha_composite(im.convert("RGBA"), ((size - im.width) // 2, (size - im.height) // 2))
    return out


def hash_file(path: Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest() if Path(path).is_file() else "absent"

