"""The turn as a state machine (§C): tasks on `state.tasks` run until a player must decide.

A task is a tuple; `run` pops and performs tasks (effect frames first) until `state.waiting`
names a decision or the game is over. Priority pre-processing (202) is the task `pp`.
"""

from __future__ import annotations

from engine.core.requests import Result
from engine.core.view import CardRef

from engine.games.vividz import effects as fx
from engine.games.vividz.state import (POWER, ZK, VividzState, controller, defn, derived, emit, in_slot,
                                       lane_opponent, may_reduce_power, mission_active, numeric_ties, play_cost, power,
                                       where, zone)

HAND_TARGET = 5  # 702.4 / 706.4


MAX_STEPS = 100_000  # a rules loop that never asks anyone is an engine error, not a hang


def run(state: VividzState) -> None:
    steps = 0
    while state.result is None and state.waiting is None:
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError("the game loops without any decision (tasks: %r)" % (state.tasks[-5:],))
        if state.frames:
            fx.step_frame(state)
            continue
        if not state.tasks:
            return
        task = state.tasks.pop()
        TASKS[task[0]](state, *task[1:])


def push(state: VividzState, *tasks: tuple) -> None:
    """Push tasks so that the first one given runs first."""
    state.tasks.extend(reversed(tasks))


def finish(state: VividzState, losers: list[int], reason: str, rule: str) -> None:
    """101.2 / 101.3: one loser means the other wins; both losing is a draw."""
    if state.result is not None:
        return
    if len(losers) == 2:
        state.result = Result(None, True, reason, rule)
    else:
        state.result = Result(1 - losers[0], False, reason, rule)
    state.phase = "over"
    state.waiting = None
    emit(state, {"type": "game_over", **state.result.to_json()})


# -- priority pre-processing (202, 1001) -------------------------------------------------------

def _dying(state: VividzState) -> list[int]:
    """1004.1/1004.2: characters whose damage reaches their power, or whose power is 0 or less."""
    dying = []
    strict = state.options["damage_threshold"] == "exceeds"
    zones = state.table.zones
    cards = state.table.cards
    damage = state.damage
    reducers = None
    powers = None
    for seat in (state.tp, 1 - state.tp):  # 1004 damage retire
        for c in zones[ZK[seat]["area"]]:
            base = cards[c].defn.power
            dmg = damage.get(c, 0)
            if base > 0 and (dmg <= base if strict else dmg < base):  # it survives at its printed power
                if reducers is None:
                    reducers = may_reduce_power(state)
                if not reducers:
                    continue  # and no effect can lower its power
            if powers is None:
                d = derived(state)
                powers = d.board().power if d.writes & POWER else {}
            p = powers.get(c, base)
            if p <= 0 or (dmg > p if strict else dmg >= p):
                dying.append(c)
    return dying


def _rule_effects(state: VividzState, mode: str, first: bool = True) -> bool:
    """One round of 1001.2a: level-up, illegal character, damage retire, game loss. Only the first
    round credits a retire to the damage or power-reducing effect that caused it (1103.3); a
    retire that rule effects of this PP caused is credited to no effect (1103.3b, AMB-28)."""
    changed = False
    crowded = []
    zones, slot_of = state.table.zones, state.slot
    for seat in (state.tp, 1 - state.tp):
        area = zones[ZK[seat]["area"]]
        if len(area) > 1 and len(area) > len({slot_of[c] for c in area}):
            for slot in (1, 2, 3):
                cards = in_slot(state, seat, slot)
                if len(cards) > 1:
                    crowded.append((seat, cards))
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
    for c in _dying(state):
        if where(state, c) != "area":
            continue
        if fx.needs_replacement_choice(state, c):
            return False
        credited = first and (before is None or c in before)
        kind, source = state.dmg_source.get(c, ("power", -1)) if credited else ("rule", -1)
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
    losers = []  # 1005
    if mode == "mission":
        missions = zone(state, state.tp, "mission")
        if missions and all(m in state.table.face_down for m in missions):
            losers = [1 - state.tp]
            finish(state, losers, f"seat {state.tp} completed all three missions", "1005.1")
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
    state.waiting = ("newest", seat, tuple(tied))
    return None


