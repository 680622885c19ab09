"""The Gundam War effect registry (engine/core/effects.py): each word is declared once, the
card schema's effect part comes from it, every word and scope is used by a sample card and
documented, and card data using a word or a parameter it does not know is refused with file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.effects import effects_markdown
from engine.core.errors import DataError
from engine.games.gundam_war import CARD_SCHEMA, RULES, GundamWarRules
from engine.games.gundam_war.cards import bare, effect_schema
from engine.games.gundam_war.effects import REGISTRY, Resolution, apply_effects
from engine.games.gundam_war.state import SimultaneousEntry, defn, stats, units
from tests.gundam_war.scenario import arrange, at, cid, deck, game, zone_titles

DOCS = Path(__file__).resolve().parents[2] / "docs" / "effects" / "gundam-war.md"
CARD = """cards:
  - {id: gw-x, type: command, name: Zap, colour: blue, cost: {designated: {blue: 1}, total: 1}, effects: [%s]}
"""
VANGUARD = "AF-07 Vanguard Gundam"          # Restrict to 1 (GW-A-25.33)


def _effects_of_sample_cards():
    for card in RULES.cards().values():
        lists = [card.effects, *(t.effects for t in card.texts), *(a.effects for a in card.autos),
                 *(t.effects for t in (card.keywords.get("team") or {}).get("texts", ()))]
        for effects in lists:
            yield from bare(effects)


def test_every_word_and_scope_is_used_by_a_sample_card():
    effects = list(_effects_of_sample_cards())
    assert {REGISTRY.word_of(e) for e in effects} == set(REGISTRY.words)
    assert {REGISTRY.scope(e).name for e in effects if REGISTRY.scope(e)} == set(REGISTRY.scopes)


def test_every_word_is_documented_and_the_docs_are_generated_from_the_registry():
    assert all(word.wording for word in REGISTRY.words.values())
    assert all(scope.wording for scope in REGISTRY.scopes.values())
    assert DOCS.read_text(encoding="utf-8") == effects_markdown(RULES.name, REGISTRY), \
        "regenerate: python -m engine.core.effects gundam-war > docs/effects/gundam-war.md"


def test_the_card_schema_takes_its_effects_from_the_registry():
    command = next(b["then"] for b in CARD_SCHEMA["allOf"] if b["if"]["properties"]["type"]["const"] == "command")
    assert command["properties"]["effects"]["items"] == effect_schema(REGISTRY)
    assert set(effect_schema(REGISTRY)["properties"]) == set(REGISTRY.words) | {"then"}


@pytest.mark.parametrize("effect,expected", [
    ("{smash: 3}", "cards[0].effects[0]: Additional properties are not allowed ('smash' was unexpected)"),
    ("{damage: {amount: 2, to: enemy_unit, twice: true}}",
     "cards[0].effects[0].damage: Additional properties are not allowed ('twice' was unexpected)"),
    ("{draw: 9}", "cards[0].effects[0].draw: 9 is greater than the maximum of 5"),
    ("{draw: 1, recover: 1}", "cards[0].effects[0]: an effect is one word"),
])
def test_an_unknown_word_or_parameter_is_refused_with_file_and_line(tmp_path, effect, expected):
    path = tmp_path / "cards.yaml"
    path.write_text(CARD % effect, encoding="utf-8")
    with pytest.raises(DataError) as err:
        GundamWarRules.load_cards(path)
    (problem,) = err.value.problems
    assert problem.startswith(f"{path}:2: {expected}"), problem


def test_chosen_targets_come_from_the_scope():
    """GW-A-13.4: a chosen-target effect offers its scope's cards, a fixed ("all ~") one none."""
    g = game()
    arrange(g, 1, deploy=("Grunt",), squads={"earth": ("Sand Viper",)})
    at(g, "deploy_ft", active=0)
    state = g.state
    assert REGISTRY.targets(state, 0, ({"destroy": "enemy_unit"},), None) == units(state, 1)
    assert REGISTRY.targets(state, 0, ({"destroy": "enemy_battle_unit"},), None) == [cid(g, 1, "Sand Viper")]
    assert REGISTRY.targets(state, 0, ({"destroy": "all_enemy_units"},), None) is None
    assert REGISTRY.targets(state, 0, ({"draw": 1},), None) is None


def test_a_word_that_asks_yields_a_step():
    """GW-A-26.8: two Restrict to 1 Units entering together from the Junk Yard cannot both stay:
    the word returns the attacking player's decision as a step."""
    g = game(deck_b=deck(VANGUARD, VANGUARD, "Mass Salvage", fill="Aurora Shipyard"))
    arrange(g, 1, junk=(VANGUARD, VANGUARD))
    at(g, "deploy_ft", active=0)
    batch = tuple(g.state.table.zone(1, "junk"))
    step = REGISTRY.resolve(g.state, {"junk_units_to_field": {"count": 2}}, Resolution(1))
    assert step == SimultaneousEntry(0, tuple(reversed(batch)))
    assert REGISTRY.resolve(g.state, {"draw": 1}, Resolution(1)) is None


