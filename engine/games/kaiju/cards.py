"""Kaiju card definitions: the schema of `card_data/kaiju/cards.yaml` and its loader.

Effects are data in a small vocabulary (see EFFECT_SCHEMA and the README); a card whose
effect does not fit names a Python function in `scripts.py` (`script: name`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.core.carddata import card_entries, read_yaml_file, validate
from engine.core.errors import DataError

# Effects that need a chosen target; a card may carry at most one (its action names it).
TARGETED = {("damage", "opp_support"), ("damage", "opp_any"), ("heal", "own_any"),
            ("destroy_reinforcement", True)}

_EFFECT_PROPS = {
    "draw": {"type": "integer", "minimum": 1, "maximum": 5},
    "damage": {
        "type": "object", "additionalProperties": False, "required": ["amount", "to"],
        "properties": {
            "amount": {"type": "integer", "minimum": 1},
            "to": {"enum": ["opp_engaged", "opp_support", "opp_all_support", "opp_any"]},
            "pierce": {"type": "boolean"},
        },
    },
    "heal": {
        "type": "object", "additionalProperties": False, "required": ["amount", "to"],
        "properties": {"amount": {"type": "integer", "minimum": 1},
                       "to": {"enum": ["own_any", "own_engaged", "own_all"]}},
    },
    "extra_deploy": {"type": "integer", "minimum": 1},
    "extra_enhance": {"type": "integer", "minimum": 1},
    "destroy_reinforcement": {"const": True},
    "devolve": {"enum": ["opp_engaged", "own_engaged"]},
    "banish_enhancement": {"type": "integer", "minimum": 1},
    "script": {"type": "string"},
}
EFFECT_SCHEMA = {"type": "object", "minProperties": 1, "maxProperties": 1,
                 "additionalProperties": False, "properties": _EFFECT_PROPS}
_EFFECTS = {"type": "array", "items": EFFECT_SCHEMA}
_CONTINUOUS = {
    "type": "object", "additionalProperties": False, "required": ["applies_to"],
    "properties": {
        "zone": {"enum": ["engaged", "support", "in_play"]},
        "applies_to": {"enum": ["self", "engaged", "all"]},
        "speed": {"type": "integer"}, "defense": {"type": "integer"},
        "attack": {"type": "integer"}, "deploys": {"type": "integer", "minimum": 0},
        "enhances": {"type": "integer", "minimum": 0},
    },
}
_MOVE = {
    "type": "object", "additionalProperties": False, "required": ["name", "kind", "amount"],
    "properties": {
        "name": {"type": "string", "minLength": 1},
        "kind": {"enum": ["attack", "heal"]},
        "amount": {"type": "integer", "minimum": 0},
        "level": {"type": "integer", "minimum": 0},
        "advantage": {"type": "boolean"},
        "sure_hit": {"type": "boolean"},
        "pierce": {"type": "boolean"},
        "effects": _EFFECTS,
        "text": {"type": "string"},
    },
}
_ACTION = {
    "type": "object", "additionalProperties": False, "required": ["name", "effects"],
    "properties": {
        "name": {"type": "string", "minLength": 1},
        "level": {"type": "integer", "minimum": 0},
        "advantage": {"type": "boolean"},
        "once_per_turn": {"type": "boolean"},
        "effects": _EFFECTS,
        "text": {"type": "string"},
    },
}
_COMMON = {
    "id": {"type": "string", "pattern": "^[a-z0-9-]+$"},
    "type": {"enum": ["battle", "skill", "reinforcement"]},
    "name": {"type": "string", "minLength": 1},
    "text": {"type": "string"},
    "flavor": {"type": "string"},
}
CARD_SCHEMA = {
    "type": "object",
    "required": ["id", "type", "name"],
    "allOf": [
        {"if": {"properties": {"type": {"const": "battle"}}},
         "then": {"additionalProperties": False, "required": ["hp", "speed", "cost", "moves"],
                  "properties": {**_COMMON,
                                 "prefix": {"type": "string"}, "category": {"type": "string"},
                                 "hp": {"type": "integer", "minimum": 1},
                                 "speed": {"type": "integer", "minimum": 0},
                                 "cost": {"type": "integer", "minimum": 0},
                                 "defense": {"type": "integer", "minimum": 1},
                                 "counter": {"type": "integer", "minimum": 1},
                                 "evasion": {"type": "boolean"},
                                 "moves": {"type": "array", "items": _MOVE},
                                 "actions": {"type": "array", "items": _ACTION},
                                 "continuous": {"type": "array", "items": _CONTINUOUS},
                                 "evolves_from": {"type": "string"},
                                 "converts_with": {"type": "string"}}}},
        {"if": {"properties": {"type": {"const": "skill"}}},
         "then": {"additionalProperties": False, "required": ["effects"],
                  "properties": {**_COMMON, "cost": {"type": "integer", "minimum": 0},
                                 "advantage": {"type": "boolean"}, "effects": _EFFECTS}}},
        {"if": {"properties": {"type": {"const": "reinforcement"}}},
         "then": {"additionalProperties": False, "required": ["continuous"],
                  "properties": {**_COMMON, "continuous": {"type": "array", "items": _CONTINUOUS},
                                 "effects": _EFFECTS}}},
    ],
    "properties": _COMMON,
}
FILE_SCHEMA = {"type": "object", "required": ["cards"], "additionalProperties": False,
               "properties": {"cards": {"type": "array", "items": CARD_SCHEMA}}}


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


def effect_target(effect: dict) -> tuple | None:
    """The (kind, scope) pair of an effect that needs a chosen target, else None."""
    (kind, value), = effect.items()
    scope = value.get("to") if isinstance(value, dict) else value
    return (kind, scope) if (kind, scope) in TARGETED else None


def _card(raw: dict) -> CardDef:
    plain = {k: v for k, v in raw.items() if k not in ("moves", "actions", "continuous", "effects")}
    moves = tuple(Move(**{**m, "effects": tuple(m.get("effects", ()))}) for m in raw.get("moves", ()))
    actions = tuple(Ability(**{**a, "effects": tuple(a["effects"])}) for a in raw.get("actions", ()))
    continuous = tuple(Continuous(**c) for c in raw.get("continuous", ()))
    return CardDef(**plain, moves=moves, actions=actions, continuous=continuous,
                   effects=tuple(raw.get("effects", ())))


def load_cards(path: Path) -> dict[str, CardDef]:
    """Load and validate a card file; every problem is reported with file, line and field."""
    data = read_yaml_file(path)
    validate(data, FILE_SCHEMA, str(path))
    from engine.games.kaiju import scripts

    problems: list[str] = []
    cards: dict[str, CardDef] = {}
    titles: dict[str, int] = {}
    for i, raw, where in card_entries(data, path, problems):
        card = _card(raw)
        title = card.title.casefold()
        if title in titles:
            problems.append(f"{where}: cards[{i}].name: {card.title!r} is already used by another card")
        titles[title] = i
        for label, effects in _effect_lists(card):
            targets = [effect_target(e) for e in effects if effect_target(e)]
            if len(targets) > 1:
                problems.append(f"{where}: cards[{i}].{label}: at most one effect may need a chosen target")
            for e in effects:
                if "script" in e and e["script"] not in scripts.SCRIPTS:
                    problems.append(f"{where}: cards[{i}].{label}: unknown script {e['script']!r}; "
                                    f"known: {', '.join(sorted(scripts.SCRIPTS))}")
        for n, move in enumerate(card.moves):
            if move.kind == "heal" and any(effect_target(e) for e in move.effects):
                problems.append(f"{where}: cards[{i}].moves[{n}].effects: a heal move's target is the healed card, "
                                f"so its extra effects cannot need another chosen target")
        cards[card.id] = card
    for card in cards.values():
        for link in (card.evolves_from, card.converts_with):
            if link and not any(c.name == link for c in cards.values()):
                problems.append(f"{path}: card {card.id}: no card is named {link!r}")
    if problems:
        raise DataError(problems)
    return cards


def _effect_lists(card: CardDef):
    yield "effects", card.effects
    for n, m in enumerate(card.moves):
        yield f"moves[{n}].effects", m.effects
    for n, a in enumerate(card.actions):
        yield f"actions[{n}].effects", a.effects
