"""Deck lists in text, CSV, TSV or JSON, all parsed into the same entries (line, section,
count, name) so each game validates them with its own rules and every problem points at the
right line, row or JSON entry."""

from __future__ import annotations

import csv
import io
import json
import re

from engine.core.decklist import DeckLine, parse_deck_text, split_count

from tts_bridge.decks.sources import Source, SourceError

_NAME_HEADERS = ("name", "card", "card name", "title", "id", "名前", "名称", "卡名")
_COUNT_HEADERS = ("count", "qty", "quantity", "copies", "amount", "number", "n", "枚数", "数量")
_SECTION_HEADERS = ("section", "part", "zone", "board")


def sniff(text: str) -> str:
    """Guess the kind of a list that came without an extension or content type."""
    stripped = text.lstrip()
    if stripped[:1] in "[{":
        return "json"
    first = stripped.splitlines()[0] if stripped else ""
    if "\t" in first:
        return "tsv"
    if "," in first and not re.match(r"^\d+\s*[xX]?\s", first):
        return "csv"
    return "text"


def _table(text: str, delimiter: str, name: str, default_section: str) -> tuple[list[DeckLine], list[str]]:
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    header = [c.strip().lower() for c in rows[0]] if rows else []
    has_header = any(h in _NAME_HEADERS for h in header)
    if has_header:
        name_col = next(i for i, h in enumerate(header) if h in _NAME_HEADERS)
        count_col = next((i for i, h in enumerate(header) if h in _COUNT_HEADERS), None)
        section_col = next((i for i, h in enumerate(header) if h in _SECTION_HEADERS), None)
    else:  # no header: "count,name" or "name,count", told apart by the numeric column
        first = next((r for r in rows if any(c.strip() for c in r)), [])
        numeric = [i for i, c in enumerate(first) if c.strip().isdigit()]
        count_col = numeric[0] if numeric else None
        name_col = next((i for i in range(max(len(first), 1)) if i != count_col), 0)
        section_col = None
    entries, problems = [], []
    for number, row in enumerate(rows, start=1):
        cells = [c.strip() for c in row]
        if (has_header and number == 1) or not any(cells) or cells[0].startswith(("#", "//")):
            continue
        card = cells[name_col] if name_col < len(cells) else ""
        count = cells[count_col] if count_col is not None and count_col < len(cells) and cells[count_col] else "1"
        section = (cells[section_col].lower() if section_col is not None and section_col < len(cells)
                   and cells[section_col] else default_section)
        if not card:
            problems.append(f"{name}:{number}: this row has no card name")
        elif not count.isdigit() or not 1 <= int(count) <= 99:
            problems.append(f"{name}:{number}: {card!r}: the count {count!r} must be a whole number from 1 to 99")
        else:
            entries.append(DeckLine(number, section, int(count), card))
    return entries, problems


def _json(text: str, name: str, default_section: str) -> tuple[list[DeckLine], list[str]]:
    """A list of entries, or {section: [entries]} (also under a "sections" or "cards" key).
    An entry is "3 Name", {"name"/"id": ..., "count": n} or ["Name", n]."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SourceError(f"{name}:{exc.lineno}: not valid JSON ({exc.msg})") from None
    if isinstance(data, dict):
        data = data.get("sections", data.get("cards", data))
    sections = data.items() if isinstance(data, dict) else [(default_section, data)]
    entries, problems, cursor = [], [], 0

    def line_of(needle: str) -> int:  # the line where this entry's name appears, in order
        nonlocal cursor
        found = text.find(json.dumps(needle, ensure_ascii=False)[1:-1], cursor)
        if found < 0:
            return text.count("\n", 0, cursor) + 1
        cursor = found + 1
        return text.count("\n", 0, found) + 1

    for section, items in sections:
        if not isinstance(items, list):
            problems.append(f"{name}: section {section!r} must be a list of cards")
            continue
        for n, item in enumerate(items, start=1):
            if isinstance(item, str):
                parsed = split_count(item.strip())
                card, count = (parsed[1], parsed[0]) if parsed else (item, 0)
            elif isinstance(item, dict):
                card, count = item.get("name", item.get("id")), item.get("count", item.get("qty", 1))
            elif isinstance(item, list) and len(item) == 2:
                card, count = item
            else:
                card, count = None, None
            if not isinstance(card, str) or not card.strip():
                problems.append(f"{name}: {section} entry {n}: expected a card name, got {json.dumps(item)[:60]}")
                continue
            line = line_of(card)
            if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= 99:
                problems.append(f"{name}:{line}: {card!r}: the count {count!r} must be a whole number from 1 to 99")
                continue
            entries.append(DeckLine(line, str(section).lower(), count, card.strip()))
    return entries, problems


def parse_source(source: Source, default_section: str = "main") -> tuple[list[DeckLine], list[str]]:
    """Entries and problems of a deck list in any supported format."""
    kind = source.kind or sniff(source.text)
    if kind == "json":
        return _json(source.text, source.name, default_section)
    if kind in ("csv", "tsv"):
        return _table(source.text, "," if kind == "csv" else "\t", source.name, default_section)
    return parse_deck_text(source.text, source.name, default_section)
