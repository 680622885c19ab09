"""Qiguang card definitions: the schema of `card_data/qiguang/cards.yaml` and its loader.

Effects are data in the words of the game's effect registry (`effects.REGISTRY`, listed in
docs/effects/qiguang.md); the card schema takes the registry's effect schema and `load_cards`
takes the registry (this module comes first in the import order). The odd card names a
Python script (`script: name`), a word of the registry too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import NamedTuple

from engine.core.cardset import CardAt, load_card_list
from engine.core.effects import EffectRegistry

RACES = ("earth", "pegasus", "unicorn")  # QG-4.2: earth pony, pegasus, unicorn
RACE_NAMES = {"earth": "earth pony", "pegasus": "pegasus", "unicorn": "unicorn"}
TARGET_KINDS = ("enemy_character", "own_character", "any_character")

_COST = {"type": "object", "additionalProperties": False,
         "properties": {**{r: {"type": "integer", "minimum": 0, "maximum": 10} for r in RACES},
                        "any": {"type": "integer", "minimum": 0, "maximum": 10},
                        "x": {"enum": ["any", *RACES]}}}
_CONTINUOUS = {
    "type": "object", "additionalProperties": False,
    "properties": {"attack": {"type": "integer"}, "health": {"type": "integer"},
                   "applies": {"enum": ["own", "enemy", "all"]}, "race": {"enum": list(RACES)},
                   "spell_surcharge": {"type": "integer", "minimum": 1}},
}

def card_schema(effect_schema: dict) -> dict:
    """The schema of one card, with `effect_schema` (the registry's) for every effect list."""
    effects = {"type": "array", "items": effect_schema}
    ability = {
        "type": "object", "additionalProperties": False, "required": ["name", "effects"],
        "properties": {"name": {"type": "string", "minLength": 1}, "cost": _COST,
                       "lightning": {"type": "boolean"}, "target": {"enum": list(TARGET_KINDS)},
                       "effects": effects, "text": {"type": "string"}},
    }
    common = {
        "id": {"type": "string", "pattern": "^[a-z0-9-]+$"},
        "type": {"enum": ["character", "spell", "field", "creation", "token"]},
        "name": {"type": "string", "minLength": 1},
        "cost": _COST,
        "lightning": {"type": "boolean"},
        "harmony": {"type": "boolean"},
        "target": {"enum": list(TARGET_KINDS)},
        "effects": effects,
        "continuous": {"type": "array", "items": _CONTINUOUS},
        "abilities": {"type": "array", "items": ability},
        "on_destroyed": effects,
        "on_preparation": effects,
        "on_draw": effects,
        "on_end": effects,
        "text": {"type": "string"},
        "flavor": {"type": "string"},
    }
    return {
        "type": "object", "required": ["id", "type", "name"], "properties": common,
        "allOf": [
            {"if": {"properties": {"type": {"const": "character"}}},
             "then": {"additionalProperties": False, "required": ["race", "attack", "health", "cost"],
                      "properties": {**common, "race": {"enum": list(RACES)},
                                     "attack": {"type": "integer", "minimum": 0},
                                     "health": {"type": "integer", "minimum": 1},
                                     "leader": {"type": "boolean"}, "inheritor": {"enum": list(RACES)},
                                     "on_summon": effects}}},
            {"if": {"properties": {"type": {"const": "spell"}}},
             "then": {"additionalProperties": False, "required": ["cost"],
                      "properties": {**common, "persistent": {"type": "boolean"}}}},
            {"if": {"properties": {"type": {"const": "field"}}},
             "then": {"additionalProperties": False, "required": ["cost"],
                      "properties": {**common, "world": {"type": "boolean"}}}},
            {"if": {"properties": {"type": {"const": "creation"}}},
             "then": {"additionalProperties": False, "required": ["cost"], "properties": common}},
            {"if": {"properties": {"type": {"const": "token"}}},
             "then": {"additionalProperties": False, "properties": common}},
        ],
    }

def file_schema(effect_schema: dict) -> dict:
    """The schema of cards.yaml, with `effect_schema` for every effect list."""
    return {"type": "object", "required": ["cards"], "additionalProperties": False,
            "properties": {"cards": {"type": "array", "items": card_schema(effect_schema)}}}


@dataclass(frozen=True, eq=False)
class Cost:
    """QG-4.1: race symbols, colourless symbols (`any`, QG-4.3) and an optional X (QG-G32)."""

    earth: int = 0
    pegasus: int = 0
    unicorn: int = 0
    any: int = 0
    x: str | None = None  # the race that pays X, "any", or None (no X)

    def __post_init__(self) -> None:
        # the fewest crystals and Mana Sources any payment takes (X at least 1): the options
        # rule out a cost out of reach without the payment cache (choices._usable)
        object.__setattr__(self, "least", self.fixed + (1 if self.x else 0))

    def _key(self) -> tuple:
        return (self.earth, self.pegasus, self.unicorn, self.any, self.x)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Cost) and self._key() == other._key()

    def __hash__(self) -> int:  # costs key the payment caches: hash once, not per lookup
        try:
            return self._hash  # type: ignore[has-type]
        except AttributeError:
            object.__setattr__(self, "_hash", hash(self._key()))
            return self._hash

    @property
    def fixed(self) -> int:
        return self.earth + self.pegasus + self.unicorn + self.any

    def label(self) -> str:
        parts = [f"{n} {RACE_NAMES[r]}" for r, n in zip(RACES, (self.earth, self.pegasus, self.unicorn)) if n]
        if self.any:
            parts.append(f"{self.any} any")
        if self.x:
            parts.append(f"X ({'any' if self.x == 'any' else RACE_NAMES[self.x]})")
        return " + ".join(parts) or "free"


