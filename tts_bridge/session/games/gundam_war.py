"""Gundam War on the table: zones from the asset pipeline's gundam-war layout (the boxes and
snap points the generated table draws) and the physical moves that stand for engine actions.

The three battle areas (Earth Area, Fighting Arena, Space Area) are shared zones in the middle
of the table, drawn once in seat 0's world coordinates; each side's squad lies on its own half.
Homeland and Discard Pile are face-down piles (one object each: their order never leaves the
engine); set cards lie under their set target; rolled cards are turned sideways.
"""

from __future__ import annotations

from types import SimpleNamespace

from engine.core.errors import Refusal
from engine.core.game import Game
from engine.games.gundam_war.state import AREAS, ZONES, controller, defn, where
from engine.games.gundam_war.state import is_rolled, is_unit, power
from engine.games.gundam_war.view import card_view

from tts_bridge.assets.games.gundam_war import POLLUTION, VULTURE
from tts_bridge.session.games import DropSite, Physical, Placement, card_object, card_ref, hidden_card_names, result_lines
from tts_bridge.session.games.geometry import Geometry, seat_spin

# what players call each zone and the rule that says what goes there: the engine's declaration
# (the card-coins' "gone" has no place on the table, so neither)
ZONE_RULE = {z.name: z.rule for z in ZONES if z.rule}
ZONE_WORDS = {z.name: z.label for z in ZONES if z.label}
PHYSICAL = ("play", "sortie", "discard", "retrieve", "change")  # actions a card move can stand for


def _z(name: str, x: float, z: float, w: float, h: float, slots: int = 1, kind: str = "pile") -> SimpleNamespace:
    return SimpleNamespace(name=name, x=x, z=z, w=w, h=h, slots=slots, kind=kind)


# the asset layout (tts_bridge/assets/games/gundam_war.py, GW-L.4), used if it cannot be imported
FALLBACK_ZONES = (
    _z("earth", -9.0, 0.0, 8.0, 8.0, 1, "shared"), _z("arena", 0.0, 0.0, 6.0, 8.0, 1, "shared"),
    _z("space", 9.0, 0.0, 8.0, 8.0, 1, "shared"), _z("deploy", -1.5, -6.6, 21.0, 4.0, 7, "row"),
    _z("hangar", -1.5, -10.8, 21.0, 4.0, 7, "row"), _z("homeland", 12.5, -6.6, 2.8, 3.8),
    _z("discard", 15.5, -6.6, 2.8, 3.8), _z("junk", 12.5, -10.8, 2.8, 3.8), _z("removed", 15.5, -10.8, 2.8, 3.8),
    _z("played", 15.5, -2.4, 2.8, 3.8), _z("hand", -1.5, -15.0, 18.0, 3.6, 1, "hand"),
)
CARD_W = 2.2
PILES = ("homeland", "discard")                      # face-down piles: one object each
LAID = ("hand", "hangar", "deploy", "junk", "removed", "played", "gone") + AREAS


