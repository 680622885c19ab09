"""`EmulatorProcess`: a TTSEmulator in a child process of its own, as Tabletop Simulator is a
process of its own beside the bridge in the real game.

The bridge and the emulator talk only through the External Editor API's TCP wire, exactly as
in-process; what changes is that the emulator's Lua VM and its threads no longer share the
bridge's interpreter lock, so timings taken in the bridge are the bridge's. The driver of the
table (bots, benchmarks) reaches the emulator through a pipe: each method call is one round
trip, and `run(fn, ...)` calls a module-level function `fn(emulator, ...)` inside the child
(for work that must happen next to the emulator, e.g. timing a round trip from TTS's side).
"""

from __future__ import annotations

import dataclasses
import os
import socket
import subprocess
import sys
import traceback
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any, Callable

from tts_bridge.emulator.peer import TTSEmulator
from tts_bridge.emulator.table import TableObject


class EmulatorFailed(RuntimeError):
    """A call into the emulator's process raised there (the child's traceback is the message)."""


@dataclass(frozen=True)
class _Call:
    """`fn(emulator, *args, **kwargs)` to run in the child; `fn` None ends it."""

    fn: Callable[..., Any] | None
    args: tuple = ()
    kwargs: dict = field(default_factory=dict)


@dataclass(frozen=True)
class _Reply:
    """What a call returned, or the child's traceback when it raised."""

    value: Any = None
    error: str | None = None


def _call_method(emu: TTSEmulator, name: str, *args: Any, **kwargs: Any) -> Any:
    return getattr(emu, name)(*args, **kwargs)


def _load(emu: TTSEmulator, save: dict) -> int:
    emu.load(save)
    return emu.tts_port


def _by_guid(emu: TTSEmulator, guid: str) -> TableObject | None:
    """A copy of the object without its spawn callback (a Lua function cannot cross processes)."""
    with emu.lock:
        obj = emu.by_guid(guid)
        return None if obj is None else dataclasses.replace(obj, spawn_callback=None)


def _serve(conn: Connection, editor_port: int, seed: int) -> None:
    """The child: one emulator, answering calls until the pipe closes or `close` is called."""
    emu = TTSEmulator(editor_port=editor_port, seed=seed)
    conn.send(_Reply())
    while True:
        try:
            call = conn.recv()
        except EOFError:
            break
        if call.fn is None:
            break
        try:
            conn.send(_Reply(call.fn(emu, *call.args, **call.kwargs)))
        except Exception:
            conn.send(_Reply(error=traceback.format_exc()))
    emu.close()
    try:
        conn.send(_Reply())
    except OSError:
        pass
    conn.close()


class EmulatorProcess:
    """The TTSEmulator methods a table driver uses (TableBots, `settle`, `bench bridge`), each run
    in the child. `tts_port` is known once `load` has opened it, as with TTSEmulator.

    The child is a fresh interpreter (`python -m tts_bridge.emulator.process`), not a fork of a
    process that runs threads and not multiprocessing's spawn, which would import the caller's
    main module again; the parent's import path is handed down so it finds the same code."""

    def __init__(self, editor_port: int, seed: int = 0) -> None:
        ours, theirs = socket.socketpair()
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
        try:
            self._proc = subprocess.Popen(
                [sys.executable, "-m", __name__, str(theirs.fileno()), str(editor_port), str(seed)],
                pass_fds=(theirs.fileno(),), env=env)
        finally:
            theirs.close()
        self._conn = Connection(ours.detach())
        self.editor_port = editor_port
        self.tts_port = 0
        self._answer()

    def _answer(self) -> Any:
        try:
            reply = self._conn.recv()
        except EOFError:
            raise EmulatorFailed(f"the emulator's process ended (exit code {self._proc.poll()})") from None
        if reply.error is not None:
            raise EmulatorFailed(reply.error)
        return reply.value

    def run(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """`fn(emulator, *args, **kwargs)` in the child; `fn` must be importable by name."""
        self._conn.send(_Call(fn, args, kwargs))
        return self._answer()

    def load(self, save: dict) -> None:
        self.tts_port = self.run(_load, save)

    def by_guid(self, guid: str) -> TableObject | None:
        return self.run(_by_guid, guid)

    def pick_up(self, color: str, guid: str) -> bool:
        return self.run(_call_method, "pick_up", color, guid)

    def drop(self, color: str, guid: str, pos: list[float] | dict) -> None:
        self.run(_call_method, "drop", color, guid, pos)

    def move_as(self, color: str, guid: str, pos: list[float] | dict) -> bool:
        return self.run(_call_method, "move_as", color, guid, pos)

    def click(self, color: str, element_id: str) -> bool:
        return self.run(_call_method, "click", color, element_id)

    def settle(self, frames: int = 3) -> None:
        self.run(_call_method, "settle", frames)

    def set_mode(self, **modes: bool | None) -> None:
        self.run(_call_method, "set_mode", **modes)

    def close(self) -> None:
        """Close the emulator (its port closes) and end the child; safe to call twice."""
        if self._proc.poll() is None:
            try:
                self._conn.send(_Call(None))
                self._answer()
            except (OSError, EOFError, EmulatorFailed):
                pass
            try:
                self._proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait(timeout=5)
        self._conn.close()


if __name__ == "__main__":  # the child; its records must be pickled under the module's own name
    from tts_bridge.emulator.process import _serve as serve

    serve(Connection(int(sys.argv[1])), int(sys.argv[2]), int(sys.argv[3]))
