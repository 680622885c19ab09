"""Scenario tests of the effect words `discard_hand`, `return_to_hand` and `devolve_origin`
(issue #19, group 4): a discard from hand chosen by the hand's owner (KJ-2.5), a battle card in
play returned to its owner's hand (KJ-G21, KJ-2.2.3, KJ-4.2), and a devolution to the card the
engaged card evolved from, which the effect names (KJ-5.18, KJ-G23)."""

from __future__ import annotations

from tests.kaiju.scenario import arrange, cid, deck, refused, set_turn, started, titles


def _started(*cards: str):
    """A game whose seat 0 deck holds `cards` (the test words' cards are not filler)."""
    return started(deck_a=deck(*cards))


def test_kj_2_5_discard_hand_the_opponent_chooses_from_their_own_hand():
    """KJ-2.5 (the discard zone holds used and discarded cards), KJ-1.2.3 (a skill's effect
    happens when played). Purge: "your opponent discards 1 card from their hand"; they choose."""
    game = _started("Purge")
    arrange(game, 0, engaged="Alpha", hand=("Purge",))
    arrange(game, 1, engaged="Beta", hand=("Spark", "Gamma"))
    set_turn(game, 0)
    spark, gamma = cid(game, 1, "Spark", "hand"), cid(game, 1, "Gamma", "hand")
    game.act(0, {"type": "skill", "card": cid(game, 0, "Purge", "hand")})
    req = game.pending()
    assert (req.seat, req.kind) == (1, "discard")
    assert {o.action["card"] for o in req.options} == {spark, gamma}
    assert refused(game, 0, {"type": "discard_choose", "card": spark}).rule == "KJ-2.5"  # not the caster's choice
    assert refused(game, 1, {"type": "discard_choose", "card": cid(game, 1, "Beta", "engaged")}).rule == "KJ-2.5"
    assert refused(game, 0, {"type": "end_turn"}).rule == "KJ-3.3.1"  # the skill has not finished
    events = game.act(1, {"type": "discard_choose", "card": spark})
    assert [e.data["type"] for e in events][:1] == ["discarded"]
    assert titles(game, 1, "hand") == ["Gamma"] and titles(game, 1, "discard") == ["Spark"]
    assert titles(game, 0, "discard") == ["Purge"]
    assert (game.pending().seat, game.pending().kind) == (0, "main")


def test_kj_2_5_discard_hand_with_no_more_cards_than_it_discards_needs_no_choice():
    """KJ-2.5. Toss discards 2 of your own cards; with one card left in hand it goes by itself,
    and a late choice is refused with the rule that settled it."""
    game = _started("Toss", "Beta")
    arrange(game, 0, engaged="Alpha", hand=("Toss", "Beta"))
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    beta = cid(game, 0, "Beta", "hand")
    game.act(0, {"type": "skill", "card": cid(game, 0, "Toss", "hand")})
    assert titles(game, 0, "hand") == [] and sorted(titles(game, 0, "discard")) == ["Beta", "Toss"]
    assert game.pending().kind == "main"
    refusal = refused(game, 0, {"type": "discard_choose", "card": beta})
    assert refusal.rule == "KJ-2.5" and "nothing to choose" in refusal.message


def test_kj_2_5_discard_hand_of_two_asks_twice():
    """KJ-2.5. Toss with three other cards in hand: two choices, one card stays."""
    game = _started("Toss", "Beta", "Spark", "Gamma")
    arrange(game, 0, engaged="Alpha", hand=("Toss", "Beta", "Spark", "Gamma"))
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    game.act(0, {"type": "skill", "card": cid(game, 0, "Toss", "hand")})
    assert game.pending().kind == "discard" and "2 to go" in game.pending().prompt
    game.act(0, {"type": "discard_choose", "card": cid(game, 0, "Spark", "hand")})
    assert game.pending().kind == "discard"
    game.act(0, {"type": "discard_choose", "card": cid(game, 0, "Beta", "hand")})
    assert titles(game, 0, "hand") == ["Gamma"] and game.pending().kind == "main"


