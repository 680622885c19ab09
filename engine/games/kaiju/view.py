"""Per-seat views: what one seat may know, as JSON, built by the core view builder from the
zone declarations (engine/core/view.py): hidden cards appear only as counts or as face-down
markers without an id, so nothing a seat cannot see leaks through a view."""

from __future__ import annotations

from engine.core import view as core_view

from engine.games.kaiju.state import (KaijuState, advantage, defense, defn, level, speed,
                                      spirit_total)


def card_view(state: KaijuState, card: int, seat: int | None) -> dict:
    return core_view.card_view(state.table, card, seat, lambda c: _card(state, c, seat))


def _card(state: KaijuState, card: int, seat: int | None) -> dict:
    d = defn(state, card)
    out = {"id": card, "card": d.id, "name": d.title, "type": d.type}
    if d.cost is not None:
        out["cost"] = d.cost
    zname = state.table.zone_name(card)
    if zname in ("engaged", "support") and card not in state.table.face_down:
        out.update(hp=d.hp, damage=state.damage.get(card, 0), speed=speed(state, card),
                   defense=defense(state, card), level=level(state, card),
                   enhancements=[card_view(state, e, seat) for e in state.stack.get(card, ())])
    return out


def _pile(state: KaijuState, owner: int, name: str, seat: int | None):
    return core_view.zone_view(state.table, owner, name, seat, lambda c: _card(state, c, seat))


def view(state: KaijuState, seat: int | None) -> dict:
    players = []
    for p in (0, 1):
        players.append({
            "seat": p,
            "deck": _pile(state, p, "deck", seat),
            "hand": _pile(state, p, "hand", seat),
            "engaged": _pile(state, p, "engaged", seat),
            "support": _pile(state, p, "support", seat),
            "deployment": _pile(state, p, "deployment", seat),
            "resolving": _pile(state, p, "resolving", seat),
            "discard": _pile(state, p, "discard", seat),
            "spirit": _pile(state, p, "spirit", seat),
            "spirit_total": spirit_total(state, p),
            "rift": _pile(state, p, "rift", seat),
            "advantage": advantage(state, p),
        })
    out = {
        "game": "kaiju", "seat": seat, "phase": state.phase, "turn": state.turn,
        "active": state.active, "first": state.first, "players": players,
        "turn_status": {
            "deploys_left": state.deploys_left, "enhances_left": state.enhances_left,
            "reinforcement_played": state.reinforcement_played,
            "attack_or_heal_used": state.attack_or_heal_used, "engaged_acted": state.engaged_acted,
        },
    }
    if state.result is not None:
        out["result"] = state.result.to_json()
    return out
