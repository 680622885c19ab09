"""Applying decisions: setup, turns, the main-phase steps, effects and the state check.

A step runs to completion through `state.queue`; when it needs a player's choice (refilling
an empty engagement zone, devolution) it sets `state.waiting` and the next Request asks for
it. After every completed step the CHECK of the spec's state machine runs (KJ-G20).
"""

from __future__ import annotations


from engine.core.requests import Result

from engine.games.kaiju import scripts
from engine.games.kaiju.state import (SPIRIT_LIMIT, KaijuState, attack_bonus, card_json, defense, defn,
                                      emit, engaged, in_play, owner, spirit_total, title,
                                      turn_allowances, where, zone)

HAND_SIZE = 6  # KJ-3.1.2
_IN_PLAY_KEYS = ("0.engaged", "0.support", "1.engaged", "1.support")  # seat 0's cards first (KJ-G19)


# -- moving cards --------------------------------------------------------------------------

def draw(state: KaijuState, seat: int, count: int = 1) -> None:
    """Draw cards; an empty deck skips the draw, or loses under `empty_deck` = "loses" (KJ-G6)."""
    for _ in range(count):
        deck = zone(state, seat, "deck")
        if not deck:
            emit(state, {"type": "draw_skipped", "seat": seat, "reason": "empty deck", "rule": "KJ-G6"})
            if state.options["empty_deck"] == "loses":
                _finish(state, [seat], "drew from an empty deck", "KJ-G6")
            return
        card = deck[0]
        state.table.move(card, seat, "hand")
        emit(state, {"type": "draw", "seat": seat, "card": card_json(state, card)},
             seat, {"type": "draw", "seat": seat})


def leave_play(state: KaijuState, card: int, to_zone: str) -> None:
    """A battle card leaves play: damage is removed (KJ-G21); its stack goes to discard."""
    seat = owner(state, card)
    for enh in state.stack.pop(card, []):
        state.host.pop(enh, None)
        state.table.move(enh, seat, "discard")
    state.damage.pop(card, None)
    state.turn_speed_bonus.pop(card, None)
    state.table.move(card, seat, to_zone)


def replace_in_play(state: KaijuState, old: int, new: int) -> None:
    """Put `new` (from hand) where `old` is, taking over its stack and damage (KJ-5.15, KJ-5.16)."""
    seat = owner(state, old)
    zname = where(state, old)
    index = zone(state, seat, zname).index(old)
    state.table.move(new, seat, zname, index)
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


# -- effects -------------------------------------------------------------------------------

def resolve_effect(state: KaijuState, effect: dict, ctx: dict) -> None:
    (kind, value), = effect.items()
    seat, opp, target = ctx["seat"], 1 - ctx["seat"], ctx.get("target")
    source = ctx.get("source")
    if kind == "draw":
        draw(state, seat, value)
    elif kind == "damage":
        scope = value["to"]
        if scope == "opp_engaged":
            victims = [engaged(state, opp)] if engaged(state, opp) is not None else []
        elif scope == "opp_all_support":
            victims = list(zone(state, opp, "support"))
        else:
            victims = [target] if target is not None and where(state, target) in ("engaged", "support") else []
        for victim in victims:
            place_damage(state, victim, value["amount"], source, pierce=value.get("pierce", False))
    elif kind == "heal":
        scope = value["to"]
        if scope == "own_engaged":
            cards = [engaged(state, seat)] if engaged(state, seat) is not None else []
        elif scope == "own_all":
            cards = in_play(state, seat)
        else:
            cards = [target] if target is not None and where(state, target) in ("engaged", "support") else []
        for card in cards:
            heal(state, card, value["amount"])
    elif kind == "extra_deploy":
        state.deploys_left += value
        emit(state, {"type": "extra_deploy", "seat": seat, "count": value})
    elif kind == "extra_enhance":
        state.enhances_left += value
        emit(state, {"type": "extra_enhance", "seat": seat, "count": value})
    elif kind == "destroy_reinforcement":
        if target is not None and where(state, target) == "deployment":
            state.table.move(target, owner(state, target), "discard")  # KJ-3.8.3, KJ-5.20
            emit(state, {"type": "destroyed", "card": card_json(state, target), "rule": "KJ-5.20"})
    elif kind == "devolve":
        host = engaged(state, opp if value == "opp_engaged" else seat)
        if host is not None:
            start_devolve(state, host)
    elif kind == "banish_enhancement":
        host = engaged(state, opp)
        for _ in range(value):
            if host is None or not state.stack.get(host):
                break
            enh = state.stack[host].pop()
            del state.host[enh]
            state.table.move(enh, owner(state, enh), "rift")  # KJ-2.7
            emit(state, {"type": "banished", "card": card_json(state, enh), "from": host})
    elif kind == "script":
        scripts.SCRIPTS[value](state, ctx)


