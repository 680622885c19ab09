"""Resolving texts played from the field, including the special effects that are texts
(GW-A-25.10-25.25): Psycommu, Area Weapon, Atmospheric Entry, Transform, Dismantle, Resupply,
Special Shield, Multiple."""

from __future__ import annotations

from engine.games.gundam_war.effects import apply_effects, discard_set_card, legal_targets, targetable
from engine.games.gundam_war.state import AREAS, GWState, card_json, controller, defn, emit, where, zone
from engine.games.gundam_war.stats import defense, entry_text, is_rolled, on_field, set_cards


def psycommu_targets(state: GWState, card: int) -> list[int]:
    """GW-A-25.11: an enemy Unit engaged with this card, or, from the Deploy Area, a Unit in a
    battle area matching this card's terrain aptitude."""
    seat = controller(state, card)
    area = where(state, card)
    if area in AREAS:
        return legal_targets(state, seat, "engaged_enemy_unit", card)
    if area == "deploy":
        return [c for a in ("space", "earth") if a in defn(state, card).terrain
                for s in (1 - seat, seat) for c in zone(state, s, a) if targetable(state, c, card, seat)]
    return []


def area_weapon_victims(state: GWState, card: int) -> list[int]:
    """GW-A-25.12: engaged enemy Units whose Defense (not remaining Defense) is X or less."""
    x = defn(state, card).keywords["area_weapon"]
    return [c for c in legal_targets(state, controller(state, card), "engaged_enemy_unit", card) if defense(state, c) <= x]


def resupply_eligible(state: GWState, card: int) -> list[int]:
    """GW-A-25.25: the rerolled Units of this card's squad without Ship or Base (itself
    included, GW-X-25), front to back."""
    if where(state, card) not in AREAS:
        return []
    squad = zone(state, controller(state, card), where(state, card))
    return [c for c in squad if not is_rolled(state, c) and not defn(state, c).keywords.get("ship")
            and not defn(state, c).keywords.get("base")]


def resupply_units(state: GWState, card: int, chosen: list[int] | None = None) -> list[int]:
    """The Units Resupply keeps rerolled: those the player chose (still eligible now), or,
    when no choice was given, the first X front to back."""
    ok = resupply_eligible(state, card)
    if chosen is not None:
        return [c for c in chosen if c in ok]
    return ok[:defn(state, card).keywords["resupply"]]


def shield_entry(state: GWState, card: int) -> int | None:
    """GW-A-25.10: the topmost unresolved "deal damage" effect targeting this card (not Psycommu)."""
    for i in range(len(state.cut) - 1, -1, -1):
        e = state.cut[i]
        if e.get("target") != card or e.get("reduce_done"):
            continue
        if e["kind"] == "card":
            effects = defn(state, e["card"]).effects
        elif e["kind"] == "text":
            t = entry_text(state, e)
            if t.special == "psycommu":
                continue
            effects = t.effects
        else:
            continue
        if any("damage" in x for x in effects):
            return i
    return None


def resolve_text(state: GWState, entry: dict) -> None:
    card, seat = entry["card"], entry["seat"]
    t = entry_text(state, entry)
    emit(state, {"type": "text_resolves", "card": card_json(state, card), "special": t.special or None})
    if entry.get("void"):
        emit(state, {"type": "lost_target", "rule": "GW-A-25.13"})
        return
    sp = t.special
    if sp == "psycommu":
        target = entry.get("target")
        if target not in psycommu_targets(state, card):
            emit(state, {"type": "lost_target", "rule": "GW-A-13.5"})
            return
        amount = defn(state, card).keywords["psycommu"] + state.special_plus.get(card, 0)   # GW-A-26.11
        state.damage[target] = state.damage.get(target, 0) + amount
        emit(state, {"type": "damage", "card": card_json(state, target), "amount": amount, "rule": "GW-A-25.11"})
    elif sp == "area_weapon":
        from engine.games.gundam_war.effects import destroy
        for c in area_weapon_victims(state, card):
            destroy(state, c, "Area Weapon", "GW-A-25.12")
    elif sp == "atmospheric_entry":
        if where(state, card) != "space":
            emit(state, {"type": "condition_unmet", "rule": "GW-A-15.7"})
            return
        for e in state.cut:
            if e.get("target") == card:
                e["void"] = True                                 # GW-A-25.13
        state.table.move(card, seat, "earth")                    # joins behind (GW-A-17.4)
        state.sortied.add(card)
        if zone(state, 0, "earth") and zone(state, 1, "earth"):
            state.engaged.add("earth")                           # GW-A-17.2 exception
        emit(state, {"type": "atmospheric_entry", "card": card_json(state, card), "rule": "GW-A-25.13"})
    elif sp == "transform":
        if is_rolled(state, card) or not on_field(state, card):
            emit(state, {"type": "condition_unmet", "rule": "GW-A-25.19"})
            return
        state.transformed ^= {card}
        emit(state, {"type": "transform", "card": card_json(state, card), "transformed": card in state.transformed,
                     "rule": "GW-A-25.19"})
    elif sp == "dismantle":
        if not on_field(state, card):
            return
        for s in set_cards(state, card):
            discard_set_card(state, s, "GW-A-25.17")
        state.dismantled.add(card)
        state.turn_mods.pop(card, None)
        emit(state, {"type": "dismantled", "card": card_json(state, card), "rule": "GW-A-25.17"})
    elif sp == "resupply":
        if where(state, card) not in AREAS:
            return
        chosen = resupply_units(state, card, entry.get("cards"))
        state.resupplied.update(chosen)
        emit(state, {"type": "resupply", "cards": [card_json(state, c) for c in chosen], "rule": "GW-A-25.25"})
    elif sp == "special_shield":
        i = entry.get("shield")
        if i is not None and i < len(state.cut):
            state.cut[i]["reduce"] = state.cut[i].get("reduce", 0) + defn(state, card).keywords["special_shield"]
            state.cut[i]["reduce_done"] = True
            emit(state, {"type": "shield", "card": card_json(state, card), "rule": "GW-A-25.10"})
    else:
        apply_effects(state, seat, t.effects, entry.get("target"), card, entry.get("reduce", 0))

