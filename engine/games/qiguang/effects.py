"""Qiguang effects: moving cards, life and crystals, the end of the game, and the effect words.

Everything here changes the state and is used by both the effect words of the card data and
the course of the game (engine/games/qiguang/flow.py). A card whose effect does not fit the
words names a script (`script: name`), registered in `SCRIPTS`.
"""

from __future__ import annotations

from typing import Callable

from engine.core.requests import Result
from engine.core.view import CardRef

from engine.games.qiguang.cards import RACES
from engine.games.qiguang.state import (COMBAT, CRYSTAL_CAP, RACE_INDEX, STANDBY, CrystalCap, EffectCtx,
                                        QgState, ResolveEffect, at, attack, characters, crystal_total, defn, emit,
                                        health, in_play, lane_of, lanes,
                                        owner, where, zone)


# -- cards and counters ---------------------------------------------------------------------

def new_mana_source(state: QgState, seat: int) -> int:
    """A Mana Source token card into the seat's hand (QG-1.4, QG-3.3.1)."""
    card_id = len(state.table.cards)
    state.table.add_card(seat, state.cards["mana-source"], "hand", card_id)
    return card_id


def draw(state: QgState, seat: int, count: int = 1) -> None:
    """QG-2.2.2: having to draw from an empty library loses at once."""
    for _ in range(count):
        library = zone(state, seat, "library")
        if not library:
            emit(state, {"type": "empty_library", "seat": seat, "rule": "QG-2.2.2"})
            finish(state, [seat], "had to draw from an empty library", "QG-2.2.2")
            return
        card = library[0]
        state.table.move(card, seat, "hand")
        emit(state, {"type": "draw", "seat": seat, "card": CardRef(card)})


def leave_play(state: QgState, card: int, to: str) -> None:
    state.damage.pop(card, None)
    state.perm.pop(card, None)
    state.temp.pop(card, None)
    state.abilities_used = {k for k in state.abilities_used if k[0] != card}
    state.table.move(card, owner(state, card), to)


def destroy(state: QgState, card: int, rule: str) -> None:
    """A destruction (QG-G24): to the graveyard, and destruction effects happen."""
    seat = owner(state, card)
    emit(state, {"type": "destroyed", "card": CardRef(card), "rule": rule})
    if where(state, card) == "field" and state.world == seat and defn(state, card).world:
        state.world = None
    leave_play(state, card, "graveyard")
    ctx = EffectCtx(seat, card)
    state.flow.next(*(ResolveEffect(effect, ctx) for effect in defn(state, card).on_destroyed))


def replace_to_graveyard(state: QgState, card: int, rule: str) -> None:
    """Sent to the graveyard by replacement (QG-6.2, QG-6.3, QG-7.2): not destroyed."""
    emit(state, {"type": "replaced", "card": CardRef(card), "rule": rule})
    leave_play(state, card, "graveyard")


def gain_crystal(state: QgState, seat: int, race: str, rule: str) -> None:
    """QG-5.3 and QG-5.4: at the cap, first remove an untapped crystal the player chooses."""
    c = state.crystals[seat]
    if crystal_total(state, seat) >= CRYSTAL_CAP:
        untapped_races = [r for r in RACES if c[RACE_INDEX[r]]]
        if not untapped_races:
            if state.options["cap_all_tapped"] == "no_gain":  # QG-G16
                emit(state, {"type": "crystal_not_gained", "seat": seat, "race": race, "rule": "QG-G16"})
                return
            untapped_races = [r for r in RACES if c[RACE_INDEX[r] + 3]]
        if len(untapped_races) > 1:
            state.flow.asking = CrystalCap(seat, race, rule)
            return
        remove_crystal(state, seat, untapped_races[0])
    add_crystal(state, seat, race, rule)


def remove_crystal(state: QgState, seat: int, race: str) -> None:
    c = state.crystals[seat]
    i = RACE_INDEX[race]
    if c[i]:
        c[i] -= 1
    else:  # QG-G16 option: all crystals tapped
        c[i + 3] -= 1
    emit(state, {"type": "crystal_exiled", "seat": seat, "race": race, "rule": "QG-5.4"})


def add_crystal(state: QgState, seat: int, race: str, rule: str) -> None:
    tapped = state.options["new_crystal"] == "tapped"  # QG-G18
    state.crystals[seat][RACE_INDEX[race] + (3 if tapped else 0)] += 1
    emit(state, {"type": "crystal_gained", "seat": seat, "race": race, "tapped": tapped, "rule": rule})


# -- effects -------------------------------------------------------------------------------

def _amount(value: object, x: int) -> int:
    return x if value == "X" else int(value)  # type: ignore[arg-type]


def damage_character(state: QgState, card: int, amount: int) -> None:
    if amount <= 0:
        return
    state.damage[card] = state.damage.get(card, 0) + amount
    emit(state, {"type": "damaged", "card": CardRef(card), "amount": amount, "health": health(state, card)})


def lose_life(state: QgState, seat: int, amount: int, rule: str) -> None:
    state.life[seat] -= amount
    emit(state, {"type": "life", "seat": seat, "change": -amount, "life": state.life[seat], "rule": rule})


