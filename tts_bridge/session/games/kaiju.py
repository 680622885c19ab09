"""Kaiju on the table: zones from the asset pipeline's kaiju layout (the same boxes and snap
points the generated table draws; the spec's proposed geometry as a fallback) and the physical
moves that stand for engine actions.
"""

from __future__ import annotations

from types import SimpleNamespace

from engine.core.errors import Refusal
from engine.core.game import Game
from engine.games.kaiju.state import ZONES, advantage, spirit_total

from tts_bridge.assets.games.kaiju import SPIRIT_COST
from tts_bridge.session.games import DropSite, Physical, Placement, card_object, card_ref, hidden_card_names, result_lines
from tts_bridge.session.games.geometry import Geometry, seat_spin

# what players call each zone and the rule that says what goes there: the engine's declaration
ZONE_RULE = {z.name: z.rule for z in ZONES}
ZONE_WORDS = {z.name: z.label for z in ZONES}


def _z(name: str, x: float, z: float, w: float, h: float, slots: int = 1, kind: str = "pile") -> SimpleNamespace:
    return SimpleNamespace(name=name, x=x, z=z, w=w, h=h, slots=slots, kind=kind)


# rules/kaiju.md "Geometry (Proposal)", seat 0 at negative z, used when the asset adapter is absent
FALLBACK_ZONES = (
    _z("engaged", 0, -3, 3.2, 4), _z("support", 0, -7, 16, 4, 5, "row"), _z("deployment", 0, -11, 16, 4, 5, "row"),
    _z("resolving", 11.25, -7, 3.5, 4, 1, "area"), _z("deck", -12, -15, 3, 4), _z("discard", -9, -15, 3, 4),
    _z("rift", -6, -15, 3, 4), _z("spirit", 6, -15, 15, 4, 10, "row"), _z("hand", 0, -21, 26, 5, 1, "hand"),
)
PLAY_ZONES = ("hand", "engaged", "support", "deployment", "resolving", "discard", "spirit", "rift")


