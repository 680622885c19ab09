"""Moving cards, triggers (908), conditions and the one-shot effect vocabulary (902, 1100).

An ability resolves as a `Resolving` step (engine/core/flow.py) at the front of the flow.
Each effect word is a function that returns True when done, or queues the step that asks
(`ask`) and returns False when it needs a player's choice; the frame is then queued again
and resumes at the same word with the answer in its `got`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.effects import EffectRegistry, Scope, Word
from engine.core.flow import Step
from engine.core.view import CardRef

from engine.games.vividz.state import (ADJACENT, CENTER, ZK, Answers, ChooseNumber, ChooseReplacement,
                                       ChooseSlide, ChooseTarget, Credit, Delayed, Made, MoveUpTo, Pending,
                                       PickCard, Resolving, UseRevealed, VividzState, _applies, _cont_sources,
                                       auto_cards, condition_holds, controller, defn, emit, exp_of, in_slot, lane_opponent,
                                       mission_active, new_uid, owner, power, replacers_in_play, where, zone)

# -- moving cards (501.4-501.6, 512.3b) --------------------------------------------------------

def move(state: VividzState, card: int, dest: str, index: int | None = None, host: int | None = None,
         why: str = "", to_seat: int | None = None) -> None:
    """The only way cards move. `dest` is a zone of the card's owner (102.4, 502.4c), unless a rule
    names another player's zone (`to_seat`: 1003.1 "their controller's Trash")."""
    t = state.table
    ctrl = t.cards[card].owner  # only a card in the Area can have another controller (502.1b)
    seat = ctrl if to_seat is None else to_seat
    src = t.name_of[card]
    followers: list[int] = []
    if src == "area":
        if state.control:
            ctrl = state.control.get(card, ctrl)
            state.control.pop(card, None)  # back to its owner's zones: the owner controls it (502.1b, 502.4c)
        state.lki[card] = power(state, card)  # 913 / 908.3d: its power just before it left
        followers = exp_of(state, card)
        state.slot.pop(card, None)
        state.seq.pop(card, None)
        state.damage.pop(card, None)
        state.dmg_source.pop(card, None)
        state.lvup.discard(card)
    if src == "exp":
        state.host.pop(card, None)
    state.sleep.discard(card)
    state.table.move(card, seat, dest, index)
    state.inc[card] += 1
    state.clock += 1
    state.entered[card] = state.clock
    if dest == "exp" and host is not None:
        state.host[card] = host
    for f in followers:  # 501.6 / 512.3b: EXP follows its character, simultaneously
        state.host.pop(f, None)
        state.table.move(f, owner(state, f) if to_seat is None else to_seat, dest)
        state.inc[f] += 1
        state.entered[f] = state.clock
        if dest == "exp" and host is not None:
            state.host[f] = host
    if src == "area" and dest != "area":
        retired = why == "retire"
        if retired or state.options["retire_trigger"] == "any_departure":  # AMB-5
            fire_self(state, card, "retire", seat=ctrl)  # 908.3d: controlled as it was in the Area
    if dest == "energy":
        for _ in range(1 + len(followers)):  # 908.3c: once per card moved in
            fire(state, "energy_in", seat)
        fire_others_in(state, seat, [card] + followers)


def enter(state: VividzState, card: int, slot: int, from_zone: str) -> None:
    """1109: a character enters the Area rebooted (503.3) in the chosen slot."""
    move(state, card, "area")
    state.slot[card] = slot
    state.seq[card] = state.clock
    emit(state, {"type": "enter", "seat": owner(state, card), "card": CardRef(card), "slot": slot,
                 "from": from_zone, "rule": "1109.1"})
    fire_self(state, card, "enter")
    fire(state, "ally_enter", owner(state, card), exclude=card)


def draw(state: VividzState, seat: int, count: int = 1) -> int:
    """1106: top card to hand; an empty Deck draws nothing (102.5), it does not lose by itself."""
    drawn = 0
    for _ in range(count):
        deck = zone(state, seat, "deck")
        if not deck:
            emit(state, {"type": "draw_skipped", "seat": seat, "reason": "empty deck", "rule": "102.5"})
            break
        card = deck[0]
        move(state, card, "hand")
        drawn += 1
        emit(state, {"type": "draw", "seat": seat, "card": CardRef(card)})
    return drawn


def shuffle(state: VividzState, seat: int) -> None:
    """1105: an empty Deck counts as shuffled but nothing happens."""
    deck = zone(state, seat, "deck")
    if deck:
        state.rng.shuffle(deck)
    emit(state, {"type": "shuffle", "seat": seat, "rule": "1105.1"})


def retire(state: VividzState, card: int, by: str, rule: str, source: int | None = None) -> None:
    """1110.1: the character and its EXP go to the owner's Energy (unless replaced, 912)."""
    repl = replacements(state, card, "retire")
    if repl:
        chosen = state.repl_choice.pop(card, None)
        source, instead = next((r for r in repl if r[0] == chosen), repl[0])
        d = defn(state, card)  # a card going into the hidden Deck is named, not identified
        emit(state, {"type": "replaced", "shown": d.id, "title": d.name, "by": CardRef(source),
                     "instead": instead, "rule": "912.1"})
        dest = {"trash": "trash", "deck_bottom": "deck", "remove": "remove"}[instead]
        move(state, card, dest, why="replaced")
        return
    data = {"type": "retire", "seat": owner(state, card), "card": CardRef(card), "by": by, "rule": rule}
    if source is not None and source >= 0:
        data["credited_to"] = CardRef(source)  # 1103.1/1103.3: retired by this source
    emit(state, data)
    move(state, card, "energy", why="retire")


