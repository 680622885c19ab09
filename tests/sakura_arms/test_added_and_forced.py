"""Where added effects go (10-14 "unless the text says otherwise"), effects added to Action and
Enhancement cards (10-14), "originally has" as an effect condition (10-32) and Forced timed
effects (9-1-1-2 with 8-2-1, 8-1-2, 8-3-1). Each test names and cites its rule."""

import shutil

import pytest

from engine.core.errors import DataError
from engine.core.game import Game
from engine.games.sakura_arms import RULES, SakuraArmsRules
from engine.games.sakura_arms.effects import Attack, added_slot
from engine.games.sakura_arms import flow
from engine.games.sakura_arms.flow import Ctx, resolve_with_added, run_effects
from engine.games.sakura_arms.state import AURA, CARD, LIFE, SHADOW, cond_ok
from tests.sakura_arms.scenario import (act, resolve_now, actions, enhance_tokens, enhancement, keep_hands, kinds, new_game, place,
                                        resolve_attack, started, tokens)

PETAL_MOON = RULES.load_deck(RULES.data / "decks" / "petal-and-moon.txt")




def hand_size(game, seat: int) -> int:
    return len(game.state.table.zone(seat, "hand"))


# -- 10-14: where an added effect goes ---------------------------------------------------------

def test_10_14_an_effect_added_first_resolves_before_the_action_cards_own_effects():
    game = started(first=0, deck_a=PETAL_MOON)
    s = game.state
    enhancement(game, 0, "hana-s4", 3)  # Ongoing: your Action cards have "Draw 1 card." before their own effects
    well = place(game, 0, "tsuki-n7", "hand")  # Out-of-game (1)-> Shadow; each player Life (1)-> Flare
    tokens(game, distance=6)
    hand = hand_size(game, 0)
    events = act(game, 0, {"type": "use", "card": well})
    order = [k for k in kinds(events) if k in ("added_effect", "draw", "out_of_game_tokens", "tokens")]
    assert order[:3] == ["added_effect", "draw", "out_of_game_tokens"] and order.count("tokens") == 3
    assert hand_size(game, 0) == hand  # one card used, one drawn
    assert s.tok[LIFE[0]] == 9 and s.tok[LIFE[1]] == 9  # the card's own effects still resolved


def test_10_14_added_effects_at_different_places_need_no_order_choice():
    game = started(first=0, deck_a=PETAL_MOON)
    rite = enhancement(game, 0, "hana-s4", 3)  # attacks: an After Attack effect placed before their own ones
    crest = enhancement(game, 0, "hana-n4", 2)  # attacks: "After Attack: draw 1" (no position: last)
    blade = place(game, 0, "hana-n2", "hand")  # After Attack: Distance (1)-> Aura
    tokens(game, distance=4, aura=(2, 5))
    act(game, 0, {"type": "use", "card": blade})
    events = resolve_attack(game)
    assert game.pending().kind == "main"  # no 10-14 order request: the text fixed the places
    order = [(e["type"], e.get("source", {}).get("id")) for e in events if e["type"] in ("added_effect", "tokens", "draw")]
    assert order == [("added_effect", rite), ("tokens", None), ("added_effect", crest), ("draw", None)]


def test_10_14_with_no_own_effects_first_and_last_meet_and_the_turn_player_orders_them():
    game = started(first=0, deck_a=PETAL_MOON)
    s = game.state
    rite = enhancement(game, 0, "hana-s4", 3)  # "if this card originally has Overwhelm, gain 1 Vigor", first
    crest = enhancement(game, 0, "hana-n4", 2)  # "draw 1", last
    lance = place(game, 0, "hana-n1", "hand")  # printed Overwhelm, no After Attack effect of its own
    tokens(game, distance=3, aura=(3, 5))
    act(game, 0, {"type": "use", "card": lance})
    resolve_attack(game)
    req = game.pending()
    assert req.kind == "effect_order" and req.seat == 0
    assert sorted(a["card"] for a in actions(game)) == sorted([rite, crest])
    events = act(game, 0, {"type": "choose", "card": crest})
    assert [k for k in kinds(events) if k in ("vigor", "draw")] == ["draw", "vigor"]
    assert s.vigor[0] == 1  # Flower Lance originally has Overwhelm (10-32)


@pytest.mark.parametrize("position,slot", [(None, 3), ("last", 3), ("first", 0), ({"before": 1}, 0),
                                           ({"before": 3}, 2), ({"after": 1}, 1), ({"after": 9}, 3),
                                           ({"before": 9}, 3)])
