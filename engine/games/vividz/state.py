"""Vividz game state and the read-only questions the rules ask about it.

Zones follow §B.1 of the spec. The Area is one zone per player; `slot[card]` says which of
its three field slots (1 Side, 2 Center, 3 Side; slot n of both players is lane n, AMB-6) a
character is in. EXP cards sit in the public `exp` zone with `host[exp] = character` (512.3).
A card that changes zones is a new object (501.4): `inc[card]` counts its moves, and effects
remember the (card, inc) they apply to.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar

from engine.core.flow import Flow, Step
from engine.core.events import HeldEvents, emit  # noqa: F401 (emit: the game's modules record events through it)
from engine.core.hashing import cache as _cache, fixed, int_list
from engine.core.requests import Result
from engine.core.rng import Rng
from engine.core.zones import Table, Visibility, ZoneSpec, zone_keys

from engine.games.vividz.cards import CardDef

CENTER = 2
TRAITS, POWER, UNAFF, FORBID = 1, 2, 4, 8  # derived parameters (911), as bits (continuous.py)
SLOTS = (1, 2, 3)
ADJACENT = {1: (2,), 2: (1, 3), 3: (2,)}  # B.2: Sides are not adjacent to each other



ZONE_NAMES = ("deck", "hand", "keep", "account", "mission", "area", "exp", "energy", "trash", "remove", "temporary",
              "reveal")
ZK = zone_keys(ZONE_NAMES)  # seat -> name -> Table key


def zone_specs(keep_visibility: str) -> tuple[ZoneSpec, ...]:
    """The zones (501.1), each with what players call it and the rule that says what goes there."""
    keep = Visibility.PUBLIC if keep_visibility == "public" else Visibility.OWNER  # AMB-13
    return (
        ZoneSpec("deck", Visibility.HIDDEN, label="Deck", rule="504.2"),
        ZoneSpec("hand", Visibility.OWNER, ordered=False, label="hand", rule="509.1"),
        ZoneSpec("keep", keep, ordered=False, label="Keep zone", rule="508.1"),
        ZoneSpec("account", Visibility.PUBLIC, label="Account zone", rule="401.3"),
        ZoneSpec("mission", Visibility.PUBLIC, label="Mission zone", rule="507.1"),
        ZoneSpec("area", Visibility.PUBLIC, ordered=False, label="Area", rule="503.1"),
        ZoneSpec("exp", Visibility.PUBLIC, ordered=False, label="EXP zone", rule="512.1"),
        ZoneSpec("energy", Visibility.PUBLIC, ordered=False, label="Energy zone", rule="506.1"),
        ZoneSpec("trash", Visibility.PUBLIC, ordered=False, label="Trash", rule="505.1"),
        ZoneSpec("remove", Visibility.PUBLIC, ordered=False, label="Remove zone", rule="511.1"),
        ZoneSpec("temporary", Visibility.PUBLIC, label="Temporary zone", rule="510.1"),
        ZoneSpec("reveal", Visibility.PUBLIC, label="revealed cards", rule="501.1"),
    )


ZONES = zone_specs("owner")  # as written (AMB-13 default); labels and rules do not depend on the option


# -- records held by the state ------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Made:
    """A continuous effect made by a one-shot effect (911.3b): it applies to `targets` ((card, inc)
    pairs) from timestamp `ts` until `until` ("turn", "mission" or "attack")."""
    __canonical_repr__: ClassVar[bool] = True  # scalars and tuples of them: the packer uses repr
    ts: int
    kind: str
    value: Any
    targets: tuple
    seat: int
    source: int
    until: str


@dataclass(slots=True)  # never changed once made; not frozen: a frozen record costs 3x to build
class Pending:
    """One layer of triggered status (908.1): ability `ability` of `card`, for `seat`; `ctx` is the
    card that caused it (-1: none). A delayed trigger (908.4) has `ability` -1 and its `effects`."""
    __canonical_repr__: ClassVar[bool] = True  # scalars and card data, as steps: the packer uses repr
    uid: int
    card: int
    seat: int
    ability: int
    ctx: int = -1
    effects: tuple | None = None


@dataclass(frozen=True, slots=True)
class Delayed:
    """A delayed triggered ability (908.4): `effects` of `source`, for `seat`, at the point `at`."""
    __canonical_repr__: ClassVar[bool] = True  # scalars and card data, as steps: the packer uses repr
    at: str
    source: int
    seat: int
    effects: tuple


@dataclass(slots=True)  # never changed once made; not frozen: a frozen record costs 3x to build
class Credit:
    """1103.3: what a retire in the next PP is credited to: `kind` battle / effect, and its source."""
    kind: str
    source: int


@dataclass(slots=True)
class Battle:
    """The attack being resolved (802-806): the attacker as the object it was when it attacked
    (`inc`, 501.4), the lane it attacked in, whether it has succeeded (806.2), and the abilities
    (card, inc, ability) that triggered at the end of this battle or on its success (806.3, 806.5)."""
    attacker: int
    inc: int
    lane: int
    success: bool = False
    fired: list[tuple[int, int, int]] = field(default_factory=list)


@dataclass(slots=True)
class Answers:
    """What the effect word a frame is resolving has collected so far while it paused for
    choices (the chosen card, how many it moved, ...). Fresh for every word (904.3a)."""
    pick: int | None = None
    choice: int | None = None
    counted: bool = False
    n: int = 0
    revealed: int | None = None
    use: Any = None  # "decline" or the slot a revealed card is used in
    number: int | None = None
    slide: tuple[int, int] | None = None
    more: bool | None = None
    amount: int | None = None


# -- steps (engine/core/flow.py): what the game does next, and what it waits for -------------------

# running steps: the turn (701-706), the attack (802-806), costs (905) and setup (601)

@dataclass(frozen=True, slots=True)
class PriorityPP(Step):
    """202 / 1001: priority pre-processing; `mode` "deckout" or "mission" adds that game-loss check."""
    mode: str = ""


@dataclass(frozen=True, slots=True)
class RevealFirst(Step):
    """601.1d-601.1e: reveal top cards to decide the first player, then draw five."""


@dataclass(frozen=True, slots=True)
class FlipMissions(Step):
    """601.1f-601.1g: missions face up, the first turn begins."""


@dataclass(frozen=True, slots=True)
class StartDraw(Step):
    """701.1 / 702.1: the turn begins with the Start-draw phase."""


@dataclass(frozen=True, slots=True)
class StartDrawRest(Step):
    """702.3-702.4: reboot the Account, draw up to five."""


@dataclass(frozen=True, slots=True)
class MainStart(Step):
    """703.1: the Main phase begins."""


@dataclass(frozen=True, slots=True)
class MissionPhase(Step):
    """704: clear or uncheck missions, remove damage, end "until the mission phase" effects."""


@dataclass(frozen=True, slots=True)
class ChargePhase(Step):
    """705.1: the Charge phase begins."""


@dataclass(frozen=True, slots=True)
class EndDraw(Step):
    """706.1: the End-draw phase begins."""


@dataclass(frozen=True, slots=True)
class EndDrawRest(Step):
    """706.3-706.4: reboot the Account, draw up to five."""


@dataclass(frozen=True, slots=True)
class EndTurn(Step):
    """AMB-26, 502.1: "until end of turn" effects and control changes end."""


@dataclass(frozen=True, slots=True)
class NextTurn(Step):
    """The other player's turn begins."""


