"""Kaiju card definitions: the schema of `card_data/kaiju/cards.yaml` and its loader.

Effects are data in the words of the game's effect registry (`effects.REGISTRY`, listed in
docs/effects/kaiju.md); the schema's effect part is generated from it, so `card_schema` and
`load_cards` take the registry (this module comes first in the import order).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import NamedTuple

from engine.core.cardset import CardAt, load_card_list
from engine.core.effects import EffectRegistry


def card_schema(effect_schema: dict) -> dict:
    """The schema of one card, with `effect_schema` (the registry's) for every effect list."""
    effects = {"type": "array", "items": effect_schema}
    continuous = {
        "type": "object", "additionalProperties": False, "required": ["applies_to"],
        "properties": {
            "zone": {"enum": ["engaged", "support", "in_play"]},
            "applies_to": {"enum": ["self", "engaged", "all"]},
            "speed": {"type": "integer"}, "defense": {"type": "integer"},
            "attack": {"type": "integer"}, "deploys": {"type": "integer", "minimum": 0},
            "enhances": {"type": "integer", "minimum": 0},
        },
    }
    move = {
        "type": "object", "additionalProperties": False, "required": ["name", "kind", "amount"],
        "properties": {
            "name": {"type": "string", "minLength": 1},
            "kind": {"enum": ["attack", "heal"]},
            "amount": {"type": "integer", "minimum": 0},
            "level": {"type": "integer", "minimum": 0},
            "advantage": {"type": "boolean"},
            "sure_hit": {"type": "boolean"},
            "pierce": {"type": "boolean"},
            "effects": effects,
            "text": {"type": "string"},
        },
    }
    action = {
        "type": "object", "additionalProperties": False, "required": ["name", "effects"],
        "properties": {
            "name": {"type": "string", "minLength": 1},
            "level": {"type": "integer", "minimum": 0},
            "advantage": {"type": "boolean"},
            "once_per_turn": {"type": "boolean"},
            "effects": effects,
            "text": {"type": "string"},
        },
    }
    common = {
        "id": {"type": "string", "pattern": "^[a-z0-9-]+$"},
        "type": {"enum": ["battle", "skill", "reinforcement"]},
        "name": {"type": "string", "minLength": 1},
        "text": {"type": "string"},
        "flavor": {"type": "string"},
    }
    schema = {
        "type": "object",
        "required": ["id", "type", "name"],
        "allOf": [
            {"if": {"properties": {"type": {"const": "battle"}}},
             "then": {"additionalProperties": False, "required": ["hp", "speed", "cost", "moves"],
                      "properties": {**common,
                                     "prefix": {"type": "string"}, "category": {"type": "string"},
                                     "hp": {"type": "integer", "minimum": 1},
                                     "speed": {"type": "integer", "minimum": 0},
                                     "cost": {"type": "integer", "minimum": 0},
                                     "defense": {"type": "integer", "minimum": 1},
                                     "counter": {"type": "integer", "minimum": 1},
                                     "evasion": {"type": "boolean"},
                                     "moves": {"type": "array", "items": move},
                                     "actions": {"type": "array", "items": action},
                                     "continuous": {"type": "array", "items": continuous},
                                     "evolves_from": {"type": "string"},
                                     "converts_with": {"type": "string"}}}},
            {"if": {"properties": {"type": {"const": "skill"}}},
             "then": {"additionalProperties": False, "required": ["effects"],
                      "properties": {**common, "cost": {"type": "integer", "minimum": 0},
                                     "advantage": {"type": "boolean"}, "effects": effects}}},
            {"if": {"properties": {"type": {"const": "reinforcement"}}},
             "then": {"additionalProperties": False, "required": ["continuous"],
                      "properties": {**common, "continuous": {"type": "array", "items": continuous},
                                     "effects": effects}}},
        ],
        "properties": common,
    }
    return schema


def file_schema(effect_schema: dict) -> dict:
    return {"type": "object", "required": ["cards"], "additionalProperties": False,
            "properties": {"cards": {"type": "array", "items": card_schema(effect_schema)}}}


@dataclass(frozen=True)
class Move:
    name: str
    kind: str
    amount: int
    level: int = 0
    advantage: bool = False
    sure_hit: bool = False
    pierce: bool = False
    effects: tuple = ()
    text: str = ""


@dataclass(frozen=True)
class Ability:
    """An Action (KJ-5.3): optional, unlimited unless `once_per_turn`, only while engaged."""

    name: str
    effects: tuple
    level: int = 0
    advantage: bool = False
    once_per_turn: bool = False
    text: str = ""


@dataclass(frozen=True)
class Continuous:
    """A Continuous ability (KJ-5.4): `zone` is where the source must be (KJ-G29 default:
    engaged or support), `applies_to` which of the owner's battle cards it changes."""

    applies_to: str
    zone: str = "in_play"
    speed: int = 0
    defense: int = 0
    attack: int = 0
    deploys: int = 0
    enhances: int = 0


@dataclass(frozen=True)
class CardDef:
    id: str
    type: str
    name: str
    prefix: str = ""
    category: str = ""
    cost: int | None = None
    hp: int = 0
    speed: int = 0
    defense: int = 0
    counter: int = 0
    evasion: bool = False
    advantage: bool = False
    moves: tuple[Move, ...] = ()
    actions: tuple[Ability, ...] = ()
    continuous: tuple[Continuous, ...] = ()
    effects: tuple = ()
    evolves_from: str = ""
    converts_with: str = ""
    text: str = ""
    flavor: str = ""
    title: str = field(default="", compare=False)
    is_battle: bool = field(default=False, compare=False)

    def __post_init__(self) -> None:
        # derived once: both are read thousands of times per second by option generation
        object.__setattr__(self, "title", f"{self.prefix} {self.name}".strip())
        object.__setattr__(self, "is_battle", self.type == "battle")


def _card(raw: dict) -> CardDef:
    plain = {k: v for k, v in raw.items() if k not in ("moves", "actions", "continuous", "effects")}
    moves = tuple(Move(**{**m, "effects": tuple(m.get("effects", ()))}) for m in raw.get("moves", ()))
    actions = tuple(Ability(**{**a, "effects": tuple(a["effects"])}) for a in raw.get("actions", ()))
    continuous = tuple(Continuous(**c) for c in raw.get("continuous", ()))
    return CardDef(**plain, moves=moves, actions=actions, continuous=continuous,
                   effects=tuple(raw.get("effects", ())))


def load_cards(path: Path, registry: EffectRegistry, schema: dict | None = None) -> dict[str, CardDef]:
    """Load and validate a card file; every problem is reported with file, line and field.
    `schema` is `file_schema(registry.schema())` (the package keeps one); cards whose text is
    unchanged since the last load come from the user cache (engine/core/cardset.py)."""
    return load_card_list(path, schema or file_schema(registry.schema()), partial(_make, registry), _check_set,
                          facts=Facts)


class Facts(NamedTuple):
    """What the checks across cards (`_check_set`), the deck lists (names) and the asset build
    (type, title) read of a card: engine/core/cardset.py keeps them beside each cached card."""

    id: str
    type: str
    name: str
    title: str
    evolves_from: str
    converts_with: str


def _make(registry: EffectRegistry, i: int, raw: dict, where: str, problems: list[str]) -> CardDef:
    """One card and the problems it has on its own."""
    def chosen(effect: dict) -> bool:
        scope = registry.scope(effect)
        return scope is not None and scope.chosen

    card = _card(raw)
    for label, effects in _effect_lists(card):
        if sum(map(chosen, effects)) > 1:
            problems.append(f"{where}: cards[{i}].{label}: at most one effect may need a chosen target")
        for e in effects:
            problems += [f"{where}: cards[{i}].{label}: {p}" for p in registry.problems(e)]
    for n, move in enumerate(card.moves):
        if move.kind == "heal" and any(map(chosen, move.effects)):
            problems.append(f"{where}: cards[{i}].moves[{n}].effects: a heal move's target is the healed card, "
                            f"so its extra effects cannot need another chosen target")
    return card


def _check_set(path: Path, entries: list[CardAt], problems: list[str]) -> None:
    """The rules across cards: one title per card, and every evolution or conversion link
    names a card of the set. Sets first; the loops that say where only when one fails
    (10,000 cards are checked on every load)."""
    cards = [e.card for e in entries]
    folded = [c.title.casefold() for c in cards]
    if len(set(folded)) != len(folded):
        titles: set[str] = set()
        for e, title in zip(entries, folded):
            if title in titles:
                problems.append(f"{e.where}: cards[{e.i}].name: {e.card.title!r} is already used by another card")
            titles.add(title)
    names = {c.name for c in cards}  # a set: a scan per link was quadratic in big sets
    links = {c.evolves_from for c in cards} | {c.converts_with for c in cards}
    if not links - {""} <= names:
        for e in entries:
            for link in (e.card.evolves_from, e.card.converts_with):
                if link and link not in names:
                    problems.append(f"{path}: card {e.card.id}: no card is named {link!r}")


def _effect_lists(card: CardDef):
    yield "effects", card.effects
    for n, m in enumerate(card.moves):
        yield f"moves[{n}].effects", m.effects
    for n, a in enumerate(card.actions):
        yield f"actions[{n}].effects", a.effects