def _pp(state: VividzState, mode: str) -> None:
    tie = numeric_ties(state)
    if tie is not None:  # 911.3c: its controller orders same-timestamp effects before power is read
        state.tasks.append(("pp", mode))
        state.waiting = ("ts_order", tie[0], tie[1])
        return
    first = True
    while _rule_effects(state, mode, first):  # 202.2a
        first = False
    if state.result is not None:
        return
    if state.waiting is not None:  # a replacement (912.2) or newest (1002.1) choice interrupted the rule effects
        state.tasks.append(("pp", mode))
        return
    if state.dmg_source:  # 1103.3: credit lasts only until the PP after the effect
        state.dmg_source.clear()
    fx.fire_state_triggers(state)
    if not state.pending:  # 202.2b: nothing triggered, pre-processing ends
        return
    state.tasks.append(("pp", mode))
    if len(state.pending) == 1:
        resolve_trigger(state, state.pending[0][0])
    else:  # 908.2a: the turn player chooses which one
        state.waiting = ("trigger", state.tp)


def resolve_trigger(state: VividzState, uid: int) -> None:
    """908.2: the chosen trigger's controller activates it; one layer is removed."""
    entry = next(p for p in state.pending if p[0] == uid)
    state.pending.remove(entry)
    _, card, seat, ab, ctx, delayed = entry
    if delayed is not None:
        emit(state, {"type": "trigger", "seat": seat, "source": CardRef(card), "delayed": True, "rule": "908.4"})
        fx.push_frame(state, card, seat, delayed, {"inc": state.inc[card]})
        return
    ability = defn(state, card).abilities[ab]
    emit(state, {"type": "trigger", "seat": seat, "source": CardRef(card), "ability": ab,
                 "trigger": ability.trigger, "rule": "908.2"})
    if ability.optional:
        state.waiting = ("may", seat, card, ab, ctx)
        return
    start_ability(state, card, seat, ab, ctx)


def start_ability(state: VividzState, card: int, seat: int, ab: int, ctx: int = -1) -> None:
    ability = defn(state, card).abilities[ab]
    info = {"inc": state.inc[card] if where(state, card) == "area" else -1, "ctx": ctx}
    if ability.trigger == "retire" and card in state.lki:
        info["lki"] = state.lki[card]["power"]
    fx.push_frame(state, card, seat, ability.effects, info)


# -- setup (601) -------------------------------------------------------------------------------

def _setup(state: VividzState, step: str) -> None:
    if step == "reveal":  # 601.1d
        for _ in range(100):
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
        state.setup_seat = 1 - state.first
        state.waiting = ("setup_energy", 1 - state.first, 2)
    elif step == "flip":  # 601.1f, 601.1g
        for seat in (0, 1):
            for m in zone(state, seat, "mission"):
                state.table.face_down.discard(m)
                state.clock += 1
            emit(state, {"type": "missions_revealed", "seat": seat,
                         "missions": [CardRef(m) for m in zone(state, seat, "mission")], "rule": "601.1f"})
        state.phase = "turn"
        state.turn = 1
        state.tp = state.first
        push(state, ("step", "SD1"))


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
    state.effects = [e for e in state.effects if e[6] != until]


