"""Scenario tests for the kaiju referee checklist, combat and defeat: items 13, 16-20, 23, 24
and 29 (targets, Defense, Evasion, Counter, defeat, refill, victory, simultaneous losses)."""

from tests.kaiju.scenario import arrange, cid, deck, refused, set_turn, started, titles


def _damage(game, seat, title, zone):
    return game.state.damage.get(cid(game, seat, title, zone), 0)


def _types(events):
    return [e.data["type"] for e in events]


# -- checklist 13: attack targets -----------------------------------------------------------

def test_kj_5_1_1_attack_targets_only_the_opponents_engaged_card():
    """Checklist 13: KJ-5.1, KJ-5.1.1. A plain attack leaves the support zone alone."""
    game = started()
    arrange(game, 0, engaged="Zeta")
    arrange(game, 1, engaged="Alpha", support=("Delta", "Epsilon"))
    set_turn(game, 0)
    game.act(0, {"type": "attack", "index": 0})  # Tap 3
    assert _damage(game, 1, "Alpha", "engaged") == 3
    assert _damage(game, 1, "Delta", "support") == 0 and _damage(game, 1, "Epsilon", "support") == 0
    # a move without a targeted effect takes no target
    set_turn(game, 0, turn=5)
    error = refused(game, 0, {"type": "attack", "index": 0, "target": cid(game, 1, "Delta", "support")})
    assert error.rule == "KJ-5.1.1"


def test_kj_5_1_1_support_damage_needs_explicit_card_text():
    """Checklist 13: KJ-5.1.1. Sweep hits every support card; Snipe hits one chosen support card
    and may not be aimed at the engaged card."""
    game = started()
    arrange(game, 0, engaged="Zeta")
    arrange(game, 1, engaged="Alpha", support=("Delta", "Epsilon"))
    set_turn(game, 0)
    game.act(0, {"type": "attack", "index": 1})  # Sweep: 3, plus 1 to every support card
    assert [_damage(game, 1, t, z) for t, z in (("Alpha", "engaged"), ("Delta", "support"),
                                                 ("Epsilon", "support"))] == [3, 1, 1]
    arrange(game, 1, engaged="Alpha", support=("Delta", "Epsilon"))
    set_turn(game, 0, turn=5)
    alpha, delta = cid(game, 1, "Alpha", "engaged"), cid(game, 1, "Delta", "support")
    assert refused(game, 0, {"type": "attack", "index": 2, "target": alpha}).rule == "KJ-5.1.1"
    assert refused(game, 0, {"type": "attack", "index": 2}).rule == "KJ-5.1.1"
    game.act(0, {"type": "attack", "index": 2, "target": delta})  # Snipe: 3, plus 2 to Delta
    assert game.state.damage == {alpha: 3, delta: 2}


# -- checklist 16: Defense and Pierce -------------------------------------------------------

def test_kj_5_5_defense_reduces_damage_by_x():
    """Checklist 16: KJ-5.5. Beta has Defense 1: Bite 4 lands as 3."""
    game = started()
    arrange(game, 0, engaged="Alpha")
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    events = game.act(0, {"type": "attack", "index": 0})
    assert _damage(game, 1, "Beta", "engaged") == 3
    hit = next(e.data for e in events if e.data["type"] == "damage")
    assert (hit["amount"], hit["prevented"]) == (3, 1)


def test_kj_g17_defense_adds_up_and_never_goes_below_zero():
    """Checklist 16: KJ-5.5 with KJ-G17 (Proposal: Defense sources add; not below 0; applies to
    effect damage too). Tank (Defense 2) + Fortress (+1) takes nothing from Tap 3 or Spark 2."""
    game = started()
    arrange(game, 0, engaged="Zeta", hand=("Spark",))
    arrange(game, 1, engaged="Tank", deployment=("Fortress",))
    set_turn(game, 0)
    tank = cid(game, 1, "Tank", "engaged")
    assert game.view(0)["players"][1]["engaged"][0]["defense"] == 3
    events = game.act(0, {"type": "attack", "index": 0})
    assert tank not in game.state.damage
    assert [(e.data["amount"], e.data["prevented"]) for e in events if e.data["type"] == "damage"] == [(0, 3)]
    game.act(0, {"type": "skill", "card": cid(game, 0, "Spark", "hand")})
    assert tank not in game.state.damage


