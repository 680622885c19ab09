"""Vividz deck construction (401): one Account card, three Mission cards with different
names, a main deck of 50-70 Character/Event cards, at most four of a name, each matching a
mission's (Mission info, Trait, Account info) triple unless its Mission info is ☆."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from engine.core.decklist import DeckLine
from engine.core.errors import DataError
from engine.core.names import card_name_index
from engine.core.game import Deck

from engine.games.vividz.cards import STAR, CardDef

MAIN_MIN, MAIN_MAX, MAX_COPIES = 50, 70, 4
SECTIONS = {"account": "account", "missions": "missions", "mission": "missions", "main": "main",
            "main deck": "main", "deck": "main"}


def deck_problems(sections: dict[str, list[str]], cards: dict[str, CardDef], where: str,
                  star_rule: str = "exempt") -> list[str]:
    """Every 401 violation of a resolved deck (ids per section)."""
    problems = []
    account, missions, main = (sections.get(s, []) for s in ("account", "missions", "main"))
    if len(account) != 1 or any(cards[c].type != "account" for c in account):
        problems.append(f"{where}: the Account part must be exactly 1 Account card, got {len(account)} (401.3)")
    if len(missions) != 3 or any(cards[c].type != "mission" for c in missions):
        problems.append(f"{where}: the Mission part must be exactly 3 Mission cards, got {len(missions)} (401.4)")
    dup = [n for n, k in Counter(cards[c].name for c in missions).items() if k > 1]
    if dup:
        problems.append(f"{where}: mission cards must have different names; {dup[0]!r} appears twice (401.4a)")
    wrong = sorted({cards[c].name for c in main if cards[c].type not in ("character", "event")})
    if wrong:
        problems.append(f"{where}: the main deck holds only Character and Event cards, not {', '.join(wrong)} (401.5)")
    if not MAIN_MIN <= len(main) <= MAIN_MAX:
        problems.append(f"{where}: the main deck has {len(main)} cards; it must have {MAIN_MIN}-{MAIN_MAX} (401.5a)")
    for name, count in Counter(cards[c].name for c in main).items():
        if count > MAX_COPIES:
            problems.append(f"{where}: {count} cards named {name!r}; at most {MAX_COPIES} allowed (401.5b)")
    triples = {cards[c].triple for c in missions}
    for name in sorted({cards[c].name for c in main if not _matches(cards[c], triples, star_rule)}):
        card = next(cards[c] for c in main if cards[c].name == name)
        problems.append(f"{where}: {name!r} (Mission info {card.mission}, Trait {card.trait}, Account info "
                        f"{card.account}) matches none of the deck's mission cards (401.5c)")
    return problems


def _matches(card: CardDef, triples: set, star_rule: str) -> bool:
    if card.type not in ("character", "event"):
        return True
    if card.mission == STAR:  # 401.5c special case; AMB-14 says fully exempt
        if star_rule == "exempt":
            return True
        return any(card.trait == t and card.account == a for _, t, a in triples)
    return card.triple in triples


def deck_from_entries(entries: list[DeckLine], filename: str, cards: dict[str, CardDef], options: dict,
                      problems: list[str]) -> Deck:
    """Resolve and validate deck-list entries (sections `Account:`, `Missions:`, main)."""
    problems = list(problems)
    index = card_name_index(cards)
    sections: dict[str, list[str]] = {"account": [], "missions": [], "main": []}
    for entry in entries:
        section = SECTIONS.get(entry.section)
        if section is None:
            problems.append(f"{filename}:{entry.line}: unknown section {entry.section!r}; "
                            f"use 'Account:', 'Missions:' or 'Main:'")
            continue
        card = index.entry_card(entry.name, f"{filename}:{entry.line}", problems)
        if card is None:
            continue
        expected = {"account": ("account",), "missions": ("mission",), "main": ("character", "event")}[section]
        if card.type not in expected:
            problems.append(f"{filename}:{entry.line}: {card.name!r} is a {card.type} card and cannot go in "
                            f"the {section} section (401.2)")
            continue
        sections[section].extend([card.id] * entry.count)
    if not problems:
        problems = deck_problems(sections, cards, filename, options.get("star_exception", "exempt"))
    if problems:
        raise DataError(problems)
    return Deck(Path(filename).stem, sections)


_CHECKED: dict[tuple, tuple] = {}  # deck contents -> (cards, problems): every game checks its decks again


def validate_deck(deck: Deck, cards: dict[str, CardDef], options: dict) -> list[str]:
    star = options.get("star_exception", "exempt")
    key = (deck.name, star, tuple((k, tuple(v)) for k, v in deck.sections.items()))
    hit = _CHECKED.get(key)
    if hit is not None and hit[0] is cards:
        return list(hit[1])
    problems = _validate(deck, cards, star)
    if len(_CHECKED) > 64:
        _CHECKED.clear()
    _CHECKED[key] = (cards, tuple(problems))
    return problems


def _validate(deck: Deck, cards: dict[str, CardDef], star: str) -> list[str]:
    ids = [c for s in deck.sections.values() for c in s]
    unknown = sorted({c for c in ids if c not in cards})
    if unknown:
        return [f"deck {deck.name}: unknown card ids {unknown}"]
    return deck_problems(deck.sections, cards, f"deck {deck.name}", star)
