"""The referee protocol: one JSON request per line in, one JSON response per line out.

`RefereeSession.handle` is the whole contract (see design.md); the CLI only feeds it lines.
A malformed line or an illegal move gets `ok:false` and the session goes on unchanged. No line
can end the process: lines are read as bytes and decoded with replacement, the decoder refuses
deep nesting, huge numbers and NaN, an over-long line is skipped to its newline, and any
unexpected exception answers `internal_error` after the state is restored.
"""

from __future__ import annotations

import json
import logging
from typing import IO, TYPE_CHECKING, Any

from engine.core.errors import IllegalAction
from engine.core.game import Game
from tts_bridge.protocol import safe_json
from tts_bridge.protocol.safe_json import BadJSON
from tts_bridge.rulebook import with_rule_title

if TYPE_CHECKING:
    from engine.bots import Player

log = logging.getLogger("tts_bridge.referee")
MAX_LINE_BYTES = 1 << 20  # a request is a few hundred bytes; a megabyte is not a request


def decode_line(raw: bytes | str) -> Any:
    """One protocol line as JSON (invalid UTF-8 replaced, depth and numbers limited), or BadJSON."""
    text = raw.decode("utf-8", errors="replace") if isinstance(raw, (bytes, bytearray)) else raw
    return safe_json.loads(text)


def bad_request(message: str) -> dict:
    return {"ok": False, "error": {"code": "bad_request", "message": message}}


def _seat(value: Any, allow_null: bool = False) -> int | None:
    if value is None and allow_null:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value not in (0, 1):
        raise ValueError(f"'seat' must be 0 or 1{' or null' if allow_null else ''}, got {value!r}")
    return value


