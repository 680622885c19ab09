"""A layout model of TTS's Global XmlUI: where each element lands on the screen, what a colour
sees, which texts run out of their boxes, and where the UI blocks clicks on the table.

The emulator keeps the Global UI as TTS's `UI.getXmlTable()` shape (a list of
`{tag, attributes, value, children}`); `layout` also takes an XmlUI string (a save's `XmlUI`).
Coordinates are screen pixels, origin at the top left, y growing downwards; a rect is
`(x, y, w, h)`. Every default the model relies on is a named fact in `UI_FACTS` with where it is
written (the TTS API docs, or the XmlLayout library TTS's UI is built on where the docs are
silent), and the estimates it cannot read anywhere are marked as such.

Click blocking, the rule derived from the docs: `raycastTarget` ("If the element blocks clicks",
default `true`, API ui/attributes.md Image Attributes; basicelements.md Image "Should this image
block clicks from passing through it?") applies to every element with a graphic (panels and
layout groups carry an Image for their `color`, Text is a Graphic too). Unity's raycaster hits a
graphic whatever its alpha, so a transparent (`color` clear / unset) element blocks as well. So:
an element blocks clicks on the table over the part of its rect that is drawn (inside every
scroll viewport above it and the screen) when it and all its ancestors are active and visible to
that colour and its `raycastTarget` is not false. `raycastTarget="false"` on a parent does not
unblock its children.
"""

from __future__ import annotations

import math
import re
import unicodedata
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Any, Iterable

API = "Berserk-Games/Tabletop-Simulator-API docs/"
XMLLAYOUT = "XmlLayout (TTS's XmlUI library), UI/Xml/Tags/"
UNITY = "Unity UI (uGUI) HorizontalOrVerticalLayoutGroup / GraphicRaycaster / ScrollRect"

# fact id -> (what TTS does, where that is written). "estimate" = not written anywhere we know.
UI_FACTS: dict[str, tuple[str, str]] = {
    "ui_size_default": ("width/height default to 100% of the parent (px number or 'N%')",
                        API + "ui/attributes.md Position/Size Attributes (Basic)"),
    "ui_rect_alignment_default": ("rectAlignment, the element's anchor and pivot relative to its parent, "
                                  "defaults to MiddleCenter", API + "ui/attributes.md Position/Size (Basic)"),
    "ui_offset": ("offsetXY 'x y' moves the element x px right and y px up; default 0 0",
                  API + "ui/attributes.md offsetXY"),
    "ui_layout_children_sizes": ("width/height/rectAlignment/offsetXY do not apply to direct children of layout "
                                 "groups (unless ignoreLayout); those are sized by minHeight/preferredHeight/"
                                 "flexibleHeight (min first, then preferred, then flexible shares the rest)",
                                 API + "ui/attributes.md Layout Element Attributes"),
    "ui_layout_defaults": ("Vertical/HorizontalLayout: padding '0 0 0 0' (left right top bottom), spacing 0, "
                           "childAlignment UpperLeft, childForceExpandWidth/Height true",
                           API + "ui/layoutgrouping.md"),
    "ui_layout_algorithm": ("layout groups control their children's size: min sizes, then a lerp to preferred, "
                            "then surplus by flexible; childForceExpand makes flexible at least 1",
                            UNITY + " (SetChildrenAlongAxis)"),
    "ui_panel_padding": ("a Panel with padding functions as a layout group (modelled: children inset by it)",
                         API + "ui/layoutgrouping.md Panel"),
    "ui_active": ("active=false hides the element and its children and drops them from layout; "
                  "bool is 1/true or 0/false", API + "ui/attributes.md General Attributes"),
    "ui_visibility": ("visibility: pipe-separated targets; an element is treated as inactive to players not "
                      "listed; unset or empty = everyone", API + "ui/attributes.md visibility"),
    "ui_raycast_default": ("raycastTarget defaults to true: the element blocks clicks",
                           API + "ui/attributes.md Image Attributes; ui/basicelements.md Image"),
    "ui_raycast_alpha": ("the raycaster hits a graphic whatever its colour's alpha (clear still blocks)",
                         UNITY + " (GraphicRaycaster)"),
    "ui_text_defaults": ("Text: fontSize 14 (px, the text height), alignment MiddleCenter, horizontalOverflow "
                         "Overflow (no wrapping), verticalOverflow Truncate (lines below the box are not drawn)",
                         API + "ui/attributes.md Text Attributes; ui/basicelements.md Text"),
    "ui_button_text": ("Button passes its text attributes (fontSize, horizontalOverflow, ...) to its label; its "
                       "padding 'l r t b' insets the label; textAlignment defaults to UpperLeft",
                       XMLLAYOUT + "ButtonTagHandler.cs; " + API + "ui/inputelements.md Button"),
    "ui_scroll_content": ("a ScrollView's content takes its child's dimensions (so the child needs an explicit "
                          "height); the viewport masks it: only the part inside is drawn or clicked; "
                          "VerticalScrollView scrolls vertically by default",
                          XMLLAYOUT + "ScrollViewTagHandler.cs (SimpleContentSizeFitter); "
                          + API + "ui/layoutgrouping.md VerticalScrollView"),
    "ui_scrollbar_width": ("a scroll view with a vertical scrollbar gives it 17 px of the viewport's width "
                           "(horizontal: 17 px of its height) unless noScrollbars",
                           XMLLAYOUT + "ScrollViewTagHandler.cs"),
    "ui_draw_order": ("elements later in the XML are drawn on top of earlier ones",
                      API + "ui/attributes.md 'Elements in 3D Space'"),
    "ui_screen_units": ("how Global UI pixels scale with the screen is undocumented: we check 1920x1080 and "
                        "1280x720 at 1 unit = 1 px (if TTS scales to a 1920x1080 reference, 720p looks "
                        "like 1080p and is covered too)", "estimate"),
    "ui_glyph_width": ("average glyph advance: 0.55 x fontSize for Latin, 1.0 x for East Asian wide/fullwidth",
                       "estimate (Arial/Liberation Sans lowercase average ~0.5 em, capitals wider)"),
    "ui_line_height": ("one line of text is 1.2 x fontSize tall", "estimate (Arial ascent+descent ~1.15 em)"),
}

