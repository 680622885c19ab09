"""Sakura Arms state: the zones of section 7 and the one function that moves sakura tokens.

Token zones are counters in `state.tok` (7-1-1 to 7-1-5); tokens on cards (Enhancement,
Special, In-use, 7-1-9/11/14) are counted per card under key `CARD + id`, so they travel with
the card (6-3). `move_tokens` is the ONLY place tokens move: it applies the caps (Aura 5,
Distance 10) and "as many as possible" (6-3), logs moves to and from Out-of-game, and the
36-token total is asserted after every decision (`check_tokens`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar

from engine.core.flow import Flow, Step
from engine.core.hashing import cache, fixed
from engine.core.requests import Result
from engine.core.events import HeldEvents, emit
from engine.core.view import CardRef
from engine.core.rng import Rng
from engine.core.zones import Table, Visibility, ZoneSpec, zone_keys

from engine.games.sakura_arms.cards import CardDef

ZONES = (
    ZoneSpec("deck", Visibility.HIDDEN, label="a deck", rule="7-1-6"),
    ZoneSpec("hand", Visibility.OWNER, ordered=False, label="a hand", rule="7-1-10"),
    ZoneSpec("played", Visibility.PUBLIC, label="a played pile", rule="7-1-7"),
    ZoneSpec("facedown", Visibility.OWNER, label="a face-down pile", rule="7-1-8"),
    ZoneSpec("enhancement", Visibility.PUBLIC, label="an Enhancement row", rule="7-1-9"),
    ZoneSpec("special", Visibility.PUBLIC, label="a Special row", rule="7-1-11"),  # unused ones face down
    ZoneSpec("extra", Visibility.PUBLIC, label="an Extra area", rule="7-1-12"),
    ZoneSpec("sealed", Visibility.PUBLIC, label="a Sealed area", rule="7-1-13"),  # face up
    ZoneSpec("in_use", Visibility.PUBLIC, label="an In-use area", rule="7-1-14"),
    ZoneSpec("out", Visibility.PUBLIC, label="out of the game", rule="7-1-16"),  # unchosen cards face down
)
# "seat.zone" keys of the Table by seat and zone name, made once (the rules look zones up all the time)
ZONE_KEY = zone_keys(spec.name for spec in ZONES)
# The zones that hold no cards, stated the same way for the table: the sakura token zones
# (counters in `SakuraState.tok`, 7-1-1 to 7-1-5) and the chosen goddesses (2-1).
CARDLESS_ZONES = (
    ZoneSpec("distance", Visibility.PUBLIC, label="the Distance", rule="7-1-1"),
    ZoneSpec("life", Visibility.PUBLIC, label="a Life", rule="7-1-2"),
    ZoneSpec("aura", Visibility.PUBLIC, label="an Aura", rule="7-1-3"),
    ZoneSpec("flare", Visibility.PUBLIC, label="a Flare", rule="7-1-4"),
    ZoneSpec("shadow", Visibility.PUBLIC, label="the Shadow", rule="7-1-5"),
    ZoneSpec("goddess", Visibility.PUBLIC, label="the goddesses", rule="2-1"),
)

DIST, SHADOW = 0, 1
AURA, LIFE, FLARE = (2, 3), (4, 5), (6, 7)
OUT = -1
CARD = 100  # token key of a card = CARD + card id
TOTAL_TOKENS = 36  # 4-1 step 1: 10 + 2*3 + 2*10
CAPS = {DIST: 10, AURA[0]: 5, AURA[1]: 5}  # 7-1-1, 7-1-3-1
MASTERY = 2  # 5-2-2
MAX_VIGOR = 2  # 5-1-2
HAND_LIMIT = 2  # 5-1-3
TOKEN_CARD_ZONES = ("enhancement", "special", "in_use")  # the zones whose cards hold tokens (7-1-9, 7-1-11, 7-1-14)
TOKEN_NAMES = {DIST: "Distance", SHADOW: "Shadow", AURA[0]: "Aura", AURA[1]: "Aura", LIFE[0]: "Life",
               LIFE[1]: "Life", FLARE[0]: "Flare", FLARE[1]: "Flare", OUT: "Out-of-game"}


class GameOver(Exception):
    """Victory or defeat was determined (4-2): it stops every resolution at once."""


class EndPhase(Exception):
    """"End the current phase" (10-13): unwinds every step of the phase."""


@dataclass(frozen=True, slots=True)
class Ctx:
    """Who resolves an effect and from what (10-11, 10-12): `attack` is the «Attack» whose
    After Attack effect resolves, `reacting` the one a Reaction reacts to."""

    seat: int
    card: int | None = None
    attack: Any = None
    reacting: Any = None
    full_power: bool = False


@dataclass(frozen=True, slots=True)
class PendingMod:
    """"Your next attack this turn gets ..." (10-3, issue #20): a modification waiting for `seat`'s
    next attack."""

    __canonical_repr__: ClassVar[bool] = True  # scalars and card data: hashed by its repr
    seat: int
    mod: Any


@dataclass(frozen=True, slots=True)
class TriggerDue:
    """A "when X happens" effect (issue #20) that happened and waits for state-triggered
    resolution (5-5): `card`'s effects for `seat`."""

    __canonical_repr__: ClassVar[bool] = True  # scalars and card data: hashed by its repr
    seat: int
    card: int
    effects: tuple


# -- steps (engine/core/flow.py): what the duel does next, and what it waits for ----------------
# A rule procedure that can pause is a running step that does its work up to the pause and
# queues what comes after it (`flow.next`), so nested resolution (9-9) runs first. A step whose
# name ends a procedure that a choice continues (`chosen`) is queued with the choice put in.

@dataclass(frozen=True, slots=True)
class BeginDuel(Step):
    """4-1 step 6: Vigor 0 for the first player, 1 for the second; turn 1 begins."""


@dataclass(frozen=True, slots=True)
class Turn(Step):
    """8: a turn of the active seat: start, main and end phase."""


@dataclass(frozen=True, slots=True)
class PhaseEnd(Step):
    """Where the phase `name` ends, and the next phase (or the other seat's turn) begins:
    "end the current phase" (10-13) drops every step before it."""
    name: str


@dataclass(frozen=True, slots=True)
class StartPhaseRest(Step):
    """8-1-3 after the start-phase effects: Vigor, Charge removal, reshuffle and draw."""
    seat: int


@dataclass(frozen=True, slots=True)
class EndPhaseRest(Step):
    """8-3 after the end-phase effects: state-triggered resolution, then the hand limit."""
    seat: int


@dataclass(frozen=True, slots=True)
class HandLimitCheck(Step):
    """8-3-2: a hand over the limit puts a card face down (`HandLimit`), until it is not."""
    seat: int


@dataclass(frozen=True, slots=True)
class Draw(Step):
    """7-1-6: `n` more cards to draw, after a Burnout (10-10) was resolved."""
    seat: int
    n: int


@dataclass(frozen=True, slots=True)
class Settle(Step):
    """5-5: state-triggered resolution after a step."""


@dataclass(frozen=True, slots=True)
class SettleLoop(Step):
    """5-5: state-triggered resolution again after a destruction (victory already checked)."""


@dataclass(frozen=True, slots=True)
class DestroyEnd(Step):
    """9-6 after the Disenchant effects: the card regains its effects and moves on."""
    card: int


@dataclass(frozen=True, slots=True)
class UsePaid(Step):
    """9-2 after the costs (9-3): the card goes In-use and resolves."""
    seat: int
    card: int
    via: str
    reacting: Any
    full_power: bool
    attack: Any


@dataclass(frozen=True, slots=True)
class Replaced(Step):
    """10-30: the chosen replacing effect resolves instead of the card."""
    seat: int
    card: int
    replacements: tuple
    chosen: Any = None


@dataclass(frozen=True, slots=True)
class ReplacedEnd(Step):
    """10-30 / A-10: an Enhancement so resolved is placed in the Enhancement zone."""
    card: int


@dataclass(frozen=True, slots=True)
class Initialize(Step):
    """9-2-3 iv after the Charge: the Initialize effects with those added to them (10-14)."""
    ctx: Ctx
    effects: tuple


@dataclass(frozen=True, slots=True)
class PlaceEnhancement(Step):
    """9-2-3 v: the Enhancement leaves In-use for the Enhancement zone."""
    card: int


@dataclass(frozen=True, slots=True)
class UseDone(Step):
    """9-2-1 v / 9-2-2 iv: the used card is finished, Terminal applies, then 5-5."""
    seat: int
    card: int
    terminal: bool


@dataclass(frozen=True, slots=True)
class AttackBody(Step):
    """9-4 ii to vii: the attack after the Reaction window."""
    attack: Any
    reacting: Any


@dataclass(frozen=True, slots=True)
class AttackAfter(Step):
    """9-4 vi, vii: the After Attack effects, after the damage."""
    attack: Any
    reacting: Any
    cannot_be_cancelled: bool


@dataclass(frozen=True, slots=True)
class AttackEnd(Step):
    """9-4 viii: the «Attack» leaves its <Attacking> zone (also when the resolution is cut short)."""
    attack: Any


@dataclass(frozen=True, slots=True)
class AddedSlot(Step):
    """10-14: the effects added at place `slot` of the card's own effects, then its own effect there."""
    own: tuple
    key: str
    ctx: Ctx
    slot: int


@dataclass(frozen=True, slots=True)
class AddedGroups(Step):
    """10-14: the added effects still to resolve at `slot`, by source card (the turn player's order)."""
    own: tuple
    key: str
    ctx: Ctx
    slot: int
    groups: tuple


@dataclass(frozen=True, slots=True)
class AddedPick(Step):
    """10-14: the effects added by the `chosen` source resolve."""
    own: tuple
    key: str
    ctx: Ctx
    slot: int
    groups: tuple
    chosen: Any = None


@dataclass(frozen=True, slots=True)
class RunEffects(Step):
    """6-2-1-7: the effects from `index` on, top to bottom."""
    effects: tuple
    ctx: Ctx
    index: int


@dataclass(frozen=True, slots=True)
class TimedPick(Step):
    """8-1-2 / 8-2-1 / 8-3-1: the `chosen` one of the pending timed effects resolves."""
    seat: int
    when: str
    pending: tuple
    chosen: Any = None


@dataclass(frozen=True, slots=True)
class TimedAfter(Step):
    """After a timed effect: Resurgence in the end phase (10-7), then the rest of them."""
    seat: int
    when: str
    pending: tuple
    card: int


@dataclass(frozen=True, slots=True)
class MainStartLoop(Step):
    """8-2-1: ask again while the action kind is unchosen or main-phase-start effects wait."""
    seat: int
    pending: tuple


@dataclass(frozen=True, slots=True)
class SealChosen(Step):
    """10-9: the chosen card is sealed under this card."""
    ctx: Ctx
    chosen: Any = None


@dataclass(frozen=True, slots=True)
class CopyChosen(Step):
    """10-16: this card copies the chosen Enhancement."""
    ctx: Ctx
    chosen: Any = None


@dataclass(frozen=True, slots=True)
class UseChosen(Step):
    """9-9: the chosen card is used because of an effect (`spec`: the effect's `free` and
    `no_reactions`, issue #20)."""
    ctx: Ctx
    spec: Any = None
    chosen: Any = None


@dataclass(frozen=True, slots=True)
class BottomChosen(Step):
    """7-1-6: the chosen card goes to the bottom of its owner's deck."""
    chosen: Any = None


@dataclass(frozen=True, slots=True)
class DiscardChosen(Step):
    """7-1-7: the chosen hand card of `victim` goes to the Played pile; `left` counts it."""
    user: int
    victim: int
    spec: Any
    left: int
    chosen: Any = None


@dataclass(frozen=True, slots=True)
class MayThen(Step):
    """"If you do" (issue #20): `then` resolves if doing the optional effects changed the duel
    (`before` is what it was: tokens, zones, Vigor, Flinch, used Specials)."""
    then: tuple
    ctx: Ctx
    before: tuple


@dataclass(frozen=True, slots=True)
class TriggerPick(Step):
    """5-5: of the "when" effects due, the `chosen` card's first one resolves."""
    chosen: Any = None


@dataclass(frozen=True, slots=True)
class UnusedChosen(Step):
    """10-17: the chosen used Special becomes unused."""
    chosen: Any = None


@dataclass(frozen=True, slots=True)
class StripChosen(Step):
    """6-3: the chosen Enhancement loses all its tokens to Shadow."""
    chosen: Any = None


@dataclass(frozen=True, slots=True)
class CoverChosen(Step):
    """7-1-8: the chosen hand card goes face down."""
    seat: int
    chosen: Any = None


# -- the steps that ask (their Requests: choices.py); `kind` is the Request's kind -------------

@dataclass(frozen=True, slots=True)
class Mulligan(Step):
    seat: int
    asks = True
    kind = "mulligan"
    rule = "4-1 5"


@dataclass(frozen=True, slots=True)
class AskReshuffle(Step):
    seat: int
    asks = True
    kind = "reshuffle"
    rule = "8-1-3 iii"


@dataclass(frozen=True, slots=True)
class MainStart(Step):
    seat: int
    pending: tuple
    asks = True
    kind = "main_start"
    rule = "8-2-1"


@dataclass(frozen=True, slots=True)
class Main(Step):
    seat: int
    asks = True
    kind = "main"
    rule = "8-2-2"
    wait = "Only the turn player acts in the main phase; you act in their turn only by reacting to an attack (9-4 i)."


@dataclass(frozen=True, slots=True)
class Reaction(Step):
    seat: int
    attack: Any
    reacting: Any
    asks = True
    kind = "reaction"
    rule = "9-4 i"


@dataclass(frozen=True, slots=True)
class ChooseDamage(Step):
    seat: int
    aura: int
    life: int
    source: str
    asks = True
    kind = "damage"
    rule = "9-5 i"


@dataclass(frozen=True, slots=True)
class ChargeMix(Step):
    seat: int
    card: int
    need: int
    mixes: tuple
    asks = True
    kind = "charge"
    rule = "9-2-3 iii"


@dataclass(frozen=True, slots=True)
class HandLimit(Step):
    seat: int
    asks = True
    kind = "hand_limit"
    rule = "8-3-2"


@dataclass(frozen=True, slots=True)
class CoverCost(Step):
    seat: int
    card: int
    left: int
    asks = True
    kind = "cover_cost"
    rule = "10-31"


@dataclass(frozen=True, slots=True)
class Direction(Step):
    seat: int
    src: str
    dst: str
    effect: Any
    ctx: Ctx
    index: int
    asks = True
    kind = "direction"
    rule = "10-1"


@dataclass(frozen=True, slots=True)
class ChooseCard(Step):
    seat: int
    cards: tuple
    prompt: str
    optional: bool
    then: Step
    asks = True
    kind = "choose"
    rule = "9-9"


@dataclass(frozen=True, slots=True)
class BlindPick(Step):
    """7-1-10: `seat` chooses one of `victim`'s hand cards without seeing them: by its place in
    `cards`, a row the game's RNG shuffled, so the place tells nothing about the card."""
    seat: int
    victim: int
    cards: tuple
    then: Step
    asks = True
    kind = "blind_pick"
    rule = "7-1-10"


@dataclass(frozen=True, slots=True)
class ChooseModes(Step):
    """"Choose one (or up to `up_to`) of the following" (issue #20): the player the text refers
    to (10-12) picks; the picked options resolve in printed order (6-2-1-7)."""
    seat: int
    options: tuple
    up_to: int
    ctx: Ctx
    labels: tuple  # each option in its words' wording
    asks = True
    kind = "modes"
    rule = "10-12"


@dataclass(frozen=True, slots=True)
class MayDo(Step):
    """"You may do X; if you do, Y" (issue #20): the player the text refers to (10-12) decides."""
    seat: int
    do: tuple
    then: tuple
    ctx: Ctx
    labels: tuple  # (X, Y) in their words' wording
    asks = True
    kind = "may"
    rule = "10-12"


@dataclass(frozen=True, slots=True)
class DestructionOrder(Step):
    seat: int
    cards: tuple
    asks = True
    kind = "order"
    rule = "5-5"


@dataclass(frozen=True, slots=True)
class EffectOrder(Step):
    """The turn player orders simultaneous effects; `rule` gives them the order (8-1-2, 8-3-1,
    10-14, 10-30); `label` names an option (`{name}`: the card); `then` continues with it."""
    seat: int
    cards: tuple
    prompt: str
    label: str
    then: Step
    rule: str = "5-5"
    asks = True
    kind = "effect_order"


@dataclass(slots=True, eq=False)
class SakuraState:
    """Everything the Sakura Arms rules read; every field is hashed unless declared a cache."""

    table: Table
    rng: Rng
    options: dict[str, Any] = fixed()
    goddesses: list[tuple[str, ...]] = fixed()  # each seat's chosen goddesses (2-1), set when the duel is built
    tok: dict[int, int] = field(default_factory=lambda: {DIST: 10, SHADOW: 0, AURA[0]: 3, AURA[1]: 3, LIFE[0]: 10,
                                                          LIFE[1]: 10, FLARE[0]: 0, FLARE[1]: 0})  # 4-1 step 1
    out_net: int = 0  # tokens brought in from Out-of-game minus tokens sent there
    vigor: list[int] = field(default_factory=lambda: [0, 0])
    flinch: list[bool] = field(default_factory=lambda: [False, False])
    turn: int = 0
    active: int = 0
    first: int = 0
    phase: str = "setup"
    mode: str | None = None  # "standard" / "full_power" (8-2-1)
    turn_start_distance: int = 10
    special_used: set[int] = field(default_factory=set)  # Special cards in the used (Devoted) state
    attacks: list = field(default_factory=list)  # «Attack» objects in <Attacking> zones (7-1-15)
    terminal: list[bool] = field(default_factory=lambda: [False, False])  # 9-2 Terminal for the rest of the turn
    flow: Flow = field(default_factory=Flow)
    result: Result | None = None
    sealed_by: dict[int, int] = field(default_factory=dict)  # sealed card -> sealing card (10-9)
    copy_of: dict[int, int] = field(default_factory=dict)  # copy -> copy source (10-16)
    destroying: set[int] = field(default_factory=set)  # Enhancements whose Disenchant resolves (9-6)
    # this turn so far (issue #20 conditions; emptied when a turn begins, 8): the cards used (plain
    # id lists: they are hashed after every decision), the basic actions each seat made (9-7), whether each seat took damage to Aura (9-5)
    turn_used: list[list[int]] = field(default_factory=lambda: [[], []])  # each seat's cards used, in order (9-2)
    used_from_facedown: list[int] = field(default_factory=list)  # cards whose latest use was from there (9-9)
    turn_basics: list[int] = field(default_factory=lambda: [0, 0])
    turn_aura_damage: list[bool] = field(default_factory=lambda: [False, False])
    turn_attacks: list[int] = field(default_factory=lambda: [0, 0])  # attacks each seat made this turn (9-4)
    # "your next attack this turn gets ..." (10-3): the modifications waiting for a seat's next attack
    next_attack: list[PendingMod] = field(default_factory=list)
    # "when X happens" effects that happened, waiting for state-triggered resolution (5-5), and each
    # seat's Life as last seen by it (for "your Life becomes N or less")
    triggered: list[TriggerDue] = field(default_factory=list)
    life_seen: list[int] = field(default_factory=lambda: [10, 10])
    # "basic actions are forbidden this turn" (9-7): each seat's forbidden basic actions
    basic_forbidden: list[list[str]] = field(default_factory=lambda: [[], []])
    # goddess mechanics (engine/games/sakura_arms/mechanics/): each seat's umbrella, closed at the start
    # (umbrella.py); Variable cards that are copies of a card sealed face up -> that card (copies.py)
    umbrella: list[str] = field(default_factory=lambda: ["closed", "closed"])
    copy_of_sealed: dict[int, int] = field(default_factory=dict)
    # Plan (issue #20, mechanics/plan.py): each seat's secret plan state, None without Plan cards
    plan: list[str | None] = field(default_factory=lambda: [None, None])
    # "<value> becomes N or less / more" (issue #20): each seat's Aura, Flare and Life and the
    # Distance as last seen, kept only in a duel with such a card (`becomes_used`)
    values_seen: list[int] = field(default_factory=lambda: [3, 3, 0, 0, 10, 10, 10])
    # the events of the decision being applied (handed out by `apply`)
    events: list = cache(factory=list)
    # the last decision's events as handed out, while somebody holds them (engine/core/events.py)
    held_events: "HeldEvents | None" = cache(None)
    # set only while read-only option lists are built
    mods_cache: list | None = cache(None)
    # the options made so far, by what they are (guards.py `_made`, choices.py `_once`): made once per duel
    options_made: dict = cache(factory=dict)
    # does any card of the duel have Forced timed effects (9-1-1-2)? worked out once
    forced_timed: bool | None = cache(None)
    # does any card of the duel wait for a value that "becomes" something? worked out once
    becomes_used: bool | None = cache(None)
    # the duel's cards whose printed data passes a test, by test (`duel_cards`), found once
    duel_card_sets: dict[str, frozenset[int]] = cache(factory=dict)


def defn(s: SakuraState, card: int) -> CardDef:
    """The card's information; a copy reads its copy source's (10-16), category excepted; a
    two-faced card its umbrella face (mechanics/umbrella.py)."""
    src = s.copy_of.get(card)
    if src is not None and s.table.name_of[src] == "enhancement":
        return s.table.cards[src].defn
    d = s.table.cards[card].defn
    if d.faces:
        return d.faces[s.umbrella[s.table.cards[card].owner]]
    if s.copy_of_sealed:
        src = s.copy_of_sealed.get(card)
        if src is not None and s.table.name_of[src] == "sealed":  # mechanics/copies.py
            return copied_keeping_name(d, defn(s, src))
    return d


_COPIES: dict[tuple[CardDef, CardDef], CardDef] = {}


def copied_keeping_name(copy: CardDef, source: CardDef) -> CardDef:
    """10-16: `copy` reads `source`'s information except its category, and (mechanics/copies.py)
    keeps its own id and name; one record per pair (card data is compared by identity)."""
    key = (copy, source)
    if key not in _COPIES:
        _COPIES[key] = dataclasses.replace(source, id=copy.id, name=copy.name, category=copy.category,
                                           extra_card=copy.extra_card, faces=None)
    return _COPIES[key]


def duel_cards(s: SakuraState, key: str, test: Callable[[CardDef], bool]) -> frozenset[int]:
    """The duel's cards whose printed data (not `defn`: copies and umbrella faces aside) passes
    `test`, found once per duel under `key`: the cards and their data never change (owners and
    places do, so callers check those)."""
    found = s.duel_card_sets.get(key)
    if found is None:
        passes = _PASSES.get(test)
        if passes is None:
            passes = _PASSES[test] = {}
        ids = []
        for card in s.table.cards:
            d = card.defn
            passed = passes.get(d)
            if passed is None:
                passed = passes[d] = bool(test(d))
            if passed:
                ids.append(card.id)
        found = s.duel_card_sets[key] = frozenset(ids)
    return found


# test -> card data -> whether it passes: card data never changes, so each is tested once per
# process, not once per duel (`duel_cards`; card data is compared by identity)
_PASSES: dict[Callable[[CardDef], bool], dict[CardDef, bool]] = {}


def printed_with(*keys: str) -> Callable[[CardDef], bool]:
    """A `duel_cards` test: the printed card data, or one of its umbrella faces, has effects
    under one of these keys."""
    return lambda d: any(getattr(face, key) for face in (d, *(d.faces or {}).values()) for key in keys)


def may_have_effects(s: SakuraState, found: frozenset[int]) -> bool:
    """Whether some card's information (`defn`) may have the effects of `found` (cards found by
    `printed_with`): one of those cards is in the duel, or a card is a copy (10-16, reading
    another card's information)."""
    return bool(found or s.copy_of or s.copy_of_sealed)


def owner(s: SakuraState, card: int) -> int:
    return s.table.cards[card].owner


def holder(s: SakuraState, card: int) -> int:
    """The player associated with the zone the card is in (10-12): its owner, except for a card a
    player uses that they do not own, while it is in their In-use or Enhancement zone (7-1-14, 7-1-9)."""
    return int(s.table.zone_of[card][0])


def zone(s: SakuraState, seat: int, name: str) -> list[int]:
    return s.table.zones[ZONE_KEY[seat][name]]


def where(s: SakuraState, card: int) -> str:
    return s.table.name_of[card]


def card_json(s: SakuraState, card: int) -> dict:
    """A card as events describe it to a seat that sees it."""
    d = s.table.cards[card].defn
    return {"id": card, "card": d.id, "name": d.name}


def card_id(card: int) -> int:
    """A card as events that name it by id alone describe it (10-6 `unguarded`)."""
    return card


# -- tokens ----------------------------------------------------------------------------------

def token_count(s: SakuraState, key: int) -> int:
    return s.tok.get(key, 0)


def move_tokens(s: SakuraState, src: int, dst: int, n: int, why: str) -> int:
    """Move up to `n` sakura tokens (6-3): as many as the source holds and the destination can
    take (Aura 5: 7-1-3-1, Distance 10: 7-1-1). Out-of-game holds unlimited tokens (7-1-16)."""
    if n <= 0 or src == dst:
        return 0  # 6-3: same zone is not a move
    tok = s.tok
    have = n if src == OUT else tok.get(src, 0)
    k = n if have >= n else have
    cap = CAPS.get(dst)
    if cap is not None:
        room = cap - tok.get(dst, 0)
        if room < k:
            k = room if room > 0 else 0
    if k <= 0:
        return 0
    if src != OUT:
        left = tok[src] - k
        if left or src < CARD:
            tok[src] = left
        else:
            del tok[src]
    if dst != OUT:
        tok[dst] = tok.get(dst, 0) + k
    if src == OUT or dst == OUT:
        s.out_net += k if src == OUT else -k
        emit(s, {"type": "out_of_game_tokens", "from": _key_name(src), "to": _key_name(dst), "count": k,
                 "reason": why, "rule": "7-1-16"})
    return k


def _key_name(key: int) -> str:
    if key >= CARD:
        return f"card {key - CARD}"
    return TOKEN_NAMES[key]


def tokens_in_play(s: SakuraState) -> int:
    return sum(s.tok.values())


def check_tokens(s: SakuraState) -> None:
    """Checklist 47: the 36 tokens are all somewhere, apart from logged Out-of-game moves."""
    total = tokens_in_play(s)
    if total != TOTAL_TOKENS + s.out_net:
        raise AssertionError(f"token total {total} != {TOTAL_TOKENS} + out-of-game net {s.out_net}")
    for key, value in s.tok.items():
        if value < 0:
            raise AssertionError(f"negative token count {value} in {_key_name(key)}")
        if key >= CARD and where(s, key - CARD) not in TOKEN_CARD_ZONES:
            raise AssertionError(f"tokens on card {key - CARD} in {where(s, key - CARD)} (7-1-9, 7-1-11, 7-1-14)")
    if s.tok[DIST] > 10 or s.tok[AURA[0]] > 5 or s.tok[AURA[1]] > 5:
        raise AssertionError("a token zone is above its cap (7-1-1, 7-1-3-1)")


# -- derived values --------------------------------------------------------------------------

def ongoing_mods(s: SakuraState) -> list:
    """(seat, source card, mod) for every Ongoing effect in play and every Devoted effect of a
    used Special (9-1-1-6, 9-1-1-8). Enhancements being destroyed have lost theirs (9-6)."""
    if s.mods_cache is not None:
        return s.mods_cache
    zones = s.table.zones
    devoted = bool(s.special_used) and not s.special_used.isdisjoint(duel_cards(s, "devoted", _has_devoted))
    if not devoted and not zones["0.enhancement"] and not zones["1.enhancement"]:
        return []  # nothing in play has Ongoing or Devoted effects (the usual case)
    out = []
    cards = s.table.cards
    for seat in (0, 1):
        for card in zones[ENH_KEYS[seat]]:
            if card in s.destroying:
                continue
            for mod in defn(s, card).ongoing:
                out.append((seat, card, mod))
        if devoted:
            for card in zones[SPECIAL_KEYS[seat]]:
                if card in s.special_used:
                    for mod in cards[card].defn.devoted:
                        out.append((seat, card, mod))
    if out and any(m.get("unique") for _s, _c, m in out):  # 10-28: duplicates of this effect cancel each other
        texts = [unique_text(m) if m.get("unique") else None for _s, _c, m in out]
        out = [entry for entry, text in zip(out, texts) if text is None or texts.count(text) == 1]
    return out


_UNIQUE_TEXTS: dict[int, tuple[dict, str]] = {}


def unique_text(mod: dict) -> str:
    """10-28: what makes two Unique effects the same effect, their words in key order; found once
    per effect of the card data (which never changes: the entry keeps the effect, so its id
    stays its own)."""
    found = _UNIQUE_TEXTS.get(id(mod))
    if found is None:
        found = _UNIQUE_TEXTS[id(mod)] = (mod, repr(sorted(mod.items())))
    return found[1]


def _has_devoted(card_def: CardDef) -> bool:
    return bool(card_def.devoted)


ENH_KEYS = ("0.enhancement", "1.enhancement")
SPECIAL_KEYS = ("0.special", "1.special")


def current_distance(s: SakuraState) -> int:
    """5-2-1: the token count after modifications, never below 0 (A-5)."""
    d = s.tok[DIST]
    if not s.table.zones["0.enhancement"] and not s.table.zones["1.enhancement"] and not s.special_used:
        return d
    for seat, card, mod in ongoing_mods(s):
        if "distance" in mod and cond_ok(s, seat, mod.get("if"), False):
            d += mod["distance"]
    return d if d > 0 else 0


def used_matches(s: SakuraState, card: int, when: dict) -> bool:
    """"After you use a <kind of> card" (issue #20): the used card has the type, subtype and
    category the `when` names (6-2-1-1, 6-2-1-5, 6-2-1-6; subtype `none`: it has none)."""
    d = s.table.cards[card].defn
    return when.get("type", d.type) == d.type and when.get("subtype", d.subtype or "none") == (d.subtype or "none") \
        and when.get("category", d.category) == d.category


def becomes(when: dict, change: tuple) -> bool:
    """"Your <value> *becomes* N or less (more)": `change` is (value, before, after); it crossed the
    bound (it was above it, or below it, and is not now), a condition met on a change, not a state."""
    value, before, after = change
    if when.get("value") != value:
        return False
    if "at_most" in when:
        return before > when["at_most"] >= after
    return before < when["at_least"] <= after


WHEN_TEST = printed_with("when")


def trigger(s: SakuraState, on: str, seat: int | None, but: int | None = None, life: tuple | None = None,
            used: int | None = None, change: tuple | None = None) -> None:
    """Issue #20: "when X happens" (`when:` of an Enhancement in play, Ongoing, or of a used Special,
    Devoted). `on` happened to `seat` (None: to anyone, e.g. another Enhancement destroyed); the
    effects of `seat`'s cards waiting for it (`but` that card itself) are due at the next
    state-triggered resolution (5-5). `life`: (before, after) for `life_becomes_at_most`; `used`:
    the card a `card_used` event is about."""
    zones = s.table.zones
    if not s.special_used and not zones["0.enhancement"] and not zones["1.enhancement"]:
        return
    if not may_have_effects(s, duel_cards(s, "when", WHEN_TEST)):
        return  # no card of the duel waits for anything
    for owner_seat in ((0, 1) if seat is None else (seat,)):
        sources = [c for c in zones[ENH_KEYS[owner_seat]] if c not in s.destroying] + \
            [c for c in zones[SPECIAL_KEYS[owner_seat]] if c in s.special_used]
        for card in sources:
            if card == but:
                continue
            for when in defn(s, card).when:
                if when["event"] != on:
                    continue
                if life is not None and not life[0] > when["at_most"] >= life[1]:
                    continue  # "becomes": it was above the bound and is not now
                if used is not None and not used_matches(s, used, when):
                    continue
                if change is not None and not becomes(when, change):
                    continue
                s.triggered.append(TriggerDue(owner_seat, card, when["effects"]))


def mastery_zone(s: SakuraState) -> int:
    """5-2-2: the Mastery Zone is Distance 2 or less, changed by Ongoing/Devoted `mastery: N`
    modifications (issue #20; never below 0)."""
    m = MASTERY
    if s.special_used or s.table.zones["0.enhancement"] or s.table.zones["1.enhancement"]:
        for seat, _card, mod in ongoing_mods(s):
            if "mastery" in mod and cond_ok(s, seat, mod.get("if"), False):
                m += mod["mastery"]
    return m if m > 0 else 0


def used_specials(s: SakuraState, seat: int) -> int:
    return sum(1 for c in zone(s, seat, "special") if c in s.special_used)


def x_value(s: SakuraState, seat: int, source: str | None) -> int:
    opp = 1 - seat
    return {"flare": lambda: s.tok[FLARE[seat]], "aura": lambda: s.tok[AURA[seat]], "life": lambda: s.tok[LIFE[seat]],
            "vigor": lambda: s.vigor[seat], "opp_aura": lambda: s.tok[AURA[opp]], "opp_life": lambda: s.tok[LIFE[opp]],
            "used_specials": lambda: used_specials(s, seat), "distance": lambda: current_distance(s),
            "distance_moved": lambda: abs(current_distance(s) - s.turn_start_distance)}.get(
        source or "", lambda: 0)()


def original_text(s: SakuraState, card: int | None, attack: Any = None) -> frozenset:
    """10-32: what "this card" originally has: the keywords of its text (6-2-1-7), or of the
    attack whose After Attack effect resolves (its card's, or the spec of an effect-made one);
    keywords given by effects are kept apart (attack modifications) and never counted."""
    if attack is not None:
        return attack.keywords
    return defn(s, card).keywords if card is not None else frozenset()


def cond_ok(s: SakuraState, seat: int, cond: dict | None, full_power: bool, card: int | None = None,
            attack: Any = None, reacting: Any = None) -> bool:
    """The small condition vocabulary of card data (README: conditions). `card`/`attack` are
    "this card" (10-11) and `reacting` the attack reacted to, for the 10-32 conditions."""
    if not cond:
        return True
    tok, opp = s.tok, 1 - seat
    for key, value in cond.items():
        if key == "life_at_most" and not tok[LIFE[seat]] <= value:
            return False
        if key == "life_at_least" and not tok[LIFE[seat]] >= value:
            return False
        if key == "opp_life_at_most" and not tok[LIFE[opp]] <= value:
            return False
        if key == "distance_at_most" and not current_distance(s) <= value:
            return False
        if key == "distance_at_least" and not current_distance(s) >= value:
            return False
        if key == "flare_at_least" and not tok[FLARE[seat]] >= value:
            return False
        if key == "aura_at_most" and not tok[AURA[seat]] <= value:
            return False
        if key == "aura_at_least" and not tok[AURA[seat]] >= value:
            return False
        if key == "vigor_at_least" and not s.vigor[seat] >= value:
            return False
        if key == "used_specials_at_least" and not used_specials(s, seat) >= value:
            return False
        if key == "hand_at_most" and not len(zone(s, seat, "hand")) <= value:
            return False
        if key == "enhancements_at_least" and not len(zone(s, seat, "enhancement")) >= value:
            return False
        if key == "flare_at_most" and not tok[FLARE[seat]] <= value:
            return False
        if key.startswith("opp_") and key[4:].split("_at_")[0] in ("flare", "hand", "deck") \
                and not _opp_count_ok(s, opp, key, value):
            return False
        if key == "my_turn" and s.active != seat:  # 5-1-1: the turn player
            return False
        if key == "full_power" and not full_power:
            return False
        if key == "closer_than_start" and not current_distance(s) < s.turn_start_distance:
            return False
        if key == "originally_has" and value not in original_text(s, card, attack):  # 10-32
            return False
        if key == "reacted_originally_has" and (reacting is None or value not in reacting.keywords):
            return False
        if key in TURN_CONDITIONS and not TURN_CONDITIONS[key](s, seat, value, card, attack, reacting):
            return False
        if key == "all_other_specials_used":  # 10-20
            others = [c for c in zone(s, seat, "special") if c != card] + \
                     [c for c in zone(s, seat, "in_use") if c != card and s.table.cards[c].defn.is_special]
            if any(c not in s.special_used and where(s, c) == "special" for c in others):
                return False
    return True


# -- the issue #20 conditions on this turn, on how this card was used, on the attack reacted to and
# on your face-up cards; each is `(state, seat, value, this card, this attack, the attack reacted
# to) -> holds`

def _as_reaction(s: SakuraState, seat: int, value, card, attack, reacting) -> bool:
    """9-4 i: this card is being used as a Reaction (it reacts to an attack), or this attack is one."""
    return reacting is not None or (attack is not None and attack.is_reaction)


def _from_facedown(s: SakuraState, seat: int, value, card, attack, reacting) -> bool:
    """9-2 (9-9 "use a card because of an effect"): this card's latest use this turn was from the
    Face-down pile."""
    return card in s.used_from_facedown


def _nth_use(s: SakuraState, seat: int, value, card, attack, reacting) -> bool:
    """This is the Nth card `seat` used this turn (9-2): its place among the turn's uses, or, for a
    card not used yet (a use condition), the place its use would take."""
    mine = s.turn_used[seat]
    place = len(mine) - mine[::-1].index(card) if card in mine else len(mine) + 1
    return place == value


def _used_with_keyword(s: SakuraState, seat: int, value, card, attack, reacting) -> bool:
    """Earlier this turn `seat` used a card whose text has the keyword (10-32: originally has)."""
    return any(c != card and value in s.table.cards[c].defn.keywords for c in s.turn_used[seat])


def _reacted(test: Callable[[Any, Any], bool]) -> Callable[..., bool]:
    """A condition on the attack this card reacts to (9-4 i); false when it reacts to none."""
    return lambda s, seat, value, card, attack, reacting: reacting is not None and test(reacting, value)


def _reacted_damage(index: int) -> Callable[..., bool]:
    """The Aura (0) or Life (1) damage of the attack reacted to, with its modifications (5-6),
    is at least the value; "-" never is."""
    def holds(s: SakuraState, seat: int, value, card, attack, reacting) -> bool:
        if reacting is None:
            return False
        amount = ATTACK_DAMAGE[0](s, reacting)[index]
        return amount is not None and amount >= value
    return holds


# the damage of an «Attack» after its modifications; effects.py, which builds on this module, puts it here
ATTACK_DAMAGE: list[Callable[[SakuraState, Any], tuple]] = []

FACE_UP_ZONES = ("played", "enhancement", "special", "in_use")  # a used Special is face up (7-1-11)


def face_up_cards(s: SakuraState, seat: int) -> list[int]:
    """`seat`'s face-up cards: the Played pile, Enhancements, used Specials and In-use (7-1-7, 7-1-9,
    7-1-11, 7-1-14)."""
    return [c for name in FACE_UP_ZONES for c in zone(s, seat, name)
            if name != "special" or c in s.special_used]


def _face_up_types(s: SakuraState, seat: int, value: dict, card, attack, reacting) -> bool:
    """For each card type listed, `seat` has at least that many face-up cards of it (the count of a
    mechanism, e.g. "Attack 1, Enhancement 1")."""
    cards = face_up_cards(s, seat)
    return all(sum(1 for c in cards if s.table.cards[c].defn.type == kind) >= n for kind, n in value.items())


TURN_CONDITIONS: dict[str, Callable[..., bool]] = {
    "as_reaction": _as_reaction,
    "from_facedown": _from_facedown,
    "nth_use": _nth_use,
    "used_with_keyword": _used_with_keyword,
    "made_basic_action": lambda s, seat, value, *_: s.turn_basics[seat] > 0,
    "no_attack_this_turn": lambda s, seat, value, *_: s.turn_attacks[seat] == 0,
    "opp_took_aura_damage": lambda s, seat, value, *_: s.turn_aura_damage[1 - seat],
    "farther_than_start_by_at_least":
        lambda s, seat, value, *_: current_distance(s) - s.turn_start_distance >= value,
    "closer_than_start_by_at_least":
        lambda s, seat, value, *_: s.turn_start_distance - current_distance(s) >= value,
    "reacted_special": _reacted(lambda atk, value: (atk.category == "special") == value),
    "reacted_aura_at_least": _reacted_damage(0),
    "reacted_life_at_least": _reacted_damage(1),
    "face_up_types_at_least": _face_up_types,
}


def _opp_count_ok(s: SakuraState, opp: int, key: str, value: int) -> bool:
    """`opp_<flare|hand|deck>_at_<least|most>`: the opponent's Flare tokens or hand/deck card count
    (public numbers: 7-1-4, and the sizes of the hand and deck are visible on the table)."""
    what, bound = key[4:].split("_at_")
    n = s.tok[FLARE[opp]] if what == "flare" else len(zone(s, opp, what))
    return n >= value if bound == "least" else n <= value


def cost_of(s: SakuraState, seat: int, card: int, d: CardDef | None = None) -> int:
    """6-2-1-12 / 5-6: printed Cost (or X), plus Ongoing cost modifications, never below 0.
    `d`: the card's `defn`, if the caller has it."""
    if d is None:
        d = defn(s, card)
    if d.category != "special" and s.table.cards[card].defn.category != "special":
        return 0  # neither is a Special card (`is_special`, read without the property)
    base = x_value(s, seat, d.x) if d.cost == "X" else int(d.cost or 0)
    if d.cost_less_by:  # issue #20: "this card's Cost is reduced by" a count (5-6 addition)
        base -= x_value(s, seat, d.cost_less_by)
    for src_seat, _src, mod in ongoing_mods(s):
        if "cost" in mod and _applies(mod, src_seat, seat) and cond_ok(s, src_seat, mod.get("if"), False):
            base += mod["cost"]
    return base if base > 0 else 0


def charge_of(s: SakuraState, seat: int, card: int) -> int:
    d = defn(s, card)
    value = x_value(s, seat, d.x) if d.charge == "X" else int(d.charge or 0)
    return value if value > 0 else 0  # 6-2-1-11


def _applies(mod: dict, source_seat: int, subject_seat: int) -> bool:
    scope = mod.get("applies", "own")
    return scope == "both" or (scope == "own") == (source_seat == subject_seat)


def set_result(s: SakuraState, winner: int | None, reason: str, rule: str = "4-2") -> None:
    s.result = Result(winner, winner is None, reason, rule)
    s.phase = "over"
    emit(s, {"type": "game_over", "winner": winner, "draw": winner is None, "reason": reason, "rule": rule})


def check_victory(s: SakuraState) -> None:
    """4-2: a Life of 0 ends the game at once; both at 0 together is a draw (A-1)."""
    tok = s.tok
    if tok[LIFE[0]] and tok[LIFE[1]]:
        return  # both players still have Life (every step but the last)
    zero = [p for p in (0, 1) if tok[LIFE[p]] == 0]
    if len(zero) == 2:
        if s.options["both_lives_zero"] == "draw":
            set_result(s, None, "both players' Life reached 0 at the same time", "4-2")
        else:
            set_result(s, s.active, "both Lives reached 0; the turn player wins (rule option)", "4-2")
    else:
        set_result(s, 1 - zero[0], f"seat {zero[0]}'s Life is 0", "4-2")
    raise GameOver()
