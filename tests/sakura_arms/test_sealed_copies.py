"""Sealing a hand card face up with copies (mechanics/copies.py, after Kururu's Industria and its
Duplicgear; the goddess rule is not in the spec, §E): Mirror Workshop seals a card of your hand face
up under itself (10-9, A-13) and puts a Mirror Blank from your Extra zone (7-1-12) into your deck;
each Mirror Blank is a Variable card that becomes a copy of the sealed card (10-16), keeping its own
name, three at most; when the sealed card leaves the Sealed zone the copies are lost (10-16) and
the Blanks cannot be used (6-2-1-5)."""

from __future__ import annotations

from engine.games.sakura_arms.state import defn
from tests.sakura_arms.scenario import act, actions, answer_until, clear_hand, place, refused, started, tokens
from tests.sakura_arms.test_umbrella import RAIN


def _workshop():
    game = started(first=0, deck_a=RAIN)
    clear_hand(game, 0)
    workshop = place(game, 0, "shigure-s3", "special")
    cut = place(game, 0, "sora-n1", "hand")  # Rising Cut: Range 3-4, 3/1
    tokens(game, distance=6, aura=(3, 3), flare=(2, 0))
    return game, workshop, cut


def test_7_1_12_three_mirror_blanks_start_in_the_extra_zone():
    game = started(first=0, deck_a=RAIN)
    extra = game.view(1)["players"][0]["extra"]
    assert [c["name"] for c in extra] == ["Mirror Blank"] * 3 and all(c["type"] == "variable" for c in extra)


def test_10_16_a_mirror_blank_is_a_copy_of_the_card_sealed_face_up_keeping_its_name():
    game, workshop, cut = _workshop()
    s = game.state
    deck = len(s.table.zone(0, "deck"))
    events = act(game, 0, {"type": "use", "card": workshop})  # the only hand card is sealed: no question
    assert s.table.zone_name(cut) == "sealed" and s.sealed_by[cut] == workshop
    sealed = game.view(1)["players"][0]["sealed"]
    assert [c["name"] for c in sealed] == ["Rising Cut"]  # face up: the opponent sees it
    moved = next(e for e in events if e["type"] == "copies_to_deck")
    assert moved["count"] == 1 and moved["copy_of"]["id"] == cut
    assert len(s.table.zone(0, "deck")) == deck + 1 and len(s.table.zone(0, "extra")) == 2
    blank = next(c for c in s.table.zone(0, "deck") if s.table.cards[c].defn.id == "shigure-x1")
    d = defn(s, blank)
    assert (d.name, d.type, sorted(d.range), d.damage, d.category) == ("Mirror Blank", "attack", [3, 4], (3, 1), "normal")
    # drawn, it is used as the copy: an attack with Rising Cut's Range and damage
    s.table.move(blank, 0, "hand")
    tokens(game, distance=3, aura=(3, 3))
    events = act(game, 0, {"type": "use", "card": blank})
    attack = next(e for e in events if e["type"] == "attack")
    assert attack["range"] == [3, 4] and attack["damage"] == "3/1" and attack["card"] == blank


def test_10_16_devoted_start_phase_adds_another_copy_at_most_three():
    """Devoted: in its player's start phase another Mirror Blank goes into the deck; the Extra zone
    holds three, so no more than three copies ever reach the deck."""
    game, workshop, cut = _workshop()
    s = game.state
    act(game, 0, {"type": "use", "card": workshop})
    s.table.move(s.table.zone(0, "extra")[0], 0, "deck")  # as if a second start phase had added one
    s.copy_of_sealed[s.table.zone(0, "deck")[-1]] = cut
    game.state_changed()
    act(game, 0, {"type": "end_main"})
    answer_until(game, "reshuffle")  # seat 0's start phase, turn 3: the Devoted effect has resolved
    blanks = [c for z in ("deck", "hand") for c in s.table.zone(0, z) if s.table.cards[c].defn.id == "shigure-x1"]
    assert len(blanks) == 3 and not s.table.zone(0, "extra")
    assert all(defn(s, c).name == "Mirror Blank" and defn(s, c).type == "attack" for c in blanks)


def test_10_16_the_copy_is_lost_when_the_sealed_card_leaves_the_sealed_zone():
    game, workshop, cut = _workshop()
    s = game.state
    act(game, 0, {"type": "use", "card": workshop})
    blank = next(c for c in s.table.zone(0, "deck") if s.table.cards[c].defn.id == "shigure-x1")
    s.table.move(blank, 0, "hand")
    s.table.move(cut, 0, "played")  # the copy source can no longer be referenced
    tokens(game, distance=3, aura=(3, 3))
    assert defn(s, blank).type == "variable"
    assert {"type": "use", "card": blank} not in actions(game)
    refused(game, 0, {"type": "use", "card": blank}, "6-2-1-5")


def test_10_9_with_an_empty_hand_nothing_is_sealed_and_no_copy_is_made():
    game, workshop, cut = _workshop()
    s = game.state
    s.table.move(cut, 0, "played")
    game.state_changed()
    events = act(game, 0, {"type": "use", "card": workshop})
    assert "no_copy_source" in [e["type"] for e in events] and len(s.table.zone(0, "extra")) == 3
