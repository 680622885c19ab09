"""Per-seat views: what one seat may know, as JSON, built by the core view builder from the
zone declarations (engine/core/view.py): the library and the opponent's hand appear only as
counts (QG layout table), so nothing a seat cannot see leaks through a view."""

from __future__ import annotations

from engine.core import view as core_view

from engine.games.qiguang.cards import RACES
from engine.games.qiguang.state import (QgState, at, attack, card_json, defn, health, in_play, lanes,
                                        leader_of, mana_sources, stage)


def card_view(state: QgState, card: int, seat: int | None) -> dict:
    return core_view.card_view(state.table, card, seat, lambda c: _card(state, c))


def _card(state: QgState, card: int) -> dict:
    d = defn(state, card)
    out = card_json(state, card)
    out["kind"] = d.type
    if d.is_character:
        out.update(race=d.race, attack=attack(state, card), health=health(state, card),
                   damage=state.damage.get(card, 0), leader=d.leader)
    return out


def _pile(state: QgState, owner: int, name: str, seat: int | None):
    return core_view.zone_view(state.table, owner, name, seat, lambda c: _card(state, c))


def _crystals(state: QgState, p: int) -> dict:
    c = state.crystals[p]
    return {race: {"untapped": c[i], "tapped": c[i + 3]} for i, race in enumerate(RACES)}


def view(state: QgState, seat: int | None) -> dict:
    players = []
    for p in (0, 1):
        lane_rows = []
        for lane in lanes(state):
            row = {"lane": lane}
            for name in ("standby", "combat"):
                card = at(state, p, name, lane)
                row[name] = card_view(state, card, seat) if card is not None else None
            lane_rows.append(row)
        mine = seat is None or seat == p
        players.append({
            "seat": p, "life": state.life[p],
            "library": _pile(state, p, "library", seat),
            "hand": _pile(state, p, "hand", seat),
            "mana_sources_in_hand": len(mana_sources(state, p)) if mine else None,
            "lanes": lane_rows,
            "crystals": _crystals(state, p),
            "field": _pile(state, p, "field", seat),
            "support": _pile(state, p, "support", seat),
            "graveyard": _pile(state, p, "graveyard", seat),
            "exile": _pile(state, p, "exile", seat),
            "leader": card_view(state, leader, seat) if (leader := leader_of(state, p)) is not None else None,
            "took_mana_last_draw": state.token_last[p],
            "leader_ability_used": state.leader_used[p],
        })
    chain = []
    for i, link in enumerate(state.chain, start=1):
        entry = {"link": i, "seat": link.seat, "kind": link.kind, "cancelled": link.cancelled}
        if link.card is not None:
            entry["card"] = card_view(state, link.card, seat)
        if link.source is not None:
            entry["source"] = card_view(state, link.source, seat)
            entry["ability"] = defn(state, link.source).abilities[link.index].name
        if link.target is not None:
            entry["target"] = card_view(state, link.target, seat)
        chain.append(entry)
    out = {
        "game": "qiguang", "seat": seat, "turn": state.turn, "phase": state.phase, "stage": stage(state),
        "active": state.active, "first": state.first, "lanes": state.options["lanes"],
        "world_field_owner": state.world, "players": players, "chain": chain,
        "chain_closing": state.closing,
        "turn_status": {"inheritor_crystal_gained": state.inheritor_gained,
                        "attacked": [card_json(state, c) for c in sorted(state.attacked) if in_play(state, c)]},
    }
    if state.result is not None:
        out["result"] = state.result.to_json()
    return out