def test_kj_5_9_pierce_ignores_defense():
    """Checklist 16: KJ-5.9, KJ-G17. Drill (Pierce) deals its full 3 to Tank + Fortress."""
    game = started()
    arrange(game, 0, engaged="Beta", enhancements={"Beta": ["Alpha"]})
    arrange(game, 1, engaged="Tank", deployment=("Fortress",))
    set_turn(game, 0)
    game.act(0, {"type": "attack", "index": 1})
    assert _damage(game, 1, "Tank", "engaged") == 3


# -- checklist 17: Evasion and Sure-hit -----------------------------------------------------

def test_kj_5_7_evasion_heads_cancels_the_attack_but_it_still_counts():
    """Checklist 17: KJ-5.7 with KJ-G15, KJ-G16 (coin forced to heads)."""
    game = started()
    arrange(game, 0, engaged="Alpha", support=("Tank",), enhancements={"Alpha": ["Beta"]})
    arrange(game, 1, engaged="Gamma")
    set_turn(game, 0)
    game.state.rng.force_coins(True)
    events = game.act(0, {"type": "attack", "index": 0})
    coins = [e.data for e in events if e.data["type"] == "coin"]
    assert coins == [{"type": "coin", "heads": True, "rule": "KJ-5.7"}]
    assert "evaded" in _types(events) and "damage" not in _types(events)
    assert game.state.damage == {}  # no damage, so no Counter either
    assert refused(game, 0, {"type": "attack", "index": 0}).rule == "KJ-3.6.2"
    assert refused(game, 0, {"type": "retreat", "support": cid(game, 0, "Tank", "support"),
                             "enhancement": cid(game, 0, "Beta", "enhancement")}).rule == "KJ-3.7.2"


def test_kj_5_7_evasion_tails_lets_the_attack_land():
    """Checklist 17: KJ-5.7, KJ-G16 (coin forced to tails)."""
    game = started()
    arrange(game, 0, engaged="Alpha")
    arrange(game, 1, engaged="Gamma")
    set_turn(game, 0)
    game.state.rng.force_coins(False)
    events = game.act(0, {"type": "attack", "index": 0})
    assert [e.data["heads"] for e in events if e.data["type"] == "coin"] == [False]
    assert _damage(game, 1, "Gamma", "engaged") == 4


def test_kj_g15_evaded_attack_loses_its_extra_effects():
    """Checklist 17: KJ-5.7 with KJ-G15. Sweep's support damage does not happen on heads."""
    game = started()
    arrange(game, 0, engaged="Zeta")
    arrange(game, 1, engaged="Gamma", support=("Delta",))
    set_turn(game, 0)
    game.state.rng.force_coins(True)
    game.act(0, {"type": "attack", "index": 1})
    assert game.state.damage == {}


def test_kj_5_8_sure_hit_flips_no_coin():
    """Checklist 17: KJ-5.8. Gamma's Sting (Sure-hit) against an evasive Gamma: no coin."""
    game = started()
    arrange(game, 0, engaged="Gamma")
    arrange(game, 1, engaged="Gamma")
    set_turn(game, 0)
    game.state.rng.force_coins(True)  # would evade if a coin were flipped
    calls = game.state.rng.calls
    events = game.act(0, {"type": "attack", "index": 0})
    assert "coin" not in _types(events)
    assert game.state.rng.calls == calls and list(game.state.rng.forced) == [True]
    assert _damage(game, 1, "Gamma", "engaged") == 3


# -- checklist 18: Counter ------------------------------------------------------------------

def test_kj_5_6_counter_damages_the_source_card():
    """Checklist 18: KJ-5.6. Bite 4 on Gamma (Counter 2) puts 2 on the attacking Alpha."""
    game = started()
    arrange(game, 0, engaged="Alpha")
    arrange(game, 1, engaged="Gamma")
    set_turn(game, 0)
    game.state.rng.force_coins(False)
    events = game.act(0, {"type": "attack", "index": 0})
    assert game.state.damage == {cid(game, 1, "Gamma", "engaged"): 4, cid(game, 0, "Alpha", "engaged"): 2}
    assert [e.data["counter"] for e in events if e.data["type"] == "damage"] == [False, True]


