"""Issue #20: looking at hidden cards (7-1-10 the opponent's hand, 7-1-11 their Special cards) and
using cards the player does not own (9-2, 7-1-14 the user's In-use zone, 7-2 the card goes back to
its owner's zones, 10-12 its effects are the user's)."""

from __future__ import annotations

from engine.core.game import Deck
from engine.games.sakura_arms.flow import settle
from engine.games.sakura_arms.state import AURA, CARD, DIST, FLARE, LIFE, SHADOW, ongoing_mods
from tests.sakura_arms.scenario import (act, actions, clear_hand, place, refused, resolve_attack, resolve_now, started,
                                        tokens)

MIRROR = Deck("m", {"goddesses": ["kagami", "sora"],
                    "normal": ["kagami-n1", "kagami-n2", "kagami-n3", "kagami-n4", "kagami-n5", "sora-n1", "sora-n2"],
                    "special": ["kagami-s1", "kagami-s2", "kagami-s3"]})


def _looked_at(events: list, seat: int) -> list[int]:
    return sorted(e["card"]["id"] for e in (x.for_seat(seat) for x in events)
                  if e and e["type"] == "looked_at" and "card" in e)


def test_7_1_10_prying_glance_shows_the_opponents_hand_to_its_user_alone_while_the_look_lasts():
    """The hand's owner alone may look at it (7-1-10), unless an effect lets another player look:
    while the look lasts the user's view, events and choices name those cards; afterwards not."""
    game = started(first=0, deck_a=MIRROR)
    s = game.state
    clear_hand(game, 1)
    shot, breath = place(game, 1, "kaze-n1", "hand"), place(game, 1, "kaze-n5", "hand")
    glance = place(game, 0, "kagami-n1", "hand")
    assert "cards" not in game.view(0)["players"][1]["hand"]
    events = game.act(0, {"type": "use", "card": glance})
    req = game.pending()
    assert req.seat == 0 and req.kind == "choose" and sorted(a["card"] for a in actions(game)) == sorted([shot, breath])
    assert sorted(c["id"] for c in game.view(0)["players"][1]["hand"]["cards"]) == sorted([shot, breath])
    assert _looked_at(events, 0) == sorted([shot, breath])
    act(game, 0, {"type": "choose", "card": shot})
    assert s.table.zone_name(shot) == "played" and s.table.zone_name(breath) == "hand"
    assert "cards" not in game.view(0)["players"][1]["hand"] and not s.table.visible_to(breath, 0)


def test_7_1_11_mirror_of_vows_looks_at_unused_specials_and_uses_one_that_goes_back_used():
    """"Look at Special cards" (7-1-11): the opponent's unused Specials are shown to the user, who
    uses one without paying its Cost; it resolves as the user's (an attack of theirs, 9-2-1 i) and
    ends in its owner's Special zone, used (7-2, 7-1-11); the others are hidden again."""
    game = started(first=0, deck_a=MIRROR)
    s = game.state
    mirror = place(game, 0, "kagami-s1", "special")
    skyfall = place(game, 1, "kaze-s3", "special")
    tokens(game, distance=8, flare=(1, 0), aura=(3, 3), life=(10, 10))
    act(game, 0, {"type": "use", "card": mirror})
    offered = [a["card"] for a in actions(game)]
    assert skyfall in offered and None in offered
    assert all("id" in c for c in game.view(0)["players"][1]["special"])
    act(game, 0, {"type": "choose", "card": skyfall})
    assert s.attacks and s.attacks[0].seat == 0 and s.table.zone_of[skyfall] == "0.in_use"
    resolve_attack(game, to="life")
    assert s.tok[LIFE[1]] == 8 and s.tok[FLARE[0]] == 0                    # -/2, and no Cost paid for Skyfall
    assert s.table.zone_of[skyfall] == "1.special" and skyfall in s.special_used
    hidden = [c for c in game.view(0)["players"][1]["special"] if "id" not in c]
    assert len(hidden) == 3 and not s.table.revealed


def test_7_1_14_borrowed_blade_attacks_with_a_card_of_the_opponents_played_pile():
    """The card goes to the user's In-use zone (7-1-14 holds any player's card) and its attack is the
    user's (9-2-1 i); afterwards it goes back to its owner's Played pile (7-1-7, 7-2)."""
    game = started(first=0, deck_a=MIRROR)
    s = game.state
    blade = place(game, 0, "kagami-n2", "hand")
    shot = place(game, 1, "kaze-n1", "played")
    tokens(game, distance=6, aura=(3, 3), life=(10, 10))
    act(game, 0, {"type": "use", "card": blade})
    assert [a["card"] for a in actions(game)] == [shot, None]
    events = act(game, 0, {"type": "choose", "card": shot})
    use = next(e for e in events if e["type"] == "use" and e["card"]["id"] == shot)
    assert use["seat"] == 0 and use["owner"] == 1 and use["from"] == "played"
    assert s.table.zone_of[shot] == "0.in_use" and s.attacks[0].seat == 0
    resolve_attack(game, to="life")
    assert s.tok[LIFE[1]] == 9 and s.table.zone_of[shot] == "1.played"


