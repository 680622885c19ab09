"""Section 10 effects: each test names and cites its rule."""

from engine.core.game import Deck
from engine.games.sakura_arms.state import AURA, CARD, FLARE, LIFE, SHADOW
from tests.sakura_arms.scenario import card as card_of
from tests.sakura_arms.scenario import (SORA_HOSHI, resolve_now, act, actions, answer_until, clear_hand, enhance_tokens, kinds,
                                        place, refused, resolve_attack, started, tokens)

HOSHI_TSUKI = Deck("h", {"goddesses": ["hoshi", "tsuki"],
                         "normal": ["hoshi-n6", "hoshi-n7", "tsuki-n2", "tsuki-n3", "tsuki-n5", "tsuki-n6", "hoshi-n1"],
                         "special": ["hoshi-s2", "hoshi-s3", "tsuki-s2"]})
STORM_TSUKI = Deck("s", {"goddesses": ["sora-storm", "tsuki"],
                         "normal": ["sorastorm-n1", "tsuki-n1", "tsuki-n2", "tsuki-n3", "tsuki-n4", "tsuki-n5", "tsuki-n6"],
                         "special": ["sorastorm-s1", "tsuki-s2", "tsuki-s3"]})


def test_10_13_ending_the_current_phase_from_a_reaction_cleans_up_and_ends_the_main_phase():
    game = started(first=0, deck_b=HOSHI_TSUKI)
    s = game.state
    clear_hand(game, 1)
    cut = place(game, 0, "sora-n1", "hand")
    calm = place(game, 1, "hoshi-n7", "hand")  # Reaction; additional cost: cover a card; end the phase
    extra = place(game, 1, "tsuki-n2", "hand")
    tokens(game, distance=3)
    act(game, 0, {"type": "use", "card": cut})
    act(game, 1, {"type": "react", "card": calm})
    events = act(game, 1, {"type": "cover", "card": extra})  # 10-31 additional cost
    assert s.table.zone_name(extra) == "facedown"
    assert "phase_ended" in kinds(events) and "damage" not in kinds(events)
    assert s.table.zone_name(cut) == "played" and s.table.zone_name(calm) == "played" and not s.attacks
    assert s.phase in ("end",) or s.turn == 2  # the main phase of seat 0 is over


def test_10_31_additional_cost_must_be_payable():
    game = started(first=0, deck_b=HOSHI_TSUKI)
    clear_hand(game, 1)
    cut = place(game, 0, "sora-n1", "hand")
    place(game, 1, "hoshi-n7", "hand")  # no other hand card to cover
    tokens(game, distance=3)
    calm = card_of(game, 1, "hoshi-n7")
    act(game, 0, {"type": "use", "card": cut})
    # Sudden Calm needs another hand card to put face down: it cannot react. The window still opens
    # (9-4 i: its presence must not reveal the hand) but does not offer it
    assert game.pending().kind == "reaction"
    assert calm not in [a.get("card") for a in actions(game)]
    refused(game, 1, {"type": "react", "card": calm}, "10-31")
    from engine.games.sakura_arms.guards import react_refusal
    assert react_refusal(game.state, 1, calm, game.state.attacks[-1]).rule == "10-31"


def test_10_9_seal_under_this_card_and_return_on_disenchant():
    game = started(first=0, deck_a=HOSHI_TSUKI)
    s = game.state
    star = place(game, 0, "hoshi-s3", "special")  # Charge 2; Initialize: seal from face-down pile
    hidden = place(game, 0, "tsuki-n2", "facedown")
    tokens(game, distance=8, aura=(2, 3), flare=(1, 0))
    act(game, 0, {"type": "use", "card": star})
    answer_until(game, "main", {"charge": actions(game)[0] if game.pending().kind == "charge" else None})
    assert s.table.zone_name(hidden) == "sealed" and s.sealed_by[hidden] == star
    from engine.games.sakura_arms.effects import move_all_from_card
    from engine.games.sakura_arms.flow import settle
    move_all_from_card(s, star, SHADOW, "test")
    resolve_now(s, settle)  # destruction: Disenchant returns the sealed card to hand
    assert s.table.zone_name(hidden) == "hand" and s.table.zone_name(star) == "special" and star in s.special_used


