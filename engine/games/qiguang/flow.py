"""The course of a Qiguang game: setup, the five phases, chains and the state check.

Every decision answers the step that asks (engine/core/flow.py, the steps in state.py). Queued
work (effects, an Inheritor's crystal, a spell going to the graveyard) runs first, each followed
by the CHECK of the spec's state machine. The last step queued is the course step (state.COURSE:
a phase beginning, a response window, the main or battle phase, the draw choice), the step the
game comes back to; before it the `Proceed` step resolves closing chains link by link (QG-9.3)
and passes response windows their seat cannot use, until a step asks.
"""

from __future__ import annotations

import operator
from functools import cache
from typing import Any

from engine.core.flow import Processor, Step
from engine.core.view import CardRef

from engine.games.qiguang import choices, guards
from engine.games.qiguang.choices import has_lightning
from engine.games.qiguang.effects import (add_crystal, damage_character, destroy, draw, finish, gain_crystal,
                                          lose_life, new_mana_source, remove_crystal, replace_to_graveyard,
                                          resolve_effect)
from engine.games.qiguang.state import (COURSE, OPENING_HAND, PHASES, STORED, BattlePhase, ChooseOrder,
                                        CrystalCap, DrawChoice, EffectCtx, GainCrystal, Link, MainPhase, Pay,
                                        PhaseBegin, Proceed, QgState, ResolveEffect, Respond, ResponseWindow,
                                        Surcharge, TieAnswer, ToGraveyard, at, attack, course, characters, defn,
                                        emit, health, health_under, lanes, leader_of, mana_sources, owner,
                                        stat_changes, surcharge, where, zone)

MAX_AUTO_STEPS = 5000  # automatic steps in one decision before a forced loop is declared (QG-G31)
PROCESSOR: Processor[QgState] = Processor(operator.attrgetter("flow"))
# steps are never changed once made (frozen): the one queued after every piece of work is made once
_PROCEED = Proceed()


def _harmony(state: QgState, seat: int) -> list[str] | None:
    """The six Elements of Harmony the seat shows (QG-0.3), or None; asked at every check of a
    seat with six harmony cards or more, so those in hand are counted first."""
    name_of = state.table.name_of
    shown = [c for c in state.harmony_cards[seat] if name_of[c] == "hand"]
    if len(shown) < 6:
        return None
    names = sorted({defn(state, c).name for c in shown})
    return names if len(names) >= 6 else None


def _doomed(state: QgState) -> list[int]:
    """The characters at health 0 or below, the active player's first, in lane order (QG-3.5.6).
    Printed health is at least 1, so unless a continuous effect lowers health only a character
    with damage or a boost of its own (the cards in play these name) can be at 0."""
    changes = stat_changes(state)
    effects = changes.effects
    if changes.lowers_health:
        return [c for seat in (state.active, 1 - state.active) for c in characters(state, seat)
                if health_under(state, c, effects) <= 0]
    marked = [c for c in (*state.damage, *state.perm, *state.temp) if health_under(state, c, effects) <= 0]
    if not marked:
        return marked
    return [c for seat in (state.active, 1 - state.active) for c in characters(state, seat) if c in marked]


def run_check(state: QgState) -> bool:
    """QG-3.5.6, QG-2.2.1, QG-2.3.1, QG-0.3. Returns whether a character was destroyed.
    `state.checked` says afterwards whether it found nothing (so it would find nothing again)."""
    destroyed = _check(state)
    state.checked = not destroyed and state.result is None
    return destroyed


