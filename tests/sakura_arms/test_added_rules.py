"""Rules added after the first landing: 8-2-1 main-phase-start effects, effects that make a
player lose (4-2 2), added effects (10-14), replaced resolution (10-30), "originally has"
(10-32), "reverse the arrow" as a card effect (10-2) and the turn player ordering
simultaneous start-phase effects (8-1-2, 5-5). Each test names and cites its rule."""

import pytest

from engine.core.game import Deck
from engine.games.sakura_arms import choices
from engine.games.sakura_arms.effects import Attack, damage
from engine.games.sakura_arms.flow import Ctx, arrows_reversed, run_effect
from engine.games.sakura_arms.state import AURA, DIST, FLARE, LIFE, SHADOW, GameOver
from tests.sakura_arms.scenario import (act, answer_now, resolve_now, actions, clear_hand, enhancement, keep_hands, kinds, new_game, place,
                                        refused, resolve_attack, started, tokens)

HANA_KAZE = Deck("p", {"goddesses": ["hana", "kaze"],
                       "normal": ["hana-n1", "hana-n2", "hana-n3", "hana-n4", "hana-n5", "hana-n6", "hana-n7"],
                       "special": ["hana-s1", "hana-s2", "hana-s3"]})




def test_8_2_1_main_start_effects_and_the_action_choice_resolve_in_the_turn_players_order():
    game = new_game(0, deck_a=HANA_KAZE)
    s = game.state
    bloom = enhancement(game, 0, "hana-n5")             # Ongoing: at main-phase start, Shadow (1)-> Aura
    pledge = place(game, 0, "hana-s3", "special", used=True)  # Devoted: at main-phase start, gain 1 Vigor
    tokens(game, distance=6, aura=(3, 3))
    keep_hands(game)
    req = game.pending()
    assert req.kind == "main_start" and req.seat == 0
    assert sorted(a["type"] for a in actions(game)) == ["main_mode", "main_mode", "main_start_effect", "main_start_effect"]
    events = act(game, 0, {"type": "main_start_effect", "card": pledge})
    assert "main_start_effect" in kinds(events) and s.vigor[0] == 1  # first player starts at Vigor 0 (4-1 6)
    refused(game, 0, {"type": "main_start_effect", "card": pledge}, "8-2-1")  # each effect resolves once
    act(game, 0, {"type": "main_mode", "mode": "full_power"})
    assert game.pending().kind == "main_start"  # Bloom Call is still waiting
    assert actions(game) == [{"type": "main_start_effect", "card": bloom}]
    shadow = s.tok[SHADOW]
    act(game, 0, {"type": "main_start_effect", "card": bloom})
    assert s.tok[AURA[0]] == 4 and s.tok[SHADOW] == shadow - 1
    assert game.pending().kind == "main" and s.mode == "full_power"


def test_8_2_1_a_source_that_left_play_before_its_turn_resolves_nothing():
    game = new_game(0, deck_a=HANA_KAZE)
    s = game.state
    bloom = enhancement(game, 0, "hana-n5")
    pledge = place(game, 0, "hana-s3", "special", used=True)
    tokens(game, distance=6, aura=(3, 3))
    keep_hands(game)
    act(game, 0, {"type": "main_start_effect", "card": pledge})
    s.table.move(bloom, 0, "played")  # gone before its effect was chosen
    s.tok[SHADOW] += s.tok.pop(100 + bloom)
    game.state_changed()
    act(game, 0, {"type": "main_start_effect", "card": bloom})
    assert s.tok[AURA[0]] == 3
    act(game, 0, {"type": "main_mode", "mode": "standard"})
    assert game.pending().kind == "main"


def test_4_2_2_an_effect_that_makes_the_opponent_lose_ends_the_game_and_the_other_player_wins():
    game = started(first=0, deck_a=HANA_KAZE)
    last = place(game, 0, "hana-s1", "special")  # Cost 4: if the opponent's Life <= 2, they lose
    tokens(game, life=(8, 2), flare=(4, 0))
    events = act(game, 0, {"type": "use", "card": last})
    over = [e for e in events if e["type"] == "game_over"]
    assert over and over[0]["winner"] == 0 and over[0]["rule"] == "4-2 2"
    assert game.result().winner == 0 and not game.result().draw and game.pending() is None


def test_4_2_2_the_lose_effect_does_nothing_when_its_condition_fails():
    game = started(first=0, deck_a=HANA_KAZE)
    last = place(game, 0, "hana-s1", "special")
    tokens(game, life=(8, 3), flare=(4, 0))
    events = act(game, 0, {"type": "use", "card": last})
    assert "game_over" not in kinds(events) and game.result() is None
    assert game.state.tok[FLARE[0]] == 0  # the Cost was paid all the same (9-3)


