"""The duel as steps (sections 4, 8, 9 and 10) on the core processor (engine/core/flow.py).

Each rule procedure that can pause for a choice is a function that does its work up to the
pause and queues the rest as a step (`state.flow.next`): a nested resolution (9-9) queues
its own steps in front of the rest of the procedure that started it, so a Reaction, a
state-triggered destruction or an attack made by an effect runs first and the rest of the
procedure afterwards, exactly as 9-9 describes. A choice is an asking step (its Request:
choices.py); its answer function continues the procedure. Victory (4-2) and "end the current
phase" (10-13) are exceptions: `drive` drops the steps they cut short, undoing what those
steps would have undone (`UNWIND`: an attack leaves <Attacking>, a destroyed card regains its
effects).
"""

from __future__ import annotations

import dataclasses
import operator
from typing import Any, Callable

from engine.core.effects import EffectRegistry, Scope, Word
from engine.core.flow import Processor, Step
from engine.core.view import CardRef

from engine.games.sakura_arms import choices, guards
from engine.games.sakura_arms.mechanics import copies, look, plan, poison, umbrella
from engine.games.sakura_arms.effects import (RETURN_TO, change_vigor, hand_matches, mill, return_this,
                                              to_deck_bottom, to_played)
from engine.games.sakura_arms.cards import (ATTACK_SPEC_SCHEMA, BASIC_ACTIONS, MOD_SCHEMA, MOVE_SCHEMA, X_SOURCES,
                                            CardDef, parse_damage)
from engine.games.sakura_arms.effects import (Attack, added_after_attack, added_slot, added_to_card, attack_range,
                                              cancelled_by_ongoing, damage, finish_card, flags, gain_vigor,
                                              make_card_attack, mill_instead, move_all_from_card, mt, put, set_unused)
from engine.games.sakura_arms.state import (AURA, CARD, DIST, FLARE, HAND_LIMIT, LIFE, OUT, SHADOW, TOKEN_CARD_ZONES,
                                            AddedGroups, AddedPick, AddedSlot, AskReshuffle, AttackAfter, BlindPick,
                                            BottomChosen, ChooseModes, AttackBody, AttackEnd, BeginDuel, ChargeMix,
                                            ChooseCard, ChooseDamage, CopyChosen, CoverChosen, CoverCost, Ctx,
                                            DestroyEnd, DestructionOrder, Direction, DiscardChosen, Draw, EffectOrder,
                                            EndPhase, EndPhaseRest, GameOver, HandLimit, HandLimitCheck, Initialize,
                                            Main, MainStart, MainStartLoop, MayDo, MayThen, Mulligan, PhaseEnd,
                                            PlaceEnhancement, Reaction, Replaced, ReplacedEnd, RunEffects,
                                            SakuraState, SealChosen, Settle, SettleLoop, StartPhaseRest, TimedAfter,
                                            TimedPick, PendingMod, TriggerPick, Turn, StripChosen, UnusedChosen,
                                            UseChosen, UseDone, UsePaid, _applies, card_id, charge_of, check_victory,
                                            cond_ok, cost_of, current_distance, mastery_zone, x_value, defn,
                                            duel_cards, emit, holder, may_have_effects, ongoing_mods, owner,
                                            printed_with, set_result, trigger, where, zone)

PROCESSOR: Processor[SakuraState] = Processor(operator.attrgetter("flow"))
run = PROCESSOR.runs

# steps queued after nearly every move, made once (steps are immutable)
SETTLE, SETTLE_LOOP, TURN = Settle(), SettleLoop(), Turn()
MAIN, HAND_LIMIT_CHECK = (Main(0), Main(1)), (HandLimitCheck(0), HandLimitCheck(1))
ASK_RESHUFFLE, ASK_HAND_LIMIT = (AskReshuffle(0), AskReshuffle(1)), (HandLimit(0), HandLimit(1))


def _with(then: Step, chosen: Any) -> Step:
    """A continuation step with the choice put in."""
    return dataclasses.replace(then, chosen=chosen)


def _next(s: SakuraState, step: Step | None) -> None:
    """Run `step` (what a procedure asks, if anything) before everything queued."""
    if step is not None:
        s.flow.next(step)


# -- driving: the exceptions that cut resolutions short -------------------------------------

def _undo_attack(s: SakuraState, step: AttackEnd) -> None:
    if step.attack in s.attacks:  # 9-4 viii
        s.attacks.remove(step.attack)


def _undo_destroying(s: SakuraState, step: DestroyEnd) -> None:
    s.destroying.discard(step.card)


# what a step cut short by victory or "end the current phase" still does (9-4 viii, 9-6)
UNWIND: dict[type, Callable[[SakuraState, Any], None]] = {AttackEnd: _undo_attack, DestroyEnd: _undo_destroying,
                                                          look.LookEnd: look.end_look, look.LookDone: look.end_look}


def _unwind(s: SakuraState, to_phase_end: bool) -> PhaseEnd | None:
    """Drop the steps before the end of the current phase (or all of them); returns that end."""
    steps = s.flow.steps
    while steps:
        step = steps.popleft()
        if to_phase_end and type(step) is PhaseEnd:
            return step
        undo = UNWIND.get(type(step))
        if undo is not None:
            undo(s, step)
    return None


def drive(s: SakuraState, seat: int | None = None, action: dict | None = None) -> None:
    """Give the asking step `action` (if any), then run the steps until one asks. Victory (4-2)
    ends everything; "end the current phase" (10-13) drops the phase's steps, cleans up, goes on."""
    while True:
        try:
            if action is None:
                PROCESSOR.advance(s)
            else:
                PROCESSOR.answer(s, seat, action)
            return
        except GameOver:
            _unwind(s, False)
            s.flow.stop()
            return
        except EndPhase:
            phase_end = _unwind(s, True)
            end_phase_cleanup(s)
            s.flow.next(phase_end)  # the next phase begins
            action = None


def start(s: SakuraState) -> None:
    """4-1 step 5: the mulligans, the turn player first; then the turns."""
    s.flow.then(Mulligan(s.first), Mulligan(1 - s.first), BeginDuel())
    drive(s)


def apply(s: SakuraState, seat: int, action: dict) -> None:
    drive(s, seat, action)


# -- cards -----------------------------------------------------------------------------------

def draw(s: SakuraState, seat: int, n: int) -> Step | None:
    """7-1-6: top card to hand, one at a time; an empty Deck gives Burnout (5-5-3, 10-10).
    Returns the damage choice of a Burnout, if it asks (the rest of the draws come after it)."""
    for i in range(n):
        deck = zone(s, seat, "deck")
        if not deck:
            emit(s, {"type": "burnout", "seat": seat, "rule": "10-10"})
            if i + 1 < n:
                s.flow.next(Draw(seat, n - i - 1))
            return take_damage(s, seat, 1, 1, "burnout")
        card = deck[0]
        put(s, card, "hand")
        emit(s, {"type": "draw", "seat": seat, "card": CardRef(card)})
    return None


@run(Draw)
def _draw(s: SakuraState, step: Draw) -> None:
    _next(s, draw(s, step.seat, step.n))


def reshuffle(s: SakuraState, seat: int, by_rules: bool) -> None:
    """9-8, by the rules or an effect; first the player may use Trap cards (mechanics/trap.py)."""
    if not trap.window_before(s, seat, by_rules):
        reshuffle_now(s, seat, by_rules)


def reshuffle_now(s: SakuraState, seat: int, by_rules: bool) -> None:
    """9-8: a rules reshuffle costs 1 Life first; then Normal cards from the Played and
    Face-down piles go into the Deck, which is shuffled (A-17: Specials stay)."""
    if by_rules:
        emit(s, {"type": "reshuffle_damage", "seat": seat, "rule": "9-8 i"})
        _next(s, take_damage(s, seat, None, 1, "reshuffle"))  # Life only: never asks
    moved = 0
    for pile in ("played", "facedown"):
        for card in list(zone(s, seat, pile)):
            if not s.table.cards[card].defn.is_special:
                put(s, card, "deck")
                moved += 1
    s.rng.shuffle(zone(s, seat, "deck"))
    emit(s, {"type": "reshuffle", "seat": seat, "cards_returned": moved, "deck": len(zone(s, seat, "deck")),
             "rule": "9-8"})
    trigger(s, "reshuffle", seat)


# -- damage ----------------------------------------------------------------------------------

def take_damage(s: SakuraState, seat: int, aura, life, source: str, both: bool = False) -> ChooseDamage | None:
    """9-5: the damaged player chooses Aura or Life within 9-5 i (returned: the step that asks);
    10-26 takes both."""
    if aura is None and life is None:
        return None
    if both:
        chosen = [k for k, v in (("aura", aura), ("life", life)) if v is not None]
        rule, why = "10-26", "this damage is taken both to Aura and to Life"
    elif aura is None:
        chosen, rule, why = ["life"], "9-5 i", f"the damage is -/{life}, so it goes to Life"
    elif life is None:  # A-7 (a): as many tokens as possible, nothing spills
        chosen, rule, why = ["aura"], "9-5 i", f"the damage is {aura}/-, so it goes to Aura"
    elif aura_pool(s, seat) < aura:
        chosen, rule = ["life"], "9-5 i"  # not enough Aura to choose it
        why = f"your Aura holds {aura_pool(s, seat)}, less than the {aura} damage to Aura, so it goes to Life"
    else:
        return ChooseDamage(seat, aura, life, source)
    s.flow.settle("take_damage", seat, rule, f"There was no choice for the damage {_dmg(aura)}/{_dmg(life)}: "
                                            f"{why} ({rule}). Nothing to choose; go on with the duel.")
    damage_to(s, seat, aura, life, source, chosen)
    return None


def aura_cards(s: SakuraState, seat: int) -> list[int]:
    """Issue #20: `seat`'s Enhancements whose Ongoing `counts_as_aura` makes their tokens count as
    that player's Aura when they take damage (9-5), in the Enhancement row's order."""
    if not zone(s, seat, "enhancement"):
        return []
    return [card for src_seat, card, mod in ongoing_mods(s) if src_seat == seat and mod.get("counts_as_aura")
            and where(s, card) == "enhancement" and cond_ok(s, seat, mod.get("if"), False)]


def aura_pool(s: SakuraState, seat: int) -> int:
    """The Aura that damage to Aura can take (9-5 i): the Aura and the tokens counted as Aura."""
    return s.tok[AURA[seat]] + sum(s.tok.get(CARD + c, 0) for c in aura_cards(s, seat))


def _dmg(value) -> str:
    return "-" if value is None else str(value)


