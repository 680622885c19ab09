"""Qiguang game state and the read-only questions the rules ask about it.

Zones follow the spec's layout table: library hidden, hand owner-only, everything else public.
Each lane has its own standby and combat zone (`standby1`, `combat1`, ...), one card each
(QG-G2); zones for lanes beyond the `lanes` option stay empty. Crystals are counters, not
cards: `crystals[seat]` is [untapped earth, pegasus, unicorn, tapped earth, pegasus, unicorn].
"""

from __future__ import annotations

from typing import Any

from engine.core.requests import Event, Result
from engine.core.rng import Rng
from engine.core.zones import Table, Visibility, ZoneSpec

from engine.games.qiguang.cards import RACES, CardDef

MAX_LANES = 5
ZONES = (
    ZoneSpec("library", Visibility.HIDDEN, label="library", rule="QG-1.1"),
    ZoneSpec("hand", Visibility.OWNER, ordered=False, label="hand", rule="QG-1.4"),
    *(ZoneSpec(f"standby{i}", Visibility.PUBLIC, label=f"standby zone in lane {i}", rule="QG-3.4.3")
      for i in range(1, MAX_LANES + 1)),
    *(ZoneSpec(f"combat{i}", Visibility.PUBLIC, label=f"combat zone in lane {i}", rule="QG-3.4.1")
      for i in range(1, MAX_LANES + 1)),
    ZoneSpec("field", Visibility.PUBLIC, label="field area", rule="QG-6.1"),
    # persistent spells and creations (QG-G27)
    ZoneSpec("support", Visibility.PUBLIC, label="persistent spell and creation area", rule="QG-G27"),
    # cards on the chain and Mana Sources paying for them
    ZoneSpec("chain", Visibility.PUBLIC, label="chain area", rule="QG-9.1"),
    ZoneSpec("graveyard", Visibility.PUBLIC, label="graveyard", rule="QG-4.6"),
    ZoneSpec("exile", Visibility.PUBLIC, label="exile area", rule="QG-4.4"),
)
STANDBY = tuple(f"standby{i}" for i in range(1, MAX_LANES + 1))
COMBAT = tuple(f"combat{i}" for i in range(1, MAX_LANES + 1))
IN_PLAY = frozenset(STANDBY + COMBAT)
CRYSTAL_CAP = 10  # QG-5.4
START_LIFE = 20  # QG-1.3
OPENING_HAND = 6  # QG-1.4
PHASES = ("preparation", "draw", "main", "battle", "end")  # QG-3.1
RACE_INDEX = {r: i for i, r in enumerate(RACES)}


class Link:
    """One chain link (QG-9): a card play or an ability activation."""

    __slots__ = ("seat", "kind", "card", "source", "index", "lane", "target", "x", "mana", "cancelled")

    def __init__(self, seat: int, kind: str, card: int | None, source: int | None, index: int | None,
                 lane: int | None, target: int | None, x: int, mana: list[int]) -> None:
        self.seat = seat
        self.kind = kind  # "summon" | "play" | "ability"
        self.card = card
        self.source = source
        self.index = index
        self.lane = lane
        self.target = target
        self.x = x
        self.mana = mana
        self.cancelled = False

    def key(self) -> tuple:
        return (self.seat, self.kind, self.card, self.source, self.index, self.lane, self.target, self.x,
                tuple(self.mana), self.cancelled)


class QgState:
    __slots__ = (
        "table", "rng", "options", "cards", "phase", "stage", "active", "turn", "first", "coin_winner",
        "life", "crystals", "damage", "perm", "temp", "token_last", "first_turn_done", "inheritor_gained",
        "leader_used", "abilities_used", "attacked", "attack_lane", "window_seat", "window_passes",
        "chain", "closing", "pending", "waiting", "world", "tie_offered", "queue", "result", "events", "rehidden", "char_keys", "token_base", "harmony_cards", "stat_cache",
    )

    def __init__(self, table: Table, rng: Rng, options: dict[str, Any], cards: dict[str, CardDef]) -> None:
        self.table = table
        self.rng = rng
        self.options = options
        self.cards = cards
        self.phase = "order"
        self.stage = ""  # within a phase: "window", "act", "attack_window", "draw_choice"
        self.active = 0
        self.turn = 0
        self.first = 0
        self.coin_winner = 0
        self.life = [START_LIFE, START_LIFE]
        self.crystals = [[0] * 6, [0] * 6]
        self.damage: dict[int, int] = {}  # QG-G7: damage lasts until the card leaves play
        self.perm: dict[int, list[int]] = {}  # permanent [attack, health] boosts
        self.temp: dict[int, list[int]] = {}  # until-end-of-turn boosts
        self.token_last = [False, False]  # QG-3.3.2: took a Mana Source in the last own draw phase
        self.first_turn_done = False
        self.inheritor_gained = False  # QG-5.2, per turn
        self.leader_used = [False, False]  # QG-7.3 / QG-G23
        self.abilities_used: set[tuple[int, int]] = set()
        self.attacked: set[int] = set()  # characters that attacked this turn (QG-3.5.1)
        self.attack_lane = 0
        self.window_seat = 0
        self.window_passes = 0
        self.chain: list[Link] = []
        self.closing = False
        self.pending: tuple | None = None  # a play waiting for its payment: (kind, seat, card, index, lane, target)
        self.waiting: tuple | None = None  # a decision in the middle of a step
        self.world: int | None = None  # owner of the active World field (QG-6.3)
        self.tie_offered = [-1, -1]  # the turn in which each seat last offered a tie
        self.queue: list[tuple] = []  # effects still to resolve, in order
        self.result: Result | None = None
        self.events: list[Event] = []
        self.rehidden: set[int] = set()  # public cards that went back to a hand during this decision
        n = options["lanes"]  # zone keys of each seat's lanes, standby before combat (read very often)
        self.char_keys = [[f"{s}.{row}{lane}" for lane in range(1, n + 1) for row in ("standby", "combat")]
                          for s in (0, 1)]
        self.token_base = 0  # card ids from here on are Mana Source tokens (made after the decks)
        self.harmony_cards: list[list[int]] = [[], []]  # each seat's cards with `harmony` (QG-0.3)
        self.stat_cache: tuple = (None, [])


