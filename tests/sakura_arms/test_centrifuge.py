"""Centrifuge (mechanics/centrifuge.py; Hagane's printed keyword, named among use conditions by
9-2, whose example is a Centrifuge card used while its condition is not met): a card with
Centrifuge is usable only if the Distance is at least 2 farther than at the start of this turn
(8-1-1) and its player made no attack this turn (9-4); otherwise it is refused with 9-2, which
says what is missing."""

from __future__ import annotations

from tests.sakura_arms.scenario import act, actions, place, refused, resolve_attack, started, tokens
from tests.sakura_arms.test_umbrella import RAIN


def _game(distance: int):
    game = started(first=0, deck_a=RAIN)
    s = game.state
    reach = place(game, 0, "shigure-n5", "hand")
    tokens(game, distance=distance, aura=(3, 3))
    s.turn_start_distance = 5  # 8-1-1: the Distance kept when this turn began
    s.vigor[0] = 2
    game.state_changed()
    return game, reach


def test_9_2_centrifuge_is_refused_until_the_distance_is_2_farther_than_at_the_turn_start():
    game, reach = _game(distance=6)  # in Range 3-10, but only 1 farther than 5
    assert {"type": "use", "card": reach} not in actions(game)
    err = refused(game, 0, {"type": "use", "card": reach}, "9-2")
    assert "Centrifuge" in err.message and "it was 5" in err.message and "at least 7" in err.message
    act(game, 0, {"type": "basic", "action": "retreat", "pay": "vigor"})  # Distance 7
    assert {"type": "use", "card": reach} in actions(game)
    events = act(game, 0, {"type": "use", "card": reach})
    assert any(e["type"] == "attack" and e["range"] == list(range(3, 11)) for e in events)


def test_9_2_centrifuge_is_refused_after_an_attack_this_turn():
    """"You made no attack this turn": after any attack (here Snare Needle's), Centrifuge is refused
    even at a Distance far enough, and the refusal names the attack."""
    game, reach = _game(distance=5)
    needle = place(game, 0, "shigure-n7", "hand")
    act(game, 0, {"type": "use", "card": needle})
    resolve_attack(game)
    tokens(game, distance=8, aura=(3, 3))
    err = refused(game, 0, {"type": "use", "card": reach}, "9-2")
    assert "1 attack(s) this turn" in err.message and "Distance" not in err.message
