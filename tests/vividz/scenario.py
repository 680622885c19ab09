"""Building Vividz positions for scenario tests from the sample card set.

`started()` plays setup (601) with chosen first player; `put()` moves a named card of a seat
into a zone (and slot) directly, as a judge arranging a table would."""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.events import redacted as core_redacted
from engine.core.game import Game

from engine.games.vividz import RULES, flow
from engine.games.vividz import effects as fx
from engine.games.vividz.state import MainPhase, defn, describe, zone

__all__ = ["RULES", "started", "put", "find", "act", "refused", "main_turn", "resolve_all", "preprocess", "my_main", "run_ability", "zone", "defn", "IllegalAction"]


def find(game: Game, seat: int, name: str, zones: tuple = ("deck",)) -> int:
    st = game.state
    for z in zones:
        for c in zone(st, seat, z):
            if defn(st, c).name == name:
                return c
    raise KeyError(f"no {name!r} for seat {seat} in {zones}")


def _top(game: Game, seat: int, cost: int) -> None:
    deck = zone(game.state, seat, "deck")
    c = next(c for c in deck if defn(game.state, c).cost == cost)
    deck.remove(c)
    deck.insert(0, c)


def started(seed: int = 0, first: int = 0, options: dict | None = None, decks=None) -> Game:
    """A game past setup, in the Main phase of turn 1 for seat `first`, hands of 5 (4-and-1 energy
    for the second player per 601.1e)."""
    game = Game(RULES, decks, seed, options)
    _top(game, first, 3)       # 601.1d: the higher revealed cost goes first
    _top(game, 1 - first, 1)
    for seat in (0, 1):
        req = game.pending()
        game.act(req.seat, req.options[0].action)
    for _ in range(2):
        req = game.pending()
        game.act(req.seat, req.options[0].action)
    assert game.pending().kind == "main" and game.state.tp == first
    return game


def put(game: Game, seat: int, name: str, dest: str, slot: int | None = None, frm: tuple = ("deck", "hand", "energy", "trash")) -> int:
    """Move a card named `name` of `seat` into `dest` (a slot for the Area) without any trigger."""
    st = game.state
    c = find(game, seat, name, frm)
    st.table.move(c, seat, dest)
    st.inc[c] += 1
    st.clock += 1
    st.entered[c] = st.clock
    if dest == "area":
        st.slot[c] = slot or 2
        st.seq[c] = st.clock
    game.state_changed()
    return c


def act(game: Game, action: dict, seat: int | None = None) -> list:
    req = game.pending()
    return game.act(req.seat if seat is None else seat, action)


def refused(game: Game, action: dict, seat: int | None = None) -> IllegalAction:
    before = game.state_hash()
    try:
        act(game, action, seat)
    except IllegalAction as exc:
        assert game.state_hash() == before, "a refused move changed the state"
        return exc
    raise AssertionError(f"{action} was not refused")


def main_turn(game: Game, turn: int = 2) -> Game:
    """Pass turns (playing nothing, keeping and charging nothing) until `turn`'s Main phase."""
    while game.state.turn < turn or game.pending().kind != "main":
        req = game.pending()
        pick = next((o.action for o in req.options if o.action["type"] in ("pass", "skip", "done", "decline")),
                    req.options[0].action)
        game.act(req.seat, pick)
    return game


def redacted(st) -> list:
    """This decision's events (`st.events`, recorded with `CardRef`s) for each seat, as the
    rules object hands them out (engine/core/events.py)."""
    return core_redacted(st.table, st.events, lambda card: describe(st, card))


def end_decision(st) -> None:
    """What the rules object does when a decision ends: this decision's events (recorded with
    `CardRef`s) go through the core redactor; events of earlier decisions stay as they were."""
    st.events = redacted(st)


def resolve_all(game: Game) -> None:
    game.state_changed()
    flow.PROCESSOR.advance(game.state)
    end_decision(game.state)
    game.state_changed()


def my_main(seed: int = 1, turn: int = 3) -> Game:
    """A started game at seat 0's Main phase of `turn` (seat 0 goes first)."""
    game = main_turn(started(seed=seed, first=0), turn)
    assert game.state.tp == 0 and game.pending().kind == "main"
    return game


def run_ability(game: Game, seat: int, effects: list, source: int | None = None) -> None:
    """Resolve `effects` as an ability of `source` (the seat's Account card by default)."""
    st = game.state
    src = source if source is not None else zone(st, seat, "account")[0]
    st.flow.asking = None
    flow.push(st, flow.PP, MainPhase(st.tp))
    fx.push_frame(st, src, seat, tuple(effects), st.inc[src])
    resolve_all(game)


def preprocess(game: Game) -> None:
    """Run priority pre-processing (202) now, then give the Main-phase decision back."""
    st = game.state
    assert type(st.flow.asking) is MainPhase
    st.flow.asking = None
    flow.push(st, flow.PP, MainPhase(st.tp))
    resolve_all(game)


def extra(game: Game, seat: int, card_id: str, dest: str = "hand", slot: int | None = None) -> int:
    """Add a new instance of a rules-coverage card (not in the sample decks) for `seat` to `dest`,
    as a judge adding a card to a test table would; its [Cont]/state abilities are registered."""
    st = game.state
    t = st.table
    new = len(t.cards)
    d = RULES.cards()[card_id]
    t.add_card(seat, d, dest, new)
    st.inc.append(0)
    st.clock += 1
    st.entered.append(st.clock)
    if d.conts:
        st.cont_cards = sorted(st.cont_cards + [new])
        st.cont_zones[new] = frozenset(d.abilities[i].zone for i in d.conts)
        if any("set_power" in item for i in d.conts for item in d.abilities[i].continuous):
            st.setter_cards = st.setter_cards | {new}
    if any(d.abilities[i].trigger == "state" for i in d.autos):
        st.state_cards = sorted(st.state_cards + [new])
    if dest == "area":
        st.slot[new] = slot or 2
        st.seq[new] = st.clock
    if dest == "deck":
        t.zone(seat, "deck").remove(new)
        t.zone(seat, "deck").insert(0, new)
    game.state_changed()
    return new
