"""The turn (§C) as steps on the core processor (engine/core/flow.py): each step does its part
of the turn and queues what comes next, until a step asks a player. Priority pre-processing
(202) is the step `PriorityPP`; an ability resolves as a `Resolving` step (effects.py), which
always runs before the steps queued when it started (`push` keeps that order).
"""

from __future__ import annotations

from engine.core.flow import Processor, Step
from engine.core.requests import Request, Result
from engine.core.view import CardRef

from engine.games.vividz import effects as fx
from engine.games.vividz import guards
from engine.games.vividz.state import (
    POWER, ZK, AfterDefense, Battle, AttackEndLoop, AttackEnds, AttackSucceeds, BattleDamage, BattleEnd, ChargeCards,
    ChargePhase, ChooseDiscard, ChooseNumber, ChoosePayment, ChooseReplacement, ChooseSlide, ChooseTarget,
    ChooseTrigger, Credit, Defense, DiscardCost, EndDraw, EndDrawRest, EndOfBattle, EndTurn, FinishPlay,
    FlipMissions, KeepCard, MainPhase, MainStart, MayUse, MissionPhase, MoveUpTo, NameNewest, NextTurn,
    OfferCharge, OfferKeep, OrderEffects, PayEnergy, PickCard, PlaceMissions, PriorityPP, ResolveAbility,
    Resolving, RevealFirst, ScoutDecide, ScoutStep, ScoutUse, SetupEnergy, SlideMove, StartDraw, StartDrawRest,
    SuccessTriggers, UseRevealed, VividzState, controller, defn, derived, emit, in_slot, lane_opponent,
    may_reduce_power, mission_active, numeric_ties, play_cost, power, version, where, zone)

HAND_TARGET = 5  # 702.4 / 706.4

PROCESSOR: Processor[VividzState] = Processor(lambda state: state.flow)
PROCESSOR.runs(Resolving)(fx.step_frame)

PP, PP_DECKOUT, PP_MISSION = PriorityPP(""), PriorityPP("deckout"), PriorityPP("mission")
_POWER, _RULE = Credit("power", -1), Credit("rule", -1)  # a retire credited to no effect (1103.3)


def made(kind: type, *fields) -> Step:
    """The step `kind(*fields)`, made once per distinct value: steps are frozen values, and
    building a frozen dataclass costs more than most of a decision's rules work."""
    key = (kind, *fields)
    step = _MADE.get(key)
    if step is None:
        step = _MADE[key] = kind(*fields)
    return step


_MADE: dict[tuple, Step] = {}


def push(state: VividzState, *steps: Step) -> None:
    """Queue steps to run next, the first one given first, after any ability still resolving
    (abilities resolve before the rest of the turn goes on)."""
    queue = state.flow.steps
    if queue and type(queue[0]) is Resolving:
        k = 1
        while k < len(queue) and type(queue[k]) is Resolving:
            k += 1
        for step in reversed(steps):
            queue.insert(k, step)
        return
    queue.extendleft(reversed(steps))


def start(state: VividzState) -> None:
    """601.1b: the game begins with both players placing their missions."""
    state.flow.then(PlaceMissions(0))
    PROCESSOR.advance(state)


def finish(state: VividzState, losers: list[int], reason: str, rule: str) -> None:
    """101.2 / 101.3: one loser means the other wins; both losing is a draw. Nothing more runs."""
    if state.result is not None:
        return
    if len(losers) == 2:
        state.result = Result(None, True, reason, rule)
    else:
        state.result = Result(1 - losers[0], False, reason, rule)
    state.phase = "over"
    state.flow.stop()
    emit(state, {"type": "game_over", **state.result.to_json()})


# -- priority pre-processing (202, 1001) -------------------------------------------------------

def _dying(state: VividzState) -> list[int]:
    """1004.1/1004.2: characters whose damage reaches their power, or whose power is 0 or less."""
    return _dying_and_powers(state)[0]


def _dying_and_powers(state: VividzState) -> tuple[list[int], tuple | None]:
    """`_dying`, and the state version (`version`) of the continuous effects it read: None when
    it read none (every character survives at its printed power and no effect may lower a
    power). A character that survives even at the lowest power the effects could leave it
    (`Derived.lowest_power`) needs no powers worked out (`board`)."""
    dying = []
    strict = state.options["damage_threshold"] == "exceeds"
    zones = state.table.zones
    cards = state.table.cards
    damage = state.damage
    reducers = None
    d = powers = None
    for seat in (state.tp, 1 - state.tp):  # 1004 damage retire
        for c in zones[ZK[seat]["area"]]:
            base = cards[c].defn.power
            dmg = damage.get(c, 0)
            if base > 0 and (dmg <= base if strict else dmg < base):  # it survives at its printed power
                if reducers is None:
                    reducers = may_reduce_power(state)
                if not reducers:
                    continue  # and no effect can lower its power
                if d is None:
                    d = derived(state)
                low = d.lowest_power(base)
                if low > 0 and (dmg <= low if strict else dmg < low):
                    continue  # and no effect can lower its power that far
            if powers is None:
                if d is None:
                    d = derived(state)
                powers = d.board().power if d.writes & POWER else {}
            p = powers.get(c, base)
            if p <= 0 or (dmg > p if strict else dmg >= p):
                dying.append(c)
    return dying, (None if d is None else version(state))