@dataclass(frozen=True, slots=True)
class OfferKeep(Step):
    """705.2: the turn player may keep a hand card (asked only with cards in hand)."""


@dataclass(frozen=True, slots=True)
class OfferCharge(Step):
    """705.3: the turn player may charge hand cards (asked only with cards in hand)."""


@dataclass(frozen=True, slots=True)
class AfterDefense(Step):
    """803.3: after the Defense step, on to the Scout step if the attacker is still there."""


@dataclass(frozen=True, slots=True)
class ScoutStep(Step):
    """804.2: the scouts reveal their top cards."""


@dataclass(frozen=True, slots=True)
class BattleDamage(Step):
    """805.2-805.3: the attacker deals damage to the character in its lane."""


@dataclass(frozen=True, slots=True)
class BattleEnd(Step):
    """806.1: the End step of the attack begins."""


@dataclass(frozen=True, slots=True)
class AttackSucceeds(Step):
    """806.2: an attacker still in the Area succeeds (once per battle)."""


@dataclass(frozen=True, slots=True)
class SuccessTriggers(Step):
    """806.3-806.4: "when an attack succeeds" abilities trigger."""


@dataclass(frozen=True, slots=True)
class EndOfBattle(Step):
    """806.5, AMB-17: "at the end of battle" abilities trigger, then back to 806.3."""


@dataclass(frozen=True, slots=True)
class AttackEnds(Step):
    """806.6: "until the end of the attack" effects end."""


@dataclass(frozen=True, slots=True)
class AttackEndLoop(Step):
    """806.7: a rule action or an untriggered end-of-battle ability sends the attack back to 806.2."""


@dataclass(frozen=True, slots=True)
class PayEnergy(Step):
    """905.3: `seat` pays `n` Energy cards (asked only when the choice matters)."""
    seat: int
    n: int
    cites: str


@dataclass(frozen=True, slots=True)
class DiscardCost(Step):
    """904.2f: `seat` discards `n` hand cards for a cost (asked only when the choice matters)."""
    seat: int
    n: int
    cites: str


@dataclass(frozen=True, slots=True)
class FinishPlay(Step):
    """904.2h / 906.2: a played card enters the Area or resolves as an event."""
    card: int
    seat: int
    slot: int | None
    from_zone: str


@dataclass(frozen=True, slots=True)
class ResolveAbility(Step):
    """907.1: an activated ability whose costs are paid resolves."""
    card: int
    seat: int
    ability: int
    inc: int


@dataclass(frozen=True, slots=True)
class ScoutDecide(Step):
    """804.2b: `seat` decides on its revealed Scout card."""
    seat: int


@dataclass(frozen=True, slots=True)
class SlideMove(Step):
    """803.1: the defending slide, after its cost is paid."""
    card: int
    slot: int


@dataclass(frozen=True, slots=True)
class Resolving(Step):
    """An ability resolving (904.3a): the effects of `source` for `seat`, in written order, from the
    `pc`-th. `inc` is the source's zone-move count when it started (913.2: a source that moved
    cannot be found; -1: it was not in the Area); `lki` its power as it was in the Area, for a
    retire trigger (908.3d). `got` is what the current word collected while it paused."""
    source: int
    seat: int
    effects: tuple
    pc: int
    got: Answers
    inc: int
    lki: int | None = None


# asking steps: each names its Request kind, the rule that gives the decision to its seat, the
# prompt and what a refused move is told to do instead

class Asking(Step):
    __slots__ = ()
    asks = True
    wait = "Seat {seat} is choosing now; wait for them."
    kind: ClassVar[str]
    prompt: ClassVar[str]
    hint: ClassVar[str]


@dataclass(frozen=True, slots=True)
class PlaceMissions(Asking):
    seat: int
    kind, rule = "missions", "601.1b"
    prompt = "Place your three missions face down in positions 1-3 (601.1b)."
    hint = "Place your three missions face down: choose their positions."


@dataclass(frozen=True, slots=True)
class SetupEnergy(Asking):
    seat: int
    left: int
    kind, rule = "setup_energy", "601.1e"
    prompt = "You play second: put a card from your hand into your Energy zone (601.1e)."
    hint = "Choose a card from your hand to put into your Energy zone."


@dataclass(frozen=True, slots=True)
class MainPhase(Asking):
    seat: int
    kind, rule = "main", "703.2"
    wait = "Only the turn player acts in the Main phase; wait for your turn."
    prompt = "Your Main phase (703.2)."
    hint = "Play a card, activate an ability, attack, check a mission, or end the Main phase."


