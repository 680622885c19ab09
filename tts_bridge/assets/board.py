"""The board image, drawn from the adapter's zones (both seats, labelled)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from tts_bridge.assets.fonts import chain
from tts_bridge.assets.text import Style, draw_text, fit, overlay
from tts_bridge.saves.table import seat_xz, slot_positions

PX_PER_UNIT = 48
MARGIN = 1.5


def on_board(adapter: Any) -> list[Any]:
    """The zones the board shows: every zone but the hands. A hand zone is TTS's own hand
    area at the seat's edge (HandTrigger objects, not a place on the table), so a board that
    covered it would reach past the table's edge (tts_bridge/view: the off_table warning)."""
    return [z for z in adapter.zones if z.kind != "hand"]


CAPTION_PX = 40  # the caption band along the seat's edge of a zone's box


def caption_style(adapter: Any, color: str) -> Style:
    """The zone captions' type: bold, 26 px, shrinking to 12 px before it overflows."""
    return Style(chain("bold", adapter.lang), 26, 12, color, "center", "middle")


def caption_box(zone: Any) -> tuple[float, float]:
    """Width and height in px that a zone's caption has inside the zone's box."""
    return zone.w * PX_PER_UNIT - 8, CAPTION_PX - 4


def overflowing_captions(adapter: Any) -> list[str]:
    """The captions that do not fit their zone's box even at the smallest size (both seats: a
    seat may name its mirrored box differently, see `GameAdapter.zone_for`)."""
    style = caption_style(adapter, "#000000")
    out = []
    for seat in (0, 1):
        for zone in on_board(adapter):
            label = adapter.zone_for(seat, zone).label
            if fit(label, style, *caption_box(zone)).overflow and label not in out:
                out.append(label)
    return out


def extent(adapter: Any) -> tuple[float, float]:
    """Half width and half depth of the board in world units."""
    zones = on_board(adapter)
    hw = max(abs(z.x) + z.w / 2 for z in zones) + MARGIN
    hd = max(abs(z.z) + z.h / 2 for z in zones) + MARGIN
    return hw, hd


def draw_board(adapter: Any) -> Image.Image:
    hw, hd = extent(adapter)
    W, H = round(2 * hw * PX_PER_UNIT), round(2 * hd * PX_PER_UNIT)
    bg = adapter.theme.get("board", "#2b3a42")
    img = Image.new("RGB", (W, H), bg)
    d = ImageDraw.Draw(img)
    d.line((0, H / 2, W, H / 2), fill="#56666e", width=3)

    def to_px(x: float, z: float) -> tuple[float, float]:
        return (x + hw) * PX_PER_UNIT, (hd - z) * PX_PER_UNIT  # +z is up on the image (seat 1 far side)

    for seat in (0, 1):
        for zone in on_board(adapter):
            if zone.kind == "shared" and seat == 1:
                continue
            tint = "#f2ecd9" if zone.kind == "shared" else ("#d9e6f2", "#f2d9d9")[seat]
            cx, cz = seat_xz(zone.x, zone.z, seat)
            x0, y0 = to_px(cx - zone.w / 2, cz + zone.h / 2)
            x1, y1 = to_px(cx + zone.w / 2, cz - zone.h / 2)
            d.rounded_rectangle((x0, y0, x1, y1), radius=12, outline=tint, width=4, fill="#36474f")
            sw = min(2.4, zone.w / max(zone.slots, 1) * 0.85) / 2
            sh = min(3.4, zone.h * 0.8) / 2
            for sx, sz in slot_positions(zone) if zone.slots > 1 else []:
                px, pz = seat_xz(sx, sz, seat)
                a, b = to_px(px - sw, pz + sh)
                c, e = to_px(px + sw, pz - sh)
                d.rounded_rectangle((a, b, c, e), radius=8, outline="#6f8089", width=2)
            label = adapter.zone_for(seat, zone).label
            layer = Image.new("RGBA", (int(x1 - x0), CAPTION_PX), (0, 0, 0, 0))
            draw_text(layer, (4, 2, *caption_box(zone)), label, caption_style(adapter, tint))
            if seat == 1:
                layer = layer.rotate(180)
            ly = y1 - 44 if seat == 0 else y0 + 4
            overlay(img, layer, (int(x0), int(ly)))
    return img


def token_image(icon_name: str, label: str, fill: str = "#a01818", px: int = 256) -> Image.Image:
    """A round token face (damage counters, sakura tokens, crystals, coin sides)."""
    from tts_bridge.assets import icons

    img = Image.new("RGBA", (px, px), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse((4, 4, px - 5, px - 5), fill=fill, outline="#ffffff", width=8)
    ic = icons.icon(icon_name, px // 2)
    if ic is not None and not label:
        img.alpha_composite(ic, (px // 4, px // 4))
    if label:
        r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
        color = "#ffffff" if r * 0.3 + g * 0.59 + b * 0.11 < 150 else "#222222"
        draw_text(img, (0, 0, px, px), label, Style(chain("bold"), px // 2, px // 4, color, "center", "middle"))
    return img
