"""Table-save pieces: glue fallback, mirrored seats, shared zones, GUID generator."""

from tts_bridge.assets.games import get_adapter
from tts_bridge.saves import table
from tts_bridge.saves.model import Guids
from tts_bridge.saves.lua import compile_error


def test_glue_comes_from_the_bridge_module_and_compiles():
    lua, xml, used = table.glue("kaiju")
    assert used and compile_error(lua) is None and xml.strip()


def test_glue_falls_back_to_a_marker_script(monkeypatch):
    import tts_bridge.glue as bridge_glue

    def broken(game_id):
        raise RuntimeError("not ready")

    monkeypatch.setattr(bridge_glue, "render_global_lua", broken)
    lua, xml, used = table.glue("kaiju")
    assert not used and lua.strip() == "-- tts-bridge table: kaiju" and xml == ""


def test_zones_exist_for_both_seats_mirrored_and_named():
    adapter = get_adapter("kaiju")
    objs, snaps = table.zone_objects(adapter, Guids("t"))
    zones = {o["GMNotes"]: o for o in objs if o["Name"] == "ScriptingTrigger"}
    a, b = zones["kaiju:0:engaged"]["Transform"], zones["kaiju:1:engaged"]["Transform"]
    assert (a["posX"], a["posZ"]) == (-b["posX"], -b["posZ"]) and a["posZ"] < 0 < b["posZ"]
    support = [s for s in snaps if s["Position"]["z"] == zones["kaiju:0:support"]["Transform"]["posZ"]]
    assert len(support) == 5 and all(s["Tags"] == ["kaiju"] for s in support)
    hands = [o for o in objs if o["Name"] == "HandTrigger"]
    assert sorted(h["FogColor"] for h in hands) == ["Red", "White"]


def test_shared_zone_is_not_duplicated():
    adapter = get_adapter("sakura-arms")
    objs, _ = table.zone_objects(adapter, Guids("t"))
    notes = [o.get("GMNotes") for o in objs]
    assert notes.count("sakura-arms:shared:distance") == 1 and "sakura-arms:1:distance" not in notes


def test_guids_are_deterministic_unique_hex():
    a, b = Guids("seed"), Guids("seed")
    first = [a.next() for _ in range(2000)]
    assert first == [b.next() for _ in range(2000)]
    assert len(set(first)) == 2000 and all(len(g) == 6 and int(g, 16) >= 0 for g in first)
