"""The save validator: structure, JSON types, CardID vs CustomDeck, grid bounds and the
hidden cell, DeckIDs vs contained cards, deck sizes, GUIDs, referenced local files and
their grid, and Lua compilation. Every problem carries its JSON path (`$.ObjectStates[3]...`).

Errors are what makes TTS misload a file; warnings are what TTS tolerates but other tools
or scripts trip over (duplicate or non-hex GUIDs, sheets over 4096 px, missing empty
script keys). Real TTS-written saves must produce no errors; `strict` turns the GUID and
completeness warnings into errors, which is what our own output must pass.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from tts_bridge.saves.lua import compile_error

_HEX6 = re.compile(r"^[0-9a-f]{6}$")
CARD_NAMES = {"Card", "CardCustom"}
DECK_NAMES = {"Deck", "DeckCustom"}
_BOOL_KEYS = ("Locked", "Grid", "Snap", "IgnoreFoW", "MeasureMovement", "DragSelectable", "Autoraise", "Sticky",
              "Tooltip", "GridProjection", "HideWhenFaceDown", "Hands", "SidewaysCard")
_STR_KEYS = ("Name", "Nickname", "Description", "GMNotes", "LuaScript", "LuaScriptState", "XmlUI", "GUID", "Memo")
_TF_KEYS = ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")
STRICT_CODES = {"guid_format", "guid_duplicate", "guid_missing", "missing_key", "deck_ids_mismatch", "sheet_size",
                "image_format"}


@dataclass(frozen=True)
class Problem:
    path: str
    code: str
    message: str
    severity: str = "error"

    def to_json(self) -> dict:
        return {"path": self.path, "code": self.code, "severity": self.severity, "message": self.message}

    def __str__(self) -> str:
        return f"{self.severity}: {self.path}: {self.message}"


class _Checker:
    def __init__(self, base_dir: Path | None, check_files: bool, max_side: int) -> None:
        self.problems: list[Problem] = []
        self.guids: dict[str, str] = {}
        self.base_dir = base_dir
        self.check_files = check_files
        self.max_side = max_side
        self.image_cache: dict[tuple, list[tuple[str, str, str]]] = {}

    def add(self, path: str, code: str, message: str, severity: str = "error") -> None:
        self.problems.append(Problem(path, code, message, severity))

    # -- top level -----------------------------------------------------------------------------
    def save(self, data: Any) -> None:
        if not isinstance(data, dict):
            self.add("$", "type", f"a save is a JSON object, got {type(data).__name__}")
            return
        for key in ("LuaScript", "LuaScriptState", "Note", "ObjectStates"):
            if key not in data:
                self.add(f"$.{key}", "missing_key", f"missing {key!r} (TTS loads it, some tools refuse the file)",
                         "error" if key == "ObjectStates" else "warning")
        for key in ("SaveName", "Note", "LuaScript", "LuaScriptState", "XmlUI", "GameMode", "Date", "VersionNumber"):
            if key in data and not isinstance(data[key], str):
                self.add(f"$.{key}", "type", f"{key} must be a string, got {type(data[key]).__name__}")
        if "EpochTime" in data and not isinstance(data["EpochTime"], int):
            self.add("$.EpochTime", "type", "EpochTime must be an integer (Unix seconds)")
        self.lua(data.get("LuaScript"), "$.LuaScript")
        snaps = data.get("SnapPoints", [])
        if not isinstance(snaps, list):
            self.add("$.SnapPoints", "type", "SnapPoints must be a list")
        else:
            for i, sp in enumerate(snaps):
                self.vector(sp.get("Position") if isinstance(sp, dict) else None, f"$.SnapPoints[{i}].Position")
        objects = data.get("ObjectStates", [])
        if not isinstance(objects, list):
            self.add("$.ObjectStates", "type", "ObjectStates must be a list of objects")
            return
        for i, obj in enumerate(objects):
            self.object(obj, f"$.ObjectStates[{i}]", None)

    def lua(self, source: Any, path: str) -> None:
        if source is None:
            return
        if not isinstance(source, str):
            self.add(path, "type", "a Lua script must be a string")
            return
        err = compile_error(source, path)
        if err:
            self.add(path, "lua", f"Lua does not compile: {err}")

    def vector(self, v: Any, path: str) -> None:
        if not isinstance(v, dict) or any(not isinstance(v.get(k), (int, float)) or isinstance(v.get(k), bool)
                                          for k in ("x", "y", "z")):
            self.add(path, "type", "expected {x, y, z} numbers")

    # -- objects -------------------------------------------------------------------------------
    def object(self, obj: Any, path: str, deck: dict | None, in_deck: bool = False) -> None:
        if not isinstance(obj, dict):
            self.add(path, "type", f"an object must be a JSON object, got {type(obj).__name__}")
            return
        name = obj.get("Name")
        if not isinstance(name, str) or not name:
            self.add(f"{path}.Name", "type", "every object needs a Name (its kind, e.g. 'Card')")
            name = ""
        for key in _STR_KEYS:
            if key in obj and not isinstance(obj[key], str):
                self.add(f"{path}.{key}", "type", f"{key} must be a string, got {type(obj[key]).__name__}")
        for key in _BOOL_KEYS:
            if key in obj and not isinstance(obj[key], bool):
                self.add(f"{path}.{key}", "type", f"{key} must be true or false")
        for key in ("LuaScript", "LuaScriptState"):
            if key not in obj:
                self.add(f"{path}.{key}", "missing_key", f"missing {key!r} (use \"\"; some tools refuse the file)",
                         "warning")
        self.guid(obj, path, in_deck)
        tf = obj.get("Transform")
        if tf is not None and (not isinstance(tf, dict) or any(
                k in tf and (not isinstance(tf[k], (int, float)) or isinstance(tf[k], bool)) for k in _TF_KEYS)):
            self.add(f"{path}.Transform", "type", "Transform values must be numbers")
        if "Tags" in obj and (not isinstance(obj["Tags"], list) or not all(isinstance(t, str) for t in obj["Tags"])):
            self.add(f"{path}.Tags", "type", "Tags must be a list of strings")
        self.lua(obj.get("LuaScript"), f"{path}.LuaScript")
        if "CustomDeck" in obj:
            self.custom_deck(obj["CustomDeck"], f"{path}.CustomDeck")
        if name in CARD_NAMES:
            self.card(obj, path, deck)
        elif name in DECK_NAMES:
            self.deck(obj, path)
        self.enums(obj, name, path)
        contained = obj.get("ContainedObjects")
        if contained is not None:
            if not isinstance(contained, list):
                self.add(f"{path}.ContainedObjects", "type", "ContainedObjects must be a list")
            else:
                if name.startswith("Infinite_Bag") or name.endswith("Infinite_Bag"):
                    if len(contained) != 1:
                        self.add(f"{path}.ContainedObjects", "infinite_bag",
                                 f"an Infinite_Bag holds exactly one template object, found {len(contained)}")
                for i, child in enumerate(contained):
                    self.object(child, f"{path}.ContainedObjects[{i}]", obj if name in DECK_NAMES else None,
                                in_deck=name in DECK_NAMES)
        states = obj.get("States")
        if states is not None:
            if not isinstance(states, dict):
                self.add(f"{path}.States", "type", "States must be an object keyed by state number")
            else:
                for key, state in states.items():
                    if not str(key).isdigit():
                        self.add(f"{path}.States", "states_key", f"state key {key!r} is not a number")
                    # an alternate state is its own object: its sheet need not be in the deck
                    self.object(state, f"{path}.States[{json.dumps(key)}]", None)
        for i, child in enumerate(obj.get("ChildObjects") or []):
            self.object(child, f"{path}.ChildObjects[{i}]", None)

    def guid(self, obj: dict, path: str, in_deck: bool) -> None:
        guid = obj.get("GUID")
        if guid is None:
            self.add(f"{path}.GUID", "guid_missing", "object has no GUID", "warning")
            return
        if not isinstance(guid, str):
            return
        if not _HEX6.match(guid):
            self.add(f"{path}.GUID", "guid_format", f"GUID {guid!r} is not 6 lowercase hex digits", "warning")
        if guid in self.guids:
            self.add(f"{path}.GUID", "guid_duplicate", f"GUID {guid!r} is also used at {self.guids[guid]}", "warning")
        else:
            self.guids[guid] = path

    def enums(self, obj: dict, name: str, path: str) -> None:
        image = obj.get("CustomImage")
        if isinstance(image, dict):
            checks = [("CustomTile", "Type", 0, 3), ("CustomDice", "Type", 0, 5)]
            for block, key, lo, hi in checks:
                sub = image.get(block)
                if isinstance(sub, dict) and key in sub and (not isinstance(sub[key], int) or not lo <= sub[key] <= hi):
                    self.add(f"{path}.CustomImage.{block}.{key}", "enum", f"{block}.{key} must be {lo}..{hi}, got {sub[key]!r}")
        bag = obj.get("Bag")
        if isinstance(bag, dict) and "Order" in bag and bag["Order"] not in (0, 1, 2):
            self.add(f"{path}.Bag.Order", "enum", f"Bag.Order must be 0, 1 or 2, got {bag['Order']!r}")
        counter = obj.get("Counter")
        if name == "Counter" and counter is not None and (not isinstance(counter, dict) or not isinstance(counter.get("value", 0), int)):
            self.add(f"{path}.Counter", "type", "Counter must be {\"value\": integer}")

    # -- cards and decks -----------------------------------------------------------------------
    def custom_deck(self, cd: Any, path: str) -> None:
        if not isinstance(cd, dict):
            self.add(path, "type", "CustomDeck must be an object keyed by sheet number")
            return
        for key, entry in cd.items():
            p = f"{path}[{json.dumps(key)}]"
            if not str(key).isdigit() or int(key) < 1:
                self.add(p, "custom_deck_key", f"CustomDeck key {key!r} must be a positive integer written as a string")
            if not isinstance(entry, dict):
                self.add(p, "type", "a CustomDeck entry must be an object")
                continue
            cols, rows = entry.get("NumWidth", 10), entry.get("NumHeight", 7)
            if not isinstance(cols, int) or not 1 <= cols <= 10:
                self.add(f"{p}.NumWidth", "grid", f"NumWidth must be 1..10, got {cols!r}")
            if not isinstance(rows, int) or not 1 <= rows <= 7:
                self.add(f"{p}.NumHeight", "grid", f"NumHeight must be 1..7, got {rows!r}")
            for k in ("FaceURL", "BackURL"):
                if not isinstance(entry.get(k), str):
                    self.add(f"{p}.{k}", "type", f"{k} must be a string URL")
            for k in ("BackIsHidden", "UniqueBack"):
                if k in entry and not isinstance(entry[k], bool):
                    self.add(f"{p}.{k}", "type", f"{k} must be true or false")
            if "Type" in entry and (not isinstance(entry["Type"], int) or not 0 <= entry["Type"] <= 4):
                self.add(f"{p}.Type", "enum", f"card Type must be 0..4, got {entry['Type']!r}")
            if self.check_files and isinstance(cols, int) and isinstance(rows, int):
                self.local_image(entry.get("FaceURL"), f"{p}.FaceURL", (cols, rows))
                grid = (cols, rows) if entry.get("UniqueBack") else None
                self.local_image(entry.get("BackURL"), f"{p}.BackURL", grid)

    def local_image(self, url: Any, path: str, grid: tuple[int, int] | None) -> None:
        """Problems of a referenced local image, worked out once per (url, grid): a deck of
        60 cards names the same sheet 60 times."""
        key = (url if isinstance(url, str) else repr(url), grid)
        if key not in self.image_cache:
            self.image_cache[key] = self._image_problems(url, grid)
        for code, message, level in self.image_cache[key]:
            self.add(path, code, message, level)

    def _image_problems(self, url: Any, grid: tuple[int, int] | None) -> list[tuple[str, str, str]]:
        file = local_path(url, self.base_dir)
        if file is None:
            return []
        if not file.is_file():
            return [("file_missing", f"referenced file does not exist: {file}", "error")]
        from PIL import Image, UnidentifiedImageError

        try:
            with Image.open(file) as im:
                (w, h), mode, fmt = im.size, im.mode, im.format
        except (UnidentifiedImageError, OSError) as exc:
            return [("file_not_image", f"{file} is not a readable image: {exc}", "error")]
        out = []
        if fmt not in ("PNG", "JPEG"):
            out.append(("image_format", f"{file} is {fmt}; TTS wants PNG or JPEG", "warning"))
        if mode == "CMYK":
            out.append(("image_mode", f"{file} is CMYK; TTS needs RGB", "error"))
        if grid and (w % grid[0] or h % grid[1]):
            out.append(("grid_pixels", f"{file} is {w}x{h} px, not a multiple of the {grid[0]}x{grid[1]} grid", "error"))
        if max(w, h) > self.max_side:
            out.append(("sheet_size", f"{file} is {w}x{h} px; keep both sides <= {self.max_side}", "warning"))
        return out

    def card(self, obj: dict, path: str, deck: dict | None) -> None:
        card_id = obj.get("CardID")
        if not isinstance(card_id, int) or isinstance(card_id, bool) or card_id < 0:
            self.add(f"{path}.CardID", "type", f"CardID must be a non-negative integer, got {card_id!r}")
            return
        key, index = str(card_id // 100), card_id % 100
        own = obj.get("CustomDeck") if isinstance(obj.get("CustomDeck"), dict) else None
        deck_cd = deck.get("CustomDeck") if deck and isinstance(deck.get("CustomDeck"), dict) else None
        entry = None
        if own is not None:
            if key not in own:
                self.add(f"{path}.CardID", "card_key", f"CardID {card_id} needs CustomDeck key {key!r}; "
                         f"the card's CustomDeck has {sorted(own)}")
            entry = own.get(key)
        if deck_cd is not None:
            if key not in deck_cd:
                self.add(f"{path}.CardID", "card_key", f"CardID {card_id} needs key {key!r} in the enclosing deck's "
                         f"CustomDeck, which has {sorted(deck_cd)}")
            elif entry is not None and _sheet_identity(entry) != _sheet_identity(deck_cd[key]):
                self.add(f"{path}.CustomDeck[{json.dumps(key)}]", "key_clash",
                         f"key {key} names a different sheet here than in the enclosing deck; two sheets share a key")
            entry = entry or deck_cd.get(key)
        if entry is None or not isinstance(entry, dict):
            return  # a built-in deck card (no custom sheet)
        cols, rows = entry.get("NumWidth", 10), entry.get("NumHeight", 7)
        if not isinstance(cols, int) or not isinstance(rows, int):
            return
        if index >= cols * rows:
            self.add(f"{path}.CardID", "grid_bounds", f"CardID {card_id}: cell {index} is outside the {cols}x{rows} grid")
        elif entry.get("BackIsHidden") is False and index == cols * rows - 1 and cols * rows > 1:
            self.add(f"{path}.CardID", "hidden_cell", f"CardID {card_id} uses the last cell of a {cols}x{rows} sheet, "
                     f"which is the hidden-card picture when BackIsHidden is false")

    def deck(self, obj: dict, path: str) -> None:
        ids = obj.get("DeckIDs")
        contained = obj.get("ContainedObjects")
        if not isinstance(ids, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in ids):
            self.add(f"{path}.DeckIDs", "type", "DeckIDs must be a list of integers")
            return
        if not isinstance(contained, list):
            self.add(f"{path}.ContainedObjects", "type", "a deck needs ContainedObjects")
            return
        actual = [c.get("CardID") if isinstance(c, dict) else None for c in contained]
        if ids != actual:
            if len(ids) != len(actual):
                self.add(f"{path}.DeckIDs", "deck_ids",
                         f"DeckIDs has {len(ids)} entries but the deck contains {len(actual)} cards")
            else:  # seen in real TTS saves, which still load: a warning, an error in strict mode
                i = next(n for n, (a, b) in enumerate(zip(ids, actual)) if a != b)
                self.add(f"{path}.DeckIDs[{i}]", "deck_ids_mismatch", f"DeckIDs[{i}] is {ids[i]} but "
                         f"ContainedObjects[{i}] has CardID {actual[i]} (same order required)", "warning")
        if len(contained) < 2:
            self.add(f"{path}.ContainedObjects", "deck_size",
                     f"a deck needs at least 2 cards, this one has {len(contained)}; write a single Card instead")
        for i, c in enumerate(contained):
            if isinstance(c, dict) and c.get("Name") not in CARD_NAMES:
                self.add(f"{path}.ContainedObjects[{i}].Name", "deck_content",
                         f"a deck holds cards, found {c.get('Name')!r}")


def _sheet_identity(entry: dict) -> tuple:
    return (entry.get("FaceURL"), entry.get("BackURL"), entry.get("NumWidth", 10), entry.get("NumHeight", 7))


def local_path(url: Any, base_dir: Path | None = None) -> Path | None:
    """The local file a URL points at (file:///..., an absolute path, or a Windows drive path),
    or None for web URLs."""
    if not isinstance(url, str) or not url:
        return None
    if url.startswith("file://"):
        return Path(unquote(urlparse(url).path))
    if re.match(r"^[A-Za-z]:[\\/]", url):
        return Path(url)
    parsed = urlparse(url)
    if parsed.scheme in ("http", "https", "ftp"):
        return None
    if url.startswith("/"):
        return Path(url)
    return None


def validate_save(data: Any, base_dir: Path | None = None, check_files: bool = True, strict: bool = False,
                  max_side: int = 4096) -> list[Problem]:
    checker = _Checker(base_dir, check_files, max_side)
    checker.save(data)
    problems = checker.problems
    if strict:
        problems = [Problem(p.path, p.code, p.message, "error") if p.code in STRICT_CODES else p for p in problems]
    return problems


def validate_file(path: Path, strict: bool = False, check_files: bool = True) -> list[Problem]:
    """Validate a save or saved-object file; a file that is not one (not UTF-8, not JSON,
    nested too deeply) is one error at `$`."""
    from tts_bridge.saves.files import SaveFileError, read_save_json

    try:
        data = read_save_json(path)
    except SaveFileError as exc:
        return [Problem("$", exc.kind, exc.reason)]
    return validate_save(data, Path(path).parent, check_files, strict)


def errors(problems: list[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity == "error"]
