"""The rule specs in `docs/rules/<game>.md`, looked up by the ids the referee cites.

Each spec numbers its rules in its own way, and the parser reads the forms they use:
headings (`### KJ-3.4 Main action I`, `#### 9-2-1 Procedure ...`, `#### 101 Number of
players`, `## 3. Game flow` in Kaiju meaning KJ-3), list items that start with a bold id
(`* **KJ-3.4.2** You may ...`, `- **GW-X-3 When the loss check runs.** ...`), table rows whose
first cell is an id (`| KJ-G1 | ... |`, the specs' gaps and ambiguities), Sakura Arms' roman
steps under a numbered rule (`* i. Reveal the card`, cited `9-2-1 i`) and the part headings
that name a family of ids (`# Part II — Advanced Rule Book (GW-A)`, cited `GW-A-*`).

A rule's title is its heading's, or the bold title of its item, else the title of the
heading it stands under; its text runs to the next rule of the same or a higher level.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

RULES_DIR = Path(__file__).resolve().parents[1] / "docs" / "rules"

# the id forms of each game; every pattern is anchored by the parser
_IDS = {
    "kaiju": r"KJ-(?:G\d+|\d+(?:\.\d+)*)",
    "qiguang": r"QG-(?:G\d+|\d+(?:\.\d+)*)",
    "gundam-war": r"GW-(?:[A-Z]-\d+(?:\.\d+)*|[A-Z0-9]\.\d+(?:\.\d+)*|[A-Z0-9]+)",
    "vividz": r"(?:AMB-\d+|\d{3,4}(?:\.\d+[a-z]?)?)",
    "sakura-arms": r"\d+(?:-\d+)*",
}
# how a game's citations may be written besides the bare id
_PREFIXES = {"sakura-arms": ("CR ",), "vividz": ("CR ", "rule "), "kaiju": (), "qiguang": (), "gundam-war": ()}
_ROMAN = r"(?:i|ii|iii|iv|v|vi|vii|viii|ix|x|xi|xii|xiii|xiv|xv)"
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*$")
_ITEM = re.compile(r"^(\s*)(?:[-*]|\d+[.)])\s+(.*)$")  # a bullet or numbered list item
_BOLD = re.compile(r"^\*\*(.+?)\*\*\s*(.*)$")
_ROMAN_ITEM = re.compile(rf"^(\s*)[-*]\s+({_ROMAN})[.)]\s+(.*)$")
_TABLE_ROW = re.compile(r"^\|\s*\**([^|*]+?)\**\s*\|(.*)$")
_SPAN = re.compile(r"^(.+\.\d+)-[\d.]+$")
_PART = re.compile(r"\(([A-Z]{2}-[A-Z])\)\s*$")


@dataclass(frozen=True)
class Rule:
    game: str
    id: str
    title: str
    text: str
    line: int  # 1-based line in docs/rules/<game>.md

    @property
    def source(self) -> str:
        return f"docs/rules/{self.game}.md:{self.line}"


@dataclass
class _Open:
    """A rule whose text is still being collected."""

    id: str
    title: str
    line: int
    level: int  # heading level 1-6; list items are 10 + their indent; table rows 100
    lines: list[str]


def _clean(title: str) -> str:
    return re.sub(r"[*`]", "", title).strip().rstrip(".:").strip()


def parse_spec(game: str, text: str) -> dict[str, Rule]:
    """Every rule of one spec by id (the first place an id is defined wins)."""
    id_re = _IDS[game]
    head_id = re.compile(rf"^(?:§\s*)?({id_re})(?=[\s.:—-]|$)[.:]?\s*(.*)$")
    kaiju_chapter = re.compile(r"^(\d+)\.\s+(.*)$")  # Kaiju's "## 3. Game flow" is KJ-3
    item_id = re.compile(rf"^({id_re})(?=[\s.:]|$)[.:]?\s*(.*)$")
    rules: dict[str, Rule] = {}
    stack: list[_Open] = []  # open rules, outermost first
    heading_titles: list[tuple[int, str, str]] = []  # (level, id, title) of the enclosing headings

    def close(level: int) -> None:
        while stack and stack[-1].level >= level:
            done = stack.pop()
            body = "\n".join(done.lines).strip()
            if done.id not in rules:
                rules[done.id] = Rule(game, done.id, done.title, body, done.line)

    def open_rule(rule: _Open) -> None:
        for outer in stack:
            outer.lines.append(rule.lines[0])
        stack.append(rule)

    def enclosing() -> tuple[str, str]:
        """The id and title of the innermost open rule (or heading) around this line."""
        if stack and stack[-1].level > 0:
            return stack[-1].id, stack[-1].title
        return (heading_titles[-1][1], heading_titles[-1][2]) if heading_titles else ("", "")

    in_code = False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith("```"):
            in_code = not in_code
        heading = None if in_code else _HEADING.match(line)
        if heading:
            level, words = len(heading.group(1)), heading.group(2)
            close(level)
            heading_titles = [h for h in heading_titles if h[0] < level]
            found = head_id.match(words)
            chapter = kaiju_chapter.match(words) if game == "kaiju" else None
            part = _PART.search(words)
            rid, title = (found.group(1), found.group(2)) if found else \
                (f"KJ-{chapter.group(1)}", chapter.group(2)) if chapter else \
                (part.group(1), words) if part else ("", words)
            heading_titles.append((level, rid, _clean(title)))
            if part and not found:  # a family (GW-A-*): its introduction, not the whole part
                close(0)
                stack.append(_Open(rid, _clean(title), number, 0, [line]))
                continue
            if stack and stack[0].level == 0:
                close(0)
            if rid:
                open_rule(_Open(rid, _clean(title) or rid, number, level, [line]))
            continue
        item = None if in_code else _ITEM.match(line)
        bold = _BOLD.match(item.group(2) if item else line) if not in_code else None
        found = item_id.match(bold.group(1) if bold else item.group(2)) if (item or bold) else None
        roman = None if in_code or found else _ROMAN_ITEM.match(line)
        row = None if in_code or found or roman else _TABLE_ROW.match(line)
        row_id = re.fullmatch(id_re, row.group(1).strip()) if row else None
        if found:
            level = 10 + len(item.group(1)) if item else 9  # 9: a bold paragraph, `**AMB-1 ...**`
            close(level)
            parent_id, parent_title = enclosing()
            title = (_clean(found.group(2)).lstrip("★ ").strip() if bold else "") or parent_title
            open_rule(_Open(found.group(1), title, number, level, [line]))
        elif roman:
            level = 10 + len(roman.group(1))
            close(level)
            parent_id, parent_title = enclosing()
            if parent_id:
                open_rule(_Open(f"{parent_id} {roman.group(2)}", parent_title, number, level, [line]))
            else:
                for outer in stack:
                    outer.lines.append(line)
        elif row_id:
            close(100)
            parent_id, parent_title = enclosing()
            cells = [c.strip() for c in row.group(2).split("|") if c.strip()]
            title = _clean(cells[0]) if cells and len(cells[0]) <= 60 else parent_title
            open_rule(_Open(row_id.group(0), title, number, 100, [line]))
            close(100)
        else:
            if stack and stack[-1].level == 100:
                close(100)
            for outer in stack:
                outer.lines.append(line)
            if stack and stack[-1].level >= 10 and line.strip() and not line.startswith((" ", "\t")) \
                    and not line.lstrip().startswith(("-", "*")):
                close(10)  # a paragraph back at the margin ends the list item
    close(0)
    return rules


@lru_cache(maxsize=8)
def rulebook(game: str, folder: Path = RULES_DIR) -> dict[str, Rule]:
    path = folder / f"{game}.md"
    return parse_spec(game, path.read_text(encoding="utf-8")) if path.is_file() else {}


def _candidates(game: str, cited: str) -> list[str]:
    """The spellings of a citation to try: brackets, `CR ` and `rule ` dropped, `GW-A-*` as
    the family's part heading."""
    text = cited.strip().strip("[]()").strip()
    for prefix in _PREFIXES.get(game, ()):
        if text.lower().startswith(prefix.lower()):
            text = text[len(prefix):].strip()
    out = [text]
    if text.endswith("-*") or text.endswith(".*"):
        out.append(text[:-2])
    span = _SPAN.match(text)  # GW-A-25.36-37, GW-B-13.9-13.11: a span cites its first rule
    if span:
        out.append(span.group(1))
    return out


