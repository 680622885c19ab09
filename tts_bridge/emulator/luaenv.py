"""A Lua 5.2 VM (lupa.lua52, the dialect TTS's MoonSharp follows) sandboxed like TTS.

Only what MoonSharp offers is left visible (no load/loadstring/dofile/require/io/debug, `os`
reduced to clock/date/time/difftime). Objects are Lua proxies whose fields and methods are
served by the Python table model, so `obj.getGUID()` and `obj.pick_up_position` behave as in
TTS. Values cross the boundary as plain data: `to_lua` and `from_lua`.
"""

from __future__ import annotations

import random
import re
from typing import Any, Callable

from lupa import lua52

PLAYER_ACTIONS = ("Copy", "Cut", "Delete", "FlipIncrementalLeft", "FlipIncrementalRight", "FlipOver", "Group",
                  "Paste", "PickUp", "Randomize", "RotateIncrementalLeft", "RotateIncrementalRight",
                  "RotateOver", "Select", "Under")

_PRELUDE = r"""
local api = ...
load, loadstring, dofile, require, io, debug, module, package, collectgarbage = nil
os = {clock = os.clock, date = os.date, time = os.time, difftime = os.difftime}
unpack = unpack or table.unpack

local ObjMT = {}
local cache = {}
ObjMT.__index = function(t, k)
  local uid = rawget(t, "__uid")
  local is_method, value = api.obj_get(uid, k)
  if is_method then
    return function(...) return api.obj_call(uid, k, ...) end
  end
  return value
end
ObjMT.__newindex = function(t, k, v) api.obj_set(rawget(t, "__uid"), k, v) end
ObjMT.__tostring = function(t) return "Object(" .. tostring(rawget(t, "__uid")) .. ")" end
function __tts_obj(uid)
  local o = cache[uid]
  if o == nil then
    o = setmetatable({__uid = uid}, ObjMT)
    cache[uid] = o
  end
  return o
end

function __tts_counter(uid)
  return {getValue = function() return api.counter_get(uid) end,
          setValue = function(v) return api.counter_set(uid, v) end,
          clear = function() return api.counter_set(uid, 0) end}
end

-- Player.Action: a table, or (fact player_action_type, undocumented) a userdata that pairs()
-- cannot walk; either way `Player.Action.PickUp` is the number onPlayerAction receives.
local actions = api.action_enum()
local players = {}
Player = setmetatable({Action = actions}, {__index = function(t, color)
  local p = players[color]
  if p == nil then
    p = {color = color, steam_name = color .. " player", seated = true,
         broadcast = function(msg, tint) api.broadcast(msg, color, tint) end,
         print = function(msg, tint) api.broadcast(msg, color, tint) end}
    players[color] = p
  end
  return p
end})

print = function(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[#parts + 1] = tostring((select(i, ...))) end
  api.print(table.concat(parts, " "))
end
log = print
broadcastToColor = function(msg, color, tint) return api.broadcast(tostring(msg), color, tint) end
printToColor = broadcastToColor
broadcastToAll = function(msg, tint) return api.broadcast(tostring(msg), nil, tint) end
printToAll = broadcastToAll
sendExternalMessage = function(t) return api.external(t) end
getObjectFromGUID = function(guid) return api.find(guid) end
getAllObjects = function() return api.all_objects() end
getObjects = getAllObjects
Hands = {getHands = function() return api.hand_zones() end}
spawnObjectData = function(p) return api.spawn(p) end
spawnObjectJSON = function(p)
  local copy = {}
  for k, v in pairs(p) do copy[k] = v end
  copy.data = JSON.decode(p.json)
  return api.spawn(copy)
end
JSON = {encode = function(v) return api.json_encode(v) end,
        encode_pretty = function(v) return api.json_encode(v) end,
        decode = function(s) return api.json_decode(s) end}
UI = {setXmlTable = function(t) return api.ui_set_table(t) end,
      getXmlTable = function() return api.ui_get_table() end,
      setAttribute = function(id, k, v) return api.ui_set_attribute(id, k, v) end,
      getAttribute = function(id, k) return api.ui_get_attribute(id, k) end,
      setValue = function(id, v) return api.ui_set_attribute(id, "__value", v) end,
      show = function(id) return api.ui_set_attribute(id, "active", "true") end,
      hide = function(id) return api.ui_set_attribute(id, "active", "false") end}
Wait = {frames = function(fn, n) return api.wait_frames(fn, n or 1) end,
        time = function(fn, secs, reps) return api.wait_frames(fn, math.max(1, math.floor((secs or 0) * 60))) end,
        condition = function(fn, cond) return api.wait_condition(fn, cond) end}
Global = setmetatable({}, {__index = function(t, k)
  if k == "getGUID" then return function() return "-1" end end
  if k == "call" then return function(name, arg) local f = _G[name]; if f then return f(arg) end end end
  if k == "UI" then return UI end
  return nil
end})
-- MoonSharp strings are UTF-16 (.NET): `#s` and string.len count UTF-16 code units (MOON
-- Execution/VM/Processor/Processor_InstructionLoop.cs ExecLen and CoreLib/StringModule.cs len
-- return String.Length). The emulator's strings hold UTF-8, so: every byte but continuation
-- bytes (0x80-0xBF) starts a character, and a 4-byte sequence (lead 0xF0-0xF7) is a
-- surrogate pair. moonsharp.translate turns every `#x` of a chunk into __tts_len(x).
local raw_len, find, gsub, type_, error_ = string.len, string.find, string.gsub, type, error
local function utf16_len(s)
  if not find(s, "[\128-\255]") then return raw_len(s) end
  local _, cont = gsub(s, "[\128-\191]", "")
  local _, astral = gsub(s, "[\240-\247]", "")
  return raw_len(s) - cont + astral
end
function __tts_len(v)
  local t = type_(v)
  if t == "string" then return utf16_len(v) end
  if t == "table" or t == "userdata" then return #v end
  error_("attempt to get length of a " .. t .. " value", 2)
end
string.len = function(s)
  if type_(s) == "number" then s = tostring(s) end
  if type_(s) ~= "string" then return raw_len(s) end
  return utf16_len(s)
end
getmetatable("").__index.len = string.len
"""

