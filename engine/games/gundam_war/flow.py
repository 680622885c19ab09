"""The turn as steps (GW-S): setup and mulligans, phases and steps with their fixed effects,
free timings with priority, the Cut (cut-ins, LIFO resolution, new Cuts for Auto C and
discard effects), sortie, battle damage, the Return Step and the end of the turn; and what
each answer does.

Every decision answers the step that asks (engine/core/flow.py): a free timing or cut-in
(`Priority`) or a decision inside a step (`Mulligan`, `Sortie`, `Order`, ...). `Proceed` runs
everything that needs no decision and stops at the next one; it is queued behind every
decision, so the turn machine goes on once the decision is answered.
"""

from __future__ import annotations

import operator

from engine.core.flow import Processor
from engine.core.requests import Result

from engine.core.view import CardRef

from engine.games.gundam_war.state import (AREAS, FT_STEPS, GWState, HAND_LIMIT, OPENING_HAND, PHASE_OF, STEPS,
    AutoTarget, HandLimit, Mulligan, OfferMulligan, OfferSortie, Order, Priority, Proceed, SimultaneousEntry, Sortie, Vulture, ask, choosing,
    all_have, card_cost, card_texts, controller, defense, defn, emit, extra_payments, is_type, is_unit,
    keyword, mulligan_options, owner, power, root, set_cards, stats, team_texts, units, vulture_cards, waiting_auto,
    where, zone)
from engine.games.gundam_war.effects import (apply_effects, check_destruction, check_win, choose_discard, destroy,
    discard_if_duplicate, draw, end_of_turn_autos, enter_field, fire, fire_waiting, homeland_to_discard, leave_field,
    entry_targets, resolve_auto, resolve_discard, resolve_text, roll, set_card, shield_entry)
from engine.games.gundam_war.guards import _slot, sortie_refusal
from engine.games.gundam_war.choices import (auto_target_request, can_act, hand_limit_request, mulligan_request,
    order_request, priority_request, simultaneous_entry_request, sortie_request, vulture_request)

PROCESSOR: Processor[GWState] = Processor(operator.attrgetter("flow"))
PROCEED = Proceed()
PRIORITY = Priority()


def start(state: GWState) -> None:
    for seat in (state.first, 1 - state.first):
        draw(state, seat, OPENING_HAND)                      # GW-B-3.1 step 5
    state.flow.then(OfferMulligan(state.first), PROCEED)     # GW-X-7: first player decides first
    emit(state, {"type": "setup", "first": state.first, "rule": "GW-B-3.1"})


def redeal(state: GWState, seat: int, procedure: str) -> None:
    hand = list(zone(state, seat, "hand"))
    if procedure == "A":
        state.redealt_a[seat] = True
        size = OPENING_HAND
        emit(state, {"type": "redeal", "seat": seat, "procedure": "A", "shown": [defn(state, c).title for c in hand],
                     "rule": "GW-B-3.2"})
    else:
        state.redeals_b[seat] += 1
        size = OPENING_HAND - state.redeals_b[seat]
        emit(state, {"type": "redeal", "seat": seat, "procedure": "B", "size": size, "rule": "GW-B-3.3"})
    home = zone(state, seat, "homeland")
    for c in hand:
        state.table.move(c, seat, "homeland")
    state.rng.shuffle(home)                                   # GW-R-9: the owner shuffles ...
    state.rng.shuffle(home)                                   # ... then the opponent
    draw(state, seat, size)


def keep(state: GWState, seat: int) -> None:
    emit(state, {"type": "keep", "seat": seat, "hand": len(zone(state, seat, "hand"))})
    if seat == state.first:
        ask(state, OfferMulligan(1 - seat))
    else:
        state.phase = "turn"
        state.active = state.first
        begin_turn(state, first=True)


def begin_turn(state: GWState, first: bool = False) -> None:
    if not first:
        state.active = 1 - state.active
    state.turn += 1
    for attr in ("slots",):
        getattr(state, attr).clear()
    state.played_names.clear()
    for s in (state.text_uses, state.cut_uses, state.change_used, state.nondup, state.fired, state.sortied,
              state.resupplied, state.vulture, state.skipped):
        s.clear()
    emit(state, {"type": "turn", "turn": state.turn, "active": state.active, "rule": "GW-B-6.1"})
    # Reroll Phase: no free timing before its fixed effect (GW-A-9.2.2)
    mine = [c for c in state.rolled if controller(state, c) == state.active]
    for c in mine:
        state.rolled.discard(c)
    emit(state, {"type": "reroll", "seat": state.active, "count": len(mine), "rule": "GW-B-7.1"})
    enter_step(state, "reroll_ft")


