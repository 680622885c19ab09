"""Reading a file that should be a TTS save or saved object but may be anything: every way it
can be wrong is one `SaveFileError` line (what and where), never a traceback, and nothing read
nests deeper than `MAX_DEPTH`, so every walker over a save (validate-save, view, export-deck)
stays far inside Python's recursion limit."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

# JSON levels. Real saves nest at most 14 (tests/data/tts-samples/spirit-island-full-save.json;
# our tables 7); each bag inside a bag adds 2, so this is over 50 bags deep.
MAX_DEPTH = 128


class SaveFileError(ValueError):
    """`reason` says what is wrong (and where in the file); str() is `path: reason`. `kind`:
    "io" when the file could not be read, "json" when what it holds is not a save's JSON."""

    def __init__(self, path: Path, reason: str, kind: str = "json") -> None:
        super().__init__(f"{path}: {reason}")
        self.reason = reason
        self.kind = kind


def read_save_json(path: Path) -> Any:
    """The JSON value in `path` (UTF-8, with or without a byte-order mark, as TTS writes it)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise SaveFileError(path, "no such file", "io") from None
    except UnicodeDecodeError as exc:
        raise SaveFileError(path, f"not UTF-8 text (byte {exc.start}): not a TTS save") from None
    except OSError as exc:
        raise SaveFileError(path, f"cannot be read ({exc.strerror or exc})", "io") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveFileError(path, f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise SaveFileError(path, f"nested deeper than {MAX_DEPTH} levels: not a TTS save") from None
    except ValueError:  # an integer past sys.get_int_max_str_digits (4300 digits)
        raise SaveFileError(path, "holds a number thousands of digits long: not a TTS save") from None
    if _deeper_than(data, MAX_DEPTH):
        raise SaveFileError(path, f"nested deeper than {MAX_DEPTH} levels: not a TTS save")
    return data


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether lists and objects nest more than `limit` deep (without recursion). Walked on the
    decoded value, not the text as protocol/safe_json.depth_ok does for short messages: that
    character loop took 7x json.loads on a 3 MB save (0.2 s against 0.03 s)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return False
