"""Per-seat views: what one seat may know (501.3), as JSON. Hidden cards appear only as
counts or as face-down markers without an id."""

from __future__ import annotations

from engine.core import view as core_view

from engine.games.vividz.state import (VividzState, attack_forbidden, exp_of, power, traits, zone)


def _describe(state: VividzState, card: int) -> dict:
    """A card a seat sees, in views: what it is, its cost, and whether it is turned or asleep."""
    d = state.table.cards[card].defn
    out = {"id": card, "card": d.id, "name": d.name, "type": d.type}
    if d.type in ("character", "event"):
        out["cost"] = d.cost
    if card in state.table.face_down:
        out["face_down"] = True
    if card in state.sleep:
        out["sleep"] = True
    return out


def card_view(state: VividzState, card: int, seat: int | None) -> dict:
    return core_view.card_view(state.table, card, seat, lambda c: _describe(state, c))


def _character(state: VividzState, card: int, seat: int | None) -> dict:
    out = card_view(state, card, seat)
    out.update(slot=state.slot[card], power=power(state, card), damage=state.damage.get(card, 0),
               lvup=card in state.lvup, traits=sorted(traits(state, card)),
               attack_forbidden=attack_forbidden(state, card),
               exp=[card_view(state, e, seat) for e in exp_of(state, card)])
    if card in state.control:  # 502.1b: controlled by the player whose row it is in, owned by the other
        out["owner"] = state.table.cards[card].owner
    return out


def _zone(state: VividzState, owner: int, name: str, seat: int | None):
    """A zone by its declaration (engine.core.view.zone_view): a public pile, the hidden Deck's
    count, the owner-only hand. (The Keep keeps its own shape, a count and the cards the seat
    sees, in both AMB-13 modes: the core's would be a count alone, or a list when public.)"""
    return core_view.zone_view(state.table, owner, name, seat, lambda c: _describe(state, c))


def view(state: VividzState, seat: int | None) -> dict:
    players = []
    for p in (0, 1):
        keep = zone(state, p, "keep")
        players.append({
            "seat": p,
            "deck": _zone(state, p, "deck", seat),
            "hand": _zone(state, p, "hand", seat),
            "keep": {"count": len(keep), "cards": [v for v in (card_view(state, c, seat) for c in keep) if "id" in v]},
            "account": _zone(state, p, "account", seat),
            "missions": _zone(state, p, "mission", seat),
            "area": sorted((_character(state, c, seat) for c in zone(state, p, "area")), key=lambda c: c["slot"]),
            "energy": _zone(state, p, "energy", seat),
            "trash": _zone(state, p, "trash", seat),
            "remove": _zone(state, p, "remove", seat),
            "temporary": _zone(state, p, "temporary", seat),
            "revealed": _zone(state, p, "reveal", seat),
            "successful_attacks": state.successes[p],
        })
    out = {"game": "vividz", "seat": seat, "phase": state.phase, "turn": state.turn, "turn_player": state.tp,
           "first": state.first, "players": players,
           "pending_triggers": [card_view(state, p.card, seat) for p in state.pending]}
    if state.battle:
        out["attack"] = {"attacker": card_view(state, state.battle.attacker, seat), "lane": state.battle.lane}
    if state.result is not None:
        out["result"] = state.result.to_json()
    return out
