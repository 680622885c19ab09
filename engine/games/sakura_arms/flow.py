"""The duel as one resumable procedure (sections 4, 8, 9 and 10).

Each rule procedure is a generator; nested resolution (9-9) is `yield from`, so a Reaction,
a state-triggered destruction or an attack made by an effect suspends the current procedure
and the rest of it runs afterwards, exactly as 9-9 describes. A procedure that needs a
player's choice yields a `Decision`; the answer is sent back in. Victory (4-2) and "end the
current phase" (10-13) are exceptions that unwind the frames at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations
from typing import Callable, Iterator

from engine.core.view import CardRef

from engine.games.sakura_arms import guards
from engine.games.sakura_arms.cards import parse_damage
from engine.games.sakura_arms.effects import (Attack, added_after_attack, added_slot, added_to_card, attack_range,
                                              damage, finish_card, flags, gain_vigor, make_card_attack,
                                              mt, put, set_unused)
from engine.games.sakura_arms.state import (AURA, CARD, DIST, FLARE, HAND_LIMIT, LIFE, MASTERY, OUT, SHADOW,
                                            TOKEN_CARD_ZONES, EndPhase, GameOver, SakuraState, _applies, card_id,
                                            charge_of, check_victory, cond_ok, cost_of, current_distance, defn, emit,
                                            ongoing_mods, owner, set_result, where, zone)


@dataclass(slots=True)
class Decision:
    """What the duel waits for: `make()` lists the legal answers as (action, label)."""

    seat: int
    kind: str
    prompt: str
    rule: str
    make: Callable[[], list]
    key: tuple = ()


@dataclass(slots=True)
class Ctx:
    """Who resolves an effect and from what (10-11, 10-12)."""

    seat: int
    card: int | None = None
    attack: Attack | None = None
    reacting: Attack | None = None
    full_power: bool = False


Flow = Iterator[Decision]


# -- cards -----------------------------------------------------------------------------------

def draw(s: SakuraState, seat: int, n: int) -> Flow:
    """7-1-6: top card to hand, one at a time; an empty Deck gives Burnout (5-5-3, 10-10)."""
    for _ in range(n):
        deck = zone(s, seat, "deck")
        if not deck:
            emit(s, {"type": "burnout", "seat": seat, "rule": "10-10"})
            yield from take_damage(s, seat, 1, 1, "burnout")
            continue
        card = deck[0]
        put(s, card, "hand")
        emit(s, {"type": "draw", "seat": seat, "card": CardRef(card)})


def reshuffle(s: SakuraState, seat: int, by_rules: bool) -> Flow:
    """9-8: a rules reshuffle costs 1 Life first; then Normal cards from the Played and
    Face-down piles go into the Deck, which is shuffled (A-17: Specials stay)."""
    if by_rules:
        emit(s, {"type": "reshuffle_damage", "seat": seat, "rule": "9-8 i"})
        yield from take_damage(s, seat, None, 1, "reshuffle")
    moved = 0
    for pile in ("played", "facedown"):
        for card in list(zone(s, seat, pile)):
            if not s.table.cards[card].defn.is_special:
                put(s, card, "deck")
                moved += 1
    s.rng.shuffle(zone(s, seat, "deck"))
    emit(s, {"type": "reshuffle", "seat": seat, "cards_returned": moved, "deck": len(zone(s, seat, "deck")),
             "rule": "9-8"})


# -- damage ----------------------------------------------------------------------------------

def take_damage(s: SakuraState, seat: int, aura, life, source: str, both: bool = False) -> Flow:
    """9-5: the damaged player chooses Aura or Life within 9-5 i; 10-26 takes both."""
    if aura is None and life is None:
        return
    if both:
        chosen = [k for k, v in (("aura", aura), ("life", life)) if v is not None]
    elif aura is None:
        chosen = ["life"]
    elif life is None:
        chosen = ["aura"]  # A-7 (a): as many tokens as possible, nothing spills
    elif s.tok[AURA[seat]] < aura:
        chosen = ["life"]  # 9-5 i: not enough Aura to choose it
    else:
        opts = [({"type": "take_damage", "to": "aura"}, f"Take {aura} damage to Aura"),
                ({"type": "take_damage", "to": "life"}, f"Take {life} damage to Life")]
        answer = yield Decision(seat, "damage", f"Damage {aura}/{life}: take it to Aura or to Life?", "9-5 i",
                                lambda: opts, (aura, life))
        chosen = [answer["to"]]
    for kind in chosen:
        if kind == "aura":
            moved = mt(s, AURA[seat], SHADOW, aura, "damage to Aura (9-5)")
            emit(s, {"type": "damage", "seat": seat, "to": "aura", "amount": aura, "moved": moved,
                     "source": source, "rule": "9-5"})
        else:
            moved = mt(s, LIFE[seat], FLARE[seat], life, "damage to Life (9-5)")
            emit(s, {"type": "damage", "seat": seat, "to": "life", "amount": life, "moved": moved,
                     "source": source, "rule": "9-5"})
            check_victory(s)
            if life >= 1 and source != "reshuffle":
                unguarded(s, seat)
    check_victory(s)


def unguarded(s: SakuraState, seat: int) -> None:
    """10-6 / A-8: Unguarded Enhancements go face down, their tokens to Shadow, no Disenchant."""
    for card in list(zone(s, seat, "enhancement")):
        if "unguarded" in defn(s, card).keywords and card not in s.destroying:
            put(s, card, "facedown", face_down=True)
            emit(s, {"type": "unguarded", "seat": seat, "card": CardRef(card), "rule": "10-6"}, card_id)


# -- state-triggered resolution ---------------------------------------------------------------

def settle(s: SakuraState) -> Flow:
    """5-5 (A-14): after every step, resolve Immediate Resurgence (10-8) and destructions (9-6);
    when several destructions with effects are due at once the turn player orders them (5-5)."""
    check_victory(s)
    while True:
        for seat in (s.active, 1 - s.active):
            for card in zone(s, seat, "special"):
                d = s.table.cards[card].defn
                if card in s.special_used and d.immediate_resurgence and cond_ok(s, seat, d.immediate_resurgence, False, card):
                    set_unused(s, card, "10-8")
        due = [c for seat in (s.active, 1 - s.active) for c in zone(s, seat, "enhancement")
               if CARD + c not in s.tok and c not in s.destroying]
        if not due:
            return
        first = due[0]
        if sum(1 for c in due if defn(s, c).disenchant) > 1:
            answer = yield Decision(s.active, "order", "Several Enhancements are destroyed at once: which resolves first?",
                                    "5-5", lambda: [({"type": "choose", "card": c},
                                                     f"Destroy {s.table.cards[c].defn.name} first") for c in due],
                                    ("order", tuple(due)))
            first = answer["card"]
        yield from destroy(s, first)


def destroy(s: SakuraState, card: int) -> Flow:
    """9-6: Disenchant effects (the card has lost its Ongoing effects), then Normal -> Played
    pile, Special -> used, unless tokens came back or the card already left."""
    s.destroying.add(card)
    seat = owner(s, card)
    emit(s, {"type": "destroyed", "card": CardRef(card), "rule": "9-6"})
    try:
        yield from run_effects(s, defn(s, card).disenchant, Ctx(seat, card))
    finally:
        s.destroying.discard(card)
    if where(s, card) == "enhancement" and CARD + card not in s.tok:
        if s.table.cards[card].defn.is_special:
            put(s, card, "special")
            s.special_used.add(card)
        else:
            put(s, card, "played")


# -- using cards (9-2) -----------------------------------------------------------------------

def pay_costs(s: SakuraState, seat: int, card: int) -> Flow:
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
    for _ in range(extra.get("cover", 0)):
        hand = [c for c in zone(s, seat, "hand") if c != card]
        answer = yield Decision(seat, "cover_cost", "Additional cost: put a card from your hand face down.", "10-31",
                                lambda: [({"type": "cover", "card": c}, f"Put {s.table.cards[c].defn.name} face down")
                                         for c in zone(s, seat, "hand") if c != card], ("cost", card))
        if answer["card"] in hand:
            put(s, answer["card"], "facedown", face_down=True)


def use_card(s: SakuraState, seat: int, card: int, via: str, reacting: Attack | None = None) -> Flow:
    """9-2-1 / 9-2-2 / 9-2-3. Guards have already refused illegal uses, so steps i-ii pass."""
    d = defn(s, card)
    full_power = via == "main" and s.mode == "full_power"
    atk = None
    if d.type == "attack":
        atk = make_card_attack(s, seat, card, via, full_power)
        if current_distance(s) not in attack_range(s, atk):  # 9-2-1 i: illegal, nothing happens
            emit(s, {"type": "use_illegal", "seat": seat, "rule": "9-2-1 i"})
            return
    yield from pay_costs(s, seat, card)
    from_zone = where(s, card)
    put(s, card, "in_use")
    emit(s, {"type": "use", "seat": seat, "card": CardRef(card), "from": from_zone, "via": via,
             "full_power": full_power, "rule": "9-2"})
    replacements = replacing_effects(s, seat, card)
    if replacements:  # 10-30; of several, the turn player picks the one that applies (5-5)
        first = yield from choose_order(s, list(replacements), "Several effects would replace this card's resolution: "
                                        "which one applies?", "10-30",
                                        lambda c: f"{s.table.cards[c].defn.name} replaces it")
        yield from replaced_resolution(s, seat, card, replacements[first])
    elif atk is not None:
        yield from resolve_attack(s, atk, reacting)
    elif d.type == "action":
        effects = d.on_use + (d.all_out if full_power else ())
        yield from resolve_with_added(s, effects, lambda: added_to_card(s, seat, card), "add_on_use",
                                      Ctx(seat, card, None, reacting, full_power))
    else:
        yield from charge(s, seat, card)
        yield from resolve_with_added(s, d.initialize + (d.all_out if full_power else ()),
                                      lambda: added_to_card(s, seat, card), "add_initialize",
                                      Ctx(seat, card, None, reacting, full_power))
        if where(s, card) == "in_use":
            put(s, card, "enhancement")  # 9-2-3 v
            emit(s, {"type": "enhancement", "card": CardRef(card), "tokens": s.tok.get(CARD + card, 0),
                     "rule": "9-2-3 v"})
    finish_card(s, card)
    if "terminal" in d.keywords:
        s.terminal[seat] = True
        emit(s, {"type": "terminal", "seat": seat, "rule": "9-2"})
    yield from settle(s)


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


def replaced_resolution(s: SakuraState, seat: int, card: int, replacement: tuple[int, int, tuple]) -> Flow:
    """10-30: 9-2-1 iv / 9-2-2 iii / 9-2-3 iii and everything after are skipped and the other
    effect resolves instead (the «Attack» of 9-2-1 i never entered <Attacking>). A-10: the card
    then moves as the procedure's last step would, unless the replacing effect moved it; an
    Enhancement so placed has no tokens and is destroyed by state-triggered resolution (5-5-2)."""
    src_seat, src_card, effects = replacement
    emit(s, {"type": "resolution_replaced", "card": CardRef(card), "by": CardRef(src_card), "rule": "10-30"})
    yield from run_effects(s, effects, Ctx(src_seat, src_card))
    if where(s, card) == "in_use" and defn(s, card).type == "enhancement":
        put(s, card, "enhancement")


def charge(s: SakuraState, seat: int, card: int) -> Flow:
    """9-2-3 iii: Charge tokens from Shadow and/or own Aura, any mix; as many as possible (6-3)."""
    need = charge_of(s, seat, card)
    shadow, aura = s.tok[SHADOW], s.tok[AURA[seat]]
    n = min(need, shadow + aura)
    mixes = [(k, n - k) for k in range(n + 1) if k <= shadow and n - k <= aura]
    if len(mixes) > 1:
        answer = yield Decision(seat, "charge", f"Charge {need}: how many tokens from Shadow (the rest from your Aura)?",
                                "9-2-3 iii", lambda: [({"type": "charge", "shadow": a, "aura": b},
                                                       f"{a} from Shadow, {b} from Aura") for a, b in mixes], ("charge", card))
        a, b = answer["shadow"], answer["aura"]
    else:
        a, b = mixes[0] if mixes else (0, 0)
    mt(s, SHADOW, CARD + card, a, "Charge (9-2-3 iii)")
    mt(s, AURA[seat], CARD + card, b, "Charge (9-2-3 iii)")
    emit(s, {"type": "charge", "seat": seat, "card": CardRef(card), "shadow": a, "aura": b, "rule": "9-2-3 iii"}, card_id)


# -- attacks (9-4, 10-5) ---------------------------------------------------------------------

def resolve_attack(s: SakuraState, atk: Attack, reacting: Attack | None = None) -> Flow:
    s.attacks.append(atk)
    defender = 1 - atk.seat
    event = {"type": "attack", **atk.to_json(s), "rule": "9-4"}
    if atk.card is not None:
        event["card"] = CardRef(atk.card)
    emit(s, event, card_id)
    try:
        # i: the attacked player may react once, unless this attack is itself a Reaction
        if not atk.is_reaction and guards.reaction_cards(s, defender, atk):
            answer = yield Decision(defender, "reaction", "You are attacked: use a Reaction card, or take the attack.",
                                    "9-4 i", lambda: guards.reaction_options(s, defender, atk), ("reaction", atk.seat, atk.card))
            if answer["type"] == "react":
                yield from use_card(s, defender, answer["card"], "reaction", reacting=atk)
        fl = flags(s, atk)
        if atk.cancelled and not fl["cannot_be_cancelled"]:  # ii
            emit(s, {"type": "attack_cancelled", "seat": atk.seat, "rule": "9-4 ii"})
            return
        if not fl["unavoidable"] and current_distance(s) not in attack_range(s, atk):  # iii
            emit(s, {"type": "attack_missed", "seat": atk.seat, "distance": current_distance(s), "rule": "9-4 iii"})
            return
        if not (atk.damage_cancelled and not fl["cannot_be_cancelled"]):  # iv, v
            aura, life = damage(s, atk)
            yield from take_damage(s, defender, aura, life, "attack", both=fl["take_both"])
        if not (atk.after_cancelled and not fl["cannot_be_cancelled"]):  # vi, vii
            yield from resolve_with_added(s, atk.after_attack, lambda: added_after_attack(s, atk), "add_after_attack",
                                          Ctx(atk.seat, atk.card, atk, reacting, atk.full_power))
    finally:
        if atk in s.attacks:  # viii
            s.attacks.remove(atk)


def choose_order(s: SakuraState, cards: list[int], prompt: str, rule: str, label: Callable[[int], str]) -> Flow:
    """The turn player picks which of several simultaneous effects resolves first (5-5, 10-14)."""
    if len(cards) == 1:
        return cards[0]
    answer = yield Decision(s.active, "effect_order", prompt, rule,
                            lambda: [({"type": "choose", "card": c}, label(c)) for c in cards], ("order", rule, tuple(cards)))
    return answer["card"]


def resolve_with_added(s: SakuraState, own: tuple, added: Callable[[], list], key: str, ctx: Ctx) -> Flow:
    """The card's own effects top to bottom (6-2-1-7, 9-4 vii) with the effects added to it
    (10-14): each goes where its `position` says, after the card's own effects unless the text
    says otherwise; several added at one place resolve in the turn player's order. `added()`
    lists (source card, mod holding `key`) now, so an effect that left play adds nothing."""
    done: set[tuple[int, int]] = set()
    n = len(own)
    for slot in range(n + 1):
        groups: dict[int, list] = {}
        for src, mod in added():
            if src is not None and (src, slot) not in done and added_slot(mod, n) == slot:
                groups.setdefault(src, []).extend(mod[key])
        while groups:
            first = yield from choose_order(s, list(groups), "Several effects were added to this card: which resolves "
                                            "first?", "10-14",
                                            lambda c: f"First the effect added by {s.table.cards[c].defn.name}")
            done.add((first, slot))
            emit(s, {"type": "added_effect", "source": CardRef(first), "rule": "10-14"})
            yield from run_effects(s, tuple(groups.pop(first)), ctx)
        if slot < n:
            yield from run_effects(s, own[slot:slot + 1], ctx)


def effect_attack(s: SakuraState, ctx: Ctx, spec, copied_from: Attack | None = None) -> Flow:
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
    yield from resolve_attack(s, atk, ctx.reacting)


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


def arrow(s: SakuraState, eff: dict, ctx: Ctx) -> Flow:
    """10-1 arrow effects (10-2 reversed); a two-way arrow is chosen by the resolving player."""
    seats = (ctx.seat, 1 - ctx.seat) if eff.get("each_player") else (ctx.seat,)
    if "this" in (eff["from"], eff["to"]) and (ctx.card is None or where(s, ctx.card) not in TOKEN_CARD_ZONES):
        return  # e.g. a Forced effect of a card in the Played pile: no tokens can be on it
    for seat in seats:
        src, dst = eff["from"], eff["to"]
        if arrows_reversed(s, seat, ctx.attack):
            src, dst = dst, src
            emit(s, {"type": "arrow_reversed", "seat": seat, "rule": "10-2"})
        if eff.get("two_way"):
            answer = yield Decision(seat, "direction", f"Move tokens {src} -> {dst}, or {dst} -> {src}?", "10-1",
                                    lambda a=src, b=dst: [({"type": "direction", "forward": True}, f"{a} -> {b}"),
                                                          ({"type": "direction", "forward": False}, f"{b} -> {a}")],
                                    ("arrow", src, dst))
            if not answer["forward"]:
                src, dst = dst, src
        n = mt(s, _token_key(src, seat, ctx), _token_key(dst, seat, ctx), eff.get("count", 1), "arrow effect (10-1)")
        emit(s, {"type": "tokens", "seat": seat, "from": src, "to": dst, "count": n, "rule": "10-1"})
    check_victory(s)  # effects moving both Lives are checked once, after the whole step


def choose_card(s: SakuraState, seat: int, cards: list[int], prompt: str, rule: str, optional: bool) -> Flow:
    if not cards:
        return None
    opts = [({"type": "choose", "card": c}, f"Choose {s.table.cards[c].defn.name}") for c in cards]
    if optional:
        opts.append(({"type": "choose", "card": None}, "Choose none"))
    if len(opts) == 1:
        return opts[0][0]["card"]
    answer = yield Decision(seat, "choose", prompt, rule, lambda: opts, ("choose", tuple(cards)))
    return answer["card"]


def run_effects(s: SakuraState, effects: tuple, ctx: Ctx) -> Flow:
    """6-2-1-7: top to bottom; each effect is followed by state-triggered resolution (5-5)."""
    for eff in effects:
        if "if" in eff and not cond_ok(s, ctx.seat, eff["if"], ctx.full_power, ctx.card, ctx.attack, ctx.reacting):
            continue
        yield from run_effect(s, eff, ctx)
        yield from settle(s)


def run_effect(s: SakuraState, eff: dict, ctx: Ctx) -> Flow:
    seat, opp = ctx.seat, 1 - ctx.seat
    if "move" in eff:
        yield from arrow(s, eff["move"], ctx)
    elif "basic" in eff:  # 9-7 i-A, no cost (9-7 ii)
        if guards.basic_moves(s, seat, eff["basic"]) is None:
            perform_basic(s, seat, eff["basic"])
    elif "draw" in eff:
        yield from draw(s, seat, eff["draw"])
    elif "damage" in eff:  # not damage from an «Attack» (10-19): no Aura cap (A-7 c)
        aura, life = parse_damage(eff["damage"])
        yield from take_damage(s, opp, aura, life, "effect")
    elif "attack" in eff:
        yield from effect_attack(s, ctx, eff["attack"])
    elif "copy_attack" in eff:
        if ctx.reacting is not None:
            yield from effect_attack(s, ctx, None, copied_from=ctx.reacting)
    elif "reshuffle" in eff:
        yield from reshuffle(s, seat, by_rules=False)  # 9-8 i: no damage
    elif "flinch" in eff:
        s.flinch[opp] = True
        emit(s, {"type": "flinch", "seat": opp, "rule": "5-1-4"})
    elif "vigor" in eff:
        gain_vigor(s, seat, eff["vigor"])
    elif "cancel" in eff:
        target = ctx.reacting
        if target is not None:
            setattr(target, {"attack": "cancelled", "damage": "damage_cancelled", "after_attack": "after_cancelled"}[eff["cancel"]], True)
            emit(s, {"type": "cancel", "what": eff["cancel"], "rule": "9-4 ii"})
    elif "modify" in eff:
        target = ctx.reacting or ctx.attack
        if target is not None:
            mod = eff["modify"]
            target.added.append({**mod, "source": ctx.card} if "add_after_attack" in mod else mod)  # 10-14
            emit(s, {"type": "modify_attack", "rule": "10-3"})
    elif "end_phase" in eff:
        emit(s, {"type": "end_phase", "rule": "10-13"})
        raise EndPhase()
    elif "seal" in eff:
        pool = zone(s, seat, "facedown") if eff["seal"] == "own_facedown" else zone(s, opp, "played")
        chosen = yield from choose_card(s, seat, list(pool), "Choose a card to seal under this card.", "10-9", False)
        if chosen is not None and ctx.card is not None:
            put(s, chosen, "sealed")
            s.sealed_by[chosen] = ctx.card
            emit(s, {"type": "sealed", "card": CardRef(chosen), "by": ctx.card, "rule": "10-9"})
    elif "unseal" in eff:
        for card, by in sorted(s.sealed_by.items()):
            if by == ctx.card and where(s, card) == "sealed":
                del s.sealed_by[card]
                put(s, card, eff["unseal"])
                emit(s, {"type": "unsealed", "seat": owner(s, card), "to": eff["unseal"], "rule": "10-9"})
    elif "exchange" in eff:
        exchange(s, ctx, eff["exchange"])
    elif "copy_enhancement" in eff:
        pool = [c for c in zone(s, opp, "enhancement") if c not in s.copy_of]
        chosen = yield from choose_card(s, seat, pool, "Choose an Enhancement to copy.", "10-16", False)
        if chosen is not None and ctx.card is not None:
            s.copy_of[ctx.card] = chosen
            emit(s, {"type": "copy", "card": ctx.card, "source": CardRef(chosen), "rule": "10-16"})
    elif "use_card" in eff:
        pool_zone = "facedown" if eff["use_card"] == "own_facedown" else "hand"
        pool = [c for c in zone(s, seat, pool_zone) if guards.usable_by_effect(s, seat, c) is None]
        chosen = yield from choose_card(s, seat, pool, "Choose a card to use (or none).", "9-9", True)
        if chosen is not None:
            yield from use_card(s, seat, chosen, "effect", reacting=ctx.reacting)
    elif "set_unused" in eff:
        if ctx.card is not None:
            set_unused(s, ctx.card, "10-17")
    elif "remove" in eff:
        if ctx.card is not None:
            put(s, ctx.card, "out")
            emit(s, {"type": "removed", "card": CardRef(ctx.card), "rule": "10-18"})
    elif "cover" in eff:
        who = seat if eff["cover"] == "own_hand" else opp
        chosen = yield from choose_card(s, who, list(zone(s, who, "hand")), "Put a card from your hand face down.",
                                        "7-1-8", False)
        if chosen is not None:
            put(s, chosen, "facedown", face_down=True)
            emit(s, {"type": "covered", "seat": who, "card": CardRef(chosen)})
    elif "win" in eff:
        set_result(s, seat, "won by a card effect", "4-2 3")
        raise GameOver()
    elif "lose" in eff:  # 4-2 2: the other player wins; no effect applies to that win
        loser = seat if eff["lose"] == "self" else opp
        set_result(s, 1 - loser, f"seat {loser} lost by a card effect", "4-2 2")
        raise GameOver()


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
    finish_card(s, target)  # an exchanged-in card in In-use ends as if used


# -- basic actions (9-7) ---------------------------------------------------------------------

BASIC_MOVES = {"advance": (DIST, "aura"), "retreat": ("aura", DIST), "recover": (SHADOW, "aura"),
               "focus": ("aura", "flare"), "breakaway": (SHADOW, DIST)}


def perform_basic(s: SakuraState, seat: int, name: str) -> int:
    src, dst = BASIC_MOVES[name]
    keys = {"aura": AURA[seat], "flare": FLARE[seat]}
    if name == "advance" and current_distance(s) <= MASTERY:
        return 0  # 9-7-1
    if name == "breakaway" and current_distance(s) > MASTERY:
        return 0  # 9-7-5
    n = mt(s, keys.get(src, src), keys.get(dst, dst), 1, f"basic action {name} (9-7)")
    emit(s, {"type": "basic_action", "seat": seat, "action": name, "moved": n, "rule": "9-7"})
    return n


def basic_action(s: SakuraState, seat: int, name: str, pay) -> Flow:
    """9-7 ii: a standard-action basic action costs 1 Vigor or one hand card put face down."""
    if pay == "vigor":
        s.vigor[seat] -= 1
        emit(s, {"type": "paid_vigor", "seat": seat, "vigor": s.vigor[seat], "rule": "9-7 ii-A"})
    else:
        put(s, pay, "facedown", face_down=True)
        emit(s, {"type": "covered", "seat": seat, "card": CardRef(pay), "rule": "9-7 ii-B"})
    perform_basic(s, seat, name)
    yield from settle(s)


# -- the duel (4-1, 8) -----------------------------------------------------------------------

def mulligan_options(s: SakuraState, seat: int) -> list:
    hand = sorted(zone(s, seat, "hand"))
    out = []
    for k in range(len(hand) + 1):
        for perm in permutations(hand, k):
            names = ", ".join(s.table.cards[c].defn.name for c in perm)
            out.append(({"type": "mulligan", "cards": list(perm)},
                        f"Put {names} on the bottom (in this order) and draw {k}" if k else "Keep your hand"))
    return out


def duel(s: SakuraState) -> Flow:
    for seat in (s.first, 1 - s.first):  # 4-1 step 5, the turn player first
        answer = yield Decision(seat, "mulligan", "Choose cards to put on the bottom of your deck and redraw, or keep.",
                                "4-1 5", lambda seat=seat: mulligan_options(s, seat), ("mulligan", seat))
        for card in answer["cards"]:
            put(s, card, "deck")
        emit(s, {"type": "mulligan", "seat": seat, "count": len(answer["cards"]), "rule": "4-1 5"})
        yield from draw(s, seat, len(answer["cards"]))
    s.vigor[s.first], s.vigor[1 - s.first] = 0, 1  # 4-1 step 6
    s.turn, s.active = 1, s.first
    while True:
        yield from turn(s)
        s.turn += 1
        s.active = 1 - s.active


def _phase(s: SakuraState, name: str, body: Callable[[SakuraState], Flow]) -> Flow:
    s.phase = name
    try:
        yield from body(s)
    except EndPhase:
        end_phase_cleanup(s)


def turn(s: SakuraState) -> Flow:
    s.terminal = [False, False]
    s.mode = None
    emit(s, {"type": "turn", "turn": s.turn, "seat": s.active, "rule": "8"})
    yield from _phase(s, "start", start_phase)
    yield from _phase(s, "main", main_phase)
    yield from _phase(s, "end", end_phase)


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
        s.forced_timed = any(getattr(c.defn, key) for c in s.table.cards for key in FORCED_TIMED.values())
    zones = EFFECT_ZONES if s.forced_timed else EFFECT_ZONES[:2]
    return [c for name in zones for c in zone(s, seat, name) if timed_of(s, c, when)]


def run_timed(s: SakuraState, seat: int, card: int, when: str) -> Flow:
    effects = timed_of(s, card, when)
    if not effects:
        return
    forced = effects is getattr(defn(s, card), FORCED_TIMED[when])
    emit(s, {"type": f"{when}_effect", "card": CardRef(card), "forced": forced, "rule": TIMED_RULES[when]})
    full_power = when == "main_start" and s.mode == "full_power"  # 9-1-2: known once the action kind is chosen
    yield from run_effects(s, effects, Ctx(seat, card, full_power=full_power))


def timed_effects(s: SakuraState, seat: int, when: str) -> Flow:
    """8-1-2 / 8-3-1: "in your start/end phase" effects; when several are due the turn
    player chooses the order (5-5); a source that left play meanwhile does nothing.
    Resurgence (10-7) is a Devoted end-phase effect, so it takes its turn among them."""
    pending = timed_sources(s, seat, when)
    if when == "end_phase":
        pending += [c for c in zone(s, seat, "special")
                    if c in s.special_used and s.table.cards[c].defn.resurgence and c not in pending]
    while pending:
        card = yield from choose_order(s, pending, "Several effects happen now: which resolves first?", TIMED_RULES[when],
                                       lambda c: f"First the effect of {s.table.cards[c].defn.name}")
        pending.remove(card)
        yield from run_timed(s, seat, card, when)
        if when == "end_phase":
            resurgence(s, seat, card)


def resurgence(s: SakuraState, seat: int, card: int) -> None:
    """10-7: in its owner's end phase a used Special whose condition is met becomes unused."""
    d = s.table.cards[card].defn
    if d.resurgence and where(s, card) == "special" and card in s.special_used \
            and cond_ok(s, seat, d.resurgence, False, card):
        set_unused(s, card, "10-7")


