"""Vividz game state and the read-only questions the rules ask about it.

Zones follow §B.1 of the spec. The Area is one zone per player; `slot[card]` says which of
its three field slots (1 Side, 2 Center, 3 Side; slot n of both players is lane n, AMB-6) a
character is in. EXP cards sit in the public `exp` zone with `host[exp] = character` (512.3).
A card that changes zones is a new object (501.4): `inc[card]` counts its moves, and effects
remember the (card, inc) they apply to.
"""

from __future__ import annotations

from typing import Any

from engine.core.requests import Event, Result
from engine.core.rng import Rng
from engine.core.zones import Table, Visibility, ZoneSpec

from engine.games.vividz.cards import CardDef

CENTER = 2
TRAITS, POWER, UNAFF, FORBID = 1, 2, 4, 8  # derived parameters (911), as bits (continuous.py)
SLOTS = (1, 2, 3)
ADJACENT = {1: (2,), 2: (1, 3), 3: (2,)}  # B.2: Sides are not adjacent to each other


ZONE_NAMES = ("deck", "hand", "keep", "account", "mission", "area", "exp", "energy", "trash", "remove", "temporary",
              "reveal")
ZK = tuple({name: f"{seat}.{name}" for name in ZONE_NAMES} for seat in (0, 1))  # seat -> name -> Table key


def zone_specs(keep_visibility: str) -> tuple[ZoneSpec, ...]:
    keep = Visibility.PUBLIC if keep_visibility == "public" else Visibility.OWNER  # AMB-13
    return (
        ZoneSpec("deck", Visibility.HIDDEN),
        ZoneSpec("hand", Visibility.OWNER, ordered=False),
        ZoneSpec("keep", keep, ordered=False),
        ZoneSpec("account", Visibility.PUBLIC),
        ZoneSpec("mission", Visibility.PUBLIC),
        ZoneSpec("area", Visibility.PUBLIC, ordered=False),
        ZoneSpec("exp", Visibility.PUBLIC, ordered=False),
        ZoneSpec("energy", Visibility.PUBLIC, ordered=False),
        ZoneSpec("trash", Visibility.PUBLIC, ordered=False),
        ZoneSpec("remove", Visibility.PUBLIC, ordered=False),
        ZoneSpec("temporary", Visibility.PUBLIC),
        ZoneSpec("reveal", Visibility.PUBLIC),
    )


