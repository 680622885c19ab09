"""Two effect words of issue #19 (group 4): `each_draws` (both players draw, QG-2.2.2 and
QG-2.3.1) and `declare_x` (an X declared as the card is played, apart from its payment, QG-G32),
with their sample cards Shared Almanac and Daring Updraft."""

from __future__ import annotations

import pytest

from engine.core.errors import DataError
from engine.games.qiguang import QiguangRules
from tests.qiguang.scenario import arrange, cid, event_types, pay, refused, set_phase, started


def _main(seat_0: dict, seat_1: dict | None = None):
    game = started()
    arrange(game, 0, **seat_0)
    arrange(game, 1, **(seat_1 or {}))
    set_phase(game, 0, "main")
    return game


def _hand(game, seat: int) -> int:
    return len(game.state.table.zone(seat, "hand"))


def test_qg_2_2_2_each_draws_makes_both_players_draw_the_user_first():
    """`each_draws: 2` (Shared Almanac): each player draws two cards, one each at a time, the
    player of the card first."""
    game = _main({"hand": ("Shared Almanac",), "crystals": (2, 0, 0)})
    hands = _hand(game, 0) - 1, _hand(game, 1)
    game.act(0, {"type": "play", "card": cid(game, 0, "Shared Almanac")})
    events = pay(game, 0, earth=2)
    assert (_hand(game, 0), _hand(game, 1)) == (hands[0] + 2, hands[1] + 2)
    draws = [e.data["seat"] for e in events if e.data["type"] == "draw"]
    assert draws == [0, 1, 0, 1]


def test_qg_2_2_2_each_draws_from_one_empty_library_loses_that_player():
    """QG-2.2.2: the opponent has to draw from an empty library and loses at once."""
    game = _main({"hand": ("Shared Almanac",), "crystals": (2, 0, 0)}, {"library": 1})
    game.act(0, {"type": "play", "card": cid(game, 0, "Shared Almanac")})
    pay(game, 0, earth=2)
    result = game.result()
    assert result.winner == 0 and result.rule == "QG-2.2.2"


def test_qg_2_3_1_each_draws_from_two_empty_libraries_is_a_tie():
    """QG-2.3.1: both players meet the loss condition at the same draw: the game is a tie."""
    game = _main({"hand": ("Shared Almanac",), "crystals": (2, 0, 0), "library": 0}, {"library": 0})
    game.act(0, {"type": "play", "card": cid(game, 0, "Shared Almanac")})
    pay(game, 0, earth=2)
    result = game.result()
    assert result.draw and result.rule == "QG-2.3.1"


def test_qg_g32_declared_x_is_chosen_as_the_card_is_played_and_used_by_its_effects():
    """QG-G32: "X is chosen when the card is played." Daring Updraft (cost 1 pegasus, no X cost)
    is offered once per X from 1 to 3; X = 2 makes the opponent lose 2 life and its player 2; the
    chain link shows the X to both players."""
    game = _main({"hand": ("Daring Updraft",), "crystals": (0, 1, 0)})
    card = cid(game, 0, "Daring Updraft")
    offered = [o.action for o in game.pending().options if o.action.get("card") == card]
    assert offered == [{"type": "play", "card": card, "x": x} for x in (1, 2, 3)]
    game.act(0, {"type": "play", "card": card, "x": 2})
    payments = [o.action for o in game.pending().options if o.action["type"] == "pay"]
    assert payments == [{"type": "pay", "earth": 0, "pegasus": 1, "unicorn": 0, "mana": 0}]  # X costs nothing
    events = pay(game, 0, pegasus=1)
    link = next(e.data for e in events if e.data["type"] == "chain_link")
    assert link["x"] == 2 and "chain_link" in event_types(events)
    assert game.state.life == [18, 18]


@pytest.mark.parametrize("action,says", [
    ({"x": 4}, "from 1 to 3"),
    ({"x": 0}, "from 1 to 3"),
    ({}, "Declare X"),
])
def test_qg_g32_a_declared_x_outside_its_range_or_missing_is_refused(action, says):
    game = _main({"hand": ("Daring Updraft",), "crystals": (0, 1, 0)})
    refusal = refused(game, 0, {"type": "play", "card": cid(game, 0, "Daring Updraft"), **action})
    assert refusal.rule == "QG-G32" and says in refusal.message


def test_qg_g32_a_card_that_declares_no_x_takes_none():
    game = _main({"hand": ("Harvest Feast",), "crystals": (1, 0, 0)})
    refusal = refused(game, 0, {"type": "play", "card": cid(game, 0, "Harvest Feast"), "x": 1})
    assert refusal.rule == "QG-G32" and "no X to declare" in refusal.message


@pytest.mark.parametrize("card,problem", [
    ("{id: zap, type: spell, name: Zap, cost: {x: any}, effects: [{declare_x: {min: 1, max: 2}}]}",
     "'declare_x' needs min <= max, a cost without 'x'"),
    ("{id: zap, type: spell, name: Zap, cost: {any: 1}, effects: [{declare_x: {min: 3, max: 2}}]}",
     "'declare_x' needs min <= max"),
    ("{id: zap, type: spell, name: Zap, cost: {any: 1}, effects: [{lose_life: X}]}",
     "an amount is X but the cost has no 'x' and no effect declares X"),
])
def test_qg_g32_card_data_with_two_xs_or_an_undeclared_x_is_refused(tmp_path, card, problem):
    path = tmp_path / "cards.yaml"
    path.write_text("cards:\n  - {id: mana-source, type: token, name: Mana Source}\n  - " + card + "\n",
                    encoding="utf-8")
    with pytest.raises(DataError) as err:
        QiguangRules.load_cards(path)
    assert any(problem in p for p in err.value.problems), err.value.problems


def test_qg_g32_an_x_card_dropped_on_its_target_at_the_table_offers_each_x():
    """QG-G32: X is declared as the card is played. Dropping a targeted X card (Measured Bolt)
    on an opposing character at the table maps to one play per X on offer for that target, so
    the player is asked which X (before, the drop sent a play without X and was refused)."""
    from tts_bridge.session.games import DropSite
    from tts_bridge.session.games.qiguang import ADAPTER

    from tests.qiguang.scenario import deck, full_deck, new_game

    game = new_game(decks=[deck("Measured Bolt", name="a"), full_deck("b")])
    game.act(game.pending().seat, {"type": "choose_order", "first": game.pending().seat == 0})
    arrange(game, 0, hand=("Measured Bolt",), crystals=(0, 2, 0))
    arrange(game, 1, standby={1: "Millstone Guard"})
    set_phase(game, 0, "main")
    bolt, guard = cid(game, 0, "Measured Bolt"), cid(game, 1, "Millstone Guard")
    actions = ADAPTER.drop_actions(game, 0, bolt, DropSite(1, game.state.table.zone_name(guard), guard))
    assert actions == [{"type": "play", "card": bolt, "target": guard, "x": 1},
                       {"type": "play", "card": bolt, "target": guard, "x": 2}]
    assert all(game.pending().find(a) is not None for a in actions)