def damage_to(s: SakuraState, seat: int, aura, life, source: str, chosen: list[str]) -> None:
    for kind in chosen:
        if kind == "aura":
            moved = mt(s, AURA[seat], SHADOW, aura, "damage to Aura (9-5)")
            for card in aura_cards(s, seat):  # issue #20: tokens on these cards count as Aura, after it
                if moved < aura:
                    moved += mt(s, CARD + card, SHADOW, aura - moved, "damage to Aura, tokens counted as Aura")
            if aura:
                s.turn_aura_damage[seat] = True
            emit(s, {"type": "damage", "seat": seat, "to": "aura", "amount": aura, "moved": moved,
                     "source": source, "rule": "9-5"})
        else:
            moved = mt(s, LIFE[seat], FLARE[seat], life, "damage to Life (9-5)")
            if moved:
                trigger(s, "life_damage", seat)
            emit(s, {"type": "damage", "seat": seat, "to": "life", "amount": life, "moved": moved,
                     "source": source, "rule": "9-5"})
            check_victory(s)
            if life >= 1 and source != "reshuffle":
                unguarded(s, seat)
    check_victory(s)


def _answer_damage(s: SakuraState, step: ChooseDamage, seat: int, action: dict) -> None:
    damage_to(s, step.seat, step.aura, step.life, step.source, [action["to"]])


def unguarded(s: SakuraState, seat: int) -> None:
    """10-6 / A-8: Unguarded Enhancements go face down, their tokens to Shadow, no Disenchant."""
    for card in list(zone(s, seat, "enhancement")):
        if "unguarded" in defn(s, card).keywords and card not in s.destroying:
            put(s, card, "facedown", face_down=True)
            emit(s, {"type": "unguarded", "seat": seat, "card": CardRef(card), "rule": "10-6"}, card_id)


# -- state-triggered resolution ---------------------------------------------------------------

def settle(s: SakuraState) -> None:
    """5-5 (A-14): after every step, resolve Immediate Resurgence (10-8) and destructions (9-6);
    when several destructions with effects are due at once the turn player orders them (5-5)."""
    check_victory(s)
    for seat in (0, 1):  # "your Life becomes N or less" (issue #20): a change since it was last seen
        now = s.tok[LIFE[seat]]
        if now != s.life_seen[seat]:
            trigger(s, "life_becomes_at_most", seat, life=(s.life_seen[seat], now))
            s.life_seen[seat] = now
    if s.becomes_used is None:
        s.becomes_used = bool(duel_cards(s, "becomes", _waits_for_a_change))
    if s.becomes_used:
        values_changed(s)
    settle_loop(s)


def _waits_for_a_change(card_def: CardDef) -> bool:
    """The printed card waits for a value that "becomes" something (issue #20)."""
    return any(w["event"] == "becomes" for w in card_def.when)


BECOMES_KEYS = (("aura", 0, AURA[0]), ("aura", 1, AURA[1]), ("flare", 0, FLARE[0]), ("flare", 1, FLARE[1]),
                ("life", 0, LIFE[0]), ("life", 1, LIFE[1]))


def values_changed(s: SakuraState) -> None:
    """"<value> becomes N or less / more" (issue #20): each value that changed since it was last
    seen triggers the `becomes` effects waiting for it (the Distance, shared, those of both seats)."""
    now = [s.tok[key] for _v, _seat, key in BECOMES_KEYS] + [current_distance(s)]
    seen = s.values_seen
    if now == seen:
        return
    for i, (value, seat, _key) in enumerate(BECOMES_KEYS):
        if now[i] != seen[i]:
            trigger(s, "becomes", seat, change=(value, seen[i], now[i]))
    if now[6] != seen[6]:
        trigger(s, "becomes", None, change=("distance", seen[6], now[6]))
    s.values_seen = now


def settle_loop(s: SakuraState) -> None:
    if s.triggered:  # "when X happens" effects that happened (issue #20): the turn player orders them (5-5)
        cards = list(dict.fromkeys(due.card for due in s.triggered))
        s.flow.next(SETTLE_LOOP)
        choose_order(s, cards, "Several \"when\" effects happened: which resolves first?", "5-5",
                     "First the effect of {name}", TriggerPick())
        return
    if may_resurge_at_once(s):  # 10-8: used Specials only
        for seat in (s.active, 1 - s.active):
            for card in zone(s, seat, "special"):
                d = s.table.cards[card].defn
                if card in s.special_used and d.immediate_resurgence \
                        and cond_ok(s, seat, d.immediate_resurgence, False, card):
                    set_unused(s, card, "10-8")
    zones = s.table.zones
    if not zones["0.enhancement"] and not zones["1.enhancement"]:
        return  # no Enhancement to destroy (the usual case)
    due = [c for seat in (s.active, 1 - s.active) for c in zone(s, seat, "enhancement")
           if CARD + c not in s.tok and c not in s.destroying]
    if not due:
        return
    if sum(1 for c in due if defn(s, c).disenchant) > 1:
        s.flow.next(DestructionOrder(s.active, tuple(due)))
        return
    s.flow.next(SETTLE_LOOP)
    destroy(s, due[0])


def _resurges_at_once(card_def: CardDef) -> bool:
    return bool(card_def.immediate_resurgence)


def may_resurge_at_once(s: SakuraState) -> bool:
    """Whether a used Special may have Immediate Resurgence (10-8): one of the duel's cards whose
    printed data has it (`duel_cards`) is used; else none of the Special zones needs a look."""
    resurgent = duel_cards(s, "immediate_resurgence", _resurges_at_once)
    return bool(resurgent) and not resurgent.isdisjoint(s.special_used)


run(Settle)(lambda s, step: settle(s))
run(SettleLoop)(lambda s, step: settle_loop(s))


@run(TriggerPick)
def _trigger_pick(s: SakuraState, step: TriggerPick) -> None:
    """The chosen card's first due "when" effect resolves, if the card is still in play (9-1-1-6,
    9-1-1-8); state-triggered resolution then goes on with the rest."""
    due = next(d for d in s.triggered if d.card == step.chosen)
    s.triggered.remove(due)
    if where(s, due.card) in ("enhancement", "special"):
        emit(s, {"type": "triggered", "card": CardRef(due.card), "rule": "5-5"})
        run_effects(s, due.effects, Ctx(due.seat, due.card))


def _answer_destruction_order(s: SakuraState, step: DestructionOrder, seat: int, action: dict) -> None:
    s.flow.next(SETTLE_LOOP)
    destroy(s, action["card"])


def destroy(s: SakuraState, card: int) -> None:
    """9-6: Disenchant effects (the card has lost its Ongoing effects), then Normal -> Played
    pile, Special -> used, unless tokens came back or the card already left (`DestroyEnd`)."""
    s.destroying.add(card)
    seat = holder(s, card)  # its effects are the player's whose zone it is in (10-12)
    emit(s, {"type": "destroyed", "card": CardRef(card), "rule": "9-6"})
    trigger(s, "enhancement_destroyed", None, but=card)
    s.flow.next(DestroyEnd(card))
    run_effects(s, defn(s, card).disenchant, Ctx(seat, card))


@run(DestroyEnd)
def _destroy_end(s: SakuraState, step: DestroyEnd) -> None:
    card = step.card
    s.destroying.discard(card)
    if where(s, card) == "enhancement" and CARD + card not in s.tok:
        if s.table.cards[card].defn.is_special:
            put(s, card, "special")
            s.special_used.add(card)
        else:
            put(s, card, "played")


# -- using cards (9-2) -----------------------------------------------------------------------

def pay_costs(s: SakuraState, seat: int, card: int) -> None:
    """9-3: Cost moves Flare -> Shadow; then additional costs (10-31)."""
    cost = cost_of(s, seat, card)
    if cost:
        mt(s, FLARE[seat], SHADOW, cost, "Cost (9-3)")
        emit(s, {"type": "paid_cost", "seat": seat, "cost": cost, "rule": "9-3"})
    extra = defn(s, card).additional_cost or {}
    if extra.get("vigor"):
        s.vigor[seat] -= extra["vigor"]
    if extra.get("aura"):
        mt(s, AURA[seat], SHADOW, extra["aura"], "additional cost (10-31)")
    if extra.get("cover", 0) > 0:
        s.flow.next(CoverCost(seat, card, extra["cover"]))


def _answer_cover_cost(s: SakuraState, step: CoverCost, seat: int, action: dict) -> None:
    if action["card"] in [c for c in zone(s, step.seat, "hand") if c != step.card]:
        put(s, action["card"], "facedown", face_down=True)
    if step.left > 1:
        s.flow.next(CoverCost(step.seat, step.card, step.left - 1))


def use_card(s: SakuraState, seat: int, card: int, via: str, reacting: Attack | None = None,
             free: bool = False, no_reactions: bool = False) -> None:
    """9-2-1 / 9-2-2 / 9-2-3. Guards have already refused illegal uses, so steps i-ii pass. An
    effect may use it without paying its costs (`free`) and give its attack No Reactions (10-22)."""
    d = defn(s, card)
    full_power = via == "main" and s.mode == "full_power"
    atk = None
    if d.type == "attack":
        atk = make_card_attack(s, seat, card, via, full_power)
        if current_distance(s) not in attack_range(s, atk):  # 9-2-1 i: illegal, nothing happens
            emit(s, {"type": "use_illegal", "seat": seat, "rule": "9-2-1 i"})
            return
        if no_reactions:
            atk.no_reactions = "all"
    s.flow.next(UsePaid(seat, card, via, reacting, full_power, atk))
    if not free:
        pay_costs(s, seat, card)


@run(UsePaid)
def _use_paid(s: SakuraState, step: UsePaid) -> None:
    seat, card, reacting, full_power, atk = step.seat, step.card, step.reacting, step.full_power, step.attack
    d = defn(s, card)  # unchanged since the use began: a card in hand or Special is no copy (10-16)
    from_zone = where(s, card)
    put(s, card, "in_use", seat=seat)  # the user's In-use zone, whoever owns the card (7-1-14)
    s.turn_used[seat].append(card)  # for the "this turn" conditions (issue #20)
    if from_zone == "facedown":
        if card not in s.used_from_facedown:
            s.used_from_facedown.append(card)
    elif card in s.used_from_facedown:
        s.used_from_facedown.remove(card)
    event = {"type": "use", "seat": seat, "card": CardRef(card), "from": from_zone, "via": step.via,
             "full_power": full_power, "rule": "9-2"}
    if owner(s, card) != seat:  # a card of the opponent's, used by this player (issue #20, 7-1-14)
        event["owner"] = owner(s, card)
    emit(s, event)
    done = UseDone(seat, card, "terminal" in d.keywords)
    replacements = replacing_effects(s, seat, card)
    if replacements:  # 10-30; of several, the turn player picks the one that applies (5-5)
        s.flow.next(done)
        choose_order(s, list(replacements), "Several effects would replace this card's resolution: which one applies?",
                     "10-30", "{name} replaces it", Replaced(seat, card, tuple(replacements.items())))
    elif atk is not None:
        s.flow.next(done)
        resolve_attack(s, atk, reacting)
    elif d.type == "action":
        s.flow.next(done)
        resolve_with_added(s, d.on_use + (d.all_out if full_power else ()), "add_on_use",
                           Ctx(seat, card, None, reacting, full_power))
    else:
        s.flow.next(Initialize(Ctx(seat, card, None, reacting, full_power),
                               d.initialize + (d.all_out if full_power else ())), PlaceEnhancement(card), done)
        charge(s, seat, card)