def _settle(state: VividzState, powers: tuple | None) -> None:
    """Remember what the crowding and dying checks read when they found nothing (see `_settled`)."""
    zones = state.table.zones
    state.settled = (list(zones["0.area"]), list(zones["1.area"]), dict(state.slot), dict(state.damage),
                     state.options["damage_threshold"], powers)


def _settled(state: VividzState) -> bool:
    """Whether the crowding and dying checks of 1001.2a would find nothing again: nothing they
    read changed since they last found nothing (`_settle`). They read the Area rows, the slots,
    the damage and the damage rule, and the powers: the same state version (`version`) gives
    the same powers; if they read none, every character still survives at its printed power
    unless some effect may now lower a power. Any change of one of these invalidates it."""
    last = state.settled
    if not last:
        return False
    zones = state.table.zones
    area0, area1, slots, damage, threshold, powers = last
    if (zones["0.area"] != area0 or zones["1.area"] != area1 or state.slot != slots or state.damage != damage
            or state.options["damage_threshold"] != threshold):
        return False
    if powers is None:
        return not (area0 or area1) or not may_reduce_power(state)
    return powers == version(state)


def _crowded(state: VividzState) -> list[tuple[int, list[int]]]:
    """1002.1/1003.1: (seat, the cards of one slot) for every slot holding several characters."""
    crowded = []
    zones, slot_of = state.table.zones, state.slot
    for seat in (state.tp, 1 - state.tp):
        area = zones[ZK[seat]["area"]]
        if len(area) > 1 and len(area) > len({slot_of[c] for c in area}):
            for slot in (1, 2, 3):
                cards = in_slot(state, seat, slot)
                if len(cards) > 1:
                    crowded.append((seat, cards))
    return crowded


def _rule_effects(state: VividzState, mode: str, first: bool = True) -> bool:
    """One round of 1001.2a: level-up, illegal character, damage retire, game loss. Only the first
    round credits a retire to the damage or power-reducing effect that caused it (1103.3); a
    retire that rule effects of this PP caused is credited to no effect (1103.3b, AMB-28)."""
    if _settled(state):  # nothing to level up, trash or retire: only the game-loss checks remain
        if state.newest_pick:
            state.newest_pick.clear()
        return _game_loss(state, mode, False)
    changed = False
    crowded = _crowded(state)
    before = set(_dying(state)) if crowded and first else None  # dying before this round's rule effects
    for seat, cards in crowded:  # the controller names the newest of cards that entered together
        if _newest(state, seat, cards) is None:
            return False
    for seat, cards in crowded:  # 1002.1 level-up
        newest = _newest(state, seat, cards)
        others = [c for c in cards if c != newest]
        if all(defn(state, newest).cost >= defn(state, c).cost for c in others):  # AMB-7, AMB-8
            for c in sorted(others):
                emit(state, {"type": "level_up", "seat": seat, "card": CardRef(newest),
                             "exp": CardRef(c), "rule": "1002.1"})
                fx.move(state, c, "exp", host=newest, why="level_up")  # AMB-9: its EXP comes along
            state.lvup.add(newest)
            changed = True
    for seat, cards in crowded:  # 1003.1 illegal character
        live = [c for c in cards if where(state, c) == "area"]
        if len(live) < 2:
            continue
        newest = _newest(state, seat, live)
        others = [c for c in live if c != newest]
        gone = others if state.options["illegal_character_discards"] == "others" else [newest]  # AMB-1
        for c in sorted(gone):
            emit(state, {"type": "illegal_character", "seat": seat, "card": CardRef(c), "rule": "1003.1"})
            fx.move(state, c, "trash", why="illegal", to_seat=seat)  # 1003.1: the controller's Trash
        changed = True
    if state.newest_pick:  # settled: the choice was for this crowding only
        state.newest_pick.clear()
    dying, powers = _dying_and_powers(state)
    if not crowded and not dying:
        _settle(state, powers)
    for c in dying:
        if where(state, c) != "area":
            continue
        if fx.needs_replacement_choice(state, c):
            return False
        credited = first and (before is None or c in before)
        credit = state.dmg_source.get(c, _POWER) if credited else _RULE
        kind, source = credit.kind, credit.source
        by_battle = kind == "battle"
        ctrl = controller(state, c)
        fx.retire(state, c, "battle" if by_battle else ("damage" if kind == "effect" else
                                                        ("rule effects" if kind == "rule" else "power 0")),
                  "1004.2" if power(state, c) <= 0 else "1004.1", source)
        if by_battle:  # 1102: retired by battle; the attacker retired it
            state.battle_retires[1 - ctrl] += 1
            if where(state, source) == "area":
                fx.fire_self(state, source, "battle_retire", ctx=c)
        changed = True
    return _game_loss(state, mode, changed)