@dataclass(frozen=True, slots=True)
class Defense(Asking):
    seat: int
    kind, rule = "defense", "803.1"
    wait = "The defending player chooses now; wait for them."
    prompt = "You are attacked: defend (803.1)."
    hint = "Defend: activate an ability, discard 2 cards to slide a character, or pass."


@dataclass(frozen=True, slots=True)
class ChoosePayment(Asking):
    seat: int
    n: int
    cites: str
    kind, rule = "pay", "905.3a"
    prompt = "Pay energy (905.3)."
    hint = "Pay the energy cost with a card from your Energy zone."


@dataclass(frozen=True, slots=True)
class ChooseDiscard(Asking):
    seat: int
    n: int
    cites: str
    kind, rule = "discard", "904.2f"
    prompt = "Discard a card from hand to pay the cost."
    hint = "Pay the cost by discarding a card from your hand (not from Keep)."


@dataclass(frozen=True, slots=True)
class PickCard(Asking):
    seat: int
    pool: tuple
    source_zone: str
    kind, rule = "pick", "904.3a"
    prompt = "Choose a card."
    hint = "Choose one of the cards the effect offers."


@dataclass(frozen=True, slots=True)
class ChooseTarget(Asking):
    seat: int
    pool: tuple
    kind, rule = "target", "1107.1"
    prompt = "Choose a character."
    hint = "Choose one of the characters this effect can affect."


@dataclass(frozen=True, slots=True)
class UseRevealed(Asking):
    seat: int
    card: int
    kind, rule = "use", "1115.1"
    prompt = "Use the revealed card?"
    hint = "Use the revealed card for free, or put it into your Energy zone."


@dataclass(frozen=True, slots=True)
class ScoutUse(Asking):
    seat: int
    card: int
    kind, rule = "scout_use", "804.2b"
    prompt = "Scout: use your revealed card?"
    hint = "Use your revealed Scout card for free, or put it into your Energy zone."


@dataclass(frozen=True, slots=True)
class ChooseTrigger(Asking):
    seat: int
    kind, rule = "trigger", "908.2a"
    prompt = "Choose the triggered ability to resolve (908.2a)."
    hint = "Choose which triggered ability resolves next."


@dataclass(frozen=True, slots=True)
class MayUse(Asking):
    seat: int
    card: int
    ability: int
    kind, rule = "may", "908.2"
    prompt = "Use this optional ability?"
    hint = "Say whether you use this optional triggered ability."


@dataclass(frozen=True, slots=True)
class ChooseNumber(Asking):
    seat: int
    max: int
    kind, rule = "number", "102.11"
    prompt = "Choose a number (102.11)."
    hint = "Choose a whole number from 0 up to the maximum offered."


@dataclass(frozen=True, slots=True)
class ChooseSlide(Asking):
    seat: int
    moves: tuple
    kind, rule = "slide_to", "1116.1"
    prompt = "Slide a character."
    hint = "Slide one of your characters to an adjacent empty slot."


@dataclass(frozen=True, slots=True)
class ChooseReplacement(Asking):
    seat: int
    card: int
    sources: tuple
    kind, rule = "replacement", "912.2"
    prompt = "Several replacement effects apply: choose one (912.2)."
    hint = "Choose which replacement effect applies."


@dataclass(frozen=True, slots=True)
class NameNewest(Asking):
    seat: int
    tied: tuple
    kind, rule = "newest", "1002.1"
    prompt = "Characters entered this slot together: choose the newest (1002.1)."
    hint = "Several cards entered this slot together: choose the one that counts as newest."


@dataclass(frozen=True, slots=True)
class MoveUpTo(Asking):
    seat: int
    moved: int
    count: int
    to: str
    kind, rule = "up_to", "504.4"
    prompt = "Move up to X cards from your Deck: move one more, or stop (504.4)."
    hint = "Move the top card of your Deck, or stop moving cards."


@dataclass(frozen=True, slots=True)
class OrderEffects(Asking):
    seat: int
    group: tuple
    kind, rule = "ts_order", "911.3c"
    prompt = "Your effects share a timestamp: choose the one applied first (911.3c)."
    hint = "Choose which of your effects with the same timestamp applies first."


@dataclass(frozen=True, slots=True)
class KeepCard(Asking):
    seat: int
    kind, rule = "keep", "705.2"
    prompt = "Charge phase: keep a card (705.2)?"
    hint = "Choose a hand card to keep, or keep nothing."


@dataclass(frozen=True, slots=True)
class ChargeCards(Asking):
    seat: int
    kind, rule = "charge", "705.3"
    prompt = "Charge phase: put cards into Energy (705.3)."
    hint = "Put a hand card into Energy, or stop charging."


