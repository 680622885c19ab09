"""Deck lists as people write them, parsed into (line, section, count, name) entries.

Accepted per line: `3 Name`, `3x Name`, `3 x Name`, `Name x3`, `Name ×3`, a bare `Name` (one
copy), blank lines, `#` and `//` comments, and section headers such as `Missions:`. Parsing
only: each game resolves the names and checks its own construction rules, reporting every
problem with its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_COMMENT = re.compile(r"(^|\s)(#|//).*$")  # linear: no quantifier before the alternation
_X = "xX×"
MAX_COPIES_PER_LINE = 99
MAX_COUNT_DIGITS = 12  # int() of thousands of digits is slow, then raises; no deck needs more


@dataclass(frozen=True)
class DeckLine:
    line: int
    section: str
    count: int
    name: str


# Deck lists are untrusted text (files, URLs), so every line is split by hand in one pass:
# the regular expressions these replace backtracked quadratically on long runs of spaces
# ("a" + 200,000 spaces + "b" took minutes).

def _count(digits: str) -> int:
    return int(digits) if len(digits) <= MAX_COUNT_DIGITS else 10 ** MAX_COUNT_DIGITS


def _skip_space(text: str, i: int) -> int:
    while i < len(text) and text[i].isspace():
        i += 1
    return i


def _count_first(text: str) -> tuple[int, str] | None:
    """`3 Name`, `3x Name`, `3 x Name`, `3xName`."""
    i = 0
    while i < len(text) and text[i].isdecimal():
        i += 1
    if i == 0 or i == len(text):
        return None
    digits, k = text[:i], _skip_space(text, i)
    if k < len(text) - 1 and text[k] in _X and text[k + 1].isspace():  # 3x Name, 3 x Name
        name_at = _skip_space(text, k + 1)
        if name_at < len(text):
            return _count(digits), text[name_at:].strip()
    if k > i and k < len(text):  # 3 Name (also 3 xName)
        return _count(digits), text[k:].strip()
    if k == i and text[i] in _X and i + 1 < len(text) and not text[i + 1].isspace():  # 3xName
        return _count(digits), text[i + 1:].strip()
    return None


def _count_last(text: str) -> tuple[int, str] | None:
    """`Name x3`, `Name x 3`, `Name×3`, `Name × 3`."""
    end = len(text)
    i = end
    while i > 0 and text[i - 1].isdecimal():
        i -= 1
    if i == end:
        return None
    digits, k = text[i:], i
    while k > 0 and text[k - 1].isspace():
        k -= 1
    if k == 0 or text[k - 1] not in _X:
        return None
    mark = text[k - 1]
    j = k - 1
    while j > 0 and text[j - 1].isspace():
        j -= 1
    if j == 0 or (j == k - 1 and mark != "×"):  # "Name x3" needs a space before the x; × does not
        return None
    return _count(digits), text[:j].strip()


def section_header(line: str) -> str | None:
    """`Missions:` -> "missions" (a line ending in its only colon, not starting with a digit)."""
    if len(line) < 2 or not line.endswith(":") or ":" in line[1:-1] or line[0].isdecimal() or line[0].isspace():
        return None
    return line[:-1].strip().lower()


def split_count(text: str) -> tuple[int, str] | None:
    """`3 Name` / `3x Name` / `Name x3` -> (3, "Name"); a bare name is one copy."""
    found = _count_first(text) or _count_last(text)
    if found:
        return found
    words = text.split()
    if text[:1].isdigit() and len(words) == 1 and words[0].isdigit():
        return None  # a lone number is not a card
    return 1, text.strip()


def parse_deck_text(text: str, filename: str, default_section: str = "main") -> tuple[list[DeckLine], list[str]]:
    """Return the entries and a list of problems (`file:line: message`)."""
    entries: list[DeckLine] = []
    problems: list[str] = []
    section = default_section
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _COMMENT.sub("", raw).strip()
        if not line:
            continue
        header = section_header(line)
        if header is not None:
            section = header
            continue
        parsed = split_count(line)
        if parsed is None:
            problems.append(f"{filename}:{number}: expected a card, e.g. '3 Name', '3x Name' or 'Name x3', got {raw.strip()!r}")
            continue
        count, name = parsed
        if not 1 <= count <= MAX_COPIES_PER_LINE:
            shown = count if count < 10 ** MAX_COUNT_DIGITS else f"a number of more than {MAX_COUNT_DIGITS} digits"
            problems.append(f"{filename}:{number}: {name[:80]!r}: a count must be between 1 and {MAX_COPIES_PER_LINE}, "
                            f"got {shown}")
            continue
        entries.append(DeckLine(number, section, count, name))
    return entries, problems
