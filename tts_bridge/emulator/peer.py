"""`TTSEmulator`: a headless Tabletop Simulator peer for tests, the demo and benchmarks.

It loads a table save (objects, Global script and XmlUI), runs the Global script in a real
Lua 5.2 VM against the subset of the TTS API our glue uses, speaks the External Editor API on
the wire exactly as TTS does (see `wire`), and can be driven like a player: `pick_up`, `drop`,
`flip`, `click` as a given colour. Frames advance on a background thread; every entry point
takes one lock, so Lua never runs on two threads at once.
"""

from __future__ import annotations

import json
import random
import threading
from typing import Any

from lupa import lua52

from tts_bridge.emulator import facts
from tts_bridge.emulator.luaenv import PLAYER_ACTIONS, LuaVM
from tts_bridge.emulator.table import (SPAWN_FRAMES, TableObject, new_guid, ui_find, ui_texts, ui_visible,
                                       vec3)
from tts_bridge.emulator.wire import Outbox, TTSListener

GLOBAL_PREFIX = "Error in Global Script: "

# What UI.getAttribute answers for an attribute the element does not set (API ui/attributes.md):
# facts ui_size_defaults_to_parent (width/height 100%), ui_raycast_default (raycastTarget true)
# and ui_text_no_wrap (Text horizontalOverflow Overflow). Values are strings, as in XmlUI.
UI_DEFAULTS: dict[str, dict[str, str]] = {
    "*": {"width": "100%", "height": "100%", "raycastTarget": "true"},
    "Text": {"horizontalOverflow": "Overflow"},
}