SCREEN_DEFAULT = (1920, 1080)
SCREENS = {"1080p": (1920, 1080), "720p": (1280, 720)}
GLYPH_EM, WIDE_GLYPH_EM, LINE_EM = 0.55, 1.0, 1.2
SCROLLBAR = 17.0
LAYOUT_GROUPS = {"VerticalLayout", "HorizontalLayout"}
SCROLL_VIEWS = {"VerticalScrollView", "HorizontalScrollView"}
TEXT_TAGS = {"Text", "Button"}  # elements whose value is drawn as text
_ALIGN = {"Upper": 0.0, "Middle": 0.5, "Lower": 1.0, "Left": 0.0, "Center": 0.5, "Right": 1.0}
_RICH = re.compile(r"</?(b|i|u|s|color|size|textcolor|textsize|material|quad)(=[^>]*)?( [^>]*)?>", re.I)

Rect = tuple[float, float, float, float]


@dataclass
class Box:
    """One element as `color` sees it on a screen."""
    id: str
    tag: str
    rect: Rect                      # where the element lies (in a scroll view: at scroll position 0)
    drawn: Rect | None              # the part actually drawn (inside viewports and the screen), if any
    visible: bool                   # active and visible to the colour, with all its ancestors
    blocks_clicks: bool             # visible, raycastTarget, and some part drawn
    parent: str | None = None
    order: int = 0                  # draw order (later on top)
    in_scroll: str | None = None    # id of the scroll view it lies in, if any
    scrollable: bool = False        # a scroll view whose content is taller (wider) than its viewport
    content: Rect | None = None     # a scroll view's content rect
    text: str | None = None
    text_box: Rect | None = None
    text_lines: int = 0
    text_issues: list[str] = field(default_factory=list)
    offscreen: bool = False         # some of it lies outside the screen (not counting scroll content)

    @property
    def node_id(self) -> str:
        return self.id


