"""Qiguang effects: moving cards, life and crystals, the end of the game, and the effect registry.

Everything here changes the state and is used by both the effect words of the card data and
the course of the game (engine/games/qiguang/flow.py). Every effect word of the card data is
declared once in `REGISTRY` (engine/core/effects.py): its parameters (the card schema's effect
part is generated from them), its scope, what resolving it does and one line of wording
(docs/effects/qiguang.md is generated from it). A card whose effect does not fit the words
names a script (`script: name`), registered in `SCRIPTS`.
"""

from __future__ import annotations

from typing import Any, Callable

from engine.core.effects import EffectRegistry, Scope, Word
from engine.core.requests import Result
from engine.core.view import CardRef

from engine.games.qiguang.cards import MAX_X, RACE_NAMES, RACES
from engine.games.qiguang.state import (COMBAT, CRYSTAL_CAP, RACE_INDEX, STANDBY, CrystalCap, EffectCtx,
                                        QgState, ResolveEffect, at, attack, characters, crystal_total, defn, emit,
                                        health, in_play, lane_of, lanes,
                                        owner, stage, where, zone)


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


def gain_crystal(state: QgState, seat: int, race: str, rule: str) -> CrystalCap | None:
    """QG-5.3 and QG-5.4: at the cap, first remove an untapped crystal the player chooses (the
    step that asks it is returned; the caller makes it the asking step)."""
    c = state.crystals[seat]
    if crystal_total(state, seat) >= CRYSTAL_CAP:
        untapped_races = [r for r in RACES if c[RACE_INDEX[r]]]
        if not untapped_races:
            if state.options["cap_all_tapped"] == "no_gain":  # QG-G16
                emit(state, {"type": "crystal_not_gained", "seat": seat, "race": race, "rule": "QG-G16"})
                state.flow.settle("exile_crystal", seat, "QG-G16", "All 10 of your crystals were tapped, so no "
                                  "crystal was removed and the new one was not gained.")
                return None
            untapped_races = [r for r in RACES if c[RACE_INDEX[r] + 3]]
        if len(untapped_races) > 1:
            return CrystalCap(seat, race, rule)
        only = untapped_races[0]
        state.flow.settle("exile_crystal", seat, "QG-5.4", f"Your {RACE_NAMES[only]} crystals were the only ones "
                          f"you could remove at the cap of 10, so one of them was removed by itself.")
        remove_crystal(state, seat, only)
    add_crystal(state, seat, race, rule)
    return None


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


# -- scopes: the characters an effect acts on ---------------------------------------------------

def _in_play(state: QgState, card: int) -> bool:
    return in_play(state, card)


def _both(state: QgState, seat: int) -> list[int]:
    return characters(state, seat) + characters(state, 1 - seat)


SCOPES: tuple[Scope, ...] = (
    # the chosen target of a card or ability (`to: target`); its kind (the card's `target`) says
    # which characters may be chosen, and it is acted on only while it is still in play
    Scope("target", _both, chosen=True, holds=_in_play, wording="the chosen character"),
    Scope("enemy_character", lambda s, seat: characters(s, 1 - seat), chosen=True, holds=_in_play,
          wording="one of the opponent's characters"),
    Scope("own_character", characters, chosen=True, holds=_in_play, wording="one of your characters"),
    Scope("any_character", _both, chosen=True, holds=_in_play, wording="any one character"),
    Scope("enemy_combat", lambda s, seat: [c for c in characters(s, 1 - seat) if where(s, c) in COMBAT],
          wording="every character in the opponent's combat row"),
    Scope("enemy_all", lambda s, seat: characters(s, 1 - seat), wording="every character of the opponent"),
    Scope("all_characters", _both, wording="every character"),
    Scope("own_all", characters, wording="every one of your characters"),
)
_SCOPE = {s.name: s for s in SCOPES}


def targets(state: QgState, seat: int, kind: str | None) -> list[int]:
    """The characters a card or ability of this `target` kind may choose (its scope's cards)."""
    return _SCOPE[kind].cards(state, seat) if kind is not None else []


def _card_scope(to: str) -> str | None:
    return to if to in _SCOPE else None  # "opponent", "both_players" and "self" name no scope


def _amount(value: object, x: int) -> int:
    return x if value == "X" else int(value)  # type: ignore[arg-type]


# -- the words -------------------------------------------------------------------------------

def damage_character(state: QgState, card: int, amount: int) -> None:
    if amount <= 0:
        return
    state.damage[card] = state.damage.get(card, 0) + amount
    emit(state, {"type": "damaged", "card": CardRef(card), "amount": amount, "health": health(state, card)})


def lose_life(state: QgState, seat: int, amount: int, rule: str) -> None:
    state.life[seat] -= amount
    emit(state, {"type": "life", "seat": seat, "change": -amount, "life": state.life[seat], "rule": rule})


