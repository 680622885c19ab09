"""Scenario tests for the kaiju referee checklist, card kinds and special plays: items 21, 22,
25, 26 and 28 (skill destinations, reinforcements, evolution, conversion, devolution)."""

from tests.kaiju.scenario import arrange, cid, deck, refused, set_turn, started, titles


def _level(game, seat, card):
    return len(game.state.stack.get(card, ()))


# -- checklist 21: where a used skill card goes ---------------------------------------------

def test_kj_1_2_2_skill_with_a_cost_goes_to_the_spirit_zone():
    """Checklist 21: KJ-1.2.2, KJ-3.8.2. Mend (cost 1) and Surge (cost 2) end in the spirit zone."""
    game = started()
    arrange(game, 0, engaged="Alpha", hand=("Mend", "Surge"), damage={"Alpha": 5})
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    alpha = cid(game, 0, "Alpha", "engaged")
    events = game.act(0, {"type": "skill", "card": cid(game, 0, "Mend", "hand"), "target": alpha})
    assert game.state.damage[alpha] == 2
    done = [e.data for e in events if e.data["type"] == "skill_done"]
    assert [(d["to"], d["rule"]) for d in done] == [("spirit", "KJ-1.2.2")]
    game.act(0, {"type": "skill", "card": cid(game, 0, "Surge", "hand")})  # Alpha 3 > Beta 2
    assert titles(game, 0, "spirit") == ["Mend", "Surge"] and titles(game, 0, "discard") == []
    assert game.view(1)["players"][0]["spirit_total"] == 3


def test_kj_1_2_2_skill_without_a_cost_goes_to_the_discard_zone():
    """Checklist 21: KJ-1.2.2, KJ-3.8.2, KJ-2.5."""
    game = started()
    arrange(game, 0, engaged="Alpha", hand=("Spark",))
    arrange(game, 1, engaged="Alpha")
    set_turn(game, 0)
    game.act(0, {"type": "skill", "card": cid(game, 0, "Spark", "hand")})
    assert game.state.damage[cid(game, 1, "Alpha", "engaged")] == 2
    assert titles(game, 0, "discard") == ["Spark"] and titles(game, 0, "spirit") == []
    assert game.view(1)["players"][0]["spirit_total"] == 0


# -- checklist 22: reinforcement cards ------------------------------------------------------

def test_kj_3_8_4_one_reinforcement_per_turn_and_it_stays_in_play():
    """Checklist 22: KJ-1.3.2, KJ-1.3.3, KJ-3.8.4. Fortress stays and keeps working; a second
    reinforcement in the same turn is refused, the next turn it is allowed."""
    game = started()
    arrange(game, 1, engaged="Alpha", hand=("Fortress", "Supply Line"))
    arrange(game, 0, engaged="Alpha")
    set_turn(game, 1)
    game.act(1, {"type": "reinforce", "card": cid(game, 1, "Fortress", "hand")})
    supply = cid(game, 1, "Supply Line", "hand")
    assert refused(game, 1, {"type": "reinforce", "card": supply}).rule == "KJ-3.8.4"
    game.act(1, {"type": "end_turn"})
    assert titles(game, 1, "deployment") == ["Fortress"]
    game.act(0, {"type": "attack", "index": 0})  # Bite 4 - Fortress 1
    assert game.state.damage[cid(game, 1, "Alpha", "engaged")] == 3
    game.act(0, {"type": "end_turn"})
    game.act(1, {"type": "reinforce", "card": supply})
    assert titles(game, 1, "deployment") == ["Fortress", "Supply Line"]


def test_kj_5_20_destroyed_reinforcement_goes_to_the_discard_zone():
    """Checklist 22: KJ-3.8.3, KJ-5.20. Scrap destroys the opponent's Fortress; its Defense ends."""
    game = started()
    arrange(game, 0, engaged="Alpha", hand=("Scrap",))
    arrange(game, 1, engaged="Beta", deployment=("Fortress",))
    set_turn(game, 0)
    fortress, beta = cid(game, 1, "Fortress", "deployment"), cid(game, 1, "Beta", "engaged")
    assert game.view(0)["players"][1]["engaged"][0]["defense"] == 2
    scrap = cid(game, 0, "Scrap", "hand")
    assert refused(game, 0, {"type": "skill", "card": scrap, "target": beta}).rule == "KJ-1.2.3"
    events = game.act(0, {"type": "skill", "card": scrap, "target": fortress})
    assert [e.data["rule"] for e in events if e.data["type"] == "destroyed"] == ["KJ-5.20"]
    assert titles(game, 1, "deployment") == [] and titles(game, 1, "discard") == ["Fortress"]
    assert titles(game, 0, "discard") == ["Scrap"]
    assert game.view(0)["players"][1]["engaged"][0]["defense"] == 1


