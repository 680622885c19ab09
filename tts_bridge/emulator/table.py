"""The emulated table: objects with TTS's observable fields, hand and scripting zones, and the
Global XmlUI tree with per-colour visibility."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

SPAWN_FRAMES = 2  # spawning completes (and the GUID becomes final) this many frames later

# Fact object_type_is_category: `obj.type` by save Name (API object.md; events.md's example
# `target.type ~= "Card"`; SCED review `obj.type == "Hand"`). Names not listed are "Generic".
CATEGORIES = {"Card": "Card", "CardCustom": "Card", "Deck": "Deck", "DeckCustom": "Deck",
              "HandTrigger": "Hand", "ScriptingTrigger": "Scripting", "FogOfWarTrigger": "Fog",
              "Custom_Tile": "Tile", "Custom_Token": "Token", "Custom_Board": "Board",
              "Infinite_Bag": "Infinite", "Bag": "Bag", "Custom_Model_Bag": "Bag", "Counter": "Counter",
              "Die_4": "Dice", "Die_6": "Dice", "Die_8": "Dice", "Die_10": "Dice", "Die_12": "Dice",
              "Die_20": "Dice", "Custom_Dice": "Dice", "Notecard": "Notecard", "Calculator": "Calculator"}
# A Custom_Board's world size at scale 1 is undocumented (KB custom-board.md: "based off the
# dimensions of the image"); the glue calibrates from getBounds(), so any value must work.
BOARD_UNITS_AT_SCALE_1 = 20.0
# Fact custom_content_loads_later: an object's custom image or model loads after the save
# (loading_custom is true meanwhile) and its bounds are a placeholder's until then.
CUSTOM_LOAD_FRAMES = 3


def vec3(value: Any, default: tuple[float, float, float] = (0.0, 0.0, 0.0)) -> list[float]:
    """A TTS vector given as {x,y,z}, {1,2,3} or a list -> [x, y, z]."""
    if value is None:
        return list(default)
    if isinstance(value, (list, tuple)):
        vals = list(value) + list(default[len(value):])
        return [float(v) for v in vals[:3]]
    if isinstance(value, dict):
        return [float(value.get(k, value.get(str(i + 1), value.get(i + 1, default[i])))) for i, k in enumerate("xyz")]
    raise ValueError(f"not a vector: {value!r}")


@dataclass
class TableObject:
    uid: int
    guid: str
    kind: str                       # TTS `Name`: Card, Deck, HandTrigger, ScriptingTrigger, ...
    nickname: str = ""
    description: str = ""
    gm_notes: str = ""
    pos: list[float] = field(default_factory=lambda: [0.0, 1.0, 0.0])
    rot: list[float] = field(default_factory=lambda: [0.0, 180.0, 0.0])
    scale: list[float] = field(default_factory=lambda: [1.0, 1.0, 1.0])
    script: str = ""
    ui: str = ""
    data: dict = field(default_factory=dict)
    hand_color: str | None = None   # HandTrigger owner
    hide_face_down: bool = True
    held_by: str | None = None
    pick_up_pos: list[float] | None = None
    pick_up_rot: list[float] | None = None
    spawning: bool = False
    spawn_frames: int = 0
    spawn_callback: Any = None
    smooth_until: int = 0
    destroyed: bool = False
    interactable: bool = True
    locked: bool = False
    loading_frames: int = 0         # custom content still loading (loading_custom) for this many frames

    @property
    def is_face_down(self) -> bool:
        z = self.rot[2] % 360
        return 90 < z < 270

    @property
    def category(self) -> str:
        return CATEGORIES.get(self.kind, "Generic")

    @property
    def tags(self) -> list[str]:
        return [str(t) for t in self.data.get("Tags") or []]

    def accepts(self, other: "TableObject") -> bool:
        """KB object-tags.md: a tagged feature interacts only with objects sharing a tag."""
        mine = set(self.tags)
        return not mine or bool(mine & set(other.tags))

    def bounds_size(self) -> list[float]:
        """getBounds().size: a board's from its image aspect (GMNotes "w:h" if we wrote it), a
        card's from its scale (2.2 x 3.0 at scale 1, the standard TTS card), else the scale."""
        if self.loading_frames > 0:
            return list(self.scale)  # a placeholder until the custom content has loaded
        if self.kind == "Custom_Board":
            aspect = _aspect(self.gm_notes)
            long_side = BOARD_UNITS_AT_SCALE_1 * self.scale[0]
            return [long_side, 0.2, long_side / aspect] if aspect >= 1 else [long_side * aspect, 0.2, long_side]
        if self.kind in ("Card", "CardCustom", "Deck", "DeckCustom"):
            return [2.2 * self.scale[0], 0.02, 3.0 * self.scale[2]]
        return list(self.scale)

    @property
    def is_zone(self) -> bool:
        return self.kind in ("HandTrigger", "ScriptingTrigger")

    def contains(self, pos: list[float]) -> bool:
        """Whether a point is inside this zone's box (axis-aligned; rotation ignored)."""
        return all(abs(pos[i] - self.pos[i]) <= self.scale[i] / 2 for i in (0, 2))

    def snapshot(self) -> dict:
        return {k: copy.deepcopy(v) for k, v in self.__dict__.items() if k not in ("spawn_callback",)}

    @classmethod
    def from_save(cls, uid: int, data: dict) -> "TableObject":
        t = data.get("Transform", {})
        color = None
        if data.get("Name") == "HandTrigger":
            fc = data.get("FogColor")
            color = fc if isinstance(fc, str) else None
        return cls(uid=uid, guid=str(data.get("GUID") or ""), kind=str(data.get("Name", "Custom")),
                   nickname=str(data.get("Nickname", "")), description=str(data.get("Description", "")),
                   gm_notes=str(data.get("GMNotes", "")),
                   pos=[float(t.get("posX", 0)), float(t.get("posY", 1)), float(t.get("posZ", 0))],
                   rot=[float(t.get("rotX", 0)), float(t.get("rotY", 180)), float(t.get("rotZ", 0))],
                   scale=[float(t.get("scaleX", 1)), float(t.get("scaleY", 1)), float(t.get("scaleZ", 1))],
                   script=str(data.get("LuaScript", "")), ui=str(data.get("XmlUI", "")), data=copy.deepcopy(data),
                   hand_color=color, hide_face_down=bool(data.get("HideWhenFaceDown", True)),
                   locked=bool(data.get("Locked", False)),
                   loading_frames=CUSTOM_LOAD_FRAMES if "CustomImage" in data or "CustomMesh" in data else 0)

    def to_data(self) -> dict:
        out = copy.deepcopy(self.data)
        out.update({"GUID": self.guid, "Name": self.kind, "Nickname": self.nickname, "Description": self.description,
                    "GMNotes": self.gm_notes, "LuaScript": self.script, "XmlUI": self.ui,
                    "Transform": {"posX": self.pos[0], "posY": self.pos[1], "posZ": self.pos[2],
                                  "rotX": self.rot[0], "rotY": self.rot[1], "rotZ": self.rot[2],
                                  "scaleX": self.scale[0], "scaleY": self.scale[1], "scaleZ": self.scale[2]}})
        return out


