"""The Qiguang effect registry (engine/core/effects.py): each word is declared once, the card
schema's effect part comes from it, every word and scope is used by a sample card and
documented, targets come from the scopes, a word that needs a decision returns its asking step,
and card data using a word or parameter it does not know is refused with file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.bots.random_bot import RandomBot
from engine.core.effects import effects_markdown
from engine.core.errors import DataError
from engine.core.game import Game
from engine.games.qiguang import CARD_SCHEMA, FILE_SCHEMA, RULES, QiguangRules
from engine.games.qiguang.effects import REGISTRY, resolve_effect, targets
from engine.games.qiguang.state import CrystalCap, EffectCtx, characters
from tests.qiguang.scenario import arrange, started

DOCS = Path(__file__).resolve().parents[2] / "docs" / "effects" / "qiguang.md"
CARD = """cards:
  - {id: mana-source, type: token, name: Mana Source}
  - {id: zap, type: spell, name: Zap, cost: {any: 1}, effects: [%s]}
"""


def _groups():
    """(effects, target kind) of every sample card and ability, triggered effects included."""
    for card in RULES.cards().values():
        yield card.effects, card.target
        for label in ("on_summon", "on_destroyed", "on_preparation", "on_draw", "on_end"):
            yield getattr(card, label), None
        for ability in card.abilities:
            yield ability.effects, ability.target


def test_every_word_and_scope_is_used_by_a_sample_card():
    groups = list(_groups())
    effects = [e for group, _ in groups for e in group]
    assert set(REGISTRY.words) - {REGISTRY.word_of(e) for e in effects} == set()
    used = {REGISTRY.scope(e).name for e in effects if REGISTRY.scope(e)} | {kind for _, kind in groups if kind}
    assert set(REGISTRY.scopes) - used == set()


def test_every_word_is_documented_and_the_docs_are_generated_from_the_registry():
    assert all(word.wording for word in REGISTRY.words.values())
    assert all(scope.wording for scope in REGISTRY.scopes.values())
    assert DOCS.read_text(encoding="utf-8") == effects_markdown(RULES.name, REGISTRY), \
        "regenerate: python -m engine.core.effects qiguang > docs/effects/qiguang.md"


def test_the_card_schema_takes_its_effects_from_the_registry():
    spell = next(b["then"] for b in CARD_SCHEMA["allOf"] if b["if"]["properties"]["type"]["const"] == "spell")
    assert spell["properties"]["effects"]["items"] == REGISTRY.schema()
    assert spell["properties"]["abilities"]["items"]["properties"]["effects"]["items"] == REGISTRY.schema()
    assert FILE_SCHEMA["properties"]["cards"]["items"] == CARD_SCHEMA
    assert RULES.effects is REGISTRY


@pytest.mark.parametrize("effect,expected", [
    ("{smash: 3}", "cards[1].effects[0]: Additional properties are not allowed ('smash' was unexpected)"),
    ("{damage: {amount: 2, to: opponent, twice: true}}",
     "cards[1].effects[0].damage: Additional properties are not allowed ('twice' was unexpected)"),
    ("{draw: 9}", "cards[1].effects[0].draw: 9 is greater than the maximum of 5"),
    ("{script: nothing_like_it}", "cards[1].effects: unknown script 'nothing_like_it'; known: refresh_crystals"),
])
def test_an_unknown_word_or_parameter_is_refused_with_file_and_line(tmp_path, effect, expected):
    path = tmp_path / "cards.yaml"
    path.write_text(CARD % effect, encoding="utf-8")
    with pytest.raises(DataError) as err:
        QiguangRules.load_cards(path)
    problem = err.value.problems[0]  # (the card schema checks a spell's effects twice: its own and the common ones)
    assert problem.startswith(f"{path}:3: {expected}"), problem


def test_chosen_targets_come_from_the_scopes():
    """QG-4.6: a card's `target` kind offers exactly its scope's characters."""
    game = started()
    arrange(game, 0, standby={1: "Orchard Hauler"})
    arrange(game, 1, standby={1: "Millstone Guard", 2: "Furrow Tiller"})
    state = game.state
    mine, theirs = characters(state, 0), characters(state, 1)
    assert len(mine) == 1 and len(theirs) == 2
    assert targets(state, 0, "enemy_character") == theirs
    assert targets(state, 0, "own_character") == mine
    assert targets(state, 0, "any_character") == mine + theirs
    assert targets(state, 0, None) == []
    assert REGISTRY.scope({"destroy": "target"}).chosen
    assert REGISTRY.scope({"damage": {"amount": 1, "to": "opponent"}}) is None


def test_a_word_that_needs_a_decision_returns_its_asking_step():
    """QG-5.4: gaining a crystal at the cap of 10 asks which one to remove first."""
    game = started()
    arrange(game, 0, crystals=(4, 3, 3))
    step = resolve_effect(game.state, {"crystal": "earth"}, EffectCtx(0))
    assert step == CrystalCap(0, "earth", "QG-0.1") and step.asks
    assert resolve_effect(game.state, {"gain_life": 2}, EffectCtx(0)) is None


def test_narration_says_an_effect_in_its_words_wording_with_the_values_put_in():
    assert REGISTRY.say({"damage": {"amount": 2, "to": "enemy_combat"}}) == \
        "2 damage to every character in the opponent's combat row (a player loses that much life, QG-0.1)"
    assert REGISTRY.say({"destroy": "target"}) == "the chosen character is destroyed (QG-G24)"
    assert REGISTRY.say({"draw": 2}) == "you draw 2 card(s) (an empty library loses, QG-2.2.2)"


def test_a_link_that_resolves_is_narrated_in_its_effects_wording():
    """The demo's line for a spell resolving says what it does in its words' wording."""
    cards = RULES.cards()
    for seed in range(10):
        game = Game(RULES, seed=seed)
        bots = [RandomBot(seed), RandomBot(seed + 1)]
        while (request := game.pending()) is not None:
            for event in game.act(request.seat, bots[request.seat].choose(request)):
                data = event.for_seat(None)
                if data["type"] == "resolves" and "card" in data and cards[data["card"]["card"]].type == "spell":
                    effects = cards[data["card"]["card"]].effects
                    line = RULES.narrate(data)
                    assert line.startswith(f"Link {data['link']} resolves: {data['card']['name']}: "), line
                    assert all(REGISTRY.say(e) in line for e in effects), line
                    return
    pytest.fail("no spell resolved in 10 games")


def test_the_sample_cards_for_the_rarer_words_and_scopes_do_what_they_say():
    """Reckless Wager (lose_life), Rolling Thunder (all_characters), Sky Lance Barrage (enemy_all),
    Stray Spark (any_character): each one's effects, resolved for seat 0."""
    cards = RULES.cards()
    game = started()
    arrange(game, 0, standby={1: "Millstone Guard"})
    arrange(game, 1, standby={1: "Orchard Hauler", 2: "Furrow Tiller"})
    state = game.state
    mine, theirs = characters(state, 0), characters(state, 1)
    hand = len(state.table.zone(0, "hand"))
    for effect in cards["reckless-wager"].effects:
        resolve_effect(state, effect, EffectCtx(0))
    assert state.life[0] == 18 and len(state.table.zone(0, "hand")) == hand + 2
    for effect in cards["sky-lance-barrage"].effects:
        resolve_effect(state, effect, EffectCtx(0))
    assert [state.damage.get(c, 0) for c in mine + theirs] == [0, 1, 1]
    for effect in cards["rolling-thunder"].effects:
        resolve_effect(state, effect, EffectCtx(0))
    assert [state.damage.get(c, 0) for c in mine + theirs] == [1, 2, 2]
    spark = cards["stray-spark"]
    assert spark.target == "any_character" and targets(state, 0, spark.target) == mine + theirs
    for effect in spark.effects:
        resolve_effect(state, effect, EffectCtx(0, target=mine[0]))
    assert state.damage[mine[0]] == 2
