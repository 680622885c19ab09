"""Issue #20: cards used by an effect (9-9) from more zones than the hand and the Face-down pile:
the Played pile and your used Specials, without paying their costs (9-3, 10-31), only of a type
(6-2-1-5), and attacks so made with No Reactions (10-22)."""

from __future__ import annotations

from engine.core.game import Deck
from engine.games.sakura_arms.state import AURA, FLARE
from tests.sakura_arms.scenario import act, actions, place, started, tokens

KIRI_STORM = Deck("s", {"goddesses": ["kiri", "sora-storm"],
                        "normal": ["kiri-n22", "kiri-n1", "kiri-n6", "kiri-n7", "kiri-n15", "kiri-n12", "sorastorm-n1"],
                        "special": ["kiri-s7", "sorastorm-s1", "kiri-s1"]})


def test_9_9_and_10_22_recalled_current_uses_an_attack_card_from_the_played_pile_with_no_reactions():
    """Only the Attack cards of the user's Played pile are offered (an Action card there is not), or
    none; the attack so made has No Reactions, so no Reaction window opens (10-22)."""
    game = started(first=0, deck_a=KIRI_STORM)
    s = game.state
    current = place(game, 0, "kiri-n22", "hand")
    cut = place(game, 0, "sorastorm-n1", "played")
    tithe = place(game, 0, "kiri-n1", "played")
    tokens(game, distance=4, aura=(3, 3))
    act(game, 0, {"type": "use", "card": current})
    offered = [a["card"] for a in actions(game)]
    assert cut in offered and tithe not in offered and None in offered
    act(game, 0, {"type": "choose", "card": cut})
    req = game.pending()
    assert req.kind == "damage" and req.seat == 1                   # straight to the damage: no Reaction window
    assert s.table.zone_name(current) == "in_use" and s.table.zone_name(cut) == "in_use"


def test_9_3_second_tide_uses_a_used_special_again_without_paying_its_cost():
    """9-3: Twin Currents costs 1 and its user has no Flare left after Second Tide's Cost 2; used
    "without paying its Cost" it is offered all the same, and resolves ("choose up to two")."""
    game = started(first=0, deck_a=KIRI_STORM)
    s = game.state
    tide = place(game, 0, "kiri-s7", "special")
    twin = place(game, 0, "kiri-s1", "special", used=True)
    tokens(game, distance=8, flare=(2, 0))
    act(game, 0, {"type": "use", "card": tide})
    assert s.tok[FLARE[0]] == 0
    assert sorted(a["card"] for a in actions(game) if a["card"] is not None) == [twin]
    act(game, 0, {"type": "choose", "card": twin})
    assert game.pending().kind == "modes"
    act(game, 0, {"type": "modes", "picked": [1]})
    assert twin in s.special_used and s.tok[FLARE[0]] == 0


def test_10_14_undertow_pact_adds_its_effect_only_to_throughout_cards():
    """10-14 with a subtype filter ("your Throughout Action cards have ..."): Long Tide (Throughout,
    a full-power action, 8-2-2 A) gets the added Shadow (1)→ Aura after its draw; Closing Eddy (no
    subtype) does not."""
    game = started(first=0, mode="full_power", deck_a=KIRI_STORM)
    s = game.state
    pact = place(game, 0, "kiri-n23", "enhancement")
    s.tok[100 + pact], s.tok[1] = 2, s.tok[1] - 2
    tide = place(game, 0, "kiri-n24", "hand")
    tokens(game, distance=8, aura=(1, 3))
    act(game, 0, {"type": "use", "card": tide})
    assert s.tok[AURA[0]] == 2

    game = started(first=0, deck_a=KIRI_STORM)
    s = game.state
    pact = place(game, 0, "kiri-n23", "enhancement")
    s.tok[100 + pact], s.tok[1] = 2, s.tok[1] - 2
    eddy = place(game, 0, "kiri-n13", "hand")
    tokens(game, distance=8, aura=(1, 3))
    act(game, 0, {"type": "use", "card": eddy})
    assert s.tok[AURA[0]] == 2                                      # its own Distance (1)→ Aura only
