"""Vividz on the table: zones from the asset pipeline's vividz layout (the same boxes the
generated table draws) and the physical moves that stand for engine actions.

Natural moves: a hand (or Keep) card dropped on one of your three field slots plays it there
(906.1), an event dropped on the shared Temporary mat plays it (904.2e); a hand card dropped on
your Energy zone charges it (601.1e, 705.3), on your Keep mat keeps it (705.2), on your Trash
discards it for a cost (904.2f); an Energy card dropped on your Trash pays one energy (905.3);
a character dragged to an adjacent empty slot slides (803.1, 1116); a character dragged onto
the opponent's Area attacks (802.1); a revealed card dropped on a slot or on Energy is used or
declined (1115, 1201). Everything else (missions, abilities, targets, choices) is a button.

Lanes are columns (spec B.2): slot n of both players lies at the same x, so each player's
slot 1 is on the left of White's row and on the right of Red's, facing each other.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from types import SimpleNamespace

from engine.core.errors import Refusal
from engine.core.events import last_events
from engine.core.game import Game
from engine.games.vividz.state import ZONES, attack_forbidden, describe, exp_of, power, traits

from tts_bridge.assets.games.vividz import TURN
from tts_bridge.session.games import DropSite, Physical, Placement, card_object, card_ref, hidden_card_names, result_lines
from tts_bridge.session.games.geometry import Geometry, seat_spin

ZONE_WORDS = {z.name: z.label for z in ZONES}
ZONE_RULE = {z.name: z.rule for z in ZONES}
# engine zones shown as cards on the table (the Deck is one pile object per seat)
CARD_ZONES = ("hand", "keep", "account", "mission", "area", "energy", "trash", "remove", "reveal", "temporary")
# option kinds a player performs by dragging the option's card (the others are buttons)
DRAGGABLE = ("play", "setup_energy", "charge", "keep", "pay", "discard", "slide", "attack")
SLEEPS_SIDEWAYS = ("area", "account", "mission")  # 502.2: these zones show sleep by turning the card


def _z(name: str, x: float, z: float, w: float, h: float, slots: int = 1, kind: str = "pile") -> SimpleNamespace:
    return SimpleNamespace(name=name, x=x, z=z, w=w, h=h, slots=slots, kind=kind)


# the asset layout (tts_bridge/assets/games/vividz.py), used only when that package is absent
FALLBACK_ZONES = (
    _z("area", 0.0, -2.8, 9.0, 4.2, 3, "row"), _z("exp", 0.0, -5.6, 9.0, 1.4, 1, "area"),
    _z("mission", 0.0, -9.0, 9.0, 3.8, 3, "row"), _z("account", -7.0, -9.0, 2.8, 3.8),
    _z("energy", -9.0, -3.5, 6.0, 3.8, 1, "area"), _z("keep", -10.5, -9.0, 2.8, 3.8),
    _z("deck", 7.0, -9.0, 2.8, 3.8), _z("trash", 10.0, -9.0, 2.8, 3.8), _z("remove", 10.0, -4.0, 2.8, 3.8),
    _z("reveal", 7.0, -4.0, 2.8, 3.8), _z("temporary", 14.5, 0.0, 3.6, 4.6, 1, "shared"),
    _z("hand", 0.0, -13.6, 18.0, 3.6, 1, "hand"),
)


@dataclass(frozen=True)
class SlotSite(DropSite):
    """A drop site that also knows the field slot (1-3) under a drop on an Area."""

    slot: int | None = None


def _names(node: object, out: set[str]) -> set[str]:
    if isinstance(node, dict):
        for key in ("name", "title"):
            if isinstance(node.get(key), str):
                out.add(node[key])
        for v in node.values():
            _names(v, out)
    elif isinstance(node, list):
        for v in node:
            _names(v, out)
    return out


def disclosed(state: object, seat: int) -> set[str]:
    """Card names the engine's events of the last decision tell `seat` (already redacted per
    seat by the engine): a card revealed and then shuffled back (1108.3), or put into the Deck
    by a replacement (912, its `replaced` event names it by title), was seen by both players
    even if it is hidden now."""
    out: set[str] = set()
    for ev in last_events(state, partial(describe, state)):
        data = ev.for_seat(seat)
        if data is not None:
            _names(data, out)
    return out


class VividzAdapter:
    game_id = "vividz"
    hand_zones = ("hand",)

    def __init__(self) -> None:
        self.geo = Geometry.for_game("vividz", FALLBACK_ZONES)
        self.shared = {z.name for z in self.geo.zones.values() if z.kind == "shared"}

    # -- geometry -----------------------------------------------------------------------------
    def slot_pos(self, seat: int, slot: int, k: int = 0) -> tuple[float, float, float]:
        """World position of field slot `slot` (lane `slot`) of `seat`: lanes are columns."""
        lx, lz = self.geo.slot("area", slot - 1)
        x = lx + 0.35 * k  # a second card in a slot (only until pre-processing, 1002) stays visible
        return (x, self.geo.card_y + 0.05 * k, -lz if seat == 0 else lz)

    def slot_at(self, seat: int, pos: tuple[float, float, float]) -> int:
        zone = self.geo.zones["area"]
        x = pos[0]  # world x: the same column for both seats
        pitch = zone.w / 3
        return max(1, min(3, int((x - (zone.x - zone.w / 2)) // pitch) + 1))

    def exp_step(self, n: int) -> float:
        """Offset between the EXP cards fanned beneath a character: 0.25, closer when that
        would carry the last one past the EXP zone's edge (the save's zone box must hold it)."""
        room = self.geo.zones["exp"].h / 2 - 0.1
        return 0.25 if n < 2 else min(0.25, room / (n - 1))

    def zone_pos(self, seat: int, name: str, i: int = 0, n: int = 1) -> tuple[float, float, float]:
        if name in self.shared:  # one mat between the seats, drawn at seat 0's coordinates
            zone = self.geo.zones[name]
            return (zone.x - 0.6 + 0.3 * i, self.geo.card_y + 0.02 * i, zone.z + (-1.0 if seat == 0 else 1.0))
        return self.geo.world(seat, name, i, n)

    # -- the table the engine state implies ---------------------------------------------------
    def placements(self, game: Game, colors: list[str]) -> dict[str, Placement]:
        state = game.state
        table = state.table
        out: dict[str, Placement] = {}
        for seat in (0, 1):
            for zname in CARD_ZONES:
                ids = table.zone(seat, zname)
                if zname == "area":
                    per_slot: dict[int, int] = {}
                    for card in sorted(ids, key=lambda c: state.seq.get(c, 0)):
                        slot = state.slot[card]
                        k = per_slot.get(slot, 0)
                        per_slot[slot] = k + 1
                        pos = self.slot_pos(seat, slot, k)
                        out[card_ref(card)] = self._card(game, card, seat, zname, pos)
                        exp = sorted(exp_of(state, card))
                        for j, e in enumerate(exp):  # EXP beneath, towards its owner
                            lz = -self.geo.zones["exp"].z + self.exp_step(len(exp)) * j
                            epos = (pos[0], self.geo.card_y - 0.1 - 0.01 * j, -lz if seat == 0 else lz)
                            out[card_ref(e)] = self._card(game, e, seat, "exp", epos)
                    continue
                for i, card in enumerate(ids):
                    out[card_ref(card)] = self._card(game, card, seat, zname, self.zone_pos(seat, zname, i, len(ids)))
            count = len(table.zone(seat, "deck"))
            out[f"deck{seat}"] = Placement(self.geo.world(seat, "deck"), True,
                                           (f"{colors[seat]}'s deck", f"{count} cards (order hidden)"),
                                           kind="pile", owner=seat, spin=seat_spin(seat))
        return out

    def _card(self, game: Game, card: int, seat: int, zname: str, pos: tuple[float, float, float]) -> Placement:
        state = game.state
        table = state.table
        spin = seat_spin(seat) + (90.0 if card in state.sleep and zname in SLEEPS_SIDEWAYS else 0.0)
        public = table.visible_to(card, 0) and table.visible_to(card, 1)
        own_hand = zname in self.hand_zones and table.visible_to(card, seat)
        if not (public or own_hand):
            return Placement(pos, True, None, owner=seat, spin=spin)
        d = table.cards[card].defn
        desc = [d.type + (f", cost {d.cost}" if d.type in ("character", "event") else "")
                + (f", power {d.power}" if d.type == "character" else "")]
        if zname == "area":
            line = f"slot {state.slot[card]}, power {power(state, card)}, damage {state.damage.get(card, 0)}"
            line += ", Lv UP" if card in state.lvup else ""
            line += ", asleep" if card in state.sleep else ""
            line += ", cannot attack" if attack_forbidden(state, card) else ""
            desc.append(line + f", EXP {len(exp_of(state, card))}, traits {', '.join(sorted(t for t in traits(state, card) if t))}")
        elif zname == "mission":
            desc.append("checked" if card in state.sleep else "unchecked")
        text = d.text or "\n".join(a.text for a in d.abilities if getattr(a, "text", ""))
        if text:
            desc.append(text)
        return Placement(pos, card in table.face_down, (d.name, "\n".join(desc)), card=d.id, owner=seat, spin=spin)

    card_object = staticmethod(card_object)

    def counters(self, game: Game) -> dict[str, int]:
        """The table save's "Turn" counter (a non-per-seat Supply of the asset layout)."""
        return {TURN.object_name(): game.state.turn}

    # -- drops -> actions ---------------------------------------------------------------------
    def site_at(self, game: Game, pos: tuple[float, float, float], table: dict[str, Placement]) -> DropSite:
        state = game.state
        target, best = None, 1.6
        for seat in (0, 1):
            for card in state.table.zone(seat, "area"):
                p = table.get(card_ref(card))
                if p is not None:
                    dist = ((p.pos[0] - pos[0]) ** 2 + (p.pos[2] - pos[2]) ** 2) ** 0.5
                    if dist < best:
                        target, best = card, dist
        for seat in (0, 1):
            lx, lz = self.geo.to_local(seat, pos)
            zone = self.geo.zone_at(lx, lz)
            if zone is None or (zone in self.shared and seat == 1):
                continue
            if zone in self.shared:
                return SlotSite(None, zone, target)
            return SlotSite(seat, zone, target, self.slot_at(seat, pos) if zone == "area" else None)
        return SlotSite(None, None, target)

    def drop_actions(self, game: Game, seat: int, card: int, site: DropSite) -> list[dict] | None:
        """Candidate actions for dropping `card` at `site` ([] = no move means this; None = a
        harmless rearrangement, such as reordering your hand or your Energy)."""
        state = game.state
        table = state.table
        where = table.zone_name(card)
        slot = getattr(site, "slot", None)
        if table.cards[card].owner != seat:
            return []
        own = site.seat == seat
        if own and site.zone == where and where not in ("area",):
            return None  # tidying a zone you own
        pending = game.pending()
        kind = pending.kind if pending is not None else None
        if where in ("hand", "keep"):
            d = table.cards[card].defn
            if own and site.zone == "area" and slot is not None:
                return [{"type": "play", "card": card, "slot": slot}] if d.type == "character" else \
                    [{"type": "play", "card": card}]
            if site.zone in self.shared:
                return [{"type": "play", "card": card}]
            if where == "hand" and own and site.zone == "energy" and kind in ("setup_energy", "charge"):
                return [{"type": kind, "card": card}]
            if where == "hand" and own and site.zone == "keep" and kind == "keep":
                return [{"type": "keep", "card": card}]
            if where == "hand" and own and site.zone == "trash" and kind == "discard":
                return [{"type": "discard", "card": card}]
            return []
        if where == "energy" and own and site.zone == "trash" and kind == "pay":
            same = [o.action for o in pending.options
                    if table.cards[o.action["card"]].defn.id == table.cards[card].defn.id]
            return same[:1] or [{"type": "pay", "card": card}]
        if where == "area" and site.zone == "area" and slot is not None:
            if own and slot == state.slot.get(card):
                return None  # put back in its own slot
            if own and kind in ("defense", "slide_to"):
                return [{"type": "slide", "card": card, "slot": slot}]
            if site.seat == 1 - seat and kind == "main":
                return [{"type": "attack", "card": card}]
            return []
        if where == "reveal" and kind in ("use", "scout_use") and (own or site.zone in self.shared):
            if site.zone == "area" and slot is not None:
                return [{"type": "use", "slot": slot}, {"type": "use"}]
            if site.zone in self.shared:
                return [{"type": "use"}]
            if site.zone == "energy":
                return [{"type": "decline"}]
        return []

    def no_move(self, game: Game, seat: int, card: int, site: DropSite) -> Refusal:
        table = game.state.table
        where = table.zone_name(card)
        if table.cards[card].owner != seat:
            return Refusal("102.4", "That card is not yours; you can only move your own cards.")
        dest = f"your {ZONE_WORDS[site.zone]}" if site.zone in ZONE_WORDS else "outside the zones"
        if site.seat is not None and site.seat != seat:
            dest = f"your opponent's {ZONE_WORDS.get(site.zone or '', 'zone')}"
        if site.zone in self.shared:
            dest = "the Temporary zone"
        if where in ("hand", "keep"):
            rules = {"energy": ("705.3", "Hand cards go into Energy only during setup (601.1e) and your Charge phase"),
                     "keep": ("705.2", "A card is kept only in your Charge phase"),
                     "trash": ("904.2f", "A hand card goes to the Trash only to pay a discard cost"),
                     "hand": ("508.2", "A Keep card stays in Keep until you play it")}
            if site.seat == seat and site.zone in rules:
                rule, why = rules[site.zone]
                return Refusal(rule, f"{why}. Play characters onto one of your field slots and events onto "
                                     f"the Temporary zone in your Main phase.")
            if site.seat is not None and site.seat != seat:
                return Refusal("102.4", f"Your cards go only to your own zones, not to {dest}. Play characters onto "
                                        f"one of your three field slots and events onto the Temporary zone.")
            return Refusal(ZONE_RULE.get(site.zone or "", "906.1"),
                           f"A card from your {ZONE_WORDS[where]} cannot go to {dest}. Play characters onto one of "
                           f"your three field slots and events onto the Temporary zone in your Main phase.")
        if where == "energy":
            return Refusal("905.3", "Energy goes to the Trash only to pay a cost; drop it on your Trash when the "
                                    "referee asks you to pay.")
        if where == "area":
            return Refusal("1116.1", "Characters stay in their slot unless they slide (803.1, 1116) or attack: drag "
                                     "onto the opponent's Area in your Main phase to attack, or use the buttons.")
        return Refusal(ZONE_RULE.get(where, "501.1"),
                       f"Cards in your {ZONE_WORDS.get(where, where)} stay there unless an effect moves them; "
                       f"use the referee's buttons.")

    def movable(self, game: Game, seat: int) -> set[int]:
        """Cards `seat` may pick up: hand and Keep (to try things; bad drops are put back), every
        card named by an option of its pending decision, its Energy when it must pay, and the
        revealed card it may use."""
        state = game.state
        table = state.table
        out = set(table.zone(seat, "hand")) | set(table.zone(seat, "keep"))
        pending = game.pending()
        if pending is not None and pending.seat == seat:
            for o in pending.options:
                c = o.action.get("card")
                if o.action["type"] in DRAGGABLE and isinstance(c, int) and table.cards[c].owner == seat:
                    out.add(c)
            if pending.kind == "pay":
                out.update(table.zone(seat, "energy"))
            if pending.kind in ("use", "scout_use"):
                out.update(table.zone(seat, "reveal"))
        return out

    def status_lines(self, game: Game, colors: list[str]) -> list[str]:
        view = game.view(0)  # only public fields are read below
        lines = [f"Vividz - turn {view['turn']}, {view['phase']}"
                 + (f", {colors[view['turn_player']]}'s turn" if view["turn"] else "")]
        pending = game.pending()
        if pending is not None:
            lines.append(f"Waiting for {colors[pending.seat]}: {pending.prompt}")
        for seat in (0, 1):
            p = view["players"][seat]
            done = sum(1 for m in p["missions"] if m.get("face_down")) if view["turn"] else 0
            lines.append(f"{colors[seat]}: deck {p['deck']['count']}, hand {p['hand']['count']}, "
                         f"energy {len(p['energy'])}, keep {p['keep']['count']}, missions cleared {done}/3, "
                         f"successful attacks {p['successful_attacks']}")
        return lines + result_lines(game, colors)

    def hidden_names(self, game: Game, seat: int) -> set[str]:
        """Names of cards `seat` may not see now that it cannot also see elsewhere."""
        state = game.state
        # a face-down mission after setup is a completed one: it was face up (601.1f) before
        cleared = (lambda c: state.turn > 0 and state.table.zone_name(c) == "mission")
        return hidden_card_names(game, seat, "name", cleared) - disclosed(state, seat)

    # -- for bots that play with their hands (demo, tests) ------------------------------------
    def physical(self, game: Game, seat: int, action: dict, table: dict[str, Placement]) -> Physical | None:
        state = game.state
        t = state.table
        kind = action.get("type")
        card = action.get("card")
        if kind == "play":
            if "slot" in action:
                return Physical(card, self.slot_pos(seat, action["slot"]))
            return Physical(card, self.zone_pos(seat, "temporary"))
        if kind in ("setup_energy", "charge"):
            n = len(t.zone(seat, "energy"))
            return Physical(card, self.geo.world(seat, "energy", n, n + 1))
        if kind == "keep":
            return Physical(card, self.geo.world(seat, "keep"))
        if kind in ("pay", "discard"):
            return Physical(card, self.geo.world(seat, "trash"))
        if kind == "slide" and t.zone_name(card) == "area":
            return Physical(card, self.slot_pos(seat, action["slot"]))
        if kind == "attack":
            return Physical(card, self.slot_pos(1 - seat, state.slot[card]))
        pending = game.pending()
        if kind in ("use", "decline") and pending is not None and pending.kind in ("use", "scout_use"):
            revealed = t.zone(seat, "reveal")
            if revealed and "slot" in action:
                return Physical(revealed[-1], self.slot_pos(seat, action["slot"]))
            if revealed and kind == "use":
                return Physical(revealed[-1], self.zone_pos(seat, "temporary"))
            if revealed and kind == "decline":
                n = len(t.zone(seat, "energy"))
                return Physical(revealed[-1], self.geo.world(seat, "energy", n, n + 1))
        return None

    def cheats(self, game: Game, colors: list[str]) -> list[tuple[int, int, tuple[float, float, float], str]]:
        """Illegal physical moves worth trying now: (seat, card, drop position, description)."""
        state = game.state
        t = state.table
        pending = game.pending()
        if pending is None or pending.kind != "main":
            return []
        out = []
        active, idle = pending.seat, 1 - pending.seat
        idle_chars = [c for c in t.zone(idle, "hand") if t.cards[c].defn.type == "character"]
        if idle_chars:
            out.append((idle, idle_chars[0], self.slot_pos(idle, 2), "play a character on the opponent's turn"))
        mine = t.zone(active, "hand")
        if mine:
            out.append((active, mine[0], self.geo.world(active, "trash"), "throw a hand card into the Trash"))
            out.append((active, mine[0], self.geo.world(active, "energy", 0), "charge energy in the Main phase"))
            out.append((active, mine[0], self.slot_pos(1 - active, 2), "play into the opponent's Area"))
        for c in mine:
            d = t.cards[c].defn
            tries = [{"type": "play", "card": c, "slot": s} for s in (1, 2, 3)] if d.type == "character" \
                else [{"type": "play", "card": c}]
            for a in tries:
                if pending.find(a) is None:  # too expensive, or an event in turn 1 (905.3b, 703.2a)
                    pos = self.slot_pos(active, a["slot"]) if "slot" in a else self.zone_pos(active, "temporary")
                    out.append((active, c, pos, "play a card the rules do not allow now"))
                    break
            else:
                continue
            break
        return out


ADAPTER = VividzAdapter()