def start_devolve(state: KaijuState, host: int) -> None:
    """KJ-5.18 / KJ-G23: the owner picks which stack card comes back on top."""
    stack = state.stack.get(host, [])
    if not stack:
        emit(state, {"type": "devolve_failed", "card": card_json(state, host), "reason": "no enhancements"})
    elif len(stack) == 1:
        finish_devolve(state, host, stack[0])
    else:
        state.waiting = ("devolve", owner(state, host), host)


def finish_devolve(state: KaijuState, host: int, chosen: int) -> None:
    seat = owner(state, host)
    stack = state.stack.pop(host)
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
    state.waiting = None
    emit(state, {"type": "devolved", "discarded": card_json(state, host), "now": card_json(state, chosen)})
    # KJ-G23: defeat is checked right away; victory and refills wait for the step's own check,
    # after the used skill card has moved (KJ-G20)
    defeat_check(state)


# -- the state check (KJ-G20) --------------------------------------------------------------

def _finish(state: KaijuState, losers: list[int], reason: str, rule: str) -> None:
    if len(losers) == 2:
        state.result = Result(None, True, f"both players lost at once: {reason}", "KJ-G19")
    else:
        state.result = Result(1 - losers[0], False, f"seat {losers[0]} {reason}", rule)
    state.phase = "over"
    state.queue.clear()
    state.waiting = None
    emit(state, {"type": "game_over", **state.result.to_json()})


def defeat_check(state: KaijuState) -> None:
    """KJ-5.19: every battle card with damage >= HP is defeated; they move together (KJ-G19)."""
    damage, cards, zones = state.damage, state.table.cards, state.table.zones
    defeated = [c for key in _IN_PLAY_KEYS for c in zones[key] if damage.get(c, 0) >= cards[c].defn.hp]
    for card in defeated:  # KJ-5.19: top card to spirit, stack to discard
        emit(state, {"type": "defeated", "card": card_json(state, card), "rule": "KJ-5.19"})
        leave_play(state, card, "spirit")


def run_check(state: KaijuState) -> None:
    """Defeats move together, then victory, then refills, active player first (KJ-G19)."""
    defeat_check(state)
    losers, reasons = [], []
    zones = state.table.zones
    for seat in (0, 1):
        if spirit_total(state, seat) > SPIRIT_LIMIT:
            losers.append(seat)
            reasons.append(("has more than 15 cost in their spirit zone", "KJ-4.1"))
        elif not zones[f"{seat}.engaged"] and not zones[f"{seat}.support"]:
            losers.append(seat)
            reasons.append(("has no battle card in play", "KJ-4.2"))
    if losers:
        _finish(state, losers, reasons[0][0], reasons[0][1])
        return
    if zones["0.engaged"] and zones["1.engaged"]:
        return  # both refills would do nothing, straight away (the usual case)
    for seat in (1 - state.active, state.active):  # appendleft: the active player ends up first
        state.queue.appendleft(("refill", seat))


def refill(state: KaijuState, seat: int) -> None:
    """KJ-2.2.3: an empty engagement zone is filled from support, by the owner's choice."""
    zones = state.table.zones
    support = zones[f"{seat}.support"]
    if zones[f"{seat}.engaged"] or not support:
        return
    if len(support) == 1:
        engage(state, seat, support[0])
    else:
        state.waiting = ("refill", seat)


