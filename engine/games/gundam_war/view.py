"""Per-seat views. Homeland and Discard Pile show counts only; the opponent's hand is a count;
everything else is public (GW-L.1)."""

from __future__ import annotations

from engine.core import view as core_view

from engine.games.gundam_war.state import (AREAS, CARD_TYPES, GWState, card_texts, defn, is_rolled, power,
    set_cards, stats, types_of)


def card_view(state: GWState, card: int, seat: int | None) -> dict:
    """A card as `seat` may see it (engine.core.view: face down when it may not)."""
    return core_view.card_view(state.table, card, seat, lambda c: _describe(state, c, seat))


def _describe(state: GWState, card: int, seat: int | None) -> dict:
    d = defn(state, card)
    out = {"id": card, "card": d.id, "name": d.title, "type": d.type, "colour": d.colour}
    kinds = types_of(state, card)
    if kinds != {d.type}:
        out["treated_as"] = [t for t in CARD_TYPES if t in kinds]           # GW-A-1.2
    zname = state.table.name_of[card]
    texts = card_texts(state, card) if d.keywords.get("team") else d.texts
    if texts:
        out["texts"] = [_text_view(t) for t in texts]
    if zname in ("deploy", "space", "earth", "arena", "set"):
        out["rolled"] = is_rolled(state, card)
        if "unit" in kinds:
            m, s, df = stats(state, card)
            out.update(melee=m, shooting=s, defense=df, damage=state.damage.get(card, 0),
                       destroyed=card in state.destroyed, transformed=card in state.transformed)
        if card in state.dismantled:
            out["dismantled"] = True
        if card in state.card_coins:
            out["card_coin"] = True
        if card in state.variable_g:
            out["variable_g"] = True
        if card in state.coins:
            out["coins"] = list(state.coins[card])
        sets = set_cards(state, card)
        if sets:
            out["set_cards"] = [card_view(state, c, seat) for c in sets]
    return out


def _text_view(t) -> dict:
    """What a player needs to use a text: its index in `use` actions is its place in this list."""
    cost = "R" if t.cost == "R" else f"{t.cost}"
    out = {"timing": f"{t.turn} {t.step}".replace("any any", "normal").replace("any ", ""),
           "cost": cost + (" each" if t.each else "")}
    if t.special:
        out["special"] = t.special
    if t.requires:
        out["requires"] = list(t.requires)
    if t.text:
        out["label"] = t.text
    return out


def _zone(state: GWState, owner: int, name: str, seat: int | None):
    """A zone as its declaration shows it to `seat` (engine.core.view.zone_view)."""
    return core_view.zone_view(state.table, owner, name, seat, lambda c: _describe(state, c, seat))


def view(state: GWState, seat: int | None) -> dict:
    players = []
    for p in (0, 1):
        pw = power(state, p)
        players.append({
            "seat": p,
            "homeland": _zone(state, p, "homeland", seat),
            "discard_pile": _zone(state, p, "discard", seat),
            "hand": _zone(state, p, "hand", seat),
            "junk_yard": _zone(state, p, "junk", seat),
            "removed": _zone(state, p, "removed", seat),
            "hangar": _zone(state, p, "hangar", seat),
            "deploy_area": _zone(state, p, "deploy", seat),
            "squads": {a: _zone(state, p, a, seat) for a in AREAS},
            "played": _zone(state, p, "played", seat),
            "national_power": dict(sorted(pw.items())), "total_power": sum(pw.values()),
            "pollution": state.pollution[p], "vulture_points": state.vulture_points[p],
        })
    out = {
        "game": "gundam-war", "seat": seat, "phase": state.phase, "turn": state.turn, "active": state.active,
        "first": state.first, "step": state.step, "priority": state.priority, "players": players,
        "engaged": sorted(state.engaged),
        "cut": [{"kind": e["kind"], "seat": e["seat"],
                 "card": e["card"] if state.table.visible_to(e["card"], seat) else None,
                 "target": e.get("target") if e.get("target") is None or state.table.visible_to(e["target"], seat)
                 else None} for e in state.cut],
        "plays_this_turn": dict(sorted(state.slots.items())),
    }
    if state.result is not None:
        out["result"] = state.result.to_json()
    return out
