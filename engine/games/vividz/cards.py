"""Vividz card definitions: the schema of `card_data/vividz/cards.yaml` and its loader.

Abilities are data (kind = act/auto/cont/event, rule 901.2). Their effects are the words of the
game's effect registry (`effects.REGISTRY`, listed in docs/effects/vividz.md): the schema here
takes the registry's effect schema as a parameter, since cards comes before effects in the
import order. [Cont] items (`_CONT_PROPS`) are continuous modifiers, not effect words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from engine.core.cardset import CardAt, load_card_list
from engine.core.effects import EffectRegistry

STAR = "☆"  # 401.5c: Mission info that fits every deck
ZONES_VALID = ["area", "account", "mission", "hand", "trash", "energy"]
TRIGGERS = ["enter", "attack", "ally_attack", "attack_success", "retire", "battle_retire", "ally_enter",
            "start_draw", "start_main", "start_mission", "start_charge", "start_end_draw", "game_start",
            "end_of_battle", "energy_in", "state", "choose", "other_energy_in"]

_INT = {"type": "integer", "minimum": 0}
_COND_PROPS = {
    "lvup": {"type": "boolean"}, "in_center": {"type": "boolean"}, "your_turn": {"type": "boolean"},
    "hand_at_most": _INT, "hand_at_least": _INT, "energy_at_least": _INT, "characters_at_least": _INT,
    "successful_attacks_at_least": _INT, "opp_characters_at_most": _INT, "exp_at_least": _INT,
    "trash_at_least": _INT, "battle_retires_at_least": _INT, "same_name_in_trash_at_least": _INT, "lvup_characters_at_least": _INT,
    "chosen_at_least": _INT,
    "trait_count": {"type": "object", "additionalProperties": False, "required": ["trait", "at_least"],
                    "properties": {"trait": {"type": "string"}, "at_least": _INT}},
}
COND_SCHEMA = {"type": "object", "minProperties": 1, "additionalProperties": False, "properties": _COND_PROPS}


def _obj(required: list[str], **props) -> dict:
    return {"type": "object", "additionalProperties": False, "required": required, "properties": props}


_EFFECTS = {"type": "array", "items": {"$ref": "#/$defs/effect"}}
_CONT_PROPS = {
    "power": _obj(["amount", "to"], amount={"type": "integer"},
                  to={"enum": ["self", "all_own", "opp_lane", "all_opp", "own_trait"]}, trait={"type": "string"},
                  # "your characters with power N or more / N or less" (a reach that reads power, 911.2)
                  min_power={"type": "integer"}, max_power={"type": "integer"}),
    "set_power": _obj(["value", "to"], value={"type": "integer"}, to={"enum": ["self", "opp_lane"]}),
    "power_floor": _obj(["value", "to"], value={"type": "integer"}, to={"enum": ["self", "all_own"]}),
    "gain_trait": _obj(["trait", "to"], trait={"type": "string"}, to={"enum": ["self", "all_own", "own_trait"]},
                       of={"type": "string"}),  # own_trait: "your <of> characters gain <trait>"
    "cost": _obj(["amount", "applies"], amount={"type": "integer"},
                 applies={"enum": ["own_characters", "own_events", "opp_events", "opp_characters", "own_trait"]},
                 trait={"type": "string"}),
    "forbid_attack": _obj(["to"], to={"enum": ["self", "opp_lane"]}),
    "unaffected_by_opponent": {"oneOf": [{"const": True},  # this card (911.7)
                                         _obj(["to"], to={"enum": ["self", "all_own", "own_trait"]},
                                              trait={"type": "string"})]},
    "replace": _obj(["event", "to"], event={"enum": ["retire", "damage"]}, to={"enum": ["self", "all_own"]},
                    instead={"enum": ["trash", "deck_bottom", "remove"]}, reduce={"type": "integer", "minimum": 1}),
}
CONT_SCHEMA = {"type": "object", "minProperties": 1, "maxProperties": 2, "additionalProperties": False,
               "properties": {**_CONT_PROPS, "if": COND_SCHEMA}}
ABILITY_SCHEMA = {
    "type": "object", "additionalProperties": False, "required": ["kind"],
    "properties": {
        "kind": {"enum": ["act", "auto", "cont", "event", "accel"]},
        "zone": {"enum": ZONES_VALID},
        "cost": _obj([], energy=_INT, sleep={"type": "boolean"}, discard=_INT, remove_self={"type": "boolean"}),
        "trigger": {"enum": TRIGGERS},
        "state": COND_SCHEMA,
        "optional": {"type": "boolean"},
        "if": COND_SCHEMA,
        "effects": _EFFECTS,
        "continuous": {"type": "array", "items": CONT_SCHEMA},
        "trait": {"type": "string"}, "account": {"type": "string"},
        "text": {"type": "string"},
    },
}
_COMMON = {
    "id": {"type": "string", "pattern": "^[a-z0-9-]+$"},
    "type": {"enum": ["account", "mission", "character", "event"]},
    "name": {"type": "string", "minLength": 1},
    "mission": {"type": "string", "minLength": 1}, "trait": {"type": "string", "minLength": 1},
    "account": {"type": "string", "minLength": 1},
    "abilities": {"type": "array", "items": ABILITY_SCHEMA},
    "text": {"type": "string"}, "flavor": {"type": "string"}, "rarity": {"enum": ["β", "C", "UC", "R", "SR", "SEC"]},
}
_CARD = {
    "type": "object", "required": ["id", "type", "name", "mission", "trait", "account"],
    "allOf": [
        {"if": {"properties": {"type": {"const": "character"}}},
         "then": {"additionalProperties": False, "required": ["cost", "power"],
                  "properties": {**_COMMON, "cost": _INT, "power": {"type": "integer"},
                                 "scout": {"type": "boolean"}, "cost_reduction": {"type": "boolean"}}}},
        {"if": {"properties": {"type": {"const": "event"}}},
         "then": {"additionalProperties": False, "required": ["cost"],
                  "properties": {**_COMMON, "cost": _INT, "scout": {"type": "boolean"}}}},
        {"if": {"properties": {"type": {"const": "mission"}}},
         "then": {"additionalProperties": False, "required": ["check", "clear"],
                  "properties": {**_COMMON, "check": {"type": "array", "items": COND_SCHEMA},
                                 "clear": {"type": "array", "items": COND_SCHEMA}}}},
        {"if": {"properties": {"type": {"const": "account"}}},
         "then": {"additionalProperties": False, "properties": _COMMON}},
    ],
    "properties": _COMMON,
}


def card_schema(effect_schema: dict) -> dict:
    """One card's schema; its effects are `effect_schema` (the registry's, `REGISTRY.schema()`)."""
    return {"$defs": {"effect": effect_schema}, **_CARD}


def file_schema(effect_schema: dict) -> dict:
    """A card file's schema; effects (also those nested in `delayed`) refer to `$defs/effect`."""
    return {"type": "object", "required": ["cards"], "additionalProperties": False,
            "$defs": {"effect": effect_schema},
            "properties": {"cards": {"type": "array", "items": _CARD}}}


