"""Legal options for the pending decision, and applying a chosen one.

`options(state)` lists every legal answer with a player-readable label; guards.py explains
anything else. `apply` performs the answer and runs the game on to the next decision.
"""

from __future__ import annotations

from itertools import permutations

from engine.games.vividz import effects as fx
from engine.games.vividz import flow
from engine.games.vividz.state import (ADJACENT, FORBID, SLOTS, ZK, VividzState, act_cards, attack_forbidden,
                                       card_json, changed_cost, cost_changes, defn, derived, emit, in_slot,
                                       play_cost, slot_reduced, where, zone)

# B.2: slots are named by lane, never by left/right: seat 1 sees its slot 1 on its right.
SLOT_NAMES = {1: "Side slot of lane 1 (L1)", 2: "Center slot (L2)", 3: "Side slot of lane 3 (L3)"}
VALID_ZONES = ("area", "account", "mission", "hand", "trash", "energy")


def _n(state: VividzState, card: int) -> str:
    return defn(state, card).name


# -- what may be done ------------------------------------------------------------------------

def ability_payable(state: VividzState, seat: int, card: int, ab_index: int) -> str | None:
    """None if the [Act] ability is effective and its costs can be paid; else the rule why not."""
    ab = defn(state, card).abilities[ab_index]
    z = where(state, card)
    if z != ab.zone or (z == "mission" and card in state.table.face_down):
        return "903.1"
    if ab.cond and not fx.condition_holds(state, seat, card, ab.cond):
        return "903.2a"
    if ab.cost_of("sleep") and (card in state.sleep or z not in ("area", "account")):
        return "907.1a"
    if len(zone(state, seat, "energy")) < ab.cost_of("energy"):
        return "905.3b"
    if len(zone(state, seat, "hand")) < ab.cost_of("discard"):
        return "508.3"
    return None


def activations(state: VividzState, seat: int) -> list[tuple[dict, str]]:
    t = state.table
    acts = act_cards(state)
    out = []
    for zname in VALID_ZONES:
        cards = t.zones[ZK[seat][zname]]
        here = acts.get(zname)
        if not here or here.isdisjoint(cards):
            continue  # no card here has an ability usable from this zone (903.1)
        for card in cards:
            d = t.cards[card].defn
            for i in d.acts:
                if d.abilities[i].zone == zname and ability_payable(state, seat, card, i) is None:
                    text = d.abilities[i].text or ("Accel" if "accel" in d.abilities[i].effects[0] else "ability")
                    out.append(({"type": "activate", "card": card, "ability": i}, f"{d.name}: activate {text}"))
    return out


def main_options(state: VividzState, seat: int) -> list[tuple[dict, str]]:
    t = state.table
    zones, cards = t.zones, t.cards
    energy = len(zones[ZK[seat]["energy"]])
    dv = derived(state)
    changes = cost_changes(dv.sources())
    occupied = None
    out = []
    for zname in ("hand", "keep"):  # 508.2: Keep cards are played as from hand
        for card in zones[ZK[seat][zname]]:
            d = cards[card].defn
            if d.type == "character":
                base = changed_cost(d, seat, changes) if changes else d.cost
                if d.cost_reduction and occupied is None:
                    occupied = {slot: in_slot(state, seat, slot) for slot in SLOTS}
                for slot in SLOTS:
                    cost = slot_reduced(state, seat, d, slot, base, occupied[slot]) \
                        if d.cost_reduction and occupied[slot] else base
                    if cost <= energy:
                        out.append(({"type": "play", "card": card, "slot": slot},
                                    f"Play {d.name} to the {SLOT_NAMES[slot]} (cost {cost})"))
            elif d.type == "event" and state.turn != 1:
                cost = changed_cost(d, seat, changes) if changes else d.cost
                if cost <= energy:
                    out.append(({"type": "play", "card": card}, f"Play event {d.name} (cost {cost})"))
    out += activations(state, seat)
    if state.turn != 1:  # 703.2a
        markers = dv.writes & FORBID  # else no attack-forbidden marker exists
        sleep = state.sleep
        for card in zones[ZK[seat]["area"]]:
            if card not in sleep and not (markers and attack_forbidden(state, card)):
                out.append(({"type": "attack", "card": card},
                            f"Attack with {cards[card].defn.name} (lane {state.slot[card]})"))
    for m in zones[ZK[seat]["mission"]]:
        if m not in t.face_down and m not in state.sleep and fx.condition_holds(state, seat, m, cards[m].defn.check):
            out.append(({"type": "check", "mission": m}, f"Check mission {cards[m].defn.name}"))  # 304.1b, 1113
    out.append(({"type": "pass"}, "End the Main phase"))
    return out


