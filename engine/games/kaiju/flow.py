"""The kaiju game's course: setup, turns, the main-phase moves and the state check, as steps.

Every decision answers the step that asks (engine/core/flow.py): the coin-flip winner's
choice, the opening cards, the main phase, a refill of the engagement zone or a devolution.
A main-phase move queues its effects, then the CHECK of the spec's state machine (KJ-G20),
then the main phase again; the processor runs them until something asks.
"""

from __future__ import annotations

import operator

from engine.core.effects import EffectContext
from engine.core.flow import Processor
from engine.core.view import CardRef

from engine.games.kaiju import choices
from engine.games.kaiju.effects import (defeat_check, discard_from_hand, draw, finish, finish_devolve, heal,
                                        place_damage, replace_in_play, resolve_effect, start_discard)
from engine.games.kaiju.state import (SPIRIT_LIMIT, Check, ChooseEngaged, ChooseOrder, Devolve, DiscardFromHand,
                                      FinishSkill,
                                      KaijuState, MainPhase, PlaceOpening, Refill, ResolveEffect, StartTurn, ZONE_KEY,
                                      attack_bonus, defn, emit, engaged, owner, spirit_total, title,
                                      turn_allowances, zone)

HAND_SIZE = 6  # KJ-3.1.2
PROCESSOR: Processor[KaijuState] = Processor(operator.attrgetter("flow"))


# -- the state check (KJ-G20) --------------------------------------------------------------

@PROCESSOR.runs(Check)
def run_check(state: KaijuState, step: Check) -> None:
    """Defeats move together, then victory, then refills, active player first (KJ-G19)."""
    defeat_check(state)
    losers, reasons = [], []
    zones = state.table.zones
    for seat in (0, 1):
        if spirit_total(state, seat) > SPIRIT_LIMIT:
            losers.append(seat)
            reasons.append(("has more than 15 cost in their spirit zone", "KJ-4.1"))
        elif not zones[ZONE_KEY[seat]["engaged"]] and not zones[ZONE_KEY[seat]["support"]]:
            losers.append(seat)
            reasons.append(("has no battle card in play", "KJ-4.2"))
    if losers:
        finish(state, losers, [why for why, _ in reasons], reasons[0][1])
        return
    if zones["0.engaged"] and zones["1.engaged"]:
        return  # both refills would do nothing, straight away (the usual case)
    state.flow.next(Refill(state.active), Refill(1 - state.active))


@PROCESSOR.runs(Refill)
def refill(state: KaijuState, step: Refill) -> None:
    """KJ-2.2.3: an empty engagement zone is filled from support, by the owner's choice."""
    seat = step.seat
    zones = state.table.zones
    keys = ZONE_KEY[seat]
    support = zones[keys["support"]]
    if zones[keys["engaged"]] or not support:
        return
    if len(support) == 1:
        card = support[0]
        engage(state, seat, card)
        state.flow.settle("engage", seat, "KJ-2.2.3",
                          f"{title(state, card)} was your only support card, so it filled your empty engagement "
                          "zone by itself; there is nothing to choose. Go on with the game.")
    else:
        state.flow.next(ChooseEngaged(seat))


def engage(state: KaijuState, seat: int, card: int) -> None:
    state.table.move(card, seat, "engaged")
    if seat == state.active:
        state.engaged_acted = False
    emit(state, {"type": "engaged", "seat": seat, "card": CardRef(card), "rule": "KJ-2.2.3"})


@PROCESSOR.runs(ResolveEffect)
def _resolve_effect(state: KaijuState, step: ResolveEffect) -> None:
    asks = resolve_effect(state, step.effect, step.ctx)
    if asks is not None:
        state.flow.next(asks)


@PROCESSOR.runs(FinishSkill)
def _finish_skill(state: KaijuState, step: FinishSkill) -> None:
    card = step.card  # KJ-1.2.2 / KJ-3.8.2
    dest = "spirit" if defn(state, card).cost is not None else "discard"
    state.table.move(card, owner(state, card), dest)
    emit(state, {"type": "skill_done", "card": CardRef(card), "to": dest, "rule": "KJ-1.2.2"})