def test_4_2_2_an_effect_that_makes_its_own_player_lose_gives_the_win_to_the_other():
    game = started(first=0, deck_a=HANA_KAZE)
    s = game.state
    with pytest.raises(GameOver):
        resolve_now(s, run_effect, {"lose": "self"}, Ctx(0))
    assert s.result.winner == 1 and s.result.rule == "4-2 2"


def test_10_14_an_added_effect_resolves_after_the_cards_own_after_attack_effects():
    game = started(first=0, deck_a=HANA_KAZE)
    s = game.state
    enhancement(game, 0, "hana-n4")  # Ongoing: your attacks have "After Attack: draw 1"
    blade = place(game, 0, "hana-n2", "hand")  # Range 3-5, 1/1; After Attack: Distance (1)-> Aura
    tokens(game, distance=4, aura=(2, 3))
    hand = len(s.table.zone(0, "hand"))
    act(game, 0, {"type": "use", "card": blade})
    events = resolve_attack(game)
    order = [k for k in kinds(events) if k in ("tokens", "added_effect", "draw")]
    assert order == ["tokens", "added_effect", "draw"]
    assert s.tok[AURA[0]] == 3 and len(s.table.zone(0, "hand")) == hand  # -1 used, +1 drawn


def test_10_14_several_added_effects_are_ordered_by_the_turn_player():
    game = started(first=0, deck_a=HANA_KAZE)
    s = game.state
    crest = enhancement(game, 0, "hana-n4")   # adds "draw 1"
    twin = enhancement(game, 0, "hana-s2")    # adds "gain 1 Vigor"
    lance = place(game, 0, "hana-n1", "hand")
    tokens(game, distance=3)
    act(game, 0, {"type": "use", "card": lance})
    resolve_attack(game)
    req = game.pending()
    assert req.kind == "effect_order" and req.seat == 0
    assert sorted(a["card"] for a in actions(game)) == sorted([crest, twin])
    refused(game, 1, {"type": "choose", "card": twin}, "10-14")  # the turn player orders them
    refused(game, 0, {"type": "choose", "card": lance}, "10-14")  # only an added effect can be chosen
    events = act(game, 0, {"type": "choose", "card": twin})
    order = [k for k in kinds(events) if k in ("vigor", "draw")]
    assert order == ["vigor", "draw"] and s.vigor[0] == 1


def test_10_30_a_replacing_effect_resolves_instead_of_the_card_and_the_card_still_finishes():
    game = started(first=0, deck_b=HANA_KAZE)
    s = game.state
    enhancement(game, 1, "hana-n6")  # opponent's Action cards: instead, their Aura (1)-> Shadow
    will = place(game, 0, "sora-n7", "hand")  # Shadow (2)-> Aura, gain 1 Vigor
    tokens(game, distance=6, aura=(3, 3))
    events = act(game, 0, {"type": "use", "card": will})
    assert "resolution_replaced" in kinds(events)
    assert s.tok[AURA[0]] == 2 and s.vigor[0] == 0  # the card's own effects did not resolve
    assert s.table.zone_name(will) == "played"  # it still leaves In-use as 9-2-2 iv says


def test_10_30_the_replacement_only_touches_the_card_types_it_names():
    game = started(first=0, deck_b=HANA_KAZE)
    enhancement(game, 1, "hana-n6")
    cut = place(game, 0, "sora-n1", "hand")  # an Attack card: not replaced
    tokens(game, distance=3, aura=(3, 3))
    act(game, 0, {"type": "use", "card": cut})
    events = resolve_attack(game)
    assert "resolution_replaced" not in kinds(events) and "damage" in kinds(events)


def test_10_32_only_attacks_whose_card_originally_has_overwhelm_get_the_bonus():
    game = started(first=0, deck_a=HANA_KAZE)
    s = game.state
    enhancement(game, 0, "hana-n7", 3)  # +1/+0 to attacks that originally have Overwhelm
    lance = place(game, 0, "hana-n1", "hand")  # printed Overwhelm, 2/1
    tokens(game, distance=3, aura=(3, 5))
    act(game, 0, {"type": "use", "card": lance})
    events = resolve_attack(game, "aura")
    assert [e["amount"] for e in events if e["type"] == "damage"] == [3]
    given = Attack(0, None, None, None, frozenset({3}), (1, 1), added=[{"overwhelm": True}])
    printed = Attack(0, None, None, None, frozenset({3}), (1, 1), keywords=frozenset({"overwhelm"}))
    assert damage(s, given) == (1, 1)  # Overwhelm given by an effect is not "originally has"
    assert damage(s, printed) == (2, 1)


def test_10_2_a_reaction_reverses_the_arrow_of_the_attack_it_reacts_to():
    game = started(first=0, deck_a=HANA_KAZE, deck_b=HANA_KAZE)
    s = game.state
    clear_hand(game, 1)
    blade = place(game, 0, "hana-n2", "hand")   # After Attack: Distance (1)-> your Aura
    mirror = place(game, 1, "hana-n3", "hand")  # Reaction: reverse the arrows of that attack
    tokens(game, distance=4, aura=(2, 3))
    act(game, 0, {"type": "use", "card": blade})
    events = resolve_attack(game, "aura", react={"type": "react", "card": mirror})
    assert "arrow_reversed" in kinds(events)
    assert s.tok[AURA[0]] == 1 and s.tok[DIST] == 5  # Aura (1)-> Distance instead