def replacements(state: VividzState, card: int, event: str) -> list[tuple[int, object]]:
    """Replacement effects (912) that would apply to `event` on `card`: (source, instead)."""
    if not replacers_in_play(state):
        return []  # no card in play has a replacement item: no continuous effects to work out
    out = []
    for source, seat, item, _ in _cont_sources(state):
        spec = item.get("replace")
        if spec and spec["event"] == event and _applies(state, source, seat, spec["to"], card):
            out.append((source, spec.get("instead") if event == "retire" else spec.get("reduce", 1)))
    return out


def needs_replacement_choice(state: VividzState, card: int) -> bool:
    """912.2: several replacement effects would replace the same retire; the turn player picks."""
    if card in state.repl_choice:
        return False
    repl = replacements(state, card, "retire")
    if len(repl) > 1:
        state.flow.asking = ChooseReplacement(state.tp, card, tuple(r[0] for r in repl))
        return True
    return False


def deal_damage(state: VividzState, card: int, amount: int, source: int, kind: str) -> None:
    """1101: damage adds up; 0 damage is no damage (1101.2). `kind` = battle or effect (914.3)."""
    if kind == "effect":
        for _, reduce in replacements(state, card, "damage"):
            amount -= reduce  # 912: "dealt that much minus N instead"
    if amount <= 0:
        emit(state, {"type": "damage", "card": CardRef(card), "amount": 0, "rule": "1101.2"})
        return
    state.damage[card] = state.damage.get(card, 0) + amount
    state.dmg_source[card] = Credit(kind, source)
    emit(state, {"type": "damage", "card": CardRef(card), "amount": amount, "total": state.damage[card],
                 "source": CardRef(source), "kind": kind,
                 "rule": "805.3" if kind == "battle" else "1101.1"})


# -- conditions --------------------------------------------------------------------------------

# -- triggers (908) ----------------------------------------------------------------------------

def add_pending(state: VividzState, card: int, seat: int, ab: int, ctx: int = -1) -> None:
    """908.1: one more layer of triggered status."""
    state.pending.append(Pending(new_uid(state), card, seat, ab, ctx))


def fire_others_in(state: VividzState, seat: int, moved: list[int]) -> None:
    """908.3b: "whenever another card is put into this (Energy) zone". Cards that moved in together
    are simultaneous: a moved card with the ability triggers once for each *other* card of the
    move; a card already there triggers once per card moved in (908.3c)."""
    having = auto_cards(state).get("other_energy_in")
    if not having:
        return
    t = state.table
    for card in t.zones[ZK[seat]["energy"]]:
        if card not in having:
            continue
        d = t.cards[card].defn
        for i in d.autos:
            ab = d.abilities[i]
            if ab.trigger == "other_energy_in" and ab.zone == "energy":
                if ab.cond and not condition_holds(state, seat, card, ab.cond):
                    continue
                for other in moved:
                    if other != card:
                        add_pending(state, card, seat, i, other)


def fire_self(state: VividzState, card: int, trigger: str, ctx: int = -1, seat: int | None = None) -> None:
    """Abilities of `card` itself: enter/attack/retire/battle_retire. Retire uses the card as it
    was in the Area (908.3d), so its Area abilities trigger after it left, for its controller then."""
    having = auto_cards(state).get(trigger)
    if not having or card not in having:
        return  # the card has no ability on this trigger
    if seat is None:
        seat = controller(state, card)
    d = defn(state, card)
    for i in d.autos:
        ab = d.abilities[i]
        if ab.trigger == trigger and ab.zone == "area":
            if ab.cond and trigger != "retire" and not condition_holds(state, seat, card, ab.cond):
                continue  # a retire trigger is judged as the card was in the Area (908.3d)
            add_pending(state, card, seat, i, ctx)


def fire(state: VividzState, trigger: str, seat: int | None, exclude: int = -1, ctx: int = -1,
         zones: tuple = ("area", "account", "mission")) -> None:
    """Abilities of every effective source of `seat` (both seats if None) with this trigger."""
    having = auto_cards(state).get(trigger)
    if not having:
        return  # no card in the game has an ability on this trigger
    t = state.table
    for s in ((0, 1) if seat is None else (seat,)):
        for zname in zones:
            for card in t.zones[ZK[s][zname]]:
                if card not in having or card == exclude:
                    continue
                if zname == "mission" and card in t.face_down:
                    continue
                d = t.cards[card].defn
                for i in d.autos:
                    ab = d.abilities[i]
                    if ab.trigger == trigger and ab.zone == zname:
                        if ab.cond and not condition_holds(state, s, card, ab.cond):
                            continue
                        add_pending(state, card, s, i, ctx)


