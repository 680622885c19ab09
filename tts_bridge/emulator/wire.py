"""The emulator's sockets, behaving as TTS does (checklist items 1-7 and 18).

`TTSListener` plays TTS's 39999: it accepts sequential and concurrent connections, finishes a
message at a complete JSON object *or* at EOF, never writes back, accepts lenient JSON
(unquoted keys) and silently ignores garbage. It can be "stuck": still bound, accepting
nothing. `Outbox` plays TTS's pushes to 39998: a new connection per message, compact UTF-8, no
newline, no retries (a refused message is dropped), with optional chunked, reordered and
duplicated delivery.
"""

from __future__ import annotations

import json
import queue
import random
import re
import socket
import threading
import time
from typing import Any, Callable

from tts_bridge.protocol.transport import close_listening

HOST = "127.0.0.1"
_BARE_KEY = re.compile(r'([{,]\s*)([A-Za-z_][A-Za-z0-9_]*)\s*:')


def lenient_loads(text: str) -> Any:
    """JSON as TTS reads it: strict JSON, or JSON with unquoted object keys."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return json.loads(_BARE_KEY.sub(r'\1"\2":', text))


class TTSListener:
    def __init__(self, port: int, on_message: Callable[[Any], None]) -> None:
        self.port = port
        self.on_message = on_message
        self._sock: socket.socket | None = None
        self._stuck = threading.Event()
        self._unstuck = threading.Event()
        self._unstuck.set()
        self._closed = threading.Event()

    def start(self) -> "TTSListener":
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((HOST, self.port))  # raises if another listener owns the port (item 18)
        sock.listen(64)
        self.port = sock.getsockname()[1]
        self._sock = sock
        threading.Thread(target=self._accept_loop, name=f"tts-{self.port}", daemon=True).start()
        return self

    def close(self) -> None:
        self._closed.set()
        self._unstuck.set()
        close_listening(self._sock)

    def set_stuck(self, stuck: bool) -> None:
        """Item 7: while stuck, the port stays bound but nothing is accepted or read."""
        if stuck:
            self._unstuck.clear()
            if self._sock is not None:
                self._sock.listen(0)  # a tiny backlog: further connects time out
        else:
            if self._sock is not None:
                self._sock.listen(64)
            self._unstuck.set()

    def _accept_loop(self) -> None:
        while not self._closed.is_set():
            self._unstuck.wait()
            if self._closed.is_set():
                return
            try:
                self._sock.settimeout(0.05)
                conn, _ = self._sock.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            if not self._unstuck.is_set():  # became stuck while accepting: hold it unread
                self._unstuck.wait()
            threading.Thread(target=self._handle, args=(conn,), daemon=True).start()

    def _handle(self, conn: socket.socket) -> None:
        buf = bytearray()
        decoded: Any = None
        try:
            conn.settimeout(10.0)
            while True:
                data = conn.recv(1 << 16)
                if not data:
                    break
                buf += data
                if buf.rstrip().endswith(b"}"):
                    try:
                        decoded = lenient_loads(buf.decode("utf-8"))
                        break  # a complete object: act without waiting for EOF (item 2)
                    except (UnicodeDecodeError, json.JSONDecodeError):
                        continue
        except OSError:
            pass
        finally:
            conn.close()  # never write back (item 3)
        if decoded is None and buf:
            try:
                decoded = lenient_loads(buf.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError):
                return  # malformed: ignored silently (item 4)
        if isinstance(decoded, dict):
            self.on_message(decoded)


class Outbox:
    """TTS -> editor messages. Modes: `chunked` (many small writes with pauses), `reorder`
    (concurrent connections, so arrival order varies), `duplicate` (each message twice)."""

    def __init__(self, port: int, seed: int = 0) -> None:
        self.port = port
        self.chunked = False
        self.reorder = False
        self.duplicate = False
        self.sent = 0
        self.dropped = 0
        self._rng = random.Random(seed)
        self._queue: "queue.Queue[bytes | None]" = queue.Queue()
        self._idle = threading.Condition()
        self._pending = 0
        threading.Thread(target=self._worker, name="tts-outbox", daemon=True).start()

    def put(self, obj: dict) -> None:
        payload = json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        copies = 2 if self.duplicate else 1
        with self._idle:
            self._pending += copies
        for _ in range(copies):
            if self.reorder:
                delay = self._rng.random() * 0.004
                threading.Thread(target=self._deliver_later, args=(payload, delay), daemon=True).start()
            else:
                self._queue.put(payload)

    def wait_idle(self, timeout: float = 5.0) -> bool:
        end = time.monotonic() + timeout
        with self._idle:
            while self._pending:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._idle.wait(left)
        return True

    def _done(self) -> None:
        with self._idle:
            self._pending -= 1
            self._idle.notify_all()

    def _deliver_later(self, payload: bytes, delay: float) -> None:
        time.sleep(delay)
        self._deliver(payload)
        self._done()

    def _worker(self) -> None:
        while True:
            payload = self._queue.get()
            if payload is None:
                return
            self._deliver(payload)
            self._done()

    def _deliver(self, payload: bytes) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.settimeout(5.0)
        try:
            sock.connect((HOST, self.port))
            if self.chunked:
                pos = 0
                while pos < len(payload):
                    step = self._rng.randint(1, 97) if len(payload) < 65536 else self._rng.randint(4096, 65536)
                    sock.sendall(payload[pos:pos + step])
                    pos += step
                    if self._rng.random() < 0.3:
                        time.sleep(0.0005)
            else:
                sock.sendall(payload)
            self.sent += 1
        except OSError:
            self.dropped += 1  # nobody listening: TTS drops the message (item 5)
        finally:
            sock.close()