def _game_loss(state: VividzState, mode: str, changed: bool) -> bool:
    """1005: the game-loss checks of this pre-processing's `mode`; whether to run another round."""
    if mode == "mission":
        missions = zone(state, state.tp, "mission")
        if missions and all(m in state.table.face_down for m in missions):
            finish(state, [1 - state.tp], f"seat {state.tp} completed all three missions", "1005.1")
    elif mode == "deckout" and not zone(state, state.tp, "deck"):
        finish(state, [state.tp], f"seat {state.tp} has no cards in their Deck", "1005.2")
    return changed and state.result is None


def _newest(state: VividzState, seat: int, cards: list[int]) -> int | None:
    """1002.1/1003.1: the card that entered the slot most recently. When several entered at the
    same moment their controller chooses which counts as newest (asked once, then remembered)."""
    top = max(state.seq[c] for c in cards)
    tied = sorted(c for c in cards if state.seq[c] == top)
    if len(tied) == 1:
        return tied[0]
    key = (seat, state.slot[tied[0]])
    pick = state.newest_pick.get(key)
    if pick in tied:
        return pick
    state.flow.asking = NameNewest(seat, tuple(tied))
    return None


@PROCESSOR.runs(PriorityPP)
def _pp(state: VividzState, step: PriorityPP) -> None:
    mode = step.mode
    tie = numeric_ties(state)
    if tie is not None:  # 911.3c: its controller orders same-timestamp effects before power is read
        push(state, step)
        state.flow.asking = OrderEffects(tie[0], tie[1])
        return
    first = True
    while _rule_effects(state, mode, first):  # 202.2a
        first = False
    if state.result is not None:
        return
    if state.flow.asking is not None:  # a replacement (912.2) or newest (1002.1) choice interrupted the rule effects
        push(state, step)
        return
    if state.dmg_source:  # 1103.3: credit lasts only until the PP after the effect
        state.dmg_source.clear()
    fx.fire_state_triggers(state)
    if not state.pending:  # 202.2b: nothing triggered, pre-processing ends
        return
    push(state, step)
    if len(state.pending) == 1:
        resolve_trigger(state, state.pending[0].uid)
    else:  # 908.2a: the turn player chooses which one
        state.flow.asking = made(ChooseTrigger, state.tp)


def resolve_trigger(state: VividzState, uid: int) -> None:
    """908.2: the chosen trigger's controller activates it; one layer is removed."""
    entry = next(p for p in state.pending if p.uid == uid)
    state.pending.remove(entry)
    card, seat, ab = entry.card, entry.seat, entry.ability
    if entry.effects is not None:
        emit(state, {"type": "trigger", "seat": seat, "source": CardRef(card), "delayed": True, "rule": "908.4"})
        fx.push_frame(state, card, seat, entry.effects, state.inc[card])
        return
    ability = defn(state, card).abilities[ab]
    emit(state, {"type": "trigger", "seat": seat, "source": CardRef(card), "ability": ab,
                 "trigger": ability.trigger, "rule": "908.2"})
    if ability.optional:
        state.flow.asking = made(MayUse, seat, card, ab)
        return
    start_ability(state, card, seat, ab)


def start_ability(state: VividzState, card: int, seat: int, ab: int) -> None:
    ability = defn(state, card).abilities[ab]
    inc = state.inc[card] if where(state, card) == "area" else -1
    lki = state.lki.get(card) if ability.trigger == "retire" else None
    fx.push_frame(state, card, seat, ability.effects, inc, lki)


# -- setup (601) -------------------------------------------------------------------------------

@PROCESSOR.runs(RevealFirst)
def _reveal_first(state: VividzState, step: RevealFirst) -> None:
    for _ in range(100):  # 601.1d
        revealed = []
        for seat in (0, 1):
            deck = zone(state, seat, "deck")
            if not deck:
                finish(state, [0, 1], "the Decks ran out while deciding the first player", "601.1d")
                return
            card = deck[0]
            fx.move(state, card, "energy")
            revealed.append(card)
            emit(state, {"type": "reveal_first", "seat": seat, "card": CardRef(card), "rule": "601.1d"})
        a, b = (defn(state, c).cost for c in revealed)
        if a != b:
            state.first = 0 if a > b else 1
            emit(state, {"type": "first_player", "seat": state.first, "rule": "601.1d"})
            break
    for seat in (0, 1):  # 601.1e
        fx.draw(state, seat, 5)
    state.flow.asking = made(SetupEnergy, 1 - state.first, 2)


@PROCESSOR.runs(FlipMissions)
def _flip_missions(state: VividzState, step: FlipMissions) -> None:  # 601.1f, 601.1g
    for seat in (0, 1):
        for m in zone(state, seat, "mission"):
            state.table.face_down.discard(m)
            state.clock += 1
        emit(state, {"type": "missions_revealed", "seat": seat,
                     "missions": [CardRef(m) for m in zone(state, seat, "mission")], "rule": "601.1f"})
    state.phase = "turn"
    state.turn = 1
    state.tp = state.first
    push(state, StartDraw())


# -- the turn (701-706) ------------------------------------------------------------------------


def _draw_to_five(state: VividzState, rule: str) -> None:
    hand = len(zone(state, state.tp, "hand"))
    fx.draw(state, state.tp, 1 if hand >= HAND_TARGET else HAND_TARGET - hand)


