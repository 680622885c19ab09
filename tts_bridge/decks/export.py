"""`export-deck`: a TTS deck object or save (ours, or any whose cards carry names) back into
deck lists in our text format, one list per seat, which `import-deck` reads back as the same
deck.

A TTS save cannot hold a deck of one card: a one-card section (Vividz's Account) lies on the
table as a loose Card. So, given the game, every pile (deck object or loose card) is placed in
the first section of the game's deck lists whose construction rules accept its cards, asked
of the game itself (its `deck_from_entries` on a one-line list: a problem on that line means
"not here"); the pile's label (`name (Missions)`) is only a hint, tried first. A table save
holds both seats' decks, labelled `Seat N: name` and tagged `seatN`; a loose card belongs to
the seat whose decks lie nearest.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Iterator

from engine.core.decklist import DeckLine
from engine.core.errors import DataError
from engine.core.game import GameRules, resolve_options
from engine.core.names import NameIndex

CARD_TYPES = ("Card", "CardCustom")
DECK_TYPES = ("Deck", "DeckCustom")
_SECTION_SUFFIX = re.compile(r"\s*\(([^()]+)\)\s*$")
_SEAT_PREFIX = re.compile(r"^\s*Seat\s+(\d+)\s*:\s*", re.IGNORECASE)
_SEAT_TAG = re.compile(r"^seat(\d+)$", re.IGNORECASE)
_PROBE = "exported list"
_PROBE_PREFIX = re.compile(rf"^{_PROBE}(:\d+)?: (deck [^:]*: )?")  # the game's "file: deck NAME: " before its reason


@dataclass
class Pile:
    """One deck object or loose card of the save."""

    number: int          # 1-based, in save order, for messages
    label: str           # the object's nickname
    cards: list[dict]
    loose: bool
    seat: str | None
    deck_name: str
    section_hint: str | None
    position: tuple[float, float] | None


@dataclass
class ExportedList:
    """The deck list of one seat (or of the whole object when it names no seats)."""

    seat: str | None
    name: str
    text: str


@dataclass
class Export:
    lists: list[ExportedList] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def text(self) -> str:
        """Every list; several are each headed by a `# Seat N: name` comment."""
        if len(self.lists) == 1:
            return self.lists[0].text
        return "\n".join(f"# Seat {e.seat}: {e.name}\n{e.text}" if e.seat is not None else f"# {e.name}\n{e.text}"
                         for e in self.lists)


def _position(obj: dict) -> tuple[float, float] | None:
    tf = obj.get("Transform")
    if isinstance(tf, dict) and isinstance(tf.get("posX"), (int, float)) and isinstance(tf.get("posZ"), (int, float)):
        return float(tf["posX"]), float(tf["posZ"])
    return None


def _piles(objects: list, counter: list[int], where: tuple[float, float] | None = None) -> Iterator[Pile]:
    """Every deck or loose card, looking inside bags and other containers."""
    for obj in objects:
        if not isinstance(obj, dict):
            continue
        name = obj.get("Name")
        position = _position(obj) or where
        if name in DECK_TYPES + CARD_TYPES:
            counter[0] += 1
            label = str(obj.get("Nickname") or "")
            tags = [t for t in obj.get("Tags") or [] if isinstance(t, str)]
            seat_tag = next((m.group(1) for t in tags if (m := _SEAT_TAG.match(t))), None)
            seat_prefix = _SEAT_PREFIX.match(label)
            rest = label[seat_prefix.end():] if seat_prefix else label
            suffix = _SECTION_SUFFIX.search(rest) if name in DECK_TYPES else None
            cards = [c for c in obj.get("ContainedObjects") or [] if isinstance(c, dict)] if name in DECK_TYPES else [obj]
            yield Pile(counter[0], label or name, cards, name in CARD_TYPES,
                       seat_tag or (seat_prefix.group(1) if seat_prefix else None),
                       (rest[:suffix.start()] if suffix else rest).strip() if name in DECK_TYPES else "",
                       suffix.group(1).strip().lower() if suffix else None, position)
        elif obj.get("ContainedObjects"):
            yield from _piles(obj["ContainedObjects"], counter, position)


class GameSections:
    """The sections of a game's deck lists and which of them accept a card, asked of the game."""

    def __init__(self, rules: GameRules) -> None:
        self.rules = rules
        self.index: NameIndex = rules.name_index()
        samples = rules.sample_decks()
        self.order = list(dict.fromkeys([s for deck in samples for s in deck.sections] or ["main"]))
        self._options = resolve_options(rules, None)
        self._answers: dict[tuple[str, str], bool] = {}

    def name_of(self, card: dict) -> str:
        """The name the list gives: the game's display name for the card id (GMNotes) or the
        nickname, else the nickname as it is."""
        for candidate in (card.get("GMNotes"), card.get("Nickname")):
            if isinstance(candidate, str) and candidate:
                found, _ = self.index.resolve(candidate)
                if found is not None:
                    return self.index.display_name(found)
        return str(card.get("Nickname") or f"card {card.get('CardID', '?')}")

    def accepts(self, section: str, name: str) -> bool:
        """Whether the game takes `name` under `section`: no problem on its line."""
        key = (section, name)
        if key not in self._answers:
            deck_from_entries = getattr(self.rules, "deck_from_entries")
            try:
                deck_from_entries([DeckLine(1, section, 1, name)], _PROBE, self.rules.cards(), self._options, [])
                self._answers[key] = True
            except DataError as exc:
                self._answers[key] = not any(p.startswith(f"{_PROBE}:1:") for p in exc.problems)
        return self._answers[key]

    def section_for(self, names: list[str], hint: str | None) -> str | None:
        """The game's section that accepts every name; among several, the one the pile's label
        names (`Seat 0: deck (Special cards)` -> `special`), else the first in list order."""
        accepting = [s for s in self.order if all(self.accepts(s, n) for n in set(names))]
        if hint:
            words = hint.lower().split()
            for section in accepting:
                if section in (hint.lower(), words[0]) or words[0].startswith(section) or section.startswith(words[0]):
                    return section
        if accepting:
            return accepting[0]
        if hint and all(self.accepts(hint, n) for n in set(names)):
            return hint
        return None

    def problems(self, sections: dict[str, list[str]]) -> list[str]:
        """What the game's construction rules say about the whole list."""
        entries = [DeckLine(n, section, 1, name) for n, (section, name)
                   in enumerate(((s, name) for s, names in sections.items() for name in names), start=1)]
        try:
            getattr(self.rules, "deck_from_entries")(entries, _PROBE, self.rules.cards(), self._options, [])
        except DataError as exc:
            return list(exc.problems)
        return []