# -- input ------------------------------------------------------------------------------------
def parse_xml(xml: str) -> list[dict]:
    """An XmlUI string as the emulator's tree (comments dropped, text stripped)."""
    root = ET.fromstring(f"<root>{xml}</root>")

    def node(el: ET.Element) -> dict:
        text = (el.text or "").strip()
        return {"tag": el.tag, "attributes": dict(el.attrib), "value": text or None,
                "children": [node(c) for c in el if isinstance(c.tag, str)]}
    return [node(c) for c in root if isinstance(c.tag, str)]


def _tree(tree: Any) -> list[dict]:
    if isinstance(tree, str):
        return parse_xml(tree)
    return [n for n in (tree if isinstance(tree, list) else []) if isinstance(n, dict)]


def _attrs(node: dict) -> dict[str, str]:
    raw = node.get("attributes") if isinstance(node.get("attributes"), dict) else {}
    out = {}
    for k, v in raw.items():
        if isinstance(v, bool):
            v = "true" if v else "false"
        elif isinstance(v, float) and v.is_integer():
            v = str(int(v))
        out[str(k)] = str(v)
    return out


def _children(node: dict) -> list[dict]:
    kids = node.get("children")
    return [c for c in kids if isinstance(c, dict)] if isinstance(kids, list) else []


def _bool(value: str | None, default: bool) -> bool:
    if value is None or value == "":
        return default
    return value.strip().lower() in ("1", "true")


def _num(value: str | None, default: float = 0.0) -> float:
    try:
        return float(value) if value not in (None, "") else default
    except ValueError:
        return default


def _nums(value: str | None, n: int) -> list[float]:
    parts = [_num(p) for p in (value or "").split()]
    if len(parts) == 1:
        parts *= n
    return (parts + [0.0] * n)[:n]


def _size(value: str | None, parent: float) -> float:
    """width/height: pixels or 'N%' of the parent; default 100% (fact ui_size_default)."""
    if value is None or str(value).strip() == "":
        return parent
    v = str(value).strip()
    if v.endswith("%"):
        return parent * _num(v[:-1], 100.0) / 100.0
    return _num(v, parent)


def sees(attributes: dict, color: str) -> bool:
    """Facts ui_active and ui_visibility for one element (not its ancestors)."""
    a = {k: str(v).lower() if isinstance(v, bool) else v for k, v in attributes.items()}
    if not _bool(None if a.get("active") is None else str(a.get("active")), True):
        return False
    vis = str(a.get("visibility") or "").strip()
    return not vis or color in [t.strip() for t in vis.split("|")]


# -- text ---------------------------------------------------------------------------------------
def plain(text: Any) -> str:
    return _RICH.sub("", str(text or ""))


def text_width(text: str, font_size: float) -> float:
    """Fact ui_glyph_width: the estimated advance of `text` on one line."""
    return sum((WIDE_GLYPH_EM if unicodedata.east_asian_width(ch) in "WF" else GLYPH_EM) * font_size
               for ch in text if ch not in "\r\n")


def wrap(text: str, font_size: float, width: float) -> list[str]:
    """Greedy word wrap into `width` px (a word longer than the line breaks between characters,
    as Unity's Text does); explicit newlines are kept."""
    lines: list[str] = []
    for para in plain(text).split("\n"):
        line = ""
        for word in para.split(" "):
            candidate = word if not line else line + " " + word
            if text_width(candidate, font_size) <= width or not line and text_width(word, font_size) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
                line = ""
            while text_width(word, font_size) > width and len(word) > 1:
                cut = 1
                while cut < len(word) and text_width(word[:cut + 1], font_size) <= width:
                    cut += 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def _text_layout(text: str, attrs: dict[str, str], width: float) -> tuple[list[str], float, float]:
    size = _num(attrs.get("fontSize"), 14.0)
    if attrs.get("horizontalOverflow", "Overflow").lower() == "wrap":
        lines = wrap(text, size, max(width, 1.0))
    else:
        lines = plain(text).split("\n")
    w = max((text_width(line, size) for line in lines), default=0.0)
    return lines, w, len(lines) * LINE_EM * size