def _damage(state: QgState, value: dict, ctx: EffectCtx) -> None:
    amount, to, seat = _amount(value["amount"], ctx.x), value["to"], ctx.seat
    if to == "opponent":
        lose_life(state, 1 - seat, amount, "QG-0.1")
    elif to == "both_players":  # one step: both can reach 0 at the same check (QG-2.3.1)
        lose_life(state, seat, amount, "QG-0.1")
        lose_life(state, 1 - seat, amount, "QG-0.1")
    else:
        for card in _SCOPE[to].resolve(state, ctx):
            damage_character(state, card, amount)


def _heal(state: QgState, value: dict, ctx: EffectCtx) -> None:
    amount = _amount(value["amount"], ctx.x)
    for card in _SCOPE[value["to"]].resolve(state, ctx):
        healed = min(amount, state.damage.get(card, 0))
        if healed:
            state.damage[card] -= healed
            emit(state, {"type": "healed", "card": CardRef(card), "amount": healed})


def _gain_life(state: QgState, value: Any, ctx: EffectCtx) -> None:
    amount, seat = _amount(value, ctx.x), ctx.seat
    state.life[seat] += amount  # QG-G6: no maximum
    emit(state, {"type": "life", "seat": seat, "change": amount, "life": state.life[seat], "rule": "QG-G6"})


def _lose_life(state: QgState, value: Any, ctx: EffectCtx) -> None:
    lose_life(state, ctx.seat, _amount(value, ctx.x), "QG-0.1")


def _draw(state: QgState, count: int, ctx: EffectCtx) -> None:
    draw(state, ctx.seat, count)


def _each_draws(state: QgState, count: int, ctx: EffectCtx) -> None:
    """Both players draw, one card each at a time, the user first. A player who has to draw
    from an empty library loses (QG-2.2.2); both at the same draw is a tie (QG-2.3.1)."""
    seats = (ctx.seat, 1 - ctx.seat)
    for _ in range(count):
        empty = [seat for seat in seats if not zone(state, seat, "library")]
        if empty:
            for seat in empty:
                emit(state, {"type": "empty_library", "seat": seat, "rule": "QG-2.2.2"})
            finish(state, empty, "had to draw from an empty library", "QG-2.2.2")
            return
        for seat in seats:
            draw(state, seat, 1)


def _declare_x(state: QgState, value: dict, ctx: EffectCtx) -> None:
    """Nothing happens on resolution: X was declared when the card was played (QG-G32) and
    the link carries it, so the effects after this one read it as `X` (ctx.x)."""


def _destroy(state: QgState, value: str, ctx: EffectCtx) -> None:
    for card in _SCOPE[value].resolve(state, ctx):
        destroy(state, card, "QG-G24")


def _bounce(state: QgState, value: str, ctx: EffectCtx) -> None:
    for card in _SCOPE[value].resolve(state, ctx):
        leave_play(state, card, "hand")
        emit(state, {"type": "returned_to_hand", "card": CardRef(card)})


def _boost(state: QgState, value: dict, ctx: EffectCtx) -> None:
    source = ctx.source
    if value["to"] == "self":
        cards = [source] if source is not None and in_play(state, source) else []
    else:
        cards = _SCOPE[value["to"]].resolve(state, ctx)
    store = state.perm if value.get("until") == "permanent" else state.temp
    for card in cards:
        mods = store.setdefault(card, [0, 0])
        mods[0] += value.get("attack", 0)
        mods[1] += value.get("health", 0)
        emit(state, {"type": "boosted", "card": CardRef(card), "attack": attack(state, card),
                     "health": health(state, card)})


def _crystal(state: QgState, race: str, ctx: EffectCtx) -> CrystalCap | None:
    return gain_crystal(state, ctx.seat, race, "QG-0.1")


def _mana_source(state: QgState, count: int, ctx: EffectCtx) -> None:
    for _ in range(count):
        card = new_mana_source(state, ctx.seat)
        emit(state, {"type": "mana_source", "seat": ctx.seat, "card": CardRef(card)})


def _negate(state: QgState, value: bool, ctx: EffectCtx) -> None:
    if state.chain:  # the link directly below this one (QG-9.2)
        victim = state.chain[-1]
        victim.cancelled = True
        emit(state, {"type": "negated", "link": len(state.chain), "seat": victim.seat, "rule": "QG-9.2"})


def _advance(state: QgState, value: str, ctx: EffectCtx) -> None:
    for card in _SCOPE[value].resolve(state, ctx):
        if where(state, card) in STANDBY:
            lane = lane_of(state, card)
            if at(state, owner(state, card), "combat", lane) is None:
                state.table.move(card, owner(state, card), f"combat{lane}")
                emit(state, {"type": "advanced", "card": CardRef(card), "lane": lane})


