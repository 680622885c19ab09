"""Goddess selection (2-1) and deck construction (3-2) as validated deck lists.

A deck list has three sections: `Goddesses:` (2 goddesses with different numbers), `Normal:`
(7 Normal cards) and `Specials:` (3 Special cards), all from the chosen goddesses, one copy
each (3-1). Lines before any header are sorted by what they name. Every problem is reported
with its file and line.
"""

from __future__ import annotations

from pathlib import Path

from engine.core.decklist import DeckLine
from engine.core.errors import DataError
from engine.core.game import Deck
from engine.core.names import NameIndex, card_name_index, loose, unknown_card_message

from engine.games.sakura_arms.cards import CardSet

NORMALS, SPECIALS, GODDESSES = 7, 3, 2
_SECTIONS = {"goddesses": "goddesses", "goddess": "goddesses", "megami": "goddesses", "normal": "normal",
             "normals": "normal", "normal cards": "normal", "specials": "special", "special": "special",
             "special cards": "special", "main": None}


def _goddess_index(cards: CardSet) -> dict:
    out = {}
    for g in cards.goddesses.values():
        out[loose(g.id)] = g
        out[loose(g.name)] = g
    return out


def deck_from_entries(entries: list[DeckLine], filename: str, cards: CardSet, options: dict,
                      problems: list[str]) -> Deck:
    """Resolve and validate deck-list entries (any format the project reads)."""
    problems = list(problems)
    gods = _goddess_index(cards)
    index: NameIndex = card_name_index(cards)
    sections: dict[str, list[str]] = {"goddesses": [], "normal": [], "special": []}
    for e in entries:
        if e.section not in _SECTIONS:
            problems.append(f"{filename}:{e.line}: unknown section {e.section!r}; use Goddesses:, Normal: and Specials:")
            continue
        section = _SECTIONS[e.section]
        if e.count != 1:
            problems.append(f"{filename}:{e.line}: {e.count} copies of {e.name!r}; a deck holds one copy of each card (3-1)")
            continue
        goddess = gods.get(loose(e.name))
        if section == "goddesses" or (section is None and goddess is not None):
            if goddess is None:
                problems.append(f"{filename}:{e.line}: unknown goddess {e.name!r}; known: "
                                f"{', '.join(g.name for g in cards.goddesses.values())}")
            else:
                sections["goddesses"].append(goddess.id)
            continue
        card, suggestions = index.resolve(e.name)
        if card is None:
            problems.append(f"{filename}:{e.line}: {unknown_card_message(e.name, suggestions)}")
            continue
        if section is not None and (card.category == "special") != (section == "special"):
            problems.append(f"{filename}:{e.line}: {card.name!r} is a {card.category.capitalize()} card; list it under "
                            f"{'Specials:' if card.category == 'special' else 'Normal:'} (3-2)")
            continue
        sections[section or card.category].append(card.id)
    deck = Deck(Path(filename).stem, sections)
    problems += [f"{filename}: {p}" for p in validate_deck(deck, cards)]
    if problems:
        raise DataError(problems)
    return deck


def validate_deck(deck: Deck, cards: CardSet, options: dict | None = None) -> list[str]:
    """2-1 and 3-2 for an already-resolved deck (also used for decks read back from a log)."""
    problems = []
    gods = deck.sections.get("goddesses", [])
    unknown = [g for g in gods if g not in cards.goddesses]
    if unknown:
        return [f"deck {deck.name}: unknown goddesses {unknown}"]
    if len(gods) != GODDESSES:
        problems.append(f"deck {deck.name}: {len(gods)} goddesses; choose exactly {GODDESSES} (2-1)")
    numbers = [cards.goddesses[g].number for g in gods]
    if len(set(numbers)) != len(numbers):
        problems.append(f"deck {deck.name}: the goddesses share the number {numbers[0]}; a goddess and her "
                        f"alternate version cannot be chosen together (2-1)")
    for section, size, category in (("normal", NORMALS, "normal"), ("special", SPECIALS, "special")):
        ids = deck.sections.get(section, [])
        bad = [c for c in ids if c not in cards]
        if bad:
            problems.append(f"deck {deck.name}: unknown cards {bad}")
            continue
        if len(ids) != size:
            problems.append(f"deck {deck.name}: {len(ids)} {category.capitalize()} cards; exactly {size} needed (3-2)")
        if len(set(ids)) != len(ids):
            problems.append(f"deck {deck.name}: a card is listed twice; one copy of each card (3-1)")
        for c in ids:
            d = cards[c]
            if d.category != category:
                problems.append(f"deck {deck.name}: {d.name!r} is not a {category.capitalize()} card (3-2)")
            if d.goddess not in gods:
                problems.append(f"deck {deck.name}: {d.name!r} belongs to goddess {d.goddess!r}, who was not chosen (3-1)")
            if d.extra_card:
                problems.append(f"deck {deck.name}: {d.name!r} is an Extra card; it starts in the Extra zone (7-1-12)")
    return problems


CHECKED_DECKS = 256  # deck lists whose checks and layouts a card set keeps; more start it afresh


def checked_layout(deck: Deck, cards: CardSet) -> tuple[list[str], tuple[tuple[str, str], ...]]:
    """`validate_deck`'s problems and, for a valid deck, where its cards start (`layout`): worked
    out once per deck list and card set (`CardSet.checked`), for every duel set up with them."""
    key = (deck.name, *(tuple(deck.sections.get(name, ())) for name in ("goddesses", "normal", "special")))
    found = cards.checked.get(key)
    if found is None:
        if len(cards.checked) >= CHECKED_DECKS:
            cards.checked.clear()
        problems = validate_deck(deck, cards)
        found = cards.checked[key] = (problems, () if problems else layout(deck, cards))
    return found


def layout(deck: Deck, cards: CardSet) -> tuple[tuple[str, str], ...]:
    """Where a valid deck's cards start, as (card id, zone), in setup order (4-1 step 2): the
    Normal cards in the deck, the Specials in the Special zone, the goddesses' Extra cards in the
    Extra zone (7-1-12; one card per entry: mechanics/copies.py may list several), and their
    other cards out of the game (10-29), each group in id order but the first two."""
    gods = deck.sections["goddesses"]
    chosen = set(deck.sections["normal"]) | set(deck.sections["special"])
    extras = [e for g in gods for e in cards.goddesses[g].extra]
    out = [(c, "deck") for c in deck.sections["normal"]] + [(c, "special") for c in deck.sections["special"]]
    out += [(c, "extra") for c in sorted(extras)]
    out += [(c, "out") for c in sorted(cards) if cards[c].goddess in gods and c not in chosen and c not in extras]
    return tuple(out)