def _step(state: VividzState, code: str) -> None:
    tp = state.tp
    if code == "SD1":
        state.phase = "start_draw"
        emit(state, {"type": "turn", "turn": state.turn, "seat": tp, "rule": "701.1"})
        state.successes = [0, 0]
        state.battle_retires = [0, 0]
        state.chosen = [0, 0]  # 1107.1 counts per turn
        state.played_this_turn = 0
        fx.fire(state, "start_draw", tp)  # 702.1
        if state.turn == 1:
            fx.fire(state, "game_start", None)
        push(state, ("pp", "deckout"), ("step", "SD3"))
    elif code == "SD3":
        _reboot_account(state, "702.3")
        if state.turn != 1:  # 702.4a
            _draw_to_five(state, "702.4")
        push(state, ("pp", ""), ("step", "M1"))
    elif code == "M1":
        state.phase = "main"
        fx.fire(state, "start_main", tp)  # 703.1
        fx.fire_delayed(state, "start_main")
        push(state, ("pp", ""), ("main",))  # AMB-15: PP before priority (201.2)
    elif code == "MI1":
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
        push(state, ("pp", "mission"), ("step", "CH1"))
    elif code == "CH1":
        state.phase = "charge"
        fx.fire(state, "start_charge", tp)  # 705.1
        push(state, ("keep",), ("charge",), ("pp", ""), ("step", "ED1"))
    elif code == "ED1":
        state.phase = "end_draw"
        fx.fire(state, "start_end_draw", tp)  # 706.1
        fx.fire_delayed(state, "start_end_draw")
        push(state, ("pp", "deckout"), ("step", "ED3"))
    elif code == "ED3":
        _reboot_account(state, "706.3")
        _draw_to_five(state, "706.4")
        push(state, ("pp", ""), ("step", "END"))
    elif code == "END":
        _expire(state, "turn")  # AMB-26
        if state.control_until:  # 502.1: "until end of turn" control changes end
            fx.return_control(state)
            push(state, ("pp", ""), ("step", "END2"))
            return
        push(state, ("step", "END2"))
    elif code == "END2":
        state.turn += 1
        state.tp = 1 - tp
        push(state, ("step", "SD1"))


def _wait(kind: str):
    def task(state: VividzState) -> None:
        seat = 1 - state.tp if kind == "defense" else state.tp
        if kind == "keep" and not zone(state, seat, "hand"):
            return
        if kind == "charge" and not zone(state, seat, "hand"):
            return
        state.waiting = (kind, seat)
    return task


# -- paying costs (905) ------------------------------------------------------------------------

def _pay(state: VividzState, seat: int, n: int, rule: str) -> None:
    """905.3: exactly n Energy cards to the Trash; the player chooses which when it matters."""
    energy = zone(state, seat, "energy")
    if n <= 0:
        return
    if len({defn(state, c).id for c in energy}) <= 1 or len(energy) == n:
        for c in sorted(energy)[:n]:
            fx.move(state, c, "trash")
        emit(state, {"type": "pay", "seat": seat, "amount": n, "rule": "905.3c"})
        return
    state.waiting = ("pay", seat, n, rule)


def _discard_cost(state: VividzState, seat: int, n: int, rule: str) -> None:
    hand = zone(state, seat, "hand")
    if n <= 0:
        return
    if len(hand) == n:
        for c in sorted(hand):
            fx.move(state, c, "trash")
            emit(state, {"type": "discard", "seat": seat, "card": CardRef(c), "rule": rule})
        return
    state.waiting = ("discard", seat, n, rule)


def _finish_play(state: VividzState, card: int, seat: int, slot: int, from_zone: str) -> None:
    """904.2h / 906.2: the card is played; a character enters, an event resolves."""
    state.played_this_turn += 1
    if defn(state, card).type == "character":
        fx.enter(state, card, slot, from_zone)
    else:
        fx.start_event(state, card, seat)


def _resolve_ab(state: VividzState, card: int, seat: int, ab: int, inc: int) -> None:
    emit(state, {"type": "activate", "seat": seat, "card": CardRef(card), "ability": ab, "rule": "907.1"})
    ability = defn(state, card).abilities[ab]
    fx.push_frame(state, card, seat, ability.effects, {"inc": inc})


def _slide_move(state: VividzState, card: int, slot: int) -> None:
    if where(state, card) == "area" and not in_slot(state, controller(state, card), slot):
        fx.slide(state, card, slot)


# -- the attack (802-806) ----------------------------------------------------------------------

def attacker_alive(state: VividzState) -> bool:
    b = state.battle
    return b is not None and where(state, b["attacker"]) == "area" and state.inc[b["attacker"]] == b["inc"]