def engage(state: KaijuState, seat: int, card: int) -> None:
    state.table.move(card, seat, "engaged")
    if seat == state.active:
        state.engaged_acted = False
    state.waiting = None
    emit(state, {"type": "engaged", "seat": seat, "card": card_json(state, card), "rule": "KJ-2.2.3"})


def run_queue(state: KaijuState) -> None:
    while state.queue and state.waiting is None and state.phase != "over":
        item = state.queue.popleft()
        if item[0] == "effect":
            resolve_effect(state, item[1], item[2])
        elif item[0] == "finish_skill":
            card = item[1]  # KJ-1.2.2 / KJ-3.8.2
            dest = "spirit" if defn(state, card).cost is not None else "discard"
            state.table.move(card, owner(state, card), dest)
            emit(state, {"type": "skill_done", "card": card_json(state, card), "to": dest, "rule": "KJ-1.2.2"})
        elif item[0] == "check":
            run_check(state)
        elif item[0] == "refill":
            refill(state, item[1])


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
    state.facedown_seat = state.first


def start_turn(state: KaijuState, seat: int) -> None:
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


# -- applying decisions ---------------------------------------------------------------------

def _after_step(state: KaijuState) -> None:
    state.queue.append(("check",))
    run_queue(state)


def _queue_effects(state: KaijuState, effects: tuple, ctx: dict) -> None:
    for effect in effects:
        state.queue.append(("effect", effect, ctx))


def apply(state: KaijuState, seat: int, action: dict) -> None:
    kind = action["type"]
    handler = _HANDLERS[kind]
    handler(state, seat, action)


def _choose_order(state: KaijuState, seat: int, action: dict) -> None:
    state.first = seat if action["first"] else 1 - seat
    emit(state, {"type": "order", "first": state.first, "rule": "KJ-3.1.1"})
    deal_opening(state)


def _place_facedown(state: KaijuState, seat: int, action: dict) -> None:
    card = action["card"]
    state.table.move(card, seat, "engaged")
    state.table.face_down.add(card)
    emit(state, {"type": "placed_facedown", "seat": seat, "card": card_json(state, card)},
         seat, {"type": "placed_facedown", "seat": seat})
    if seat == state.first:
        state.facedown_seat = 1 - seat
        return
    revealed = []
    for s in (0, 1):  # KJ-3.1.3: both turned face up at the same time
        card = engaged(state, s)
        state.table.face_down.discard(card)
        revealed.append(card_json(state, card))
    emit(state, {"type": "revealed", "cards": revealed, "rule": "KJ-3.1.3"})
    start_turn(state, state.first)


def _engage(state: KaijuState, seat: int, action: dict) -> None:
    engage(state, seat, action["card"])
    run_queue(state)


def _devolve_choose(state: KaijuState, seat: int, action: dict) -> None:
    finish_devolve(state, state.waiting[2], action["card"])
    run_queue(state)


def _deploy(state: KaijuState, seat: int, action: dict) -> None:
    target = action.get("zone", "support")
    state.table.move(action["card"], seat, target)
    state.deploys_left -= 1
    emit(state, {"type": "deployed", "seat": seat, "card": card_json(state, action["card"]), "zone": target})
    _after_step(state)


def _enhance(state: KaijuState, seat: int, action: dict) -> None:
    card, target = action["card"], action["target"]
    state.table.move(card, seat, "enhancement")
    state.stack.setdefault(target, []).append(card)
    state.host[card] = target
    state.enhances_left -= 1
    emit(state, {"type": "enhanced", "card": card_json(state, card), "target": card_json(state, target),
                 "level": len(state.stack[target]), "rule": "KJ-5.12"})
    _after_step(state)


def _action(state: KaijuState, seat: int, action: dict) -> None:
    card = engaged(state, seat)
    ability = defn(state, card).actions[action["index"]]
    state.engaged_acted = True
    state.action_uses[(card, action["index"])] = state.action_uses.get((card, action["index"]), 0) + 1
    emit(state, {"type": "action", "card": card_json(state, card), "ability": ability.name})
    _queue_effects(state, ability.effects, {"seat": seat, "source": card, "target": action.get("target")})
    _after_step(state)