def test_10_25_exchange_moves_the_card_to_extra_and_brings_the_extra_card_in():
    game = started(first=0, deck_a=HOSHI_TSUKI)
    s = game.state
    clear_hand(game, 1)
    fan = place(game, 0, "hoshi-s2", "special")  # After Attack: exchange with Folded Tempest
    tokens(game, distance=5, flare=(3, 0))
    folded = s.table.zone(0, "extra")[0]
    act(game, 0, {"type": "use", "card": fan})
    resolve_attack(game)
    assert s.table.zone_name(fan) == "extra" and s.table.zone_name(folded) == "special" and folded in s.special_used


def test_10_16_a_copy_reads_its_copy_source_until_it_is_gone():
    game = started(first=0, deck_a=HOSHI_TSUKI, deck_b=SORA_HOSHI)
    s = game.state
    blade = place(game, 1, "sora-n6", "enhancement")  # Ongoing +1/+0 (seat 1's)
    enhance_tokens(game, blade, 2)
    mirror = place(game, 0, "tsuki-n3", "hand")
    tokens(game, distance=8, aura=(2, 3))
    act(game, 0, {"type": "use", "card": mirror})
    answer_until(game, "main")
    assert s.copy_of[mirror] == blade and game.view(None)["players"][0]["enhancement"][0]["copy_of"] == blade
    bolt = place(game, 0, "tsuki-n2", "hand")  # 2/1 -> 3/1 with the copied Ongoing
    tokens(game, distance=4, aura=(2, 5))
    act(game, 0, {"type": "use", "card": bolt})
    assert game.view(None)["attacks"][0]["damage"] == "3/1"


def test_10_27_copying_an_attack_uses_its_modified_range_and_damage():
    game = started(first=1)
    s = game.state
    clear_hand(game, 0)
    clear_hand(game, 1)
    shot = place(game, 1, "kaze-n1", "hand")  # 2/1 Range 5-8
    mirror = [c for c in s.table.zone(0, "special") if s.table.cards[c].defn.id == "hoshi-s1"][0]
    tokens(game, distance=5, aura=(5, 4), flare=(2, 0))
    act(game, 1, {"type": "use", "card": shot})
    events = act(game, 0, {"type": "react", "card": mirror})
    attacks = [e for e in events if e and e["type"] == "attack"]
    assert attacks and attacks[0]["seat"] == 0 and attacks[0]["damage"] == "2/1" and attacks[0]["range"] == [5, 6, 7, 8]


def test_10_23_an_attack_that_cannot_be_cancelled_still_deals_its_damage():
    game = started(first=1)
    s = game.state
    clear_hand(game, 0)
    shot = place(game, 1, "kaze-n1", "hand")  # cannot be cancelled
    second = place(game, 0, "sora-s2", "special")  # Reaction: cancel the damage
    tokens(game, distance=5, aura=(3, 3), flare=(1, 0))
    act(game, 1, {"type": "use", "card": shot})
    act(game, 0, {"type": "react", "card": second})
    events = resolve_attack(game, "life")
    assert "damage" in kinds(events) and s.tok[LIFE[0]] == 9


def test_9_4_iv_cancelled_damage_is_not_resolved():
    game = started(first=1)
    s = game.state
    clear_hand(game, 0)
    volley = place(game, 1, "kaze-n2", "hand")
    second = place(game, 0, "sora-s2", "special")
    tokens(game, distance=4, aura=(3, 3), flare=(1, 0))
    act(game, 1, {"type": "use", "card": volley})
    events = act(game, 0, {"type": "react", "card": second})
    assert "damage" not in kinds(events) and s.tok[LIFE[0]] == 10 and s.tok[AURA[0]] == 3


