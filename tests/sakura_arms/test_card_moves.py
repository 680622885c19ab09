"""The generic card-moving and Vigor words of issue #20 (Yuki's sample cards, deck snow-and-blade):
each test builds the position, uses the card and checks what the cited rule says happens."""

from __future__ import annotations

from engine.core.game import Deck
from engine.games.sakura_arms.state import AURA
from tests.sakura_arms.scenario import act, actions, answer_until, card, place, resolve_attack, started, tokens

YUKI_SORA = Deck("y", {"goddesses": ["yuki", "sora"],
                       "normal": ["yuki-n7", "yuki-n2", "yuki-n3", "yuki-n4", "yuki-n5", "yuki-n6", "sora-n1"],
                       "special": ["yuki-s1", "yuki-s2", "sora-s1"]})


def _game(first: int = 0):
    return started(first=first, deck_a=YUKI_SORA)


def test_7_1_6_drift_back_goes_on_top_of_its_owners_deck_and_is_drawn_next():
    """7-1-6: "When a 'put on top of the deck' effect is resolved, the card moves to the top of its
    owner's Deck." Drift Back ends on top of the deck, not in the Played pile (9-2-1 v)."""
    game = _game()
    s = game.state
    drift = place(game, 0, "yuki-n2", "hand")
    tokens(game, distance=8, aura=(3, 3))
    act(game, 0, {"type": "use", "card": drift})
    assert s.tok[AURA[0]] == 4                                   # its first effect resolved
    assert s.table.zone(0, "deck")[0] == drift and drift not in s.table.zone(0, "played")
    act(game, 0, {"type": "end_main"})
    answer_until(game, "main_start")                             # the opponent's turn
    answer_until(game, "main", {"main_start": {"type": "main_mode", "mode": "standard"}})
    act(game, 1, {"type": "end_main"})
    answer_until(game, "main_start")                             # our next turn, after its start phase
    assert s.table.zone_name(drift) == "hand"                    # drawn in the next start phase


def test_7_1_10_snowmelt_palm_returns_to_hand_after_its_attack_only_with_flare_2():
    """7-1-10 and 6-2-1-7: "After Attack: if your Flare is 2 or more, return this card to your hand."
    With Flare 2 the attack card goes back to the hand; with Flare 1 it ends in the Played pile."""
    for flare, zone in ((2, "hand"), (1, "played")):
        game = _game()
        s = game.state
        palm = place(game, 0, "yuki-n3", "hand")
        tokens(game, distance=3, aura=(3, 3), flare=(flare, 0))
        act(game, 0, {"type": "use", "card": palm})
        resolve_attack(game)
        assert s.table.zone_name(palm) == zone, (flare, s.table.zone_name(palm))


def test_7_1_6_buried_footprints_puts_a_chosen_played_card_at_the_deck_bottom_and_mills_one():
    """7-1-6 ("put on the bottom of the deck": the card moves to the bottom of its owner's Deck) and
    7-1-8: the user chooses among their own Played pile only; the top card of the opponent's deck
    goes face down to the opponent's Face-down pile, and its face is sent to no one but its owner."""
    game = _game()
    s = game.state
    steps = place(game, 0, "yuki-n4", "hand")
    a = place(game, 0, "yuki-n6", "played")
    b = place(game, 0, "sora-n1", "played")
    place(game, 1, "kaze-n1", "played")
    top = s.table.zone(1, "deck")[0]
    opp_deck = len(s.table.zone(1, "deck"))
    act(game, 0, {"type": "use", "card": steps})
    assert game.pending().kind == "choose" and sorted(x["card"] for x in actions(game)) == sorted([a, b])
    events = game.act(0, {"type": "choose", "card": a})
    assert s.table.zone(0, "deck")[-1] == a
    assert s.table.zone_name(top) == "facedown" and top in s.table.face_down
    assert len(s.table.zone(1, "deck")) == opp_deck - 1
    milled = next(e for e in events if e.for_seat(None)["type"] == "milled")
    assert "card" not in milled.for_seat(0)                      # the user never sees the milled card
    assert milled.for_seat(1)["card"]["card"] == s.table.cards[top].defn.id  # its owner does (7-1-8)


def test_7_1_6_mill_on_an_empty_deck_stops_without_burnout():
    """7-1-6 / 10-10: Burnout happens when a player must *draw* from an empty Deck; milling is not
    drawing, so an empty deck just stops it and nobody takes damage."""
    game = _game()
    s = game.state
    steps = place(game, 0, "yuki-n4", "hand")
    for c in list(s.table.zone(1, "deck")):
        s.table.move(c, 1, "played")
    game.state_changed()
    life = dict(s.tok)
    events = act(game, 0, {"type": "use", "card": steps})
    assert "mill_stopped" in [e["type"] for e in events] and "burnout" not in [e["type"] for e in events]
    assert s.tok == life


