"""Sakura Arms card data: the schema of `card_data/sakura-arms/cards.yaml` and its loader.

Printed values are parsed the way real cards write them: Ranges `3`, `3-4`, `1,3,5`, `X`;
damage `2/1`, `X/1`, `-/1`, `2/-`; full-width digits and dashes are normalised (NFKC) first.
Effects are data in a small vocabulary documented in `card_data/sakura-arms/README.md`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from engine.core.carddata import line_of, read_yaml_file, validate
from engine.core.errors import DataError

ZONES_TOKEN = ["distance", "shadow", "aura", "life", "flare", "opp_aura", "opp_life", "opp_flare", "out"]
BASIC_ACTIONS = ("advance", "retreat", "recover", "focus", "breakaway")
X_SOURCES = ["flare", "aura", "life", "vigor", "opp_aura", "opp_life", "used_specials", "distance",
             "distance_moved"]  # issue #20: how far the Distance moved since the turn began (8-1-1)

KEYWORDS = ["unavoidable", "overwhelm", "terminal", "unguarded", "cannot_be_cancelled", "take_both",
            "centrifuge", "trap"]  # goddess keywords: mechanics/centrifuge.py, mechanics/trap.py
# issue #20: what "when X happens" effects wait for (`when: [{event, effects}]`)
WHEN_EVENTS = ("enhancement_destroyed", "life_damage", "special_unused", "reshuffle", "life_becomes_at_most",
               "umbrella_opened", "umbrella_closed",  # the umbrella: mechanics/umbrella.py
               "card_used", "becomes")
# "your Aura / Flare / Life, the Distance *becomes* N or less / N or more" (`becomes`, issue #20)
BECOMES_VALUES = ("aura", "flare", "life", "distance")
# "after you use a card" (`card_used`) may name the kind of card: its type, subtype or category
USED_FILTERS = {"type": ["attack", "action", "enhancement"], "subtype": ["reaction", "throughout", "none"],
                "category": ["normal", "special"]}
# issue #20: the opponent's Flare, hand and deck sizes ("<zone>_at_least" / "<zone>_at_most")
OPP_COUNTS = tuple(f"opp_{zone}_at_{bound}" for zone in ("flare", "hand", "deck") for bound in ("least", "most"))
_CONDITION = {
    "type": "object", "additionalProperties": False, "minProperties": 1,
    "properties": {k: {"type": "integer", "minimum": 0} for k in (
        "life_at_most", "life_at_least", "opp_life_at_most", "distance_at_most", "distance_at_least",
        "flare_at_least", "aura_at_most", "aura_at_least", "vigor_at_least", "used_specials_at_least",
        "hand_at_most", "enhancements_at_least", "flare_at_most", *OPP_COUNTS,
        # issue #20: this turn, this card's use, the attack reacted to
        "nth_use", "farther_than_start_by_at_least", "closer_than_start_by_at_least",
        "reacted_aura_at_least", "reacted_life_at_least")} | {
        "as_reaction": {"const": True}, "from_facedown": {"const": True}, "made_basic_action": {"const": True}, "no_attack_this_turn": {"const": True},
        "opp_took_aura_damage": {"const": True}, "reacted_special": {"type": "boolean"},
        "used_with_keyword": {"enum": KEYWORDS},
        "face_up_types_at_least": {"type": "object", "additionalProperties": False, "minProperties": 1,
                                   "properties": {k: {"type": "integer", "minimum": 1}
                                                  for k in ("attack", "action", "enhancement")}},
        "full_power": {"const": True}, "closer_than_start": {"const": True}, "my_turn": {"const": True},
        "umbrella": {"enum": ["open", "closed"]},  # the card's player's umbrella (mechanics/umbrella.py)
                                                     "all_other_specials_used": {"const": True},
                                                     # 10-32: this card / the attack reacted to originally has it
                                                     "originally_has": {"enum": KEYWORDS},
                                                     "reacted_originally_has": {"enum": KEYWORDS}},
}
# 10-14: where an added effect goes among the card's own effects of that kind (default last);
# `before`/`after` count the card's own effects from 1
_POSITION = {"oneOf": [{"enum": ["first", "last"]},
                       {"type": "object", "additionalProperties": False, "minProperties": 1, "maxProperties": 1,
                        "properties": {"before": {"type": "integer", "minimum": 1},
                                       "after": {"type": "integer", "minimum": 1}}}]}
# 10-14: the modification key that adds effects, by the card type whose effects receive them
ADD_KEYS = {"attack": "add_after_attack", "action": "add_on_use", "enhancement": "add_initialize"}
_RANGE = {"type": ["string", "integer"]}
MOD_SCHEMA = {
    "type": "object", "additionalProperties": False, "minProperties": 1,
    "properties": {
        "aura": {"type": "integer"}, "life": {"type": "integer"},
        "set_aura": {"type": "integer", "minimum": 0}, "set_life": {"type": "integer", "minimum": 0},
        "swap": {"const": True},
        "mul_aura": {"type": "integer", "minimum": 0}, "mul_life": {"type": "integer", "minimum": 0},
        "div_aura": {"type": "integer", "minimum": 1}, "div_life": {"type": "integer", "minimum": 1},
        "round": {"enum": ["up", "down"]},
        "replace_range": _RANGE, "add_range": {"type": "array", "items": {"type": "integer"}},
        "remove_range": {"type": "array", "items": {"type": "integer"}},
        "near": {"type": "integer", "minimum": 0}, "far": {"type": "integer", "minimum": 0},
        "reduce_near": {"type": "integer", "minimum": 0}, "reduce_far": {"type": "integer", "minimum": 0},
        "overwhelm": {"const": True}, "unavoidable": {"const": True},
        "no_reactions": {"enum": ["all", "normal", "special"]}, "lose_no_reactions": {"const": True},
        "cannot_be_cancelled": {"const": True}, "take_both": {"const": True},
        "mill_instead": {"type": "integer", "minimum": 1},  # issue #20: mill instead of the damage (9-4 iv)
        "mastery": {"type": "integer"},  # issue #20 (ongoing/devoted): the Mastery Zone changes by N (5-2-2)
        "block_arrow": {"type": "object", "additionalProperties": False, "minProperties": 1,  # (ongoing, 10-1)
                        "properties": {"from": {"enum": ZONES_TOKEN}, "to": {"enum": ZONES_TOKEN}}},
        "trap_any": {"const": True},  # (devoted) any number of Traps at a reshuffle (mechanics/trap.py)
        "counts_as_aura": {"const": True},  # issue #20 (ongoing): this card's tokens count as Aura for damage (9-5)
        "cancel_attacks": {"enum": ["dash_damage", "second_each_turn"]},  # issue #20 (ongoing/devoted, 9-4 ii)
        "forbid_basic": {"type": "array", "minItems": 1, "items": {"enum": list(BASIC_ACTIONS)}},  # (ongoing, 9-7)
        "distance": {"type": "integer"}, "cost": {"type": "integer"}, "reverse_arrows": {"const": True},
        "applies": {"enum": ["own", "opp", "both"]},
        "other_goddess": {"const": True}, "unique": {"const": True},
        "originally_has": {"enum": KEYWORDS},  # 10-32: only attacks/cards whose card text has it
        "subtype_is": {"enum": ["reaction", "throughout", "none"]},  # issue #20: only attacks/cards of that subtype
        "add_after_attack": {"$ref": "#/$defs/effects"},  # 10-14: After Attack effects added to attacks
        "add_on_use": {"$ref": "#/$defs/effects"},        # 10-14: effects added to Action cards (9-1-1-3)
        "add_initialize": {"$ref": "#/$defs/effects"},    # 10-14: Initialize effects added to Enhancements
        "position": _POSITION,                            # 10-14: "unless the text says otherwise"
        "replace_resolution": {"$ref": "#/$defs/effects"},  # 10-30: resolved instead of the card
        "card_type": {"enum": ["attack", "action", "enhancement"]},  # which used cards 10-30 replaces
        "if": _CONDITION,
    },
}
ATTACK_SPEC_SCHEMA = {
    "type": "object", "additionalProperties": False, "required": ["range", "damage"],
    "properties": {"range": _RANGE, "damage": {"type": "string"},
                   "keywords": {"type": "array", "items": {"type": "string"}},
                   "no_reactions": {"enum": ["all", "normal", "special"]},
                   "after_attack": {"$ref": "#/$defs/effects"}},
}
MOVE_SCHEMA = {"type": "object", "additionalProperties": False, "required": ["from", "to"],
               "properties": {"from": {"enum": ZONES_TOKEN + ["this"]}, "to": {"enum": ZONES_TOKEN + ["this"]},
                              "count": {"type": "integer", "minimum": 1}, "two_way": {"const": True},
                              "each_player": {"const": True}}}
_MODS = {"type": "array", "items": MOD_SCHEMA}
# the keys whose value is a list of effects inside effects ("you may", issue #20); `options` of
# "choose one of the following" holds several such lists
NESTED_LISTS = ("do", "then", "effects")
# the keys whose value is a list of effects, on a card and inside modifications and attacks
EFFECT_LISTS = ("on_use", "after_attack", "initialize", "disenchant", "all_out", "start_phase", "end_phase",
                "main_start", "forced_start_phase", "forced_main_start", "forced_end_phase", *ADD_KEYS.values(),
                "replace_resolution")


def _effect_item(effect_schema: dict) -> dict:
    """One effect: a word of the registry (`effect_schema`, engine/core/effects.py) and maybe
    the condition it resolves under (`if`)."""
    return {**effect_schema, "maxProperties": 2, "properties": {**effect_schema["properties"], "if": _CONDITION}}


# the umbrella (mechanics/umbrella.py): what a two-faced card prints on each face, over its own values
FACE_KEYS = ("range", "damage", "forced", "on_use", "after_attack", "initialize", "ongoing", "text")
UMBRELLA_STATES = ("closed", "open")


def _face_schema(effects: dict) -> dict:
    return {"type": "object", "additionalProperties": False, "minProperties": 1,
            "properties": {"range": _RANGE, "damage": {"type": "string"}, "forced": _MODS, "ongoing": _MODS,
                           "on_use": effects, "after_attack": effects, "initialize": effects,
                           "text": {"type": "string"}}}


def _card_item() -> dict:
    effects = {"type": "array", "items": {"$ref": "#/$defs/effect"}}  # written out: card tables read the type
    return {
        "type": "object", "additionalProperties": False,
        "required": ["id", "goddess", "name", "category", "type"],
        "properties": {
            "id": {"type": "string", "pattern": "^[a-z0-9-]+$"}, "goddess": {"type": "string"},
            "name": {"type": "string", "minLength": 1}, "number": {"type": "string"},
            "category": {"enum": ["normal", "special"]},
            "type": {"enum": ["attack", "action", "enhancement", "variable"]},
            "subtype": {"enum": ["reaction", "throughout", "variable"]},
            "range": _RANGE, "damage": {"type": "string"},
            "charge": {"type": ["integer", "string"]}, "cost": {"type": ["integer", "string"]},
            "x": {"enum": X_SOURCES},
            "keywords": {"type": "array", "items": {"enum": KEYWORDS}},
            "no_reactions": {"enum": ["all", "normal", "special"]},
            "extra_card": {"const": True},
            "poison": {"const": True},  # issue #20: a poison card (mechanics/poison.py)
            "condition": _CONDITION,
            "reaction_while": _CONDITION,
            "cost_less_by": {"enum": X_SOURCES},  # issue #20: the Cost is reduced by this count (5-6)  # issue #20: usable as a Reaction while this holds (9-4 i)
            "additional_cost": {"type": "object", "additionalProperties": False, "minProperties": 1,
                                "properties": {"vigor": {"type": "integer", "minimum": 1},
                                               "aura": {"type": "integer", "minimum": 1},
                                               "cover": {"type": "integer", "minimum": 1}}},
            "forced": _MODS, "ongoing": _MODS, "devoted": _MODS,
            **{key: effects for key in EFFECT_LISTS[:11]},
            "resurgence": _CONDITION, "immediate_resurgence": _CONDITION,
            # issue #20: "when X happens" (Ongoing of an Enhancement, Devoted of a Special)
            "when": {"type": "array", "items": {
                "type": "object", "additionalProperties": False, "required": ["event", "effects"],
                "properties": {"event": {"enum": list(WHEN_EVENTS)},
                               "at_most": {"type": "integer", "minimum": 0},
                               "at_least": {"type": "integer", "minimum": 0},
                               "value": {"enum": list(BECOMES_VALUES)},
                               **{key: {"enum": values} for key, values in USED_FILTERS.items()},
                               "effects": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/effect"}}}}},
            "umbrella": {"type": "object", "additionalProperties": False, "required": list(UMBRELLA_STATES),
                         "properties": {face: _face_schema(effects) for face in UMBRELLA_STATES}},
            "text": {"type": "string"},
        },
    }


def _defs(effect_schema: dict) -> dict:
    return {"effect": _effect_item(effect_schema), "effects": {"type": "array", "items": {"$ref": "#/$defs/effect"}}}


def card_schema(effect_schema: dict) -> dict:
    """The schema of one card, with the registry's `effect_schema` for every effect."""
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": _defs(effect_schema), **_card_item()}


