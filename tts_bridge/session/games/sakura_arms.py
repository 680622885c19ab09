"""Sakura Arms on the table: zones from the asset pipeline's sakura-arms layout (the same boxes
the generated table draws), the physical moves that stand for engine actions, and the sakura
tokens shown as one labelled marker per token zone (the engine moves tokens; the table shows
the counts, rules 6-3 and 7-1).

Physical moves: a card from your hand (or an unused Special card) dropped on your In-use area
or your Enhancement row is used (8-2-2, 9-2) or, when you are attacked, reacts (9-4 i); a hand
card dropped on your face-down pile pays for a basic action (9-7 ii-B, you then pick which) or
is put face down for the hand limit or an additional cost (8-3-2, 10-31). Everything else
(mulligan, modes, basic actions paid with Vigor, damage, Charge, choices) is a button.
"""

from __future__ import annotations

from types import SimpleNamespace

from engine.core.errors import Refusal
from engine.core.game import Game
from engine.games.sakura_arms.cards import BASIC_ACTIONS
from engine.games.sakura_arms.guards import KINDS
from engine.games.sakura_arms.state import (AURA, CARD, DIST, FLARE, LIFE, SHADOW, CARDLESS_ZONES, ZONES,
                                            current_distance)

from tts_bridge.assets.games.sakura_arms import VIGOR, FLINCH
from tts_bridge.session.games import DropSite, Physical, Placement, card_object, card_ref, hidden_card_names, result_lines
from tts_bridge.session.games.geometry import Geometry, seat_spin

ZONE_RULE = {z.name: z.rule for z in ZONES + CARDLESS_ZONES}
ZONE_WORDS = {z.name: z.label for z in ZONES + CARDLESS_ZONES}


def _z(name: str, x: float, z: float, w: float, h: float, slots: int = 1, kind: str = "pile") -> SimpleNamespace:
    return SimpleNamespace(name=name, x=x, z=z, w=w, h=h, slots=slots, kind=kind)


# rules/sakura-arms.md B.3 as the asset adapter lays it out; used when the asset package is absent
FALLBACK_ZONES = (
    _z("distance", -2.0, 0.0, 9.0, 1.6, kind="shared"), _z("shadow", 6.0, 0.0, 4.0, 1.6, kind="shared"),
    _z("aura", -6.0, -2.6, 5.0, 2.0, 5, "row"), _z("flare", 0.0, -2.6, 4.0, 2.0, kind="area"),
    _z("life", 6.5, -2.6, 7.0, 2.0, 10, "row"), _z("enhancement", -1.5, -6.0, 9.0, 3.8, 3, "row"),
    _z("special", -11.0, -6.0, 9.0, 3.8, 3, "row"), _z("in_use", 5.5, -6.0, 2.8, 3.8),
    _z("played", 9.0, -6.0, 2.8, 3.8), _z("deck", 12.0, -6.0, 2.8, 3.8), _z("facedown", 15.0, -6.0, 2.8, 3.8),
    _z("goddess", -11.0, -10.2, 6.0, 3.8, 2, "row"), _z("extra", -6.0, -10.2, 2.8, 3.8),
    _z("sealed", -3.0, -10.2, 2.8, 3.8), _z("hand", 4.0, -10.6, 12.0, 3.6, kind="hand"),
)
CARD_ZONES = ("hand", "played", "facedown", "enhancement", "special", "extra", "sealed", "in_use", "out")
OUT_LOCAL = (18.5, 6.0)  # cards removed from the game face up (10-18): beside the face-down pile
USE_ZONES = ("in_use", "enhancement", "played")


