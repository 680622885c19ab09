"""Faces carry every play-relevant field of each game's card data (issue 18, scope 5): for every
sample card, each such field's value appears in the face's text layout (the text boxes and icon
labels the template renders), in the box that shows it where the layout names one. Gundam War:
model number, Designated National Power per colour, Total and Resource cost, one distinct icon
per battle stat."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from tts_bridge.assets.build import REPO
from tts_bridge.assets.games import get_adapter
from tts_bridge.assets.layout import Layouts
from tts_bridge.assets.text import ICON_TOKEN


@dataclass
class Face:
    """What a face shows as text: each named box's text, every icon row's (icon, label)s."""
    texts: dict[str, str]
    icons: dict[str, list[tuple[str, str]]]

    @property
    def all_text(self) -> str:
        labels = " ".join(label for row in self.icons.values() for _, label in row)
        return " ".join([*self.texts.values(), labels])

    def shows(self, value: object, box: str | None = None) -> bool:
        """`value` (as text) appears in box `box` (any box when None), as a whole token."""
        where = (self.texts.get(box, "") + " " + " ".join(f"{i} {lb}" for i, lb in self.icons.get(box, []))
                 if box else self.all_text)
        plain = _squash(ICON_TOKEN.sub(" ", where))
        return re.search(rf"(?<![\w]){re.escape(str(value))}(?![\w])", plain, re.IGNORECASE) is not None


def face(game: str, card) -> Face:
    adapter = get_adapter(game)
    layouts = Layouts(REPO / "templates" / "cards" / game)
    ctx = {"theme": adapter.theme, "geo": {"w": 63.0, "h": 88.0, "bleed": 0.0}, "card": adapter.context(card)}
    texts: dict[str, str] = {}
    icons: dict[str, list[tuple[str, str]]] = {}
    for n, box in enumerate(layouts.render(adapter.template(card), ctx, card.id)):
        name = box.get("id") or f"{box['type']} #{n}"
        if box["type"] == "text":
            texts[name] = box["text"]
        elif box["type"] == "icons":
            icons[name] = [(i["icon"], "" if i.get("label") is None else str(i["label"])) for i in box["items"]]
    return Face(texts, icons)


def _squash(text: str) -> str:
    return " ".join(text.split())


def _check(game: str, expect) -> list[str]:
    """Every (card, field) whose value the face does not show."""
    problems = []
    for card in get_adapter(game).cards():
        f = face(game, card)
        for field, value, box in expect(card.defn, card):
            if not f.shows(value, box):
                problems.append(f"{card.id}: {field}={value!r} not in {box or 'the face'}")
    return problems


# -- Gundam War ------------------------------------------------------------------------------------

GW_TYPE = {"unit": "Unit", "character": "Character", "command": "Command", "operation": "Operation", "g": "G"}
GW_STEP = {"reroll": "Reroll", "draw": "Draw", "deploy": "Deploy", "battle": "Battle", "attack": "Attack",
           "defense": "Defense", "damage": "Damage", "return": "Return"}


def _gw(c, card):
    yield "name", c.name, "name"
    yield "type", GW_TYPE[c.type], "type_line"
    yield "colour", c.colour.title(), "type_line"
    if c.model:
        yield "model", c.model, "model"
    if c.type != "g":
        yield "total", c.total, "total"
        for colour, n in c.designated:
            yield f"designated {colour}", n, f"designated_{colour}"
        resource = "X" * c.x_resource + (str(c.resource) if c.resource else "")
        if resource:
            yield "resource", "R" + resource, "resource"
    for trait in c.traits:
        yield "traits", trait, "type_line"
    for terrain in c.terrain:
        yield "terrain", terrain.title(), "keywords"
    for key in c.keywords or {}:
        yield "keywords", " ".join({"mf": "MF", "ps": "PS"}.get(w, w.title()) for w in key.split("_")), "keywords"
    if c.text:
        yield "text", _squash(c.text), "rules_text"
    if c.step != "any":
        yield "step", GW_STEP[c.step], "rules_text"
    if c.turn != "any":
        yield "turn", c.turn.title(), "rules_text"
    if c.set:
        yield "set", "Set", "rules_text"
    if c.type in ("unit", "character") and any(v is not None for v in c.stats):
        piloted = c.piloted_stats or (None,) * 3
        for (icon, value), p in zip(zip(("melee", "shooting", "defense"), c.stats), piloted):
            shown = "*" if value is None else (f"+{value}" if c.type == "character" and value >= 0 else str(value))
            yield f"stats {icon}", f"{icon} {shown}" + (f"/{p}" if p is not None else ""), "stats"


def test_gundam_war_faces_show_every_play_relevant_field():
    assert _check("gundam-war", _gw) == []


def test_gundam_war_stats_have_one_distinct_icon_each():
    for card in get_adapter("gundam-war").cards():
        if card.defn.type in ("unit", "character"):
            row = [icon for icon, _ in face("gundam-war", card).icons["stats"]]
            assert row == ["melee", "shooting", "defense"], card.id


def test_gundam_war_model_number_as_deck_lists_use_it():
    """`AF-04` in a deck list is the model number printed on the face (GW-A-1.4)."""
    adapter = get_adapter("gundam-war")
    lists = "".join(p.read_text() for p in (adapter.data_root / "decks").glob("*.txt"))
    for card in adapter.cards():
        if card.defn.model:
            assert f"{card.defn.model} {card.defn.name}" in lists or card.defn.model not in lists, card.id
            assert face("gundam-war", card).texts["model"] == card.defn.model


# -- the other games -------------------------------------------------------------------------------

def _kaiju(c, card):
    yield "name", c.name, "name"
    if c.prefix:
        yield "prefix", c.prefix, "prefix"
    if c.category:
        yield "category", c.category, "type_line"
    if c.cost is not None:
        yield "cost", c.cost, "cost"
    if c.type == "battle":
        yield "hp", f"hp {c.hp}", "stats"
        yield "speed", f"speed {c.speed}", "stats"
    for move in c.moves:
        yield "move name", move.name, "rules_text"
        yield "move amount", move.amount, "rules_text"
    if c.defense:
        yield "defense", f"Defense {c.defense}", "keywords"
    if c.counter:
        yield "counter", f"Counter {c.counter}", "keywords"
    if c.evasion:
        yield "evasion", "Evasion", "keywords"
    if c.advantage:
        yield "advantage", "Adv", "advantage"
    for link in (c.evolves_from, c.converts_with):
        if link:
            yield "evolves/converts", link, "rules_text"
    # the face draws "Attack 3" as an attack icon and 3, "Level 1: " as a level icon and 1
    printed = re.sub(r"^Level (\d+): ", r"\1 ", c.text, flags=re.M)
    yield "text", _squash(re.sub(r"\b(?:Attack|Heal) (\d+)", r"\1", printed)), "rules_text"


def _qiguang(c, card):
    yield "name", c.name, "name"
    if c.cost is not None and c.type != "token":
        letters = "".join(k * n for k, n in (("E", c.cost.earth), ("P", c.cost.pegasus), ("U", c.cost.unicorn)))
        yield "cost", (letters + (str(c.cost.any) if c.cost.any else "") + ("X" if c.cost.x else "")) or "0", "cost"
    if c.race:
        yield "race", c.race.split("_")[0], "type_line"
    if c.is_character:
        yield "attack", f"attack {c.attack}", "stats"
        yield "health", f"life {c.health}", "stats"
    for flag in ("leader", "lightning", "harmony", "persistent", "world"):
        if getattr(c, flag):
            yield flag, flag.title(), "keywords"
    if c.inheritor:
        yield "inheritor", "Inheritor", "keywords"
    if c.text:
        yield "text", _squash(c.text), "rules_text"


def _sakura(c, card):
    yield "name", c.name, "name"
    if card.type == "goddess":
        yield "number", c.number, "goddess_number"
        return
    yield "category", c.category, "type_line"
    yield "type", c.type, "type_line"
    if c.subtype:
        yield "subtype", c.subtype, "keywords"
    for key in c.keywords:
        yield "keywords", key.replace("_", " "), "keywords"
    if c.category == "special":
        yield "cost", "X" if c.x else c.cost, "cost"
    if c.type == "attack":
        aura, life = c.damage if c.damage else (None, None)
        yield "damage", f"damage {'-' if aura is None else aura}/{'-' if life is None else life}", "stats"
        yield "range", "aura", "stats"
    if c.charge:
        yield "charge", f"flare {c.charge}", "stats"
    if c.text:
        yield "text", _squash(c.text), "rules_text"


def _vividz(c, card):
    yield "name", c.name, "name"
    yield "type", c.type, "type_line"
    if c.type in ("character", "event"):
        yield "cost", c.cost, "cost"
    if c.type == "character":
        yield "power", f"attack {c.power}", "stats"
    if c.trait:
        yield "trait", c.trait, "keywords"
    if c.scout:
        yield "scout", "Scout", "keywords"
    if c.mission:
        yield "mission", c.mission, "type_line"
    if c.account:
        yield "account", c.account, "type_line"
    for ability in c.abilities:
        if getattr(ability, "text", ""):
            yield "ability", _squash(ability.text), "rules_text"
    if c.text:
        yield "text", _squash(c.text), "rules_text"


@pytest.mark.parametrize("game, expect", [("kaiju", _kaiju), ("qiguang", _qiguang), ("sakura-arms", _sakura),
                                          ("vividz", _vividz)])
def test_faces_show_every_play_relevant_field(game, expect):
    assert _check(game, expect) == []


def test_the_check_sees_what_a_face_lacks():
    """The field check itself: a value the face does not print, or prints in another box, is found."""
    card = next(c for c in get_adapter("gundam-war").cards() if c.id == "gw-af01-lancer")
    f = face("gundam-war", card)
    assert f.shows("AF-01", "model") and f.shows("Lancer", "name")
    assert not f.shows("AF-01", "name") and not f.shows("AF-0") and not f.shows("ZZ-99")
