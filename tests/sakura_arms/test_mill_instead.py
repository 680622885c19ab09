"""Issue #20: an attack that mills instead of dealing its damage (9-4 iv, 7-1-8)."""

from __future__ import annotations

from engine.core.game import Deck
from engine.games.sakura_arms.state import AURA, LIFE
from tests.sakura_arms.scenario import act, kinds, place, resolve_attack, started, tokens

KIRI_SORA = Deck("k", {"goddesses": ["kiri", "sora"],
                       "normal": ["kiri-n5", "kiri-n1", "kiri-n2", "kiri-n3", "kiri-n4", "sora-n1", "sora-n2"],
                       "special": ["sora-s1", "sora-s2", "sora-s3"]})


def _attack(deck_left: int | None = None):
    game = started(first=0, deck_a=KIRI_SORA)
    s = game.state
    mist = place(game, 0, "kiri-n5", "hand")
    if deck_left is not None:
        for c in list(s.table.zone(1, "deck"))[deck_left:]:
            s.table.move(c, 1, "played")
        game.state_changed()
    tokens(game, distance=4, aura=(3, 3), life=(10, 10))
    act(game, 0, {"type": "use", "card": mist})
    return game, resolve_attack(game, to="life")


def test_9_4_iv_drowning_mist_mills_two_instead_of_dealing_its_damage():
    """9-4 iv-v: the attack's damage step; its Forced "instead" puts the top 2 cards of the
    opponent's deck into their Face-down pile (7-1-8), and they take no damage at all."""
    top2 = list(started(first=0, deck_a=KIRI_SORA).state.table.zone(1, "deck")[:2])  # same seed, same deck
    game, events = _attack()
    s = game.state
    assert "mill_instead_of_damage" in kinds(events) and "damage" not in kinds(events)
    assert s.tok[AURA[1]] == 3 and s.tok[LIFE[1]] == 10
    assert [s.table.zone_name(c) for c in top2] == ["facedown", "facedown"]


def test_9_4_iv_without_its_condition_the_attack_deals_its_damage():
    """The Forced modification holds only if the opponent's deck has 3 or more cards: with 2 the
    attack deals its 2/1 as printed (taken to Life here)."""
    game, events = _attack(deck_left=2)
    s = game.state
    assert "mill_instead_of_damage" not in kinds(events)
    assert s.tok[LIFE[1]] == 9 and len(s.table.zone(1, "deck")) == 2
