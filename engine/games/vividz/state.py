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
SLOTS = (1, 2, 3)
ADJACENT = {1: (2,), 2: (1, 3), 3: (2,)}  # B.2: Sides are not adjacent to each other


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
        "played_this_turn", "cont_cards", "cache", "state_seen", "repl_choice", "cont_zones", "hid", "state_cards",
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
        self.cache: tuple = ((), [])            # derived: the effective [Cont] items, see _cont_sources
        self.control: dict[int, int] = {}       # card -> controller, only while it differs from the owner (502.1b)
        self.control_until: list[tuple] = []
        self.setter_cards: frozenset = frozenset()  # cards with a [Cont] set_power item (911.3c), fixed per game    # (card, inc) whose control returns at the end of the turn
        self.newest_pick: dict[tuple, int] = {}  # (seat, slot) -> the card its controller named newest (1002.1)
        self.chosen = [0, 0]                    # "choose" actions performed this turn (1107.1)
        self.ts_rank: dict[tuple, int] = {}     # (card, inc, item) -> order its controller chose (911.3c)


def defn(state: VividzState, card: int) -> CardDef:
    return state.table.cards[card].defn


def owner(state: VividzState, card: int) -> int:
    return state.table.cards[card].owner


def zone(state: VividzState, seat: int, name: str) -> list[int]:
    return state.table.zones[f"{seat}.{name}"]


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
    d = defn(state, card)
    if private or (state.table.visible_to(card, 0) and state.table.visible_to(card, 1)):
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

def _cont_sources(state: VividzState):
    """(source, seat, item, timestamp) for every effective [Cont] item in the game (903)."""
    from engine.games.vividz.effects import condition_holds
    key = (state.clock, state.tp, state.turn, state.successes[0], state.successes[1], state.battle_retires[0],
           state.battle_retires[1], len(state.effects), state.chosen[0], state.chosen[1])  # everything a condition can read changes one of these
    if state.cache[0] == key:
        return state.cache[1]
    t = state.table
    out: list = []
    deferred: list = []
    state.cache = (key, out)
    zones_of = state.cont_zones
    for card in state.cont_cards:
        zname = t.name_of[card]
        if zname not in zones_of[card]:
            continue
        c = t.cards[card]
        d = c.defn
        for i in d.conts:
            ab = d.abilities[i]
            if ab.zone != zname or (zname == "mission" and card in t.face_down):
                continue
            seat = state.control.get(card, c.owner)  # 502.1c: the ability's controller
            if ab.cond and _reads_traits(ab.cond):
                for item in ab.continuous:
                    deferred.append((card, seat, item, ab.cond + _item_cond(item)))
                continue
            if ab.cond and not condition_holds(state, seat, card, ab.cond):
                continue
            for item in ab.continuous:
                if "if" in item:
                    cond = _item_cond(item)
                    if _reads_traits(cond):
                        deferred.append((card, seat, item, cond))
                        continue
                    if not condition_holds(state, seat, card, cond):
                        continue
                out.append((card, seat, item, state.entered.get(card, 0)))
    # 911.2: a condition that counts Traits depends on the effects that give Traits, so it is judged
    # after them; a newly effective item may give more Traits, so judge again until nothing changes
    # (gains only add Traits: this ends).
    while deferred:
        ready = [x for x in deferred if condition_holds(state, x[1], x[0], x[3])]
        if not ready:
            break
        out.extend((card, seat, item, state.entered.get(card, 0)) for card, seat, item, _ in ready)
        deferred = [x for x in deferred if x not in ready]
    return out


def _item_cond(item: dict) -> tuple:
    return (tuple(sorted(item["if"].items())),) if "if" in item else ()


def _reads_traits(conds: tuple) -> bool:
    return any(k == "trait_count" for cond in conds for k, _ in cond)


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


def _unaffected(state: VividzState, card: int, seat: int) -> bool:
    """911.7: a card "not affected by" the opponent's effects ignores them."""
    if seat == controller(state, card):
        return False
    for source, s, item, _ in _cont_sources(state):
        if "unaffected_by_opponent" in item and source == card:
            return True
    return False