def _attack(state: KaijuState, seat: int, action: dict) -> None:
    card = engaged(state, seat)
    move = defn(state, card).moves[action["index"]]
    defender = engaged(state, 1 - seat)
    state.attack_or_heal_used = state.engaged_acted = True
    state.attacked_cards.add(card)
    emit(state, {"type": "attack", "card": card_json(state, card), "move": move.name,
                 "target": card_json(state, defender)})
    if defn(state, defender).evasion and not move.sure_hit:  # KJ-5.7, KJ-5.8
        heads = state.rng.coin()
        emit(state, {"type": "coin", "heads": heads, "rule": "KJ-5.7"})
        if heads:  # KJ-G15: no effect at all, but it was the turn's attack
            emit(state, {"type": "evaded", "card": card_json(state, defender), "rule": "KJ-5.7"})
            _after_step(state)
            return
    place_damage(state, defender, move.amount + attack_bonus(state, card), card, pierce=move.pierce)
    _queue_effects(state, move.effects, {"seat": seat, "source": card, "target": action.get("target")})
    _after_step(state)


def _heal(state: KaijuState, seat: int, action: dict) -> None:
    card = engaged(state, seat)
    move = defn(state, card).moves[action["index"]]
    state.attack_or_heal_used = state.engaged_acted = True
    state.attacked_cards.add(card)
    heal(state, action["target"], move.amount)
    _queue_effects(state, move.effects, {"seat": seat, "source": card, "target": None})
    _after_step(state)


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
    emit(state, {"type": "retreated", "card": card_json(state, card), "engaged": card_json(state, support),
                 "cost": card_json(state, enh), "rule": "KJ-3.7"})
    _after_step(state)


def _skill(state: KaijuState, seat: int, action: dict) -> None:
    card = action["card"]
    state.table.move(card, seat, "resolving")
    emit(state, {"type": "skill", "seat": seat, "card": card_json(state, card)})
    _queue_effects(state, defn(state, card).effects, {"seat": seat, "source": None, "target": action.get("target")})
    state.queue.append(("finish_skill", card))
    _after_step(state)


def _reinforce(state: KaijuState, seat: int, action: dict) -> None:
    card = action["card"]
    state.table.move(card, seat, "deployment")
    state.reinforcement_played = True
    d = defn(state, card)
    state.deploys_left += sum(c.deploys for c in d.continuous)
    state.enhances_left += sum(c.enhances for c in d.continuous)
    emit(state, {"type": "reinforcement", "seat": seat, "card": card_json(state, card), "rule": "KJ-1.3.2"})
    _queue_effects(state, d.effects, {"seat": seat, "source": None, "target": action.get("target")})
    _after_step(state)


def _evolve(state: KaijuState, seat: int, action: dict) -> None:
    new, old = action["card"], action["target"]
    replace_in_play(state, old, new)
    state.table.move(old, seat, "enhancement")  # KJ-5.16: the old card becomes an enhancement
    state.stack[new].append(old)
    state.host[old] = new
    emit(state, {"type": "evolved", "from": card_json(state, old), "to": card_json(state, new),
                 "level": len(state.stack[new]), "rule": "KJ-5.16"})
    _after_step(state)


def _convert(state: KaijuState, seat: int, action: dict) -> None:
    new, old = action["card"], action["target"]
    replace_in_play(state, old, new)
    state.table.move(old, seat, "discard")  # KJ-5.15, KJ-G22: alone, to the discard zone
    emit(state, {"type": "converted", "from": card_json(state, old), "to": card_json(state, new), "rule": "KJ-5.15"})
    _after_step(state)


def _end_turn(state: KaijuState, seat: int, action: dict) -> None:
    emit(state, {"type": "end_turn", "seat": seat})
    start_turn(state, 1 - seat)


_HANDLERS = {
    "choose_order": _choose_order, "place_facedown": _place_facedown, "engage": _engage,
    "devolve_choose": _devolve_choose, "deploy": _deploy, "enhance": _enhance, "action": _action,
    "attack": _attack, "heal": _heal, "retreat": _retreat, "skill": _skill, "reinforce": _reinforce,
    "evolve": _evolve, "convert": _convert, "end_turn": _end_turn,
}