_DEFAULT_ZONE = {"account": "account", "mission": "mission", "character": "area", "event": None}


@dataclass(frozen=True)
class Ability:
    kind: str                 # act / auto / cont / event (901.2); accel becomes act (1201)
    zone: str | None          # validity icon (304.4a, 903.1)
    cost: tuple = ()          # sorted (name, value) pairs: energy, sleep, discard, remove_self
    trigger: str | None = None
    state: tuple = ()         # state-trigger condition items (908.5)
    optional: bool = False
    cond: tuple = ()          # "effective while" condition (903.2a)
    effects: tuple = ()
    continuous: tuple = ()
    text: str = ""

    def cost_of(self, name: str, default=0):
        for k, v in self.cost:
            if k == name:
                return v
        return default


@dataclass(frozen=True)
class CardDef:
    id: str
    type: str
    name: str
    mission: str
    trait: str
    account: str
    cost: int = 0
    power: int = 0
    scout: bool = False
    cost_reduction: bool = False
    abilities: tuple[Ability, ...] = ()
    check: tuple = ()
    clear: tuple = ()
    text: str = ""
    flavor: str = ""
    rarity: str = "C"
    acts: tuple[int, ...] = field(default=(), compare=False)
    autos: tuple[int, ...] = field(default=(), compare=False)
    conts: tuple[int, ...] = field(default=(), compare=False)

    @property
    def triple(self) -> tuple[str, str, str]:
        """401.5c: the deck-matching parameters (306, 307, 308)."""
        return (self.mission, self.trait, self.account)