def _reboot_account(state: VividzState, rule: str) -> None:
    extra = zone(state, state.tp, "area") if rule == "702.3" and state.options["reboot_characters"] == "start_draw" else []
    for c in list(zone(state, state.tp, "account")) + list(extra):  # AMB-2 option adds the characters
        if c in state.sleep:
            state.sleep.discard(c)
            emit(state, {"type": "reboot", "card": CardRef(c), "rule": rule})


def _expire(state: VividzState, until: str) -> None:
    state.effects = [e for e in state.effects if e.until != until]


@PROCESSOR.runs(StartDraw)
def _start_draw(state: VividzState, step: StartDraw) -> None:
    tp = state.tp
    state.phase = "start_draw"
    emit(state, {"type": "turn", "turn": state.turn, "seat": tp, "rule": "701.1"})
    state.successes = [0, 0]
    state.battle_retires = [0, 0]
    state.chosen = [0, 0]  # 1107.1 counts per turn
    state.played_this_turn = 0
    fx.fire(state, "start_draw", tp)  # 702.1
    if state.turn == 1:
        fx.fire(state, "game_start", None)
    push(state, PP_DECKOUT, StartDrawRest())


@PROCESSOR.runs(StartDrawRest)
def _start_draw_rest(state: VividzState, step: StartDrawRest) -> None:
    _reboot_account(state, "702.3")
    if state.turn != 1:  # 702.4a
        _draw_to_five(state, "702.4")
    push(state, PP, MainStart())


@PROCESSOR.runs(MainStart)
def _main_start(state: VividzState, step: MainStart) -> None:
    state.phase = "main"
    fx.fire(state, "start_main", state.tp)  # 703.1
    fx.fire_delayed(state, "start_main")
    push(state, PP, made(MainPhase, state.tp))  # AMB-15: PP before priority (201.2)


@PROCESSOR.runs(MissionPhase)
def _mission_phase(state: VividzState, step: MissionPhase) -> None:
    tp = state.tp
    state.phase = "mission"
    fx.fire(state, "start_mission", tp)  # 704.1
    fx.fire_delayed(state, "start_mission")
    for m in zone(state, tp, "mission"):  # 704.2
        if mission_active(state, m) and m in state.sleep:
            if fx.condition_holds(state, tp, m, defn(state, m).clear):
                state.table.face_down.add(m)
                state.clock += 1
                state.sleep.discard(m)
                emit(state, {"type": "clear", "seat": tp, "position": zone(state, tp, "mission").index(m) + 1,
                             "title": defn(state, m).name, "rule": "704.2a"})  # now face down: no id
            else:
                state.sleep.discard(m)
                emit(state, {"type": "uncheck", "seat": tp, "card": CardRef(m), "rule": "704.2b"})
    if state.damage:
        state.damage.clear()  # 704.3
        state.dmg_source.clear()
        emit(state, {"type": "damage_removed", "rule": "704.3"})
    _expire(state, "mission")  # 704.4
    state.successes = [0, 0]   # 1118.1
    push(state, PP_MISSION, ChargePhase())


@PROCESSOR.runs(ChargePhase)
def _charge_phase(state: VividzState, step: ChargePhase) -> None:
    state.phase = "charge"
    fx.fire(state, "start_charge", state.tp)  # 705.1
    push(state, OfferKeep(), OfferCharge(), PP, EndDraw())


@PROCESSOR.runs(OfferKeep)
def _offer_keep(state: VividzState, step: OfferKeep) -> None:
    if zone(state, state.tp, "hand"):
        state.flow.asking = made(KeepCard, state.tp)
        return
    for kind in ("keep", "skip"):
        state.flow.settle(kind, state.tp, "705.2", "Your hand was empty in the Charge phase: no card could go "
                                                   "into Keep (705.2).")


@PROCESSOR.runs(OfferCharge)
def _offer_charge(state: VividzState, step: OfferCharge) -> None:
    if zone(state, state.tp, "hand"):
        state.flow.asking = made(ChargeCards, state.tp)
        return
    for kind in ("charge", "done"):
        state.flow.settle(kind, state.tp, "705.3", "Your hand was empty in the Charge phase: no card could go "
                                                   "into Energy (705.3).")


@PROCESSOR.runs(EndDraw)
def _end_draw(state: VividzState, step: EndDraw) -> None:
    state.phase = "end_draw"
    fx.fire(state, "start_end_draw", state.tp)  # 706.1
    fx.fire_delayed(state, "start_end_draw")
    push(state, PP_DECKOUT, EndDrawRest())


@PROCESSOR.runs(EndDrawRest)
def _end_draw_rest(state: VividzState, step: EndDrawRest) -> None:
    _reboot_account(state, "706.3")
    _draw_to_five(state, "706.4")
    push(state, PP, EndTurn())


@PROCESSOR.runs(EndTurn)
def _end_turn(state: VividzState, step: EndTurn) -> None:
    _expire(state, "turn")  # AMB-26
    if state.control_until:  # 502.1: "until end of turn" control changes end
        fx.return_control(state)
        push(state, PP, NextTurn())
        return
    push(state, NextTurn())


