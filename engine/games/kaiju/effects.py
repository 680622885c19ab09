"""Kaiju effects: moving cards, damage and healing, devolution, and the effect registry.

Every effect word of the card data is declared once in `REGISTRY` (engine/core/effects.py):
its parameters (the card schema's effect part is generated from them), its scope, what
resolving it does and one line of wording (docs/effects/kaiju.md is generated from it). A
card whose effect does not fit the words names a script (`script: name`), registered below.
"""

from __future__ import annotations

from typing import Any, Callable

from engine.core.effects import EffectContext, EffectRegistry, Scope, Word
from engine.core.requests import Result
from engine.core.view import CardRef

from engine.games.kaiju.state import (Devolve, DiscardFromHand, KaijuState, defense, defn, emit, emit_drawn, engaged,
                                      in_play, owner, speed, title, where, zone)

_IN_PLAY_KEYS = ("0.engaged", "0.support", "1.engaged", "1.support")  # seat 0's cards first (KJ-G19)


# -- moving cards --------------------------------------------------------------------------

def finish(state: KaijuState, losers: list[int], reasons: list[str], rule: str) -> None:
    """The game ends: one loser, or both at once (a draw, KJ-G19); `reasons[i]` says why
    `losers[i]` lost, as a predicate ("has no battle card in play")."""
    why = "; ".join(f"seat {seat} {reason}" for seat, reason in zip(losers, reasons))
    if len(losers) == 2:
        state.result = Result(None, True, f"both players lost at once: {why}", "KJ-G19")
    else:
        state.result = Result(1 - losers[0], False, why, rule)
    state.phase = "over"
    state.flow.stop()
    emit(state, {"type": "game_over", **state.result.to_json()})


def draw(state: KaijuState, seat: int, count: int = 1) -> None:
    """Draw cards; an empty deck skips the draw, or loses under `empty_deck` = "loses" (KJ-G6)."""
    for _ in range(count):
        deck = zone(state, seat, "deck")
        if not deck:
            emit(state, {"type": "draw_skipped", "seat": seat, "reason": "empty deck", "rule": "KJ-G6"})
            if state.options["empty_deck"] == "loses":
                finish(state, [seat], ["drew from an empty deck"], "KJ-G6")
            return
        card = deck[0]
        state.table.move(card, seat, "hand")
        emit_drawn(state, seat, card)


def leave_play(state: KaijuState, card: int, to_zone: str) -> None:
    """A battle card leaves play: damage is removed (KJ-G21); its stack goes to discard."""
    seat = owner(state, card)
    for enh in state.stack.pop(card, []):
        state.host.pop(enh, None)
        state.evolved_from.pop(enh, None)  # an evolved card inside the stack
        state.table.move(enh, seat, "discard")
    state.damage.pop(card, None)
    state.turn_speed_bonus.pop(card, None)
    state.evolved_from.pop(card, None)
    state.table.move(card, seat, to_zone)


def replace_in_play(state: KaijuState, old: int, new: int) -> None:
    """Put `new` (from hand) where `old` is, taking over its stack and damage (KJ-5.15, KJ-5.16)."""
    seat = owner(state, old)
    zname = where(state, old)
    index = zone(state, seat, zname).index(old)
    state.table.move(new, seat, zname, index)
    state.evolved_from.pop(old, None)
    state.stack[new] = state.stack.pop(old, [])
    for enh in state.stack[new]:
        state.host[enh] = new
    if old in state.damage:
        state.damage[new] = state.damage.pop(old)


def place_damage(state: KaijuState, card: int, amount: int, source: int | None,
                 pierce: bool = False, is_counter: bool = False) -> int:
    """Damage after Defense (KJ-5.5, KJ-G17); Counter answers opposing damage (KJ-5.6, KJ-G18)."""
    reduced = amount if pierce else max(0, amount - defense(state, card))
    if reduced:
        state.damage[card] = state.damage.get(card, 0) + reduced
    emit(state, {"type": "damage", "card": card, "name": title(state, card), "amount": reduced,
                 "prevented": amount - reduced, "counter": is_counter})
    d = defn(state, card)
    if (reduced >= 1 and d.counter and not is_counter and source is not None
            and owner(state, source) != owner(state, card) and where(state, source) in ("engaged", "support")):
        place_damage(state, source, d.counter, card, is_counter=True)
    return reduced


def heal(state: KaijuState, card: int, amount: int) -> None:
    """KJ-5.2, KJ-G8: remove up to `amount` damage; never below 0."""
    removed = min(amount, state.damage.get(card, 0))
    if removed:
        state.damage[card] -= removed
        if not state.damage[card]:
            del state.damage[card]
    emit(state, {"type": "heal", "card": card, "name": title(state, card), "amount": removed})


