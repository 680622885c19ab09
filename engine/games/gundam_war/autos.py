"""Automatic effects C and D (GW-A-14): triggers, once-per-turn activation (GW-A-14.7) and the
four non-duplicating kinds (GW-A-26.17). Auto C waits for a new Cut (GW-A-14.3, GW-A-14.10);
Auto D resolves at once and cannot be cut into (GW-A-14.4)."""

from __future__ import annotations

from engine.games.gundam_war.state import GWState, card_json, controller, defn, emit, zone
from engine.games.gundam_war.stats import requirement_met

_FIELD_ZONES = ("deploy", "set", "space", "earth", "arena")


def _nondup_key(kind: str, d, seat: int, on: str, subject: int | None, serial: int) -> tuple:
    """GW-A-26.17: A once in all; B once per controller; C once per controller per activation
    condition; D once per target."""
    if kind == "A":
        return ("A", d.name)
    if kind == "B":
        return ("B", d.name, seat)
    if kind == "C":
        return ("C", d.name, seat, on, serial)
    return ("D", d.name, subject)


def fire(state: GWState, on: str, subject: int | None, subject_seat: int | None = None) -> None:
    """Trigger every field card's Auto C/D with this condition. `unit_destroyed` triggers for
    the controller of the card whose *enemy* lost the Unit; `enter`/`sortie` for the card itself."""
    state.serial += 1
    serial = state.serial
    z = state.table.zones
    for seat in (state.active, 1 - state.active):
        for zname in _FIELD_ZONES:
            for card in list(z[f"{seat}.{zname}"]):
                d = defn(state, card)
                if not d.autos:
                    continue
                for i, a in enumerate(d.autos):
                    if a.kind == "A" or a.on != on:
                        continue
                    if on in ("enter", "sorties", "sortie", "engaged") and subject != card:
                        continue
                    if on == "unit_destroyed" and subject_seat == seat:
                        continue
                    if not requirement_met(state, card, a.requires):           # GW-A-16.9
                        continue
                    once = (card, i)
                    if once in state.fired and not a.each_time:               # GW-A-14.7
                        continue
                    if a.nondup:
                        key = _nondup_key(a.nondup, d, seat, on, subject, serial)
                        if key in state.nondup:
                            emit(state, {"type": "non_duplicating", "card": card_json(state, card),
                                         "kind": a.nondup, "rule": "GW-A-26.17"})
                            continue
                        state.nondup.add(key)
                    state.fired.add(once)
                    entry = {"kind": "auto", "seat": seat, "card": card, "auto": i}
                    if a.kind == "C":
                        state.pending.append(entry)
                    else:
                        resolve_auto(state, entry)


def resolve_auto(state: GWState, entry: dict) -> None:
    from engine.games.gundam_war.effects import apply_effects
    a = defn(state, entry["card"]).autos[entry["auto"]]
    emit(state, {"type": "auto", "auto": a.kind, "card": card_json(state, entry["card"]),
                 "rule": "GW-A-14.3" if a.kind == "C" else "GW-A-14.4"})
    apply_effects(state, entry["seat"], a.effects, entry.get("target"), entry["card"])


def target_kind(state: GWState, entry: dict) -> str | None:
    """The chosen-target kind of a waiting Auto C, if it chooses one (GW-A-13.4)."""
    if entry["kind"] != "auto":
        return None
    from engine.games.gundam_war.cards import needs_target
    return needs_target(defn(state, entry["card"]).autos[entry["auto"]].effects)


def end_of_turn_autos(state: GWState) -> list[dict]:
    """"At end of turn" Auto C/D of both sides: processed at once, ordered by the active player,
    never cut into (GW-B-12.2, GW-A-15.10)."""
    out = []
    for seat in (state.active, 1 - state.active):
        for zname in _FIELD_ZONES:
            for card in zone(state, seat, zname):
                for i, a in enumerate(defn(state, card).autos):
                    if a.kind in ("C", "D") and a.on == "end_of_turn" and requirement_met(state, card, a.requires):
                        out.append({"kind": "auto", "seat": controller(state, card), "card": card, "auto": i})
    return out