class VividzState:
    __slots__ = (
        "table", "rng", "options", "turn", "tp", "first", "slot", "seq", "inc", "sleep", "damage",
        "lvup", "host", "effects", "clock", "entered", "pending", "delayed", "lki", "battle",
        "successes", "battle_retires", "dmg_source", "tasks", "waiting", "frames", "result", "events",
        "phase", "uid", "setup_seat", "control", "control_until", "setter_cards", "newest_pick", "chosen", "ts_rank",
        "played_this_turn", "cont_cards", "cache", "reducer_cards", "act_cards", "state_seen", "repl_choice",
        "cont_zones", "hid", "state_cards",
    )

    def __init__(self, table: Table, rng: Rng, options: dict[str, Any]) -> None:
        self.table = table
        self.rng = rng
        self.options = options
        self.turn = 0
        self.tp = 0
        self.first = 0
        self.phase = "setup"
        self.slot: dict[int, int] = {}
        self.seq: dict[int, int] = {}          # card -> clock when it entered the Area (1002.1 "most recently")
        self.inc: list[int] = []
        self.sleep: set[int] = set()
        self.damage: dict[int, int] = {}
        self.lvup: set[int] = set()
        self.host: dict[int, int] = {}
        self.effects: list[list] = []         # [ts, kind, value, targets, seat, source, until]
        self.clock = 0
        self.entered: dict[int, int] = {}     # card -> timestamp of entering its zone (911.3a)
        self.pending: list[tuple] = []        # triggered-status layers (908.1)
        self.delayed: list[list] = []         # [at, source, seat, effects]
        self.lki: dict[int, dict] = {}        # last known information in the Area (908.3d, 913)
        self.battle: dict | None = None
        self.successes = [0, 0]               # successful attacks this turn (1118.1)
        self.battle_retires = [0, 0]          # characters retired through battle this turn (1102.2)
        self.dmg_source: dict[int, tuple] = {}
        self.tasks: list[tuple] = []
        self.waiting: tuple | None = None
        self.frames: list[list] = []
        self.result: Result | None = None
        self.events: list[Event] = []
        self.uid = 0
        self.setup_seat = 0
        self.played_this_turn = 0
        self.cont_cards: list[int] = []        # cards that have [Cont] abilities (fixed per game)
        self.state_seen: dict[tuple, int] = {}  # (card, ability) -> clock when its state trigger last fired
        self.repl_choice: dict[int, int] = {}  # card -> replacement source the turn player chose (912.2)
        self.cont_zones: dict[int, frozenset] = {}  # card -> zones where it has [Cont] abilities
        self.state_cards: list[int] = []       # cards with a state-triggered ability (908.5), fixed per game
        self.hid = False                         # a visible card became hidden during this step
        self.cache: tuple = ((), None)          # (key, Derived): continuous effects of one state version (derived)
        self.reducer_cards: tuple = (-1, ())     # (len(cont_cards), cards with a power-lowering [Cont] item)
        self.act_cards: tuple = (-1, {})         # (number of cards, zone -> cards with an [Act] ability there)
        self.control: dict[int, int] = {}       # card -> controller, only while it differs from the owner (502.1b)
        self.control_until: list[tuple] = []     # (card, inc) whose control returns at the end of the turn
        self.setter_cards: frozenset = frozenset()  # cards with a [Cont] set_power item (911.3c), fixed per game
        self.newest_pick: dict[tuple, int] = {}  # (seat, slot) -> the card its controller named newest (1002.1)
        self.chosen = [0, 0]                    # "choose" actions performed this turn (1107.1)
        self.ts_rank: dict[tuple, int] = {}     # (card, inc, item) -> order its controller chose (911.3c)


def defn(state: VividzState, card: int) -> CardDef:
    return state.table.cards[card].defn


def owner(state: VividzState, card: int) -> int:
    return state.table.cards[card].owner


def zone(state: VividzState, seat: int, name: str) -> list[int]:
    return state.table.zones[ZK[seat][name]]


def controller(state: VividzState, card: int) -> int:
    """502.1b: a card's controller is its owner unless an effect gave control to the other player."""
    return state.control.get(card, state.table.cards[card].owner)


def where(state: VividzState, card: int) -> str:
    return state.table.name_of[card]


def name(state: VividzState, card: int) -> str:
    return state.table.cards[card].defn.name


def emit(state: VividzState, data: dict, seat: int | None = None, redacted: dict | None = None) -> None:
    state.events.append(Event(data, seat, redacted))


def card_json(state: VividzState, card: int, private: bool = False) -> dict:
    """A card in an event. Public events identify only cards both seats can see; a face-down or
    hidden card is named by its kind (`shown`, `title`) so that no instance id leaks."""
    t = state.table
    d = t.cards[card].defn
    # visible to both seats = in a public zone and face up (Table.visible_to for seats 0 and 1)
    if private or (t.specs[t.zone_of[card]].visibility is Visibility.PUBLIC and card not in t.face_down):
        return {"id": card, "card": d.id, "name": d.name}
    return {"shown": d.id, "title": d.name}


def in_slot(state: VividzState, seat: int, slot: int) -> list[int]:
    return [c for c in zone(state, seat, "area") if state.slot.get(c) == slot]


def lane_opponent(state: VividzState, seat: int, slot: int) -> int | None:
    """The opponent's character in lane `slot` (B.2), if any."""
    cards = in_slot(state, 1 - seat, slot)
    return cards[0] if cards else None


def exp_of(state: VividzState, card: int) -> list[int]:
    # 502.4c: EXP cards sit in their owners' zones; after a control change (502.1) a character may
    # hold EXP cards of the other player
    seat = owner(state, card)
    host = state.host
    return [e for s in (seat, 1 - seat) for e in zone(state, s, "exp") if host.get(e) == card]