def _check(state: QgState) -> bool:
    """`run_check` without noting what it found."""
    if state.result is not None:
        return False
    doomed = _doomed(state)
    for card in doomed:
        destroy(state, card, "QG-3.5.6")
    life = state.life
    if life[0] <= 0 or life[1] <= 0:
        strict = state.options["life_loss"] == "below_zero"  # QG-G5
        losers = [s for s in (0, 1) if (life[s] < 0 if strict else life[s] <= 0)]
        if losers:
            finish(state, losers, "has no life left" if not strict else "has life below 0", "QG-2.2.1")
            return bool(doomed)
    harmony = state.harmony_cards
    if len(harmony[0]) < 6 and len(harmony[1]) < 6:  # a deck of fewer than six can never show them
        return bool(doomed)
    winners = [(s, names) for s in (0, 1) if len(harmony[s]) >= 6 and (names := _harmony(state, s))]
    if len(winners) == 2:
        finish(state, [], "both players showed six Elements of Harmony at once", "QG-2.3.1")
    elif winners:
        seat, names = winners[0]
        emit(state, {"type": "shown", "seat": seat, "shown": names, "rule": "QG-0.3"})
        finish(state, [], f"seat {seat} showed six Elements of Harmony", "QG-0.3", winner=seat)
    return bool(doomed)


def position(state: QgState) -> bytes:
    """What must repeat for a forced loop (QG-G31): every zone, counter and pending effect."""
    return state.table.snapshot() + repr((state.life, state.crystals, sorted(state.damage.items()),
                                          _queued(state))).encode()


# -- chains (QG-9) ---------------------------------------------------------------------------

def add_link(state: QgState, link: Link) -> None:
    state.chain.append(link)
    emit(state, {"type": "chain_link", "link": len(state.chain), "seat": link.seat, "kind": link.kind,
                 **({"card": CardRef(link.card)} if link.card is not None else {}),
                 **({"source": CardRef(link.source)} if link.source is not None else {}),
                 **({"target": CardRef(link.target)} if link.target is not None else {}),
                 **({"lane": link.lane} if link.lane else {}), **({"x": link.x} if link.x else {}),
                 "rule": "QG-9.2" if len(state.chain) > 1 else "QG-9.1"})
    cost = surcharge(state)
    if cost and link.kind == "play" and defn(state, link.card).type == "spell":
        state.flow.asking = Surcharge(link.seat, cost)  # QG-9.5


def _discard_link_cards(state: QgState, link: Link) -> None:
    for m in link.mana:  # QG-4.4 / QG-G13: exiled once the play is over, even if cancelled
        state.table.move(m, owner(state, m), "exile")
    if link.mana:
        emit(state, {"type": "mana_exiled", "seat": link.seat, "cards": [CardRef(m) for m in link.mana],
                     "rule": "QG-4.4"})


def cancel_link(state: QgState, link: Link, rule: str) -> None:
    if link.card is not None and where(state, link.card) == "chain":
        state.table.move(link.card, owner(state, link.card), "graveyard")
    emit(state, {"type": "cancelled", "seat": link.seat, "rule": rule,
                 **({"card": CardRef(link.card)} if link.card is not None else {})})
    _discard_link_cards(state, link)


def resolve_top(state: QgState) -> None:
    """QG-9.3: the last link resolves first."""
    link = state.chain.pop()
    if link.cancelled:
        cancel_link(state, link, "QG-9.2")
        return
    seat = link.seat
    ctx = EffectCtx(seat, link.card if link.kind != "ability" else link.source, link.target, link.x)
    if link.kind == "summon":
        _resolve_summon(state, link, ctx)
    elif link.kind == "play":
        _resolve_play(state, link, ctx)
    else:
        d = defn(state, link.source)
        emit(state, {"type": "resolves", "link": len(state.chain) + 1, "source": CardRef(link.source),
                     "ability": d.abilities[link.index].name})
        _queue(state, d.abilities[link.index].effects, ctx)
    _discard_link_cards(state, link)


def _drivers(queued) -> int:
    """How many of the last queued steps are not work: the course step and the `Proceed` before it."""
    n = len(queued)
    if not n:
        return 0
    last = type(queued[-1])
    if last is Proceed:
        return 1
    if last in COURSE:
        return 2 if n > 1 and type(queued[-2]) is Proceed else 1
    return 0


def later(state: QgState, *steps: Step) -> None:
    """Queue work after all queued work, before the `Proceed` and course steps that stay last."""
    queued = state.flow.steps
    k = _drivers(queued)
    if k == 0:
        queued.extend(steps)
    elif k == 1:
        driver = queued.pop()
        queued.extend(steps)
        queued.append(driver)
    else:
        last = queued.pop()
        driver = queued.pop()
        queued.extend(steps)
        queued.append(driver)
        queued.append(last)


