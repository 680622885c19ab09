"""Building Qiguang positions for scenario tests, from the test card set in ./data (the sample
cards plus a few test-only cards)."""

from __future__ import annotations

from pathlib import Path

from engine.core.game import Deck, Game

from tests.refusals import refused  # noqa: F401 - re-exported for the tests
from engine.games.qiguang import QiguangRules
from engine.core.flow import Step
from engine.games.qiguang.effects import new_mana_source
from engine.games.qiguang.state import BattlePhase, DrawChoice, MainPhase, PhaseBegin, ResponseWindow

RULES = QiguangRules(Path(__file__).parent / "data")
FILLER = ["Millstone Guard", "Orchard Hauler", "Lantern Scholar", "Skyrail Reserve", "Harvest Feast"]


def card_id(name: str) -> str:
    for c in RULES.cards().values():
        if c.name == name:
            return c.id
    raise KeyError(name)


def deck(*names: str, size: int = 30, name: str = "test") -> Deck:
    """A deck holding `names` (as often as listed), padded with filler to `size` cards."""
    chosen = list(names)
    i = 0
    while len(chosen) < size:
        chosen.append(FILLER[i % len(FILLER)])
        i += 1
    return Deck(name, {"main": [card_id(n) for n in chosen]})


SPARES = ("Gale Courier", "Sudden Squall", "Null Sigil", "Flash of Insight", "Storm Marshal", "Bedrock Matron",
          "Starfall Archmage", "Prism Warden", "Thunderhead Striker", "Cinderwing Ascendant", "Quarry Sentinel",
          "Cloudwright Heir", "Glimmer Adept", "Warlord's Levy", "Sunlit Meadow", "Thunder Peaks",
          "Eternal Twilight", "Withering Realm", "Flickering Omen", "Arcane Torrent", "Starlight Tithe",
          "Crystal Attunement", "Homeward Breeze", "Final Verdict", "Heroic Charge", "Brittle Decoy",
          "Windmill Engine", "Storm Rod", "Second Wind", "Rolling Quake", "Banner of the Herd", "Furrow Tiller",
          "Shard of Candor", "Shard of Mirth", "Shard of Constancy", "Shard of Largesse", "Shard of Tenderness",
          "Shard of Wonder", "Wellspring Draught", "Scorched Accord", "Cloud Loom", "Shared Almanac",
          "Daring Updraft")


def full_deck(name: str) -> Deck:
    """Two of every card scenario tests use, so `arrange` can take what it needs."""
    return deck(*[n for n in SPARES for _ in range(2)], size=len(SPARES) * 2 + 20, name=name)


def new_game(seed: int = 0, options: dict | None = None, decks: list[Deck] | None = None) -> Game:
    """Scenario games ask for Lightning responses only when a player can respond
    (`lightning_stops=when_able`), so each test sees just the windows its rule is about;
    the default (`always`) has its own test."""
    return Game(RULES, decks or [full_deck("a"), full_deck("b")], seed, {"lightning_stops": "when_able", **(options or {})})


def started(seed: int = 0, first: int = 0, options: dict | None = None) -> Game:
    """A game past setup with seat `first` going first (wherever the first request is)."""
    game = new_game(seed, options)
    req = game.pending()
    game.act(req.seat, {"type": "choose_order", "first": req.seat == first})
    return game


def cid(game: Game, seat: int, name: str, zone: str | None = None) -> int:
    """The id of a seat's card with this name: in `zone` if given, else one not in the library."""
    t = game.state.table
    for card in t.cards:
        where = t.zone_name(card.id)
        if card.owner == seat and card.defn.name == name and (
                where == zone if zone else where not in ("library", "exile")):
            return card.id
    raise KeyError(f"seat {seat} has no {name!r}" + (f" in {zone}" if zone else ""))


