"""Issue #20: "when X happens" effects on Ongoing (an Enhancement in play) and Devoted (a used
Special) effects, resolved at the next state-triggered resolution (5-5): another Enhancement
destroyed (9-6), you take Life damage (9-5), a used Special becomes unused (10-17), you reshuffle
(9-8), and a condition met on a change, "your Life becomes 3 or less", not as a state; and (same
deck) tokens on a card counting as Aura when you take damage (9-5 i)."""

from __future__ import annotations

import pytest

from engine.core.errors import DataError
from engine.core.game import Deck
from engine.games.sakura_arms import SakuraArmsRules
from engine.games.sakura_arms.effects import set_unused
from engine.games.sakura_arms.flow import damage_to, reshuffle, settle
from engine.games.sakura_arms.state import AURA, LIFE
from tests.sakura_arms.scenario import act, answer_now, enhancement, place, resolve_now, started, tokens

KIRI_HANA = Deck("p", {"goddesses": ["kiri", "hana"],
                       "normal": ["kiri-n20", "hana-n1", "hana-n2", "hana-n3", "hana-n4", "hana-n5", "hana-n6"],
                       "special": ["kiri-s5", "kiri-s6", "hana-s3"]})


def _game():
    return started(first=0, deck_a=KIRI_HANA)


def _then_settle(*procedure):
    """Run a rules procedure, then state-triggered resolution (5-5), as after every step."""
    def run(s):
        procedure[0](s, *procedure[1:])
        settle(s)
    return run


def test_5_5_watchful_haze_draws_when_another_enhancement_is_destroyed():
    """9-6: the opponent's Enhancement loses its last token and is destroyed; Watchful Haze's
    "when another Enhancement is destroyed" then draws 1 (its own destruction would not count)."""
    game = _game()
    s = game.state
    enhancement(game, 0, "kiri-n20", 3)
    theirs = enhancement(game, 1, "tsuki-n3", 1)
    hand = len(s.table.zone(0, "hand"))
    s.tok[1] += s.tok.pop(100 + theirs)                            # its last token to Shadow
    game.state_changed()
    resolve_now(s, settle)
    assert s.table.zone_name(theirs) == "played" and len(s.table.zone(0, "hand")) == hand + 1


def test_9_5_watchful_haze_when_you_take_life_damage_and_not_for_aura_damage():
    game = _game()
    s = game.state
    enhancement(game, 0, "kiri-n20", 3)
    tokens(game, aura=(2, 3), life=(8, 10))
    resolve_now(s, _then_settle(damage_to, 0, 1, None, "effect", ["aura"]))
    assert s.tok[AURA[0]] == 1                                      # Aura damage: no trigger
    resolve_now(s, _then_settle(damage_to, 0, None, 2, "effect", ["life"]))
    assert s.tok[LIFE[0]] == 6 and s.tok[AURA[0]] == 2              # Life damage: Shadow (1) -> Aura


def test_9_8_tideturn_vow_becomes_unused_when_you_reshuffle():
    game = _game()
    s = game.state
    vow = place(game, 0, "kiri-s5", "special", used=True)
    resolve_now(s, _then_settle(reshuffle, 0, False))
    assert vow not in s.special_used and vow in s.table.face_down


def test_5_5_tideturn_vow_on_life_becoming_3_or_less_not_while_it_stays_there():
    """"Becomes": 5 -> 4 does nothing; 4 -> 3 triggers (+1 Life: back to 4); 4 -> 2 triggers again
    (3); 3 -> 2 does nothing, since the Life was already 3 or less."""
    game = _game()
    s = game.state
    place(game, 0, "kiri-s5", "special", used=True)
    tokens(game, life=(5, 10))
    s.life_seen[0] = 5
    for damage, life in ((1, 4), (1, 4), (2, 3), (1, 2)):
        resolve_now(s, _then_settle(damage_to, 0, None, damage, "effect", ["life"]))
        assert s.tok[LIFE[0]] == life, (damage, life, s.tok[LIFE[0]])


def test_10_17_mirrored_vigil_gains_vigor_when_another_special_becomes_unused():
    game = _game()
    s = game.state
    place(game, 0, "kiri-s6", "special", used=True)
    vow = place(game, 0, "kiri-s5", "special", used=True)
    s.vigor[0] = 0
    game.state_changed()
    resolve_now(s, _then_settle(set_unused, vow, "10-17"))
    assert s.vigor[0] == 1


