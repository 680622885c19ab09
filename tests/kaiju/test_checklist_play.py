"""Scenario tests for the kaiju referee checklist, main phase: items 5-10, 14, 15 and 27
(deploy, enhance, levels, Actions, retreat, advantage)."""

from tests.kaiju.scenario import arrange, cid, deck, refused, set_turn, started, titles


def _view_card(game, seat, card):
    p = game.view(None)["players"][seat]
    return next(c for c in p["engaged"] + p["support"] if c["id"] == card)


# -- checklist 5: one deploy and one enhance per turn ---------------------------------------

def test_kj_3_4_2_one_deploy_and_one_enhance_per_turn():
    """Checklist 5: KJ-3.4.1, KJ-3.4.2."""
    game = started()
    arrange(game, 0, engaged="Alpha", hand=("Beta", "Tank", "Zeta", "Epsilon"))
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    beta, tank = cid(game, 0, "Beta", "hand"), cid(game, 0, "Tank", "hand")
    alpha = cid(game, 0, "Alpha", "engaged")
    game.act(0, {"type": "deploy", "card": beta, "zone": "support"})
    assert refused(game, 0, {"type": "deploy", "card": tank, "zone": "support"}).rule == "KJ-3.4.2"
    game.act(0, {"type": "enhance", "card": cid(game, 0, "Zeta", "hand"), "target": alpha})
    error = refused(game, 0, {"type": "enhance", "card": cid(game, 0, "Epsilon", "hand"), "target": alpha})
    assert error.rule == "KJ-3.4.2"
    # the allowance comes back on the player's next turn
    game.act(0, {"type": "end_turn"})
    game.act(1, {"type": "end_turn"})
    game.act(0, {"type": "deploy", "card": tank, "zone": "support"})
    game.act(0, {"type": "enhance", "card": cid(game, 0, "Epsilon", "hand"), "target": beta})
    assert titles(game, 0, "support") == ["Beta", "Tank"]


def test_kj_3_4_2_extra_deploy_only_when_a_card_grants_it():
    """Checklist 5: KJ-3.4.2. Supply Line (Continuous: +1 deploy) allows two deploys a turn."""
    game = started()
    arrange(game, 0, engaged="Alpha", hand=("Supply Line", "Beta", "Tank", "Zeta", "Epsilon"))
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    game.act(0, {"type": "reinforce", "card": cid(game, 0, "Supply Line", "hand")})
    game.act(0, {"type": "deploy", "card": cid(game, 0, "Beta", "hand"), "zone": "support"})
    game.act(0, {"type": "deploy", "card": cid(game, 0, "Tank", "hand"), "zone": "support"})
    error = refused(game, 0, {"type": "deploy", "card": cid(game, 0, "Zeta", "hand"), "zone": "support"})
    assert error.rule == "KJ-3.4.2"
    game.act(0, {"type": "end_turn"})
    game.act(1, {"type": "end_turn"})  # Supply Line stays in play: two deploys again
    assert game.state.deploys_left == 2
    game.act(0, {"type": "deploy", "card": cid(game, 0, "Zeta", "hand"), "zone": "support"})
    game.act(0, {"type": "deploy", "card": cid(game, 0, "Epsilon", "hand"), "zone": "support"})
    assert titles(game, 0, "support") == ["Beta", "Tank", "Zeta", "Epsilon"]


def test_kj_3_4_2_extra_enhance_only_when_a_card_grants_it():
    """Checklist 5: KJ-3.4.2. Graft (skill: one extra enhancement) allows a second enhance."""
    game = started(deck_a=deck("Graft"))
    arrange(game, 0, engaged="Alpha", hand=("Graft", "Beta", "Tank", "Zeta"))
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    alpha = cid(game, 0, "Alpha", "engaged")
    game.act(0, {"type": "enhance", "card": cid(game, 0, "Beta", "hand"), "target": alpha})
    assert refused(game, 0, {"type": "enhance", "card": cid(game, 0, "Tank", "hand"),
                             "target": alpha}).rule == "KJ-3.4.2"
    game.act(0, {"type": "skill", "card": cid(game, 0, "Graft", "hand")})
    game.act(0, {"type": "enhance", "card": cid(game, 0, "Tank", "hand"), "target": alpha})
    assert refused(game, 0, {"type": "enhance", "card": cid(game, 0, "Zeta", "hand"),
                             "target": alpha}).rule == "KJ-3.4.2"
    assert _view_card(game, 0, alpha)["level"] == 2


