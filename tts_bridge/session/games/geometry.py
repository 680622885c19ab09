"""Table geometry shared with the asset pipeline, so the bridge places cards exactly in the
zones and snap points the generated table draws, and reads drops with the same boxes.

Zones come from the asset adapter (`tts_bridge.assets.games.<game>.ADAPTER.zones`: name, x, z,
w, h, slots, kind, for seat 0, which sits at negative z; seat 1 is mirrored through the centre).
A game whose asset adapter is missing uses the fallback zones its session adapter provides, in
the same format. Local coordinates: lx across, lz from the centre line towards the player.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Iterable

from tts_bridge.saves.table import CARD_SPIN


def seat_spin(seat: int) -> float:
    """The rotY of a card facing `seat` (the same as the table save's decks and snap points)."""
    return CARD_SPIN[seat]


@dataclass(frozen=True)
class ZoneBox:
    name: str
    x: float          # seat-0 world centre (as in the asset adapter)
    z: float
    w: float
    h: float
    slots: int = 1
    kind: str = "pile"  # pile | row | area | hand

    @property
    def local_box(self) -> tuple[float, float, float, float]:
        return (self.x - self.w / 2, self.x + self.w / 2, -self.z - self.h / 2, -self.z + self.h / 2)


class Geometry:
    def __init__(self, zones: Iterable[Any], card_y: float = 1.5, source: str = "") -> None:
        self.zones = {z.name: ZoneBox(z.name, float(z.x), float(z.z), float(z.w), float(z.h), int(getattr(z, "slots", 1)),
                                      str(getattr(z, "kind", "pile"))) for z in zones}
        self.card_y = card_y
        self.source = source

    @classmethod
    def for_game(cls, game_id: str, fallback: Iterable[Any]) -> "Geometry":
        """The asset pipeline's zones for `game_id` when its adapter exists, else `fallback`."""
        try:
            from tts_bridge.assets.games import adapter_module
            zones = importlib.import_module(adapter_module(game_id)).ADAPTER.zones
            if zones:
                return cls(zones, source="asset adapter")
        except Exception:  # noqa: BLE001 - the asset package is optional for the bridge
            pass
        return cls(fallback, source="built-in")

    # -- coordinates ------------------------------------------------------------------------
    @staticmethod
    def to_world(seat: int, lx: float, lz: float, y: float) -> tuple[float, float, float]:
        return (lx, y, -lz) if seat == 0 else (-lx, y, lz)

    @staticmethod
    def to_local(seat: int, pos: tuple[float, float, float]) -> tuple[float, float]:
        return (pos[0], -pos[2]) if seat == 0 else (-pos[0], pos[2])

    def zone_at(self, lx: float, lz: float) -> str | None:
        """The smallest zone containing a local point (zones may overlap a little)."""
        best, area = None, None
        for zone in self.zones.values():
            x0, x1, z0, z1 = zone.local_box
            if x0 <= lx <= x1 and z0 <= lz <= z1 and (area is None or zone.w * zone.h < area):
                best, area = zone.name, zone.w * zone.h
        return best

    def slot(self, name: str, i: int, n: int = 1) -> tuple[float, float]:
        """Local position of the i-th of n cards in a zone."""
        zone = self.zones[name]
        cx, cz = zone.x, -zone.z
        if zone.kind == "row":
            pitch = zone.w / max(zone.slots, 1)
            k = min(i, zone.slots - 1)
            x = zone.x - zone.w / 2 + pitch * (k + 0.5) + 0.4 * max(0, i - zone.slots + 1)
            return (x, cz)
        if zone.kind == "hand":
            if n <= 1:
                return (cx, cz)
            span = min(zone.w - 2.6, 2.6 * (n - 1))
            return (cx - span / 2 + span * i / (n - 1), cz)
        if zone.kind == "area":
            return (cx - zone.w / 2 + 1.4 + min(0.5 * i, max(zone.w - 2.8, 0)), cz)
        return (cx, cz)

    def y(self, name: str, i: int) -> float:
        """Cards in a pile stack upwards so TTS shows the last one on top."""
        return self.card_y + (0.03 * i if self.zones[name].kind == "pile" else 0.0)

    def world(self, seat: int, name: str, i: int = 0, n: int = 1) -> tuple[float, float, float]:
        lx, lz = self.slot(name, i, n)
        return self.to_world(seat, lx, lz, self.y(name, i))