def enter_step(state: GWState, step: str) -> None:
    state.step = step
    state.priority = state.active                             # GW-A-9.3
    state.passes = 0
    if step in ("attack_ft1", "defense_ft1", "damage_start", "return_ft1"):
        engagement_check(state)                               # GW-A-17.2
    if step.endswith("_ft1") or step in ("reroll_ft", "draw_ft1", "deploy_ft", "end"):
        emit(state, {"type": "step", "step": step.split("_")[0], "turn": state.turn})


def next_step(state: GWState) -> None:
    """The next step; steps of a skipped phase are not performed, fixed effects included
    (GW-A-24.26), and turn-end processing still follows the last phase played (GW-A-26.5)."""
    i = STEPS.index(state.step) + 1
    if state.skipped:
        skipped = []
        while PHASE_OF[STEPS[i].split("_")[0]] in state.skipped:
            phase = PHASE_OF[STEPS[i].split("_")[0]]
            if phase not in skipped:
                skipped.append(phase)
                emit(state, {"type": "phase_skipped", "phase": phase, "rule": "GW-A-24.26"})
            i += 1
    enter_step(state, STEPS[i])


def engagement_check(state: GWState) -> None:
    """GW-B-10.4, GW-A-17.2: engagement and squad order (compacted, GW-X-11) are fixed now."""
    state.front_gone.clear()
    state.engaged = {a for a in AREAS if zone(state, 0, a) and zone(state, 1, a)}
    for a in sorted(state.engaged):
        for seat in (state.active, 1 - state.active):
            for c in list(zone(state, seat, a)):
                fire(state, "engaged", c)          # GW-A-17.3: at most once per turn per card


def run_fixed(state: GWState) -> None:
    """Fixed effects and the automatic parts of the turn (no cut-in, GW-A-4.1)."""
    step = state.step
    if step == "draw_fx":
        if state.turn == 1:
            emit(state, {"type": "no_draw", "seat": state.active, "rule": "GW-B-8.2"})
        else:
            draw(state, state.active)                         # GW-B-8.1
        check_win(state)
        next_step(state)
    elif step == "attack_fx":
        ask(state, OfferSortie(state.active))
    elif step == "defense_fx":
        ask(state, OfferSortie(1 - state.active))
    elif step == "damage_start":
        desert(state)
        next_step(state)
    elif step == "damage_fx":
        battle_damage(state)
        check_destruction(state)
        check_win(state)
        next_step(state)
    elif step == "return_fx":
        return_step(state)
        next_step(state)
    elif step == "end":
        end_of_turn(state)


def added_to_cut(state: GWState) -> None:
    """GW-X-4: after any addition both players may cut in again, the active player first."""
    state.passes = 0
    state.priority = state.active


def do_pass(state: GWState, seat: int) -> None:
    state.passes += 1
    if state.passes < 2:
        state.priority = 1 - seat
        return
    state.passes = 0
    if state.cut:
        resolve_cut(state)                                    # GW-B-13.10.4
        state.priority = state.active                         # GW-X-5
    else:
        next_step(state)


def resolve_cut(state: GWState) -> None:
    """LIFO (GW-B-13.11); no cut-ins during resolution; checks after each resolution (GW-S.6)."""
    while state.cut and state.result is None and not choosing(state):
        entry = state.cut.pop()
        resolve_entry(state, entry)
        check_destruction(state)
        check_win(state)
    if state.result is not None or choosing(state):
        return              # the game ended mid-Cut, or a choice (GW-A-26.8) pauses it: `resume_cut` goes on
    state.cut_uses.clear()
    emit(state, {"type": "cut_resolved"})


def resume_cut(state: GWState) -> None:
    """After a choice made while an effect resolved (GW-A-26.8), the rest of the Cut resolves
    (no cut-ins once resolution has started, GW-X-4); then the active player has priority (GW-X-5)."""
    resolve_cut(state)
    state.passes = 0
    state.priority = state.active


def start_pending_cut(state: GWState) -> None:
    """Auto C and discard effects start one new Cut, in the active player's order (GW-A-14.10).
    An Auto C that chooses a target has its controller choose it first (GW-A-13.4); with no
    legal target it does not activate (GW-A-13.2)."""
    for i, e in enumerate(list(state.pending)):
        if "target" in e:
            continue
        targets = entry_targets(state, e)
        if targets is None:
            continue
        if targets:
            ask(state, AutoTarget(e["seat"], i))
            return
        e["target"] = None
        e["void"] = True
        state.flow.settle("target", e["seat"], "GW-A-13.2",
                          f"{defn(state, e['card']).title}'s automatic effect has no legal target now, so it does not "
                          "resolve; there is no target to choose.")
    for e in [e for e in state.pending if e.get("void")]:
        state.pending.remove(e)
        emit(state, {"type": "no_target", "card": CardRef(e["card"]), "rule": "GW-A-13.2"})
    entries, state.pending = state.pending, []
    if not entries:
        return
    if len(entries) == 1:
        _settle_order(state)
        state.cut = entries
        added_to_cut(state)
    else:
        state.ordering = entries
        ask(state, Order(state.active, now=False))