# -- checklist 6: deploying needs a free slot and never replaces ----------------------------

def test_kj_5_11_deploy_needs_a_free_support_slot():
    """Checklist 6: KJ-5.11 with KJ-G1 (Proposal: 5 support slots)."""
    game = started(deck_a=deck("Tank", "Tank", "Tank", "Zeta", "Zeta", "Zeta"))
    arrange(game, 0, engaged="Alpha", support=("Tank", "Tank", "Tank", "Zeta"), hand=("Zeta", "Beta"))
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    game.act(0, {"type": "deploy", "card": cid(game, 0, "Zeta", "hand"), "zone": "support"})
    assert len(titles(game, 0, "support")) == 5
    set_turn(game, 0, turn=5)  # a fresh deploy allowance; the zone is full
    error = refused(game, 0, {"type": "deploy", "card": cid(game, 0, "Beta", "hand"), "zone": "support"})
    assert error.rule == "KJ-5.11" and "5 slots" in error.message


def test_kj_5_11_deploy_never_replaces_the_engaged_card():
    """Checklist 6: KJ-5.11, KJ-G9. The engagement slot takes a deploy only when it is empty."""
    game = started()
    arrange(game, 0, engaged="Alpha", hand=("Beta",))
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    beta = cid(game, 0, "Beta", "hand")
    error = refused(game, 0, {"type": "deploy", "card": beta, "zone": "engaged"})
    assert error.rule == "KJ-5.11"
    assert titles(game, 0, "engaged") == ["Alpha"]
    # with the slot empty (e.g. left empty by an effect), deploying into it is legal
    arrange(game, 0, support=("Tank",), hand=("Beta",))
    set_turn(game, 0)
    beta = cid(game, 0, "Beta", "hand")
    game.act(0, {"type": "deploy", "card": beta, "zone": "engaged"})
    assert titles(game, 0, "engaged") == ["Beta"] and titles(game, 0, "support") == ["Tank"]


def test_kj_5_11_only_battle_cards_are_deployed():
    """Checklist 6: KJ-5.11."""
    game = started()
    arrange(game, 0, engaged="Alpha", hand=("Spark",))
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    error = refused(game, 0, {"type": "deploy", "card": cid(game, 0, "Spark", "hand"), "zone": "support"})
    assert error.rule == "KJ-5.11"


# -- checklist 7: enhancements --------------------------------------------------------------

def test_kj_5_12_only_a_battle_card_can_enhance_and_it_adds_one_level():
    """Checklist 7: KJ-5.12, KJ-5.14, KJ-G10 (support cards can be enhanced too)."""
    game = started()
    arrange(game, 0, engaged="Alpha", support=("Tank",), hand=("Spark", "Beta", "Zeta"))
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    alpha, tank = cid(game, 0, "Alpha", "engaged"), cid(game, 0, "Tank", "support")
    error = refused(game, 0, {"type": "enhance", "card": cid(game, 0, "Spark", "hand"), "target": alpha})
    assert error.rule == "KJ-5.12"
    beta = cid(game, 0, "Beta", "hand")
    events = game.act(0, {"type": "enhance", "card": beta, "target": alpha})
    assert _view_card(game, 0, alpha)["level"] == 1
    assert [e.data.get("level") for e in events if e.data["type"] == "enhanced"] == [1]
    assert game.state.table.zone_name(beta) == "enhancement" and game.state.stack[alpha] == [beta]
    set_turn(game, 0, turn=5)
    game.act(0, {"type": "enhance", "card": cid(game, 0, "Zeta", "hand"), "target": tank})
    assert _view_card(game, 0, tank)["level"] == 1 and _view_card(game, 0, alpha)["level"] == 1


