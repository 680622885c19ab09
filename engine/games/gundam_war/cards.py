"""Gundam War card definitions: the schema of `card_data/gundam-war/cards.yaml` and its loader.

Effects, texts and automatic effects are data in a small vocabulary (README.md in the card
folder): the effect words are declared in the effect registry (effects.py), which comes later
in the import order, so `card_schema` and `load_cards` take it as a parameter. Special effects (GW-A-25) are `keywords`; those that are usable texts (Psycommu,
Area Weapon, Transform, ...) are turned into `TextDef`s here so the engine treats them like
any other `《》` text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

from engine.core.cardset import CardAt, load_card_list
from engine.core.effects import EffectRegistry

COLOURS = ("blue", "green", "black", "red", "brown", "white", "purple")
STEPS = ("any", "reroll", "draw", "deploy", "battle", "attack", "defense", "damage", "return")
_STATS = {"type": "array", "minItems": 3, "maxItems": 3,
          "items": {"type": ["integer", "null"]}}
_MOD = {"type": "array", "minItems": 3, "maxItems": 3, "items": {"type": "integer"}}
STAT_CHANGE = _MOD   # the schema of a (Melee, Shooting, Defense) change, for the effect words
STACKING = ("space_battle", "prevent")   # X keywords whose duplicates add up (GW-A-25.8, GW-A-25.32)
def card_schema(effect_schema: dict) -> dict:
    """The schema of one card, with `effect_schema` (the effect registry's, plus the `then`
    flag of GW-A-26.4) for every effect list."""
    _EFFECTS = {"type": "array", "items": effect_schema, "minItems": 1}
    _TIMING = {"type": "object", "additionalProperties": False,
               "properties": {"step": {"enum": list(STEPS)}, "turn": {"enum": ["any", "own", "enemy"]}}}
    _TEXT = {"type": "object", "additionalProperties": False, "required": ["cost", "effects"],
             "properties": {"timing": _TIMING, "cost": {"enum": [0, 1, 2, 3, "R"]}, "each": {"type": "boolean"},
                            "requires": {"type": "array", "minItems": 2, "maxItems": 2,
                                         "items": {"type": "integer", "minimum": 0}},
                            "unnegatable": {"type": "boolean"},
                            "effects": _EFFECTS, "text": {"type": "string"}}}
    _CONT = {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
             "properties": {"own_units_mod": _MOD,
                            "enemy_command_total": {"type": "integer", "minimum": 1},
                            "own_unit_total": {"type": "integer", "maximum": -1}}}
    _AUTO = {"type": "object", "additionalProperties": False, "required": ["kind"],
             "properties": {"kind": {"enum": ["A", "C", "D"]},
                            "trigger": {"enum": ["enter", "end_of_turn", "unit_destroyed", "sorties", "sortie", "engaged",
                                                        "destroyed"]},
                            "nondup": {"enum": ["A", "B", "C", "D"]}, "each_time": {"type": "boolean"},
                            "requires": {"type": "array", "minItems": 2, "maxItems": 2,
                                         "items": {"type": "integer", "minimum": 0}},
                            "continuous": _CONT, "effects": _EFFECTS, "text": {"type": "string"}}}
    _KEYWORDS = {
        "type": "object", "additionalProperties": False,
        "properties": {
            **{k: {"const": True} for k in (
                "high_mobility", "water", "desert", "assault", "swift_strike", "vulture", "atmospheric_entry",
                "change_dismantle", "dismantle", "transform", "ship", "base", "support", "mf", "quick",
                "set_character", "set_g", "ps_armor", "many_copies", "colony", "tire", "family", "school")},
            **{k: {"type": "integer", "minimum": 1} for k in (
                "special_shield", "psycommu", "area_weapon", "resupply", "variable", "ps_armor_x")},
            # a card may print Prevent / Space Battle twice: a list of the X values, which add up
            # (GW-A-25.32, GW-A-25.8)
            **{k: {"oneOf": [{"type": "integer", "minimum": 1},
                             {"type": "array", "minItems": 2, "items": {"type": "integer", "minimum": 1}}]}
               for k in STACKING},
            "ship_modification": _MOD,
            "restrict": {"enum": ["1", "1/own", "1/deck", "1/turn"]},
            "multiple": _EFFECTS,
            "team": {"type": "object", "additionalProperties": False, "required": ["name"],
                     "properties": {"name": {"type": "string"}, "mod": _MOD,
                                    "texts": {"type": "array", "items": _TEXT, "minItems": 1}}},
            "change": {"type": "string", "minLength": 1},
            "extra_cost": {"type": "object", "additionalProperties": False, "minProperties": 1,
                           "properties": {"resource": {"type": "integer", "minimum": 1},
                                          "junk_remove": {"type": "integer", "minimum": 1}}},
            "substitute_cost": {"type": "object", "additionalProperties": False, "required": ["total", "pay"],
                                "properties": {"total": {"type": "integer", "minimum": 0},
                                               "pay": {"type": "object", "additionalProperties": False,
                                                       "minProperties": 1,
                                                       "properties": {"resource": {"type": "integer", "minimum": 1},
                                                                      "junk_remove": {"type": "integer", "minimum": 1}}}}},
        },
    }
    _COST = {"type": "object", "additionalProperties": False, "required": ["total"],
             "properties": {"designated": {"type": "object", "minProperties": 1, "maxProperties": 2,
                                           "propertyNames": {"enum": list(COLOURS)},
                                           "additionalProperties": {"type": "integer", "minimum": 1}},
                            "total": {"type": "integer", "minimum": 0},
                            "resource": {"oneOf": [{"type": "integer", "minimum": 0},
                                                   {"type": "string", "pattern": "^[0-9]*X{1,2}$"}]},
                            "x_max": {"type": "integer", "minimum": 1, "maximum": 5}}}
    _COMMON = {
        "id": {"type": "string", "pattern": "^[a-z0-9-]+$"},
        "type": {"enum": ["unit", "character", "command", "operation", "g"]},
        "name": {"type": "string", "minLength": 1},
        "model": {"type": "string", "minLength": 1},
        "colour": {"enum": list(COLOURS)},
        "cost": _COST,
        "keywords": _KEYWORDS,
        "texts": {"type": "array", "items": _TEXT},
        "autos": {"type": "array", "items": _AUTO},
        "text": {"type": "string"},
        "flavor": {"type": "string"},
    }
    return {
        "type": "object", "required": ["id", "type", "name", "colour"],
        "allOf": [
            {"if": {"properties": {"type": {"const": "unit"}}},
             "then": {"additionalProperties": False, "required": ["cost", "stats", "terrain"],
                      "properties": {**_COMMON, "stats": _STATS, "piloted_stats": _STATS,
                                     "terrain": {"type": "array", "items": {"enum": ["space", "earth"]}},
                                     "transformed": {"type": "object", "additionalProperties": False,
                                                     "required": ["stats"],
                                                     "properties": {"stats": _STATS, "keywords": _KEYWORDS}}}}},
            {"if": {"properties": {"type": {"const": "character"}}},
             "then": {"additionalProperties": False, "required": ["cost", "stats"],
                      "properties": {**_COMMON, "stats": _MOD,
                                     "traits": {"type": "array", "items": {"enum": ["M", "F", "Ad", "Ch", "NT", "CO", "GF"]}}}}},
            {"if": {"properties": {"type": {"const": "command"}}},
             "then": {"additionalProperties": False, "required": ["cost", "effects"],
                      "properties": {**_COMMON, "timing": _TIMING, "effects": _EFFECTS}}},
            {"if": {"properties": {"type": {"const": "operation"}}},
             "then": {"additionalProperties": False, "required": ["cost"],
                      "properties": {**_COMMON, "set": {"enum": ["unit"]}}}},
            {"if": {"properties": {"type": {"const": "g"}}},
             "then": {"additionalProperties": False,
                      "properties": {**_COMMON, "generates": {"type": "array", "minItems": 1,
                                                              "items": {"enum": list(COLOURS)}}}}},
        ],
        "properties": _COMMON,
    }


def effect_schema(registry: EffectRegistry) -> dict:
    """One effect: a word of the registry, and optionally `then: true` (GW-A-26.4: it applies
    only if the part before it did)."""
    words = registry.schema()
    return {**words, "maxProperties": 2, "properties": {**words["properties"], "then": {"const": True}}}


def file_schema(effect_schema: dict) -> dict:
    return {"type": "object", "required": ["cards"], "additionalProperties": False,
            "properties": {"cards": {"type": "array", "items": card_schema(effect_schema)}}}


@dataclass(frozen=True)
class TextDef:
    """A text played from the field (GW-B-13.4): timing, `《》` marker, optional [X·Y]."""

    effects: tuple
    step: str = "any"
    turn: str = "any"
    cost: Any = 0          # 0, 1, 2, 3 (resources) or "R"
    each: bool = False
    requires: tuple | None = None
    special: str = ""      # the special effect this text implements (GW-A-25), if any
    unnegatable: bool = False
    text: str = ""


@dataclass(frozen=True)
class AutoDef:
    kind: str              # A, C or D (Auto B lives in keywords and the play rules)
    on: str = ""
    nondup: str = ""
    requires: tuple | None = None
    continuous: dict | None = None
    effects: tuple = ()
    each_time: bool = False        # "each time ~" activates every time, not once per turn (GW-A-14.7)


@dataclass(frozen=True)
class CardDef:
    id: str
    type: str
    name: str
    colour: str
    model: str = ""
    designated: tuple = ()          # ((colour, n), ...): two entries = dual-colour (GW-A-23)
    total: int = 0
    resource: int = 0
    x_resource: int = 0             # how many times X is in the resource cost ("XX" = 2, GW-A-26.16)
    x_max: int = 0                  # the range 1..x_max of X; 0 = the card has no X (GW-A-26.10)
    stats: tuple = (None, None, None)  # unit battle stats (None = `*`) or character modification
    terrain: frozenset = frozenset()
    piloted_stats: tuple | None = None  # battle stats right of "/" while a pilot is set (GW-A-22.4)
    traits: frozenset = frozenset()
    keywords: dict = field(default_factory=dict, compare=False, hash=False)
    transformed: dict | None = field(default=None, compare=False, hash=False)
    texts: tuple = ()
    autos: tuple = ()
    effects: tuple = ()
    step: str = "any"
    turn: str = "any"
    set: str = ""
    generates: tuple = ()
    basic: bool = False
    text: str = ""
    flavor: str = ""

    @property
    def title(self) -> str:
        """The deck-construction name: model number included (GW-A-1.4.2)."""
        return f"{self.model} {self.name}" if self.model else self.name

    def kw(self, name: str) -> Any:
        return self.keywords.get(name)


_BARE: dict[int, tuple] = {}


def bare(effects: tuple) -> tuple:
    """The effect list without its `then` flags (GW-A-26.4): one-word effects, as the effect
    registry reads them. Remembered per list (card data lives as long as the program)."""
    found = _BARE.get(id(effects))
    if found is not None and found[0] is effects:
        return found[1]
    out = tuple({k: v for k, v in e.items() if k != "then"} if "then" in e else e for e in effects)
    _BARE[id(effects)] = (effects, out)
    return out


def _special_texts(kw: dict) -> list[TextDef]:
    """The special effects that are played like texts (GW-A-25.44: their own timing and cost)."""
    out = []
    if kw.get("psycommu"):
        out.append(TextDef(({"damage": {"amount": kw["psycommu"], "to": "unit"}},), "defense", special="psycommu"))
    if kw.get("area_weapon"):
        out.append(TextDef(({"destroy": "all_enemy_battle_units"},), "damage", special="area_weapon"))
    if kw.get("atmospheric_entry"):
        out.append(TextDef((), "defense", special="atmospheric_entry"))
    if kw.get("transform"):
        out.append(TextDef((), "battle", special="transform"))
    if kw.get("dismantle"):
        out.append(TextDef((), "deploy", "own", special="dismantle"))
    if kw.get("resupply"):
        out.append(TextDef((), "return", special="resupply"))
    if kw.get("special_shield"):
        out.append(TextDef((), "battle", special="special_shield"))
    if kw.get("multiple"):
        out.append(TextDef(tuple(kw["multiple"]), "battle", each=True, special="multiple"))
    return out


def _text(t: dict) -> "TextDef":
    return TextDef(tuple(t["effects"]), t.get("timing", {}).get("step", "any"), t.get("timing", {}).get("turn", "any"),
                   t["cost"], t.get("each", False), tuple(t["requires"]) if "requires" in t else None,
                   unnegatable=t.get("unnegatable", False), text=t.get("text", ""))


def _fixed_resource(value) -> int:
    """The fixed part of a resource cost ("1XX" -> 1)."""
    if isinstance(value, int):
        return value
    digits = value.rstrip("X")
    return int(digits) if digits else 0


def _card(raw: dict) -> CardDef:
    cost = raw.get("cost", {})
    kw = dict(raw.get("keywords", {}))
    for k in STACKING:
        if isinstance(kw.get(k), list):
            kw[k] = sum(kw[k])                    # two Prevent (X) / Space Battle (X): X values added
    texts = [_text(t) for t in raw.get("texts", ())]
    if isinstance(kw.get("team"), dict) and kw["team"].get("texts"):
        kw["team"] = {**kw["team"], "texts": tuple(_text(t) for t in kw["team"]["texts"])}   # GW-A-25.15
    texts += _special_texts(kw)
    autos = tuple(AutoDef(a["kind"], a.get("trigger", ""), a.get("nondup", ""),
                          tuple(a["requires"]) if "requires" in a else None,
                          a.get("continuous"), tuple(a.get("effects", ())), a.get("each_time", False))
                  for a in raw.get("autos", ()))
    generates = tuple(raw.get("generates", ()))
    basic = raw["type"] == "g" and not generates and not texts and not autos and not kw
    if raw["type"] == "g" and not generates:
        generates = (raw["colour"],)
    stats = tuple(raw.get("stats", (None, None, None)))
    return CardDef(
        id=raw["id"], type=raw["type"], name=raw["name"], colour=raw["colour"], model=raw.get("model", ""),
        designated=tuple(cost.get("designated", {}).items()), total=cost.get("total", 0),
        piloted_stats=tuple(raw["piloted_stats"]) if "piloted_stats" in raw else None,
        resource=_fixed_resource(cost.get("resource", 0)), x_resource=str(cost.get("resource", "")).count("X"),
        x_max=cost.get("x_max", 0), stats=stats, terrain=frozenset(raw.get("terrain", ())),
        traits=frozenset(raw.get("traits", ())), keywords=kw, transformed=raw.get("transformed"),
        texts=tuple(texts), autos=autos, effects=tuple(raw.get("effects", ())),
        step=raw.get("timing", {}).get("step", "any"), turn=raw.get("timing", {}).get("turn", "any"),
        set=raw.get("set", ""), generates=generates, basic=basic, text=raw.get("text", ""),
        flavor=raw.get("flavor", ""))


def _word_part(effect: dict) -> dict:
    return {k: v for k, v in effect.items() if k != "then"}


def _chosen_scope(registry: EffectRegistry, effect: dict) -> str | None:
    """The name of the effect's chosen-target scope (GW-A-13.4), if it has one."""
    scope = registry.scope(_word_part(effect))
    return scope.name if scope is not None and scope.chosen else None