def _queued(state: QgState) -> int:
    """How much queued work is left (the trailing `Proceed` and course steps are not work)."""
    queued = state.flow.steps
    return len(queued) - _drivers(queued)


def set_course(state: QgState, step: Step) -> None:
    """Make `step` the course step: it replaces the queued one, or is queued last."""
    queued = state.flow.steps
    if queued and type(queued[-1]) in COURSE:
        queued[-1] = step
    else:
        queued.append(step)


@cache
def response_window(seat: int, passes: int = 0, lane: int = 0) -> ResponseWindow:
    """The `ResponseWindow` step, made once per seat, passes and lane (steps are never changed
    once made; one is queued at almost every decision)."""
    return ResponseWindow(seat, passes, lane)


def _window(state: QgState) -> ResponseWindow | None:
    step = course(state)
    return step if type(step) is ResponseWindow else None


def _restart_window(state: QgState) -> None:
    """After a chain in a response window the window starts again with the turn player."""
    window = _window(state)
    if window is not None:
        set_course(state, response_window(state.active, 0, window.lane))


def _queue(state: QgState, effects: tuple, ctx: EffectCtx) -> None:
    later(state, *(ResolveEffect(e, ctx) for e in effects))


def _resolve_summon(state: QgState, link: Link, ctx: EffectCtx) -> None:
    card, seat, lane = link.card, link.seat, link.lane
    d = defn(state, card)
    emit(state, {"type": "resolves", "link": len(state.chain) + 1, "card": CardRef(card)})
    if at(state, seat, "standby", lane) is not None:  # QG-G20: the chosen zone is gone
        state.table.move(card, seat, "graveyard")
        emit(state, {"type": "summon_failed", "card": CardRef(card), "lane": lane, "rule": "QG-G20"})
        return
    if d.leader:
        old = leader_of(state, seat)
        if old is not None:
            replace_to_graveyard(state, old, "QG-7.2")
    state.table.move(card, seat, f"standby{lane}")
    emit(state, {"type": "summoned", "card": CardRef(card), "lane": lane, "rule": "QG-3.4.3"})
    _queue(state, d.on_summon, ctx)
    if d.inheritor:
        if state.phase == "main" and state.active == seat and not state.inheritor_gained:
            state.inheritor_gained = True  # QG-5.1, QG-5.2 (also used up at the cap, QG-G16)
            later(state, GainCrystal(seat, d.inheritor))
        else:
            rule = "QG-5.2" if state.inheritor_gained and state.active == seat and state.phase == "main" else "QG-G17"
            emit(state, {"type": "no_crystal", "card": CardRef(card), "rule": rule})


def _resolve_play(state: QgState, link: Link, ctx: EffectCtx) -> None:
    card, seat = link.card, link.seat
    d = defn(state, card)
    emit(state, {"type": "resolves", "link": len(state.chain) + 1, "card": CardRef(card)})
    if d.type == "field":
        _place_field(state, card, seat)
        _queue(state, d.effects, ctx)
    elif d.type == "creation" or d.persistent:
        state.table.move(card, seat, "support")  # QG-4.6, QG-G27
        _queue(state, d.effects, ctx)
    else:
        _queue(state, d.effects, ctx)
        later(state, ToGraveyard(card))  # QG-4.6: after it resolves


def _place_field(state: QgState, card: int, seat: int) -> None:
    """QG-6.2, QG-6.3, QG-G25, QG-G26."""
    d = defn(state, card)
    if d.world:
        for s in (seat, 1 - seat):
            for old in list(zone(state, s, "field")):
                if state.options["world_clears"] == "destroyed":
                    destroy(state, old, "QG-G26")
                else:
                    replace_to_graveyard(state, old, "QG-6.3")
        state.world = seat
    else:
        if state.world is not None:  # QG-G25: the World field leaves both areas
            for old in list(zone(state, state.world, "field")):
                replace_to_graveyard(state, old, "QG-G25")
            state.world = None
        for old in list(zone(state, seat, "field")):
            replace_to_graveyard(state, old, "QG-6.2")
    state.table.move(card, seat, "field")
    emit(state, {"type": "field", "card": CardRef(card), "world": d.world,
                 "rule": "QG-6.3" if d.world else "QG-6.1"})