@run(Initialize)
def _initialize(s: SakuraState, step: Initialize) -> None:
    resolve_with_added(s, step.effects, "add_initialize", step.ctx)


@run(PlaceEnhancement)
def _place_enhancement(s: SakuraState, step: PlaceEnhancement) -> None:
    card = step.card
    if where(s, card) == "in_use":
        put(s, card, "enhancement", seat=holder(s, card))  # 9-2-3 v: the user's zone (7-1-9)
        emit(s, {"type": "enhancement", "card": CardRef(card), "tokens": s.tok.get(CARD + card, 0),
                 "rule": "9-2-3 v"})


@run(UseDone)
def _use_done(s: SakuraState, step: UseDone) -> None:
    finish_card(s, step.card)
    trigger(s, "card_used", step.seat, but=step.card, used=step.card)  # "after you use a card" (issue #20)
    if step.terminal:
        s.terminal[step.seat] = True
        emit(s, {"type": "terminal", "seat": step.seat, "rule": "9-2"})
    settle(s)


def replacing_effects(s: SakuraState, seat: int, card: int) -> dict[int, tuple[int, int, tuple]]:
    """10-30: Ongoing/Devoted effects that resolve something instead of this card, by source
    card: (source seat, source card, effects); `applies` says whose cards, `card_type` which."""
    if not s.special_used and not s.table.zones["0.enhancement"] and not s.table.zones["1.enhancement"]:
        return {}
    kind = defn(s, card).type
    out: dict[int, tuple[int, int, tuple]] = {}
    for src_seat, src_card, mod in ongoing_mods(s):
        if "replace_resolution" in mod and src_card != card and src_card not in out and _applies(mod, src_seat, seat) \
                and mod.get("card_type", kind) == kind and cond_ok(s, src_seat, mod.get("if"), False):
            out[src_card] = (src_seat, src_card, mod["replace_resolution"])
    return out


@run(Replaced)
def _replaced(s: SakuraState, step: Replaced) -> None:
    replaced_resolution(s, step.seat, step.card, dict(step.replacements)[step.chosen])


def replaced_resolution(s: SakuraState, seat: int, card: int, replacement: tuple[int, int, tuple]) -> None:
    """10-30: 9-2-1 iv / 9-2-2 iii / 9-2-3 iii and everything after are skipped and the other
    effect resolves instead (the «Attack» of 9-2-1 i never entered <Attacking>). A-10: the card
    then moves as the procedure's last step would, unless the replacing effect moved it; an
    Enhancement so placed has no tokens and is destroyed by state-triggered resolution (5-5-2)."""
    src_seat, src_card, effects = replacement
    emit(s, {"type": "resolution_replaced", "card": CardRef(card), "by": CardRef(src_card), "rule": "10-30"})
    s.flow.next(ReplacedEnd(card))
    run_effects(s, effects, Ctx(src_seat, src_card))


@run(ReplacedEnd)
def _replaced_end(s: SakuraState, step: ReplacedEnd) -> None:
    if where(s, step.card) == "in_use" and defn(s, step.card).type == "enhancement":
        put(s, step.card, "enhancement", seat=holder(s, step.card))


def charge(s: SakuraState, seat: int, card: int) -> None:
    """9-2-3 iii: Charge tokens from Shadow and/or own Aura, any mix; as many as possible (6-3)."""
    need = charge_of(s, seat, card)
    shadow, aura = s.tok[SHADOW], s.tok[AURA[seat]]
    n = min(need, shadow + aura)
    mixes = [(k, n - k) for k in range(n + 1) if k <= shadow and n - k <= aura]
    if len(mixes) > 1:
        s.flow.next(ChargeMix(seat, card, need, tuple(mixes)))
        return
    a, b = mixes[0] if mixes else (0, 0)
    s.flow.settle("charge", seat, "9-2-3 iii", f"{defn(s, card).name}'s Charge could be taken only one way: "
                                               f"{a} from Shadow and {b} from your Aura, as many as possible "
                                               f"(9-2-3 iii, 6-3). Nothing to choose.")
    charge_tokens(s, seat, card, a, b)


def charge_tokens(s: SakuraState, seat: int, card: int, a: int, b: int) -> None:
    mt(s, SHADOW, CARD + card, a, "Charge (9-2-3 iii)")
    mt(s, AURA[seat], CARD + card, b, "Charge (9-2-3 iii)")
    emit(s, {"type": "charge", "seat": seat, "card": CardRef(card), "shadow": a, "aura": b, "rule": "9-2-3 iii"}, card_id)


def _answer_charge(s: SakuraState, step: ChargeMix, seat: int, action: dict) -> None:
    charge_tokens(s, step.seat, step.card, action["shadow"], action["aura"])


# -- attacks (9-4, 10-5) ---------------------------------------------------------------------

def resolve_attack(s: SakuraState, atk: Attack, reacting: Attack | None = None) -> None:
    if any(p.seat == atk.seat for p in s.next_attack):  # the player's next attack: the waiting mods are its own
        atk.added.extend(p.mod for p in s.next_attack if p.seat == atk.seat)
        s.next_attack = [p for p in s.next_attack if p.seat != atk.seat]
        emit(s, {"type": "next_attack_modified", "seat": atk.seat, "rule": "10-3"})
    s.turn_attacks[atk.seat] += 1
    s.attacks.append(atk)
    defender = 1 - atk.seat
    event = {"type": "attack", **atk.to_json(s), "rule": "9-4"}
    if atk.card is not None:
        event["card"] = CardRef(atk.card)
    emit(s, event, card_id)
    s.flow.next(AttackEnd(atk))  # viii, however the resolution ends
    # i: the attacked player may react once, unless this attack is itself a Reaction
    if guards.reaction_window(s, defender, atk):
        s.flow.next(Reaction(defender, atk, reacting))
        return
    rule, why = guards.no_window(s, atk)
    for kind in ("react", "no_reaction"):
        s.flow.settle(kind, defender, rule, f"{why} The attack resolves without a Reaction window.")
    attack_body(s, atk, reacting)


def _answer_reaction(s: SakuraState, step: Reaction, seat: int, action: dict) -> None:
    if action["type"] == "react":
        s.flow.settle("react", step.seat, "9-4 i", "You have reacted to this attack: an attack can be reacted to "
                                                   "with at most one Reaction card (9-4 i).")
        s.flow.next(AttackBody(step.attack, step.reacting))
        use_card(s, step.seat, action["card"], "reaction", reacting=step.attack)
    else:
        attack_body(s, step.attack, step.reacting)


@run(AttackBody)
def _attack_body(s: SakuraState, step: AttackBody) -> None:
    attack_body(s, step.attack, step.reacting)


def attack_body(s: SakuraState, atk: Attack, reacting: Attack | None) -> None:
    fl = flags(s, atk)
    if (atk.cancelled or cancelled_by_ongoing(s, atk)) and not fl["cannot_be_cancelled"]:  # ii
        emit(s, {"type": "attack_cancelled", "seat": atk.seat, "rule": "9-4 ii"})
        return
    if not fl["unavoidable"] and current_distance(s) not in attack_range(s, atk):  # iii
        emit(s, {"type": "attack_missed", "seat": atk.seat, "distance": current_distance(s), "rule": "9-4 iii"})
        return
    if not (atk.damage_cancelled and not fl["cannot_be_cancelled"]):  # iv, v
        milled = mill_instead(s, atk)
        if milled:  # the attack mills instead of dealing its damage: no damage, so no Unguarded (10-6)
            emit(s, {"type": "mill_instead_of_damage", "seat": atk.seat, "count": milled, "rule": "9-4 iv"})
            mill(s, 1 - atk.seat, milled)
            attack_after(s, atk, reacting, fl["cannot_be_cancelled"])
            return
        aura, life = damage(s, atk)
        s.flow.next(AttackAfter(atk, reacting, fl["cannot_be_cancelled"]))
        _next(s, take_damage(s, 1 - atk.seat, aura, life, "attack", both=fl["take_both"]))
        return
    attack_after(s, atk, reacting, fl["cannot_be_cancelled"])


@run(AttackAfter)
def _attack_after(s: SakuraState, step: AttackAfter) -> None:
    attack_after(s, step.attack, step.reacting, step.cannot_be_cancelled)


def attack_after(s: SakuraState, atk: Attack, reacting: Attack | None, cannot_be_cancelled: bool) -> None:
    if not (atk.after_cancelled and not cannot_be_cancelled):  # vi, vii
        resolve_with_added(s, atk.after_attack, "add_after_attack",
                           Ctx(atk.seat, atk.card, atk, reacting, atk.full_power))


run(AttackEnd)(_undo_attack)


def choose_order(s: SakuraState, cards: list[int], prompt: str, rule: str, label: str, then: Step) -> None:
    """The turn player picks which of several simultaneous effects resolves first (5-5, 10-14);
    `then` continues with the chosen card."""
    if len(cards) == 1:
        s.flow.next(_with(then, cards[0]))
        return
    s.flow.next(EffectOrder(s.active, tuple(cards), prompt, label, then, rule))


def _answer_effect_order(s: SakuraState, step: EffectOrder, seat: int, action: dict) -> None:
    s.flow.next(_with(step.then, action["card"]))


def added_effects(s: SakuraState, key: str, ctx: Ctx) -> list[tuple[int | None, dict]]:
    """10-14: (source card, mod holding `key`) of the effects added now: to the attack whose
    After Attack effects resolve, or to the card whose On-use/Initialize effects resolve."""
    if key == "add_after_attack":
        return added_after_attack(s, ctx.attack)
    return added_to_card(s, ctx.seat, ctx.card)


def resolve_with_added(s: SakuraState, own: tuple, key: str, ctx: Ctx) -> None:
    """The card's own effects top to bottom (6-2-1-7, 9-4 vii) with the effects added to it
    (10-14): each goes where its `position` says, after the card's own effects unless the text
    says otherwise; several added at one place resolve in the turn player's order. The added
    effects are listed when their place comes, so an effect that left play adds nothing."""
    added_at(s, own, key, ctx, 0)


