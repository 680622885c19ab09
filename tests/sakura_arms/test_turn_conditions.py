"""Issue #20's conditions: how this card was used (as a Reaction, 9-4 i; from the Face-down pile,
9-9), "usable only as a Reaction" and "usable as a Reaction while ...", the Nth card used this turn
(9-2), earlier events this turn (a basic action, 9-7; damage to the opponent's Aura, 9-5; a card with
a keyword, 10-32), the Distance moved since the turn began (8-1-1) as a condition and as X, the
attack reacted to (its category 6-4-1-1, its damage 5-6), and face-up card types (7-1-7 to 7-1-14)."""

from __future__ import annotations

from engine.core.game import Deck
from engine.games.sakura_arms.effects import damage, make_card_attack
from engine.games.sakura_arms.state import AURA, FLARE, LIFE, cond_ok
from tests.sakura_arms.scenario import (act, actions, clear_hand, place, refused, resolve_attack, started,
                                        tokens)

KIRI_TSUKI = Deck("m", {"goddesses": ["kiri", "tsuki"],
                        "normal": ["kiri-n8", "kiri-n9", "kiri-n10", "kiri-n11", "kiri-n12", "kiri-n13", "kiri-n14"],
                        "special": ["kiri-s2", "tsuki-s1", "tsuki-s2"]})


def test_9_2_echoing_ward_is_usable_only_as_a_reaction():
    """9-2: a use condition "usable only as a Reaction" keeps the card out of the main phase; the
    refusal says when it can be used."""
    game = started(first=1, deck_b=KIRI_TSUKI)
    ward = place(game, 1, "kiri-n8", "hand")
    assert {"type": "use", "card": ward} not in actions(game)
    err = refused(game, 1, {"type": "use", "card": ward}, "9-2")
    assert "only as a Reaction" in err.message


def _react_with_ward(attack_id: str, flare: int = 0):
    game = started(first=0, deck_b=KIRI_TSUKI)
    s = game.state
    attack = place(game, 0, attack_id, "hand" if attack_id.startswith("sora-n") else "special")
    ward = place(game, 1, "kiri-n8", "hand")
    tokens(game, distance=3, aura=(3, 3), flare=(flare, 0))
    s.vigor[1] = 0
    game.state_changed()
    act(game, 0, {"type": "use", "card": attack})
    hand = len(s.table.zone(1, "hand"))
    resolve_attack(game, react={"type": "react", "card": ward})
    return s, hand


def test_9_4_i_echoing_ward_reads_the_attack_it_reacts_to():
    """5-6 / 6-4-1-1: Rising Cut (Normal, 3/1): its Aura damage is 3, so Vigor, but it is no
    Special's attack, so no draw; Edge of Dawn (Special, 2/2): a draw, no Vigor."""
    s, hand = _react_with_ward("sora-n1")
    assert s.vigor[1] == 1 and len(s.table.zone(1, "hand")) == hand - 1
    assert s.tok[AURA[1]] == 1                                    # 3 - 1 = 2 damage to Aura
    s, hand = _react_with_ward("sora-s3", flare=2)
    assert s.vigor[1] == 0 and len(s.table.zone(1, "hand")) == hand - 1 + 1


def test_9_4_i_backdraft_palm_is_a_reaction_only_while_your_aura_is_1_or_less():
    """9-4 i: a card that is no Reaction card reacts only while its "usable as a Reaction" condition
    holds; used so, its After Attack "if this card was used as a Reaction" holds."""
    for aura, offered in ((3, False), (1, True)):
        game = started(first=0, deck_b=KIRI_TSUKI)
        s = game.state
        cut = place(game, 0, "sora-n1", "hand")
        palm = place(game, 1, "kiri-n9", "hand")
        tokens(game, distance=3, aura=(3, aura))
        s.vigor[1] = 0
        game.state_changed()
        act(game, 0, {"type": "use", "card": cut})
        react = {"type": "react", "card": palm}
        assert (react in actions(game)) == offered
        if not offered:
            err = refused(game, 1, react, "9-4 i")
            assert "only while" in err.message
            continue
        act(game, 1, react)
        resolve_attack(game)
        assert s.vigor[1] == 1                                     # After Attack: used as a Reaction


def test_9_9_undertow_recall_draws_only_when_used_from_the_face_down_pile():
    """9-9: Sunken Memory uses Undertow Recall from the Face-down pile, and its "if this card was
    used from your Face-down pile" holds (a draw); used from the hand it does not."""
    game = started(first=0, deck_a=KIRI_TSUKI)
    s = game.state
    recall = place(game, 0, "kiri-n10", "facedown")
    memory = place(game, 0, "kiri-s2", "special")
    tokens(game, distance=8, flare=(1, 0))
    hand = len(s.table.zone(0, "hand"))
    act(game, 0, {"type": "use", "card": memory})
    act(game, 0, {"type": "choose", "card": recall})
    assert len(s.table.zone(0, "hand")) == hand + 1 and s.table.zone_name(recall) == "played"

    game = started(first=0, deck_a=KIRI_TSUKI)
    s = game.state
    recall = place(game, 0, "kiri-n10", "hand")
    tokens(game, distance=8)
    hand = len(s.table.zone(0, "hand"))
    act(game, 0, {"type": "use", "card": recall})
    assert len(s.table.zone(0, "hand")) == hand - 1


