"""Poison (issue #20, mechanics/poison.py): Extra cards in a bag (the goddess's Extra zone, 7-1-12)
put on top of the opponent's deck or into their hand; the opponent then owns them (5-4) and uses
them, they are never put face down, and after use they go back to the bag. The spec has no rule
for poison: the closest rules (5-4, 7-1-12) are cited."""

from __future__ import annotations

import pytest

from engine.core.errors import DataError
from engine.core.game import Deck
from engine.games.sakura_arms import SakuraArmsRules
from engine.games.sakura_arms.effects import mill
from engine.games.sakura_arms.state import AURA, FLARE
from tests.sakura_arms.scenario import (act, actions, answer_until, card, clear_hand, place, refused, resolve_attack,
                                        resolve_now, started, tokens)

POISONER = Deck("p", {"goddesses": ["kagami", "hoshi"],
                      "normal": ["kagami-n7", "kagami-n8", "kagami-n6", "kagami-n5", "hoshi-n1", "hoshi-n2",
                                 "hoshi-n3"],
                      "special": ["kagami-s4", "kagami-s3", "hoshi-s1"]})


def _poisoned_hand():
    """Seat 0 put Numbing Poison into seat 1's hand with Venom Letter; (game, the poison)."""
    game = started(first=0, deck_a=POISONER)
    s = game.state
    numbing, languor = card(game, 0, "kagami-p1"), card(game, 0, "kagami-p2")
    assert s.table.zone_of[numbing] == s.table.zone_of[languor] == "0.extra"          # the bag, set up (7-1-12)
    letter = place(game, 0, "kagami-n7", "hand")
    act(game, 0, {"type": "use", "card": letter})
    assert sorted(a["card"] for a in actions(game)) == sorted([numbing, languor])
    act(game, 0, {"type": "choose", "card": numbing})
    return game, numbing


def test_5_4_a_poison_card_put_into_the_opponents_hand_is_theirs_and_goes_back_to_the_bag_after_use():
    game, numbing = _poisoned_hand()
    s = game.state
    assert s.table.zone_of[numbing] == "1.hand" and s.table.cards[numbing].owner == 1
    assert numbing in [c["id"] for c in game.view(1)["players"][1]["hand"]["cards"]]
    assert "cards" not in game.view(0)["players"][1]["hand"]                          # now a hidden card of seat 1's
    act(game, 0, {"type": "end_main"})
    answer_until(game, "main")
    assert game.pending().seat == 1
    tokens(game, distance=8, flare=(0, 2))
    act(game, 1, {"type": "use", "card": numbing})
    assert s.tok[FLARE[1]] == 1                                         # "your Flare": the user's (10-12)
    assert s.table.zone_of[numbing] == "0.extra" and s.table.cards[numbing].owner == 0  # back in the bag


def test_5_4_a_poison_card_is_never_put_face_down_by_the_hand_limit_or_a_basic_action():
    game, numbing = _poisoned_hand()
    s = game.state
    clear_hand(game, 1)
    s.table.move(numbing, 1, "hand")
    other = place(game, 1, "kaze-n1", "hand")
    languor = card(game, 0, "kagami-p2")
    s.table.give(languor, 1)
    s.table.move(languor, 1, "hand")
    game.state_changed()
    act(game, 0, {"type": "end_main"})
    answer_until(game, "main")                                                         # seat 1's turn
    assert game.pending().seat == 1
    refused(game, 1, {"type": "basic", "action": "focus", "pay": numbing}, "9-7 ii-B")
    assert all(a.get("pay") not in (numbing, languor) for a in actions(game) if a["type"] == "basic")
    volley = place(game, 1, "kaze-n2", "hand")
    act(game, 1, {"type": "end_main"})
    answer_until(game, "hand_limit")
    assert game.pending().seat == 1 and {a["card"] for a in actions(game)} == {other, volley}
    while game.pending().kind == "hand_limit":
        act(game, 1, actions(game)[0])
    assert sorted(s.table.zone(1, "hand")) == sorted([numbing, languor])
    assert not any(c in s.table.face_down for c in (numbing, languor))


def test_5_4_tainted_well_puts_a_poison_card_on_the_deck_top_and_a_mill_stops_at_it():
    game = started(first=0, deck_a=POISONER)
    s = game.state
    well = place(game, 0, "kagami-n8", "hand")
    tokens(game, distance=4, aura=(3, 3))
    act(game, 0, {"type": "use", "card": well})
    resolve_attack(game)
    if game.pending().kind == "choose":
        act(game, 0, actions(game)[0])
    top = s.table.zone(1, "deck")[0]
    assert s.table.cards[top].defn.poison and s.table.cards[top].owner == 1
    assert not s.table.visible_to(top, 0) and not s.table.visible_to(top, 1)             # a deck card, like any other
    deck = len(s.table.zone(1, "deck"))
    resolve_now(s, mill, 1, 2)
    assert s.table.zone(1, "deck")[0] == top and len(s.table.zone(1, "deck")) == deck


def test_9_2_languor_poison_is_terminal_so_its_user_uses_no_other_card_that_turn():
    """A poison card's own restriction: Languor Poison has Terminal (9-2)."""
    game = started(first=0, deck_a=POISONER)
    s = game.state
    languor = card(game, 0, "kagami-p2")
    act(game, 0, {"type": "end_main"})
    answer_until(game, "main")
    s.table.give(languor, 1)
    s.table.move(languor, 1, "hand")
    shot = place(game, 1, "kaze-n4", "hand")
    tokens(game, aura=(3, 3), distance=8)
    act(game, 1, {"type": "use", "card": languor})
    assert s.tok[AURA[1]] == 2 and s.table.zone_of[languor] == "0.extra"
    refused(game, 1, {"type": "use", "card": shot}, "9-2")


def test_7_1_12_a_poison_card_must_be_an_extra_card_in_its_bag(tmp_path):
    """A poison card starts in the bag, its goddess's Extra zone (7-1-12): one without
    `extra_card: true` (it would go into a deck) is refused at load, with file and line."""
    path = tmp_path / "cards.yaml"
    path.write_text("goddesses:\n  - {id: g1, name: One, number: 1}\n  - {id: g2, name: Two, number: 2}\n"
                    "cards:\n  - id: g1-p1\n    goddess: g1\n    name: Sting\n    category: normal\n"
                    "    type: action\n    poison: true\n", encoding="utf-8")
    with pytest.raises(DataError) as err:
        SakuraArmsRules.load_cards(path)
    assert any("cards.0.poison: a poison card is a Normal Action or Attack card with extra_card: true" in p
               for p in err.value.problems), err.value.problems
