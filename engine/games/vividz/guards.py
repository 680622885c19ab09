"""Why a proposed action is refused: the rule that forbids it, in player words.

Legal options come from `options` (below); this module explains anything that is not among
them, so the list of legal moves and the refusals cannot disagree.
"""

from __future__ import annotations

from itertools import permutations

from engine.core.errors import Refusal
from engine.core.requests import Option

from engine.games.vividz.state import (
    ADJACENT, FORBID, SLOTS, ZK, ChargeCards, ChooseDiscard, ChooseNumber, ChoosePayment, ChooseReplacement,
    ChooseSlide, ChooseTarget, ChooseTrigger, Defense, KeepCard, MainPhase, MayUse, MoveUpTo, NameNewest,
    OrderEffects, PickCard, PlaceMissions, ScoutUse, SetupEnergy, UseRevealed, VividzState, act_cards,
    attack_forbidden, changed_cost, controller, cost_changes, defn, derived, in_slot, mission_active,
    options_read_effects, owner, play_cost, slot_discounts, slot_reduced, where, zone)
from engine.games.vividz import effects as fx

def _card(state: VividzState, action: dict, key: str = "card") -> int | None:
    c = action.get(key)
    if isinstance(c, int) and not isinstance(c, bool) and 0 <= c < len(state.table.cards):
        return c
    return None


# action type -> the asking steps that accept it, and the rule that gives that kind of move its
# moment with when that is (player words); cited when the move is sent at another moment, by
# either seat (design.md, "Why not, once")
ACCEPTED: dict[str, tuple[type, ...]] = {
    "place_missions": (PlaceMissions,), "setup_energy": (SetupEnergy,),
    "play": (MainPhase,), "attack": (MainPhase,), "check": (MainPhase,),
    "activate": (MainPhase, Defense), "pass": (MainPhase, Defense), "slide": (Defense, ChooseSlide),
    "pay": (ChoosePayment,), "discard": (ChooseDiscard,), "pick": (PickCard,), "target": (ChooseTarget,),
    "use": (UseRevealed, ScoutUse), "decline": (UseRevealed, ScoutUse), "trigger": (ChooseTrigger,),
    "may": (MayUse,), "number": (ChooseNumber,), "replacement": (ChooseReplacement,), "newest": (NameNewest,),
    "up_to": (MoveUpTo,), "order": (OrderEffects,), "keep": (KeepCard,), "skip": (KeepCard,),
    "charge": (ChargeCards,), "done": (ChargeCards,),
}
TIMING: dict[str, tuple[str, str]] = {
    "place_missions": ("601.1b", "Missions are placed once, face down, before the game starts"),
    "setup_energy": ("601.1e", "Only the second player puts 2 opening hand cards into Energy, before turn 1"),
    "play": ("703.2", "Cards are played only by the turn player in their Main phase, one action at a time"),
    "attack": ("703.2", "Attacks are declared only by the turn player in their Main phase (802.1)"),
    "check": ("703.2", "Missions are checked only by the turn player in their Main phase (1113)"),
    "activate": ("703.2", "Activated abilities are activated by the turn player in their Main phase, "
                          "or by the defending player in the Defense step (803.1)"),
    "pass": ("703.3a", "You pass to end your Main phase, or as the defending player's Defense-step choice (803.1)"),
    "slide": ("803.1", "The defending player slides in the Defense step (or when an effect lets a character "
                       "slide, 1116.1)"),
    "pay": ("905.3a", "Energy is paid only while a cost asks for it"),
    "discard": ("904.2f", "A hand card is discarded only while a cost asks for it"),
    "pick": ("904.3a", "A card is chosen only while an effect offers cards to choose from"),
    "target": ("1107.1", "A character is chosen only while an effect asks which one it affects"),
    "use": ("1115.1", "A revealed card is used only right after it is revealed (Scout 804.2b, Accel 1201)"),
    "decline": ("1115.1", "A revealed card is declined only right after it is revealed (Scout 804.2b, Accel 1201)"),
    "trigger": ("908.2a", "The next triggered ability is chosen only when several wait in pre-processing"),
    "may": ("908.2", "An optional triggered ability is accepted or declined only when it resolves"),
    "number": ("102.11", "A number is chosen only when an effect asks for one"),
    "replacement": ("912.2", "A replacement effect is chosen only when several apply to one action"),
    "newest": ("1002.1", "The newest card is named only when characters entered a slot together"),
    "up_to": ("504.4", "Cards are moved \"up to X\" only while such an effect resolves"),
    "order": ("911.3c", "The order of your effects is chosen only when they share a timestamp"),
    "keep": ("705.2", "A card is put into Keep only by the turn player in their Charge phase, once per turn"),
    "skip": ("705.2", "Keeping nothing is a choice of the turn player in their Charge phase, once per turn"),
    "charge": ("705.3", "Hand cards are put into Energy only by the turn player in their Charge phase"),
    "done": ("705.3", "Charging is stopped only by the turn player in their Charge phase"),
}