@PROCESSOR.runs(NextTurn)
def _next_turn(state: VividzState, step: NextTurn) -> None:
    state.turn += 1
    state.tp = 1 - state.tp
    push(state, StartDraw())


# -- paying costs (905) ------------------------------------------------------------------------

@PROCESSOR.runs(PayEnergy)
def _pay(state: VividzState, step: PayEnergy) -> None:
    """905.3: exactly n Energy cards to the Trash; the player chooses which when it matters."""
    seat, n = step.seat, step.n
    energy = zone(state, seat, "energy")
    if n <= 0:
        return
    if len({defn(state, c).id for c in energy}) <= 1 or len(energy) == n:
        for c in sorted(energy)[:n]:
            fx.move(state, c, "trash")
        emit(state, {"type": "pay", "seat": seat, "amount": n, "rule": "905.3c"})
        state.flow.settle("pay", seat, "905.3c", f"The cost of {n} energy was paid without a choice: your Energy "
                                                 "cards were all needed or all alike (905.3c).")
        return
    state.flow.asking = made(ChoosePayment, seat, n, step.cites)


@PROCESSOR.runs(DiscardCost)
def _discard_cost(state: VividzState, step: DiscardCost) -> None:
    seat, n = step.seat, step.n
    hand = zone(state, seat, "hand")
    if n <= 0:
        return
    if len(hand) == n:
        for c in sorted(hand):
            fx.move(state, c, "trash")
            emit(state, {"type": "discard", "seat": seat, "card": CardRef(c), "rule": step.cites})
        state.flow.settle("discard", seat, step.cites, f"The cost was paid with all {n} card(s) of your hand, "
                                                       f"so there was nothing to choose ({step.cites}).")
        return
    state.flow.asking = made(ChooseDiscard, seat, n, step.cites)


@PROCESSOR.runs(FinishPlay)
def _finish_play(state: VividzState, step: FinishPlay) -> None:
    """904.2h / 906.2: the card is played; a character enters, an event resolves."""
    state.played_this_turn += 1
    if defn(state, step.card).type == "character":
        fx.enter(state, step.card, step.slot, step.from_zone)
    else:
        fx.start_event(state, step.card, step.seat)


@PROCESSOR.runs(ResolveAbility)
def _resolve_ab(state: VividzState, step: ResolveAbility) -> None:
    card, seat, ab = step.card, step.seat, step.ability
    emit(state, {"type": "activate", "seat": seat, "card": CardRef(card), "ability": ab, "rule": "907.1"})
    fx.push_frame(state, card, seat, defn(state, card).abilities[ab].effects, step.inc)


@PROCESSOR.runs(SlideMove)
def _slide_move(state: VividzState, step: SlideMove) -> None:
    card, slot = step.card, step.slot
    if where(state, card) == "area" and not in_slot(state, controller(state, card), slot):
        fx.slide(state, card, slot)


# -- the attack (802-806) ----------------------------------------------------------------------

def attacker_alive(state: VividzState) -> bool:
    b = state.battle
    return b is not None and where(state, b.attacker) == "area" and state.inc[b.attacker] == b.inc


@PROCESSOR.runs(AfterDefense)
def _after_defense(state: VividzState, step: AfterDefense) -> None:  # 803.3
    push(state, *((PP, ScoutStep()) if attacker_alive(state) else (BattleEnd(),)))


@PROCESSOR.runs(ScoutStep)
def _scout_step(state: VividzState, step: ScoutStep) -> None:
    tp, b = state.tp, state.battle
    lane = state.slot.get(b.attacker, b.lane)  # 804.2: the attacker's lane now (it may have slid)
    scouts = [tp] + ([1 - tp] if lane_opponent(state, tp, lane) is not None else [])
    for seat in scouts:
        deck = zone(state, seat, "deck")
        if deck:
            c = deck[0]
            fx.move(state, c, "reveal")
            emit(state, {"type": "scout", "seat": seat, "card": CardRef(c),
                         "rule": "804.2b" if len(scouts) == 2 else "804.2a"})
    push(state, *(made(ScoutDecide, s) for s in scouts), PP, PP, BattleDamage())


@PROCESSOR.runs(BattleDamage)
def _battle_damage(state: VividzState, step: BattleDamage) -> None:  # 805.2, 805.3
    b = state.battle
    target = lane_opponent(state, state.tp, state.slot.get(b.attacker, b.lane))
    if attacker_alive(state) and target is not None:
        fx.deal_damage(state, target, power(state, b.attacker), b.attacker, "battle")
    push(state, BattleEnd())


@PROCESSOR.runs(BattleEnd)
def _battle_end(state: VividzState, step: BattleEnd) -> None:
    push(state, PP, AttackSucceeds())


@PROCESSOR.runs(AttackSucceeds)
def _attack_succeeds(state: VividzState, step: AttackSucceeds) -> None:
    """806.2 (again after 806.7 loops back: an attack succeeds once)."""
    tp, b = state.tp, state.battle
    if attacker_alive(state) and not b.success:
        b.success = True
        state.successes[tp] += 1
        emit(state, {"type": "attack_success", "seat": tp, "card": CardRef(b.attacker), "rule": "806.2"})
    push(state, SuccessTriggers())