class SakuraArmsAdapter:
    game_id = "sakura-arms"
    clear_tags = ("sakura",)  # the save's loose sakura tiles: the engine's token markers replace them
    token_tag = "sakura"      # the engine's token markers wear the save's sakura token picture
    hand_zones = ("hand",)

    def __init__(self) -> None:
        self.geo = Geometry.for_game("sakura-arms", FALLBACK_ZONES)

    # -- the table the engine state implies ---------------------------------------------------
    def placements(self, game: Game, colors: list[str]) -> dict[str, Placement]:
        s = game.state
        table = s.table
        geo = self.geo
        out: dict[str, Placement] = {}
        for seat in (0, 1):
            spin = seat_spin(seat)
            for zone in CARD_ZONES:
                ids = [c for c in table.zone(seat, zone) if zone != "out" or c not in table.face_down]
                for i, card in enumerate(ids):  # unchosen cards (face down, out) stay in the box
                    if zone == "out":
                        pos = geo.to_world(seat, OUT_LOCAL[0] + 0.4 * i, OUT_LOCAL[1], geo.card_y + 0.03 * i)
                    else:
                        pos = geo.world(seat, zone, i, len(ids))
                    out[card_ref(card)] = self._card(game, card, seat, zone, pos,
                                                     spin + (90.0 if zone == "facedown" else 0.0))
            count = len(table.zone(seat, "deck"))
            out[f"deck{seat}"] = Placement(geo.world(seat, "deck"), True,
                                           (f"{colors[seat]}'s deck", f"{count} cards (order hidden, 7-1-6)"),
                                           kind="pile", owner=seat, spin=spin)
            goddesses = game.rules.cards().goddesses
            for i, gid in enumerate(s.goddesses[seat]):  # 2-1: the chosen goddesses are public
                g = goddesses.get(gid)
                name = g.name if g else gid
                out[f"goddess{seat}_{i}"] = Placement(geo.world(seat, "goddess", i, 2), False,
                                                      (name, f"{colors[seat]}'s goddess"), kind="goddess",
                                                      card=gid, owner=seat, spin=spin)
            for key, zone, word in ((AURA[seat], "aura", "Aura"), (LIFE[seat], "life", "Life"),
                                    (FLARE[seat], "flare", "Flare")):
                n = s.tok[key]
                out[f"tok_{zone}{seat}"] = Placement(self._zone_centre(seat, zone), False,
                                                     (f"{colors[seat]}'s {word}: {n} sakura", self._token_note(zone)),
                                                     kind="tokens", owner=seat, spin=spin)
        dist = s.tok[DIST]
        out["tok_distance"] = Placement(self._zone_centre(0, "distance"), False,
                                        (f"Distance: {dist} sakura", f"Current Distance {current_distance(s)} after "
                                         f"effects (5-2-1); Mastery Zone 2 or less (5-2-2)"), kind="tokens")
        out["tok_shadow"] = Placement(self._zone_centre(0, "shadow"), False,
                                      (f"Shadow: {s.tok[SHADOW]} sakura", "Tokens spent on costs and damage (7-1-5)"),
                                      kind="tokens")
        return out

    def _zone_centre(self, seat: int, zone: str) -> tuple[float, float, float]:
        z = self.geo.zones[zone]
        return self.geo.to_world(seat, z.x, -z.z, self.geo.card_y)

    @staticmethod
    def _token_note(zone: str) -> str:
        return {"aura": "Absorbs damage; at most 5 (7-1-3)", "life": "At 0 the duel is lost (4-2, 7-1-2)",
                "flare": "Pays the cost of Special cards (7-1-4)"}[zone]

    def _card(self, game: Game, card: int, seat: int, zone: str, pos: tuple[float, float, float],
              spin: float) -> Placement:
        s = game.state
        table = s.table
        face_down = card in table.face_down or zone == "facedown"
        public = table.visible_to(card, 0) and table.visible_to(card, 1) and not face_down
        own_hand = zone in self.hand_zones and table.visible_to(card, seat)
        if not (public or own_hand):
            return Placement(pos, True, None, owner=seat, spin=spin)
        d = table.cards[card].defn
        desc = [f"{d.category.title()} {d.type}" + (f" ({d.subtype})" if d.subtype else "")]
        tokens = s.tok.get(CARD + card, 0)
        if zone in ("enhancement", "special", "in_use") and tokens:
            desc.append(f"{tokens} sakura token(s) on it")
        if zone == "special":
            desc.append("used (Devoted)" if card in s.special_used else "unused")
        if card in s.sealed_by:
            desc.append("sealed (10-9)")
        if d.text:
            desc.append(d.text)
        return Placement(pos, False, (d.name, "\n".join(desc)), card=d.id, owner=seat, spin=spin)

    card_object = staticmethod(card_object)

    def counters(self, game: Game) -> dict[str, int]:
        """Values of the table save's Vigor and Flinch counters (named as the asset pipeline names them)."""
        s = game.state
        out = {}
        for seat in (0, 1):
            out[VIGOR.object_name(seat)] = s.vigor[seat]
            out[FLINCH.object_name(seat)] = int(s.flinch[seat])
        return out

    # -- drops -> actions ---------------------------------------------------------------------
    def site_at(self, game: Game, pos: tuple[float, float, float], table: dict[str, Placement]) -> DropSite:
        """The zone under a drop: the shared centre line first, then each seat's own zones."""
        for seat in (0, 1):
            lx, lz = self.geo.to_local(seat, pos)
            best, area = None, None
            for zone in self.geo.zones.values():
                if seat == 1 and zone.kind == "shared":
                    continue
                x0, x1, z0, z1 = zone.local_box
                if x0 <= lx <= x1 and z0 <= lz <= z1 and (area is None or zone.w * zone.h < area):
                    best, area = zone, zone.w * zone.h
            if best is not None:
                return DropSite(None if best.kind == "shared" else seat, best.name)
        return DropSite(None, None)

    def drop_actions(self, game: Game, seat: int, card: int, site: DropSite) -> list[dict] | None:
        """Candidate actions for dropping `card` at `site` ([] = no move means this; None = a
        harmless rearrangement, such as reordering your own hand)."""
        s = game.state
        table = s.table
        where = table.zone_name(card)
        if table.cards[card].owner != seat:
            return []
        if where == "hand" and site.zone == "hand" and site.seat == seat:
            return None
        if site.seat != seat or where not in ("hand", "special") or card in s.special_used:
            return []
        pending = game.pending()
        kind = pending.kind if pending is not None else None
        if site.zone in USE_ZONES and (site.zone != "enhancement" or table.cards[card].defn.type == "enhancement"):
            use, react = {"type": "use", "card": card}, {"type": "react", "card": card}
            return [react, use] if kind == "reaction" else [use, react]
        if site.zone == "facedown" and where == "hand":
            cover = {"type": "cover", "card": card}
            basics = [o.action for o in (pending.options if pending else [])
                      if o.action.get("type") == "basic" and o.action.get("pay") == card]
            basics = basics or [{"type": "basic", "action": a, "pay": card} for a in BASIC_ACTIONS]
            return [cover] + basics if kind in ("hand_limit", "cover_cost") else basics + [cover]
        return []

    def no_move(self, game: Game, seat: int, card: int, site: DropSite) -> Refusal:
        s = game.state
        table = s.table
        where = table.zone_name(card)
        if table.cards[card].owner != seat:
            return Refusal("5-4", "That card is not yours; you can only move your own cards.")
        if where in ("hand", "special") and card not in s.special_used:
            dest = ZONE_WORDS.get(site.zone or "", "outside the zones")
            if site.seat is not None and site.seat != seat:
                dest = f"your opponent's side ({dest})"
            what = "A card from your hand" if where == "hand" else "A Special card"
            return Refusal(ZONE_RULE.get(site.zone or "", ZONE_RULE[where]),
                           f"{what} cannot go to {dest}. Drop it on your In-use area to use it, or a hand card on "
                           f"your face-down pile to pay for a basic action; sakura tokens move only through "
                           f"the referee's buttons.")
        return Refusal(ZONE_RULE.get(where, "7-1"),
                       f"Cards in {ZONE_WORDS.get(where, where)} stay there unless an effect moves them; "
                       f"use the referee's buttons.")

    def movable(self, game: Game, seat: int) -> set[int]:
        """Cards `seat` may pick up: its hand and unused Specials (to try things; bad drops are
        put back) and every card named by an option of its pending decision."""
        s = game.state
        out = set(s.table.zone(seat, "hand"))
        out.update(c for c in s.table.zone(seat, "special") if c not in s.special_used)
        pending = game.pending()
        if pending is not None and pending.seat == seat:
            for o in pending.options:
                for key in ("card", "pay"):
                    value = o.action.get(key)
                    if isinstance(value, int) and not isinstance(value, bool) and \
                            s.table.zone_name(value) in ("hand", "special"):
                        out.add(value)
        return out

    def status_lines(self, game: Game, colors: list[str]) -> list[str]:
        view = game.view(0)  # only public fields are read below
        mode = f", {view['mode'].replace('_', '-')} action" if view["mode"] and view["phase"] == "main" else ""
        lines = [f"Sakura Arms - turn {view['turn']} ({colors[view['active']]}), {view['phase']} phase{mode}",
                 f"Distance {view['distance']} ({view['distance_tokens']} tokens), Shadow {view['shadow']}"]
        pending = game.pending()
        if pending is not None:  # the generic wording: a prompt may name a card only its seat sees
            lines.append(f"Waiting for {colors[pending.seat]}: {KINDS[pending.kind][2]}")
        for seat in (0, 1):
            p = view["players"][seat]
            lines.append(f"{colors[seat]}: Life {p['life']}, Aura {p['aura']}, Flare {p['flare']}, "
                         f"Vigor {p['vigor']}{', flinched' if p['flinched'] else ''}; "
                         f"deck {p['deck']['count']}, hand {p['hand']['count']}")
        return lines + result_lines(game, colors)

    def hidden_names(self, game: Game, seat: int) -> set[str]:
        """Names of cards `seat` may not see now that it cannot also see elsewhere (the
        session's last check before any text goes to that seat's colour)."""
        return hidden_card_names(game, seat, "name")

    # -- for bots that play with their hands (demo, tests) ------------------------------------
    def physical(self, game: Game, seat: int, action: dict, table: dict[str, Placement]) -> Physical | None:
        s = game.state
        kind = action.get("type")
        if kind in ("use", "react"):
            card = action["card"]
            return Physical(card, self.geo.world(seat, "in_use", len(s.table.zone(seat, "in_use"))))
        if kind == "cover" or (kind == "basic" and isinstance(action.get("pay"), int)):
            card = action["card"] if kind == "cover" else action["pay"]
            return Physical(card, self.geo.world(seat, "facedown", len(s.table.zone(seat, "facedown"))))
        return None

    def cheats(self, game: Game, colors: list[str]) -> list[tuple[int, int, tuple[float, float, float], str]]:
        """Illegal physical moves worth trying now: (seat, card, drop position, description)."""
        s = game.state
        pending = game.pending()
        if pending is None or pending.kind != "main":
            return []
        out = []
        idle, active = 1 - pending.seat, pending.seat
        hand = s.table.zone(idle, "hand")
        if hand:
            out.append((idle, hand[0], self.geo.world(idle, "in_use"), "use a card on the opponent's turn"))
        mine = s.table.zone(active, "hand")
        if mine:
            out.append((active, mine[0], self._zone_centre(0, "distance"), "put a hand card on the Distance"))
            legal = [o.action for o in pending.options]
            unusable = [c for c in mine if {"type": "use", "card": c} not in legal]
            if unusable:
                out.append((active, unusable[0], self.geo.world(active, "in_use"),
                            "use a card the rules do not allow now"))
        return out


ADAPTER = SakuraArmsAdapter()