def test_kj_5_12_an_enhancement_has_no_abilities():
    """Checklist 7: KJ-5.12. Zeta's Continuous (+2 speed to the engaged card from support)
    works in support but not from an enhancement stack."""
    game = started()
    arrange(game, 0, engaged="Alpha", support=("Zeta",))
    arrange(game, 1, engaged="Beta")
    alpha = cid(game, 0, "Alpha", "engaged")
    assert _view_card(game, 0, alpha)["speed"] == 5
    arrange(game, 0, engaged="Alpha", support=("Tank",), enhancements={"Alpha": ["Zeta"]})
    alpha = cid(game, 0, "Alpha", "engaged")
    assert _view_card(game, 0, alpha)["speed"] == 3


def test_kj_5_12_an_enhancement_is_not_a_battle_card_for_any_purpose():
    """Checklist 7: KJ-5.12. An Alpha under the engaged Alpha cannot evolve into Delta, be
    swapped in by a retreat, be healed or be enhanced; the engaged Alpha can evolve."""
    game = started()
    arrange(game, 0, engaged="Alpha", support=("Tank",), hand=("Delta", "Zeta"),
            enhancements={"Alpha": ["Alpha"]}, damage={"Alpha": 2})
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    top, sub = cid(game, 0, "Alpha", "engaged"), cid(game, 0, "Alpha", "enhancement")
    delta, zeta = cid(game, 0, "Delta", "hand"), cid(game, 0, "Zeta", "hand")
    assert refused(game, 0, {"type": "evolve", "card": delta, "target": sub}).rule == "KJ-5.16"
    assert refused(game, 0, {"type": "enhance", "card": zeta, "target": sub}).rule == "KJ-5.12"
    assert refused(game, 0, {"type": "retreat", "support": sub, "enhancement": sub}).rule == "KJ-3.7.1"
    assert refused(game, 0, {"type": "heal", "index": 1, "target": sub}).rule == "KJ-5.2"
    assert {o.action.get("target") for o in game.pending().options} & {sub} == set()
    game.act(0, {"type": "evolve", "card": delta, "target": top})
    assert titles(game, 0, "engaged") == ["Delta"]


# -- checklist 8: level requirements --------------------------------------------------------

def test_kj_5_14_skill_above_the_card_level_is_refused():
    """Checklist 8: KJ-5.14. Stomp (Action) and Drill (attack) need level 1."""
    game = started()
    arrange(game, 0, engaged="Alpha", hand=("Tank",))
    arrange(game, 1, engaged="Alpha")
    set_turn(game, 0)
    alpha, foe = cid(game, 0, "Alpha", "engaged"), cid(game, 1, "Alpha", "engaged")
    error = refused(game, 0, {"type": "action", "card": alpha, "index": 1})
    assert error.rule == "KJ-5.14" and "level 1" in error.message
    game.act(0, {"type": "enhance", "card": cid(game, 0, "Tank", "hand"), "target": alpha})
    game.act(0, {"type": "action", "card": alpha, "index": 1})
    assert game.state.damage[foe] == 1

    game2 = started()
    arrange(game2, 0, engaged="Beta", hand=("Zeta",))
    arrange(game2, 1, engaged="Tank")
    set_turn(game2, 0)
    assert refused(game2, 0, {"type": "attack", "index": 1}).rule == "KJ-5.14"
    game2.act(0, {"type": "enhance", "card": cid(game2, 0, "Zeta", "hand"), "target": cid(game2, 0, "Beta", "engaged")})
    game2.act(0, {"type": "attack", "index": 1})
    assert game2.state.damage[cid(game2, 1, "Tank", "engaged")] == 3  # Drill pierces Tank's Defense 2


# -- checklist 9: only the engaged card acts ------------------------------------------------

