"""Hidden information in kaiju prompts (issue #19, group 3): whether a seat is asked at all must
not depend on cards the other seat cannot see. Hands are the only hidden cards that matter
(decks are hidden from both, KJ-G31 makes hand and deck sizes public), so every prompt that a
hand could decide is asked whatever the hand holds: the opening card, the main phase and a
discard from hand. A prompt that is skipped depends on public facts only (the support zone for a
refill, the enhancement stack for a devolution, the hand's size for a discard)."""

from __future__ import annotations

import pytest

from engine.core.game import Deck, Game
from tests.kaiju.scenario import RULES, arrange, card_id, cid, deck, set_turn, started

_NON_BATTLE = ["Spark", "Surge", "Revert", "Scrap", "Warp", "Mend", "Meteor", "Fortress", "Supply Line", "Drain",
               "Graft", "Regress", "Purge"]


def _one_battle_card_deck() -> Deck:
    """One Alpha and 39 cards that are not battle cards: the kept opening hand holds exactly one."""
    titles = ["Alpha"] + [t for t in _NON_BATTLE for _ in range(3)]
    return Deck("one-battle", {"main": [card_id(t) for t in titles]})


def test_kj_3_1_3_a_hand_with_a_single_battle_card_is_still_asked_for_its_opening_card():
    """KJ-3.1.3: each player chooses their opening card. Placing the only battle card without
    asking would tell the opponent (who sees no question come) that the hand holds one."""
    for seed in range(3):
        game = Game(RULES, [deck(name="a"), _one_battle_card_deck()], seed)
        req = game.pending()
        game.act(req.seat, {"type": "choose_order", "first": req.seat == 0})
        game.act(0, game.pending().options[0].action)
        req = game.pending()
        assert (req.seat, req.kind) == (1, "place_facedown")
        assert len(req.options) == 1 and not game.state.flow.settled


def test_kj_3_3_1_the_main_phase_is_asked_even_with_nothing_to_do_but_end_the_turn():
    """KJ-3.3.1: a player whose hand offers no move is still asked for the main phase, so the
    opponent learns nothing about that hand from a skipped turn."""
    game = started()
    arrange(game, 0, engaged="Tank")
    arrange(game, 1, engaged="Tank")
    set_turn(game, 0, turn=1)  # the first player cannot attack on turn 1 (KJ-3.6.3)
    req = game.pending()
    assert (req.seat, req.kind) == (0, "main")
    assert [o.action for o in req.options] == [{"type": "end_turn"}]


@pytest.mark.parametrize("hand", [("Spark", "Gamma"), ("Tank", "Beta"), ("Mend", "Fortress")])
def test_kj_2_5_a_discard_asks_whatever_the_hand_holds(hand):
    """KJ-2.5, KJ-G31: whether a discard asks depends on the hand's size only (public), never on
    which cards it holds."""
    game = started(deck_a=deck("Purge"))
    arrange(game, 0, engaged="Alpha", hand=("Purge",))
    arrange(game, 1, engaged="Beta", hand=hand)
    set_turn(game, 0)
    game.act(0, {"type": "skill", "card": cid(game, 0, "Purge", "hand")})
    req = game.pending()
    assert (req.seat, req.kind) == (1, "discard") and len(req.options) == 2


def test_kj_g31_the_fuzzs_request_check_catches_an_option_naming_a_hidden_card():
    """The fuzz checks every request against its seat's sight (tests/fuzzing.py): seat 1's
    opening options name seat 1's hand cards, which seat 0 cannot see, so the check refuses
    them for seat 0 and accepts them for seat 1."""
    from tests.invariants import assert_nothing_hidden_leaks

    game = Game(RULES, [deck(name="a"), deck(name="b")], 0)
    req = game.pending()
    game.act(req.seat, {"type": "choose_order", "first": req.seat == 0})
    own = game.request_for(1).to_json()
    assert_nothing_hidden_leaks(game, 1, own, "request")
    with pytest.raises(AssertionError, match="reveals hidden card"):
        assert_nothing_hidden_leaks(game, 0, own, "request")