class RefereeSession:
    """One refereed game. With a `bot` (a Player, engine/bots) at `bot_seat`, the bot answers its
    seat's requests as soon as they are pending; the events of its moves, as the other seat sees
    them, come with the answer to that seat's next `act`, `concede` or `pending`."""

    def __init__(self, game: Game, bot: "Player | None" = None, bot_seat: int | None = None) -> None:
        self.game = game
        self.bot = bot
        self.bot_seat = bot_seat
        self._bot_events: list[dict] = []
        self._bot_moves()

    def _bot_moves(self) -> None:
        """The bot plays while a request is its to answer (several in a row, or a joint step)."""
        if self.bot is None:
            return
        seat = self.bot_seat
        while self.game.request_for(seat) is not None:
            events = self.game.act(seat, self.bot.decide(self.game, seat))
            self._bot_events.extend(e for e in (ev.for_seat(1 - seat) for ev in events) if e is not None)

    def _with_bot_events(self, reply: dict) -> dict:
        """The bot's moves after this op, and any not yet reported, added to `reply`'s events."""
        self._bot_moves()
        if self._bot_events:
            reply["events"] = [*reply.get("events", []), *self._bot_events]
            self._bot_events = []
        return reply

    def handle_line(self, line: bytes | str) -> dict:
        try:
            message = decode_line(line)
        except BadJSON as exc:
            return bad_request(str(exc))
        return self.handle(message)

    def handle(self, message: Any) -> dict:
        if not isinstance(message, dict):
            return bad_request("each line must be a JSON object with an 'op' field")
        op = message.get("op")
        handler = getattr(self, f"_op_{op}", None) if isinstance(op, str) else None
        if handler is None:
            return bad_request(f"unknown op {op!r:.60}; expected one of pending, act, concede, state, undo, log, hash")
        decisions = len(self.game.decisions)
        try:
            return handler(message)
        except IllegalAction as exc:
            return {"ok": False, "error": with_rule_title(exc.to_json(), self.game.rules.id)}
        except ValueError as exc:
            return bad_request(str(exc))
        except Exception as exc:  # a rules bug: restore the state, report it, keep the session
            log.exception("referee op %r failed", op)
            return self._internal_error(op, decisions, exc)

    def _internal_error(self, op: str, decisions: int, exc: Exception) -> dict:
        """The state goes back to the last logged decision (the engine's transaction already
        rebuilt it if applying failed; this covers every other path too)."""
        restored = True
        try:
            self.game.undo(min(decisions, len(self.game.decisions)))
        except Exception:  # noqa: BLE001 - the log itself replays; if not, say so
            log.exception("restoring the state after an internal error failed")
            restored = False
        return {"ok": False, "error": {"code": "internal_error", "op": op, "restored": restored,
                                       "message": f"The referee failed on this request ({type(exc).__name__}); "
                                                  f"the game is back at decision {len(self.game.decisions)}."}}

    def _op_pending(self, message: dict) -> dict:
        """The pending request; with `seat`, the one that seat may answer now (a joint step,
        `"also"`, asks several seats at once), or null with the seats that are deciding."""
        request = self.game.pending()
        if request is None:
            result = self.game.result()
            return self._with_bot_events({"ok": True, "request": None, "result": result.to_json() if result else None})
        if "seat" in message:
            mine = self.game.request_for(_seat(message["seat"]))
            if mine is None:
                return {"ok": True, "request": None, "result": None, "deciding": [request.seat, *request.also]}
            request = mine
        return self._with_bot_events({"ok": True, "request": request.to_json()})

    def _op_act(self, message: dict) -> dict:
        seat = _seat(message.get("seat"))
        action = message.get("action")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise ValueError("'action' must be an object with a 'type' field (see `tts-bridge actions`)")
        events = self.game.act(seat, action)
        shown = [e.for_seat(seat) for e in events]
        return self._with_bot_events({"ok": True, "events": [e for e in shown if e is not None]})

    def _op_concede(self, message: dict) -> dict:
        seat = _seat(message.get("seat"))
        events = self.game.concede(seat)
        return self._with_bot_events({"ok": True, "events": [e for e in (ev.for_seat(seat) for ev in events)
                                                             if e is not None]})

    def _op_state(self, message: dict) -> dict:
        if "seat" not in message:
            raise ValueError("'state' needs 'seat': 0, 1, or null for the full debug view")
        return {"ok": True, "state": self.game.view(_seat(message["seat"], allow_null=True))}

    def _op_undo(self, message: dict) -> dict:
        to = message.get("to")
        if isinstance(to, bool) or not isinstance(to, int):
            raise ValueError("'undo' needs 'to': the number of decisions to keep")
        self.game.undo(to)
        self._bot_events = []
        return self._with_bot_events({"ok": True, "decisions": len(self.game.decisions)})

    def _op_log(self, message: dict) -> dict:
        return {"ok": True, "log": self.game.log()}

    def _op_hash(self, message: dict) -> dict:
        return {"ok": True, "hash": self.game.state_hash(), "decisions": len(self.game.decisions)}


def _read_lines(stream: IO[bytes], limit: int = MAX_LINE_BYTES):
    """Lines of at most `limit` bytes; a longer one is drained to its newline and given as None."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            while True:
                rest = stream.readline(limit)
                if not rest or rest.endswith(b"\n"):
                    break
            yield None
            continue
        yield line


def serve_lines(session: RefereeSession, stream: IO[bytes], out: IO[str]) -> None:
    """The `referee` command's loop: every input line gets exactly one output line."""
    for line in _read_lines(stream):
        if line is None:
            reply = bad_request(f"a line longer than {MAX_LINE_BYTES:,} bytes is not a request")
        elif not line.strip():
            continue
        else:
            reply = session.handle_line(line)
        try:
            text = json.dumps(reply, separators=(",", ":"))
        except (TypeError, ValueError) as exc:  # an unserialisable answer is a bug, not a crash
            text = json.dumps({"ok": False, "error": {"code": "internal_error", "message": f"unserialisable reply: {exc}"}})
        out.write(text + "\n")
        out.flush()