class KaijuAdapter:
    game_id = "kaiju"
    hand_zones = ("hand",)

    def __init__(self) -> None:
        self.geo = Geometry.for_game("kaiju", FALLBACK_ZONES)
        self._identities: dict[tuple, tuple] = {}  # (card id, status) -> (definition, identity)
        self._slots: dict[tuple[int, str, int, int], tuple[float, float, float]] = {}  # (seat, zone, i, n) -> position
        self._last: dict[int, Placement] = {}  # card -> its last placement (any game: every field is compared)
        # (seat, zone) -> (table, its cards, their placements) for a zone of face-up plain cards
        self._zones: dict[tuple[int, str], tuple[object, tuple[int, ...], dict[str, Placement]]] = {}

    # -- the table the engine state implies ---------------------------------------------------
    def placements(self, game: Game, colors: list[str]) -> dict[str, Placement]:
        state = game.state
        table = state.table
        geo = self.geo
        out: dict[str, Placement] = {}
        for seat in (0, 1):
            for zone in PLAY_ZONES:
                ids = table.zone(seat, zone)
                if not ids:
                    continue
                n = len(ids)
                key = f"{seat}.{zone}"
                public = table.zone_visible_to(key, 0) and table.zone_visible_to(key, 1)  # None: ask per card
                plain = public is True and zone not in ("engaged", "support")  # face up, no damage or stack
                if plain:
                    last = self._zones.get((seat, zone))
                    if last is not None and last[0] is table and last[1] == tuple(ids):
                        out.update(last[2])  # the same cards in the same order: laid out as last time
                        continue
                laid = {} if plain else out
                for i, card in enumerate(ids):
                    laid[card_ref(card)] = self._card(game, card, seat, zone, self._slot(seat, zone, i, n), public)
                    stack = state.stack.get(card) if zone in ("engaged", "support") else None
                    if not stack:
                        continue
                    # the enhancement stack fans out under its battle card, towards the player,
                    # and stays inside the zone (the table's zone sees it; no stray drop site)
                    lx, lz = geo.slot(zone, i, n)
                    step = min(0.5, (geo.zones[zone].h / 2 - 0.1) / len(stack))
                    for k, enh in enumerate(stack):
                        wpos = geo.to_world(seat, lx, lz + step * (len(stack) - k), geo.card_y - 0.05 - 0.01 * k)
                        out[card_ref(enh)] = self._card(game, enh, seat, "enhancement", wpos)
                if plain:
                    out.update(laid)
                    self._zones[(seat, zone)] = (table, tuple(ids), laid)
            count = len(table.zone(seat, "deck"))
            name = f"{colors[seat]}'s deck"
            out[f"deck{seat}"] = Placement(geo.world(seat, "deck"), True, (name, f"{count} cards (order hidden)"),
                                          kind="pile", owner=seat, spin=seat_spin(seat))
        return out

    def _slot(self, seat: int, zone: str, i: int, n: int) -> tuple[float, float, float]:
        """The world position of the i-th of n cards in a zone, worked out once per slot."""
        key = (seat, zone, i, n)
        pos = self._slots.get(key)
        if pos is None:
            lx, lz = self.geo.slot(zone, i, n)
            pos = self._slots[key] = self.geo.to_world(seat, lx, lz, self.geo.y(zone, i))
        return pos

    def _card(self, game: Game, card: int, seat: int, zone: str, pos: tuple[float, float, float],
              public: bool | None = None) -> Placement:
        """`public`: whether both seats see every card of the zone (None: ask for this card)."""
        state = game.state
        table = state.table
        if public is None:
            public = table.visible_to(card, 0) and table.visible_to(card, 1)
        if not (public or (zone in self.hand_zones and table.visible_to(card, seat))):
            return self._placed(card, pos, True, None, None, seat)
        d = table.cards[card].defn
        if zone in ("engaged", "support") and d.is_battle:
            status = (state.damage.get(card, 0), len(state.stack.get(card, ())))
        else:
            status = None
        return self._placed(card, pos, card in table.face_down, self._identity(d, status), d.id, seat)

    def _placed(self, card: int, pos: tuple[float, float, float], face_down: bool, identity: tuple[str, str] | None,
                defn: str | None, seat: int) -> Placement:
        """The card's placement, the same object as last time when nothing about it changed:
        building one is most of a sync's layout, and the session skips comparing a card whose
        placement is the one it already showed."""
        last = self._last.get(card)
        if (last is not None and last.pos == pos and last.face_down == face_down and last.identity == identity
                and last.card == defn and last.owner == seat):
            return last
        if len(self._last) > 4096:  # bounded, like the identities
            self._last.clear()
        placed = self._last[card] = Placement(pos, face_down, identity, card=defn, owner=seat, spin=seat_spin(seat))
        return placed

    def _identity(self, d, status: tuple[int, int] | None) -> tuple[str, str]:
        """(title, description) of a card definition, with (damage, level) for a battle card in
        play; built once per distinct value (a sync lays out every card after each decision)."""
        key = (d.id, status)
        hit = self._identities.get(key)
        if hit is not None and hit[0] is d:
            return hit[1]
        desc = [f"{d.type}" + (f", cost {d.cost}" if d.cost is not None else "")]
        if status is not None:
            desc.append(f"HP {d.hp}, damage {status[0]}, level {status[1]}")
        if d.text:
            desc.append(d.text)
        identity = (d.title, "\n".join(desc))
        if len(self._identities) > 4096:  # bounded: card data may change under `watch`
            self._identities.clear()
        self._identities[key] = (d, identity)
        return identity

    card_object = staticmethod(card_object)

    def counters(self, game: Game) -> dict[str, int]:
        """Values of the table save's Counter objects (named as the asset pipeline names them)."""
        return {SPIRIT_COST.object_name(seat): spirit_total(game.state, seat) for seat in (0, 1)}

    # -- drops -> actions ---------------------------------------------------------------------
    def site_at(self, game: Game, pos: tuple[float, float, float], table: dict[str, Placement]) -> DropSite:
        state = game.state
        target, best = None, 1.6
        for seat in (0, 1):
            for card in state.table.zone(seat, "engaged") + state.table.zone(seat, "support") + state.table.zone(seat, "deployment"):
                p = table.get(card_ref(card))
                if p is None:
                    continue
                dist = ((p.pos[0] - pos[0]) ** 2 + (p.pos[2] - pos[2]) ** 2) ** 0.5
                if dist < best:
                    target, best = card, dist
        for seat in (0, 1):
            lx, lz = self.geo.to_local(seat, pos)
            zone = self.geo.zone_at(lx, lz)
            if zone is not None:
                return DropSite(seat, zone, target)
        return DropSite(None, None, target)

    def drop_actions(self, game: Game, seat: int, card: int, site: DropSite) -> list[dict] | None:
        """Candidate actions for dropping `card` at `site` ([] = no move means this; None = a
        harmless rearrangement, such as reordering your own hand)."""
        state = game.state
        table = state.table
        owner = table.cards[card].owner
        where = table.zone_name(card)
        if owner != seat:
            return []
        if where == "hand" and site.zone == "hand" and site.seat == seat and site.target is None:
            return None
        if site.seat != seat and site.target is None:
            return []
        out: list[dict] = []
        if where == "hand":
            d = table.cards[card].defn
            if site.target is not None and table.cards[site.target].owner == seat and \
                    table.zone_name(site.target) in ("engaged", "support"):
                out += [{"type": t, "card": card, "target": site.target} for t in ("evolve", "convert", "enhance")]
            if site.target is not None and not d.is_battle:
                out += [{"type": "skill" if d.type == "skill" else "reinforce", "card": card, "target": site.target}]
            if site.zone == "support" and site.target is None:
                out.append({"type": "deploy", "card": card, "zone": "support"})
            if site.zone == "engaged":
                out += [{"type": "place_facedown", "card": card}, {"type": "deploy", "card": card, "zone": "engaged"}]
            if site.zone in ("resolving", "deployment") and site.target is None:
                kind = "skill" if d.type == "skill" else "reinforce"
                pending = game.pending()
                targeted = [o.action for o in (pending.options if pending else [])
                            if o.action.get("type") == kind and o.action.get("card") == card]
                out += targeted or [{"type": kind, "card": card}]
        elif where == "support" and site.zone == "engaged" and site.seat == seat:
            out.append({"type": "engage", "card": card})
            pending = game.pending()
            out += [o.action for o in (pending.options if pending else [])
                    if o.action.get("type") == "retreat" and o.action.get("support") == card]
        elif where == "engaged" and site.zone == "support" and site.seat == seat:
            pending = game.pending()
            out += [o.action for o in (pending.options if pending else []) if o.action.get("type") == "retreat"]
        return out

    def no_move(self, game: Game, seat: int, card: int, site: DropSite) -> Refusal:
        table = game.state.table
        where = table.zone_name(card)
        if table.cards[card].owner != seat:
            return Refusal("KJ-3.3.1", "That card is not yours; you can only move your own cards.")
        if where == "hand":
            dest = f"the {ZONE_WORDS[site.zone]}" if site.zone in ZONE_WORDS else "outside the zones"
            if site.seat is not None and site.seat != seat:
                dest = f"your opponent's {ZONE_WORDS.get(site.zone or '', 'zone')}"
            return Refusal(ZONE_RULE.get(site.zone or "", "KJ-3.3.1"),
                           f"A card from your hand cannot go to {dest}. Deploy battle cards to your support or "
                           f"engagement zone, drop them on your battle card to enhance, or play skills in the resolving area.")
        return Refusal(ZONE_RULE.get(where, "KJ-3.3.1"),
                       f"Cards in your {ZONE_WORDS.get(where, where)} stay there unless an effect moves them; "
                       f"use the referee's buttons for attacks, actions and retreats.")

    def movable(self, game: Game, seat: int) -> set[int]:
        """Cards `seat` may pick up: its hand (to try things; bad drops are put back) and every
        card named by an option of its pending decision."""
        out = set(game.state.table.zone(seat, "hand"))
        pending = game.pending()
        if pending is not None and pending.seat == seat:
            for o in pending.options:
                for key in ("card", "support"):
                    if isinstance(o.action.get(key), int):
                        out.add(o.action[key])
        if pending is not None and pending.kind == "engage" and pending.seat == seat:
            out.update(game.state.table.zone(seat, "support"))
        return out

    def status_lines(self, game: Game, colors: list[str]) -> list[str]:
        """Public facts only (zone sizes are public, KJ-G31), read from the state directly: a
        whole view per decision was a tenth of the bridge's time."""
        state = game.state
        lines = [f"Kaiju - turn {state.turn}, {state.phase} phase"]
        pending = game.pending()
        if pending is not None:
            who = " and ".join(colors[s] for s in (pending.seat, *pending.also))
            lines.append(f"Waiting for {who}: {pending.prompt if pending.kind != 'main' else 'main phase'}")
        zones = state.table.zones
        for seat in (0, 1):
            lines.append(f"{colors[seat]}: deck {len(zones[f'{seat}.deck'])}, hand {len(zones[f'{seat}.hand'])}, "
                         f"spirit {spirit_total(state, seat)}/15{' , advantage' if advantage(state, seat) else ''}")
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
        if kind in ("deploy", "place_facedown", "engage"):
            zone = "engaged" if kind != "deploy" or action["zone"] == "engaged" else "support"
            if zone == "support":
                return Physical(card, self.geo.world(seat, "support", len(state.table.zone(seat, "support"))))
            return Physical(card, self.geo.world(seat, "engaged"))
        if kind in ("enhance", "evolve", "convert") or (kind in ("skill", "reinforce") and "target" in action):
            target = table.get(card_ref(action["target"]))
            return Physical(card, target.pos) if target else None
        if kind == "skill":
            return Physical(card, self.geo.world(seat, "resolving"))
        if kind == "reinforce":
            return Physical(card, self.geo.world(seat, "deployment", len(state.table.zone(seat, "deployment"))))
        return None

    def cheats(self, game: Game, colors: list[str]) -> list[tuple[int, int, tuple[float, float, float], str]]:
        """Illegal physical moves worth trying now: (seat, card, drop position, description)."""
        state = game.state
        pending = game.pending()
        if pending is None or pending.kind != "main":
            return []
        out = []
        idle = 1 - pending.seat
        hand = [c for c in state.table.zone(idle, "hand") if state.table.cards[c].defn.is_battle]
        if hand:
            out.append((idle, hand[0], self.geo.world(idle, "support", 0), "deploy on the opponent's turn"))
        active = pending.seat
        mine = state.table.zone(active, "hand")
        if mine and state.deploys_left == 0:
            battle = [c for c in mine if state.table.cards[c].defn.is_battle]
            if battle:
                out.append((active, battle[0], self.geo.world(active, "support", 4), "deploy a second time this turn"))
        if mine:
            out.append((active, mine[0], self.geo.world(active, "discard"), "throw a hand card into the discard zone"))
        return out


ADAPTER = KaijuAdapter()