def test_10_26_take_both_damages():
    game = started(first=0, mode="full_power")
    s = game.state
    clear_hand(game, 1)
    sweep = place(game, 0, "sora-n5", "hand")  # Throughout, 3/2, take both
    tokens(game, distance=3, aura=(3, 3))
    act(game, 0, {"type": "use", "card": sweep})
    resolve_attack(game)
    assert s.tok[AURA[1]] == 0 and s.tok[LIFE[1]] == 8


def test_10_21_overwhelm_lifts_the_aura_damage_cap_and_terminal():
    game = started(first=1, mode="full_power")
    s = game.state
    clear_hand(game, 0)
    arrows = place(game, 1, "kaze-s1", "special")  # X/2, Range X = Distance, Overwhelm, Terminal
    tokens(game, distance=7, aura=(5, 3), life=(10, 7), flare=(0, 4))
    events = act(game, 1, {"type": "use", "card": arrows}) + resolve_attack(game)
    assert [e["damage"] for e in events if e["type"] == "attack"] == ["7/2"]
    assert s.tok[LIFE[0]] == 8 and s.terminal[1]  # Aura 5 < 7: Life had to be chosen


def test_10_1_double_arrow_direction_is_chosen_and_10_2_reverse_the_arrow():
    game = started(first=0, deck_b=HOSHI_TSUKI)
    s = game.state
    clear_hand(game, 1)
    cut = place(game, 0, "sora-n1", "hand")
    gust = place(game, 1, "hoshi-n2", "hand")
    tokens(game, distance=3)
    act(game, 0, {"type": "use", "card": cut})
    act(game, 1, {"type": "react", "card": gust})
    assert game.pending().kind == "direction" and game.pending().seat == 1
    # 10-2: Iron Will (Shadow -> Aura) reversed by the opponent's Reversal Charm
    game = started(first=0, deck_b=HOSHI_TSUKI)
    s = game.state
    charm = place(game, 1, "tsuki-n5", "enhancement")
    enhance_tokens(game, charm, 2)
    iron = place(game, 0, "sora-n7", "hand")
    tokens(game, distance=5, aura=(3, 3))
    shadow = s.tok[SHADOW]
    act(game, 0, {"type": "use", "card": iron})
    assert s.tok[AURA[0]] == 1 and s.tok[SHADOW] == shadow + 2


def test_10_5_make_an_attack_from_an_after_attack_effect():
    game = started(first=0, deck_a=STORM_TSUKI)
    s = game.state
    clear_hand(game, 1)
    storm = place(game, 0, "sorastorm-n1", "hand")  # 2/1 Range 4-5; After Attack: attack 1/- Range 4-6
    tokens(game, distance=4, aura=(3, 5))
    act(game, 0, {"type": "use", "card": storm})
    events = resolve_attack(game, "aura")
    assert kinds(events).count("attack") >= 1 and s.tok[AURA[1]] == 5 - 2 - 1


def test_10_7_resurgence_in_the_owners_end_phase_and_10_17_set_unused():
    game = started(first=0)
    s = game.state
    second = place(game, 0, "sora-s2", "special", used=True)  # Resurgence: Life 4 or less
    s.table.face_down.discard(second)
    tokens(game, life=(4, 10))
    events = act(game, 0, {"type": "end_main"})
    assert second not in s.special_used and second in s.table.face_down and "set_unused" in kinds(events)


def test_10_8_immediate_resurgence_when_the_condition_is_met():
    game = started(first=1)
    s = game.state
    clear_hand(game, 0)
    shot = place(game, 1, "kaze-n1", "hand")
    mirror = [c for c in s.table.zone(0, "special") if s.table.cards[c].defn.id == "hoshi-s1"][0]
    tokens(game, distance=5, aura=(5, 4), life=(3, 10), flare=(2, 0))
    act(game, 1, {"type": "use", "card": shot})
    act(game, 0, {"type": "react", "card": mirror})
    resolve_attack(game, "life")
    assert s.tok[LIFE[0]] <= 2 and mirror not in s.special_used and s.table.zone_name(mirror) == "special"


