"""Shared base for adapters whose card records are engine dataclasses: the context is
built from the record's fields plus what the subclass says about cost, stats, keywords
and colours. The shared `_generic.yaml.j2` template draws it; per-type templates of a
game tune the design."""

from __future__ import annotations

import dataclasses
from typing import Any

from tts_bridge.assets.games import CardEntry, GameAdapter, Zone


def plain(value: Any) -> Any:
    """A template-safe copy of a field value (sets sorted, tuples as lists)."""
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (frozenset, set)):
        return sorted(plain(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return str(value)


def row(names: list[str], z: float, pitch: float = 3.0, x0: float = 0.0) -> list[Zone]:
    """Card-sized engine zones side by side, centred on x0 (captions from the engine)."""
    start = x0 - pitch * (len(names) - 1) / 2
    return [Zone(n, start + i * pitch, z, 2.8, 3.8) for i, n in enumerate(names)]


class DataclassAdapter(GameAdapter):
    type_colors: dict = {}
    type_names: dict = {}

    def card_records(self) -> dict:
        cards = self.engine_cards()
        return cards if isinstance(cards, dict) else cards.cards

    def cards(self) -> list[CardEntry]:
        return [CardEntry(c.id, str(getattr(c, "type", "card")), self.title(c), c) for c in self.card_records().values()]

    def template(self, card: CardEntry) -> str:
        from tts_bridge.assets.build import REPO
        from tts_bridge.assets.games import listing

        name = f"{card.type}.yaml.j2"
        return name if name in listing(REPO / "templates" / "cards" / self.game_id) else "card.yaml.j2"

    # what subclasses tune -------------------------------------------------------------------
    def title(self, c: Any) -> str:
        return getattr(c, "name", c.id)

    def cost(self, c: Any) -> str | None:
        v = getattr(c, "cost", None)
        return None if v is None or isinstance(v, bool) else str(v)

    def stats(self, c: Any) -> list[dict]:
        return []

    def keywords(self, c: Any) -> list[str]:
        return []

    def type_line(self, c: Any) -> str:
        t = str(getattr(c, "type", ""))
        return self.type_names.get(t, t.replace("_", " ").title())

    def accent(self, c: Any) -> str:
        return self.type_colors.get(str(getattr(c, "type", "")), "#4a5568")

    def text(self, c: Any) -> str:
        return str(getattr(c, "text", "") or "")

    # -------------------------------------------------------------------------------------
    def stats_width(self, c: Any, stats: list[dict]) -> float:
        """Width (mm) of the stat icons in the band: 12 mm a stat; a game whose labels can be long
        (Sakura Arms' two-faced cards) widens it."""
        return 12 * len(stats)

    def context(self, card: CardEntry) -> dict:
        c = card.defn
        accent = self.accent(c)
        stats = self.stats(c)
        return {
            "id": c.id, "type": card.type, "title": card.title, "name": getattr(c, "name", card.title),
            "cost": self.cost(c), "stats": stats, "stats_w": self.stats_width(c, stats),
            "keywords": " · ".join(self.keywords(c)),
            "type_line": self.type_line(c), "text": self.text(c), "flavor": str(getattr(c, "flavor", "") or ""),
            "art": self.art(card), "accent": accent, "frame": self.theme.get("frame", "#2d3748"),
            "band": self.theme.get("band", "#e9e4d8"),
            "fields": plain({f.name: getattr(c, f.name) for f in dataclasses.fields(c)}) if dataclasses.is_dataclass(c) else {},
        }

    def description(self, card: CardEntry) -> str:
        c = card.defn
        stats = " | ".join(f"{s['icon']} {s['label']}" for s in self.stats(c))
        cost = self.cost(c)
        head = f"[b]{card.title}[/b] ({self.type_line(c)})"
        lines = [head] + ([f"Cost {cost}"] if cost is not None else []) + ([stats] if stats else [])
        kw = self.keywords(c)
        lines += [", ".join(kw)] if kw else []
        lines += [self.text(c)] if self.text(c) else []
        flavor = getattr(c, "flavor", "")
        return "\n".join(lines + ([f"[i]{flavor}[/i]"] if flavor else []))

    def tags(self, card: CardEntry) -> list[str]:
        return [self.game_id, card.type]
