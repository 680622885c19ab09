"""The generated glue under every plausible behaviour of undocumented TTS facts, and the
emulator's model of the documented ones (tts_bridge/emulator/facts.py)."""

from __future__ import annotations

import copy
import json

import pytest

from tts_bridge.emulator import TTSEmulator, facts
from tts_bridge.emulator import table as emu_table
from tts_bridge.protocol.transport import free_port
from tts_bridge.session.session import table_faces


def _emulator(save: dict, **variants: str) -> TTSEmulator:
    emu = TTSEmulator(editor_port=free_port(), seed=3, variants=variants or None)
    emu.load(copy.deepcopy(save))
    return emu


def _lua(emu: TTSEmulator, code: str):
    with emu.lock:
        return emu.vm.run(code, "test")


def _batch(emu: TTSEmulator, token: str, n: int, cmds: list[dict]) -> None:
    with emu.lock:
        emu.vm.call("onExternalMessage", emu.vm.to_lua({"cmd": "batch", "token": token, "n": n, "cmds": cmds}))


def _hello(emu: TTSEmulator, token: str = "t0k") -> str:
    with emu.lock:
        emu.vm.call("onExternalMessage", emu.vm.to_lua({"cmd": "hello", "token": token, "seats": {"White": 0, "Red": 1}}))
    return token


def _spawn_card(emu: TTSEmulator, token: str, n: int, ref: str = "c1", pos=(0.0, 1.5, -5.0)) -> str:
    data = {"Name": "Card", "Nickname": "Probe card", "Tags": ["tts-bridge"], "Hands": True}
    _batch(emu, token, n, [{"op": "spawn", "ref": ref, "data": data, "pos": dict(zip("xyz", pos)),
                             "rot": {"x": 0, "y": 180, "z": 0}}])
    emu.step(3)
    return _lua(emu, f'return TTSBridge.refs["{ref}"]')