class _Api:
    """The Python half of the TTS Lua API (called from the prelude in `luaenv`)."""

    def __init__(self, emu: "TTSEmulator") -> None:
        self.emu = emu
        self.vm: LuaVM | None = None  # set by LuaVM before its prelude runs

    def action_enum(self) -> Any:
        """Player.Action as the chosen variant of fact player_action_type has it."""
        values: dict[str, Any] = {name: i for i, name in enumerate(PLAYER_ACTIONS)}
        variant = self.emu.variants["player_action_type"]
        if variant == "table":
            return self.vm.to_lua(values)
        if variant == "userdata_enum":  # each value an opaque enum member, equal only to itself
            values = {name: _EnumValue(name) for name in values}
        self.emu.action_values = values
        return _Enum(values)

    def hand_zones(self) -> Any:
        return self.vm.to_lua([self.vm.obj(o.uid) for o in self.emu.live_objects() if o.kind == "HandTrigger"])

    def print(self, text: str) -> None:
        self.emu.printed.append(str(text))
        self.emu._emit({"messageID": 2, "message": str(text)})

    def broadcast(self, text: Any, color: Any, tint: Any = None) -> bool:
        text = str(text)
        if color is None:
            for c in self.emu.colors:
                self.emu.messages.setdefault(c, []).append(text)
            self.emu.messages.setdefault("*", []).append(text)
        else:
            self.emu.messages.setdefault(str(color), []).append(text)
        return True

    def external(self, table: Any) -> bool:
        if lua52.lua_type(table) != "table":
            return False
        payload = LuaVM.from_lua(table, self.emu.jitter)
        self.emu.external.append(LuaVM.from_lua(table))
        self.emu._emit({"messageID": 4, "customMessage": payload})
        return True

    def find(self, guid: Any) -> Any:
        obj = self.emu.by_guid(str(guid))
        return self.vm.obj(obj.uid) if obj else None

    def all_objects(self) -> Any:
        """Fact get_all_objects_skips_hands: every object but hand zones."""
        return self.vm.to_lua([self.vm.obj(o.uid) for o in self.emu.live_objects() if o.kind != "HandTrigger"])

    def spawn(self, params: Any) -> Any:
        p = LuaVM.from_lua(params) if lua52.lua_type(params) == "table" else {}
        data = p.get("data") if isinstance(p.get("data"), dict) else {}
        obj = self.emu.add_object(data, provisional=True)
        if p.get("position") is not None:
            obj.pos = vec3(p["position"])
        if p.get("rotation") is not None:
            obj.rot = vec3(p["rotation"])
        obj.spawn_callback = params["callback_function"]
        return self.vm.obj(obj.uid)

    def json_encode(self, value: Any) -> str:
        """JSON.encode; number keys that are not a sequence follow fact json_number_keys."""
        return json.dumps(_json_value(value, self.emu.variants["json_number_keys"], self.emu.jitter),
                          separators=(",", ":"), ensure_ascii=False)

    def json_decode(self, text: Any) -> Any:
        try:
            return self.vm.to_lua(json.loads(str(text)))
        except json.JSONDecodeError:
            return None

    def ui_set_table(self, table: Any) -> None:
        tree = LuaVM.from_lua(table)
        self.emu.ui_tree = tree if isinstance(tree, list) else []

    def ui_get_table(self) -> Any:
        return self.vm.to_lua(self.emu.ui_tree)

    def ui_set_attribute(self, element_id: Any, key: Any, value: Any) -> bool:
        node, _ = ui_find(self.emu.ui_tree, str(element_id))
        if node is None:
            return False
        if key == "__value":
            node["value"] = str(value)
        else:
            node.setdefault("attributes", {})[str(key)] = value
        return True

    def ui_get_attribute(self, element_id: Any, key: Any) -> Any:
        """An attribute the element sets, else its documented default (UI_DEFAULTS)."""
        node, _ = ui_find(self.emu.ui_tree, str(element_id))
        if node is None:
            return None
        attrs = node.get("attributes") if isinstance(node.get("attributes"), dict) else {}
        if str(key) in attrs:
            return attrs[str(key)]
        defaults = {**UI_DEFAULTS["*"], **UI_DEFAULTS.get(str(node.get("tag")), {})}
        return defaults.get(str(key))

    def wait_frames(self, fn: Any, n: Any) -> int:
        self.emu.waits.append((self.emu.frame + max(1, int(n or 1)), fn, None))
        return len(self.emu.waits)

    def wait_condition(self, fn: Any, cond: Any) -> int:
        self.emu.waits.append((self.emu.frame + 1, fn, cond))
        return len(self.emu.waits)

    # -- objects ------------------------------------------------------------------------------
    _PROPS = {"guid", "name", "type", "pick_up_position", "pick_up_rotation", "held_by_color", "is_face_down",
              "spawning", "resting", "interactable", "locked", "tag", "loading_custom"}
    _METHODS = {"getGUID", "getName", "setName", "getDescription", "setDescription", "getGMNotes", "setGMNotes",
                "getPosition", "setPosition", "setPositionSmooth", "getRotation", "setRotation", "setRotationSmooth",
                "isSmoothMoving", "destruct", "getData", "getJSON", "flip", "getVar", "setLock", "getLock",
                "getScale", "setScale", "getBounds", "isDestroyed", "getTags", "hasTag", "getObjects"}

    def counter_get(self, uid: int) -> int:
        obj = self.emu.objects.get(uid)
        return int((obj.data.get("Counter") or {}).get("value", 0)) if obj else 0

    def counter_set(self, uid: int, value: Any) -> bool:
        obj = self.emu.objects.get(uid)
        if obj is None or obj.kind != "Counter":
            return False
        obj.data.setdefault("Counter", {})["value"] = int(value)
        return True

    def obj_get(self, uid: int, key: str) -> tuple[bool, Any]:
        if key in self._METHODS:
            return True, None
        obj = self.emu.objects.get(uid)
        if key == "Counter" and obj is not None and obj.kind == "Counter":
            return False, self.vm.globals["__tts_counter"](uid)
        if key not in self._PROPS:  # fact unknown_member_raises
            raise AttributeError(f"Object has no member {key!r}")
        if obj is None:
            return False, None
        vm = self.vm
        value: Any = {
            "guid": obj.guid, "name": obj.kind, "type": obj.category, "tag": obj.category,
            "pick_up_position": _vec(obj.pick_up_pos or obj.pos), "pick_up_rotation": _vec(obj.pick_up_rot or obj.rot),
            "held_by_color": obj.held_by, "is_face_down": obj.is_face_down, "spawning": obj.spawning,
            "resting": obj.held_by is None and obj.smooth_until <= self.emu.frame,
            "interactable": obj.interactable, "locked": obj.locked, "loading_custom": obj.loading_frames > 0,
        }[key]
        return False, vm.to_lua(value)

    def obj_set(self, uid: int, key: str, value: Any) -> None:
        obj = self.emu.objects.get(uid)
        if obj is not None and key in ("interactable", "locked"):
            setattr(obj, key, bool(value))

    def obj_call(self, uid: int, method: str, *args: Any) -> Any:
        obj = self.emu.objects.get(uid)
        if args and lua52.lua_type(args[0]) == "table" and args[0]["__uid"] == uid:
            args = args[1:]  # obj:method(...) colon call
        if obj is None or obj.destroyed:
            if method == "isDestroyed":
                return True
            raise lua52.LuaError("attempt to use a destroyed object")
        vm, emu = self.vm, self.emu
        plain = [LuaVM.from_lua(a) for a in args]
        if method == "getGUID":
            return obj.guid
        if method == "getName":
            return obj.nickname
        if method == "setName":
            obj.nickname = str(plain[0]) if plain else ""
            return True
        if method == "getDescription":
            return obj.description
        if method == "setDescription":
            obj.description = str(plain[0]) if plain else ""
            return True
        if method == "getGMNotes":
            return obj.gm_notes
        if method == "setGMNotes":
            obj.gm_notes = str(plain[0]) if plain else ""
            return True
        if method == "getTags":
            return vm.to_lua(obj.tags)
        if method == "hasTag":
            return bool(plain) and plain[0] in obj.tags
        if method == "getObjects":  # a zone's contents (fact zone_tags_filter); a container's: none modelled
            return vm.to_lua([vm.obj(o.uid) for o in emu.zone_contents(obj)] if obj.is_zone else [])
        if method == "getBounds":
            return vm.to_lua({"center": _vec(obj.pos), "size": _vec(obj.bounds_size()), "offset": _vec([0, 0, 0])})
        if method == "setScale":
            obj.scale = vec3(plain[0]) if plain else obj.scale
            return True
        if method in ("getPosition", "getRotation", "getScale"):
            return vm.to_lua(_vec({"getPosition": obj.pos, "getRotation": obj.rot, "getScale": obj.scale}[method]))
        if method in ("setPosition", "setPositionSmooth"):
            emu.move_object(obj, vec3(plain[0]), smooth=method.endswith("Smooth"))
            return True
        if method in ("setRotation", "setRotationSmooth"):
            emu.rotate_object(obj, vec3(plain[0]), smooth=method.endswith("Smooth"))
            return True
        if method == "isSmoothMoving":
            return obj.smooth_until > emu.frame
        if method == "destruct":
            emu.destroy(obj)
            return True
        if method == "getData":  # fact customdeck_keys_are_numbers
            return vm.to_lua(_numeric_deck_keys(obj.to_data()))
        if method == "getJSON":
            return json.dumps(obj.to_data())
        if method == "flip":
            emu.rotate_object(obj, [obj.rot[0], obj.rot[1], (obj.rot[2] + 180) % 360], smooth=True)
            return True
        if method in ("setLock", "getLock"):
            if method == "setLock":
                obj.locked = bool(plain[0])
            return obj.locked
        if method == "isDestroyed":
            return False
        return None


