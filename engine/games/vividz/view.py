"""Per-seat views: what one seat may know (501.3), as JSON. Hidden cards appear only as
counts or as face-down markers without an id."""

from __future__ import annotations

from engine.games.vividz.state import (VividzState, attack_forbidden, exp_of, power, traits, zone)


def card_view(state: VividzState, card: int, seat: int | None) -> dict:
    if not state.table.visible_to(card, seat):
        return {"face_down": True}
    d = state.table.cards[card].defn
    out = {"id": card, "card": d.id, "name": d.name, "type": d.type}
    if d.type in ("character", "event"):
        out["cost"] = d.cost
    if card in state.table.face_down:
        out["face_down"] = True
    if card in state.sleep:
        out["sleep"] = True
    return out


def _character(state: VividzState, card: int, seat: int | None) -> dict:
    out = card_view(state, card, seat)
    out.update(slot=state.slot[card], power=power(state, card), damage=state.damage.get(card, 0),
               lvup=card in state.lvup, traits=sorted(traits(state, card)),
               attack_forbidden=attack_forbidden(state, card),
               exp=[card_view(state, e, seat) for e in exp_of(state, card)])
    if card in state.control:  # 502.1b: controlled by the player whose row it is in, owned by the other
        out["owner"] = state.table.cards[card].owner
    return out


def _pile(state: VividzState, owner: int, name: str, seat: int | None) -> list[dict]:
    return [card_view(state, c, seat) for c in zone(state, owner, name)]


def view(state: VividzState, seat: int | None) -> dict:
    players = []
    for p in (0, 1):
        mine = seat is None or seat == p
        hand = zone(state, p, "hand")
        keep = zone(state, p, "keep")
        players.append({
            "seat": p,
            "deck": {"count": len(zone(state, p, "deck"))},
            "hand": {"count": len(hand), "cards": _pile(state, p, "hand", seat)} if mine else {"count": len(hand)},
            "keep": {"count": len(keep), "cards": [c for c in _pile(state, p, "keep", seat) if "id" in c]},
            "account": _pile(state, p, "account", seat),
            "missions": _pile(state, p, "mission", seat),
            "area": sorted((_character(state, c, seat) for c in zone(state, p, "area")), key=lambda c: c["slot"]),
            "energy": _pile(state, p, "energy", seat),
            "trash": _pile(state, p, "trash", seat),
            "remove": _pile(state, p, "remove", seat),
            "temporary": _pile(state, p, "temporary", seat),
            "revealed": _pile(state, p, "reveal", seat),
            "successful_attacks": state.successes[p],
        })
    out = {"game": "vividz", "seat": seat, "phase": state.phase, "turn": state.turn, "turn_player": state.tp,
           "first": state.first, "players": players,
           "pending_triggers": [card_view(state, p[1], seat) for p in state.pending]}
    if state.battle:
        out["attack"] = {"attacker": card_view(state, state.battle["attacker"], seat), "lane": state.battle["lane"]}
    if state.result is not None:
        out["result"] = state.result.to_json()
    return out
