"""Referee checklist items 38-49: damage, reshuffle, Burnout, victory and token bookkeeping."""

from engine.games.sakura_arms import RULES
from engine.games.sakura_arms import choices
from engine.games.sakura_arms.flow import take_damage
from engine.games.sakura_arms.state import AURA, CARD, DIST, FLARE, LIFE, SHADOW, move_tokens, tokens_in_play
from tests.sakura_arms.scenario import (act, answer_until, clear_hand, enhance_tokens, kinds, place, resolve_attack,
                                        started, tokens)


def _attack(game, card_id="sora-n1", distance=3, to="aura"):
    clear_hand(game, 1)
    cut = place(game, 0, card_id, "hand")
    tokens(game, distance=distance)
    act(game, 0, {"type": "use", "card": cut})
    return resolve_attack(game, to)


def test_9_5_aura_damage_to_shadow_and_life_damage_to_own_flare():  # checklist 38
    game = started(first=0)
    s = game.state
    tokens(game, aura=(3, 3), flare=(0, 0))
    _attack(game, to="aura")  # Rising Cut 3/1
    assert s.tok[AURA[1]] == 0 and s.tok[LIFE[1]] == 10
    game = started(first=0)
    s = game.state
    _attack(game, to="life")
    assert s.tok[LIFE[1]] == 9 and s.tok[FLARE[1]] == 1 and s.tok[AURA[1]] == 3


def test_9_5_i_aura_below_the_aura_damage_cannot_be_chosen():  # checklist 39
    game = started(first=0)
    s = game.state
    clear_hand(game, 1)
    cut = place(game, 0, "sora-n1", "hand")
    tokens(game, distance=3, aura=(3, 2))
    act(game, 0, {"type": "use", "card": cut})
    events = resolve_attack(game, "aura")
    assert [e for e in events if e and e["type"] == "damage"][0]["to"] == "life"
    assert s.tok[AURA[1]] == 2 and s.tok[LIFE[1]] == 9


def test_9_5_i_dash_forces_the_other_side_even_with_too_little_aura():  # checklist 40, A-7 (a)
    game = started(first=1)
    s = game.state
    clear_hand(game, 0)
    quick = place(game, 1, "kaze-n3", "hand")  # 1/- Range 3-7
    tokens(game, distance=4, aura=(0, 3))
    act(game, 1, {"type": "use", "card": quick})
    resolve_attack(game)
    assert s.tok[AURA[0]] == 0 and s.tok[LIFE[0]] == 10  # Aura chosen, nothing spills to Life


def test_9_5_A_7_b_zero_aura_damage_can_be_taken_with_zero_aura():
    game = started(first=0)
    s = game.state
    tokens(game, aura=(3, 0))
    decision = choices.damage(s, take_damage(s, 1, 0, 2, "effect"))  # the step that asks
    assert decision.kind == "damage" and {o.action["to"] for o in decision.options} == {"aura", "life"}


def test_9_8_rules_reshuffle_costs_1_life_then_returns_normal_cards():  # checklist 41, A-17
    game = started(first=0)
    s = game.state
    played = place(game, 0, "sora-n1", "played")
    down = place(game, 0, "sora-n2", "facedown")
    used = place(game, 0, "sora-s3", "special", used=True)
    act(game, 0, {"type": "end_main"})
    answer_until(game, "main_start")
    act(game, 1, {"type": "main_mode", "mode": "standard"})
    act(game, 1, {"type": "end_main"})
    answer_until(game, "reshuffle")
    life, flare = s.tok[LIFE[0]], s.tok[FLARE[0]]
    act(game, 0, {"type": "reshuffle", "reshuffle": True})
    assert s.tok[LIFE[0]] == life - 1 and s.tok[FLARE[0]] == flare + 1
    assert s.table.zone_name(played) in ("deck", "hand") and s.table.zone_name(down) in ("deck", "hand")
    assert not s.table.zone(0, "played") and s.table.zone_name(used) == "special"


def test_9_8_i_a_reshuffle_caused_by_a_card_deals_no_damage():  # checklist 42
    game = started(first=1)
    s = game.state
    breath = place(game, 1, "kaze-n5", "hand")
    place(game, 1, "kaze-n1", "played")
    tokens(game, aura=(3, 3))
    life = s.tok[LIFE[1]]
    events = act(game, 1, {"type": "use", "card": breath})
    assert "reshuffle" in kinds(events) and "reshuffle_damage" not in kinds(events) and s.tok[LIFE[1]] == life
    assert s.tok[FLARE[1]] == 2


