"""The Global Lua/XmlUI glue embedded in generated tables (tts_bridge/glue.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from lupa import lua52

from tts_bridge.emulator.luaenv import LuaVM
from tts_bridge.glue import MARKER, lua_string, render_global_lua, render_global_xmlui, table_game

NASTY = ['plain', 'q"uote', "a]]b", "c]==]d", "line\nbreak\r\n", "漢字 ü é", "back\\slash", "\x00nul", "--[[ x"]


def test_global_script_carries_the_marker_and_names_its_game():
    script = render_global_lua("kaiju")
    assert script.splitlines()[0] == f"{MARKER}kaiju"
    assert table_game(script) == "kaiju"
    assert table_game("function onLoad() end") is None


def test_global_script_compiles_as_lua_5_2_without_moonsharp_only_syntax():
    runtime = lua52.LuaRuntime()
    fn = runtime.globals().load(render_global_lua("kaiju"), "=glue")
    assert fn is not None and not isinstance(fn, tuple)


def test_xmlui_is_well_formed_and_marked():
    ui = render_global_xmlui("kaiju")
    root = ET.fromstring(f"<root>{ui}</root>")
    assert root.find(".//*[@id='tb_status']") is not None
    assert "tts-bridge table: kaiju" in ui


@pytest.mark.parametrize("text", NASTY)
def test_lua_string_literal_round_trips_any_text(text):
    """Read the MoonSharp way (tts_bridge.emulator.moonsharp), the literal is the text again."""
    from tts_bridge.emulator.moonsharp import translate

    runtime = lua52.LuaRuntime(encoding=None)
    value = runtime.eval(translate(lua_string(text)))
    assert value.decode("utf-8") == text


def test_bad_game_ids_never_reach_the_template():
    for bad in ('kaiju"; os.exit() --', "KAIJU", "", "a b"):
        with pytest.raises(ValueError, match="invalid game id"):
            render_global_lua(bad)


def test_from_lua_maps_tables_like_tts():
    vm = lua52.LuaRuntime()
    assert LuaVM.from_lua(vm.eval("{1, 2, 3}")) == [1, 2, 3]
    assert LuaVM.from_lua(vm.eval("{a = 1, [2] = 'x'}")) == {"a": 1, "2": "x"}
    assert LuaVM.from_lua(vm.eval("{}")) == {}


def test_batches_that_arrive_out_of_order_are_run_in_order_and_none_is_lost():
    """Messages to TTS may be reordered (protocol reference, section 6): a batch that arrives
    before an earlier one waits for it instead of making the earlier one look stale."""
    import time

    from tts_bridge.emulator import TTSEmulator
    from tts_bridge.glue import render_global_lua
    from tts_bridge.protocol.transport import free_port

    emu = TTSEmulator(editor_port=free_port(), seed=1)
    try:
        emu.load({"SaveName": "t", "LuaScript": render_global_lua("kaiju"), "LuaScriptState": "",
                  "XmlUI": "", "ObjectStates": []})

        def custom(payload):
            emu._receive({"messageID": 2, "customMessage": payload})

        def batch(n, text):
            return {"cmd": "batch", "token": "tok", "n": n,
                    "cmds": [{"op": "message", "color": "White", "text": text}]}

        custom({"cmd": "hello", "token": "tok", "seats": {"White": 0, "Red": 1}})
        custom(batch(2, "second"))
        custom(batch(1, "first"))
        custom(batch(1, "first"))  # a duplicate is ignored
        custom(batch(3, "third"))
        end = time.monotonic() + 5
        while len(emu.messages.get("White", [])) < 3 and time.monotonic() < end:
            time.sleep(0.01)
        assert emu.messages["White"] == ["first", "second", "third"]
    finally:
        emu.close()