def fire_state_triggers(state: VividzState) -> None:
    """908.5a: a state trigger gains status when its state holds and it has none already."""
    t = state.table
    for card in state.state_cards:  # 908.5a
        zname = t.name_of[card]
        if zname not in ("area", "account", "mission") or (zname == "mission" and card in t.face_down):
            continue
        s = t.cards[card].owner
        d = t.cards[card].defn
        for i in d.autos:
            ab = d.abilities[i]
            if ab.trigger != "state" or ab.zone != zname:
                continue
            if any(p.card == card and p.ability == i for p in state.pending):
                continue
            if state.state_seen.get((card, i)) == state.clock:
                continue  # nothing moved since it last fired: firing again would loop forever
            if condition_holds(state, s, card, ab.state):
                state.state_seen[(card, i)] = state.clock
                add_pending(state, card, s, i)


def fire_delayed(state: VividzState, at: str) -> None:
    """908.4a: a delayed trigger fires once, at its point, then is gone."""
    keep = []
    for entry in state.delayed:
        if entry.at == at and entry.seat == state.tp:
            state.pending.append(Pending(new_uid(state), entry.source, entry.seat, -1, -1, entry.effects))
        else:
            keep.append(entry)
    state.delayed = keep


# -- effect frames -----------------------------------------------------------------------------

def push_frame(state: VividzState, source: int, seat: int, effects: tuple, inc: int,
               lki: int | None = None) -> None:
    """An ability starts resolving: it runs before everything already queued (nested in a frame
    that is resolving, it runs first, as a used Scout card's event does)."""
    state.flow.next(Resolving(source, seat, effects, 0, Answers(), inc, lki))


@dataclass(slots=True)
class WordContext:
    """What a Vividz word resolves with: the core `EffectContext`'s fields (`target` is always
    None: Vividz chooses targets while resolving, 1107) plus the `Resolving` frame, whose `got`
    holds the answers a paused word collected and whose `inc`/`lki` say whether its source is
    still the same object (913.2) and its power as it was in the Area (908.3d)."""

    seat: int
    source: int
    frame: Resolving
    target: int | None = None


def ask(state: VividzState, step: Step) -> Step:
    """The word needs a player's choice: it returns `step`, which asks now, and the frame resumes
    after the answer."""
    return step


def step_frame(state: VividzState, frame: Resolving) -> None:
    """Run the frame's words until it finishes or waits (904.3a: actions in written order). A
    frame that waits, or under which a nested frame was started, is queued again with its place.
    Each word is found by one dict lookup (`_RESOLVE`: the registry's words and the two rule
    effects the engine makes)."""
    queue = state.flow.steps
    size = len(queue)
    effects = frame.effects
    pc = frame.pc
    while pc < len(effects):
        (word, spec), = effects[pc].items()
        step = _RESOLVE[word](state, spec, WordContext(frame.seat, frame.source, frame))
        if state.result is not None:
            return
        if step is not None:
            state.flow.asking = step
            queue.insert(len(queue) - size, frame if frame.pc == pc else
                         Resolving(frame.source, frame.seat, effects, pc, frame.got, frame.inc, frame.lki))
            return
        pc += 1
        if pc == len(effects) and len(queue) == size:
            return  # done, and nothing nested waits to run first: the frame is not queued again
        frame = Resolving(frame.source, frame.seat, effects, pc, Answers(), frame.inc, frame.lki)
        if len(queue) != size:
            queue.insert(len(queue) - size, frame)  # a nested frame (a used Scout card) runs first
            return


def source_alive(state: VividzState, frame: Resolving) -> bool:
    src = frame.source
    return where(state, src) == "area" and state.inc[src] == frame.inc


# -- scopes (the `to` of a word) -----------------------------------------------------------------

def _self(state: VividzState, seat: int, source: int) -> list[int]:
    return [source]


def _opp_lane(state: VividzState, seat: int, source: int) -> list[int]:
    c = lane_opponent(state, seat, state.slot[source])
    return [c] if c is not None else []


def _attacker(state: VividzState, seat: int) -> list[int]:
    b = state.battle
    return [b.attacker] if b and where(state, b.attacker) == "area" and state.inc[b.attacker] == b.inc else []


def _zone_of(side: int, zname: str):
    """All cards of a zone of the resolving seat (side 0) or of its opponent (side 1)."""
    return lambda state, seat: list(state.table.zones[ZK[seat ^ side][zname]])


def _both_areas(state: VividzState, seat: int) -> list[int]:
    z = state.table.zones
    return sorted(z["0.area"] + z["1.area"])


SCOPES = (  # in the order of the card schema's `to` enum before the registry
    Scope("self", _self, sourced=True, wording="this card"),
    Scope("opp_lane", _opp_lane, sourced=True, wording="the opponent's character in this card's lane"),
    # 1107: the choose_* scopes are chosen while the effect resolves (a ChooseTarget step), not
    # when the card is played, so they are not `chosen` scopes and REGISTRY.targets is None
    Scope("choose_opp", lambda state, seat: sorted(state.table.zones[ZK[1 - seat]["area"]]),
          wording="an opponent's character you choose (1107)"),
    Scope("choose_own", lambda state, seat: sorted(state.table.zones[ZK[seat]["area"]]),
          wording="one of your characters you choose (1107)"),
    Scope("choose_any", _both_areas, wording="a character you choose (1107)"),
    Scope("all_opp", _zone_of(1, "area"), wording="every opponent's character"),
    Scope("all_own", _zone_of(0, "area"), wording="every one of your characters"),
    Scope("own_account", _zone_of(0, "account"), wording="your Account card"),
    Scope("attacker", _attacker, wording="the attacking character"),
    Scope("own_center", lambda state, seat: in_slot(state, seat, CENTER), wording="your Center character"),
)
CHOSEN_WHILE_RESOLVING = frozenset({"choose_opp", "choose_own", "choose_any"})


