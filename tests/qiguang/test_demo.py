"""The demo material for Qiguang (engine/games/qiguang/demo.py): every cheat attempt it suggests is
refused with a QG rule and changes nothing, and every event of a game narrates to one line."""

from engine.bots.random_bot import RandomBot
from engine.core.errors import IllegalAction
from engine.core.game import Game
from engine.games.qiguang import RULES
from engine.games.qiguang.demo import cheat_attempts, narrate


def test_cheat_attempts_are_refused_with_their_rule_and_events_narrate():
    refused_rules = set()
    for seed in (7, 8):
        game = Game(RULES, seed=seed)
        bots = [RandomBot(seed * 2 + 1), RandomBot(seed * 2 + 2)]
        while (request := game.pending()) is not None:
            for seat, action, _what in cheat_attempts(game.state, request.kind, request.seat):
                before = game.state_hash()
                try:
                    game.act(seat, action)
                except IllegalAction as refusal:
                    assert refusal.rule and refusal.rule.startswith("QG-"), refusal
                    refused_rules.add(refusal.rule)
                else:
                    raise AssertionError(f"cheat {action} by seat {seat} was accepted")
                assert game.state_hash() == before
            for event in game.act(request.seat, bots[request.seat].choose(request)):
                line = narrate(event.for_seat(None))
                assert line and "\n" not in line
    # summoning into a combat zone breaks QG-3.4.3; ending the opponent's main phase breaks QG-3.1
    # (the phases of a turn are its player's): the move's own rule, not whose turn it is (QG-8.1)
    assert {"QG-3.4.3", "QG-3.1"} <= refused_rules


def test_an_event_whose_card_the_seat_may_not_see_still_narrates():
    """The redactor leaves a card out of an event for a seat that does not see it (a bounced
    card, back in its owner's hand): the text names no card instead of failing."""
    assert narrate({"type": "returned_to_hand"}) == "a card returns to its owner's hand"
    assert narrate({"type": "summoned", "lane": 2}) == "a card is summoned to standby lane 2"