def test_5_5_3_and_10_10_burnout_on_an_empty_deck_1_1_choose_one():  # checklist 43
    game = started(first=0)
    s = game.state
    for c in list(s.table.zone(0, "deck")):
        s.table.move(c, 0, "played")
    tokens(game, aura=(0, 3))
    act(game, 0, {"type": "end_main"})
    answer_until(game, "main_start")
    act(game, 1, {"type": "main_mode", "mode": "standard"})
    act(game, 1, {"type": "end_main"})
    answer_until(game, "reshuffle")
    life = s.tok[LIFE[0]]
    events = act(game, 0, {"type": "reshuffle", "reshuffle": False})
    # Aura 0 < 1: the Burnout damage must go to Life, twice (two draws)
    assert kinds(events).count("burnout") == 2 and s.tok[LIFE[0]] == life - 2


def test_10_6_unguarded_enhancement_goes_face_down_on_life_damage_without_disenchant():  # checklist 44, A-8
    game = started(first=1)
    s = game.state
    blade = place(game, 0, "sora-n6", "enhancement")  # Unguarded, Charge 2
    enhance_tokens(game, blade, 2)
    clear_hand(game, 0)
    shot = place(game, 1, "kaze-n1", "hand")  # 2/1 Range 5-8
    tokens(game, distance=5, aura=(1, 3))
    shadow = s.tok[SHADOW]
    act(game, 1, {"type": "use", "card": shot})
    resolve_attack(game, "life")
    assert s.table.zone_name(blade) == "facedown" and blade in s.table.face_down
    assert CARD + blade not in s.tok and s.tok[SHADOW] == shadow + 2


def test_10_6_unguarded_ignores_the_reshuffle_life_damage():
    game = started(first=0)
    s = game.state
    blade = place(game, 0, "sora-n6", "enhancement")
    enhance_tokens(game, blade, 3)
    act(game, 0, {"type": "end_main"})
    answer_until(game, "reshuffle")
    act(game, 0, {"type": "reshuffle", "reshuffle": True})
    assert s.table.zone_name(blade) == "enhancement"


def test_4_2_a_player_wins_at_once_when_the_opponent_life_is_0_mid_resolution():  # checklist 45
    game = started(first=1)
    clear_hand(game, 0)
    shot = place(game, 1, "kaze-n1", "hand")
    tokens(game, distance=5, aura=(0, 3), life=(1, 10))
    act(game, 1, {"type": "use", "card": shot})
    resolve_attack(game, "life")
    assert game.pending() is None and game.result().winner == 1 and game.result().rule == "4-2"
    refused_exc = None
    try:
        game.act(0, {"type": "end_main"})
    except Exception as exc:  # noqa: BLE001
        refused_exc = exc
    assert getattr(refused_exc, "code", None) == "game_over"


def test_4_2_A_1_both_lives_reaching_0_together_is_a_draw_or_option():
    for option, winner, draw in (("draw", None, True), ("turn_player_wins", 0, False)):
        from engine.core.game import Deck
        deck_a = Deck("a", {"goddesses": ["tsuki", "sora"], "normal": ["tsuki-n7", "sora-n1", "sora-n2", "sora-n3",
                                                                       "sora-n4", "sora-n5", "sora-n6"],
                            "special": ["sora-s1", "sora-s2", "sora-s3"]})
        game = started(first=0, options={"both_lives_zero": option}, deck_a=deck_a)
        well = place(game, 0, "tsuki-n7", "hand")  # each player: Life (1) -> Flare
        tokens(game, life=(1, 1))
        act(game, 0, {"type": "use", "card": well})
        assert game.result().draw is draw and game.result().winner == winner


def test_8_1_3_ii_decay_removes_a_token_from_own_enhancements_or_both_by_option():  # checklist 46, A-3
    for option, theirs in (("own", 2), ("both", 1)):
        game = started(first=0, options={"enhancement_decay": option})
        s = game.state
        mine = place(game, 0, "sora-n6", "enhancement")
        other = place(game, 1, "tsuki-n1", "enhancement")
        enhance_tokens(game, mine, 2)
        enhance_tokens(game, other, 2)
        act(game, 0, {"type": "end_main"})
        answer_until(game, "main_start")
        act(game, 1, {"type": "main_mode", "mode": "standard"})
        act(game, 1, {"type": "end_main"})
        answer_until(game, "reshuffle")
        assert s.tok[CARD + mine] == 1 and s.tok[CARD + other] == theirs, option


