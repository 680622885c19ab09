"""The kaiju referee options (RULE_OPTIONS): each spec gap's proposal is the default, and the
alternative a play group can choose changes exactly that rule."""

import pytest

from engine.core.errors import DataError
from engine.core.game import Deck, Game
from tests.kaiju.scenario import RULES, arrange, cid, deck, refused, set_turn, started, titles


def _empty_deck(game, seat):
    table = game.state.table
    for card in list(table.zone(seat, "deck")):
        table.move(card, seat, "rift")
    game.state_changed()


def test_rule_options_defaults_are_the_spec_proposals():
    """KJ-G1, KJ-G6, KJ-G8, KJ-G10, KJ-G11, KJ-G14, KJ-G23, KJ-G25."""
    game = started()
    assert game.options == {"support_slots": 5, "empty_deck": "skip", "heal_target": "any",
                            "enhance_target": "any", "retreat_limit": "none", "attack_limit": "player",
                            "devolve_damage": "stays", "deck_name_rule": "name"}
    with pytest.raises(ValueError):
        Game(RULES, [deck(), deck()], 0, {"support_slots": 4})
    with pytest.raises(ValueError):
        Game(RULES, [deck(), deck()], 0, {"no_such_option": True})


def test_kj_g1_support_slots_3():
    """Checklist 6: KJ-5.11 with KJ-G1 option support_slots=3."""
    for slots, allowed in ((3, False), (5, True)):
        game = started(options={"support_slots": slots})
        arrange(game, 0, engaged="Alpha", support=("Tank", "Zeta", "Beta"), hand=("Epsilon",))
        arrange(game, 1, engaged="Beta")
        set_turn(game, 0)
        action = {"type": "deploy", "card": cid(game, 0, "Epsilon", "hand"), "zone": "support"}
        if allowed:
            game.act(0, action)
            assert len(titles(game, 0, "support")) == 4
        else:
            error = refused(game, 0, action)
            assert error.rule == "KJ-5.11" and "3 slots" in error.message


def test_kj_g6_empty_deck_draw_is_skipped_by_default():
    """Checklist 4: KJ-3.2.1 with KJ-G6 (Proposal: skip the draw, no loss)."""
    game = started()
    arrange(game, 0, engaged="Alpha")
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    _empty_deck(game, 1)
    events = game.act(0, {"type": "end_turn"})
    skipped = [e.data for e in events if e.data["type"] == "draw_skipped"]
    assert [(d["seat"], d["rule"]) for d in skipped] == [(1, "KJ-G6")]
    assert game.result() is None and (game.pending().seat, game.pending().kind) == (1, "main")


def test_kj_g6_empty_deck_loses():
    """Checklist 4: KJ-3.2.1 with KJ-G6 option empty_deck="loses", in the draw phase and
    for a draw effect (Roar)."""
    game = started(options={"empty_deck": "loses"})
    arrange(game, 0, engaged="Alpha")
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    _empty_deck(game, 1)
    game.act(0, {"type": "end_turn"})
    result = game.result()
    assert (result.winner, result.rule) == (0, "KJ-G6")
    assert game.pending() is None

    game = started(options={"empty_deck": "loses"})
    arrange(game, 0, engaged="Alpha")
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    _empty_deck(game, 0)
    game.act(0, {"type": "action", "card": cid(game, 0, "Alpha", "engaged"), "index": 0})
    assert (game.result().winner, game.result().rule) == (1, "KJ-G6")


def test_kj_g8_heal_target_engaged():
    """Checklist 11: KJ-5.2 with KJ-G8 option heal_target="engaged" (default: any own card)."""
    for option, allowed in (("any", True), ("engaged", False)):
        game = started(options={"heal_target": option})
        arrange(game, 0, engaged="Alpha", support=("Tank",), damage={"Alpha": 3, "Tank": 3})
        arrange(game, 1, engaged="Beta")
        set_turn(game, 0)
        tank = cid(game, 0, "Tank", "support")
        action = {"type": "heal", "index": 1, "target": tank}
        if allowed:
            game.act(0, action)
            assert game.state.damage[tank] == 1
            set_turn(game, 0, turn=5)
            game.act(0, action)  # Lick 2 on 1 damage: removes 1, never below 0
            assert tank not in game.state.damage
        else:
            assert refused(game, 0, action).rule == "KJ-G8"
            alpha = cid(game, 0, "Alpha", "engaged")
            game.act(0, {"type": "heal", "index": 1, "target": alpha})
            assert game.state.damage[alpha] == 1


