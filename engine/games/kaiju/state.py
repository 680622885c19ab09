"""Kaiju game state and the read-only questions the rules ask about it.

Zones follow the spec's layout table: deck hidden, hand owner-only, everything in play and
every pile public (KJ-G31). Enhancement cards sit in the public `enhancement` zone and
`stack[host]` lists them bottom to top; damage counters live in `damage[card]`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.effects import EffectContext
from engine.core.flow import Flow, Step
from engine.core.hashing import cache, fixed
from engine.core.requests import NOBODY, Event, Result
from engine.core.rng import Rng
from engine.core.view import CardRef, redact
from engine.core.zones import Table, Visibility, ZoneSpec, zone_keys

from engine.games.kaiju.cards import CardDef

ZONES = (
    ZoneSpec("deck", Visibility.HIDDEN, label="deck", rule="KJ-2.1"),
    ZoneSpec("hand", Visibility.OWNER, ordered=False, label="hand", rule="KJ-3.3.1"),
    ZoneSpec("engaged", Visibility.PUBLIC, label="engagement zone", rule="KJ-2.2"),
    ZoneSpec("support", Visibility.PUBLIC, label="support zone", rule="KJ-2.3"),
    ZoneSpec("enhancement", Visibility.PUBLIC, ordered=False, label="enhancement stack", rule="KJ-5.14"),
    ZoneSpec("deployment", Visibility.PUBLIC, label="deployment zone", rule="KJ-2.4"),
    ZoneSpec("resolving", Visibility.PUBLIC, label="resolving area", rule="KJ-1.2.2"),
    ZoneSpec("discard", Visibility.PUBLIC, label="discard zone", rule="KJ-2.5"),
    ZoneSpec("spirit", Visibility.PUBLIC, label="spirit zone", rule="KJ-2.6"),
    ZoneSpec("rift", Visibility.PUBLIC, label="space-time rift", rule="KJ-2.7"),
)
SPIRIT_LIMIT = 15  # KJ-4.1: more than 15 loses
# "seat.zone" keys of the Table by seat and zone name, made once (the rules look zones up all the time)
ZONE_KEY = zone_keys(spec.name for spec in ZONES)
_PUBLIC, _HIDDEN = Visibility.PUBLIC, Visibility.HIDDEN


# -- steps (engine/core/flow.py): what the game does next, and what it waits for -------------

@dataclass(slots=True)
class ChooseOrder(Step):
    """KJ-3.1.1 / KJ-G3: the coin-flip winner chooses to go first or second."""
    seat: int
    asks = True
    rule = "KJ-G3"


@dataclass(slots=True)
class PlaceOpening(Step):
    """KJ-3.1.3: both players put an opening battle card face down at the same time (the spec
    sets no order, so either may place first); `placed` are the seats that have placed theirs."""
    placed: tuple[int, ...] = ()
    asks = True
    rule = "KJ-3.1.3"
    wait = "Both players place an opening battle card face down now; wait until seat {seat} has placed theirs."


@dataclass(slots=True)
class StartTurn(Step):
    """KJ-3.2: a new turn of `seat` begins (allowances reset, one card drawn)."""
    seat: int


@dataclass(slots=True)
class MainPhase(Step):
    """KJ-3.3: the active seat's main phase; every move of the turn is an answer to it."""
    seat: int
    asks = True
    rule = "KJ-3.3.1"
    wait = "It is your opponent's turn; wait for your own turn to act."


@dataclass(slots=True)
class ResolveEffect(Step):
    """One effect of a card, resolved in order (KJ-5.9)."""
    effect: Any
    ctx: EffectContext


@dataclass(slots=True)
class FinishSkill(Step):
    """KJ-1.2.2 / KJ-3.8.2: a resolved skill card goes to spirit (with a cost) or discard."""
    card: int


@dataclass(slots=True)
class Check(Step):
    """The state check after every completed step (KJ-G20)."""


@dataclass(slots=True)
class Refill(Step):
    """KJ-2.2.3: an empty engagement zone is filled from support (the only card, or the
    owner's choice: `ChooseEngaged`)."""
    seat: int


@dataclass(slots=True)
class ChooseEngaged(Step):
    """KJ-2.2.3: the owner chooses which support card fills the empty engagement zone."""
    seat: int
    asks = True
    rule = "KJ-2.2.3"


@dataclass(slots=True)
class Devolve(Step):
    """KJ-5.18 / KJ-G23: the owner picks which stack card comes back on top of `host`."""
    seat: int
    host: int
    asks = True
    rule = "KJ-G23"


@dataclass(slots=True)
class DiscardFromHand(Step):
    """A card effect makes `seat` discard `count` more cards from their hand; the hand's owner
    chooses each (KJ-1.2.3, KJ-2.5), one at a time."""
    seat: int
    count: int
    asks = True
    rule = "KJ-2.5"