def _aspect(notes: str) -> float:
    """Width/height from board notes such as 'board 3000x2000 ...' (1 when absent)."""
    import re
    m = re.search(r"(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)", notes or "")
    return float(m.group(1)) / float(m.group(2)) if m and float(m.group(2)) else 1.0


def new_guid(rng: random.Random, taken: set[str]) -> str:
    while True:
        guid = "%06x" % rng.randrange(1 << 24)
        if guid not in taken:
            return guid


def ui_visible(attributes: dict, color: str) -> bool:
    vis = attributes.get("visibility")
    if attributes.get("active") in ("false", False):
        return False
    if not vis:
        return True
    return color in str(vis).split("|")


def ui_texts(nodes: Any, color: str) -> list[str]:
    """Every text of the XmlUI tree that `color` can see (hidden subtrees are skipped)."""
    out: list[str] = []
    for node in nodes if isinstance(nodes, list) else []:
        if not isinstance(node, dict):
            continue
        attrs = node.get("attributes") if isinstance(node.get("attributes"), dict) else {}
        if not ui_visible(attrs, color):
            continue
        if node.get("value") not in (None, ""):
            out.append(str(node["value"]))
        out += ui_texts(node.get("children"), color)
    return out


def ui_find(nodes: Any, element_id: str) -> tuple[dict | None, list[dict]]:
    """The node with `id` and the chain of its ancestors (for visibility checks)."""
    for node in nodes if isinstance(nodes, list) else []:
        if not isinstance(node, dict):
            continue
        attrs = node.get("attributes") if isinstance(node.get("attributes"), dict) else {}
        if attrs.get("id") == element_id:
            return node, []
        found, chain = ui_find(node.get("children"), element_id)
        if found is not None:
            return found, [node] + chain
    return None, []