def _conds(raw) -> tuple:
    return tuple(tuple(sorted(c.items())) for c in (raw or ()))


def _ability(raw: dict, card_type: str) -> Ability:
    kind = raw["kind"]
    effects = tuple(raw.get("effects", ()))
    cost = dict(raw.get("cost", {}))
    if kind == "accel":  # 1201.1: an activated ability paid by sleeping the card
        spec = {k: raw[k] for k in ("trait", "account") if k in raw}
        kind, cost, effects = "act", {"sleep": True, **cost}, ({"accel": spec},)
    return Ability(kind=kind, zone=raw.get("zone", _DEFAULT_ZONE[card_type]) if kind != "event" else None,
                   cost=tuple(sorted(cost.items())), trigger=raw.get("trigger"),
                   state=_conds([raw["state"]]) if "state" in raw else (), optional=raw.get("optional", False),
                   cond=_conds([raw["if"]]) if "if" in raw else (), effects=effects,
                   continuous=tuple(raw.get("continuous", ())), text=raw.get("text", ""))


def make_card(raw: dict) -> CardDef:
    abilities = tuple(_ability(a, raw["type"]) for a in raw.get("abilities", ()))
    plain = {k: v for k, v in raw.items() if k not in ("abilities", "check", "clear")}
    return CardDef(**plain, abilities=abilities, check=_conds(raw.get("check")), clear=_conds(raw.get("clear")),
                   acts=tuple(i for i, a in enumerate(abilities) if a.kind == "act"),
                   autos=tuple(i for i, a in enumerate(abilities) if a.kind == "auto"),
                   conts=tuple(i for i, a in enumerate(abilities) if a.kind == "cont"))


def load_cards(path: Path, registry: EffectRegistry, schema: dict | None = None) -> dict[str, CardDef]:
    """Load and validate a card file against the effect words of `registry` (`schema` is
    `file_schema(registry.schema())`, the package keeps one); every problem names file, line and
    field. Cards whose text is unchanged come from the user cache (engine/core/cardset.py)."""
    return load_card_list(path, schema or file_schema(registry.schema()), _make, _check_set, facts=Facts)


def _make(i: int, raw: dict, where: str, problems: list[str]) -> CardDef:
    """One card and the problems it has on its own."""
    for n, ab in enumerate(raw.get("abilities", ())):
        kind = ab["kind"]
        label = f"cards[{i}].abilities[{n}]"
        if kind == "auto" and "trigger" not in ab:
            problems.append(f"{where}: {label}: an [Auto] ability needs 'trigger' (908.1a)")
        if ab.get("trigger") == "state" and "state" not in ab:
            problems.append(f"{where}: {label}: a state trigger needs 'state' (908.5)")
        if kind == "cont" and not ab.get("continuous"):
            problems.append(f"{where}: {label}: a [Cont] ability needs 'continuous' (901.2c)")
        if kind in ("act", "auto", "event") and not ab.get("effects"):
            problems.append(f"{where}: {label}: an [{kind.title()}] ability needs 'effects' (902.1)")
        if kind == "event" and raw["type"] != "event":
            problems.append(f"{where}: {label}: only Event cards have [Event] abilities (901.2d)")
        if kind == "accel" and not ("trait" in ab or "account" in ab):
            problems.append(f"{where}: {label}: Accel names a Trait or an Account info (1201.2)")
    return make_card(raw)


class Facts(NamedTuple):
    """What `_check_set` and the deck lists read of a card (kept beside it by engine/core/cardset.py)."""

    id: str
    name: str


def _check_set(path: Path, entries: list[CardAt], problems: list[str]) -> None:
    """One name per card."""
    names: dict[str, str] = {}
    for e in entries:
        key = e.card.name.casefold()
        if key in names:
            problems.append(f"{e.where}: cards[{e.i}].name: {e.card.name!r} is already the name of {names[key]}")
        names[key] = e.card.id