def test_10_14_position_places_the_added_effect_among_the_cards_own_effects(position, slot):
    mod = {"add_on_use": ({"draw": 1},)} | ({"position": position} if position else {})
    assert added_slot(mod, 3) == slot


def test_10_14_an_effect_added_before_the_second_effect_resolves_between_them(monkeypatch):
    game = started(first=0)
    s = game.state
    source = place(game, 0, "sora-n7", "played")  # stands in for the card holding the Ongoing effect
    own = ({"vigor": 1}, {"draw": 1})
    mod = {"add_on_use": ({"move": {"from": "shadow", "to": "aura", "count": 1}},), "position": {"before": 2}}
    tokens(game, distance=6, aura=(2, 3))
    s.events = []
    monkeypatch.setattr(flow, "added_effects", lambda s, key, ctx: [(source, mod)])
    assert resolve_now(s, resolve_with_added, own, "add_on_use", Ctx(0, None)).asking is None
    order = [e.data["type"] for e in s.events if e.data["type"] in ("vigor", "added_effect", "tokens", "draw")]
    assert order == ["vigor", "added_effect", "tokens", "draw"]
    assert s.tok[AURA[0]] == 3 and s.vigor[0] == 1


# -- 10-14: effects added to Action and Enhancement cards --------------------------------------

def test_10_14_an_initialize_effect_added_to_an_enhancement_resolves_after_its_charge():
    game = started(first=0, deck_a=PETAL_MOON)
    s = game.state
    enhancement(game, 0, "hana-s4", 3)  # your other Enhancements have "Initialize: Shadow (1)-> this card."
    bloom = place(game, 0, "hana-n5", "hand")  # Charge 2
    tokens(game, distance=6, aura=(0, 3))  # Charge comes from Shadow only: no choice
    events = act(game, 0, {"type": "use", "card": bloom})
    order = [k for k in kinds(events) if k in ("charge", "added_effect", "tokens", "enhancement")]
    assert order == ["charge", "added_effect", "tokens", "enhancement"]
    assert s.tok[CARD + bloom] == 3 and s.table.zone_name(bloom) == "enhancement"


def test_10_14_effects_added_to_your_cards_do_not_reach_the_opponents_cards():
    game = started(first=0, deck_b=PETAL_MOON)
    enhancement(game, 1, "hana-s4", 3)  # the opponent's: only their Action cards get "Draw 1"
    will = place(game, 0, "sora-n7", "hand")  # Action: Shadow (2)-> Aura, gain 1 Vigor
    tokens(game, distance=6, aura=(2, 3))
    hand = hand_size(game, 0)
    events = act(game, 0, {"type": "use", "card": will})
    assert "added_effect" not in kinds(events) and "draw" not in kinds(events)
    assert hand_size(game, 0) == hand - 1 and game.state.tok[AURA[0]] == 4


def test_10_14_a_replaced_resolution_resolves_no_added_effect():
    """10-30 skips 9-2-2 iii and everything after it, the added effects included."""
    game = started(first=0, deck_a=PETAL_MOON, deck_b=PETAL_MOON)
    enhancement(game, 0, "hana-s4", 3)
    enhancement(game, 1, "hana-n5", 2)
    root = place(game, 1, "hana-n6", "enhancement")  # instead of the opponent's Action: their Aura (1)-> Shadow
    enhance_tokens(game, root, 2)
    well = place(game, 0, "tsuki-n7", "hand")
    tokens(game, distance=3, aura=(3, 3))
    events = act(game, 0, {"type": "use", "card": well})
    assert "resolution_replaced" in kinds(events) and "added_effect" not in kinds(events)
    assert "draw" not in kinds(events)


# -- 10-32: "originally has" as a condition ----------------------------------------------------

def test_10_32_an_added_after_attack_effect_checks_the_attacking_cards_own_text():
    game = started(first=0, deck_a=PETAL_MOON)
    s = game.state
    enhancement(game, 0, "hana-s4", 3)  # "After Attack: if this card originally has Overwhelm, gain 1 Vigor"
    blade = place(game, 0, "hana-n2", "hand")  # no Overwhelm; After Attack: Distance (1)-> Aura
    tokens(game, distance=4, aura=(2, 3))
    act(game, 0, {"type": "use", "card": blade})
    events = resolve_attack(game)
    assert "added_effect" in kinds(events) and "vigor" not in kinds(events) and s.vigor[0] == 0
    assert s.tok[AURA[0]] == 3  # the card's own effect still resolved