def file_schema(effect_schema: dict) -> dict:
    """The schema of `cards.yaml` (goddesses and cards), with the registry's `effect_schema`."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$defs": _defs(effect_schema),
        "type": "object", "additionalProperties": False, "required": ["goddesses", "cards"],
        "properties": {
            "goddesses": {"type": "array", "minItems": 2, "items": {
                "type": "object", "additionalProperties": False, "required": ["id", "name", "number"],
                "properties": {"id": {"type": "string", "pattern": "^[a-z0-9-]+$"}, "name": {"type": "string"},
                               "number": {"type": ["integer", "string"]}, "variant_of": {"type": "string"},
                               "extra": {"type": "array", "items": {"type": "string"}}}}},
            "cards": {"type": "array", "items": _card_item()},
        },
    }


def _lists_under(key: str, inner: Any) -> list[tuple[list, list]]:
    """The effect lists that `key` holds, each with its path below the key: one list, or for
    "choose one of the following" (`options`) one per option."""
    if not isinstance(inner, list):
        return []
    if key in EFFECT_LISTS or key in NESTED_LISTS:
        return [([], inner)]
    if key == "options":
        return [([j], option) for j, option in enumerate(inner) if isinstance(option, list)]
    return []


def _one_word_problems(value: Any, where: list, problems: Callable[[dict], list[str]] | None = None
                       ) -> list[tuple[list, str]]:
    """An effect is one word (and maybe `if`): two words in one mapping would need an order.
    `problems` (the registry's) says what else is wrong with a one-word effect."""
    out: list[tuple[list, str]] = []
    if isinstance(value, dict):
        for key, inner in value.items():
            for at, effects in _lists_under(key, inner):
                for i, effect in enumerate(effects):
                    words = [k for k in effect if k != "if"] if isinstance(effect, dict) else []
                    if len(words) != 1:
                        out.append((where + [key, *at, i], f"an effect is one word and maybe if:, not {words or 'none'}; "
                                                      "write one effect per word, top to bottom (6-2-1-7)"))
                    elif problems is not None:
                        out += [(where + [key, *at, i], p) for p in problems({words[0]: effect[words[0]]})]
            out += _one_word_problems(inner, where + [key], problems)
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            out += _one_word_problems(inner, where + [i], problems)
    return out


_DIGITS = re.compile(r"^\d+$")


def norm(text: Any) -> str:
    """Full-width digits, dashes and commas become ASCII (real card lists mix both)."""
    out = unicodedata.normalize("NFKC", str(text)).strip()
    return out.replace("〜", "-").replace("~", "-").replace("−", "-").replace("ー", "-").replace("、", ",")


def parse_range(text: Any) -> frozenset[int] | str:
    """6-2-1-8: `3` -> {3}; `3-4` -> {3,4}; `1,3,5` -> {1,3,5}; `X` stays symbolic."""
    s = norm(text).replace(" ", "")
    if s.upper() == "X":
        return "X"
    values: set[int] = set()
    for part in s.split(","):
        if "-" in part:
            lo, hi = part.split("-", 1)
            if not (_DIGITS.match(lo) and _DIGITS.match(hi)) or int(lo) > int(hi):
                raise ValueError(f"bad Range part {part!r}; write N, N-M (N <= M) or N,M,...")
            values.update(range(int(lo), int(hi) + 1))
        elif _DIGITS.match(part):
            values.add(int(part))
        else:
            raise ValueError(f"bad Range part {part!r}; write N, N-M, N,M or X")
    return frozenset(values)


def parse_damage_part(part: str) -> int | None | str:
    if part == "-":
        return None
    if part.upper() == "X":
        return "X"
    if _DIGITS.match(part):
        return int(part)
    raise ValueError(f"bad damage value {part!r}; write a number, X or -")


def parse_damage(text: Any) -> tuple[int | None | str, int | None | str]:
    """6-2-1-9/10: `A/L`, each a number, `X` or `-` (no damage of that kind)."""
    s = norm(text).replace(" ", "").replace("／", "/")
    if s.count("/") != 1:
        raise ValueError(f"bad damage {text!r}; write AURA/LIFE such as 3/1, X/1, -/1 or 2/-")
    a, l = s.split("/")
    return parse_damage_part(a), parse_damage_part(l)


def parse_number(text: Any) -> int | str:
    s = norm(text)
    if s.upper() == "X":
        return "X"
    if _DIGITS.match(s):
        return int(s)
    raise ValueError(f"bad number {text!r}")


@dataclass(frozen=True)
class AttackSpec:
    """An attack made by an effect (10-5): no category, no subtype."""

    range: frozenset[int] | str
    damage: tuple
    keywords: frozenset[str] = frozenset()
    no_reactions: str | None = None
    after_attack: tuple = ()

    def __repr__(self) -> str:
        """Canonical (sets sorted): a step holding an effect with an attack is hashed by its repr."""
        rng = self.range if isinstance(self.range, str) else sorted(self.range)
        return "AttackSpec" + repr((rng, self.damage, sorted(self.keywords), self.no_reactions, self.after_attack))


@dataclass(frozen=True)
class Goddess:
    id: str
    name: str
    number: str
    extra: tuple[str, ...] = ()


@dataclass(frozen=True, eq=False)
class CardDef:
    id: str
    goddess: str
    name: str
    category: str
    type: str
    subtype: str | None = None
    range: Any = None
    damage: tuple = (None, None)
    charge: Any = 0
    cost: Any = 0
    x: str | None = None
    keywords: frozenset[str] = frozenset()
    no_reactions: str | None = None
    extra_card: bool = False
    poison: bool = False  # a poison card: an Extra card put into the opponent's deck or hand (issue #20)
    condition: dict | None = None
    reaction_while: dict | None = None  # a card that is no Reaction card, usable as one while this holds
    cost_less_by: str | None = None  # the Cost is reduced by this count (x source)
    additional_cost: dict | None = None
    forced: tuple = ()
    ongoing: tuple = ()
    devoted: tuple = ()
    on_use: tuple = ()
    after_attack: tuple = ()
    initialize: tuple = ()
    disenchant: tuple = ()
    all_out: tuple = ()
    start_phase: tuple = ()  # Ongoing/Devoted "in your start phase ..." (8-1-2)
    end_phase: tuple = ()    # Ongoing/Devoted "in your end phase ..." (8-3-1)
    main_start: tuple = ()   # Ongoing/Devoted "at the start of your main phase ..." (8-2-1)
    forced_start_phase: tuple = ()  # Forced (9-1-1-2) "in your start phase ..." (8-1-2)
    forced_main_start: tuple = ()   # Forced "at the start of your main phase ..." (8-2-1)
    forced_end_phase: tuple = ()    # Forced "in your end phase ..." (8-3-1)
    when: tuple = ()  # "when X happens" triggers (issue #20): {event, at_most?, effects}
    resurgence: dict | None = None
    immediate_resurgence: dict | None = None
    text: str = ""
    number: str = ""
    # the umbrella (mechanics/umbrella.py): this card with each face's values, by umbrella state
    faces: dict[str, "CardDef"] | None = None

    @property
    def is_special(self) -> bool:
        return self.category == "special"


class CardSet(dict):
    """Card id -> CardDef (what the shared name index and importers expect), plus the goddesses.
    A card set is not changed once loaded: `checked` keeps what was worked out from it for each
    deck list (deck.py `checked_layout`)."""

    def __init__(self) -> None:
        super().__init__()
        self.goddesses: dict[str, Goddess] = {}
        self.checked: dict[tuple, tuple] = {}

    @property
    def cards(self) -> "CardSet":
        return self


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        out = {k: _freeze(v) for k, v in value.items()}
        if "attack" in out and isinstance(out["attack"], dict):
            out["attack"] = _attack_spec(out["attack"])
        if "move" in out and isinstance(out["move"], dict) and "from" in out["move"]:
            out["move"] = {"count": 1, **out["move"]}  # one token unless the card says how many (10-1)
        if "discard" in out and isinstance(out["discard"], dict) and "who" in out["discard"]:
            spec = {"by": "owner", **out["discard"]}  # the hand's owner chooses unless the card says otherwise
            out["discard"] = spec if "down_to" in spec else {"count": 1, **spec}  # one card unless it says
        return out
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _attack_spec(raw: dict) -> AttackSpec:
    return AttackSpec(parse_range(raw["range"]), parse_damage(raw["damage"]), frozenset(raw.get("keywords", ())),
                      raw.get("no_reactions"), tuple(raw.get("after_attack", ())))


def _subtype(raw: dict) -> str | None:
    """6-2-1-6: a non-Variable card with subtype Variable has no subtype."""
    sub = raw.get("subtype")
    return None if sub == "variable" and raw["type"] != "variable" else sub


_SUBJECT_KEYS = ("originally_has", "reacted_originally_has")


def _condition_subject_problems(raw: dict) -> list[tuple[list, str]]:
    """10-32 as a condition names a card: "this card" (an effect's own card, or the attack whose
    After Attack effect it is) or the attack reacted to. Places with no such card are refused
    rather than read as always false."""
    out: list[tuple[list, str]] = []
    for key in ("ongoing", "devoted"):
        for i, mod in enumerate(raw.get(key, [])):
            if any(k in mod.get("if", {}) for k in _SUBJECT_KEYS):
                out.append(([key, i, "if"], "in an ongoing/devoted modification write originally_has beside if: "
                                            "(it then names the attack or card modified, 10-32)"))
    for key in ("forced", "ongoing", "devoted"):
        for i, mod in enumerate(raw.get(key, [])):
            if "position" in mod and not any(k in mod for k in ADD_KEYS.values()):
                out.append(([key, i, "position"], "position says where an added effect goes (10-14): "
                                                  "use it with add_after_attack, add_on_use or add_initialize"))
            if key == "forced" and any(k in mod for k in ("add_on_use", "add_initialize")):
                out.append(([key, i], "a Forced modification changes this card's own attack: add_on_use and "
                                      "add_initialize belong in ongoing or devoted"))
    for key in ("condition", "resurgence", "immediate_resurgence"):
        if "reacted_originally_has" in (raw.get(key) or {}):
            out.append(([key], "reacted_originally_has is for effects of a card used as a Reaction (10-32)"))
    for i, mod in enumerate(raw.get("forced", [])):
        if "reacted_originally_has" in mod.get("if", {}):
            out.append((["forced", i, "if"], "reacted_originally_has is for effects of a card used as a Reaction (10-32)"))
    return out


def _faces(raw: dict, kw: dict, problem: Callable[[list, str], None]) -> dict[str, CardDef]:
    """The umbrella (mechanics/umbrella.py): each face is the card with that face's printed values
    written over its own (Range and damage only on Attack cards, 6-2-1-8)."""
    faces = {}
    for state in UMBRELLA_STATES:
        face, fkw = raw["umbrella"][state], dict(kw)
        for key in FACE_KEYS:
            if key in face:
                fkw[key] = face[key] if key == "text" else _freeze(face[key])
        if ("range" in face or "damage" in face) and raw["type"] != "attack":
            problem([state], "only Attack cards have range and damage (6-2-1-8)")
        try:
            if "range" in face:
                fkw["range"] = parse_range(face["range"])
            if "damage" in face:
                fkw["damage"] = parse_damage(face["damage"])
        except ValueError as exc:
            problem([state], str(exc))
        faces[state] = CardDef(**fkw)
    return faces


def load_cards(path: Path, effect_schema: dict, effect_problems: Callable[[dict], list[str]] | None = None) -> CardSet:
    """Load and validate a card file against the schema built from the effect registry's
    `effect_schema` (and its words' own checks, `effect_problems`); every problem is reported
    with file, line and field."""
    data = read_yaml_file(path)
    validate(data, file_schema(effect_schema), str(path))
    problems: list[str] = []
    out = CardSet()

    def problem(where: list, msg: str) -> None:
        problems.append(f"{path}:{line_of(data, where)}: {'.'.join(map(str, where))}: {msg}")

    for i, g in enumerate(data["goddesses"]):
        if g["id"] in out.goddesses:
            problem(["goddesses", i, "id"], f"duplicate goddess id {g['id']!r}")
        out.goddesses[g["id"]] = Goddess(g["id"], g["name"], norm(g["number"]), tuple(g.get("extra", ())))
    for i, raw in enumerate(data["cards"]):
        where = ["cards", i]
        if raw["id"] in out.cards:
            problem(where + ["id"], f"duplicate card id {raw['id']!r}")
        if raw["goddess"] not in out.goddesses:
            problem(where + ["goddess"], f"unknown goddess {raw['goddess']!r}; declare it under goddesses:")
        kw = dict(id=raw["id"], goddess=raw["goddess"], name=raw["name"],
                  category=raw["category"], type=raw["type"], subtype=_subtype(raw), x=raw.get("x"),
                  keywords=frozenset(raw.get("keywords", ())), no_reactions=raw.get("no_reactions"),
                  extra_card=raw.get("extra_card", False), poison=raw.get("poison", False),
                  condition=raw.get("condition"),
                  reaction_while=raw.get("reaction_while"), cost_less_by=raw.get("cost_less_by"),
                  additional_cost=raw.get("additional_cost"), resurgence=raw.get("resurgence"),
                  immediate_resurgence=raw.get("immediate_resurgence"), text=raw.get("text", ""),
                  number=raw.get("number", ""), charge=0, cost=0)
        for key in ("forced", "ongoing", "devoted", "on_use", "after_attack", "initialize", "disenchant", "all_out",
                    "start_phase", "end_phase", "main_start", "forced_start_phase", "forced_main_start",
                    "forced_end_phase", "when"):
            kw[key] = _freeze(raw.get(key, []))
        if raw.get("umbrella") and raw["type"] == "attack":  # the card's own values: its closed face's if unwritten
            raw = {**{k: v for k, v in raw["umbrella"]["closed"].items() if k in ("range", "damage")}, **raw}
        try:
            if raw["type"] == "attack":
                if "range" not in raw or "damage" not in raw:
                    problem(where, "an Attack card needs range and damage (6-2-1-8 to 6-2-1-10)")
                    continue
                kw["range"] = parse_range(raw["range"])
                kw["damage"] = parse_damage(raw["damage"])
                if ("X" in kw["damage"] or kw["range"] == "X") and not raw.get("x"):
                    problem(where, "a card with X in its Range or damage needs `x:` saying what X is")
            elif "range" in raw or "damage" in raw:
                problem(where, "only Attack cards have range and damage (6-2-1-8)")
            if raw["type"] == "enhancement":
                if "charge" not in raw:
                    problem(where, "an Enhancement card needs charge (6-2-1-11)")
                kw["charge"] = parse_number(raw.get("charge", 0))
            if raw["category"] == "special":
                if "cost" not in raw:
                    problem(where, "a Special card needs cost (6-2-1-12)")
                kw["cost"] = parse_number(raw.get("cost", 0))
            elif "cost" in raw:
                problem(where, "only Special cards have a cost (6-2-1-12)")
            if (kw["charge"] == "X" or kw["cost"] == "X") and not raw.get("x"):
                problem(where, "a card with an X value needs `x:`")
            for j, eff in enumerate(kw["on_use"] + kw["after_attack"] + kw["initialize"] + kw["disenchant"] + kw["all_out"]):
                if "damage" in eff:
                    parse_damage(eff["damage"] if isinstance(eff["damage"], str) else eff["damage"]["amount"])
        except ValueError as exc:
            problem(where, str(exc))
            continue
        if (raw.get("start_phase") or raw.get("end_phase") or raw.get("main_start")) and raw["type"] != "enhancement" \
                and raw["category"] != "special":
            problem(where, "start_phase/main_start/end_phase effects belong to Enhancements (Ongoing) or Specials "
                           "(Devoted); a Forced one of another card goes under forced_start_phase/forced_main_start/"
                           "forced_end_phase (9-1-1-2)")
        if raw.get("when") and raw["type"] != "enhancement" and raw["category"] != "special":
            problem(where + ["when"], "\"when X happens\" effects belong to Enhancements (Ongoing) or Specials (Devoted)")
        for i, w in enumerate(raw.get("when", [])):
            if w["event"] == "becomes":
                if "value" not in w or ("at_most" in w) == ("at_least" in w):
                    problem(where + ["when", i], "event: becomes needs value: (aura, flare, life or distance) and "
                                                 "one of at_most: N or at_least: N")
            elif (w["event"] == "life_becomes_at_most") != ("at_most" in w) or "at_least" in w or "value" in w:
                problem(where + ["when", i], "at_most goes with event: life_becomes_at_most (or becomes), and only "
                                             "with them; value and at_least with event: becomes")
            if w["event"] != "card_used" and any(key in w for key in USED_FILTERS):
                problem(where + ["when", i], "type, subtype and category name the card used: they go with "
                                             "event: card_used only")
        for when in ("start_phase", "main_start", "end_phase"):
            if raw.get(when) and raw.get(f"forced_{when}"):
                problem(where + [f"forced_{when}"], f"a card has either {when} (Ongoing/Devoted) or forced_{when} "
                                                    "(Forced) effects, not both: put them all in one list")
        for msg_where, msg in _condition_subject_problems(raw) + _one_word_problems(raw, [], effect_problems):
            problem(where + msg_where, msg)
        if raw.get("resurgence") or raw.get("immediate_resurgence") or raw.get("devoted"):
            if raw["category"] != "special":
                problem(where, "Devoted, Resurgence and Immediate Resurgence are for Special cards (9-1-1-8, 10-7)")
        if raw.get("poison") and not (raw.get("extra_card") and raw["category"] == "normal"
                                      and raw["type"] in ("action", "attack")):
            problem(where + ["poison"], "a poison card is a Normal Action or Attack card with extra_card: true "
                                        "(it starts in the bag, its goddess's Extra zone, 7-1-12)")
        if "unguarded" in kw["keywords"] and raw["type"] != "enhancement":
            problem(where, "only Enhancement cards can be Unguarded (10-6)")
        if raw.get("umbrella"):
            kw["faces"] = _faces(raw, kw, lambda at, msg: problem(where + ["umbrella", *at], msg))
        out.cards[raw["id"]] = CardDef(**kw)
    for gid, g in out.goddesses.items():
        for extra in g.extra:
            if extra not in out.cards:
                problems.append(f"{path}: goddess {gid}: extra card {extra!r} is not a card")
    if problems:
        raise DataError(problems)
    return out