def test_kj_g21_return_to_hand_discards_the_stack_and_removes_the_damage():
    """KJ-G21 (a card leaving play loses its damage; its enhancements go to discard, KJ-5.19),
    KJ-2.2.3 (the emptied engagement zone is filled from support by its owner)."""
    game = _started("Recall")
    arrange(game, 0, engaged="Alpha", hand=("Recall",))
    arrange(game, 1, engaged="Delta", support=("Tank", "Beta"), enhancements={"Delta": ["Alpha"]},
            damage={"Delta": 3})
    set_turn(game, 0)
    delta = cid(game, 1, "Delta", "engaged")
    game.act(0, {"type": "skill", "card": cid(game, 0, "Recall", "hand"), "target": delta})
    assert titles(game, 1, "hand") == ["Delta"] and titles(game, 1, "discard") == ["Alpha"]
    assert delta not in game.state.damage and delta not in game.state.stack
    req = game.pending()
    assert (req.seat, req.kind) == (1, "engage")


def test_kj_4_2_returning_the_last_battle_card_in_play_loses():
    """KJ-4.2: a player with no battle card in play loses; a card in hand does not count."""
    game = _started("Recall")
    arrange(game, 0, engaged="Alpha", hand=("Recall",))
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    game.act(0, {"type": "skill", "card": cid(game, 0, "Recall", "hand"), "target": cid(game, 1, "Beta", "engaged")})
    result = game.result()
    assert result.winner == 0 and result.rule == "KJ-4.2"


def _evolved_delta(game):
    """Seat 1's Alpha (with a Beta under it) evolves into Delta; then seat 0's turn."""
    arrange(game, 1, engaged="Alpha", support=("Tank",), hand=("Delta",), enhancements={"Alpha": ["Beta"]})
    set_turn(game, 1)
    alpha = cid(game, 1, "Alpha", "engaged")
    game.act(1, {"type": "evolve", "card": cid(game, 1, "Delta", "hand"), "target": alpha})
    game.act(1, {"type": "end_turn"})
    assert game.pending().seat == 0
    return alpha


def test_kj_5_18_devolve_origin_brings_back_the_card_it_evolved_from():
    """KJ-5.18 with KJ-G23 ("if the effect names no card, the owner chooses"): Rewind names the
    card, the one Delta evolved from, so Alpha comes back though the stack holds two cards, and
    nobody is asked; the Beta stays under Alpha."""
    game = _started("Rewind")
    arrange(game, 0, engaged="Alpha", hand=("Rewind",))
    alpha = _evolved_delta(game)
    beta = cid(game, 1, "Beta", "enhancement")
    game.act(0, {"type": "skill", "card": cid(game, 0, "Rewind", "hand")})
    assert titles(game, 1, "engaged") == ["Alpha"] and titles(game, 1, "discard") == ["Delta"]
    assert game.state.stack[alpha] == [beta]
    assert game.pending().kind == "main" and game.pending().seat == 0
    refusal = refused(game, 1, {"type": "devolve_choose", "card": beta})
    assert refusal.rule == "KJ-G23" and "nothing to choose" in refusal.message


def test_kj_5_18_devolve_origin_does_nothing_to_a_card_that_did_not_evolve():
    """KJ-5.18: a card that was only enhanced (never evolved) keeps its place."""
    game = _started("Rewind")
    arrange(game, 0, engaged="Alpha", hand=("Rewind",))
    arrange(game, 1, engaged="Delta", enhancements={"Delta": ["Alpha"]})
    set_turn(game, 0)
    game.act(0, {"type": "skill", "card": cid(game, 0, "Rewind", "hand")})
    assert titles(game, 1, "engaged") == ["Delta"] and titles(game, 1, "enhancement") == ["Alpha"]
    assert refused(game, 1, {"type": "devolve_choose", "card": cid(game, 1, "Alpha", "enhancement")}).rule == "KJ-5.18"


def test_kj_5_18_devolve_origin_after_the_origin_left_the_stack():
    """KJ-5.18, KJ-2.7: Drain banishes the top enhancement of Delta, which is Alpha, the card
    Delta evolved from; Delta can no longer devolve to it, and the Beta is not taken instead."""
    game = _started("Rewind", "Drain")
    arrange(game, 0, engaged="Alpha", hand=("Rewind", "Drain"))
    alpha = _evolved_delta(game)
    game.act(0, {"type": "reinforce", "card": cid(game, 0, "Drain", "hand")})
    assert game.state.table.zone_name(alpha) == "rift"
    game.act(0, {"type": "skill", "card": cid(game, 0, "Rewind", "hand")})
    assert titles(game, 1, "engaged") == ["Delta"] and titles(game, 1, "enhancement") == ["Beta"]