def _revive(state: QgState, value: str, ctx: EffectCtx) -> None:
    source = ctx.source
    if source is not None and where(state, source) == "graveyard":
        seat = owner(state, source)
        free = [lane for lane in lanes(state) if at(state, seat, "standby", lane) is None]
        if free:
            state.table.move(source, seat, f"standby{free[0]}")
            emit(state, {"type": "revived", "card": CardRef(source), "lane": free[0]})


def _script(state: QgState, name: str, ctx: EffectCtx) -> None:
    SCRIPTS[name](state, ctx)


def resolve_effect(state: QgState, effect: dict, ctx: EffectCtx) -> CrystalCap | None:
    """Resolve one effect of a card; returns the step it asks, if any (a crystal at the cap)."""
    return REGISTRY.resolve(state, effect, ctx)


# -- the state check -------------------------------------------------------------------------

def finish(state: QgState, losers: list[int], reason: str, rule: str, winner: int | None = None) -> None:
    if winner is not None:
        state.result = Result(winner, False, reason, rule)
    elif len(losers) == 2:
        state.result = Result(None, True, f"both players lost at once: each {reason}", "QG-2.3.1")
    elif not losers:
        state.result = Result(None, True, reason, rule)
    else:
        state.result = Result(1 - losers[0], False, f"seat {losers[0]} {reason}", rule)
    state.phase = "over"
    state.final_stage = stage(state)  # the course step goes with the flow: the view keeps where it ended
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


_AMOUNT = {"oneOf": [{"type": "integer", "minimum": 0}, {"const": "X"}]}


def _object(required: list[str], **properties: dict) -> dict:
    return {"type": "object", "additionalProperties": False, "required": required, "properties": properties}


REGISTRY: EffectRegistry[QgState] = EffectRegistry(
    words=(
        Word("damage", _object(["amount", "to"], amount=_AMOUNT,
                               to={"enum": ["target", "opponent", "both_players", "enemy_combat", "enemy_all",
                                            "all_characters"]}),
             _damage, "`amount` damage to `to` (a player loses that much life, QG-0.1)",
             scope_of=lambda value: _card_scope(value["to"])),
        Word("heal", _object(["amount", "to"], amount=_AMOUNT, to={"enum": ["target", "own_all"]}),
             _heal, "remove up to `amount` damage from `to`", scope_of=lambda value: value["to"]),
        Word("gain_life", _AMOUNT, _gain_life, "you gain `value` life (no maximum, QG-G6)"),
        Word("lose_life", _AMOUNT, _lose_life, "you lose `value` life (QG-0.1)"),
        Word("draw", {"type": "integer", "minimum": 1, "maximum": 5}, _draw,
             "you draw `value` card(s) (an empty library loses, QG-2.2.2)"),
        Word("each_draws", {"type": "integer", "minimum": 1, "maximum": 5}, _each_draws,
             "each player draws `value` card(s), you first (an empty library loses, QG-2.2.2; both at once "
             "is a tie, QG-2.3.1)"),
        Word("declare_x", _object(["min", "max"], min={"type": "integer", "minimum": 0, "maximum": MAX_X},
                                  max={"type": "integer", "minimum": 0, "maximum": MAX_X}), _declare_x,
             "you declare X from `min` to `max` as you play this card, apart from its cost (QG-G32); `X` in "
             "the effects means it"),
        Word("destroy", {"const": "target"}, _destroy, "`value` is destroyed (QG-G24)",
             scope_of=lambda value: value),
        Word("bounce", {"const": "target"}, _bounce, "`value` returns to its owner's hand",
             scope_of=lambda value: value),
        Word("boost", _object(["to"], attack={"type": "integer"}, health={"type": "integer"},
                              to={"enum": ["target", "own_all", "self"]},
                              until={"enum": ["end_of_turn", "permanent"]}),
             _boost, "`to` gets `attack` attack and `health` health (`until`: until the end of the turn "
                     "unless permanent)",
             scope_of=lambda value: _card_scope(value["to"])),
        Word("crystal", {"enum": list(RACES)}, _crystal,
             "you gain a `value` crystal (at the cap of 10 you first remove one of your choice, QG-5.4)"),
        Word("mana_source", {"type": "integer", "minimum": 1, "maximum": 3}, _mana_source,
             "`value` Mana Source tokens come into your hand (QG-1.4)"),
        Word("negate", {"const": True}, _negate, "the link directly below in the chain is cancelled (QG-9.2)"),
        Word("advance", {"const": "target"}, _advance,
             "`value` moves from standby to the empty combat space of its lane", scope_of=lambda value: value),
        Word("revive", {"const": "self"}, _revive,
             "this card comes back from the graveyard to your first free standby space"),
        Word("script", {"type": "string"}, _script,
             "runs the Python script `value`, for an effect the words cannot say (known: "
             + ", ".join(sorted(SCRIPTS)) + ")",
             check=lambda name: None if name in SCRIPTS else
             f"unknown script {name!r}; known: {', '.join(sorted(SCRIPTS))}"),
    ),
    scopes=SCOPES,
)
