"""Building Sakura Arms positions for scenario tests from the sample card set."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.core.flow import Flow
from engine.core.game import Deck, Game
from engine.games.sakura_arms import RULES
from engine.games.sakura_arms.flow import PROCESSOR
from engine.games.sakura_arms.state import AURA, DIST, FLARE, LIFE, SHADOW, TOTAL_TOKENS

SORA_HOSHI = Deck("a", {"goddesses": ["sora", "hoshi"],
                        "normal": ["sora-n1", "sora-n2", "sora-n3", "sora-n4", "sora-n5", "sora-n6", "sora-n7"],
                        "special": ["sora-s1", "sora-s2", "hoshi-s1"]})
KAZE_TSUKI = Deck("b", {"goddesses": ["kaze", "tsuki"],
                        "normal": ["kaze-n1", "kaze-n2", "kaze-n3", "kaze-n4", "kaze-n5", "kaze-n6", "tsuki-n1"],
                        "special": ["kaze-s1", "kaze-s2", "tsuki-s1"]})


def new_game(first: int = 0, options: dict | None = None, deck_a: Deck = SORA_HOSHI,
             deck_b: Deck = KAZE_TSUKI) -> Game:
    """A fresh game (before the mulligans) whose first player is `first`."""
    for seed in range(50):
        game = Game(RULES, [deck_a, deck_b], seed, options)
        if game.state.first == first:
            return game
    raise AssertionError("no seed gives that first player")


def started(first: int = 0, mode: str | None = "standard", **kw) -> Game:
    """Both players keep their hands; seat `first` is in turn 1 (main phase if `mode`)."""
    game = new_game(first, **kw)
    for _ in range(2):
        req = game.pending()
        game.act(req.seat, {"type": "mulligan", "cards": []})
    if mode:
        game.act(first, {"type": "main_mode", "mode": mode})
    return game


def card(game: Game, seat: int, card_id: str) -> int:
    for c in game.state.table.cards:
        if c.owner == seat and c.defn.id == card_id:
            return c.id
    raise KeyError(card_id)


def place(game: Game, seat: int, card_id: str, zone: str, used: bool = False) -> int:
    """Put a card of this seat in a zone (Specials go unused unless `used`)."""
    s = game.state
    cid = card(game, seat, card_id)
    s.table.move(cid, seat, zone)
    s.special_used.discard(cid)
    if zone == "special":
        if used:
            s.special_used.add(cid)
        else:
            s.table.face_down.add(cid)
    elif zone == "facedown":
        s.table.face_down.add(cid)
    game.state_changed()
    return cid


def clear_hand(game: Game, seat: int) -> None:
    s = game.state
    for c in list(s.table.zone(seat, "hand")):
        s.table.move(c, seat, "out")
        s.table.face_down.add(c)
    game.state_changed()


def tokens(game: Game, distance: int | None = None, aura: tuple | None = None, life: tuple | None = None,
           flare: tuple | None = None) -> None:
    """Set token zones; Shadow takes up the rest so the total stays 36."""
    tok = game.state.tok
    if distance is not None:
        tok[DIST] = distance
    for values, keys in ((aura, AURA), (life, LIFE), (flare, FLARE)):
        if values is not None:
            tok[keys[0]], tok[keys[1]] = values
    others = sum(v for k, v in tok.items() if k != SHADOW)
    tok[SHADOW] = TOTAL_TOKENS + game.state.out_net - others
    assert tok[SHADOW] >= 0, "too many tokens for one game"
    game.state_changed()


def enhance_tokens(game: Game, cid: int, n: int) -> None:
    """Give an Enhancement `n` tokens taken from Shadow (then from Distance if Shadow is short)."""
    tok = game.state.tok
    from_shadow = min(n, tok[SHADOW])
    tok[SHADOW] -= from_shadow
    tok[DIST] -= n - from_shadow
    assert tok[DIST] >= 0
    tok[100 + cid] = n
    game.state_changed()


def enhancement(game: Game, seat: int, card_id: str, n: int = 2) -> int:
    """Put `card_id` into `seat`'s Enhancement zone with `n` sakura tokens on it."""
    cid = place(game, seat, card_id, "enhancement")
    enhance_tokens(game, cid, n)
    return cid