def test_kj_g18_counter_damage_does_not_trigger_counter():
    """Checklist 18: KJ-5.6 with KJ-G18. Gamma against Gamma: one Counter, no chain, and
    Evasion does not stop Counter damage."""
    game = started()
    arrange(game, 0, engaged="Gamma")
    arrange(game, 1, engaged="Gamma")
    set_turn(game, 0)
    events = game.act(0, {"type": "attack", "index": 0})
    assert _damage(game, 1, "Gamma", "engaged") == 3 and _damage(game, 0, "Gamma", "engaged") == 2
    assert len([e for e in events if e.data["type"] == "damage"]) == 2
    assert "coin" not in _types(events)


def test_kj_g18_counter_needs_damage_to_land_and_defense_reduces_it():
    """Checklist 18: KJ-5.6 with KJ-G17, KJ-G18. Urchin (Defense 3, Counter 2): Tap 3 lands 0
    and triggers nothing; Bite 4 lands 1 and triggers Counter 2; Counter on Tank (Defense 2)
    lands 0."""
    game = started(deck_b=deck("Urchin"))
    arrange(game, 0, engaged="Zeta", support=("Alpha", "Tank"))
    arrange(game, 1, engaged="Urchin")
    set_turn(game, 0)
    game.act(0, {"type": "attack", "index": 0})
    assert game.state.damage == {}
    arrange(game, 0, engaged="Alpha")
    set_turn(game, 0, turn=5)
    game.act(0, {"type": "attack", "index": 0})
    assert _damage(game, 1, "Urchin", "engaged") == 1 and _damage(game, 0, "Alpha", "engaged") == 2
    arrange(game, 0, engaged="Tank")
    arrange(game, 1, engaged="Urchin")
    set_turn(game, 0, turn=7)
    events = game.act(0, {"type": "attack", "index": 0})  # Shove 3 - 3 = 0: no Counter
    assert game.state.damage == {}
    assert [e.data["counter"] for e in events if e.data["type"] == "damage"] == [False]


def test_kj_g18_counter_works_from_the_support_zone():
    """Checklist 18: KJ-5.6 with KJ-G18. Snipe hits Gamma in support; its Counter hits Zeta."""
    game = started()
    arrange(game, 0, engaged="Zeta")
    arrange(game, 1, engaged="Alpha", support=("Gamma",))
    set_turn(game, 0)
    game.act(0, {"type": "attack", "index": 2, "target": cid(game, 1, "Gamma", "support")})
    assert _damage(game, 1, "Gamma", "support") == 2
    assert _damage(game, 0, "Zeta", "engaged") == 2
    assert _damage(game, 1, "Alpha", "engaged") == 3


def test_kj_5_6_counter_needs_a_battle_card_as_the_source():
    """Checklist 18: KJ-5.6. Spark is a skill card: nothing to counter against."""
    game = started()
    arrange(game, 0, engaged="Alpha", hand=("Spark",))
    arrange(game, 1, engaged="Gamma")
    set_turn(game, 0)
    game.act(0, {"type": "skill", "card": cid(game, 0, "Spark", "hand")})
    assert game.state.damage == {cid(game, 1, "Gamma", "engaged"): 2}


# -- checklist 19: defeat -------------------------------------------------------------------

def test_kj_5_19_defeated_card_to_spirit_and_its_stack_to_discard():
    """Checklist 19: KJ-1.1.2, KJ-5.19. Damage one short of HP is not a defeat; damage equal to
    HP is. The top card goes to the spirit zone, its enhancements to discard, damage is cleared."""
    game = started()
    arrange(game, 0, engaged="Alpha")
    arrange(game, 1, engaged="Beta", support=("Tank",), enhancements={"Beta": ["Alpha", "Zeta"]},
            damage={"Beta": 4})
    set_turn(game, 0)
    game.act(0, {"type": "attack", "index": 0})  # 4 - Defense 1 = 3: 7 of 8
    assert titles(game, 1, "engaged") == ["Beta"] and _damage(game, 1, "Beta", "engaged") == 7
    arrange(game, 1, engaged="Beta", support=("Tank",), enhancements={"Beta": ["Alpha", "Zeta"]},
            damage={"Beta": 5})
    set_turn(game, 0, turn=5)
    beta = cid(game, 1, "Beta", "engaged")
    events = game.act(0, {"type": "attack", "index": 0})  # 5 + 3 = 8 of 8
    assert [e.data["rule"] for e in events if e.data["type"] == "defeated"] == ["KJ-5.19"]
    assert titles(game, 1, "spirit") == ["Beta"]
    assert sorted(titles(game, 1, "discard")) == ["Alpha", "Zeta"]
    assert beta not in game.state.damage and beta not in game.state.stack
    assert game.view(0)["players"][1]["spirit_total"] == 2