_LOCATION = re.compile(r'^(?:\[string "[^"]*"\]|[\w<>.-]+):(\d+): ')


def tts_error_text(message: str, chunk: str = "chunk_0") -> str:
    """Rewrite a lupa error ('chunk_0:12: boom') into TTS's 'chunk_0:(12,0-0): boom' form."""
    text = str(message).strip().splitlines()[0] if str(message).strip() else "error"
    match = _LOCATION.match(text)
    if match:
        return f"{chunk}:({match.group(1)},0-0): {text[match.end():]}"
    return text


class LuaVM:
    """One script context (TTS gives Global its own). `api` serves the TTS functions."""

    def __init__(self, api: Any) -> None:
        self.lua = lua52.LuaRuntime(unpack_returned_tuples=True, register_eval=False)
        globals_ = self.lua.globals()
        self._load = globals_.load  # kept Python-side only: Lua code cannot reach it
        api.vm = self
        self.lua.execute(_PRELUDE, api)
        self._obj = globals_["__tts_obj"]
        self.globals = globals_

    # -- values ---------------------------------------------------------------------------
    def to_lua(self, value: Any, obj_for: Callable[[Any], Any] | None = None) -> Any:
        if isinstance(value, dict):
            return self.lua.table_from({k: self.to_lua(v) for k, v in value.items()})
        if isinstance(value, (list, tuple)):
            return self.lua.table_from([self.to_lua(v) for v in value])
        return value

    def obj(self, uid: int) -> Any:
        return self._obj(uid)

    @staticmethod
    def from_lua(value: Any, jitter: random.Random | None = None, depth: int = 0) -> Any:
        """Plain Python data from a Lua value, the way TTS maps tables to JSON. With `jitter`,
        integral numbers come out as 3 or 3.0 and empty tables as {} or [] at random."""
        if depth > 64:
            raise ValueError("table nesting too deep (a cycle?)")
        if lua52.lua_type(value) == "table":
            uid = value["__uid"]
            if uid is not None:
                return {"__object__": uid}
            items = list(value.items())
            if not items:
                return [] if jitter is not None and jitter.random() < 0.5 else {}
            keys = [k for k, _ in items]
            if all(isinstance(k, int) and not isinstance(k, bool) for k in keys) and sorted(keys) == list(range(1, len(keys) + 1)):
                return [LuaVM.from_lua(v, jitter, depth + 1) for _, v in sorted(items)]
            return {str(k): LuaVM.from_lua(v, jitter, depth + 1) for k, v in items}
        if lua52.lua_type(value) in ("function", "userdata", "thread"):
            return None
        if isinstance(value, bool) or value is None or isinstance(value, str):
            return value
        if isinstance(value, (int, float)):
            if jitter is not None and float(value).is_integer():
                return float(value) if jitter.random() < 0.5 else int(value)
            return value
        return value

    # -- running --------------------------------------------------------------------------
    def run(self, code: str, chunk: str) -> Any:
        """Compile and run `code` as chunk `chunk`; raises lua52.LuaError (TTS-formatted text)."""
        fn, err = self._compile(code, chunk)
        if fn is None:
            raise lua52.LuaError(tts_error_text(err, chunk))
        try:
            return fn()
        except lua52.LuaError as exc:
            raise lua52.LuaError(tts_error_text(str(exc), chunk)) from None

    def _compile(self, code: str, chunk: str) -> tuple[Any, Any]:
        from tts_bridge.emulator.moonsharp import translate

        # MoonSharp's string semantics (UTF-16 characters from escapes, `#` in UTF-16 units)
        code = translate(code)
        result = self._load(code, "=" + chunk, "t")
        if isinstance(result, tuple):
            return result[0], (result[1] if len(result) > 1 else None)
        return result, None

    def call(self, name: str, *args: Any) -> tuple[bool, Any]:
        """Call global function `name` if defined: (defined, result). Lua errors propagate."""
        fn = self.globals[name]
        if fn is None or lua52.lua_type(fn) != "function":
            return False, None
        try:
            return True, fn(*args)
        except lua52.LuaError as exc:
            raise lua52.LuaError(tts_error_text(str(exc))) from None