def start_phase(s: SakuraState) -> Flow:
    seat = s.active
    s.turn_start_distance = current_distance(s)  # 8-1-1
    yield from timed_effects(s, seat, "start_phase")  # 8-1-2
    if s.turn <= 2:  # 8-1-3: skipped on turns 1 and 2
        return
    gain_vigor(s, seat, 1)  # i
    seats = (0, 1) if s.options["enhancement_decay"] == "both" else (seat,)
    decayed = [c for p in seats for c in zone(s, p, "enhancement")]
    for card in decayed:  # ii: simultaneous, then destruction by state-triggered resolution
        mt(s, CARD + card, SHADOW, 1, "start-phase Charge removal (8-1-3 ii)")
    if decayed:
        emit(s, {"type": "decay", "seat": seat, "cards": decayed, "rule": "8-1-3 ii"})
    yield from settle(s)
    answer = yield Decision(seat, "reshuffle", "Reshuffle your deck (costs 1 Life) before drawing 2?", "8-1-3 iii",
                            lambda: [({"type": "reshuffle", "reshuffle": False}, "Do not reshuffle"),
                                     ({"type": "reshuffle", "reshuffle": True}, "Reshuffle (1 damage to your Life)")],
                            ("reshuffle",))
    if answer["reshuffle"]:
        yield from reshuffle(s, seat, by_rules=True)
    yield from draw(s, seat, 2)  # iv