@dataclass(slots=True, eq=False)
class VividzState:
    """Everything the Vividz rules read; every field is hashed unless declared a cache."""

    table: Table
    rng: Rng
    options: dict[str, Any] = fixed()
    turn: int = 0
    tp: int = 0
    first: int = 0
    phase: str = "setup"
    slot: dict[int, int] = field(default_factory=dict)
    seq: dict[int, int] = field(default_factory=dict)          # card -> clock when it entered the Area (1002.1)
    inc: array = int_list()                                     # card -> zone moves (501.4)
    sleep: set[int] = field(default_factory=set)
    damage: dict[int, int] = field(default_factory=dict)
    lvup: set[int] = field(default_factory=set)
    host: dict[int, int] = field(default_factory=dict)
    effects: list[Made] = field(default_factory=list)
    clock: int = 0
    entered: array = int_list()                                 # card -> timestamp of entering its zone (911.3a)
    pending: list[Pending] = field(default_factory=list)       # triggered-status layers (908.1)
    delayed: list[Delayed] = field(default_factory=list)
    # last known information (913): a card's power as it was in the Area just before it left, read
    # by its retire trigger (908.3d); nothing else of its Area information is read
    lki: dict[int, int] = field(default_factory=dict)
    battle: Battle | None = None
    successes: list[int] = field(default_factory=lambda: [0, 0])       # successful attacks this turn (1118.1)
    battle_retires: list[int] = field(default_factory=lambda: [0, 0])  # retired through battle this turn (1102.2)
    dmg_source: dict[int, Credit] = field(default_factory=dict)
    flow: Flow = field(default_factory=Flow)
    result: Result | None = None
    uid: int = 0
    played_this_turn: int = 0
    state_seen: dict[tuple[int, int], int] = field(default_factory=dict)  # (card, ability) -> clock it last fired
    repl_choice: dict[int, int] = field(default_factory=dict)  # card -> replacement source the turn player chose (912.2)
    control: dict[int, int] = field(default_factory=dict)      # card -> controller while it differs from the owner
    control_until: list[tuple[int, int]] = field(default_factory=list)  # (card, inc) whose control returns at turn end
    newest_pick: dict[tuple[int, int], int] = field(default_factory=dict)  # (seat, slot) -> the card named newest
    chosen: list[int] = field(default_factory=lambda: [0, 0])  # "choose" actions performed this turn (1107.1)
    ts_rank: dict[tuple[int, int, int], int] = field(default_factory=dict)  # (card, inc, item) -> chosen order
    # derived from the table's card definitions when the game starts (new_state), never changed:
    cont_cards: list[int] = _cache(factory=list)          # cards that have [Cont] abilities
    state_cards: list[int] = _cache(factory=list)         # cards with a state-triggered ability (908.5)
    cont_zones: dict[int, frozenset] = _cache(factory=dict)  # card -> zones where it has [Cont] abilities
    setter_cards: frozenset = _cache(frozenset())         # cards with a [Cont] set_power item (911.3c)
    # memos of one state version
    cache: tuple = _cache(((), None))          # (key, Derived): continuous effects of one state version
    cards_with: dict = _cache(factory=dict)    # item test -> (len(cont_cards), cards with such a [Cont] item)
    act_cards: tuple = _cache((-1, {}))        # (number of cards, zone -> cards with an [Act] ability there)
    auto_cards: tuple = _cache((-1, {}))       # (number of cards, trigger -> cards with an [Auto] ability on it)
    # what the crowding and dying checks of 1001.2a read when they last found nothing (flow._settled)
    settled: tuple = _cache(())
    # this decision's events (engine/core/events.py `emit`), and the last decision's events
    # as handed out, while somebody holds them
    events: list = _cache(factory=list)
    held_events: "HeldEvents | None" = _cache(None)


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


def describe(state: VividzState, card: int) -> dict:
    """How events name a card to a seat that sees it: its id, card-data id and name."""
    d = state.table.cards[card].defn
    return {"id": card, "card": d.id, "name": d.name}


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

def version(state: VividzState) -> tuple:
    """The state version continuous effects are derived for: everything a condition or the order of
    effects can read changes one of these."""
    return (state.clock, state.tp, state.turn, state.successes[0], state.successes[1], state.battle_retires[0],
            state.battle_retires[1], len(state.effects), state.chosen[0], state.chosen[1], len(state.lvup),
            len(state.ts_rank))


def derived(state: VividzState):
    """All continuous effects applied (911, see continuous.py), for the current state version."""
    key = version(state)
    cache = state.cache
    if cache[0] == key:
        return cache[1]
    return derive(state, key)


def may_reduce_power(state: VividzState) -> bool:
    """911.8: whether some effect may lower a character's power now (else only damage retires, 1004)."""
    if _in_play(state, lowers_power):
        return derived(state).reducing
    if state.effects:
        return any(e.kind == "set_power" or (e.kind == "power" and e.value < 0) for e in state.effects)
    return False


def options_read_effects(state: VividzState) -> bool:
    """Whether some continuous effect may change a cost (905.2c) or forbid an attack (802.1a) now:
    a card with such a [Cont] item is in play (`cost_or_forbid_in_play`), or a one-shot effect
    forbids attacks. If not, the Main phase's options need no continuous effects worked out
    (there are no cost changes and no markers)."""
    return cost_or_forbid_in_play(state) or any(e.kind == "forbid_attack" for e in state.effects)


def cost_or_forbid_in_play(state: VividzState) -> bool:
    """Whether a card with a [Cont] item that changes a cost or forbids attacks is in a zone where
    it has [Cont] abilities (903.1): else no cost change exists (905.2c)."""
    return _in_play(state, changes_costs_or_forbids)


def replacers_in_play(state: VividzState) -> bool:
    """Whether a card with a [Cont] replacement item is in a zone where it has [Cont] abilities
    (903.1): else no replacement effect exists (912)."""
    return _in_play(state, replaces)


def _in_play(state: VividzState, has_item: Callable[[CardDef], bool]) -> bool:
    """Whether one of the cards whose [Cont] items `has_item` finds is in a zone where it has
    [Cont] abilities (903.1). The cards are listed once per game in `cards_with`, as
    (len(cont_cards), cards): recounted when `cont_cards` changes (a test adds a card)."""
    memo = state.cards_with
    n, cards = memo.get(has_item, (-1, ()))
    if n != len(state.cont_cards):
        cards = tuple(c for c in state.cont_cards if has_item(state.table.cards[c].defn))
        memo[has_item] = (len(state.cont_cards), cards)
    name_of, zones_of = state.table.name_of, state.cont_zones
    for c in cards:
        if name_of[c] in zones_of[c]:
            return True
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


def slot_discount(state: VividzState, there: list[int], held: dict[int, int] | None = None) -> tuple[int, int] | None:
    """905.2d: what the characters already in a slot (`there`) do to the cost of a character
    entering it: (the lowest of their costs, the reduction), None for an empty slot. The same for
    every character entering that slot (`slot_reduced`). `held`: `exp_held`, if the caller has it."""
    if not there:
        return None
    reduction = len(there)
    if state.options["cost_reduction_counts"] == "characters_and_exp":  # AMB-4
        if held is None:
            held = exp_held(state)
        reduction += sum(held.get(c, 0) for c in there)
    return min(defn(state, c).cost for c in there), reduction


