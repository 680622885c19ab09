"""The referee protocol: one JSON request per line in, one JSON response per line out.

`RefereeSession.handle` is the whole contract (see design.md); the CLI only feeds it lines.
A malformed line or an illegal move gets `ok:false` and the session goes on unchanged.
"""

from __future__ import annotations

import json
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.game import Game


def bad_request(message: str) -> dict:
    return {"ok": False, "error": {"code": "bad_request", "message": message}}


def _seat(value: Any, allow_null: bool = False) -> int | None:
    if value is None and allow_null:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value not in (0, 1):
        raise ValueError(f"'seat' must be 0 or 1{' or null' if allow_null else ''}, got {value!r}")
    return value


class RefereeSession:
    def __init__(self, game: Game) -> None:
        self.game = game

    def handle_line(self, line: str) -> dict:
        try:
            message = json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            return bad_request(f"not valid JSON: {exc}")
        return self.handle(message)

    def handle(self, message: Any) -> dict:
        if not isinstance(message, dict):
            return bad_request("each line must be a JSON object with an 'op' field")
        op = message.get("op")
        handler = getattr(self, f"_op_{op}", None) if isinstance(op, str) else None
        if handler is None:
            return bad_request(f"unknown op {op!r}; expected one of pending, act, concede, state, undo, log")
        try:
            return handler(message)
        except ValueError as exc:
            return bad_request(str(exc))
        except IllegalAction as exc:
            return {"ok": False, "error": exc.to_json()}

    def _op_pending(self, message: dict) -> dict:
        request = self.game.pending()
        if request is None:
            result = self.game.result()
            return {"ok": True, "request": None, "result": result.to_json() if result else None}
        return {"ok": True, "request": request.to_json()}

    def _op_act(self, message: dict) -> dict:
        seat = _seat(message.get("seat"))
        action = message.get("action")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise ValueError("'action' must be an object with a 'type' field (see `tts-bridge actions`)")
        events = self.game.act(seat, action)
        shown = [e.for_seat(seat) for e in events]
        return {"ok": True, "events": [e for e in shown if e is not None]}

    def _op_concede(self, message: dict) -> dict:
        seat = _seat(message.get("seat"))
        events = self.game.concede(seat)
        return {"ok": True, "events": [e for e in (ev.for_seat(seat) for ev in events) if e is not None]}

    def _op_state(self, message: dict) -> dict:
        if "seat" not in message:
            raise ValueError("'state' needs 'seat': 0, 1, or null for the full debug view")
        return {"ok": True, "state": self.game.view(_seat(message["seat"], allow_null=True))}

    def _op_undo(self, message: dict) -> dict:
        to = message.get("to")
        if isinstance(to, bool) or not isinstance(to, int):
            raise ValueError("'undo' needs 'to': the number of decisions to keep")
        self.game.undo(to)
        return {"ok": True, "decisions": len(self.game.decisions)}

    def _op_log(self, message: dict) -> dict:
        return {"ok": True, "log": self.game.log()}