def negates(effects: tuple) -> bool:
    """Whether the effects cancel a chain link (QG-9.2): usable only with a chain open."""
    return any("negate" in e for e in effects)


@dataclass(frozen=True)
class Ability:
    """An active ability (QG-7.3 for leaders); each is usable once per turn."""

    name: str
    effects: tuple
    cost: Cost = Cost()
    lightning: bool = False
    target: str | None = None
    text: str = ""
    negating: bool = field(default=False, compare=False, repr=False)  # `negates(effects)`, read by the options

    def __post_init__(self) -> None:
        object.__setattr__(self, "negating", negates(self.effects))


@dataclass(frozen=True)
class Continuous:
    """A continuous effect (QG-9.5): a stat change or a spell surcharge (Tirek's Scheme)."""

    attack: int = 0
    health: int = 0
    applies: str = "own"
    race: str | None = None
    spell_surcharge: int = 0


@dataclass(frozen=True)
class CardDef:
    id: str
    type: str
    name: str
    cost: Cost = Cost()
    race: str | None = None
    attack: int = 0
    health: int = 0
    leader: bool = False
    inheritor: str | None = None
    lightning: bool = False
    harmony: bool = False
    persistent: bool = False
    world: bool = False
    target: str | None = None
    effects: tuple = ()
    continuous: tuple[Continuous, ...] = ()
    abilities: tuple[Ability, ...] = ()
    on_summon: tuple = ()
    on_destroyed: tuple = ()
    on_preparation: tuple = ()
    on_draw: tuple = ()
    on_end: tuple = ()
    text: str = ""
    flavor: str = ""
    is_character: bool = field(default=False, compare=False)
    negating: bool = field(default=False, compare=False, repr=False)  # `negates(effects)`, read by the options

    def __post_init__(self) -> None:
        object.__setattr__(self, "is_character", self.type == "character")
        object.__setattr__(self, "negating", negates(self.effects))

    @property
    def title(self) -> str:
        return self.name


_TUPLES = ("effects", "on_summon", "on_destroyed", "on_preparation", "on_draw", "on_end")


def _cost(raw: dict | None) -> Cost:
    return Cost(**(raw or {}))


def _card(raw: dict) -> CardDef:
    plain = {k: v for k, v in raw.items() if k not in ("cost", "continuous", "abilities", *_TUPLES)}
    abilities = tuple(Ability(name=a["name"], effects=tuple(a["effects"]), cost=_cost(a.get("cost")),
                              lightning=a.get("lightning", False), target=a.get("target"), text=a.get("text", ""))
                      for a in raw.get("abilities", ()))
    return CardDef(**plain, cost=_cost(raw.get("cost")), abilities=abilities,
                   continuous=tuple(Continuous(**c) for c in raw.get("continuous", ())),
                   **{k: tuple(raw.get(k, ())) for k in _TUPLES})