def resolve_effect(state: QgState, effect: dict, ctx: EffectCtx) -> None:
    (kind, value), = effect.items()
    seat, source, target, x = ctx.seat, ctx.source, ctx.target, ctx.x
    opp = 1 - seat
    live_target = target if target is not None and in_play(state, target) else None
    if kind == "damage":
        amount, to = _amount(value["amount"], x), value["to"]
        if to == "opponent":
            lose_life(state, opp, amount, "QG-0.1")
        elif to == "both_players":  # one step: both can reach 0 at the same check (QG-2.3.1)
            lose_life(state, seat, amount, "QG-0.1")
            lose_life(state, opp, amount, "QG-0.1")
        else:
            victims = {"target": [live_target] if live_target is not None else [],
                       "enemy_combat": [c for c in characters(state, opp) if where(state, c) in COMBAT],
                       "enemy_all": characters(state, opp),
                       "all_characters": characters(state, seat) + characters(state, opp)}[to]
            for card in victims:
                damage_character(state, card, amount)
    elif kind == "heal":
        amount = _amount(value["amount"], x)
        cards = [live_target] if value["to"] == "target" else characters(state, seat)
        for card in cards:
            if card is None:
                continue
            healed = min(amount, state.damage.get(card, 0))
            if healed:
                state.damage[card] -= healed
                emit(state, {"type": "healed", "card": CardRef(card), "amount": healed})
    elif kind == "gain_life":
        amount = _amount(value, x)
        state.life[seat] += amount  # QG-G6: no maximum
        emit(state, {"type": "life", "seat": seat, "change": amount, "life": state.life[seat], "rule": "QG-G6"})
    elif kind == "lose_life":
        lose_life(state, seat, _amount(value, x), "QG-0.1")
    elif kind == "draw":
        draw(state, seat, value)
    elif kind == "destroy":
        if live_target is not None:
            destroy(state, live_target, "QG-G24")
    elif kind == "bounce":
        if live_target is not None:
            leave_play(state, live_target, "hand")
            emit(state, {"type": "returned_to_hand", "card": CardRef(live_target)})
    elif kind == "boost":
        cards = {"target": [live_target] if live_target is not None else [],
                 "own_all": characters(state, seat),
                 "self": [source] if source is not None and in_play(state, source) else []}[value["to"]]
        store = state.perm if value.get("until") == "permanent" else state.temp
        for card in cards:
            mods = store.setdefault(card, [0, 0])
            mods[0] += value.get("attack", 0)
            mods[1] += value.get("health", 0)
            emit(state, {"type": "boosted", "card": CardRef(card), "attack": attack(state, card),
                         "health": health(state, card)})
    elif kind == "crystal":
        gain_crystal(state, seat, value, "QG-0.1")
    elif kind == "mana_source":
        for _ in range(value):
            card = new_mana_source(state, seat)
            emit(state, {"type": "mana_source", "seat": seat, "card": CardRef(card)})
    elif kind == "negate":
        if state.chain:  # the link directly below this one (QG-9.2)
            victim = state.chain[-1]
            victim.cancelled = True
            emit(state, {"type": "negated", "link": len(state.chain), "seat": victim.seat, "rule": "QG-9.2"})
    elif kind == "advance":
        if live_target is not None and where(state, live_target) in STANDBY:
            lane = lane_of(state, live_target)
            if at(state, owner(state, live_target), "combat", lane) is None:
                state.table.move(live_target, owner(state, live_target), f"combat{lane}")
                emit(state, {"type": "advanced", "card": CardRef(live_target), "lane": lane})
    elif kind == "revive":
        if source is not None and where(state, source) == "graveyard":
            seat = owner(state, source)
            free = [lane for lane in lanes(state) if at(state, seat, "standby", lane) is None]
            if free:
                state.table.move(source, seat, f"standby{free[0]}")
                emit(state, {"type": "revived", "card": CardRef(source), "lane": free[0]})
    elif kind == "script":
        SCRIPTS[value](state, ctx)


# -- the state check -------------------------------------------------------------------------

def finish(state: QgState, losers: list[int], reason: str, rule: str, winner: int | None = None) -> None:
    if winner is not None:
        state.result = Result(winner, False, reason, rule)
    elif len(losers) == 2:
        state.result = Result(None, True, f"both players lost at once: {reason}", "QG-2.3.1")
    elif not losers:
        state.result = Result(None, True, reason, rule)
    else:
        state.result = Result(1 - losers[0], False, f"seat {losers[0]} {reason}", rule)
    state.phase = "over"
    state.flow.stop()
    emit(state, {"type": "game_over", **state.result.to_json()})



# -- scripts: the Python escape hatch (`script: name`) ---------------------------------------


def refresh_crystals(state: QgState, ctx: EffectCtx) -> None:
    """"Second Wind": untap all of your tapped race crystals."""
    seat = ctx.seat
    c = state.crystals[seat]
    for i in range(3):
        c[i] += c[i + 3]
        c[i + 3] = 0
    emit(state, {"type": "untapped", "seat": seat, "rule": "QG-0.1"})


SCRIPTS: dict[str, Callable[[QgState, EffectCtx], None]] = {"refresh_crystals": refresh_crystals}