def defense_options(state: VividzState, seat: int):
    yield from activations(state, seat)
    if len(zone(state, seat, "hand")) >= 2:  # AMB-22
        for card in zone(state, seat, "area"):
            for slot in ADJACENT[state.slot[card]]:
                if not in_slot(state, seat, slot):
                    yield ({"type": "slide", "card": card, "slot": slot},
                           f"Discard 2 cards to slide {_n(state, card)} to the {SLOT_NAMES[slot]}")
    yield {"type": "pass"}, "Pass"


def _distinct(state: VividzState, cards: list[int]) -> list[int]:
    """One card per card kind: identical cards in a public zone are interchangeable choices."""
    seen, out = set(), []
    for c in sorted(cards):
        k = defn(state, c).id
        if k not in seen:
            seen.add(k)
            out.append(c)
    return out


def _use_options(state: VividzState, card: int):
    if defn(state, card).type == "character":
        for slot in SLOTS:
            yield {"type": "use", "slot": slot}, f"Use {_n(state, card)} for free in the {SLOT_NAMES[slot]}"
    else:
        yield {"type": "use"}, f"Use {_n(state, card)} for free"
    yield {"type": "decline"}, f"Put {_n(state, card)} into your Energy"


def options(state: VividzState) -> list[tuple[dict, str]]:
    w = state.waiting
    if w is None:
        return []
    kind, seat = w[0], w[1]
    if kind == "missions":
        ms = sorted(zone(state, seat, "mission"))
        return [({"type": "place_missions", "order": list(p)},
                 "Missions in positions 1-3: " + ", ".join(_n(state, c) for c in p)) for p in permutations(ms)]
    if kind == "setup_energy":
        return [({"type": "setup_energy", "card": c}, f"Put {_n(state, c)} into Energy")
                for c in sorted(zone(state, seat, "hand"))]
    if kind == "main":
        return main_options(state, seat)
    if kind == "defense":
        return list(defense_options(state, seat))
    if kind == "pay":
        return [({"type": "pay", "card": c}, f"Pay with {_n(state, c)}") for c in _distinct(state, zone(state, seat, "energy"))]
    if kind == "discard":
        return [({"type": "discard", "card": c}, f"Discard {_n(state, c)}") for c in sorted(zone(state, seat, "hand"))]
    if kind == "pick":
        pool = _distinct(state, list(w[2])) if w[4] == "energy" else list(w[2])
        return [({"type": "pick", "card": c}, f"Choose {_n(state, c)}") for c in pool]
    if kind == "target":
        return [({"type": "target", "card": c}, f"Choose {_n(state, c)} (1107.1)") for c in w[2]]
    if kind in ("use", "scout_use"):
        return list(_use_options(state, w[2]))
    if kind == "trigger":
        return [({"type": "trigger", "pick": p[0]}, f"Resolve {_n(state, p[1])}'s triggered ability")
                for p in state.pending]
    if kind == "may":
        return [({"type": "may", "use": True}, f"Use {_n(state, w[2])}'s ability"),
                ({"type": "may", "use": False}, "Do not use it")]
    if kind == "number":
        return [({"type": "number", "value": n}, f"Choose {n}") for n in range(w[2] + 1)]
    if kind == "slide_to":
        return [({"type": "slide", "card": c, "slot": s}, f"Slide {_n(state, c)} to the {SLOT_NAMES[s]}") for c, s in w[2]]
    if kind == "replacement":
        return [({"type": "replacement", "source": r}, f"{_n(state, r)} replaces {_n(state, w[2])} retiring")
                for r in w[3]]
    if kind == "newest":
        return [({"type": "newest", "card": c}, f"{_n(state, c)} counts as the newest card of slot L{state.slot[c]}")
                for c in w[2]]
    if kind == "up_to":
        where_to = {"energy": "Energy zone", "hand": "hand", "trash": "Trash"}[w[4]]
        return [({"type": "up_to", "move": True}, f"Move the top card of your Deck to your {where_to} "
                                                  f"({w[2]} of up to {w[3]} moved)"),
                ({"type": "up_to", "move": False}, "Move no more cards")]
    if kind == "ts_order":
        return [({"type": "order", "card": c, "item": k}, f"Apply {_n(state, c)}'s {_item_text(state, c, k)} first")
                for c, inc, k in w[2] if (c, inc, k) not in state.ts_rank]
    if kind == "keep":
        return [({"type": "keep", "card": c}, f"Keep {_n(state, c)}") for c in sorted(zone(state, seat, "hand"))] + \
            [({"type": "skip"}, "Keep nothing")]
    if kind == "charge":
        return [({"type": "charge", "card": c}, f"Put {_n(state, c)} into Energy") for c in sorted(zone(state, seat, "hand"))] + \
            [({"type": "done"}, "Stop charging")]
    raise AssertionError(f"unknown decision {kind}")


