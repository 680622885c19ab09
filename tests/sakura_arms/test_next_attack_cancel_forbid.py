"""Issue #20's effects: "your next attack this turn gets ..." (10-3), Ongoing/Devoted effects that
cancel attacks (9-4 ii: attacks with "-" damage, the opponent's second attack each turn), and basic
actions forbidden (9-7: for both players this turn, or the opponent's Retreat/Breakaway while in play)."""

from __future__ import annotations

from engine.core.game import Deck
from engine.games.sakura_arms.effects import damage, make_card_attack
from engine.games.sakura_arms.state import AURA
from tests.sakura_arms.scenario import (act, actions, answer_until, enhancement, kinds, place, refused,
                                        resolve_attack, started, tokens)

KIRI_SORA = Deck("k", {"goddesses": ["kiri", "sora"],
                       "normal": ["kiri-n15", "kiri-n16", "kiri-n1", "kiri-n2", "kiri-n3", "sora-n1", "sora-n2"],
                       "special": ["kiri-s3", "sora-s1", "sora-s2"]})


def test_10_3_gathering_squall_modifies_only_the_next_attack_and_lapses_with_the_turn():
    """10-3: +1/+0 and far 1 for the next attack: Rising Cut (3-4, 3/1) reaches Distance 5 and deals
    4/1; the attack after it is unmodified; unused, the modification lapses when the turn ends."""
    game = started(first=0, deck_a=KIRI_SORA)
    s = game.state
    squall = place(game, 0, "kiri-n15", "hand")
    cut = place(game, 0, "sora-n1", "hand")
    strike = place(game, 0, "sora-n2", "hand")
    tokens(game, distance=6, aura=(3, 5), life=(10, 10))
    assert {"type": "use", "card": cut} not in actions(game)
    act(game, 0, {"type": "use", "card": squall})
    assert damage(s, make_card_attack(s, 0, cut, "main", False)) == (4, 1)
    act(game, 0, {"type": "use", "card": cut})                    # Distance 5 is in 3-5 now
    resolve_attack(game, to="aura")
    assert s.tok[AURA[1]] == 1 and s.next_attack == []
    assert damage(s, make_card_attack(s, 0, strike, "main", False)) == (2, 2)

    game = started(first=0, deck_a=KIRI_SORA)
    s = game.state
    act(game, 0, {"type": "use", "card": place(game, 0, "kiri-n15", "hand")})
    assert [p.seat for p in s.next_attack] == [0]
    act(game, 0, {"type": "end_main"})
    answer_until(game, "main")
    assert s.next_attack == []


def test_9_4_ii_stillwater_veil_cancels_dash_damage_attacks_and_forbids_retreat_and_breakaway():
    """9-4 ii: the opponent's Quick Draw (1/-) is cancelled while Stillwater Veil is in play; Long Shot
    (2/1) is not. 9-7: their Retreat is neither offered nor accepted, and the refusal names the card."""
    game = started(first=1, deck_a=KIRI_SORA)
    s = game.state
    enhancement(game, 0, "kiri-n16", 2)
    quick = place(game, 1, "kaze-n3", "hand")
    shot = place(game, 1, "kaze-n1", "hand")
    tokens(game, distance=5, aura=(3, 3))
    assert not any(a.get("action") in ("retreat", "breakaway") for a in actions(game))
    err = refused(game, 1, {"type": "basic", "action": "retreat", "pay": "vigor"}, "9-7")
    assert "Stillwater Veil" in err.message
    act(game, 1, {"type": "use", "card": quick})
    events = resolve_attack(game)
    assert "attack_cancelled" in kinds(events) and s.tok[AURA[0]] == 3
    act(game, 1, {"type": "use", "card": shot})
    events = resolve_attack(game, to="aura")
    assert "attack_cancelled" not in kinds(events) and s.tok[AURA[0]] == 1


def test_9_7_and_9_4_ii_hush_of_the_fog_forbids_basic_actions_this_turn_and_cancels_second_attacks():
    """9-7: after Hush of the Fog neither player can make basic actions this turn (the next turn
    can); its Devoted effect cancels the opponent's second attack of a turn (9-4 ii), not the first."""
    game = started(first=0, deck_a=KIRI_SORA)
    s = game.state
    hush = place(game, 0, "kiri-s3", "special")
    shot = place(game, 1, "kaze-n1", "hand")
    volley = place(game, 1, "kaze-n2", "hand")
    tokens(game, distance=5, aura=(3, 3), flare=(1, 0))
    s.vigor[0] = 1
    game.state_changed()
    act(game, 0, {"type": "use", "card": hush})
    assert not any(a["type"] == "basic" for a in actions(game))
    refused(game, 0, {"type": "basic", "action": "advance", "pay": "vigor"}, "9-7")
    act(game, 0, {"type": "end_main"})
    answer_until(game, "main")
    assert game.pending().seat == 1 and s.basic_forbidden == [[], []]
    act(game, 1, {"type": "use", "card": shot})
    assert "attack_cancelled" not in kinds(resolve_attack(game, to="aura"))
    aura = s.tok[AURA[0]]
    act(game, 1, {"type": "use", "card": volley})
    assert "attack_cancelled" in kinds(resolve_attack(game, to="aura")) and s.tok[AURA[0]] == aura
