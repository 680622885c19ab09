"""Sakura Arms adapter (numbered rules 1-1 ...): normal and special cards of each goddess,
range and damage, the player's zones (deck, hand, played, face-down, enhancement, special)
and the 36 sakura tokens placed as setup puts them (Distance 10, Aura 3 and Life 10 each)."""

from __future__ import annotations

from typing import Any

from engine.games.sakura_arms.state import CARDLESS_ZONES, ZONES

from tts_bridge.assets.games import CardEntry, Supply, Zone
from tts_bridge.assets.games.generic import DataclassAdapter

_GODDESS = {0: "#c0392b", 1: "#2874a6", 2: "#7d3c98", 3: "#1e8449", 4: "#b9770e", 5: "#566573"}


def _range(r: Any) -> str:
    vals = sorted(r, key=lambda v: (0, v, "") if isinstance(v, int) else (1, 0, str(v))) if r else []  # 6 < 10
    if not vals:
        return ""
    if not all(isinstance(v, int) for v in vals):
        return ",".join(map(str, vals))
    if vals == list(range(vals[0], vals[-1] + 1)) and len(vals) > 1:
        return f"{vals[0]}-{vals[-1]}"
    return ",".join(map(str, vals))


class SakuraArmsAdapter(DataclassAdapter):
    def cards(self) -> list[CardEntry]:
        """The goddess tarot cards (2-1), then every normal and special card."""
        data = self.engine_cards()
        goddesses = [CardEntry(g.id, "goddess", g.name, g) for g in getattr(data, "goddesses", {}).values()]
        return goddesses + [CardEntry(c.id, c.type, c.name, c) for c in data.cards.values()]

    def sample_deck_groups(self) -> list[tuple[str, list[tuple[str, list[str]]]]]:
        """As every game's, plus each chosen goddess's Extra cards in the Extra zone (7-1-12):
        they are set aside at setup, not listed, and the bridge shows them with these faces."""
        goddesses = getattr(self.engine_cards(), "goddesses", {})
        out = []
        for name, groups in super().sample_deck_groups():
            chosen = [gid for zone, ids in groups if zone == "goddess" for gid in ids]
            extra = [x for gid in chosen for x in getattr(goddesses.get(gid), "extra", None) or ()]
            out.append((name, groups + ([("extra", extra)] if extra else [])))
        return out

    def context(self, card: CardEntry) -> dict:
        if card.type != "goddess":
            return super().context(card)
        g = card.defn
        pool = [c for c in self.engine_cards().cards.values() if c.goddess == g.id]
        normal = " · ".join(c.name for c in pool if c.category != "special")
        special = " · ".join(c.name for c in pool if c.category == "special")
        lines = [f"Normal: {normal}", f"Special: {special}"]
        return {"id": g.id, "type": "goddess", "title": g.name, "name": g.name, "cost": None, "stats": [],
                "keywords": f"Goddess {g.number}", "type_line": "Goddess (megami)", "text": "\n".join(lines),
                "flavor": "", "art": self.art(card), "accent": self.goddess_accent(g.id),
                "frame": self.theme.get("frame", "#2d3748"), "band": self.theme.get("band", "#e9e4d8"),
                "fields": {"number": str(g.number)}}

    def description(self, card: CardEntry) -> str:
        if card.type == "goddess":
            return f"[b]{card.title}[/b] (goddess {card.defn.number})"
        return super().description(card)

    def title(self, c: Any) -> str:
        return c.name

    def cost(self, c: Any) -> str | None:
        if c.category == "special":
            return "X" if c.x else str(c.cost)
        return None

    def stats(self, c: Any) -> list[dict]:
        out = []
        if c.type == "attack":
            # a two-faced card (the umbrella, engine/games/sakura_arms/mechanics/umbrella.py) prints both
            # faces' values, closed | open
            faces = [c.faces["closed"], c.faces["open"]] if c.faces else [c]
            fmt = lambda v: "-" if v is None else str(v)  # noqa: E731
            rng = " | ".join(_range(f.range) or "X" for f in faces)
            dmg = " | ".join(f"{fmt(f.damage[0])}/{fmt(f.damage[1])}" if f.damage else "-/-" for f in faces)
            out = [{"icon": "aura", "label": rng}, {"icon": "damage", "label": dmg}]
        if c.charge:
            out.append({"icon": "flare", "label": c.charge})
        return out

    def stats_width(self, c: Any, stats: list[dict]) -> float:
        """A two-faced card's labels hold both faces ("4-5 | 1-2"): each stat is as wide as its label."""
        if not c.faces:
            return super().stats_width(c, stats)
        return sum(max(12.0, 6.0 + 1.5 * len(str(s["label"]))) for s in stats)

    def keywords(self, c: Any) -> list[str]:
        out = [c.subtype.title()] if c.subtype else []
        out += sorted(k.replace("_", " ").title() for k in c.keywords)
        return out

    def type_line(self, c: Any) -> str:
        goddess = self.goddess_name(c.goddess)
        return f"{c.category.title()} {c.type} - {goddess}"

    def goddess_name(self, gid: str) -> str:
        cards = self.engine_cards()
        g = getattr(cards, "goddesses", {}).get(gid)
        return g.name if g else gid

    def accent(self, c: Any) -> str:
        return self.goddess_accent(c.goddess)

    def goddess_accent(self, gid: str) -> str:
        ids = sorted(getattr(self.engine_cards(), "goddesses", {}))
        return _GODDESS[ids.index(gid) % len(_GODDESS)] if gid in ids else "#7b7d7d"

    def tags(self, card: CardEntry) -> list[str]:
        if card.type == "goddess":
            return [self.game_id, "goddess"]
        return [self.game_id, card.defn.category, card.defn.goddess]


