"""Issue 19, group 3: no prompt's presence or absence depends on cards a seat cannot see. By
default (`auto_pass: always`, GW-S.3) every free timing and Cut asks both players and every
sortie asks its player, so the decisions the attacker sees are the same whether the defender's
hand holds a playable Command, a Change card, or nothing playable at all."""

from __future__ import annotations

from engine.core.game import Game

from tests.gundam_war.scenario import arrange, at, deck, game

HANDS = (("Stealth Veil", "ZG-21 Hammerfall Custom"), ("Verdant Foundry", "Verdant Foundry"))


def _prompts(g: Game, seat: int) -> list[tuple]:
    """What `seat` sees of each decision from the Attack Step to the end of the turn, everyone
    passing (and finishing each sortie): who decides, what kind of decision, at which step."""
    seen = []
    while g.state.turn == 3 and g.pending() is not None:
        r = g.pending()
        seen.append((r.seat, r.kind, g.state.step))
        g.act(r.seat, {"type": "sortie_done"} if r.kind == "sortie" else {"type": "pass"})
    return seen


def test_gw_s_3_the_attacker_sees_the_same_prompts_whatever_the_defenders_hand():
    """GW-S.3 (`auto_pass: always`): "every free timing asks both players"; the defender holds a
    playable Stealth Veil and a Change card (GW-A-25.16) or only G cards, and the attacker sees
    the same sequence of decisions."""
    runs = []
    for hand in HANDS:
        g = game(deck_b=deck("Stealth Veil", "ZG-21 Hammerfall Custom", "ZG-20 Hammerfall", fill="Verdant Foundry"))
        arrange(g, 0, deploy=("AF-01 Lancer",) + ("Aurora Shipyard",) * 2)
        arrange(g, 1, hand=hand, deploy=("ZG-20 Hammerfall",) + ("Verdant Foundry",) * 3)
        at(g, "attack_ft1", active=0)
        runs.append(_prompts(g, 0))
    assert runs[0] == runs[1]
    assert sum(1 for seat, kind, _ in runs[0] if seat == 1 and kind == "free_timing") >= 4