@pytest.mark.parametrize("variant", sorted(facts.BY_ID["json_number_keys"].variants))
def test_card_faces_survive_every_json_encoding_of_number_keys(generated_save, variant):
    """Fact json_number_keys is undocumented: under each behaviour TTSBridgeFaces() still hands
    the bridge every face of the save's decks, with the sheet URL (no blank referee card)."""
    save = generated_save("kaiju")
    emu = _emulator(save, json_number_keys=variant)
    try:
        faces = table_faces(json.loads(_lua(emu, "return TTSBridgeFaces()")))
    finally:
        emu.close()
    sheet_urls = {d["FaceURL"] for o in save["ObjectStates"] if o["Name"] == "Deck"
                  for d in o["CustomDeck"].values()}
    in_decks = {c["GMNotes"] for o in save["ObjectStates"] if o["Name"] == "Deck"
                for c in o["ContainedObjects"] if c.get("GMNotes")}
    assert in_decks and set(faces) == in_decks
    for face in faces.values():
        deck = face["CustomDeck"][str(face["CardID"] // 100)]
        assert deck["FaceURL"] in sheet_urls


def test_get_data_keys_custom_decks_by_number(generated_save):
    """Fact customdeck_keys_are_numbers (Decker compares the keys with >= against numbers)."""
    emu = _emulator(generated_save("kaiju"))
    try:
        kinds = _lua(emu, "for _, o in ipairs(getAllObjects()) do if o.type == 'Deck' then\n"
                          "  for k, _ in pairs(o.getData().CustomDeck) do return type(k) end end end")
    finally:
        emu.close()
    assert kinds == "number"


@pytest.mark.parametrize("variant", sorted(facts.BY_ID["player_action_type"].variants))
def test_pick_up_veto_works_whatever_player_action_is(generated_save, variant):
    """Fact player_action_type is undocumented: a referee card nobody may move is refused both
    when Player.Action is a table and when it is a userdata that pairs() cannot walk."""
    emu = _emulator(generated_save("kaiju"), player_action_type=variant)
    try:
        token = _hello(emu)
        guid = _spawn_card(emu, token, 1)
        assert guid
        assert emu.pick_up("White", guid) is False
        assert not emu.errors
    finally:
        emu.close()


def test_q_and_e_spins_of_referee_cards_are_refused(generated_save):
    """A Gundam War roll or a Vividz sleep done by hand would desync the table: the glue
    refuses Q/E (onPlayerAction and tryObjectRotate), and a rotation no handler could stop
    (the gizmo) is reported so the bridge lays the card back."""
    emu = _emulator(generated_save("kaiju"))
    try:
        token = _hello(emu)
        guid = _spawn_card(emu, token, 1)
        assert emu.spin("White", guid, 90) is False
        assert emu.by_guid(guid).rot[1] == 180
        before = len(emu.external)
        emu.gizmo_rotate("White", guid, 90)
        spun = [e for e in emu.external[before:] if e.get("event") == "spin"]
        assert spun and spun[0]["ref"] == "c1"
    finally:
        emu.close()


def test_a_failing_command_does_not_drop_the_rest_of_its_batch(generated_save):
    """An error inside a batch (here a command on a destroyed object) is reported to the
    bridge and the commands after it still run; the batch is acknowledged."""
    emu = _emulator(generated_save("kaiju"))
    try:
        token = _hello(emu)
        guid = _spawn_card(emu, token, 1)
        stale = {"op": "move", "ref": "c1", "pos": {"x": 1, "y": 1.5, "z": 1}}
        with emu.lock:
            emu.by_guid(guid).destroyed = True  # gone behind the glue's back (a merge, a script)
        _batch(emu, token, 2, [{"op": "label", "ref": "c1", "name": "x"}, stale,
                               {"op": "message", "color": "White", "text": "after the error"}])
        events = [e.get("event") for e in emu.external]
        assert "error" in events
        assert [e["n"] for e in emu.external if e.get("event") == "ack"][-1] == 2
        assert "after the error" in emu.messages.get("White", [])
    finally:
        emu.close()


def test_on_load_pings_without_a_token(generated_save):
    """onLoad runs again after a rewind in a fresh state (fact onload_reruns_on_rewind): it
    sends a tokenless 'loaded' ping so the bridge can re-handshake."""
    emu = _emulator(generated_save("kaiju"))
    try:
        pings = [e for e in emu.external if e.get("event") == "loaded"]
    finally:
        emu.close()
    assert pings == [{"event": "loaded", "game": "kaiju"}]


@pytest.mark.parametrize("units", [14.0, 20.0, 31.5])
def test_board_is_sized_from_its_bounds_whatever_the_scale_1_size(generated_save, monkeypatch, units):
    """A board's world size at scale 1 is undocumented: onLoad measures getBounds() and
    rescales the board to the size the save notes, so its art lines up with the zones."""
    monkeypatch.setattr(emu_table, "BOARD_UNITS_AT_SCALE_1", units)
    emu = _emulator(generated_save("kaiju"))
    try:
        emu.step(emu_table.CUSTOM_LOAD_FRAMES + 3)  # its image loads after onLoad (custom_content_loads_later)
        board = next(o for o in emu.live_objects() if o.kind == "Custom_Board")
        w, d = (float(v) for v in board.gm_notes.split()[-1].split("x"))
        size = board.bounds_size()
    finally:
        emu.close()
    assert max(size[0], size[2]) == pytest.approx(max(w, d), rel=0.01)


def test_emulator_types_are_categories_and_get_all_objects_skips_hands(generated_save):
    """Facts object_type_is_category and get_all_objects_skips_hands."""
    emu = _emulator(generated_save("kaiju"))
    try:
        types = _lua(emu, "local t = {}\nfor _, o in ipairs(getAllObjects()) do t[o.type] = true end\n"
                          "local out = {}\nfor k in pairs(t) do out[#out + 1] = k end\ntable.sort(out)\n"
                          "return table.concat(out, ',') .. ' hands=' .. #Hands.getHands()")
        raised = _lua(emu, "local o = getAllObjects()[1]\nreturn tostring(pcall(function() return o.nosuch end))")
    finally:
        emu.close()
    listed, hands = types.split(" hands=")
    assert "Hand" not in listed.split(",") and int(hands) == 2
    assert "Scripting" in listed.split(",") and "ScriptingTrigger" not in listed
    assert raised == "false"
