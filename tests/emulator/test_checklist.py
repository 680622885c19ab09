"""The emulator reproduces the 18-item checklist of tts-external-editor-api.md section 6."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest

from tts_bridge.emulator import TTSEmulator
from tts_bridge.protocol import messages as m
from tts_bridge.protocol.link import EditorLink, LuaFailed
from tts_bridge.protocol.transport import Listener, free_port

SCRIPT = r'''
counter = counter or 0
function onLoad(state)
  print("loaded " .. tostring(state))
end
function onExternalMessage(data)
  counter = counter + 1
  sendExternalMessage({echo = data.text, n = counter, empty = {}, three = 3})
end
function onPlayerAction(player, action, targets)
  if action == Player.Action.PickUp and targets[1].getName() == "glued" then return false end
  return true
end
function onObjectDrop(color, obj)
  local p = obj.pick_up_position
  sendExternalMessage({drop = color, guid = obj.getGUID(), fx = p.x, fz = p.z, x = obj.getPosition().x})
end
function onObjectRotate(obj, spin, flip, color, old_spin, old_flip)
  sendExternalMessage({rotated = obj.getGUID(), flip = flip, old_flip = old_flip})
end
function onObjectFlip() sendExternalMessage({bad = "onObjectFlip must never be called"}) end
function onSave() return "saved-state" end
'''

NAMES = "Odd \"name\"\nwith / slashes \\ and 漢字"


def save(objects=None, script=SCRIPT, ui=""):
    return {"SaveName": "t", "LuaScript": script, "LuaScriptState": "", "XmlUI": ui,
            "ObjectStates": objects if objects is not None else [
                {"GUID": "aaaaaa", "Name": "Card", "Nickname": "loose", "Transform": {"posX": 0, "posY": 1, "posZ": 0}},
                {"GUID": "bbbbbb", "Name": "Card", "Nickname": "glued", "Transform": {"posX": 3, "posY": 1, "posZ": 0}},
                {"GUID": "cccccc", "Name": "Custom_Token", "Nickname": NAMES, "LuaScript": "-- token", "XmlUI": "",
                 "Transform": {"posX": 6, "posY": 1, "posZ": 0}},
            ]}


class Peer:
    """The bridge side: an EditorLink collecting everything the emulator says."""

    def __init__(self) -> None:
        self.got: list = []
        self.cond = threading.Condition()
        self.link = EditorLink(self._on, listen_port=0, tts_port=1, retry_for=2.0).start()
        self.emu = TTSEmulator(editor_port=self.link.listen_port, seed=5)

    def _on(self, msg) -> None:
        with self.cond:
            self.got.append(msg)
            self.cond.notify_all()

    def load(self, data=None) -> None:
        self.emu.load(data or save())
        self.link.sender.port = self.emu.tts_port

    def wait(self, pred, timeout=5.0):
        with self.cond:
            assert self.cond.wait_for(lambda: any(pred(x) for x in self.got), timeout), self.got
            return [x for x in self.got if pred(x)]

    def customs(self):
        return [x.custom for x in self.got if isinstance(x, m.CustomMessage)]

    def close(self) -> None:
        self.emu.close()
        self.link.close()


@pytest.fixture
def peer():
    p = Peer()
    yield p
    p.close()


def test_1_port_refuses_until_a_game_is_loaded(peer):
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", free_port()), timeout=1)
    assert peer.emu.listener is None  # no game: nothing listening
    peer.load()
    socket.create_connection(("127.0.0.1", peer.emu.tts_port), timeout=1).close()
    peer.emu.unload()
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", peer.emu.tts_port), timeout=1)


def test_2_3_4_complete_object_without_eof_lenient_json_no_reply(peer):
    peer.load()
    s = socket.create_connection(("127.0.0.1", peer.emu.tts_port))
    s.sendall(b'{ messageID: 2, customMessage: {"text": "open socket"} }')  # lenient, socket left open
    peer.wait(lambda x: isinstance(x, m.CustomMessage) and x.custom.get("echo") == "open socket")
    s.settimeout(1.0)
    assert s.recv(10) == b""  # TTS never writes back; it closed the connection
    s.close()
    for junk in (b"not json at all", b'{"messageID": 42}', b'{"messageID": 2, "customMessage": [1, 2]}'):
        with socket.create_connection(("127.0.0.1", peer.emu.tts_port)) as c:
            c.sendall(junk)
    peer.link.send_custom({"text": "after junk"})
    peer.wait(lambda x: isinstance(x, m.CustomMessage) and x.custom.get("echo") == "after junk")
    assert [c["n"] for c in peer.customs()] == [1, 2]  # the junk changed nothing


def test_5_outbound_dropped_when_nobody_listens():
    emu = TTSEmulator(editor_port=free_port())
    try:
        emu.load(save())
        assert emu.outbox.wait_idle(5)
        assert emu.outbox.dropped >= 1 and emu.outbox.sent == 0
    finally:
        emu.close()


def test_6_chunked_reordered_and_duplicated_modes_deliver_everything(peer):
    peer.load()
    peer.emu.set_mode(chunked=True, reorder=True, duplicate=True)
    for i in range(30):
        peer.link.send_custom({"text": f"m{i}"})
    peer.wait(lambda x: len(peer.customs()) >= 60, timeout=10)
    echoes = [c["echo"] for c in peer.customs()]
    assert sorted(set(echoes)) == sorted(f"m{i}" for i in range(30))
    assert len(echoes) == 60  # each message twice: the bridge must de-duplicate


def test_7_stuck_mode_stops_accepting(peer):
    peer.load()
    peer.emu.set_mode(stuck=True)
    before = len(peer.customs())
    peer.link.send_custom({"text": "while stuck"})
    time.sleep(0.3)
    assert len(peer.customs()) == before
    peer.emu.set_mode(stuck=False)
    peer.wait(lambda x: isinstance(x, m.CustomMessage) and x.custom.get("echo") == "while stuck")


def test_8_and_14_script_dump_lists_global_first_and_awkward_names(peer):
    peer.load(save(ui="<Panel/>"))
    dump = peer.link.get_scripts()
    states = dump.script_states
    assert states[0].guid == "-1" and states[0].name == "Global" and states[0].ui == "<Panel/>"
    assert [s.guid for s in states] == ["-1", "cccccc"]  # only objects with a script or UI
    assert states[1].name == NAMES
    assert dump.save_path


def test_9_save_and_play_replaces_scripts_resets_state_and_reloads(peer):
    peer.load()
    card = peer.emu.by_guid("aaaaaa")
    assert peer.emu.move_as("White", "aaaaaa", [9, 1, 9])
    assert card.pos == [9, 1, 9]
    new = SCRIPT.replace('print("loaded "', 'print("reloaded "')
    peer.link.save_and_play([m.ScriptState("Global", "-1", new, "<Text>hi</Text>"), m.ScriptState("tok", "cccccc", "")])
    peer.wait(lambda x: isinstance(x, m.PrintMessage) and x.message.startswith("reloaded"))
    dump = peer.wait(lambda x: isinstance(x, m.ScriptDump) and "reloaded" in x.global_state().script)[-1]
    assert [s.guid for s in dump.script_states] == ["-1"]  # the token's script was deleted
    assert peer.emu.by_guid("aaaaaa").pos == [0.0, 1.0, 0.0]  # non-script changes discarded


def test_10_custom_message_reaches_on_external_message_only_if_object(peer):
    peer.load()
    peer.link.sender.send({"messageID": 2, "customMessage": "not a table"})
    peer.link.send_custom({"text": "ok"})
    peer.wait(lambda x: isinstance(x, m.CustomMessage))
    assert [c["echo"] for c in peer.customs()] == ["ok"]


def test_11_execute_lua_results_errors_and_persistent_globals(peer):
    peer.load()
    assert peer.link.execute_lua("helper = function(x) return x * 2 end") is None  # no returnValue
    assert peer.link.execute_lua("return JSON.encode({v = helper(21)})") == {"v": 42}
    with pytest.raises(LuaFailed) as err:
        peer.link.execute_lua("return nothing.here")
    assert "<executeScript>" in str(err.value) and "chunk_1:(1," in str(err.value)
    with pytest.raises(LuaFailed):
        peer.link.execute_lua("return 1", guid="aaaaaa")  # an object without a script
    errors = peer.wait(lambda x: isinstance(x, m.LuaError) and x.guid == "aaaaaa")
    assert "Object reference not set to an instance of an object" in errors[0].error


def test_12_print_error_custom_save_and_created_messages(peer):
    peer.load()
    peer.wait(lambda x: isinstance(x, m.PrintMessage) and x.message.startswith("loaded"))
    peer.emu.save()
    peer.wait(lambda x: isinstance(x, m.GameSaved) and x.save_path)
    obj = peer.emu.player_created({"Name": "Die_6"}, [1, 1, 1])
    peer.wait(lambda x: isinstance(x, m.ObjectCreated) and x.guid == obj.guid)
    peer.link.sender.send(m.execute_lua("error('kaboom')", 9))
    peer.wait(lambda x: isinstance(x, m.LuaError) and "kaboom" in x.error)


def test_13_numbers_and_empty_tables_are_encoded_either_way(peer):
    peer.load()
    raw: list = []
    orig = peer.link.listener.on_message
    peer.link.listener.on_message = lambda d: (raw.append(d), orig(d))
    for i in range(24):
        peer.link.send_custom({"text": str(i)})
    peer.wait(lambda x: len(peer.customs()) >= 24)
    customs = [d["customMessage"] for d in raw if d.get("messageID") == 4]
    assert {type(c["three"]) for c in customs} == {int, float}
    assert {json.dumps(c["empty"]) for c in customs} == {"{}", "[]"}
    assert all(c["three"] == 3 for c in peer.customs())  # the parser accepts both


def test_15_pickups_can_be_vetoed_drops_cannot(peer):
    peer.load()
    assert peer.emu.pick_up("Red", "bbbbbb") is False  # onPlayerAction returned false
    assert peer.emu.by_guid("bbbbbb").held_by is None
    assert peer.emu.pick_up("Red", "aaaaaa") is True
    peer.emu.drop("Red", "aaaaaa", {"x": 4, "y": 1, "z": -2})
    drop = peer.wait(lambda x: isinstance(x, m.CustomMessage) and "drop" in x.custom)[0].custom
    assert drop == {"drop": "Red", "guid": "aaaaaa", "fx": 0, "fz": 0, "x": 4}
    assert peer.emu.by_guid("aaaaaa").pos == [4.0, 1.0, -2.0]  # the drop happened regardless


def test_16_flips_come_through_rotation_never_on_object_flip(peer):
    peer.load()
    assert peer.emu.flip("White", "aaaaaa")
    rot = peer.wait(lambda x: isinstance(x, m.CustomMessage) and "rotated" in x.custom)[0].custom
    assert rot["flip"] == 180 and rot["old_flip"] == 0
    assert peer.emu.by_guid("aaaaaa").is_face_down
    assert not any("bad" in c for c in peer.customs())


def test_17_spawn_guid_is_final_only_after_spawning(peer):
    peer.load()
    peer.link.execute_lua("""
      spawned = spawnObjectData({data = {Name = "Card", GUID = "aaaaaa", Nickname = "new"},
        callback_function = function(o) final = o.getGUID() end})
      early = spawned.getGUID()
      early_spawning = spawned.spawning
    """)
    peer.emu.step(3)
    got = peer.link.execute_lua("return JSON.encode({early = early, final = final, was = early_spawning})")
    assert got["early"] == "aaaaaa" and got["was"] is True
    assert got["final"] != "aaaaaa" and len(got["final"]) == 6  # the clash was replaced


def test_18_only_one_listener_may_own_the_editor_port(peer):
    with pytest.raises(OSError):
        Listener(peer.link.listen_port, lambda d: None).start()


def test_sandbox_is_moonsharp_like(peer):
    peer.load()
    got = peer.link.execute_lua("return JSON.encode({load = type(load), io = type(io), req = type(require), "
                                "exec = type(os.execute), time = type(os.time), bit = type(bit32)})")
    assert got == {"load": "nil", "io": "nil", "req": "nil", "exec": "nil", "time": "function", "bit": "table"}


def test_containers_veto_entry_and_report_leaving(peer):
    script = SCRIPT + r'''
function tryObjectEnterContainer(container, obj)
  return allow_enter == true
end
function onObjectEnterContainer(container, obj) sendExternalMessage({entered = obj.getName()}) end
function onObjectLeaveContainer(container, obj) sendExternalMessage({left = obj.getName()}) end
'''
    objects = save()["ObjectStates"] + [{"GUID": "dddddd", "Name": "Deck", "Nickname": "pile",
                                         "Transform": {"posX": 10, "posY": 1, "posZ": 10}}]
    peer.load(save(objects, script))
    assert peer.emu.move_as("White", "aaaaaa", [10, 1, 10])   # vetoed: stays on the table
    assert peer.emu.by_guid("aaaaaa").pos == [10.0, 1.0, 10.0]
    peer.link.execute_lua("allow_enter = true")
    assert peer.emu.move_as("White", "aaaaaa", [10.2, 1, 9.9])  # accepted: gone into the deck
    assert peer.emu.by_guid("aaaaaa") is None
    peer.wait(lambda x: isinstance(x, m.CustomMessage) and x.custom.get("entered") == "loose")
    taken = peer.emu.take_from("White", "dddddd", [0, 1, 5])
    assert taken.nickname == "loose"
    peer.wait(lambda x: isinstance(x, m.CustomMessage) and x.custom.get("left") == "loose")


def test_our_glue_ignores_duplicate_and_tokenless_batches(peer):
    from tts_bridge.glue import render_global_lua

    peer.load(save(script=render_global_lua("kaiju")))
    peer.link.send_custom({"cmd": "hello", "token": "T", "seats": {"White": 0}})
    # each message is its own connection, which TTS (and the emulator) may run in either order:
    # like the session's handshake, wait until our Lua holds the token before the first batch
    deadline = time.monotonic() + 5
    while not peer.link.execute_lua("return TTSBridgeInfo()").get("has_token"):
        assert time.monotonic() < deadline, "the glue never took the token"
        time.sleep(0.02)
    batch = {"cmd": "batch", "token": "T", "n": 1, "cmds": [{"op": "spawn", "ref": "c1", "data": {"Name": "Card", "Nickname": "x"}}]}
    peer.link.send_custom(batch)
    peer.link.send_custom(batch)                          # duplicate
    peer.link.send_custom({**batch, "n": 2, "token": "forged"})  # not our token
    peer.link.send_custom({**batch, "n": 3, "token": None})
    peer.wait(lambda x: isinstance(x, m.CustomMessage) and x.custom.get("event") == "spawned")
    peer.emu.step(3)
    info = peer.link.execute_lua("return TTSBridgeInfo()")
    assert info["last_batch"] == 1 and info["objects"] == 1
    assert len(peer.emu.by_name("x")) == 1
