"""Gundam War deck construction (GW-B-2.2, GW-A-1.4.2, GW-A-24.27, GW-A-25.35, GW-R-1..5)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from engine.core.decklist import DeckLine
from engine.core.errors import DataError
from engine.core.game import Deck
from engine.core.names import card_name_index

from engine.games.gundam_war.cards import CardDef

DECK_SIZE = 50
MAX_COPIES = 3
MAX_SPECIAL_G = 6


def problems_of(chosen: list[CardDef], where: str, options: dict, lines: dict[str, list[int]] | None = None) -> list[str]:
    """Every construction problem of a resolved deck (`lines`: deck-list lines per title)."""
    out = []
    if len(chosen) != DECK_SIZE:
        out.append(f"{where}: the deck has {len(chosen)} cards; it must have exactly {DECK_SIZE} (GW-B-2.2.1)")
    copies = Counter(c.title for c in chosen if c.type != "g" and not c.keywords.get("many_copies"))
    for title, n in sorted(copies.items()):
        if n > MAX_COPIES:
            at = f"{where}:{', '.join(map(str, lines[title]))}" if lines and title in lines else where
            out.append(f"{at}: {n} cards named {title!r}; at most {MAX_COPIES} allowed (GW-B-2.2.2, GW-A-1.4.2)")
    special = [c for c in chosen if c.type == "g" and not c.basic]
    if len(special) > MAX_SPECIAL_G:
        out.append(f"{where}: {len(special)} Special G; at most {MAX_SPECIAL_G} allowed (GW-B-2.2.4)")
    if options.get("special_g_copies") == "three":
        for title, n in sorted(Counter(c.title for c in special).items()):
            if n > MAX_COPIES:
                out.append(f"{where}: {n} copies of the Special G {title!r}; at most {MAX_COPIES} under "
                           f"special_g_copies=three (GW-X-8)")
    names = Counter(c.name for c in chosen)
    for c in {c.id: c for c in chosen}.values():
        if c.keywords.get("restrict") == "1/deck" and names[c.name] > 1:
            out.append(f"{where}: {c.title!r} has Restrict to 1/Deck, so no other card named {c.name!r} may be in "
                       f"the deck (GW-A-25.35)")
    return out


def deck_from_entries(entries: list[DeckLine], filename: str, cards: dict[str, CardDef], options: dict,
                      problems: list[str]) -> Deck:
    """Resolve deck-list entries (text files and the importer's lists alike) and check the
    construction rules; every problem is reported with its line."""
    problems = list(problems)
    index = card_name_index(cards)
    chosen: list[CardDef] = []
    lines: dict[str, list[int]] = {}
    for entry in entries:
        if entry.section != "main":
            problems.append(f"{filename}:{entry.line}: Gundam War decks have no section {entry.section!r}; "
                            "remove the header")
            continue
        card = index.entry_card(entry.name, f"{filename}:{entry.line}", problems)
        if card is None:
            continue
        chosen += [card] * entry.count
        lines.setdefault(card.title, []).append(entry.line)
    if not any("unknown card" in p for p in problems):
        problems += problems_of(chosen, filename, options, lines)
    if problems:
        raise DataError(problems)
    return Deck(Path(filename).stem, {"main": [c.id for c in chosen]})


def validate_deck(deck: Deck, cards: dict[str, CardDef], options: dict) -> list[str]:
    main = deck.sections.get("main", [])
    unknown = sorted({c for c in main if c not in cards})
    if unknown:
        return [f"deck {deck.name}: unknown card ids {unknown}"]
    return problems_of([cards[c] for c in main], f"deck {deck.name}", options)
