"""Qiguang deck construction. The source has no rule (QG-G4), so by default any list of
known cards is accepted; the `deck_check=standard` option adds the spec's optional profile:
at least 40 cards, at most 3 with the same name. Token cards (the Mana Source) are never
deck cards under either setting: the game hands them out (QG-1.4, QG-3.3.1)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from engine.core.decklist import DeckLine
from engine.core.errors import DataError
from engine.core.names import card_name_index
from engine.core.game import Deck

from engine.games.qiguang.cards import CardDef

MIN_SIZE = 40
MAX_COPIES = 3


def rule_problems(ids: list[str], cards: dict[str, CardDef], options: dict, where: str,
                  lines_of: dict[str, list[int]] | None = None) -> list[str]:
    """Problems of a resolved deck under the table's `deck_check` option."""
    problems = []
    tokens = sorted({cards[c].name for c in ids if cards[c].type == "token"})
    for name in tokens:
        at = ":" + ", ".join(map(str, lines_of[name])) if lines_of and name in lines_of else ""
        problems.append(f"{where}{at}: {name!r} is a token the game hands out; it cannot be put in a deck (QG-1.4)")
    if not ids:
        problems.append(f"{where}: the deck is empty; it needs cards to draw (QG-1.4)")
    if options.get("deck_check", "none") == "standard":
        for name, count in Counter(cards[c].name for c in ids).items():
            if count > MAX_COPIES:
                at = ":" + ", ".join(map(str, lines_of[name])) if lines_of and name in lines_of else ""
                problems.append(f"{where}{at}: {count} cards named {name!r}; at most {MAX_COPIES} allowed "
                                f"(QG-G4, deck_check=standard)")
        if len(ids) < MIN_SIZE:
            problems.append(f"{where}: the deck has {len(ids)} cards; it needs at least {MIN_SIZE} "
                            f"(QG-G4, deck_check=standard)")
    return problems


def deck_from_entries(entries: list[DeckLine], filename: str, cards: dict[str, CardDef], options: dict,
                      problems: list[str]) -> Deck:
    """Resolve and validate deck-list entries; every problem is reported with its line."""
    problems = list(problems)
    index = card_name_index(cards)
    chosen: list[str] = []
    lines_of: dict[str, list[int]] = {}
    for entry in entries:
        if entry.section != "main":
            problems.append(f"{filename}:{entry.line}: qiguang decks have no section {entry.section!r}; "
                            f"remove the header")
            continue
        card = index.entry_card(entry.name, f"{filename}:{entry.line}", problems)
        if card is None:
            continue
        chosen.extend([card.id] * entry.count)
        lines_of.setdefault(card.name, []).append(entry.line)
    if not problems:
        problems = rule_problems(chosen, cards, options, filename, lines_of)
    if problems:
        raise DataError(problems)
    return Deck(Path(filename).stem, {"main": chosen})


def validate_deck(deck: Deck, cards: dict[str, CardDef], options: dict) -> list[str]:
    """Problems with an already-resolved deck (decks given as JSON, e.g. from a log)."""
    main = deck.sections.get("main", [])
    unknown = sorted({c for c in main if c not in cards})
    if unknown or set(deck.sections) - {"main"}:
        return [f"deck {deck.name}: unknown card ids {unknown} or sections {sorted(set(deck.sections) - {'main'})}"]
    return rule_problems(main, cards, options, f"deck {deck.name}")
