"""Moving cards, destruction and discard, targets, automatic effects C and D (GW-A-14:
triggers, once per turn, the non-duplicating kinds of GW-A-26.17), cards entering together
(GW-A-26.8), the special-effect texts (Psycommu, Area Weapon, Resupply, Shield) and the effect
registry.

Every effect word of the card data is declared once in `REGISTRY` (engine/core/effects.py, at
the end of this module): the JSON Schema of its value (the card schema's effect part is
generated from them), its scope (the targets of GW-A-13: chosen when played, or "all ~"),
what resolving it does and one line of wording (docs/effects/gundam-war.md is generated from
it, narration says effects with it). No card has code of its own: there is no script word.

Every card move goes through `Table.move`; cards leaving the field go to their original
owner's location (GW-A-26.2.1) and lose damage, destroyed state, coins and effect states
(GW-A-19.3).
"""

from __future__ import annotations


from dataclasses import dataclass
from typing import Any, Callable

from engine.core.effects import EffectRegistry, Scope, Word
from engine.core.errors import Refusal
from engine.core.flow import Step
from engine.core.requests import Result

from engine.core.view import CardRef

from engine.games.gundam_war.cards import STAT_CHANGE, CardDef, bare
from engine.games.gundam_war.state import (AREAS, AutoTarget, GWState, SimultaneousEntry, ask, PHASE_OF, STEPS, battle_units,
    designated_total,
    continuous_sources, controller, defense, defn, emit, entry_text, group, is_basic_g, is_g, is_rolled, is_type,
    is_unit, on_field, owner, requirement_met, root, same_name_on_field, set_cards, stats, tell, types_of, units,
    where, zone, ZONE_KEY)


def draw(state: GWState, seat: int, count: int = 1, pile: str = "homeland") -> None:
    """GW-A-5.1: the top of the Homeland (or, when an effect says so, of the Discard Pile), one
    at a time; only the drawing player learns the cards."""
    for _ in range(count):
        cards = zone(state, seat, pile)
        if not cards:
            return
        card = cards[0]
        state.table.move(card, seat, "hand")
        public = {"type": "draw", "seat": seat} if pile == "homeland" else {"type": "draw", "seat": seat, "from": pile}
        emit(state, {**public, "card": CardRef(card)})


def homeland_to_discard(state: GWState, seat: int, count: int, why: str, rule: str) -> int:
    """Resource cost (GW-B-9.8.3) and Homeland damage (GW-B-10.8): top card first, one at a
    time, so the first card moved ends up deepest of those moved."""
    moved = 0
    home = zone(state, seat, "homeland")
    for _ in range(count):
        if not home:
            break
        state.table.move(home[0], seat, "discard", 0)
        moved += 1
    if moved:
        emit(state, {"type": why, "seat": seat, "count": moved, "rule": rule})
    return moved


def recover(state: GWState, seat: int, count: int) -> None:
    """GW-A-24.8 / GW-X-2: Discard Pile top to Homeland top, face-down, one at a time."""
    pile = zone(state, seat, "discard")
    n = 0
    for _ in range(count):
        if not pile:
            break
        state.table.move(pile[0], seat, "homeland", 0)
        n += 1
    emit(state, {"type": "recover", "seat": seat, "count": n, "rule": "GW-A-24.8"})


def _forget(state: GWState, card: int) -> None:
    """GW-A-19.3: a card leaving the field loses damage, destroyed state, coins and states."""
    state.damage.pop(card, None)
    state.destroyed.discard(card)
    state.zero_defense.discard(card)
    state.turn_mods.pop(card, None)
    state.coins.pop(card, None)
    state.rolled.discard(card)
    state.dismantled.discard(card)
    state.variable_g.discard(card)
    state.transformed.discard(card)
    state.set_on.pop(card, None)
    state.battle_immune.discard(card)
    state.untargetable.pop(card, None)
    state.enemy_proof.pop(card, None)
    state.spared.pop(card, None)
    state.special_plus.pop(card, None)
    state.kw_gain.pop(card, None)
    state.kw_lose.pop(card, None)
    state.treated.pop(card, None)                  # GW-A-1.2.2: back to its original type
    state.g_text.discard(card)


def leave_field(state: GWState, card: int, to: str, reason: str, rule: str) -> None:
    """Move a field card and its whole set group (GW-A-20.5.3) out of the field."""
    for c in reversed(group(state, card)):
        was = where(state, c)
        if c in state.card_coins:                                    # GW-A-21.1: a coin just vanishes
            _forget(state, c)
            state.table.move(c, owner(state, c), "gone")
            emit(state, {"type": "coin_removed", "card": CardRef(c), "rule": "GW-A-21.1"})
            continue
        if was in AREAS:
            squad = zone(state, controller(state, c), was)
            if squad and squad[0] == c:
                state.front_gone.add((controller(state, c), was))    # GW-B-10.11.2
        _forget(state, c)
        dest = owner(state, c)
        state.table.move(c, dest, to)
        if to == "hand":
            emit(state, {"type": "to_hand", "card": CardRef(c), "seat": dest, "title": defn(state, c).title,
                         "from": was, "reason": reason, "rule": rule})
        else:
            emit(state, {"type": "moved", "card": CardRef(c), "to": to, "reason": reason, "rule": rule})


def discard_set_card(state: GWState, card: int, rule: str) -> None:
    """GW-A-20.5.2: a destroy/discard on a set card affects only it (and what is set on it)."""
    leave_field(state, card, "junk", "discarded", rule)


def enter_field(state: GWState, seat: int, card: int, rolled: bool) -> None:
    state.table.move(card, seat, "deploy")
    state.serial += 1
    if rolled:
        state.rolled.add(card)
    else:
        state.rolled.discard(card)


def set_card(state: GWState, card: int, target: int) -> None:
    """GW-A-20.1: the set card joins the set target's group, under its controller (GW-A-20.7)."""
    state.table.move(card, controller(state, target), "set")
    state.set_on[card] = target
    state.serial += 1


def roll(state: GWState, card: int) -> None:
    state.rolled.add(root(state, card))            # GW-A-20.4: the whole group


def reroll(state: GWState, card: int) -> None:
    state.rolled.discard(root(state, card))


def destroy(state: GWState, card: int, why: str, rule: str) -> None:
    """The card becomes destroyed; its discard effect waits for the next Cut (GW-A-19.1).
    Set cards of a destroyed Unit are destroyed with it without their own effect (GW-A-20.6)."""
    if card in state.destroyed or not on_field(state, card):
        return
    state.destroyed.add(card)
    state.pending.append({"kind": "discard", "seat": controller(state, card), "card": card})
    emit(state, {"type": "destroyed", "card": CardRef(card), "why": why, "rule": rule})
    if defn(state, card).autos:
        fire(state, "destroyed", card)                             # "when this card is destroyed" (GW-A-19.1)


def check_destruction(state: GWState) -> None:
    """Damage ≥ Defense or Defense 0 destroys a Unit (GW-B-11.1, GW-A-20.5.1); a Unit destroyed
    by Defense 0 whose Defense is 1 or more again is no longer destroyed (GW-A-19.7), unless its
    damage now reaches that Defense."""
    for card in sorted(state.zero_defense):
        _defense_restored(state, card)
    risky = set(state.damage) | set(state.turn_mods) | set(state.coins) | state.transformed | set(state.set_on.values())
    for seat in (0, 1):
        lowered = any(m[2] < 0 for m in continuous_sources(state, seat, "own_units_mod")) or \
            any(m[2] < 0 for _, _, m in state.this_turn)
        for card in units(state, seat):
            if card in state.destroyed or (not lowered and card not in risky and defn(state, card).stats[2]):
                continue                    # printed Defense ≥ 1 and nothing lowers it: no need to compute
            d = stats(state, card)[2]
            if d is None or d <= 0:
                destroy(state, card, "its Defense is 0", "GW-B-11.1")
                state.zero_defense.add(card)
            elif state.damage.get(card, 0) >= d and state.spared.get(card) != state.damage[card]:
                destroy(state, card, "its damage reached its Defense", "GW-B-11.3")