def test_9_2_third_breath_counts_the_cards_used_this_turn_and_the_basic_actions():
    """9-2 / 9-7: "the third card you used this turn" (Closing Eddy, Undertow Recall, then Third
    Breath) and "you made a basic action this turn"; a new turn starts the count again (8)."""
    game = started(first=0, deck_a=KIRI_TSUKI)
    s = game.state
    clear_hand(game, 0)
    eddy, recall, breath = (place(game, 0, c, "hand") for c in ("kiri-n13", "kiri-n10", "kiri-n11"))
    tokens(game, distance=8, aura=(1, 3))
    s.vigor[0] = 0
    game.state_changed()
    act(game, 0, {"type": "use", "card": eddy})
    act(game, 0, {"type": "use", "card": recall})
    aura = s.tok[AURA[0]]
    act(game, 0, {"type": "use", "card": breath})
    assert s.vigor[0] == 1 and s.tok[AURA[0]] == aura              # third card; no basic action yet

    game = started(first=0, deck_a=KIRI_TSUKI)
    s = game.state
    breath = place(game, 0, "kiri-n11", "hand")
    tokens(game, distance=8, aura=(1, 3))
    s.vigor[0] = 1
    game.state_changed()
    act(game, 0, {"type": "basic", "action": "advance", "pay": "vigor"})
    act(game, 0, {"type": "use", "card": breath})
    assert s.vigor[0] == 0 and s.tok[AURA[0]] == 3                 # first card; after a basic action


def test_8_1_1_widening_gyre_x_is_the_distance_moved_then_opponent_aura_damage_and_overwhelm_this_turn():
    """8-1-1: the Distance at the turn's start is kept. Gyre's X is how far it moved (2), and being
    2 farther gives +0/+1: 2/2. Then Third Breath: the opponent took damage to Aura this turn and
    you used a card with Overwhelm (10-32: its own text), so it draws 1."""
    game = started(first=0, deck_a=KIRI_TSUKI)
    s = game.state
    gyre = place(game, 0, "kiri-n12", "hand")
    breath = place(game, 0, "kiri-n11", "hand")
    tokens(game, distance=5, aura=(3, 3), life=(10, 10))
    s.turn_start_distance = 3
    game.state_changed()
    assert damage(s, make_card_attack(s, 0, gyre, "main", False)) == (2, 2)
    act(game, 0, {"type": "use", "card": gyre})
    resolve_attack(game, to="aura")
    assert s.tok[AURA[1]] == 1
    hand = len(s.table.zone(0, "hand"))
    act(game, 0, {"type": "use", "card": breath})
    assert len(s.table.zone(0, "hand")) == hand - 1 + 1


def test_8_1_1_closing_eddy_gives_flare_only_2_closer_than_at_the_turns_start():
    for start, flare in ((6, 1), (5, 0)):
        game = started(first=0, deck_a=KIRI_TSUKI)
        s = game.state
        eddy = place(game, 0, "kiri-n13", "hand")
        tokens(game, distance=5, aura=(3, 3), flare=(0, 0))
        s.turn_start_distance = start
        game.state_changed()
        act(game, 0, {"type": "use", "card": eddy})
        assert s.tok[FLARE[0]] == flare, start


def test_7_1_mist_engine_counts_face_up_attack_and_enhancement_cards():
    """Face-up cards (Played pile, Enhancements, used Specials, In-use): with Mist Engine in play (a
    face-up Enhancement) and an Attack card in the Played pile, attacks get +1/+0; a face-down
    Attack card does not count."""
    game = started(first=0, deck_a=KIRI_TSUKI)
    s = game.state
    engine = place(game, 0, "kiri-n14", "enhancement")
    s.tok[100 + engine] = 2
    s.tok[1] -= 2
    palm = place(game, 0, "kiri-n9", "hand")
    gyre = place(game, 0, "kiri-n12", "facedown")
    game.state_changed()
    cond = {"face_up_types_at_least": {"attack": 1, "enhancement": 1}}
    assert not cond_ok(s, 0, cond, False)
    assert damage(s, make_card_attack(s, 0, palm, "main", False)) == (2, 1)
    place(game, 0, "kiri-n12", "played")
    assert s.table.zone_name(gyre) == "played" and cond_ok(s, 0, cond, False)
    assert damage(s, make_card_attack(s, 0, palm, "main", False)) == (3, 1)
    assert not cond_ok(s, 1, cond, False)
    assert s.tok[LIFE[0]] == 10


def test_9_2_spiral_outward_needs_distance_2_farther_than_the_turns_start_and_no_attack_yet():
    """9-2 use condition (the issue's Centrifuge shape): the Distance 2 or more farther than at the
    turn's start (8-1-1) and no attack made this turn (9-4)."""
    game = started(first=0, deck_a=Deck("s", {
        "goddesses": ["kiri", "sora"],
        "normal": ["kiri-n25", "kiri-n8", "kiri-n9", "kiri-n10", "kiri-n11", "kiri-n12", "sora-n1"],
        "special": ["sora-s1", "sora-s2", "sora-s3"]}))
    s = game.state
    spiral = place(game, 0, "kiri-n25", "hand")
    tokens(game, distance=6, aura=(3, 3))
    s.turn_start_distance = 5
    game.state_changed()
    refused(game, 0, {"type": "use", "card": spiral}, "9-2")        # only 1 farther
    s.turn_start_distance = 4
    s.turn_attacks[0] = 1
    game.state_changed()
    refused(game, 0, {"type": "use", "card": spiral}, "9-2")        # an attack was made this turn
    s.turn_attacks[0] = 0
    game.state_changed()
    assert {"type": "use", "card": spiral} in actions(game)
