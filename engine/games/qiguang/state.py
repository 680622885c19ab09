"""Qiguang game state and the read-only questions the rules ask about it.

Zones follow the spec's layout table: library hidden, hand owner-only, everything else public.
Each lane has its own standby and combat zone (`standby1`, `combat1`, ...), one card each
(QG-G2); zones for lanes beyond the `lanes` option stay empty. Crystals are counters, not
cards: `crystals[seat]` is [untapped earth, pegasus, unicorn, tapped earth, pegasus, unicorn].
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple

from engine.core.flow import Flow, Step
from engine.core.hashing import cache, fixed
from engine.core.events import HeldEvents, emit  # noqa: F401 (emit: the game's modules record events through it)
from engine.core.requests import Result
from engine.core.zones import Table, Visibility, ZoneSpec, zone_key, zone_keys

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
# "seat.zone" keys of the Table by seat and zone name, made once (the rules look zones up all the time)
ZONE_KEY = zone_keys(spec.name for spec in ZONES)
# the keys of each seat's lane zones by row and lane number (`at` runs about once per decision)
LANE_KEY = tuple({row: {lane: zone_key(seat, f"{row}{lane}") for lane in range(1, MAX_LANES + 1)}
                  for row in ("standby", "combat")} for seat in (0, 1))
CRYSTAL_CAP = 10  # QG-5.4
START_LIFE = 20  # QG-1.3
OPENING_HAND = 6  # QG-1.4
PHASES = ("preparation", "draw", "main", "battle", "end")  # QG-3.1
RACE_INDEX = {r: i for i, r in enumerate(RACES)}


@dataclass(slots=True)
class Link:
    """One chain link (QG-9): a card play or an ability activation. `cancelled` is set when a
    later link negates it (QG-9.2)."""

    seat: int
    kind: str  # "summon" | "play" | "ability"
    card: int | None
    source: int | None
    index: int | None
    lane: int | None
    target: int | None
    x: int
    mana: list[int]
    cancelled: bool = False


@dataclass(frozen=True, slots=True)
class EffectCtx:
    """Who resolves an effect, from which card, the target chosen when it was played (None if
    none) and the X paid (QG-G32)."""

    seat: int
    source: int | None = None
    target: int | None = None
    x: int = 0


# -- steps (engine/core/flow.py): what the game does next, and what it waits for -------------

_DECIDING = "Seat {seat} is deciding now ({prompt}); wait for them."
_PRIORITY = "Seat {seat} has priority now ({prompt}); wait for them."


@dataclass(frozen=True, slots=True)
class ChooseOrder(Step):
    """QG-1.2: the coin-toss winner goes first or second."""
    seat: int
    asks = True
    rule = "QG-9.1"
    wait = _DECIDING


@dataclass(frozen=True, slots=True)
class Pay(Step):
    """QG-4.1: a card play or ability activation waiting for its cost."""
    seat: int
    kind: str  # "summon" | "play" | "ability"
    card: int
    index: int | None
    lane: int | None
    target: int | None
    x: int = 0  # an X declared as the card was played (QG-G32 `declare_x`); a paid X is counted at payment
    asks = True
    rule = "QG-9.1"
    wait = _DECIDING


@dataclass(frozen=True, slots=True)
class DrawChoice(Step):
    """QG-3.3.1: the active player draws or takes a Mana Source."""
    seat: int
    asks = True
    rule = "QG-9.1"
    wait = _DECIDING


@dataclass(frozen=True, slots=True)
class CrystalCap(Step):
    """QG-5.4: at 10 crystals the player removes one before gaining a `race` crystal by `gain_rule`."""
    seat: int
    race: str
    gain_rule: str
    asks = True
    rule = "QG-9.1"
    wait = _DECIDING


@dataclass(frozen=True, slots=True)
class Surcharge(Step):
    """QG-9.5: pay `cost` life for the spell just put on the chain, or let it be cancelled."""
    seat: int
    cost: int
    asks = True
    rule = "QG-9.1"
    wait = _DECIDING


@dataclass(frozen=True, slots=True)
class TieAnswer(Step):
    """QG-2.3.2: the opponent offered a tie; `resume` is the decision the offer interrupted."""
    seat: int
    resume: Step | None
    asks = True
    rule = "QG-9.1"
    wait = _DECIDING


@dataclass(frozen=True, slots=True)
class Respond(Step):
    """QG-9.6: the player without the last link may respond with Lightning or decline."""
    seat: int
    asks = True
    rule = "QG-9.6"
    wait = _PRIORITY


@dataclass(frozen=True, slots=True)
class ResponseWindow(Step):
    """QG-G19: a response window at a phase start (`lane` 0) or after an attack is declared in
    `lane` (QG-G22: Lightning before damage). `seat` may respond now; `passes` says how many
    passed in a row: the second pass closes the window."""
    seat: int
    passes: int = 0
    lane: int = 0
    asks = True
    rule = "QG-9.6"
    wait = _PRIORITY


_TURN = ("It is your opponent's turn; you can act when you get a chance to respond with a Lightning card "
         "or ability.")


@dataclass(frozen=True, slots=True)
class MainPhase(Step):
    """QG-3.4: the active player's main phase; every move of it is an answer to this step."""
    seat: int
    asks = True
    rule = "QG-8.1"
    wait = _TURN