def test_kj_5_19_support_card_defeated_by_an_attack_effect():
    """Checklist 19: KJ-5.1.1, KJ-5.19. Sweep's 1 damage defeats a support Zeta (6 of 7); the
    engaged card stays, so nothing is refilled."""
    game = started()
    arrange(game, 0, engaged="Zeta")
    arrange(game, 1, engaged="Alpha", support=("Zeta", "Delta"), enhancements={"Zeta": ["Beta"]},
            damage={"Zeta": 6})
    set_turn(game, 0)
    game.act(0, {"type": "attack", "index": 1})
    assert titles(game, 1, "spirit") == ["Zeta"] and titles(game, 1, "discard") == ["Beta"]
    assert titles(game, 1, "support") == ["Delta"] and titles(game, 1, "engaged") == ["Alpha"]
    assert game.pending().kind == "main"


# -- checklist 20: refilling the engagement zone --------------------------------------------

def test_kj_2_2_3_empty_engagement_zone_is_filled_before_play_continues():
    """Checklist 20: KJ-2.2.3. With two support cards the owner chooses; nothing else may
    happen until then."""
    game = started()
    arrange(game, 0, engaged="Alpha")
    arrange(game, 1, engaged="Zeta", support=("Tank", "Beta"), damage={"Zeta": 5})
    set_turn(game, 0)
    game.act(0, {"type": "attack", "index": 0})
    assert titles(game, 1, "engaged") == [] and titles(game, 1, "spirit") == ["Zeta"]
    req = game.pending()
    assert (req.seat, req.kind) == (1, "engage")
    assert {o.action["card"] for o in req.options} == {cid(game, 1, "Tank", "support"),
                                                        cid(game, 1, "Beta", "support")}
    assert refused(game, 0, {"type": "end_turn"}).code == "wrong_seat"
    assert refused(game, 1, {"type": "end_turn"}).rule == "KJ-3.3.1"
    # KJ-G27: while a slot is empty nobody has the advantage
    assert [p["advantage"] for p in game.view(None)["players"]] == [False, False]
    alpha = cid(game, 0, "Alpha", "engaged")
    assert refused(game, 1, {"type": "engage", "card": alpha}).rule == "KJ-2.2.3"
    events = game.act(1, {"type": "engage", "card": cid(game, 1, "Beta", "support")})
    assert [e.data["rule"] for e in events if e.data["type"] == "engaged"] == ["KJ-2.2.3"]
    assert titles(game, 1, "engaged") == ["Beta"] and titles(game, 1, "support") == ["Tank"]
    assert game.pending().seat == 0 and game.pending().kind == "main"


def test_kj_2_2_3_a_single_support_card_moves_in_at_once():
    """Checklist 20: KJ-2.2.3."""
    game = started()
    arrange(game, 0, engaged="Alpha")
    arrange(game, 1, engaged="Zeta", support=("Tank",), damage={"Zeta": 5})
    set_turn(game, 0)
    game.act(0, {"type": "attack", "index": 0})
    assert titles(game, 1, "engaged") == ["Tank"] and titles(game, 1, "support") == []
    assert game.pending().kind == "main" and game.pending().seat == 0


# -- checklist 23: the spirit-zone total ----------------------------------------------------