def added_at(s: SakuraState, own: tuple, key: str, ctx: Ctx, slot: int) -> None:
    n = len(own)
    groups: dict[int, list] = {}
    for src, mod in added_effects(s, key, ctx):
        if src is not None and added_slot(mod, n) == slot:
            groups.setdefault(src, []).extend(mod[key])
    added_groups(s, own, key, ctx, slot, tuple((src, tuple(effects)) for src, effects in groups.items()))


def added_groups(s: SakuraState, own: tuple, key: str, ctx: Ctx, slot: int, groups: tuple) -> None:
    if groups:
        choose_order(s, [src for src, _ in groups], "Several effects were added to this card: which resolves first?",
                     "10-14", "First the effect added by {name}", AddedPick(own, key, ctx, slot, groups))
        return
    if slot < len(own):
        s.flow.next(AddedSlot(own, key, ctx, slot + 1))
        run_effects(s, own[slot:slot + 1], ctx)


@run(AddedSlot)
def _added_slot(s: SakuraState, step: AddedSlot) -> None:
    added_at(s, step.own, step.key, step.ctx, step.slot)


@run(AddedGroups)
def _added_groups(s: SakuraState, step: AddedGroups) -> None:
    added_groups(s, step.own, step.key, step.ctx, step.slot, step.groups)


@run(AddedPick)
def _added_pick(s: SakuraState, step: AddedPick) -> None:
    first = step.chosen
    emit(s, {"type": "added_effect", "source": CardRef(first), "rule": "10-14"})
    effects = next(e for src, e in step.groups if src == first)
    rest = tuple(g for g in step.groups if g[0] != first)
    s.flow.next(AddedGroups(step.own, step.key, step.ctx, step.slot, rest))
    run_effects(s, effects, step.ctx)


def effect_attack(s: SakuraState, ctx: Ctx, spec, copied_from: Attack | None = None) -> None:
    """10-5 "make an attack" (and 10-27 copying): created, checked against the current Distance,
    resolved as a nested resolution (9-9). Its user is the source card's goddess (6-4-1-8)."""
    user = s.table.cards[ctx.card].defn.goddess if ctx.card is not None else None
    if copied_from is not None:
        rng = attack_range(s, copied_from)
        aura, life = damage(s, copied_from)
        fl = flags(s, copied_from)
        atk = Attack(ctx.seat, None, None, None, rng, (aura, life), None, copied_from.after_attack,
                     frozenset({"overwhelm"}) if fl["overwhelm"] else frozenset(), copied=True, user=user)
    else:
        atk = Attack(ctx.seat, None, None, None, spec.range, spec.damage, None, spec.after_attack,
                     spec.keywords, spec.no_reactions, user=user)
    if current_distance(s) not in attack_range(s, atk):
        emit(s, {"type": "attack_not_made", "seat": ctx.seat, "rule": "10-5 i"})
        return
    resolve_attack(s, atk, ctx.reacting)


# -- effects (section 10) --------------------------------------------------------------------

def _token_key(zone_name: str, seat: int, ctx: Ctx) -> int:
    """10-12: zones without an owner are the resolving player's."""
    return {"distance": DIST, "shadow": SHADOW, "aura": AURA[seat], "life": LIFE[seat], "flare": FLARE[seat],
            "opp_aura": AURA[1 - seat], "opp_life": LIFE[1 - seat], "opp_flare": FLARE[1 - seat], "out": OUT,
            "this": CARD + (ctx.card if ctx.card is not None else -CARD - 99)}[zone_name]


def arrows_reversed(s: SakuraState, seat: int, attack: Attack | None = None) -> bool:
    """10-2: each "reverse the arrow" modification swaps the two zones once, so an even
    number of them cancel out. Sources: Ongoing/Devoted effects, and a resolved effect that
    reversed the arrows of the attack whose After Attack effect this is."""
    n = sum(1 for src, _c, m in ongoing_mods(s) if m.get("reverse_arrows") and
            (m.get("applies", "own") == "both" or (m.get("applies", "own") == "own") == (src == seat)))
    if attack is not None:
        n += sum(1 for m in attack.added if m.get("reverse_arrows"))
    return n % 2 == 1


def arrow(s: SakuraState, eff: dict, ctx: Ctx, index: int = 0) -> Direction | None:
    """10-1 arrow effects (10-2 reversed), from the `index`th player on; a two-way arrow is
    chosen by the resolving player (returned: the step that asks)."""
    seats = (ctx.seat, 1 - ctx.seat) if eff.get("each_player") else (ctx.seat,)
    if index == 0 and "this" in (eff["from"], eff["to"]) \
            and (ctx.card is None or where(s, ctx.card) not in TOKEN_CARD_ZONES):
        return None  # e.g. a Forced effect of a card in the Played pile: no tokens can be on it
    for i in range(index, len(seats)):
        seat = seats[i]
        src, dst = eff["from"], eff["to"]
        if arrows_reversed(s, seat, ctx.attack):
            src, dst = dst, src
            emit(s, {"type": "arrow_reversed", "seat": seat, "rule": "10-2"})
        if eff.get("two_way"):
            return Direction(seat, src, dst, eff, ctx, i)
        arrow_move(s, eff, ctx, seat, src, dst)
    check_victory(s)  # A-1: effects moving both Lives are checked once, after the whole step
    return None


def arrow_blocked(s: SakuraState, src: int, dst: int) -> str | None:
    """Issue #20: the card whose Ongoing/Devoted `block_arrow` forbids arrows to move tokens out of
    `src` or into `dst` (token keys; the blocked zone is named from that card's player's side)."""
    if not s.special_used and not s.table.zones["0.enhancement"] and not s.table.zones["1.enhancement"]:
        return None
    for src_seat, card, mod in ongoing_mods(s):
        block = mod.get("block_arrow")
        if block and cond_ok(s, src_seat, mod.get("if"), False):
            here = Ctx(src_seat, card)
            if ("from" in block and _token_key(block["from"], src_seat, here) == src) or \
                    ("to" in block and _token_key(block["to"], src_seat, here) == dst):
                return s.table.cards[card].defn.name
    return None


def arrow_move(s: SakuraState, eff: dict, ctx: Ctx, seat: int, src: str, dst: str) -> None:
    keys = _token_key(src, seat, ctx), _token_key(dst, seat, ctx)
    blocker = arrow_blocked(s, *keys)
    if blocker is not None:
        emit(s, {"type": "arrow_blocked", "seat": seat, "from": src, "to": dst, "by": blocker, "rule": "10-1"})
        return
    n = mt(s, keys[0], keys[1], eff.get("count", 1), "arrow effect (10-1)")
    emit(s, {"type": "tokens", "seat": seat, "from": src, "to": dst, "count": n, "rule": "10-1"})


def _answer_direction(s: SakuraState, step: Direction, seat: int, action: dict) -> None:
    src, dst = (step.src, step.dst) if action["forward"] else (step.dst, step.src)
    arrow_move(s, step.effect, step.ctx, step.seat, src, dst)
    _next(s, arrow(s, step.effect, step.ctx, step.index + 1))


def choose_card(s: SakuraState, seat: int, cards: list[int], prompt: str, optional: bool, then: Step) -> Step:
    """The step to run: the player chooses one of `cards` for an effect (or none, if
    `optional`) and `then` continues with it; no card, or one card and no choice of none, asks
    nothing and `then` has it at once."""
    if not cards:
        return _with(then, None)
    if len(cards) == 1 and not optional:
        s.flow.settle("choose", seat, "9-9", f"Only {s.table.cards[cards[0]].defn.name} could be chosen for that "
                                             f"effect, so it was chosen (9-9). Nothing to choose.")
        return _with(then, cards[0])
    return ChooseCard(seat, tuple(cards), prompt, optional, then)


def _answer_choose_card(s: SakuraState, step: ChooseCard, seat: int, action: dict) -> None:
    s.flow.next(_with(step.then, action["card"]))


def run_effects(s: SakuraState, effects: tuple, ctx: Ctx, index: int = 0) -> None:
    """6-2-1-7: top to bottom from `index`; each effect is followed by state-triggered resolution (5-5)."""
    for i in range(index, len(effects)):
        eff = effects[i]
        if "if" in eff and not cond_ok(s, ctx.seat, eff["if"], ctx.full_power, ctx.card, ctx.attack, ctx.reacting):
            continue
        if i + 1 < len(effects):
            s.flow.next(SETTLE, RunEffects(effects, ctx, i + 1))
        else:
            s.flow.next(SETTLE)
        run_effect(s, eff, ctx)
        return


@run(RunEffects)
def _run_effects(s: SakuraState, step: RunEffects) -> None:
    run_effects(s, step.effects, step.ctx, step.index)


def run_effect(s: SakuraState, eff: dict, ctx: Ctx) -> None:
    """One effect: its word's resolution (`REGISTRY`); a step it returns runs next."""
    for name in eff:
        if name != "if":
            break
    _next(s, WORDS[name].resolve(s, eff[name], ctx))


# -- the effect words (section 10): each declared once, in `REGISTRY` below ----------------------

def _basic(s: SakuraState, name: str, ctx: Ctx) -> None:  # 9-7 i-A, no cost (9-7 ii)
    if guards.basic_moves(s, ctx.seat, name) is None:
        perform_basic(s, ctx.seat, name)


def _damage(s: SakuraState, value, ctx: Ctx) -> Step | None:  # not from an «Attack» (10-19): no Aura cap (A-7 c)
    """9-5: "A/L" damages the opponent; `{amount, to: opponent|self|each}` names who takes it. "Each
    player" is the user first, then the opponent, each choosing within 9-5 i, with state-triggered
    resolution (5-5) between the two, as the `each_player` arrows are (10-1)."""
    text, to = (value, "opponent") if isinstance(value, str) else (value["amount"], value.get("to", "opponent"))
    aura, life = parse_damage(text)
    if to == "each":
        s.flow.next(SETTLE, RunEffects(({"damage": {"amount": text, "to": "opponent"}},), ctx, 0))
    return take_damage(s, 1 - ctx.seat if to == "opponent" else ctx.seat, aura, life, "effect")


def _attack(s: SakuraState, spec, ctx: Ctx) -> None:
    effect_attack(s, ctx, spec)


def _copy_attack(s: SakuraState, value: bool, ctx: Ctx) -> None:
    if ctx.reacting is not None:
        effect_attack(s, ctx, None, copied_from=ctx.reacting)


def _flinch(s: SakuraState, value: bool, ctx: Ctx) -> None:
    s.flinch[1 - ctx.seat] = True
    emit(s, {"type": "flinch", "seat": 1 - ctx.seat, "rule": "5-1-4"})


def _cancel(s: SakuraState, what: str, ctx: Ctx) -> None:
    target = ctx.reacting
    if target is not None:
        setattr(target, {"attack": "cancelled", "damage": "damage_cancelled", "after_attack": "after_cancelled"}[what], True)
        emit(s, {"type": "cancel", "what": what, "rule": "9-4 ii"})