def candidates(state: VividzState, frame: Resolving, to: str) -> list[int] | None:
    """Cards a fixed scope affects; None for a `choose_*` scope (a choice is needed). A sourced
    scope finds nothing once its source left the Area (913.2: it cannot be found)."""
    if to in CHOSEN_WHILE_RESOLVING:
        return None
    scope = _SCOPES[to]
    if scope.sourced:
        return scope.cards(state, frame.seat, frame.source) if source_alive(state, frame) else []
    return scope.cards(state, frame.seat)


def _targets(state: VividzState, frame: Resolving, spec: dict, rule: str) -> list[int] | Step:
    """The affected cards, or the ChooseTarget step that asks the controller (902.3, 1107). With
    `max_power: N` only characters whose current power is N or less are affected or offered (the
    text "power N or less" reads the power now, 911)."""
    to = spec["to"]
    cap = spec.get("max_power")
    found = candidates(state, frame, to)
    if found is not None:
        return found if cap is None else [c for c in found if power(state, c) <= cap]
    got = frame.got
    if got.choice is not None:
        c = got.choice
        if not got.counted:  # a word resumed after another question counts once
            got.counted = True
            count_choose(state, frame.seat)
        return [c] if where(state, c) == "area" else []
    pool = _SCOPES[to].cards(state, frame.seat)
    if cap is not None:
        pool = [c for c in pool if power(state, c) <= cap]
    if len(pool) <= 1:
        if pool:
            count_choose(state, frame.seat)
            state.flow.settle("target", frame.seat, "1107.1", f"Only {defn(state, pool[0]).name} could be chosen "
                                                              "for that effect, so it was chosen (1107.1).")
        return pool
    return ChooseTarget(frame.seat, tuple(pool))


def count_choose(state: VividzState, seat: int) -> None:
    """1107.1: resolving an effect worded "choose" (the `choose_*` targets) is the action "choose",
    even when only one card could be chosen; other selections (discarding, paying) are not (1107.2)."""
    state.chosen[seat] += 1
    emit(state, {"type": "chose", "seat": seat, "count": state.chosen[seat], "rule": "1107.1"})
    fire(state, "choose", seat)


def _op_draw(state: VividzState, n, ctx: WordContext) -> Step | None:
    frame = ctx.frame
    draw(state, frame.seat, n)
    return None


def _op_damage(state: VividzState, spec, ctx: WordContext) -> Step | None:
    frame = ctx.frame
    cards = _targets(state, frame, spec, "1101.1")
    if type(cards) is not list:
        return cards
    for c in cards:
        deal_damage(state, c, spec["amount"], frame.source, "effect")
    return None


def _op_retire(state: VividzState, spec, ctx: WordContext) -> Step | None:
    frame = ctx.frame
    cards = _targets(state, frame, spec, "1110.1")
    if type(cards) is not list:
        return cards
    for c in cards:
        if needs_replacement_choice(state, c):
            return state.flow.asking
    for c in cards:
        retire(state, c, f"effect of {defn(state, frame.source).name}", "1103.2", frame.source)
    return None


def _op_sleep_reboot(asleep: bool):
    def op(state: VividzState, spec, ctx: WordContext) -> Step | None:
        frame = ctx.frame
        cards = _targets(state, frame, spec, "1104.1")
        if type(cards) is not list:
            return cards
        for c in cards:
            if where(state, c) not in ("area", "account"):
                continue  # 1104.3 (and AMB-19: never a mission card)
            if asleep:
                state.sleep.add(c)
            else:
                state.sleep.discard(c)
            emit(state, {"type": "sleep" if asleep else "reboot", "card": CardRef(c),
                         "rule": "1104.2" if asleep else "1104.1"})
        return None
    return op


def _continuous_op(kind: str, value_key: str):
    def op(state: VividzState, spec, ctx: WordContext) -> Step | None:
        frame = ctx.frame
        cards = _targets(state, frame, spec, "902.2b")
        if type(cards) is not list:
            return cards
        if cards:
            reducing = kind == "set_power" or (kind == "power" and spec[value_key] < 0)
            before = {c: power(state, c) for c in cards} if reducing else {}
            state.clock += 1
            until = spec.get("until", "turn")
            state.effects.append(Made(state.clock, kind, spec.get(value_key, True),
                                      tuple((c, state.inc[c]) for c in cards), frame.seat, frame.source, until))
            emit(state, {"type": "effect", "effect": kind, "value": spec.get(value_key, True), "until": until,
                         "cards": [CardRef(c) for c in cards], "rule": "911.4"})
            for c in before:  # 911.8 power-reducing: a retire in the next PP is credited to it (1103.3)
                if power(state, c) < before[c]:
                    state.dmg_source[c] = Credit("effect", frame.source)
        return None
    return op


def _op_remove(state: VividzState, spec, ctx: WordContext) -> Step | None:
    frame = ctx.frame
    cards = _targets(state, frame, spec, "1111.1")
    if type(cards) is not list:
        return cards
    for c in cards:
        emit(state, {"type": "remove", "card": CardRef(c), "rule": "1111.1"})
        move(state, c, "remove")
    return None