# -- setup and turns -----------------------------------------------------------------------

def deal_opening(state: KaijuState) -> None:
    """KJ-3.1.2 and KJ-3.1.4 with KJ-G4: draw 6; a hand without a battle card is shown,
    shuffled back and redrawn until it has one."""
    for seat in (state.first, 1 - state.first):
        draw(state, seat, HAND_SIZE)
        while not any(defn(state, c).is_battle for c in zone(state, seat, "hand")):
            hand = list(zone(state, seat, "hand"))
            emit(state, {"type": "mulligan", "seat": seat, "rule": "KJ-3.1.4",
                         "shown": [title(state, c) for c in hand]})
            for card in hand:
                state.table.move(card, seat, "deck")
            state.rng.shuffle(zone(state, seat, "deck"))
            draw(state, seat, HAND_SIZE)
    state.phase = "facedown"


@PROCESSOR.runs(StartTurn)
def start_turn(state: KaijuState, step: StartTurn) -> None:
    _start_turn(state, step.seat)


def _start_turn(state: KaijuState, seat: int) -> None:
    state.active = seat
    state.turn += 1
    deploys, enhances = turn_allowances(state, seat)
    state.deploys_left = 1 + deploys
    state.enhances_left = 1 + enhances
    state.reinforcement_played = False
    state.attack_or_heal_used = False
    state.attacked_cards.clear()
    state.engaged_acted = False
    state.action_uses.clear()
    state.retreats = 0
    state.turn_speed_bonus.clear()
    emit(state, {"type": "turn", "seat": seat, "turn": state.turn})
    draw(state, seat, 1)  # KJ-3.2.1, every turn (KJ-G5)
    if state.phase != "over":
        state.phase = "main"
        state.flow.steps.append(_MAIN_PHASE[seat])


# -- applying decisions ---------------------------------------------------------------------

def _after_step(state: KaijuState, seat: int) -> None:
    """A main-phase move is done once its effects resolved: the state check, then the main
    phase goes on. With no effect queued (most moves) the check runs at once: it is what the
    processor would run next, and nothing can come between."""
    steps = state.flow.steps
    if steps:
        steps.extend((_CHECK, _MAIN_PHASE[seat]))
        return
    run_check(state, _CHECK)
    if state.result is None:
        steps.append(_MAIN_PHASE[seat])


# steps are never changed once made, so these two, queued after every move, are made once
_CHECK = Check()
_MAIN_PHASE = (MainPhase(0), MainPhase(1))


def _queue_effects(state: KaijuState, effects: tuple, ctx: EffectContext) -> None:
    state.flow.then(*(ResolveEffect(effect, ctx) for effect in effects))


def apply(state: KaijuState, seat: int, action: dict) -> None:
    """Answer the step that asks (the action is one of its Request's options)."""
    PROCESSOR.answer(state, seat, action)


def start(state: KaijuState) -> None:
    """The game begins: the coin-flip winner is asked first (KJ-3.1.1, KJ-G3)."""
    state.flow.then(ChooseOrder(state.coin_winner))
    PROCESSOR.advance(state)


def _choose_order(state: KaijuState, step: ChooseOrder, seat: int, action: dict) -> None:
    state.first = seat if action["first"] else 1 - seat
    emit(state, {"type": "order", "first": state.first, "rule": "KJ-3.1.1"})
    deal_opening(state)
    if state.result is None:
        state.flow.then(PlaceOpening())


