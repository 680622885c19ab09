"""Qiguang on the table: zones from the asset pipeline's qiguang layout (the spec's proposed
geometry as a fallback) and the physical moves that stand for engine actions.

Natural moves: a character dragged from hand into one of your standby zones summons it there
(QG-3.4.3); a spell, field or creation dragged from hand into the chain area, your field or
support area, or onto the card it targets plays it (QG-4.6); a character in a combat zone
dragged onto the opposing combat zone in front of it attacks (QG-3.5.1). Paying, responding,
the draw choice and phase ends are buttons.

Lanes (spec "Geometry"): lane i of both players lies in the same table column, so C_i faces
the opponent's C_i; seen from seat 1, lane 1 is on the right. The asset layout's boxes are
mirrored through the centre, so seat 1's lane i sits in its box number N+1-i.
"""

from __future__ import annotations

from types import SimpleNamespace

from engine.core.errors import Refusal
from engine.core.game import Game
from engine.games.qiguang.cards import RACE_NAMES, RACES
from engine.games.qiguang.state import ZONES, attack, health

from tts_bridge.assets.games.qiguang import LIFE
from tts_bridge.session.games import DropSite, Physical, Placement, card_object, card_ref, hidden_card_names, result_lines
from tts_bridge.session.games.geometry import Geometry, seat_spin

BOXES = 5  # standby/combat boxes per seat on the generated table (the spec's N = 5)
STANDBY = tuple(f"standby{i}" for i in range(1, BOXES + 1))
COMBAT = tuple(f"combat{i}" for i in range(1, BOXES + 1))
LANE_ZONES = frozenset(STANDBY + COMBAT)
PILES = ("graveyard", "exile", "field")
# what players call each zone: the engine's declaration, plus the table's crystal row (crystals are
# counters in the engine, not a zone)
ZONE_WORDS = {**{z.name: z.label for z in ZONES}, "crystals": "function area"}

WAITING = {"main": "main phase", "battle": "battle phase", "pay": "paying a cost", "draw": "draw or Mana Source",
           "window": "a Lightning response", "respond": "a Lightning response to the chain",
           "choose_order": "going first or second", "crystal_cap": "a crystal to remove (QG-5.4)",
           "surcharge": "a life surcharge (QG-9.5)", "tie": "a tie offer"}


def _z(name: str, x: float, z: float, w: float, h: float, slots: int = 1, kind: str = "pile") -> SimpleNamespace:
    return SimpleNamespace(name=name, x=x, z=z, w=w, h=h, slots=slots, kind=kind)


# rules/qiguang.md "Geometry (Proposal)", seat 0 at negative z, used when the asset adapter is absent
FALLBACK_ZONES = (
    *(_z(f"combat{i}", -6.0 + 3.0 * (i - 1), -2.6, 2.8, 3.8) for i in range(1, BOXES + 1)),
    *(_z(f"standby{i}", -6.0 + 3.0 * (i - 1), -6.8, 2.8, 3.8) for i in range(1, BOXES + 1)),
    _z("crystals", -7.5, -11.0, 13.0, 3.8, 10, "row"), _z("support", 7.5, -11.0, 13.0, 3.8, 4, "row"),
    _z("library", -9.0, -15.2, 2.8, 3.8), _z("graveyard", -6.0, -15.2, 2.8, 3.8), _z("exile", -3.0, -15.2, 2.8, 3.8),
    _z("field", 3.0, -15.2, 2.8, 3.8), _z("chain", 12.5, 0.0, 4.0, 6.0, 1, "shared"),
    _z("hand", 0, -19.6, 18.0, 3.6, 1, "hand"),
)


def box(seat: int, zone: str) -> str:
    """The table box that shows engine zone `zone` of `seat` (lane zones of seat 1 reversed)."""
    if seat == 1 and zone in LANE_ZONES:
        return f"{zone[:-1]}{BOXES + 1 - int(zone[-1])}"
    return zone


lane_zone = box  # the mapping is its own inverse: box name -> engine zone name