def load_cards(path: Path, registry: EffectRegistry, schema: dict | None = None) -> dict[str, CardDef]:
    """Load and validate a card file against the schema built from `registry`'s words (`schema`,
    the package keeps one); every problem is reported with file, line and field. Cards whose
    text is unchanged come from the user cache (engine/core/cardset.py)."""
    return load_card_list(path, schema or file_schema(effect_schema(registry)), partial(_make, registry), _check_set,
                          facts=Facts)


def _make(registry: EffectRegistry, i: int, raw: dict, where: str, problems: list[str]) -> CardDef:
    """One card and the problems it has on its own."""
    card = _card(raw)
    every_list = [("effects", card.effects)] + [(f"texts[{n}].effects", t.effects) for n, t in
                                                enumerate(card.texts)] + \
        [(f"autos[{n}].effects", a.effects) for n, a in enumerate(card.autos)]
    found = len(problems)
    for label, effects in every_list:
        for n, e in enumerate(effects):
            if len(_word_part(e)) != 1:
                problems.append(f"{where}: cards[{i}].{label}[{n}]: an effect is one word (with `then: true` "
                                "if it applies only when the part before it did)")
    if len(problems) > found:
        return card                               # the checks below read one word per effect
    for label, effects in [("effects", card.effects)] + [(f"texts[{n}].effects", t.effects)
                                                         for n, t in enumerate(card.texts)]:
        chosen = {_chosen_scope(registry, e) for e in effects} - {None}
        if len(chosen) > 1:
            problems.append(f"{where}: cards[{i}].{label}: all chosen targets of one effect must be of one kind")
    for n, a in enumerate(card.autos):
        if any(_chosen_scope(registry, e) for e in a.effects) and \
                not (a.kind == "C" and a.on != "end_of_turn" or a.kind == "D" and a.on == "enter"):
            problems.append(f"{where}: cards[{i}].autos[{n}].effects: only an Auto C that starts a new Cut "
                            "(not an end-of-turn one) or an Auto D on entering can choose a target; use an "
                            "'all_~', 'self' or 'host' target")
    for label, effects in [("effects", card.effects)] + [(f"texts[{n}].effects", t.effects)
                                                         for n, t in enumerate(card.texts)] + \
            [(f"autos[{n}].effects", a.effects) for n, a in enumerate(card.autos)]:
        for e in effects:
            for k in ("treat_as", "also_treat_as"):
                if k in e and e[k].get("generates") and e[k]["type"] != "g":
                    problems.append(f"{where}: cards[{i}].{label}: only a card treated as a G can gain a "
                                    "generating text ('generates' needs type g)")
    for n, a in enumerate(card.autos):
        if any("junk_units_to_field" in e for e in a.effects):
            problems.append(f"{where}: cards[{i}].autos[{n}].effects: junk_units_to_field may ask the attacking "
                            "player to choose (GW-A-26.8), so only a Command or a text (resolved on a Cut) "
                            "may use it")
    for label, effects in [("effects", card.effects)] + [(f"texts[{n}].effects", t.effects)
                                                         for n, t in enumerate(card.texts)]:
        if any("junk_units_to_field" in e for e in effects[:-1]):
            problems.append(f"{where}: cards[{i}].{label}: junk_units_to_field must be the last effect of its list "
                            "(the choice it may need ends the resolution)")
    uses_x = card.x_resource or any(isinstance(e.get("damage"), dict) and e["damage"]["amount"] == "X"
                                    for e in card.effects)
    if uses_x and not card.x_max:
        problems.append(f"{where}: cards[{i}].cost.x_max: a card using X needs the range of X (x_max)")
    if card.type in ("unit", "character", "command", "operation") and not card.designated:
        problems.append(f"{where}: cards[{i}].cost.designated: a {card.type} needs a Designated National Power")
    return card


class Facts(NamedTuple):
    """What `_check_set` and the deck lists read of a card (kept beside it by engine/core/cardset.py)."""

    id: str
    name: str
    title: str
    colour: str


def _check_set(path: Path, entries: list[CardAt], problems: list[str]) -> None:
    """One title per colour."""
    titles: dict[tuple[str, str], str] = {}
    for e in entries:
        key = (e.card.title.casefold(), e.card.colour)
        if key in titles:
            problems.append(f"{e.where}: cards[{e.i}].name: {e.card.title!r} ({e.card.colour}) is already used by "
                            f"{titles[key]}")
        titles[key] = e.card.id