def _op_exp(state: VividzState, spec, ctx: WordContext) -> Step | None:
    """1112: a card becomes EXP of a character; nothing happens if that character is gone."""
    frame = ctx.frame
    cards = _targets(state, frame, spec, "1112.1")
    if type(cards) is not list:
        return cards
    if not cards:
        return None  # 1112.2
    host, seat = cards[0], frame.seat
    src = spec["from"]
    if src == "deck_top":
        deck = zone(state, seat, "deck")
        if deck:
            c = deck[0]
            move(state, c, "exp", host=host)
            emit(state, {"type": "exp", "card": CardRef(c), "host": CardRef(host), "rule": "1112.1"})
        return None
    pool = sorted(zone(state, seat, "hand" if src == "hand" else "energy"))
    if not pool:
        return None
    got = frame.got
    if got.pick is None:
        if len(pool) == 1:
            got.pick = pool[0]
            state.flow.settle("pick", seat, "904.3a", f"Only {defn(state, pool[0]).name} could be chosen for that "
                                                      "effect, so it was chosen (904.3a).")
        else:
            return ask(state, PickCard(seat, tuple(pool), src))
    c, got.pick = got.pick, None
    move(state, c, "exp", host=host)
    emit(state, {"type": "exp", "card": CardRef(c), "host": CardRef(host), "rule": "1112.1"})
    return None


def _op_charge(state: VividzState, spec, ctx: WordContext) -> Step | None:
    frame = ctx.frame
    seat = frame.seat
    if spec["from"] == "deck_top":
        for _ in range(spec["count"]):
            deck = zone(state, seat, "deck")
            if not deck:
                break
            c = deck[0]
            move(state, c, "energy")
            emit(state, {"type": "charge", "seat": seat, "card": CardRef(c), "rule": "506.2"})
        return None
    got = frame.got
    done = got.n
    if got.pick is not None:
        c, got.pick = got.pick, None
        move(state, c, "energy")
        emit(state, {"type": "charge", "seat": seat, "card": CardRef(c), "rule": "506.2"})
        done += 1
        got.n = done
    pool = sorted(zone(state, seat, "hand"))
    if done >= spec["count"] or not pool:
        got.n = 0
        return None
    return ask(state, PickCard(seat, tuple(pool), "hand"))


def _op_discard(state: VividzState, n, ctx: WordContext) -> Step | None:
    """Discard from hand (never from Keep, 508.3), one card at a time (102.5)."""
    frame = ctx.frame
    seat = frame.seat
    got = frame.got
    done = got.n
    if got.pick is not None:
        c, got.pick = got.pick, None
        move(state, c, "trash")
        emit(state, {"type": "discard", "seat": seat, "card": CardRef(c), "rule": "102.5"})
        done += 1
        got.n = done
    pool = sorted(zone(state, seat, "hand"))
    if done >= n or not pool:
        got.n = 0
        return None
    return ask(state, PickCard(seat, tuple(pool), "hand"))


def _op_reveal_top(state: VividzState, spec, ctx: WordContext) -> Step | None:
    """1108: reveal the top card; with the Trait it goes to hand, else it stays and the Deck is
    shuffled (1108.3). The reveal names the card's kind, not its instance id."""
    frame = ctx.frame
    seat = frame.seat
    deck = zone(state, seat, "deck")
    if not deck:
        return None
    c = deck[0]
    d = defn(state, c)
    emit(state, {"type": "reveal", "seat": seat, "shown": d.id, "title": d.name, "rule": "1108.1"})
    if spec["trait"] == d.trait:
        move(state, c, "hand")
        emit(state, {"type": "to_hand", "seat": seat, "card": CardRef(c)})
    else:
        shuffle(state, seat)
    return None


def _reveal_then_use(state, frame, kind: str, reveal_rule: str, use_rule: str, free) -> Step | None:
    """Reveal the top card; if `free(card)` the player may use it for free, else it goes to
    Energy (Scout 1115 and Accel 1201 work the same way)."""
    seat = frame.seat
    got = frame.got
    if got.revealed is None:
        deck = zone(state, seat, "deck")
        if not deck:
            return None
        c = deck[0]
        move(state, c, "reveal")
        emit(state, {"type": kind, "seat": seat, "card": CardRef(c), "rule": reveal_rule})
        got.revealed = c
        name = defn(state, c).name
        if free(c):
            if usable_free(state, c, kind):
                return ask(state, UseRevealed(seat, c))
            if defn(state, c).type == "event" and state.turn == 1:
                emit(state, {"type": "cannot_use", "seat": seat, "card": CardRef(c), "rule": "703.2a",
                             "message": f"{name} is an Event, and no Event can be played in "
                                        "turn 1 (703.2a): it goes to Energy instead."})
                unusable(state, seat, "703.2a", f"{name} is an Event, and no Event can be played in turn 1 (703.2a)")
            else:
                unusable(state, seat, use_rule, f"{name} cannot be used for free ({use_rule})")
        else:
            unusable(state, seat, use_rule, f"{name} does not have what this effect names, so it cannot be "
                                            f"used ({use_rule})")
    c, got.revealed = got.revealed, None
    choice, got.use = got.use, None
    return use_or_energy(state, frame, c, seat, choice, use_rule)


def _op_scout(state: VividzState, spec, ctx: WordContext) -> Step | None:
    """1115: reveal the top card; a Scout-marked card may be used for free, else Energy."""
    frame = ctx.frame
    return _reveal_then_use(state, frame, "scout", "1115.1", "1115.1", lambda c: True)