def _nearest_seat(pile: Pile, seated: list[Pile]) -> str | None:
    if pile.position is None:
        return None
    placed = [p for p in seated if p.position is not None]
    if not placed:
        return None
    return min(placed, key=lambda p: math.dist(p.position, pile.position)).seat


def _list_text(sections: dict[str, list[str]]) -> str:
    lines: list[str] = []
    for section, names in sections.items():
        if not names:
            continue
        if section != "main" or len([s for s in sections.values() if s]) > 1:
            lines.append(f"{section.capitalize()}:")
        counts: dict[str, int] = {}
        for name in names:
            counts[name] = counts.get(name, 0) + 1
        lines += [f"{count} {name}" for name, count in counts.items()]
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def export_lists(data: Any, rules: GameRules | None = None) -> Export:
    """The deck list of each seat in `data` (a save or saved object), and the problems: cards
    that are not the game's, or that fit no section of its deck lists (left out)."""
    result = Export()
    if not isinstance(data, dict) or not isinstance(data.get("ObjectStates"), list):
        result.problems.append("not a TTS save or saved object: no ObjectStates list")
        return result
    piles = list(_piles(data["ObjectStates"], [0]))
    seated = [p for p in piles if p.seat is not None]
    for pile in piles:
        if pile.seat is None and seated:
            pile.seat = _nearest_seat(pile, seated) or seated[0].seat
    game = GameSections(rules) if rules is not None else None
    seats = list(dict.fromkeys(p.seat for p in piles))
    for seat in seats:
        mine = [p for p in piles if p.seat == seat]
        sections: dict[str, list[str]] = {s: [] for s in (game.order if game else [])}
        loose: list[tuple[Pile, str, list[str]]] = []
        for pile in mine:
            names = [game.name_of(c) if game else str(c.get("Nickname") or f"card {c.get('CardID', '?')}")
                     for c in pile.cards]
            if game is None:
                section = "main" if pile.loose else (pile.section_hint or "main")
            else:
                section = game.section_for(names, pile.section_hint)
                if section is None:  # piles mixing sections, or cards that are not the game's
                    left_out = []
                    for name in names:
                        alone = game.section_for([name], None)
                        if alone is None:
                            left_out.append(name)
                        else:
                            sections.setdefault(alone, []).append(name)
                    result.problems += _left_out(pile, left_out, game)
                    continue
            sections.setdefault(section, []).extend(names)
            if pile.loose:
                loose.append((pile, section, names))
        if game is not None:
            result.problems += _drop_refused_loose_cards(game, sections, loose)
        if any(sections.values()):
            name = next((p.deck_name for p in mine if p.deck_name), "") or (f"seat {seat}" if seat else "deck")
            result.lists.append(ExportedList(seat, name, _list_text(sections)))
    return result