@dataclass(frozen=True, slots=True)
class BattlePhase(Step):
    """QG-3.5: the active player's battle phase."""
    seat: int
    asks = True
    rule = "QG-8.1"
    wait = _TURN


@dataclass(frozen=True, slots=True)
class PhaseBegin(Step):
    """QG-3.1: the start of the current phase (its untap, triggers or draw choice)."""


@dataclass(frozen=True, slots=True)
class Proceed(Step):
    """What runs between queued work and the course step (below): an open chain, link by link
    (QG-9), and a response window its seat cannot use (QG-G19 `when_able`), passed for it.
    Each run does one piece and queues itself again, just before the course step."""


@dataclass(frozen=True, slots=True)
class ResolveEffect(Step):
    """One effect of a card, resolved in order."""
    effect: Any
    ctx: EffectCtx


@dataclass(frozen=True, slots=True)
class GainCrystal(Step):
    """QG-5.1: an Inheritor's crystal, gained after its summon resolved."""
    seat: int
    race: str


@dataclass(frozen=True, slots=True)
class ToGraveyard(Step):
    """QG-4.6: a non-persistent spell goes to the graveyard after its effects resolved."""
    card: int


# the course of a turn: exactly one of these is pending in a game under way, the last step
# queued or the step asking (QG-3: where in its phase the game is)
COURSE = frozenset((PhaseBegin, ResponseWindow, MainPhase, BattlePhase, DrawChoice))  # a set: asked at every decision
# decisions a tie offer interrupts and gives back (a course step is queued again instead)
STORED = (Pay, CrystalCap, Surcharge)
WAITING = (DrawChoice, CrystalCap, Surcharge, TieAnswer)
_STAGES = {PhaseBegin: "begin", MainPhase: "act", BattlePhase: "act", DrawChoice: "draw_choice"}


def course(state: "QgState") -> Step | None:
    """The pending course step (COURSE), None before the turn order is chosen or once over."""
    flow = state.flow
    asking = flow.asking
    if type(asking) in COURSE:
        return asking
    steps = flow.steps
    if steps and type(steps[-1]) in COURSE:
        return steps[-1]
    return None


