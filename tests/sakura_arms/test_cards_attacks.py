"""Referee checklist items 25-37: using cards, costs, attacks, Reactions and modifications."""

import pytest

from engine.games.sakura_arms.effects import apply_damage_mods, apply_range_mods
from engine.games.sakura_arms.state import AURA, DIST, FLARE, LIFE, SHADOW
from tests.sakura_arms.scenario import (act, actions, clear_hand, enhance_tokens, kinds, place, refused, resolve_attack,
                                        started, tokens, SORA_HOSHI)


def test_9_2_1_i_attack_outside_range_is_refused_before_costs_and_nothing_moves():  # checklist 25
    game = started(first=0)
    s = game.state
    splitter = place(game, 0, "sora-s1", "special")  # Range 3-4, Cost 5
    tokens(game, distance=5, flare=(5, 0))
    refused(game, 0, {"type": "use", "card": splitter}, "9-2-1 i")
    assert s.tok[FLARE[0]] == 5 and splitter in s.table.face_down and game.state.table.zone_name(splitter) == "special"


def test_9_3_special_cost_moves_flare_to_shadow_and_is_refused_when_short():  # checklist 26
    game = started(first=0)
    s = game.state
    splitter = place(game, 0, "sora-s1", "special")
    tokens(game, distance=3, flare=(4, 0))
    refused(game, 0, {"type": "use", "card": splitter}, "9-3")
    tokens(game, distance=3, flare=(6, 0))
    shadow = s.tok[SHADOW]
    act(game, 0, {"type": "use", "card": splitter})  # 4/3 against Aura 3: Life takes it, no Shadow change
    assert s.tok[FLARE[0]] == 1 and s.tok[SHADOW] == shadow + 5 and s.tok[LIFE[1]] == 7


def test_9_2_1_v_used_normal_to_played_pile_special_to_devoted_face_up():  # checklist 27
    game = started(first=0)
    s = game.state
    clear_hand(game, 1)
    cut = place(game, 0, "sora-n1", "hand")
    edge = place(game, 0, "sora-s3", "special")
    tokens(game, distance=3, flare=(2, 0))
    act(game, 0, {"type": "use", "card": cut})
    resolve_attack(game)
    assert s.table.zone_name(cut) == "played"
    act(game, 0, {"type": "use", "card": edge})
    resolve_attack(game)
    assert s.table.zone_name(edge) == "special" and edge in s.special_used and edge not in s.table.face_down
    assert game.view(1)["players"][0]["special"][[c.get("id") for c in game.view(1)["players"][0]["special"]].index(edge)]["state"] == "used"


def test_9_2_3_iii_charge_from_shadow_and_aura_in_any_mix_as_many_as_possible():  # checklist 28
    game = started(first=0)
    s = game.state
    aura_card = place(game, 0, "sora-n6", "hand")  # Charge 2
    tokens(game, distance=9, aura=(3, 3), life=(10, 10))  # Shadow 1
    assert s.tok[SHADOW] == 1
    act(game, 0, {"type": "use", "card": aura_card})
    assert game.pending().kind == "charge"
    assert sorted((a["shadow"], a["aura"]) for a in actions(game)) == [(0, 2), (1, 1)]
    act(game, 0, {"type": "charge", "shadow": 1, "aura": 1})
    assert s.tok[100 + aura_card] == 2 and s.tok[AURA[0]] == 2 and s.tok[SHADOW] == 0
    assert s.table.zone_name(aura_card) == "enhancement"
    # as many as possible: Moon Ward needs 3 with 0 Shadow and Aura 1
    game2 = started(first=1)
    ward = place(game2, 1, "tsuki-n1", "hand")
    tokens(game2, distance=10, aura=(3, 1), life=(10, 10), flare=(0, 2))
    act(game2, 1, {"type": "use", "card": ward})
    assert game2.state.tok[100 + ward] == 1 and game2.state.tok[AURA[1]] == 0


def test_5_5_2_and_9_6_enhancement_with_0_tokens_is_destroyed_disenchant_first():  # checklist 29, A-16
    game = started(first=0)
    s = game.state
    veil = place(game, 0, "hoshi-n5", "hand")  # Charge 3, Disenchant: Shadow (1) -> your Aura
    tokens(game, distance=10, aura=(0, 3), life=(10, 10), flare=(3, 0))  # Shadow 0, Aura 0
    events = act(game, 0, {"type": "use", "card": veil})
    assert "destroyed" in kinds(events) and s.table.zone_name(veil) == "played"
    assert s.tok[AURA[0]] == 0  # Disenchant found no Shadow token


def test_9_6_disenchant_resolves_on_start_phase_destruction():
    game = started(first=0)
    s = game.state
    veil = place(game, 0, "hoshi-n5", "enhancement")
    tokens(game, distance=8, aura=(2, 3), life=(10, 10))
    enhance_tokens(game, veil, 1)
    from tests.sakura_arms.scenario import answer_until
    act(game, 0, {"type": "end_main"})
    answer_until(game, "main_start")
    act(game, 1, {"type": "main_mode", "mode": "standard"})
    act(game, 1, {"type": "end_main"})
    answer_until(game, "reshuffle")
    assert s.table.zone_name(veil) == "played" and s.tok[AURA[0]] == 3  # decay -> Shadow -> Disenchant