def test_47_token_total_is_36_plus_logged_out_of_game_moves():  # checklist 47
    from engine.core.game import Deck
    deck_a = Deck("a", {"goddesses": ["tsuki", "sora"], "normal": ["tsuki-n7", "sora-n1", "sora-n2", "sora-n3",
                                                                   "sora-n4", "sora-n5", "sora-n6"],
                        "special": ["sora-s1", "sora-s2", "tsuki-s3"]})
    game = started(first=0, deck_a=deck_a)
    s = game.state
    well = place(game, 0, "tsuki-n7", "hand")  # Out-of-game (1) -> Shadow
    events = act(game, 0, {"type": "use", "card": well})
    assert s.out_net == 1 and tokens_in_play(s) == 37
    assert [e for e in events if e["type"] == "out_of_game_tokens"][0]["count"] == 1
    offering = place(game, 0, "tsuki-s3", "special")  # Aura (1) -> Out-of-game; removed
    tokens(game, flare=(1, 0))
    events = act(game, 0, {"type": "use", "card": offering})
    assert s.out_net == 0 and tokens_in_play(s) == 36
    assert [e["to"] for e in events if e["type"] == "out_of_game_tokens"] == ["Out-of-game"]  # logged (7-1-16)
    assert s.table.zone_name(offering) == "out" and offering not in s.table.face_down  # 10-18
    s.tok[SHADOW] += 1  # an unlogged token breaks the invariant
    try:
        RULES.check_invariants(s)
        raise AssertionError("the 36-token check did not fire")
    except AssertionError as exc:
        assert "token total" in str(exc)


def test_7_1_9_tokens_on_a_card_leaving_the_enhancement_zone_go_to_shadow():  # checklist 48
    game = started(first=0)
    s = game.state
    blade = place(game, 0, "sora-n6", "enhancement")
    enhance_tokens(game, blade, 2)
    shadow = s.tok[SHADOW]
    from engine.games.sakura_arms.effects import put
    put(s, blade, "played")
    assert CARD + blade not in s.tok and s.tok[SHADOW] == shadow + 2


def test_6_3_moves_truncate_at_caps_and_at_empty_sources():  # checklist 49
    game = started(first=0)
    s = game.state
    tokens(game, distance=9, aura=(4, 3), life=(8, 10))  # Shadow 2
    assert move_tokens(s, SHADOW, AURA[0], 3, "test") == 1 and s.tok[AURA[0]] == 5  # 7-1-3-1
    tokens(game, distance=9, aura=(2, 3), life=(8, 10))  # Shadow 4
    assert move_tokens(s, SHADOW, DIST, 4, "test") == 1 and s.tok[DIST] == 10  # 7-1-1
    s.tok[FLARE[1]] = 0
    assert move_tokens(s, FLARE[1], SHADOW, 2, "test") == 0
    tokens(game, distance=5, aura=(5, 3))
    iron = place(game, 0, "sora-n7", "hand")  # Shadow (2) -> Aura with Aura 5: moves nothing
    act(game, 0, {"type": "use", "card": iron})
    assert s.tok[AURA[0]] == 5 and tokens_in_play(s) == 36


def test_9_5_damage_effect_to_its_own_user_and_to_each_player_user_first():
    """9-5: damage is resolved according to wording such as "a player takes damage"; each damaged
    player chooses Aura or Life within 9-5 i. Eclipse Toll (sample card): "You take -/1 damage. Then
    each player, you first, takes 1/1 damage."."""
    from tests.sakura_arms.scenario import act, place, started, tokens
    game = started(first=1)
    s = game.state
    toll = place(game, 1, "tsuki-s4", "special")
    tokens(game, distance=5, aura=(3, 3), life=(10, 10), flare=(0, 2))
    act(game, 1, {"type": "use", "card": toll})
    # -/1 to the user: Life only, no choice (9-5 i); then the user chooses first for the 1/1
    assert s.tok[LIFE[1]] == 9 and s.tok[LIFE[0]] == 10
    req = game.pending()
    assert req.kind == "damage" and req.seat == 1
    act(game, 1, {"type": "take_damage", "to": "aura"})
    req = game.pending()
    assert req.kind == "damage" and req.seat == 0
    act(game, 0, {"type": "take_damage", "to": "life"})
    assert (s.tok[AURA[1]], s.tok[LIFE[1]]) == (2, 9) and (s.tok[AURA[0]], s.tok[LIFE[0]]) == (3, 9)