class QiguangAdapter:
    game_id = "qiguang"
    hand_zones = ("hand",)

    def __init__(self) -> None:
        self.geo = Geometry.for_game("qiguang", FALLBACK_ZONES)

    # -- the table the engine state implies ---------------------------------------------------
    def placements(self, game: Game, colors: list[str]) -> dict[str, Placement]:
        state = game.state
        table = state.table
        geo = self.geo
        out: dict[str, Placement] = {}
        for seat in (0, 1):
            spin = seat_spin(seat)
            for zone in ("hand", *STANDBY, *COMBAT, "support", *PILES):
                ids = table.zone(seat, zone)
                for i, card in enumerate(ids):
                    pos = geo.world(seat, box(seat, zone), i, len(ids))
                    turned = 90.0 if zone in COMBAT and card in state.attacked else 0.0  # "has attacked" (QG-3.5.1)
                    out[card_ref(card)] = self._card(game, card, seat, zone, pos, spin + turned)
            count = len(table.zone(seat, "library"))
            out[f"deck{seat}"] = Placement(geo.world(seat, "library"), True,
                                           (f"{colors[seat]}'s library", f"{count} cards (order hidden)"),
                                           kind="pile", owner=seat, spin=spin)
            # on the row's second snap point: a card on the first one (the row's slots are half a
            # card wide) hangs over the row's edge and under the crystal bags' labels
            out[f"crystals{seat}"] = Placement(geo.world(seat, "crystals", 1), False,
                                               (f"{colors[seat]}'s race crystals", self._crystals(game, seat)),
                                               kind="pile", owner=seat, spin=spin)
        out.update(self._chain(game))
        return out

    def _chain(self, game: Game) -> dict[str, Placement]:
        """The shared chain area: link 1 at the bottom (nearest White), each link's Mana
        Sources just under its card; cards still leaving the chain after them."""
        state = game.state
        table = state.table
        order: list[int] = []
        for link in state.chain:
            order += ([link.card] if link.card is not None else []) + list(link.mana)
        rest = [c for s in (0, 1) for c in table.zone(s, "chain") if c not in order]
        zone = self.geo.zones["chain"]
        out = {}
        for i, card in enumerate(order + rest):
            pos = (zone.x, self.geo.card_y + 0.03 * i, zone.z - zone.h / 2 + 1.0 + min(0.5 * i, zone.h - 2.0))
            seat = table.cards[card].owner
            out[card_ref(card)] = self._card(game, card, seat, "chain", pos, seat_spin(seat))
        return out

    def _crystals(self, game: Game, seat: int) -> str:
        c = game.state.crystals[seat]
        parts = [f"{RACE_NAMES[r]}: {c[i]} untapped, {c[i + 3]} tapped" for i, r in enumerate(RACES)]
        return "\n".join(parts + [f"{sum(c)}/10 (QG-5.4)"])

    def _card(self, game: Game, card: int, seat: int, zone: str, pos: tuple[float, float, float],
              spin: float) -> Placement:
        state = game.state
        table = state.table
        public = table.visible_to(card, 0) and table.visible_to(card, 1)
        own_hand = zone in self.hand_zones and table.visible_to(card, seat)
        if not (public or own_hand):
            return Placement(pos, True, None, owner=seat, spin=spin)
        d = table.cards[card].defn
        head = d.type + (f", {RACE_NAMES.get(d.race, d.race)}" if d.race else "")
        if d.type != "token":
            head += f", cost {d.cost.label()}"
        desc = [head]
        if d.is_character:
            if zone in LANE_ZONES:
                desc.append(f"attack {attack(state, card)}, health {health(state, card)} "
                            f"(damage {state.damage.get(card, 0)})")
            else:
                desc.append(f"attack {d.attack}, health {d.health}")
        flags = [w for w, on in (("Leader", d.leader), ("Lightning", d.lightning), ("Persistent", d.persistent),
                                 ("World", d.world)) if on]
        if d.inheritor:
            flags.append(f"Inheritor ({RACE_NAMES.get(d.inheritor, d.inheritor)})")
        if flags:
            desc.append(", ".join(flags))
        if d.text:
            desc.append(d.text)
        return Placement(pos, card in table.face_down, (d.name, "\n".join(desc)), card=d.id,
                         owner=seat, spin=spin)

    card_object = staticmethod(card_object)

    def counters(self, game: Game) -> dict[str, int]:
        """The d20 life counters (QG-1.3), named as the asset pipeline names its Counter supply."""
        return {LIFE.object_name(seat): game.state.life[seat] for seat in (0, 1)}

    # -- drops -> actions ---------------------------------------------------------------------
    def site_at(self, game: Game, pos: tuple[float, float, float], table: dict[str, Placement]) -> DropSite:
        state = game.state
        target, best = None, 1.6
        for seat in (0, 1):
            for zone in (*STANDBY, *COMBAT, "support", "field"):
                for card in state.table.zone(seat, zone):
                    p = table.get(card_ref(card))
                    if p is None:
                        continue
                    dist = ((p.pos[0] - pos[0]) ** 2 + (p.pos[2] - pos[2]) ** 2) ** 0.5
                    if dist < best:
                        target, best = card, dist
        for seat in (0, 1):
            lx, lz = self.geo.to_local(seat, pos)
            zone = self.geo.zone_at(lx, lz)
            if zone == "chain":  # one shared chain area in the middle (spec "Shared")
                return DropSite(None, "chain", target)
            if zone is not None:
                return DropSite(seat, lane_zone(seat, zone), target)
        return DropSite(None, None, target)

    def drop_actions(self, game: Game, seat: int, card: int, site: DropSite) -> list[dict] | None:
        """Candidate actions for dropping `card` at `site` ([] = no move means this; None = a
        harmless rearrangement, such as reordering your hand)."""
        table = game.state.table
        if table.cards[card].owner != seat:
            return []
        where = table.zone_name(card)
        d = table.cards[card].defn
        if where == "hand":
            if site.zone == "hand" and site.seat == seat and site.target is None:
                return None
            if d.type == "token":
                return []
            if d.is_character:
                if site.seat == seat and site.zone in LANE_ZONES:
                    lane, row = int(site.zone[-1]), site.zone[:-1]
                    return [{"type": "summon", "card": card, "lane": lane, **({"row": row} if row != "standby" else {})}]
                return []
            if site.target is not None and d.target:  # every X on offer for that target (QG-G32): one is asked
                return self._plays(game, seat, card, target=site.target) or [
                    {"type": "play", "card": card, "target": site.target}]
            if site.zone == "chain" or (site.seat == seat and site.zone in ("field", "support", *LANE_ZONES)):
                return self._plays(game, seat, card) or [{"type": "play", "card": card}]
            return []
        if where in COMBAT and site.seat == 1 - seat:
            lane = int(where[-1])
            if site.zone in LANE_ZONES:
                row, at = site.zone[:-1], int(site.zone[-1])
            elif site.target is not None and table.zone_name(site.target) in LANE_ZONES:
                row, at = table.zone_name(site.target)[:-1], int(table.zone_name(site.target)[-1])
            else:
                return []
            if (row, at) == ("combat", lane):
                return [{"type": "attack", "lane": lane}]
            return [{"type": "attack", "lane": lane, "target_lane": at, "target_row": row}]
        if site.seat == seat and site.zone == where and site.target in (None, card):
            return None  # nudged within its own zone
        return []

    @staticmethod
    def _plays(game: Game, seat: int, card: int, **fields: int) -> list[dict]:
        """The legal plays of `card` (with `fields`, e.g. its target) among `seat`'s options now:
        a card with X is offered once per X, so a drop maps to each and the player picks."""
        mine = game.request_for(seat)
        return [o.action for o in (mine.options if mine else []) if o.action.get("type") == "play"
                and o.action.get("card") == card and all(o.action.get(k) == v for k, v in fields.items())]

    def no_move(self, game: Game, seat: int, card: int, site: DropSite) -> Refusal:
        table = game.state.table
        where = table.zone_name(card)
        d = table.cards[card].defn
        if table.cards[card].owner != seat:
            return Refusal("QG-4.6", "That card is not yours; you can only move your own cards.")
        dest = f"the {ZONE_WORDS[site.zone]}" if site.zone in ZONE_WORDS else "outside the play areas"
        if site.seat is not None and site.seat != seat and site.zone is not None:
            dest = f"your opponent's {ZONE_WORDS.get(site.zone, 'area')}"
        if where == "hand":
            if d.type == "token":
                return Refusal("QG-4.4", "A Mana Source is not played on its own: it pays one crystal of any race "
                                         "when you choose a payment button that uses it.")
            if d.is_character:
                return Refusal("QG-3.4.3", f"A character cannot go to {dest}. Drag it into one of your empty "
                                           f"standby zones to summon it.")
            return Refusal("QG-4.6", f"A {d.type} card cannot go to {dest}. Drop it in the chain area, in your "
                                     f"field or support area, or onto the card it targets.")
        if where in COMBAT:
            return Refusal("QG-3.5.1", "A character in a combat zone attacks only the opposing combat zone "
                                       "directly in front of it; drop it there in your battle phase.")
        if where in STANDBY:
            return Refusal("QG-3.4.1", "Characters in standby advance on their own just before your main phase.")
        return Refusal("QG-4.6", f"Cards in your {ZONE_WORDS.get(where, where)} stay there unless an effect moves "
                                 f"them; use the referee's buttons.")

    def movable(self, game: Game, seat: int) -> set[int]:
        """Your hand (bad drops are put back), and in your battle phase your combat characters."""
        state = game.state
        out = set(state.table.zone(seat, "hand"))
        pending = game.pending()
        if pending is not None and pending.seat == seat and pending.kind == "battle":
            for zone in COMBAT:
                out.update(state.table.zone(seat, zone))
        return out

    def status_lines(self, game: Game, colors: list[str]) -> list[str]:
        view = game.view(None)  # only public fields are read below
        lines = [f"Qiguang - turn {view['turn']}, {view['phase']} phase, {colors[view['active']]} to play"]
        pending = game.pending()
        if pending is not None:
            # not the prompt itself: "Pay 1 unicorn for <card>" names a card still in a hidden hand
            lines.append(f"Waiting for {colors[pending.seat]}: {WAITING.get(pending.kind, 'a decision')}")
        for seat in (0, 1):
            p = view["players"][seat]
            c = p["crystals"]
            lines.append(f"{colors[seat]}: life {p['life']}, library {p['library']['count']}, hand {p['hand']['count']}, "
                         f"crystals E{c['earth']['untapped']}/{c['earth']['untapped'] + c['earth']['tapped']} "
                         f"P{c['pegasus']['untapped']}/{c['pegasus']['untapped'] + c['pegasus']['tapped']} "
                         f"U{c['unicorn']['untapped']}/{c['unicorn']['untapped'] + c['unicorn']['tapped']}")
        if view["chain"]:
            lines.append(f"Chain: {len(view['chain'])} link(s)")
        return lines + result_lines(game, colors)

    def hidden_names(self, game: Game, seat: int) -> set[str]:
        """Titles of cards `seat` may not see now and cannot see elsewhere. Mana Source tokens
        are all alike and every one taken is announced (QG-1.4, QG-3.3.1), so naming one
        reveals nothing."""
        tokens = {c.defn.title for c in game.state.table.cards if c.defn.type == "token"}
        return hidden_card_names(game, seat) - tokens

    # -- for bots that play with their hands (demo, tests) ------------------------------------
    def physical(self, game: Game, seat: int, action: dict, table: dict[str, Placement]) -> Physical | None:
        state = game.state
        kind = action.get("type")
        card = action.get("card")
        if kind == "summon" and action.get("row", "standby") == "standby":
            return Physical(card, self.geo.world(seat, box(seat, f"standby{action['lane']}")))
        if kind == "play":
            if "target" in action:
                target = table.get(card_ref(action["target"]))
                return Physical(card, target.pos) if target else None
            d = state.table.cards[card].defn
            if d.type == "field":
                return Physical(card, self.geo.world(seat, "field"))
            if d.type == "creation" or d.persistent:
                return Physical(card, self.geo.world(seat, "support", len(state.table.zone(seat, "support"))))
            zone = self.geo.zones["chain"]
            return Physical(card, (zone.x, self.geo.card_y, zone.z))
        if kind == "attack" and set(action) == {"type", "lane"}:
            attacker = state.table.zone(seat, f"combat{action['lane']}")
            if attacker:
                return Physical(attacker[0], self.geo.world(1 - seat, box(1 - seat, f"combat{action['lane']}")))
        return None

    def cheats(self, game: Game, colors: list[str]) -> list[tuple[int, int, tuple[float, float, float], str]]:
        """Illegal physical moves worth trying now: (seat, card, drop position, description)."""
        state = game.state
        table = state.table
        pending = game.pending()
        if pending is None or pending.kind not in ("main", "battle"):
            return []
        out = []
        active = pending.seat
        idle = 1 - active
        chars = [c for c in table.zone(idle, "hand") if table.cards[c].defn.is_character]
        if chars:
            out.append((idle, chars[0], self.geo.world(idle, box(idle, "standby1")), "summon on the opponent's turn"))
        mine = table.zone(active, "hand")
        if pending.kind == "main":
            chars = [c for c in mine if table.cards[c].defn.is_character]
            if chars:
                out.append((active, chars[0], self.geo.world(active, box(active, "combat1")),
                            "summon straight into a combat zone"))
            if mine:
                out.append((active, mine[0], self.geo.world(active, "graveyard"), "throw a hand card into the graveyard"))
        else:
            lanes = state.options["lanes"]
            for lane in range(1, lanes + 1):
                attacker = table.zone(active, f"combat{lane}")
                if attacker and lanes > 1:
                    other = lane % lanes + 1
                    out.append((active, attacker[0], self.geo.world(idle, box(idle, f"combat{other}")),
                                "attack a combat zone that is not straight ahead"))
                    break
        return out


ADAPTER = QiguangAdapter()