def stage(state: "QgState") -> str:
    """Where in its phase the game is, as views name it: "begin", "window", "attack_window",
    "act" or "draw_choice" (once the game is over: where it ended)."""
    step = course(state)
    if step is None:
        return state.final_stage
    if type(step) is ResponseWindow:
        return "attack_window" if step.lane else "window"
    return _STAGES[type(step)]


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What the rules read of every card of a game, by card id, worked out once (again when a
    card is made: `count` cards were read). Options ask for them at every request."""

    count: int
    lightning: frozenset[int]  # Lightning cards (QG-8.1)
    with_abilities: tuple[int, ...]  # cards with active abilities, in id order
    with_lightning: tuple[int, ...]  # cards with Lightning abilities, in id order
    lasting: bool  # does any character have continuous effects?


_NO_FACTS = CardFacts(-1, frozenset(), (), (), False)


class StatChanges(NamedTuple):
    """The continuous stat changes in play (`stat_changes`) and the cards in play they were
    read from (`key`)."""

    key: tuple
    effects: list[tuple]  # (owner, applies, race, attack, health) of each
    lowers_health: bool  # without one, only a character with damage or a boost of its own can be at 0


_NO_STAT_CHANGES = StatChanges((None,), [], False)


@dataclass(slots=True, eq=False)
class QgState:
    """The declared state (engine/core/hashing.py). There is no random source: nothing is random
    after the shuffles and the coin toss of the setup (QG-1.1, QG-1.2)."""

    table: Table
    options: dict[str, Any] = fixed()
    harmony_cards: list[list[int]] = fixed()  # each seat's cards with `harmony` (QG-0.3), set at setup
    token_base: int = fixed()  # card ids from here on are Mana Source tokens (made after the decks)
    cards: dict[str, CardDef] = cache(None)  # the card data, the same for the whole game
    phase: str = "order"
    # what the view calls the stage once the game is over and no step is left (`stage`)
    final_stage: str = ""
    active: int = 0
    turn: int = 0
    first: int = 0
    coin_winner: int = 0
    life: list[int] = field(default_factory=lambda: [START_LIFE, START_LIFE])
    # [untapped earth, pegasus, unicorn, tapped earth, pegasus, unicorn] per seat
    crystals: list[list[int]] = field(default_factory=lambda: [[0] * 6, [0] * 6])
    damage: dict[int, int] = field(default_factory=dict)  # QG-G7: damage lasts until the card leaves play
    perm: dict[int, list[int]] = field(default_factory=dict)  # permanent [attack, health] boosts
    temp: dict[int, list[int]] = field(default_factory=dict)  # until-end-of-turn boosts
    token_last: list[bool] = field(default_factory=lambda: [False, False])  # QG-3.3.2
    first_turn_done: bool = False
    inheritor_gained: bool = False  # QG-5.2, per turn
    leader_used: list[bool] = field(default_factory=lambda: [False, False])  # QG-7.3 / QG-G23
    abilities_used: set[tuple[int, int]] = field(default_factory=set)
    attacked: set[int] = field(default_factory=set)  # characters that attacked this turn (QG-3.5.1)
    chain: list[Link] = field(default_factory=list)
    closing: bool = False
    world: int | None = None  # owner of the active World field (QG-6.3)
    tie_offered: list[int] = field(default_factory=lambda: [-1, -1])  # the turn each seat last offered a tie
    result: Result | None = None
    flow: Flow = field(default_factory=Flow)
    # this decision's events (engine/core/events.py `emit`), and the last decision's events
    # as handed out, while somebody holds them
    events: list = cache(factory=list)
    held_events: "HeldEvents | None" = cache(None)
    auto_steps: int = cache(0)  # automatic steps in this decision (QG-G31)
    positions: dict = cache(factory=dict)  # positions after a destruction in this decision (QG-2.3.2)
    # the last check (flow.run_check) found nothing and nothing it reads changed since: set by the
    # check; cleared where what it reads may change with no check after it (a response window
    # passed by itself, a position edited and `flow.proceed` run); read by `flow._answer`
    checked: bool = cache(False)
    char_keys: list[list[str]] = cache(None)  # zone keys of each seat's lanes, standby before combat
    play_keys: list[tuple[str, ...]] = cache(None)  # char_keys, then support and field: where abilities are
    play_rank: list[dict[str, int]] = cache(None)  # each play_keys zone key -> its place
    stat_cache: StatChanges = cache(_NO_STAT_CHANGES)  # stat_changes
    facts: CardFacts = cache(_NO_FACTS)  # card_facts
    # each seat's (what it read, Lightning cards in hand it might use): choices._lightning_hand
    lightning_hands: list[tuple | None] = cache(factory=lambda: [None, None])

    def __post_init__(self) -> None:
        n = self.options["lanes"]  # read very often
        self.char_keys = [[f"{s}.{row}{lane}" for lane in range(1, n + 1) for row in ("standby", "combat")]
                          for s in (0, 1)]
        self.play_keys = [(*self.char_keys[s], f"{s}.support", f"{s}.field") for s in (0, 1)]
        self.play_rank = [{key: i for i, key in enumerate(keys)} for keys in self.play_keys]


def defn(state: QgState, card: int) -> CardDef:
    return state.table.cards[card].defn


def owner(state: QgState, card: int) -> int:
    return state.table.cards[card].owner


def zone(state: QgState, seat: int, name: str) -> list[int]:
    return state.table.zones[ZONE_KEY[seat][name]]


def where(state: QgState, card: int) -> str:
    return state.table.name_of[card]


def lanes(state: QgState) -> range:
    return range(1, state.options["lanes"] + 1)


def at(state: QgState, seat: int, row: str, lane: int) -> int | None:
    cards = state.table.zones[LANE_KEY[seat][row][lane]]
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


def card_facts(state: QgState) -> CardFacts:
    """The game's `CardFacts`, with the cards made since they were last worked out."""
    cards = state.table.cards
    facts = state.facts
    if facts.count != len(cards):
        new = [(c.id, c.defn) for c in cards[max(facts.count, 0):]]
        facts = state.facts = CardFacts(len(cards), facts.lightning.union(i for i, d in new if d.lightning),
                                        (*facts.with_abilities, *(i for i, d in new if d.abilities)),
                                        (*facts.with_lightning,
                                         *(i for i, d in new if any(a.lightning for a in d.abilities))),
                                        facts.lasting or any(d.is_character and d.continuous for _, d in new))
    return facts