@lru_cache(maxsize=8)
def _by_lowered_id(game: str, folder: Path = RULES_DIR) -> dict[str, Rule]:
    return {k.lower(): v for k, v in rulebook(game, folder).items()}


def find_rule(game: str, cited: str, folder: Path = RULES_DIR) -> Rule | None:
    """The rule a citation names, or None."""
    book = _by_lowered_id(game, folder)
    for candidate in _candidates(game, cited):
        rule = book.get(candidate.lower())
        if rule is not None:
            return rule
    return None


def nearest_ids(game: str, cited: str, folder: Path = RULES_DIR, n: int = 3) -> list[str]:
    """Ids of the game that look like a citation that names none (for "did you mean")."""
    import difflib

    book = rulebook(game, folder)
    return difflib.get_close_matches(_candidates(game, cited)[0], list(book), n=n, cutoff=0.6)


def with_rule_title(error: dict, game: str) -> dict:
    """A refusal's JSON with `rule_title` added when its rule is in the specs (an added field:
    clients that do not know it are unaffected)."""
    title = rule_title(game, error.get("rule"))
    return {**error, "rule_title": title} if title else error


def find_in_any_game(cited: str, games: list[str], folder: Path = RULES_DIR) -> list[Rule]:
    """Every game's rule that a citation names (bare numbers are ambiguous across games)."""
    return [r for g in games if (r := find_rule(g, cited, folder)) is not None]


def rule_title(game: str, cited: str | None) -> str | None:
    """The title of a cited rule, for refusal messages; None when it is not in the specs."""
    if not cited:
        return None
    rule = find_rule(game, cited)
    return rule.title if rule else None
