"""Kaiju game state and the read-only questions the rules ask about it.

Zones follow the spec's layout table: deck hidden, hand owner-only, everything in play and
every pile public (KJ-G31). Enhancement cards sit in the public `enhancement` zone and
`stack[host]` lists them bottom to top; damage counters live in `damage[card]`.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from engine.core.requests import Event, Result
from engine.core.rng import Rng
from engine.core.zones import Table, Visibility, ZoneSpec

from engine.games.kaiju.cards import CardDef

ZONES = (
    ZoneSpec("deck", Visibility.HIDDEN),
    ZoneSpec("hand", Visibility.OWNER, ordered=False),
    ZoneSpec("engaged", Visibility.PUBLIC),
    ZoneSpec("support", Visibility.PUBLIC),
    ZoneSpec("enhancement", Visibility.PUBLIC, ordered=False),
    ZoneSpec("deployment", Visibility.PUBLIC),
    ZoneSpec("resolving", Visibility.PUBLIC),
    ZoneSpec("discard", Visibility.PUBLIC),
    ZoneSpec("spirit", Visibility.PUBLIC),
    ZoneSpec("rift", Visibility.PUBLIC),
)
SPIRIT_LIMIT = 15  # KJ-4.1: more than 15 loses


class KaijuState:
    __slots__ = (
        "table", "rng", "options", "phase", "active", "turn", "first", "coin_winner",
        "facedown_seat", "damage", "stack", "host", "deploys_left", "enhances_left",
        "reinforcement_played", "attack_or_heal_used", "attacked_cards", "engaged_acted",
        "action_uses", "retreats", "turn_speed_bonus", "queue", "waiting", "result", "events",
        "advantage_memo", "snapshot_parts",
    )

    def __init__(self, table: Table, rng: Rng, options: dict[str, Any]) -> None:
        self.table = table
        self.rng = rng
        self.options = options
        self.phase = "order"
        self.active = 0
        self.turn = 0
        self.first = 0
        self.coin_winner = 0
        self.facedown_seat = 0
        self.damage: dict[int, int] = {}
        self.stack: dict[int, list[int]] = {}
        self.host: dict[int, int] = {}
        self.deploys_left = 0
        self.enhances_left = 0
        self.reinforcement_played = False
        self.attack_or_heal_used = False
        self.attacked_cards: set[int] = set()
        self.engaged_acted = False
        self.action_uses: dict[tuple[int, int], int] = {}
        self.retreats = 0
        self.turn_speed_bonus: dict[int, int] = {}
        self.queue: deque[tuple] = deque()
        self.waiting: tuple | None = None
        self.result: Result | None = None
        self.events: list[Event] = []
        # (seat, advantage) while the options are being listed, when the state cannot change;
        # None at every other time. Not part of the state (nor of its snapshot).
        self.advantage_memo: tuple[int, bool] | None = None
        # what the last snapshot packed: (copy of damage, its bytes, copy of stack, its bytes);
        # reused while the contents compare equal. A cache, not part of the state either.
        self.snapshot_parts: tuple = ({}, b"", {}, b"")


def defn(state: KaijuState, card: int) -> CardDef:
    return state.table.cards[card].defn


def owner(state: KaijuState, card: int) -> int:
    return state.table.cards[card].owner


def zone(state: KaijuState, seat: int, name: str) -> list[int]:
    return state.table.zones[f"{seat}.{name}"]


def where(state: KaijuState, card: int) -> str:
    return state.table.name_of[card]


def engaged(state: KaijuState, seat: int) -> int | None:
    cards = state.table.zones[f"{seat}.engaged"]
    return cards[0] if cards else None


def in_play(state: KaijuState, seat: int) -> list[int]:
    """The seat's battle cards in play: engaged first, then support (KJ-4.2)."""
    z = state.table.zones
    return z[f"{seat}.engaged"] + z[f"{seat}.support"]


def level(state: KaijuState, card: int) -> int:
    """KJ-5.14: the number of enhancements under the card."""
    return len(state.stack.get(card, ()))


# where Continuous sources work, per seat: (zone name, zone key)
_SOURCE_ZONES = tuple(tuple((name, f"{seat}.{name}") for name in ("engaged", "support", "deployment"))
                      for seat in (0, 1))


def _continuous_total(state: KaijuState, card: int, attr: str) -> int:
    """Sum of one Continuous stat from every active source of the card's owner (KJ-5.4, KJ-G29)."""
    cards = state.table.cards
    seat = cards[card].owner
    total = 0
    z = state.table.zones
    engaged_zone = z[f"{seat}.engaged"]
    is_engaged = bool(engaged_zone) and engaged_zone[0] == card
    for zname, key in _SOURCE_ZONES[seat]:
        for source in z[key]:
            continuous = cards[source].defn.continuous
            if not continuous:  # most cards have none
                continue
            for c in continuous:
                value = getattr(c, attr)
                if not value:
                    continue
                if zname != "deployment" and c.zone != "in_play" and c.zone != zname:
                    continue
                if (c.applies_to == "all" or (c.applies_to == "self" and source == card)
                        or (c.applies_to == "engaged" and is_engaged)):
                    total += value
    return total


def speed(state: KaijuState, card: int) -> int:
    return (state.table.cards[card].defn.speed + _continuous_total(state, card, "speed")
            + state.turn_speed_bonus.get(card, 0))


def defense(state: KaijuState, card: int) -> int:
    """KJ-5.5 and KJ-G17: all Defense values added together."""
    return state.table.cards[card].defn.defense + _continuous_total(state, card, "defense")


def attack_bonus(state: KaijuState, card: int) -> int:
    return _continuous_total(state, card, "attack")


def turn_allowances(state: KaijuState, seat: int) -> tuple[int, int]:
    """Extra (deploys, enhances) per turn granted by the seat's Continuous sources (KJ-3.4.2)."""
    deploys = enhances = 0
    z = state.table.zones
    cards = state.table.cards
    for zname, key in _SOURCE_ZONES[seat]:
        for source in z[key]:
            for c in cards[source].defn.continuous:
                if zname == "deployment" or c.zone in ("in_play", zname):
                    deploys += c.deploys
                    enhances += c.enhances
    return deploys, enhances


def advantage(state: KaijuState, seat: int) -> bool:
    """KJ-1.1.3 / KJ-5.10, worked out each time; nobody has it with an empty slot (KJ-G27)."""
    memo = state.advantage_memo
    if memo is not None and memo[0] == seat:
        return memo[1]
    z = state.table.zones
    mine, theirs = z[f"{seat}.engaged"], z[f"{1 - seat}.engaged"]
    if not mine or not theirs:
        return False
    return speed(state, mine[0]) > speed(state, theirs[0])


def spirit_total(state: KaijuState, seat: int) -> int:
    """KJ-2.6 / KJ-4.1: costs in the spirit zone; no printed cost counts 0 (KJ-G30)."""
    cards = state.table.cards
    total = 0
    for c in state.table.zones[f"{seat}.spirit"]:
        total += cards[c].defn.cost or 0
    return total


def title(state: KaijuState, card: int) -> str:
    return state.table.cards[card].defn.title


def card_json(state: KaijuState, card: int) -> dict:
    """How events name a card: its id, card-data id and title."""
    d = state.table.cards[card].defn
    return {"id": card, "card": d.id, "name": d.title}


def emit(state: KaijuState, data: dict, seat: int | None = None, redacted: dict | None = None) -> None:
    state.events.append(Event(data, seat, redacted))