def _preferred_text(node: dict, axis: int, cross: float) -> float:
    attrs = _attrs(node)
    if node.get("value") in (None, ""):
        return 0.0
    pad = _nums(attrs.get("padding"), 4) if node.get("tag") == "Button" else [0.0] * 4
    lines, w, h = _text_layout(str(node["value"]), attrs, cross - pad[0] - pad[1])
    return (w + pad[0] + pad[1]) if axis == 0 else (h + pad[2] + pad[3])


# -- layout -------------------------------------------------------------------------------------
def _layout_sizes(node: dict, axis: int, cross: float, color: str) -> tuple[float, float, float]:
    """(min, preferred, flexible) of a layout child along `axis` (0 width, 1 height)."""
    attrs = _attrs(node)
    name = ("Width", "Height")[axis]
    mn = _num(attrs.get("min" + name), 0.0)
    flex = _num(attrs.get("flexible" + name), 0.0)
    if attrs.get("preferred" + name) not in (None, ""):
        pref = _num(attrs.get("preferred" + name))
    elif node.get("tag") == "Text":
        pref = _preferred_text(node, axis, cross)
    elif node.get("tag") in LAYOUT_GROUPS:
        pref = _group_preferred(node, axis, cross, color)
    else:
        pref = 0.0  # "(varies)" in the docs; our glue always sets it
    return mn, max(mn, pref), flex


def _group_preferred(node: dict, axis: int, cross: float, color: str) -> float:
    attrs = _attrs(node)
    pad = _nums(attrs.get("padding"), 4)
    main = 1 if node.get("tag") == "VerticalLayout" else 0
    kids = [c for c in _children(node) if sees(c.get("attributes") or {}, color)
            and not _bool(_attrs(c).get("ignoreLayout"), False)]
    inner_cross = cross - (pad[0] + pad[1] if axis == 1 else pad[2] + pad[3])
    sizes = [_layout_sizes(c, axis, inner_cross, color)[1] for c in kids]
    spacing = _num(attrs.get("spacing"))
    along = sum(sizes) + spacing * max(len(sizes) - 1, 0) if axis == main else max(sizes, default=0.0)
    return along + (pad[2] + pad[3] if axis == 1 else pad[0] + pad[1])


def _intersect(a: Rect | None, b: Rect | None) -> Rect | None:
    if a is None or b is None:
        return None
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    if x1 - x0 <= 0.01 or y1 - y0 <= 0.01:
        return None
    return (x0, y0, x1 - x0, y1 - y0)


def _inside(inner: Rect, outer: Rect, slack: float = 0.5) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[0] + inner[2] <= outer[0] + outer[2] + slack
            and inner[1] + inner[3] <= outer[1] + outer[3] + slack)