def choose_auto_target(state: GWState, step: AutoTarget, card: int) -> None:
    """GW-A-13.4: the target of a waiting Auto C is fixed now, before its Cut starts."""
    entry = waiting_auto(state, step)
    entry["target"] = card
    emit(state, {"type": "auto_target", "card": CardRef(entry["card"]), "target": CardRef(card),
                 "rule": "GW-A-13.4"})


def place_ordered(state: GWState, step: Order, index: int) -> None:
    entry = state.ordering.pop(index)
    if not step.now:
        state.cut.append(entry)
        if len(state.ordering) == 1:
            _settle_order(state)
            state.cut.append(state.ordering.pop())
        if state.ordering:
            ask(state, step)                                   # the next one
        else:
            added_to_cut(state)
        return
    resolve_entry(state, entry)                                # at once, no Cut (GW-A-15.10)
    check_destruction(state)
    check_win(state)
    if not choosing(state) and state.ordering:
        ask(state, Order(state.active, now=True))


def resume_ordering(state: GWState) -> None:
    """After a choice made inside an ordered end-of-turn effect (Vulture), the ordering goes on."""
    if state.ordering:
        ask(state, Order(state.active, now=True))


def resolve_entry(state: GWState, entry: dict) -> None:
    kind = entry["kind"]
    if kind == "discard":
        resolve_discard(state, entry["card"])
    elif kind == "auto":
        resolve_auto(state, entry)
    elif kind == "text":
        resolve_text(state, entry)
    elif kind == "card":
        resolve_card(state, entry)
    elif kind == "desert":
        resolve_desert(state, entry)
    elif kind == "waiting":
        fire_waiting(state, entry)
    elif kind == "transform_revert":                           # GW-A-25.19.1
        state.transformed.discard(entry["card"])
        emit(state, {"type": "transform_revert", "card": CardRef(entry["card"]), "rule": "GW-A-25.19.1"})
    elif kind == "vulture":                                    # GW-A-25.7.1: the seat picks a card
        if state.vulture_points[entry["seat"]] >= 2 and vulture_cards(state, entry["seat"]):
            ask(state, Vulture(entry["seat"]))
    elif kind == "pollution":
        pollution_check(state)


def _fail_played(state: GWState, card: int, why: str) -> None:
    """GW-A-15.2: a failed resolution sends the played card to its original owner's Junk Yard."""
    state.table.move(card, owner(state, card), "junk")
    emit(state, {"type": "resolution_failed", "card": CardRef(card), "why": why, "rule": "GW-A-15.2"})


def resolve_card(state: GWState, entry: dict) -> None:
    """The played card's effect: enter-play (GW-B-9.11) or the Command's text (GW-B-13.3)."""
    card, seat = entry["card"], entry["seat"]
    if entry.get("negated") or where(state, card) != "played":
        return
    d = defn(state, card)
    target = entry.get("target")
    if is_type(state, card, "command"):
        if entry.get("void"):                                   # GW-A-25.13: its target was lost
            emit(state, {"type": "lost_target", "rule": "GW-A-13.5"})
            _fail_played(state, card, "its target was lost")
            return
        ok = apply_effects(state, seat, d.effects, target, card, entry.get("reduce", 0), entry.get("x", 0))
        if ok:
            state.table.move(card, owner(state, card), "junk")            # GW-A-8.2
            emit(state, {"type": "command_resolved", "card": CardRef(card), "rule": "GW-B-13.3.2"})
        else:
            _fail_played(state, card, "its target was lost")
        return
    character = is_type(state, card, "character")
    if character or (is_type(state, card, "operation") and d.set):
        if target is None or where(state, target) not in ("deploy", "set") or \
                (where(state, target) == "set" and where(state, _root(state, target)) != "deploy"):
            _fail_played(state, card, "its set target left the Deploy Area")   # GW-A-20.3
            return
        set_card(state, card, target)
        emit(state, {"type": "set", "card": CardRef(card), "on": CardRef(target), "rule": "GW-B-9.13"})
        if character and not d.keywords.get("set_character"):
            for other in set_cards(state, target):                 # GW-A-25.36: re-set onto the pilot
                od = defn(state, other)
                if other != card and is_type(state, other, "character") and od.keywords.get("set_character") \
                        and not (defn(state, target).keywords.get("ship") or defn(state, target).keywords.get("base")):
                    state.set_on[other] = card
                    emit(state, {"type": "set", "card": CardRef(other), "on": CardRef(card),
                                 "rule": "GW-A-25.36"})
    else:
        unit = is_unit(state, card)
        rolled = unit and not d.keywords.get("ps_armor")      # GW-B-9.10.2; PS Armor's Auto B (GW-A-25.18)
        enter_field(state, seat, card, rolled)
        rule = "GW-B-9.10.2" if rolled else "GW-A-25.18" if unit else "GW-B-9.5.2"
        emit(state, {"type": "enters", "card": CardRef(card), "rolled": rolled, "rule": rule})
    # Auto B enter-play effects apply as the card enters (entering rerolled above, the duplicate
    # discard below); Auto D enter effects trigger and resolve only after them (GW-A-14.6)
    discard_if_duplicate(state, card)
    if where(state, card) in ("deploy", "set"):
        fire(state, "enter", card)