def arrange(game: Game, seat: int, *, hand: tuple = (), standby: dict | None = None, combat: dict | None = None,
            field: str | None = None, support: tuple = (), graveyard: tuple = (), crystals: tuple = (0, 0, 0),
            tapped: tuple = (0, 0, 0), mana: int = 0, life: int = 20, library: int | None = None) -> None:
    """Put a seat's cards exactly where a scenario needs them; everything else goes to the library.

    `standby`/`combat` map lane -> card name; `crystals`/`tapped` are (earth, pegasus, unicorn);
    `mana` is the number of Mana Sources in hand; `library` keeps only that many library cards."""
    s, t = game.state, game.state.table
    for card in t.cards:
        if card.owner != seat:
            continue
        s.damage.pop(card.id, None)
        s.perm.pop(card.id, None)
        s.temp.pop(card.id, None)
        target = "exile" if card.defn.type == "token" else "library"
        if t.zone_name(card.id) != target:
            t.move(card.id, seat, target)
    if s.world == seat:
        s.world = None

    def take(name: str, zone: str) -> int:
        for c in t.zone(seat, "library"):
            if t.cards[c].defn.name == name:
                t.move(c, seat, zone)
                return c
        raise KeyError(f"seat {seat}'s library has no more {name!r}")

    for name in hand:
        take(name, "hand")
    for lane, name in (standby or {}).items():
        take(name, f"standby{lane}")
    for lane, name in (combat or {}).items():
        take(name, f"combat{lane}")
    if field:
        take(field, "field")
        if t.cards[t.zone(seat, "field")[0]].defn.world:
            s.world = seat
    for name in support:
        take(name, "support")
    for name in graveyard:
        take(name, "graveyard")
    for _ in range(mana):
        new_mana_source(s, seat)
    if library is not None:
        for c in list(t.zone(seat, "library"))[library:]:
            t.move(c, seat, "exile")
    s.crystals[seat] = [*crystals, *tapped]
    s.life[seat] = life
    game.state_changed()


def set_phase(game: Game, active: int, phase: str = "main", stage: str = "act", turn: int = 3,
              window: ResponseWindow | None = None, **flags) -> None:
    """Make `active` the turn player in `phase` at `stage` ("act" = free to act; "window" and
    "attack_window": `window`, by default a fresh one for the turn player), turn flags reset."""
    s = game.state
    s.active, s.turn, s.phase = active, turn, phase
    s.first_turn_done = True
    s.chain.clear()
    s.closing = False
    s.flow.stop()  # nothing queued, nothing asked: the course step below is asked (or run by `proceed`)
    s.flow.settled.clear()  # what resolved by itself before the edit is not this position's
    s.inheritor_gained = False
    s.leader_used = [False, False]
    s.abilities_used.clear()
    s.attacked.clear()
    for name, value in flags.items():
        setattr(s, name, value)
    step = _course(s, stage, window)
    if type(step) is PhaseBegin:
        s.flow.then(step)  # `proceed` runs it
    else:
        s.flow.asking = step
    game.state_changed()


def _course(s, stage: str, window: ResponseWindow | None) -> Step:
    """The course step of an edited position (engine.games.qiguang.state.COURSE)."""
    if stage == "draw_choice":
        return DrawChoice(s.active)
    if stage == "begin":
        return PhaseBegin()
    if stage in ("window", "attack_window"):
        return window or ResponseWindow(s.active)
    return MainPhase(s.active) if s.phase == "main" else BattlePhase(s.active)


def pay(game: Game, seat: int, earth: int = 0, pegasus: int = 0, unicorn: int = 0, mana: int = 0) -> list:
    return game.act(seat, {"type": "pay", "earth": earth, "pegasus": pegasus, "unicorn": unicorn, "mana": mana})


def pass_until(game: Game, kinds: tuple = ("main",)) -> None:
    """Pass response windows and declines until the pending request is of one of `kinds`."""
    for _ in range(50):
        req = game.pending()
        if req is None or req.kind in kinds:
            return
        if req.kind not in ("window", "respond"):
            raise AssertionError(f"stuck at a {req.kind} request: {req.prompt}")
        game.act(req.seat, {"type": "pass"})
    raise AssertionError("never reached " + ", ".join(kinds))


def names(game: Game, seat: int, zone: str) -> list[str]:
    t = game.state.table
    return [t.cards[c].defn.name for c in t.zone(seat, zone)]


def event_types(events: list) -> list[str]:
    return [e.data["type"] for e in events]


def untapped(game: Game, seat: int) -> list[int]:
    return game.state.crystals[seat][:3]


def tapped(game: Game, seat: int) -> list[int]:
    return game.state.crystals[seat][3:]
