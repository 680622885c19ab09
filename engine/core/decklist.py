"""Deck lists in the project's text format: `COUNT NAME` per line, `#` comments, optional
section headers (`Missions:`). Parsing only: each game resolves names and checks its own
construction rules, reporting every problem with its line."""

from __future__ import annotations

import re
from dataclasses import dataclass

_COUNT_LINE = re.compile(r"^(\d+)\s*[xX]?\s+(.+?)\s*$")
_HEADER = re.compile(r"^([^\d#][^:]*):\s*$")


@dataclass(frozen=True)
class DeckLine:
    line: int
    section: str
    count: int
    name: str


def parse_deck_text(text: str, filename: str, default_section: str = "main") -> tuple[list[DeckLine], list[str]]:
    """Return the entries and a list of problems (`file:line: message`)."""
    entries: list[DeckLine] = []
    problems: list[str] = []
    section = default_section
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        header = _HEADER.match(line)
        if header:
            section = header.group(1).strip().lower()
            continue
        match = _COUNT_LINE.match(line)
        if not match:
            problems.append(f"{filename}:{number}: expected 'COUNT NAME' (e.g. '3 Gomora'), got {raw.strip()!r}")
            continue
        count = int(match.group(1))
        if count < 1:
            problems.append(f"{filename}:{number}: a count must be at least 1, got {count}")
            continue
        entries.append(DeckLine(number, section, count, match.group(2)))
    return entries, problems
