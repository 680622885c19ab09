"""Gundam War adapter (GW-*): units, characters, commands, operations and G; colours,
total/resource cost, battle stats, the homeland deck, hand, hangar, deploy, the space and
earth areas, junk yard, discard, removed and set zones, and damage counters."""

from __future__ import annotations

from typing import Any

from engine.games.gundam_war.state import ZONES

from tts_bridge.assets.games import Supply, Zone
from tts_bridge.assets.games.generic import DataclassAdapter

_COLOUR = {"blue": "#2e6cb5", "white": "#8c96a0", "green": "#3c8d3c", "purple": "#7b4ba6", "red": "#b83232",
           "black": "#333333", "brown": "#8a5a2b"}


_ACRONYMS = {"mf": "MF", "ps": "PS"}  # keyword words printed in capitals (MF, PS Armor)


def _keyword_name(key: Any) -> str:
    """A keyword as cards print it: `high_mobility` -> "High Mobility", `ps_armor` -> "PS Armor"."""
    return " ".join(_ACRONYMS.get(w, w.title()) for w in str(key).split("_"))


class GundamWarAdapter(DataclassAdapter):
    """Faces drawn by `templates/cards/gundam-war/_gw.yaml.j2`: the cost as printed on a card
    (Designated National Power per colour, Total National Power, Resource Cost, GW-A-1.3), the
    model number (GW-A-1.4) and one icon per battle stat (GW-A-1.9)."""

    def resource(self, c: Any) -> str:
        """The Resource Cost as printed: "1", "XX" (X chosen at play, GW-A-26.16), "" for none."""
        return "X" * c.x_resource + (str(c.resource) if c.resource else "")

    def cost(self, c: Any) -> str | None:
        if c.type == "g":
            return None
        designated = " + ".join(f"{colour.title()} {n}" for colour, n in c.designated)
        parts = [designated] if designated else []
        return ", ".join(parts + [f"Total {c.total}", f"Resource {self.resource(c) or 0}"])

    def stats(self, c: Any) -> list[dict]:
        if c.type not in ("unit", "character") or all(v is None for v in c.stats):
            return []
        fmt = lambda v: "*" if v is None else (f"+{v}" if c.type == "character" and v >= 0 else str(v))  # noqa: E731
        piloted = c.piloted_stats or (None,) * 3
        labels = [fmt(v) + (f"/{fmt(p)}" if c.piloted_stats else "") for v, p in zip(c.stats, piloted)]
        return [{"icon": icon, "label": label} for icon, label in zip(("melee", "shooting", "defense"), labels)]

    def context(self, card: Any) -> dict:
        c = card.defn
        out = super().context(card)
        out.update({
            "model": c.model,
            "total": None if c.type == "g" else str(c.total),
            "resource": "" if c.type == "g" else self.resource(c),
            "designated": [{"colour": colour, "n": n, "hex": _COLOUR.get(colour, "#555555")}
                           for colour, n in c.designated],
        })
        return out

    def keywords(self, c: Any) -> list[str]:
        out = sorted(_keyword_name(k) for k in (c.keywords or {}))
        out += sorted(str(t).title() for t in c.terrain)
        return out

    def type_line(self, c: Any) -> str:
        base = {"g": "G", "unit": "Unit", "character": "Character", "command": "Command",
                "operation": "Operation"}.get(c.type, c.type.title())
        colour = f" - {c.colour.title()}" if c.colour else ""
        traits = f" ({', '.join(sorted(c.traits))})" if c.traits else ""
        return base + colour + traits

    def accent(self, c: Any) -> str:
        return _COLOUR.get(c.colour, "#555555")


# rules/gundam-war.md GW-L.4: three shared battle zones in the centre, seen from the first
# player's seat Earth Area left, Fighting Arena middle, Space Area right; each side a Deploy
# Area row, Homeland and Discard Pile (face down), Junk Yard and Removed (face up), a Hangar
# row and the hand; pollution coins and Vulture points per player.
POLLUTION = Supply("Pollution coins", "counter", 12.5, -14.4, value=0)  # a Counter the bridge sets by name
VULTURE = Supply("Vulture points", "counter", 15.5, -14.4, value=0)  # a Counter the bridge sets by name

ADAPTER = GundamWarAdapter(
    game_id="gundam-war", lang="ja", preset="poker",
    theme={"back": "#14213d", "back_accent": "#e5e5e5", "back_text": "#fca311", "back_icon": "defense",
           "title": "GUNDAM WAR", "subtitle": "Original sample set", "frame": "#1b2640", "band": "#e5e8ef",
           "board": "#1f2937"},
    zones=(
        Zone("earth", -9.0, 0.0, 8.0, 8.0, kind="shared"),
        Zone("arena", 0.0, 0.0, 6.0, 8.0, kind="shared"),
        Zone("space", 9.0, 0.0, 8.0, 8.0, kind="shared"),
        Zone("deploy", -1.5, -6.6, 21.0, 4.0, slots=7, kind="row"),
        Zone("hangar", -1.5, -10.8, 21.0, 4.0, slots=7, kind="row"),
        Zone("homeland", 12.5, -6.6, 2.8, 3.8),
        Zone("discard", 15.5, -6.6, 2.8, 3.8),
        Zone("junk", 12.5, -10.8, 2.8, 3.8),
        Zone("removed", 15.5, -10.8, 2.8, 3.8),
        Zone("played", 15.5, -2.4, 2.8, 3.8),
        Zone("hand", -1.5, -15.0, 18.0, 3.6, kind="hand"),
    ),
    engine_zones=ZONES,
    supplies=(
        Supply("Damage counters", "bag", -15.5, -2.4, per_seat=False, icon="damage", label="1"),
        Supply("Coins (+/-, dismantle)", "bag", -15.5, 2.4, per_seat=False, icon="coin", label="C", color="#d4a017"),
        POLLUTION,
        VULTURE,
    ),
    deck_zone="homeland",
)
