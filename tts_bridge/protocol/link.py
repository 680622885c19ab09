"""`EditorLink`: the bridge's side of the External Editor API as one object.

It owns the listener and the sender, turns raw documents into typed messages, matches
Execute-Lua answers to their request by `returnID`, and delivers everything else to one
`on_message` callback. Requests never wait on their own socket: answers arrive as new inbound
connections, which is why `execute_lua` and `get_scripts` wait on events here.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
from typing import Any, Callable

from tts_bridge.protocol import messages as m
from tts_bridge.protocol.transport import (DEFAULT_LISTEN_PORT, DEFAULT_MAX_BYTES, DEFAULT_TTS_PORT,
                                           Listener, Sender, TTSStalled)

log = logging.getLogger("tts_bridge.protocol")


class LuaFailed(RuntimeError):
    """Execute-Lua came back as a Lua error (message 3)."""


class EditorLink:
    def __init__(self, on_message: Callable[[m.Inbound], None] | None = None, *,
                 listen_port: int = DEFAULT_LISTEN_PORT, tts_port: int = DEFAULT_TTS_PORT,
                 max_bytes: int = DEFAULT_MAX_BYTES, send_timeout: float = 5.0, retry_for: float = 30.0,
                 on_waiting: Callable[[int, float], None] | None = None,
                 on_reject: Callable[[str], None] | None = None) -> None:
        self.on_message = on_message or (lambda msg: None)
        self.listener = Listener(listen_port, self._receive, max_bytes=max_bytes, on_reject=on_reject)
        self.sender = Sender(tts_port, timeout=send_timeout, retry_for=retry_for, on_waiting=on_waiting)
        self._lock = threading.Lock()
        self._returns: dict[int, tuple[threading.Event, list]] = {}
        self._targets: dict[int, str] = {}  # returnID -> guid the code was sent to
        self._dump_waiters: list[tuple[threading.Event, list]] = []
        self.rejected = 0

    @property
    def listen_port(self) -> int:
        return self.listener.port

    def start(self) -> "EditorLink":
        self.listener.start()
        return self

    def close(self) -> None:
        self.listener.close()

    # -- inbound --------------------------------------------------------------------------
    def _receive(self, raw: Any) -> None:
        try:
            msg = m.parse_inbound(raw)
        except m.ProtocolError as exc:
            self.rejected += 1
            log.warning("ignored a message from TTS: %s", exc)
            return
        if isinstance(msg, m.ReturnValue) and msg.return_id is not None:
            with self._lock:
                waiter = self._returns.pop(msg.return_id, None)
            if waiter is not None:
                waiter[1].append(msg)
                waiter[0].set()
                return
        no_script = isinstance(msg, m.LuaError) and "Object reference not set" in msg.error
        if isinstance(msg, m.LuaError) and (msg.from_execute or no_script):
            with self._lock:  # errors carry no returnID: fail the oldest pending execute for that script
                rids = [r for r in self._returns if msg.from_execute or self._targets.get(r) == msg.guid]
                rid = rids[0] if rids else None  # dicts keep insertion order: the oldest request
                waiter = self._returns.pop(rid) if rid is not None else None
            if waiter is not None:
                waiter[1].append(msg)
                waiter[0].set()
        if isinstance(msg, m.ScriptDump):
            with self._lock:
                waiters, self._dump_waiters = self._dump_waiters, []
            for event, box in waiters:
                box.append(msg)
                event.set()
        self.on_message(msg)

    # -- outbound -------------------------------------------------------------------------
    def send_custom(self, payload: dict) -> None:
        self.sender.send(m.custom_message(payload))

    def get_scripts(self, timeout: float = 10.0) -> m.ScriptDump:
        """Message 0, then wait for the message 1 it triggers."""
        event, box = threading.Event(), []
        with self._lock:
            self._dump_waiters.append((event, box))
        self.sender.send(m.get_scripts())
        if not event.wait(timeout):
            raise TTSStalled(f"Tabletop Simulator sent no script dump within {timeout}s of asking for one")
        return box[0]

    def save_and_play(self, states: list[m.ScriptState]) -> None:
        self.sender.send(m.save_and_play(states))

    def _new_return_id(self) -> int:
        """An unpredictable returnID: a local process that writes to our port cannot guess which
        forged answer would be taken for TTS's. TTS echoes any integer returnID (protocol
        reference ../shared/reference/tts-external-editor-api.md, message 5: "returnID echoes
        the id you sent", "send an integer returnID"); 1..2^31-1 fits a C# int, which the
        official plugin's field is."""
        while True:
            rid = secrets.randbelow(2 ** 31 - 1) + 1
            if rid not in self._returns:
                return rid

    def execute_lua(self, script: str, guid: str = "-1", timeout: float = 10.0) -> Any:
        """Run constant Lua code in TTS and return its value (JSON strings are decoded)."""
        event, box = threading.Event(), []
        with self._lock:
            rid = self._new_return_id()
            self._returns[rid] = (event, box)
            self._targets[rid] = guid
        self.sender.send(m.execute_lua(script, rid, guid))
        answered = event.wait(timeout)
        with self._lock:
            self._returns.pop(rid, None)
            self._targets.pop(rid, None)
        if not answered:
            raise TTSStalled(f"no answer to Execute-Lua #{rid} within {timeout}s")
        reply = box[0]
        if isinstance(reply, m.LuaError):
            raise LuaFailed(f"{reply.prefix}{reply.error}")
        value = reply.value
        if isinstance(value, str):
            try:
                return json.loads(value)
            except json.JSONDecodeError:
                return value
        return value