def _root(state: GWState, card: int) -> int:
    return root(state, card)


def sortie_done(state: GWState, seat: int) -> None:
    """GW-A-17.1.3: units failing the sortie conditions go back in their original state."""
    attacker = seat == state.active
    opp = 1 - seat
    for area in AREAS:
        for c in list(zone(state, seat, area)):
            fire(state, "sorties", c)                    # GW-A-17.1.2: "when ~ sorties"
    for area in AREAS:
        squad = zone(state, seat, area)
        if not squad:
            continue
        fail: list[tuple[int, str, str]] = []
        theirs = zone(state, opp, area)
        if not attacker and all_have(state, theirs, "high_mobility"):
            fail += [(c, "the attacking squad has High Mobility", "GW-A-25.1") for c in squad
                     if not keyword(state, c, "high_mobility")]
        if not attacker and area == "earth" and all_have(state, theirs, "water"):
            fail += [(c, "the attacking squad has Water", "GW-A-25.2") for c in squad if defn(state, c).keywords.get("base")]
        bases = [c for c in squad if defn(state, c).keywords.get("base")]
        fail += [(c, "a squad may hold only one Base", "GW-A-25.21") for c in bases[1:]]
        failed = {c for c, _, _ in fail}
        if all(defn(state, c).keywords.get("support") for c in squad if c not in failed):
            fail += [(c, "a Support Unit needs a squad mate without Support", "GW-A-25.22") for c in squad
                     if c not in failed and defn(state, c).keywords.get("support")]
        done = set()
        for c, why, rule in fail:
            if c in done:
                continue
            done.add(c)
            state.table.move(c, seat, "deploy")
            emit(state, {"type": "sortie_failed", "card": CardRef(c), "why": why, "rule": rule})
        squad = zone(state, seat, area)
        for c in squad:
            state.sortied.add(c)
        if all_have(state, squad, "vulture"):
            state.vulture.add((seat, area))                    # GW-A-25.7
    for area in AREAS:
        for c in list(zone(state, seat, area)):
            fire(state, "sortie", c)                     # GW-A-17.1.4: "when ~ has sortied"
    engagement_check(state)                                    # GW-A-17.1.5
    emit(state, {"type": "sortie_done", "seat": seat, "engaged": sorted(state.engaged), "rule": "GW-A-17.1"})
    if not attacker:
        arena_discard(state)
    next_step(state)


def arena_discard(state: GWState) -> None:
    """GW-A-22.3.2: after the Defense Step fixed effect, a Fighting Arena Unit whose enemy sent
    nobody to the arena discards a random card of the enemy hand ([0·3] needed)."""
    for seat in (state.active, 1 - state.active):
        opp = 1 - seat
        if zone(state, seat, "arena") and not zone(state, opp, "arena") and sum(power(state, seat).values()) >= 3:
            pool = zone(state, opp, "hand") + zone(state, opp, "hangar")
            if units(state, opp) and pool:
                card = pool[state.rng.choice_index(len(pool))]          # the enemy hand or Hangar, at random
                state.table.move(card, state.table.cards[card].owner, "junk")
                emit(state, {"type": "discarded_at_random", "card": CardRef(card), "rule": "GW-A-22.3.2"})


def desert_victim(state: GWState) -> tuple[int, int] | None:
    """GW-A-25.3: (Desert seat, enemy front Unit) when an engaged all-Desert squad is in the Earth
    Area and the enemy squad is not all-Desert."""
    if "earth" not in state.engaged:
        return None
    a, b = zone(state, 0, "earth"), zone(state, 1, "earth")
    da, db = all_have(state, a, "desert"), all_have(state, b, "desert")
    if da == db or not (b if da else a):
        return None
    return (0 if da else 1), (b if da else a)[0]


def desert(state: GWState) -> None:
    """GW-A-25.3 is an Auto C: it triggers at the start of the Damage Calculation Step and forms a
    Cut that may be cut into (resolved by `resolve_desert`)."""
    found = desert_victim(state)
    if found:
        seat, victim = found
        state.pending.append({"kind": "desert", "seat": seat, "card": zone(state, seat, "earth")[0], "target": victim})
        emit(state, {"type": "auto", "auto": "C", "card": CardRef(zone(state, seat, "earth")[0]),
                     "special": "desert", "rule": "GW-A-25.3"})