def _defense_restored(state: GWState, card: int) -> bool:
    """GW-A-19.7: "to negate it, before the Unit is discarded, some means must raise its Defense
    to 1 or more, making the destroyed state void". True (and the destroyed state voided) if so."""
    d = stats(state, card)[2]
    if d is None or d <= 0:
        return False
    state.zero_defense.discard(card)
    state.destroyed.discard(card)
    state.pending = [e for e in state.pending if not (e["kind"] == "discard" and e["card"] == card)]
    emit(state, {"type": "destruction_void", "card": CardRef(card), "why": "its Defense is 1 or more again",
                 "rule": "GW-A-19.7"})
    return True


def resolve_discard(state: GWState, card: int) -> None:
    """The discard effect of a destroyed card (GW-A-19.1); negated destruction leaves nothing,
    nor does a Defense raised from 0 before it resolves (GW-A-19.7)."""
    if card not in state.destroyed or not on_field(state, card):
        return
    if card in state.zero_defense and _defense_restored(state, card):
        check_destruction(state)                                 # its damage may still reach the new Defense
        return
    area = where(state, card)
    unit = is_unit(state, card)
    seat = controller(state, card)
    leave_field(state, card, "junk", "destroyed", "GW-A-19.1")
    if unit:
        for watcher in (0, 1):                                   # GW-A-25.7 Vulture, kind B (GW-X-27)
            if (watcher, area) in state.vulture:
                state.vulture_points[watcher] += defn(state, card).total
                emit(state, {"type": "vulture_points", "seat": watcher, "points": state.vulture_points[watcher],
                             "rule": "GW-A-25.7"})
        fire(state, "unit_destroyed", card, seat)


def check_win(state: GWState) -> None:
    """GW-B-5.2, GW-B-5.3, GW-S.6: an empty Homeland loses; both empty is a draw."""
    if state.result is not None:
        return
    empty = [s for s in (0, 1) if not zone(state, s, "homeland")]
    if len(empty) == 2:
        state.result = Result(None, True, "both Homelands are empty", "GW-B-5.3")
    elif empty:
        state.result = Result(1 - empty[0], False, f"seat {empty[0]}'s Homeland is empty", "GW-B-5.2")
    if state.result is not None:
        state.phase = "over"
        state.flow.stop()
        emit(state, {"type": "game_over", **state.result.to_json()})


def targetable(state: GWState, card: int, source: int | None, seat: int | None = None) -> bool:
    """GW-A-22.3.1: a set group in the Fighting Arena only answers to cards in the arena;
    GW-A-13.10.1: a card that cannot be targeted by `seat`'s effects does not exist for them."""
    if seat is not None and state.untargetable.get(card) == seat:
        return False
    if where(state, root(state, card)) == "arena":
        return source is not None and on_field(state, source) and where(state, root(state, source)) == "arena"
    return True


def legal_targets(state: GWState, seat: int, kind: str, source: int | None) -> list[int]:
    opp = 1 - seat
    if kind == "enemy_unit":
        cands = units(state, opp)
    elif kind == "own_unit":
        cands = units(state, seat)
    elif kind == "unit":
        cands = units(state, 0) + units(state, 1)
    elif kind == "enemy_battle_unit":
        cands = battle_units(state, opp)
    elif kind == "engaged_enemy_unit":
        area = where(state, root(state, source)) if source is not None else ""
        cands = list(zone(state, opp, area)) if area in AREAS and area in state.engaged else []
    elif kind == "enemy_command":                 # GW-A-26.15: protection covers played cards too
        cands = [c for c in zone(state, opp, "played") if is_type(state, c, "command")]
    elif kind == "enemy_played":
        cands = list(zone(state, opp, "played"))
    elif kind == "own_card":                      # an own Unit or an own played card (GW-A-26.15)
        cands = units(state, seat) + [c for c in zone(state, seat, "played") if c != source]
    elif kind == "own_destroyed_unit":
        cands = [c for c in units(state, seat) if c in state.destroyed]
    elif kind == "enemy_operation":
        cands = [c for z in ("deploy", "set") for c in zone(state, opp, z) if is_type(state, c, "operation")]
    elif kind == "enemy_g":                       # a G is a field card in the Deploy Area (GW-B-9.5.2)
        cands = [c for c in zone(state, opp, "deploy") if is_type(state, c, "g")]
    elif kind == "own_battle_unit":
        cands = [c for c in battle_units(state, seat) if is_unit(state, c)]
    else:
        return []
    return [c for c in cands if targetable(state, c, source, seat)]


def all_targets(state: GWState, seat: int, kind: str, source: int | None) -> list[int]:
    """"All ~" targets, determined afresh at play and at resolution (GW-A-13.8)."""
    if kind == "all_enemy_battle_units":
        cands = battle_units(state, 1 - seat)
    elif kind == "all_enemy_units":
        cands = units(state, 1 - seat)
    elif kind == "all_units":
        cands = units(state, 0) + units(state, 1)
    elif kind == "self":
        return [source] if source is not None and on_field(state, source) else []
    elif kind == "host":
        host = state.set_on.get(source) if source is not None else None
        return [host] if host is not None and on_field(state, host) and is_unit(state, host) else []
    else:
        return []
    return [c for c in cands if targetable(state, c, source, seat)]


def effects_playable(state: GWState, seat: int, effects: tuple, source: int | None) -> bool:
    """GW-A-13.2: a targeted effect (chosen or "all") needs at least one target to be played."""
    for e in bare(effects):
        scope = REGISTRY.scope(e)
        if scope is not None and scope.name.startswith("all_") and not scope.of(state, seat, source):
            return False
    return True


def _victims(state: GWState, r: "Resolution", scope_name: str) -> list[int] | None:
    """The cards an effect applies to now; None when a chosen target was lost (GW-A-13.5)."""
    scope = REGISTRY.scopes.get(scope_name)
    if scope is None:
        return []
    if scope.chosen:
        if r.target is None or r.target not in scope.of(state, r.seat, r.source):
            return None
        return [r.target]
    return scope.of(state, r.seat, r.source)


@dataclass(slots=True)
class Resolution:
    """An effect list resolving (the context of each word, engine/core/effects.py): who resolves
    it, from which card, its chosen target, the damage reduction of a Special Shield
    (GW-A-25.10) and X (GW-A-26.10). Each word leaves in `applied` what it did: True, False (not
    applied: a `then` part after it is void, GW-A-26.4) or None (its target was lost, GW-A-13.5).
    `then_follows`: a "then" part comes right after the word resolving now (GW-A-26.4.2 reads it)."""

    seat: int
    source: int | None = None
    target: int | None = None
    reduce: int = 0
    x: int = 0
    applied: bool | None = True
    then_follows: bool = False


def apply_effects(state: GWState, seat: int, effects: tuple, target: int | None, source: int | None,
                  amount_delta: int = 0, x: int = 0) -> bool:
    """Resolve an effect list; a `then` part applies only if the part before it did (GW-A-26.4).
    Returns False if the resolution failed because a target was lost (GW-A-15.2). A word that
    needs a decision returns its asking step, asked before anything else runs."""
    r = Resolution(seat, source, target, amount_delta, x)
    applied_before = True
    for i, (effect, word) in enumerate(zip(effects, bare(effects))):
        r.then_follows = i + 1 < len(effects) and bool(effects[i + 1].get("then"))
        if effect.get("then") and not applied_before:
            emit(state, {"type": "then_void", "rule": "GW-A-26.4"})
            return True
        step = REGISTRY.resolve(state, word, r)
        if step is not None:
            ask(state, step)
        if r.applied is None:
            emit(state, {"type": "lost_target", "rule": "GW-A-13.5"})
            return False
        applied_before = r.applied
    return True


