"""Building kaiju positions for scenario tests, from the small test card set in ./data."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from engine.core.flow import Flow
from engine.core.game import Deck, Game

from tests.refusals import refused  # noqa: F401 - re-exported for the tests
from engine.games.kaiju import KaijuRules
from engine.games.kaiju.state import MainPhase

RULES = KaijuRules(Path(__file__).parent / "data")
_FILLER = ["Tank", "Young Omega", "Zeta", "Epsilon", "Beta", "Gamma", "Alpha", "Delta", "Elder Omega",
           "Spark", "Mend", "Surge", "Scrap", "Warp", "Revert", "Fortress", "Supply Line", "Drain", "Meteor"]


def card_id(title: str) -> str:
    for c in RULES.cards().values():
        if c.title == title:
            return c.id
    raise KeyError(title)


def deck(*titles: str, name: str = "test") -> Deck:
    """A legal 40-card deck holding `titles`, padded with filler (at most 3 per name)."""
    chosen = list(titles)
    counts = Counter(RULES.cards()[card_id(t)].name for t in chosen)
    for filler in _FILLER * 3:
        if len(chosen) >= 40:
            break
        n = RULES.cards()[card_id(filler)].name
        if counts[n] < 3:
            chosen.append(filler)
            counts[n] += 1
    return Deck(name, {"main": [card_id(t) for t in chosen]})


def started(seed: int = 0, first: int = 0, options: dict | None = None,
            deck_a: Deck | None = None, deck_b: Deck | None = None) -> Game:
    """A game past setup: seat `first` is in the main phase of turn 1."""
    game = Game(RULES, [deck_a or deck(name="a"), deck_b or deck(name="b")], seed, options)
    req = game.pending()
    game.act(req.seat, {"type": "choose_order", "first": req.seat == first})
    for _ in range(2):
        req = game.pending()
        game.act(req.seat, req.options[0].action)
    return game


def cid(game: Game, seat: int, title: str, zone: str | None = None) -> int:
    """The id of a seat's card with this title (in `zone` if given)."""
    t = game.state.table
    for card in t.cards:
        if card.owner == seat and card.defn.title == title and (zone is None or t.zone_name(card.id) == zone):
            return card.id
    raise KeyError(f"seat {seat} has no {title!r}" + (f" in {zone}" if zone else ""))


def arrange(game: Game, seat: int, *, engaged: str | None = None, support: tuple = (), hand: tuple = (),
            deployment: tuple = (), spirit: tuple = (), discard: tuple = (),
            enhancements: dict[str, list[str]] | None = None, damage: dict[str, int] | None = None) -> None:
    """Put a seat's cards exactly where a scenario needs them; all others go to the deck.

    Titles in `enhancements`/`damage` refer to the engaged or support cards named here.
    """
    state, t = game.state, game.state.table
    for card in t.cards:
        if card.owner == seat:
            state.damage.pop(card.id, None)
            state.stack.pop(card.id, None)
            state.host.pop(card.id, None)
            if t.zone_name(card.id) != "deck":
                t.move(card.id, seat, "deck")

    def take(title: str, zone: str) -> int:
        for cid_ in t.zone(seat, "deck"):
            if t.cards[cid_].defn.title == title:
                t.move(cid_, seat, zone)
                return cid_
        raise KeyError(f"seat {seat}'s deck has no more {title!r}")

    placed: dict[str, int] = {}
    if engaged:
        placed[engaged] = take(engaged, "engaged")
    for title in support:
        placed.setdefault(title, take(title, "support"))
    for zone, titles in (("hand", hand), ("deployment", deployment), ("spirit", spirit), ("discard", discard)):
        for title in titles:
            take(title, zone)
    for host_title, under in (enhancements or {}).items():
        host = placed[host_title]
        for title in under:
            enh = take(title, "enhancement")
            state.stack.setdefault(host, []).append(enh)
            state.host[enh] = host
    for title, amount in (damage or {}).items():
        state.damage[placed[title]] = amount
    game.state_changed()


def set_turn(game: Game, active: int, turn: int = 3, **flags) -> None:
    """Make `active` the player in the main phase of game turn `turn`, per-turn flags reset."""
    s = game.state
    s.active, s.turn, s.phase = active, turn, "main"
    s.flow = Flow(asking=MainPhase(active))
    s.deploys_left, s.enhances_left = 1, 1
    s.reinforcement_played = s.attack_or_heal_used = s.engaged_acted = False
    s.attacked_cards.clear()
    s.action_uses.clear()
    s.retreats = 0
    for name, value in flags.items():
        setattr(s, name, value)
    game.state_changed()




def option_types(game: Game) -> set[str]:
    return {o.action["type"] for o in game.pending().options}


def titles(game: Game, seat: int, zone: str) -> list[str]:
    """Titles of the cards in one of a seat's zones, in zone order."""
    t = game.state.table
    return [t.cards[c].defn.title for c in t.zone(seat, zone)]