# -- phases ----------------------------------------------------------------------------------

def start_game(state: QgState) -> None:
    """QG-1.3 to QG-1.5."""
    for seat in (state.first, 1 - state.first):
        draw(state, seat, OPENING_HAND)
        card = new_mana_source(state, seat)
        emit(state, {"type": "mana_source", "seat": seat, "card": CardRef(card), "rule": "QG-1.4"})
    start_turn(state, state.first)


def start_turn(state: QgState, seat: int) -> None:
    state.active = seat
    state.turn += 1
    state.inheritor_gained = False
    state.attacked.clear()
    state.abilities_used.clear()
    if state.options["leader_limit"] == "every_turn":  # QG-G23
        state.leader_used = [False, False]
    else:
        state.leader_used[seat] = False
    state.phase = "preparation"
    if state.result is None:
        set_course(state, PhaseBegin())
    else:  # the game ended in the opening draw (QG-2.2.2): the view says where the turn stood
        state.final_stage = "begin"
    emit(state, {"type": "turn", "seat": seat, "turn": state.turn})


def _phase_begin(state: QgState) -> None:
    """Run the start of the phase; its response window (or the draw choice) comes next."""
    seat, phase = state.active, state.phase
    window = response_window(seat)
    emit(state, {"type": "phase", "phase": phase, "seat": seat, "rule": "QG-3.1"})
    if phase == "preparation":
        c = state.crystals[seat]
        for i in range(3):  # QG-3.2.1
            c[i] += c[i + 3]
            c[i + 3] = 0
        emit(state, {"type": "untapped", "seat": seat, "rule": "QG-3.2.1"})
        _triggers(state, "on_preparation")
        set_course(state, window)
    elif phase == "draw":
        if seat == state.first and not state.first_turn_done:
            state.first_turn_done = True
            if state.options["first_skip_counts"]:  # QG-G15 option
                state.token_last[seat] = True
            emit(state, {"type": "no_first_draw", "seat": seat, "rule": "QG-1.6"})
            for kind in ("draw", "take_mana"):  # nobody is asked: a draw sent now is told why
                state.flow.settle(kind, seat, guards.FIRST_DRAW_SKIPPED.rule, guards.FIRST_DRAW_SKIPPED.message)
            _triggers(state, "on_draw")
            set_course(state, window)
        else:
            state.flow.asking = DrawChoice(seat)
    elif phase == "main":
        _advance(state)
        set_course(state, window)
    elif phase == "battle":
        set_course(state, window)
    else:
        _triggers(state, "on_end")
        set_course(state, window)


def _advance(state: QgState) -> None:
    """QG-3.4.1 (QG-G11: only the active player's characters, or both with the option)."""
    seats = (state.active,) if state.options["advance"] == "active" else (state.active, 1 - state.active)
    for seat in seats:
        for lane in lanes(state):
            card = at(state, seat, "standby", lane)
            if card is not None and at(state, seat, "combat", lane) is None:
                state.table.move(card, seat, f"combat{lane}")
                emit(state, {"type": "advanced", "card": CardRef(card), "lane": lane, "rule": "QG-3.4.1"})


def _triggers(state: QgState, hook: str) -> None:
    """QG-3.2.2, QG-3.3.3, QG-3.6.1: the active player's cards that act in this phase."""
    seat = state.active
    for card in zone(state, seat, "field") + zone(state, seat, "support") + characters(state, seat):
        effects = getattr(defn(state, card), hook)
        if effects:
            emit(state, {"type": "trigger", "card": CardRef(card), "phase": state.phase})
            _queue(state, effects, EffectCtx(seat, card))


