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
import selectors
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable

DEFAULT_LISTEN_PORT = 39998
DEFAULT_TTS_PORT = 39999
DEFAULT_MAX_BYTES = 64 * 1024 * 1024
DEFAULT_BUDGET_BYTES = 128 * 1024 * 1024  # buffered across every open connection
DEFAULT_MAX_CONNECTIONS = 128  # TTS opens one per message and closes it at once
DEFAULT_MESSAGE_DEADLINE = 30.0  # a 64 MiB document takes well under a second on loopback
DEFAULT_MAX_AHEAD = 1024  # the furthest a sequence number may run ahead of the next expected
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


@dataclass
class _Inbound:
    """One inbound connection being read: its socket, when it opened, when it last sent
    bytes, and what it has sent so far."""

    sock: socket.socket
    opened: float
    last: float
    buf: bytearray = field(default_factory=bytearray)
    reads: int = 0  # reads that brought bytes: one burst then silence is how a flood looks


_LISTENING, _WAKE = "listening", "wake"
_SHORT_OF_RESOURCES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


class Listener:
    """Accepts connections on `port`, reads each to EOF and calls `on_message(decoded)`.

    One thread multiplexes every connection (selectors), so a slow or silent client costs a
    descriptor and its buffer, never a thread. Limits, each refusal logged and told to
    `on_reject(reason)`, never raised:
    * `max_connections` open at once: when full, the oldest connection that sent one burst of
      half a document (else the oldest) is closed to make room, after taking any document it already finished (TTS's
      own messages finish within milliseconds, so a flood of connections held open cannot keep
      them out);
    * `read_timeout` seconds without a byte, and `message_deadline` seconds for the whole
      message (a client dripping a byte every few seconds is cut off);
    * `max_bytes` per message and `budget_bytes` buffered across all connections (the
      largest buffer is dropped when the budget is exceeded);
    * any `accept()` error (EMFILE at the descriptor limit, ENFILE, ENOBUFS, ECONNABORTED) is
      logged and the listener backs off briefly (closing its oldest connection when short of
      descriptors) and keeps accepting: it never goes deaf.
    Malformed documents are dropped; one bad message must not stop the session.
    """

    def __init__(self, port: int, on_message: Callable[[Any], None], *, max_bytes: int = DEFAULT_MAX_BYTES,
                 read_timeout: float = 10.0, on_reject: Callable[[str], None] | None = None,
                 max_connections: int = DEFAULT_MAX_CONNECTIONS, message_deadline: float = DEFAULT_MESSAGE_DEADLINE,
                 budget_bytes: int | None = None) -> None:
        self.port = port
        self.on_message = on_message
        self.on_reject = on_reject or (lambda reason: None)
        self.max_bytes = max_bytes
        self.read_timeout = read_timeout
        self.max_connections = max_connections
        self.message_deadline = message_deadline
        self.budget_bytes = budget_bytes if budget_bytes is not None else max(2 * max_bytes, DEFAULT_BUDGET_BYTES)
        self.accept_errors = 0
        self.rejected = 0
        self._rejects_logged = 0
        self._last_reject_log = float("-inf")
        self._sock: socket.socket | None = None
        self._selector: selectors.BaseSelector | None = None
        self._wake_r: socket.socket | None = None
        self._wake_w: socket.socket | None = None
        self._conns: dict[int, _Inbound] = {}
        self._buffered = 0
        self._backoff = 0.0
        self._paused_until: float | None = None
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
        sock.listen(1024)  # bursts of TTS messages queue here while the loop accepts
        sock.setblocking(False)
        self.port = sock.getsockname()[1]
        self._sock = sock
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(sock, selectors.EVENT_READ, _LISTENING)
        self._selector.register(self._wake_r, selectors.EVENT_READ, _WAKE)
        self._thread = threading.Thread(target=self._loop, name=f"listen-{self.port}", daemon=True)
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop and release the port (returns once the loop has closed every socket)."""
        self._closed.set()
        if self._wake_w is not None:
            try:
                self._wake_w.send(b"x")
            except OSError:
                pass
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    @property
    def open_connections(self) -> int:
        return len(self._conns)

    @property
    def buffered_bytes(self) -> int:
        return self._buffered

    # -- the loop ---------------------------------------------------------------------------
    def _loop(self) -> None:
        assert self._selector is not None
        try:
            while not self._closed.is_set():
                try:
                    self._step()
                except Exception:  # the listener must outlive any bug in one step
                    log.exception("listener step failed; going on")
                    time.sleep(0.01)
        finally:
            self._shutdown()

    def _step(self) -> None:
        assert self._selector is not None
        for key, _ in self._selector.select(0.1):
            if key.data == _LISTENING:
                self._accept_ready()
            elif key.data == _WAKE:
                try:
                    self._wake_r.recv(64)
                except OSError:
                    pass
            elif key.fd in self._conns:
                self._read(self._conns[key.fd])
        now = time.monotonic()
        self._expire(now)
        if self._paused_until is not None and now >= self._paused_until:
            self._paused_until = None
            self._selector.register(self._sock, selectors.EVENT_READ, _LISTENING)

    def _accept_ready(self) -> None:
        for _ in range(16):  # then let the readers have a turn
            try:
                conn, _ = self._sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                self._accept_failed(exc)
                return
            self._backoff = 0.0
            conn.setblocking(False)
            if len(self._conns) >= self.max_connections:
                self._evict(f"more than {self.max_connections} connections at once; closed the oldest")
            now = time.monotonic()
            inbound = _Inbound(conn, now, now)
            self._conns[conn.fileno()] = inbound
            self._selector.register(conn, selectors.EVENT_READ)
            self._read_now(inbound)

    def _read_now(self, conn: _Inbound, rounds: int = 4) -> None:
        """Read what a new connection already sent: TTS opens a new connection per message,
        writes one compact JSON object and closes (protocol reference §1.2, "TTS -> bridge"),
        so it is usually complete before any later connection can push it out."""
        fd = conn.sock.fileno()
        for _ in range(rounds):
            if self._conns.get(fd) is not conn:
                return
            before = len(conn.buf)
            self._read(conn)
            if self._conns.get(fd) is conn and len(conn.buf) == before:
                return  # nothing more waiting yet

    def _accept_failed(self, exc: OSError) -> None:
        """Log, free a descriptor when short of them, pause accepting briefly; never stop."""
        self.accept_errors += 1
        if exc.errno in _SHORT_OF_RESOURCES and self._conns:
            self._evict(f"out of descriptors ({errno.errorcode.get(exc.errno, exc.errno)}); closed the oldest connection")
        self._backoff = min(max(self._backoff * 2, 0.01), 1.0)
        log.warning("accept() failed (%s); accepting again in %.2fs", exc, self._backoff)
        self._selector.unregister(self._sock)
        self._paused_until = time.monotonic() + self._backoff

    def _evict(self, reason: str) -> None:
        """Free a slot by closing one connection, but first take what the kernel already holds
        for it: a sender whose document has arrived (EOF, or one whole JSON object, which is all
        a connection ever carries) is delivered, not dropped. The listener reads ready sockets
        only between batches of accepts, so under a flood a message may wait unread in the slot
        chosen (CI stop 24 lost a TTS message in a flood test).

        The victim is the oldest connection that sent one burst of a document and nothing
        since, the mark of a flood: TTS writes each message in one go and closes (protocol
        reference §1.2), so its message arrives whole in one read, or keeps arriving if it is
        large. Only when there is none is it the oldest of all. A TTS connection opened a moment
        before its bytes arrive is then not the first to go, whatever the flood's rate."""
        conn = min(self._conns.values(), key=lambda c: (c.reads != 1, c.opened))
        fd = conn.sock.fileno()
        for _ in range(64):  # bounded: at most 64 reads of 64 KiB before the slot is taken
            before = len(conn.buf)
            self._read(conn)
            if self._conns.get(fd) is not conn:
                return  # finished (delivered) or dropped for its size
            if len(conn.buf) == before:
                break
        if _whole_document(conn.buf):
            raw = bytes(conn.buf)
            self._forget(conn)
            self._deliver(raw)
            return
        self._drop(conn, reason)

    def _read(self, conn: _Inbound) -> None:
        try:
            data = conn.sock.recv(1 << 16)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as exc:
            self._drop(conn, f"connection error: {exc}")
            return
        if not data:
            self._forget(conn)
            self._deliver(bytes(conn.buf))
            return
        conn.buf += data
        conn.reads += 1
        conn.last = time.monotonic()
        self._buffered += len(data)
        if len(conn.buf) > self.max_bytes:
            self._drop(conn, f"message larger than the {self.max_bytes}-byte cap; refused")
        elif self._buffered > self.budget_bytes:
            self._drop(max(self._conns.values(), key=lambda c: len(c.buf)),
                       f"more than {self.budget_bytes} bytes buffered across connections; dropped the largest")

    def _expire(self, now: float) -> None:
        for conn in list(self._conns.values()):
            if now - conn.opened > self.message_deadline:
                self._drop(conn, f"the sender did not finish its message within {self.message_deadline}s")
            elif now - conn.last > self.read_timeout:
                self._drop(conn, f"the sender stalled for {self.read_timeout}s before finishing its message")

    def _forget(self, conn: _Inbound) -> None:
        self._conns.pop(conn.sock.fileno(), None)
        self._buffered -= len(conn.buf)
        try:
            self._selector.unregister(conn.sock)
        except (KeyError, ValueError, OSError):
            pass
        conn.sock.close()  # never answer on an inbound connection

    def _drop(self, conn: _Inbound, reason: str) -> None:
        self._forget(conn)
        conn.buf = bytearray()
        self._reject(reason)

    def _shutdown(self) -> None:
        for conn in list(self._conns.values()):
            self._forget(conn)
        if self._selector is not None:
            self._selector.close()
        close_listening(self._sock)
        for s in (self._wake_r, self._wake_w):
            if s is not None:
                s.close()

    def _reject(self, reason: str) -> None:
        """Tell `on_reject` every time, but log at most one line a second: a flood must not
        turn into a flood of log lines (each one is written to the user's terminal)."""
        self.rejected += 1
        now = time.monotonic()
        if now - self._last_reject_log >= 1.0:
            more = self.rejected - self._rejects_logged - 1
            log.warning("dropped an inbound message: %s%s", reason,
                        f" (and {more} more since the last report)" if more > 0 else "")
            self._last_reject_log, self._rejects_logged = now, self.rejected
        try:
            self.on_reject(reason)
        except Exception:  # a callback bug must not kill the listener
            log.exception("on_reject failed")

    def _deliver(self, raw: bytes) -> None:
        if not raw.strip():
            self._reject("empty message")
            return
        try:
            decoded = json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError) as exc:  # bad UTF-8 or JSON, a 5,000-digit number, deep nesting
            self._reject(f"malformed JSON ({type(exc).__name__}: {str(exc)[:120]}); first bytes: {raw[:60]!r}")
            return
        try:
            self.on_message(decoded)
        except Exception:  # a handler bug must not kill the listener
            log.exception("inbound message handler failed")


def _whole_document(buf: bytearray) -> bool:
    """Does `buf` hold one complete JSON value (and nothing after it but whitespace)?"""
    text = bytes(buf).strip()
    if not text or text[-1:] != b"}":
        return False  # cheap pre-check: every message TTS sends is a JSON object
    try:
        json.loads(text.decode("utf-8"))
    except (ValueError, RecursionError):
        return False
    return True


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
    A number `max_ahead` or more past the next expected one is refused (counted in
    `implausible`): one forged jump must not turn every later real payload into a "duplicate".
    """

    def __init__(self, gap_timeout: float = 1.0, first: int = 1, max_ahead: int = DEFAULT_MAX_AHEAD) -> None:
        self.next = first
        self.gap_timeout = gap_timeout
        self.max_ahead = max_ahead
        self._held: dict[int, Any] = {}
        self._gap_since: float | None = None
        self.duplicates = 0
        self.skipped = 0
        self.implausible = 0

    def reset(self, first: int = 1) -> None:
        self.next, self._held, self._gap_since = first, {}, None

    def push(self, seq: int, item: Any) -> list[Any]:
        if seq >= self.next + self.max_ahead:  # no burst runs this far ahead: refuse, never skip to it
            self.implausible += 1
            return []
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