def test_10_32_overwhelm_given_by_an_effect_does_not_count_as_originally_had():
    game = started(first=0)
    s = game.state
    effect = ({"vigor": 1, "if": {"originally_has": "overwhelm"}},)
    given = Attack(0, None, None, None, frozenset({3}), (1, 1), added=[{"overwhelm": True}])
    printed = Attack(0, None, None, None, frozenset({3}), (1, 1), keywords=frozenset({"overwhelm"}))
    resolve_now(s, run_effects, effect, Ctx(0, None, given))
    assert s.vigor[0] == 0
    resolve_now(s, run_effects, effect, Ctx(0, None, printed))
    assert s.vigor[0] == 1


def test_10_32_originally_has_on_an_effect_of_a_card_reads_that_cards_text():
    game = started(first=0)
    s = game.state
    arrows = place(game, 1, "kaze-s1", "special", used=True)  # printed Overwhelm and Terminal
    plain = place(game, 1, "kaze-n1", "played")
    assert cond_ok(s, 1, {"originally_has": "terminal"}, False, arrows)
    assert not cond_ok(s, 1, {"originally_has": "terminal"}, False, plain)
    assert not cond_ok(s, 1, {"originally_has": "terminal"}, False, None)  # no card, nothing is had


def test_10_32_a_reaction_can_check_what_the_attack_it_reacts_to_originally_has():
    game = started(first=0)
    s = game.state
    effect = ({"vigor": 1, "if": {"reacted_originally_has": "unavoidable"}},)
    given = Attack(1, None, None, None, frozenset({3}), (1, 1), added=[{"unavoidable": True}])
    printed = Attack(1, None, None, None, frozenset({3}), (1, 1), keywords=frozenset({"unavoidable"}))
    resolve_now(s, run_effects, effect, Ctx(0, None, None, given))
    resolve_now(s, run_effects, effect, Ctx(0, None, None, None))  # not a Reaction: no attack to read
    assert s.vigor[0] == 0
    resolve_now(s, run_effects, effect, Ctx(0, None, None, printed))
    assert s.vigor[0] == 1


CARD_FILE_HEAD = """goddesses:
  - {id: a, name: A, number: 1}
  - {id: b, name: B, number: 2}
cards:
  - id: a-1
    goddess: a
    name: One
    category: normal
    type: enhancement
    charge: 2
"""


@pytest.mark.parametrize("extra,line,words", [
    ("    ongoing:\n      - {aura: 1, if: {originally_has: overwhelm}}\n", 12, "write originally_has beside if"),
    ("    ongoing:\n      - {aura: 1, position: first}\n", 12, "position says where an added effect goes (10-14)"),
    ("    condition: {reacted_originally_has: unavoidable}\n", 11, "for effects of a card used as a Reaction (10-32)"),
    ("    main_start: [{draw: 1}]\n    forced_main_start: [{draw: 1}]\n", 12, "either main_start"),
])
def test_10_14_and_10_32_card_data_that_names_no_card_or_no_added_effect_is_refused(tmp_path, extra, line, words):
    path = tmp_path / "cards.yaml"
    path.write_text(CARD_FILE_HEAD + extra, encoding="utf-8")
    with pytest.raises(DataError) as exc:
        SakuraArmsRules.load_cards(path)
    text = "\n".join(exc.value.problems)
    assert f"{path}:{line}:" in text and words in text, text


# -- 9-1-1-2 with 8-2-1: Forced "at the start of your main phase" effects ----------------------

def test_8_2_1_a_forced_main_start_effect_of_a_card_in_the_played_pile_resolves_in_any_order():
    game = new_game(0, deck_a=PETAL_MOON)
    s = game.state
    dew = place(game, 0, "hana-n8", "played")  # Forced: at main-phase start, if Aura <= 1, Shadow (1)-> Aura
    bloom = enhancement(game, 0, "hana-n5", 2)  # Ongoing: at main-phase start, Shadow (1)-> Aura
    tokens(game, distance=6, aura=(1, 3))
    keep_hands(game)
    assert game.pending().kind == "main_start" and game.pending().seat == 0
    assert sorted(a.get("card", 0) for a in actions(game) if a["type"] == "main_start_effect") == sorted([dew, bloom])
    act(game, 0, {"type": "main_mode", "mode": "standard"})
    events = act(game, 0, {"type": "main_start_effect", "card": dew})
    forced = [e for e in events if e["type"] == "main_start_effect"]
    assert forced and forced[0]["forced"] is True and forced[0]["rule"] == "8-2-1"
    assert s.tok[AURA[0]] == 2
    assert actions(game) == [{"type": "main_start_effect", "card": bloom}]
    act(game, 0, {"type": "main_start_effect", "card": bloom})
    assert s.tok[AURA[0]] == 3 and game.pending().kind == "main"