def mission_completed(state: VividzState, card: int) -> bool:
    return where(state, card) == "mission" and card in state.table.face_down and state.phase != "setup"


def mission_active(state: VividzState, card: int) -> bool:
    """304.1b / AMB-20: a mission works only face up in the Mission zone."""
    return where(state, card) == "mission" and card not in state.table.face_down


# -- continuous effects (911) ------------------------------------------------------------------

def derived(state: VividzState):
    """All continuous effects applied (911, see continuous.py), for the current state version."""
    key = (state.clock, state.tp, state.turn, state.successes[0], state.successes[1], state.battle_retires[0],
           state.battle_retires[1], len(state.effects), state.chosen[0], state.chosen[1], len(state.lvup),
           len(state.ts_rank))  # everything a condition or the order of effects can read changes one of these
    cache = state.cache
    if cache[0] == key:
        return cache[1]
    from engine.games.vividz.continuous import derive
    return derive(state, key)


def may_reduce_power(state: VividzState) -> bool:
    """911.8: whether some effect may lower a character's power now (else only damage retires, 1004)."""
    n, cards = state.reducer_cards
    if n != len(state.cont_cards):
        from engine.games.vividz.continuous import lowers_power
        cards = tuple(c for c in state.cont_cards if lowers_power(state.table.cards[c].defn))
        state.reducer_cards = (len(state.cont_cards), cards)
    if cards:
        name_of, zones_of = state.table.name_of, state.cont_zones
        for c in cards:
            if name_of[c] in zones_of[c]:
                return derived(state).reducing
    if state.effects:
        return any(e[1] == "set_power" or (e[1] == "power" and e[2] < 0) for e in state.effects)
    return False


def _cont_sources(state: VividzState):
    """(source, seat, item, timestamp) for every effective [Cont] item in the game (903)."""
    return derived(state).sources()


def _applies(state: VividzState, source: int, seat: int, to: str, card: int, trait: str | None = None) -> bool:
    c_seat = controller(state, card)  # 502.1e: "your" characters are those you control
    if to == "self":
        return card == source
    if to == "all_own":
        return c_seat == seat
    if to == "all_opp":
        return c_seat != seat
    if to == "opp_lane":
        return (c_seat != seat and where(state, source) == "area"
                and state.slot.get(source) == state.slot.get(card))
    if to == "own_trait":
        return c_seat == seat and trait in traits(state, card)
    return False


def traits(state: VividzState, card: int) -> set[str]:
    """911.1b: the printed Trait plus gained Traits (in dependency order, 911.2). Do not modify it."""
    t = state.table
    if t.name_of[card] == "area":
        d = derived(state)
        if d.writes & TRAITS:
            got = d.board().traits.get(card)
            if got is not None:
                return got
    return {t.cards[card].defn.trait}


def power(state: VividzState, card: int, sources: list | None = None) -> int:
    """911.1-911.3 and 911.9: printed power, then numeric effects in dependency and timestamp order
    (the turn player's first on a tie, 911.3c), then lower bounds from the highest down.
    (`sources` is accepted for old callers; the result is the same.)"""
    t = state.table
    base = t.cards[card].defn.power
    if t.name_of[card] != "area":
        return base
    d = derived(state)
    if not d.writes & POWER:
        return base
    return d.board().power.get(card, base)


def item_index(state: VividzState, card: int, item: dict) -> int:
    """The position of a [Cont] item among all of the card's [Cont] items (a stable name for 911.3c)."""
    d = defn(state, card)
    k = 0
    for i in d.conts:
        for it in d.abilities[i].continuous:
            if it is item:
                return k
            k += 1
    return -1