def slot_discounts(state: VividzState, seat: int) -> list[tuple[int, int] | None]:
    """`slot_discount` of `seat`'s slots 1, 2 and 3, from one look at its Area and the EXP zones."""
    there: dict = {slot: [] for slot in SLOTS}
    slot_of = state.slot
    for c in zone(state, seat, "area"):
        cards = there.get(slot_of.get(c))
        if cards is not None:
            cards.append(c)
    held = exp_held(state) if state.options["cost_reduction_counts"] == "characters_and_exp" else None
    return [slot_discount(state, there[slot], held) for slot in SLOTS]


def exp_held(state: VividzState) -> dict[int, int]:
    """character -> how many EXP cards it holds (512.3: in either player's EXP zone, `exp_of`)."""
    held: dict = {}
    host = state.host
    zones = state.table.zones
    for key in ("0.exp", "1.exp"):
        for e in zones[key]:
            c = host.get(e)
            held[c] = held.get(c, 0) + 1
    return held


def slot_reduced(d: CardDef, cost: int, discount: tuple[int, int] | None) -> int:
    """905.2d: the cost-reduction icon of `d`, for the slot whose `slot_discount` is given: it
    applies when some character there costs no more than `d`."""
    if discount is not None and discount[0] <= d.cost:
        return max(0, cost - discount[1])
    return cost


def play_cost(state: VividzState, seat: int, card: int, slot: int | None, sources: list | None = None) -> int:
    """905.2a/c/d: printed cost, increases then decreases (floor 0), then the cost-reduction icon."""
    d = defn(state, card)
    if sources is None:
        sources = _cont_sources(state) if cost_or_forbid_in_play(state) else []  # else no cost change exists
    cost = changed_cost(d, seat, cost_changes(sources))
    if d.cost_reduction and slot is not None:
        cost = slot_reduced(d, cost, slot_discount(state, in_slot(state, seat, slot)))
    return cost


def _cards_by(state: VividzState, indexes: str, attr: str) -> dict:
    """{value of the ability's `attr` -> frozenset of the cards that have such an ability among
    their `indexes` ("acts", "autos")}: a fact of the cards on the table."""
    cards: dict = {}
    for c in state.table.cards:
        if c is not None:
            for i in getattr(c.defn, indexes):
                cards.setdefault(getattr(c.defn.abilities[i], attr), set()).add(c.id)
    return {k: frozenset(ids) for k, ids in cards.items()}


def act_cards(state: VividzState) -> dict:
    """zone -> the cards with an [Act] ability whose validity icon is that zone (903.1c; fixed per
    game, recounted if a test adds a card)."""
    n, cards = state.act_cards
    if n != len(state.table.cards):
        cards = _cards_by(state, "acts", "zone")
        state.act_cards = (len(state.table.cards), cards)
    return cards


def auto_cards(state: VividzState) -> dict:
    """trigger -> the cards with an [Auto] ability on that trigger (908.3; fixed per game, recounted
    if a test adds a card): most triggers fire with no card in the game to answer them."""
    n, cards = state.auto_cards
    if n != len(state.table.cards):
        cards = _cards_by(state, "autos", "trigger")
        state.auto_cards = (len(state.table.cards), cards)
    return cards


def new_uid(state: VividzState) -> int:
    state.uid += 1
    return state.uid


# -- conditions (903.2a) -----------------------------------------------------------------------

def condition_holds(state: VividzState, seat: int, card: int, conds: tuple) -> bool:
    for cond in conds:
        for key, value in cond:
            holds = _CONDITIONS.get(key)
            if holds is None:
                raise ValueError(f"unknown condition {key!r}")
            if not holds(state, seat, card, value):
                return False
    return True


def _same_name_in_trash(state: VividzState, seat: int, card: int, value: int) -> bool:
    """1119.1: the same-name icon."""
    own = defn(state, card).name
    return sum(1 for c in state.table.zones[ZK[seat]["trash"]] if defn(state, c).name == own) >= value


# condition key -> whether it holds for (state, the ability's controller, its card, the value):
# one lookup per condition instead of comparing the key with every name
_CONDITIONS: dict[str, Callable[[VividzState, int, int, Any], bool]] = {
    "lvup": lambda state, seat, card, value: (card in state.lvup) == value,
    "in_center": lambda state, seat, card, value: (where(state, card) == "area"
                                                   and state.slot.get(card) == CENTER) == value,
    "your_turn": lambda state, seat, card, value: (state.tp == seat) == value,
    "hand_at_most": lambda state, seat, card, value: len(state.table.zones[ZK[seat]["hand"]]) <= value,
    "hand_at_least": lambda state, seat, card, value: len(state.table.zones[ZK[seat]["hand"]]) >= value,
    "energy_at_least": lambda state, seat, card, value: len(state.table.zones[ZK[seat]["energy"]]) >= value,
    "characters_at_least": lambda state, seat, card, value: len(state.table.zones[ZK[seat]["area"]]) >= value,
    "opp_characters_at_most": lambda state, seat, card, value: len(state.table.zones[ZK[1 - seat]["area"]]) <= value,
    "successful_attacks_at_least": lambda state, seat, card, value: state.successes[seat] >= value,
    "battle_retires_at_least": lambda state, seat, card, value: state.battle_retires[seat] >= value,
    "exp_at_least": lambda state, seat, card, value: where(state, card) == "area" and len(exp_of(state, card)) >= value,
    "trash_at_least": lambda state, seat, card, value: len(state.table.zones[ZK[seat]["trash"]]) >= value,
    "same_name_in_trash_at_least": _same_name_in_trash,
    "chosen_at_least": lambda state, seat, card, value: state.chosen[seat] >= value,  # 1107.1: "choose" actions
    "lvup_characters_at_least": lambda state, seat, card, value: sum(
        1 for c in state.table.zones[ZK[seat]["area"]] if c in state.lvup) >= value,
    "trait_count": lambda state, seat, card, value: sum(
        1 for c in state.table.zones[ZK[seat]["area"]] if value["trait"] in traits(state, c)) >= value["at_least"],
}


