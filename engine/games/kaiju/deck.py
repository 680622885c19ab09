"""Kaiju deck construction (KJ-2.1): exactly 40 cards, at most 3 with the same name."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from engine.core.decklist import DeckLine
from engine.core.errors import DataError
from engine.core.names import card_name_index
from engine.core.game import Deck

from engine.games.kaiju.cards import CardDef

DECK_SIZE = 40
MAX_COPIES = 3


def same_name_key(card: CardDef, include_prefix: bool) -> str:
    """KJ-G25: the deck limit compares names only, unless the table includes prefixes."""
    return card.title if include_prefix else card.name


def deck_from_entries(entries: list[DeckLine], filename: str, cards: dict[str, CardDef], options: dict,
                      problems: list[str]) -> Deck:
    """Resolve and validate deck-list entries; every problem is reported with its line."""
    problems = list(problems)
    index = card_name_index(cards)
    chosen: list[str] = []
    lines_of: dict[str, list[int]] = {}
    include_prefix = options.get("deck_name_rule") == "name_and_prefix"
    for entry in entries:
        if entry.section != "main":
            problems.append(f"{filename}:{entry.line}: kaiju decks have no section {entry.section!r}; remove the header")
            continue
        card = index.entry_card(entry.name, f"{filename}:{entry.line}", problems)
        if card is None:
            continue
        chosen.extend([card.id] * entry.count)
        lines_of.setdefault(same_name_key(card, include_prefix), []).append(entry.line)
    counts = Counter(same_name_key(cards[c], include_prefix) for c in chosen)
    for name, count in counts.items():
        if count > MAX_COPIES:
            where = ", ".join(map(str, lines_of[name]))
            problems.append(f"{filename}:{where}: {count} cards named {name!r}; at most {MAX_COPIES} allowed (KJ-2.1)")
    if len(chosen) != DECK_SIZE and not any("unknown card" in p for p in problems):
        problems.append(f"{filename}: the deck has {len(chosen)} cards; it must have exactly {DECK_SIZE} (KJ-2.1)")
    if chosen and not any(cards[c].is_battle for c in chosen):
        problems.append(f"{filename}: the deck has no battle card, so no opening hand can ever be kept (KJ-3.1.4)")
    if problems:
        raise DataError(problems)
    return Deck(Path(filename).stem, {"main": chosen})


def validate_deck(deck: Deck, cards: dict[str, CardDef], options: dict) -> list[str]:
    """Problems with an already-resolved deck (used for decks given as JSON, e.g. from a log)."""
    problems = []
    main = deck.sections.get("main", [])
    unknown = [c for c in main if c not in cards]
    if unknown:
        return [f"deck {deck.name}: unknown card ids {sorted(set(unknown))}"]
    include_prefix = options.get("deck_name_rule") == "name_and_prefix"
    for name, count in Counter(same_name_key(cards[c], include_prefix) for c in main).items():
        if count > MAX_COPIES:
            problems.append(f"deck {deck.name}: {count} cards named {name!r}; at most {MAX_COPIES} allowed (KJ-2.1)")
    if len(main) != DECK_SIZE:
        problems.append(f"deck {deck.name}: {len(main)} cards; exactly {DECK_SIZE} needed (KJ-2.1)")
    if main and not any(cards[c].is_battle for c in main):
        problems.append(f"deck {deck.name}: no battle card, so no opening hand can ever be kept (KJ-3.1.4)")
    return problems