class GundamWarAdapter:
    game_id = "gundam-war"
    hand_zones = ("hand",)
    token_tag = "coin"  # card-coins wear the save's coin token picture (its Custom_Tile tagged "coin")

    def __init__(self) -> None:
        full = Geometry.for_game("gundam-war", FALLBACK_ZONES)
        shared = [z for z in full.zones.values() if z.kind == "shared"]
        self.geo = Geometry([z for z in full.zones.values() if z.kind != "shared"], source=full.source)
        self.areas = {z.name: z for z in shared}   # world coordinates, one box for both seats

    # -- positions ------------------------------------------------------------------------------
    def _row(self, seat: int, name: str, i: int, n: int) -> tuple[float, float, float]:
        """The snap points while they suffice, then the row closes up so every card stays reachable."""
        zone = self.geo.zones[name]
        if n <= zone.slots:
            return self.geo.world(seat, name, i, n)
        pitch = (zone.w - CARD_W) / max(n - 1, 1)
        lx = zone.x - (zone.w - CARD_W) / 2 + pitch * i
        return self.geo.to_world(seat, lx, -zone.z, self.geo.card_y)

    def _squad(self, seat: int, area: str, i: int, n: int) -> tuple[float, float, float]:
        """A squad on its side's half of the shared area, front first from the player's left."""
        box = self.areas[area]
        n = max(n, 1)
        pitch = min(2.4, (box.w - CARD_W) / max(n - 1, 1))
        lx = -pitch * (n - 1) / 2 + pitch * i
        dz = box.h / 4
        return (box.x + lx, self.geo.card_y, box.z - dz) if seat == 0 else (box.x - lx, self.geo.card_y, box.z + dz)

    def _pos(self, seat: int, name: str, i: int, n: int) -> tuple[float, float, float]:
        if name in AREAS:
            return self._squad(seat, name, i, n)
        if name in ("deploy", "hangar"):
            return self._row(seat, name, i, n)
        if name == "gone":
            x, y, z = self.geo.world(seat, "removed", i, n)
            return (x, y + 0.5, z)
        return self.geo.world(seat, name, i, n)

    # -- the table the engine state implies ---------------------------------------------------
    def placements(self, game: Game, colors: list[str]) -> dict[str, Placement]:
        state = game.state
        table = state.table
        out: dict[str, Placement] = {}
        for seat in (0, 1):
            for name in LAID:
                ids = table.zones[f"{seat}.{name}"]
                for i, card in enumerate(ids):
                    out[card_ref(card)] = self._card(game, card, seat, name, self._pos(seat, name, i, len(ids)))
            for name in PILES:
                count = len(table.zones[f"{seat}.{name}"])
                label = f"{colors[seat]}'s {ZONE_WORDS[name]}"
                out[f"{name}{seat}"] = Placement(self.geo.world(seat, name), True,
                                                 (label, f"{count} cards, face down (order hidden)"),
                                                 kind="pile", owner=seat, spin=seat_spin(seat))
        # set cards fan out under their set target (a set group may be two deep), towards its controller
        for seat in (0, 1):
            for card in table.zones[f"{seat}.set"]:
                depth, base = 0, card
                while base in state.set_on and depth < 5:
                    base, depth = state.set_on[base], depth + 1
                anchor = out.get(card_ref(base))
                if anchor is None:
                    continue
                x, y, z = anchor.pos
                dz = -0.6 * depth if seat == 0 else 0.6 * depth
                out[card_ref(card)] = self._card(game, card, seat, "set", (x, y - 0.05 * depth, z + dz))
        return out

    def _card(self, game: Game, card: int, seat: int, zone: str, pos: tuple[float, float, float]) -> Placement:
        state = game.state
        table = state.table
        spin = seat_spin(seat)
        public = table.visible_to(card, 0) and table.visible_to(card, 1)
        own_hand = zone in self.hand_zones and table.visible_to(card, seat)
        if not (public or own_hand):
            return Placement(pos, True, None, owner=seat, spin=spin)
        # a card faces its owner, as in the real saves, even laid under an enemy set target
        # (GW-A-20.7 puts a set card under its target's controller)
        owner = table.cards[card].owner
        spin = seat_spin(owner)
        if zone in ("deploy", "set") + AREAS and is_rolled(state, card):
            spin += 90.0                                  # GW-B-7: a rolled card lies sideways
        d = table.cards[card].defn
        # GW-A-21.4: a card-coin is a coin treated as a Unit, so the table shows the save's coin
        # token (no sheet has a face for it)
        kind = "tokens" if card in state.card_coins else "card"
        return Placement(pos, False, (d.title, self._describe(game, card, zone)), card=d.id, owner=owner,
                         spin=spin, kind=kind)

    def _describe(self, game: Game, card: int, zone: str) -> str:
        state = game.state
        d = defn(state, card)
        cost = f", cost {d.total}/{d.resource}" if d.type != "g" and (d.total or d.resource) else ""
        lines = [f"{d.type.title()} - {d.colour}{cost}"]
        if zone in ("deploy", "set") + AREAS:
            v = card_view(state, card, None)
            if "melee" in v:
                stat = "/".join("*" if s is None else str(s) for s in (v["melee"], v["shooting"], v["defense"]))
                lines.append(f"{stat}, damage {v['damage']}" + (", destroyed" if v["destroyed"] else ""))
            if v.get("rolled"):
                lines.append("rolled")
        if d.text:
            lines.append(d.text)
        return "\n".join(lines)

    @staticmethod
    def card_object(placement: Placement) -> dict:
        """A card-coin marker stays movable like a card: it sorties and rolls as a Unit."""
        data = card_object(placement)
        return {**data, "Locked": False} if placement.kind == "tokens" else data

    def counters(self, game: Game) -> dict[str, int]:
        """Values of the table save's Counter objects, named as the asset pipeline names them."""
        state = game.state
        out = {}
        for seat in (0, 1):
            out[POLLUTION.object_name(seat)] = state.pollution[seat]
            out[VULTURE.object_name(seat)] = state.vulture_points[seat]
        return out

    # -- drops -> actions ---------------------------------------------------------------------
    def site_at(self, game: Game, pos: tuple[float, float, float], table: dict[str, Placement]) -> DropSite:
        state = game.state
        target, best = None, 1.2
        for seat in (0, 1):
            for name in ("deploy", "set") + AREAS:
                for card in state.table.zones[f"{seat}.{name}"]:
                    p = table.get(card_ref(card))
                    if p is None:
                        continue
                    dist = ((p.pos[0] - pos[0]) ** 2 + (p.pos[2] - pos[2]) ** 2) ** 0.5
                    if dist < best:
                        target, best = card, dist
        for name, box in self.areas.items():
            if abs(pos[0] - box.x) <= box.w / 2 and abs(pos[2] - box.z) <= box.h / 2:
                return DropSite(0 if pos[2] <= box.z else 1, name, target)
        for seat in (0, 1):
            lx, lz = self.geo.to_local(seat, pos)
            zone = self.geo.zone_at(lx, lz)
            if zone is not None:
                return DropSite(seat, zone, target)
        return DropSite(None, None, target)

    def drop_actions(self, game: Game, seat: int, card: int, site: DropSite) -> list[dict] | None:
        """Candidate actions for dropping `card` at `site` ([] = no move means this; None = a
        harmless rearrangement, such as reordering your own hand). The candidates are the
        pending options the drop fits; when none fits, the plain move, so the engine's refusal
        (with its rule) is what the player hears."""
        state = game.state
        pending = game.pending()
        if pending is not None and pending.kind == "simultaneous_entry" and pending.seat == seat \
                and site.zone == "junk":  # GW-A-26.8: the attacker discards one of the cards that entered together
            return [o.action for o in pending.options if o.action.get("card") == card]
        if controller(state, card) != seat:
            return []
        here = where(state, card)
        opts = [o.action for o in (pending.options if pending is not None and pending.seat == seat else ())
                if o.action.get("card") == card]
        if here in ("hand", "hangar"):
            if here == "hand" and site.zone == "hand" and site.seat == seat and site.target is None:
                return None
            if site.zone == "junk" and site.seat == seat and here == "hand":
                return [{"type": "discard", "card": card}]            # GW-B-12.3 hand limit
            if site.target is not None:
                fits = [a for a in opts if a.get("target") == site.target and a["type"] in ("play", "change")]
                if fits:
                    return fits
            if site.seat == seat and site.zone in ("deploy", "played"):
                plays = [a for a in opts if a["type"] == "play"]
                untargeted = [a for a in plays if "target" not in a]
                return untargeted or plays or [self._plain_play(state, card, site)]
            if site.target is not None:
                return [self._plain_play(state, card, site)]
            return []
        if here == "deploy" and site.zone in AREAS:
            return [a for a in opts if a["type"] == "sortie" and a["area"] == site.zone] or \
                [{"type": "sortie", "card": card, "area": site.zone}]
        if here == "junk" and site.zone == "hand" and site.seat == seat:
            return [{"type": "retrieve", "card": card}]
        return []

    @staticmethod
    def _plain_play(state, card: int, site: DropSite) -> dict:
        d = defn(state, card)
        takes = d.type in ("character", "command") or (d.type == "operation" and d.set)
        return {"type": "play", "card": card, **({"target": site.target} if takes and site.target is not None else {})}

    def no_move(self, game: Game, seat: int, card: int, site: DropSite) -> Refusal:
        state = game.state
        here = where(state, card)
        if controller(state, card) != seat:
            return Refusal("GW-A-3.2.1", "That card is not yours to move; you can only move cards you manage.")
        if here in ("hand", "hangar"):
            dest = f"the {ZONE_WORDS[site.zone]}" if site.zone in ZONE_WORDS else "outside the zones"
            if site.seat is not None and site.seat != seat and site.zone not in AREAS:
                dest = f"your opponent's {ZONE_WORDS.get(site.zone or '', 'zone')}"
            return Refusal(ZONE_RULE.get(site.zone or "", "GW-A-8.1"),
                           f"A card from your {ZONE_WORDS[here]} cannot go to {dest}. Play it by dropping it in your "
                           "Deploy Area (Commands in your played-card area, Characters and targets onto their card).")
        return Refusal(ZONE_RULE.get(here, "GW-A-2.1"),
                       f"Cards in your {ZONE_WORDS.get(here, here)} stay there unless an effect moves them; "
                       "use the referee's buttons for texts, passing and other choices.")

    def movable(self, game: Game, seat: int) -> set[int]:
        """Cards `seat` may pick up: its hand and Hangar (to try things; bad drops are put back)
        and every card a card move can decide in its pending decision."""
        z = game.state.table.zones
        out = set(z[f"{seat}.hand"]) | set(z[f"{seat}.hangar"])
        pending = game.pending()
        if pending is not None and pending.seat == seat:
            for o in pending.options:
                if o.action.get("type") in PHYSICAL and isinstance(o.action.get("card"), int):
                    out.add(o.action["card"])
        return out

    def status_lines(self, game: Game, colors: list[str]) -> list[str]:
        state = game.state
        lines = [f"Gundam War - turn {state.turn}, {state.step.replace('_', ' ')}"
                 + (f", {colors[state.active]}'s turn" if state.phase == "turn" else ", opening hands")]
        pending = game.pending()
        if pending is not None:
            lines.append(f"Waiting for {colors[pending.seat]}: {pending.prompt}")
        if state.cut:
            lines.append(f"Cut: {len(state.cut)} effect(s) waiting to resolve")
        for seat in (0, 1):
            z = state.table.zones
            pw = power(state, seat)
            lines.append(f"{colors[seat]}: Homeland {len(z[f'{seat}.homeland'])}, hand {len(z[f'{seat}.hand'])}, "
                         f"Junk Yard {len(z[f'{seat}.junk'])}, National Power {sum(pw.values())}, "
                         f"pollution {state.pollution[seat]}, Vulture {state.vulture_points[seat]}")
        return lines + result_lines(game, colors)

    def hidden_names(self, game: Game, seat: int) -> set[str]:
        """Titles of cards `seat` may not see now that it cannot also see elsewhere (the
        session's last check before any text goes to that seat's colour)."""
        return hidden_card_names(game, seat)

    # -- for bots that play with their hands (demo, tests) ------------------------------------
    def physical(self, game: Game, seat: int, action: dict, table: dict[str, Placement]) -> Physical | None:
        state = game.state
        kind = action.get("type")
        card = action.get("card")
        z = state.table.zones
        if kind in ("play", "change"):
            if action.get("target") is not None:
                target = table.get(card_ref(action["target"]))
                return Physical(card, target.pos) if target else None
            if defn(state, card).type == "command":
                return Physical(card, self.geo.world(seat, "played"))
            n = len(z[f"{seat}.deploy"])
            return Physical(card, self._row(seat, "deploy", n, n + 1))
        if kind == "sortie":
            n = len(z[f"{seat}.{action['area']}"])
            return Physical(card, self._squad(seat, action["area"], n, n + 1))
        if kind == "discard":
            return Physical(card, self.geo.world(seat, "junk"))
        if kind == "retrieve":
            return Physical(card, self.geo.world(seat, "hand"))
        return None

    def cheats(self, game: Game, colors: list[str]) -> list[tuple[int, int, tuple[float, float, float], str]]:
        """Illegal physical moves worth trying now: (seat, card, drop position, description)."""
        state = game.state
        pending = game.pending()
        if pending is None:
            return []
        z = state.table.zones
        out = []
        idle = 1 - pending.seat
        if z[f"{idle}.hand"]:
            out.append((idle, z[f"{idle}.hand"][0], self.geo.world(idle, "played"), "play without priority"))
        if pending.kind not in ("free_timing", "cut_in"):
            return out
        active = pending.seat
        mine = z[f"{active}.hand"]
        if mine:
            out.append((active, mine[0], self.geo.world(active, "junk"), "discard a hand card outside the hand limit"))
            out.append((active, mine[-1], self.geo.world(1 - active, "homeland"), "put a hand card on the enemy Homeland"))
        units = [c for c in mine if is_unit(state, c)
                 and not any(o.action.get("card") == c for o in pending.options)]
        if units:
            out.append((active, units[0], self._row(active, "deploy", 0, 1), "deploy a Unit out of timing"))
        return out


ADAPTER = GundamWarAdapter()