def test_kj_4_1_spirit_total_15_does_not_lose():
    """Checklist 23: KJ-1.1.4, KJ-2.6, KJ-4.1. 13 + Beta (cost 2) = 15: the game goes on."""
    game = started()
    arrange(game, 0, engaged="Alpha")
    arrange(game, 1, engaged="Beta", support=("Tank",), spirit=("Gamma", "Delta", "Alpha", "Zeta"),
            damage={"Beta": 5})
    set_turn(game, 0)
    assert game.view(0)["players"][1]["spirit_total"] == 13
    game.act(0, {"type": "attack", "index": 0})
    assert game.view(0)["players"][1]["spirit_total"] == 15
    assert game.result() is None and game.pending().kind == "main"


def test_kj_4_1_spirit_total_16_loses():
    """Checklist 23: KJ-1.1.4, KJ-2.6, KJ-4.1. 14 + Beta (cost 2) = 16: seat 1 loses, even
    with a battle card left in support."""
    game = started()
    arrange(game, 0, engaged="Alpha")
    arrange(game, 1, engaged="Beta", support=("Tank",), spirit=("Gamma", "Delta", "Alpha", "Young Omega"),
            damage={"Beta": 5})
    set_turn(game, 0)
    assert game.view(0)["players"][1]["spirit_total"] == 14
    game.act(0, {"type": "attack", "index": 0})
    result = game.result()
    assert (result.winner, result.draw, result.rule) == (0, False, "KJ-4.1")
    assert game.view(1)["players"][1]["spirit_total"] == 16
    assert game.pending() is None
    assert refused(game, 1, {"type": "end_turn"}).code == "game_over"


def test_kj_g20_own_skill_cost_counts_after_it_is_played():
    """Checklist 23: KJ-1.2.2, KJ-4.1 with KJ-G20. Mend (cost 1) takes seat 0 from 14 to 15
    (fine) and, played again, from 15 to 16 (loses)."""
    game = started(deck_a=deck("Mend", "Mend", "Mend"))
    arrange(game, 0, engaged="Alpha", hand=("Mend", "Mend"), spirit=("Gamma", "Delta", "Alpha", "Young Omega"),
            damage={"Alpha": 4})
    arrange(game, 1, engaged="Beta")
    set_turn(game, 0)
    alpha = cid(game, 0, "Alpha", "engaged")
    game.act(0, {"type": "skill", "card": cid(game, 0, "Mend", "hand"), "target": alpha})
    assert game.view(0)["players"][0]["spirit_total"] == 15 and game.result() is None
    game.act(0, {"type": "skill", "card": cid(game, 0, "Mend", "hand"), "target": alpha})
    result = game.result()
    assert (result.winner, result.rule) == (1, "KJ-4.1")


# -- checklist 24: no battle card in play ---------------------------------------------------

def test_kj_4_2_player_without_battle_cards_in_play_loses():
    """Checklist 24: KJ-4.2, KJ-5.12. Enhancements and battle cards in hand do not count."""
    game = started()
    arrange(game, 0, engaged="Alpha")
    arrange(game, 1, engaged="Beta", hand=("Tank", "Delta"), enhancements={"Beta": ["Alpha", "Zeta"]},
            damage={"Beta": 5})
    set_turn(game, 0)
    events = game.act(0, {"type": "attack", "index": 0})
    result = game.result()
    assert (result.winner, result.draw, result.rule) == (0, False, "KJ-4.2")
    assert _types(events)[-1] == "game_over"
    assert titles(game, 1, "spirit") == ["Beta"] and sorted(titles(game, 1, "discard")) == ["Alpha", "Zeta"]
    assert game.view(None)["result"]["winner"] == 0


# -- checklist 29: simultaneous defeats -----------------------------------------------------

def test_kj_g19_counter_defeats_both_last_cards_and_the_game_is_a_draw():
    """Checklist 29: KJ-5.6 with KJ-G19. Bite kills Gamma, Gamma's Counter kills Alpha: both
    players have no battle card left at the same check."""
    game = started()
    arrange(game, 0, engaged="Alpha", damage={"Alpha": 8})
    arrange(game, 1, engaged="Gamma", damage={"Gamma": 2})
    set_turn(game, 0)
    game.state.rng.force_coins(False)
    events = game.act(0, {"type": "attack", "index": 0})
    defeated = [e.data["card"]["name"] for e in events if e.data["type"] == "defeated"]
    assert sorted(defeated) == ["Alpha", "Gamma"]
    result = game.result()
    assert (result.winner, result.draw, result.rule) == (None, True, "KJ-G19")
    assert titles(game, 0, "spirit") == ["Alpha"] and titles(game, 1, "spirit") == ["Gamma"]