# -- checklist 25: evolution and conversion -------------------------------------------------

def test_kj_5_16_evolution_keeps_damage_and_stack_and_adds_a_level():
    """Checklist 25: KJ-5.16, KJ-5.17, KJ-G24. Alpha (level 1, 3 damage) evolves into Delta:
    Delta has level 2 (Alpha is now an enhancement) and 3 damage; the deploy is not used, and a
    card deployed this turn may evolve."""
    game = started(deck_a=deck("Delta", "Delta", "Alpha", "Alpha"))
    arrange(game, 0, engaged="Alpha", hand=("Delta", "Delta", "Alpha"), enhancements={"Alpha": ["Beta"]},
            damage={"Alpha": 3})
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    alpha = cid(game, 0, "Alpha", "engaged")
    delta = cid(game, 0, "Delta", "hand")
    events = game.act(0, {"type": "evolve", "card": delta, "target": alpha})
    assert titles(game, 0, "engaged") == ["Delta"]
    assert game.state.stack[delta] == [cid(game, 0, "Beta", "enhancement"), alpha]
    assert game.state.table.zone_name(alpha) == "enhancement" and _level(game, 0, delta) == 2
    assert game.state.damage == {delta: 3}
    assert [e.data["level"] for e in events if e.data["type"] == "evolved"] == [2]
    assert (game.state.deploys_left, game.state.enhances_left) == (1, 1)
    # deploy an Alpha and evolve it in the same turn
    new_alpha = cid(game, 0, "Alpha", "hand")
    game.act(0, {"type": "deploy", "card": new_alpha, "zone": "support"})
    game.act(0, {"type": "evolve", "card": cid(game, 0, "Delta", "hand"), "target": new_alpha})
    assert titles(game, 0, "support") == ["Delta"]


def test_kj_5_16_evolution_needs_the_printed_pairing():
    """Checklist 25: KJ-5.16. Delta evolves from Alpha only."""
    game = started()
    arrange(game, 0, engaged="Beta", hand=("Delta",))
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    error = refused(game, 0, {"type": "evolve", "card": cid(game, 0, "Delta", "hand"),
                              "target": cid(game, 0, "Beta", "engaged")})
    assert error.rule == "KJ-5.16"


def test_kj_5_15_conversion_discards_the_old_card_and_keeps_damage_and_stack():
    """Checklist 25: KJ-5.15, KJ-5.17, KJ-G22. Beta converts into Epsilon: Beta to discard (not
    spirit), Epsilon keeps the stack and damage; conversion works in both directions."""
    game = started()
    arrange(game, 0, engaged="Beta", support=("Epsilon",), hand=("Epsilon", "Beta", "Alpha"),
            enhancements={"Beta": ["Zeta"]}, damage={"Beta": 2, "Epsilon": 1})
    arrange(game, 1, engaged="Alpha")
    set_turn(game, 0)
    beta = cid(game, 0, "Beta", "engaged")
    epsilon = cid(game, 0, "Epsilon", "hand")
    error = refused(game, 0, {"type": "convert", "card": cid(game, 0, "Alpha", "hand"), "target": beta})
    assert error.rule == "KJ-5.15"  # only the printed pairing converts
    events = game.act(0, {"type": "convert", "card": epsilon, "target": beta})
    assert [e.data["rule"] for e in events if e.data["type"] == "converted"] == ["KJ-5.15"]
    assert titles(game, 0, "engaged") == ["Epsilon"]
    assert titles(game, 0, "discard") == ["Beta"] and titles(game, 0, "spirit") == []
    assert game.state.stack[epsilon] == [cid(game, 0, "Zeta", "enhancement")]
    assert game.state.damage[epsilon] == 2 and beta not in game.state.damage
    assert (game.state.deploys_left, game.state.enhances_left) == (1, 1)
    # the other direction, on a support card: Beta from hand replaces the support Epsilon
    old = cid(game, 0, "Epsilon", "support")
    new_beta = cid(game, 0, "Beta", "hand")
    game.act(0, {"type": "convert", "card": new_beta, "target": old})
    assert titles(game, 0, "support") == ["Beta"] and game.state.damage[new_beta] == 1
    assert titles(game, 0, "discard") == ["Beta", "Epsilon"]


# -- checklist 26: devolution ---------------------------------------------------------------

