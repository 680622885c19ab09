"""Per-seat views. Hidden cards (Deck, the other seat's hand and Face-down pile, unused
Specials, unchosen cards) appear without identity; a Special's category is public even face
down (6-2-1-1). Token counts and every other number are public (7-1, 5-1)."""

from __future__ import annotations

from engine.core import view as core_view

from engine.games.sakura_arms.effects import Attack
from engine.games.sakura_arms.mechanics import umbrella
from engine.games.sakura_arms.mechanics import plan
from engine.games.sakura_arms.state import (AURA, CARD, DIST, FLARE, LIFE, SHADOW, SakuraState, current_distance,
                                            defn, zone)


def describe(s: SakuraState, card: int) -> dict:
    """A card as a seat that sees it is shown it."""
    base = s.table.cards[card].defn
    d = defn(s, card)  # a copy's source (10-16), a two-faced card's current face (mechanics/umbrella.py)
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
    if card in s.copy_of_sealed and d is not base:  # mechanics/copies.py: a copy of a sealed card (10-16)
        out["copy_of"] = s.copy_of_sealed[card]
    faces = umbrella.faces_view(s, card)
    if faces:
        out["umbrella"] = faces
    return out


def card_view(s: SakuraState, card: int, seat: int | None) -> dict:
    """The core card view; a card face down to `seat` still shows its category (6-2-1-1)."""
    shown = core_view.card_view(s.table, card, seat, lambda c: describe(s, c))
    if "id" not in shown:
        shown["category"] = s.table.cards[card].defn.category
    return shown


def _pile(s: SakuraState, owner: int, name: str, seat: int | None) -> list[dict]:
    return [card_view(s, c, seat) for c in zone(s, owner, name)]


def _owner_zone(s: SakuraState, owner: int, name: str, seat: int | None) -> dict:
    """Deck (hidden), hand and Face-down pile (owner only), by their declaration."""
    return core_view.zone_view(s.table, owner, name, seat, lambda c: describe(s, c))


def view(s: SakuraState, seat: int | None) -> dict:
    players = []
    for p in (0, 1):
        players.append({
            "seat": p, "goddesses": list(s.goddesses[p]),
            "life": s.tok[LIFE[p]], "aura": s.tok[AURA[p]], "flare": s.tok[FLARE[p]],
            "vigor": s.vigor[p], "flinched": s.flinch[p], "terminal": s.terminal[p], "hand_limit": 2,
            **({"umbrella": s.umbrella[p]} if umbrella.has_two_faced(s, p) else {}),  # mechanics/umbrella.py
            "deck": _owner_zone(s, p, "deck", seat),
            "hand": _owner_zone(s, p, "hand", seat),
            "facedown": _owner_zone(s, p, "facedown", seat),
            **{name: _pile(s, p, name, seat) for name in ("played", "enhancement", "special", "extra", "sealed", "in_use")},
            # unchosen cards (10-29) are only counted; cards removed by effects are face up (10-18)
            "out_of_game": {"count": len(zone(s, p, "out")),
                            "cards": [card_view(s, c, seat) for c in zone(s, p, "out") if c not in s.table.face_down]},
            **plan.shown(s, p, seat),
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
