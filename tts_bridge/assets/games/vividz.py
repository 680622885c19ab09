"""Vividz adapter: characters, events, missions and accounts; cost and power, the deck,
area, energy, exp, keep, trash and remove zones, the account and mission cards placed in
their own zones, and damage counters."""

from __future__ import annotations

from typing import Any

from engine.games.vividz.state import ZONES

from tts_bridge.assets.games import Supply, Zone
from tts_bridge.assets.games.generic import DataclassAdapter

_TYPE = {"character": "#c2185b", "event": "#0277bd", "mission": "#6a1b9a", "account": "#37474f"}


class VividzAdapter(DataclassAdapter):
    type_colors = _TYPE

    def cost(self, c: Any) -> str | None:
        return str(c.cost) if c.type in ("character", "event") else None

    def stats(self, c: Any) -> list[dict]:
        return [{"icon": "attack", "label": c.power}] if c.type == "character" else []

    def keywords(self, c: Any) -> list[str]:
        out = [f"Trait: {c.trait}"] if c.trait else []
        if c.scout:
            out.append("Scout")
        if c.rarity:
            out.append(c.rarity)
        return out

    def type_line(self, c: Any) -> str:
        base = c.type.title()
        return base + (f" - {c.mission}" if c.mission else "") + (f" ({c.account})" if c.account else "")

    def text(self, c: Any) -> str:
        """The card's own text (a mission's check and clear) and every ability's text."""
        abilities = [a.text for a in c.abilities if getattr(a, "text", "")]
        return "\n".join(([c.text] if c.text else []) + abilities)


# rules/vividz.md B: Area = Side / Center / Side (3 lanes facing the opponent's), 3 mission
# positions, 1 account card (face up), deck, trash, energy, keep (1 card), remove, EXP under
# characters; the Temporary mat is shared in the middle.
TURN = Supply("Turn", "counter", 17.5, -4.0, per_seat=False, value=1)  # a Counter the bridge sets by name

ADAPTER = VividzAdapter(
    game_id="vividz", lang="ja", preset="poker",
    theme={"back": "#2b1055", "back_accent": "#ff6fb5", "back_text": "#ffe3f3", "back_icon": "level",
           "title": "VIVIDZ", "subtitle": "Sample stage set", "frame": "#2b1055", "band": "#f3e8f7",
           "board": "#271a3a"},
    zones=(
        Zone("area", 0.0, -2.8, 9.0, 4.2, note="(Side / Center / Side)", slots=3, kind="row"),
        Zone("exp", 0.0, -5.6, 9.0, 1.4, note="(under characters)", kind="area"),
        Zone("mission", 0.0, -9.0, 9.0, 3.8, note="(1-3)", slots=3, kind="row"),
        Zone("account", -7.0, -9.0, 2.8, 3.8, face_up=True),
        Zone("energy", -9.0, -3.5, 6.0, 3.8, kind="area"),
        Zone("keep", -10.5, -9.0, 2.8, 3.8, note="(1)"),
        Zone("deck", 7.0, -9.0, 2.8, 3.8),
        Zone("trash", 10.0, -9.0, 2.8, 3.8),
        Zone("remove", 10.0, -4.0, 2.8, 3.8),
        Zone("reveal", 7.0, -4.0, 2.8, 3.8),
        Zone("temporary", 14.5, 0.0, 3.6, 4.6, kind="shared"),
        Zone("hand", 0.0, -13.6, 18.0, 3.6, kind="hand"),
    ),
    engine_zones=ZONES,
    supplies=(
        Supply("Damage counters", "bag", -14.5, 1.5, per_seat=False, icon="damage", label="1"),
        Supply("Lv UP markers", "bag", -14.5, -1.5, per_seat=False, icon="level", label="Lv", color="#f0b400"),
        Supply("Attack-forbidden markers", "bag", -17.0, 0.0, per_seat=False, icon="defense", label="X",
               color="#5f6b7a"),
        TURN,
    ),
    section_zones={"account": "account", "missions": "mission"},
)