def check(state: VividzState, seat: int, action: dict) -> Refusal | None:
    """Why `action` by `seat` is not legal now, by the rules of that kind of move first: the
    moment it belongs to (TIMING), then its own guards, and only then whose decision it is."""
    if state.result is not None:
        return Refusal("101.2", "The game is over.")
    step = state.flow.asking
    if step is None:
        return Refusal("202.1", "The referee is still processing; wait for the next decision.")
    t = action.get("type")
    if type(step) not in ACCEPTED[t]:
        rule, sentence = TIMING[t]
        now = step.hint if seat == step.seat else "Your opponent is deciding now; wait for them."
        return Refusal(rule, f"{sentence}. {now}")
    if seat != step.seat:  # the asking step's rule and wait text
        return Refusal(step.rule, step.wait.format(seat=step.seat, prompt=step.prompt))
    if any(o.action == action for o in options(state, step)):
        return None
    kind = step.kind
    if kind == "main":
        refusal = _main(state, seat, action, t)
        if refusal:
            return refusal
    if kind == "defense" and t == "slide":
        refusal = _slide(state, seat, action)
        if refusal:
            return refusal
    if t == "activate":
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
    return Refusal(step.rule, f"That is not a legal choice now. {step.hint}")


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


# -- the legal options of the pending decision ----------------------------------------------------

# B.2: slots are named by lane, never by left/right: seat 1 sees its slot 1 on its right.
SLOT_NAMES = {1: "Side slot of lane 1 (L1)", 2: "Center slot (L2)", 3: "Side slot of lane 3 (L3)"}
VALID_ZONES = ("area", "account", "mission", "hand", "trash", "energy")


def _n(state: VividzState, card: int) -> str:
    return state.table.cards[card].defn.name  # `defn`, inlined: every option label names its card


# -- what may be done ------------------------------------------------------------------------

def ability_payable(state: VividzState, seat: int, card: int, ab_index: int) -> str | None:
    """None if the [Act] ability is effective and its costs can be paid; else the rule why not."""
    return _unpayable(state, seat, card, defn(state, card).abilities[ab_index], where(state, card))


def _unpayable(state: VividzState, seat: int, card: int, ab, z: str) -> str | None:
    """`ability_payable` for the ability `ab` of `card`, which is in zone `z`."""
    if z != ab.zone or (z == "mission" and card in state.table.face_down):
        return "903.1"
    if ab.cond and not fx.condition_holds(state, seat, card, ab.cond):
        return "903.2a"
    costs = _COSTS.get(id(ab))
    _, sleep, energy, discard = costs if costs is not None and costs[0] is ab else act_costs(ab)
    if sleep and (card in state.sleep or z not in ("area", "account")):
        return "907.1a"
    zones, keys = state.table.zones, ZK[seat]
    if len(zones[keys["energy"]]) < energy:
        return "905.3b"
    if len(zones[keys["hand"]]) < discard:
        return "508.3"
    return None


_COSTS: dict[int, tuple] = {}  # id(ability) -> (ability, its sleep, energy and discard costs)


def act_costs(ab) -> tuple:
    """(ab, whether it costs sleeping the card, its energy cost, how many cards it discards) of an
    [Act] ability (905, 907.1a), read from its cost once per ability (card data never changes)."""
    costs = _COSTS[id(ab)] = (ab, bool(ab.cost_of("sleep")), ab.cost_of("energy"), ab.cost_of("discard"))
    return costs


