"""The reference `bench assets` prints beside our cold build: a bare Pillow loop.

Per card it makes an image of the same size, draws the same texts (each text box's text, in
the first face of its font chain, at its nominal size, at the box's corner, with a plain
`ImageDraw.text`: no fitting, wrapping, fallback or icons) and saves it as a PNG at the same
deflate level. What it costs is roughly the least any renderer of these cards pays, so our
figure divided by it says how far above that floor we are.
"""

from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from PIL import Image, ImageDraw

from tts_bridge.assets.build import BACK_ID, FACE_PNG_LEVEL, Settings
from tts_bridge.assets.fonts import chain, pil_font
from tts_bridge.assets.layout import Layouts
from tts_bridge.assets.render import Geometry


@dataclass(frozen=True)
class CardLayout:
    """One card as the build lays it out: its boxes before drawing."""
    game: str
    card_id: str
    geo: Geometry
    lang: str
    data_root: Path
    icon_dir: str
    boxes: list


@dataclass(frozen=True)
class FloorText:
    xy: tuple[float, float]
    text: str
    face: object  # fonts.Face
    size: int
    color: str


def card_layouts(games: list[str], settings: Settings) -> Iterator[CardLayout]:
    """Every card of `games` and each game's back, laid out with the build's own templates and
    card contexts."""
    from tts_bridge.assets.games import get_adapter

    for game in games:
        adapter = get_adapter(game)
        geo = settings.geometry(adapter)
        layouts = Layouts(Path(settings.templates) / "cards" / game)
        icon_dir = str(adapter.data_root / "icons") if (adapter.data_root / "icons").is_dir() else ""
        for card in [None, *adapter.cards()]:
            context = {"theme": adapter.theme, "geo": {"w": geo.w_mm, "h": geo.h_mm, "bleed": geo.bleed_mm}}
            if card is not None:
                context["card"] = adapter.context(card)
            template = adapter.back_template() if card is None else adapter.template(card)
            card_id = BACK_ID if card is None else card.id
            yield CardLayout(game, card_id, geo, adapter.lang, adapter.data_root, icon_dir,
                             layouts.render(template, context, card_id))


def floor_texts(card: CardLayout) -> list[FloorText]:
    """The texts the floor draws for a card: its text boxes and icon-row labels."""
    geo, b = card.geo, card.geo.bleed_px
    out = []
    for box in card.boxes:
        size = max(1, round(box.get("size", 9) * geo.dpi / 72))
        xy = (b + geo.px(box.get("x", 0)), b + geo.px(box.get("y", 0)))
        faces = chain(box.get("font", "sans"), card.lang)
        if not faces:
            continue
        if box["type"] == "text" and box["text"]:
            out.append(FloorText(xy, box["text"], faces[0], size, box.get("color", "#000000")))
        elif box["type"] == "icons":
            labels = " ".join(str(item["label"]) for item in box["items"] if item.get("label") not in (None, ""))
            if labels:
                out.append(FloorText(xy, labels, faces[0], size, box.get("color", "#000000")))
    return out


def run_floor(cards: list[tuple[tuple[int, int], list[FloorText]]], folder: Path) -> float:
    """Draw and save every card the bare-Pillow way; the CPU seconds it took."""
    fonts = {(t.face, t.size): pil_font(t.face, t.size) for _, texts in cards for t in texts}  # loaded, untimed
    cpu = time.process_time()
    for n, (size, texts) in enumerate(cards):
        img = Image.new("RGB", size, "#ffffff")
        draw = ImageDraw.Draw(img)
        for t in texts:
            draw.text(t.xy, t.text, fill=t.color, font=fonts[(t.face, t.size)])
        img.save(folder / f"{n}.png", "PNG", compress_level=FACE_PNG_LEVEL)
    return time.process_time() - cpu


def floor_cards(games: list[str], settings: Settings | None = None) -> list[tuple[tuple[int, int], list[FloorText]]]:
    """What the floor draws for `games`, prepared once (laying out is not part of the floor);
    card faces only, as the build counts them (`cards_rendered` leaves the backs out)."""
    return [(c.geo.size_px, floor_texts(c)) for c in card_layouts(games, settings or Settings())
            if c.card_id != BACK_ID]


def cards_per_cpu_s(cards: list[tuple[tuple[int, int], list[FloorText]]]) -> float:
    """One round of the floor, in cards per CPU-second."""
    with tempfile.TemporaryDirectory(prefix="tts-bench-floor-") as tmp:
        cpu = run_floor(cards, Path(tmp))
    return len(cards) / cpu if cpu else 0.0
