"""Finding a card from the name a player typed: exact, then ignoring case, width (NFKC),
spaces and punctuation, then "did you mean" suggestions."""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections import Counter
from itertools import chain
from typing import Any


def _dropped(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch)[0] in "PS"


# ASCII text (most card names and ids) needs no normalising: NFKC leaves it as it is and its
# case-fold is lower(); one translate drops the same characters as the loop below
_ASCII_DROPPED = re.compile("[" + re.escape("".join(chr(c) for c in range(128) if _dropped(chr(c)))) + "]+")


def loose(text: str) -> str:
    """The comparison key: NFKC, case-folded, without spaces, punctuation or symbols."""
    if text.isascii():
        return _ASCII_DROPPED.sub("", text.lower())
    text = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in text if not _dropped(ch))


class NameIndex:
    """Names (titles, short names, card ids) -> card. A loose key shared by two different
    cards is ambiguous and never resolves on its own.

    The loose keys are made the first time a name is not found as written: a deck list that
    names its cards exactly (the sample decks) never pays for them (0.3 s per 10,000 cards)."""

    def __init__(self) -> None:
        self._exact: dict[str, Any] = {}
        self._added: list[tuple[str, Any]] = []  # in order, for the loose keys
        self._loose_keys: dict[str, list[tuple[str, Any]]] | None = None
        self._display_names: dict[int, str] | None = None  # id(card) -> the first name added for it

    def add(self, name: str, value: Any) -> None:
        """Add the card's preferred (display) name first, then ids and other aliases."""
        self.add_all([(name, value)])

    def add_all(self, pairs: list[tuple[str, Any]]) -> None:
        """`add` of each (name, card) in order, without a Python loop (an index of 10,000 cards
        adds 30,000: a loop cost 0.02 s of every build that resolves the sample decks)."""
        first = dict(reversed(pairs))  # each name's first card: a dict keeps a key's last value
        if self._exact:
            for name, value in first.items():
                self._exact.setdefault(name, value)
        else:
            self._exact = first
        self._added.extend(pairs)
        self._loose_keys = self._display_names = None

    @property
    def _display(self) -> dict[int, str]:
        """id(card) -> the first name added for it, made when first asked (messages, exports)."""
        if self._display_names is None:
            self._display_names = {id(value): name for name, value in reversed(self._added)}
        return self._display_names

    @property
    def _loose(self) -> dict[str, list[tuple[str, Any]]]:
        if self._loose_keys is None:
            self._loose_keys = {}
            for name, value in self._added:
                key = loose(name)
                bucket = self._loose_keys.get(key)
                if bucket is None:  # the usual case: no generator for an empty bucket
                    self._loose_keys[key] = [(name, value)]
                elif all(v is not value for _, v in bucket):
                    bucket.append((name, value))
        return self._loose_keys

    def resolve(self, name: str) -> tuple[Any | None, list[str]]:
        """(card, []) when found; (None, up to 3 suggestions) when not."""
        if name in self._exact:
            return self._exact[name], []
        key = loose(name)
        loose_keys = self._loose
        bucket = loose_keys.get(key, [])
        if len(bucket) == 1:
            return bucket[0][1], []
        if bucket:
            return None, self._names(v for _, v in bucket)
        close = difflib.get_close_matches(key, list(loose_keys), n=8, cutoff=0.6)
        return None, self._names(v for k in close for _, v in loose_keys[k])

    def entry_card(self, name: str, where: str, problems: list[str]) -> Any | None:
        """The card a deck-list line names, or None after reporting it (with suggestions) at
        `where` (file:line), as every game's deck reader does."""
        card, suggestions = self.resolve(name)
        if card is None:
            problems.append(f"{where}: {unknown_card_message(name, suggestions)}")
        return card

    def display_name(self, value: Any) -> str:
        """The preferred name of a card in this index (the first name added for it)."""
        return self._display[id(value)]

    def _names(self, values) -> list[str]:
        out: list[str] = []
        for value in values:
            name = self._display[id(value)]
            if name not in out:
                out.append(name)
        return out[:3]


def unknown_card_message(name: str, suggestions: list[str]) -> str:
    if suggestions:
        return f"unknown card {name!r}; did you mean {', '.join(repr(s) for s in suggestions)}?"
    return f"unknown card {name!r}"


# the last indexes built, by the card mapping they index (kept alive with it, so its id is not
# reused): every deck of a build or a game resolves against the same loaded cards
_INDEXES: dict[int, tuple[dict[str, Any], int, NameIndex]] = {}


def card_name_index(cards: dict[str, Any]) -> NameIndex:
    """The usual index of a game's cards: full title (`title`, else `name`) first, then the
    card id, then the short `name` when no other card shares it. Built once per loaded card
    mapping (card mappings are not changed once loaded)."""
    known = _INDEXES.get(id(cards))
    if known is not None and known[0] is cards and known[1] == len(cards):
        return known[2]
    index = _build_index(cards)
    if len(_INDEXES) >= 8:
        _INDEXES.clear()
    _INDEXES[id(cards)] = (cards, len(cards), index)
    return index


class _ByIdIndex(NameIndex):
    """The index of a card set read lazily (engine/core/cardset.py LazyCards): made from the
    cards' facts (`name`, and `title` where cards have one), its names point at card ids, and a
    name found gives the card, unpickled then: resolving a deck reads the deck's cards only."""

    def __init__(self, cards: Any) -> None:
        super().__init__()
        self._cards = cards
        self._canonical: dict[str, str] = {}  # card id -> the id object the index holds

    def resolve(self, name: str) -> tuple[Any | None, list[str]]:
        found, suggestions = super().resolve(name)
        return (None if found is None else self._cards[found]), suggestions

    def display_name(self, value: Any) -> str:
        if not self._canonical:
            self._canonical = {card_id: card_id for card_id in self._cards}
        return super().display_name(self._canonical[value.id])


def _build_index(cards: dict[str, Any]) -> NameIndex:
    column = getattr(cards, "column", None)
    if callable(column):  # a lazy set: names from the facts, ids for the cards
        index: NameIndex = _ByIdIndex(cards)
        values, names, titles = column("id"), column("name"), column("title")
        titles = [title or name for title, name in zip(titles, names)] if titles is not None else names
    else:
        index = NameIndex()
        values = list(cards.values())
        names = [card.name for card in values]
        titles = [getattr(card, "title", "") or card.name for card in values]
    short = Counter(names)
    # per card its title, then its id (in that order: the first card to claim a name keeps it)
    pairs = list(chain.from_iterable(zip(zip(titles, values), zip(cards, values))))
    pairs.extend((name, card) for name, card in zip(names, values) if short[name] == 1)
    index.add_all(pairs)
    return index
