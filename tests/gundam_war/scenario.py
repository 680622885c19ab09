"""Building Gundam War positions for scenario tests from the sample card set."""

from __future__ import annotations

from collections import Counter, deque

from engine.core.errors import IllegalAction
from engine.core.game import Deck, Game

from engine.games.gundam_war import RULES
from engine.games.gundam_war.flow import PROCEED
from engine.games.gundam_war.state import AREAS, Priority, Sortie, choice

FILL = {"blue": "Aurora Shipyard", "green": "Verdant Foundry", "white": "Ivory Colony"}


def card_id(title: str) -> str:
    for c in RULES.cards().values():
        if c.title == title or c.name == title:
            return c.id
    raise KeyError(title)


def deck(*titles: str, fill: str = "Aurora Shipyard", name: str = "test") -> Deck:
    """A legal 50-card deck: these cards (at most 3 of a name) padded with a Basic G."""
    chosen = [card_id(t) for t in titles]
    assert all(n <= 3 for i, n in Counter(chosen).items() if RULES.cards()[i].type != "g"), "too many copies"
    chosen += [card_id(fill)] * (50 - len(chosen))
    return Deck(name, {"main": chosen})


def game(deck_a: Deck | None = None, deck_b: Deck | None = None, seed: int = 0, options: dict | None = None) -> Game:
    """Seat 0 plays the Aurora sample deck, seat 1 the Verdant one, unless decks are given."""
    aurora, verdant = RULES.sample_decks()
    return Game(RULES, [deck_a or aurora, deck_b or verdant], seed,
                {"auto_pass": "always", **(options or {})})


def cid(g: Game, seat: int, title: str, zone: str | None = None, nth: int = 0) -> int:
    t = g.state.table
    found = [c.id for c in t.cards if c.owner == seat and (c.defn.title == title or c.defn.name == title)
             and (zone is None or t.zone_name(c.id) == zone)]
    if zone is None:                      # prefer cards a scenario placed over those left in the Homeland
        found.sort(key=lambda c: (t.zone_name(c) == "homeland", c))
        return found[nth]
    if len(found) <= nth:
        raise KeyError(f"seat {seat} has no {title!r}" + (f" in {zone}" if zone else ""))
    return sorted(found)[nth]


def arrange(g: Game, seat: int, *, hand: tuple = (), deploy: tuple = (), rolled: tuple = (),
            squads: dict | None = None, junk: tuple = (), homeland_top: tuple = ()) -> dict[str, int]:
    """Put a seat's cards exactly where a scenario needs them; all others go to the Homeland.

    `deploy` and `rolled` put cards in the Deploy Area (rolled ones rolled); `squads` maps an
    area to titles front first. Returns title -> card id of the placed cards (last wins)."""
    s, t = g.state, g.state.table
    for card in t.cards:
        if card.owner == seat and t.zone_name(card.id) != "homeland":
            for book in (s.damage, s.turn_mods, s.coins, s.set_on, s.treated):
                book.pop(card.id, None)
            for st in (s.rolled, s.destroyed, s.zero_defense, s.transformed, s.dismantled, s.variable_g, s.g_text):
                st.discard(card.id)
            t.move(card.id, seat, "homeland")
    placed: dict[str, int] = {}

    def take(title: str, zone: str) -> int:
        for c in t.zone(seat, "homeland"):
            d = t.cards[c].defn
            if d.title == title or d.name == title:
                t.move(c, seat, zone)
                placed[title] = c
                return c
        raise KeyError(f"seat {seat}'s Homeland has no more {title!r}")

    for title in hand:
        take(title, "hand")
    for title in deploy:
        take(title, "deploy")
    for title in rolled:
        s.rolled.add(take(title, "deploy"))
    for area, titles in (squads or {}).items():
        assert area in AREAS
        for title in titles:
            take(title, area)
    for title in junk:
        take(title, "junk")
    for title in reversed(homeland_top):
        c = take(title, "homeland")
        t.move(c, seat, "homeland", 0)
    g.state_changed()
    return placed


def put_set(g: Game, card: int, target: int) -> None:
    """Set `card` (already placed anywhere) on `target` directly."""
    from engine.games.gundam_war.effects import set_card
    set_card(g.state, card, target)
    g.state_changed()


def at(g: Game, step: str, active: int = 0, turn: int = 3, **attrs) -> None:
    """Make `active` the active player at `step` of game turn `turn`, per-turn trackers reset."""
    s = g.state
    s.phase, s.active, s.turn, s.step = "turn", active, turn, step
    s.priority, s.passes = active, 0
    s.flow.steps, s.flow.asking = deque([PROCEED]), Priority()
    s.cut, s.pending, s.ordering = [], [], []
    for st in (s.text_uses, s.cut_uses, s.change_used, s.fired, s.nondup, s.sortied, s.resupplied, s.front_gone):
        st.clear()
    s.slots.clear()
    s.played_names.clear()
    if step.startswith(("attack_fx", "defense_fx")):
        s.flow.asking = Sortie(active if step.startswith("attack") else 1 - active)
    for k, v in attrs.items():
        setattr(s, k, v)
    g.state_changed()


def refused(g: Game, seat: int, action: dict) -> IllegalAction:
    """Act and expect a refusal; also checks that the refusal changed nothing."""
    before = g.state_hash()
    n = len(g.decisions)
    try:
        g.act(seat, action)
    except IllegalAction as exc:
        assert g.state_hash() == before and len(g.decisions) == n
        return exc
    raise AssertionError(f"{action} was accepted")


def pass_until(g: Game, predicate, limit: int = 60) -> None:
    """Both seats pass (and finish sorties) until `predicate(g)` holds."""
    for _ in range(limit):
        if predicate(g):
            return
        r = g.pending()
        assert r is not None, "the game ended"
        if r.kind == "sortie":
            g.act(r.seat, {"type": "sortie_done"})
        else:
            g.act(r.seat, {"type": "pass"})
    raise AssertionError("predicate never held")


def until(g: Game, step: str) -> list[dict]:
    """Pass (and finish sorties with nothing more) until the turn machine reaches `step`."""
    events = []
    for _ in range(60):
        if g.state.step == step and choice(g.state) is None or g.pending() is None:
            return events
        r = g.pending()
        if type(choice(g.state)) is Sortie and step.endswith("_fx"):
            if step.startswith("attack" if r.seat == g.state.active else "defense"):
                return events
        answer = {"sortie": {"type": "sortie_done"}, "order": {"type": "order", "index": 0}}.get(r.kind, {"type": "pass"})
        events += [e.data for e in g.act(r.seat, answer)]
    raise AssertionError(f"never reached {step}")


def zone_titles(g: Game, seat: int, zone: str) -> list[str]:
    t = g.state.table
    return [t.cards[c].defn.title for c in t.zone(seat, zone)]


def lancehead_with_no_enemy_unit():
    """Seat 1 plays ZG-15 Lancehead (Auto C: 1 damage to an enemy Unit) while seat 0 has no Unit,
    and both pass: the Auto C has no legal target (GW-A-13.2). Returns the game, the Lancehead's
    id and the events of the last pass."""
    g = game(deck_b=deck("ZG-15 Lancehead", fill="Verdant Foundry"))
    lance = arrange(g, 1, hand=("ZG-15 Lancehead",), deploy=("Verdant Foundry",) * 2)["ZG-15 Lancehead"]
    arrange(g, 0)
    at(g, "deploy_ft", active=1)
    g.act(1, {"type": "play", "card": lance})
    g.act(1, {"type": "pass"})
    return g, lance, g.act(0, {"type": "pass"})