def _op_accel(state: VividzState, spec, ctx: WordContext) -> Step | None:
    """1201.2/1201.3: reveal; a card with the named Trait or Account info may be used for free."""
    frame = ctx.frame
    def named(c: int) -> bool:
        d = defn(state, c)
        return d.trait == spec.get("trait") or d.account == spec.get("account")

    return _reveal_then_use(state, frame, "accel", "1201.2", "1201.3", named)


def usable_free(state: VividzState, card: int, how: str) -> bool:
    d = defn(state, card)
    if how == "scout" and not d.scout:
        return False
    if d.type == "event" and state.turn == 1:
        return False  # 703.2a, AMB-21: no event is played in turn 1, by any route
    return d.type in ("character", "event")


def unusable(state: VividzState, seat: int, rule: str, why: str) -> None:
    """A revealed card that cannot be used went to Energy without a question (Flow.settle)."""
    for kind in ("use", "decline"):
        state.flow.settle(kind, seat, rule, f"{why}: it went to your Energy zone, so there is nothing to choose.")


def use_or_energy(state, frame, card, seat, choice, rule) -> None:
    if choice is None or choice == "decline":
        move(state, card, "energy")
        emit(state, {"type": "to_energy", "seat": seat, "card": CardRef(card), "rule": rule})
        return None
    play_free(state, card, seat, choice)
    return None


def play_free(state: VividzState, card: int, seat: int, slot) -> None:
    """Use a revealed card without paying its cost (1115.1, 1201.2) via Temporary (904.2e)."""
    move(state, card, "temporary")
    emit(state, {"type": "play", "seat": seat, "card": CardRef(card), "cost": 0, "free": True,
                 "rule": "904.2"})
    state.played_this_turn += 1
    if defn(state, card).type == "character":
        enter(state, card, slot, "deck")
    else:
        start_event(state, card, seat)


def start_event(state: VividzState, card: int, seat: int) -> None:
    """906.2b / 909.2: event abilities in written order, then the card goes to the Trash."""
    d = defn(state, card)
    effects = tuple(e for ab in d.abilities if ab.kind == "event" for e in ab.effects)
    push_frame(state, card, seat, effects + ({"to_trash": card},), state.inc[card])


def _op_to_trash(state: VividzState, card, ctx: WordContext) -> Step | None:
    if where(state, card) == "temporary":
        move(state, card, "trash")
    return None


def _op_slide(state: VividzState, spec, ctx: WordContext) -> Step | None:
    """1116: move one of your characters to an adjacent empty slot."""
    frame = ctx.frame
    seat = frame.seat
    if frame.got.slide is not None:
        (card, slot), frame.got.slide = frame.got.slide, None
        slide(state, card, slot)
        return None
    movers = [src for src in [frame.source] if spec["to"] == "self" and source_alive(state, frame)] \
        if spec["to"] == "self" else sorted(zone(state, seat, "area"))
    moves = [(c, s) for c in movers for s in ADJACENT[state.slot[c]] if not in_slot(state, seat, s)]
    if not moves:
        return None
    if len(moves) == 1:
        slide(state, *moves[0])
        return None
    return ask(state, ChooseSlide(seat, tuple(moves)))


def slide(state: VividzState, card: int, slot: int) -> None:
    emit(state, {"type": "slide", "card": CardRef(card), "from": state.slot[card], "to": slot, "rule": "1116.1"})
    state.slot[card] = slot  # same zone: not a new object (501.4 concerns zone changes)
    state.clock += 1


def _op_reload(state: VividzState, spec, ctx: WordContext) -> Step | None:
    """1117: every Character card in the Trash goes into the Deck, then the Deck is shuffled."""
    frame = ctx.frame
    seat = frame.seat
    for c in sorted(zone(state, seat, "trash")):
        if defn(state, c).type == "character":
            move(state, c, "deck")
    emit(state, {"type": "reload", "seat": seat, "rule": "1117.1"})
    shuffle(state, seat)
    return None


def _op_shuffle(state: VividzState, spec, ctx: WordContext) -> Step | None:
    frame = ctx.frame
    shuffle(state, frame.seat)
    return None


def _op_clear_mission(state: VividzState, spec, ctx: WordContext) -> Step | None:
    """1114: the mission turns face down and is completed."""
    frame = ctx.frame
    seat = frame.seat
    pool = [m for m in zone(state, seat, "mission") if mission_active(state, m) and m in state.sleep]
    if not pool:
        return None
    got = frame.got
    if got.pick is None:
        if len(pool) > 1:
            return ask(state, PickCard(seat, tuple(pool), "mission"))
        got.pick = pool[0]
    m, got.pick = got.pick, None
    state.table.face_down.add(m)
    state.clock += 1
    emit(state, {"type": "clear", "seat": seat, "position": zone(state, seat, "mission").index(m) + 1,
                 "title": defn(state, m).name, "rule": "1114.1"})  # now face down: no id
    return None


