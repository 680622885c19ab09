"""Gundam War game state and small read-only accessors.

Zones follow GW-L.1: Homeland and Discard Pile face-down (nobody sees them, counts public),
hand owner-only, everything else public. The shared battle areas are one zone per side
(`space`, `earth`, `arena`), each holding that side's squad front to rear. Set cards sit in
the `set` zone of the set target's controller, linked by `set_on` (GW-A-20).
"""

from __future__ import annotations

from typing import Any

from engine.core.requests import Event, Result
from engine.core.rng import Rng
from engine.core.zones import Table, Visibility, ZoneSpec

from engine.games.gundam_war.cards import CardDef

ZONES = (
    ZoneSpec("homeland", Visibility.HIDDEN),
    ZoneSpec("discard", Visibility.HIDDEN),       # the face-down Discard Pile (GW-0.5)
    ZoneSpec("junk", Visibility.PUBLIC),          # the face-up Junk Yard
    ZoneSpec("removed", Visibility.PUBLIC, ordered=False),
    ZoneSpec("hand", Visibility.OWNER, ordered=False),
    ZoneSpec("hangar", Visibility.PUBLIC, ordered=False),
    ZoneSpec("deploy", Visibility.PUBLIC, ordered=False),
    ZoneSpec("space", Visibility.PUBLIC),
    ZoneSpec("earth", Visibility.PUBLIC),
    ZoneSpec("arena", Visibility.PUBLIC),
    ZoneSpec("set", Visibility.PUBLIC, ordered=False),
    ZoneSpec("played", Visibility.PUBLIC),
    ZoneSpec("gone", Visibility.PUBLIC, ordered=False),   # card-coins that left the field (GW-A-21.1)
)
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


class GWState:
    __slots__ = (
        "table", "rng", "options", "phase", "first", "active", "turn", "step", "priority", "passes",
        "mull_seat", "mull", "cut", "pending", "ordering", "rolled", "damage", "destroyed", "set_on",
        "turn_mods", "coins", "dismantled", "variable_g", "transformed", "sortied", "resupplied",
        "engaged", "front_gone", "slots", "played_names", "text_uses", "cut_uses", "change_used",
        "vulture", "vulture_points", "pollution", "nondup", "fired", "choice", "result", "events",
        "entered", "ever_engaged", "serial", "went_hidden", "battle_immune", "untargetable", "waiting", "card_coins", "no_sortie", "special_plus", "kw_gain", "kw_lose", "this_turn",
        "skipped", "treated", "g_text",
    )

    def __init__(self, table: Table, rng: Rng, options: dict[str, Any]) -> None:
        self.table = table
        self.rng = rng
        self.options = options
        self.phase = "mulligan"
        self.first = 0
        self.active = 0
        self.turn = 0
        self.step = "reroll_ft"
        self.priority = 0
        self.passes = 0
        self.mull_seat = 0
        self.mull = [{"a": False, "b": 0}, {"a": False, "b": 0}]
        self.cut: list[dict] = []            # unresolved effects, bottom first (GW-B-13.9)
        self.pending: list[dict] = []        # Auto C / discard effects waiting for a new Cut (GW-A-14.10)
        self.ordering: list[dict] = []       # effects the active player is putting in order
        self.rolled: set[int] = set()        # roots of rolled set groups / cards (GW-B-7.3)
        self.damage: dict[int, int] = {}
        self.destroyed: set[int] = set()     # destroyed, discard effect not yet resolved (GW-A-19.1)
        self.set_on: dict[int, int] = {}     # set card -> set target (GW-A-20)
        self.turn_mods: dict[int, list[int]] = {}
        self.coins: dict[int, list[int]] = {}
        self.dismantled: set[int] = set()
        self.variable_g: set[int] = set()
        self.transformed: set[int] = set()
        self.sortied: set[int] = set()       # moved to a battle area this turn (PS Armor, GW-A-25.18)
        self.resupplied: set[int] = set()
        self.engaged: set[str] = set()       # areas engaged at the last check (GW-B-10.4)
        self.front_gone: set[tuple] = set()  # (seat, area) whose front Unit left this step (GW-B-10.11.2)
        self.slots: dict[str, int] = {}      # plays this turn by kind (GW-B-9.1.1)
        self.played_names: list[set] = [set(), set()]
        self.text_uses: set[tuple] = set()
        self.cut_uses: set[tuple] = set()
        self.change_used: set[int] = set()
        self.vulture: set[tuple] = set()     # (seat, area) watched this turn (GW-A-25.7)
        self.vulture_points = [0, 0]
        self.pollution = [0, 0]
        self.nondup: set[tuple] = set()
        self.fired: set[tuple] = set()
        self.choice: tuple | None = None     # a decision inside a step: ("sortie", seat), ...
        self.result: Result | None = None
        self.events: list[Event] = []
        self.entered: dict[int, int] = {}    # card -> serial when it entered the field (GW-A-26.8)
        self.ever_engaged: set[tuple] = set()
        self.serial = 0
        self.went_hidden = False             # a shown card went to a hand during this decision
        self.battle_immune: set[int] = set()  # "does not take battle damage" this turn (GW-A-18.2.1)
        self.untargetable: dict[int, int] = {}  # card -> seat whose effects cannot target it (GW-A-13.10)
        self.waiting: list[dict] = []         # resolved effects waiting for the end of turn (GW-A-15.4)
        self.card_coins: set[int] = set()     # coins standing in for Units (GW-A-21.4)
        self.no_sortie: set[int] = set()      # players who may not sortie this turn (GW-A-26.3)
        self.special_plus: dict[int, int] = {}  # card -> Psycommu +X this turn (GW-A-26.11)
        self.kw_gain: dict[int, set] = {}     # special effects gained / lost this turn (GW-A-24.4-5)
        self.kw_lose: dict[int, set] = {}
        self.this_turn: list[tuple] = []      # (seat, scope, stats): "this turn" effects (GW-A-26.6.2)
        self.skipped: set[str] = set()        # phases of this turn that will not be performed (GW-A-24.26)
        # GW-A-1.2: card -> every type it is treated as now, while it stays on the field ("treated
        # as" replaces the printed type, "also treated as" adds to it); absent = its printed type
        self.treated: dict[int, frozenset] = {}
        self.g_text: set[int] = set()         # treated as a G and gained "generates 1 (its colour)"


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
    return state.table.zones[f"{seat}.{name}"]


def emit(state: GWState, data: dict, seat: int | None = None, redacted: dict | None = None) -> None:
    state.events.append(Event(data, seat, redacted))


def card_json(state: GWState, card: int) -> dict:
    return {"id": card, "card": defn(state, card).id, "name": defn(state, card).title}


def step_name(state: GWState) -> str:
    return state.step.split("_")[0]