def test_kj_5_18_devolution_discards_the_top_card_and_keeps_damage():
    """Checklist 26: KJ-5.18 with KJ-G23 (Proposal: damage stays on the stack)."""
    game = started()
    arrange(game, 0, engaged="Alpha", hand=("Revert",))
    arrange(game, 1, engaged="Delta", enhancements={"Delta": ["Alpha"]}, damage={"Delta": 5})
    set_turn(game, 0)
    delta, alpha = cid(game, 1, "Delta", "engaged"), cid(game, 1, "Alpha", "enhancement")
    game.act(0, {"type": "skill", "card": cid(game, 0, "Revert", "hand")})
    assert titles(game, 1, "engaged") == ["Alpha"] and titles(game, 1, "discard") == ["Delta"]
    assert titles(game, 1, "spirit") == [] and game.state.damage == {alpha: 5}
    assert _level(game, 1, alpha) == 0 and delta not in game.state.stack
    assert titles(game, 0, "discard") == ["Revert"]


def test_kj_g23_owner_chooses_the_card_that_comes_back_and_the_rest_stays_under():
    """Checklist 26: KJ-5.18 with KJ-G23. Two stack cards: the devolving card's owner chooses."""
    game = started()
    arrange(game, 0, engaged="Alpha", hand=("Revert",))
    arrange(game, 1, engaged="Delta", enhancements={"Delta": ["Beta", "Alpha"]}, damage={"Delta": 1})
    set_turn(game, 0)
    beta, alpha = cid(game, 1, "Beta", "enhancement"), cid(game, 1, "Alpha", "enhancement")
    game.act(0, {"type": "skill", "card": cid(game, 0, "Revert", "hand")})
    req = game.pending()
    assert (req.seat, req.kind) == (1, "devolve")
    assert {o.action["card"] for o in req.options} == {beta, alpha}
    assert refused(game, 0, {"type": "devolve_choose", "card": beta}).code == "wrong_seat"
    assert refused(game, 1, {"type": "devolve_choose", "card": cid(game, 0, "Alpha", "engaged")}).rule == "KJ-5.18"
    game.act(1, {"type": "devolve_choose", "card": beta})
    assert titles(game, 1, "engaged") == ["Beta"] and game.state.stack[beta] == [alpha]
    assert game.state.damage == {beta: 1}
    assert titles(game, 0, "discard") == ["Revert"] and game.pending().seat == 0


def test_kj_g23_devolved_card_is_checked_for_defeat_right_after():
    """Checklist 26: KJ-5.18 with KJ-G23. Delta (12 damage) devolves to Alpha (HP 10): defeated."""
    game = started()
    arrange(game, 0, engaged="Alpha", hand=("Revert",))
    arrange(game, 1, engaged="Delta", support=("Tank",), enhancements={"Delta": ["Alpha", "Zeta"]},
            damage={"Delta": 12})
    set_turn(game, 0)
    game.act(0, {"type": "skill", "card": cid(game, 0, "Revert", "hand")})
    alpha = cid(game, 1, "Alpha", "enhancement")
    game.act(1, {"type": "devolve_choose", "card": alpha})
    assert titles(game, 1, "spirit") == ["Alpha"]
    assert sorted(titles(game, 1, "discard")) == ["Delta", "Zeta"]
    assert titles(game, 1, "engaged") == ["Tank"] and game.state.damage == {}


# -- checklist 28: no limit on skill cards --------------------------------------------------

def test_kj_3_8_4_skill_cards_have_no_per_turn_limit():
    """Checklist 28: KJ-3.8.4, KJ-G32. Three Sparks and two Mends in one turn."""
    game = started(deck_a=deck("Spark", "Spark", "Spark", "Mend", "Mend"))
    arrange(game, 0, engaged="Alpha", hand=("Spark", "Spark", "Spark", "Mend", "Mend"), damage={"Alpha": 6})
    arrange(game, 1, engaged="Delta")
    set_turn(game, 0)
    alpha = cid(game, 0, "Alpha", "engaged")
    for _ in range(3):
        game.act(0, {"type": "skill", "card": cid(game, 0, "Spark", "hand")})
    for _ in range(2):
        game.act(0, {"type": "skill", "card": cid(game, 0, "Mend", "hand"), "target": alpha})
    assert game.state.damage == {cid(game, 1, "Delta", "engaged"): 6}
    assert titles(game, 0, "discard") == ["Spark"] * 3 and titles(game, 0, "spirit") == ["Mend"] * 2
    game.act(0, {"type": "attack", "index": 0})  # skills used neither the attack nor the heal
