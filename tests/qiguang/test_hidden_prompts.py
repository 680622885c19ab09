"""Hidden information in Qiguang's prompts (issue #19, group 3): whether a seat is asked, and
what it is asked, must not depend on cards the other seat cannot see.

Every Qiguang request is checked here or by its nature: the draw choice depends on the public
QG-3.3.2 flag, the crystal cap and the surcharge on public crystals, life and support cards,
payments on the card just started. The one prompt that could depend on a hand is the
response window (QG-G19): by default (`lightning_stops=always`) it always asks, so the
opponent sees the same course of requests whatever the hand holds; `when_able` trades that
for speed, and this test shows that it does reveal the hand."""

from __future__ import annotations

import pytest

from engine.games.qiguang import RULE_OPTIONS
from tests.qiguang.scenario import arrange, cid, pay, refused, set_phase, started

# the engine's own default (the scenario helpers otherwise play with `when_able`)
DEFAULT = {o.name: o.default for o in RULE_OPTIONS}["lightning_stops"]


def _course_seen_by_seat_0(options: dict, hand_1: tuple[str, ...]) -> list[tuple]:
    """Seat 0 summons, attacks and ends its turn while seat 1 (holding `hand_1`, unseen by seat 0)
    passes whenever asked: the (seat, kind, prompt) of every request, and seat 0's options."""
    game = started(options=options)
    arrange(game, 0, hand=("Millstone Guard",), crystals=(2, 0, 0), combat={2: "Skyrail Reserve"})
    arrange(game, 1, hand=hand_1, crystals=(0, 0, 1))
    set_phase(game, 0, "main")
    script = [{"type": "summon", "card": cid(game, 0, "Millstone Guard"), "lane": 1},
              {"type": "pay", "earth": 2, "pegasus": 0, "unicorn": 0, "mana": 0},
              {"type": "end_main"}, {"type": "attack", "lane": 2}, {"type": "end_battle"}]
    seen = []
    while script and (req := game.pending()) is not None:
        seen.append((req.seat, req.kind, req.prompt,
                     tuple(str(o.action) for o in req.options) if req.seat == 0 else None))
        if req.seat == 1:
            game.act(1, {"type": "pass"})
        elif req.kind in ("window", "respond"):
            game.act(0, {"type": "pass"})
        else:
            game.act(0, script.pop(0))
    return seen


def test_qg_g19_by_default_no_window_tells_the_opponent_what_the_hand_holds():
    """QG-G19 (default `always`): with a usable Lightning card (Flash of Insight) or without one
    (Harvest Feast) in seat 1's hand, seat 0 sees the same requests, for both seats, in the same order."""
    with_lightning = _course_seen_by_seat_0({"lightning_stops": DEFAULT}, ("Flash of Insight",))
    without = _course_seen_by_seat_0({"lightning_stops": DEFAULT}, ("Harvest Feast",))
    assert with_lightning == without
    assert any(seat == 1 and kind == "respond" for seat, kind, _p, _o in without)  # seat 1 was asked


@pytest.mark.parametrize("option", ["when_able"])
def test_qg_g19_when_able_is_the_option_that_reveals_it(option):
    """QG-G19 option `when_able` asks only a seat that can respond, so its course differs with the
    hand: the README says so, and the default does not do it."""
    assert _course_seen_by_seat_0({"lightning_stops": option}, ("Flash of Insight",)) != \
        _course_seen_by_seat_0({"lightning_stops": option}, ("Harvest Feast",))


def test_qg_g19_a_pass_that_settled_itself_is_explained_only_to_its_own_seat():
    """Flow.settle records the seat whose chance passed by itself (when_able): the other seat's
    pass is refused by the ordinary rules, which say nothing about that hand."""
    game = started(options={"lightning_stops": "when_able"})
    arrange(game, 0, hand=("Millstone Guard",), crystals=(2, 0, 0))
    arrange(game, 1, hand=("Harvest Feast",))
    set_phase(game, 0, "main")
    game.act(0, {"type": "summon", "card": cid(game, 0, "Millstone Guard"), "lane": 1})
    pay(game, 0, earth=2)  # seat 1 declined by itself
    mine = refused(game, 1, {"type": "pass"})
    theirs = refused(game, 0, {"type": "pass"})
    assert "by itself" in mine.message and "by itself" not in theirs.message