def _modify(s: SakuraState, mod: dict, ctx: Ctx) -> None:
    target = ctx.reacting or ctx.attack
    if target is not None:
        target.added.append({**mod, "source": ctx.card} if "add_after_attack" in mod else mod)  # 10-14
        emit(s, {"type": "modify_attack", "rule": "10-3"})


def _end_phase(s: SakuraState, value: bool, ctx: Ctx) -> None:
    emit(s, {"type": "end_phase", "rule": "10-13"})
    raise EndPhase()


def _seal(s: SakuraState, pool: str, ctx: Ctx) -> Step:
    return choose_card(s, ctx.seat, SCOPE[pool].cards(s, ctx.seat), "Choose a card to seal under this card.", False,
                       SealChosen(ctx))


def _unseal(s: SakuraState, to: str, ctx: Ctx) -> None:
    for card, by in sorted(s.sealed_by.items()):
        if by == ctx.card and where(s, card) == "sealed":
            del s.sealed_by[card]
            put(s, card, to)
            emit(s, {"type": "unsealed", "seat": owner(s, card), "to": to, "rule": "10-9"})


def _copy_enhancement(s: SakuraState, value: bool, ctx: Ctx) -> Step:
    return choose_card(s, ctx.seat, SCOPE["opp_enhancement"].cards(s, ctx.seat), "Choose an Enhancement to copy.",
                       False, CopyChosen(ctx))


def _use_card(s: SakuraState, value, ctx: Ctx) -> Step:
    """9-9: use a card of `from` (or none), maybe only of a `type`/`subtype`, maybe without paying
    its costs (`free`), maybe giving its attack No Reactions (issue #20)."""
    spec = {"from": value} if isinstance(value, str) else value
    free = spec.get("free", False)
    cards = [c for c in SCOPE[spec["from"]].cards(s, ctx.seat)
             if hand_matches(s, c, spec) and guards.usable_by_effect(s, ctx.seat, c, free) is None]
    return choose_card(s, ctx.seat, cards, "Choose a card to use (or none).", True, UseChosen(ctx, spec))


def _set_unused(s: SakuraState, value: bool, ctx: Ctx) -> None:
    if ctx.card is not None:
        set_unused(s, ctx.card, "10-17")


def _remove(s: SakuraState, value: bool, ctx: Ctx) -> None:
    if ctx.card is not None:
        put(s, ctx.card, "out")
        emit(s, {"type": "removed", "card": CardRef(ctx.card), "rule": "10-18"})


def _cover(s: SakuraState, hand: str, ctx: Ctx) -> Step:
    who = ctx.seat if hand == "own_hand" else 1 - ctx.seat
    return choose_card(s, who, poison.coverable(s, SCOPE[hand].cards(s, ctx.seat)),
                       "Put a card from your hand face down.", False, CoverChosen(who))


def _to_bottom(s: SakuraState, pool: str, ctx: Ctx) -> Step:
    return choose_card(s, ctx.seat, SCOPE[pool].cards(s, ctx.seat), "Choose a card to put on the bottom of your deck.",
                       False, BottomChosen())


def _discard(s: SakuraState, spec: dict, ctx: Ctx) -> Step | None:
    """7-1-7: `who` puts `count` hand cards (or, with `down_to`, cards until N are left) into the
    Played pile, one at a time, chosen `by` their owner, by you without seeing them, or at random."""
    victim = ctx.seat if spec["who"] == "self" else 1 - ctx.seat
    held = len(zone(s, victim, "hand"))
    left = max(0, held - spec["down_to"]) if "down_to" in spec else spec["count"]
    return discard_next(s, ctx.seat, victim, spec, left)


def discard_next(s: SakuraState, user: int, victim: int, spec: dict, left: int) -> Step | None:
    """The next of `left` cards to put into the Played pile. A blind choice (`by: you` of the
    opponent's hand) is a place in a row the game's RNG shuffled (7-1-10: only the owner sees a
    hand); one with a type filter is the owner's, since no one else can tell the types. When a
    filter leaves no card the referee says so (10-24: the proof the rules ask for, no card shown)."""
    if left <= 0:
        return None
    hand = zone(s, victim, "hand")
    cards = [c for c in hand if hand_matches(s, c, spec)]
    if not cards:
        emit(s, {"type": "nothing_to_discard", "seat": victim, "filtered": len(hand) > 0,
                 "rule": "10-24" if hand else "7-1-7"})
        return None
    by = spec["by"]
    then = DiscardChosen(user, victim, spec, left)
    if by == "random":
        return _with(then, cards[s.rng.choice_index(len(cards))])
    if by == "you" and victim != user and len(look.seen(s, user, cards)) == len(cards):  # during a look (7-1-10)
        return choose_card(s, user, cards, "Choose a card of your opponent's hand to put into their Played pile.",
                           False, then)
    if by == "you" and victim != user:
        if len(cards) == 1:
            return _with(then, cards[0])  # one hand card: its place says nothing (the hand size is public)
        order = list(cards)
        s.rng.shuffle(order)
        return BlindPick(user, victim, tuple(order), then)
    return choose_card(s, victim, cards, "Put a card from your hand into your Played pile.", False, then)


@run(DiscardChosen)
def _discard_chosen(s: SakuraState, step: DiscardChosen) -> None:
    if step.chosen is not None and where(s, step.chosen) == "hand":
        to_played(s, step.chosen, step.spec["by"])
    _next(s, discard_next(s, step.user, step.victim, step.spec, step.left - 1))


def _answer_blind_pick(s: SakuraState, step: BlindPick, seat: int, action: dict) -> None:
    s.flow.next(_with(step.then, step.cards[action["slot"]]))


def _discard_problem(spec: dict) -> str | None:
    if "count" in spec and "down_to" in spec:
        return "discard: write count or down_to, not both"
    if spec.get("by") == "you" and spec["who"] == "opp" and ("type" in spec or "subtype" in spec):
        return ("discard: you cannot choose among your opponent's hand by type, you do not see it (7-1-10); "
                "write by: owner (they choose a card of that type) or by: random")
    return None


def _choose(s: SakuraState, spec: dict, ctx: Ctx) -> ChooseModes:
    """"Choose one (or up to N) of the following": the card's player (10-12) picks."""
    options = spec["options"]
    return ChooseModes(ctx.seat, options, min(spec.get("up_to", 1), len(options)), ctx,
                       tuple("; ".join(say(e) for e in option) for option in options))


def _answer_modes(s: SakuraState, step: ChooseModes, seat: int, action: dict) -> None:
    picked = sorted(action["picked"])
    emit(s, {"type": "modes_chosen", "seat": step.seat, "picked": picked, "rule": "6-2-1-7"})
    run_effects(s, tuple(e for i in picked for e in step.options[i]), step.ctx)  # in printed order (6-2-1-7)


def _may(s: SakuraState, spec: dict, ctx: Ctx) -> MayDo:
    """"You may do X; if you do, Y": the card's player (10-12) decides whether to do X."""
    do, then = spec["do"], spec.get("then", ())
    return MayDo(ctx.seat, do, then, ctx, ("; ".join(say(e) for e in do), "; ".join(say(e) for e in then)))


def duel_marker(s: SakuraState) -> tuple:
    """What an optional effect can change (tokens, zones, Vigor, Flinch, used Specials): "if you
    do" holds when doing it changed one of them (6-3: moving as many as possible may be none)."""
    return (tuple(sorted(s.tok.items())), s.table.snapshot(), tuple(s.vigor), tuple(s.flinch),
            tuple(sorted(s.special_used)))


def _answer_may(s: SakuraState, step: MayDo, seat: int, action: dict) -> None:
    emit(s, {"type": "may", "seat": step.seat, "did": action["do"], "rule": "10-12"})
    if action["do"]:
        if step.then:
            s.flow.next(MayThen(step.then, step.ctx, duel_marker(s)))
        run_effects(s, step.do, step.ctx)


@run(MayThen)
def _may_then(s: SakuraState, step: MayThen) -> None:
    if duel_marker(s) != step.before:
        run_effects(s, step.then, step.ctx)
    else:
        emit(s, {"type": "did_not", "rule": "6-3"})  # nothing was done, so "if you do" is false


def _next_attack(s: SakuraState, mod: dict, ctx: Ctx) -> None:
    s.next_attack = s.next_attack + [PendingMod(ctx.seat, mod)]
    emit(s, {"type": "next_attack_pending", "seat": ctx.seat, "rule": "10-3"})


def _forbid_basic(s: SakuraState, spec: dict, ctx: Ctx) -> None:
    """9-7: the basic actions named (all five unless it says) are forbidden this turn to `who`."""
    seats = {"self": (ctx.seat,), "opp": (1 - ctx.seat,), "both": (0, 1)}[spec["who"]]
    names = list(spec.get("actions", BASIC_ACTIONS))
    for seat in seats:
        s.basic_forbidden[seat] = sorted(set(s.basic_forbidden[seat]) | set(names))
        emit(s, {"type": "basic_forbidden", "seat": seat, "actions": s.basic_forbidden[seat], "rule": "9-7"})


def _repeat(s: SakuraState, spec: dict, ctx: Ctx) -> None:
    """Do the effects `times` times (a number, or a count read when the effect begins, 5-2), one
    after another, top to bottom each time (6-2-1-7)."""
    times = spec["times"] if isinstance(spec["times"], int) else x_value(s, ctx.seat, spec["times"])
    emit(s, {"type": "repeat", "seat": ctx.seat, "times": times, "rule": "6-2-1-7"})
    if times > 0:
        run_effects(s, tuple(spec["effects"]) * times, ctx)


def _set_other_unused(s: SakuraState, value: bool, ctx: Ctx) -> Step:
    return choose_card(s, ctx.seat, [c for c in SCOPE["own_used_special"].cards(s, ctx.seat) if c != ctx.card],
                       "Choose another used Special card of yours to become unused.", False, UnusedChosen())


@run(UnusedChosen)
def _unused_chosen(s: SakuraState, step: UnusedChosen) -> None:
    if step.chosen is not None and step.chosen in s.special_used:
        set_unused(s, step.chosen, "10-17")


def _strip(s: SakuraState, pool: str, ctx: Ctx) -> Step:
    return choose_card(s, ctx.seat, SCOPE[pool].cards(s, ctx.seat), "Choose an Enhancement to lose all its tokens.",
                       False, StripChosen())


