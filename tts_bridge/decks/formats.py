"""Deck lists in text, CSV, TSV or JSON, all parsed into the same entries (line, section,
count, name) so each game validates them with its own rules and every problem points at the
right line, row or JSON entry.

Every format is parsed in linear time with bounded limits (deck lists are untrusted: files,
URLs): a CSV field longer than MAX_FIELD, JSON nested deeper than MAX_JSON_DEPTH or holding a
number longer than a count can be, and more than MAX_ENTRIES entries are each one clear error."""

from __future__ import annotations

import csv
import io
import json
import re

from engine.core.decklist import DeckLine, parse_deck_text, split_count

from tts_bridge.decks.sources import Source, SourceError
from tts_bridge.protocol import safe_json

MAX_FIELD = 4096  # a card name is a few dozen characters
MAX_JSON_DEPTH = 8  # {"sections": {"main": [["Name", 3]]}} is four levels
MAX_ENTRIES = 10_000  # far more than any deck has cards

_NAME_HEADERS = ("name", "card", "card name", "title", "id", "名前", "名称", "卡名")
_COUNT_HEADERS = ("count", "qty", "quantity", "copies", "amount", "number", "n", "枚数", "数量")
_SECTION_HEADERS = ("section", "part", "zone", "board")


def sniff(text: str) -> str:
    """Guess the kind of a list that came without an extension or content type."""
    stripped = text.lstrip()
    if stripped[:1] in ("[", "{"):  # not `in "[{"`: the empty string is in every string
        return "json"
    first = stripped.splitlines()[0] if stripped else ""
    if "\t" in first:
        return "tsv"
    if "," in first and not re.match(r"^\d+\s*[xX]?\s", first):
        return "csv"
    return "text"


def _rows(text: str, delimiter: str, name: str) -> list[list[str]]:
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    rows: list[list[str]] = []
    try:
        for row in reader:
            if any(len(cell) > MAX_FIELD for cell in row):
                raise SourceError(f"{name}:{reader.line_num}: a field of more than {MAX_FIELD:,} characters "
                                  f"is not a card name")
            rows.append(row)
            if len(rows) > MAX_ENTRIES:
                raise SourceError(f"{name}:{reader.line_num}: more than {MAX_ENTRIES:,} rows; that is not a deck list")
    except csv.Error as exc:  # e.g. "field larger than field limit"
        raise SourceError(f"{name}:{reader.line_num}: not readable as {'CSV' if delimiter == ',' else 'TSV'} ({exc})") from None
    return rows


def _table(text: str, delimiter: str, name: str, default_section: str) -> tuple[list[DeckLine], list[str]]:
    rows = _rows(text, delimiter, name)
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
        elif not count.isdigit() or len(count) > 2 or not 1 <= int(count) <= 99:
            problems.append(f"{name}:{number}: {card!r}: the count {count!r} must be a whole number from 1 to 99")
        else:
            entries.append(DeckLine(number, section, int(count), card))
    return entries, problems


def _json(text: str, name: str, default_section: str) -> tuple[list[DeckLine], list[str]]:
    """A list of entries, or {section: [entries]} (also under a "sections" or "cards" key).
    An entry is "3 Name", {"name"/"id": ..., "count": n} or ["Name", n]."""
    try:
        data = safe_json.loads(text, max_depth=MAX_JSON_DEPTH, max_number_chars=12)
    except safe_json.BadJSON as exc:
        where = f"{name}:{exc.lineno}" if exc.lineno else name
        raise SourceError(f"{where}: {exc}") from None
    if isinstance(data, dict):
        data = data.get("sections", data.get("cards", data))
    sections = data.items() if isinstance(data, dict) else [(default_section, data)]
    entries, problems = [], []
    cursor, line_at_cursor = 0, 1

    def line_of(needle: str) -> int:  # the line where this entry's name appears, in order
        nonlocal cursor, line_at_cursor  # counted from the last find on: linear in the text
        found = text.find(json.dumps(needle, ensure_ascii=False)[1:-1], cursor)
        if found < 0:
            return line_at_cursor
        line_at_cursor += text.count("\n", cursor, found)
        cursor = found + 1  # the name's first character is not a newline: counting resumes here
        return line_at_cursor

    if sum(len(items) for _, items in sections if isinstance(items, list)) > MAX_ENTRIES:
        raise SourceError(f"{name}: more than {MAX_ENTRIES:,} entries; that is not a deck list")

    for section, items in sections:
        if not isinstance(items, list):
            problems.append(f"{name}: section {str(section)[:60]!r} must be a list of cards")
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