def _some_damage_reaches_hp(state: KaijuState) -> bool:
    """Whether a damaged card's damage reaches its HP: else no card in play is defeated, as a
    card without damage has at least 1 HP (cards.py). The state check runs after every move."""
    cards = state.table.cards
    for c, dmg in state.damage.items():  # a loop, not any() over a generator: it runs after every move
        if dmg >= cards[c].defn.hp:
            return True
    return False


def defeat_check(state: KaijuState) -> None:
    """KJ-5.19: every battle card with damage >= HP is defeated; they move together (KJ-G19)."""
    if not _some_damage_reaches_hp(state):
        return  # the usual case
    damage, cards, zones = state.damage, state.table.cards, state.table.zones
    defeated = [c for key in _IN_PLAY_KEYS for c in zones[key] if damage.get(c, 0) >= cards[c].defn.hp]
    for card in defeated:  # KJ-5.19: top card to spirit, stack to discard
        emit(state, {"type": "defeated", "card": CardRef(card), "rule": "KJ-5.19"})
        leave_play(state, card, "spirit")


def start_devolve(state: KaijuState, host: int) -> Devolve | None:
    """KJ-5.18 / KJ-G23: the owner picks which stack card comes back on top (a step that
    asks), unless there is nothing or only one card to pick."""
    stack = state.stack.get(host, [])
    seat = owner(state, host)
    if not stack:
        emit(state, {"type": "devolve_failed", "card": CardRef(host), "reason": "no enhancements"})
        state.flow.settle("devolve_choose", seat, "KJ-5.18",
                          f"{title(state, host)} had no enhancement stack, so it could not devolve and "
                          "there is no card to bring back. Go on with the game.")
    elif len(stack) == 1:
        chosen = stack[0]
        state.flow.settle("devolve_choose", seat, "KJ-G23",
                          f"{title(state, chosen)} was the only card in {title(state, host)}'s enhancement stack, "
                          "so it came back on top by itself; there is nothing to choose. Go on with the game.")
        finish_devolve(state, host, chosen)
    else:
        return Devolve(seat, host)
    return None


def finish_devolve(state: KaijuState, host: int, chosen: int) -> None:
    seat = owner(state, host)
    stack = state.stack.pop(host)
    state.evolved_from.pop(host, None)
    stack.remove(chosen)
    del state.host[chosen]
    damage = state.damage.pop(host, 0)
    zname = where(state, host)
    index = zone(state, seat, zname).index(host)
    state.table.move(host, seat, "discard")
    state.table.move(chosen, seat, zname, index)
    state.stack[chosen] = stack
    for enh in stack:
        state.host[enh] = chosen
    if damage and state.options["devolve_damage"] == "stays":
        state.damage[chosen] = damage
    emit(state, {"type": "devolved", "discarded": CardRef(host), "now": CardRef(chosen)})
    # KJ-G23: defeat is checked right away; victory and refills wait for the step's own check,
    # after the used skill card has moved (KJ-G20)
    defeat_check(state)


# -- scopes: the cards an effect acts on ------------------------------------------------------

def _in_play_card(state: KaijuState, card: int) -> bool:
    return where(state, card) in ("engaged", "support")


def _engaged_list(state: KaijuState, seat: int) -> list[int]:
    card = engaged(state, seat)
    return [card] if card is not None else []


SCOPES: tuple[Scope, ...] = (
    Scope("opp_engaged", lambda s, seat: _engaged_list(s, 1 - seat), wording="the opponent's engaged card"),
    Scope("opp_all_support", lambda s, seat: list(zone(s, 1 - seat, "support")),
          wording="every card in the opponent's support zone"),
    Scope("opp_support", lambda s, seat: list(zone(s, 1 - seat, "support")), chosen=True, holds=_in_play_card,
          wording="one card in the opponent's support zone"),
    Scope("opp_any", lambda s, seat: in_play(s, 1 - seat), chosen=True, holds=_in_play_card,
          wording="one of the opponent's battle cards in play"),
    Scope("own_engaged", lambda s, seat: _engaged_list(s, seat), wording="your engaged card"),
    Scope("own_all", lambda s, seat: in_play(s, seat), wording="every one of your battle cards in play"),
    Scope("own_any", lambda s, seat: in_play(s, seat), chosen=True, holds=_in_play_card,
          wording="one of your battle cards in play"),
    Scope("opp_reinforcement", lambda s, seat: list(zone(s, 1 - seat, "deployment")), chosen=True,
          holds=lambda s, card: where(s, card) == "deployment",
          wording="one reinforcement card in the opponent's deployment zone"),
)
_SCOPE = {s.name: s for s in SCOPES}


# -- the words -------------------------------------------------------------------------------