def _lasting_characters(state: QgState) -> bool:
    """Whether any character of this game has continuous effects (most games have none, so the
    lanes need not be read for every stat)."""
    return card_facts(state).lasting


def sources(state: QgState) -> list[int]:
    """Cards whose continuous effects work now: fields, persistent spells, creations, and
    characters in play (standby and combat zones: "while the card is in play")."""
    z = state.table.zones
    out: list[int] = []
    for seat in (0, 1):
        keys = ZONE_KEY[seat]
        out += z[keys["field"]]
        out += z[keys["support"]]
        if _lasting_characters(state):
            out += [c for key in state.char_keys[seat] for c in z[key] if defn(state, c).continuous]
    return out


def stat_changes(state: QgState) -> StatChanges:
    """Every continuous stat change in play, cached until the cards in play that carry them
    change (derived data, not part of the state hash)."""
    z = state.table.zones
    key = (*z["0.field"], -1, *z["0.support"], -1, *z["1.field"], -1, *z["1.support"])
    if _lasting_characters(state):
        # a character's own continuous effect counts while it is in play
        key = (*key, -2, *(c for seat in (0, 1) for k in state.char_keys[seat] for c in (-1, *z[k])))
    changes = state.stat_cache
    if changes.key != key:
        effects = [(owner(state, src), c.applies, c.race, c.attack, c.health)
                   for src in sources(state) for c in defn(state, src).continuous if c.attack or c.health]
        changes = state.stat_cache = StatChanges(key, effects, any(e[4] < 0 for e in effects))
    return changes


def stat_effects(state: QgState) -> list[tuple]:
    """(owner, applies, race, attack, health) of every continuous stat change in play."""
    return stat_changes(state).effects


def _bonus(state: QgState, card: int, index: int, effects: list[tuple]) -> int:
    """The change to stat `index` (0 attack, 1 health) of `card`: by `effects` (`stat_effects`)
    and its own boosts."""
    total = 0
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
    return defn(state, card).attack + _bonus(state, card, 0, stat_effects(state))


def health(state: QgState, card: int) -> int:
    """Current health: printed health plus changes minus lasting damage (QG-G7)."""
    return health_under(state, card, stat_effects(state))


def health_under(state: QgState, card: int, effects: list[tuple]) -> int:
    """`health` with `stat_effects` already read (a loop over characters reads them once)."""
    return defn(state, card).health + _bonus(state, card, 1, effects) - state.damage.get(card, 0)


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
    return [c for c in state.table.zones[ZONE_KEY[seat]["hand"]] if c >= base]


def crystal_total(state: QgState, seat: int) -> int:
    return sum(state.crystals[seat])


def card_json(state: QgState, card: int) -> dict:
    """How events and views name a card: its id, card-data id and name."""
    d = defn(state, card)
    return {"id": card, "card": d.id, "name": d.name}


