"""Every message kind of the TTS External Editor API, both directions, as typed values.

Inbound (TTS -> bridge, port 39998) ids 0-7; outbound (bridge -> TTS, port 39999) ids 0-3.
See ../shared/reference/tts-external-editor-api.md sections 2 and 3. Parsing is tolerant
where TTS is loose (numbers as 3 or 3.0, empty tables as {} or [], missing optional keys) and
strict where a wrong value means a bug (messageID must be an integer).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class ProtocolError(ValueError):
    """A message that is not a well-formed External Editor API message (says what is wrong)."""


def normalize(value: Any) -> Any:
    """Integral floats become ints (Lua numbers are doubles; TTS may send 3 or 3.0)."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2 ** 53:
        return int(value)
    if isinstance(value, dict):
        return {k: normalize(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalize(v) for v in value]
    return value


def as_dict(value: Any) -> dict:
    """A Lua table that should be an object: `[]` (an empty table TTS encoded as an array) is `{}`."""
    if isinstance(value, dict):
        return value
    if value == [] or value is None:
        return {}
    raise ProtocolError(f"expected a JSON object, got {type(value).__name__}")


def as_list(value: Any) -> list:
    """A Lua table that should be an array: `{}` (empty table encoded as an object) is `[]`."""
    if isinstance(value, list):
        return value
    if value == {} or value is None:
        return []
    if isinstance(value, dict) and all(str(k).isdigit() for k in value):  # sparse Lua array
        return [value[k] for k in sorted(value, key=lambda k: int(k))]
    raise ProtocolError(f"expected a JSON array, got {type(value).__name__}")


@dataclass(frozen=True)
class ScriptState:
    name: str
    guid: str
    script: str = ""
    ui: str = ""

    def to_json(self) -> dict:
        out = {"name": self.name, "guid": self.guid, "script": self.script}
        if self.ui:
            out["ui"] = self.ui
        return out

    @classmethod
    def from_json(cls, data: Any) -> "ScriptState":
        data = as_dict(data)
        if "guid" not in data:
            raise ProtocolError("a scriptStates entry has no guid")
        return cls(str(data.get("name", "")), str(data["guid"]), str(data.get("script") or ""),
                   str(data.get("ui") or ""))


# -- inbound: TTS -> bridge ------------------------------------------------------------------

@dataclass(frozen=True)
class Inbound:
    message_id: int


@dataclass(frozen=True)
class NewObjectScript(Inbound):   # 0
    script_states: tuple[ScriptState, ...]


@dataclass(frozen=True)
class ScriptDump(Inbound):        # 1
    script_states: tuple[ScriptState, ...]
    save_path: str = ""

    def global_state(self) -> ScriptState | None:
        return next((s for s in self.script_states if s.guid == "-1"), None)


@dataclass(frozen=True)
class PrintMessage(Inbound):      # 2
    message: str


@dataclass(frozen=True)
class LuaError(Inbound):          # 3
    error: str
    guid: str
    prefix: str

    @property
    def from_execute(self) -> bool:
        return "executeScript" in self.prefix or "executeScript" in self.error


@dataclass(frozen=True)
class CustomMessage(Inbound):     # 4
    custom: dict


@dataclass(frozen=True)
class ReturnValue(Inbound):       # 5
    return_id: int | None
    value: Any = None


@dataclass(frozen=True)
class GameSaved(Inbound):         # 6
    save_path: str


@dataclass(frozen=True)
class ObjectCreated(Inbound):     # 7
    guid: str


@dataclass(frozen=True)
class UnknownMessage(Inbound):
    raw: dict = field(default_factory=dict)


def _states(data: dict) -> tuple[ScriptState, ...]:
    return tuple(ScriptState.from_json(s) for s in as_list(data.get("scriptStates")))


def parse_inbound(data: Any) -> Inbound:
    """One decoded JSON document from TTS -> its message value. Raises ProtocolError."""
    if not isinstance(data, dict):
        raise ProtocolError(f"a TTS message must be a JSON object, got {type(data).__name__}")
    data = normalize(data)
    mid = data.get("messageID")
    if not isinstance(mid, int) or isinstance(mid, bool):
        raise ProtocolError(f"messageID must be an integer, got {mid!r}")
    if mid == 0:
        return NewObjectScript(0, _states(data))
    if mid == 1:
        return ScriptDump(1, _states(data), str(data.get("savePath") or ""))
    if mid == 2:
        return PrintMessage(2, str(data.get("message", "")))
    if mid == 3:
        return LuaError(3, str(data.get("error", "")), str(data.get("guid", "")), str(data.get("errorMessagePrefix", "")))
    if mid == 4:
        return CustomMessage(4, as_dict(data.get("customMessage")))
    if mid == 5:
        rid = data.get("returnID")
        return ReturnValue(5, rid if isinstance(rid, int) else None, data.get("returnValue"))
    if mid == 6:
        return GameSaved(6, str(data.get("savePath") or ""))
    if mid == 7:
        return ObjectCreated(7, str(data.get("guid", "")))
    return UnknownMessage(mid, data)


# -- outbound: bridge -> TTS -----------------------------------------------------------------

def get_scripts() -> dict:
    """Message 0: ask for the full script/UI dump (answered by an inbound message 1)."""
    return {"messageID": 0}


def save_and_play(states: list[ScriptState]) -> dict:
    """Message 1: replace script and UI of the listed objects and reload the game."""
    for s in states:  # Global may be left out (then it is untouched), but never sent empty
        if s.guid == "-1" and not s.script.strip():
            raise ProtocolError("never send an empty Global script (it can make the save unloadable)")
    return {"messageID": 1, "scriptStates": [s.to_json() for s in states]}


def custom_message(payload: dict) -> dict:
    """Message 2: a table for Lua's onExternalMessage (never answered)."""
    if not isinstance(payload, dict):
        raise ProtocolError("customMessage must be a JSON object; TTS silently ignores anything else")
    return {"messageID": 2, "customMessage": payload}


def execute_lua(script: str, return_id: int, guid: str = "-1") -> dict:
    """Message 3: run `script` in Global (guid -1) or an object's script; answered by message 5."""
    return {"messageID": 3, "guid": guid, "script": script, "returnID": int(return_id)}