def _draw(state: KaijuState, count: int, ctx: EffectContext) -> None:
    draw(state, ctx.seat, count)


def _damage(state: KaijuState, value: dict, ctx: EffectContext) -> None:
    for victim in _SCOPE[value["to"]].resolve(state, ctx):
        place_damage(state, victim, value["amount"], ctx.source, pierce=value.get("pierce", False))


def _heal(state: KaijuState, value: dict, ctx: EffectContext) -> None:
    for card in _SCOPE[value["to"]].resolve(state, ctx):
        heal(state, card, value["amount"])


def _extra_deploy(state: KaijuState, count: int, ctx: EffectContext) -> None:
    state.deploys_left += count
    emit(state, {"type": "extra_deploy", "seat": ctx.seat, "count": count})


def _extra_enhance(state: KaijuState, count: int, ctx: EffectContext) -> None:
    state.enhances_left += count
    emit(state, {"type": "extra_enhance", "seat": ctx.seat, "count": count})


def _destroy_reinforcement(state: KaijuState, value: bool, ctx: EffectContext) -> None:
    for target in _SCOPE["opp_reinforcement"].resolve(state, ctx):
        state.table.move(target, owner(state, target), "discard")  # KJ-3.8.3, KJ-5.20
        emit(state, {"type": "destroyed", "card": CardRef(target), "rule": "KJ-5.20"})


def _devolve(state: KaijuState, value: str, ctx: EffectContext) -> Devolve | None:
    host = engaged(state, 1 - ctx.seat if value == "opp_engaged" else ctx.seat)
    return start_devolve(state, host) if host is not None else None


def _devolve_origin(state: KaijuState, value: str, ctx: EffectContext) -> None:
    """KJ-5.18 with KJ-G23: the effect names the card that comes back, the one the engaged
    card evolved from (KJ-5.16), so nobody chooses; nothing happens if that card is no longer
    in its stack (or it did not evolve)."""
    host = engaged(state, 1 - ctx.seat if value == "opp_engaged" else ctx.seat)
    if host is None:
        return
    origin = state.evolved_from.get(host)
    if origin is None or origin not in state.stack.get(host, ()):
        emit(state, {"type": "devolve_failed", "card": CardRef(host), "reason": "did not evolve"})
        state.flow.settle("devolve_choose", owner(state, host), "KJ-5.18",
                          f"{title(state, host)} did not evolve from a card still in its enhancement stack, so "
                          "it could not devolve to that card; there is nothing to choose. Go on with the game.")
        return
    state.flow.settle("devolve_choose", owner(state, host), "KJ-G23",
                      f"The effect named the card that comes back: {title(state, origin)}, which "
                      f"{title(state, host)} evolved from; there is nothing to choose. Go on with the game.")
    finish_devolve(state, host, origin)


def _discard_hand(state: KaijuState, value: dict, ctx: EffectContext) -> DiscardFromHand | None:
    seat = ctx.seat if value["who"] == "you" else 1 - ctx.seat
    return start_discard(state, seat, value["count"])


def start_discard(state: KaijuState, seat: int, count: int) -> DiscardFromHand | None:
    """KJ-1.2.3, KJ-2.5: the hand's owner chooses `count` cards to discard, one at a time (a
    step that asks), unless the hand holds no more than that: then all of it goes, and the
    choice is recorded as made (the hand's size is public, KJ-G31, so asking or not tells the
    opponent nothing)."""
    hand = zone(state, seat, "hand")
    if len(hand) > count:
        return DiscardFromHand(seat, count)
    for card in list(hand):
        discard_from_hand(state, seat, card)
    state.flow.settle("discard_choose", seat, "KJ-2.5",
                      f"The effect discards {count} card(s) and your hand held no more, so every card in it went "
                      "to the discard zone by itself; there is nothing to choose. Go on with the game.")
    return None


def discard_from_hand(state: KaijuState, seat: int, card: int) -> None:
    state.table.move(card, seat, "discard")
    emit(state, {"type": "discarded", "seat": seat, "card": CardRef(card), "rule": "KJ-2.5"})


def _return_to_hand(state: KaijuState, value: str, ctx: EffectContext) -> None:
    """A battle card in play goes back to its owner's hand: its enhancements go to the discard
    zone and its damage is removed (KJ-G21); an emptied engagement zone is refilled by the
    state check (KJ-2.2.3), and a player left with no battle card in play loses (KJ-4.2)."""
    for card in _SCOPE[value].resolve(state, ctx):
        seat = owner(state, card)
        from_zone = where(state, card)
        leave_play(state, card, "hand")
        emit(state, {"type": "returned", "seat": seat, "card": CardRef(card), "from": from_zone, "rule": "KJ-G21"})


