"""Sockets of the External Editor API: one JSON document per TCP connection, both ways.

* `Listener` owns 127.0.0.1:<listen port> (39998): every TTS message is a new connection that
  is read to EOF (however many chunks), capped in size, decoded and handed to a callback.
* `Sender` opens a new connection to 127.0.0.1:<tts port> (39999) per message, writes compact
  UTF-8 JSON and closes. Refused = TTS or its game is not up: retry with back-off and tell the
  user; a TTS that accepts nothing (stalled) hits a time-out instead of hanging the bridge.
* `SequenceBuffer` restores the order of our Lua's payloads and drops duplicates.
"""

from __future__ import annotations

import errno
import json
import logging
import socket
import threading
import time
from typing import Any, Callable

DEFAULT_LISTEN_PORT = 39998
DEFAULT_TTS_PORT = 39999
DEFAULT_MAX_BYTES = 64 * 1024 * 1024
HOST = "127.0.0.1"  # never "localhost": it may resolve to ::1, which TTS does not serve

log = logging.getLogger("tts_bridge.protocol")



def close_listening(sock: socket.socket | None) -> None:
    """Close a listening socket, waking a thread blocked in accept() on it (close alone may not)."""
    if sock is None:
        return
    for step in (lambda: sock.shutdown(socket.SHUT_RDWR), sock.close):
        try:
            step()
        except OSError:
            pass

class PortInUse(OSError):
    """Another program already listens on the editor port."""


class TTSUnavailable(ConnectionError):
    """TTS refused the connection for longer than the retry budget (not running / no game loaded)."""


class TTSStalled(TimeoutError):
    """TTS accepted nothing or read nothing within the time-out."""


def port_in_use_message(port: int) -> str:
    return (f"Port {port} on 127.0.0.1 is already in use, so TTS's messages cannot reach the bridge. "
            f"The usual culprit is a Tabletop Simulator editor plugin (the VS Code 'Tabletop Simulator Lua' "
            f"extension, the Atom TTS package) or a second `tts-bridge serve`: close it and start again, "
            f"or pass --listen-port for tests.")