def _atk(state: VividzState, code: str) -> None:
    tp, b = state.tp, state.battle
    if code == "D1":
        state.waiting = ("defense", 1 - tp)
    elif code == "D3":  # 803.3
        push(state, *((("pp", ""), ("atk", "SC2")) if attacker_alive(state) else (("atk", "E1"),)))
    elif code == "SC2":  # 804.2: the attacker's lane now (an effect may have slid it)
        lane = state.slot.get(b["attacker"], b["lane"])
        scouts = [tp] + ([1 - tp] if lane_opponent(state, tp, lane) is not None else [])
        for seat in scouts:
            deck = zone(state, seat, "deck")
            if deck:
                c = deck[0]
                fx.move(state, c, "reveal")
                emit(state, {"type": "scout", "seat": seat, "card": CardRef(c),
                             "rule": "804.2b" if len(scouts) == 2 else "804.2a"})
        push(state, *(("scout_decide", s) for s in scouts), ("pp", ""), ("pp", ""), ("atk", "B2"))
    elif code == "B2":  # 805.2, 805.3
        target = lane_opponent(state, tp, state.slot.get(b["attacker"], b["lane"]))
        if attacker_alive(state) and target is not None:
            fx.deal_damage(state, target, power(state, b["attacker"]), b["attacker"], "battle")
        push(state, ("atk", "E1"))
    elif code == "E1":
        push(state, ("pp", ""), ("atk", "E2"))
    elif code == "E2":  # 806.2 (again after 806.7 loops back: an attack succeeds once)
        if attacker_alive(state) and not b.get("success"):
            b["success"] = True
            state.successes[tp] += 1
            emit(state, {"type": "attack_success", "seat": tp, "card": CardRef(b["attacker"]), "rule": "806.2"})
        push(state, ("atk", "E3"))
    elif code == "E3":  # 806.3: "when an attack succeeds" abilities trigger at most once per battle
        if b.get("success"):
            _fire_once(state, "attack_success", tp, ("account", "mission"),
                       (b["attacker"],) if attacker_alive(state) else ())
        push(state, ("pp", ""), ("atk", "E5"))  # 806.4
    elif code == "E5":  # 806.5, AMB-17: untriggered "at the end of battle" abilities trigger, back to 806.3
        if _fire_once(state, "end_of_battle", tp, ("area", "account", "mission")):
            push(state, ("pp", ""), ("atk", "E3"))
        else:
            push(state, ("atk", "E6"))
    elif code == "E6":  # 806.6
        n = len(state.effects)
        _expire(state, "attack")
        if len(state.effects) != n:  # only an ending effect can leave a rule action or a trigger for 806.7
            push(state, ("atk", "E7"))
        else:
            emit(state, {"type": "attack_end", "seat": tp, "rule": "806.7"})
            state.battle = None
    elif code == "E7":  # 806.7: rule actions (an "until the end of the attack" boost ended) or untriggered
        if _rule_pending(state) or _untriggered(state, "end_of_battle", tp, ("area", "account", "mission")):
            emit(state, {"type": "attack_end_loop", "seat": tp, "rule": "806.7"})
            push(state, ("pp", ""), ("atk", "E2"))  # end-of-battle abilities: back to 806.2
            return
        emit(state, {"type": "attack_end", "seat": tp, "rule": "806.7"})
        state.battle = None


def _untriggered(state: VividzState, trigger: str, seat: int, zones: tuple, extra: tuple = ()) -> list[tuple]:
    """Effective abilities with this trigger that have not triggered yet during this battle."""
    fired = state.battle.setdefault("fired", [])
    out = []
    cards = [(c, "area") for c in extra] + [(c, z) for z in zones for c in zone(state, seat, z)]
    for card, zname in cards:
        if zname == "mission" and card in state.table.face_down:
            continue
        d = defn(state, card)
        for i in d.autos:
            ab = d.abilities[i]
            if ab.trigger == trigger and ab.zone == zname and [card, state.inc[card], i] not in fired:
                if not ab.cond or fx.condition_holds(state, seat, card, ab.cond):
                    out.append((card, i))
    return out


def _fire_once(state: VividzState, trigger: str, seat: int, zones: tuple, extra: tuple = ()) -> bool:
    """806.3/806.5: trigger the not-yet-triggered abilities, remembering them for this battle."""
    found = _untriggered(state, trigger, seat, zones, extra)
    for card, i in found:
        state.battle["fired"].append([card, state.inc[card], i])
        fx.add_pending(state, card, controller(state, card), i)
    return bool(found)