def main_start_options(s: SakuraState, pending: list[int]) -> list:
    opts = []
    if s.mode is None:
        opts += [({"type": "main_mode", "mode": "standard"}, "Standard action"),
                 ({"type": "main_mode", "mode": "full_power"}, "Full-power action")]
    return opts + [({"type": "main_start_effect", "card": c},
                    f"Resolve the main-phase-start effect of {s.table.cards[c].defn.name}") for c in pending]


def main_start(s: SakuraState, seat: int) -> Flow:
    """8-2-1: in any order the turn player likes, choose the standard or full-power action and
    resolve each "at the start of your main phase" effect."""
    pending = timed_sources(s, seat, "main_start")
    while s.mode is None or pending:
        prompt = "Standard action or full-power action?" if not pending else \
            "Main-phase start: choose your action kind or resolve a main-phase-start effect, in any order."
        answer = yield Decision(seat, "main_start", prompt, "8-2-1", lambda: main_start_options(s, pending),
                                ("mode", s.mode, tuple(pending)))
        if answer["type"] == "main_mode":
            s.mode = answer["mode"]
            emit(s, {"type": "main_mode", "seat": seat, "mode": s.mode, "rule": "8-2-1"})
        else:
            pending.remove(answer["card"])
            yield from run_timed(s, seat, answer["card"], "main_start")


