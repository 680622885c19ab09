"""Scenario tests for the kaiju referee checklist: turn limits (KJ-3.*)."""

from tests.kaiju.scenario import arrange, cid, refused, set_turn, started


def test_kj_3_6_3_first_player_cannot_attack_on_turn_1_but_may_heal():
    """Checklist 12: KJ-3.6.3 / KJ-G7."""
    game = started(first=0)
    arrange(game, 0, engaged="Alpha", hand=("Beta",))
    arrange(game, 1, engaged="Beta")
    game.state_changed()
    error = refused(game, 0, {"type": "attack", "index": 0})
    assert error.rule == "KJ-3.6.3"
    assert "first turn" in error.message
    alpha = cid(game, 0, "Alpha", "engaged")
    game.act(0, {"type": "heal", "index": 1, "target": alpha})  # heals are allowed on turn 1
    assert game.state.attack_or_heal_used


def test_kj_3_6_2_one_attack_or_heal_per_turn():
    """Checklist 11: KJ-3.6.2, KJ-5.1, KJ-5.2."""
    game = started(first=0)
    arrange(game, 0, engaged="Alpha")
    arrange(game, 1, engaged="Tank")
    set_turn(game, active=0, turn=3)
    game.act(0, {"type": "attack", "index": 0})
    assert refused(game, 0, {"type": "attack", "index": 0}).rule == "KJ-3.6.2"
    alpha = cid(game, 0, "Alpha", "engaged")
    assert refused(game, 0, {"type": "heal", "index": 1, "target": alpha}).rule == "KJ-3.6.2"