def activations(state: VividzState, seat: int) -> list[tuple[dict, str]]:
    t = state.table
    acts = act_cards(state)
    out = []
    zones = ZK[seat]
    for zname in VALID_ZONES:
        here = acts.get(zname)
        if not here:
            continue
        cards = t.zones[zones[zname]]
        if here.isdisjoint(cards):
            continue  # no card here has an ability usable from this zone (903.1)
        for card in cards:
            if card not in here:
                continue
            d = t.cards[card].defn
            for i in d.acts:
                ab = d.abilities[i]
                if ab.zone == zname and _unpayable(state, seat, card, ab, zname) is None:
                    text = ab.text or ("Accel" if "accel" in ab.effects[0] else "ability")
                    out.append(({"type": "activate", "card": card, "ability": i}, f"{d.name}: activate {text}"))
    return out


def main_options(state: VividzState, seat: int) -> list[Option]:
    """The Main phase's options (703.2), made as Options at once: most decisions are asked here."""
    t = state.table
    zones, cards = t.zones, t.cards
    energy = len(zones[ZK[seat]["energy"]])
    dv = derived(state) if options_read_effects(state) else None  # None: no cost changes, no markers
    changes = cost_changes(dv.sources()) if dv is not None else []
    discounts = None
    out: list[Option] = []
    for zname in ("hand", "keep"):  # 508.2: Keep cards are played as from hand
        for card in zones[ZK[seat][zname]]:
            d = cards[card].defn
            if d.type == "character":
                base = changed_cost(d, seat, changes) if changes else d.cost
                if d.cost_reduction and discounts is None:
                    discounts = slot_discounts(state, seat)
                for slot, slot_name in SLOT_NAMES.items():
                    cost = slot_reduced(d, base, discounts[slot - 1]) if d.cost_reduction else base
                    if cost <= energy:
                        out.append(Option(f"Play {d.name} to the {slot_name} (cost {cost})",
                                          {"type": "play", "card": card, "slot": slot}))
            elif d.type == "event" and state.turn != 1:
                cost = changed_cost(d, seat, changes) if changes else d.cost
                if cost <= energy:
                    out.append(Option(f"Play event {d.name} (cost {cost})", {"type": "play", "card": card}))
    out += [Option(label, action) for action, label in activations(state, seat)]
    if state.turn != 1:  # 703.2a
        markers = dv is not None and dv.writes & FORBID  # else no attack-forbidden marker exists
        sleep = state.sleep
        for card in zones[ZK[seat]["area"]]:
            if card not in sleep and not (markers and attack_forbidden(state, card)):
                out.append(Option(f"Attack with {cards[card].defn.name} (lane {state.slot[card]})",
                                  {"type": "attack", "card": card}))
    for m in zones[ZK[seat]["mission"]]:
        if m not in t.face_down and m not in state.sleep and fx.condition_holds(state, seat, m, cards[m].defn.check):
            out.append(Option(f"Check mission {cards[m].defn.name}", {"type": "check", "mission": m}))  # 304.1b, 1113
    out.append(Option("End the Main phase", {"type": "pass"}))
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


def _missions(state: VividzState, step: PlaceMissions) -> list[tuple[dict, str]]:
    ms = sorted(zone(state, step.seat, "mission"))
    return [({"type": "place_missions", "order": list(p)},
             "Missions in positions 1-3: " + ", ".join(_n(state, c) for c in p)) for p in permutations(ms)]


def _setup_energy(state: VividzState, step: SetupEnergy) -> list[tuple[dict, str]]:
    return [({"type": "setup_energy", "card": c}, f"Put {_n(state, c)} into Energy")
            for c in sorted(zone(state, step.seat, "hand"))]


def _pay(state: VividzState, step: ChoosePayment) -> list[tuple[dict, str]]:
    return [({"type": "pay", "card": c}, f"Pay with {_n(state, c)}")
            for c in _distinct(state, zone(state, step.seat, "energy"))]


def _discard(state: VividzState, step: ChooseDiscard) -> list[tuple[dict, str]]:
    return [({"type": "discard", "card": c}, f"Discard {_n(state, c)}") for c in sorted(zone(state, step.seat, "hand"))]


def _pick(state: VividzState, step: PickCard) -> list[tuple[dict, str]]:
    pool = _distinct(state, list(step.pool)) if step.source_zone == "energy" else list(step.pool)
    return [({"type": "pick", "card": c}, f"Choose {_n(state, c)}") for c in pool]