def numeric_ties(state: VividzState) -> tuple[int, tuple] | None:
    """911.3c: power effects of one player that share a timestamp, affect the same character and do
    not commute (one sets the power) are ordered by that player. The first unordered such group, as
    (controller, ((card, inc, item), ...)), or None. Cheap unless some [Cont] item sets power."""
    t = state.table
    for c in state.setter_cards:
        if t.name_of[c] == "area":
            break
    else:
        return None  # no [Cont] "power becomes" item is in play: nothing to order
    sources = _cont_sources(state)
    setters = [s for s in sources if "set_power" in s[2]]
    if not setters:
        return None
    area = t.zones["0.area"] + t.zones["1.area"]
    for source, seat, item, ts in setters:
        if not any(s[3] == ts and s[1] == seat and s[2] is not item for s in sources):
            continue  # alone at its timestamp: the usual case, nothing to order
        spec = item["set_power"]
        hit = {c for c in area if _applies(state, source, seat, spec["to"], c)}
        group = []
        for src2, seat2, item2, ts2 in sources:
            if ts2 != ts or seat2 != seat:
                continue
            for kind in ("power", "set_power"):
                sp = item2.get(kind)
                if sp and any(_applies(state, src2, seat2, sp["to"], c, sp.get("trait")) for c in hit):
                    group.append((src2, state.inc[src2], item_index(state, src2, item2)))
        if len(group) > 1 and not all(k in state.ts_rank for k in group):
            return seat, tuple(sorted(set(group)))
    return None


def attack_forbidden(state: VividzState, card: int) -> bool:
    """802.1a: the attack-forbidden marker, from an effect or a [Cont] ability (911.7 applies)."""
    d = derived(state)
    return bool(d.writes & FORBID) and card in d.board().forbid


def cost_changes(sources: list) -> list[tuple[int, dict]]:
    """(controller, spec) of the effective [Cont] cost changes (905.2c)."""
    return [(s, item["cost"]) for _, s, item, _ in sources if "cost" in item]


def changed_cost(d: CardDef, seat: int, changes: list) -> int:
    """905.2a/c: printed cost, increases then decreases (never below 0)."""
    up = down = 0
    for s, spec in changes:
        applies = spec["applies"]
        mine = s == seat
        ok = ((applies == "own_characters" and mine and d.type == "character")
              or (applies == "own_events" and mine and d.type == "event")
              or (applies == "opp_events" and not mine and d.type == "event")
              or (applies == "opp_characters" and not mine and d.type == "character")
              or (applies == "own_trait" and mine and d.trait == spec.get("trait")))
        if ok:
            if spec["amount"] > 0:
                up += spec["amount"]
            else:
                down -= spec["amount"]
    return max(0, d.cost + up - down)


def slot_reduced(state: VividzState, seat: int, d: CardDef, slot: int, cost: int, there: list | None = None) -> int:
    """905.2d: the cost-reduction icon, for the slot the character is about to enter (`there`: the
    characters in that slot, if the caller has them)."""
    if there is None:
        there = in_slot(state, seat, slot)
    if there and any(defn(state, c).cost <= d.cost for c in there):
        reduction = len(there)
        if state.options["cost_reduction_counts"] == "characters_and_exp":  # AMB-4
            reduction += sum(len(exp_of(state, c)) for c in there)
        cost = max(0, cost - reduction)
    return cost


def play_cost(state: VividzState, seat: int, card: int, slot: int | None, sources: list | None = None) -> int:
    """905.2a/c/d: printed cost, increases then decreases (floor 0), then the cost-reduction icon."""
    d = defn(state, card)
    cost = changed_cost(d, seat, cost_changes(_cont_sources(state) if sources is None else sources))
    if d.cost_reduction and slot is not None:
        cost = slot_reduced(state, seat, d, slot, cost)
    return cost


def act_cards(state: VividzState) -> dict:
    """zone -> the cards with an [Act] ability whose validity icon is that zone (903.1c; fixed per
    game, recounted if a test adds a card)."""
    n, cards = state.act_cards
    if n != len(state.table.cards):
        cards = {}
        for c in state.table.cards:
            if c is not None:
                for i in c.defn.acts:
                    cards.setdefault(c.defn.abilities[i].zone, set()).add(c.id)
        cards = {z: frozenset(ids) for z, ids in cards.items()}
        state.act_cards = (len(state.table.cards), cards)
    return cards


def new_uid(state: VividzState) -> int:
    state.uid += 1
    return state.uid