def test_kj_5_3_action_from_a_support_card_is_refused():
    """Checklist 9: KJ-2.2.2, KJ-5.3."""
    game = started()
    arrange(game, 0, engaged="Beta", support=("Alpha",))
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    alpha = cid(game, 0, "Alpha", "support")
    for index in (0, 2):
        error = refused(game, 0, {"type": "action", "card": alpha, "index": index})
        assert error.rule == "KJ-2.2.2"
    assert not [o for o in game.pending().options if o.action["type"] == "action"]
    # a card id that names no card at all is not the engaged card either
    nowhere = len(game.state.table.cards) + 5
    assert refused(game, 0, {"type": "action", "card": nowhere, "index": 0}).rule == "KJ-2.2.2"
    # an Action the engaged card does not have
    error = refused(game, 0, {"type": "action", "card": cid(game, 0, "Beta", "engaged"), "index": 0})
    assert error.rule == "KJ-5.3"


# -- checklist 10: Actions have no use limit ------------------------------------------------

def test_kj_3_5_1_actions_have_no_use_limit_unless_the_card_sets_one():
    """Checklist 10: KJ-3.5.1, KJ-5.3. Roar three times; Stomp says once per turn."""
    game = started()
    arrange(game, 0, engaged="Alpha", hand=("Tank",), enhancements={"Alpha": ["Beta"]})
    arrange(game, 1, engaged="Alpha")
    set_turn(game, 0)
    alpha, foe = cid(game, 0, "Alpha", "engaged"), cid(game, 1, "Alpha", "engaged")
    for _ in range(3):
        game.act(0, {"type": "action", "card": alpha, "index": 0})
    assert len(game.state.table.zone(0, "hand")) == 4
    game.act(0, {"type": "action", "card": alpha, "index": 1})
    error = refused(game, 0, {"type": "action", "card": alpha, "index": 1})
    assert error.rule == "KJ-3.5.1"
    assert game.state.damage[foe] == 1
    game.act(0, {"type": "attack", "index": 0})  # Actions do not use the turn's attack
    assert game.state.damage[foe] == 5
    game.act(0, {"type": "end_turn"})
    game.act(1, {"type": "end_turn"})
    game.act(0, {"type": "action", "card": alpha, "index": 1})  # once per turn, so again next turn
    assert game.state.damage[foe] == 6


# -- checklist 14: retreat ------------------------------------------------------------------

def test_kj_3_7_1_retreat_removes_one_enhancement_and_swaps():
    """Checklist 14: KJ-3.7.1, KJ-G12 (the cost goes to discard), KJ-G21 (damage stays)."""
    game = started()
    arrange(game, 0, engaged="Alpha", support=("Tank", "Gamma"), enhancements={"Alpha": ["Beta", "Zeta"]},
            damage={"Alpha": 3})
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    alpha, gamma = cid(game, 0, "Alpha", "engaged"), cid(game, 0, "Gamma", "support")
    zeta = cid(game, 0, "Zeta", "enhancement")
    events = game.act(0, {"type": "retreat", "support": gamma, "enhancement": zeta})
    assert titles(game, 0, "engaged") == ["Gamma"]
    assert titles(game, 0, "support") == ["Tank", "Alpha"]  # Alpha takes Gamma's slot
    assert titles(game, 0, "discard") == ["Zeta"]
    assert game.state.stack[alpha] == [cid(game, 0, "Beta", "enhancement")]
    assert game.state.damage == {alpha: 3}
    assert [e.data["rule"] for e in events if e.data["type"] == "retreated"] == ["KJ-3.7"]


def test_kj_3_7_1_retreat_needs_an_enhancement_and_a_support_card():
    """Checklist 14: KJ-3.7.1."""
    game = started()
    arrange(game, 0, engaged="Alpha", support=("Tank",), enhancements={"Tank": ["Beta"]})
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    tank, beta = cid(game, 0, "Tank", "support"), cid(game, 0, "Beta", "enhancement")
    # no enhancement on the engaged card (the support card's enhancement cannot pay)
    error = refused(game, 0, {"type": "retreat", "support": tank, "enhancement": beta})
    assert error.rule == "KJ-3.7.1" and "enhancement" in error.message
    arrange(game, 0, engaged="Alpha", enhancements={"Alpha": ["Beta"]})
    set_turn(game, 0)
    alpha, beta = cid(game, 0, "Alpha", "engaged"), cid(game, 0, "Beta", "enhancement")
    error = refused(game, 0, {"type": "retreat", "support": alpha, "enhancement": beta})  # empty support
    assert error.rule == "KJ-3.7.1"
    assert not [o for o in game.pending().options if o.action["type"] == "retreat"]