def _window_done(state: QgState, window: ResponseWindow) -> None:
    if window.lane:
        set_course(state, BattlePhase(state.active))
        _resolve_attack(state, window.lane)
        run_check(state)
        return
    if state.phase == "main":
        set_course(state, MainPhase(state.active))
        return
    if state.phase == "battle":
        set_course(state, BattlePhase(state.active))
        return
    if state.phase == "end":
        end_turn(state)
        return
    state.phase = PHASES[PHASES.index(state.phase) + 1]
    set_course(state, PhaseBegin())


def end_turn(state: QgState) -> None:
    state.temp.clear()
    if state.options["damage"] == "end_of_turn":  # QG-G7 option
        state.damage.clear()
    emit(state, {"type": "end_turn", "seat": state.active})
    start_turn(state, 1 - state.active)


def _resolve_attack(state: QgState, lane: int) -> None:
    """QG-3.5.2 to QG-3.5.4, QG-G28."""
    seat = state.active
    attacker = at(state, seat, "combat", lane)
    if attacker is None or attack(state, attacker) <= 0:
        emit(state, {"type": "attack_fizzled", "lane": lane, "rule": "QG-G20"})
        return
    power = attack(state, attacker)
    defender = at(state, 1 - seat, "combat", lane)
    if defender is None:
        emit(state, {"type": "direct_attack", "card": CardRef(attacker), "lane": lane, "rule": "QG-3.5.2"})
        lose_life(state, 1 - seat, power, "QG-3.5.2")
        return
    emit(state, {"type": "combat", "card": CardRef(attacker), "defender": CardRef(defender),
                 "lane": lane, "rule": "QG-3.5.3"})
    damage_character(state, defender, power)
    if health(state, defender) > 0:
        damage_character(state, attacker, max(0, attack(state, defender)))  # QG-3.5.4


# -- the driver ------------------------------------------------------------------------------

def _tick(state: QgState) -> bool:
    """Count an automatic step; too many in one decision is a forced loop (QG-2.3.2)."""
    state.auto_steps += 1
    if state.auto_steps > MAX_AUTO_STEPS:
        finish(state, [], "automatic effects kept repeating without end", "QG-2.3.2")
        return True
    return False


def _again(state: QgState) -> None:
    """Queue `Proceed` again, just before the course step; or, when it would find nothing to do
    (`_idle_proceed`), count its automatic step now instead of queueing and running it."""
    if state.result is None:
        queued = state.flow.steps
        if queued and type(queued[-1]) in COURSE:
            if len(queued) == 1 and _idle_proceed(state, queued[0]):
                _tick(state)
                return
            last = queued.pop()
            queued.append(_PROCEED)
            queued.append(last)
        else:
            queued.append(_PROCEED)


def _idle_proceed(state: QgState, step: Step) -> bool:
    """Whether a `Proceed` queued now before the course step `step`, with no work queued, would
    only count its automatic step: nothing asks yet (else it would stay queued, and be hashed),
    no chain is open and the course step is not a response window its seat may have passed for
    it (QG-G19 `when_able`). Nothing runs between now and that run, so nothing can change this."""
    return state.flow.asking is None and not state.chain and (
        type(step) is not ResponseWindow or state.options["lightning_stops"] == "always")


def _checked(state: QgState) -> None:
    """The CHECK after a piece of queued work; the same position three times after destructions
    with no choice in between is a forced loop (QG-2.3.2)."""
    if run_check(state) and state.result is None:
        key = position(state)
        seen = state.positions
        seen[key] = seen.get(key, 0) + 1
        if seen[key] >= 3:
            finish(state, [], "the same position repeated three times with no choice to break it", "QG-2.3.2")


@PROCESSOR.runs(ResolveEffect)
def _resolve_effect(state: QgState, step: ResolveEffect) -> None:
    if not _tick(state):
        asks = resolve_effect(state, step.effect, step.ctx)
        if asks is not None:  # a word that needs a decision (a crystal at the cap, QG-5.4)
            state.flow.asking = asks
        _checked(state)


@PROCESSOR.runs(GainCrystal)
def _gain_crystal(state: QgState, step: GainCrystal) -> None:
    if not _tick(state):
        asks = gain_crystal(state, step.seat, step.race, "QG-5.1")
        if asks is not None:
            state.flow.asking = asks
        _checked(state)