# -- continuous effects, derived (911) ---------------------------------------------------------
# Continuous effects (911): which [Cont] items are effective and what every continuous effect does.
#
# Everything is derived at once for one state version and cached on `state.cache`: the rules read
# power, Traits and markers many times between two changes of the game.
#
# Order (911.1-911.3, 911.9): stage 1 changes non-numeric parameters (gained Traits, "not affected
# by your opponent's effects" 911.7, the attack-forbidden marker 802.1a); stage 2 numeric ones (power
# changes, "power becomes" 911.6); then the lower bounds, from the highest down (911.9). Within a
# stage an effect is applied after every effect it depends on (911.2), otherwise in timestamp order
# (911.3; the turn player's first on a tie, then the order the controller chose, 911.3c); effects in
# a dependency loop are applied in timestamp order (911.3).
#
# Dependency is found by trial application, as in MTG 613.8: B depends on A when applying A to the
# parameters as they are at that point changes whether B exists (its conditions, 903.2a) or what B
# applies to. What B does (its amount, value or Trait) is card data that no effect of the card
# format can change, so it never depends on anything. A trial is run only for a pair in which A
# writes a parameter that B reads (no other pair can depend), so a table without such pairs costs
# no trials at all.

STAGE = {"gain_trait": 1, "unaffected": 1, "forbid_attack": 1, "power": 2, "set_power": 2, "power_floor": 3}
WRITES = {"gain_trait": TRAITS, "unaffected": UNAFF, "forbid_attack": FORBID, "power": POWER, "set_power": POWER,
          "power_floor": POWER}
DYNAMIC_CONDS = {"trait_count": TRAITS}  # conditions that read derived parameters (the rest read the table)
_REACHES_OPPONENT = ("all_opp", "opp_lane")  # "your"/"self" reaches never meet "not affected by the opponent"


class Eff:
    """One continuous effect: a [Cont] item of an effective ability, or a one-shot-made effect."""
    __slots__ = ("kind", "seat", "source", "ts", "order", "to", "of", "lo", "hi", "value", "targets", "dyn",
                 "reads", "writes", "item", "live")

    def __init__(self, kind: str, seat: int, source: int, ts: int, order: tuple, to: str | None, value,
                 of=None, lo=None, hi=None, targets=None, dyn: tuple = (), item=None, reads: int = -1) -> None:
        self.kind, self.seat, self.source, self.ts, self.order = kind, seat, source, ts, order
        self.to, self.value, self.of, self.lo, self.hi, self.targets, self.dyn = to, value, of, lo, hi, targets, dyn
        self.item = item
        self.live = False
        self.reads = _reads(kind, to, lo, hi, targets, dyn) if reads < 0 else reads
        self.writes = WRITES.get(kind, 0)


def _reads(kind: str, to, lo, hi, targets, dyn: tuple) -> int:
    reads = TRAITS if to == "own_trait" else 0
    for key, _ in dyn:
        reads |= DYNAMIC_CONDS[key]
    if lo is not None or hi is not None:
        reads |= POWER
    if kind != "unaffected" and (targets is not None or to in _REACHES_OPPONENT):
        reads |= UNAFF
    return reads


class View:
    """Derived parameters of the characters in the Area; a card absent from a map has its printed value."""
    __slots__ = ("traits", "power", "unaff", "forbid")

    def __init__(self, traits: dict, power: dict, unaff: set, forbid: set) -> None:
        self.traits, self.power, self.unaff, self.forbid = traits, power, unaff, forbid

    def copy(self) -> "View":
        return View({c: set(s) for c, s in self.traits.items()}, dict(self.power), set(self.unaff), set(self.forbid))


class Derived:
    """The result for one state version. The effective items are collected at once (`items`:
    (source, seat, timestamp, plan entry)); what the effects do to the characters (`board`) is
    worked out only when a rule first asks for it. `writes` says which
    parameters any effect may change (a reader may skip the rest) and `reducing` whether any
    effect may lower a power (1004.2); `lowest_set` (the lowest value a power is set to, None:
    none is set) and `lowered` (all negative changes added up) bound how far (`lowest_power`)."""
    __slots__ = ("state", "items", "made", "writes", "reducing", "lowest_set", "lowered", "ready", "_sources",
                 "traits", "power", "unaff", "forbid")

    def __init__(self, state) -> None:
        self.state = state
        self.items: list = []
        self.made: list = []
        self.writes = 0
        self.reducing = False
        self.lowest_set: int | None = None
        self.lowered = 0
        self.ready = False
        self._sources: list | None = None
        self.traits: dict = {}
        self.power: dict = {}
        self.unaff: set = set()
        self.forbid: set = set()

    def sources(self) -> list:
        """(source, seat, item, timestamp) of the effective [Cont] items, for the cost (905.2c) and
        replacement (912) rules."""
        if self._sources is None:
            self.board()
        return self._sources

    def lowest_power(self, base: int) -> int:
        """A floor under the power of a character printed `base`, known without the board: an
        effect lowers a power only by setting it (911.6) or by a negative change, each applies
        to a character at most once, and every other effect only raises a power."""
        low = base if self.lowest_set is None else min(base, self.lowest_set)
        return low - self.lowered

    def board(self) -> "Derived":
        if not self.ready:
            _board(self)
        return self


class _Ctx:
    __slots__ = ("own", "ctrl", "slot", "inc", "cards")

    def __init__(self, state) -> None:
        z = state.table.zones
        self.own = (z["0.area"], z["1.area"])
        ctrl = dict.fromkeys(self.own[0], 0)
        ctrl.update(dict.fromkeys(self.own[1], 1))
        self.ctrl = ctrl  # the Area row a character is in is its controller's (502.1b)
        self.slot = state.slot
        self.inc = state.inc
        self.cards = state.table.cards


