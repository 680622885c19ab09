"""A character's own continuous effect (card_data/qiguang/README.md, "Continuous effects while
the card is in play"; QG-9.5: continuous effects keep working): it works while the character
stands in a standby or combat zone, and stops when it leaves play. Before, only fields and the
support row were read, so such a character's text silently did nothing."""

from __future__ import annotations

from tests.qiguang.scenario import arrange, cid, deck, new_game, set_phase


def _game():
    game = new_game(decks=[deck("Herd Banneret", "Skyrail Reserve", name="a"), deck("Skyrail Reserve", name="b")])
    game.act(game.pending().seat, {"type": "choose_order", "first": game.pending().seat == 0})
    arrange(game, 0, standby={1: "Herd Banneret"}, combat={2: "Skyrail Reserve"})
    arrange(game, 1, combat={2: "Skyrail Reserve"})
    set_phase(game, 0, "main")
    return game


def _attack(game, seat: int, lane: int) -> int:
    return game.view(0)["players"][seat]["lanes"][lane - 1]["combat"]["attack"]


def test_qg_9_5_a_characters_continuous_effect_works_while_it_is_in_play():
    game = _game()
    assert _attack(game, 0, 2) == 2 + 1  # its owner's pegasus gets +1
    assert _attack(game, 1, 2) == 2  # `applies: own`: not the opponent's
    assert game.view(0)["players"][0]["lanes"][0]["standby"]["attack"] == 1  # an earth pony: not itself


def test_qg_9_5_the_effect_ends_when_the_character_leaves_play():
    game = _game()
    game.state.table.move(cid(game, 0, "Herd Banneret"), 0, "graveyard")
    game.state_changed()
    assert _attack(game, 0, 2) == 2
