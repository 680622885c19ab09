"""The goddess Yuki's cards, written for the effect words and scopes no other sample card used
(issue #15): each is used from the hand or the Special zone and does what its printed text says."""

from __future__ import annotations

from engine.core.game import Deck
from engine.games.sakura_arms.state import FLARE
from tests.sakura_arms.scenario import act, actions, card, kinds, place, started, tokens

YUKI_SORA = Deck("y", {"goddesses": ["yuki", "sora"],
                       "normal": ["yuki-n1", "sora-n1", "sora-n2", "sora-n3", "sora-n4", "sora-n5", "sora-n6"],
                       "special": ["yuki-s1", "yuki-s2", "sora-s1"]})


def test_snowbound_study_draws_two_then_puts_a_card_of_your_own_hand_face_down():
    """7-1-6 and 7-1-8: "Draw 2 cards. Put a card from your hand face down." (draw, cover: own_hand):
    the user, not the opponent, chooses one of their own hand cards, the new ones included."""
    game = started(first=0, deck_a=YUKI_SORA)
    s = game.state
    study = place(game, 0, "yuki-n1", "hand")
    hand = [c for c in s.table.zone(0, "hand") if c != study]
    deck_top = list(s.table.zone(0, "deck")[:2])
    act(game, 0, {"type": "use", "card": study})
    req = game.pending()
    assert req.kind == "choose" and req.seat == 0
    assert sorted(a["card"] for a in actions(game)) == sorted(hand + deck_top)
    covered = deck_top[0]
    act(game, 0, {"type": "choose", "card": covered})
    assert s.table.zone_name(covered) == "facedown" and covered in s.table.face_down
    assert sorted(s.table.zone(0, "hand")) == sorted(hand + deck_top[1:])
    assert s.table.zone_name(study) == "played"


def test_frozen_echo_seals_a_card_of_the_opponents_played_pile_under_itself():
    """10-9: "Seal a card from your opponent's Played pile under this card." (seal: opp_played):
    only the opponent's Played pile is offered, not the user's own."""
    game = started(first=0, deck_a=YUKI_SORA)
    s = game.state
    echo = place(game, 0, "yuki-s1", "special")
    theirs = place(game, 1, "kaze-n1", "played")
    other = place(game, 1, "kaze-n2", "played")
    place(game, 0, "sora-n1", "played")
    tokens(game, distance=8, flare=(2, 0))
    act(game, 0, {"type": "use", "card": echo})
    assert game.pending().kind == "choose" and sorted(a["card"] for a in actions(game)) == sorted([theirs, other])
    act(game, 0, {"type": "choose", "card": theirs})
    assert s.table.zone_name(theirs) == "sealed" and s.sealed_by[theirs] == echo
    assert s.table.zone_name(other) == "played"
    assert echo in s.special_used and s.tok[FLARE[0]] == 0       # Cost 2 paid from the Flare (6-2-1-12)


def test_returning_frost_becomes_unused_in_your_end_phase():
    """9-1-1-8 and 10-17: "Cost 1. Gain 1 Vigor. Devoted: in your end phase, this card becomes unused."
    (set_unused): used, it gives 1 Vigor and stays used until the end phase, where it goes back to
    the Special zone unused (face down) and can be used again."""
    game = started(first=0, deck_a=YUKI_SORA)
    s = game.state
    frost = card(game, 0, "yuki-s2")
    tokens(game, distance=8, flare=(1, 0))
    vigor = s.vigor[0]
    act(game, 0, {"type": "use", "card": frost})
    assert frost in s.special_used and s.vigor[0] == min(2, vigor + 1)
    events = act(game, 0, {"type": "end_main"})
    assert "set_unused" in kinds(events)
    assert frost not in s.special_used and s.table.zone_name(frost) == "special" and frost in s.table.face_down