@PROCESSOR.runs(ToGraveyard)
def _to_graveyard(state: QgState, step: ToGraveyard) -> None:
    if not _tick(state):
        if where(state, step.card) == "chain":
            state.table.move(step.card, owner(state, step.card), "graveyard")
        _checked(state)


@PROCESSOR.runs(Proceed)
def _proceed(state: QgState, step: Proceed) -> None:
    """One piece of the game's course, or the step that asks next."""
    if _tick(state):
        return
    if state.chain:
        if state.closing:
            resolve_top(state)
            if not state.chain:
                state.closing = False
                emit(state, {"type": "chain_closed", "rule": "QG-9.3"})
                _restart_window(state)
            run_check(state)
            _again(state)
            return
        seat = 1 - state.chain[-1].seat
        if _asks(state, seat):
            state.flow.asking = Respond(seat)
            return
        state.flow.settle("pass", seat, "QG-G19", _DECLINED)
        _decline(state)
        _again(state)
        return
    window = course(state)
    if type(window) is ResponseWindow and not _asks(state, window.seat):
        state.flow.settle("pass", window.seat, "QG-G19", _PASSED)
        state.checked = False  # the window may close, and the turn end (no check follows)
        window_pass(state, window)
        _again(state)
    # else the course step asks (or, a phase beginning, runs) next


@PROCESSOR.runs(PhaseBegin)
def _begin(state: QgState, step: PhaseBegin) -> None:
    """The start of a phase (its `Proceed` run counted the automatic step). It leaves
    `state.checked` as it was: untapping and advancing characters to their combat zones change
    no health, life or hand, and the effects it triggers are queued work, checked each."""
    _phase_begin(state)
    _again(state)


def proceed(state: QgState) -> None:
    """Run the game on from its position until a step asks. Scenario tests call it after
    editing a position: the course step asking is queued again, a chain is driven again."""
    flow = state.flow
    state.checked = False  # the position was edited
    if type(flow.asking) in COURSE:
        set_course(state, flow.asking)
        flow.asking = None
    elif type(flow.asking) is Respond:
        flow.asking = None
    if state.result is None and _drivers(flow.steps) != 2:
        _again(state)
    PROCESSOR.advance(state)


# what a seat is told when it sends a pass it was not asked for (only that seat: it is its own hand)
_NO_LIGHTNING = ("You had no Lightning card or ability you could use, so {what} by itself (this table asks only "
                 "when you can respond, QG-G19 `when_able`); you will be asked at your next chance.")
_DECLINED = _NO_LIGHTNING.format(what="you declined the chain")
_PASSED = _NO_LIGHTNING.format(what="your chance to respond passed")


def _asks(state: QgState, seat: int) -> bool:
    """Does this seat get a response request? (QG-G19: only when it can use Lightning.)"""
    return state.options["lightning_stops"] == "always" or has_lightning(state, seat)


def _decline(state: QgState) -> None:
    state.closing = True
    emit(state, {"type": "chain_closes", "links": len(state.chain), "rule": "QG-9.6"})


def window_pass(state: QgState, window: ResponseWindow) -> None:
    """QG-G19: the window passes to the other seat; the second pass in a row closes it."""
    passes = window.passes + 1
    if passes >= 2:
        _window_done(state, window)
    else:
        set_course(state, response_window(1 - window.seat, passes, window.lane))


# -- applying decisions ---------------------------------------------------------------------

def apply(state: QgState, seat: int, action: dict) -> None:
    """Answer the step that asks (the action is one of its options, or a meta move)."""
    state.auto_steps = 0
    if state.positions:
        state.positions = {}
    PROCESSOR.answer(state, seat, action)


def start(state: QgState) -> None:
    """QG-1.2: the coin-toss winner is asked first."""
    state.flow.asking = ChooseOrder(state.coin_winner)


def _answer(state: QgState, step: Step, seat: int, action: dict) -> None:
    """Every asking step's answer: the move, the CHECK, then the game goes on. A course step
    answered is queued again first: the game comes back to it unless the move changes it."""
    if type(step) in COURSE:
        set_course(state, step)
    quiet = state.checked and _quiet(state, step, action)
    _HANDLERS[action["type"]](state, step, seat, action)
    if not quiet:
        run_check(state)
    if state.result is None and _drivers(state.flow.steps) != 2:
        _again(state)