def keep_hands(game: Game) -> None:
    """Both players keep their opening hands (4-1 step 5)."""
    for _ in range(2):
        req = game.pending()
        game.act(req.seat, {"type": "mulligan", "cards": []})


def act(game: Game, seat: int, action: dict) -> list[dict]:
    return [e.for_seat(None) for e in game.act(seat, action)]


def refused(game: Game, seat: int, action: dict, rule: str) -> IllegalAction:
    before = game.state_hash()
    with pytest.raises(IllegalAction) as exc:
        game.act(seat, action)
    assert exc.value.rule == rule, (exc.value.rule, exc.value.message)
    assert exc.value.message and game.state_hash() == before
    return exc.value


def actions(game: Game) -> list[dict]:
    return [o.action for o in game.pending().options]


def resolve_attack(game: Game, to: str = "aura", react: dict | None = None) -> list[dict]:
    """Answer the Reaction window (no Reaction unless `react`) and the damage choice."""
    events = []
    for _ in range(10):
        req = game.pending()
        if req is None or req.kind not in ("reaction", "damage"):
            break
        if req.kind == "reaction":
            events += act(game, req.seat, react or {"type": "no_reaction"})
            react = None
        else:
            events += act(game, req.seat, {"type": "take_damage", "to": to})
    return events


def kinds(events: list[dict]) -> list[str]:
    return [e["type"] for e in events if e]


def answer_until(game: Game, kind: str, answers: dict | None = None, limit: int = 60) -> None:
    """Answer pending requests (keep, standard, end, no reaction, no reshuffle, first option)
    until a request of `kind` is pending."""
    answers = answers or {}
    for _ in range(limit):
        req = game.pending()
        if req is None or req.kind == kind:
            return
        default = {"mulligan": {"type": "mulligan", "cards": []}, "main_start": {"type": "main_mode", "mode": "standard"},
                   "main": {"type": "end_main"}, "reaction": {"type": "no_reaction"},
                   "reshuffle": {"type": "reshuffle", "reshuffle": False}}.get(req.kind, req.options[0].action)
        game.act(req.seat, answers.get(req.kind, default))
    raise AssertionError(f"no {kind} request came")


def resolve_now(s, procedure, *args) -> Flow:
    """Run a rules procedure (flow.py) on a flow of its own, until it asks or is done; the
    game's own flow is left as it was. Returns that flow: `asking` is what it waits for."""
    saved, s.flow = s.flow, Flow()
    try:
        procedure(s, *args)
        PROCESSOR.advance(s)
        return s.flow
    finally:
        s.flow = saved


def answer_now(s, detached: Flow, seat: int, action: dict) -> Flow:
    """Answer what a flow of `resolve_now` waits for, and run it on."""
    saved, s.flow = s.flow, detached
    try:
        PROCESSOR.answer(s, seat, action)
        return s.flow
    finally:
        s.flow = saved


ONE_CARD_FILE = """goddesses:
  - {id: g1, name: One, number: 1}
  - {id: g2, name: Two, number: 2}
cards:
  - id: g1-n1
    goddess: g1
    name: Spark
    category: normal
    type: action
    on_use:
      - %s
"""


def one_card_problem(folder, effect: str) -> tuple[str, str]:
    """Load a card file whose one card uses `effect` (YAML, on line 11); its one problem, and
    the file's path as problems name it."""
    from pathlib import Path

    from engine.core.errors import DataError
    from engine.games.sakura_arms import SakuraArmsRules

    path = Path(folder) / "cards.yaml"
    path.write_text(ONE_CARD_FILE % effect, encoding="utf-8")
    with pytest.raises(DataError) as err:
        SakuraArmsRules.load_cards(path)
    (problem,) = err.value.problems
    return str(path), problem