class _Layout:
    def __init__(self, color: str, screen: tuple[int, int]) -> None:
        self.color = color
        self.screen: Rect = (0.0, 0.0, float(screen[0]), float(screen[1]))
        self.boxes: list[Box] = []
        self.n = 0

    def place_free(self, node: dict, parent: Rect) -> Rect:
        """A child outside layout groups: rectAlignment, width/height, offsetXY."""
        a = _attrs(node)
        w, h = _size(a.get("width"), parent[2]), _size(a.get("height"), parent[3])
        align = a.get("rectAlignment") or "MiddleCenter"
        m = re.match(r"(Upper|Middle|Lower)(Left|Center|Right)$", align)
        ay, ax = (_ALIGN[m.group(1)], _ALIGN[m.group(2)]) if m else (0.5, 0.5)
        ox, oy = _nums(a.get("offsetXY"), 2) if a.get("offsetXY") else (0.0, 0.0)
        return (parent[0] + ax * (parent[2] - w) + ox, parent[1] + ay * (parent[3] - h) - oy, w, h)

    def element(self, node: dict, rect: Rect, parent: Box | None, visible: bool, clip: Rect,
                in_scroll: str | None) -> None:
        a = _attrs(node)
        tag = str(node.get("tag") or "")
        visible = visible and sees(node.get("attributes") or {}, self.color)
        drawn = _intersect(_intersect(rect, clip), self.screen) if visible else None
        self.n += 1
        box = Box(id=a.get("id") or f"<{tag}#{self.n}>", tag=tag, rect=rect, drawn=drawn, visible=visible,
                  blocks_clicks=bool(visible and drawn and _bool(a.get("raycastTarget"), True)),
                  parent=parent.id if parent else None, order=self.n, in_scroll=in_scroll)
        box.offscreen = visible and in_scroll is None and not _inside(rect, self.screen)
        self.boxes.append(box)
        if tag in TEXT_TAGS and node.get("value") not in (None, ""):
            self.check_text(box, node, a, clip)
        if not visible:
            return  # inactive for this colour: its children neither show nor take part in layout
        kids = _children(node)
        if tag in LAYOUT_GROUPS:
            self.group(node, a, rect, box, clip, in_scroll)
        elif tag in SCROLL_VIEWS:
            self.scroll(node, a, rect, box, clip)
        else:
            inner = rect
            if a.get("padding") and tag == "Panel":
                p = _nums(a.get("padding"), 4)
                inner = (rect[0] + p[0], rect[1] + p[2], rect[2] - p[0] - p[1], rect[3] - p[2] - p[3])
            for child in kids:
                self.element(child, self.place_free(child, inner), box, True, clip, in_scroll)

    def scroll(self, node: dict, a: dict[str, str], rect: Rect, box: Box, clip: Rect) -> None:
        vertical_view = node.get("tag") == "VerticalScrollView"
        vertical = _bool(a.get("vertical"), vertical_view)
        horizontal = _bool(a.get("horizontal"), not vertical_view)
        bar = 0.0 if _bool(a.get("noScrollbars"), False) else SCROLLBAR
        view = (rect[0], rect[1], rect[2] - (bar if vertical_view else 0.0),
                rect[3] - (0.0 if vertical_view else bar))
        kids = [c for c in _children(node) if sees(c.get("attributes") or {}, self.color)]
        # the content takes its children's dimensions (fact ui_scroll_content), top left in the viewport
        cw = max([_size(_attrs(c).get("width"), view[2]) for c in kids] or [view[2]])
        ch = max([_size(_attrs(c).get("height"), view[3]) for c in kids] or [view[3]])
        content = (view[0], view[1], cw if horizontal else view[2], ch if vertical else view[3])
        box.content = content
        box.scrollable = (vertical and content[3] > view[3] + 0.5) or (horizontal and content[2] > view[2] + 0.5)
        inner_clip = _intersect(clip, view) or (view[0], view[1], 0.0, 0.0)
        for child in _children(node):
            self.element(child, self.place_free(child, content), box, True, inner_clip, box.id)

    def group(self, node: dict, a: dict[str, str], rect: Rect, box: Box, clip: Rect,
              in_scroll: str | None) -> None:
        main = 1 if node.get("tag") == "VerticalLayout" else 0
        pad = _nums(a.get("padding"), 4)  # left right top bottom
        spacing = _num(a.get("spacing"))
        force = (_bool(a.get("childForceExpandWidth"), True), _bool(a.get("childForceExpandHeight"), True))
        align = a.get("childAlignment") or "UpperLeft"
        m = re.match(r"(Upper|Middle|Lower)(Left|Center|Right)$", align)
        al = (_ALIGN[m.group(2)], _ALIGN[m.group(1)]) if m else (0.0, 0.0)
        inner = (rect[0] + pad[0], rect[1] + pad[2], rect[2] - pad[0] - pad[1], rect[3] - pad[2] - pad[3])
        kids = []
        for child in _children(node):
            ca = _attrs(child)
            if _bool(ca.get("ignoreLayout"), False):
                self.element(child, self.place_free(child, rect), box, True, clip, in_scroll)
            elif sees(child.get("attributes") or {}, self.color):
                kids.append(child)
            else:
                self.element(child, (inner[0], inner[1], 0.0, 0.0), box, True, clip, in_scroll)
        cross = 1 - main
        # cross axis first (Unity lays out widths before heights)
        cross_size = inner[2 + cross]
        cross_rects = []
        for child in kids:
            mn, pref, flex = _layout_sizes(child, cross, inner[2 + main], self.color)
            if force[cross]:
                flex = max(flex, 1.0)
            size = max(mn, min(cross_size, cross_size if flex > 0 else pref))
            start = inner[cross] + (cross_size - size) * al[cross]
            cross_rects.append((start, size))
        # main axis
        sizes = [_layout_sizes(c, main, cr[1], self.color) for c, cr in zip(kids, cross_rects)]
        if force[main]:
            sizes = [(mn, pref, max(flex, 1.0)) for mn, pref, flex in sizes]
        gaps = spacing * max(len(kids) - 1, 0)
        total_min = sum(s[0] for s in sizes) + gaps
        total_pref = sum(s[1] for s in sizes) + gaps
        total_flex = sum(s[2] for s in sizes)
        avail = inner[2 + main]
        pos = inner[main]
        lerp, per_flex = 0.0, 0.0
        surplus = avail - total_pref
        if surplus > 0:
            if total_flex == 0:
                pos += surplus * al[main]
            else:
                per_flex = surplus / total_flex
        if total_min != total_pref:
            lerp = min(1.0, max(0.0, (avail - total_min) / (total_pref - total_min)))
        for child, (cstart, csize), (mn, pref, flex) in zip(kids, cross_rects, sizes):
            size = mn + (pref - mn) * lerp + flex * per_flex
            r = [0.0, 0.0, 0.0, 0.0]
            r[main], r[2 + main] = pos, size
            r[cross], r[2 + cross] = cstart, csize
            self.element(child, (r[0], r[1], r[2], r[3]), box, True, clip, in_scroll)
            pos += size + spacing

    def check_text(self, box: Box, node: dict, a: dict[str, str], clip: Rect) -> None:
        text = str(node["value"])
        rect = box.rect
        if box.tag == "Button":
            p = _nums(a.get("padding"), 4)
            rect = (rect[0] + p[0], rect[1] + p[2], rect[2] - p[0] - p[1], rect[3] - p[2] - p[3])
        box.text, box.text_box = plain(text), rect
        if _bool(a.get("resizeTextForBestFit"), False):
            return  # sized to fit its box by TTS
        lines, w, h = _text_layout(text, a, rect[2])
        box.text_lines = len(lines)
        size = _num(a.get("fontSize"), 14.0)
        wrap_on = a.get("horizontalOverflow", "Overflow").lower() == "wrap"
        default_align = "UpperLeft" if box.tag == "Button" else "MiddleCenter"
        align = a.get("textAlignment" if box.tag == "Button" else "alignment") or default_align
        m = re.match(r"(Upper|Middle|Lower)(Left|Center|Right)$", align)
        ax = _ALIGN[m.group(2)] if m else 0.5
        if not wrap_on and w > rect[2] + 0.5:
            box.text_issues.append(f"runs {w - rect[2]:.0f} px past its {rect[2]:.0f} px box "
                                   "(horizontalOverflow Overflow: no wrapping)")
            extent = (rect[0] + (rect[2] - w) * ax, rect[1], w, rect[3])
            if box.visible and not _inside(extent, self.screen):
                box.text_issues.append("runs off-screen")
        if h > rect[3] + 0.5:
            if a.get("verticalOverflow", "Truncate").lower() == "truncate":
                shown = int(rect[3] // (LINE_EM * size))
                box.text_issues.append(f"truncated: {shown} of {len(lines)} lines fit its {rect[3]:.0f} px box")
            else:
                box.text_issues.append(f"overflows its {rect[3]:.0f} px box by {h - rect[3]:.0f} px")


def layout(tree: Any, color: str = "White", screen: tuple[int, int] = SCREEN_DEFAULT) -> list[Box]:
    """Every element of the Global UI `tree` (emulator tree or XmlUI string) as `color` sees it
    on `screen`, in draw order."""
    lay = _Layout(color, screen)
    for node in _tree(tree):
        lay.element(node, lay.place_free(node, lay.screen), None, True, lay.screen, None)
    return lay.boxes


def _boxes(tree_or_boxes: Any, color: str, screen: tuple[int, int]) -> list[Box]:
    if isinstance(tree_or_boxes, list) and tree_or_boxes and isinstance(tree_or_boxes[0], Box):
        return tree_or_boxes
    return layout(tree_or_boxes, color, screen)


def box(boxes: Iterable[Box], element_id: str) -> Box | None:
    return next((b for b in boxes if b.id == element_id), None)


def overflowing_texts(tree: Any, color: str = "White", screen: tuple[int, int] = SCREEN_DEFAULT) -> list[Box]:
    """Texts `color` can see (or scroll to) that run out of their boxes, are cut, or run off-screen."""
    return [b for b in _boxes(tree, color, screen) if b.visible and b.text_issues]


def offscreen(tree: Any, color: str = "White", screen: tuple[int, int] = SCREEN_DEFAULT) -> list[Box]:
    """Visible elements that lie partly outside the screen (scroll content excepted)."""
    return [b for b in _boxes(tree, color, screen) if b.visible and b.offscreen]


def click_blocking_area(tree: Any, color: str = "White",
                        screen: tuple[int, int] = SCREEN_DEFAULT) -> list[tuple[str, Rect]]:
    """(id, drawn rect) of every element that blocks `color`'s clicks on the table (module doc)."""
    return [(b.id, b.drawn) for b in _boxes(tree, color, screen) if b.blocks_clicks and b.drawn]


def blocks_point(tree: Any, x: float, y: float, color: str = "White",
                 screen: tuple[int, int] = SCREEN_DEFAULT) -> str | None:
    """The topmost element that catches a click at (x, y), or None if it reaches the table."""
    hits = [i for i, r in click_blocking_area(tree, color, screen)
            if r[0] <= x < r[0] + r[2] and r[1] <= y < r[1] + r[3]]
    return hits[-1] if hits else None


def blocked_fraction(tree: Any, color: str = "White", screen: tuple[int, int] = SCREEN_DEFAULT,
                     step: int = 10) -> float:
    """The share of the screen where clicks do not reach the table (sampled every `step` px)."""
    rects = [r for _, r in click_blocking_area(tree, color, screen)]
    total = hit = 0
    for y in range(step // 2, screen[1], step):
        for x in range(step // 2, screen[0], step):
            total += 1
            hit += any(r[0] <= x < r[0] + r[2] and r[1] <= y < r[1] + r[3] for r in rects)
    return hit / total if total else 0.0


def overlaps(tree_or_boxes: Any, a_id: str, b_id: str, color: str = "White",
             screen: tuple[int, int] = SCREEN_DEFAULT) -> bool:
    """Whether the drawn parts of elements `a_id` and `b_id` overlap on `color`'s screen."""
    boxes = _boxes(tree_or_boxes, color, screen)
    a, b = box(boxes, a_id), box(boxes, b_id)
    if a is None or b is None or a.drawn is None or b.drawn is None:
        return False
    return _intersect(a.drawn, b.drawn) is not None


def problems(tree: Any, color: str = "White", screen: tuple[int, int] = SCREEN_DEFAULT) -> list[str]:
    """Everything the model finds wrong for `color` on `screen`, one line each."""
    boxes = _boxes(tree, color, screen)
    out = [f"{b.id}: text {msg}" for b in boxes if b.visible for msg in b.text_issues]
    out += [f"{b.id}: lies partly off the {screen[0]}x{screen[1]} screen at {tuple(round(v) for v in b.rect)}"
            for b in boxes if b.visible and b.offscreen]
    tops = [b for b in boxes if b.visible and b.parent is None and b.drawn]
    for i, a in enumerate(tops):
        for b in tops[i + 1:]:
            if _intersect(a.drawn, b.drawn):
                out.append(f"{b.id} is drawn over {a.id}")
    return out


def fits(rect: Rect, screen: tuple[int, int]) -> bool:
    return math.isfinite(rect[3]) and _inside(rect, (0.0, 0.0, float(screen[0]), float(screen[1])))