def treat_as(state: GWState, card: int, kind: str, also: bool, generates: bool = False) -> None:
    """GW-A-1.2: the card is treated as a `kind` card only (1.2.1) or as that type as well (1.2.2),
    until it leaves the field. A card that stops being a Unit leaves its squad for its Deploy Area
    (a squad is made of Units, GW-A-17.1.1), and a set card whose set condition became wrong with
    the type change is discarded (GW-A-20.8)."""
    kinds = (types_of(state, card) | {kind}) if also else frozenset((kind,))
    state.treated[card] = kinds
    if generates:
        state.g_text.add(card)
    emit(state, {"type": "treated_as", "card": CardRef(card), "types": sorted(kinds), "also": also,
                 "rule": "GW-A-1.2.2" if also else "GW-A-1.2.1"})
    area = where(state, card)
    if area in AREAS and not is_unit(state, card):
        seat = controller(state, card)
        if zone(state, seat, area)[0] == card:
            state.front_gone.add((seat, area))                          # GW-B-10.11.2
        state.table.move(card, seat, "deploy")
        emit(state, {"type": "left_squad", "card": CardRef(card), "why": "it is no longer a Unit",
                     "rule": "GW-A-17.1.1"})
    for s in set_cards(state, card):
        if not set_still_valid(state, s, card):
            discard_set_card(state, s, "GW-A-20.8")


def set_still_valid(state: GWState, card: int, target: int) -> bool:
    """GW-A-20.8: after the set target's type changed, does the set condition still hold?
    Characters and set Operations sit on Units; a Set/G card on a Basic G; a Set/Character card
    on a Character (GW-A-25.36-37)."""
    d = defn(state, card)
    if is_unit(state, target):
        return True
    if d.keywords.get("set_g") and is_basic_g(state, target):
        return True
    return bool(d.keywords.get("set_character")) and is_type(state, target, "character")


def mill_all(state: GWState, seat: int, count: int, then_follows: bool) -> bool:
    """Each player puts the top `count` Homeland cards into the Discard Pile. If that cannot be
    done in full, a following "then" part is void for everyone, and the earlier part is applied
    as far as possible by both players (GW-X-22 default) or, literally, by the user alone
    (GW-A-26.4.2, option `then_all_players`). With no "then" part after it, GW-A-26.4.2 does not
    apply: each player applies it as far as possible, whatever the option."""
    full = all(len(zone(state, s, "homeland")) >= count for s in (0, 1))
    everyone = full or not then_follows or state.options.get("then_all_players", "everyone") == "everyone"
    seats = (seat, 1 - seat) if everyone else (seat,)
    for s in seats:
        homeland_to_discard(state, s, count, "homeland_to_discard", "GW-A-26.4.2")
    return full


def move_set_card(state: GWState, seat: int, card: int | None, target: int) -> bool:
    """GW-A-20.10: a set card moved by an effect must meet the set conditions and restrictions on
    its new target; if it does not, the move cannot be made and the card stays where it is."""
    if card is None or card not in state.set_on:
        return False
    refusal = set_target_refusal(state, seat, card, target)
    if refusal is not None or target == state.set_on[card] or root(state, target) == card:
        why = refusal.message if refusal else "it is already set there"
        emit(state, {"type": "set_move_refused", "card": CardRef(card), "on": CardRef(target),
                     "why": why, "rule": "GW-A-20.10"})
        return False
    state.table.move(card, controller(state, target), "set")
    state.set_on[card] = target
    emit(state, {"type": "set", "card": CardRef(card), "on": CardRef(target), "rule": "GW-A-20.10"})
    return True


def skip_phase(state: GWState, phase: str) -> bool:
    """GW-A-24.26: this turn's `phase` will not be performed. A phase already begun (or over)
    cannot be skipped any more, so the effect does nothing then."""
    later = {PHASE_OF[s.split("_")[0]] for s in STEPS[STEPS.index(state.step) + 1:]} \
        if state.step in STEPS else set()
    if phase not in later or phase == PHASE_OF.get(state.step.split("_")[0]):
        emit(state, {"type": "skip_void", "phase": phase, "rule": "GW-A-24.26"})
        return False
    state.skipped.add(phase)
    emit(state, {"type": "skip", "phase": phase, "rule": "GW-A-24.26"})
    return True


def make_card_coin(state: GWState, seat: int, spec: dict) -> int:
    """GW-A-21.4: a coin treated as a {Unit}: controlled by its original owner, no cost, enters
    the own Deploy Area rerolled as a card entering the field (GW-A-26.7)."""
    d = CardDef(id=f"coin-{spec['name'].lower().replace(' ', '-')}", type="unit", name=spec["name"], colour="",
                stats=tuple(spec["stats"]), terrain=frozenset(spec["terrain"]), text="card-coin")
    card = len(state.table.cards)
    state.table.add_card(seat, d, "deploy", card)
    state.card_coins.add(card)
    state.serial += 1
    emit(state, {"type": "card_coin", "card": CardRef(card), "rule": "GW-A-21.4"})
    return card


def fire_waiting(state: GWState, entry: dict) -> None:
    """A waiting "discard at end of turn" fires: "this (that) Unit" is that card whatever it has
    become (GW-A-26.14); "all ~" targets are chosen again now (GW-A-15.4)."""
    if entry["target"] is not None:
        victims = [entry["target"]] if on_field(state, entry["target"]) else []
    else:
        victims = all_targets(state, entry["seat"], entry["scope"], entry["card"])
    for v in victims:
        if on_field(state, v):
            leave_field(state, v, "junk", "discarded at end of turn", "GW-A-15.4")


def junk_unit_to_field(state: GWState, seat: int) -> bool:
    """Put the top Unit of the own Junk Yard onto the field: it enters rerolled (GW-A-26.7) and
    counts as the turn's Unit play (GW-A-12.3)."""
    junk = zone(state, seat, "junk")
    for card in reversed(junk):
        if is_type(state, card, "unit"):
            if not can_be_put(state, seat, card):                        # GW-A-25.33-34: it stays
                emit(state, {"type": "cannot_enter", "card": CardRef(card), "rule": "GW-A-25.33"})
                return False
            enter_field(state, seat, card, rolled=False)
            state.slots["unit"] = state.slots.get("unit", 0) + 1
            emit(state, {"type": "enters", "card": CardRef(card), "rolled": False, "rule": "GW-A-26.7"})
            fire(state, "enter", card)
            return True
    return False


def pull_out_unit(state: GWState, seat: int) -> bool:
    """GW-A-24.25: pull the topmost Unit out of the own Homeland (the other cards keep their
    order) and put it onto the field rerolled, as the turn's Unit play (GW-A-26.7, GW-A-12.3). If
    it cannot be put there (Restrict to 1, GW-A-25.33-34) it is removed from the game."""
    for card in zone(state, seat, "homeland"):
        d = defn(state, card)
        if not is_type(state, card, "unit"):
            continue
        restrict = d.keywords.get("restrict")
        if restrict == "1" and same_name_on_field(state, d.name, (0, 1)) or \
                restrict == "1/own" and same_name_on_field(state, d.name, (seat,)):
            state.table.move(card, owner(state, card), "removed")
            emit(state, {"type": "pulled_out_removed", "card": CardRef(card), "rule": "GW-A-24.25"})
            return False
        enter_field(state, seat, card, rolled=False)
        state.slots["unit"] = state.slots.get("unit", 0) + 1
        emit(state, {"type": "enters", "card": CardRef(card), "rolled": False, "pulled_out": True,
                     "rule": "GW-A-24.25"})
        fire(state, "enter", card)
        return True
    return False


def _engaged_with(state: GWState, source: int, victim: int) -> bool:
    area = where(state, root(state, source))
    return area in AREAS and area in state.engaged and where(state, victim) == area


def negate_play(state: GWState, card: int) -> None:
    """GW-A-12.6: the play is negated, costs stay paid, the one-per-turn slot is free again;
    the card goes to its original owner's Junk Yard (GW-X-31)."""
    for entry in state.cut:
        if entry["kind"] == "card" and entry["card"] == card:
            entry["negated"] = True
            slot = entry.get("slot")
            if slot and state.slots.get(slot, 0) > 0:
                state.slots[slot] -= 1
            state.played_names.discard((entry["seat"], defn(state, card).name))
    state.table.move(card, owner(state, card), "junk")
    emit(state, {"type": "play_negated", "card": CardRef(card), "rule": "GW-A-12.6"})