def test_kj_g10_enhance_target_engaged():
    """Checklist 7: KJ-5.12 with KJ-G10 option enhance_target="engaged"."""
    game = started(options={"enhance_target": "engaged"})
    arrange(game, 0, engaged="Alpha", support=("Tank",), hand=("Beta",))
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    beta = cid(game, 0, "Beta", "hand")
    assert refused(game, 0, {"type": "enhance", "card": beta,
                             "target": cid(game, 0, "Tank", "support")}).rule == "KJ-G10"
    game.act(0, {"type": "enhance", "card": beta, "target": cid(game, 0, "Alpha", "engaged")})


def test_kj_g11_retreat_limit_once():
    """Checklist 14: KJ-3.7 with KJ-G11 option retreat_limit="once" (default: no limit)."""
    for option, allowed in (("none", True), ("once", False)):
        game = started(options={"retreat_limit": option})
        arrange(game, 0, engaged="Alpha", support=("Tank",), enhancements={"Alpha": ["Beta"], "Tank": ["Zeta"]})
        arrange(game, 1, engaged="Beta")
        set_turn(game, 0)
        alpha, tank = cid(game, 0, "Alpha", "engaged"), cid(game, 0, "Tank", "support")
        game.act(0, {"type": "retreat", "support": tank, "enhancement": cid(game, 0, "Beta", "enhancement")})
        back = {"type": "retreat", "support": alpha, "enhancement": cid(game, 0, "Zeta", "enhancement")}
        if allowed:
            game.act(0, back)
            assert titles(game, 0, "engaged") == ["Alpha"]
        else:
            assert refused(game, 0, back).rule == "KJ-G11"
            assert titles(game, 0, "engaged") == ["Tank"]


def test_kj_g14_attack_limit_card():
    """Checklist 11/15: KJ-3.6.2 with KJ-G14 option attack_limit="card": after Alpha falls to
    Counter, the new engaged Beta may attack, but still only once."""
    for option, allowed in (("player", False), ("card", True)):
        game = started(options={"attack_limit": option})
        arrange(game, 0, engaged="Alpha", support=("Beta",), damage={"Alpha": 8})
        arrange(game, 1, engaged="Gamma", support=("Tank",))
        set_turn(game, 0)
        game.state.rng.force_coins(False, False)
        game.act(0, {"type": "attack", "index": 0})
        assert titles(game, 0, "engaged") == ["Beta"]
        if allowed:
            game.act(0, {"type": "attack", "index": 0})
            assert titles(game, 1, "spirit") == ["Gamma"]  # 4 + 3 damage on HP 6
            assert game.state.damage[cid(game, 0, "Beta", "engaged")] == 1  # Counter 2 - Defense 1
            assert refused(game, 0, {"type": "attack", "index": 0}).rule == "KJ-3.6.2"
        else:
            assert refused(game, 0, {"type": "attack", "index": 0}).rule == "KJ-3.6.2"


def test_kj_g23_devolve_damage_cleared():
    """Checklist 26: KJ-5.18 with KJ-G23 option devolve_damage="cleared"."""
    game = started(options={"devolve_damage": "cleared"})
    arrange(game, 0, engaged="Alpha", hand=("Revert",))
    arrange(game, 1, engaged="Delta", enhancements={"Delta": ["Alpha"]}, damage={"Delta": 12})
    set_turn(game, 0)
    game.act(0, {"type": "skill", "card": cid(game, 0, "Revert", "hand")})
    assert titles(game, 1, "engaged") == ["Alpha"] and game.state.damage == {}
    assert game.result() is None


def test_kj_g25_deck_name_rule_name_and_prefix_in_a_game():
    """Checklist 1: KJ-2.1 with KJ-G25 option deck_name_rule="name_and_prefix"."""
    main = [c for c in deck(name="x").sections["main"] if c not in ("t-young-omega", "t-elder-omega")]
    omega = Deck("omega", {"main": main[:36] + ["t-young-omega"] * 3 + ["t-elder-omega"]})
    with pytest.raises(DataError) as info:
        Game(RULES, [omega, deck()], 0)
    assert info.value.problems == ["deck omega: 4 cards named 'Omega'; at most 3 allowed (KJ-2.1)"]
    game = Game(RULES, [omega, deck()], 0, {"deck_name_rule": "name_and_prefix"})
    assert game.pending().kind == "choose_order"
