"""One effect registry per game, and one scope resolver.

An effect word is declared once: its name, the JSON Schema of its parameters, which scope
of cards it acts on (fixed, or chosen by the player when the card is played), the function
that resolves it, and one line of wording for narration and the docs. The card schema's
effect part is generated from the registry, so a card can only use words the engine knows,
with the parameters the word takes (refused at load with file and line); option generation
and the guards ask the registry for the legal targets; a word whose resolution needs a
decision returns a `Step` that asks (engine/core/flow.py). A card's Python escape hatch
(`script: name`) is a word too, whose parameter names a registered script.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Generic, Iterable, TypeVar

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class EffectContext:
    """Who resolves an effect, from which card (None for a skill or reinforcement), and the
    target chosen when it was played (None if its scope is fixed)."""

    seat: int
    source: int | None = None
    target: int | None = None


@dataclass(frozen=True)
class Scope(Generic[S]):
    """Cards an effect acts on. Fixed: `cards(state, seat)` are all acted on. Chosen: the
    player picks one of `cards(state, seat)` when playing the card, and at resolution the
    target is acted on only if it still `holds(state, card)` (it may have left meanwhile;
    without `holds`: if it is still one of the scope's cards). A `sourced` scope depends on
    the card the effect comes from (its area, say): `cards(state, seat, source)`."""

    name: str
    cards: Callable[..., list[int]]
    chosen: bool = False
    holds: Callable[[S, int], bool] | None = None
    wording: str = ""
    sourced: bool = False

    def of(self, state: S, seat: int, source: int | None = None) -> list[int]:
        """The scope's cards for `seat` (and `source`, for a sourced scope)."""
        return self.cards(state, seat, source) if self.sourced else self.cards(state, seat)

    def resolve(self, state: S, ctx: EffectContext) -> list[int]:
        if not self.chosen:
            return self.of(state, ctx.seat, ctx.source)
        if ctx.target is None:
            return []
        holds = self.holds(state, ctx.target) if self.holds is not None \
            else ctx.target in self.of(state, ctx.seat, ctx.source)
        return [ctx.target] if holds else []


@dataclass(frozen=True)
class Word(Generic[S]):
    """One effect word. `resolve(state, value, ctx)` returns a step to run next, or None.
    `scope_of(value)` names the scope the value uses (None: the word acts on no card)."""

    name: str
    params: dict
    resolve: Callable[[S, Any, EffectContext], Any]
    wording: str
    scope_of: Callable[[Any], str | None] = lambda value: None
    check: Callable[[Any], str | None] = lambda value: None  # a problem the schema cannot say


class EffectRegistry(Generic[S]):
    """A game's effect words and scopes; effects in card data are one-key dicts {word: value}."""

    def __init__(self, words: Iterable[Word], scopes: Iterable[Scope]) -> None:
        self.words: dict[str, Word] = {}
        for word in words:
            assert word.name not in self.words, f"effect word {word.name!r} declared twice"
            self.words[word.name] = word
        self.scopes: dict[str, Scope] = {s.name: s for s in scopes}
        self._chosen_memo: dict[int, Scope | None] = {}

    # -- card data -----------------------------------------------------------------------
    def schema(self) -> dict:
        """The JSON Schema of one effect, generated from the words."""
        return {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
                "properties": {name: word.params for name, word in self.words.items()}}

    def docs(self) -> list[str]:
        """One Markdown line per word, then per scope: what the README and narration say."""
        lines = [f"- `{name}`: {word.wording}" for name, word in self.words.items()]
        lines += [f"- scope `{name}`{' (chosen)' if s.chosen else ''}: {s.wording}" for name, s in self.scopes.items()]
        return lines

    def say(self, effect: dict) -> str:
        """The word's wording with this effect's parameters put in, for narration: each
        `` `param` `` becomes the value (a scope name becomes the scope's wording), `` `value` ``
        a word's plain value; a parameter left out reads "no"."""
        (name, value), = effect.items()
        text = self.words[name].wording
        params = value if isinstance(value, dict) else {"value": value}
        for key in re.findall(r"`(\w+)`", text):
            text = text.replace(f"`{key}`", self._words_for(params.get(key)))
        return text

    def _words_for(self, value: Any) -> str:
        if value is None or value is False:
            return "no"
        if value is True:
            return "yes"
        if isinstance(value, str) and value in self.scopes and self.scopes[value].wording:
            return self.scopes[value].wording
        if isinstance(value, (list, tuple)):
            return ", ".join(self._words_for(v) for v in value)
        return str(value)

    def problems(self, effect: dict) -> list[str]:
        """What is wrong with a schema-valid effect that its word's `check` finds."""
        (name, value), = effect.items()
        problem = self.words[name].check(value)
        return [problem] if problem else []

    @staticmethod
    def word_of(effect: dict) -> str:
        (name,) = effect
        return name

    # -- scopes --------------------------------------------------------------------------
    def scope(self, effect: dict) -> Scope | None:
        (name, value), = effect.items()
        key = self.words[name].scope_of(value)
        return self.scopes[key] if key is not None else None

    def chosen_scope(self, effects: tuple) -> Scope | None:
        """The scope of the one effect among `effects` whose target the player chooses."""
        key = id(effects)
        memo = self._chosen_memo
        if key in memo and memo[key][0] is effects:
            return memo[key][1]
        found = None
        for effect in effects:
            scope = self.scope(effect)
            if scope is not None and scope.chosen:
                found = scope
                break
        memo[key] = (effects, found)
        return found

    def targets(self, state: S, seat: int, effects: tuple, source: int | None = None) -> list[int] | None:
        """Legal targets of the chosen-target effect among `effects`, or None if none needs one;
        `source` is the card the effects come from (read by sourced scopes)."""
        scope = self.chosen_scope(effects) if effects else None
        return None if scope is None else list(scope.of(state, seat, source))

    # -- resolving -----------------------------------------------------------------------
    def resolve(self, state: S, effect: dict, ctx: EffectContext) -> Any:
        (name, value), = effect.items()
        return self.words[name].resolve(state, value, ctx)


def effects_markdown(game_name: str, registry: EffectRegistry) -> str:
    """docs/effects/<game>.md: every word and scope of a game's registry, one line each."""
    return "\n".join([
        f"# {game_name}: card effect words",
        "",
        "Generated from the game's effect registry: `python -m engine.core.effects GAME > docs/effects/GAME.md`.",
        "An effect in card data is a one-key mapping, `{word: value}`; a scope marked (chosen) is",
        "picked by the player when the card is played.",
        "",
        *registry.docs(),
        "",
    ])


if __name__ == "__main__":
    import sys

    from engine.core.registry import get_rules

    rules = get_rules(sys.argv[1])
    sys.stdout.write(effects_markdown(rules.name, rules.effects))
