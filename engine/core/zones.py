"""Zones and card instances shared by every game.

A `Table` owns every card instance of a game and knows, for each card, the one zone it is
in. Zones declare who may see their cards; a card may also be face down in a public zone,
which makes it visible to its owner only. An effect may let a seat look at cards it could not
see (`reveal`): they are visible to that seat too until the reveal ends (`conceal`) or the card
moves. Views and the hidden-information tests use `visible_to` and nothing else, so there is
one definition of "who can see this card".
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from enum import Enum
from typing import Any, Iterable


class Visibility(str, Enum):
    PUBLIC = "public"
    OWNER = "owner"
    HIDDEN = "hidden"


@dataclass(frozen=True)
class ZoneSpec:
    """A zone as the rules declare it, stated once: who sees its cards, whether its order
    matters, what players call it (`label`, for refusals and the table) and the rule that
    says what may go there (`rule`, cited when a card is put there against the rules)."""

    name: str
    visibility: Visibility
    ordered: bool = True
    label: str = ""
    rule: str = ""


@dataclass(frozen=True)
class CardInstance:
    """One physical card in a game. `id` is stable for the whole game."""

    id: int
    owner: int
    defn: Any


def zone_key(seat: int, name: str) -> str:
    return f"{seat}.{name}"


def zone_keys(names: Iterable[str], seats: int = 2) -> tuple[dict[str, str], ...]:
    """The Table's keys by seat and zone name (`zone_key`), for a game to make once: its rules
    look zones up all the time, and a key made by an f-string is a new string, hashed again at
    every lookup."""
    names = tuple(names)
    return tuple({name: zone_key(seat, name) for name in names} for seat in range(seats))


class Table:
    __slots__ = ("cards", "specs", "zones", "zone_of", "name_of", "face_down", "seats", "revealed", "given")

    def __init__(self, specs: Iterable[ZoneSpec], seats: int = 2) -> None:
        self.seats = seats
        self.specs: dict[str, ZoneSpec] = {}
        self.zones: dict[str, list[int]] = {}
        for spec in specs:
            for seat in range(seats):
                key = zone_key(seat, spec.name)
                self.specs[key] = spec
                self.zones[key] = []
        self.cards: list[CardInstance] = []
        self.zone_of: list[str] = []  # card id -> zone key ("0.hand")
        self.name_of: list[str] = []  # card id -> zone name ("hand"), read very often by rules
        self.face_down: set[int] = set()
        self.revealed: set[tuple[int, int]] = set()  # (card, seat): a card shown to a seat that may look at it
        self.given: dict[int, int] = {}  # card -> its first owner, for a card whose owner changed (`give`)

    def add_card(self, owner: int, defn: Any, zone: str, card_id: int) -> CardInstance:
        """Create a card instance; ids are given by the game so they carry no hidden meaning."""
        while len(self.cards) <= card_id:
            self.cards.append(None)  # type: ignore[arg-type]
            self.zone_of.append("")
            self.name_of.append("")
        card = CardInstance(card_id, owner, defn)
        self.cards[card_id] = card
        key = zone_key(owner, zone)
        self.zones[key].append(card_id)
        self.zone_of[card_id] = key
        self.name_of[card_id] = zone
        return card

    def zone(self, seat: int, name: str) -> list[int]:
        return self.zones[f"{seat}.{name}"]  # zone_key, inlined: rules read zones very often

    def move(self, card_id: int, seat: int, name: str, index: int | None = None) -> None:
        """Move a card to a zone (end of the zone unless `index`). The only way cards move."""
        zones = self.zones
        zones[self.zone_of[card_id]].remove(card_id)
        key = f"{seat}.{name}"  # zone_key, inlined
        target = zones[key]
        if index is None:
            target.append(card_id)
        else:
            target.insert(index, card_id)
        self.zone_of[card_id] = key
        self.name_of[card_id] = name
        self.face_down.discard(card_id)
        if self.revealed:  # a look shows the card where it is: once it moves, the look is over
            for seat in range(self.seats):
                self.revealed.discard((card_id, seat))

    def zone_name(self, card_id: int) -> str:
        return self.name_of[card_id]

    def visible_to(self, card_id: int, seat: int | None) -> bool:
        """Whether `seat` may see this card's identity (`None` is the omniscient debug view)."""
        if seat is None:
            return True
        if self.revealed and (card_id, seat) in self.revealed:
            return True
        owner = self.cards[card_id].owner
        vis = self.specs[self.zone_of[card_id]].visibility
        if vis is Visibility.HIDDEN:
            return False
        if vis is Visibility.OWNER or card_id in self.face_down:
            return owner == seat
        return True

    def unseen(self, cards: Iterable[int]) -> frozenset[tuple[int, int]]:
        """The (card, seat) pairs of `cards` whose identity that seat does not see now: `not
        visible_to(card, seat)` for every seat, in one pass (what an event naming the cards
        records when it happens, engine/core/events.py `emit`: a draw or a card played face
        down, several times a decision). tests/core/test_reveal.py checks it against `visible_to`."""
        revealed, face_down, specs, zone_of = self.revealed, self.face_down, self.specs, self.zone_of
        out = []
        for card in cards:
            vis = specs[zone_of[card]].visibility
            if vis is Visibility.PUBLIC and card not in face_down:
                continue
            owner = -1 if vis is Visibility.HIDDEN else self.cards[card].owner  # OWNER, or face down
            for seat in range(self.seats):
                if seat != owner and not (revealed and (card, seat) in revealed):
                    out.append((card, seat))
        return frozenset(out)

    def zone_visible_to(self, key: str, seat: int | None) -> bool | None:
        """`visible_to` for every card of zone `key` at once: True when `seat` sees them all,
        False when it sees none, None when it depends on the card (then ask `visible_to`). For
        callers that walk the whole table after every decision (the bridge's layout and its
        leak guard), so a public or hidden zone costs one answer, not one per card."""
        if seat is None:
            return True
        vis = self.specs[key].visibility
        if vis is Visibility.PUBLIC:
            return True if not self.face_down or self.face_down.isdisjoint(self.zones[key]) else None
        if self.revealed and any(s == seat and self.zone_of[c] == key for c, s in self.revealed):
            return None
        return False if vis is Visibility.HIDDEN else None

    def reveal(self, cards: Iterable[int], seat: int) -> list[int]:
        """Let `seat` look at these cards (an effect's "look at"), until `conceal` or until a
        card moves; returns the cards it could not see before (the ones the look shows)."""
        shown = [c for c in cards if not self.visible_to(c, seat)]
        self.revealed.update((c, seat) for c in shown)
        return shown

    def conceal(self, seat: int, cards: Iterable[int] | None = None) -> None:
        """End `seat`'s look at these cards (all it was shown, if None)."""
        if cards is None:
            self.revealed = {pair for pair in self.revealed if pair[1] != seat}
        else:
            self.revealed.difference_update((c, seat) for c in cards)

    def give(self, card_id: int, seat: int) -> None:
        """The card's owner becomes `seat` (a game whose rules let owners change); where the card
        is does not change: move it too. `first_owner` remembers who owned it first."""
        card = self.cards[card_id]
        if card.owner == seat:
            return
        first = self.given.pop(card_id, card.owner)
        if first != seat:
            self.given[card_id] = first
        self.cards[card_id] = CardInstance(card_id, seat, card.defn)

    def first_owner(self, card_id: int) -> int:
        return self.given.get(card_id, self.cards[card_id].owner)

    def snapshot(self) -> bytes:
        """Zone contents in order, as bytes (zones in their fixed order, each length-prefixed)."""
        # runs after every decision of every game: filling the array directly saves a list
        flat = array("I")
        append, extend = flat.append, flat.fromlist
        for ids in self.zones.values():
            append(len(ids))
            extend(ids)
        append(len(self.face_down))
        if self.face_down:
            extend(sorted(self.face_down))
        if self.revealed or self.given:  # after the fixed part: a table with neither packs as it always did
            append(len(self.revealed))
            for card, seat in sorted(self.revealed):
                append(card)
                append(seat)
            append(len(self.given))
            for card, first in sorted(self.given.items()):
                extend([card, first, self.cards[card].owner])
        return flat.tobytes()

    hash_bytes = snapshot  # how the declared-state packer (engine/core/hashing.py) packs a table

    def hash_value(self) -> tuple:
        """The zones and the face-down cards as plain values, for the packer's one marshal call
        (hash version 3): cheaper than filling an array zone by zone."""
        face_down = self.face_down
        if self.revealed or self.given:  # who looks at what, whose owner changed: a table with neither hashes as before
            return (tuple(self.zones.values()), sorted(face_down) if face_down else (), sorted(self.revealed),
                    sorted((card, first, self.cards[card].owner) for card, first in self.given.items()))
        return tuple(self.zones.values()), sorted(face_down) if face_down else ()

    @staticmethod
    def hash_value_copy(value: tuple) -> tuple:
        """A copy of a `hash_value()` that later moves leave as it is, for the packer to compare
        the next one with (engine/core/hashing.py reuses the bytes while they are equal): the
        zone lists are the table's own and are copied; every other part is made new by each
        call. A fraction of the cost of loading the marshalled bytes back."""
        return (tuple(map(list.copy, value[0])), *value[1:])

    def check_invariants(self) -> None:
        """Every card is in exactly one zone, and the zone index agrees with the zone lists."""
        seen: dict[int, str] = {}
        for key, ids in self.zones.items():
            for cid in ids:
                if cid in seen:
                    raise AssertionError(f"card {cid} is in {seen[cid]} and {key}")
                seen[cid] = key
                if self.zone_of[cid] != key or not key.endswith("." + self.name_of[cid]):
                    raise AssertionError(f"card {cid} is in {key} but indexed in {self.zone_of[cid]}")
        for card, seat in self.revealed:
            if not 0 <= seat < self.seats or self.cards[card] is None:
                raise AssertionError(f"card {card} revealed to seat {seat}, which does not exist")
        missing = [c.id for c in self.cards if c is not None and c.id not in seen]
        if missing:
            raise AssertionError(f"cards in no zone: {missing}")
