"""Deck lists as people write them, parsed into (line, section, count, name) entries.

Accepted per line: `3 Name`, `3x Name`, `3 x Name`, `Name x3`, `Name ×3`, a bare `Name` (one
copy), blank lines, `#` and `//` comments, and section headers such as `Missions:`. Parsing
only: each game resolves the names and checks its own construction rules, reporting every
problem with its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_COMMENT = re.compile(r"(^|\s)(#|//).*$")
_HEADER = re.compile(r"^([^\d\s][^:]*?)\s*:$")
_COUNT_FIRST = re.compile(r"^(\d+)\s*[xX×]?\s+(\S.*)$|^(\d+)[xX×](\S.*)$")
_COUNT_LAST = re.compile(r"^(\S.*?)\s+[xX×]\s*(\d+)$|^(\S.*?)\s*×\s*(\d+)$")
MAX_COPIES_PER_LINE = 99


@dataclass(frozen=True)
class DeckLine:
    line: int
    section: str
    count: int
    name: str


def split_count(text: str) -> tuple[int, str] | None:
    """`3 Name` / `3x Name` / `Name x3` -> (3, "Name"); a bare name is one copy."""
    match = _COUNT_FIRST.match(text)
    if match:
        count, name = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
        return int(count), name.strip()
    match = _COUNT_LAST.match(text)
    if match:
        name, count = (match.group(1), match.group(2)) if match.group(1) else (match.group(3), match.group(4))
        return int(count), name.strip()
    if text[:1].isdigit() and text.split()[0].isdigit() and len(text.split()) == 1:
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
        header = _HEADER.match(line)
        if header:
            section = header.group(1).strip().lower()
            continue
        parsed = split_count(line)
        if parsed is None:
            problems.append(f"{filename}:{number}: expected a card, e.g. '3 Name', '3x Name' or 'Name x3', got {raw.strip()!r}")
            continue
        count, name = parsed
        if not 1 <= count <= MAX_COPIES_PER_LINE:
            problems.append(f"{filename}:{number}: {name!r}: a count must be between 1 and {MAX_COPIES_PER_LINE}, got {count}")
            continue
        entries.append(DeckLine(number, section, count, name))
    return entries, problems