def defn(state: QgState, card: int) -> CardDef:
    return state.table.cards[card].defn


def owner(state: QgState, card: int) -> int:
    return state.table.cards[card].owner


def zone(state: QgState, seat: int, name: str) -> list[int]:
    return state.table.zones[f"{seat}.{name}"]


def where(state: QgState, card: int) -> str:
    return state.table.name_of[card]


def lanes(state: QgState) -> range:
    return range(1, state.options["lanes"] + 1)


def at(state: QgState, seat: int, row: str, lane: int) -> int | None:
    cards = state.table.zones[f"{seat}.{row}{lane}"]
    return cards[0] if cards else None


def characters(state: QgState, seat: int) -> list[int]:
    """A seat's characters in standby and combat zones (lane order, standby first)."""
    z = state.table.zones
    return [c for key in state.char_keys[seat] for c in z[key]]


def lane_of(state: QgState, card: int) -> int:
    name = state.table.name_of[card]
    return int(name[-1])


def in_play(state: QgState, card: int) -> bool:
    return state.table.name_of[card] in IN_PLAY


def sources(state: QgState) -> list[int]:
    """Cards whose continuous effects work now: fields, persistent spells, creations, characters."""
    z = state.table.zones
    out: list[int] = []
    for seat in (0, 1):
        out += z[f"{seat}.field"]
        out += z[f"{seat}.support"]
    return out


def stat_effects(state: QgState) -> list[tuple]:
    """(owner, applies, race, attack, health) of every continuous stat change in play, cached
    until the field and support zones change (derived data, not part of the state hash)."""
    z = state.table.zones
    key = (*z["0.field"], -1, *z["0.support"], -1, *z["1.field"], -1, *z["1.support"])
    if state.stat_cache[0] != key:
        effects = [(owner(state, src), c.applies, c.race, c.attack, c.health)
                   for src in sources(state) for c in defn(state, src).continuous if c.attack or c.health]
        state.stat_cache = (key, effects)
    return state.stat_cache[1]


def _bonus(state: QgState, card: int, index: int) -> int:
    total = 0
    effects = stat_effects(state)
    if effects:
        d = defn(state, card)
        seat = owner(state, card)
        for src_owner, applies, race, atk, hp in effects:
            if applies == "own" and src_owner != seat or applies == "enemy" and src_owner == seat:
                continue
            if race and race != d.race:
                continue
            total += atk if index == 0 else hp
    if card in state.perm:
        total += state.perm[card][index]
    if card in state.temp:
        total += state.temp[card][index]
    return total


def attack(state: QgState, card: int) -> int:
    return defn(state, card).attack + _bonus(state, card, 0)


def health(state: QgState, card: int) -> int:
    """Current health: printed health plus changes minus lasting damage (QG-G7)."""
    return defn(state, card).health + _bonus(state, card, 1) - state.damage.get(card, 0)


def surcharge(state: QgState) -> int:
    """QG-9.5: life every spell costs while a surcharge effect (Tirek's Scheme) is active."""
    return sum(c.spell_surcharge for src in sources(state) for c in defn(state, src).continuous)


def leader_of(state: QgState, seat: int) -> int | None:
    for card in characters(state, seat):
        if defn(state, card).leader:
            return card
    return None


def mana_sources(state: QgState, seat: int) -> list[int]:
    base = state.token_base
    return [c for c in state.table.zones[f"{seat}.hand"] if c >= base]


def crystal_total(state: QgState, seat: int) -> int:
    return sum(state.crystals[seat])


def emit(state: QgState, data: dict, seat: int | None = None, redacted: dict | None = None) -> None:
    state.events.append(Event(data, seat, redacted))


def card_json(state: QgState, card: int) -> dict:
    return {"id": card, "card": defn(state, card).id, "name": defn(state, card).name}