def resolve_desert(state: GWState, entry: dict) -> None:
    found = desert_victim(state)
    if not found or found[1] != entry["target"]:
        emit(state, {"type": "condition_unmet", "rule": "GW-A-15.7"})
        return
    state.rolled.add(found[1])
    emit(state, {"type": "rolled", "card": CardRef(found[1]), "why": "Desert", "rule": "GW-A-25.3"})


def squad_damage(state: GWState, seat: int, area: str) -> int:
    """GW-B-10.6: front Melee + others' Shooting; rolled/destroyed Units count `*` (GW-A-19.10);
    no front after it left during the step (GW-B-10.11.2)."""
    squad = zone(state, seat, area)
    total = 0
    for i, c in enumerate(squad):
        if c in state.destroyed or c in state.rolled:
            continue
        m, s, _ = stats(state, c)
        if i == 0 and (seat, area) not in state.front_gone:
            total += m or 0
        else:
            total += s or 0
    return total


def allocate(state: GWState, squad: list[int], amount: int) -> int:
    """GW-B-10.10, GW-A-18.2.2: front to back against remaining Defense; destroyed Units absorb
    nothing (GW-X-23). Returns what is left over."""
    for c in squad:
        if amount <= 0:
            break
        if c in state.destroyed:
            continue
        room = defense(state, c) - state.damage.get(c, 0)
        if room <= 0:
            continue
        take = min(room, amount)
        amount -= take
        if c in state.battle_immune:                                 # GW-A-18.2.1: negated, excess passes on
            emit(state, {"type": "battle_damage", "card": CardRef(c), "amount": 0, "negated": take,
                         "rule": "GW-A-18.2.1"})
            continue
        state.damage[c] = state.damage.get(c, 0) + take
        emit(state, {"type": "battle_damage", "card": CardRef(c), "amount": take, "rule": "GW-B-10.10"})
    return amount


def battle_damage(state: GWState) -> None:
    atk = state.active
    squads = [(s, a) for a in AREAS for s in (atk, 1 - atk) if zone(state, s, a)]
    swift = [(s, a) for s, a in squads if all_have(state, zone(state, s, a), "swift_strike")]
    for timing in (swift, [x for x in squads if x not in swift]):
        if not timing:
            continue
        if timing is swift:
            emit(state, {"type": "swift_strike_timing", "rule": "GW-A-25.5.1"})
        dealt = [(s, a, squad_damage(state, s, a)) for s, a in timing]     # simultaneous (GW-A-18.4)
        for s, a, amount in dealt:
            if a in state.engaged:
                left = allocate(state, zone(state, 1 - s, a), amount)
                if left and s == atk and all_have(state, zone(state, s, a), "assault"):
                    homeland_to_discard(state, 1 - s, left, "homeland_damage", "GW-A-25.4")
            elif s == atk and amount:
                homeland_to_discard(state, 1 - s, amount, "homeland_damage", "GW-B-10.8")
        check_destruction(state)


def return_step(state: GWState) -> None:
    """GW-A-4.2.7: every Unit returns rolled (Resupply excepted); a Unit without aptitude for its
    area is destroyed after the move (GW-A-19.11)."""
    for seat in (state.active, 1 - state.active):
        for area in AREAS:
            for c in list(zone(state, seat, area)):
                state.table.move(c, seat, "deploy")
                if c not in state.resupplied:
                    state.rolled.add(c)
                if area != "arena" and area not in (defn(state, c).terrain or ()):
                    destroy(state, c, f"no {area} aptitude", "GW-A-19.11")
    state.engaged = set()
    state.front_gone.clear()
    emit(state, {"type": "return", "rule": "GW-B-10.12"})


def end_of_turn(state: GWState) -> None:
    """GW-B-12 steps 1-2 (3 and 4 follow in `end_hand` / `finish_turn`)."""
    state.damage.clear()                                       # GW-B-12.1
    emit(state, {"type": "damage_reset", "rule": "GW-B-12.1"})
    # GW-B-12.2, GW-X-18: every "at end of turn" effect, in the order the active player chooses
    entries = end_of_turn_autos(state) + state.waiting
    entries += [{"kind": "transform_revert", "seat": controller(state, c), "card": c} for c in sorted(state.transformed)]
    entries += [{"kind": "vulture", "seat": s, "card": None} for s in (state.active, 1 - state.active)
                if state.vulture_points[s] >= 2 and vulture_cards(state, s)]
    if any(p >= 10 for p in state.pollution):
        entries.append({"kind": "pollution", "seat": state.active, "card": None})
    state.waiting = []
    state.step = "end_effects"
    if len(entries) > 1:
        state.ordering = entries
        ask(state, Order(state.active, now=True))              # no cut-in (GW-A-15.10)
    elif entries:
        _settle_order(state)
        resolve_entry(state, entries[0])