def test_5_5_a_when_effect_needs_its_card_in_play():
    """9-1-1-6 / 9-1-1-8: the effects of a card not in play (Watchful Haze in the hand) wait for
    nothing."""
    game = _game()
    s = game.state
    place(game, 0, "kiri-n20", "hand")
    tokens(game, aura=(2, 3), life=(8, 10))
    resolve_now(s, _then_settle(damage_to, 0, None, 2, "effect", ["life"]))
    assert s.tok[AURA[0]] == 2 and not s.triggered


def test_9_5_i_cloud_bulwark_tokens_count_as_aura_when_you_take_damage():
    """9-5 i: damage to Aura can be chosen only if the Aura holds enough; Cloud Bulwark's tokens
    count as Aura, so Aura 1 + 2 tokens takes Long Shot's 2 to Aura: the Aura's token first, then
    one of the card's. Without it the damage must go to Life."""
    for bulwark in (True, False):
        game = started(first=1, deck_a=KIRI_HANA)
        s = game.state
        wall = enhancement(game, 0, "kiri-n21", 2) if bulwark else None
        shot = place(game, 1, "kaze-n1", "hand")
        tokens(game, distance=5, aura=(1, 3), life=(10, 10))
        act(game, 1, {"type": "use", "card": shot})
        act(game, 0, {"type": "no_reaction"})
        if bulwark:
            assert game.pending().kind == "damage"
            act(game, 0, {"type": "take_damage", "to": "aura"})
            assert s.tok[AURA[0]] == 0 and s.tok[100 + wall] == 1 and s.tok[LIFE[0]] == 10
        else:
            assert s.tok[LIFE[0]] == 9 and s.tok[AURA[0]] == 1


WHEN_FILE = """goddesses:
  - {id: g1, name: One, number: 1}
  - {id: g2, name: Two, number: 2}
cards:
  - id: g1-n1
    goddess: g1
    name: Spark
    category: normal
    type: %s
    charge: 1
    when:
      - %s
"""


@pytest.mark.parametrize("kind,when,expected", [
    ("action", "{event: reshuffle, effects: [{draw: 1}]}", 'cards.0.when: "when X happens" effects belong to'),
    ("enhancement", "{event: life_damage, at_most: 3, effects: [{draw: 1}]}", "cards.0.when.0: at_most goes with"),
    ("enhancement", "{event: life_becomes_at_most, effects: [{draw: 1}]}", "cards.0.when.0: at_most goes with"),
    ("enhancement", "{event: reshuffle, type: attack, effects: [{draw: 1}]}", "they go with event: card_used only"),
    ("enhancement", "{event: becomes, value: aura, effects: [{draw: 1}]}", "one of at_most: N or at_least: N"),
    ("enhancement", "{event: becomes, at_least: 2, effects: [{draw: 1}]}", "event: becomes needs value:"),
    ("enhancement", "{event: life_damage, value: aura, effects: [{draw: 1}]}",
     "value and at_least with event: becomes"),
])
def test_5_5_when_effects_are_checked_at_load(tmp_path, kind, when, expected):
    """9-1-1-6 / 9-1-1-8: only an Enhancement (Ongoing) or a Special (Devoted) can wait for an event."""
    path = tmp_path / "cards.yaml"
    path.write_text(WHEN_FILE % (kind, when), encoding="utf-8")
    with pytest.raises(DataError) as err:
        SakuraArmsRules.load_cards(path)
    problems = [p for p in err.value.problems if "charge" not in p]
    assert any(expected in p for p in problems), problems


def test_5_5_several_when_effects_due_at_once_resolve_in_the_turn_players_order():
    """5-5: Life damage 4 -> 3 sets off Watchful Haze (Life damage) and Tideturn Vow (Life becomes
    3 or less) together; the turn player chooses which resolves first, then the other resolves."""
    game = _game()
    s = game.state
    haze = enhancement(game, 0, "kiri-n20", 3)
    vow = place(game, 0, "kiri-s5", "special", used=True)
    tokens(game, aura=(2, 3), life=(4, 10))
    s.life_seen[0] = 4
    flow = resolve_now(s, _then_settle(damage_to, 0, None, 1, "effect", ["life"]))
    asking = flow.asking
    assert asking is not None and asking.kind == "effect_order" and asking.seat == s.active
    assert sorted(asking.cards) == sorted([haze, vow]) and asking.rule == "5-5"
    answer_now(s, flow, 0, {"type": "choose", "card": vow})
    assert s.tok[LIFE[0]] == 4 and s.tok[AURA[0]] == 3 and not s.triggered