def test_4_2_3_a_win_by_effect_and_use_conditions_9_2():
    game = started(first=0, deck_a=HOSHI_TSUKI)
    judge = place(game, 0, "tsuki-s2", "special")  # Cost 6, only when the opponent's Life <= 2
    tokens(game, life=(10, 3), flare=(6, 0))
    refused(game, 0, {"type": "use", "card": judge}, "9-2")
    tokens(game, life=(10, 2), flare=(6, 0))
    act(game, 0, {"type": "use", "card": judge})
    assert game.result().winner == 0 and game.result().rule == "4-2 3"


def test_6_2_1_5_a_variable_card_cannot_be_used():
    deck = Deck("v", {"goddesses": ["kaze", "tsuki"],
                      "normal": ["kaze-n7", "kaze-n2", "kaze-n3", "kaze-n4", "kaze-n5", "kaze-n6", "tsuki-n1"],
                      "special": ["kaze-s1", "kaze-s2", "tsuki-s1"]})
    game = started(first=1, deck_b=deck)
    broken = place(game, 1, "kaze-n7", "hand")
    refused(game, 1, {"type": "use", "card": broken}, "6-2-1-5")


def test_9_9_a_card_used_by_an_effect_is_resolved_nested():
    game = started(first=0, deck_a=HOSHI_TSUKI)
    s = game.state
    clear_hand(game, 1)
    hidden = place(game, 0, "hoshi-n6", "hand")  # use a card from your face-down pile
    bolt = place(game, 0, "tsuki-n2", "facedown")
    tokens(game, distance=4, aura=(3, 3), flare=(0, 1))
    act(game, 0, {"type": "use", "card": hidden})
    assert game.pending().kind == "choose"
    assert {a["card"] for a in actions(game)} == {bolt, None}
    act(game, 0, {"type": "choose", "card": bolt})
    resolve_attack(game, "aura")
    assert s.table.zone_name(bolt) == "played" and s.tok[AURA[1]] == 1 and s.tok[FLARE[1]] == 0


def test_10_22_a_card_used_through_the_reaction_cards_effect_is_not_restricted():
    # seat 0 plays Kaze's Volley: No Reactions (Normal); seat 1 reacts with the Special Wind Reader
    from tests.sakura_arms.scenario import KAZE_TSUKI
    game = started(first=1, deck_a=KAZE_TSUKI, deck_b=KAZE_TSUKI)
    clear_hand(game, 0)
    volley = place(game, 1, "kaze-n2", "hand")
    reader = place(game, 0, "kaze-s2", "special")
    quick = place(game, 0, "kaze-n3", "hand")  # a Normal Reaction: refused as a Reaction here
    tokens(game, distance=4, aura=(3, 3), flare=(0, 0))
    act(game, 1, {"type": "use", "card": volley})
    refused(game, 0, {"type": "react", "card": quick}, "10-22")
    act(game, 0, {"type": "react", "card": reader})
    assert game.pending().kind == "choose" and {"type": "choose", "card": quick} in actions(game)
    events = act(game, 0, {"type": "choose", "card": quick})  # used by the Reaction's effect: allowed
    assert any(e["type"] == "use" and e["card"]["id"] == quick for e in events)


def test_5_5_the_turn_player_orders_simultaneous_destructions():
    game = started(first=0, deck_a=HOSHI_TSUKI)
    s = game.state
    veil = place(game, 0, "hoshi-n5", "enhancement")  # Disenchant: Shadow (1) -> Aura
    eclipse = place(game, 0, "tsuki-s1", "enhancement")  # Disenchant: draw 1
    tokens(game, distance=8, aura=(2, 3))
    enhance_tokens(game, veil, 1)
    enhance_tokens(game, eclipse, 1)
    act(game, 0, {"type": "end_main"})
    answer_until(game, "order")
    req = game.pending()
    assert req.seat == 0 and {a["card"] for a in actions(game)} == {veil, eclipse}
    events = act(game, 0, {"type": "choose", "card": eclipse})
    destroyed = [e["card"]["id"] for e in events if e["type"] == "destroyed"]
    assert destroyed == [eclipse, veil]
    assert s.table.zone_name(veil) == "played" and eclipse in s.special_used