_PLANS: dict[int, tuple] = {}  # id(card definition) -> (definition, plan)


def _plan(d) -> tuple:
    """A card's [Cont] abilities, parsed once: (zone, table conditions, [(k, item, table conditions,
    Eff fields...)]). `k` numbers the items across the card (the name 911.3c orders them by)."""
    hit = _PLANS.get(id(d))
    if hit is not None and hit[0] is d:
        return hit[1]
    plan = []
    k = -1
    for i in d.conts:
        ab = d.abilities[i]
        a_static, a_dyn = _split(ab.cond)
        items = []
        for item in ab.continuous:
            k += 1
            kind = next(x for x in item if x != "if")
            spec = item[kind]
            if kind == "unaffected_by_opponent":
                kind, spec = "unaffected", ({"to": "self"} if spec is True else spec)
            static, dyn = _split((tuple(sorted(item["if"].items())),) if "if" in item else ())
            dyn = a_dyn + dyn
            to, lo, hi = spec.get("to"), spec.get("min_power"), spec.get("max_power")
            value = spec.get("amount", spec.get("value", spec.get("trait")))
            of = spec.get("of") if kind == "gain_trait" else spec.get("trait")
            reducing = kind == "set_power" or (kind == "power" and value < 0)
            items.append((k, item, static, kind, to, value, of, lo, hi, dyn, _reads(kind, to, lo, hi, None, dyn),
                          reducing, WRITES.get(kind, 0)))
        plan.append((ab.zone, a_static, tuple(items)))
    _PLANS[id(d)] = (d, tuple(plan))
    return tuple(plan)


def lowers_power(d) -> bool:
    """Whether a card has a [Cont] item that may lower a power (911.8: "becomes" or a negative change)."""
    return any(p[11] for _, _, tpl in _plan(d) for p in tpl)


def changes_costs_or_forbids(d) -> bool:
    """Whether a card has a [Cont] item that changes a cost (905.2c) or forbids attacks (802.1a)."""
    return any("cost" in p[1] or p[3] == "forbid_attack" for _, _, tpl in _plan(d) for p in tpl)


def replaces(d) -> bool:
    """Whether a card has a [Cont] replacement item (912)."""
    return any("replace" in p[1] for _, _, tpl in _plan(d) for p in tpl)


def _split(conds: tuple) -> tuple[tuple, tuple]:
    """(conditions on the table, conditions on derived parameters)."""
    static, dyn = [], []
    for cond in conds:
        for pair in cond:
            (dyn if pair[0] in DYNAMIC_CONDS else static).append(pair)
    return ((tuple(static),) if static else ()), tuple(dyn)


def derive(state, key: tuple) -> Derived:
    """Collect every continuous effect whose table conditions hold, in source order (cards, then
    one-shot effects); items whose conditions read derived parameters are listed after the others.
    Only what the readers ask first (sources, whether anything can change a parameter) is built
    here; the effects themselves are built by `_board` when a parameter is read."""
    out = Derived(state)
    state.cache = (key, out)
    t = state.table
    name_of = t.name_of
    zones_of = state.cont_zones
    items, dyn_items = [], []
    writes = 0
    reducing = False
    lowest_set, lowered = None, 0
    for card in state.cont_cards:
        zname = name_of[card]
        if zname not in zones_of[card] or (zname == "mission" and card in t.face_down):  # 903.1, 304.1b
            continue
        c = t.cards[card]
        seat = state.control.get(card, c.owner)  # 502.1c: the ability's controller
        ts = state.entered[card]                 # 911.3a (0: in place since the game began)
        for ab_zone, a_static, tpl in _plan(c.defn):
            if ab_zone != zname or (a_static and not condition_holds(state, seat, card, a_static)):  # 903.2a
                continue
            for p in tpl:
                if p[2] and not condition_holds(state, seat, card, p[2]):
                    continue
                (dyn_items if p[9] else items).append((card, seat, ts, p))
                writes |= p[12]
                if p[11]:  # it may lower a power (911.8)
                    reducing = True
                    if p[3] == "set_power":
                        lowest_set = p[5] if lowest_set is None else min(lowest_set, p[5])
                    else:
                        lowered -= p[5]
    if dyn_items:
        items += dyn_items
    else:
        out._sources = [(card, seat, p[1], ts) for card, seat, ts, p in items]  # no derived parameter needed
    for e in state.effects:  # made by one-shot effects (911.3b)
        kind = e.kind
        if kind in STAGE:
            writes |= WRITES[kind]
            if kind == "set_power":
                reducing = True
                lowest_set = e.value if lowest_set is None else min(lowest_set, e.value)
            elif kind == "power" and e.value < 0:
                reducing = True
                lowered -= e.value
    out.items = items
    out.writes = writes
    out.reducing = reducing
    out.lowest_set, out.lowered = lowest_set, lowered
    return out


def _effects(out: Derived) -> tuple[list, list]:
    """The Eff objects of the collected [Cont] items and of the one-shot-made effects, each with its
    place in timestamp order (911.3: timestamp, turn player's first, controller's order 911.3c,
    then source order)."""
    state = out.state
    tp, ts_rank, inc = state.tp, state.ts_rank, state.inc
    items = []
    for seq, (card, seat, ts, p) in enumerate(out.items):
        k, item, _, kind, to, value, of, lo, hi, dyn, reads = p[:11]
        rank = ts_rank.get((card, inc[card], k), 0) if ts_rank else 0
        items.append(Eff(kind, seat, card, ts, (ts, seat != tp, rank, seq), to, value, of, lo, hi, None, dyn, item,
                         reads))
    made = []
    seq = len(items)
    for e in state.effects:
        if e.kind in STAGE:
            seq += 1
            made.append(Eff(e.kind, e.seat, e.source, e.ts, (e.ts, e.seat != tp, 0, seq), None, e.value,
                            targets=frozenset(e.targets)))
    return items, made