def test_9_1_1_2_a_forced_effect_counts_only_while_its_card_is_face_up_with_effects():
    """Hand and Face-down pile are not public; Out-of-game cards have no effects (7-1-16)."""
    for zone_name in ("hand", "facedown", "out"):
        game = new_game(0, deck_a=PETAL_MOON)
        place(game, 0, "hana-n8", zone_name)
        tokens(game, distance=6, aura=(1, 3))
        keep_hands(game)
        assert [a["type"] for a in actions(game)] == ["main_mode", "main_mode"], zone_name


def test_8_2_1_a_forced_main_start_effect_is_its_owners_and_checks_its_condition():
    game = new_game(0, deck_b=PETAL_MOON)
    place(game, 1, "hana-n8", "played")  # the opponent's: not at the start of seat 0's main phase
    tokens(game, distance=6, aura=(1, 1))
    keep_hands(game)
    assert [a["type"] for a in actions(game)] == ["main_mode", "main_mode"]
    game = new_game(0, deck_a=PETAL_MOON)
    s = game.state
    dew = place(game, 0, "hana-n8", "played")
    tokens(game, distance=6, aura=(3, 3))
    keep_hands(game)
    events = act(game, 0, {"type": "main_start_effect", "card": dew})
    assert "main_start_effect" in kinds(events) and s.tok[AURA[0]] == 3  # Aura is not 1 or less
    assert game.pending().kind == "main_start"


# -- 9-1-1-2 with 8-1-2 / 8-3-1: Forced start- and end-phase effects ---------------------------

FORCED_CARD = """  - id: hana-t1
    goddess: hana
    name: Dew Clock
    category: normal
    type: attack
    range: "1-3"
    damage: "1/1"
    forced_start_phase:
      - draw: 1
    forced_end_phase:
      - move: {from: shadow, to: this, count: 1}
      - vigor: 1
    text: "Range 1-3, 1/1. Forced: in your start phase, draw 1 card. In your end phase, Shadow (1)-> this card; gain 1 Vigor."
"""


def forced_rules(tmp_path):
    folder = tmp_path / "sakura-arms"
    shutil.copytree(RULES.data, folder)
    with open(folder / "cards.yaml", "a", encoding="utf-8") as f:
        f.write(FORCED_CARD)
    return SakuraArmsRules(folder)


def test_8_1_2_and_8_3_1_forced_start_and_end_phase_effects_resolve_from_the_played_pile(tmp_path):
    rules = forced_rules(tmp_path)
    deck = rules.load_deck(rules.data / "decks" / "petal-and-moon.txt")
    game = next(g for g in (Game(rules, [deck, rules.sample_decks()[0]], seed) for seed in range(50))
                if g.state.first == 0)
    s = game.state
    clock = next(c.id for c in s.table.cards if c.owner == 0 and c.defn.id == "hana-t1")
    s.table.move(clock, 0, "played")
    game.state_changed()
    hand = hand_size(game, 0)  # 3, drawn in 4-1 step 4
    events = []
    for _ in range(2):
        req = game.pending()
        events += act(game, req.seat, {"type": "mulligan", "cards": []})
    started_turn = [e for e in events if e["type"] == "start_phase_effect"]
    assert started_turn and started_turn[0]["forced"] is True and started_turn[0]["rule"] == "8-1-2"
    assert hand_size(game, 0) == hand + 1  # 8-1-2 runs on turn 1 too; only 8-1-3 is skipped
    act(game, 0, {"type": "main_mode", "mode": "standard"})
    shadow = s.tok[SHADOW]
    events = act(game, 0, {"type": "end_main"})
    ended = [e for e in events if e["type"] == "end_phase_effect"]
    assert ended and ended[0]["forced"] is True and ended[0]["rule"] == "8-3-1"
    assert s.vigor[0] == 1  # the first player started at 0 (4-1 6)
    assert s.tok[SHADOW] == shadow and CARD + clock not in s.tok  # no token can sit on a Played card (7-1-7)
    assert game.pending().kind == "hand_limit"  # 8-3-2 comes after the end-phase effects