def g_count(state: GWState, seat: int) -> int:
    return sum(1 for c in zone(state, seat, "deploy") if is_g(state, c))


def field_cards(state: GWState, seat: int) -> list[int]:
    z = state.table.zones
    keys = ZONE_KEY[seat]
    return [c for name in ("deploy", "set", "space", "earth", "arena") for c in z[keys[name]]]


def set_target_refusal(state: GWState, seat: int, card: int, target) -> Refusal | None:
    d = defn(state, card)
    if target is None or not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < len(state.table.cards):
        return Refusal("GW-A-20.3", f"{d.title} is set on a card: give its set target as 'target'.")
    tz = where(state, target)
    if target in state.card_coins:
        return Refusal("GW-A-21.4", "Nothing can be set on a card-coin; choose a card.")
    if is_type(state, card, "operation"):
        if tz != "deploy" or not is_unit(state, target):
            return Refusal("GW-B-9.14.4", "A set Operation is set on a Unit in a Deploy Area (yours or the enemy's).")
        return None
    td = defn(state, target)
    if controller(state, target) != seat or tz not in ("deploy", "set"):
        return Refusal("GW-A-20.3", "Set a Character on one of your own cards in your Deploy Area.")
    if tz == "set":
        if not (d.keywords.get("set_character") and is_type(state, target, "character")
                and where(state, root(state, target)) == "deploy"):
            return Refusal("GW-A-25.36", "Only a Set/Character card can be set on a Character, and only in your Deploy Area.")
        return None
    if d.keywords.get("set_g") and is_basic_g(state, target):
        return None                                   # GW-A-25.37 (a G also treated as a Unit still is one)
    if not is_unit(state, target):
        if is_g(state, target):
            return Refusal("GW-A-25.37", "Only a Set/G card can be set on a G, and only on a Basic G (a card "
                                         "treated as a G by an effect is a Special G, GW-A-7.1.3).")
        return Refusal("GW-B-9.12.2", "Set a Character on one of your own Units.")
    if td.keywords.get("mf") and "GF" not in d.traits:
        return Refusal("GW-A-22.1", "Only a Character with the characteristic GF can be set on an MF Unit.")
    if not (td.keywords.get("ship") or td.keywords.get("base")):
        # a Set/Character card on the Unit does not take its Character place (GW-A-25.36)
        if any(is_type(state, s, "character") and not defn(state, s).keywords.get("set_character")
               for s in set_cards(state, target)) or \
                (d.keywords.get("set_character")
                 and any(is_type(state, s, "character") for s in set_cards(state, target))):
            return Refusal("GW-B-9.12.2", "That Unit already has a Character set on it; choose another Unit "
                                          "(only a Ship or a Base takes several).")
    return None


_FIELD_ZONES = ("deploy", "set", "space", "earth", "arena")


def _nondup_key(kind: str, d, seat: int, on: str, subject: int | None, serial: int) -> tuple:
    """GW-A-26.17: A once in all; B once per controller; C once per controller per activation
    condition; D once per target."""
    if kind == "A":
        return ("A", d.name)
    if kind == "B":
        return ("B", d.name, seat)
    if kind == "C":
        return ("C", d.name, seat, on, serial)
    return ("D", d.name, subject)


def fire(state: GWState, on: str, subject: int | None, subject_seat: int | None = None) -> None:
    """Trigger every field card's Auto C/D with this condition. `unit_destroyed` triggers for
    the controller of the card whose *enemy* lost the Unit; `enter`/`sortie` for the card itself."""
    state.serial += 1
    serial = state.serial
    z = state.table.zones
    for seat in (state.active, 1 - state.active):
        keys = ZONE_KEY[seat]
        for zname in _FIELD_ZONES:
            for card in list(z[keys[zname]]):
                d = state.table.cards[card].defn
                if not d.autos:
                    continue
                for i, a in enumerate(d.autos):
                    if a.kind == "A" or a.on != on:
                        continue
                    if on in ("enter", "sorties", "sortie", "engaged", "destroyed") and subject != card:
                        continue
                    if on == "unit_destroyed" and subject_seat == seat:
                        continue
                    if not requirement_met(state, card, a.requires):           # GW-A-16.9
                        continue
                    once = (card, i)
                    if once in state.fired and not a.each_time:               # GW-A-14.7
                        continue
                    if a.nondup:
                        key = _nondup_key(a.nondup, d, seat, on, subject, serial)
                        if key in state.nondup:
                            emit(state, {"type": "non_duplicating", "card": CardRef(card),
                                         "kind": a.nondup, "rule": "GW-A-26.17"})
                            continue
                        state.nondup.add(key)
                    state.fired.add(once)
                    entry = {"kind": "auto", "seat": seat, "card": card, "auto": i}
                    if a.kind == "C":
                        state.pending.append(entry)
                    elif entry_targets(state, entry) is None:
                        resolve_auto(state, entry)
                    else:
                        _auto_d_target(state, entry)


def _auto_d_target(state: GWState, entry: dict) -> None:
    """GW-A-13.4, GW-A-14.9.2: an Auto D that chooses a target has its controller choose it once the
    effect that made it trigger has resolved (the Cut pauses), then resolves at once; with no
    legal target it does not activate (GW-A-13.2)."""
    if not entry_targets(state, entry):
        emit(state, {"type": "no_target", "card": CardRef(entry["card"]), "rule": "GW-A-13.2"})
        return
    state.auto_d.append(entry)
    ask(state, AutoTarget(entry["seat"], len(state.auto_d) - 1, now=True))


def resolve_auto(state: GWState, entry: dict) -> None:
    a = defn(state, entry["card"]).autos[entry["auto"]]
    emit(state, {"type": "auto", "auto": a.kind, "card": CardRef(entry["card"]),
                 "rule": "GW-A-14.3" if a.kind == "C" else "GW-A-14.4"})
    if entry.get("void"):                                      # GW-A-25.13: its target was lost
        emit(state, {"type": "lost_target", "rule": "GW-A-13.5"})
        return
    apply_effects(state, entry["seat"], a.effects, entry.get("target"), entry["card"])


def end_of_turn_autos(state: GWState) -> list[dict]:
    """"At end of turn" Auto C/D of both sides: processed at once, ordered by the active player,
    never cut into (GW-B-12.2, GW-A-15.10)."""
    out = []
    for seat in (state.active, 1 - state.active):
        for zname in _FIELD_ZONES:
            for card in zone(state, seat, zname):
                for i, a in enumerate(defn(state, card).autos):
                    if a.kind in ("C", "D") and a.on == "end_of_turn" and requirement_met(state, card, a.requires):
                        out.append({"kind": "auto", "seat": controller(state, card), "card": card, "auto": i})
    return out


def blocks(state: GWState, card: int, other: int) -> bool:
    """Whether `card` cannot be on the field while `other` is: a second same-name Character
    (either side, GW-B-9.12.1, GW-X-21), Restrict to 1 (either side, GW-A-25.33) or Restrict to
    1/Own (the same controller, GW-A-25.34). Names leave out the model number (GW-A-1.4.1)."""
    if card == other or defn(state, card).name != defn(state, other).name:
        return False
    if card in state.card_coins or other in state.card_coins or other in state.dismantled:
        return False                                      # a coin's name is no card name
    restrict = defn(state, card).keywords.get("restrict")
    if is_type(state, card, "character") or restrict == "1":
        return True
    return restrict == "1/own" and controller(state, card) == controller(state, other)


def _blocked_by_field(state: GWState, card: int, batch: frozenset = frozenset()) -> bool:
    return any(blocks(state, card, other) for seat in (0, 1) for other in field_cards(state, seat)
               if other not in batch)