def _rule_pending(state: VividzState) -> bool:
    """A rule effect of 1001.2a would be performed now (a crowded slot or a dying character)."""
    for seat in (0, 1):
        area = zone(state, seat, "area")
        if len(area) > len({state.slot[c] for c in area}):
            return True
    return bool(_dying(state))


def _scout_decide(state: VividzState, seat: int) -> None:
    """804.2b: the turn player decides first, then the non-turn player; unused cards to Energy."""
    cards = zone(state, seat, "reveal")
    if not cards:
        return
    c = cards[0]
    if fx.usable_free(state, c, "scout"):
        state.waiting = ("scout_use", seat, c)
        return
    fx.move(state, c, "energy")
    emit(state, {"type": "to_energy", "seat": seat, "card": CardRef(c), "rule": "1115.1"})


TASKS = {
    "pp": _pp, "setup": _setup, "step": _step, "main": _wait("main"), "keep": _wait("keep"),
    "charge": _wait("charge"), "pay": _pay, "discard_cost": _discard_cost, "finish_play": _finish_play,
    "resolve_ab": _resolve_ab, "atk": _atk, "scout_decide": _scout_decide, "slide_move": _slide_move,
}


# -- applying a chosen option --------------------------------------------------------------------

def _order(state: VividzState, seat: int, group: tuple, action: dict) -> None:
    """911.3c: the chosen effect is applied before the remaining ones of the same timestamp."""
    key = next(g for g in group if g[0] == action["card"] and g[2] == action["item"])
    state.ts_rank[key] = sum(1 for g in group if g in state.ts_rank) + 1
    emit(state, {"type": "effect_order", "seat": seat, "card": CardRef(key[0]), "item": key[2],
                 "rank": state.ts_rank[key], "rule": "911.3c"})
    rest = [g for g in group if g not in state.ts_rank]
    if len(rest) == 1:
        state.ts_rank[rest[0]] = len(group)


# -- doing it --------------------------------------------------------------------------------

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
    return (("discard_cost", seat, ab.cost_of("discard"), "904.2f"), ("pay", seat, ab.cost_of("energy"), "905.3"),
            ("resolve_ab", card, seat, i, inc))