def _vec(v: list[float]) -> dict:
    return {"x": v[0], "y": v[1], "z": v[2]}


class _EnumValue:
    """One member of a userdata enum (a .NET enum value as MoonSharp would pass it)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


class _Enum:
    """A userdata enum for Lua: members readable by name, not a table (pairs() raises)."""

    def __init__(self, values: dict[str, int]) -> None:
        self.__dict__.update(values)


def _numeric_deck_keys(data: Any) -> Any:
    """getData() as TTS returns it: every CustomDeck (nested decks too) keyed by numbers."""
    if isinstance(data, list):
        return [_numeric_deck_keys(d) for d in data]
    if not isinstance(data, dict):
        return data
    out = {k: _numeric_deck_keys(v) for k, v in data.items()}
    deck = out.get("CustomDeck")
    if isinstance(deck, dict):
        out["CustomDeck"] = {int(k) if str(k).isdigit() else k: v for k, v in deck.items()}
    return out


def _json_value(value: Any, number_keys: str, jitter: Any, depth: int = 0) -> Any:
    """A Lua value as JSON data. A table with keys 1..n is an array; other string keys make an
    object; number keys outside a sequence follow the variant of fact json_number_keys."""
    if depth > 64:
        raise ValueError("table nesting too deep (a cycle?)")
    if lua52.lua_type(value) != "table":
        return LuaVM.from_lua(value, jitter)
    if value["__uid"] is not None:
        return {"__object__": value["__uid"]}
    items = list(value.items())
    if not items:
        return LuaVM.from_lua(value, jitter)
    keys = [k for k, _ in items]
    numeric = [k for k in keys if isinstance(k, (int, float)) and not isinstance(k, bool)]
    inner = {k: _json_value(v, number_keys, jitter, depth + 1) for k, v in items}
    if len(numeric) == len(keys) and sorted(numeric) == list(range(1, len(keys) + 1)):
        return [inner[k] for k in sorted(numeric)]
    if numeric and len(numeric) == len(keys) and number_keys == "pad" and all(float(k).is_integer() and k >= 1 for k in numeric):
        top = int(max(numeric))
        return [inner.get(i) for i in range(1, top + 1)]
    if number_keys in ("drop", "drop_as_array"):
        kept = {str(k): v for k, v in inner.items() if isinstance(k, str)}
        if not kept and number_keys == "drop_as_array":
            return []
        return kept
    return {(str(int(k)) if isinstance(k, float) and k.is_integer() else str(k)): v for k, v in inner.items()}


class TTSEmulator:
    """A TTS peer. `tts_port` is where it listens (TTS's 39999), `editor_port` where it pushes
    (the bridge's 39998). Call `load(save)` to load a game (the port opens), `close()` at the end."""

    colors = ("White", "Brown", "Red", "Orange", "Yellow", "Green", "Teal", "Blue", "Purple", "Pink", "Grey", "Black")

    def __init__(self, editor_port: int, tts_port: int = 0, seed: int = 0, save_path: str = "",
                 variants: dict[str, str] | None = None) -> None:
        self.variants = {**facts.default_variants(), **(variants or {})}
        for fact_id, name in self.variants.items():
            if name not in facts.BY_ID[fact_id].variants:
                raise ValueError(f"fact {fact_id} has no variant {name!r}: {sorted(facts.BY_ID[fact_id].variants)}")
        self.action_values: dict[str, Any] = {}  # what onPlayerAction receives, per action name
        self.editor_port = editor_port
        self.tts_port = tts_port
        self.save_path = save_path or "/emulator/Saves/TS_Save_1.json"
        self.rng = random.Random(seed)
        self.jitter: random.Random | None = random.Random(seed + 1)  # item 13; None = exact numbers
        self.lock = threading.RLock()
        self.outbox = Outbox(editor_port, seed)
        self.listener: TTSListener | None = None
        self.objects: dict[int, TableObject] = {}
        self.global_script = ""
        self.global_ui = ""
        self.ui_tree: list = []
        self.vm: LuaVM | None = None
        self.frame = 0
        self.waits: list[tuple[int, Any, Any]] = []
        self.messages: dict[str, list[str]] = {}
        self.printed: list[str] = []
        self.errors: list[dict] = []
        self.external: list[dict] = []
        self.custom_count = 0  # message-2 payloads handed to Lua (benchmarks wait on this)
        self.delivered = threading.Condition()
        self._uid = 0
        self._saved: dict | None = None
        self._checkpoint: tuple[dict, list] | None = None  # see checkpoint() / rewind()
        self._inbox: list[dict] = []
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._capture: list[dict] | None = None
        self._loop = threading.Thread(target=self._run, name="tts-frames", daemon=True)
        self._loop.start()

    # -- wire modes (checklist 6, 7) --------------------------------------------------------
    def set_mode(self, *, chunked: bool | None = None, reorder: bool | None = None,
                 duplicate: bool | None = None, stuck: bool | None = None) -> None:
        if chunked is not None:
            self.outbox.chunked = chunked
        if reorder is not None:
            self.outbox.reorder = reorder
        if duplicate is not None:
            self.outbox.duplicate = duplicate
        if stuck is not None and self.listener is not None:
            self.listener.set_stuck(stuck)

    # -- loading ------------------------------------------------------------------------------
    def load(self, save: dict) -> None:
        """Load a save (full table or saved object): objects, Global script, Global UI."""
        with self.lock:
            self._saved = json.loads(json.dumps(save))
            self._load_from(self._saved, run_scripts=True)
        if self.listener is None:
            self.listener = TTSListener(self.tts_port, self._receive).start()
            self.tts_port = self.listener.port
        self._emit(self._dump())  # TTS pushes a dump after a load

    def _load_from(self, save: dict, run_scripts: bool) -> None:
        self.objects.clear()
        self.waits.clear()
        self.global_script = str(save.get("LuaScript") or "")
        self.global_ui = str(save.get("XmlUI") or "")
        self.ui_tree = []
        for data in save.get("ObjectStates") or []:
            self.add_object(data, provisional=False)
        self.vm = LuaVM(_Api(self))
        if run_scripts and self.global_script:
            self._guarded(lambda: self.vm.run(self.global_script, "chunk_0"), "-1", GLOBAL_PREFIX)
            self._guarded(lambda: self.vm.call("onLoad", str(save.get("LuaScriptState") or "")), "-1", GLOBAL_PREFIX)

    def save(self) -> None:
        """A manual save: onSave, snapshot, message 6 (checklist 12)."""
        with self.lock:
            state = ""
            defined, value = self._guarded(lambda: self.vm.call("onSave"), "-1", GLOBAL_PREFIX) or (False, None)
            if defined and isinstance(value, str):
                state = value
            self._saved = self.to_save()
            self._saved["LuaScriptState"] = state
        self._emit({"messageID": 6, "savePath": self.save_path})

    def checkpoint(self) -> None:
        """What TTS does every few seconds for rewind (API events.md onSave): onSave is called
        and the table, Global script, UI and that script state are kept for `rewind`."""
        with self.lock:
            defined, value = self._guarded(lambda: self.vm.call("onSave"), "-1", GLOBAL_PREFIX) or (False, None)
            save = self.to_save()
            save["LuaScriptState"] = value if defined and isinstance(value, str) else ""
            self._checkpoint = (save, json.loads(json.dumps(self.ui_tree)))

    def rewind(self) -> None:
        """The player rewinds to the last checkpoint (fact onload_reruns_on_rewind): the objects
        come back, the Global script runs again in a fresh Lua state and onLoad gets the saved
        state. No script dump is sent (whether TTS sends one is undocumented)."""
        with self.lock:
            if self._checkpoint is None:
                raise RuntimeError("no checkpoint to rewind to (call checkpoint() first)")
            save, ui_tree = json.loads(json.dumps(self._checkpoint))
            self._load_from(save, run_scripts=False)  # a fresh LuaVM, the checkpoint's objects
            self.ui_tree = ui_tree
            if self.global_script:
                self._guarded(lambda: self.vm.run(self.global_script, "chunk_0"), "-1", GLOBAL_PREFIX)
                self._guarded(lambda: self.vm.call("onLoad", save["LuaScriptState"]), "-1", GLOBAL_PREFIX)

    def to_save(self) -> dict:
        return {"SaveName": "emulated", "LuaScript": self.global_script, "LuaScriptState": "",
                "XmlUI": self.global_ui, "ObjectStates": [o.to_data() for o in self.live_objects()]}

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        if self.listener is not None:
            self.listener.close()

    def unload(self) -> None:
        """No game loaded: the port closes (connections are refused, checklist 1)."""
        if self.listener is not None:
            self.listener.close()
            self.listener = None

    # -- objects ------------------------------------------------------------------------------
    def live_objects(self) -> list[TableObject]:
        return [o for o in self.objects.values() if not o.destroyed]

    def by_guid(self, guid: str) -> TableObject | None:
        for o in self.objects.values():
            if o.guid == guid and not o.destroyed:
                return o
        return None

    def by_name(self, nickname: str) -> list[TableObject]:
        return [o for o in self.live_objects() if o.nickname == nickname]

    def add_object(self, data: dict, provisional: bool) -> TableObject:
        self._uid += 1
        obj = TableObject.from_save(self._uid, data)
        taken = {o.guid for o in self.live_objects()}
        if provisional:
            obj.spawning, obj.spawn_frames = True, SPAWN_FRAMES
            if not obj.guid:
                obj.guid = new_guid(self.rng, taken)
        elif not obj.guid or obj.guid in taken:
            obj.guid = new_guid(self.rng, taken)
        self.objects[obj.uid] = obj
        return obj

    def destroy(self, obj: TableObject) -> None:
        if obj.destroyed:
            return
        self._guarded(lambda: self.vm.call("onObjectDestroy", self.vm.obj(obj.uid)), "-1", GLOBAL_PREFIX)
        obj.destroyed = True

    def zones_at(self, pos: list[float], obj: TableObject | None = None) -> list[TableObject]:
        """Scripting zones around `pos` that see `obj` (fact zone_tags_filter)."""
        return [z for z in self.live_objects() if z.kind == "ScriptingTrigger" and z.contains(pos)
                and (obj is None or z.accepts(obj))]

    def zone_contents(self, zone: TableObject) -> list[TableObject]:
        return [o for o in self.live_objects() if not o.is_zone and not o.spawning and zone.contains(o.pos)
                and zone.accepts(o)]

    def hand_of(self, obj: TableObject) -> str | None:
        """The colour whose hand zone holds `obj`, if any."""
        for z in self.live_objects():
            if z.kind == "HandTrigger" and z.hand_color and z.contains(obj.pos):
                return z.hand_color
        return None

    def move_object(self, obj: TableObject, pos: list[float], smooth: bool) -> None:
        before = {z.uid for z in self.zones_at(obj.pos, obj)}
        obj.pos = pos
        if smooth:
            obj.smooth_until = self.frame + 1
        after = {z.uid for z in self.zones_at(obj.pos, obj)}
        for uid in before - after:
            self._guarded(lambda: self.vm.call("onObjectLeaveZone", self.vm.obj(uid), self.vm.obj(obj.uid)), "-1", GLOBAL_PREFIX)
        for uid in after - before:
            self._guarded(lambda: self.vm.call("onObjectEnterZone", self.vm.obj(uid), self.vm.obj(obj.uid)), "-1", GLOBAL_PREFIX)

    def rotate_object(self, obj: TableObject, rot: list[float], smooth: bool) -> None:
        obj.rot = [r % 360 for r in rot]
        if smooth:
            obj.smooth_until = self.frame + 1

    # -- what a colour sees (hidden-information checks) ----------------------------------------
    def visible_texts(self, color: str) -> list[str]:
        """Everything `color` can read: its messages, broadcasts, visible UI, and the names and
        descriptions of objects it can see (not in another colour's hand, not hidden face down)."""
        with self.lock:
            out = list(self.messages.get(color, []))
            out += ui_texts(self.ui_tree, color)
            for o in self.live_objects():
                if o.is_zone:
                    continue
                hand = self.hand_of(o)
                if hand is not None and hand != color:
                    continue
                if o.is_face_down and o.hide_face_down and hand != color:
                    continue
                out += [t for t in (o.nickname, o.description) if t]
            return out

    def ui_buttons(self, color: str) -> list[tuple[str, str]]:
        """(id, label) of every button `color` can see and click."""
        out: list[tuple[str, str]] = []

        def walk(nodes: Any) -> None:
            for node in nodes if isinstance(nodes, list) else []:
                attrs = node.get("attributes") if isinstance(node.get("attributes"), dict) else {}
                if not ui_visible(attrs, color):
                    continue
                if node.get("tag") == "Button" and attrs.get("id"):
                    out.append((str(attrs["id"]), str(node.get("value", ""))))
                walk(node.get("children"))
        with self.lock:
            walk(self.ui_tree)
        return out

    # -- player actions (checklist 15, 16) ------------------------------------------------------
    def _player(self, color: str) -> Any:
        return self.vm.globals.Player[color]

    def _veto(self, color: str, action: str, obj: TableObject) -> bool:
        """onPlayerAction: False blocks the action."""
        value = self.action_values[action] if self.action_values else PLAYER_ACTIONS.index(action)
        result = self._guarded(lambda: self.vm.call("onPlayerAction", self._player(color), value,
                                                     self.vm.to_lua([self.vm.obj(obj.uid)])), "-1", GLOBAL_PREFIX)
        return bool(result) and result[0] and result[1] is False

    def pick_up(self, color: str, guid: str) -> bool:
        """Pick up an object as `color`; False if blocked (onPlayerAction returned false)."""
        with self.lock:
            obj = self._require(guid)
            if not obj.interactable or obj.held_by is not None or self._veto(color, "PickUp", obj):
                return False
            obj.held_by = color
            obj.pick_up_pos, obj.pick_up_rot = list(obj.pos), list(obj.rot)
            self._guarded(lambda: self.vm.call("onObjectPickUp", color, self.vm.obj(obj.uid)), "-1", GLOBAL_PREFIX)
            return True

    def drop(self, color: str, guid: str, pos: list[float] | dict) -> None:
        """Drop a held object at `pos`. Drops cannot be vetoed; onObjectDrop reports them."""
        with self.lock:
            obj = self._require(guid)
            if obj.held_by != color:
                raise ValueError(f"{color} does not hold {guid}")
            obj.held_by = None
            self.move_object(obj, vec3(pos), smooth=False)
            self._guarded(lambda: self.vm.call("onObjectDrop", color, self.vm.obj(obj.uid)), "-1", GLOBAL_PREFIX)
            container = self._container_at(obj)
            if container is not None:
                self._enter_container(container, obj)

    CONTAINERS = ("Deck", "DeckCustom", "Bag", "Infinite_Bag", "Custom_Model_Bag")

    def _container_at(self, obj: TableObject) -> TableObject | None:
        """A card dropped onto a deck or bag (within 1 unit) tries to go into it."""
        if obj.kind not in ("Card", "CardCustom", "Deck", "DeckCustom"):
            return None
        for other in self.live_objects():
            if other.uid != obj.uid and other.kind in self.CONTAINERS and \
                    abs(other.pos[0] - obj.pos[0]) < 1.0 and abs(other.pos[2] - obj.pos[2]) < 1.0:
                return other
        return None

    def _enter_container(self, container: TableObject, obj: TableObject) -> bool:
        """tryObjectEnterContainer may veto; otherwise the object leaves the scene into the
        container (it stops existing as an object) and onObjectEnterContainer fires."""
        res = self._guarded(lambda: self.vm.call("tryObjectEnterContainer", self.vm.obj(container.uid),
                                                 self.vm.obj(obj.uid)), "-1", GLOBAL_PREFIX)
        if res and res[0] and res[1] is False:
            return False
        container.data.setdefault("ContainedObjects", []).append(obj.to_data())
        self._guarded(lambda: self.vm.call("onObjectEnterContainer", self.vm.obj(container.uid), self.vm.obj(obj.uid)),
                      "-1", GLOBAL_PREFIX)
        obj.destroyed = True
        return True

    def take_from(self, color: str, container_guid: str, pos: list[float]) -> TableObject | None:
        """Take the top object out of a container as `color` (onObjectLeaveContainer)."""
        with self.lock:
            container = self._require(container_guid)
            inside = container.data.get("ContainedObjects") or []
            if not inside:
                return None
            obj = self.add_object(inside.pop(), provisional=False)
            obj.pos = vec3(pos)
            self._guarded(lambda: self.vm.call("onObjectLeaveContainer", self.vm.obj(container.uid), self.vm.obj(obj.uid)),
                          "-1", GLOBAL_PREFIX)
            return obj

    def move_as(self, color: str, guid: str, pos: list[float] | dict) -> bool:
        """Pick up and drop in one go; False if the pick-up was blocked."""
        with self.lock:
            if not self.pick_up(color, guid):
                return False
            self.drop(color, guid, pos)
            return True

    def flip(self, color: str, guid: str) -> bool:
        """Flip as `color`: FlipOver action, then tryObjectRotate, then onObjectRotate (no onObjectFlip)."""
        with self.lock:
            obj = self._require(guid)
            if self._veto(color, "FlipOver", obj):
                return False
            return self._player_rotate(color, obj, obj.rot[1], (obj.rot[2] + 180) % 360, check=True)

    def spin(self, color: str, guid: str, degrees: float = 90.0) -> bool:
        """Q/E as `color`: RotateIncrementalRight/Left, then tryObjectRotate, then onObjectRotate
        (API events.md: onObjectRotate fires for player rotations only). False if vetoed."""
        with self.lock:
            obj = self._require(guid)
            action = "RotateIncrementalRight" if degrees >= 0 else "RotateIncrementalLeft"
            if self._veto(color, action, obj):
                return False
            return self._player_rotate(color, obj, (obj.rot[1] + degrees) % 360, obj.rot[2], check=True)

    def gizmo_rotate(self, color: str, guid: str, degrees: float = 90.0) -> None:
        """A rotation no try-handler can stop (the rotation gizmo): only onObjectRotate fires."""
        with self.lock:
            obj = self._require(guid)
            self._player_rotate(color, obj, (obj.rot[1] + degrees) % 360, obj.rot[2], check=False)

    def _player_rotate(self, color: str, obj: TableObject, spin: float, flip: float, check: bool) -> bool:
        old_spin, old_flip = obj.rot[1], obj.rot[2]
        if check:
            res = self._guarded(lambda: self.vm.call("tryObjectRotate", self.vm.obj(obj.uid), spin, flip, color,
                                                     old_spin, old_flip), "-1", GLOBAL_PREFIX)
            if res and res[0] and res[1] is False:
                return False
        obj.rot = [obj.rot[0], spin, flip]
        self._guarded(lambda: self.vm.call("onObjectRotate", self.vm.obj(obj.uid), spin, flip, color, old_spin,
                                           old_flip), "-1", GLOBAL_PREFIX)
        return True

    def click(self, color: str, element_id: str) -> bool:
        """Click a UI button as `color`; False if that colour cannot see it."""
        with self.lock:
            node, chain = ui_find(self.ui_tree, element_id)
            if node is None:
                return False
            for n in chain + [node]:
                if not ui_visible(n.get("attributes") or {}, color):
                    return False
            handler = (node.get("attributes") or {}).get("onClick")
            if not handler:
                return False
            self._guarded(lambda: self.vm.call(str(handler), self._player(color), "-1", element_id), "-1", GLOBAL_PREFIX)
            return True

    def _require(self, guid: str) -> TableObject:
        obj = self.by_guid(guid)
        if obj is None:
            raise KeyError(f"no object with GUID {guid}")
        if obj.spawning:
            raise ValueError(f"object {guid} is still spawning")
        return obj

    # -- frames ---------------------------------------------------------------------------------
    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(0.005)
            self._wake.clear()
            with self.lock:
                if self.vm is None:
                    continue
                inbox, self._inbox = self._inbox, []
                for msg in inbox:
                    self._guarded(lambda: self._handle(msg), "-1", GLOBAL_PREFIX)
                self._guarded(self._step, "-1", GLOBAL_PREFIX)

    def step(self, frames: int = 1) -> None:
        with self.lock:
            for _ in range(frames):
                self._step()

    def _step(self) -> None:
        self.frame += 1
        for obj in list(self.objects.values()):
            if obj.loading_frames > 0:
                obj.loading_frames -= 1
            if obj.spawning and not obj.destroyed:
                obj.spawn_frames -= 1
                if obj.spawn_frames <= 0:
                    self._finish_spawn(obj)
        due = [w for w in self.waits if w[0] <= self.frame]
        self.waits = [w for w in self.waits if w[0] > self.frame]
        for _, fn, cond in due:
            if cond is not None:
                ok = self._guarded(lambda: (True, cond()), "-1", GLOBAL_PREFIX)
                if not (ok and ok[1]):
                    self.waits.append((self.frame + 1, fn, cond))
                    continue
            self._guarded(lambda: (True, fn()), "-1", GLOBAL_PREFIX)

    def _finish_spawn(self, obj: TableObject) -> None:
        """Item 17: the GUID is final only now; a clash with a live object gets a new one."""
        if any(o.guid == obj.guid for o in self.live_objects() if o.uid != obj.uid and not o.spawning):
            obj.guid = new_guid(self.rng, {o.guid for o in self.live_objects()})
        obj.spawning = False
        cb = obj.spawn_callback
        obj.spawn_callback = None
        if cb is not None:
            self._guarded(lambda: (True, cb(self.vm.obj(obj.uid))), "-1", GLOBAL_PREFIX)
        self._guarded(lambda: self.vm.call("onObjectSpawn", self.vm.obj(obj.uid)), "-1", GLOBAL_PREFIX)

    def settle(self, frames: int = 3) -> None:
        """Process pending inbound messages and advance a few frames (test helper)."""
        with self.lock:
            inbox, self._inbox = self._inbox, []
            for msg in inbox:
                self._handle(msg)
            for _ in range(frames):
                self._step()

    # -- wire -----------------------------------------------------------------------------------
    def _emit(self, msg: dict) -> None:
        if self._capture is not None:
            self._capture.append(msg)
        else:
            self.outbox.put(msg)

    def _receive(self, msg: dict) -> None:
        with self.lock:
            self._inbox.append(msg)
        self._wake.set()

    def _dump(self) -> dict:
        states = [{"name": "Global", "guid": "-1", "script": self.global_script or ""}]
        if self.global_ui:
            states[0]["ui"] = self.global_ui
        for o in self.live_objects():
            if o.script or o.ui:
                entry = {"name": o.nickname or o.kind, "guid": o.guid, "script": o.script}
                if o.ui:
                    entry["ui"] = o.ui
                states.append(entry)
        return {"messageID": 1, "savePath": self.save_path, "scriptStates": states}

    def _handle(self, msg: dict) -> None:
        mid = msg.get("messageID")
        if isinstance(mid, float) and mid.is_integer():
            mid = int(mid)
        if mid == 0:
            self._emit(self._dump())
        elif mid == 1:
            self._save_and_play(msg.get("scriptStates"))
        elif mid == 2:
            payload = msg.get("customMessage")
            if isinstance(payload, dict):
                self._guarded(lambda: self.vm.call("onExternalMessage", self.vm.to_lua(payload)), "-1", GLOBAL_PREFIX)
                with self.delivered:
                    self.custom_count += 1
                    self.delivered.notify_all()
        elif mid == 3:
            self._execute(msg)
        # anything else: ignored silently (item 4)

    def _execute(self, msg: dict) -> None:
        guid = str(msg.get("guid", "-1"))
        rid = msg.get("returnID")
        code = msg.get("script")
        if guid != "-1":
            obj = self.by_guid(guid)
            if obj is None or not obj.script:
                self._emit({"messageID": 3, "guid": guid, "errorMessagePrefix": "Error in Script: ",
                            "error": "Object reference not set to an instance of an object"})
                return
        if not isinstance(code, str):
            return
        prefix = GLOBAL_PREFIX + "function <executeScript>: "
        try:
            value = self.vm.run(code, "chunk_1")
        except Exception as exc:
            self._emit({"messageID": 3, "guid": guid, "errorMessagePrefix": prefix, "error": str(exc)})
            return
        reply: dict = {"messageID": 5, "returnID": rid}
        if value is not None:
            reply["returnValue"] = LuaVM.from_lua(value, self.jitter)
        self._emit(reply)

    def _save_and_play(self, states: Any) -> None:
        """Item 9: replace script and UI of listed objects, reset to the last save, reload."""
        if not isinstance(states, list) or self._saved is None:
            return
        save = json.loads(json.dumps(self._saved))
        by_guid = {str(o.get("GUID")): o for o in save.get("ObjectStates") or []}
        for s in states:
            if not isinstance(s, dict):
                continue
            guid = str(s.get("guid", ""))
            target = save if guid == "-1" else by_guid.get(guid)
            if target is None:
                continue
            key_script, key_ui = ("LuaScript", "XmlUI")
            target[key_script] = str(s.get("script") or "")
            target[key_ui] = str(s.get("ui") or "")
        self._saved = save
        self._capture = []
        try:
            self._load_from(save, run_scripts=True)
            self._capture.append(self._dump())
        finally:
            captured, self._capture = self._capture, None
        self.rng.shuffle(captured)  # the reload burst arrives in no fixed order
        for m in captured:
            self.outbox.put(m)

    def _guarded(self, fn: Any, guid: str, prefix: str) -> Any:
        """Run Lua; a Lua error becomes message 3 (item 12) instead of an exception."""
        try:
            return fn()
        except Exception as exc:  # a Lua error, or a Python error raised inside an API call
            text = str(exc) if isinstance(exc, lua52.LuaError) else f"{type(exc).__name__}: {exc}"
            err = {"messageID": 3, "guid": guid, "errorMessagePrefix": prefix, "error": text}
            self.errors.append(err)
            self._emit(err)
            return None

    def player_created(self, data: dict, pos: list[float]) -> TableObject:
        """A player drags an object out of the object menu: message 7 (item 12)."""
        with self.lock:
            obj = self.add_object(data, provisional=False)
            obj.pos = list(pos)
        self._emit({"messageID": 7, "guid": obj.guid})
        return obj