def free_port() -> int:
    """A currently free TCP port on 127.0.0.1 (for tests and the demo)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def encode(obj: Any) -> bytes:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


class Listener:
    """Accepts connections on `port`, reads each to EOF and calls `on_message(decoded)`.

    Malformed or oversized documents are logged and dropped (`on_reject(reason)` is told), never
    raised: one bad message must not stop the session.
    """

    def __init__(self, port: int, on_message: Callable[[Any], None], *, max_bytes: int = DEFAULT_MAX_BYTES,
                 read_timeout: float = 10.0, on_reject: Callable[[str], None] | None = None) -> None:
        self.port = port
        self.on_message = on_message
        self.on_reject = on_reject or (lambda reason: None)
        self.max_bytes = max_bytes
        self.read_timeout = read_timeout
        self._sock: socket.socket | None = None
        self._thread: threading.Thread | None = None
        self._closed = threading.Event()

    def start(self) -> "Listener":
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if hasattr(socket, "SO_EXCLUSIVEADDRUSE"):  # Windows: never share the port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_EXCLUSIVEADDRUSE, 1)
        else:  # POSIX: rebind after a crash despite TIME_WAIT; a second live listener still fails
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((HOST, self.port))
        except OSError as exc:
            sock.close()
            if exc.errno in (errno.EADDRINUSE, errno.EACCES):
                raise PortInUse(exc.errno, port_in_use_message(self.port)) from None
            raise
        sock.listen(128)
        self.port = sock.getsockname()[1]
        self._sock = sock
        self._thread = threading.Thread(target=self._accept_loop, name=f"listen-{self.port}", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        self._closed.set()
        close_listening(self._sock)

    def _accept_loop(self) -> None:
        assert self._sock is not None
        while not self._closed.is_set():
            try:
                conn, _ = self._sock.accept()
            except OSError:
                return
            threading.Thread(target=self._handle, args=(conn,), daemon=True).start()

    def _reject(self, reason: str) -> None:
        log.warning("dropped an inbound message: %s", reason)
        self.on_reject(reason)

    def _handle(self, conn: socket.socket) -> None:
        chunks: list[bytes] = []
        size = 0
        try:
            conn.settimeout(self.read_timeout)
            while True:
                try:
                    data = conn.recv(1 << 16)
                except socket.timeout:
                    self._reject(f"the sender stalled for {self.read_timeout}s before finishing its message")
                    return
                if not data:
                    break
                size += len(data)
                if size > self.max_bytes:
                    self._reject(f"message larger than the {self.max_bytes}-byte cap; refused")
                    return
                chunks.append(data)
        except OSError as exc:
            self._reject(f"connection error: {exc}")
            return
        finally:
            conn.close()  # never answer on an inbound connection
        raw = b"".join(chunks)
        if not raw.strip():
            self._reject("empty message")
            return
        try:
            decoded = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            self._reject(f"malformed JSON ({exc}); first bytes: {raw[:60]!r}")
            return
        try:
            self.on_message(decoded)
        except Exception:  # a handler bug must not kill the listener
            log.exception("inbound message handler failed")


class Sender:
    """Sends one JSON document per connection to TTS, retrying while TTS refuses.

    `retry_for` bounds how long a refused message is retried (back-off doubling from 0.05 s to
    2 s); `on_waiting(attempt, delay)` lets the UI say "waiting for TTS". A connect or write that
    makes no progress for `timeout` seconds raises TTSStalled.
    """

    def __init__(self, port: int = DEFAULT_TTS_PORT, *, timeout: float = 5.0, retry_for: float = 30.0,
                 on_waiting: Callable[[int, float], None] | None = None) -> None:
        self.port = port
        self.timeout = timeout
        self.retry_for = retry_for
        self.on_waiting = on_waiting or (lambda attempt, delay: None)
        self._lock = threading.Lock()  # one connection at a time keeps our commands in order

    def send(self, obj: Any) -> None:
        payload = encode(obj)
        deadline = time.monotonic() + self.retry_for
        delay, attempt = 0.05, 0
        with self._lock:
            while True:
                attempt += 1
                try:
                    self._send_once(payload)
                    return
                except ConnectionRefusedError:
                    if time.monotonic() + delay > deadline:
                        raise TTSUnavailable(
                            f"Tabletop Simulator is not accepting connections on 127.0.0.1:{self.port} "
                            f"(is TTS running with a game loaded?); gave up after {attempt} attempts") from None
                    self.on_waiting(attempt, delay)
                    time.sleep(delay)
                    delay = min(delay * 2, 2.0)

    def _send_once(self, payload: bytes) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        try:
            try:
                sock.connect((HOST, self.port))
                sock.sendall(payload)
                sock.shutdown(socket.SHUT_WR)
            except socket.timeout:
                raise TTSStalled(f"Tabletop Simulator did not take a message on 127.0.0.1:{self.port} "
                                 f"within {self.timeout}s (TTS may be stuck: restart it, then `serve --resume`)") from None
        finally:
            sock.close()


class SequenceBuffer:
    """Puts sequence-numbered payloads back in order and drops duplicates.

    `push(seq, item)` returns the items now deliverable in order. A gap older than `gap_timeout`
    seconds is given up (the message is presumed lost) so one lost packet cannot stall a game.
    """

    def __init__(self, gap_timeout: float = 1.0, first: int = 1) -> None:
        self.next = first
        self.gap_timeout = gap_timeout
        self._held: dict[int, Any] = {}
        self._gap_since: float | None = None
        self.duplicates = 0
        self.skipped = 0

    def reset(self, first: int = 1) -> None:
        self.next, self._held, self._gap_since = first, {}, None

    def push(self, seq: int, item: Any) -> list[Any]:
        if seq < self.next or seq in self._held:
            self.duplicates += 1
            return []
        self._held[seq] = item
        return self._drain()

    def flush_stale(self) -> list[Any]:
        """Give up on a gap that has lasted longer than `gap_timeout`."""
        if self._held and self._gap_since is not None and time.monotonic() - self._gap_since > self.gap_timeout:
            self.skipped += min(self._held) - self.next
            self.next = min(self._held)
            return self._drain()
        return []

    def _drain(self) -> list[Any]:
        out = []
        while self.next in self._held:
            out.append(self._held.pop(self.next))
            self.next += 1
        self._gap_since = (self._gap_since or time.monotonic()) if self._held else None
        return out