def apply(state: VividzState, seat: int, action: dict) -> None:
    kind = state.waiting[0]
    w = state.waiting
    state.waiting = None
    t = action["type"]
    if kind == "missions":
        ms = zone(state, seat, "mission")
        ms[:] = action["order"]  # 507.3: positions are fixed from now on
        emit(state, {"type": "missions_placed", "seat": seat, "rule": "601.1b"})
        if seat == 0:
            state.waiting = ("missions", 1)
        else:
            push(state, ("setup", "reveal"))
    elif kind == "setup_energy":
        fx.move(state, action["card"], "energy")
        emit(state, {"type": "charge", "seat": seat, "card": CardRef(action["card"]), "rule": "601.1e"})
        if w[2] > 1:
            state.waiting = ("setup_energy", seat, w[2] - 1)
        else:
            push(state, ("setup", "flip"))
    elif kind == "main":
        after = (("pp", ""), ("main",))
        if t == "play":
            card = action["card"]
            slot = action.get("slot")
            cost = play_cost(state, seat, card, slot)  # 904.2d: locked now
            src = where(state, card)
            fx.move(state, card, "temporary")  # 904.2b reveal, 904.2e Temporary
            emit(state, {"type": "play", "seat": seat, "card": CardRef(card), "cost": cost, "slot": slot,
                         "from": src, "rule": "906.1"})
            push(state, ("pay", seat, cost, "905.3"), ("finish_play", card, seat, slot, src), *after)
        elif t == "activate":
            push(state, *_activate(state, seat, action["card"], action["ability"]), *after)
        elif t == "attack":
            card = action["card"]
            state.sleep.add(card)  # 802.1b
            state.battle = {"attacker": card, "inc": state.inc[card], "lane": state.slot[card]}
            emit(state, {"type": "attack", "seat": seat, "card": CardRef(card), "lane": state.slot[card],
                         "rule": "802.1"})
            fx.fire_self(state, card, "attack")  # 802.1c
            fx.fire(state, "ally_attack", seat)
            push(state, ("pp", ""), ("atk", "D1"), *after)
        elif t == "check":
            m = action["mission"]
            state.sleep.add(m)  # 1113.2
            emit(state, {"type": "check", "seat": seat, "card": CardRef(m), "rule": "1113.2"})
            push(state, *after)
        else:  # pass: 703.3a
            emit(state, {"type": "pass", "seat": seat, "rule": "703.3a"})
            push(state, ("pp", ""), ("step", "MI1"))
    elif kind == "defense":
        after = (("pp", ""), ("atk", "D3"))
        if t == "activate":
            push(state, *_activate(state, seat, action["card"], action["ability"]), *after)
        elif t == "slide":
            emit(state, {"type": "defend_slide", "seat": seat, "rule": "803.1"})
            push(state, ("discard_cost", seat, 2, "803.1"), ("slide_move", action["card"], action["slot"]), *after)
        else:
            emit(state, {"type": "pass", "seat": seat, "rule": "803.1"})
            push(state, *after)
    elif kind == "pay":
        fx.move(state, action["card"], "trash")
        emit(state, {"type": "pay", "seat": seat, "card": CardRef(action["card"]), "rule": "905.3c"})
        if w[2] > 1:
            push(state, ("pay", seat, w[2] - 1, w[3]))
    elif kind == "discard":
        fx.move(state, action["card"], "trash")
        emit(state, {"type": "discard", "seat": seat, "card": CardRef(action["card"]), "rule": w[3]})
        if w[2] > 1:
            push(state, ("discard_cost", seat, w[2] - 1, w[3]))
    elif kind == "pick":
        state.frames[-1][4]["pick"] = action["card"]
    elif kind == "target":
        state.frames[-1][4]["choice"] = action["card"]
        emit(state, {"type": "target", "seat": seat, "card": CardRef(action["card"]), "rule": "1107.1"})
    elif kind == "use":
        state.frames[-1][4]["use"] = "decline" if t == "decline" else action.get("slot", 0)
    elif kind == "scout_use":
        card = w[2]
        if t == "decline":
            fx.move(state, card, "energy")
            emit(state, {"type": "to_energy", "seat": seat, "card": CardRef(card), "rule": "1115.1"})
        else:
            fx.play_free(state, card, seat, action.get("slot", 0))
    elif kind == "trigger":
        resolve_trigger(state, action["pick"])
    elif kind == "may":
        if action["use"]:
            start_ability(state, w[2], seat, w[3], w[4])
        else:
            emit(state, {"type": "declined", "seat": seat, "source": CardRef(w[2]), "rule": "908.2"})
    elif kind == "number":
        state.frames[-1][4]["number"] = action["value"]
    elif kind == "slide_to":
        state.frames[-1][4]["slide"] = (action["card"], action["slot"])
    elif kind == "replacement":
        state.repl_choice[w[2]] = action["source"]
        emit(state, {"type": "replacement_chosen", "seat": seat, "card": CardRef(action["source"]),
                     "rule": "912.2"})
    elif kind == "newest":
        c = action["card"]
        state.newest_pick[(seat, state.slot[c])] = c
        emit(state, {"type": "newest", "seat": seat, "card": CardRef(c), "rule": "1002.1"})
    elif kind == "up_to":
        state.frames[-1][4]["more"] = action["move"]
    elif kind == "ts_order":
        _order(state, seat, w[2], action)
    elif kind == "keep":
        if t == "keep":
            for old in list(zone(state, seat, "keep")):  # 705.2: the old card goes to the Trash first
                fx.move(state, old, "trash")
                emit(state, {"type": "discard", "seat": seat, "card": CardRef(old), "rule": "705.2"})
            fx.move(state, action["card"], "keep")
            emit(state, {"type": "keep", "seat": seat, "card": CardRef(action["card"]), "rule": "705.2"})
    elif kind == "charge":
        if t == "charge":
            fx.move(state, action["card"], "energy")
            emit(state, {"type": "charge", "seat": seat, "card": CardRef(action["card"]), "rule": "705.3"})
            state.waiting = ("charge", seat) if zone(state, seat, "hand") else None
    run(state)
