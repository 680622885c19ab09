"""Why a proposed action is refused: the rule that forbids it, in player words.

Legal options come from `options` (below); this module explains anything that is not among
them, so the list of legal moves and the refusals cannot disagree.
"""

from __future__ import annotations

from itertools import permutations

from engine.core.errors import Refusal

from engine.games.vividz.state import (ADJACENT, FORBID, SLOTS, ZK, VividzState, act_cards, attack_forbidden,
                                       changed_cost, controller, cost_changes, defn, derived, in_slot,
                                       mission_active, owner, play_cost, slot_reduced, where, zone)
from engine.games.vividz import effects as fx

KIND_RULES = {
    "missions": ("601.1b", "Place your three missions face down: choose their positions."),
    "setup_energy": ("601.1e", "Choose a card from your hand to put into your Energy zone."),
    "main": ("703.2", "Play a card, activate an ability, attack, check a mission, or end the Main phase."),
    "defense": ("803.1", "Defend: activate an ability, discard 2 cards to slide a character, or pass."),
    "pay": ("905.3a", "Pay the energy cost with a card from your Energy zone."),
    "discard": ("904.2f", "Pay the cost by discarding a card from your hand (not from Keep)."),
    "pick": ("904.3a", "Choose one of the cards the effect offers."),
    "target": ("1107.1", "Choose one of the characters this effect can affect."),
    "use": ("1115.1", "Use the revealed card for free, or put it into your Energy zone."),
    "scout_use": ("804.2b", "Use your revealed Scout card for free, or put it into your Energy zone."),
    "trigger": ("908.2a", "Choose which triggered ability resolves next."),
    "may": ("908.2", "Say whether you use this optional triggered ability."),
    "number": ("102.11", "Choose a whole number from 0 up to the maximum offered."),
    "slide_to": ("1116.1", "Slide one of your characters to an adjacent empty slot."),
    "replacement": ("912.2", "Choose which replacement effect applies."),
    "newest": ("1002.1", "Several cards entered this slot together: choose the one that counts as newest."),
    "up_to": ("504.4", "Move the top card of your Deck, or stop moving cards."),
    "ts_order": ("911.3c", "Choose which of your effects with the same timestamp applies first."),
    "keep": ("705.2", "Choose a hand card to keep, or keep nothing."),
    "charge": ("705.3", "Put a hand card into Energy, or stop charging."),
}


def _card(state: VividzState, action: dict, key: str = "card") -> int | None:
    c = action.get(key)
    if isinstance(c, int) and not isinstance(c, bool) and 0 <= c < len(state.table.cards):
        return c
    return None


def check(state: VividzState, seat: int, action: dict) -> Refusal | None:
    if state.result is not None:
        return Refusal("101.2", "The game is over.")
    w = state.waiting
    if w is None:
        return Refusal("202.1", "The referee is still processing; wait for the next decision.")
    if seat != w[1]:
        return seat_refusal(state, seat)
    if any(a == action for a, _ in options(state)):
        return None
    kind = w[0]
    t = action.get("type") if isinstance(action, dict) else None
    if kind != "main" and t in ("play", "attack", "check"):
        return Refusal("703.2", "Cards are played, attacks declared and missions checked only by the turn player "
                                "in the Main phase. " + KIND_RULES[kind][1])
    if kind == "main":
        refusal = _main(state, seat, action, t)
        if refusal:
            return refusal
    if kind == "defense" and t == "slide":
        refusal = _slide(state, seat, action)
        if refusal:
            return refusal
    if t == "activate" and kind in ("main", "defense"):
        card = _card(state, action)
        i = action.get("ability")
        if card is None or controller(state, card) != seat:
            return Refusal("502.1c", "You can only activate abilities of cards you control.")
        abilities = defn(state, card).abilities
        if not isinstance(i, int) or not 0 <= i < len(abilities) or abilities[i].kind != "act":
            return Refusal("901.2a", "That card has no such activated ability.")
        rule = ability_payable(state, seat, card, i)
        messages = {"903.1": "That ability works only while the card is in the zone its validity icon names.",
                    "903.2a": "That ability's condition is not met now.",
                    "907.1a": "The card must be upright (reboot) to pay a sleep cost.",
                    "905.3b": "You do not have enough cards in your Energy zone to pay this cost.",
                    "508.3": "You do not have enough cards in hand to discard for this cost (Keep cards do not count)."}
        if rule:
            return Refusal(rule, messages[rule])
    rule, message = KIND_RULES[kind]
    return Refusal(rule, f"That is not a legal choice now. {message}")