@run(StripChosen)
def _strip_chosen(s: SakuraState, step: StripChosen) -> None:
    """6-3: every token on the card goes to Shadow; with none left it is destroyed (5-5, 9-6)."""
    if step.chosen is not None and where(s, step.chosen) == "enhancement":
        n = move_all_from_card(s, step.chosen, SHADOW, "all tokens removed by an effect (6-3)")
        emit(s, {"type": "stripped", "card": CardRef(step.chosen), "count": n, "rule": "6-3"})


def _vigor_of(s: SakuraState, spec: dict, ctx: Ctx) -> None:
    change_vigor(s, ctx.seat if spec["who"] == "self" else 1 - ctx.seat, spec)


def _poison(s: SakuraState, to: str, ctx: Ctx) -> Step:
    return choose_card(s, ctx.seat, poison.bag(s, ctx.seat), "Choose a poison card of your bag.", False,
                       poison.PoisonChosen(ctx.seat, to))


def _win(s: SakuraState, value: bool, ctx: Ctx) -> None:
    set_result(s, ctx.seat, "won by a card effect", "4-2 3")
    raise GameOver()


def _lose(s: SakuraState, who: str, ctx: Ctx) -> None:  # 4-2 2: the other player wins; no effect applies to that win
    loser = ctx.seat if who == "self" else 1 - ctx.seat
    set_result(s, 1 - loser, f"seat {loser} lost by a card effect", "4-2 2")
    raise GameOver()


# the cards a choosing word picks from, for the resolving player `seat` (10-12)
SCOPES: tuple[Scope, ...] = (
    Scope("own_facedown", lambda s, seat: list(zone(s, seat, "facedown")), wording="a card of your Face-down pile"),
    Scope("opp_played", lambda s, seat: list(zone(s, 1 - seat, "played")),
          wording="a card of your opponent's Played pile"),
    Scope("own_played", lambda s, seat: list(zone(s, seat, "played")), wording="a card of your Played pile"),
    Scope("hand", lambda s, seat: list(zone(s, seat, "hand")), wording="a card of your hand"),
    Scope("own_hand", lambda s, seat: list(zone(s, seat, "hand")), wording="a card of your own hand"),
    Scope("opp_hand", lambda s, seat: list(zone(s, 1 - seat, "hand")), wording="a card of your opponent's hand"),
    Scope("own_used_special", lambda s, seat: [c for c in zone(s, seat, "special") if c in s.special_used],
          wording="a used Special card of yours"),
    Scope("opp_seen_hand", lambda s, seat: look.seen(s, seat, zone(s, 1 - seat, "hand")),
          wording="a card of your opponent's hand that you see (a look shows them, 7-1-10)"),
    Scope("opp_used_special", lambda s, seat: [c for c in zone(s, 1 - seat, "special") if c in s.special_used],
          wording="a used Special card of your opponent's"),
    Scope("opp_special", lambda s, seat: look.seen(s, seat, zone(s, 1 - seat, "special")),
          wording="a Special card of your opponent's that you see: used, or unused while a look shows it (7-1-11)"),
    Scope("any_enhancement", lambda s, seat: list(zone(s, seat, "enhancement")) + list(zone(s, 1 - seat, "enhancement")),
          wording="an Enhancement card in play, yours or your opponent's"),
    Scope("opp_enhancement", lambda s, seat: [c for c in zone(s, 1 - seat, "enhancement") if c not in s.copy_of],
          wording="an Enhancement of your opponent's that is not a copy"),
)
SCOPE = {scope.name: scope for scope in SCOPES}
DAMAGE_SCHEMA = {"oneOf": [{"type": "string"}, {
    "type": "object", "additionalProperties": False, "required": ["amount", "to"],
    "properties": {"amount": {"type": "string"}, "to": {"enum": ["opponent", "self", "each"]}}}]}
_TRUE = {"const": True}
_EFFECTS = {"$ref": "#/$defs/effects"}
CHOOSE_SCHEMA = {"type": "object", "additionalProperties": False, "required": ["options"],
                 "properties": {"up_to": {"type": "integer", "minimum": 1},
                                "options": {"type": "array", "minItems": 2, "items": {**_EFFECTS, "minItems": 1}}}}
MAY_SCHEMA = {"type": "object", "additionalProperties": False, "required": ["do"],
              "properties": {"do": {**_EFFECTS, "minItems": 1}, "then": _EFFECTS}}
FORBID_SCHEMA = {"type": "object", "additionalProperties": False, "required": ["who"],
                 "properties": {"who": {"enum": ["self", "opp", "both"]},
                                "actions": {"type": "array", "minItems": 1, "items": {"enum": list(BASIC_ACTIONS)}}}}
REPEAT_SCHEMA = {"type": "object", "additionalProperties": False, "required": ["times", "effects"],
                 "properties": {"times": {"oneOf": [{"type": "integer", "minimum": 1}, {"enum": X_SOURCES}]},
                                "effects": {**_EFFECTS, "minItems": 1}}}
USE_SCHEMA = {"oneOf": [{"enum": ["own_facedown", "hand"]}, {
    "type": "object", "additionalProperties": False, "required": ["from"],
    "properties": {"from": {"enum": ["own_facedown", "hand", "own_played", "own_used_special", "opp_played",
                                     "opp_used_special", "opp_special", "opp_seen_hand"]},
                   "free": {"const": True}, "no_reactions": {"const": True},
                   "type": {"enum": ["attack", "action", "enhancement"]},
                   "subtype": {"enum": ["reaction", "throughout", "none"]}}}]}
DISCARD_SCHEMA = {"type": "object", "additionalProperties": False, "required": ["who"],
                  "properties": {"who": {"enum": ["self", "opp"]}, "by": {"enum": ["owner", "you", "random"]},
                                 "count": {"type": "integer", "minimum": 1},
                                 "down_to": {"type": "integer", "minimum": 0},
                                 "type": {"enum": ["attack", "action", "enhancement"]},
                                 "subtype": {"enum": ["reaction", "throughout", "none"]}}}
VIGOR_SCHEMA = {"type": "object", "additionalProperties": False, "required": ["who"],
                "minProperties": 2, "maxProperties": 2,
                "properties": {"who": {"enum": ["self", "opp"]}, "set": {"type": "integer", "minimum": 0, "maximum": 2},
                               "lower": {"type": "integer", "minimum": 1}}}

REGISTRY: EffectRegistry[SakuraState] = EffectRegistry(
    words=(
        Word("move", MOVE_SCHEMA, lambda s, v, ctx: arrow(s, v, ctx),
             "`count` sakura token(s) move `from` -> `to` (10-1; two-way arrow: `two_way`; for each player: "
             "`each_player`)"),
        Word("basic", {"enum": list(BASIC_ACTIONS)}, _basic, "perform the basic action `value` without paying for it (9-7)"),
        Word("draw", {"type": "integer", "minimum": 1}, lambda s, n, ctx: draw(s, ctx.seat, n),
             "draw `value` card(s) (7-1-6; an empty deck burns out, 10-10)"),
        Word("damage", DAMAGE_SCHEMA, _damage,
             "your opponent takes `value` damage, not from an attack (9-5, 10-19)"),  # `to`: card_data README
        Word("attack", ATTACK_SPEC_SCHEMA, _attack,
             "make an attack with the Range, damage and After Attack effects written, resolved at once (10-5)"),
        Word("reshuffle", _TRUE, lambda s, v, ctx: reshuffle(s, ctx.seat, by_rules=False),
             "reshuffle your deck without taking damage (9-8)"),
        Word("flinch", _TRUE, _flinch, "your opponent flinches: their next Vigor gain is lost instead (5-1-4)"),
        Word("vigor", {"type": "integer", "minimum": 1}, lambda s, n, ctx: gain_vigor(s, ctx.seat, n),
             "gain `value` Vigor (5-1-2; a flinched player loses Flinch instead)"),
        Word("cancel", {"enum": ["attack", "damage", "after_attack"]}, _cancel,
             "cancel the `value` of the attack this card reacts to (9-4 ii)"),
        Word("modify", MOD_SCHEMA, _modify, "modify the attack this card reacts to or belongs to (10-3)"),
        Word("end_phase", _TRUE, _end_phase, "end the current phase (10-13)"),
        Word("seal", {"enum": ["own_facedown", "opp_played", "hand"]}, _seal, "seal `value` under this card (10-9)",
             scope_of=lambda pool: pool),
        Word("unseal", {"enum": ["hand", "played"]}, _unseal,
             "the cards sealed under this card go to your `value` (10-9)"),
        Word("exchange", {"type": "object", "additionalProperties": False, "required": ["name", "extra"],
                          "properties": {"name": {"type": "string"}, "extra": {"type": "string"}}},
             lambda s, spec, ctx: exchange(s, ctx, spec),
             "this card, `name`, is exchanged with the Extra card `extra` (10-25)"),
        Word("copy_attack", _TRUE, _copy_attack, "make a copy of the attack this card reacts to, resolved at once (10-27)"),
        Word("copy_enhancement", _TRUE, _copy_enhancement, "this card copies an Enhancement of your opponent's (10-16)",
             scope_of=lambda value: "opp_enhancement"),
        Word("use_card", USE_SCHEMA, _use_card,
             "use a card of `value` (or none), paying its costs unless `free` (9-9)",
             scope_of=lambda v: v if isinstance(v, str) else v["from"]),
        Word("set_unused", _TRUE, _set_unused, "this card becomes unused (10-17)"),
        Word("remove", _TRUE, _remove, "this card is removed from the game, face up (10-18)"),
        Word("cover", {"enum": ["own_hand", "opp_hand"]}, _cover, "its owner puts `value` face down (7-1-8)",
             scope_of=lambda hand: hand),
        Word("return", {"enum": list(RETURN_TO)}, lambda s, to, ctx: return_this(s, ctx.card, to),
             "this card (a Normal card) goes to `value`: the top of your deck or your hand (7-1-6, 7-1-10)"),
        Word("to_deck_bottom", {"enum": ["own_played", "own_facedown"]}, _to_bottom,
             "put `value` on the bottom of your deck (7-1-6)", scope_of=lambda pool: pool),
        Word("opp_draw", {"type": "integer", "minimum": 1}, lambda s, n, ctx: draw(s, 1 - ctx.seat, n),
             "your opponent draws `value` card(s) (7-1-6; their empty deck burns out, 10-10)"),
        Word("mill", {"type": "integer", "minimum": 1}, lambda s, n, ctx: mill(s, 1 - ctx.seat, n),
             "the top `value` card(s) of your opponent's deck go face down to their Face-down pile, unseen "
             "(7-1-6, 7-1-8; an empty deck stops it, no Burnout)"),
        Word("set_vigor", VIGOR_SCHEMA, _vigor_of,
             "the Vigor of `who` (self or opp) is set to `set`, or lowered by `lower`, within 0..2; "
             "not a gain, so Flinch stays (5-1-2)"),
        Word("discard", DISCARD_SCHEMA, _discard,
             "`who` (self or opp) puts `count` hand card(s) into the Played pile (or as many as leave `down_to`), "
             "chosen by `by` (owner; you, unseen; random), of type `type`, subtype `subtype` (7-1-7)",
             check=_discard_problem),
        Word("choose", CHOOSE_SCHEMA, _choose,
             "choose one (or up to `up_to`) of `options`, each a list of effects; the chosen ones resolve in "
             "printed order (10-12, 6-2-1-7)"),
        Word("may", MAY_SCHEMA, _may,
             "you may do `do`; if you do (it changed the duel), then `then` (10-12)"),
        Word("next_attack", MOD_SCHEMA, _next_attack,
             "your next attack this turn gets the modification written (10-3; unused, it lapses when the turn ends)"),
        Word("forbid_basic", FORBID_SCHEMA, _forbid_basic,
             "`who` (self, opp or both) cannot make the basic actions `actions` (all five if not written) "
             "this turn (9-7)"),
        Word("repeat", REPEAT_SCHEMA, _repeat,
             "do `effects` `times` times, one after another (`times`: a number or a count such as used_specials)"),
        Word("set_other_unused", _TRUE, _set_other_unused, "another used Special card of yours becomes unused (10-17)",
             scope_of=lambda value: "own_used_special"),
        Word("strip_tokens", {"enum": ["any_enhancement", "opp_enhancement"]}, _strip,
             "`value` loses all its sakura tokens to Shadow, and is then destroyed (6-3, 9-6)",
             scope_of=lambda pool: pool),
        Word("look", look.SCHEMA, look.look, look.WORDING),
        Word("execute_plan", plan.SCHEMA, plan.execute, plan.WORDING),
        Word("poison", poison.SCHEMA, _poison, poison.WORDING),
        Word("win", _TRUE, _win, "you win the game (4-2 3)"),
        Word("lose", {"enum": ["self", "opp"]}, _lose,
             "`value` loses the game and the other player wins (4-2 2; self: the player whose effect it is)"),
        *umbrella.WORDS, *copies.WORDS,  # goddess mechanics (mechanics/)
    ),
    scopes=SCOPES,
)
WORDS = REGISTRY.words


