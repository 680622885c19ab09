"""Qiguang adapter (QG-*): characters, spells, fields, creations and the Mana Source token;
race-crystal costs, attack/health, five lanes of standby and combat zones, life counters
(QG-1.3: 20 each) and a supply of Mana Source tokens."""

from __future__ import annotations

from typing import Any

from engine.games.qiguang.state import ZONES

from tts_bridge.assets.games import Supply, Zone
from tts_bridge.assets.games.generic import DataclassAdapter, row

_RACE = {"earth": "#b7793a", "pegasus": "#3f8fd2", "unicorn": "#9b59b6"}
_RACE_NAME = {"earth": "Earth pony", "pegasus": "Pegasus", "unicorn": "Unicorn"}


class QiguangAdapter(DataclassAdapter):
    type_colors = {"spell": "#2f6f8f", "field": "#3d7a3d", "creation": "#8a6d3b", "token": "#6b6b6b"}

    def cost(self, c: Any) -> str | None:
        cost = getattr(c, "cost", None)
        if cost is None or c.type == "token":
            return None
        parts = [("E", cost.earth), ("P", cost.pegasus), ("U", cost.unicorn)]
        out = "".join(k * n for k, n in parts if n)
        out += str(cost.any) if cost.any else ""
        out += "X" if cost.x else ""
        return out or "0"

    def stats(self, c: Any) -> list[dict]:
        if getattr(c, "is_character", False):
            return [{"icon": "attack", "label": c.attack}, {"icon": "life", "label": c.health}]
        return []

    def keywords(self, c: Any) -> list[str]:
        out = []
        if getattr(c, "leader", False):
            out.append("Leader")
        if getattr(c, "inheritor", None):
            out.append(f"Inheritor ({_RACE_NAME.get(c.inheritor, c.inheritor)})")
        for flag, label in (("lightning", "Lightning"), ("harmony", "Harmony"), ("persistent", "Persistent"),
                            ("world", "World")):
            if getattr(c, flag, False):
                out.append(label)
        return out

    def type_line(self, c: Any) -> str:
        base = {"character": "Character", "spell": "Spell", "field": "Field", "creation": "Creation",
                "token": "Token"}.get(c.type, c.type.title())
        race = getattr(c, "race", None)
        return f"{base} - {_RACE_NAME.get(race, race)}" if race else base

    def accent(self, c: Any) -> str:
        race = getattr(c, "race", None)
        return _RACE.get(race, self.type_colors.get(c.type, "#4a5568"))


# The spec's proposed geometry (rules/qiguang.md, "Components and zones for a tabletop layout"),
# N = 5 lanes; lane i of one player faces lane i of the other (mirrored through the centre):
#   [Library][Graveyard][Exile]   [Field]   [d20 life]
#   [Function area: crystals x10]  [Persistent / creation row]
#   Standby S1..S5
#   Combat  C1..C5          ===== centre =====  [chain area]
_LANES = 5
LIFE = Supply("Life", "counter", 8.0, -15.2, value=20)  # a Counter the bridge sets by name

ADAPTER = QiguangAdapter(
    game_id="qiguang", lang="zh-Hans", preset="poker",
    theme={"back": "#1f2a5a", "back_accent": "#f2c14e", "back_text": "#fbe7b0", "back_icon": "level",
           "title": "QIGUANG", "subtitle": "Card Battle · 奇光", "frame": "#24305e", "band": "#e6e9f5",
           "board": "#23304a"},
    zones=(
        *row([f"combat{i}" for i in range(1, _LANES + 1)], -2.6),
        *row([f"standby{i}" for i in range(1, _LANES + 1)], -6.8),
        # the race crystals are tokens the engine counts (QG-5.3), not cards in a zone; the
        # function area (rules/qiguang.md, layout table) is only their place on the table
        Zone("crystals", -7.5, -11.0, 13.0, 3.8, "Function area: race crystals (max 10)", slots=10, kind="row"),
        Zone("support", 7.5, -11.0, 13.0, 3.8, slots=4, kind="row"),
        Zone("library", -9.0, -15.2, 2.8, 3.8),
        Zone("graveyard", -6.0, -15.2, 2.8, 3.8),
        Zone("exile", -3.0, -15.2, 2.8, 3.8),
        Zone("field", 3.0, -15.2, 2.8, 3.8),
        Zone("chain", 12.5, 0.0, 4.0, 6.0, note="(link 1 at the bottom)", kind="shared"),
        Zone("hand", 0, -19.6, 18.0, 3.6, kind="hand"),
    ),
    engine_zones=ZONES,
    board_only=frozenset({"crystals"}),
    supplies=(
        LIFE,
        Supply("Earth pony crystals", "bag", -16.5, -9.0, icon="cost", label="E", color="#b7793a"),
        Supply("Pegasus crystals", "bag", -16.5, -11.0, icon="cost", label="P", color="#3f8fd2"),
        Supply("Unicorn crystals", "bag", -16.5, -13.0, icon="cost", label="U", color="#9b59b6"),
        Supply("Mana Source supply", "card_bag", 12.0, -15.2, card="mana-source"),
        Supply("Damage counters", "bag", 15.5, -4.0, per_seat=False, icon="damage", label="1"),
        Supply("First-player coin", "coin", 15.5, 4.0, per_seat=False, icon="coin", color="#d4a017"),
    ),
    deck_zone="library",
    # lane i of both players is one column (QG: lanes face straight ahead), so seat 1's box at
    # the mirror image of seat 0's lane i is seat 1's lane 6 - i
    seat1_names={f"{row}{i}": f"{row}{_LANES + 1 - i}" for row in ("combat", "standby") for i in range(1, _LANES + 1)},
)