@PROCESSOR.runs(SuccessTriggers)
def _success_triggers(state: VividzState, step: SuccessTriggers) -> None:
    """806.3: "when an attack succeeds" abilities trigger at most once per battle."""
    b = state.battle
    if b.success:
        _fire_once(state, "attack_success", state.tp, ("account", "mission"),
                   (b.attacker,) if attacker_alive(state) else ())
    push(state, PP, EndOfBattle())  # 806.4


@PROCESSOR.runs(EndOfBattle)
def _end_of_battle(state: VividzState, step: EndOfBattle) -> None:
    """806.5, AMB-17: untriggered "at the end of battle" abilities trigger, back to 806.3."""
    if _fire_once(state, "end_of_battle", state.tp, ("area", "account", "mission")):
        push(state, PP, SuccessTriggers())
    else:
        push(state, AttackEnds())


@PROCESSOR.runs(AttackEnds)
def _attack_ends(state: VividzState, step: AttackEnds) -> None:  # 806.6
    n = len(state.effects)
    _expire(state, "attack")
    if len(state.effects) != n:  # only an ending effect can leave a rule action or a trigger for 806.7
        push(state, AttackEndLoop())
    else:
        emit(state, {"type": "attack_end", "seat": state.tp, "rule": "806.7"})
        state.battle = None


@PROCESSOR.runs(AttackEndLoop)
def _attack_end_loop(state: VividzState, step: AttackEndLoop) -> None:
    """806.7: rule actions (an "until the end of the attack" boost ended) or untriggered
    end-of-battle abilities send the attack back to 806.2."""
    tp = state.tp
    if _rule_pending(state) or _untriggered(state, "end_of_battle", tp, ("area", "account", "mission")):
        emit(state, {"type": "attack_end_loop", "seat": tp, "rule": "806.7"})
        push(state, PP, AttackSucceeds())
        return
    emit(state, {"type": "attack_end", "seat": tp, "rule": "806.7"})
    state.battle = None


def _untriggered(state: VividzState, trigger: str, seat: int, zones: tuple, extra: tuple = ()) -> list[tuple]:
    """Effective abilities with this trigger that have not triggered yet during this battle."""
    having = fx.auto_cards(state).get(trigger)
    if not having:
        return []  # no card in the game has an ability on this trigger
    fired = state.battle.fired
    out = []
    cards = [(c, "area") for c in extra] + [(c, z) for z in zones for c in zone(state, seat, z)]
    for card, zname in cards:
        if card not in having or (zname == "mission" and card in state.table.face_down):
            continue
        d = defn(state, card)
        for i in d.autos:
            ab = d.abilities[i]
            if ab.trigger == trigger and ab.zone == zname and (card, state.inc[card], i) not in fired:
                if not ab.cond or fx.condition_holds(state, seat, card, ab.cond):
                    out.append((card, i))
    return out


def _fire_once(state: VividzState, trigger: str, seat: int, zones: tuple, extra: tuple = ()) -> bool:
    """806.3/806.5: trigger the not-yet-triggered abilities, remembering them for this battle."""
    found = _untriggered(state, trigger, seat, zones, extra)
    for card, i in found:
        state.battle.fired.append((card, state.inc[card], i))
        fx.add_pending(state, card, controller(state, card), i)
    return bool(found)


def _rule_pending(state: VividzState) -> bool:
    """A rule effect of 1001.2a would be performed now (a crowded slot or a dying character)."""
    for seat in (0, 1):
        area = zone(state, seat, "area")
        if len(area) > len({state.slot[c] for c in area}):
            return True
    return bool(_dying(state))


@PROCESSOR.runs(ScoutDecide)
def _scout_decide(state: VividzState, step: ScoutDecide) -> None:
    """804.2b: the turn player decides first, then the non-turn player; unused cards to Energy."""
    seat = step.seat
    cards = zone(state, seat, "reveal")
    if not cards:
        return
    c = cards[0]
    if fx.usable_free(state, c, "scout"):
        state.flow.asking = made(ScoutUse, seat, c)
        return
    fx.move(state, c, "energy")
    emit(state, {"type": "to_energy", "seat": seat, "card": CardRef(c), "rule": "1115.1"})
    rule = "703.2a" if defn(state, c).type == "event" and state.turn == 1 else "1115.1"
    fx.unusable(state, seat, rule, f"Your revealed {defn(state, c).name} cannot be used in this Scout "
                                   f"(no Scout mark, or an Event in turn 1; {rule})")


# -- what each decision asks, and what its answer does ---------------------------------------------

def _request(state: VividzState, step) -> Request:
    prompt = f"Turn {state.turn}: your Main phase (703.2)." if type(step) is MainPhase else step.prompt
    return Request(step.seat, step.kind, prompt, guards.options(state, step))


def _resolving(state: VividzState) -> Resolving:
    """The frame whose word asked: queued again at the front while it waits."""
    return state.flow.steps[0]