def test_7_1_6_and_5_1_2_chilling_gift_the_opponent_draws_and_loses_vigor_flinch_stays():
    """7-1-6 (the opponent draws: the top card of *their* Deck to their Hand) and 5-1-2 (Vigor never
    goes below 0): lowering Vigor is not a gain, so a flinched opponent stays flinched (5-1-4)."""
    game = _game()
    s = game.state
    gift = place(game, 0, "yuki-n5", "hand")
    own_fd = place(game, 0, "yuki-n6", "facedown")
    top = s.table.zone(1, "deck")[0]
    s.vigor[1], s.flinch[1] = 0, True
    game.state_changed()
    act(game, 0, {"type": "use", "card": gift})
    assert s.table.zone_name(top) == "hand" and top in s.table.zone(1, "hand")
    assert s.vigor[1] == 0 and s.flinch[1]                       # clamped at 0, Flinch kept
    assert s.table.zone(0, "deck")[-1] == own_fd                # only face-down card: chosen by itself (9-9)


def test_5_1_2_thin_ice_sets_vigor_to_2_and_a_flinched_player_is_still_flinched():
    """5-1-2: "Your Vigor becomes 2." sets it (not a gain: 5-1-4's Flinch replacement does not apply)."""
    game = _game()
    s = game.state
    ice = place(game, 0, "yuki-n6", "hand")
    s.vigor[0], s.flinch[0] = 0, True
    game.state_changed()
    act(game, 0, {"type": "use", "card": ice})
    assert s.vigor[0] == 2 and s.flinch[0]


def test_7_1_6_return_does_not_move_a_special_card():
    """7-1-6 / 3-2: only Normal cards are ever in a Deck or Hand; a Special whose effect says "this
    card" to the deck stays a used Special."""
    from engine.games.sakura_arms.effects import return_this
    game = _game()
    s = game.state
    special = place(game, 0, "yuki-s2", "special", used=True)
    return_this(s, special, "deck_top")
    assert s.table.zone_name(special) == "special" and card(game, 0, "yuki-s2") == special


def test_5_1_1_and_7_1_whiteout_reading_conditions_on_the_opponents_counts_and_whose_turn():
    """The issue #20 conditions: "it is your turn" (5-1-1, the turn player), the opponent's hand,
    deck (7-1-6, 7-1-10) and Flare (7-1-4) counts, and your own Flare at most. Each effect runs
    only when its whole condition holds."""
    game = _game()
    s = game.state
    reading = place(game, 0, "yuki-n7", "hand")
    for c in list(s.table.zone(1, "deck"))[3:]:
        s.table.move(c, 1, "played")
    tokens(game, aura=(1, 1), flare=(1, 2))
    hand, opp_deck, vigor = len(s.table.zone(0, "hand")), len(s.table.zone(1, "deck")), s.vigor[0]
    assert len(s.table.zone(1, "hand")) >= 2 and opp_deck == 3
    act(game, 0, {"type": "use", "card": reading})
    assert len(s.table.zone(0, "hand")) == hand - 1 + 1           # drew 1 (my turn, their hand >= 2)
    assert len(s.table.zone(1, "deck")) == opp_deck - 1             # milled (deck <= 3, their Flare >= 2)
    assert s.vigor[0] == vigor                                      # their hand is not <= 1: no Vigor


def test_5_1_1_my_turn_and_opp_counts_read_from_the_card_players_side():
    """5-1-1: "your turn" is false for the player who is not the turn player; `flare_at_most` and
    the `opp_` counts are the card's player's and their opponent's."""
    from engine.games.sakura_arms.state import cond_ok
    game = _game()
    s = game.state
    tokens(game, aura=(0, 3), flare=(3, 0))
    assert cond_ok(s, 0, {"my_turn": True}, False) and not cond_ok(s, 1, {"my_turn": True}, False)
    assert cond_ok(s, 1, {"opp_flare_at_least": 3, "flare_at_most": 0}, False)
    assert not cond_ok(s, 0, {"flare_at_most": 2}, False) and not cond_ok(s, 0, {"opp_flare_at_least": 1}, False)
    n = len(s.table.zone(1, "hand"))
    assert cond_ok(s, 0, {"opp_hand_at_most": n, "opp_hand_at_least": n}, False)
    assert not cond_ok(s, 0, {"opp_hand_at_most": n - 1}, False)