def discard_if_duplicate(state: GWState, card: int) -> None:
    """GW-A-26.8: a card that entered alone although it cannot be on the field (two same-name
    Characters resolving one after the other) is discarded at once: the later one goes."""
    if _blocked_by_field(state, card):
        leave_field(state, card, "junk", "cannot be on the field twice", "GW-A-26.8")


def can_be_put(state: GWState, seat: int, card: int) -> bool:
    """GW-A-25.33-34: a Restrict to 1 (1/Own) card cannot even be put onto the field while a
    same-name card is already on the field (its controller's field)."""
    restrict = defn(state, card).keywords.get("restrict")
    if restrict not in ("1", "1/own"):
        return True
    seats = (0, 1) if restrict == "1" else (seat,)
    return not any(defn(state, c).name == defn(state, card).name and c not in state.card_coins
                   and c not in state.dismantled for s in seats for c in field_cards(state, s))


def conflicted(state: GWState, batch: tuple) -> list[int]:
    """The cards of a simultaneous entry that are still on the field and cannot all stay."""
    here = [c for c in batch if on_field(state, c)]
    return [c for c in here if any(blocks(state, c, o) or blocks(state, o, c) for o in here if o != c)]


def enter_together(state: GWState, cards: list[tuple[int, int]], rule: str) -> SimultaneousEntry | None:
    """Put (seat, card) pairs onto the field at the same time, rerolled (GW-A-26.7). A card
    blocked by one already there is discarded (the later one, GW-A-26.8); if some of the new
    cards block each other, the attacking player chooses which go (see `choose_discard`); the
    enter triggers fire once the field is settled."""
    for seat, card in cards:
        enter_field(state, seat, card, rolled=False)
        emit(state, {"type": "enters", "card": CardRef(card), "rolled": False, "together": True,
                     "rule": rule})
    batch = tuple(card for _, card in cards)
    for card in batch:
        if _blocked_by_field(state, card, frozenset(batch)):
            leave_field(state, card, "junk", "cannot be on the field twice", "GW-A-26.8")
    if conflicted(state, batch):
        emit(state, {"type": "simultaneous_entry", "seat": state.active,
                     "cards": [CardRef(c) for c in conflicted(state, batch)], "rule": "GW-A-26.8"})
        return SimultaneousEntry(state.active, batch)
    _entered(state, batch)
    return None


def choose_discard(state: GWState, batch: tuple, card: int) -> bool:
    """The attacking player discards one of the conflicting cards of `batch` (GW-A-26.8). Returns
    True once the rest can all stay (the choice is over and the enter triggers have fired)."""
    leave_field(state, card, "junk", "chosen by the attacking player: it cannot stay with the others", "GW-A-26.8")
    if conflicted(state, batch):
        return False
    _entered(state, batch)
    return True


def _entered(state: GWState, batch: tuple) -> None:
    for card in batch:
        if on_field(state, card):
            fire(state, "enter", card)


def junk_units_to_field(state: GWState, seat: int, spec: dict) -> bool | SimultaneousEntry:
    """`junk_units_to_field`: the top `count` Units of the own Junk Yard (of each player's own,
    with `players: each`) enter the field at the same time. A Unit that cannot be put onto the
    field (Restrict to 1, GW-A-25.33-34) stays where it is and the next one is taken."""
    seats = (state.active, 1 - state.active) if spec.get("players") == "each" else (seat,)
    chosen: list[tuple[int, int]] = []
    for s in seats:
        picked = 0
        for card in reversed(zone(state, s, "junk")):
            if picked == spec["count"]:
                break
            if is_type(state, card, "unit") and can_be_put(state, s, card):
                chosen.append((s, card))
                picked += 1
    if not chosen:
        return False
    return enter_together(state, chosen, "GW-A-26.7") or True


def psycommu_targets(state: GWState, card: int) -> list[int]:
    """GW-A-25.11: an enemy Unit engaged with this card, or, from the Deploy Area, a Unit in a
    battle area matching this card's terrain aptitude."""
    seat = controller(state, card)
    area = where(state, card)
    if area in AREAS:
        return legal_targets(state, seat, "engaged_enemy_unit", card)
    if area == "deploy":
        return [c for a in ("space", "earth") if a in defn(state, card).terrain
                for s in (1 - seat, seat) for c in zone(state, s, a) if targetable(state, c, card, seat)]
    return []


def area_weapon_victims(state: GWState, card: int) -> list[int]:
    """GW-A-25.12: engaged enemy Units whose Defense (not remaining Defense) is X or less."""
    x = defn(state, card).keywords["area_weapon"]
    return [c for c in legal_targets(state, controller(state, card), "engaged_enemy_unit", card) if defense(state, c) <= x]


def resupply_eligible(state: GWState, card: int) -> list[int]:
    """GW-A-25.25: the rerolled Units of this card's squad without Ship or Base (itself
    included, GW-X-25), front to back."""
    if where(state, card) not in AREAS:
        return []
    squad = zone(state, controller(state, card), where(state, card))
    return [c for c in squad if not is_rolled(state, c) and not defn(state, c).keywords.get("ship")
            and not defn(state, c).keywords.get("base")]


def resupply_units(state: GWState, card: int, chosen: list[int] | None = None) -> list[int]:
    """The Units Resupply keeps rerolled: those the player chose (still eligible now), or,
    when no choice was given, the first X front to back."""
    ok = resupply_eligible(state, card)
    if chosen is not None:
        return [c for c in chosen if c in ok]
    return ok[:defn(state, card).keywords["resupply"]]


def shield_entry(state: GWState, card: int) -> int | None:
    """GW-A-25.10: the topmost unresolved "deal damage" effect targeting this card (not Psycommu)."""
    for i in range(len(state.cut) - 1, -1, -1):
        e = state.cut[i]
        if e.get("target") != card or e.get("reduce_done"):
            continue
        if e["kind"] == "card":
            effects = defn(state, e["card"]).effects
        elif e["kind"] == "text":
            t = entry_text(state, e)
            if t.special == "psycommu":
                continue
            effects = t.effects
        else:
            continue
        if any("damage" in x for x in effects):
            return i
    return None


def resolve_text(state: GWState, entry: dict) -> None:
    card, seat = entry["card"], entry["seat"]
    t = entry_text(state, entry)
    emit(state, {"type": "text_resolves", "card": CardRef(card), "special": t.special or None})
    if entry.get("void"):
        emit(state, {"type": "lost_target", "rule": "GW-A-25.13"})
        return
    sp = t.special
    if sp == "psycommu":
        target = entry.get("target")
        if target not in psycommu_targets(state, card):
            emit(state, {"type": "lost_target", "rule": "GW-A-13.5"})
            return
        amount = defn(state, card).keywords["psycommu"] + state.special_plus.get(card, 0)   # GW-A-26.11
        state.damage[target] = state.damage.get(target, 0) + amount
        emit(state, {"type": "damage", "card": CardRef(target), "amount": amount, "rule": "GW-A-25.11"})
    elif sp == "area_weapon":
        for c in area_weapon_victims(state, card):
            destroy(state, c, "Area Weapon", "GW-A-25.12")
    elif sp == "atmospheric_entry":
        if where(state, card) != "space":
            emit(state, {"type": "condition_unmet", "rule": "GW-A-15.7"})
            return
        for e in state.cut:
            if e.get("target") == card:
                e["void"] = True                                 # GW-A-25.13
        state.table.move(card, seat, "earth")                    # joins behind (GW-A-17.4)
        state.sortied.add(card)
        if zone(state, 0, "earth") and zone(state, 1, "earth"):
            state.engaged.add("earth")                           # GW-A-17.2 exception
        emit(state, {"type": "atmospheric_entry", "card": CardRef(card), "rule": "GW-A-25.13"})
    elif sp == "transform":
        if is_rolled(state, card) or not on_field(state, card):
            emit(state, {"type": "condition_unmet", "rule": "GW-A-25.19"})
            return
        state.transformed ^= {card}
        emit(state, {"type": "transform", "card": CardRef(card), "transformed": card in state.transformed,
                     "rule": "GW-A-25.19"})
    elif sp == "dismantle":
        if not on_field(state, card):
            return
        for s in set_cards(state, card):
            discard_set_card(state, s, "GW-A-25.17")
        state.dismantled.add(card)
        state.turn_mods.pop(card, None)
        emit(state, {"type": "dismantled", "card": CardRef(card), "rule": "GW-A-25.17"})
    elif sp == "resupply":
        if where(state, card) not in AREAS:
            return
        chosen = resupply_units(state, card, entry.get("cards"))
        state.resupplied.update(chosen)
        emit(state, {"type": "resupply", "cards": [CardRef(c) for c in chosen], "rule": "GW-A-25.25"})
    elif sp == "special_shield":
        i = entry.get("shield")
        if i is not None and i < len(state.cut):
            state.cut[i]["reduce"] = state.cut[i].get("reduce", 0) + defn(state, card).keywords["special_shield"]
            state.cut[i]["reduce_done"] = True
            emit(state, {"type": "shield", "card": CardRef(card), "rule": "GW-A-25.10"})
    else:
        apply_effects(state, seat, t.effects, entry.get("target"), card, entry.get("reduce", 0))


