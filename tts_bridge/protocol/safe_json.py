"""JSON from untrusted text that cannot exhaust the decoder: nesting depth, number length and
non-finite numbers are checked in linear time before or while decoding, and every refusal is a
`BadJSON` (a ValueError) with one line saying why. Used by the referee protocol and the deck
importer; Python's own decoder raises RecursionError on deep nesting and ValueError on
integers past `sys.get_int_max_str_digits`, neither of which those callers expected."""

from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 64
MAX_NUMBER_CHARS = 40


class BadJSON(ValueError):
    """Text the limited decoder refuses (the message says why; `lineno` where known)."""

    def __init__(self, message: str, lineno: int | None = None) -> None:
        super().__init__(message)
        self.lineno = lineno


def depth_ok(text: str, limit: int = MAX_DEPTH) -> bool:
    """True when brackets nest at most `limit` deep, in one pass that skips string contents."""
    if text.count("[") + text.count("{") <= limit:
        return True
    depth, in_string, escaped = 0, False, False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def _number(kind: type, limit: int) -> Any:
    def parse(text: str) -> Any:
        if len(text) > limit:
            raise BadJSON(f"a number of {len(text)} characters is too long (limit {limit})")
        value = kind(text)
        if kind is float and value in (float("inf"), float("-inf")):
            raise BadJSON(f"the number {text} is out of range")
        return value
    return parse


def _no_constant(name: str) -> Any:
    raise BadJSON(f"{name} is not JSON")


def loads(text: str, *, max_depth: int = MAX_DEPTH, max_number_chars: int = MAX_NUMBER_CHARS) -> Any:
    """`json.loads` within the limits; BadJSON otherwise (JSON syntax errors included)."""
    if not depth_ok(text, max_depth):
        raise BadJSON(f"nested deeper than {max_depth} levels")
    try:
        return json.loads(text, parse_int=_number(int, max_number_chars),
                          parse_float=_number(float, max_number_chars), parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise BadJSON(f"not valid JSON: {exc.msg} (line {exc.lineno} column {exc.colno})", exc.lineno) from None
    except RecursionError:
        raise BadJSON("nested too deeply") from None