def test_10_2_two_reversals_cancel_out():
    game = started(first=0)
    atk = Attack(0, None, None, None, frozenset({3}), (1, 1), added=[{"reverse_arrows": True}])
    assert arrows_reversed(game.state, 0, atk)
    atk.added.append({"reverse_arrows": True})
    assert not arrows_reversed(game.state, 0, atk)


def test_8_1_2_the_turn_player_orders_simultaneous_start_phase_effects():
    game = new_game(0, deck_a=HANA_KAZE)
    s = game.state
    twin = enhancement(game, 0, "hana-s2")      # start phase: Shadow (1)-> Aura
    mantle = enhancement(game, 0, "hana-n7", 3)  # start phase: draw 1
    tokens(game, distance=4, aura=(3, 3))
    keep_hands(game)
    req = game.pending()
    assert req.kind == "effect_order" and req.seat == 0
    assert sorted(a["card"] for a in actions(game)) == sorted([twin, mantle])
    events = act(game, 0, {"type": "choose", "card": mantle})
    assert [k for k in kinds(events) if k in ("draw", "tokens")] == ["draw", "tokens"]
    assert s.tok[AURA[0]] == 4 and game.pending().kind == "main_start"
    assert s.tok[LIFE[0]] == 10


def test_10_30_a_replaced_enhancement_enters_play_without_tokens_and_is_destroyed():
    """A-10: the card moves as 9-2-3 v would; Charge (9-2-3 iii) was skipped, so 5-5-2 destroys it."""
    from engine.games.sakura_arms.flow import replaced_resolution, settle
    game = started(first=0, deck_a=HANA_KAZE, deck_b=HANA_KAZE)
    s = game.state
    root = enhancement(game, 1, "hana-n6")
    crest = place(game, 0, "hana-n4", "in_use")
    resolve_now(s, replaced_resolution, 0, crest, (1, root, ({"move": {"from": "opp_aura", "to": "shadow", "count": 1}},)))
    assert s.table.zone_name(crest) == "enhancement" and 100 + crest not in s.tok
    assert s.tok[AURA[0]] == 2
    resolve_now(s, settle)
    assert s.table.zone_name(crest) == "played"


def test_10_14_an_effect_added_by_a_resolved_reaction_is_ordered_with_the_ongoing_ones():
    from engine.games.sakura_arms.effects import added_after_attack
    from engine.games.sakura_arms.flow import resolve_with_added
    game = started(first=0, deck_a=HANA_KAZE)
    s = game.state
    crest = enhancement(game, 0, "hana-n4")  # adds "draw 1"
    mirror = place(game, 0, "hana-n3", "played")  # stands in for the card whose effect added one
    atk = Attack(0, None, None, None, frozenset({3}), (1, 1))
    resolve_now(s, run_effect, {"modify": {"add_after_attack": ({"vigor": 1},)}}, Ctx(0, mirror, None, atk))
    hand = len(s.table.zone(0, "hand"))
    pending = resolve_now(s, resolve_with_added, atk.after_attack, "add_after_attack", Ctx(0, None, atk))
    decision = choices.effect_order(s, pending.asking)
    assert decision.kind == "effect_order" and pending.asking.rule == "10-14" and decision.seat == s.active
    assert sorted(o.action["card"] for o in decision.options) == sorted([crest, mirror])
    assert sorted(c for c, _ in added_after_attack(s, atk)) == sorted([crest, mirror])
    assert answer_now(s, pending, s.active, {"type": "choose", "card": mirror}).asking is None
    assert s.vigor[0] == 1 and len(s.table.zone(0, "hand")) == hand + 1


def test_8_3_1_the_turn_player_orders_end_phase_effects_and_resurgence():
    game = started(first=0)
    s = game.state
    dawn = place(game, 0, "sora-s3", "special", used=True)  # Devoted: in your end phase, Recover
    wind = place(game, 0, "sora-s2", "special", used=True)  # Resurgence: your Life is 4 or less
    tokens(game, distance=6, aura=(2, 3), life=(4, 10))
    act(game, 0, {"type": "end_main"})
    req = game.pending()
    assert req.kind == "effect_order" and req.seat == 0
    assert sorted(a["card"] for a in actions(game)) == sorted([dawn, wind])
    events = act(game, 0, {"type": "choose", "card": wind})
    assert [k for k in kinds(events) if k in ("set_unused", "basic_action")] == ["set_unused", "basic_action"]
    assert wind not in s.special_used and dawn in s.special_used and s.tok[AURA[0]] == 3