def _order(state: VividzState, seat: int, group: tuple, action: dict) -> None:
    """911.3c: the chosen effect is applied before the remaining ones of the same timestamp."""
    key = next(g for g in group if g[0] == action["card"] and g[2] == action["item"])
    state.ts_rank[key] = sum(1 for g in group if g in state.ts_rank) + 1
    emit(state, {"type": "effect_order", "seat": seat, "card": CardRef(key[0]), "item": key[2],
                 "rank": state.ts_rank[key], "rule": "911.3c"})
    rest = [g for g in group if g not in state.ts_rank]
    if len(rest) == 1:
        state.ts_rank[rest[0]] = len(group)


def _activate(state: VividzState, seat: int, card: int, i: int) -> tuple:
    """907.1 / 904.2: pay sleep and other costs, then resolve."""
    ab = defn(state, card).abilities[i]
    if ab.cost_of("sleep"):
        state.sleep.add(card)
        emit(state, {"type": "sleep", "card": CardRef(card), "rule": "907.1a"})
    inc = state.inc[card] if where(state, card) == "area" else -1
    if ab.cost_of("remove_self"):
        emit(state, {"type": "remove", "card": CardRef(card), "rule": "904.2f"})
        fx.move(state, card, "remove")
    return (made(DiscardCost, seat, ab.cost_of("discard"), "904.2f"),
            made(PayEnergy, seat, ab.cost_of("energy"), "905.3"), made(ResolveAbility, card, seat, i, inc))


def _place_missions(state: VividzState, step: PlaceMissions, seat: int, action: dict) -> None:
    zone(state, seat, "mission")[:] = action["order"]  # 507.3: positions are fixed from now on
    emit(state, {"type": "missions_placed", "seat": seat, "rule": "601.1b"})
    if seat == 0:
        state.flow.asking = PlaceMissions(1)
    else:
        push(state, RevealFirst())


def _setup_energy(state: VividzState, step: SetupEnergy, seat: int, action: dict) -> None:
    fx.move(state, action["card"], "energy")
    emit(state, {"type": "charge", "seat": seat, "card": CardRef(action["card"]), "rule": "601.1e"})
    if step.left > 1:
        state.flow.asking = made(SetupEnergy, seat, step.left - 1)
    else:
        state.flow.settle("setup_energy", seat, "601.1e", "You have put your 2 opening cards into Energy (601.1e); "
                                                          "the setup is complete.")
        push(state, FlipMissions())


def _play(state: VividzState, seat: int, action: dict) -> None:
    card = action["card"]
    slot = action.get("slot")
    cost = play_cost(state, seat, card, slot)  # 904.2d: locked now
    src = where(state, card)
    fx.move(state, card, "temporary")  # 904.2b reveal, 904.2e Temporary
    emit(state, {"type": "play", "seat": seat, "card": CardRef(card), "cost": cost, "slot": slot,
                 "from": src, "rule": "906.1"})
    push(state, made(PayEnergy, seat, cost, "905.3"), made(FinishPlay, card, seat, slot, src), PP,
         made(MainPhase, seat))


def _main_activate(state: VividzState, seat: int, action: dict) -> None:
    push(state, *_activate(state, seat, action["card"], action["ability"]), PP, made(MainPhase, seat))


def _attack(state: VividzState, seat: int, action: dict) -> None:
    card = action["card"]
    state.sleep.add(card)  # 802.1b
    state.battle = Battle(card, state.inc[card], state.slot[card])
    emit(state, {"type": "attack", "seat": seat, "card": CardRef(card), "lane": state.slot[card], "rule": "802.1"})
    fx.fire_self(state, card, "attack")  # 802.1c
    fx.fire(state, "ally_attack", seat)
    push(state, PP, made(Defense, 1 - seat), PP, made(MainPhase, seat))  # 803: the Defense step first


def _check(state: VividzState, seat: int, action: dict) -> None:
    m = action["mission"]
    state.sleep.add(m)  # 1113.2
    emit(state, {"type": "check", "seat": seat, "card": CardRef(m), "rule": "1113.2"})
    push(state, PP, made(MainPhase, seat))


def _pass_main(state: VividzState, seat: int, action: dict) -> None:  # 703.3a
    emit(state, {"type": "pass", "seat": seat, "rule": "703.3a"})
    push(state, PP, MissionPhase())


_MAIN = {"play": _play, "activate": _main_activate, "attack": _attack, "check": _check, "pass": _pass_main}


def _main(state: VividzState, step: MainPhase, seat: int, action: dict) -> None:
    _MAIN[action["type"]](state, seat, action)


def _defense(state: VividzState, step: Defense, seat: int, action: dict) -> None:
    t = action["type"]
    state.flow.settle("slide", seat, "803.1", "The defending player makes exactly one Defense-step choice, and "
                                              "yours is made (803.1): no second slide in this attack.")
    if t == "activate":
        push(state, *_activate(state, seat, action["card"], action["ability"]), PP, AfterDefense())
    elif t == "slide":
        emit(state, {"type": "defend_slide", "seat": seat, "rule": "803.1"})
        push(state, made(DiscardCost, seat, 2, "803.1"), made(SlideMove, action["card"], action["slot"]), PP,
             AfterDefense())
    else:
        emit(state, {"type": "pass", "seat": seat, "rule": "803.1"})
        push(state, PP, AfterDefense())


