"""Issue #20's effects: the Mastery Zone changed (5-2-2), arrows that cannot move tokens into a
zone (10-1), a Cost reduced by a count (5-6, 6-2-1-12), repeating effects by a count (6-2-1-7),
another used Special set unused (10-17), and all tokens stripped from an Enhancement (6-3, 9-6)."""

from __future__ import annotations

from engine.core.game import Deck
from engine.games.sakura_arms.state import AURA, FLARE, cost_of
from tests.sakura_arms.scenario import act, actions, enhancement, kinds, place, refused, started, tokens

KIRI_HOSHI = Deck("f", {"goddesses": ["kiri", "hoshi"],
                        "normal": ["kiri-n15", "kiri-n16", "kiri-n17", "kiri-n18", "kiri-n19", "hoshi-n1", "hoshi-n2"],
                        "special": ["kiri-s3", "kiri-s4", "hoshi-s2"]})


def _game(first: int = 0):
    return started(first=first, deck_a=KIRI_HOSHI)


def test_5_2_2_narrowing_ring_makes_distance_3_part_of_the_mastery_zone():
    """5-2-2 / 9-7-1 / 9-7-5: with the Mastery Zone at 3, Advance at Distance 3 does nothing
    (refused, naming the zone's size) and Breakaway becomes possible; without the card it is the
    other way round."""
    for ring, advance in ((False, True), (True, False)):
        game = _game()
        s = game.state
        if ring:
            enhancement(game, 0, "kiri-n17", 2)
        tokens(game, distance=3, aura=(3, 3))
        s.vigor[0] = 1
        game.state_changed()
        moves = {a.get("action") for a in actions(game) if a["type"] == "basic"}
        assert ("advance" in moves) == advance and ("breakaway" in moves) == (not advance)
        if ring:
            err = refused(game, 0, {"type": "basic", "action": "advance", "pay": "vigor"}, "9-7-1")
            assert "(3, 5-2-2)" in err.message


def test_10_1_narrowing_ring_blocks_arrows_into_the_opponents_flare_but_not_focus():
    """10-1: an arrow whose tokens would go into the blocked zone moves none (Focused Breath's
    "Your Aura (2)→ your Flare", for the opponent); Focus is a basic action (9-7-4), no arrow."""
    game = _game(first=1)
    s = game.state
    enhancement(game, 0, "kiri-n17", 2)
    breath = place(game, 1, "kaze-n5", "hand")
    tokens(game, distance=8, aura=(3, 3), flare=(0, 0))
    assert any(a.get("action") == "focus" for a in actions(game))
    events = act(game, 1, {"type": "use", "card": breath})
    assert "arrow_blocked" in kinds(events) and s.tok[FLARE[1]] == 0 and s.tok[AURA[1]] == 3


def test_6_2_1_12_tidal_recollection_costs_less_per_used_special_and_sets_another_unused():
    """5-6 / 6-2-1-12: Cost 4 reduced by 2 used Specials is 2; 10-17: the user chooses which other
    used Special becomes unused (face down again)."""
    game = _game()
    s = game.state
    tidal = place(game, 0, "kiri-s4", "special")
    tokens(game, distance=8, flare=(2, 0))
    assert cost_of(s, 0, tidal) == 4
    refused(game, 0, {"type": "use", "card": tidal}, "9-3")
    hush = place(game, 0, "kiri-s3", "special", used=True)
    fan = place(game, 0, "hoshi-s2", "special", used=True)
    assert cost_of(s, 0, tidal) == 2
    act(game, 0, {"type": "use", "card": tidal})
    assert sorted(a["card"] for a in actions(game)) == sorted([hush, fan])  # not itself
    act(game, 0, {"type": "choose", "card": fan})
    assert fan not in s.special_used and fan in s.table.face_down and hush in s.special_used
    assert s.tok[FLARE[0]] == 0


def test_6_2_1_7_echo_chain_repeats_once_per_used_special():
    for used, gained in ((0, 0), (2, 2)):
        game = _game()
        s = game.state
        chain = place(game, 0, "kiri-n18", "hand")
        for card in ("kiri-s3", "hoshi-s2")[:used]:
            place(game, 0, card, "special", used=True)
        tokens(game, distance=8, aura=(1, 3))
        events = act(game, 0, {"type": "use", "card": chain})
        assert s.tok[AURA[0]] == 1 + gained and "repeat" in kinds(events)


def test_6_3_dispersal_gust_strips_every_token_and_the_enhancement_is_destroyed():
    """6-3 / 9-6: the chosen Enhancement's tokens all go to Shadow; with none left, state-triggered
    resolution destroys it (5-5): a Normal card goes to its owner's Played pile."""
    game = _game()
    s = game.state
    gust = place(game, 0, "kiri-n19", "hand")
    mine = enhancement(game, 0, "kiri-n17", 1)
    theirs = enhancement(game, 1, "tsuki-n3", 3)
    act(game, 0, {"type": "use", "card": gust})
    assert sorted(a["card"] for a in actions(game)) == sorted([mine, theirs])
    events = act(game, 0, {"type": "choose", "card": theirs})
    assert "stripped" in kinds(events) and s.table.zone_name(theirs) == "played"
    assert 100 + theirs not in s.tok and s.table.zone_name(mine) == "enhancement"