def say(effect: dict) -> str:
    """An effect in its word's wording, with its condition (`if`) said after it."""
    word = {k: v for k, v in effect.items() if k != "if"}
    text = REGISTRY.say(word)
    if "if" in effect:
        text += " if " + ", ".join(f"{k.replace('_', ' ')} {v}" if v is not True else k.replace("_", " ")
                                   for k, v in effect["if"].items())
    return text


@run(SealChosen)
def _seal_chosen(s: SakuraState, step: SealChosen) -> None:
    chosen, ctx = step.chosen, step.ctx
    if chosen is not None and ctx.card is not None:
        put(s, chosen, "sealed")
        s.sealed_by[chosen] = ctx.card
        emit(s, {"type": "sealed", "card": CardRef(chosen), "by": ctx.card, "rule": "10-9"})


@run(CopyChosen)
def _copy_chosen(s: SakuraState, step: CopyChosen) -> None:
    chosen, ctx = step.chosen, step.ctx
    if chosen is not None and ctx.card is not None:
        s.copy_of[ctx.card] = chosen
        emit(s, {"type": "copy", "card": ctx.card, "source": CardRef(chosen), "rule": "10-16"})


@run(UseChosen)
def _use_chosen(s: SakuraState, step: UseChosen) -> None:
    if step.chosen is not None:
        spec = step.spec or {}
        use_card(s, step.ctx.seat, step.chosen, "effect", reacting=step.ctx.reacting, free=spec.get("free", False),
                 no_reactions=spec.get("no_reactions", False))


run(look.LookEnd)(look.end_look)
run(poison.PoisonChosen)(lambda s, step: poison.send(s, step))


@run(BottomChosen)
def _bottom_chosen(s: SakuraState, step: BottomChosen) -> None:
    to_deck_bottom(s, step.chosen)


@run(CoverChosen)
def _cover_chosen(s: SakuraState, step: CoverChosen) -> None:
    if step.chosen is not None:
        put(s, step.chosen, "facedown", face_down=True)
        emit(s, {"type": "covered", "seat": step.seat, "card": CardRef(step.chosen)})


def exchange(s: SakuraState, ctx: Ctx, spec: dict) -> None:
    """10-25: the card before exchange goes to Extra and the Extra card takes its place."""
    before = ctx.card
    target = next((c for c in zone(s, ctx.seat, "extra") if s.table.cards[c].defn.id == spec["extra"]), None)
    if before is None or target is None or s.table.cards[before].defn.name != spec["name"] \
            or owner(s, before) != owner(s, target):
        emit(s, {"type": "no_exchange", "rule": "10-25"})
        return
    place = where(s, before)
    put(s, before, "extra")
    put(s, target, place)
    event = {"type": "exchange", "out": CardRef(before), "in": CardRef(target), "rule": "10-25"}
    if place == "in_use" and s.table.cards[target].defn.is_special:
        event["note"] = "A-9: the spec's 'in-use state' in the Special zone is read as used (Devoted)"
    emit(s, event)
    finish_card(s, target)  # A-9: an exchanged-in card in In-use ends as if used


# -- basic actions (9-7) ---------------------------------------------------------------------

BASIC_MOVES = {"advance": (DIST, "aura"), "retreat": ("aura", DIST), "recover": (SHADOW, "aura"),
               "focus": ("aura", "flare"), "breakaway": (SHADOW, DIST)}


def perform_basic(s: SakuraState, seat: int, name: str) -> int:
    src, dst = BASIC_MOVES[name]
    keys = {"aura": AURA[seat], "flare": FLARE[seat]}
    if name == "advance" and current_distance(s) <= mastery_zone(s):
        return 0  # 9-7-1
    if name == "breakaway" and current_distance(s) > mastery_zone(s):
        return 0  # 9-7-5
    n = mt(s, keys.get(src, src), keys.get(dst, dst), 1, f"basic action {name} (9-7)")
    s.turn_basics[seat] += 1
    emit(s, {"type": "basic_action", "seat": seat, "action": name, "moved": n, "rule": "9-7"})
    return n


def basic_action(s: SakuraState, seat: int, name: str, pay) -> None:
    """9-7 ii: a standard-action basic action costs 1 Vigor or one hand card put face down."""
    if pay == "vigor":
        s.vigor[seat] -= 1
        emit(s, {"type": "paid_vigor", "seat": seat, "vigor": s.vigor[seat], "rule": "9-7 ii-A"})
    else:
        put(s, pay, "facedown", face_down=True)
        emit(s, {"type": "covered", "seat": seat, "card": CardRef(pay), "rule": "9-7 ii-B"})
    perform_basic(s, seat, name)
    settle(s)


# -- the duel (4-1, 8) -----------------------------------------------------------------------

def _answer_mulligan(s: SakuraState, step: Mulligan, seat: int, action: dict) -> None:
    for card in action["cards"]:
        put(s, card, "deck")
    emit(s, {"type": "mulligan", "seat": step.seat, "count": len(action["cards"]), "rule": "4-1 5"})
    _next(s, draw(s, step.seat, len(action["cards"])))


@run(BeginDuel)
def _begin_duel(s: SakuraState, step: BeginDuel) -> None:
    s.vigor[s.first], s.vigor[1 - s.first] = 0, 1  # 4-1 step 6
    s.turn, s.active = 1, s.first
    s.flow.next(TURN)


@run(Turn)
def _turn(s: SakuraState, step: Turn) -> None:
    s.terminal = [False, False]
    s.mode = None
    s.turn_used, s.used_from_facedown, s.turn_basics, s.turn_aura_damage = [[], []], [], [0, 0], [False, False]
    s.turn_attacks, s.next_attack, s.basic_forbidden = [0, 0], [], [[], []]
    emit(s, {"type": "turn", "turn": s.turn, "seat": s.active, "rule": "8"})
    enter_phase(s, "start")


NEXT_PHASE = {"start": "main", "main": "end"}
PHASE_END = {name: PhaseEnd(name) for name in ("start", "main", "end")}


def enter_phase(s: SakuraState, name: str) -> None:
    """The phase `name` begins: its work runs before the step that ends it."""
    s.phase = name
    s.flow.next(PHASE_END[name])
    PHASES[name](s)


@run(PhaseEnd)
def _phase_end(s: SakuraState, step: PhaseEnd) -> None:
    """8: start, main and end phase, then the other seat's turn."""
    following = NEXT_PHASE.get(step.name)
    if step.name == "main" and s.mode == "full_power":
        for kind in ("use", "basic", "end_main"):
            s.flow.settle(kind, s.active, "8-2-2 B", "Your main phase has ended: a full-power action is one card "
                                                     "use, then the phase ends (8-2-2 B). Play on in the end phase.")
    if following is not None:
        enter_phase(s, following)
        return
    s.turn += 1
    s.active = 1 - s.active
    s.flow.next(TURN)


TIMED_RULES = {"start_phase": "8-1-2", "main_start": "8-2-1", "end_phase": "8-3-1"}
FORCED_TIMED = {when: f"forced_{when}" for when in TIMED_RULES}


EFFECT_ZONES = ("enhancement", "special", "played", "in_use")  # where a card of a player can be face up with effects


def timed_of(s: SakuraState, card: int, when: str) -> tuple:
    """The card's `when` effects that count where it is now: Forced ones while it is face up
    in a zone where cards have effects (9-1-1-2: not Extra 7-1-12, Sealed 7-1-13 or
    Out-of-game 7-1-16), Ongoing ones in the Enhancement zone, Devoted ones while used
    (9-1-1-6, 9-1-1-8). A source that left play meanwhile has none (checked when it resolves)."""
    d = defn(s, card)
    forced, own = getattr(d, FORCED_TIMED[when]), getattr(d, when)
    if not forced and not own:
        return ()
    place = where(s, card)
    in_play = place == "enhancement" or (place == "special" and card in s.special_used)
    if forced and (in_play or place in ("played", "in_use")):
        return forced
    return own if in_play else ()


def timed_sources(s: SakuraState, seat: int, when: str) -> list[int]:
    """The turn player's cards with a `when` effect that counts now (`timed_of`); the Played
    pile and In-use are looked at only when some card of the duel has Forced timed effects."""
    if s.forced_timed is None:
        s.forced_timed = bool(duel_cards(s, "forced_timed", _has_forced_timed))
    zones = EFFECT_ZONES if s.forced_timed else EFFECT_ZONES[:2]
    timed = duel_cards(s, when, TIMED_TESTS[when])
    if not may_have_effects(s, timed):
        return []  # no card of the duel has such effects
    copy_of, copy_of_sealed = s.copy_of, s.copy_of_sealed  # a copy reads another card's data (`defn`)
    return [c for name in zones for c in zone(s, seat, name)
            if (c in timed or c in copy_of or c in copy_of_sealed) and timed_of(s, c, when)]