def _place_opening(state: KaijuState, step: PlaceOpening, seat: int, action: dict) -> None:
    """KJ-3.1.3: a player's opening card goes face down; once both are down, both turn up."""
    card = action["card"]
    state.table.move(card, seat, "engaged")
    state.table.face_down.add(card)
    emit(state, {"type": "placed_facedown", "seat": seat, "card": CardRef(card)})
    placed = (*step.placed, seat)
    if len(placed) < 2:
        state.flow.next(PlaceOpening(placed))
        return
    revealed = []
    for s in (0, 1):  # KJ-3.1.3: both turned face up at the same time
        card = engaged(state, s)
        state.table.face_down.discard(card)
        revealed.append(CardRef(card))
    emit(state, {"type": "revealed", "cards": revealed, "rule": "KJ-3.1.3"})
    state.flow.then(StartTurn(state.first))


def _engage(state: KaijuState, step: ChooseEngaged, seat: int, action: dict) -> None:
    engage(state, seat, action["card"])


def _devolve_choose(state: KaijuState, step: Devolve, seat: int, action: dict) -> None:
    finish_devolve(state, step.host, action["card"])


def _discard_choose(state: KaijuState, step: DiscardFromHand, seat: int, action: dict) -> None:
    discard_from_hand(state, seat, action["card"])
    if step.count > 1:
        asks = start_discard(state, seat, step.count - 1)
        if asks is not None:
            state.flow.next(asks)


def _deploy(state: KaijuState, seat: int, action: dict) -> None:
    target = action.get("zone", "support")
    state.table.move(action["card"], seat, target)
    state.deploys_left -= 1
    emit(state, {"type": "deployed", "seat": seat, "card": CardRef(action["card"]), "zone": target})
    _after_step(state, seat)


def _enhance(state: KaijuState, seat: int, action: dict) -> None:
    card, target = action["card"], action["target"]
    state.table.move(card, seat, "enhancement")
    state.stack.setdefault(target, []).append(card)
    state.host[card] = target
    state.enhances_left -= 1
    emit(state, {"type": "enhanced", "card": CardRef(card), "target": CardRef(target),
                 "level": len(state.stack[target]), "rule": "KJ-5.12"})
    _after_step(state, seat)


def _action(state: KaijuState, seat: int, action: dict) -> None:
    card = engaged(state, seat)
    ability = defn(state, card).actions[action["index"]]
    state.engaged_acted = True
    state.action_uses[(card, action["index"])] = state.action_uses.get((card, action["index"]), 0) + 1
    emit(state, {"type": "action", "card": CardRef(card), "ability": ability.name})
    _queue_effects(state, ability.effects, EffectContext(seat, card, action.get("target")))
    _after_step(state, seat)


def _attack(state: KaijuState, seat: int, action: dict) -> None:
    card = engaged(state, seat)
    move = defn(state, card).moves[action["index"]]
    defender = engaged(state, 1 - seat)
    state.attack_or_heal_used = state.engaged_acted = True
    state.attacked_cards.add(card)
    emit(state, {"type": "attack", "card": CardRef(card), "move": move.name,
                 "target": CardRef(defender)})
    if defn(state, defender).evasion and not move.sure_hit:  # KJ-5.7, KJ-5.8
        heads = state.rng.coin()
        emit(state, {"type": "coin", "heads": heads, "rule": "KJ-5.7"})
        if heads:  # KJ-G15: no effect at all, but it was the turn's attack
            emit(state, {"type": "evaded", "card": CardRef(defender), "rule": "KJ-5.7"})
            _after_step(state, seat)
            return
    place_damage(state, defender, move.amount + attack_bonus(state, card), card, pierce=move.pierce)
    _queue_effects(state, move.effects, EffectContext(seat, card, action.get("target")))
    _after_step(state, seat)


def _heal(state: KaijuState, seat: int, action: dict) -> None:
    card = engaged(state, seat)
    move = defn(state, card).moves[action["index"]]
    state.attack_or_heal_used = state.engaged_acted = True
    state.attacked_cards.add(card)
    heal(state, action["target"], move.amount)
    _queue_effects(state, move.effects, EffectContext(seat, card, None))
    _after_step(state, seat)


