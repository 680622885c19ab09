"""`export-deck`: a TTS deck object (ours, or any saved object whose cards carry names) back
into a deck list in our text format, one section per deck object."""

from __future__ import annotations

import re
from typing import Any, Iterator

from engine.core.names import NameIndex

CARD_TYPES = ("Card", "CardCustom")
DECK_TYPES = ("Deck", "DeckCustom")
_SECTION_SUFFIX = re.compile(r"\(([^()]+)\)\s*$")


def _decks(objects: list[dict]) -> Iterator[dict]:
    """Every deck or loose card, looking inside bags and other containers."""
    for obj in objects:
        if not isinstance(obj, dict):
            continue
        if obj.get("Name") in DECK_TYPES + CARD_TYPES:
            yield obj
        elif obj.get("ContainedObjects"):
            yield from _decks(obj["ContainedObjects"])


def _card_name(card: dict, index: NameIndex | None) -> tuple[str, bool]:
    """(name for the list, whether it matched a card of the game)."""
    for candidate in (card.get("GMNotes", ""), card.get("Nickname", "")):
        if candidate and index is not None:
            found, _ = index.resolve(candidate)
            if found is not None:
                return index.display_name(found), True
    nickname = card.get("Nickname") or f"card {card.get('CardID', '?')}"
    return nickname, index is None


def export_deck(data: Any, index: NameIndex | None = None) -> tuple[str, list[str]]:
    """The deck list and the problems (cards that are not cards of the game)."""
    if not isinstance(data, dict) or not isinstance(data.get("ObjectStates"), list):
        return "", ["not a TTS save or saved object: no ObjectStates list"]
    sections: dict[str, list[str]] = {}
    problems: list[str] = []
    loose: list[str] = []
    for n, obj in enumerate(_decks(data["ObjectStates"])):
        cards = obj.get("ContainedObjects") or [] if obj.get("Name") in DECK_TYPES else [obj]
        suffix = _SECTION_SUFFIX.search(obj.get("Nickname", ""))
        section = suffix.group(1).strip().lower() if suffix and obj.get("Name") in DECK_TYPES else "main"
        target = loose if obj.get("Name") in CARD_TYPES else sections.setdefault(section, [])
        for card in cards:
            name, matched = _card_name(card, index)
            if not matched:
                problems.append(f"object {n + 1} ({obj.get('Nickname') or obj.get('Name')}): "
                                f"{name!r} is not a card of this game")
            target.append(name)
    if loose:
        sections.setdefault("main", []).extend(loose)
    lines: list[str] = []
    for section, names in sections.items():
        if section != "main" or len(sections) > 1:
            lines.append(f"{section.capitalize()}:")
        counts: dict[str, int] = {}
        for name in names:
            counts[name] = counts.get(name, 0) + 1
        lines += [f"{count} {name}" for name, count in counts.items()]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n", problems