def main_phase(s: SakuraState) -> Flow:
    seat = s.active
    yield from main_start(s, seat)
    while True:
        answer = yield Decision(seat, "main", f"Turn {s.turn}: your main phase ({s.mode.replace('_', '-')} action).",
                                "8-2-2", lambda: guards.main_options(s, seat), ("main",))
        kind = answer["type"]
        if kind == "end_main":
            return
        if kind == "use":
            yield from use_card(s, seat, answer["card"], "main")
        elif kind == "basic":
            yield from basic_action(s, seat, answer["action"], answer["pay"])
        if s.mode == "full_power":
            return  # 8-2-2 B: the phase ends after the one action


def end_phase(s: SakuraState) -> Flow:
    seat = s.active
    yield from timed_effects(s, seat, "end_phase")  # 8-3-1, with Resurgence (10-7)
    yield from settle(s)
    while len(zone(s, seat, "hand")) > HAND_LIMIT:  # 8-3-2
        answer = yield Decision(seat, "hand_limit", "Your hand is over the limit of 2: put a card face down.", "8-3-2",
                                lambda: [({"type": "cover", "card": c}, f"Put {s.table.cards[c].defn.name} face down")
                                         for c in zone(s, seat, "hand")], ("hand_limit",))
        put(s, answer["card"], "facedown", face_down=True)
        emit(s, {"type": "covered", "seat": seat, "card": CardRef(answer["card"]), "rule": "8-3-2"})


def end_phase_cleanup(s: SakuraState) -> None:
    """10-13: In-use cards are finished, attacks removed, empty Enhancements leave without
    Disenchant."""
    for seat in (0, 1):
        for card in list(zone(s, seat, "in_use")):
            if defn(s, card).type == "enhancement":
                put(s, card, "enhancement")
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


def advance(s: SakuraState, answer: dict | None) -> None:
    """Run the duel until the next decision (or the end of the game)."""
    try:
        s.decision = s.gen.send(answer)
    except GameOver:
        s.decision = None
        s.gen = None
    except StopIteration:  # pragma: no cover - the duel loop never returns
        s.decision = None
