"""The Sakura Arms effect registry (engine/core/effects.py): each effect word is declared once,
the card schema's effect part comes from it, the words are used by the sample cards and
documented, card data using a word or parameter it does not know is refused with file and line,
and narration says an effect in its word's wording."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.bots.random_bot import RandomBot
from engine.core.effects import effects_markdown
from engine.core.game import Game
from engine.games.sakura_arms import CARD_SCHEMA, FILE_SCHEMA, RULES
from engine.games.sakura_arms.cards import EFFECT_LISTS, NESTED_LISTS
from engine.games.sakura_arms.flow import REGISTRY, Ctx, run_effect, say
from engine.games.sakura_arms.state import ChooseCard, UseChosen
from tests.sakura_arms.scenario import one_card_problem, place, resolve_now, started

DOCS = Path(__file__).resolve().parents[2] / "docs" / "effects" / "sakura-arms.md"
def _effect_lists(value):
    if isinstance(value, dict):
        for key, inner in value.items():
            if (key in EFFECT_LISTS or key in NESTED_LISTS) and isinstance(inner, tuple):
                yield from inner
            yield from _effect_lists(inner)
    elif isinstance(value, tuple):
        for inner in value:
            yield from _effect_lists(inner)


def _effects_of_sample_cards():
    for card in RULES.cards().values():
        for key in EFFECT_LISTS[:11]:
            for effect in getattr(card, key):
                yield effect
                yield from _effect_lists(effect)
                if "attack" in effect:
                    yield from effect["attack"].after_attack
        for mod in card.forced + card.ongoing + card.devoted:
            yield from _effect_lists(mod)


def _words(effect: dict) -> dict:
    return {k: v for k, v in effect.items() if k != "if"}


def test_every_word_and_scope_is_used_by_a_sample_card():
    effects = [_words(e) for e in _effects_of_sample_cards()]
    assert {REGISTRY.word_of(e) for e in effects} == set(REGISTRY.words)
    used = {REGISTRY.scope(e).name for e in effects if REGISTRY.scope(e)}
    assert used == set(REGISTRY.scopes)


def test_every_word_is_documented_and_the_docs_are_generated_from_the_registry():
    assert all(word.wording for word in REGISTRY.words.values())
    assert DOCS.read_text(encoding="utf-8") == effects_markdown(RULES.name, REGISTRY), \
        "regenerate: python -m engine.core.effects sakura-arms > docs/effects/sakura-arms.md"


def test_the_card_schemas_take_their_effects_from_the_registry():
    for schema in (CARD_SCHEMA, FILE_SCHEMA):
        effect = schema["$defs"]["effect"]
        assert set(effect["properties"]) == set(REGISTRY.words) | {"if"}
        assert all(effect["properties"][name] == word.params for name, word in REGISTRY.words.items())
    assert FILE_SCHEMA["properties"]["cards"]["items"]["properties"] == CARD_SCHEMA["properties"]


@pytest.mark.parametrize("effect,expected", [
    ("{smash: 3}", "cards[0].on_use[0]: Additional properties are not allowed ('smash' was unexpected)"),
    ("{move: {from: shadow, to: aura, twice: true}}",
     "cards[0].on_use[0].move: Additional properties are not allowed ('twice' was unexpected)"),
    ("{vigor: 0}", "cards[0].on_use[0].vigor: 0 is less than the minimum of 1"),
    ("{vigor: 1, draw: 1}", "cards.0.on_use.0: an effect is one word and maybe if:"),
])
def test_an_unknown_word_or_parameter_is_refused_with_file_and_line(tmp_path, effect, expected):
    path, problem = one_card_problem(tmp_path, effect)
    assert problem.startswith(f"{path}:11: {expected}"), problem


def test_the_cards_a_choosing_word_offers_come_from_its_scope():
    """10-9 / 9-9: the card to seal or use is chosen from the word's scope at resolution."""
    game = started(first=0)
    s = game.state
    hand = list(s.table.zone(0, "hand"))
    assert REGISTRY.scopes["hand"].cards(s, 0) == hand
    assert REGISTRY.scope({"use_card": "hand"}).name == "hand"
    assert REGISTRY.scope({"seal": "opp_played"}).name == "opp_played"
    assert REGISTRY.targets(s, 0, ({"use_card": "hand"},)) is None  # nothing is chosen when the card is played
    first = place(game, 0, "sora-n1", "facedown")
    second = place(game, 0, "sora-n2", "facedown")
    asking = resolve_now(s, run_effect, {"seal": "own_facedown"}, Ctx(0, first)).asking
    assert type(asking) is ChooseCard and set(asking.cards) == {first, second}


def test_a_word_that_asks_returns_its_asking_step():
    game = started(first=0)
    s = game.state
    step = REGISTRY.words["move"].resolve(s, {"from": "aura", "to": "shadow", "count": 1, "two_way": True}, Ctx(0))
    assert step.asks and step.kind == "direction"
    assert REGISTRY.words["vigor"].resolve(s, 1, Ctx(0)) is None
    chosen = REGISTRY.words["use_card"].resolve(s, "own_facedown", Ctx(0))  # an empty pile: nothing to ask
    assert chosen == UseChosen(Ctx(0), {"from": "own_facedown"}, None) and not chosen.asks


def test_narration_says_an_effect_in_its_words_wording_with_the_values_put_in():
    assert REGISTRY.say({"draw": 2}) == "draw 2 card(s) (7-1-6; an empty deck burns out, 10-10)"
    assert REGISTRY.say({"seal": "own_facedown"}) == "seal a card of your Face-down pile under this card (10-9)"
    assert REGISTRY.say({"cover": "opp_hand"}) == "its owner puts a card of your opponent's hand face down (7-1-8)"
    assert REGISTRY.say({"move": {"from": "shadow", "to": "aura", "count": 2}}).startswith(
        "2 sakura token(s) move shadow -> aura (10-1; two-way arrow: no")
    assert say({"vigor": 1, "if": {"originally_has": "overwhelm"}}) == \
        "gain 1 Vigor (5-1-2; a flinched player loses Flinch instead) if originally has overwhelm"


def test_a_card_used_is_narrated_in_its_effects_wording():
    cards = RULES.cards()
    for seed in range(20):
        game = Game(RULES, seed=seed)
        bots = [RandomBot(seed), RandomBot(seed + 1)]
        while (request := game.pending()) is not None:
            for event in game.act(request.seat, bots[request.seat].choose(request)):
                data = event.for_seat(None)
                d = cards[data["card"]["card"]] if data["type"] == "use" else None
                if d is not None and d.type == "action" and d.on_use and not data["full_power"]:
                    line = RULES.narrate(data)
                    assert line.startswith(f"Seat {data['seat']} uses {data['card']['name']}: ")
                    assert all(say(e) in line for e in d.on_use), line
                    return
    pytest.fail("no Action card was used in 20 games")