def _pending_attack_damage(game) -> str:
    return game.view(None)["attacks"][-1]["damage"]


def test_10_15_an_effect_for_another_goddess_attack():
    from tests.sakura_arms.scenario import KAZE_TSUKI
    game = started(first=1, deck_b=KAZE_TSUKI)
    clear_hand(game, 0)
    hawk = place(game, 1, "kaze-n6", "enhancement")  # Tsuki attacks: far 2; all: reduce near 1
    enhance_tokens(game, hawk, 2)
    bolt = place(game, 1, "tsuki-n2", "hand")  # Tsuki, Range 2-6 -> 3-8
    shot = place(game, 1, "kaze-n1", "hand")  # Kaze, Range 5-8 -> 6-8
    tokens(game, distance=8)
    assert {"type": "use", "card": bolt} in actions(game) and {"type": "use", "card": shot} in actions(game)
    tokens(game, distance=5)
    refused(game, 1, {"type": "use", "card": shot}, "9-2-1 i")
    act(game, 1, {"type": "use", "card": bolt})
    assert game.view(None)["attacks"][0]["range"] == [3, 4, 5, 6, 7, 8]


def test_10_28_duplicates_of_this_effect_cancel_each_other():
    from tests.sakura_arms.scenario import KAZE_TSUKI
    for both, expected in ((False, "1/1"), (True, "2/1")):
        game = started(first=0, deck_a=STORM_TSUKI, deck_b=KAZE_TSUKI)
        clear_hand(game, 1)
        ward = place(game, 1, "tsuki-n1", "enhancement")  # Ongoing: opponent's attacks -1/+0 (unique)
        enhance_tokens(game, ward, 2)
        if both:
            mine = place(game, 0, "tsuki-n1", "enhancement")
            enhance_tokens(game, mine, 2)
        bolt = place(game, 0, "tsuki-n2", "hand")  # 2/1
        tokens(game, distance=4, aura=(3, 5))
        # with one Moon Ward it is 1/1; with two identical effects in play neither applies
        act(game, 0, {"type": "use", "card": bolt})
        assert _pending_attack_damage(game) == expected, both


def test_10_20_all_your_other_special_cards_are_used():
    for used, expected in ((False, "4/3"), (True, "5/4")):
        game = started(first=0)
        s = game.state
        clear_hand(game, 1)
        splitter = place(game, 0, "sora-s1", "special")
        for other in s.table.zone(0, "special"):
            if other != splitter and used:
                s.special_used.add(other)
                s.table.face_down.discard(other)
        tokens(game, distance=3, aura=(3, 5), flare=(5, 0))
        act(game, 0, {"type": "use", "card": splitter})
        assert _pending_attack_damage(game) == expected


def test_8_1_2_start_phase_ongoing_effect_resolves_before_the_fixed_procedure():
    game = started(first=0, deck_a=HOSHI_TSUKI)
    s = game.state
    eclipse = place(game, 0, "tsuki-s1", "enhancement")  # in your start phase: Shadow (1) -> your Flare
    enhance_tokens(game, eclipse, 4)
    tokens(game, distance=4, flare=(0, 0))  # Shadow 2
    act(game, 0, {"type": "end_main"})
    answer_until(game, "main_start")
    act(game, 1, {"type": "main_mode", "mode": "standard"})
    act(game, 1, {"type": "end_main"})
    answer_until(game, "reshuffle")
    assert s.tok[FLARE[0]] == 1 and s.tok[FLARE[1]] == 0  # only in its owner's start phase (turn 3)
    assert s.tok[CARD + eclipse] == 3  # then the fixed procedure removed a token (8-1-3 ii)


def test_8_3_1_end_phase_devoted_effect():
    game = started(first=0)
    s = game.state
    edge = place(game, 0, "sora-s3", "special", used=True)  # Devoted: in your end phase, Recover
    s.table.face_down.discard(edge)
    tokens(game, aura=(2, 3))
    act(game, 0, {"type": "end_main"})
    assert s.tok[AURA[0]] == 3