def _item_text(state: VividzState, card: int, k: int) -> str:
    d = defn(state, card)
    items = [it for i in d.conts for it in d.abilities[i].continuous]
    item = items[k]
    if "set_power" in item:
        return f"\"power becomes {item['set_power']['value']}\""
    return f"\"power {item['power']['amount']:+d}\""


def _order(state: VividzState, seat: int, group: tuple, action: dict) -> None:
    """911.3c: the chosen effect is applied before the remaining ones of the same timestamp."""
    key = next(g for g in group if g[0] == action["card"] and g[2] == action["item"])
    state.ts_rank[key] = sum(1 for g in group if g in state.ts_rank) + 1
    emit(state, {"type": "effect_order", "seat": seat, "card": card_json(state, key[0]), "item": key[2],
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
        emit(state, {"type": "sleep", "card": card_json(state, card), "rule": "907.1a"})
    inc = state.inc[card] if where(state, card) == "area" else -1
    if ab.cost_of("remove_self"):
        emit(state, {"type": "remove", "card": card_json(state, card), "rule": "904.2f"})
        fx.move(state, card, "remove")
    return (("discard_cost", seat, ab.cost_of("discard"), "904.2f"), ("pay", seat, ab.cost_of("energy"), "905.3"),
            ("resolve_ab", card, seat, i, inc))


def apply(state: VividzState, seat: int, action: dict) -> None:
    kind = state.waiting[0]
    w = state.waiting
    state.waiting = None
    t = action["type"]
    push = flow.push
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
        emit(state, {"type": "charge", "seat": seat, "card": card_json(state, action["card"]), "rule": "601.1e"})
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
            emit(state, {"type": "play", "seat": seat, "card": card_json(state, card), "cost": cost, "slot": slot,
                         "from": src, "rule": "906.1"})
            push(state, ("pay", seat, cost, "905.3"), ("finish_play", card, seat, slot, src), *after)
        elif t == "activate":
            push(state, *_activate(state, seat, action["card"], action["ability"]), *after)
        elif t == "attack":
            card = action["card"]
            state.sleep.add(card)  # 802.1b
            state.battle = {"attacker": card, "inc": state.inc[card], "lane": state.slot[card]}
            emit(state, {"type": "attack", "seat": seat, "card": card_json(state, card), "lane": state.slot[card],
                         "rule": "802.1"})
            fx.fire_self(state, card, "attack")  # 802.1c
            fx.fire(state, "ally_attack", seat)
            push(state, ("pp", ""), ("atk", "D1"), *after)
        elif t == "check":
            m = action["mission"]
            state.sleep.add(m)  # 1113.2
            emit(state, {"type": "check", "seat": seat, "card": card_json(state, m), "rule": "1113.2"})
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
        emit(state, {"type": "pay", "seat": seat, "card": card_json(state, action["card"]), "rule": "905.3c"})
        if w[2] > 1:
            push(state, ("pay", seat, w[2] - 1, w[3]))
    elif kind == "discard":
        fx.move(state, action["card"], "trash")
        emit(state, {"type": "discard", "seat": seat, "card": card_json(state, action["card"]), "rule": w[3]})
        if w[2] > 1:
            push(state, ("discard_cost", seat, w[2] - 1, w[3]))
    elif kind == "pick":
        state.frames[-1][4]["pick"] = action["card"]
    elif kind == "target":
        state.frames[-1][4]["choice"] = action["card"]
        emit(state, {"type": "target", "seat": seat, "card": card_json(state, action["card"]), "rule": "1107.1"})
    elif kind == "use":
        state.frames[-1][4]["use"] = "decline" if t == "decline" else action.get("slot", 0)
    elif kind == "scout_use":
        card = w[2]
        if t == "decline":
            fx.move(state, card, "energy")
            emit(state, {"type": "to_energy", "seat": seat, "card": card_json(state, card), "rule": "1115.1"})
        else:
            fx.play_free(state, card, seat, action.get("slot", 0))
    elif kind == "trigger":
        flow.resolve_trigger(state, action["pick"])
    elif kind == "may":
        if action["use"]:
            flow.start_ability(state, w[2], seat, w[3], w[4])
        else:
            emit(state, {"type": "declined", "seat": seat, "source": card_json(state, w[2]), "rule": "908.2"})
    elif kind == "number":
        state.frames[-1][4]["number"] = action["value"]
    elif kind == "slide_to":
        state.frames[-1][4]["slide"] = (action["card"], action["slot"])
    elif kind == "replacement":
        state.repl_choice[w[2]] = action["source"]
        emit(state, {"type": "replacement_chosen", "seat": seat, "card": card_json(state, action["source"]),
                     "rule": "912.2"})
    elif kind == "newest":
        c = action["card"]
        state.newest_pick[(seat, state.slot[c])] = c
        emit(state, {"type": "newest", "seat": seat, "card": card_json(state, c), "rule": "1002.1"})
    elif kind == "up_to":
        state.frames[-1][4]["more"] = action["move"]
    elif kind == "ts_order":
        _order(state, seat, w[2], action)
    elif kind == "keep":
        if t == "keep":
            for old in list(zone(state, seat, "keep")):  # 705.2: the old card goes to the Trash first
                fx.move(state, old, "trash")
                emit(state, {"type": "discard", "seat": seat, "card": card_json(state, old), "rule": "705.2"})
            fx.move(state, action["card"], "keep")
            emit(state, {"type": "keep", "seat": seat, "card": card_json(state, action["card"], True), "rule": "705.2"},
                 seat, {"type": "keep", "seat": seat, "rule": "705.2"})
    elif kind == "charge":
        if t == "charge":
            fx.move(state, action["card"], "energy")
            emit(state, {"type": "charge", "seat": seat, "card": card_json(state, action["card"]), "rule": "705.3"})
            state.waiting = ("charge", seat) if zone(state, seat, "hand") else None
    flow.run(state)
