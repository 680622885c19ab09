"""The emulator follows MoonSharp's string semantics (tts_bridge/emulator/moonsharp.py):
escapes make UTF-16 characters, `#` and string.len count UTF-16 code units."""

from __future__ import annotations


import pytest
from hypothesis import given, settings, strategies as st
from lupa import lua52

from tts_bridge.emulator import TTSEmulator
from tts_bridge.emulator.luaenv import LuaVM
from tts_bridge.emulator.moonsharp import _rewrite, translate, unescape
from tts_bridge.glue import lua_string, render_global_lua
from tts_bridge.protocol.transport import free_port

TEXTS = ["☆", "±1", "《装甲》", "→ ↔", "😀 🀄 👍🏽", "漢字 かな カナ 한글", "“double” ‘single’ 「括弧」",
         "line\nbreak\r\n\ttab", 'q"uote \\ ]]', "\x00nul \x01 \x7f", "é\u0301 combining", "digits after \x01" + "123"]


class _Api:
    vm = None

    def action_enum(self):
        return self.vm.to_lua({})


@pytest.fixture(scope="module")
def vm():
    return LuaVM(_Api())


def run(vm, code):
    return vm.run(code, "chunk_0")


def test_length_counts_utf16_code_units(vm):
    assert run(vm, 'return #"\\u{1F600}"') == 2          # one astral code point: a surrogate pair
    assert run(vm, 'return #"é"') == 1                   # raw in the source
    assert run(vm, 'return #"\\u{E9}"') == 1
    assert run(vm, 'return #"☆《》±"') == 4
    assert run(vm, 'return #"abc"') == 3
    assert run(vm, 'return string.len("😀é"), ("😀é"):len(), string.len(12.5)') == (3, 3, 4)
    assert run(vm, 'return getmetatable("").__index.len == string.len') is True


def test_decimal_and_hex_escapes_are_characters_not_bytes(vm):
    # MOON LexerUtils.UnescapeLuaString appends ConvertUtf32ToChar(i): "\226" is U+00E2
    assert run(vm, 'return "\\226" == "\\u{E2}"') is True
    assert run(vm, 'return "\\226"') == "\u00e2"
    assert run(vm, 'return "\\xE2" == "\\226", #"\\226\\152\\134"') == (True, 3)
    assert run(vm, 'return "\\u{1F600}"') == "😀"
    assert run(vm, 'return "\\65\\0659\\x41\\z   \n  B"') == "AA9AB"


@pytest.mark.parametrize("text", TEXTS)
def test_lua_string_round_trips_through_the_emulator(vm, text):
    assert run(vm, f"return {lua_string(text)}") == text
    assert run(vm, f"return #{lua_string(text)}") == len(text.encode("utf-16-le")) // 2


def test_lua_string_writes_astral_characters_as_one_escape():
    # MOON ConvertUtf32ToChar is char.ConvertFromUtf32: it makes the surrogate pair itself,
    # and throws on a surrogate code point, so `\u{D83D}\u{DE00}` would not compile
    assert lua_string("😀") == '"\\u{1F600}"'
    assert lua_string("a\u00e9\n") == '"a\\u{E9}\\n"'
    assert lua_string("\x01" + "2") == '"\\0012"'
    with pytest.raises(ValueError, match="surrogate"):
        lua_string("\ud83d")


def test_table_length_is_unchanged(vm):
    assert run(vm, "return #{1, 2, 3}, #{}, #{n = 1}") == (3, 0, 0)
    assert run(vm, "local t = setmetatable({}, {__len = function() return 42 end}) return #t") == 42
    assert run(vm, "local t = {} for i = 1, 10 do t[#t + 1] = i end return #t, t[#t]") == (10, 10)


