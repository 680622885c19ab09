"""The view's geometry model: where every object, zone, snap point, label and UI element lands
on one colour's screen, what that colour may see of it, and what is wrong with the picture.

Screen pixels, origin top left, y down (as `tts_bridge.emulator.ui`). The table is seen from
above with the colour's own edge at the bottom (facts view_top_down, view_seat_side); the
Global UI is laid over it by the emulator's layout model (fact view_ui_over_table). Tests check
this model, not pixels: `Placed.angle` is how far an image is turned from upright on this screen.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from tts_bridge.emulator import ui
from tts_bridge.emulator.table import TableObject
from tts_bridge.view.facts import DEFAULT_SURFACE, TABLE_SURFACES
from tts_bridge.view.scene import Scene, SceneError

Point = tuple[float, float]
Rect = tuple[float, float, float, float]  # x, y, w, h
CARDS = ("Card", "CardCustom")
DECKS = ("Deck", "DeckCustom")
MARGIN_UNITS = 1.0
LABEL_UNITS = 0.42                 # zone and count labels are drawn this many world units tall
_COUNT = re.compile(r"^\s*(\d+) cards?\b")
_SEAT_PREFIX = re.compile(r"^Seat \d+ ")


@dataclass(frozen=True)
class ImageRef:
    """A picture of an object: a file URL, and which cell of a grid it is (0 of 1x1: all)."""
    url: str
    cell: int = 0
    cols: int = 1
    rows: int = 1


@dataclass
class Placed:
    """One object as the colour sees it."""
    guid: str
    kind: str
    name: str
    corners: list[Point]            # screen polygon, image corners top-left, top-right, bottom-right, bottom-left
    centre: Point
    size: tuple[float, float]       # width and height in pixels, before turning
    angle: float                    # degrees the image's top is turned from screen-up, counter-clockwise, -180..180
    y: float                        # height above the table (draw order)
    world: tuple[float, float, float, float]  # x0, z0, x1, z1 of its footprint on the table
    shows: str = "none"             # "face", "back" or "none" (no picture)
    image: ImageRef | None = None
    count: int | None = None        # cards in a deck or pile
    value: int | None = None        # a counter's value
    hand: str | None = None         # colour of the hand zone it lies in
    off_table: float = 0.0          # how far it reaches past the table surface (world units)
    locked: bool = False
    label: str = ""
    label_box: Rect | None = None
    tint: tuple[int, int, int] = (180, 180, 180)

    @property
    def is_card(self) -> bool:
        return self.kind in CARDS or self.kind in DECKS

    @property
    def shown_name(self) -> str:
        """The name this colour may read: a card it sees the back of stays anonymous (facts
        view_face_down, view_hand_hiding), so neither the picture nor the legend names it."""
        if self.kind in CARDS and self.shows == "back" and self.count is None:
            return f"a card in {self.hand}'s hand" if self.hand else "a face-down card"
        return self.name

    @property
    def bbox(self) -> Rect:
        xs, ys = [p[0] for p in self.corners], [p[1] for p in self.corners]
        return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


@dataclass
class ZoneMark:
    guid: str
    kind: str                       # "hand" or "scripting"
    name: str
    corners: list[Point]
    color: str | None = None        # a hand zone's owner
    label_box: Rect | None = None
    label: str = ""                 # the name as drawn (without "Seat N", cut to the zone's width)


@dataclass
class SnapMark:
    at: Point
    angle: float                    # the snap point's rotation on screen (0 = upright for this colour)


@dataclass
class Warning:
    kind: str                       # off_table, label_covered, text_outside, ui_offscreen, ui_overlap, ui_covers
    text: str


@dataclass
class ViewGeometry:
    game: str
    title: str
    seat: str
    decision: int | None
    screen: tuple[int, int]
    scale: float                    # pixels per world unit
    surface: list[Point]            # the table top's corners on screen
    objects: list[Placed]           # in draw order (lowest first)
    zones: list[ZoneMark]
    snaps: list[SnapMark]
    ui_boxes: list[ui.Box]
    warnings: list[Warning] = field(default_factory=list)
    label_px: float = 11.0

    def by_guid(self, guid: str) -> Placed | None:
        return next((o for o in self.objects if o.guid == guid), None)


# -- the seat's camera ------------------------------------------------------------------------
@dataclass(frozen=True)
class Camera:
    """World (x, z) to screen pixels for a colour sitting on the side `beta` turns to the bottom."""
    beta: float                     # radians the world turns so the seat's side is at the bottom
    scale: float
    centre: Point                   # screen point of the world focus
    focus: Point                    # world (x, z) at the screen centre

    def to_screen(self, x: float, z: float) -> Point:
        dx, dz = x - self.focus[0], z - self.focus[1]
        c, s = math.cos(self.beta), math.sin(self.beta)
        u, v = dx * c - dz * s, dx * s + dz * c
        return (self.centre[0] + u * self.scale, self.centre[1] - v * self.scale)

    def turn(self, x: float, z: float) -> Point:
        """A world direction as a screen direction (x right, y up)."""
        c, s = math.cos(self.beta), math.sin(self.beta)
        return (x * c - z * s, x * s + z * c)

    def image_angle(self, rot_y: float) -> float:
        """Fact view_image_top: where an image's top points on screen, degrees counter-clockwise
        from upright (0 reads upright for this colour, 180 upside down)."""
        r = math.radians(rot_y)
        u, v = self.turn(-math.sin(r), -math.cos(r))
        return _norm(math.degrees(math.atan2(-u, v)))


def _norm(deg: float) -> float:
    deg = (deg + 180.0) % 360.0 - 180.0
    return 180.0 if deg == -180.0 else round(deg, 6)


def seat_beta(scene: Scene, seat: str) -> float:
    """Fact view_seat_side: the colour sits behind its hand zone, which faces the table: rotY 0
    for a seat at -z, 180 at +z, 90 at -x, 270 at +x; the view turns that side to the bottom."""
    hand = scene.hands.get(seat)
    if hand is None:
        have = ", ".join(sorted(scene.hands)) or "none"
        raise SceneError(f"--seat {seat}: this table has no hand zone for {seat} (seats with a hand zone: {have})")
    return math.radians(hand.rot[1])


# -- objects -----------------------------------------------------------------------------------
def footprint(obj: TableObject) -> tuple[float, float]:
    """Width (local x) and depth (local z) on the table, world units (facts view_*_size)."""
    if obj.kind in CARDS or obj.kind in DECKS or obj.kind == "Custom_Board":
        loading, obj.loading_frames = obj.loading_frames, 0  # the finished look, not a placeholder
        try:
            w, _, d = obj.bounds_size()
        finally:
            obj.loading_frames = loading
        return w, d
    if obj.is_zone:
        return obj.scale[0], obj.scale[2]
    if obj.kind == "Counter":
        return 1.6 * obj.scale[0], 0.9 * obj.scale[2]
    return 2.0 * obj.scale[0], 2.0 * obj.scale[2]


def _corners(obj: TableObject, w: float, d: float, turned: bool = True) -> list[tuple[float, float]]:
    """World corners of the image: top-left, top-right, bottom-right, bottom-left (fact view_image_top:
    at rotY 0 the top points to -z and the image's right to -x)."""
    r = math.radians(obj.rot[1] if turned else 0.0)
    top = (-math.sin(r), -math.cos(r))
    right = (-math.cos(r), math.sin(r))
    cx, cz = obj.pos[0], obj.pos[2]
    hw, hd = w / 2, d / 2
    return [(cx + sx * hw * right[0] + sy * hd * top[0], cz + sx * hw * right[1] + sy * hd * top[1])
            for sx, sy in ((-1, 1), (1, 1), (1, -1), (-1, -1))]


def _int(value: object, default: int) -> int:
    """A save's number, or `default` where it holds something else."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        return default
    return int(value)


def _card_entry(data: dict) -> tuple[dict | None, int]:
    card_id = data.get("CardID")
    decks = data.get("CustomDeck") if isinstance(data.get("CustomDeck"), dict) else {}
    if not isinstance(card_id, (int, float)) or isinstance(card_id, bool) or card_id != card_id:
        return None, 0
    entry = decks.get(str(int(card_id) // 100))
    return (entry if isinstance(entry, dict) else None), int(card_id) % 100


def card_images(data: dict) -> tuple[ImageRef | None, ImageRef | None]:
    """(face, back) of a card's save data (fact view_card_faces)."""
    entry, cell = _card_entry(data)
    if entry is None:
        return None, None
    cols, rows = max(1, _int(entry.get("NumWidth"), 1)), max(1, _int(entry.get("NumHeight"), 1))
    face = ImageRef(str(entry.get("FaceURL") or ""), cell, cols, rows) if entry.get("FaceURL") else None
    back_url = str(entry.get("BackURL") or "")
    back = None
    if back_url:
        back = ImageRef(back_url, cell, cols, rows) if entry.get("UniqueBack") else ImageRef(back_url)
    return face, back


def _visible_side(obj: TableObject, seat: str, hand: str | None) -> str:
    """Facts view_face_down and view_hand_hiding."""
    if hand is not None and hand != seat:
        return "back"
    return "back" if obj.is_face_down else "face"


def _tint(obj: TableObject) -> tuple[int, int, int]:
    c = obj.data.get("ColorDiffuse") if isinstance(obj.data.get("ColorDiffuse"), dict) else {}
    try:
        return tuple(max(0, min(255, round(float(c.get(k, 0.7)) * 255))) for k in "rgb")  # type: ignore[return-value]
    except (TypeError, ValueError):
        return (180, 180, 180)


def _hand_of(obj: TableObject, hands: list[TableObject]) -> str | None:
    for h in hands:
        if h.contains(obj.pos):
            return h.hand_color
    return None


def _off_table(world: tuple[float, float, float, float], surface: tuple[float, float]) -> float:
    x0, z0, x1, z1 = world
    hw, hd = surface
    return round(max(0.0, -hw - x0, x1 - hw, -hd - z0, z1 - hd), 3)


def place_object(obj: TableObject, cam: Camera, seat: str, hands: list[TableObject],
                 surface: tuple[float, float]) -> Placed:
    w, d = footprint(obj)
    world_corners = _corners(obj, w, d)
    xs, zs = [p[0] for p in world_corners], [p[1] for p in world_corners]
    corners = [cam.to_screen(x, z) for x, z in world_corners]
    hand = _hand_of(obj, hands)
    placed = Placed(guid=obj.guid, kind=obj.kind, name=obj.nickname, corners=corners,
                    centre=cam.to_screen(obj.pos[0], obj.pos[2]), size=(w * cam.scale, d * cam.scale),
                    angle=cam.image_angle(obj.rot[1]), y=obj.pos[1],
                    world=(min(xs), min(zs), max(xs), max(zs)), hand=hand, locked=obj.locked, tint=_tint(obj))
    # fact view_hand_holds: what lies in a hand zone is held in the hand, not on the table top
    placed.off_table = 0.0 if hand is not None else _off_table(placed.world, surface)
    if obj.kind in CARDS:
        face, back = card_images(obj.data)
        placed.shows = _visible_side(obj, seat, hand)
        placed.image = face if placed.shows == "face" else back
        m = _COUNT.match(obj.description or "")
        placed.count = int(m.group(1)) if m else None  # the referee's pile marker says how many
    elif obj.kind in DECKS:
        contained = obj.data.get("ContainedObjects")
        inner = [c for c in contained if isinstance(c, dict)] if isinstance(contained, list) else []
        face, back = card_images(inner[0]) if inner else (None, None)  # fact view_deck_top
        placed.shows = _visible_side(obj, seat, hand)
        placed.image = face if placed.shows == "face" else back
        placed.count = len(inner)
    elif obj.kind == "Counter":
        counter = obj.data.get("Counter") if isinstance(obj.data.get("Counter"), dict) else {}
        placed.value = _int(counter.get("value"), 0)
    elif obj.kind in ("Custom_Board", "Custom_Tile", "Custom_Token"):
        img = obj.data.get("CustomImage") if isinstance(obj.data.get("CustomImage"), dict) else {}
        url = str(img.get("ImageSecondaryURL") or "") if obj.is_face_down else ""
        url = url or str(img.get("ImageURL") or "")
        placed.image = ImageRef(url) if url else None
        placed.shows = "face" if url else "none"
    placed.label = _label(obj, placed)
    return placed


def _label(obj: TableObject, p: Placed) -> str:
    if p.kind in DECKS or (p.kind in CARDS and p.count is not None):
        return f"{p.count}"
    if p.kind == "Counter":
        return f"{p.value}"
    if p.kind in ("Infinite_Bag", "Bag", "Custom_Model_Bag"):
        return obj.nickname or p.kind
    if p.image is None and p.kind not in ("Custom_Board",):
        return obj.nickname or p.kind
    return ""


def _text_box(text: str, px: float, at: Point, anchor: str) -> Rect:
    """A label's box: `px` tall, glyphs about 0.55 em wide (the UI model's estimate, fact ui_glyph_width)."""
    w = ui.text_width(text, px) + px * 0.5
    h = px * 1.25
    x, y = at
    if anchor == "centre":
        return (x - w / 2, y - h / 2, w, h)
    if anchor == "below":
        return (x - w / 2, y, w, h)
    return (x, y - h, w, h)  # "above-left": sits on the point, to its right


def _fit(text: str, px: float, width: float) -> str:
    """`text`, cut with an ellipsis to about `width` pixels."""
    if ui.text_width(text, px) + px * 0.5 <= width or len(text) <= 4:
        return text
    while len(text) > 4 and ui.text_width(text + "…", px) + px * 0.5 > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _bbox(points: list[Point]) -> Rect:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def _poly_hits_rect(poly: list[Point], r: Rect) -> bool:
    """Whether a convex polygon (a turned card) and an axis-aligned rect overlap by more than half
    a pixel (separating axes)."""
    rect = [(r[0], r[1]), (r[0] + r[2], r[1]), (r[0] + r[2], r[1] + r[3]), (r[0], r[1] + r[3])]
    for shape in (poly, rect):
        for i in range(len(shape)):
            (x0, y0), (x1, y1) = shape[i], shape[(i + 1) % len(shape)]
            length = math.hypot(x1 - x0, y1 - y0) or 1.0
            nx, ny = (y1 - y0) / length, (x0 - x1) / length
            a = [nx * x + ny * y for x, y in poly]
            b = [nx * x + ny * y for x, y in rect]
            if max(a) <= min(b) + 0.5 or max(b) <= min(a) + 0.5:
                return False
    return True


# -- the whole view ---------------------------------------------------------------------------
def build(scene: Scene, seat: str, screen: tuple[int, int] = ui.SCREEN_DEFAULT) -> ViewGeometry:
    """The view of `scene` for colour `seat` on a `screen` (width, height)."""
    beta = seat_beta(scene, seat)
    surface = TABLE_SURFACES.get(scene.table, DEFAULT_SURFACE)
    things = [o for o in scene.objects if not o.destroyed]
    hands = [o for o in things if o.kind == "HandTrigger" and o.hand_color]
    # frame the table top and everything on it (what lies off the table shows as such)
    pts = [(sx * surface[0], sz * surface[1]) for sx in (-1, 1) for sz in (-1, 1)]
    for o in things:
        w, d = footprint(o)
        pts += _corners(o, w, d, turned=not o.is_zone)
    unit = Camera(beta, 1.0, (0.0, 0.0), (0.0, 0.0))
    us = [unit.to_screen(x, z) for x, z in pts]
    x0, x1 = min(p[0] for p in us) - MARGIN_UNITS, max(p[0] for p in us) + MARGIN_UNITS
    y0, y1 = min(p[1] for p in us) - MARGIN_UNITS, max(p[1] for p in us) + MARGIN_UNITS
    scale = min(screen[0] / (x1 - x0), screen[1] / (y1 - y0))
    mid = ((x0 + x1) / 2, (y0 + y1) / 2)
    # the world point under the screen's middle
    c, s = math.cos(beta), math.sin(beta)
    focus = (mid[0] * c - mid[1] * s, -mid[0] * s - mid[1] * c)  # the inverse turn of (u, v) = (mid.x, -mid.y)
    cam = Camera(beta, scale, (screen[0] / 2, screen[1] / 2), focus)
    label_px = max(8.0, LABEL_UNITS * scale)

    objects = [place_object(o, cam, seat, hands, surface) for o in things if not o.is_zone]
    objects.sort(key=lambda p: (p.kind != "Custom_Board", p.y))
    zones = []
    for z in things:
        if not z.is_zone:
            continue
        corners = [cam.to_screen(x, zz) for x, zz in _corners(z, z.scale[0], z.scale[2], turned=False)]
        kind = "hand" if z.kind == "HandTrigger" else "scripting"
        name = f"{z.hand_color} hand" if kind == "hand" and z.hand_color else (z.nickname or z.kind)
        box = _bbox(corners)
        text = _fit(_SEAT_PREFIX.sub("", name), label_px * 0.85, box[2] - 2)
        zones.append(ZoneMark(z.guid, kind, name, corners, z.hand_color if kind == "hand" else None,
                              _text_box(text, label_px * 0.85, (box[0] + 1, box[1] - 1), "above-left"), text))
    snaps = []
    for sp in scene.snaps:
        pos = sp.get("Position") if isinstance(sp.get("Position"), dict) else {}
        rot = sp.get("Rotation") if isinstance(sp.get("Rotation"), dict) else {}
        try:
            at = cam.to_screen(float(pos.get("x", 0)), float(pos.get("z", 0)))
            snaps.append(SnapMark(at, cam.image_angle(float(rot.get("y", 0)))))
        except (TypeError, ValueError):
            continue
    for p in objects:
        if p.label:
            where = "below" if p.kind in ("Infinite_Bag", "Bag", "Custom_Model_Bag") else "centre"
            at = (p.centre[0], p.bbox[1] + p.bbox[3]) if where == "below" else p.centre
            p.label_box = _text_box(p.label, label_px, at, where)
    boxes = ui.layout(scene.ui_tree, seat, screen)
    geo = ViewGeometry(game=scene.game, title=scene.title, seat=seat, decision=scene.decision, screen=screen,
                       scale=scale, surface=[cam.to_screen(x, z) for x, z in
                                             ((-surface[0], surface[1]), (surface[0], surface[1]),
                                              (surface[0], -surface[1]), (-surface[0], -surface[1]))],
                       objects=objects, zones=zones, snaps=snaps, ui_boxes=boxes, label_px=label_px)
    geo.warnings = warnings(geo)
    return geo


# -- what is wrong with the picture -------------------------------------------------------------
def _what(p: Placed) -> str:
    name = p.shown_name
    if name != p.name:
        return name
    return f"{p.kind} {name!r}" if name else p.kind


def _some(objects: list[Placed], most: int = 3) -> str:
    """'A', 'A and B', 'A, B, C and 4 more': the first few, topmost first."""
    names = [_what(p) for p in sorted(objects, key=lambda p: -p.y)]
    if len(names) <= most:
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return ", ".join(names[:most]) + f" and {len(names) - most} more"


def warnings(geo: ViewGeometry) -> list[Warning]:
    out = [Warning("off_table", f"{_what(p)} reaches {p.off_table:.1f} units past the table's edge"
                                + (" (locked: it floats there)" if p.locked else " (it would fall off)"))
           for p in geo.objects if p.off_table > 0.05]
    cards = [p for p in geo.objects if p.is_card]
    labelled = [(f"zone label {z.name!r}", z.guid, z.label_box) for z in geo.zones if z.label_box] + \
               [(f"the label of {_what(p)}", p.guid, p.label_box) for p in geo.objects if p.label_box]
    for what, guid, box in labelled:
        under = [c for c in cards if c.guid != guid and _poly_hits_rect(c.corners, box)]
        if under:
            out.append(Warning("label_covered", f"{what} lies over {_some(under)}"))
    out += ui_warnings(geo.ui_boxes, geo.screen, geo.seat)
    panels = [b for b in geo.ui_boxes if b.parent is None and b.blocks_clicks and b.drawn]
    for b in panels:  # fact ui_raycast_default: what a panel covers cannot be seen or clicked
        under = [p for p in geo.objects if p.kind != "Custom_Board" and _poly_hits_rect(p.corners, b.drawn)]
        if under:
            out.append(Warning("ui_covers", f"UI {b.id} covers {_some(under)}"))
    return out


def top_panel(boxes: list[ui.Box], b: ui.Box) -> ui.Box:
    by_id = {x.id: x for x in boxes}
    while b.parent is not None and b.parent in by_id:
        b = by_id[b.parent]
    return b


def text_outside_panel(boxes: list[ui.Box]) -> list[tuple[ui.Box, str]]:
    """Visible texts that run out of their own box (the layout model's text issues) or whose box
    reaches outside the top-level panel they belong to."""
    out = []
    for b in boxes:
        if not b.visible or not b.text:
            continue
        for issue in b.text_issues:
            out.append((b, issue))
        panel = top_panel(boxes, b)
        if panel is not b and b.text_box and b.in_scroll is None and not ui._inside(b.text_box, panel.rect):
            out.append((b, f"lies outside its panel {panel.id}"))
    return out


def ui_warnings(boxes: list[ui.Box], screen: tuple[int, int], seat: str) -> list[Warning]:
    out = [Warning("text_outside", f"UI {b.id}: text {issue}") for b, issue in text_outside_panel(boxes)]
    out += [Warning("ui_offscreen", f"UI {b.id} lies partly off the {screen[0]}x{screen[1]} screen "
                                    f"at {tuple(round(v) for v in b.rect)}") for b in boxes if b.visible and b.offscreen]
    if ui.overlaps(boxes, f"tb_prompt_{seat}", "tb_status"):
        out.append(Warning("ui_overlap", f"the prompt panel tb_prompt_{seat} overlaps the status panel"))
    return out