def _attack_setup(distance=3, **kw):
    game = started(first=0, **kw)
    clear_hand(game, 1)
    tokens(game, distance=distance, flare=(0, 0))
    return game


def test_9_4_i_only_the_attacked_player_reacts_once_from_hand_or_unused_special():  # checklist 30
    game = _attack_setup()
    cut = place(game, 0, "sora-n1", "hand")
    quick = place(game, 1, "kaze-n3", "hand")
    wind = place(game, 1, "kaze-s2", "special")
    used = place(game, 1, "tsuki-s1", "special", used=True)
    act(game, 0, {"type": "use", "card": cut})
    req = game.pending()
    assert req.kind == "reaction" and req.seat == 1
    assert {a.get("card") for a in actions(game)} == {quick, wind, None}
    refused(game, 0, {"type": "react", "card": quick}, "9-4 i")  # wrong seat... (only the attacked player)
    refused(game, 1, {"type": "react", "card": used}, "9-4 i")
    act(game, 1, {"type": "react", "card": wind})
    assert game.pending() is None or game.pending().kind != "reaction"  # one Reaction per attack


def test_9_4_i_an_attack_that_is_a_reaction_cannot_be_reacted_to():  # checklist 31
    game = _attack_setup()
    cut = place(game, 0, "sora-n1", "hand")
    place(game, 0, "sora-n3", "hand")  # seat 0 also holds a Reaction
    quick = place(game, 1, "kaze-n3", "hand")   # Reaction attack, Range 3-7
    act(game, 0, {"type": "use", "card": cut})
    events = act(game, 1, {"type": "react", "card": quick})
    # Quick Draw's attack (1/-) hit seat 0 at once: seat 0 was never offered a Reaction, though
    # it holds Parry; the original attack then goes on to seat 1's damage choice
    assert [e["seat"] for e in events if e["type"] == "attack"] == [1]
    assert [(e["seat"], e["to"]) for e in events if e["type"] == "damage"] == [(0, "aura")]
    assert game.pending().kind == "damage" and game.pending().seat == 1


def test_10_22_no_reactions_and_no_reactions_normal():  # checklist 32
    game = _attack_setup()
    splitter = place(game, 0, "sora-s1", "special")
    place(game, 1, "kaze-n3", "hand")
    tokens(game, distance=3, flare=(5, 0))
    act(game, 0, {"type": "use", "card": splitter})
    assert game.pending().kind != "reaction"  # No Reactions: no window at all
    # Volley has No Reactions (Normal): Normal Reactions are refused, Special ones allowed
    game = started(first=1)
    clear_hand(game, 0)
    volley = place(game, 1, "kaze-n2", "hand")
    parry = place(game, 0, "sora-n3", "hand")
    second = place(game, 0, "sora-s2", "special")
    tokens(game, distance=4, flare=(2, 0))
    act(game, 1, {"type": "use", "card": volley})
    assert game.pending().kind == "reaction"
    options = [a.get("card") for a in actions(game)]
    assert second in options and parry not in options
    refused(game, 0, {"type": "react", "card": parry}, "10-22")


def test_9_4_iii_range_checked_again_after_the_reaction_unless_unavoidable():  # checklist 33
    game = _attack_setup(distance=4, deck_b=SORA_HOSHI)
    s = game.state
    cut = place(game, 0, "sora-n1", "hand")
    gust = place(game, 1, "hoshi-n2", "hand")  # Reaction: Distance (1) <-> Shadow
    tokens(game, distance=4, flare=(0, 0))
    life = s.tok[LIFE[1]]
    act(game, 0, {"type": "use", "card": cut})
    act(game, 1, {"type": "react", "card": gust})
    events = act(game, 1, {"type": "direction", "forward": False})  # Shadow -> Distance: 5
    assert "attack_missed" in kinds(events) and s.tok[LIFE[1]] == life and s.tok[DIST] == 5
    # Petal Storm (Unavoidable, Range 1,3,5) still hits after the Distance moved to 4
    game = _attack_setup(distance=5, deck_b=SORA_HOSHI)
    s = game.state
    storm = place(game, 0, "hoshi-n4", "hand")
    gust = place(game, 1, "hoshi-n2", "hand")
    tokens(game, distance=5, aura=(3, 3), flare=(0, 0))
    act(game, 0, {"type": "use", "card": storm})
    act(game, 1, {"type": "react", "card": gust})
    act(game, 1, {"type": "direction", "forward": True})  # Distance -> Shadow: 4
    events = resolve_attack(game, "life")
    assert "damage" in kinds(events) and s.tok[DIST] == 4


