"""Gundam War game state and the read-only questions the rules ask of it: accessors, and the
derived values (National Power, battle stats, special effects in force, costs after increases
and reductions), computed from the state on demand (Auto A effects "re-apply immediately",
GW-A-14.1), never stored.

Zones follow GW-L.1: Homeland and Discard Pile face-down (nobody sees them, counts public),
hand owner-only, everything else public. The shared battle areas are one zone per side
(`space`, `earth`, `arena`), each holding that side's squad front to rear. Set cards sit in
the `set` zone of the set target's controller, linked by `set_on` (GW-A-20).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.events import HeldEvents, emit  # noqa: F401 (emit: the game's modules record events through it)
from engine.core.flow import Flow, Step
from engine.core.hashing import cache, fixed
from engine.core.requests import Event, Result
from engine.core.rng import Rng
from engine.core.zones import Table, Visibility, ZoneSpec, zone_keys

from engine.games.gundam_war.cards import CardDef


ZONES = (
    ZoneSpec("homeland", Visibility.HIDDEN, label="Homeland", rule="GW-B-4.3.1"),
    ZoneSpec("discard", Visibility.HIDDEN, label="Discard Pile", rule="GW-B-4.3.2"),  # face down (GW-0.5)
    ZoneSpec("junk", Visibility.PUBLIC, label="Junk Yard", rule="GW-B-4.3.8"),       # face up
    ZoneSpec("removed", Visibility.PUBLIC, ordered=False, label="removed cards", rule="GW-B-4.3.6"),
    ZoneSpec("hand", Visibility.OWNER, ordered=False, label="hand", rule="GW-B-4.3.10"),
    ZoneSpec("hangar", Visibility.PUBLIC, ordered=False, label="Hangar", rule="GW-B-4.3.9"),
    ZoneSpec("deploy", Visibility.PUBLIC, ordered=False, label="Deploy Area", rule="GW-B-4.3.7"),
    ZoneSpec("space", Visibility.PUBLIC, label="Space Area", rule="GW-B-4.3.3"),
    ZoneSpec("earth", Visibility.PUBLIC, label="Earth Area", rule="GW-B-4.3.4"),
    ZoneSpec("arena", Visibility.PUBLIC, label="Fighting Arena", rule="GW-B-4.3.5"),
    ZoneSpec("set", Visibility.PUBLIC, ordered=False, label="set group", rule="GW-A-20"),
    ZoneSpec("played", Visibility.PUBLIC, label="played-card area (the Cut)", rule="GW-A-2.1"),
    # card-coins that left the field (GW-A-21.1): no place on the table, so no label of its own
    ZoneSpec("gone", Visibility.PUBLIC, ordered=False),
)


# "seat.zone" keys of the Table by seat and zone name, made once (the rules look zones up all the time)
ZONE_KEY = zone_keys(spec.name for spec in ZONES)


AREAS = ("space", "earth", "arena")


FIELD = frozenset(("deploy", "space", "earth", "arena", "set"))


HAND_LIMIT = 6


OPENING_HAND = 6


# The turn's states in order (GW-S.2); `ft` states are free timings, the others run by themselves.
STEPS = (
    "reroll_ft", "draw_ft1", "draw_fx", "draw_ft2", "deploy_ft",
    "attack_ft1", "attack_fx", "attack_ft2", "defense_ft1", "defense_fx", "defense_ft2",
    "damage_start", "damage_ft1", "damage_fx", "damage_ft2", "return_ft1", "return_fx", "return_ft2", "end",
)


# the phase each step belongs to (GW-B-6): what a "skip" effect names (GW-A-24.26)
PHASE_OF = {"reroll": "reroll", "draw": "draw", "deploy": "deploy", "attack": "battle", "defense": "battle",
            "damage": "battle", "return": "battle", "end": "end"}


STEP_RULE = {
    "reroll": "GW-B-7", "draw": "GW-B-8", "deploy": "GW-B-9.1", "attack": "GW-B-10.2",
    "defense": "GW-B-10.3", "damage": "GW-B-10.5", "return": "GW-B-10.12", "end": "GW-B-12",
}


# -- steps (engine/core/flow.py): what the turn machine does next, and what it waits for ------

@dataclass(frozen=True, slots=True)
class Proceed(Step):
    """GW-S: run the turn's automatic states (fixed effects, new Cuts, forced passes) until a
    player must decide; queued behind every decision."""


@dataclass(frozen=True, slots=True)
class Priority(Step):
    """GW-A-9.3: a free timing or cut-in: the seat with priority (`state.priority`) plays or passes."""
    asks = True
    kind = "free_timing"
    rule = "GW-A-9.3"
    wait = "Seat {seat} has priority now; you may act when they pass (the active player is always asked first)."


@dataclass(frozen=True, slots=True)
class Mulligan(Step):
    """GW-B-3.1, GW-X-7: `seat` keeps or re-deals its opening hand, the first player first."""
    seat: int
    asks = True
    kind = "mulligan"
    task = "keep or re-deal the opening hand"
    rule = "GW-X-7"


@dataclass(frozen=True, slots=True)
class OfferMulligan(Step):
    """GW-B-3.1: `seat` decides on its opening hand, unless keeping is all it may do."""
    seat: int


@dataclass(frozen=True, slots=True)
class OfferSortie(Step):
    """GW-A-17.1: `seat` sorties, unless (forced passing, GW-S.3) no Unit of it can."""
    seat: int


@dataclass(frozen=True, slots=True)
class Sortie(Step):
    """GW-A-17.1: `seat` sorties Units in the Attack (attacker) or Defense (defender) Step."""
    seat: int
    asks = True
    kind = "sortie"
    task = "declare the sortie"
    rule = "GW-A-4.2.4"


@dataclass(frozen=True, slots=True)
class Order(Step):
    """GW-A-14.10, GW-B-12.2: the active player puts `state.ordering` in order, onto a new Cut
    (`now` False) or resolving each at once with no Cut (`now` True, GW-A-15.10)."""
    seat: int
    now: bool
    asks = True
    kind = "order"
    task = "put the waiting effects in order"
    rule = "GW-A-14.10"


@dataclass(frozen=True, slots=True)
class AutoTarget(Step):
    """GW-A-13.4: `seat` chooses the target of the waiting Auto C `state.pending[index]`, or
    (`now`) of the Auto D `state.auto_d[index]` that resolves as soon as it has one (GW-A-14.4)."""
    seat: int
    index: int
    now: bool = False
    asks = True
    kind = "auto_target"
    task = "choose the target of a waiting automatic effect"
    rule = "GW-A-13.4"


@dataclass(frozen=True, slots=True)
class HandLimit(Step):
    """GW-B-12.3: the active player discards down to the hand limit."""
    seat: int
    asks = True
    kind = "hand_limit"
    task = "discard down to the hand limit"
    rule = "GW-B-12.3"


@dataclass(frozen=True, slots=True)
class SimultaneousEntry(Step):
    """GW-A-26.8: the attacking player discards one of `batch` (cards that entered together and
    cannot all stay on the field)."""
    seat: int
    batch: tuple[int, ...]
    asks = True
    kind = "simultaneous_entry"
    task = "choose which of the cards that entered together is discarded"
    rule = "GW-A-26.8"


@dataclass(frozen=True, slots=True)
class Vulture(Step):
    """GW-A-25.7.1: `seat` may take a Junk Yard card back with its Vulture points."""
    seat: int
    asks = True
    kind = "vulture"
    task = "take back a Junk Yard card with Vulture points or decline"
    rule = "GW-A-25.7.1"


@dataclass(slots=True, eq=False)
class GWState:
    """Everything the Gundam War rules read; every field is hashed unless declared a cache."""

    table: Table
    rng: Rng
    options: dict[str, Any] = fixed()
    phase: str = "mulligan"
    first: int = 0
    active: int = 0
    turn: int = 0
    step: str = "reroll_ft"
    priority: int = 0
    passes: int = 0
    redealt_a: list[bool] = field(default_factory=lambda: [False, False])  # procedure A used (GW-B-3.2)
    redeals_b: list[int] = field(default_factory=lambda: [0, 0])            # procedure B uses (GW-B-3.3)
    cut: list[dict] = field(default_factory=list)           # unresolved effects, bottom first (GW-B-13.9)
    pending: list[dict] = field(default_factory=list)       # Auto C / discard effects waiting for a new Cut (GW-A-14.10)
    auto_d: list[dict] = field(default_factory=list)        # Auto D effects waiting for their target (GW-A-13.4)
    ordering: list[dict] = field(default_factory=list)      # effects the active player is putting in order
    rolled: set[int] = field(default_factory=set)           # roots of rolled set groups / cards (GW-B-7.3)
    damage: dict[int, int] = field(default_factory=dict)
    destroyed: set[int] = field(default_factory=set)        # destroyed, discard effect not yet resolved (GW-A-19.1)
    zero_defense: set[int] = field(default_factory=set)     # of those, destroyed by Defense 0 alone (GW-A-19.7)
    set_on: dict[int, int] = field(default_factory=dict)    # set card -> set target (GW-A-20)
    turn_mods: dict[int, list[int]] = field(default_factory=dict)
    coins: dict[int, list[int]] = field(default_factory=dict)
    dismantled: set[int] = field(default_factory=set)
    variable_g: set[int] = field(default_factory=set)
    transformed: set[int] = field(default_factory=set)
    sortied: set[int] = field(default_factory=set)          # moved to a battle area this turn (PS Armor, GW-A-25.18)
    resupplied: set[int] = field(default_factory=set)
    engaged: set[str] = field(default_factory=set)          # areas engaged at the last check (GW-B-10.4)
    front_gone: set[tuple[int, str]] = field(default_factory=set)  # (seat, area) whose front Unit left (GW-B-10.11.2)
    slots: dict[str, int] = field(default_factory=dict)     # plays this turn by kind (GW-B-9.1.1)
    played_names: set[tuple[int, str]] = field(default_factory=set)  # (seat, card name) played this turn (GW-A-25.29)
    text_uses: set[tuple[int, int]] = field(default_factory=set)
    cut_uses: set[tuple[int, int]] = field(default_factory=set)
    change_used: set[int] = field(default_factory=set)
    vulture: set[tuple[int, str]] = field(default_factory=set)  # (seat, area) watched this turn (GW-A-25.7)
    vulture_points: list[int] = field(default_factory=lambda: [0, 0])
    pollution: list[int] = field(default_factory=lambda: [0, 0])
    nondup: set[tuple[str | int, ...]] = field(default_factory=set)  # non-duplicating keys used (GW-A-26.17)
    fired: set[tuple[int, int]] = field(default_factory=set)
    result: Result | None = None
    serial: int = 0                                         # counts field entries and triggers (GW-A-26.17 C keys)
    battle_immune: set[int] = field(default_factory=set)    # "does not take battle damage" this turn (GW-A-18.2.1)
    untargetable: dict[int, int] = field(default_factory=dict)  # card -> seat whose effects cannot target it (GW-A-13.10)
    enemy_proof: dict[int, int] = field(default_factory=dict)   # card -> seat whose effects cannot destroy it (GW-A-19.12)
    spared: dict[int, int] = field(default_factory=dict)        # card -> its damage when an enemy effect did not destroy it
    waiting: list[dict] = field(default_factory=list)       # resolved effects waiting for the end of turn (GW-A-15.4)
    card_coins: set[int] = field(default_factory=set)       # coins standing in for Units (GW-A-21.4)
    no_sortie: set[int] = field(default_factory=set)        # players who may not sortie this turn (GW-A-26.3)
    special_plus: dict[int, int] = field(default_factory=dict)  # card -> Psycommu +X this turn (GW-A-26.11)
    kw_gain: dict[int, set[str]] = field(default_factory=dict)  # special effects gained / lost this turn (GW-A-24.4-5)
    kw_lose: dict[int, set[str]] = field(default_factory=dict)
    # (seat, scope, stats): "this turn" effects (GW-A-26.6.2)
    this_turn: list[tuple[int, str, tuple[int, ...]]] = field(default_factory=list)
    skipped: set[str] = field(default_factory=set)          # phases of this turn that will not be performed (GW-A-24.26)
    # GW-A-1.2: card -> every type it is treated as now, while it stays on the field ("treated
    # as" replaces the printed type, "also treated as" adds to it); absent = its printed type
    treated: dict[int, frozenset] = field(default_factory=dict)
    g_text: set[int] = field(default_factory=set)           # treated as a G and gained "generates 1 (its colour)"
    flow: Flow = field(default_factory=Flow)
    events: list = cache(factory=list)                      # this decision's events (engine/core/events.py)
    held_events: "HeldEvents | None" = cache(None)          # the last decision's, while somebody holds them
    # seat -> its National Power, remembered only while one request's options are listed
    # (choices.ft_options), when nothing changes the state; None at every other time (`power`)
    scan_power: dict | None = cache(None)
    # (card, mode) -> what forbids playing the card so whatever its target (guards._card_play_refusal),
    # remembered only while one request's options are listed, as `scan_power`; None at every other time
    scan_plays: dict | None = cache(None)
    # what each card could offer in a free timing, from its definition (choices.card_reach)
    card_reach: Any = cache(None)


def waiting_auto(state: GWState, step: AutoTarget) -> dict:
    """The automatic effect an AutoTarget step chooses the target of."""
    return (state.auto_d if step.now else state.pending)[step.index]


def choice(state: GWState) -> Step | None:
    """The decision inside a step that is asked now (not a free timing), if any."""
    asking = state.flow.asking
    return None if asking is None or type(asking) is Priority else asking


def choosing(state: GWState) -> bool:
    """Whether a decision was just queued (during rules work): the Cut and the ordering stop."""
    steps = state.flow.steps
    return bool(steps) and steps[0].asks


def ask(state: GWState, step: Step) -> None:
    """Queue a decision to be asked next; after the game ended nobody is asked anything."""
    if state.result is None:
        state.flow.next(step)


def defn(state: GWState, card: int) -> CardDef:
    return state.table.cards[card].defn


def owner(state: GWState, card: int) -> int:
    return state.table.cards[card].owner


def where(state: GWState, card: int) -> str:
    return state.table.name_of[card]


def controller(state: GWState, card: int) -> int:
    """GW-A-3.2.1: the manager of the zone the card is in."""
    return int(state.table.zone_of[card][0])


def zone(state: GWState, seat: int, name: str) -> list[int]:
    return state.table.zones[ZONE_KEY[seat][name]]


def describe(state: GWState, card: int) -> dict:
    """A card as an event names it, for the seats that see it."""
    d = defn(state, card)
    return {"id": card, "card": d.id, "name": d.title}


def tell(state: GWState, seat: int, data: dict, others: dict) -> None:
    """An event only `seat` learns (what it looked at, GW-A-24.2; no card's visibility): the
    other seat gets `others`."""
    state.events.append(Event(data, seat, others))


def step_name(state: GWState) -> str:
    return state.step.split("_")[0]


SQUAD_SPECIALS = ("high_mobility", "water", "desert", "assault", "swift_strike", "vulture", "space_battle")


def on_field(state: GWState, card: int) -> bool:
    return state.table.name_of[card] in FIELD


def root(state: GWState, card: int) -> int:
    """The set target at the bottom of a set group (a Set/Character card may sit on a Character)."""
    seen = 0
    while card in state.set_on and seen < 4:
        card = state.set_on[card]
        seen += 1
    return card


CARD_TYPES = ("unit", "character", "command", "operation", "g")


ONLY_TYPE = _ONLY = {t: frozenset((t,)) for t in CARD_TYPES}


def types_of(state: GWState, card: int) -> frozenset:
    """Every card type the card is treated as now (GW-A-1.1, GW-A-1.2). Every type check of the
    engine goes through here or through the equivalent shortcuts below: an effect "treated as a
    (type) card" replaces the printed type, "also treated as" adds to it (GW-A-1.2.1-2); Dismantle
    and VARIABLE make a Unit a G (GW-A-25.17, GW-A-25.27). Both end when the card leaves the
    field (`effects._forget`)."""
    treated = state.treated
    if treated and card in treated:
        return treated[card]
    if card in state.dismantled or card in state.variable_g:
        return _ONLY["g"]
    return _ONLY[state.table.cards[card].defn.type]


def is_type(state: GWState, card: int, kind: str) -> bool:
    """Whether the card is treated as a `kind` card now (GW-A-1.2)."""
    treated = state.treated
    if treated and card in treated:
        return kind in treated[card]
    if card in state.dismantled or card in state.variable_g:
        return kind == "g"
    return state.table.cards[card].defn.type == kind


def is_g(state: GWState, card: int) -> bool:
    treated = state.treated
    if treated and card in treated:
        return "g" in treated[card]
    return state.table.cards[card].defn.type == "g" or card in state.dismantled or card in state.variable_g


def is_unit(state: GWState, card: int) -> bool:
    treated = state.treated
    if treated and card in treated:
        return "unit" in treated[card]
    return state.table.cards[card].defn.type == "unit" and card not in state.dismantled \
        and card not in state.variable_g


def is_basic_g(state: GWState, card: int) -> bool:
    """GW-A-7.1: a printed Basic G stays one while it is treated as a G, even when also treated
    as another type (7.1.2); a card treated as a G that was not printed as one is a Special G
    (7.1.3)."""
    d = defn(state, card)
    return d.type == "g" and d.basic and is_g(state, card)


def is_rolled(state: GWState, card: int) -> bool:
    return root(state, card) in state.rolled


def units(state: GWState, seat: int) -> list[int]:
    """The seat's field Units: Deploy Area first, then the squads."""
    z = state.table.zones
    keys = ZONE_KEY[seat]
    if state.treated or state.dismantled or state.variable_g:
        out = [c for c in z[keys["deploy"]] if is_unit(state, c)]
    else:                                  # (usual) every card is its printed type: `is_unit` reads only that
        cards = state.table.cards
        out = [c for c in z[keys["deploy"]] if cards[c].defn.type == "unit"]
    for area in AREAS:
        out += z[keys[area]]
    return out


def designated_total(state: GWState, card: int) -> int:
    """A card's Designated National Power value, as effects read it: the sum of its entries for a
    dual-colour card (GW-A-23.3)."""
    return sum(n for _, n in defn(state, card).designated)


def battle_units(state: GWState, seat: int) -> list[int]:
    z = state.table.zones
    keys = ZONE_KEY[seat]
    return z[keys["space"]] + z[keys["earth"]] + z[keys["arena"]]


def set_cards(state: GWState, target: int) -> list[int]:
    return [c for c, t in state.set_on.items() if t == target]


def group(state: GWState, card: int) -> list[int]:
    """A set group: the set target and everything set on it, recursively (GW-A-20.2)."""
    out = [card]
    for c in set_cards(state, card):
        out += group(state, c)
    return out


def power(state: GWState, seat: int) -> dict[str, int]:
    """Generated National Power by colour (`generated_power`); while a request's options are
    listed (`state.scan_power` is a dict: nothing changes the state then) each seat's is
    computed once, as every candidate's guard asks for it. Callers never change the dict."""
    memo = state.scan_power
    if memo is None:
        return generated_power(state, seat)
    found = memo.get(seat)
    if found is None:
        found = memo[seat] = generated_power(state, seat)
    return found


def generated_power(state: GWState, seat: int) -> dict[str, int]:
    """Generated National Power by colour; a rolled G still generates (GW-B-9.3.2). Only cards
    treated as a G now generate (GW-A-1.2): a printed G by its generating text, a card made a G
    by an effect only if that effect gave it one (Dismantle, VARIABLE, `generates: true`)."""
    out: dict[str, int] = {}
    treated = state.treated
    cards = state.table.cards
    dismantled, variable_g, g_text = state.dismantled, state.variable_g, state.g_text
    made_g = dismantled or variable_g or g_text  # cards made a G or given a generating text: usually none
    for c in state.table.zones[ZONE_KEY[seat]["deploy"]]:
        d = cards[c].defn
        if treated and c in treated:             # is_g, written out (this runs for every candidate play)
            if "g" not in treated[c]:
                continue                         # no longer a G (GW-A-1.2.1): generates nothing
        elif d.type != "g" and c not in dismantled and c not in variable_g:
            continue
        if made_g and (c in dismantled or c in variable_g or c in g_text):
            gen = (d.colour,)                    # GW-A-25.17.1, GW-A-25.27, a gained generating text
        elif d.type == "g":                     # the printed G's own generating text
            gen = d.generates
        else:
            continue                             # a Special G by effect has no generating text (GW-A-7.1.3)
        for colour in gen:
            out[colour] = out.get(colour, 0) + 1
    return out


def meets_designated(pw: dict[str, int], designated: tuple) -> bool:
    """GW-B-9.8.1, GW-A-7.3 (purple: one single colour covers it), GW-A-23.2 (each entry of a
    dual-colour card separately)."""
    for colour, n in designated:
        if colour == "purple":
            if not any(v >= n for v in pw.values()):
                return False
        elif pw.get(colour, 0) < n:
            return False
    return True


def requirement_met(state: GWState, card: int, requires: tuple | None) -> bool:
    """`[X·Y]` (GW-A-16.9): the controller's power of the card's colour ≥ X and total ≥ Y."""
    if not requires:
        return True
    seat = controller(state, card) if on_field(state, card) else state.table.cards[card].owner
    pw = power(state, seat)
    x, y = requires
    return meets_designated(pw, ((defn(state, card).colour, x),) if x else ()) and sum(pw.values()) >= y


def keyword(state: GWState, card: int, name: str):
    """A special effect of a Unit: printed (or transformed-mode), or granted by a set card for the
    squad specials (GW-A-25.9.2; GW-X-15)."""
    d = defn(state, card)
    if card in state.kw_lose and name in state.kw_lose[card]:
        return None                                        # GW-A-15.6: "lose" beats "gain"
    if card in state.kw_gain and name in state.kw_gain[card]:
        return True
    if card in state.transformed and d.transformed:
        value = (d.transformed.get("keywords") or {}).get(name)
        if value is None and name == "transform":
            value = True
    else:
        value = d.keywords.get(name)
    if name == "space_battle":                             # GW-A-25.8: several Space Battle add up
        extra = sum(defn(state, s).keywords.get(name) or 0 for s in set_cards(state, card))
        if extra:
            value = (value if isinstance(value, int) and value is not True else 0) + extra
        return value
    if value is None and name in SQUAD_SPECIALS:
        for s in set_cards(state, card):
            value = defn(state, s).keywords.get(name)
            if value is not None:
                break
    return value


def _base_stats(state: GWState, card: int) -> tuple:
    d = defn(state, card)
    if card in state.transformed and d.transformed:
        return tuple(d.transformed["stats"])
    if d.piloted_stats and any(is_type(state, s, "character") for s in set_cards(state, card)):
        return d.piloted_stats                                 # GW-A-22.4: right of "/" with a pilot
    return d.stats


def character_mod(state: GWState, char: int) -> list[int]:
    """A Character's battle modification, including Set/Character cards set on it (GW-A-25.36)."""
    m = list(defn(state, char).stats)
    for extra in set_cards(state, char):
        for i, v in enumerate(defn(state, extra).stats):
            m[i] += v
    for i, v in enumerate(state.coins.get(char, ())):
        m[i] += v
    return m


def _ignores_pilots(state: GWState, card: int) -> bool:
    d = defn(state, card)
    return bool(d.keywords.get("ship") or d.keywords.get("base") or d.keywords.get("support"))


def stats(state: GWState, card: int) -> tuple:
    """Melee, Shooting, Defense with every modification; `*` stays None (GW-A-1.11)."""
    base = _base_stats(state, card)
    mod = [0, 0, 0]
    seat = controller(state, card)
    ignores = _ignores_pilots(state, card)
    for s in set_cards(state, card):
        sd = defn(state, s)
        if is_type(state, s, "character"):
            if not ignores:
                for i, v in enumerate(character_mod(state, s)):
                    mod[i] += v
            elif sd.keywords.get("ship_modification") and defn(state, card).keywords.get("ship"):
                for i, v in enumerate(sd.keywords["ship_modification"]):   # GW-A-25.24
                    mod[i] += v
    for source in (state.turn_mods, state.coins):
        for i, v in enumerate(source.get(card, ())):
            mod[i] += v
    for c in continuous_sources(state, seat, "own_units_mod"):
        for i, v in enumerate(c):
            mod[i] += v
    for who, scope, values in state.this_turn:             # GW-A-26.6.2: re-checked all turn
        if (scope == "own_units") == (who == seat):
            for i, v in enumerate(values):
                mod[i] += v
    area = where(state, card)
    team = defn(state, card).keywords.get("team")
    if team:
        for other in _same_area_units(state, seat, card):
            ot = defn(state, other).keywords.get("team")
            if ot and ot["name"] == team["name"] and ot.get("mod"):
                for i, v in enumerate(ot["mod"]):
                    mod[i] += v
    if area == "space" and "space" in state.engaged and not keyword(state, card, "space_battle"):
        y = squad_space_battle(state, 1 - seat)                               # GW-A-25.8
        if y:
            mod[0] -= y
    out = []
    for i, b in enumerate(base):
        out.append(None if b is None else max(0, b + mod[i]))
    return tuple(out)


def _same_area_units(state: GWState, seat: int, card: int) -> list[int]:
    """Team (GW-A-25.15): the other Units in the same area (Deploy Area or battle area)."""
    name = where(state, card)
    cards = state.table.zones[ZONE_KEY[seat][name]]
    others = [c for c in cards if c != card and is_unit(state, c)]
    if state.options.get("team_includes_self") and card in cards:
        others.append(card)
    return others


def team_texts(state: GWState, card: int) -> list[tuple]:
    """GW-A-25.15: texts a Unit gains from the other same-team Units in its area, as
    (text, giving card, index in its Team texts); one text is gained only once."""
    team = defn(state, card).keywords.get("team")
    if not team or where(state, card) not in ("deploy", "space", "earth", "arena"):
        return []
    out: list[tuple] = []
    for other in _same_area_units(state, controller(state, card), card):
        ot = defn(state, other).keywords.get("team")
        if ot and ot["name"] == team["name"]:
            for k, t in enumerate(ot.get("texts", ())):
                if all(t != have for have, _, _ in out):
                    out.append((t, other, k))
    return out


def card_texts(state: GWState, card: int) -> tuple:
    """The texts a card can play: its own, then those gained through Team (GW-A-25.15)."""
    d = defn(state, card)
    if not d.keywords.get("team"):
        return d.texts
    return d.texts + tuple(t for t, _, _ in team_texts(state, card))


def entry_text(state: GWState, entry: dict):
    """The text a Cut entry plays: a gained one stays the giver's text even if the Team breaks up."""
    if entry.get("granted"):
        giver, k = entry["granted"]
        return defn(state, giver).keywords["team"]["texts"][k]
    return defn(state, entry["card"]).texts[entry["text"]]


def squad_space_battle(state: GWState, seat: int) -> int:
    squad = zone(state, seat, "space")
    if not squad:
        return 0
    values = [keyword(state, c, "space_battle") or 0 for c in squad]
    return min(values) if all(values) else 0


def defense(state: GWState, card: int) -> int:
    return stats(state, card)[2] or 0


def all_have(state: GWState, squad: list[int], name: str) -> bool:
    """GW-A-25.9.1: a squad special applies only if every Unit of the squad has it."""
    return bool(squad) and all(keyword(state, c, name) for c in squad)


def continuous_sources(state: GWState, seat: int, kind: str) -> list:
    """Values of one kind of Auto A `continuous` effect from the seat's valid field cards."""
    out = []
    z = state.table.zones
    keys = ZONE_KEY[seat]
    cards = state.table.cards
    for zname in ("deploy", "set", "space", "earth", "arena"):
        for c in z[keys[zname]]:
            d = cards[c].defn
            if not d.autos or c in state.dismantled or c in state.variable_g:
                continue
            for a in d.autos:
                if a.kind == "A" and a.continuous and kind in a.continuous and requirement_met(state, c, a.requires):
                    out.append(a.continuous[kind])
    return out


def card_cost(state: GWState, seat: int, card: int, target: int | None, substitute: bool,
              x: int = 0) -> tuple[int, int]:
    """(total, resource) after increases (Prevent, "+1" effects, the chosen X, GW-A-10.3.1) and then
    reductions (GW-A-10.3.2); a reduction never takes a value below 0, so the order matters."""
    d: CardDef = defn(state, card)
    total, resource = d.total, d.resource + d.x_resource * x      # "XX" with X = 2 pays 4 (GW-A-26.16)
    kinds = types_of(state, card)
    if "command" in kinds:
        total += sum(continuous_sources(state, 1 - seat, "enemy_command_total"))
        if target is not None and where(state, target) == "played" and controller(state, target) != seat:
            total += defn(state, target).keywords.get("prevent", 0)      # GW-A-25.32
    if substitute:
        total = d.keywords["substitute_cost"]["total"]
    if "unit" in kinds:
        for r in continuous_sources(state, seat, "own_unit_total"):
            total = max(0, total + r)
    return total, resource


def extra_payments(d: CardDef, substitute: bool) -> list[dict]:
    """Extra Cost (GW-A-10.3.4) then Substitute Cost (GW-A-10.3.5) conditions, in that order."""
    out = []
    if d.keywords.get("extra_cost"):
        out.append(d.keywords["extra_cost"])
    if substitute:
        out.append(d.keywords["substitute_cost"]["pay"])
    return out


def can_pay(state: GWState, seat: int, resource: int, extras: list[dict]) -> bool:
    need = resource + sum(e.get("resource", 0) for e in extras)
    junk = sum(e.get("junk_remove", 0) for e in extras)
    return len(zone(state, seat, "homeland")) >= need and len(zone(state, seat, "junk")) >= junk


def same_name_on_field(state: GWState, name: str, seats: tuple, exclude: int | None = None) -> bool:
    """Name check for Restrict to 1 / Characters (GW-A-1.4.1: name without model number)."""
    z = state.table.zones
    cards = state.table.cards
    for seat in seats:
        keys = ZONE_KEY[seat]
        for zname in ("deploy", "set", "space", "earth", "arena"):
            for c in z[keys[zname]]:
                if c != exclude and cards[c].defn.name == name and c not in state.dismantled \
                        and c not in state.card_coins:                 # a coin's name is no card name
                    return True
    return False


def total_cost_value(d: CardDef) -> int:
    """GW-A-25.7 Vulture points use a Unit's Total National Power (G: 0, GW-A-12.5)."""
    return d.total


FT_STEPS = frozenset(s for s in STEPS if "_ft" in s)


def mulligan_options(state: GWState, seat: int) -> list[str]:
    redeals = state.redeals_b[seat]
    hand = zone(state, seat, "hand")
    out = []
    if not state.redealt_a[seat] and redeals == 0 and len(hand) == OPENING_HAND and not any(is_g(state, c) for c in hand):
        out.append("A")                                       # GW-B-3.2
    if redeals < 3:
        out.append("B")                                       # GW-B-3.3
    return out


def vulture_cards(state: GWState, seat: int) -> list[int]:
    """GW-A-25.7.1 thresholds; the card comes from the own Junk Yard (GW-X-14)."""
    pts = state.vulture_points[seat]
    need = {"g": 2, "unit": 5, "character": 5, "command": 8, "operation": 8}
    return [c for c in zone(state, seat, "junk")
            if owner(state, c) == seat and pts >= min(need[t] for t in types_of(state, c))]