def _main(state: VividzState, seat: int, action: dict, t) -> Refusal | None:
    if t == "play":
        card = _card(state, action)
        if card is None or owner(state, card) != seat or where(state, card) not in ("hand", "keep"):
            return Refusal("508.2", "Play a card from your hand or your Keep zone.")
        d = defn(state, card)
        if d.type == "event" and state.turn == 1:
            return Refusal("703.2a", "Event cards cannot be played in turn 1.")
        slot = action.get("slot")
        if d.type == "character" and slot not in (1, 2, 3):
            return Refusal("906.1a", "Choose one of your three field slots (1, 2 = Center, 3) for the character.")
        if d.type == "event" and "slot" in action:
            return Refusal("906.1b", "An event card is not put into a field slot; play it without one.")
        cost = play_cost(state, seat, card, slot if d.type == "character" else None)
        if cost > len(zone(state, seat, "energy")):
            return Refusal("905.3b", f"{d.name} costs {cost} energy and you have "
                                     f"{len(zone(state, seat, 'energy'))}; charge more energy first.")
    if t == "attack":
        if state.turn == 1:
            return Refusal("703.2a", "No attacks can be declared in turn 1.")
        card = _card(state, action)
        if card is None or controller(state, card) != seat or where(state, card) != "area":
            return Refusal("802.1a", "Attack with one of the characters you control in the Area (502.1b).")
        if card in state.sleep:
            return Refusal("802.1a", "A sleeping character cannot attack; only a rebooted (upright) one can.")
        if attack_forbidden(state, card):
            return Refusal("802.1a", "That character has an attack-forbidden marker and cannot attack.")
    if t == "check":
        m = _card(state, action, "mission")
        if m is None or owner(state, m) != seat or where(state, m) != "mission":
            return Refusal("703.2", "Check one of your own missions.")
        if not mission_active(state, m):
            return Refusal("304.1b", "A completed (face-down) mission cannot be checked again.")
        if m in state.sleep:
            return Refusal("1113.2", "That mission is already checked this turn.")
        if not fx.condition_holds(state, seat, m, defn(state, m).check):
            return Refusal("1113.1", "That mission's check conditions are not all met yet (304.6d).")
    return None


def _slide(state: VividzState, seat: int, action: dict) -> Refusal | None:
    if len(zone(state, seat, "hand")) < 2:
        return Refusal("803.1", "Sliding costs 2 cards from your hand (Keep cards do not count, 508.3).")
    card = _card(state, action)
    if card is None or controller(state, card) != seat or where(state, card) != "area":
        return Refusal("1116.1", "Slide one of the characters you control.")
    slot = action.get("slot")
    if slot not in ADJACENT[state.slot[card]]:
        return Refusal("1116.1", "A character slides only to an adjacent slot; the two Sides are not adjacent.")
    if in_slot(state, seat, slot):
        return Refusal("1116.1", "A character slides only into an empty slot.")
    return None


def seat_refusal(state: VividzState, seat: int) -> Refusal:
    w = state.waiting
    if w is None:
        return Refusal("201.1", "No decision is pending.")
    if w[0] == "main":
        return Refusal("703.2", "Only the turn player acts in the Main phase; wait for your turn.")
    if w[0] == "defense":
        return Refusal("803.1", "The defending player chooses now; wait for them.")
    rule, _ = KIND_RULES[w[0]]
    return Refusal(rule, f"Seat {w[1]} is choosing now; wait for them.")


# -- the legal options of the pending decision ----------------------------------------------------

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