def _drop_refused_loose_cards(game: GameSections, sections: dict[str, list[str]],
                              loose: list[tuple[Pile, str, list[str]]]) -> list[str]:
    """A loose card at the table need not belong to the deck list (Sakura Arms lays each
    goddess's Extra cards out beside the deck, 7-1-12): one the game refuses in the list, and
    without which the list has fewer problems, is left out, with the game's own reason."""
    out = []
    for pile, section, names in loose:
        now = game.problems(sections)
        if not now:
            break
        without = {s: list(v) for s, v in sections.items()}
        for name in names:
            without[section].remove(name)
        if len(game.problems(without)) < len(now):
            reasons = [_PROBE_PREFIX.sub("", p) for p in now if any(repr(n) in p for n in names)]
            sections.clear()
            sections.update(without)
            out.append(f"object {pile.number} ({pile.label}): left out" + (f": {reasons[0]}" if reasons else ""))
    return out


def _left_out(pile: Pile, names: list[str], game: GameSections) -> list[str]:
    """One line per pile and kind: cards that are not the game's, and the game's cards that
    fit no section of a deck list (Sakura Arms' Extra cards come with their goddess)."""
    foreign = list(dict.fromkeys(n for n in names if game.index.resolve(n)[0] is None))
    unlisted = list(dict.fromkeys(n for n in names if n not in foreign))
    where = f"object {pile.number} ({pile.label})"
    out = []
    for kind, group in (("not cards of this game", foreign),
                        ("cards of this game that no section of a deck list takes", unlisted)):
        if group:
            shown = ", ".join(repr(n) for n in group[:3]) + (f" and {len(group) - 3} more" if len(group) > 3 else "")
            out.append(f"{where}: {shown} {'is' if len(group) == 1 else 'are'} {kind if len(group) > 1 else kind.replace('cards', 'a card', 1)}; left out")
    return out


def detect_game(data: Any) -> str | None:
    """The registered game every tagged pile names in its Tags (ours carry the game id)."""
    from engine.core.registry import game_ids

    if not isinstance(data, dict) or not isinstance(data.get("ObjectStates"), list):
        return None
    known = set(game_ids())
    found = set()
    for obj in data["ObjectStates"]:
        if isinstance(obj, dict):
            found |= known & {t for t in obj.get("Tags") or [] if isinstance(t, str)}
    return found.pop() if len(found) == 1 else None


def export_deck(data: Any, rules: GameRules | None = None) -> tuple[str, list[str]]:
    """Every list as one text (see Export.text) and the problems."""
    result = export_lists(data, rules)
    return (result.text() if result.lists else ""), result.problems
