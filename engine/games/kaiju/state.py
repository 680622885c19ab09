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


def _continuous_total(state: KaijuState, card: int, attr: str) -> int:
    """Sum of one Continuous stat from every active source of the card's owner (KJ-5.4, KJ-G29)."""
    seat = owner(state, card)
    total = 0
    z = state.table.zones
    is_engaged = z[f"{seat}.engaged"][:1] == [card]
    for zname in ("engaged", "support", "deployment"):
        for source in z[f"{seat}.{zname}"]:
            for c in defn(state, source).continuous:
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
    return defn(state, card).speed + _continuous_total(state, card, "speed") + state.turn_speed_bonus.get(card, 0)


def defense(state: KaijuState, card: int) -> int:
    """KJ-5.5 and KJ-G17: all Defense values added together."""
    return defn(state, card).defense + _continuous_total(state, card, "defense")


def attack_bonus(state: KaijuState, card: int) -> int:
    return _continuous_total(state, card, "attack")


def turn_allowance(state: KaijuState, seat: int, attr: str) -> int:
    """Extra deploys/enhances per turn granted by the seat's Continuous sources (KJ-3.4.2)."""
    total = 0
    z = state.table.zones
    for zname in ("engaged", "support", "deployment"):
        for source in z[f"{seat}.{zname}"]:
            for c in defn(state, source).continuous:
                if zname == "deployment" or c.zone in ("in_play", zname):
                    total += getattr(c, attr)
    return total


def advantage(state: KaijuState, seat: int) -> bool:
    """KJ-1.1.3 / KJ-5.10, worked out each time; nobody has it with an empty slot (KJ-G27)."""
    mine, theirs = engaged(state, seat), engaged(state, 1 - seat)
    if mine is None or theirs is None:
        return False
    return speed(state, mine) > speed(state, theirs)


def spirit_total(state: KaijuState, seat: int) -> int:
    """KJ-2.6 / KJ-4.1: costs in the spirit zone; no printed cost counts 0 (KJ-G30)."""
    return sum(defn(state, c).cost or 0 for c in zone(state, seat, "spirit"))


def title(state: KaijuState, card: int) -> str:
    return defn(state, card).title


def card_json(state: KaijuState, card: int) -> dict:
    """How events name a card: its id, card-data id and title."""
    d = defn(state, card)
    return {"id": card, "card": d.id, "name": d.title}


def emit(state: KaijuState, data: dict, seat: int | None = None, redacted: dict | None = None) -> None:
    state.events.append(Event(data, seat, redacted))
