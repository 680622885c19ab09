"""The kaiju effect registry (engine/core/effects.py): each word is declared once, the card
schema's effect part comes from it, every word is used by a sample card and documented, and
card data using a word or parameter it does not know is refused with file and line."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.bots.random_bot import RandomBot
from engine.core.effects import EffectContext, effects_markdown
from engine.core.errors import DataError
from engine.core.game import Game
from engine.games.kaiju import CARD_SCHEMA, RULES, KaijuRules
from engine.games.kaiju.effects import REGISTRY, resolve_effect
from engine.games.kaiju.state import Devolve
from tests.kaiju.scenario import RULES as TEST_RULES, arrange, deck, set_turn

DOCS = Path(__file__).resolve().parents[2] / "docs" / "effects" / "kaiju.md"
CARD = """cards:
  - {id: kj-s, type: skill, name: Zap, effects: [%s]}
"""


def _effects_of_sample_cards():
    for card in RULES.cards().values():
        yield from card.effects
        for move in card.moves:
            yield from move.effects
        for ability in card.actions:
            yield from ability.effects


def test_every_word_and_scope_is_used_by_a_sample_card():
    effects = list(_effects_of_sample_cards())
    assert {REGISTRY.word_of(e) for e in effects} == set(REGISTRY.words)
    assert {REGISTRY.scope(e).name for e in effects if REGISTRY.scope(e)} == set(REGISTRY.scopes)


def test_every_word_is_documented_and_the_docs_are_generated_from_the_registry():
    assert all(word.wording for word in REGISTRY.words.values())
    assert DOCS.read_text(encoding="utf-8") == effects_markdown(RULES.name, REGISTRY), \
        "regenerate: python -m engine.core.effects kaiju > docs/effects/kaiju.md"


def test_the_card_schema_takes_its_effects_from_the_registry():
    skill = next(b["then"] for b in CARD_SCHEMA["allOf"] if b["if"]["properties"]["type"]["const"] == "skill")
    assert skill["properties"]["effects"]["items"] == REGISTRY.schema()
    assert set(REGISTRY.schema()["properties"]) == set(REGISTRY.words)


@pytest.mark.parametrize("effect,expected", [
    ("{smash: 3}", "cards[0].effects[0]: Additional properties are not allowed ('smash' was unexpected)"),
    ("{damage: {amount: 2, to: opp_engaged, twice: true}}",
     "cards[0].effects[0].damage: Additional properties are not allowed ('twice' was unexpected)"),
    ("{draw: 9}", "cards[0].effects[0].draw: 9 is greater than the maximum of 5"),
])
def test_an_unknown_word_or_parameter_is_refused_with_file_and_line(tmp_path, effect, expected):
    path = tmp_path / "cards.yaml"
    path.write_text(CARD % effect, encoding="utf-8")
    with pytest.raises(DataError) as err:
        KaijuRules.load_cards(path)
    (problem,) = err.value.problems
    assert problem.startswith(f"{path}:2: {expected}"), problem


def test_chosen_targets_come_from_the_scope():
    """KJ-5.9: a chosen-target effect offers exactly its scope's cards, a fixed one none."""
    game = Game(TEST_RULES, [deck("Spark"), deck()], seed=1)
    arrange(game, 0, engaged="Alpha", hand=("Spark",))
    arrange(game, 1, engaged="Beta", support=("Gamma", "Delta"))
    set_turn(game, 0)
    state = game.state
    support = list(state.table.zone(1, "support"))
    assert REGISTRY.targets(state, 0, ({"damage": {"amount": 1, "to": "opp_support"}},)) == support
    assert REGISTRY.targets(state, 0, ({"damage": {"amount": 1, "to": "opp_engaged"}},)) is None
    assert REGISTRY.targets(state, 0, ({"draw": 1},)) is None


def test_a_word_that_asks_yields_a_step():
    """KJ-5.18: devolving a card with two enhancements asks its owner, as a step."""
    game = Game(TEST_RULES, [deck(), deck()], seed=1)
    arrange(game, 0, engaged="Alpha")
    arrange(game, 1, engaged="Beta", enhancements={"Beta": ["Gamma", "Delta"]})
    set_turn(game, 0)
    state = game.state
    host = state.table.zone(1, "engaged")[0]
    step = resolve_effect(state, {"devolve": "opp_engaged"}, EffectContext(0))
    assert step == Devolve(1, host)
    assert resolve_effect(state, {"draw": 1}, EffectContext(0)) is None


def test_narration_says_an_effect_in_its_words_wording_with_the_values_put_in():
    assert REGISTRY.say({"damage": {"amount": 2, "to": "opp_engaged"}}) == \
        "deal 2 damage to the opponent's engaged card, less Defense (piercing: no) (KJ-5.5)"
    assert REGISTRY.say({"damage": {"amount": 3, "to": "opp_any", "pierce": True}}) == \
        "deal 3 damage to one of the opponent's battle cards in play, less Defense (piercing: yes) (KJ-5.5)"
    assert REGISTRY.say({"draw": 2}) == "you draw 2 card(s) (KJ-G6 if the deck runs out)"
    assert REGISTRY.say({"devolve": "own_engaged"}).startswith("your engaged card devolves")


def test_a_card_played_is_narrated_in_its_effects_wording():
    """The demo's line for a skill played says what it does in its words' wording."""
    cards = RULES.cards()
    for seed in range(20):
        game = Game(RULES, seed=seed)
        bots = [RandomBot(seed), RandomBot(seed + 1)]
        while (request := game.pending()) is not None:
            for event in game.act(request.seat, bots[request.seat].choose(request)):
                data = event.for_seat(None)
                if data["type"] == "skill" and cards[data["card"]["card"]].effects:
                    effects = cards[data["card"]["card"]].effects
                    line = RULES.narrate(data)
                    assert line.startswith(f"Seat {data['seat']} plays {data['card']['name']}: ")
                    assert all(REGISTRY.say(e) in line for e in effects), line
                    return
    pytest.fail("no skill card was played in 20 games")


def test_narration_reads_the_card_data_only_for_lines_that_word_effects_and_says_the_same(monkeypatch):
    """`RULES.narrate` asks for the card data (a stat of cards.yaml) only for the events whose
    line words a card's effects; every line is the one narrating with the card data gives, from
    the table of lines built once (`demo._LINES`), not per call."""
    from engine.games.kaiju import demo

    cards = RULES.cards()
    asked: list[str] = []
    monkeypatch.setattr(type(RULES), "cards", lambda self: asked.append("cards") or cards)
    kinds = set()
    for seed in range(3):
        game = Game(RULES, seed=seed)
        bots = [RandomBot(seed), RandomBot(seed + 1)]
        while (request := game.pending()) is not None:
            for event in game.act(request.seat, bots[request.seat].choose(request)):
                for seat in (0, 1, None):
                    data = event.for_seat(seat)
                    if data is None:
                        continue
                    asked.clear()
                    assert RULES.narrate(data) == demo.narrate(data, cards)
                    assert bool(asked) == (data["type"] in demo.WORDED), data
                    assert data["type"] in demo._LINES, data  # a sentence, never the raw event
                    kinds.add(data["type"])
    assert set(demo.WORDED) <= kinds and len(kinds) > len(demo.WORDED)