def _quiet(state: QgState, step: Step, action: dict) -> bool:
    """Whether the answer changes nothing the check reads (health, life, the hands), so that
    after a check that found nothing (`state.checked`) the check is not run again: a pass that
    declines an open chain, hands a response window on to the other seat, or closes a window
    other than the end phase's (the turn ends: boosts end) or an attack's (the attack resolves);
    an attack declared, the end of the main or battle phase, a payment taken back; a card or
    ability started or paid for: it goes onto the chain and resolves later, and cards only leave
    the hand (fewer harmony cards there show no more Elements of Harmony)."""
    kind = action["type"]
    if kind == "pass":
        return bool(state.chain) or type(step) is ResponseWindow and (
            not step.passes or not step.lane and state.phase != "end")
    return kind in _QUIET_MOVES


_QUIET_MOVES = frozenset(("attack", "end_main", "end_battle", "cancel", "summon", "play", "ability", "pay"))


def _choose_order(state: QgState, step: Any, seat: int, action: dict) -> None:
    state.first = seat if action["first"] else 1 - seat
    emit(state, {"type": "order", "first": state.first, "rule": "QG-1.2"})
    start_game(state)


_FREE = "That costs nothing, so there was nothing to pay and it went straight onto the chain; it cannot be taken back."


def _start(state: QgState, seat: int, kind: str, card: int, index: int | None, lane: int | None,
           target: int | None, x: int = 0) -> None:
    d = defn(state, card)
    cost = d.abilities[index].cost if kind == "ability" else d.cost
    if kind == "ability":
        if d.leader:
            state.leader_used[seat] = True
        else:
            state.abilities_used.add((card, index))
    if cost.fixed == 0 and not cost.x:  # QG-4.1: nothing to tap, so no payment is asked
        for move in ("pay", "cancel"):
            state.flow.settle(move, seat, "QG-4.1", _FREE)
        _make_link(state, seat, kind, card, index, lane, target, x, [])
    else:
        state.flow.asking = Pay(seat, kind, card, index, lane, target, x)


def _make_link(state: QgState, seat: int, kind: str, card: int, index: int | None, lane: int | None,
               target: int | None, x: int, mana: list[int]) -> None:
    if kind == "ability":
        link = Link(seat, kind, None, card, index, None, target, x, list(mana))
    else:
        state.table.move(card, seat, "chain")
        link = Link(seat, kind, card, None, None, lane, target, x, list(mana))
    for m in mana:
        state.table.move(m, seat, "chain")
    add_link(state, link)
    if len(state.chain) == 1:
        window = _window(state)
        if window is not None and window.passes:
            set_course(state, response_window(window.seat, 0, window.lane))


def _summon(state: QgState, step: Any, seat: int, action: dict) -> None:
    _start(state, seat, "summon", action["card"], None, action["lane"], None)


def _play(state: QgState, step: Any, seat: int, action: dict) -> None:
    _start(state, seat, "play", action["card"], None, None, action.get("target"), action.get("x", 0))


def _ability(state: QgState, step: Any, seat: int, action: dict) -> None:
    _start(state, seat, "ability", action["card"], action["index"], None, action.get("target"), action.get("x", 0))


def _pay(state: QgState, step: Any, seat: int, action: dict) -> None:
    kind, card, index, lane, target = step.kind, step.card, step.index, step.lane, step.target
    cost = guards.pending_cost(state, step)
    e, p, u, m = guards.pay_tuple(action)
    c = state.crystals[seat]
    for i, n in enumerate((e, p, u)):
        c[i] -= n
        c[i + 3] += n
    mana = mana_sources(state, seat)[:m]
    x = e + p + u + m - cost.fixed if cost.x else step.x
    emit(state, {"type": "paid", "seat": seat, "earth": e, "pegasus": p, "unicorn": u, "mana": m,
                 **({"x": x} if cost.x else {}), "rule": "QG-4.1"})
    _make_link(state, seat, kind, card, index, lane, target, x, mana)