def _retreat(state: KaijuState, seat: int, action: dict) -> None:
    card, support, enh = engaged(state, seat), action["support"], action["enhancement"]
    state.stack[card].remove(enh)  # KJ-3.7.1, removed enhancement to discard (KJ-G12)
    del state.host[enh]
    state.table.move(enh, seat, "discard")
    index = zone(state, seat, "support").index(support)
    state.table.move(support, seat, "engaged")
    state.table.move(card, seat, "support", index)
    state.retreats += 1
    state.engaged_acted = False
    emit(state, {"type": "retreated", "card": CardRef(card), "engaged": CardRef(support),
                 "cost": CardRef(enh), "rule": "KJ-3.7"})
    _after_step(state, seat)


def _skill(state: KaijuState, seat: int, action: dict) -> None:
    card = action["card"]
    state.table.move(card, seat, "resolving")
    emit(state, {"type": "skill", "seat": seat, "card": CardRef(card)})
    _queue_effects(state, defn(state, card).effects, EffectContext(seat, None, action.get("target")))
    state.flow.then(FinishSkill(card))
    _after_step(state, seat)


def _reinforce(state: KaijuState, seat: int, action: dict) -> None:
    card = action["card"]
    state.table.move(card, seat, "deployment")
    state.reinforcement_played = True
    d = defn(state, card)
    state.deploys_left += sum(c.deploys for c in d.continuous)
    state.enhances_left += sum(c.enhances for c in d.continuous)
    emit(state, {"type": "reinforcement", "seat": seat, "card": CardRef(card), "rule": "KJ-1.3.2"})
    _queue_effects(state, d.effects, EffectContext(seat, None, action.get("target")))
    _after_step(state, seat)


def _evolve(state: KaijuState, seat: int, action: dict) -> None:
    new, old = action["card"], action["target"]
    replace_in_play(state, old, new)
    state.table.move(old, seat, "enhancement")  # KJ-5.16: the old card becomes an enhancement
    state.stack[new].append(old)
    state.host[old] = new
    state.evolved_from[new] = old  # what `devolve_origin` brings back (KJ-5.18)
    emit(state, {"type": "evolved", "from": CardRef(old), "to": CardRef(new),
                 "level": len(state.stack[new]), "rule": "KJ-5.16"})
    _after_step(state, seat)


def _convert(state: KaijuState, seat: int, action: dict) -> None:
    new, old = action["card"], action["target"]
    replace_in_play(state, old, new)
    state.table.move(old, seat, "discard")  # KJ-5.15, KJ-G22: alone, to the discard zone
    emit(state, {"type": "converted", "from": CardRef(old), "to": CardRef(new), "rule": "KJ-5.15"})
    _after_step(state, seat)


def _end_turn(state: KaijuState, seat: int, action: dict) -> None:
    emit(state, {"type": "end_turn", "seat": seat})
    if state.flow.steps:  # never so today (the main phase asks with nothing queued): keep the order
        state.flow.then(StartTurn(1 - seat))
    else:
        _start_turn(state, 1 - seat)  # what the processor would run next


_MOVES = {
    "deploy": _deploy, "enhance": _enhance, "action": _action, "attack": _attack, "heal": _heal,
    "retreat": _retreat, "skill": _skill, "reinforce": _reinforce, "evolve": _evolve, "convert": _convert,
    "end_turn": _end_turn,
}


def _main_move(state: KaijuState, step: MainPhase, seat: int, action: dict) -> None:
    _MOVES[action["type"]](state, seat, action)


PROCESSOR.asks(ChooseOrder, choices.choose_order, _choose_order)
PROCESSOR.asks(PlaceOpening, choices.place_opening, _place_opening, seats=choices.opening_seats)
PROCESSOR.asks(MainPhase, choices.main_phase, _main_move)
PROCESSOR.asks(ChooseEngaged, choices.choose_engaged, _engage)
PROCESSOR.asks(Devolve, choices.devolve, _devolve_choose)
PROCESSOR.asks(DiscardFromHand, choices.discard_from_hand, _discard_choose)