def uses_target(effects: tuple, registry: EffectRegistry) -> bool:
    """Whether an effect acts on a target the player chooses (its word's scope is chosen)."""
    return any((scope := registry.scope(e)) is not None and scope.chosen for e in effects)


MAX_X = 10  # QG-G32: the largest X, paid or declared


def declared_x(effects: tuple) -> tuple[int, int] | None:
    """(min, max) of the X these effects have the player declare as the card is played
    (`declare_x`, QG-G32), or None."""
    for e in effects:
        value = e.get("declare_x")
        if value is not None:
            return value["min"], value["max"]
    return None


def uses_x(effects: tuple) -> bool:
    for e in effects:
        (kind, value), = e.items()
        if value == "X" or (isinstance(value, dict) and value.get("amount") == "X"):
            return True
    return False


def _problems(card: CardDef, where: str, i: int, registry: EffectRegistry) -> list[str]:
    out = []
    groups = [("effects", card.effects, card.target, card.cost)]
    groups += [(f"abilities[{n}].effects", a.effects, a.target, a.cost) for n, a in enumerate(card.abilities)]
    for label, effects, target, cost in groups:
        if uses_target(effects, registry) and target is None:
            out.append(f"{where}: cards[{i}].{label}: an effect uses 'target' but the card gives no 'target' kind")
        if target is not None and not uses_target(effects, registry):
            out.append(f"{where}: cards[{i}].{label}: 'target' is given but no effect uses it")
        declared = declared_x(effects)
        if uses_x(effects) and not cost.x and declared is None:
            out.append(f"{where}: cards[{i}].{label}: an amount is X but the cost has no 'x' and no effect "
                       f"declares X")
        if declared is not None and (cost.x or declared[0] > declared[1] or card.is_character and label == "effects"):
            out.append(f"{where}: cards[{i}].{label}: 'declare_x' needs min <= max, a cost without 'x', and a "
                       f"card that is played (not summoned) or an ability")
    for label in ("on_summon", "on_destroyed", "on_preparation", "on_draw", "on_end"):
        effects = getattr(card, label)
        if uses_target(effects, registry) or uses_x(effects) or declared_x(effects):
            out.append(f"{where}: cards[{i}].{label}: triggered effects cannot use 'target' or X")
    for label, effects in [("effects", card.effects)] + [(f"abilities[{n}].effects", a.effects)
                                                         for n, a in enumerate(card.abilities)]:
        for e in effects:
            out += [f"{where}: cards[{i}].{label}: {p}" for p in registry.problems(e)]
    if card.type == "token" and card.id != "mana-source":
        out.append(f"{where}: cards[{i}].id: the only token is 'mana-source' (QG-1.4)")
    if card.type != "character" and card.on_summon:
        out.append(f"{where}: cards[{i}].on_summon: only characters are summoned")
    return out


def load_cards(path: Path, registry: EffectRegistry, schema: dict | None = None) -> dict[str, CardDef]:
    """Load and validate a card file; every problem is reported with file, line and field.
    `registry` is the game's effect registry (effects.REGISTRY: this module comes first) and
    `schema` `file_schema(registry.schema())` (the package keeps one). Cards whose text is
    unchanged come from the user cache (engine/core/cardset.py)."""
    return load_card_list(path, schema or file_schema(registry.schema()), partial(_make, registry), _check_set,
                          facts=Facts)


def _make(registry: EffectRegistry, i: int, raw: dict, where: str, problems: list[str]) -> CardDef:
    """One card and the problems it has on its own."""
    card = _card(raw)
    problems += _problems(card, where, i, registry)
    return card


class Facts(NamedTuple):
    """What `_check_set` and the deck lists read of a card (kept beside it by engine/core/cardset.py)."""

    id: str
    name: str


def _check_set(path: Path, entries: list[CardAt], problems: list[str]) -> None:
    """One name per card, and the Mana Source token (QG-1.4) among them."""
    names: set[str] = set()
    for e in entries:
        if e.card.name.casefold() in names:
            problems.append(f"{e.where}: cards[{e.i}].name: {e.card.name!r} is already used by another card")
        names.add(e.card.name.casefold())
    if all(e.card.id != "mana-source" for e in entries) and not problems:
        problems.append(f"{path}: the file must define the Mana Source token (id 'mana-source', type token, QG-1.4)")