def test_kj_3_7_2_engaged_card_that_acted_cannot_retreat():
    """Checklist 14: KJ-3.7.2. After an Action, an attack or a heal."""
    for move in ({"type": "action", "index": 0}, {"type": "attack", "index": 0}, {"type": "heal", "index": 1}):
        game = started()
        arrange(game, 0, engaged="Alpha", support=("Tank",), enhancements={"Alpha": ["Beta"]})
        arrange(game, 1, engaged="Beta")
        set_turn(game, 0)
        alpha = cid(game, 0, "Alpha", "engaged")
        action = dict(move)
        if move["type"] == "action":
            action["card"] = alpha
        if move["type"] == "heal":
            action["target"] = alpha
        game.act(0, action)
        error = refused(game, 0, {"type": "retreat", "support": cid(game, 0, "Tank", "support"),
                                  "enhancement": cid(game, 0, "Beta", "enhancement")})
        assert error.rule == "KJ-3.7.2", move


def test_kj_g13_deploying_enhancing_and_skills_do_not_block_retreat():
    """Checklist 14: KJ-3.7.2 with KJ-G13 (only an Action, attack or heal counts as acting),
    and KJ-G11 (Proposal: no per-turn limit, each retreat pays its own enhancement)."""
    game = started()
    arrange(game, 0, engaged="Alpha", support=("Tank",), hand=("Beta", "Zeta", "Spark"),
            enhancements={"Tank": ["Gamma"]})
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    alpha, tank = cid(game, 0, "Alpha", "engaged"), cid(game, 0, "Tank", "support")
    game.act(0, {"type": "deploy", "card": cid(game, 0, "Beta", "hand"), "zone": "support"})
    game.act(0, {"type": "enhance", "card": cid(game, 0, "Zeta", "hand"), "target": alpha})
    game.act(0, {"type": "skill", "card": cid(game, 0, "Spark", "hand")})
    game.act(0, {"type": "retreat", "support": tank, "enhancement": cid(game, 0, "Zeta", "enhancement")})
    assert titles(game, 0, "engaged") == ["Tank"]
    game.act(0, {"type": "retreat", "support": alpha, "enhancement": cid(game, 0, "Gamma", "enhancement")})
    assert titles(game, 0, "engaged") == ["Alpha"] and titles(game, 0, "discard") == ["Spark", "Zeta", "Gamma"]


# -- checklist 15: after a retreat ----------------------------------------------------------

def test_kj_3_7_3_card_swapped_in_may_attack():
    """Checklist 15: KJ-3.7.3."""
    game = started()
    arrange(game, 0, engaged="Alpha", support=("Delta",), enhancements={"Alpha": ["Beta"]})
    arrange(game, 1, engaged="Tank")
    set_turn(game, 0)
    game.act(0, {"type": "retreat", "support": cid(game, 0, "Delta", "support"),
                 "enhancement": cid(game, 0, "Beta", "enhancement")})
    game.act(0, {"type": "attack", "index": 0})  # Crush 6 - Defense 2
    assert game.state.damage[cid(game, 1, "Tank", "engaged")] == 4


def test_kj_g14_swapped_in_card_cannot_attack_after_the_players_attack():
    """Checklist 15: KJ-3.7.3, KJ-3.6.2 with KJ-G14 (Proposal: the limit is per player).

    Alpha attacks Gamma and dies to Counter; the new engaged Tank has not acted, so it may
    retreat, but neither it nor the Alpha it swaps in may attack or heal this turn."""
    game = started()
    arrange(game, 0, engaged="Alpha", support=("Tank", "Alpha"), enhancements={"Tank": ["Zeta"]},
            damage={"Alpha": 8})
    arrange(game, 1, engaged="Gamma", support=("Tank",))
    set_turn(game, 0)
    game.state.rng.force_coins(False)  # Gamma's Evasion fails
    game.act(0, {"type": "attack", "index": 0})
    assert titles(game, 0, "spirit") == ["Alpha"]
    assert game.pending().kind == "engage" and game.pending().seat == 0
    game.act(0, {"type": "engage", "card": cid(game, 0, "Tank", "support")})
    assert refused(game, 0, {"type": "attack", "index": 0}).rule == "KJ-3.6.2"
    alpha = cid(game, 0, "Alpha", "support")
    game.act(0, {"type": "retreat", "support": alpha, "enhancement": cid(game, 0, "Zeta", "enhancement")})
    assert titles(game, 0, "engaged") == ["Alpha"]
    assert refused(game, 0, {"type": "attack", "index": 0}).rule == "KJ-3.6.2"
    assert refused(game, 0, {"type": "heal", "index": 1, "target": alpha}).rule == "KJ-3.6.2"


