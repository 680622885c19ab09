"""The complete table save for one game: board image, scripting zones and snap points for
every zone of both seats, hand zones, counters and token bags, both sample decks in place,
and the Global Lua glue and XmlUI of the bridge (`tts_bridge.glue`).

Seat 0 sits at -z (White), seat 1 at +z (Red); the adapter's zones are given for seat 0 and
mirrored through the table centre for seat 1.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from tts_bridge.saves.model import Guids, base_object, finish, transform

SEAT_COLORS = ("White", "Red")
# Which way a seat's cards and hand zone turn (rotY). Seat 0 sits at -z, seat 1 at +z.
# Cards and decks meant for the -z player lie at rotY 180: all 26 cards and 34 decks of the
# Spirit Island save (players at z ~ -46) and every card of the Isaac save
# (tests/data/tts-samples). Hand zones face the table centre the other way round: Isaac's
# White/Red hands at z -20 have rotY 0, Blue/Green at z +20 rotY 180, and every SI hand at -z
# rotY 0; SCED PR #965 fixed a mat whose hand was off by 180 as "upside down".
CARD_SPIN = (180.0, 0.0)
HAND_SPIN = (0.0, 180.0)
CARD_Y = 1.5
BOARD_Y = 0.96
# A Custom_Board is sized from its image; at scale 1 we take its long side as this many
# world units (1 unit ~ 1 inch). Undocumented: the glue corrects the scale in onLoad.
BOARD_BASE_UNITS = 20.0


def seat_xz(x: float, z: float, seat: int) -> tuple[float, float]:
    return (x, z) if seat == 0 else (-x, -z)


def slot_positions(zone: Any) -> list[tuple[float, float]]:
    """Snap points of a zone for seat 0, left to right."""
    if zone.slots <= 1:
        return [(zone.x, zone.z)]
    pitch = zone.w / zone.slots
    return [(zone.x - zone.w / 2 + pitch * (i + 0.5), zone.z) for i in range(zone.slots)]


def glue(game_id: str) -> tuple[str, str, bool]:
    """(Global Lua, Global XmlUI, whether the bridge's glue module was used)."""
    try:
        from tts_bridge import glue as bridge_glue

        return bridge_glue.render_global_lua(game_id), bridge_glue.render_global_xmlui(game_id), True
    except Exception:  # noqa: BLE001 - the bridge helper's module may be absent or unfinished
        return f"-- tts-bridge table: {game_id}\n", "", False


def zone_objects(adapter: Any, guids: Guids) -> tuple[list[dict], list[dict]]:
    """Scripting zones (and hand zones) for every zone of both seats, and the snap points.

    A zone says which it is in GMNotes and Description (`game:seat:zone`, `game:shared:zone`);
    it carries no Tags, since tagged zones only see objects sharing a tag. Snap points carry
    the game's tag, which every card of the game has, so tokens do not snap into card slots."""
    objects, snaps = [], []
    for seat in (0, 1):
        rot = CARD_SPIN[seat]
        for zone in adapter.zones:
            if zone.kind == "shared" and seat == 1:
                continue  # one zone between the players, not one per seat
            x, z = seat_xz(zone.x, zone.z, seat)
            named = adapter.zone_for(seat, zone)
            tag = f"{adapter.game_id}:{'shared' if zone.kind == 'shared' else seat}:{named.name}"
            if zone.kind == "hand":
                obj = base_object(guids.next(), "HandTrigger", nickname=f"Seat {seat} hand",
                                  tf=transform(x, 3.0, z, rot_y=HAND_SPIN[seat], sx=zone.w, sy=5.0, sz=zone.h),
                                  color={"r": 1.0, "g": 1.0, "b": 1.0, "a": 0.0}, locked=True, hide_face_down=False)
                obj["FogColor"] = SEAT_COLORS[seat]
                objects.append(finish(obj))
                continue
            nick = named.label if zone.kind == "shared" else f"Seat {seat} {named.label}"
            obj = base_object(guids.next(), "ScriptingTrigger", nickname=nick,
                              description=tag, tf=transform(x, 1.6, z, sx=zone.w, sy=1.2, sz=zone.h),
                              locked=True, color={"r": 1.0, "g": 1.0, "b": 1.0, "a": 0.2},
                              hide_face_down=False, gm_notes=tag)
            objects.append(finish(obj))
            for sx, sz in slot_positions(zone):
                px, pz = seat_xz(sx, sz, seat)
                snaps.append({"Position": {"x": round(px, 4), "y": BOARD_Y + 0.1, "z": round(pz, 4)},
                              "Rotation": {"x": 0.0, "y": rot, "z": 0.0}, "Tags": [adapter.game_id]})
    return objects, snaps


def board_object(guids: Guids, url: str, width_units: float, depth_units: float) -> dict:
    """The board. Its image is drawn with seat 1 (+z) at the top, so like seat 0's cards it
    lies at rotY 180 (CARD_SPIN). GMNotes give its world size: the glue rescales it in onLoad
    from getBounds(), since a board's size at scale 1 is nowhere documented."""
    scale = max(width_units, depth_units) / BOARD_BASE_UNITS
    obj = base_object(guids.next(), "Custom_Board", nickname="Board",
                      tf=transform(0, BOARD_Y, 0, rot_y=CARD_SPIN[0], sx=scale, sz=scale),
                      locked=True, color={"r": 1.0, "g": 1.0, "b": 1.0}, hide_face_down=False,
                      gm_notes=f"tts-bridge board {width_units:g}x{depth_units:g}")
    obj["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0}
    return finish(obj)


def _tile(guids: Guids, name: str, url: str, back_url: str, tf: dict, tags: list[str], stackable: bool = True) -> dict:
    obj = base_object(guids.next(), "Custom_Tile", nickname=name, tf=tf, color={"r": 1.0, "g": 1.0, "b": 1.0},
                      hide_face_down=False, tags=tags)
    obj["CustomImage"] = {"ImageURL": url, "ImageSecondaryURL": back_url, "ImageScalar": 1.0, "WidthScale": 0.0,
                          "CustomTile": {"Type": 2, "Thickness": 0.1, "Stackable": stackable, "Stretch": True}}
    return finish(obj)


def _infinite_bag(guids: Guids, label: str, x: float, z: float, template: dict) -> dict:
    bag = base_object(guids.next(), "Infinite_Bag", nickname=label, tf=transform(x, 1.2, z, sx=0.7, sy=0.5, sz=0.7),
                      color={"r": 0.45, "g": 0.45, "b": 0.5}, hide_face_down=False)
    bag["MaterialIndex"] = -1
    bag["MeshIndex"] = -1
    finish(bag)
    bag["ContainedObjects"] = [template]
    return bag


def supply_objects(adapter: Any, guids: Guids, urls: dict[str, str],
                   make_card: Callable[[Guids, str], dict] | None = None) -> list[dict]:
    """Counters, dice, token bags, fixed token stacks and coins of the adapter's supplies.
    `urls` maps a supply name to its token image URL (`<name>#back` for a coin's tails)."""
    out = []
    for sup in adapter.supplies:
        url = urls.get(sup.name, "")
        for seat in ((0, 1) if sup.per_seat else (0,)):
            x, z = seat_xz(sup.x, sup.z, seat) if sup.per_seat else (sup.x, sup.z)
            label = sup.object_name(seat)
            tags = ["token", sup.icon]
            if sup.kind == "counter":
                obj = base_object(guids.next(), "Counter", nickname=label, color={"r": 1.0, "g": 1.0, "b": 1.0},
                                  tf=transform(x, 1.1, z, rot_y=CARD_SPIN[seat]), hide_face_down=False)
                obj["Counter"] = {"value": sup.value}
                out.append(finish(obj))
            elif sup.kind == "bag" and url:
                token = _tile(guids, sup.label or sup.name, url, "", transform(x, 2.0, z, sx=0.35, sz=0.35), tags)
                out.append(_infinite_bag(guids, label, x, z, token))
            elif sup.kind == "card_bag" and make_card is not None:
                card = make_card(guids, sup.card)
                card["Transform"] = transform(x, 2.0, z, sx=card["Transform"]["scaleX"], sz=card["Transform"]["scaleZ"])
                out.append(_infinite_bag(guids, label, x, z, card))
            elif sup.kind == "tokens" and url:  # `value` tokens laid out where setup puts them
                for k in range(sup.value):
                    tf = transform(x + (k % 5) * 0.55 - 1.1, 1.1 + (k // 5) * 0.12, z, sx=0.25, sz=0.25)
                    out.append(_tile(guids, sup.label or sup.icon.title(), url, "", tf, tags))
            elif sup.kind == "dice":
                obj = base_object(guids.next(), {0: "Die_4", 1: "Die_6", 2: "Die_8", 3: "Die_10", 4: "Die_12",
                                                 5: "Die_20"}.get(sup.dice_type, "Die_6"), nickname=label,
                                  tf=transform(x, 1.5, z), color={"r": 0.9, "g": 0.9, "b": 0.9}, hide_face_down=False)
                out.append(finish(obj))
            elif sup.kind == "coin" and url:  # a round tile: heads on top, tails below
                tf = transform(x, 1.2, z, sx=0.4, sz=0.4)
                out.append(_tile(guids, label, url, urls.get(sup.name + "#back", ""), tf, ["coin"], stackable=False))
    return out


def table_save(game_id: str, title: str, objects: list[dict], snaps: list[dict], lua: str, xml: str,
               tags: list[str]) -> dict:
    now = int(time.time())
    return {
        "SaveName": f"tts-bridge: {title}", "EpochTime": now,
        "Date": time.strftime("%m/%d/%Y %I:%M:%S %p", time.gmtime(now)).lstrip("0").replace("/0", "/"),
        "VersionNumber": "v13.1.1", "GameMode": title, "GameType": "Game", "GameComplexity": "",
        "PlayingTime": [20, 60], "PlayerCounts": [2, 2], "Tags": ["Card Games"], "Gravity": 0.5, "PlayArea": 0.5,
        "Table": "Table_RPG", "Sky": "Sky_Museum", "Note": f"Generated by tts-bridge for {game_id}.",
        "TabStates": {}, "Grid": {"Type": 0, "Lines": False, "Color": {"r": 0, "g": 0, "b": 0}, "Opacity": 0.75,
                                  "ThickLines": False, "Snapping": False, "Offset": False, "BothSnapping": False,
                                  "xSize": 2.0, "ySize": 2.0, "PosOffset": {"x": 0.0, "y": 1.0, "z": 0.0}},
        "Hands": {"Enable": True, "DisableUnused": False, "Hiding": 0},
        "ComponentTags": {"labels": [{"displayed": t, "normalized": t.lower()} for t in sorted(set(tags))]},
        "LuaScript": lua, "LuaScriptState": "", "XmlUI": xml, "SnapPoints": snaps, "ObjectStates": objects,
    }