def _board(out: Derived) -> None:
    out.ready = True
    items, made = _effects(out)
    view = View(out.traits, out.power, out.unaff, out.forbid)
    if items or made:
        ctx = _Ctx(out.state)
        stages: dict[int, list] = {1: [], 2: [], 3: []}
        for e in items + made:
            st = STAGE.get(e.kind)
            if st is not None:
                stages[st].append(e)
        for st in (1, 2):
            _run_stage(stages[st], view, ctx)
        for e in sorted(stages[3], key=lambda e: -e.value):  # 911.9: lower bounds, highest first
            _apply(e, view, ctx)
        for e in items:
            if e.kind not in STAGE:  # cost changes and replacements read the final parameters
                e.live = not e.dyn or _dyn_ok(e, view, ctx)
    if out._sources is None:
        out._sources = [(e.source, e.seat, e.item, e.ts) for e in items if e.live]
    out.state = None  # done: drop the reference


# -- applying effects ------------------------------------------------------------------------------

def _has_trait(view: View, ctx: _Ctx, card: int, trait) -> bool:
    s = view.traits.get(card)
    return trait in s if s is not None else ctx.cards[card].defn.trait == trait


def _power(view: View, ctx: _Ctx, card: int) -> int:
    p = view.power.get(card)
    return ctx.cards[card].defn.power if p is None else p


def _dyn_ok(e: Eff, view: View, ctx: _Ctx) -> bool:
    for key, value in e.dyn:
        if key == "trait_count":
            trait = value["trait"]
            if sum(1 for c in ctx.own[e.seat] if _has_trait(view, ctx, c, trait)) < value["at_least"]:
                return False
    return True


def _reach(e: Eff, view: View, ctx: _Ctx) -> list[int]:
    """The characters `e` applies to now (502.1e: "your" = those you control)."""
    to = e.to
    if e.targets is not None:
        inc, targets = ctx.inc, e.targets
        cards = [c for c in ctx.own[0] + ctx.own[1] if (c, inc[c]) in targets]
    elif to == "self":
        cards = [e.source] if e.source in ctx.ctrl else []
    elif to == "all_own":
        cards = ctx.own[e.seat]
    elif to == "all_opp":
        cards = ctx.own[1 - e.seat]
    elif to == "opp_lane":
        lane = ctx.slot.get(e.source) if e.source in ctx.ctrl else None
        cards = [c for c in ctx.own[1 - e.seat] if ctx.slot.get(c) == lane] if lane is not None else []
    elif to == "own_trait":
        cards = [c for c in ctx.own[e.seat] if _has_trait(view, ctx, c, e.of)]
    else:
        cards = []
    if e.lo is not None:
        cards = [c for c in cards if _power(view, ctx, c) >= e.lo]
    if e.hi is not None:
        cards = [c for c in cards if _power(view, ctx, c) <= e.hi]
    if view.unaff and e.kind != "unaffected":  # 911.7
        unaff, ctrl, seat = view.unaff, ctx.ctrl, e.seat
        cards = [c for c in cards if c not in unaff or ctrl[c] == seat]
    return cards


def _apply(e: Eff, view: View, ctx: _Ctx, trial: bool = False) -> bool:
    """Apply `e` to `view`; False if it does not exist now (its conditions fail)."""
    if e.dyn and not _dyn_ok(e, view, ctx):
        return False
    if not trial:
        e.live = True
    kind = e.kind
    cards = _reach(e, view, ctx)
    if kind == "power":
        for c in cards:
            view.power[c] = _power(view, ctx, c) + e.value
    elif kind == "set_power":  # 911.6
        for c in cards:
            view.power[c] = e.value
    elif kind == "power_floor":
        for c in cards:
            if _power(view, ctx, c) < e.value:
                view.power[c] = e.value
    elif kind == "gain_trait":
        for c in cards:
            s = view.traits.get(c)
            if s is None:
                s = view.traits[c] = {ctx.cards[c].defn.trait}
            s.add(e.value)
    elif kind == "unaffected":
        view.unaff.update(cards)
    elif kind == "forbid_attack":
        view.forbid.update(cards)
    return True


def _run_stage(effs: list, view: View, ctx: _Ctx) -> None:
    if not effs:
        return
    effs.sort(key=lambda e: e.order)
    reads = 0
    for e in effs:
        reads |= e.reads
    if not any(e.writes & reads for e in effs):  # no effect can change another: timestamp order (911.3)
        for e in effs:
            _apply(e, view, ctx)
        return
    remaining = list(effs)
    while remaining:
        e = _next(remaining, view, ctx)
        remaining.remove(e)
        _apply(e, view, ctx)


def _sig(e: Eff, view: View, ctx: _Ctx) -> tuple:
    if e.dyn and not _dyn_ok(e, view, ctx):
        return (False,)
    return (True, tuple(_reach(e, view, ctx)))


def _next(remaining: list, view: View, ctx: _Ctx) -> Eff:
    """911.2/911.3: the earliest effect that depends on no remaining effect outside its own loop."""
    readers = [b for b in remaining if b.reads]
    before = {b: _sig(b, view, ctx) for b in readers}
    deps: dict = {}
    for a in remaining:
        hit = [b for b in readers if b is not a and a.writes & b.reads]
        if not hit:
            continue
        trial = view.copy()
        if not _apply(a, trial, ctx, trial=True):
            continue  # A does not exist now: applying it changes nothing
        for b in hit:
            if _sig(b, trial, ctx) != before[b]:
                deps.setdefault(b, set()).add(a)
    for e in remaining:  # already in timestamp order
        if all(_depends(a, e, deps) for a in deps.get(e, ())):
            return e
    return remaining[0]  # not reached: some strongly connected group has no outside dependency


def _depends(a: Eff, e: Eff, deps: dict) -> bool:
    """Whether `a` depends on `e`, directly or through others (then `a` and `e` form a loop)."""
    seen, todo = set(), [a]
    while todo:
        x = todo.pop()
        for y in deps.get(x, ()):
            if y is e:
                return True
            if y not in seen:
                seen.add(y)
                todo.append(y)
    return False