# -- the effect words (engine/core/effects.py): each declared once ---------------------------------
# A word's resolve function gives what it did (True, False: not applied, None: its target was
# lost) or the step that asks a player (GW-A-26.8); `_word` puts that into the Resolution.

_TARGET = {"enum": ["enemy_unit", "own_unit", "unit", "enemy_battle_unit", "all_enemy_battle_units",
                    "all_enemy_units", "all_units", "enemy_command", "enemy_played", "own_destroyed_unit",
                    "enemy_operation", "self", "engaged_enemy_unit", "host", "own_card", "enemy_g",
                    "own_battle_unit"]}
_COUNT = {"type": "integer", "minimum": 1}
_FEW = {"type": "integer", "minimum": 1, "maximum": 5}
_SQUAD_KEYWORD = {"enum": ["high_mobility", "water", "desert", "assault", "swift_strike", "vulture"]}


def _obj(required: tuple, **props: dict) -> dict:
    return {"type": "object", "additionalProperties": False, "required": list(required), "properties": props}


_TREAT = _obj(("type", "to"), type={"enum": ["unit", "character", "operation", "g"]}, to=_TARGET,
              generates={"type": "boolean"})


def _word(name: str, params: dict, wording: str, fn: Callable[[GWState, Any, Resolution], Any],
          scope_of: Callable[[Any], str | None] = lambda value: None) -> Word:
    def resolve(state: GWState, value: Any, r: Resolution) -> Step | None:
        out = fn(state, value, r)
        if isinstance(out, Step):
            r.applied = True
            return out
        r.applied = out
        return None
    return Word(name, params, resolve, wording, scope_of)


def _on_victims(act: Callable[[GWState, Any, Resolution, int], None]) -> Callable[[GWState, Any, Resolution], Any]:
    """A word that acts on each card of its scope (the value, or its `to`)."""
    def resolve(state: GWState, value: Any, r: Resolution) -> bool | None:
        victims = _victims(state, r, value["to"] if isinstance(value, dict) else value)
        if victims is None:
            return None
        if not victims:
            return False
        for v in victims:
            act(state, value, r, v)
        return True
    return resolve


def _the_value(value: Any) -> str:
    return value


def _the_to(value: dict) -> str:
    return value["to"]


def _look_homeland(state: GWState, value: int, r: Resolution) -> bool:
    """GW-A-24.2: only the user sees them; their order is kept."""
    top = zone(state, r.seat, "homeland")[:value]
    tell(state, r.seat, {"type": "look", "seat": r.seat, "titles": [defn(state, c).title for c in top],
                         "rule": "GW-A-24.2"}, {"type": "look", "seat": r.seat, "count": len(top), "rule": "GW-A-24.2"})
    return bool(top)


def _reveal_hand(state: GWState, value: str, r: Resolution) -> bool:
    """GW-A-24.3: shown to all, the cards stay in the hand."""
    opp = 1 - r.seat
    hand = zone(state, opp, "hand")
    emit(state, {"type": "reveal", "seat": opp, "titles": sorted(defn(state, c).title for c in hand),
                 "rule": "GW-A-24.3"})
    return True


def _draw_discard(state: GWState, value: int, r: Resolution) -> bool:
    """GW-A-5.1: drawing from the Discard Pile."""
    if not zone(state, r.seat, "discard"):
        return False
    draw(state, r.seat, value, "discard")
    return True


def _discard_random(state: GWState, value: int, r: Resolution) -> bool:
    hand = zone(state, 1 - r.seat, "hand")
    for _ in range(value):
        if not hand:
            return False
        card = hand[state.rng.choice_index(len(hand))]
        state.table.move(card, 1 - r.seat, "junk")
        emit(state, {"type": "discarded_at_random", "card": CardRef(card), "rule": "GW-A-24.24"})
    return True


def _pollute(state: GWState, value: int, r: Resolution) -> bool:
    opp = 1 - r.seat
    state.pollution[opp] += value
    emit(state, {"type": "pollution", "seat": opp, "coins": state.pollution[opp], "rule": "GW-A-25.42"})
    return True


def _to_hangar(state: GWState, value: int, r: Resolution) -> bool:
    junk = zone(state, r.seat, "junk")
    for _ in range(value):
        if not junk:
            break
        card = junk[-1]
        state.table.move(card, r.seat, "hangar")
        emit(state, {"type": "to_hangar", "card": CardRef(card), "rule": "GW-A-6"})
    return True


def _card_coin(state: GWState, value: dict, r: Resolution) -> bool:
    for _ in range(value.get("count", 1)):
        make_card_coin(state, r.seat, value)
    return True


def _mod_this_turn(state: GWState, value: dict, r: Resolution) -> bool:
    state.this_turn.append((r.seat, value["to"], tuple(value["stats"])))
    emit(state, {"type": "mod_this_turn", "seat": r.seat, "scope": value["to"], "stats": list(value["stats"]),
                 "rule": "GW-A-26.6.2"})
    return True


def _no_sortie(state: GWState, value: str, r: Resolution) -> bool:
    who = 1 - r.seat if value == "enemy" else r.seat                   # GW-A-26.3: targets a player
    state.no_sortie.add(who)
    emit(state, {"type": "no_sortie", "seat": who, "rule": "GW-A-26.3"})
    return True


def _discard_at_end(state: GWState, value: str, r: Resolution) -> bool | None:
    chosen = REGISTRY.scopes[value].chosen
    if chosen and (r.target is None or r.target not in REGISTRY.scopes[value].of(state, r.seat, r.source)):
        return None
    state.waiting.append({"kind": "waiting", "seat": r.seat, "card": r.target if chosen else r.source,
                          "scope": value, "target": r.target if chosen else None})
    emit(state, {"type": "waiting_effect", "rule": "GW-A-15.4"})
    return True


def _negate_play(state: GWState, value: str, r: Resolution) -> bool | None:
    """The target must still be a legal one, and still being played (GW-A-13.5, GW-A-13.10)."""
    target = r.target
    if target is None or where(state, target) != "played" or target not in legal_targets(state, r.seat, value, r.source):
        return None
    negate_play(state, target)
    return True


def _move_set(state: GWState, value: str, r: Resolution) -> bool | None:
    victims = _victims(state, r, value)
    if victims is None:
        return None
    return bool(victims) and move_set_card(state, r.seat, r.source, victims[0])


def _damage(state: GWState, value: dict, r: Resolution, v: int) -> None:
    amount = value["amount"]
    base = r.x if amount == "X" else designated_total(state, v) if amount == "designated" else amount
    amount = max(0, base - r.reduce)
    if amount:
        state.damage[v] = state.damage.get(v, 0) + amount
        if state.enemy_proof.get(v) == r.seat:          # GW-A-19.12: this damage cannot destroy it
            state.spared[v] = state.damage[v]
    emit(state, {"type": "damage", "card": CardRef(v), "amount": amount, "rule": "GW-B-11.3"})