def _choose_payment(state: VividzState, step: ChoosePayment, seat: int, action: dict) -> None:
    fx.move(state, action["card"], "trash")
    emit(state, {"type": "pay", "seat": seat, "card": CardRef(action["card"]), "rule": "905.3c"})
    if step.n > 1:
        push(state, made(PayEnergy, seat, step.n - 1, step.cites))


def _choose_discard(state: VividzState, step: ChooseDiscard, seat: int, action: dict) -> None:
    fx.move(state, action["card"], "trash")
    emit(state, {"type": "discard", "seat": seat, "card": CardRef(action["card"]), "rule": step.cites})
    if step.n > 1:
        push(state, made(DiscardCost, seat, step.n - 1, step.cites))


def _pick(state: VividzState, step: PickCard, seat: int, action: dict) -> None:
    _resolving(state).got.pick = action["card"]


def _target(state: VividzState, step: ChooseTarget, seat: int, action: dict) -> None:
    _resolving(state).got.choice = action["card"]
    emit(state, {"type": "target", "seat": seat, "card": CardRef(action["card"]), "rule": "1107.1"})


def _use(state: VividzState, step: UseRevealed, seat: int, action: dict) -> None:
    _resolving(state).got.use = "decline" if action["type"] == "decline" else action.get("slot", 0)


def _scout_use(state: VividzState, step: ScoutUse, seat: int, action: dict) -> None:
    if action["type"] == "decline":
        fx.move(state, step.card, "energy")
        emit(state, {"type": "to_energy", "seat": seat, "card": CardRef(step.card), "rule": "1115.1"})
    else:
        fx.play_free(state, step.card, seat, action.get("slot", 0))


def _trigger(state: VividzState, step: ChooseTrigger, seat: int, action: dict) -> None:
    resolve_trigger(state, action["pick"])


def _may(state: VividzState, step: MayUse, seat: int, action: dict) -> None:
    if action["use"]:
        start_ability(state, step.card, seat, step.ability)
    else:
        emit(state, {"type": "declined", "seat": seat, "source": CardRef(step.card), "rule": "908.2"})


def _number(state: VividzState, step: ChooseNumber, seat: int, action: dict) -> None:
    _resolving(state).got.number = action["value"]


def _slide_to(state: VividzState, step: ChooseSlide, seat: int, action: dict) -> None:
    _resolving(state).got.slide = (action["card"], action["slot"])


def _replacement(state: VividzState, step: ChooseReplacement, seat: int, action: dict) -> None:
    state.repl_choice[step.card] = action["source"]
    emit(state, {"type": "replacement_chosen", "seat": seat, "card": CardRef(action["source"]), "rule": "912.2"})


def _newest_answer(state: VividzState, step: NameNewest, seat: int, action: dict) -> None:
    c = action["card"]
    state.newest_pick[(seat, state.slot[c])] = c
    emit(state, {"type": "newest", "seat": seat, "card": CardRef(c), "rule": "1002.1"})


def _up_to(state: VividzState, step: MoveUpTo, seat: int, action: dict) -> None:
    _resolving(state).got.more = action["move"]


def _ts_order(state: VividzState, step: OrderEffects, seat: int, action: dict) -> None:
    _order(state, seat, step.group, action)


def _keep(state: VividzState, step: KeepCard, seat: int, action: dict) -> None:
    if action["type"] == "keep":
        for old in list(zone(state, seat, "keep")):  # 705.2: the old card goes to the Trash first
            fx.move(state, old, "trash")
            emit(state, {"type": "discard", "seat": seat, "card": CardRef(old), "rule": "705.2"})
        fx.move(state, action["card"], "keep")
        emit(state, {"type": "keep", "seat": seat, "card": CardRef(action["card"]), "rule": "705.2"})
    for kind in ("keep", "skip"):
        state.flow.settle(kind, seat, "705.2", "You have made this Charge phase's Keep choice: at most one card "
                                               "goes into Keep each turn (705.2).")


def _charge(state: VividzState, step: ChargeCards, seat: int, action: dict) -> None:
    if action["type"] == "charge":
        fx.move(state, action["card"], "energy")
        emit(state, {"type": "charge", "seat": seat, "card": CardRef(action["card"]), "rule": "705.3"})
        if zone(state, seat, "hand"):
            state.flow.asking = made(ChargeCards, seat)
        else:
            state.flow.settle("charge", seat, "705.3", "Your hand is empty: no more cards can go into Energy (705.3).")


for _step, _answer in (
        (PlaceMissions, _place_missions), (SetupEnergy, _setup_energy), (MainPhase, _main), (Defense, _defense),
        (ChoosePayment, _choose_payment), (ChooseDiscard, _choose_discard), (PickCard, _pick),
        (ChooseTarget, _target), (UseRevealed, _use), (ScoutUse, _scout_use), (ChooseTrigger, _trigger),
        (MayUse, _may), (ChooseNumber, _number), (ChooseSlide, _slide_to), (ChooseReplacement, _replacement),
        (NameNewest, _newest_answer), (MoveUpTo, _up_to), (OrderEffects, _ts_order), (KeepCard, _keep),
        (ChargeCards, _charge)):
    PROCESSOR.asks(_step, _request, _answer)