def _settle_order(state: GWState) -> None:
    """GW-A-14.10: one waiting effect (or the last one) needs no ordering; it goes on by itself."""
    state.flow.settle("order", state.active, "GW-A-14.10",
                      "Only one waiting effect was left, so it went on by itself; there is nothing to order.")


def pollution_check(state: GWState) -> None:
    """GW-A-25.42: at end of turn a player holding 10 or more pollution coins loses."""
    losers = [s for s in (0, 1) if state.pollution[s] >= 10]
    if not losers or state.result is not None:
        return
    if len(losers) == 2:
        state.result = Result(None, True, "both players hold 10 pollution coins", "GW-A-25.42")
    else:
        state.result = Result(1 - losers[0], False, f"seat {losers[0]} holds 10 pollution coins", "GW-A-25.42")
    state.phase = "over"
    state.flow.stop()
    emit(state, {"type": "game_over", **state.result.to_json()})


def end_effects_rest(state: GWState) -> None:
    """After the ordered end-of-turn effects: PS Armor, forced last (GW-A-25.18, GW-X-18)."""
    for c in sorted(state.sortied):                            # GW-A-25.18, forced last
        if where(state, c) != "deploy" or not defn(state, c).keywords.get("ps_armor") or c in state.resupplied:
            continue
        x = defn(state, c).keywords.get("ps_armor_x")
        if x and power(state, controller(state, c)).get(defn(state, c).colour, 0) >= x:
            continue
        leave_field(state, c, "hand", "PS Armor", "GW-A-25.18")
    check_win(state)
    state.step = "end_hand"


def end_hand(state: GWState) -> None:
    """GW-B-12.3: only the active player discards down to the hand limit."""
    if len(zone(state, state.active, "hand")) > HAND_LIMIT:
        ask(state, HandLimit(state.active))
        return
    state.flow.settle("discard", state.active, "GW-B-12.3",
                      f"Your hand was within the hand limit of {HAND_LIMIT} at the end of your turn, so nothing was "
                      "discarded.")
    finish_turn(state)


def finish_turn(state: GWState) -> None:
    """GW-B-12.4: "until end of turn" effects end; the next turn begins."""
    state.turn_mods.clear()
    state.battle_immune.clear()
    state.untargetable.clear()
    state.enemy_proof.clear()
    state.spared.clear()
    state.no_sortie.clear()
    state.special_plus.clear()
    state.kw_gain.clear()
    state.kw_lose.clear()
    state.this_turn.clear()
    state.vulture_points = [0, 0]
    emit(state, {"type": "end_of_turn", "turn": state.turn, "rule": "GW-B-12"})
    begin_turn(state)


def _can_sortie(state: GWState, seat: int) -> bool:
    return any(sortie_refusal(state, seat, {"type": "sortie", "card": c, "area": a}) is None
               for c in zone(state, seat, "deploy") if c not in state.rolled and is_unit(state, c) for a in AREAS)


@PROCESSOR.runs(Proceed)
def proceed(state: GWState, step: Proceed) -> None:
    """Run automatic states until a player must decide (or the game ends)."""
    flow = state.flow
    for _ in range(10_000):
        if state.result is not None:
            state.phase = "over"
            flow.stop()
            return
        if flow.steps:                                        # a decision was queued: it comes first
            if PROCEED not in flow.steps:
                flow.then(PROCEED)
            return
        step_name = state.step
        if step_name in FT_STEPS:
            if state.pending and not state.cut:
                start_pending_cut(state)
                continue
            if state.options["auto_pass"] == "forced":
                if not can_act(state, state.priority):
                    state.flow.settle("pass", state.priority, "GW-S.3",
                                      "You could play nothing in that free timing, so you passed by yourself "
                                      "(auto_pass: forced); wait for the next choice.")
                    do_pass(state, state.priority)
                    continue
            flow.then(PRIORITY, PROCEED)
            return
        if step_name == "end_effects":
            end_effects_rest(state)
            continue
        if step_name == "end_hand":
            end_hand(state)
            continue
        if state.pending and step_name == "end":
            for e in state.pending:
                resolve_entry(state, e)
            state.pending = []
        run_fixed(state)
    raise RuntimeError("the turn machine did not reach a decision")


@PROCESSOR.runs(OfferMulligan)
def offer_mulligan(state: GWState, step: OfferMulligan) -> None:
    if mulligan_options(state, step.seat):
        state.flow.next(Mulligan(step.seat))
        return
    message = ("Procedure B was used three times (5, 4, then 3 cards), so this hand was kept by itself; "
               "no more re-deals are possible.")
    for kind in ("redeal", "keep"):
        state.flow.settle(kind, step.seat, "GW-B-3.3", message)
    keep(state, step.seat)                                    # nothing to re-deal: the hand is kept


