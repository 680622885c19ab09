"""Per-seat views. Hidden cards (Deck, the other seat's hand and Face-down pile, unused
Specials, unchosen cards) appear without identity; a Special's category is public even face
down (6-2-1-1). Token counts and every other number are public (7-1, 5-1)."""

from __future__ import annotations

from engine.games.sakura_arms.effects import Attack
from engine.games.sakura_arms.state import (AURA, CARD, DIST, FLARE, LIFE, SHADOW, SakuraState, current_distance,
                                            defn, zone)


def card_view(s: SakuraState, card: int, seat: int | None) -> dict:
    base = s.table.cards[card].defn
    if not s.table.visible_to(card, seat):
        return {"face_down": True, "category": base.category}
    d = defn(s, card) if card in s.copy_of else base
    out = {"id": card, "card": base.id, "name": base.name, "category": base.category, "type": d.type}
    if d.subtype:
        out["subtype"] = d.subtype
    if card in s.table.face_down:
        out["face_down"] = True
    tokens = s.tok.get(CARD + card)
    if tokens:
        out["tokens"] = tokens
    if base.is_special and s.table.name_of[card] == "special":
        out["state"] = "used" if card in s.special_used else "unused"
    if card in s.sealed_by:
        out["sealed_by"] = s.sealed_by[card]
    if card in s.copy_of:
        out["copy_of"] = s.copy_of[card]
    return out


def _pile(s: SakuraState, owner: int, name: str, seat: int | None) -> list[dict]:
    return [card_view(s, c, seat) for c in zone(s, owner, name)]


def view(s: SakuraState, seat: int | None) -> dict:
    players = []
    for p in (0, 1):
        hand = zone(s, p, "hand")
        players.append({
            "seat": p, "goddesses": list(s.goddesses[p]),
            "life": s.tok[LIFE[p]], "aura": s.tok[AURA[p]], "flare": s.tok[FLARE[p]],
            "vigor": s.vigor[p], "flinched": s.flinch[p], "terminal": s.terminal[p], "hand_limit": 2,
            "deck": {"count": len(zone(s, p, "deck"))},
            "hand": ({"count": len(hand), "cards": _pile(s, p, "hand", seat)} if seat is None or seat == p
                     else {"count": len(hand)}),
            "facedown": ({"count": len(zone(s, p, "facedown")), "cards": _pile(s, p, "facedown", seat)}
                         if seat is None or seat == p else {"count": len(zone(s, p, "facedown"))}),
            **{name: _pile(s, p, name, seat) for name in ("played", "enhancement", "special", "extra", "sealed", "in_use")},
            # unchosen cards (10-29) are only counted; cards removed by effects are face up (10-18)
            "out_of_game": {"count": len(zone(s, p, "out")),
                            "cards": [card_view(s, c, seat) for c in zone(s, p, "out") if c not in s.table.face_down]},
        })
    out = {
        "game": "sakura-arms", "seat": seat, "turn": s.turn, "phase": s.phase, "active": s.active, "first": s.first,
        "mode": s.mode, "distance": current_distance(s), "distance_tokens": s.tok[DIST], "shadow": s.tok[SHADOW],
        "turn_start_distance": s.turn_start_distance, "players": players,
        "attacks": [a.to_json(s) for a in s.attacks if isinstance(a, Attack)],
        "tokens_out_of_game_net": s.out_net,
    }
    if s.result is not None:
        out["result"] = s.result.to_json()
    return out