@dataclass(slots=True, eq=False)
class KaijuState:
    """Everything the kaiju rules read; every field is hashed unless declared a cache."""

    table: Table
    rng: Rng
    options: dict[str, Any] = fixed()
    phase: str = "order"
    active: int = 0
    turn: int = 0
    first: int = 0
    coin_winner: int = 0
    damage: dict[int, int] = field(default_factory=dict)
    stack: dict[int, list[int]] = field(default_factory=dict)
    # enhancement card -> its host: `stack` read the other way round (check_invariants), kept
    # for fast lookups, so derived data and not hashed
    host: dict[int, int] = cache(factory=dict)
    # battle card in play -> the card it evolved from (KJ-5.16), for `devolve_origin` (KJ-5.18)
    evolved_from: dict[int, int] = field(default_factory=dict)
    deploys_left: int = 0
    enhances_left: int = 0
    reinforcement_played: bool = False
    attack_or_heal_used: bool = False
    attacked_cards: set[int] = field(default_factory=set)
    engaged_acted: bool = False
    action_uses: dict[tuple[int, int], int] = field(default_factory=dict)
    retreats: int = 0
    turn_speed_bonus: dict[int, int] = field(default_factory=dict)
    flow: Flow = field(default_factory=Flow)
    result: Result | None = None
    # the events of the decision being applied (handed out by `apply`)
    events: list[Event] = cache(factory=list)


def defn(state: KaijuState, card: int) -> CardDef:
    return state.table.cards[card].defn


def owner(state: KaijuState, card: int) -> int:
    return state.table.cards[card].owner


def zone(state: KaijuState, seat: int, name: str) -> list[int]:
    return state.table.zones[ZONE_KEY[seat][name]]


def where(state: KaijuState, card: int) -> str:
    return state.table.name_of[card]


def engaged(state: KaijuState, seat: int) -> int | None:
    cards = state.table.zones[ZONE_KEY[seat]["engaged"]]
    return cards[0] if cards else None


def in_play(state: KaijuState, seat: int) -> list[int]:
    """The seat's battle cards in play: engaged first, then support (KJ-4.2)."""
    z, keys = state.table.zones, ZONE_KEY[seat]
    return z[keys["engaged"]] + z[keys["support"]]


def level(state: KaijuState, card: int) -> int:
    """KJ-5.14: the number of enhancements under the card."""
    return len(state.stack.get(card, ()))


# where Continuous sources work, per seat: (zone name, zone key)
_SOURCE_ZONES = tuple(tuple((name, ZONE_KEY[seat][name]) for name in ("engaged", "support", "deployment"))
                      for seat in (0, 1))


def _continuous_total(state: KaijuState, card: int, attr: str) -> int:
    """Sum of one Continuous stat from every active source of the card's owner (KJ-5.4, KJ-G29)."""
    cards = state.table.cards
    seat = cards[card].owner
    total = 0
    z = state.table.zones
    engaged_zone = z[ZONE_KEY[seat]["engaged"]]
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
    z = state.table.zones
    mine, theirs = z[ZONE_KEY[seat]["engaged"]], z[ZONE_KEY[1 - seat]["engaged"]]
    if not mine or not theirs:
        return False
    return speed(state, mine[0]) > speed(state, theirs[0])


def spirit_total(state: KaijuState, seat: int) -> int:
    """KJ-2.6 / KJ-4.1: costs in the spirit zone; no printed cost counts 0 (KJ-G30)."""
    cards = state.table.cards
    total = 0
    for c in state.table.zones[ZONE_KEY[seat]["spirit"]]:
        total += cards[c].defn.cost or 0
    return total


def title(state: KaijuState, card: int) -> str:
    return state.table.cards[card].defn.title


def describe(state: KaijuState, card: int) -> dict:
    """How events and views name a card: its id, card-data id and title."""
    d = state.table.cards[card].defn
    return {"id": card, "card": d.id, "name": d.title}


def emit_drawn(state: KaijuState, seat: int, card: int) -> None:
    """`emit` of the event of `card` drawn into `seat`'s hand (~0.4 per decision), written out:
    the hand shows the card to its owner only (as `emit`'s one-hidden-card path gives it: the
    described card to the seats that see it, the event without it to the others)."""
    instance = state.table.cards[card]
    d = instance.defn
    state.events.append(Event({"type": "draw", "seat": seat, "card": {"id": card, "card": d.id, "name": d.title}},
                              instance.owner, {"type": "draw", "seat": seat}))


def emit(state: KaijuState, data: dict) -> None:
    """Record an event; cards in it are `CardRef`s, shown to the seats that can see them.

    Runs ~2.3 times per decision, so the usual events (flat, naming public cards or one card
    some seat may not see) are described here in one pass, as the core redactor's flat path
    would; any other goes to it."""
    table = state.table
    specs, zone_of, face_down = table.specs, table.zone_of, table.face_down
    refs = hidden = None
    for key, value in data.items():
        kind = type(value)
        if kind is CardRef:
            card = value.id
            if specs[zone_of[card]].visibility is not _PUBLIC or card in face_down:
                if hidden is not None:
                    break
                hidden = key
            elif refs is None:
                refs = [key]
            else:
                refs.append(key)
        elif kind is dict or kind is list:
            break
    else:
        cards = table.cards
        if hidden is None:  # every card it names is public
            if refs is not None:
                for key in refs:
                    card = data[key].id
                    d = cards[card].defn
                    data[key] = {"id": card, "card": d.id, "name": d.title}  # as describe() says
            state.events.append(Event(data))
            return
        if refs is None:  # one card some seat may not see (a draw): shown to the seats that see it
            card = data[hidden].id
            others = data.copy()
            del others[hidden]
            instance = cards[card]
            d = instance.defn
            data[hidden] = {"id": card, "card": d.id, "name": d.title}
            # Table.visible_to for a card that is not public: a hidden zone shows it to nobody,
            # an owner-only zone or a face-down card to its owner
            sees = NOBODY if specs[zone_of[card]].visibility is _HIDDEN else instance.owner
            state.events.append(Event(data, sees, others))
            return
    state.events.append(redact(table, data, lambda c: describe(state, c)))