def _banish_enhancement(state: KaijuState, count: int, ctx: EffectContext) -> None:
    host = engaged(state, 1 - ctx.seat)
    for _ in range(count):
        if host is None or not state.stack.get(host):
            break
        enh = state.stack[host].pop()
        del state.host[enh]
        state.table.move(enh, owner(state, enh), "rift")  # KJ-2.7
        emit(state, {"type": "banished", "card": CardRef(enh), "from": host})


# -- the Python escape hatch: effects too odd for the words, as `script: name` --------------

def outpace(state: KaijuState, ctx: EffectContext) -> None:
    """"Time Warp": until the end of the turn your engaged card is one faster than the opponent's."""
    mine, theirs = engaged(state, ctx.seat), engaged(state, 1 - ctx.seat)
    if mine is None or theirs is None:
        return
    gap = speed(state, theirs) + 1 - speed(state, mine)
    if gap > 0:
        state.turn_speed_bonus[mine] = state.turn_speed_bonus.get(mine, 0) + gap
    emit(state, {"type": "speed_changed", "card": CardRef(mine), "speed": speed(state, mine)})


SCRIPTS: dict[str, Callable[[KaijuState, EffectContext], None]] = {"outpace": outpace}


def _script(state: KaijuState, name: str, ctx: EffectContext) -> None:
    SCRIPTS[name](state, ctx)


def _count(maximum: int | None = None) -> dict:
    return {"type": "integer", "minimum": 1, **({"maximum": maximum} if maximum else {})}


REGISTRY: EffectRegistry[KaijuState] = EffectRegistry(
    words=(
        Word("draw", _count(5), _draw, "you draw `value` card(s) (KJ-G6 if the deck runs out)"),
        Word("damage", {"type": "object", "additionalProperties": False, "required": ["amount", "to"],
                        "properties": {"amount": {"type": "integer", "minimum": 1},
                                       "to": {"enum": ["opp_engaged", "opp_support", "opp_all_support", "opp_any"]},
                                       "pierce": {"type": "boolean"}}},
             _damage, "deal `amount` damage to `to`, less Defense (piercing: `pierce`) (KJ-5.5)",
             scope_of=lambda value: value["to"]),
        Word("heal", {"type": "object", "additionalProperties": False, "required": ["amount", "to"],
                      "properties": {"amount": {"type": "integer", "minimum": 1},
                                     "to": {"enum": ["own_any", "own_engaged", "own_all"]}}},
             _heal, "remove up to `amount` damage from `to` (KJ-5.2)",
             scope_of=lambda value: value["to"]),
        Word("extra_deploy", _count(), _extra_deploy, "you may deploy `value` more battle card(s) this turn (KJ-3.4.2)"),
        Word("extra_enhance", _count(), _extra_enhance, "you may enhance `value` more time(s) this turn (KJ-3.4.2)"),
        Word("destroy_reinforcement", {"const": True}, _destroy_reinforcement,
             "the chosen reinforcement card of the opponent goes to their discard zone (KJ-5.20)",
             scope_of=lambda value: "opp_reinforcement"),
        Word("devolve", {"enum": ["opp_engaged", "own_engaged"]}, _devolve,
             "`value` devolves: its owner picks the stack card that comes back on top (KJ-5.18)"),
        Word("devolve_origin", {"enum": ["opp_engaged", "own_engaged"]}, _devolve_origin,
             "`value` devolves to the card it evolved from, which the effect names, so nobody chooses (KJ-5.18)"),
        Word("discard_hand", {"type": "object", "additionalProperties": False, "required": ["count", "who"],
                              "properties": {"count": _count(3), "who": {"enum": ["you", "opponent"]}}},
             _discard_hand, "`who` discards `count` card(s) from hand, chosen by the hand's owner (KJ-2.5)"),
        Word("return_to_hand", {"enum": ["opp_support", "opp_any", "own_any"]}, _return_to_hand,
             "`value` returns to its owner's hand; its enhancements are discarded and its damage removed (KJ-G21)",
             scope_of=lambda value: value),
        Word("banish_enhancement", _count(), _banish_enhancement,
             "the top `value` enhancement cards of the opponent's engaged card go to the space-time rift (KJ-2.7)"),
        Word("script", {"type": "string"}, _script,
             "runs the Python script `value`, for an effect the words cannot say (known: " + ", ".join(sorted(SCRIPTS)) + ")",
             check=lambda name: None if name in SCRIPTS else
             f"unknown script {name!r}; known: {', '.join(sorted(SCRIPTS))}"),
    ),
    scopes=SCOPES,
)


def resolve_effect(state: KaijuState, effect: dict, ctx: EffectContext) -> Any:
    """Resolve one effect of a card; returns the step it asks, if any."""
    return REGISTRY.resolve(state, effect, ctx)
