"""A scope that depends on the card an effect comes from (engine/core/effects.py `sourced`):
Gundam War's "engaged enemy Unit" is the enemy squad in the source's area (GW-A-13), and a set
group in the Fighting Arena answers only to cards in the arena (GW-A-22.3.1)."""

from __future__ import annotations

from engine.core.effects import EffectContext, EffectRegistry, Scope, Word

# a toy state: the cards each seat has in each area; `source` names (seat, area) of a card
AREAS = {(0, "space"): [1], (1, "space"): [2, 3], (1, "earth"): [4]}
WHERE = {1: "space", 5: "earth"}


def _engaged_enemies(state: dict, seat: int, source: int | None) -> list[int]:
    area = WHERE.get(source)
    return list(state.get((1 - seat, area), ())) if area else []


def _registry() -> EffectRegistry:
    scopes = [Scope("engaged_enemy", _engaged_enemies, chosen=True, sourced=True),
              Scope("all_enemies", lambda state, seat: [c for (s, _), cs in state.items() if s != seat for c in cs])]
    words = [Word("hit", {"enum": ["engaged_enemy", "all_enemies"]}, lambda state, value, ctx: None,
                  "hit `value`", scope_of=lambda value: value)]
    return EffectRegistry(words, scopes)


def test_a_sourced_scope_offers_the_cards_its_source_reaches():
    registry = _registry()
    effects = ({"hit": "engaged_enemy"},)
    assert registry.targets(AREAS, 0, effects, source=1) == [2, 3]
    assert registry.targets(AREAS, 0, effects, source=5) == [4]      # a card in the earth reaches the earth
    assert registry.targets(AREAS, 0, effects, source=7) == []       # a card in no area reaches nothing
    assert registry.targets(AREAS, 0, ({"hit": "all_enemies"},), source=1) is None  # fixed: nothing to choose


def test_a_sourced_chosen_target_holds_while_the_source_still_reaches_it():
    scope = _registry().scopes["engaged_enemy"]
    assert scope.resolve(AREAS, EffectContext(0, source=1, target=3)) == [3]
    assert scope.resolve(AREAS, EffectContext(0, source=5, target=3)) == []
    assert scope.resolve(AREAS, EffectContext(0, source=1, target=None)) == []


def test_a_scope_that_is_not_sourced_is_called_as_before():
    scope = _registry().scopes["all_enemies"]
    assert scope.resolve(AREAS, EffectContext(0, source=1)) == [2, 3, 4]