@pytest.mark.parametrize("base,mod,expected", [
    ({3, 4}, {"near": 1}, {2, 3, 4}), ({3, 4}, {"far": 2}, {3, 4, 5, 6}), (set(), {"near": 2}, set()),
    ({2, 3, 4, 5}, {"reduce_near": 2}, {4, 5}), ({2, 3, 4, 5}, {"reduce_far": 3}, {2}),
    ({1, 3, 5}, {"reduce_near": 2}, {3, 5}), (set(), {"reduce_far": 1}, set()),
])
def test_10_4_range_expansion_and_reduction_arithmetic(base, mod, expected):  # checklist 34, 35
    assert apply_range_mods(frozenset(base), [mod]) == frozenset(expected)


def test_5_7_replace_add_remove_then_all_expansions_before_reductions():  # checklist 36
    mods = [{"reduce_near": 1}, {"far": 1}, {"replace_range": "2-3"}, {"add_range": [6]}, {"remove_range": [2]}]
    # replace {2,3} -> add {2,3,6} -> remove {3,6} -> far 1 {3,6,7} -> reduce near 1 {6,7}
    assert apply_range_mods(frozenset({9}), mods) == frozenset({6, 7})


def test_10_3_and_6_4_1_4_damage_modification_order_and_clamps():  # checklist 37
    assert apply_damage_mods(4, 1, [{"aura": 3}], overwhelm=False) == (5, 1)
    assert apply_damage_mods(4, 1, [{"aura": 3}], overwhelm=True) == (7, 1)
    assert apply_damage_mods(1, 1, [{"aura": -3, "life": -2}], overwhelm=False) == (0, 0)
    assert apply_damage_mods(None, 2, [{"aura": 1}], overwhelm=False) == (None, 2)  # "-" stays "-"
    # 5-6: substitution, exchange, multiplication, division, addition
    assert apply_damage_mods(4, 0, [{"aura": 1}, {"div_aura": 2, "round": "up"}, {"swap": True}], False) == (1, 4)
    # swap (ii) comes before division (iv) and addition (v): 4/0 -> 0/4 -> 0/4 -> 1/4
    assert apply_damage_mods(1, 2, [{"life": 1}, {"mul_life": 2}, {"set_life": 5}], False) == (1, 11)


def test_10_3_modification_changes_the_attack_not_the_card():
    game = _attack_setup()
    s = game.state
    blade = place(game, 0, "sora-n6", "enhancement")  # Ongoing +1/+0
    enhance_tokens(game, blade, 2)
    cut = place(game, 0, "sora-n1", "hand")  # 3/1
    tokens(game, distance=3, aura=(3, 5))
    act(game, 0, {"type": "use", "card": cut})
    assert game.view(None)["attacks"][0]["damage"] == "4/1"
    assert s.table.cards[cut].defn.damage == (3, 1)
    resolve_attack(game, "aura")
    assert s.tok[AURA[1]] == 1


@pytest.mark.parametrize("holds_reaction", [False, True])
def test_9_4_i_the_reaction_window_opens_whatever_the_defender_holds(holds_reaction):
    """9-4 i: the attacked player may use one Reaction. The window opens at every attack that can be
    reacted to, so a skipped window cannot tell the attacker that the defender's hand has no Reaction."""
    from engine.games.sakura_arms.guards import reaction_cards
    game = _attack_setup()
    s = game.state
    place(game, 1, "kaze-s2", "special", used=True)  # seat 1: empty hand, no unused Reaction Special
    cut = place(game, 0, "sora-n1", "hand")
    if holds_reaction:
        place(game, 1, "kaze-n3", "hand")
    act(game, 0, {"type": "use", "card": cut})
    req = game.pending()
    assert bool(reaction_cards(s, 1, s.attacks[-1])) == holds_reaction
    assert req.kind == "reaction" and req.seat == 1
    assert req.prompt == "You are attacked: use a Reaction card, or take the attack."
    act(game, 1, {"type": "no_reaction"})
    assert game.pending().kind == "damage" and game.pending().seat == 1


def test_9_4_i_reaction_window_when_able_skips_windows_the_defender_cannot_use():
    """9-4 i with the `reaction_window: when_able` option (friendly play): no window when the defender
    holds no usable Reaction card; one when they do."""
    from engine.games.sakura_arms.guards import reaction_cards
    game = _attack_setup(options={"reaction_window": "when_able"})
    place(game, 1, "kaze-s2", "special", used=True)
    cut = place(game, 0, "sora-n1", "hand")
    act(game, 0, {"type": "use", "card": cut})
    s = game.state
    assert not reaction_cards(s, 1, s.attacks[-1])
    assert game.pending().kind == "damage" and game.pending().seat == 1
    game = _attack_setup(options={"reaction_window": "when_able"})
    cut = place(game, 0, "sora-n1", "hand")
    place(game, 1, "kaze-n3", "hand")
    act(game, 0, {"type": "use", "card": cut})
    assert game.pending().kind == "reaction" and game.pending().seat == 1