def test_kj_g19_both_defeated_cards_move_together_then_the_active_player_refills_first():
    """Checklist 29: KJ-5.6 with KJ-G19. Both engaged cards fall to one attack; both go to the
    spirit zone in the same step, then seat 0 (active) refills before seat 1."""
    game = started()
    arrange(game, 0, engaged="Alpha", support=("Tank", "Beta"), damage={"Alpha": 8})
    arrange(game, 1, engaged="Gamma", support=("Delta", "Zeta"), damage={"Gamma": 2})
    set_turn(game, 0)
    game.state.rng.force_coins(False)
    events = game.act(0, {"type": "attack", "index": 0})
    assert len([e for e in events if e.data["type"] == "defeated"]) == 2
    assert titles(game, 0, "engaged") == [] and titles(game, 1, "engaged") == []
    assert game.result() is None
    assert (game.pending().seat, game.pending().kind) == (0, "engage")
    game.act(0, {"type": "engage", "card": cid(game, 0, "Beta", "support")})
    assert (game.pending().seat, game.pending().kind) == (1, "engage")
    game.act(1, {"type": "engage", "card": cid(game, 1, "Zeta", "support")})
    assert (game.pending().seat, game.pending().kind) == (0, "main")
    assert titles(game, 0, "engaged") == ["Beta"] and titles(game, 1, "engaged") == ["Zeta"]


def test_kj_g20_skill_that_wins_and_loses_at_once_is_a_draw():
    """Checklist 29: KJ-4.1, KJ-4.2 with KJ-G19, KJ-G20. Meteor (cost 9) destroys seat 0's last
    battle card and takes seat 1's spirit total from 7 to 16: both lose in one check."""
    game = started()
    arrange(game, 0, engaged="Tank")
    arrange(game, 1, engaged="Alpha", hand=("Meteor",), spirit=("Delta", "Alpha"))
    set_turn(game, 1)
    game.act(1, {"type": "skill", "card": cid(game, 1, "Meteor", "hand")})
    assert titles(game, 0, "spirit") == ["Tank"] and titles(game, 1, "spirit")[-1] == "Meteor"
    assert game.view(None)["players"][1]["spirit_total"] == 16
    result = game.result()
    assert (result.winner, result.draw, result.rule) == (None, True, "KJ-G19")
    assert result.reason == ("both players lost at once: seat 0 has no battle card in play; "
                             "seat 1 has more than 15 cost in their spirit zone")  # each loser's own reason


def test_kj_g20_devolution_skill_that_wins_and_loses_at_once_is_a_draw():
    """Checklist 29, 23: KJ-4.1, KJ-4.2, KJ-5.18 with KJ-G19, KJ-G20, KJ-G23. Regress (cost 9)
    devolves seat 1's only battle card, Delta (12 damage), into Alpha (HP 10), which is defeated
    right away; victory is checked only once Regress is in seat 0's spirit zone (7 + 9 = 16)."""
    for stack in (["Alpha"], ["Alpha", "Zeta"]):  # automatic, and chosen by seat 1
        game = started(deck_a=deck("Regress"))
        arrange(game, 0, engaged="Tank", hand=("Regress",), spirit=("Delta", "Alpha"))
        arrange(game, 1, engaged="Delta", enhancements={"Delta": stack}, damage={"Delta": 12})
        set_turn(game, 0)
        game.act(0, {"type": "skill", "card": cid(game, 0, "Regress", "hand")})
        if len(stack) > 1:
            assert (game.pending().seat, game.pending().kind) == (1, "devolve")
            game.act(1, {"type": "devolve_choose", "card": cid(game, 1, "Alpha", "enhancement")})
        assert titles(game, 1, "spirit") == ["Alpha"] and "Delta" in titles(game, 1, "discard")
        assert titles(game, 0, "spirit") == ["Delta", "Alpha", "Regress"]
        result = game.result()
        assert (result.winner, result.draw, result.rule) == (None, True, "KJ-G19"), stack
