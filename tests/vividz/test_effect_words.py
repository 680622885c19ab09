"""The Vividz effect registry (engine/core/effects.py): each word is declared once, the card
schema's effect part comes from it, every word is used by a sample card and documented, card
data using a word or parameter it does not know (or a rule effect the engine makes) is refused
with file and line, a word that needs a choice returns its asking step, and narration says an
effect in its word's wording."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.effects import effects_markdown
from engine.core.errors import DataError
from engine.games.vividz import CARD_SCHEMA, FILE_SCHEMA, RULES, VividzRules
from engine.games.vividz import effects as fx
from engine.games.vividz.state import Answers, ChooseTarget, Resolving

from tests.vividz.scenario import my_main, put, zone

DOCS = Path(__file__).resolve().parents[2] / "docs" / "effects" / "vividz.md"
CARD = """cards:
  - {id: vz-x, type: event, name: Zap, mission: A, trait: B, account: C, cost: 1, abilities: [{kind: event, effects: [%s]}]}
"""
# scopes no sample card uses: resolved by test_scopes_no_sample_card_uses below
UNUSED_SCOPES = {"all_opp", "all_own", "own_account", "own_center", "choose_any"}


def _effects(effects):
    for effect in effects:
        yield effect
        if "delayed" in effect:
            yield from _effects(effect["delayed"]["effects"])


def _effects_of_sample_cards():
    for card in RULES.cards().values():
        for ability in card.abilities:
            yield from _effects(e for e in ability.effects if fx.REGISTRY.word_of(e) not in fx.RULE_EFFECTS)


def test_every_word_is_used_by_a_sample_card_and_every_scope_by_one_or_by_this_test():
    effects = list(_effects_of_sample_cards())
    assert {fx.REGISTRY.word_of(e) for e in effects} == set(fx.REGISTRY.words)
    used = {fx.REGISTRY.scope(e).name for e in effects if fx.REGISTRY.scope(e)}
    assert used | UNUSED_SCOPES == set(fx.REGISTRY.scopes) and not used & UNUSED_SCOPES


def test_every_word_is_documented_and_the_docs_are_generated_from_the_registry():
    assert all(word.wording for word in fx.REGISTRY.words.values())
    assert DOCS.read_text(encoding="utf-8") == effects_markdown(RULES.name, fx.REGISTRY), \
        "regenerate: python -m engine.core.effects vividz > docs/effects/vividz.md"


def test_the_card_schema_takes_its_effects_from_the_registry():
    assert FILE_SCHEMA["$defs"]["effect"] == fx.REGISTRY.schema() == CARD_SCHEMA["$defs"]["effect"]
    assert set(fx.REGISTRY.schema()["properties"]) == set(fx.REGISTRY.words)
    assert not set(fx.RULE_EFFECTS) & set(fx.REGISTRY.words)  # accel, to_trash: not card data
    assert RULES.effects is fx.REGISTRY


@pytest.mark.parametrize("effect,expected", [
    ("{smash: 3}", "cards[0].abilities[0].effects[0]: Additional properties are not allowed ('smash' was unexpected)"),
    ("{damage: {amount: 2, to: choose_opp, twice: true}}",
     "cards[0].abilities[0].effects[0].damage: Additional properties are not allowed ('twice' was unexpected)"),
    ("{draw: 9}", "cards[0].abilities[0].effects[0].draw: 9 is greater than the maximum of 5"),
    ("{to_trash: 3}", "cards[0].abilities[0].effects[0]: Additional properties are not allowed ('to_trash' was unexpected)"),
    ("{delayed: {at: start_main, effects: [{smash: 1}]}}",
     "cards[0].abilities[0].effects[0].delayed.effects[0]: Additional properties are not allowed ('smash' was unexpected)"),
])
def test_an_unknown_word_or_parameter_is_refused_with_file_and_line(tmp_path, effect, expected):
    path = tmp_path / "cards.yaml"
    path.write_text(CARD % effect, encoding="utf-8")
    with pytest.raises(DataError) as err:
        VividzRules.load_cards(path)
    (problem,) = set(err.value.problems)  # the card schema reports it once per branch it checks
    assert problem.startswith(f"{path}:2: {expected}"), problem


def _frame(st, source, **got):
    return Resolving(source, 0, (), 0, Answers(**got), st.inc[source])


def test_a_word_that_needs_a_choice_returns_its_asking_step():
    """1107: choosing among several opposing characters is a ChooseTarget step the word returns;
    a word that needs no choice returns None. No play-time target exists (REGISTRY.targets)."""
    game = my_main()
    st = game.state
    a = put(game, 1, "Phantom Cat Noir", "area", 1)
    b = put(game, 1, "Ghost Lookout", "area", 3)
    source = zone(st, 0, "account")[0]
    frame = _frame(st, source)
    effect = {"sleep": {"to": "choose_opp"}}
    step = fx.REGISTRY.resolve(st, effect, fx.WordContext(0, source, frame))
    assert step == ChooseTarget(0, tuple(sorted([a, b])))
    assert a not in st.sleep and b not in st.sleep
    assert fx.REGISTRY.targets(st, 0, (effect,)) is None
    assert fx.REGISTRY.resolve(st, {"draw": 1}, fx.WordContext(0, source, frame)) is None


def test_scopes_no_sample_card_uses():
    game = my_main()
    st = game.state
    mine = put(game, 0, "Spotlight Rookie", "area", 2)
    theirs = put(game, 1, "Phantom Cat Noir", "area", 1)
    source = zone(st, 0, "account")[0]
    frame = _frame(st, source)
    assert fx.candidates(st, frame, "all_own") == list(zone(st, 0, "area")) and mine in zone(st, 0, "area")
    assert fx.candidates(st, frame, "all_opp") == list(zone(st, 1, "area")) and theirs in zone(st, 1, "area")
    assert fx.candidates(st, frame, "own_account") == [source]
    assert fx.candidates(st, frame, "own_center") == [mine]
    both = tuple(sorted(zone(st, 0, "area") + zone(st, 1, "area")))
    assert fx.REGISTRY.resolve(st, {"sleep": {"to": "choose_any"}}, fx.WordContext(0, source, frame)) \
        == ChooseTarget(0, both)


def test_narration_says_an_effect_in_its_words_wording_with_the_values_put_in():
    say = fx.REGISTRY.say
    assert say({"damage": {"amount": 2, "to": "choose_opp"}}) == \
        "deal 2 damage to an opponent's character you choose (1107) (1101)"
    assert say({"draw": 2}) == "you draw 2 card(s) (1106; an empty Deck draws nothing, 102.5)"
    assert say({"power": {"amount": 1, "to": "self", "until": "attack"}}) == \
        "this card gets 1 power; it lasts until the end of the attack (no: of the turn) (911.4)"
    assert say({"deck_up_to": {"count": 2, "to": "hand"}}) == \
        "move up to 2 card(s) from your Deck to your hand (504.4)"


def test_a_card_played_or_an_ability_used_is_narrated_in_its_effects_wording():
    """The demo's line for an Event played, an ability activated or triggered says what it does
    in its words' wording; a card the seat cannot see says nothing of its effects."""
    from engine.bots.random_bot import RandomBot
    from engine.core.game import Game

    cards = RULES.cards()
    seen = set()
    for seed in range(10):
        game = Game(RULES, seed=seed)
        bots = [RandomBot(seed), RandomBot(seed + 1)]
        while (request := game.pending()) is not None and len(seen) < 3:
            for event in game.act(request.seat, bots[request.seat].choose(request)):
                data = event.for_seat(None)
                kind = data["type"]
                card = data.get("source" if kind == "trigger" else "card")
                if kind not in ("play", "activate", "trigger") or not isinstance(data.get("ability", 0), int):
                    continue
                d = cards[card["card"]]
                if kind == "play":
                    if d.type != "event":
                        continue
                    effects = [e for ab in d.abilities if ab.kind == "event" for e in ab.effects]
                else:
                    effects = [e for e in d.abilities[data["ability"]].effects if "accel" not in e]
                if not effects:
                    continue
                line = RULES.narrate(data)
                assert line.count(": ") >= 1 and all(fx.REGISTRY.say(e) in line for e in effects), line
                hidden = {**data, kind == "trigger" and "source" or "card": None}
                assert not any(fx.REGISTRY.say(e) in RULES.narrate(hidden) for e in effects)
                seen.add(kind)
        if len(seen) == 3:
            return
    pytest.fail(f"only {sorted(seen)} narrated in 10 games")