def test_length_operand_and_precedence(vm):
    assert run(vm, 'local t = {x = {"héllo"}} return #t.x[1]') == 5
    assert run(vm, 'local s = "ab" return #s .. "x"') == "2x"
    assert run(vm, 'local t = {"é", "ab"} return #t[#t] + #t[1] * 2') == 4
    assert run(vm, 'local o = {f = function(self, n) return {n, n} end} return #o:f(1), #o:f"x"') == (2, 2)
    assert run(vm, 'local function f(t) return t end return #f{1, 2, 3}, #f"ab", -#"abc", not #"x"') == (3, 2, -3, False)
    assert run(vm, 'return #("a" .. "é"), #{1} == 1') == (2, True)
    with pytest.raises(lua52.LuaError, match=r"chunk_0:\(2,0-0\): attempt to get length of a number value"):
        run(vm, 'local a = "12"\nreturn #a^2')  # `^` binds tighter than `#`: #(a^2)
    with pytest.raises(lua52.LuaError, match=r"chunk_0:\(1,0-0\): attempt to get length of a nil value"):
        run(vm, "return #nil")


def test_translate_rewrites_only_code():
    assert translate("x = #t") == "x = (__tts_len(t))"
    assert translate("x = #a^2") == "x = (__tts_len(a^2))"
    assert translate("x = #s .. 'x'") == "x = (__tts_len(s)) .. 'x'"
    keep = 's = [==[ #x \\226 ]==] -- #y "\\226"\n--[[ #z ]] t = "#"'
    assert translate(keep) == keep
    assert translate("if a != b then end") == "if a ~= b then end"  # MOON Lexer: `!=` is `~=`


def test_translate_keeps_line_numbers_and_never_raises(vm):
    code = 'local s = "a\\\nb\\z\n\n   c"\nerror("here")'
    assert translate(code).count("\n") == code.count("\n")
    assert run(vm, 'return "a\\\nb\\z\n\n   c"') == "a\nbc"
    with pytest.raises(lua52.LuaError, match=r"\(5,0-0\): here"):
        run(vm, code)
    for odd in ['x = #', 'x = "\\q"', 'x = "\\u{D83D}"', "x = [[ unfinished", "x = #)", "x = ( #t", "é = 1", "#!"]:
        assert isinstance(translate(odd), str)
    with pytest.raises(lua52.LuaError, match="chunk_0"):
        run(vm, 'return "\\u{D83D}"')  # MoonSharp rejects a surrogate escape; so does the emulator


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('#"\'\\[]=-{}()^.:;,ab1 \nuxz{}\u00e9')), max_size=40))
def test_translate_never_raises_on_any_input(source):
    assert isinstance(translate(source), str)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30))
def test_any_text_round_trips(vm, text):
    assert run(vm, f"return {lua_string(text)}") == text


def test_unescape_follows_moonsharp():
    assert unescape("\\65\\0659") == "AA9"
    assert unescape("\\[\\]\\/") == "[]/"  # MoonSharp-only escapes
    assert unescape("\\u{ 41 }") == "A"     # int.Parse(HexNumber) allows white space around
    assert unescape("a\\z  \\n  b") == "a\nb"  # MoonSharp keeps skipping after \n in \z mode


def test_translate_rewrites_every_length_operator_of_the_glue():
    """The glue uses `#`; every length operator becomes __tts_len and nothing else changes
    line count (speed is not a test's business: tests never time things)."""
    glue = render_global_lua("kaiju")
    assert "#" in glue
    out = _rewrite(glue)  # uncached
    assert "__tts_len(" in out
    assert out.count("\n") == glue.count("\n")
    assert out.count("__tts_len(") == glue.count("#") - out.count("#")


def test_the_emulator_runs_execute_lua_with_moonsharp_strings():
    emu = TTSEmulator(editor_port=free_port(), seed=1)
    try:
        emu.load({"SaveName": "t", "LuaScript": 'N = #"\\u{1F600}☆"', "LuaScriptState": "", "XmlUI": "",
                  "ObjectStates": []})
        assert emu.vm.globals["N"] == 3
        assert emu.vm.run('return "\\226" == "\\u{E2}" and #"\\226" or -1', "chunk_1") == 1
    finally:
        emu.close()
