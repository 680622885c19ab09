"""Layout checks that pixels alone do not show: a badge whose text pokes out of its round
shape, an icon row wider than its box, and content boxes that overlap when the layout does not
say they may (`overlap: true` on a box). Each finding names the box, so the build's warning
("card X: ...") says what to fix.

Geometry is in mm of the trimmed card, as the layout gives it. Only content boxes (text, icon
rows, images) are compared with each other: shapes (rect, ellipse, line) are backgrounds that
content sits on by design.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

CONTENT = ("text", "icons", "image")
TOLERANCE_MM = 0.2  # overlaps thinner than this are rounding, not layout
PADDING_MM = 0.4    # text on a shape keeps this far from its edge (a badge's text touching its rim spills)


class Rect(NamedTuple):
    """A box's area in mm. A named tuple: every text box of every card makes a few (a frozen
    dataclass is built by a Python `__init__`, a tuple in C)."""
    x0: float
    y0: float
    x1: float
    y1: float

    @classmethod
    def of(cls, box: dict) -> "Rect":
        return cls(box["x"], box["y"], box["x"] + box["w"], box["y"] + box["h"])

    def overlap(self, other: "Rect") -> tuple[float, float]:
        """Width and height of the intersection (<= 0: none)."""
        return min(self.x1, other.x1) - max(self.x0, other.x0), min(self.y1, other.y1) - max(self.y0, other.y0)

    def contains_point(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1


def box_name(box: dict, index: int) -> str:
    return str(box.get("id") or f"{box['type']} #{index}")


def overlaps(boxes: list[dict]) -> list[str]:
    """'box A overlaps box B' for every pair of content boxes whose areas intersect, unless one
    of them is marked `overlap: true` (drawn over the others on purpose)."""
    content = [(n, b, Rect.of(b)) for n, b in enumerate(boxes) if b.get("type") in CONTENT]
    found = []
    for i, (n, a, ra) in enumerate(content):
        for m, b, rb in content[i + 1:]:
            if a.get("overlap") or b.get("overlap"):
                continue
            w, h = ra.overlap(rb)
            if w > TOLERANCE_MM and h > TOLERANCE_MM:
                found.append(f"box {box_name(a, n)!r} overlaps box {box_name(b, m)!r} ({w:.1f} x {h:.1f} mm)")
    return found


def shape_under(boxes: list[dict], index: int) -> dict | None:
    """The shape a text box is drawn on (a badge, a band, the panel): the last ellipse or
    rectangle before it that holds the text box's centre."""
    r = Rect.of(boxes[index])
    cx, cy = (r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2
    for box in reversed(boxes[:index]):
        if box.get("type") in ("ellipse", "rect") and Rect.of(box).contains_point(cx, cy):
            return box
    return None


def _inside(shape: dict, pad: float = PADDING_MM) -> Callable[[float, float], bool]:
    """Whether a point (x, y) lies inside the ellipse, or the (rounded) rectangle, `shape`,
    `pad` mm from its edge: the shape's measures worked out once for all the points asked."""
    eps = 1e-6
    if shape["type"] == "ellipse":
        rx, ry = shape["w"] / 2 - pad, shape["h"] / 2 - pad
        if rx <= 0 or ry <= 0:
            return lambda x, y: False
        sx, sy, half_w, half_h = shape["x"], shape["y"], shape["w"] / 2, shape["h"] / 2
        return lambda x, y: ((x - sx - half_w) / rx) ** 2 + ((y - sy - half_h) / ry) ** 2 <= 1.0 + eps
    r = Rect.of(shape)
    r = Rect(r.x0 + pad, r.y0 + pad, r.x1 - pad, r.y1 - pad)
    radius = max(0.0, min(float(shape.get("radius", 0) or 0) - pad, (r.x1 - r.x0) / 2, (r.y1 - r.y0) / 2))

    def inside(x: float, y: float) -> bool:
        if not (r.x0 - eps <= x <= r.x1 + eps and r.y0 - eps <= y <= r.y1 + eps):
            return False
        # in a corner square, the point must be within the corner's circle
        kx = r.x0 + radius if x < r.x0 + radius else (r.x1 - radius if x > r.x1 - radius else x)
        ky = r.y0 + radius if y < r.y0 + radius else (r.y1 - radius if y > r.y1 - radius else y)
        return (x - kx) ** 2 + (y - ky) ** 2 <= radius ** 2 + eps
    return inside


def outside_shape(shape: dict, lines: list[tuple[float, float, float, float]], pixel_mm: float = 0.0) -> bool:
    """Whether a corner of any drawn line (x0, y0, x1, y1 in mm) lies outside the shape (less
    its padding). Positions are whole pixels: one pixel (`pixel_mm`) of slack, so a draft
    at 25 dpi (a pixel is a millimetre) reports the same layouts as a print at 300."""
    inside = _inside(shape, PADDING_MM - pixel_mm)
    return any(not inside(x, y) for x0, y0, x1, y1 in lines for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)))
