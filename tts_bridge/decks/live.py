"""`import-deck --live`: spawn the imported objects in a running TTS through the External
Editor API (Execute-Lua with spawnObjectJSON), then read back each object's GUID once it has
finished spawning (a spawned object's GUID is only final then). The object JSON reaches Lua
as a string literal made by `lua_string`, never spliced into code."""

from __future__ import annotations

import json
import time

from tts_bridge.glue import lua_string
from tts_bridge.protocol.link import EditorLink
from tts_bridge.protocol.transport import DEFAULT_LISTEN_PORT, DEFAULT_TTS_PORT, TTSStalled

_SPAWN = """_tts_bridge_imports = _tts_bridge_imports or {{}}
_tts_bridge_imports[{key}] = spawnObjectJSON({{json = {json}}})
return "spawning"
"""
_POLL = """local o = (_tts_bridge_imports or {{}})[{key}]
if o == nil or o.spawning then return "" end
return o.getGUID()
"""


def spawn_chunk(key: str, obj: dict) -> str:
    """The Execute-Lua code that spawns one saved object under `key`. `lua_string` makes a
    literal that MoonSharp reads back as exactly the JSON text; as an extra safety the JSON is
    pure ASCII as well (`ensure_ascii`: non-ASCII text travels as JSON `\\uXXXX` escapes, which
    spawnObjectJSON's object-state parser reads like a save file). Note for anyone tempted to
    route this JSON through MoonSharp's own JSON reader instead (MOON Serialization/Json/
    JsonTableConverter.cs uses the Lua Lexer, whose LexerUtils.UnescapeLuaString wants `\\u{`):
    that reader would reject `\\uXXXX`."""
    return _SPAWN.format(key=lua_string(key), json=lua_string(json.dumps(obj, ensure_ascii=True)))


def poll_chunk(key: str) -> str:
    """The Execute-Lua code that answers the GUID of the object spawned under `key` once it has
    finished spawning, "" until then."""
    return _POLL.format(key=lua_string(key))


def spawn_live(saved: dict, listen_port: int = DEFAULT_LISTEN_PORT, tts_port: int = DEFAULT_TTS_PORT,
               timeout: float = 20.0) -> list[str]:
    """Spawn every object of a saved object in TTS; returns their final GUIDs in order."""
    link = EditorLink(listen_port=listen_port, tts_port=tts_port, retry_for=min(timeout, 10.0)).start()
    try:
        guids = []
        for n, obj in enumerate(saved["ObjectStates"]):
            key = f"import-{time.time_ns()}-{n}"
            link.execute_lua(spawn_chunk(key, obj), timeout=timeout)
            deadline = time.monotonic() + timeout
            while not (guid := link.execute_lua(poll_chunk(key), timeout=timeout)):
                if time.monotonic() > deadline:
                    raise TTSStalled(f"object {n + 1} did not finish spawning within {timeout:g} s")
                time.sleep(0.05)
            guids.append(guid)
        return guids
    finally:
        link.close()