def traits(state: VividzState, card: int) -> set[str]:
    """911.1b: non-numeric parameters first (printed Trait plus gained Traits)."""
    out = {defn(state, card).trait}
    if where(state, card) != "area":
        return out
    gated = []
    for source, seat, item, _ in _cont_sources(state):
        g = item.get("gain_trait")
        if not g:
            continue
        if g["to"] == "own_trait":
            if seat == controller(state, card):
                gated.append(g)
        elif _applies(state, source, seat, g["to"], card):
            out.add(g["trait"])
    key = (card, state.inc[card])
    for e in state.effects:
        if e[1] == "gain_trait" and key in e[3]:
            out.add(e[2])
    # 911.2: "your X characters gain Y" depends on every effect that gives X, so it is applied after
    # them whatever the timestamps. Gains only add Traits, so applying the effects in dependency
    # order is the same as repeating them until nothing changes (a dependency loop, 911.3, included).
    changed = bool(gated)
    while changed:
        changed = False
        for g in gated:
            if g["trait"] not in out and g.get("of") in out:
                out.add(g["trait"])
                changed = True
    return out


def power(state: VividzState, card: int, sources: list | None = None) -> int:
    """911.1-911.3 and 911.9: printed power, then numeric effects in timestamp order (the turn
    player's first on a tie, 911.3c), then lower bounds from the highest down."""
    base = defn(state, card).power
    if where(state, card) != "area":
        return base
    mods: list[tuple] = []
    floors: list[int] = []
    tp = state.tp
    for source, seat, item, ts in (_cont_sources(state) if sources is None else sources):
        for kind in ("power", "set_power", "power_floor"):
            spec = item.get(kind)
            if spec and _applies(state, source, seat, spec["to"], card, spec.get("trait")):
                if seat != controller(state, card) and _unaffected(state, card, seat):
                    continue
                if kind == "power_floor":
                    floors.append(spec["value"])
                else:
                    rank = state.ts_rank.get((source, state.inc[source], item_index(state, source, item)), 0) \
                        if state.ts_rank else 0
                    mods.append((ts, seat != tp, rank, kind, spec.get("amount", spec.get("value"))))
    key = (card, state.inc[card])
    for e in state.effects:
        if e[1] in ("power", "set_power") and key in e[3]:
            if e[4] != controller(state, card) and _unaffected(state, card, e[4]):
                continue
            mods.append((e[0], e[4] != tp, 0, e[1], e[2]))
    value = base
    for _, _, _, kind, amount in sorted(mods, key=lambda m: (m[0], m[1], m[2])):
        value = amount if kind == "set_power" else value + amount
    for floor in sorted(floors, reverse=True):
        value = max(value, floor)
    return value


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
    if not any(t.name_of[c] == "area" for c in state.setter_cards):
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
    """802.1a: the attack-forbidden marker, from an effect or a [Cont] ability."""
    key = (card, state.inc[card])
    if any(e[1] == "forbid_attack" and key in e[3] for e in state.effects):
        return True
    for source, seat, item, _ in _cont_sources(state):
        spec = item.get("forbid_attack")
        if spec and _applies(state, source, seat, spec["to"], card):
            return True
    return False


def play_cost(state: VividzState, seat: int, card: int, slot: int | None, sources: list | None = None) -> int:
    """905.2a/c/d: printed cost, increases then decreases (floor 0), then the cost-reduction icon."""
    d = defn(state, card)
    up = down = 0
    for source, s, item, _ in (_cont_sources(state) if sources is None else sources):
        spec = item.get("cost")
        if not spec:
            continue
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
    cost = max(0, d.cost + up - down)
    if d.cost_reduction and slot is not None:
        there = in_slot(state, seat, slot)
        if there and any(defn(state, c).cost <= d.cost for c in there):
            reduction = len(there)
            if state.options["cost_reduction_counts"] == "characters_and_exp":  # AMB-4
                reduction += sum(len(exp_of(state, c)) for c in there)
            cost = max(0, cost - reduction)
    return cost


def new_uid(state: VividzState) -> int:
    state.uid += 1
    return state.uid