@PROCESSOR.runs(OfferSortie)
def offer_sortie(state: GWState, step: OfferSortie) -> None:
    if state.options["auto_pass"] == "forced" and not _can_sortie(state, step.seat):
        for kind in ("sortie", "sortie_done"):
            state.flow.settle(kind, step.seat, "GW-S.3", "None of your Units could sortie, so your sortie was "
                                                        "finished by itself (auto_pass: forced).")
        sortie_done(state, step.seat)                          # GW-S.3: nothing can sortie
    else:
        state.flow.next(Sortie(step.seat))


# -- what each answer does -------------------------------------------------------------------

def answer_priority(state: GWState, step: Priority, seat: int, action: dict) -> None:
    kind = action["type"]
    if kind == "pass":
        do_pass(state, seat)
    elif kind == "play":
        play(state, seat, action)
    elif kind == "use":
        use(state, seat, action)
    else:
        change(state, seat, action)


def answer_mulligan(state: GWState, step: Mulligan, seat: int, action: dict) -> None:
    if action["type"] == "keep":
        keep(state, seat)
    else:
        redeal(state, seat, action["procedure"])
        ask(state, OfferMulligan(seat))


def answer_sortie(state: GWState, step: Sortie, seat: int, action: dict) -> None:
    if action["type"] == "sortie_done":
        sortie_done(state, seat)
        return
    state.table.move(action["card"], seat, action["area"])
    emit(state, {"type": "sortie", "card": CardRef(action["card"]), "area": action["area"],
                 "position": len(zone(state, seat, action["area"])), "rule": "GW-A-17.1.1"})
    ask(state, OfferSortie(seat))


def answer_order(state: GWState, step: Order, seat: int, action: dict) -> None:
    place_ordered(state, step, action["index"])


def answer_auto_target(state: GWState, step: AutoTarget, seat: int, action: dict) -> None:
    choose_auto_target(state, step, action["card"])
    if step.now:                                               # an Auto D: it resolves at once (GW-A-14.4)
        entry = state.auto_d[step.index]
        entry["done"] = True
        if all(e.get("done") for e in state.auto_d):
            state.auto_d = []
        resolve_auto(state, entry)
        check_destruction(state)
        check_win(state)
        resume_cut(state)


def answer_hand_limit(state: GWState, step: HandLimit, seat: int, action: dict) -> None:
    state.table.move(action["card"], seat, "junk")
    emit(state, {"type": "hand_limit_discard", "card": CardRef(action["card"]), "rule": "GW-B-12.3"})
    if len(zone(state, seat, "hand")) <= HAND_LIMIT:
        finish_turn(state)
    else:
        ask(state, step)


def answer_simultaneous_entry(state: GWState, step: SimultaneousEntry, seat: int, action: dict) -> None:
    if choose_discard(state, step.batch, action["card"]):                  # GW-A-26.8
        resume_cut(state)
    else:
        ask(state, step)


def answer_vulture(state: GWState, step: Vulture, seat: int, action: dict) -> None:
    if action["type"] == "retrieve":
        state.table.move(action["card"], seat, "hand")
        emit(state, {"type": "vulture_retrieve", "card": CardRef(action["card"]), "seat": seat,
                     "title": defn(state, action["card"]).title, "rule": "GW-A-25.7.1"})
    state.vulture_points[seat] = 0
    resume_ordering(state)


PROCESSOR.asks(Priority, priority_request, answer_priority)
PROCESSOR.asks(Mulligan, mulligan_request, answer_mulligan)
PROCESSOR.asks(Sortie, sortie_request, answer_sortie)
PROCESSOR.asks(Order, order_request, answer_order)
PROCESSOR.asks(AutoTarget, auto_target_request, answer_auto_target)
PROCESSOR.asks(HandLimit, hand_limit_request, answer_hand_limit)
PROCESSOR.asks(SimultaneousEntry, simultaneous_entry_request, answer_simultaneous_entry)
PROCESSOR.asks(Vulture, vulture_request, answer_vulture)


def pay_extras(state: GWState, seat: int, extras: list[dict]) -> None:
    """GW-A-10.3.4 Extra Cost, then GW-A-10.3.5 Substitute Cost conditions."""
    for e in extras:
        if e.get("resource"):
            homeland_to_discard(state, seat, e["resource"], "pay_resource", "GW-A-25.30")
        for _ in range(e.get("junk_remove", 0)):
            junk = zone(state, seat, "junk")
            card = junk[-1]
            state.table.move(card, seat, "removed")
            emit(state, {"type": "removed", "card": CardRef(card), "rule": "GW-A-25.30"})


