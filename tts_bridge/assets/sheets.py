"""Sheet packing: TTS slices a face sheet into a grid of at most 10 x 7 equal cells.

With `hidden_cell` (TTS `BackIsHidden: false`) the last cell of every sheet is the picture
other players see for hidden cards, so a sheet holds 69 cards instead of 70. Sheets are
scaled so neither side exceeds `cap` pixels (default 4096, the TTS recommendation).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Iterator, TypeVar

from PIL import Image

from tts_bridge.assets.resample import resize

MAX_COLS, MAX_ROWS = 10, 7
T = TypeVar("T")
# Sheet cells are the 300 dpi faces scaled by ~0.55 (10 x 7 cells in 4096 px). Box is area
# averaging (OpenCV's INTER_AREA, the usual choice for decimation: no ringing, no moire), within
# 2/255 on average of Lanczos there at under half its cost, and cheaper than any other filter.
CELL_FILTER = Image.BOX


@dataclass(frozen=True)
class SheetPlan:
    index: int
    cols: int
    rows: int
    cards: tuple[int, ...]   # positions in the card list; card k of the sheet is cell k
    hidden_cell: bool

    @property
    def cells(self) -> int:
        return self.cols * self.rows

    @property
    def hidden_index(self) -> int | None:
        return self.cells - 1 if self.hidden_cell else None


def capacity(hidden_cell: bool, max_cols: int = MAX_COLS, max_rows: int = MAX_ROWS) -> int:
    return max_cols * max_rows - (1 if hidden_cell else 0)


def plan_sheets(n_cards: int, hidden_cell: bool = False, max_cols: int = MAX_COLS,
                max_rows: int = MAX_ROWS) -> list[SheetPlan]:
    """Split `n_cards` over as few sheets as possible, each with the smallest grid that fits."""
    if not (1 <= max_cols <= MAX_COLS and 1 <= max_rows <= MAX_ROWS):
        raise ValueError(f"a sheet grid is at most {MAX_COLS}x{MAX_ROWS}, got {max_cols}x{max_rows}")
    cap = capacity(hidden_cell, max_cols, max_rows)
    if cap < 1:
        raise ValueError("a 1x1 grid with a hidden cell holds no card")
    plans = []
    start = 0
    while start < n_cards:
        count = min(cap, n_cards - start)
        cells = count + (1 if hidden_cell else 0)
        cols = min(max_cols, cells)
        rows = math.ceil(cells / cols)
        plans.append(SheetPlan(len(plans), cols, rows, tuple(range(start, start + count)), hidden_cell))
        start += count
    return plans


def cell_size(card_w: int, card_h: int, cols: int, rows: int, cap: int = 4096) -> tuple[int, int]:
    """Cell size keeping the card's aspect ratio so that the sheet fits in cap x cap."""
    scale = min(1.0, cap / (card_w * cols), cap / (card_h * rows))
    return max(1, math.floor(card_w * scale)), max(1, math.floor(card_h * scale))


def compose(images: list[Image.Image], plan: SheetPlan, cell: tuple[int, int],
            filler: Image.Image | None = None, hidden: Image.Image | None = None) -> Image.Image:
    """The sheet image: image k in cell k, `hidden` in the hidden cell, `filler` (or grey)
    in unused cells. Result is RGB, exactly cols*cell_w x rows*cell_h."""
    cw, ch = cell
    sheet = Image.new("RGB", (plan.cols * cw, plan.rows * ch), "#808080")

    def put(img: Image.Image, k: int) -> None:
        if img.size != (cw, ch):
            img = resize(img, (cw, ch), CELL_FILTER)
        sheet.paste(img if img.mode == "RGB" else img.convert("RGB"), ((k % plan.cols) * cw, (k // plan.cols) * ch))

    fill = resize(filler, (cw, ch), CELL_FILTER) if filler is not None else None
    for k in range(plan.cells):
        img = sheet_cell(k, plan, images, fill, hidden)
        if img is not None:
            put(img, k)
    return sheet


class Scanlines:
    """Writes the sheet `compose` draws as PNG scanlines (filter byte 0, then RGB), straight
    from raw RGB cells, one row of cells (a band) at a time: copying rows costs a fraction of
    building the 50 MB image and packing it, and a band buffer (~7 MB) is reused from band to
    band and sheet to sheet instead of faulting in 50 MB of fresh memory per sheet."""

    def __init__(self) -> None:
        self.buffer = bytearray()

    def bands(self, cell_at: Callable[[int], bytes], plan: SheetPlan, cell: tuple[int, int]) -> Iterator[memoryview]:
        """The scanlines of each band; `cell_at(k)` gives cell k's raw RGB (the caller decides
        faces, hidden cell and filler). Each view is valid until the next one is asked for."""
        cw, ch = cell
        row = cw * 3
        stride = 1 + plan.cols * row
        size = stride * ch
        if len(self.buffer) < size:
            self.buffer = bytearray(size)
        band = memoryview(self.buffer)[:size]
        band[0::stride] = bytes(ch)  # filter type 0 (None) on every row
        try:
            for r in range(plan.rows):
                for c in range(plan.cols):
                    data = cell_at(r * plan.cols + c)
                    if len(data) != row * ch:
                        raise ValueError(f"cell image {r * plan.cols + c} has {len(data)} bytes, not {cw}x{ch} RGB")
                    src, at = memoryview(data), 1 + c * row
                    for y in range(0, row * ch, row):
                        band[at:at + row] = src[y:y + row]
                        at += stride
                yield band
        finally:
            band.release()


def sheet_cell(k: int, plan: SheetPlan, faces: list[T], filler: T, hidden: T | None = None) -> T:
    """What cell k of a sheet shows: face k, else the hidden picture in the hidden cell, else
    the filler (images or raw cells alike)."""
    if k < len(faces):
        return faces[k]
    return hidden if k == plan.hidden_index and hidden is not None else filler