def _destroy(state: GWState, value: str, r: Resolution, v: int) -> None:
    source = r.source
    if value == "all_enemy_battle_units" and source is not None and defn(state, source).keywords.get("area_weapon"):
        if defense(state, v) > defn(state, source).keywords["area_weapon"] or not _engaged_with(state, source, v):
            return                                                         # GW-A-25.12
    if state.enemy_proof.get(v) == r.seat:
        emit(state, {"type": "not_destroyed", "card": CardRef(v), "rule": "GW-A-19.12"})
        return
    destroy(state, v, "a destroy effect", "GW-B-11.1")


def _modify(book: str) -> Callable[[GWState, dict, Resolution, int], None]:
    def act(state: GWState, value: dict, r: Resolution, v: int) -> None:
        if book == "coin" and v in state.card_coins:
            return                                                         # GW-A-21.4: no coins on a card-coin
        cur = (state.turn_mods if book == "mod" else state.coins).setdefault(v, [0, 0, 0])
        for i, n in enumerate(value["stats"]):
            cur[i] += n
        emit(state, {"type": book, "card": CardRef(v), "stats": list(value["stats"]), "rule": "GW-A-24.17"})
    return act


def _roll(state: GWState, value: str, r: Resolution, v: int) -> None:
    roll(state, v)
    emit(state, {"type": "rolled", "card": CardRef(v)})


def _reroll(state: GWState, value: str, r: Resolution, v: int) -> None:
    reroll(state, v)
    emit(state, {"type": "rerolled", "card": CardRef(v)})


def _withdraw(state: GWState, value: str, r: Resolution, v: int) -> None:
    """GW-A-26.2 (a move from one area to another): the Unit leaves its squad for its controller's
    Deploy Area, rolled or not as it was, its set cards with it; a squad that lost its front Unit
    has none until the next step (GW-A-17.2, GW-B-10.11.2)."""
    area = where(state, v)
    if area not in AREAS:
        return
    seat = controller(state, v)
    if zone(state, seat, area)[0] == v:
        state.front_gone.add((seat, area))                          # GW-B-10.11.2
    state.table.move(v, seat, "deploy")
    emit(state, {"type": "withdrawn", "card": CardRef(v), "area": area, "rule": "GW-A-26.2"})


def _bounce(state: GWState, value: str, r: Resolution, v: int) -> None:
    leave_field(state, v, "hand", "returned by an effect", "GW-A-26.2.1")


def _keyword(kind: str) -> Callable[[GWState, dict, Resolution, int], None]:
    def act(state: GWState, value: dict, r: Resolution, v: int) -> None:
        book = state.kw_gain if kind == "gain" else state.kw_lose
        book.setdefault(v, set()).add(value["keyword"])
        emit(state, {"type": kind, "card": CardRef(v), "keyword": value["keyword"],
                     "rule": "GW-A-24.4" if kind == "gain" else "GW-A-24.5"})
    return act


def _treat(also: bool) -> Callable[[GWState, dict, Resolution, int], None]:
    def act(state: GWState, value: dict, r: Resolution, v: int) -> None:
        treat_as(state, v, value["type"], also=also, generates=value.get("generates", False))
    return act


def _psycommu_plus(state: GWState, value: dict, r: Resolution, v: int) -> None:
    state.special_plus[v] = state.special_plus.get(v, 0) + value["amount"]   # GW-A-26.11
    emit(state, {"type": "psycommu_plus", "card": CardRef(v), "amount": value["amount"], "rule": "GW-A-26.11"})


def _no_battle_damage(state: GWState, value: str, r: Resolution, v: int) -> None:
    state.battle_immune.add(v)
    emit(state, {"type": "no_battle_damage", "card": CardRef(v), "rule": "GW-A-18.2.1"})


def _enemy_proof(state: GWState, value: str, r: Resolution, v: int) -> None:
    """GW-A-19.12: destruction by an effect (a destroy effect, damage dealt by an effect) is the
    doing of the player whose effect it is; the enemy's such effects cannot destroy `v` this turn.
    Battle damage is no effect (GW-A-18.1) and Defense 0 destroys it anyway (GW-A-19.8)."""
    state.enemy_proof[v] = 1 - controller(state, v)
    emit(state, {"type": "enemy_proof", "card": CardRef(v), "rule": "GW-A-19.12"})


def _untargetable(state: GWState, value: str, r: Resolution, v: int) -> None:
    state.untargetable[v] = 1 - r.seat
    emit(state, {"type": "untargetable", "card": CardRef(v), "rule": "GW-A-13.10"})


def _repair(state: GWState, value: str, r: Resolution, v: int) -> None:
    if v in state.zero_defense:                                            # GW-A-19.7, GW-R-80
        emit(state, {"type": "destruction_not_negated", "card": CardRef(v), "rule": "GW-A-19.7"})
        return
    state.destroyed.discard(v)                                             # GW-A-19.2
    state.damage.pop(v, None)
    emit(state, {"type": "destruction_negated", "card": CardRef(v), "rule": "GW-A-19.2"})


def _done(act: Callable[..., Any]) -> Callable[[GWState, Any, Resolution], bool]:
    """A word that always applies."""
    def resolve(state: GWState, value: Any, r: Resolution) -> bool:
        act(state, value, r)
        return True
    return resolve


def _chosen(kind: str) -> Callable[..., list[int]]:
    return lambda state, seat, source=None: legal_targets(state, seat, kind, source)


def _every(kind: str) -> Callable[..., list[int]]:
    return lambda state, seat, source=None: all_targets(state, seat, kind, source)


SCOPES = [
    Scope("enemy_unit", _chosen("enemy_unit"), chosen=True, sourced=True, wording="an enemy Unit"),
    Scope("own_unit", _chosen("own_unit"), chosen=True, sourced=True, wording="one of your Units"),
    Scope("unit", _chosen("unit"), chosen=True, sourced=True, wording="a Unit"),
    Scope("enemy_battle_unit", _chosen("enemy_battle_unit"), chosen=True, sourced=True,
          wording="an enemy Unit in a battle area"),
    Scope("engaged_enemy_unit", _chosen("engaged_enemy_unit"), chosen=True, sourced=True,
          wording="an enemy Unit engaged with this card's squad"),
    Scope("enemy_command", _chosen("enemy_command"), chosen=True, sourced=True,
          wording="an enemy Command being played"),
    Scope("enemy_played", _chosen("enemy_played"), chosen=True, sourced=True, wording="an enemy card being played"),
    Scope("own_card", _chosen("own_card"), chosen=True, sourced=True,
          wording="one of your Units or another of your cards being played"),
    Scope("own_destroyed_unit", _chosen("own_destroyed_unit"), chosen=True, sourced=True,
          wording="one of your destroyed Units"),
    Scope("enemy_operation", _chosen("enemy_operation"), chosen=True, sourced=True,
          wording="an enemy Operation on the field"),
    Scope("enemy_g", _chosen("enemy_g"), chosen=True, sourced=True, wording="an enemy G"),
    Scope("own_battle_unit", _chosen("own_battle_unit"), chosen=True, sourced=True,
          wording="one of your Units in a battle area"),
    Scope("all_enemy_battle_units", _every("all_enemy_battle_units"), sourced=True,
          wording="every enemy Unit in a battle area"),
    Scope("all_enemy_units", _every("all_enemy_units"), sourced=True, wording="every enemy Unit"),
    Scope("all_units", _every("all_units"), sourced=True, wording="every Unit"),
    Scope("self", _every("self"), sourced=True, wording="this card"),
    Scope("host", _every("host"), sourced=True, wording="the Unit this card is set on"),
    # the sides a "this turn" effect reaches, Units that enter later included (GW-A-26.6.2)
    Scope("own_units", lambda state, seat, source=None: units(state, seat), sourced=True, wording="your Units"),
    Scope("enemy_units", lambda state, seat, source=None: units(state, 1 - seat), sourced=True,
          wording="the enemy's Units"),
]