def _cancel(state: QgState, step: Any, seat: int, action: dict) -> None:
    kind, card, index = step.kind, step.card, step.index
    if kind == "ability":  # the use was not made after all
        if defn(state, card).leader:
            state.leader_used[seat] = False
        else:
            state.abilities_used.discard((card, index))
    emit(state, {"type": "cancelled_before_payment", "seat": seat})


def _pass(state: QgState, step: Any, seat: int, action: dict) -> None:
    emit(state, {"type": "pass", "seat": seat})
    if state.chain:
        _decline(state)
    else:
        window_pass(state, _window(state))


def _draw(state: QgState, step: Any, seat: int, action: dict) -> None:
    if action["type"] == "take_mana":
        state.token_last[seat] = True
        card = new_mana_source(state, seat)
        emit(state, {"type": "mana_source", "seat": seat, "card": CardRef(card), "rule": "QG-3.3.1"})
    else:
        state.token_last[seat] = False
        draw(state, seat, 1)
    if state.result is None:
        _triggers(state, "on_draw")
        set_course(state, response_window(state.active))


def _exile_crystal(state: QgState, step: Any, seat: int, action: dict) -> None:
    race, rule = step.race, step.gain_rule
    remove_crystal(state, seat, action["race"])
    add_crystal(state, seat, race, rule)


def _surcharge(state: QgState, step: Any, seat: int, action: dict) -> None:
    cost = step.cost
    if action["pay"]:
        lose_life(state, seat, cost, "QG-9.5")  # QG-G33: may go to 0 or below, checked next
    else:
        cancel_link(state, state.chain.pop(), "QG-9.5")
        if not state.chain:
            _restart_window(state)


def _offer_tie(state: QgState, step: Any, seat: int, action: dict) -> None:
    state.tie_offered[seat] = state.turn
    emit(state, {"type": "tie_offered", "seat": seat, "rule": "QG-2.3.2"})
    state.flow.asking = TieAnswer(1 - seat, step if type(step) in STORED else None)


def _answer_tie(state: QgState, step: Any, seat: int, action: dict) -> None:
    if step.resume is not None:
        state.flow.asking = step.resume
    if action["accept"]:
        finish(state, [], "both players agreed the game is in a loop", "QG-2.3.2")
    else:
        emit(state, {"type": "tie_declined", "seat": seat})


def _attack(state: QgState, step: Any, seat: int, action: dict) -> None:
    lane = action["lane"]
    card = at(state, seat, "combat", lane)
    state.attacked.add(card)
    emit(state, {"type": "attack_declared", "card": CardRef(card), "lane": lane, "rule": "QG-3.5.1"})
    set_course(state, response_window(state.active, 0, lane))  # QG-G19, QG-G22: Lightning before damage


def _end_main(state: QgState, step: Any, seat: int, action: dict) -> None:
    state.phase = "battle"
    set_course(state, PhaseBegin())


def _end_battle(state: QgState, step: Any, seat: int, action: dict) -> None:
    state.phase = "end"
    set_course(state, PhaseBegin())


def _concede(state: QgState, step: Any, seat: int, action: dict) -> None:
    emit(state, {"type": "conceded", "seat": seat})
    finish(state, [seat], "conceded", "QG-2.2.3")


_HANDLERS = {
    "choose_order": _choose_order, "summon": _summon, "play": _play, "ability": _ability, "pay": _pay,
    "cancel": _cancel, "pass": _pass, "draw": _draw, "take_mana": _draw, "exile_crystal": _exile_crystal,
    "surcharge": _surcharge, "offer_tie": _offer_tie, "answer_tie": _answer_tie, "attack": _attack,
    "end_main": _end_main, "end_battle": _end_battle, "concede": _concede,
}


for _asking in (ChooseOrder, Pay, DrawChoice, CrystalCap, Surcharge, TieAnswer, Respond, ResponseWindow,
                MainPhase, BattlePhase):
    PROCESSOR.asks(_asking, choices.REQUESTS[_asking], _answer)
