"""Builders for TTS objects with every common key in the order TTS writes them (§3.1 of
the save-format reference), deterministic GUIDs, decks and cards."""

from __future__ import annotations

import hashlib
from typing import Any

CARD_GREY = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}


class Guids:
    """6-hex-digit GUIDs, deterministic from a seed and unique within one file."""

    def __init__(self, seed: str) -> None:
        self.seed = seed
        self.used: set[str] = set()
        self.n = 0

    def next(self) -> str:
        while True:
            self.n += 1
            guid = hashlib.sha256(f"{self.seed}:{self.n}".encode()).hexdigest()[:6]
            if guid not in self.used:
                self.used.add(guid)
                return guid


def transform(x: float = 0.0, y: float = 1.0, z: float = 0.0, rot_y: float = 0.0, rot_z: float = 0.0,
              sx: float = 1.0, sy: float = 1.0, sz: float = 1.0) -> dict:
    return {"posX": round(x, 4), "posY": round(y, 4), "posZ": round(z, 4), "rotX": 0.0, "rotY": float(rot_y),
            "rotZ": float(rot_z), "scaleX": sx, "scaleY": sy, "scaleZ": sz}


def base_object(guid: str, name: str, *, nickname: str = "", description: str = "", tf: dict | None = None,
                tags: list[str] | None = None, locked: bool = False, hands: bool = False,
                color: dict | None = None, gm_notes: str = "", hide_face_down: bool | None = None) -> dict:
    obj: dict[str, Any] = {
        "GUID": guid, "Name": name, "Transform": tf or transform(), "Nickname": nickname,
        "Description": description, "GMNotes": gm_notes, "ColorDiffuse": dict(color or CARD_GREY),
    }
    if tags:
        obj["Tags"] = list(tags)
    obj.update({"LayoutGroupSortIndex": 0, "Value": 0, "Locked": locked, "Grid": True, "Snap": True,
                "IgnoreFoW": False, "MeasureMovement": False, "DragSelectable": True, "Autoraise": True,
                "Sticky": True, "Tooltip": True, "GridProjection": False})
    if hide_face_down is not None:
        obj["HideWhenFaceDown"] = hide_face_down
    obj["Hands"] = hands
    return obj


def finish(obj: dict, lua: str = "", xml: str = "") -> dict:
    obj["LuaScript"] = lua
    obj["LuaScriptState"] = ""
    obj["XmlUI"] = xml
    return obj


def custom_deck_entry(face_url: str, back_url: str, cols: int, rows: int, back_is_hidden: bool,
                      unique_back: bool, card_type: int = 0) -> dict:
    return {"FaceURL": face_url, "BackURL": back_url, "NumWidth": cols, "NumHeight": rows,
            "BackIsHidden": back_is_hidden, "UniqueBack": unique_back, "Type": card_type}


def card_object(guids: Guids, card_id: int, key: int, entry: dict, nickname: str, description: str,
                tags: list[str], tf: dict | None = None, gm_notes: str = "") -> dict:
    obj = base_object(guids.next(), "Card", nickname=nickname, description=description, tf=tf, tags=tags,
                      hands=True, hide_face_down=True, gm_notes=gm_notes)
    obj["CardID"] = card_id
    obj["SidewaysCard"] = False
    obj["CustomDeck"] = {str(key): dict(entry)}
    return finish(obj)


def deck_object(guids: Guids, cards: list[dict], nickname: str, tf: dict | None = None,
                description: str = "", tags: list[str] | None = None) -> dict:
    """A deck of >= 2 card objects (index 0 = top card); one card is returned as a Card."""
    if not cards:
        raise ValueError("a deck needs at least one card")
    if len(cards) == 1:
        card = dict(cards[0])
        card["Transform"] = tf or card["Transform"]
        return card
    obj = base_object(guids.next(), "Deck", nickname=nickname, description=description, tf=tf, tags=tags,
                      hands=False, hide_face_down=True)
    obj["SidewaysCard"] = False
    obj["DeckIDs"] = [c["CardID"] for c in cards]
    custom: dict[str, dict] = {}
    for c in cards:
        for key, entry in c["CustomDeck"].items():
            custom.setdefault(key, dict(entry))
    obj["CustomDeck"] = dict(sorted(custom.items(), key=lambda kv: int(kv[0])))
    finish(obj)
    obj["ContainedObjects"] = cards
    return obj


def saved_object(objects: list[dict]) -> dict:
    """The Saved Object wrapper (§2.1): outer fields blank."""
    return {"SaveName": "", "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "",
            "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "",
            "Note": "", "TabStates": {}, "LuaScript": "", "LuaScriptState": "", "XmlUI": "",
            "ObjectStates": objects}


def sheet_key(game: str, name: str, taken: set[int]) -> int:
    """A CustomDeck key derived from the sheet's identity, unique in this export and unlikely
    to clash with other exports a player stacks together (§8.6)."""
    key = 100 + int(hashlib.sha256(f"{game}/{name}".encode()).hexdigest(), 16) % 900_000
    while key in taken:
        key += 1
    taken.add(key)
    return key