def _op_choose_number(state: VividzState, spec, ctx: WordContext) -> Step | None:
    """102.11: only whole numbers from 0 are chosen."""
    frame = ctx.frame
    got = frame.got
    if got.number is None:
        return ask(state, ChooseNumber(frame.seat, spec["max"]))
    n, got.number = got.number, None
    emit(state, {"type": "number", "seat": frame.seat, "value": n, "rule": "102.11"})
    if spec["then"] == "draw" and n:
        draw(state, frame.seat, n)
    elif spec["then"] == "damage_self_area":
        for c in zone(state, frame.seat, "area"):
            deal_damage(state, c, n, frame.source, "effect")
    return None


def _op_delayed(state: VividzState, spec, ctx: WordContext) -> Step | None:
    """908.4: create a delayed triggered ability; its source is this card (914.2a)."""
    frame = ctx.frame
    state.delayed.append(Delayed(spec["at"], frame.source, frame.seat, tuple(spec["effects"])))
    emit(state, {"type": "delayed", "seat": frame.seat, "at": spec["at"], "rule": "908.4"})
    return None


def _op_deck_up_to(state: VividzState, spec, ctx: WordContext) -> Step | None:
    """504.4: "move up to X cards from the Deck to [zone]": the player moves none (504.4a) or one,
    then may move another while fewer than X have moved (504.4b); stopping is allowed at any point."""
    frame = ctx.frame
    seat, f = frame.seat, frame.got
    moved = f.n
    more, f.more = f.more, None
    if more:
        deck = zone(state, seat, "deck")
        c = deck[0]
        dest = spec["to"]
        move(state, c, dest)
        moved += 1
        f.n = moved
        data = {"type": "deck_move", "seat": seat, "to": dest, "moved": moved, "rule": "504.4b"}
        if dest == "hand":  # not a draw (1106.3); only the owner learns the card
            emit(state, {**data, "card": CardRef(c)})
        else:
            emit(state, {**data, "card": CardRef(c)})
    elif more is not None:  # the player stopped
        emit(state, {"type": "deck_move_stop", "seat": seat, "moved": moved,
                     "rule": "504.4a" if not moved else "504.4b"})
        f.n = 0
        return None
    if moved >= spec["count"] or not zone(state, seat, "deck"):
        f.n = 0
        return None
    return ask(state, MoveUpTo(seat, moved, spec["count"], spec["to"]))


def source_power(state: VividzState, frame: Resolving) -> int:
    """The power of the effect's source. In the Area: its power now. After it left the Area: for a
    retire trigger its power as it was there (908.3d, AMB-12 `area`), otherwise - and always with
    the `after_move` option - its information after the move, i.e. the printed power (913.1a)."""
    src = frame.source
    if source_alive(state, frame):
        return power(state, src)
    if frame.lki is not None and state.options["left_area_info"] == "area":
        return frame.lki
    return defn(state, src).power


def _op_damage_by_power(state: VividzState, spec, ctx: WordContext) -> Step | None:
    frame = ctx.frame
    got = frame.got
    if got.amount is None:
        got.amount = source_power(state, frame)  # fixed before any choice is made
    cards = _targets(state, frame, spec, "1101.1")
    if type(cards) is not list:
        return cards
    amount, got.amount = got.amount, None
    for c in cards:
        deal_damage(state, c, amount, frame.source, "effect")
    return None


def _op_gain_control(state: VividzState, spec, ctx: WordContext) -> Step | None:
    """502.1: the effect's controller gains control of the character. It goes to the same lane on
    its new controller's side of the field; it is not a zone change (same object, damage and
    state kept, 911.3a timestamp kept). A crowded slot is settled by 1002/1003 in the next PP."""
    frame = ctx.frame
    cards = _targets(state, frame, spec, "502.1b")
    if type(cards) is not list:
        return cards
    for c in cards:
        if where(state, c) == "area" and controller(state, c) != frame.seat:
            change_control(state, c, frame.seat)
            if spec.get("until", "turn") == "turn":
                state.control_until.append((c, state.inc[c]))
    return None


def change_control(state: VividzState, card: int, seat: int) -> None:
    """Move a character between the players' rows of the Area, keeping its lane (B.2)."""
    state.table.move(card, seat, "area")
    if seat == owner(state, card):
        state.control.pop(card, None)
    else:
        state.control[card] = seat
    # 512.3b: its EXP stays under it, in the EXP owners' zones (exp_of finds them by host)
    state.clock += 1
    state.seq[card] = state.clock  # it is the newest card of the slot it arrives in (1002.1)
    emit(state, {"type": "control", "card": CardRef(card), "controller": seat, "owner": owner(state, card),
                 "slot": state.slot[card], "rule": "502.1b"})


def return_control(state: VividzState) -> None:
    """The end of a "until end of turn" control change: the owner controls the card again."""
    for c, inc in state.control_until:
        if where(state, c) == "area" and state.inc[c] == inc and c in state.control:
            change_control(state, c, owner(state, c))
    state.control_until = []


def _to(value: dict) -> str:
    return value["to"]


def _obj(required: list[str], **props) -> dict:
    return {"type": "object", "additionalProperties": False, "required": required, "properties": props}


_INT = {"type": "integer", "minimum": 0}
_POWER = {"type": "integer"}  # `max_power`: "power N or less" (a power may be below 0)
_TO = {"enum": [scope.name for scope in SCOPES]}
_UNTIL = {"enum": ["attack", "mission", "turn", "forever"]}
_LASTS = "; it lasts until the end of the `until` (no: of the turn) (911.4)"