def _has_forced_timed(card_def: CardDef) -> bool:
    """The printed card has Forced timed effects (9-1-1-2)."""
    return any(getattr(card_def, key) for key in FORCED_TIMED.values())


# whether printed card data, or one of its umbrella faces, has `when` effects (Forced or not):
# only such cards, and copies, can be `timed_sources`
TIMED_TESTS = {when: printed_with(when, FORCED_TIMED[when]) for when in TIMED_RULES}


def run_timed(s: SakuraState, seat: int, card: int, when: str) -> None:
    effects = timed_of(s, card, when)
    if not effects:
        return
    forced = effects is getattr(defn(s, card), FORCED_TIMED[when])
    emit(s, {"type": f"{when}_effect", "card": CardRef(card), "forced": forced, "rule": TIMED_RULES[when]})
    full_power = when == "main_start" and s.mode == "full_power"  # 9-1-2: known once the action kind is chosen
    run_effects(s, effects, Ctx(seat, card, full_power=full_power))


def timed_pending(s: SakuraState, seat: int, when: str) -> tuple:
    """8-1-2 / 8-3-1: the "in your start/end phase" effects due; when several are due the turn
    player chooses the order (5-5, `timed_next`); a source that left play meanwhile does
    nothing. Resurgence (10-7) is a Devoted end-phase effect, so it takes its turn among them."""
    pending = timed_sources(s, seat, when)
    if when == "end_phase":
        pending += [c for c in zone(s, seat, "special")
                    if c in s.special_used and s.table.cards[c].defn.resurgence and c not in pending]
    return tuple(pending)


def timed_next(s: SakuraState, seat: int, when: str, pending: tuple) -> None:
    if pending:
        choose_order(s, list(pending), "Several effects happen now: which resolves first?", TIMED_RULES[when],
                     "First the effect of {name}", TimedPick(seat, when, pending))


@run(TimedPick)
def _timed_pick(s: SakuraState, step: TimedPick) -> None:
    card = step.chosen
    rest = list(step.pending)
    rest.remove(card)
    s.flow.next(TimedAfter(step.seat, step.when, tuple(rest), card))
    run_timed(s, step.seat, card, step.when)


@run(TimedAfter)
def _timed_after(s: SakuraState, step: TimedAfter) -> None:
    if step.when == "end_phase":
        resurgence(s, step.seat, step.card)
    timed_next(s, step.seat, step.when, step.pending)


def resurgence(s: SakuraState, seat: int, card: int) -> None:
    """10-7: in its owner's end phase a used Special whose condition is met becomes unused."""
    d = s.table.cards[card].defn
    if d.resurgence and where(s, card) == "special" and card in s.special_used \
            and cond_ok(s, seat, d.resurgence, False, card):
        set_unused(s, card, "10-7")


def start_phase(s: SakuraState) -> None:
    seat = s.active
    s.turn_start_distance = current_distance(s)  # 8-1-1
    pending = timed_pending(s, seat, "start_phase")  # 8-1-2
    if pending:
        s.flow.next(StartPhaseRest(seat))
        timed_next(s, seat, "start_phase", pending)
    else:
        start_phase_rest(s, seat)


@run(StartPhaseRest)
def _start_phase_rest(s: SakuraState, step: StartPhaseRest) -> None:
    start_phase_rest(s, step.seat)


def start_phase_rest(s: SakuraState, seat: int) -> None:
    if s.turn <= 2:  # 8-1-3: skipped on turns 1 and 2
        s.flow.settle("reshuffle", seat, "8-1-3", "Turns 1 and 2 skip the fixed start-phase procedure (8-1-3): "
                                                  "no Vigor, no reshuffle and no draw. Choose your main-phase action.")
        return
    gain_vigor(s, seat, 1)  # i
    seats = (0, 1) if s.options["enhancement_decay"] == "both" else (seat,)
    decayed = [c for p in seats for c in zone(s, p, "enhancement")]
    for card in decayed:  # ii: simultaneous, then destruction by state-triggered resolution
        mt(s, CARD + card, SHADOW, 1, "start-phase Charge removal (8-1-3 ii)")
    if decayed:
        emit(s, {"type": "decay", "seat": seat, "cards": decayed, "rule": "8-1-3 ii"})
    s.flow.next(ASK_RESHUFFLE[seat])
    settle(s)


def _answer_reshuffle(s: SakuraState, step: AskReshuffle, seat: int, action: dict) -> None:
    if action["reshuffle"]:
        s.flow.next(Draw(step.seat, 2))  # iv, after the reshuffle (and a Trap used before it)
        reshuffle(s, step.seat, by_rules=True)
        return
    _next(s, draw(s, step.seat, 2))  # iv


def main_phase(s: SakuraState) -> None:
    """8-2-1 then 8-2-2: the main-phase start, then the actions."""
    seat = s.active
    pending = tuple(timed_sources(s, seat, "main_start"))
    s.flow.next(MAIN[seat])
    main_start(s, seat, pending)


def main_start(s: SakuraState, seat: int, pending: tuple) -> None:
    """8-2-1: in any order the turn player likes, choose the standard or full-power action and
    resolve each "at the start of your main phase" effect."""
    if s.mode is None or pending:
        s.flow.next(MainStart(seat, pending))


@run(MainStartLoop)
def _main_start_loop(s: SakuraState, step: MainStartLoop) -> None:
    main_start(s, step.seat, step.pending)


def _answer_main_start(s: SakuraState, step: MainStart, seat: int, action: dict) -> None:
    if action["type"] == "main_mode":
        s.mode = action["mode"]
        emit(s, {"type": "main_mode", "seat": step.seat, "mode": s.mode, "rule": "8-2-1"})
        main_start(s, step.seat, step.pending)
    else:
        rest = list(step.pending)
        rest.remove(action["card"])
        s.flow.next(MainStartLoop(step.seat, tuple(rest)))
        run_timed(s, step.seat, action["card"], "main_start")


def _answer_main(s: SakuraState, step: Main, seat: int, action: dict) -> None:
    kind = action["type"]
    if kind == "end_main":
        return
    if s.mode != "full_power":  # 8-2-2 B: a full-power action is the phase's one action
        s.flow.next(MAIN[step.seat])  # the action kind is fixed for the phase (8-2-1): known now
    if kind == "use":
        use_card(s, step.seat, action["card"], "main")
    elif kind == "basic":
        basic_action(s, step.seat, action["action"], action["pay"])


def end_phase(s: SakuraState) -> None:
    seat = s.active
    pending = timed_pending(s, seat, "end_phase")  # 8-3-1, with Resurgence (10-7)
    if pending:
        s.flow.next(EndPhaseRest(seat))
        timed_next(s, seat, "end_phase", pending)
    else:
        end_phase_rest(s, seat)


@run(EndPhaseRest)
def _end_phase_rest(s: SakuraState, step: EndPhaseRest) -> None:
    end_phase_rest(s, step.seat)


def end_phase_rest(s: SakuraState, seat: int) -> None:
    s.flow.next(HAND_LIMIT_CHECK[seat])
    settle(s)


@run(HandLimitCheck)
def _hand_limit_check(s: SakuraState, step: HandLimitCheck) -> None:
    held = len(zone(s, step.seat, "hand"))
    if held > HAND_LIMIT and poison.coverable(s, zone(s, step.seat, "hand")):  # 8-3-2; poison never goes face down
        s.flow.next(ASK_HAND_LIMIT[step.seat])
    elif held > HAND_LIMIT:
        s.flow.settle("cover", step.seat, "8-3-2", f"Your hand holds {held} card(s), over the hand limit of "
                                                   f"{HAND_LIMIT} (5-1-3), but only poison cards, which can never be "
                                                   "put face down: nothing is put face down (8-3-2).")
    else:
        s.flow.settle("cover", step.seat, "8-3-2", f"Your hand holds {held} card(s), within the hand limit of "
                                                   f"{HAND_LIMIT} (5-1-3): nothing is put face down (8-3-2).")


def _answer_hand_limit(s: SakuraState, step: HandLimit, seat: int, action: dict) -> None:
    put(s, action["card"], "facedown", face_down=True)
    emit(s, {"type": "covered", "seat": step.seat, "card": CardRef(action["card"]), "rule": "8-3-2"})
    s.flow.next(HAND_LIMIT_CHECK[step.seat])


PHASES: dict[str, Callable[[SakuraState], None]] = {"start": start_phase, "main": main_phase, "end": end_phase}


def end_phase_cleanup(s: SakuraState) -> None:
    """10-13: In-use cards are finished, attacks removed, empty Enhancements leave without
    Disenchant."""
    for seat in (0, 1):
        for card in list(zone(s, seat, "in_use")):
            if defn(s, card).type == "enhancement":
                put(s, card, "enhancement", seat=seat)
            else:
                finish_card(s, card)
    s.attacks.clear()
    for seat in (0, 1):
        for card in list(zone(s, seat, "enhancement")):
            if CARD + card not in s.tok:
                if s.table.cards[card].defn.is_special:
                    put(s, card, "special")
                    s.special_used.add(card)
                else:
                    put(s, card, "played")
    s.destroying.clear()
    emit(s, {"type": "phase_ended", "phase": s.phase, "rule": "10-13"})


for _step, _request, _answer in (
        (Mulligan, choices.mulligan, _answer_mulligan),
        (AskReshuffle, choices.reshuffle, _answer_reshuffle),
        (MainStart, choices.main_start, _answer_main_start),
        (Main, choices.main, _answer_main),
        (Reaction, choices.reaction, _answer_reaction),
        (ChooseDamage, choices.damage, _answer_damage),
        (ChargeMix, choices.charge, _answer_charge),
        (HandLimit, choices.hand_limit, _answer_hand_limit),
        (CoverCost, choices.cover_cost, _answer_cover_cost),
        (Direction, choices.direction, _answer_direction),
        (ChooseCard, choices.choose_card, _answer_choose_card),
        (BlindPick, choices.blind_pick, _answer_blind_pick),
        (ChooseModes, choices.modes, _answer_modes),
        (MayDo, choices.may, _answer_may),
        (DestructionOrder, choices.destruction_order, _answer_destruction_order),
        (EffectOrder, choices.effect_order, _answer_effect_order),
        (plan.ChoosePlan, plan.request, plan.answer),
        (look.LookDone, look.request, look.answer)):
    PROCESSOR.asks(_step, _request, _answer)

# the goddess mechanics that step into the procedure above register their steps here (mechanics/trap.py)
from engine.games.sakura_arms.mechanics import trap  # noqa: E402