def _target(state: VividzState, step: ChooseTarget) -> list[tuple[dict, str]]:
    return [({"type": "target", "card": c}, f"Choose {_n(state, c)} (1107.1)") for c in step.pool]


def _trigger(state: VividzState, step: ChooseTrigger) -> list[tuple[dict, str]]:
    return [({"type": "trigger", "pick": p.uid}, f"Resolve {_n(state, p.card)}'s triggered ability")
            for p in state.pending]


def _may(state: VividzState, step: MayUse) -> list[tuple[dict, str]]:
    return [({"type": "may", "use": True}, f"Use {_n(state, step.card)}'s ability"),
            ({"type": "may", "use": False}, "Do not use it")]


def _number(state: VividzState, step: ChooseNumber) -> list[tuple[dict, str]]:
    return [({"type": "number", "value": n}, f"Choose {n}") for n in range(step.max + 1)]


def _slide_to(state: VividzState, step: ChooseSlide) -> list[tuple[dict, str]]:
    return [({"type": "slide", "card": c, "slot": s}, f"Slide {_n(state, c)} to the {SLOT_NAMES[s]}")
            for c, s in step.moves]


def _replacement(state: VividzState, step: ChooseReplacement) -> list[tuple[dict, str]]:
    return [({"type": "replacement", "source": r}, f"{_n(state, r)} replaces {_n(state, step.card)} retiring")
            for r in step.sources]


def _newest(state: VividzState, step: NameNewest) -> list[tuple[dict, str]]:
    return [({"type": "newest", "card": c}, f"{_n(state, c)} counts as the newest card of slot L{state.slot[c]}")
            for c in step.tied]


def _up_to(state: VividzState, step: MoveUpTo) -> list[tuple[dict, str]]:
    where_to = {"energy": "Energy zone", "hand": "hand", "trash": "Trash"}[step.to]
    return [({"type": "up_to", "move": True}, f"Move the top card of your Deck to your {where_to} "
                                              f"({step.moved} of up to {step.count} moved)"),
            ({"type": "up_to", "move": False}, "Move no more cards")]


def _ts_order(state: VividzState, step: OrderEffects) -> list[tuple[dict, str]]:
    return [({"type": "order", "card": c, "item": k}, f"Apply {_n(state, c)}'s {_item_text(state, c, k)} first")
            for c, inc, k in step.group if (c, inc, k) not in state.ts_rank]


def _keep(state: VividzState, step: KeepCard) -> list[tuple[dict, str]]:
    return [({"type": "keep", "card": c}, f"Keep {_n(state, c)}") for c in sorted(zone(state, step.seat, "hand"))] + \
        [({"type": "skip"}, "Keep nothing")]


def _charge(state: VividzState, step: ChargeCards) -> list[tuple[dict, str]]:
    return [({"type": "charge", "card": c}, f"Put {_n(state, c)} into Energy")
            for c in sorted(zone(state, step.seat, "hand"))] + [({"type": "done"}, "Stop charging")]


_OPTIONS = {
    PlaceMissions: _missions, SetupEnergy: _setup_energy,
    Defense: lambda state, step: list(defense_options(state, step.seat)),
    ChoosePayment: _pay, ChooseDiscard: _discard, PickCard: _pick, ChooseTarget: _target,
    UseRevealed: lambda state, step: list(_use_options(state, step.card)),
    ScoutUse: lambda state, step: list(_use_options(state, step.card)),
    ChooseTrigger: _trigger, MayUse: _may, ChooseNumber: _number, ChooseSlide: _slide_to,
    ChooseReplacement: _replacement, NameNewest: _newest, MoveUpTo: _up_to, OrderEffects: _ts_order,
    KeepCard: _keep, ChargeCards: _charge,
}


def options(state: VividzState, step=None) -> list[Option]:
    """The legal answers to the asking step (by default the one waiting now)."""
    step = state.flow.asking if step is None else step
    if step is None:
        return []
    if type(step) is MainPhase:
        return main_options(state, step.seat)
    return [Option(label, action) for action, label in _OPTIONS[type(step)](state, step)]


def _item_text(state: VividzState, card: int, k: int) -> str:
    d = defn(state, card)
    items = [it for i in d.conts for it in d.abilities[i].continuous]
    item = items[k]
    if "set_power" in item:
        return f"\"power becomes {item['set_power']['value']}\""
    return f"\"power {item['power']['amount']:+d}\""