WORDS = (
    Word("draw", {"type": "integer", "minimum": 1, "maximum": 5}, _op_draw,
         "you draw `value` card(s) (1106; an empty Deck draws nothing, 102.5)"),
    Word("damage", _obj(["amount", "to"], amount={"type": "integer"}, to=_TO, max_power=_POWER), _op_damage,
         "deal `amount` damage to `to` (1101)", _to),
    Word("retire", _obj(["to"], to=_TO, max_power=_POWER), _op_retire, "`to` retires into its owner's Energy (1110)", _to),
    Word("sleep", _obj(["to"], to=_TO, max_power=_POWER), _op_sleep_reboot(True), "`to` goes to sleep (1104.2)", _to),
    Word("reboot", _obj(["to"], to=_TO, max_power=_POWER), _op_sleep_reboot(False), "`to` reboots (1104.1)", _to),
    Word("power", _obj(["amount", "to"], amount={"type": "integer"}, to=_TO, max_power=_POWER, until=_UNTIL),
         _continuous_op("power", "amount"), "`to` gets `amount` power" + _LASTS, _to),
    Word("set_power", _obj(["value", "to"], value={"type": "integer"}, to=_TO, max_power=_POWER, until=_UNTIL),
         _continuous_op("set_power", "value"), "the power of `to` becomes `value`" + _LASTS, _to),
    Word("forbid_attack", _obj(["to"], to=_TO, max_power=_POWER, until=_UNTIL), _continuous_op("forbid_attack", "until"),
         "`to` cannot attack" + _LASTS, _to),
    Word("gain_trait", _obj(["trait", "to"], trait={"type": "string"}, to=_TO, max_power=_POWER, until=_UNTIL),
         _continuous_op("gain_trait", "trait"), "`to` gains the Trait `trait`" + _LASTS, _to),
    Word("remove", _obj(["to"], to=_TO, max_power=_POWER), _op_remove, "`to` is removed from the game (1111)", _to),
    Word("exp", _obj(["from", "to"], **{"from": {"enum": ["deck_top", "hand", "energy"]}}, to=_TO, max_power=_POWER), _op_exp,
         "a card from your `from` becomes EXP of `to` (1112; deck_top: the top of the Deck)", _to),
    Word("charge", _obj(["from", "count"], **{"from": {"enum": ["deck_top", "hand"]}}, count=_INT), _op_charge,
         "put `count` card(s) from your `from` into Energy (506.2; deck_top: the top of the Deck)"),
    Word("discard", {"type": "integer", "minimum": 1, "maximum": 5}, _op_discard,
         "you discard `value` card(s) from your hand (102.5)"),
    Word("reveal_top", _obj(["trait"], trait={"type": "string"}), _op_reveal_top,
         "reveal the top card of your Deck: a card with the Trait `trait` goes to your hand, else the Deck is shuffled (1108)"),
    Word("scout", {"const": True}, _op_scout,
         "Scout: reveal the top card of your Deck; you may use a Scout card for free, else it goes to Energy (1115)"),
    Word("slide", _obj(["to"], to={"enum": ["self", "choose_own"]}), _op_slide,
         "`to` slides to an adjacent empty slot (1116)", _to),
    Word("reload", {"const": True}, _op_reload,
         "Reload: every Character card in your Trash goes into your Deck, then it is shuffled (1117)"),
    Word("shuffle", {"const": True}, _op_shuffle, "you shuffle your Deck (1105)"),
    Word("clear_mission", {"const": True}, _op_clear_mission, "one of your checked missions is cleared (1114)"),
    Word("choose_number", _obj(["max", "then"], max=_INT, then={"enum": ["draw", "damage_self_area"]}),
         _op_choose_number, "you choose a number from 0 to `max`, then `then` (draw: you draw that many cards; damage_self_area: each of your characters is dealt that much damage) (102.11)"),
    Word("deck_up_to", _obj(["count", "to"], count={"type": "integer", "minimum": 1, "maximum": 5},
                            to={"enum": ["energy", "hand", "trash"]}), _op_deck_up_to,
         "move up to `count` card(s) from your Deck to your `to` (504.4)"),
    Word("damage_by_power", _obj(["to"], to=_TO, max_power=_POWER), _op_damage_by_power,
         "deal damage equal to this card's power to `to` (1101)", _to),
    Word("gain_control", _obj(["to"], to={"enum": ["choose_opp", "opp_lane"]}, until={"enum": ["turn", "forever"]}),
         _op_gain_control, "you gain control of `to` (until: `until`, no: the end of the turn) (502.1b)", _to),
    Word("delayed", _obj(["at", "effects"], at={"enum": ["start_end_draw", "start_main", "start_mission"]},
                         effects={"type": "array", "items": {"$ref": "#/$defs/effect"}}), _op_delayed,
         "a delayed ability waits for your next `at` phase start to resolve its effects (908.4)"),
)
REGISTRY: EffectRegistry[VividzState] = EffectRegistry(WORDS, SCOPES)
_SCOPES = REGISTRY.scopes

# Rule effects the engine makes itself, never card data (so the card schema refuses them):
# `accel` is built from an `accel` ability (1201), `to_trash` ends an event card's resolution (909.2).
RULE_EFFECTS = {"accel": _op_accel, "to_trash": _op_to_trash}
_RESOLVE = {**{name: word.resolve for name, word in REGISTRY.words.items()}, **RULE_EFFECTS}
