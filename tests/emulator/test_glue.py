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
    runtime = lua52.LuaRuntime(encoding=None)
    value = runtime.eval(lua_string(text))
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