WORDS = [
    _word("draw", _FEW, "you draw `value` card(s) from your Homeland (GW-A-5.1)",
          _done(lambda state, value, r: draw(state, r.seat, value))),
    _word("draw_discard", _FEW, "you draw `value` card(s) from your Discard Pile (GW-A-5.1)", _draw_discard),
    _word("look_homeland", _FEW, "you look at the top `value` card(s) of your Homeland, keeping their order "
          "(GW-A-24.2)", _look_homeland),
    _word("reveal_hand", {"const": "enemy"}, "the enemy shows you their hand (GW-A-24.3)", _reveal_hand),
    _word("damage", _obj(("amount", "to"), amount={"oneOf": [_COUNT, {"enum": ["X", "designated"]}]},
                           to=_TARGET),
          "deal `amount` damage to `to` (GW-B-11.3)", _on_victims(_damage), _the_to),
    _word("destroy", _TARGET, "destroy `value` (GW-B-11.1)", _on_victims(_destroy), _the_value),
    _word("mod", _obj(("stats", "to"), stats=STAT_CHANGE, to=_TARGET),
          "the Melee, Shooting and Defense of `to` change by `stats` until the end of the turn (GW-A-24.17)",
          _on_victims(_modify("mod")), _the_to),
    _word("coin", _obj(("stats", "to"), stats=STAT_CHANGE, to=_TARGET),
          "put a coin of `stats` (Melee, Shooting, Defense) on `to` (GW-A-24.17)",
          _on_victims(_modify("coin")), _the_to),
    _word("roll", _TARGET, "roll `value`", _on_victims(_roll), _the_value),
    _word("reroll", _TARGET, "reroll `value`", _on_victims(_reroll), _the_value),
    _word("bounce", _TARGET, "return `value` to its owner's hand (GW-A-26.2.1)", _on_victims(_bounce), _the_value),
    _word("withdraw", _TARGET, "move `value` from its battle area back to its controller's Deploy Area, as it is "
          "(GW-A-26.2, GW-A-17.2)", _on_victims(_withdraw), _the_value),
    _word("move_set", _TARGET, "move this set card onto `value` (GW-A-20.10)", _move_set, _the_value),
    _word("recover", _COUNT, "put the top `value` card(s) of your Discard Pile on top of your Homeland (GW-A-24.8)",
          _done(lambda state, value, r: recover(state, r.seat, value))),
    _word("homeland_damage", _COUNT, "deal `value` damage to the enemy Homeland (GW-B-10.8)",
          lambda state, value, r: homeland_to_discard(state, 1 - r.seat, value, "homeland_damage", "GW-B-10.8") > 0),
    _word("mill_all", _COUNT, "each player puts the top `value` card(s) of their Homeland into their Discard Pile "
          "(GW-A-26.4.2)", lambda state, value, r: mill_all(state, r.seat, value, r.then_follows)),
    _word("negate_play", _TARGET, "negate the play of `value` (GW-A-12.6)", _negate_play, _the_value),
    _word("repair", _TARGET, "negate the destruction of `value` (GW-A-19.2)", _on_victims(_repair), _the_value),
    _word("discard_random", _COUNT, "the enemy discards `value` card(s) from their hand at random (GW-A-24.24)",
          _discard_random),
    _word("pollute", _COUNT, "the enemy gets `value` pollution coin(s); 10 lose (GW-A-25.42)", _pollute),
    _word("to_hangar", _COUNT, "put the top `value` card(s) of your Junk Yard into your Hangar (GW-A-6)", _to_hangar),
    _word("junk_unit_to_field", {"const": True}, "put the top Unit of your Junk Yard onto the field as this turn's "
          "Unit play (GW-A-26.7)", lambda state, value, r: junk_unit_to_field(state, r.seat)),
    _word("pull_out_unit", {"const": True}, "pull the topmost Unit out of your Homeland onto the field "
          "(GW-A-24.25)", lambda state, value, r: pull_out_unit(state, r.seat)),
    _word("junk_units_to_field", _obj(("count",), count={"type": "integer", "minimum": 1, "maximum": 3},
                                      players={"enum": ["own", "each"]}),
          "the top `count` Units of your Junk Yard enter the field together (whose Junk Yards: `players`; no "
          "means yours); the attacking player discards those that cannot all stay (GW-A-26.7, GW-A-26.8)",
          lambda state, value, r: junk_units_to_field(state, r.seat, value)),
    _word("no_battle_damage", _TARGET, "`value` takes no battle damage this turn (GW-A-18.2.1)",
          _on_victims(_no_battle_damage), _the_value),
    _word("enemy_proof", _TARGET, "`value` cannot be destroyed by the enemy's effects this turn (GW-A-19.12)",
          _on_victims(_enemy_proof), _the_value),
    _word("untargetable", _TARGET, "`value` cannot be targeted by the enemy's effects this turn (GW-A-13.10)",
          _on_victims(_untargetable), _the_value),
    _word("discard_at_end", _TARGET, "discard `value` at the end of the turn (GW-A-15.4)", _discard_at_end,
          _the_value),
    _word("no_sortie", {"enum": ["enemy", "own"]}, "the `value` player may not sortie this turn (GW-A-26.3)",
          _no_sortie),
    _word("skip", {"enum": ["draw", "deploy", "battle"]}, "this turn's `value` phase is not performed (GW-A-24.26)",
          lambda state, value, r: skip_phase(state, value)),
    _word("gain", _obj(("keyword", "to"), keyword=_SQUAD_KEYWORD, to=_TARGET),
          "`to` gains `keyword` this turn (GW-A-24.4)", _on_victims(_keyword("gain")), _the_to),
    _word("lose", _obj(("keyword", "to"), keyword=_SQUAD_KEYWORD, to=_TARGET),
          "`to` loses `keyword` this turn (GW-A-24.5)", _on_victims(_keyword("lose")), _the_to),
    _word("mod_this_turn", _obj(("stats", "to"), stats=STAT_CHANGE, to={"enum": ["own_units", "enemy_units"]}),
          "the Melee, Shooting and Defense of `to` change by `stats` this turn, Units that enter later "
          "included (GW-A-26.6.2)",
          _mod_this_turn, _the_to),
    _word("psycommu_plus", _obj(("amount", "to"), amount=_COUNT, to=_TARGET),
          "the Psycommu of `to` deals `amount` more this turn (GW-A-26.11)", _on_victims(_psycommu_plus), _the_to),
    # GW-A-1.2: "treated as a (type) card" / "also treated as a (type) card", while the card stays on
    # the field; `generates: true` (type g only) also gives it "(Auto A): generates 1 National Power
    # of this card's colour" (a card made a G has no generating text of its own, GW-A-7.1.3)
    _word("treat_as", _TREAT, "`to` is treated as a `type` card only while it stays on the field (generates "
          "National Power: `generates`) (GW-A-1.2.1)", _on_victims(_treat(False)), _the_to),
    _word("also_treat_as", _TREAT, "`to` is also treated as a `type` card while it stays on the field (generates "
          "National Power: `generates`) (GW-A-1.2.2)", _on_victims(_treat(True)), _the_to),
    _word("card_coin", _obj(("name", "stats", "terrain"), name={"type": "string", "minLength": 1}, stats=STAT_CHANGE,
                            terrain={"type": "array", "items": {"enum": ["space", "earth"]}},
                            count={"type": "integer", "minimum": 1, "maximum": 3}),
          "put card-coins named `name` (Melee, Shooting, Defense `stats`; aptitude `terrain`) onto your field "
          "(how many: `count`; no means one) (GW-A-21.4)",
          _card_coin),
]

REGISTRY: EffectRegistry[GWState] = EffectRegistry(WORDS, SCOPES)


def entry_targets(state: GWState, entry: dict) -> list[int] | None:
    """The legal targets of a waiting Auto C that chooses one (GW-A-13.4), or None if it chooses none."""
    if entry["kind"] != "auto":
        return None
    effects = defn(state, entry["card"]).autos[entry["auto"]].effects
    return REGISTRY.targets(state, entry["seat"], bare(effects), entry["card"])
