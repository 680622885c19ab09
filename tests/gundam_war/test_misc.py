"""Non-duplicating kinds (GW-A-26.17), private events, rule options and narration."""

from engine.core.game import Game
from engine.games.gundam_war import RULES, RULE_OPTIONS
from engine.games.gundam_war.effects import _nondup_key
from engine.games.gundam_war.demo import cheat_attempts, narrate
from tests.gundam_war.scenario import arrange, at, game, pass_until


def test_gw_a_26_17_the_four_non_duplicating_kinds():
    """A: once in all; B: once per controller; C: once per controller per activation; D: once
    per target."""
    d = RULES.cards()["gw-zg11-scrap-hound"]
    assert _nondup_key("A", d, 0, "x", 5, 1) == _nondup_key("A", d, 1, "x", 6, 2)
    assert _nondup_key("B", d, 0, "x", 5, 1) != _nondup_key("B", d, 1, "x", 5, 1)
    assert _nondup_key("B", d, 0, "x", 5, 1) == _nondup_key("B", d, 0, "x", 6, 2)
    assert _nondup_key("C", d, 0, "x", 5, 1) != _nondup_key("C", d, 0, "x", 5, 2)
    assert _nondup_key("C", d, 0, "x", 5, 1) == _nondup_key("C", d, 0, "x", 6, 1)
    assert _nondup_key("D", d, 0, "x", 5, 1) == _nondup_key("D", d, 1, "x", 5, 2)
    assert _nondup_key("D", d, 0, "x", 5, 1) != _nondup_key("D", d, 0, "x", 6, 1)


def test_draws_are_private_and_resource_payments_are_counts():
    """GW-B-4.3.1-2, GW-B-4.3.10: the opponent learns that a card was drawn, not which; paying a
    resource names no card."""
    g = game()
    arrange(g, 1, homeland_top=("Grunt",), hand=("Hammerfall",), deploy=("Verdant Foundry",) * 5)
    at(g, "draw_ft1", active=1, turn=2)
    g.act(1, {"type": "pass"})
    events = g.act(0, {"type": "pass"})
    draw = next(e for e in events if e.data["type"] == "draw")
    assert draw.for_seat(1)["card"]["name"] == "ZG-1 Grunt" and draw.for_seat(0) == {"type": "draw", "seat": 1}
    pass_until(g, lambda g: g.state.step == "deploy_ft")
    events = g.act(1, {"type": "play", "card": g.state.table.zone(1, "hand")[0]})
    paid = next(e.data for e in events if e.data["type"] == "pay_resource")
    assert paid == {"type": "pay_resource", "seat": 1, "count": 1, "rule": "GW-B-9.8.3"}


def test_rule_options_have_rules_defaults_and_alternatives():
    names = {o.name for o in RULE_OPTIONS}
    assert {"auto_pass", "loss_check", "special_g_copies", "team_includes_self", "water_scope",
            "then_all_players"} == names
    for o in RULE_OPTIONS:
        assert o.rule.startswith("GW-") and o.default in o.choices and len(o.choices) >= 2


def test_auto_pass_always_asks_every_free_timing():
    """GW-S.3: by default (`always`) a player with nothing to play is still asked, so the
    opponent cannot tell that nothing was playable; `forced` passes for them."""
    quick = Game(RULES, seed=11, options={"auto_pass": "forced"})
    full = Game(RULES, seed=11)
    for g in (quick, full):
        for _ in range(2):
            g.act(g.pending().seat, {"type": "keep"})
    assert full.pending().kind == "free_timing" and full.state.step == "reroll_ft"
    assert quick.state.step != "reroll_ft" or quick.pending().options[1:]


def test_narration_and_demo_refusals():
    assert narrate({"type": "draw", "seat": 1}) == "Seat 1 draws a card"
    assert narrate({"type": "no_draw", "seat": 0, "rule": "GW-B-8.2"}) == \
        "Seat 0 does not draw on the first turn [GW-B-8.2]"
    g = game()
    at(g, "draw_ft1", active=0)
    req = g.pending()
    tries = cheat_attempts(g.state, req.kind, req.seat)
    assert tries and all(RULES.check(g.state, s, a) is not None or s != g.pending().seat for s, a, _ in tries)


def test_gw_r_48_when_triggers_once_per_turn_each_time_triggers_every_time():
    """GW-A-14.7: the Scrap Hound's "when" trigger fires once per turn; an `each_time` copy of it
    fires for every destroyed Unit."""
    import dataclasses

    from engine.games.gundam_war.effects import fire
    from engine.games.gundam_war.state import defn
    g = game()
    placed = arrange(g, 1, deploy=("Scrap Hound",))
    hound = placed["Scrap Hound"]
    at(g, "damage_ft2", active=0)
    fire(g.state, "unit_destroyed", 999, 0)
    fire(g.state, "unit_destroyed", 998, 0)
    assert sum(1 for e in g.state.events if e.data["type"] == "auto") == 1
    d = defn(g.state, hound)
    each = dataclasses.replace(d, autos=(dataclasses.replace(d.autos[0], each_time=True, nondup=""),))
    object.__setattr__(g.state.table.cards[hound], "defn", each)
    g.state.events.clear()
    fire(g.state, "unit_destroyed", 997, 0)
    fire(g.state, "unit_destroyed", 996, 0)
    assert sum(1 for e in g.state.events if e.data["type"] == "auto") == 2