def play(state: GWState, seat: int, action: dict) -> None:
    """GW-A-10: declare, targets, costs (all at one instant, no cut-in), then the played card's
    effect joins the Cut."""
    card = action["card"]
    d = defn(state, card)
    mode = action.get("mode")
    if mode == "variable":                                        # GW-A-25.27: not a play, no Cut
        state.table.move(card, seat, "deploy")
        state.variable_g.add(card)
        state.slots["g"] = state.slots.get("g", 0) + 1
        emit(state, {"type": "variable", "card": CardRef(card), "rule": "GW-A-25.27"})
        return
    target = action.get("target")
    substitute = mode == "substitute"
    x = action.get("x", 0)
    total, resource = card_cost(state, seat, card, target, substitute, x)                 # X fixed now (GW-A-10.3.1)
    state.table.move(card, seat, "played")
    emit(state, {"type": "play", "seat": seat, "card": CardRef(card),
                 "target": CardRef(target) if target is not None else None,
                 "total": total, "resource": resource, "rule": "GW-A-10"})
    if resource:
        homeland_to_discard(state, seat, resource, "pay_resource", "GW-B-9.8.3")
    pay_extras(state, seat, extra_payments(d, substitute))
    slot = _slot(state, card, bool(d.keywords.get("quick")))
    if slot:
        state.slots[slot] = state.slots.get(slot, 0) + 1
    state.played_names.add((seat, d.name))
    entry = {"kind": "card", "seat": seat, "card": card, "target": target, "slot": slot}
    if x:
        entry["x"] = x
    state.cut.append(entry)
    if state.options["loss_check"] == "after_play":
        check_win(state)                                          # GW-X-3: right after the play
    added_to_cut(state)


def use(state: GWState, seat: int, action: dict) -> None:
    """GW-A-11: declare, targets, pay the `《》` cost, trigger."""
    card, i = action["card"], action["text"]
    t = card_texts(state, card)[i]
    if t.cost == "R":
        roll(state, card)
    elif t.cost:
        homeland_to_discard(state, seat, t.cost, "pay_resource", "GW-B-13.8.2")
    (state.cut_uses if t.each else state.text_uses).add((card, i))
    entry = {"kind": "text", "seat": seat, "card": card, "text": i, "target": action.get("target")}
    own = len(defn(state, card).texts)
    if i >= own:                                                          # gained through Team (GW-A-25.15)
        _, giver, k = team_texts(state, card)[i - own]
        entry["granted"] = (giver, k)
    if t.special == "multiple":
        pay = action["pay"]
        state.table.move(pay, owner(state, pay), "removed")                 # GW-A-25.14
        emit(state, {"type": "removed", "card": CardRef(pay), "rule": "GW-A-25.14"})
    if t.special == "special_shield":
        entry["shield"] = shield_entry(state, card)
    if t.special == "resupply" and "cards" in action:
        entry["cards"] = list(action["cards"])                            # GW-A-25.25: the player's choice
    if t.special == "dismantle":
        state.slots["g"] = state.slots.get("g", 0) + 1                    # GW-A-25.17
    emit(state, {"type": "use", "seat": seat, "card": CardRef(card), "text": i,
                 "special": t.special or None, "rule": "GW-A-11"})
    state.cut.append(entry)
    if state.options["loss_check"] == "after_play":
        check_win(state)
    added_to_cut(state)


def change(state: GWState, seat: int, action: dict) -> None:
    """GW-A-25.16, GW-A-26.9, GW-X-24: the hand card takes the Unit's place and states; the Unit
    goes to its owner's hand; then the new card is rerolled."""
    card, target = action["card"], action["target"]
    zname = where(state, target)
    ctrl = controller(state, target)
    index = zone(state, ctrl, zname).index(target)
    state.table.move(card, ctrl, zname, index)
    for s in set_cards(state, target):
        state.set_on[s] = card
    for book in (state.damage, state.turn_mods):
        if target in book:
            book[card] = book.pop(target)
    if target in state.destroyed:
        state.destroyed.discard(target)
        state.destroyed.add(card)
    if target in state.zero_defense:
        state.zero_defense.discard(target)
        state.zero_defense.add(card)
    if target in state.sortied:
        state.sortied.add(card)
    if target in state.treated:                                   # GW-A-26.9.3: states from effects
        state.treated[card] = state.treated.pop(target)
    if target in state.g_text:
        state.g_text.discard(target)
        state.g_text.add(card)
    state.coins.pop(target, None)
    state.rolled.discard(target)
    state.transformed.discard(target)
    state.table.move(target, owner(state, target), "hand")
    state.change_used.add(seat)
    emit(state, {"type": "change", "card": CardRef(card), "replaced": defn(state, target).title,
                 "rule": "GW-A-25.16"})
