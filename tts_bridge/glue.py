"""The Lua and XmlUI glue embedded in every generated table (Global script and Global UI).

The asset pipeline writes these into table saves; `serve` checks the marker line
`-- tts-bridge table: <game_id>` in the Global script TTS reports, to know the loaded table is
ours and for which game. Values reach the templates as data only: the game id is validated and
every string spliced into Lua goes through `lua_string`, which is a safe Lua literal for any text.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import jinja2

GLUE_VERSION = 2  # 2: TTSBridgeInfo(nonce) echoes the bridge's nonce
MARKER = "-- tts-bridge table: "
TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
_GAME_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,40}$")


def lua_string(text: str) -> str:
    """A MoonSharp (TTS) string literal holding exactly `text`, made of printable ASCII only,
    so quotes, `]]`, newlines and non-ASCII text are all safe, whatever encoding carries it.

    MoonSharp strings are .NET UTF-16 strings, unescaped by MOON (github moonsharp-devs/
    moonsharp) src/MoonSharp.Interpreter/Tree/Lexer/LexerUtils.cs `UnescapeLuaString`:
    * `\\ddd` appends the *character* U+00dd (`sb.Append(ConvertUtf32ToChar(i))`), not a
      byte, so it is used only for ASCII control characters (where the two agree);
    * `\\u{XXXX}` appends `ConvertUtf32ToChar(int.Parse(val, HexNumber))`, which is
      `char.ConvertFromUtf32` (the non-ENABLE_DOTNET build TTS runs): a code point above
      U+FFFF becomes its surrogate pair, so `\\u{1F600}` is the right two-unit string, while
      a surrogate escape (`\\u{D83D}`) throws; so every non-ASCII code point is written as
      one `\\u{XXXX}`, and text holding a lone surrogate is refused (no escape can write it);
    * `\\"` and `\\\\` are the quote and the backslash; `\\n`, `\\r`, `\\t` the controls.
    The emulator reads the same literal through `tts_bridge.emulator.moonsharp.translate`."""
    controls = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
    out = ['"']
    for ch in text:
        code = ord(ch)
        if 32 <= code < 127:
            out.append("\\" + ch if ch in '"\\' else ch)
        elif ch in controls:
            out.append(controls[ch])
        elif code < 128:
            out.append(f"\\{code:03d}")  # three digits, so a following digit is not read into it
        elif 0xD800 <= code <= 0xDFFF:
            raise ValueError(f"text holds a lone surrogate U+{code:04X}, which no TTS string can hold")
        else:
            out.append(f"\\u{{{code:X}}}")
    out.append('"')
    return "".join(out)


@lru_cache(maxsize=None)
def _env(lua: bool = False) -> jinja2.Environment:
    """Jinja2 over `templates/`; Lua templates use `<< x >>` because Lua itself is full of `{{`."""
    extra = dict(variable_start_string="<<", variable_end_string=">>", block_start_string="<%",
                 block_end_string="%>", comment_start_string="<#", comment_end_string="#>") if lua else {}
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=False,
                              undefined=jinja2.StrictUndefined, keep_trailing_newline=True, **extra)


def _check(game_id: str) -> str:
    if not isinstance(game_id, str) or not _GAME_ID.match(game_id):
        raise ValueError(f"invalid game id {game_id!r}: expected lowercase letters, digits, '-' or '_'")
    return game_id


def _title(game_id: str) -> str:
    try:
        from engine.core.registry import get_rules
        return get_rules(game_id).name
    except KeyError:
        return game_id


def render_global_lua(game_id: str) -> str:
    """The Global Lua script of `game_id`'s table (starts with the marker line)."""
    game_id = _check(game_id)
    return _env(True).get_template("lua/global.lua.j2").render(
        game_id=game_id, game_id_lua=lua_string(game_id), title_lua=lua_string(_title(game_id)),
        glue_version=GLUE_VERSION)


def render_global_xmlui(game_id: str) -> str:
    """The Global XmlUI of `game_id`'s table: the referee's status panel placeholder."""
    game_id = _check(game_id)
    title = _title(game_id).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _env().get_template("xmlui/global.xml.j2").render(game_id=game_id, title=title)


def table_game(global_script: str | None) -> str | None:
    """The game id named by the marker in a Global script, or None if it is not our table."""
    for line in (global_script or "").splitlines()[:5]:
        if line.startswith(MARKER):
            return line[len(MARKER):].strip() or None
    return None