def test_bounce_and_roll_act_on_every_card_of_a_fixed_scope():
    g = game()
    arrange(g, 0, deploy=("AF-01 Lancer",))
    arrange(g, 1, deploy=("Grunt",), squads={"earth": ("Sand Viper",)})
    at(g, "deploy_ft", active=0)
    mine = cid(g, 0, "AF-01 Lancer")
    assert apply_effects(g.state, 0, ({"roll": "all_units"},), None, None)
    assert {mine, *units(g.state, 1)} <= g.state.rolled
    assert apply_effects(g.state, 0, ({"bounce": "all_enemy_units"},), None, None)
    assert units(g.state, 1) == [] and sorted(zone_titles(g, 1, "hand"))[:2] == ["ZG-1 Grunt", "ZG-4 Sand Viper"]


def test_homeland_damage_and_discard_random_hit_the_enemy():
    g = game()
    arrange(g, 1, hand=("Sand Viper",))
    at(g, "deploy_ft", active=0)
    homeland = len(g.state.table.zone(1, "homeland"))
    assert apply_effects(g.state, 0, ({"homeland_damage": 2}, {"discard_random": 1}), None, None)
    assert len(g.state.table.zone(1, "homeland")) == homeland - 2
    assert zone_titles(g, 1, "hand") == [] and zone_titles(g, 1, "junk") == ["ZG-4 Sand Viper"]


def test_a_this_turn_change_reaches_the_enemy_units_that_enter_later():
    """GW-A-26.6.2: "enemy Units get -0/-0/-1 this turn" also lowers a Unit that enters afterwards."""
    g = game()
    arrange(g, 1, deploy=("Grunt",))
    at(g, "deploy_ft", active=0)
    grunt = cid(g, 1, "Grunt")
    before = stats(g.state, grunt)[2]
    assert apply_effects(g.state, 0, ({"mod_this_turn": {"stats": [0, 0, -1], "to": "enemy_units"}},), None, None)
    assert stats(g.state, grunt)[2] == before - 1
    arrange(g, 1, deploy=("Grunt", "Sand Viper"))
    viper = cid(g, 1, "Sand Viper")
    assert stats(g.state, viper)[2] == defn(g.state, viper).stats[2] - 1


def test_a_chosen_target_lost_before_resolution_fails_the_resolution():
    """GW-A-13.5: the enemy Command targeted is no longer being played."""
    g = game()
    at(g, "deploy_ft", active=0)
    not_played = g.state.table.zone(1, "homeland")[0]
    assert not apply_effects(g.state, 0, ({"roll": "enemy_command"},), not_played, None)
    assert not apply_effects(g.state, 0, ({"bounce": "enemy_operation"},), None, None)


def test_narration_says_an_effect_in_its_words_wording_with_the_values_put_in():
    assert REGISTRY.say({"damage": {"amount": 2, "to": "enemy_unit"}}) == "deal 2 damage to an enemy Unit (GW-B-11.3)"
    assert REGISTRY.say({"destroy": "all_enemy_battle_units"}) == \
        "destroy every enemy Unit in a battle area (GW-B-11.1)"
    assert REGISTRY.say({"draw": 2}) == "you draw 2 card(s) from your Homeland (GW-A-5.1)"
    assert REGISTRY.say({"gain": {"keyword": "assault", "to": "self"}}) == "this card gains assault this turn (GW-A-24.4)"


def test_a_command_played_and_a_text_used_are_narrated_in_their_words_wording():
    """The narrated demo says what a played Command or a used text does, as its words say it;
    a card the seat cannot see says nothing of its effects."""
    play = {"type": "play", "seat": 0, "card": {"id": 5, "card": "gw-beam-volley", "name": "Beam Volley"},
            "target": {"id": 9, "card": "gw-grunt", "name": "ZG-1 Grunt"}, "total": 2, "resource": 1,
            "rule": "GW-A-10"}
    assert RULES.narrate(play) == ("Seat 0 plays Beam Volley on ZG-1 Grunt (total 2, resource 1): deal 2 damage "
                                   "to an enemy Unit in a battle area (GW-B-11.3) [GW-A-10]")
    use = {"type": "use", "seat": 0, "card": {"id": 3, "card": "gw-af02-skyhawk", "name": "AF-02 Skyhawk"},
           "text": 0, "special": None, "rule": "GW-A-11"}
    assert RULES.narrate(use) == ("Seat 0 uses a text of AF-02 Skyhawk: the Melee, Shooting and Defense of this "
                                  "card change by 1, 0, 0 until the end of the turn (GW-A-24.17) [GW-A-11]")
    hidden = {**play, "card": {"face_down": True}, "target": None, "total": 0, "resource": 0}
    assert RULES.narrate(hidden) == "Seat 0 plays a card [GW-A-10]"