def test_10_12_stolen_thought_plays_the_opponents_enhancement_in_the_users_zone_with_the_users_effects():
    """A looked-at hand card used by the user: an Enhancement is charged by the user and placed in
    the user's Enhancement zone (9-2-3 v), so its Ongoing effects are the user's (10-12); destroyed,
    it goes to its owner's Played pile (9-6, 7-2)."""
    game = started(first=0, deck_a=MIRROR)
    s = game.state
    clear_hand(game, 1)
    hawk = place(game, 1, "kaze-n6", "hand")
    thought = place(game, 0, "kagami-n3", "hand")
    tokens(game, distance=8, aura=(3, 3))
    act(game, 0, {"type": "use", "card": thought})
    assert [a["card"] for a in actions(game)] == [hawk, None]
    act(game, 0, {"type": "choose", "card": hawk})
    while game.pending().kind == "charge":
        act(game, 0, actions(game)[0])
    assert s.table.zone_of[hawk] == "0.enhancement" and s.tok[CARD + hawk] == 2
    assert {(seat, card) for seat, card, _mod in ongoing_mods(s)} == {(0, hawk)}
    s.tok[SHADOW] += s.tok.pop(CARD + hawk)
    resolve_now(s, settle)
    assert s.table.zone_of[hawk] == "1.played"


def test_9_2_after_you_use_an_attack_card_afterimage_and_glass_echo_trigger_by_the_kind_of_card():
    """"After you use a card" (`when: card_used`): Afterimage waits for Attack cards, Glass Echo
    (Devoted) for Throughout cards; Flicker Cut (a Throughout Attack, a full-power action, 8-2-2 A)
    is both, so both resolve after its use (the turn player orders them, 5-5); an Action card with
    no subtype triggers neither."""
    for mode, used, aura_gain, draws in (("full_power", "kagami-n5", 1, 1), ("standard", "kagami-n1", 0, 0)):
        game = started(first=0, mode=mode, deck_a=MIRROR)
        s = game.state
        image = place(game, 0, "kagami-n4", "enhancement")
        s.tok[CARD + image], s.tok[SHADOW] = 2, s.tok[SHADOW] - 2
        place(game, 0, "kagami-s3", "special", used=True)
        card = place(game, 0, used, "hand")
        tokens(game, distance=3, aura=(2, 3))
        hand = len(s.table.zone(0, "hand"))
        act(game, 0, {"type": "use", "card": card})
        resolve_attack(game)
        if aura_gain:
            req = game.pending()
            assert req.kind == "effect_order" and req.seat == 0
            act(game, 0, actions(game)[0])
        while game.pending().kind == "choose":           # Prying Glance's pick of a hand card
            act(game, 0, actions(game)[0])
        assert s.tok[AURA[0]] == 2 + aura_gain and len(s.table.zone(0, "hand")) == hand - 1 + draws


def test_5_5_still_surface_waits_for_the_distance_aura_and_flare_to_become_a_value():
    """"When X *becomes* N or less (more)" (`when: {event: becomes}`), a condition met on a change:
    the Distance going 3 → 2 gives 1 Vigor, going 2 → 1 does not again; the Aura becoming 0 and the
    Flare becoming 3 trigger their own effects (state-triggered resolution, 5-5)."""
    game = started(first=0, deck_a=MIRROR)
    s = game.state
    surface = place(game, 0, "kagami-n9", "enhancement")
    s.tok[CARD + surface], s.tok[SHADOW] = 3, s.tok[SHADOW] - 3
    tokens(game, distance=3, aura=(2, 3), flare=(2, 0))
    resolve_now(s, settle)                                  # the values as they are now are seen
    vigor, hand = s.vigor[0], len(s.table.zone(0, "hand"))
    s.tok[DIST], s.tok[AURA[0]] = 2, 3
    resolve_now(s, settle)
    assert s.vigor[0] == vigor + 1
    s.tok[DIST], s.tok[AURA[0]] = 1, 4
    resolve_now(s, settle)
    assert s.vigor[0] == vigor + 1                          # already 2 or less: no change across the bound
    s.tok[AURA[0]], s.tok[FLARE[0]], s.tok[SHADOW] = 0, 3, s.tok[SHADOW] + 3
    flow = resolve_now(s, settle)
    assert flow.asking is None                              # one card's effects: in printed order, nothing to order
    assert s.tok[AURA[0]] == 1 and len(s.table.zone(0, "hand")) == hand + 1


def test_7_1_10_a_look_with_nothing_to_choose_lasts_until_its_player_is_done_looking():
    """Glass Echo: "Look at your opponent's hand" with no choice there: the look is a request of the
    looking player, so the cards reach them (view, events); the opponent cannot end it (7-1-10)."""
    game = started(first=0, deck_a=MIRROR)
    s = game.state
    clear_hand(game, 1)
    shot = place(game, 1, "kaze-n1", "hand")
    echo = place(game, 0, "kagami-s3", "special")
    tokens(game, flare=(1, 0), distance=8)
    events = game.act(0, {"type": "use", "card": echo})
    req = game.pending()
    assert req.seat == 0 and req.kind == "look_done" and _looked_at(events, 0) == [shot]
    assert [c["id"] for c in game.view(0)["players"][1]["hand"]["cards"]] == [shot]
    refused(game, 1, {"type": "look_done"}, "7-1-10")
    hand = len(s.table.zone(0, "hand"))
    act(game, 0, {"type": "look_done"})
    assert not s.table.visible_to(shot, 0) and "cards" not in game.view(0)["players"][1]["hand"]
    assert len(s.table.zone(0, "hand")) == hand + 1                      # then Glass Echo's own draw