def _z(name: str, x: float, z: float, kind: str = "pile", w: float = 2.8, h: float = 3.8, slots: int = 1,
       note: str = "") -> Zone:
    """A card-sized engine zone unless told otherwise (caption and rule from the engine)."""
    return Zone(name, x, z, w, h, slots=slots, kind=kind, note=note)


# rules/sakura-arms.md B.3 (non-normative): Distance (10 spots) and Shadow on the centre line;
# each side Aura (5), Life (10), Flare, deck, played pile, face-down pile, enhancement row,
# special row (3 slots), extra area, goddess tarots, Vigor and Flinch; an Infinite_Bag of
# out-of-game sakura tokens kept apart from the 36 in play.
VIGOR = Supply("Vigor (0-2)", "counter", 14.5, -10.2, value=0)  # a Counter the bridge sets by name
FLINCH = Supply("Flinch", "counter", 17.0, -10.2, value=0)  # a Counter the bridge sets by name

ADAPTER = SakuraArmsAdapter(
    game_id="sakura-arms", lang="ja", preset="poker",
    theme={"back": "#4a1230", "back_accent": "#f28cb1", "back_text": "#fde2ec", "back_icon": "sakura",
           "title": "SAKURA ARMS", "subtitle": "桜花決闘 · Shinmaku", "frame": "#3b1026", "band": "#f7e6ee",
           "board": "#3a2a33"},
    zones=(
        _z("distance", -2.0, 0.0, kind="shared", w=9.0, h=1.6),
        _z("shadow", 6.0, 0.0, kind="shared", w=4.0, h=1.6),
        _z("aura", -6.0, -2.6, note="(max 5)", kind="row", w=5.0, h=2.0, slots=5),
        _z("flare", 0.0, -2.6, kind="area", w=4.0, h=2.0),
        _z("life", 6.5, -2.6, kind="row", w=7.0, h=2.0, slots=10),
        _z("enhancement", -1.5, -6.0, kind="row", w=9.0, slots=3),
        _z("special", -11.0, -6.0, kind="row", w=9.0, slots=3),
        _z("in_use", 5.5, -6.0),
        _z("played", 9.0, -6.0), _z("deck", 12.0, -6.0),
        _z("facedown", 15.0, -6.0, note="(sideways)"),
        Zone("goddess", -11.0, -10.2, 6.0, 3.8, slots=2, kind="row", face_up=True),
        _z("extra", -6.0, -10.2), _z("sealed", -3.0, -10.2),
        _z("hand", 4.0, -10.6, kind="hand", w=12.0, h=3.6),
    ),
    engine_zones=ZONES + CARDLESS_ZONES,
    supplies=(
        Supply("Sakura tokens: Distance", "tokens", -2.0, 0.0, per_seat=False, value=10, icon="sakura",
               color="#fbe3ec"),
        Supply("Sakura tokens: Aura", "tokens", -6.0, -2.6, value=3, icon="sakura", color="#fbe3ec"),
        Supply("Sakura tokens: Life", "tokens", 6.5, -2.6, value=10, icon="sakura", color="#fbe3ec"),
        Supply("Out-of-game sakura tokens", "bag", 16.0, 2.5, per_seat=False, icon="sakura", color="#fbe3ec"),
        VIGOR,
        FLINCH,
    ),
    section_zones={"special": "special", "goddesses": "goddess"},
)
