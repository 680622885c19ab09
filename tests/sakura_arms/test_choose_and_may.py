"""Issue #20: "choose one (or up to two) of the following" and "you may do X; if you do, Y". The
player the card's text refers to decides (10-12); chosen effects resolve in printed order (6-2-1-7);
"if you do" holds only when doing X changed something (6-3: as many as possible may be none)."""

from __future__ import annotations

import pytest

from engine.core.game import Deck
from engine.games.sakura_arms.state import AURA, DIST, LIFE
from tests.sakura_arms.scenario import act, actions, clear_hand, kinds, one_card_problem, place, refused, started, tokens

KIRI_SORA = Deck("k", {"goddesses": ["kiri", "sora"],
                       "normal": ["kiri-n1", "kiri-n2", "kiri-n3", "kiri-n4", "kiri-n5", "kiri-n6", "kiri-n7"],
                       "special": ["kiri-s1", "sora-s1", "sora-s2"]})


def _game():
    return started(first=0, deck_a=KIRI_SORA)


def test_10_12_fork_in_the_fog_offers_each_option_once_and_resolves_only_the_chosen_one():
    game = _game()
    s = game.state
    fork = place(game, 0, "kiri-n6", "hand")
    tokens(game, distance=8, aura=(3, 3))
    hand = len(s.table.zone(0, "hand"))
    act(game, 0, {"type": "use", "card": fork})
    req = game.pending()
    assert req.kind == "modes" and req.seat == 0
    assert actions(game) == [{"type": "modes", "picked": [i]} for i in range(3)]
    assert "Distance" in req.options[1].label or "distance" in req.options[1].label
    act(game, 0, {"type": "modes", "picked": [1]})
    assert s.tok[DIST] == 7 and s.tok[AURA[0]] == 4
    assert len(s.table.zone(0, "hand")) == hand - 1                # no card drawn: option 0 not chosen


def test_10_12_twin_currents_up_to_two_in_printed_order_and_two_of_the_same_refused():
    """"Choose up to two": one or two different options, resolved top to bottom (6-2-1-7), whatever
    the order in the answer; an answer that is not a listed pick is refused (10-12)."""
    game = _game()
    s = game.state
    twin = place(game, 0, "kiri-s1", "special")
    tokens(game, distance=8, aura=(3, 3), flare=(1, 0))
    act(game, 0, {"type": "use", "card": twin})
    picks = [a["picked"] for a in actions(game)]
    assert picks == [[0], [1], [2], [0, 1], [0, 2], [1, 2]]
    refused(game, 0, {"type": "modes", "picked": [2, 2]}, "10-12")
    events = act(game, 0, {"type": "modes", "picked": [0, 2]})
    assert kinds(events).index("damage") < kinds(events).index("milled")
    assert s.tok[AURA[1]] == 2


def test_10_12_bargain_in_haze_if_you_do_draw_two_and_if_you_do_not_nothing():
    game = _game()
    s = game.state
    bargain = place(game, 0, "kiri-n7", "hand")
    act(game, 0, {"type": "use", "card": bargain})
    req = game.pending()
    assert req.kind == "may" and req.seat == 0
    hand = len(s.table.zone(0, "hand"))
    act(game, 0, {"type": "may", "do": True})
    if game.pending().kind == "choose":                            # which hand card: the player's own choice
        act(game, 0, actions(game)[0])
    assert len(s.table.zone(0, "hand")) == hand - 1 + 2

    game = _game()
    s = game.state
    bargain = place(game, 0, "kiri-n7", "hand")
    act(game, 0, {"type": "use", "card": bargain})
    hand = len(s.table.zone(0, "hand"))
    act(game, 0, {"type": "may", "do": False})
    assert len(s.table.zone(0, "hand")) == hand and game.pending().kind == "main"


def test_6_3_bargain_in_haze_with_an_empty_hand_you_did_not_so_no_draw():
    """6-3: a move that finds nothing moves nothing; with no hand card to put into the Played pile
    the player did not do it, so "if you do" is false and nothing is drawn."""
    game = _game()
    s = game.state
    bargain = place(game, 0, "kiri-n7", "hand")
    clear_hand(game, 0)
    place(game, 0, "kiri-n7", "hand")
    act(game, 0, {"type": "use", "card": bargain})
    deck = len(s.table.zone(0, "deck"))
    events = act(game, 0, {"type": "may", "do": True})
    assert "did_not" in kinds(events) and len(s.table.zone(0, "deck")) == deck
    assert s.tok[LIFE[0]] == 10


@pytest.mark.parametrize("effect,expected", [
    ("{may: {do: [{draw: 1, vigor: 1}]}}", "cards.0.on_use.0.may.do.0: an effect is one word"),
    ("{choose: {options: [[{draw: 1}], [{draw: 1, vigor: 1}]]}}", "cards.0.on_use.0.choose.options.1.0: an effect is one word"),
    ("{choose: {options: [[{discard: {who: opp, by: you, type: attack}}], [{draw: 1}]]}}",
     "cards.0.on_use.0.choose.options.0.0: discard: you cannot choose"),
    ("{choose: {options: [[{draw: 1}]]}}", "cards[0].on_use[0].choose.options: [[{'draw': 1}]] is too short"),
])
def test_6_2_1_7_effects_inside_choose_and_may_are_checked_at_load_with_file_and_line(tmp_path, effect, expected):
    path, problem = one_card_problem(tmp_path, effect)
    assert problem.startswith(f"{path}:11: {expected}"), problem