# -- checklist 27: the advantage ------------------------------------------------------------

def test_kj_5_10_advantage_requires_a_faster_engaged_card():
    """Checklist 27: KJ-1.1.3, KJ-5.10. Alpha (speed 3) may Glare at Beta (2), not at an
    equal Alpha (3) or a faster Gamma (5)."""
    for foe, allowed in (("Beta", True), ("Alpha", False), ("Gamma", False)):
        game = started()
        arrange(game, 0, engaged="Alpha")
        arrange(game, 1, engaged=foe)
        set_turn(game, 0)
        alpha = cid(game, 0, "Alpha", "engaged")
        view = game.view(0)["players"]
        assert view[0]["advantage"] is allowed and view[1]["advantage"] is (foe == "Gamma")
        if allowed:
            game.act(0, {"type": "action", "card": alpha, "index": 2})
        else:
            error = refused(game, 0, {"type": "action", "card": alpha, "index": 2})
            assert error.rule == "KJ-5.10"


def test_kj_5_10_advantage_moves_and_skills_are_refused_without_it():
    """Checklist 27: KJ-1.1.3, KJ-5.10. Beta's Dash and the Surge skill need the advantage."""
    game = started()
    arrange(game, 0, engaged="Beta", hand=("Surge",))
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    assert refused(game, 0, {"type": "attack", "index": 2}).rule == "KJ-5.10"
    assert refused(game, 0, {"type": "skill", "card": cid(game, 0, "Surge", "hand")}).rule == "KJ-1.1.3"
    arrange(game, 1, engaged="Zeta")  # speed 1: now Beta (2) is faster
    game.act(0, {"type": "attack", "index": 2})
    assert game.state.damage[cid(game, 1, "Zeta", "engaged")] == 5
    game.act(0, {"type": "skill", "card": cid(game, 0, "Surge", "hand")})


def test_kj_1_1_3_advantage_is_worked_out_each_time_it_is_checked():
    """Checklist 27: KJ-1.1.3. Deploying Zeta (+2 speed to the engaged card from support)
    and playing Warp (one faster until end of turn) change the advantage mid-turn."""
    game = started()
    arrange(game, 0, engaged="Alpha", hand=("Zeta", "Warp", "Surge"))
    arrange(game, 1, engaged="Delta", support=("Gamma",))  # Delta: speed 4
    set_turn(game, 0)
    alpha = cid(game, 0, "Alpha", "engaged")
    assert refused(game, 0, {"type": "action", "card": alpha, "index": 2}).rule == "KJ-5.10"
    game.act(0, {"type": "deploy", "card": cid(game, 0, "Zeta", "hand"), "zone": "support"})
    assert game.view(0)["players"][0]["advantage"] is True
    game.act(0, {"type": "action", "card": alpha, "index": 2})
    # the opponent's engaged card changes: Gamma (speed 5) ties Alpha's 5
    arrange(game, 1, engaged="Gamma")
    assert refused(game, 0, {"type": "skill", "card": cid(game, 0, "Surge", "hand")}).rule == "KJ-1.1.3"
    game.act(0, {"type": "skill", "card": cid(game, 0, "Warp", "hand")})
    assert _view_card(game, 0, alpha)["speed"] == 6
    game.act(0, {"type": "skill", "card": cid(game, 0, "Surge", "hand")})
    # Warp lasts until the end of the turn only
    game.act(0, {"type": "end_turn"})
    assert _view_card(game, 0, alpha)["speed"] == 5
