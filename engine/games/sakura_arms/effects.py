"""What changes the duel's objects: «Attack» objects (6-4) and the order of their modifications
(5-6 numeric, 5-7 Range, 10-3, 10-4), and moving cards between zones (7-2) with what follows
the card (its tokens, its Special state, a copy).

An attack keeps its printed values and a list of added modifications; Range and damage are
worked out when read, so an Ongoing effect that appears or vanishes mid-attack counts at once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from engine.core.view import CardRef

from engine.games.sakura_arms.cards import ADD_KEYS, CardDef, parse_range
from engine.games.sakura_arms.mechanics import poison
from engine.games.sakura_arms.state import (ATTACK_DAMAGE, CARD, MAX_VIGOR, SHADOW, TOKEN_CARD_ZONES, SakuraState,
                                            cond_ok, defn, emit, move_tokens, ongoing_mods, owner, trigger, where,
                                            x_value, zone)


@dataclass(eq=False)
class Attack:
    seat: int                      # the <Attacking> zone it is in (its user's player)
    card: int | None               # the card that created it (None: made by an effect, 10-5)
    category: str | None           # 6-4-1-1: normal / special / none
    subtype: str | None            # 6-4-1-2
    base_range: frozenset | str
    base_damage: tuple
    x: str | None = None
    after_attack: tuple = ()
    keywords: frozenset = frozenset()
    no_reactions: str | None = None
    own_mods: tuple = ()           # the card's Forced modifications (9-1-1-2)
    added: list = field(default_factory=list)  # modifications from resolved effects
    is_reaction: bool = False      # made by a card used as a Reaction (9-4 i)
    full_power: bool = False       # the card was used as the full-power action (9-1-2)
    user: str | None = None        # 6-4-1-8: the goddess of the card that made it
    cancelled: bool = False
    damage_cancelled: bool = False
    after_cancelled: bool = False
    copied: bool = False

    def __repr__(self) -> str:
        """Canonical (sets sorted): steps that hold an attack are hashed by their repr."""
        rng = self.base_range if isinstance(self.base_range, str) else sorted(self.base_range)
        return "Attack" + repr((self.seat, self.card, self.category, self.subtype, rng, self.base_damage, self.x,
                                self.after_attack, sorted(self.keywords), self.no_reactions, self.own_mods,
                                self.added, self.is_reaction, self.full_power, self.user, self.cancelled,
                                self.damage_cancelled, self.after_cancelled, self.copied))

    def to_json(self, s: SakuraState) -> dict:
        aura, life = damage(s, self)
        return {"seat": self.seat, "card": self.card, "range": sorted(attack_range(s, self)),
                "damage": f"{'-' if aura is None else aura}/{'-' if life is None else life}",
                "reaction": self.is_reaction}


def originally_has(atk: Attack, keyword: str) -> bool:
    """10-32: T is in the card's own text (6-2-1-7); T given by an effect does not count."""
    return keyword in atk.keywords


def ongoing_for(s: SakuraState, seat: int, user: str | None, original: frozenset,
                need: str | None = None, subtype: str | None = None) -> list[tuple[int, int, dict]]:
    """(source seat, source card, mod) of the Ongoing/Devoted modifications that reach an attack
    (need=None: the modifications of attacks) or a card (need: the key the mod must hold) of
    `seat` whose user is `user` and whose text originally has `original`: `applies`
    (own/opp/both), 10-15 another goddess, 10-32 originally has, then `if`."""
    out = []
    for src_seat, src_card, mod in ongoing_mods(s):
        scope = mod.get("applies", "own")
        if scope == "both" or (scope == "own") == (src_seat == seat):
            if need is None:
                if "distance" in mod or "cost" in mod or "reverse_arrows" in mod or "replace_resolution" in mod \
                        or "add_on_use" in mod or "add_initialize" in mod:
                    continue  # not modifications of attacks
            elif need not in mod:
                continue
            if mod.get("other_goddess") and user == s.table.cards[src_card].defn.goddess:
                continue  # 10-15: only another goddess's «Attack» / card
            if "originally_has" in mod and mod["originally_has"] not in original:
                continue  # 10-32
            if "subtype_is" in mod and mod["subtype_is"] != (subtype or "none"):
                continue  # issue #20: only attacks / cards of that subtype (6-2-1-6)
            if cond_ok(s, src_seat, mod.get("if"), False):
                out.append((src_seat, src_card, mod))
    return out


def all_mods(s: SakuraState, atk: Attack) -> list[dict]:
    """Every modification that applies to the attack now, conditions evaluated."""
    mods = [m for m in atk.own_mods if cond_ok(s, atk.seat, m.get("if"), atk.full_power, atk.card, atk)] \
        if atk.own_mods else []
    if atk.added:
        mods += [m for m in atk.added if "originally_has" not in m or originally_has(atk, m["originally_has"])]
    if s.next_attack and atk not in s.attacks:  # "your next attack this turn gets ...": not made yet
        mods += [p.mod for p in s.next_attack if p.seat == atk.seat]
    if not atk.copied:  # 10-27: a copy already carries the source's modified values
        mods += [mod for _seat, _card, mod in ongoing_for(s, atk.seat, atk.user, atk.keywords, None, atk.subtype)]
    return mods


def cancelled_by_ongoing(s: SakuraState, atk: Attack) -> bool:
    """Issue #20: an Ongoing/Devoted `cancel_attacks` that reaches the attack cancels it at 9-4 ii:
    `dash_damage`, an attack with "-" as its Aura or Life damage; `second_each_turn`, its player's
    second or later attack this turn."""
    kinds = {m["cancel_attacks"] for m in all_mods(s, atk) if "cancel_attacks" in m}
    if not kinds:
        return False
    return ("dash_damage" in kinds and None in damage(s, atk)) or \
        ("second_each_turn" in kinds and s.turn_attacks[atk.seat] >= 2)


def added_after_attack(s: SakuraState, atk: Attack) -> list[tuple[int | None, dict]]:
    """10-14: After Attack effects added to the attack by effects, as (source card, mod holding
    `add_after_attack` and maybe `position`); a resolved effect ("modify") recorded its card
    as `source`."""
    out: list[tuple[int | None, dict]] = [(m.get("source"), m) for m in atk.added if "add_after_attack" in m]
    if not atk.copied:
        out += [(card, mod) for _seat, card, mod in ongoing_for(s, atk.seat, atk.user, atk.keywords, "add_after_attack",
                                                                atk.subtype)]
    return out


def added_to_card(s: SakuraState, seat: int, card: int) -> list[tuple[int | None, dict]]:
    """10-14: effects that Ongoing/Devoted modifications add to an Action card's On-use effects
    (`add_on_use`) or an Enhancement card's Initialize effects (`add_initialize`), as
    (source card, mod)."""
    zones = s.table.zones
    if not s.special_used and not zones["0.enhancement"] and not zones["1.enhancement"]:
        return []  # no Ongoing or Devoted effect in play
    d = defn(s, card)
    key = ADD_KEYS[d.type]
    return [(src, mod) for _seat, src, mod in ongoing_for(s, seat, d.goddess, d.keywords, key, d.subtype) if src != card]


def added_slot(mod: dict, own: int) -> int:
    """10-14: the place of an added effect among the card's `own` effects of that kind, 0..own:
    after them all unless the text says otherwise (`position`: first, last, before N, after N)."""
    pos = mod.get("position", "last")
    if pos == "last":
        return own
    if pos == "first":
        return 0
    n = pos["before"] - 1 if "before" in pos else pos["after"]
    return n if n < own else own


def _rng(s: SakuraState, seat: int, x: str | None, value) -> frozenset:
    if value == "X":
        return frozenset({x_value(s, seat, x)})
    return value if isinstance(value, frozenset) else parse_range(value)


RANGE_KEYS = frozenset({"replace_range", "add_range", "remove_range", "near", "far", "reduce_near", "reduce_far"})


def apply_range_mods(base: frozenset, mods: list[dict]) -> frozenset:
    """5-7 order: replace, add, remove, then every expansion, then every reduction (10-4)."""
    mods = [m for m in mods if not RANGE_KEYS.isdisjoint(m)]
    if not mods and type(base) is frozenset:
        return base  # the usual attack: nothing modifies its Range
    rng = set(base)
    for m in mods:
        if "replace_range" in m:
            rng = set(parse_range(m["replace_range"]))
    for m in mods:
        rng.update(m.get("add_range", ()))
    for m in mods:
        rng.difference_update(m.get("remove_range", ()))
    for m in mods:  # 10-4-1 / 10-4-2
        if m.get("near") and rng:
            lo = min(rng)
            rng.update(range(lo - m["near"], lo + 1))
        if m.get("far") and rng:
            hi = max(rng)
            rng.update(range(hi, hi + m["far"] + 1))
    for m in mods:  # 10-4-3 / 10-4-4
        if m.get("reduce_near") and rng:
            lo = min(rng)
            rng.difference_update(range(lo, lo + m["reduce_near"]))
        if m.get("reduce_far") and rng:
            hi = max(rng)
            rng.difference_update(range(hi - m["reduce_far"] + 1, hi + 1))
    return frozenset(rng)


def attack_range(s: SakuraState, atk: Attack) -> frozenset:
    return apply_range_mods(_rng(s, atk.seat, atk.x, atk.base_range), all_mods(s, atk))


def card_range(s: SakuraState, seat: int, card: int, full_power: bool, d: CardDef | None = None) -> frozenset:
    """The Range of the «Attack» `seat` would make with `card` now: `attack_range` of
    `make_card_attack`, read without making the attack unless a Forced Range modification of
    the card's own has a condition (it may ask about the attack). A new attack has no added
    modifications, is not copied and is in no <Attacking> zone, so its modifications are its
    own, the seat's waiting next-attack ones, then the Ongoing/Devoted ones (`all_mods`, in that
    order; only those that change a Range count, `apply_range_mods`, so the Ongoing/Devoted ones
    are asked for only when one in play changes a Range). `d`: the card's `defn`, if the caller
    has it."""
    if d is None:
        d = defn(s, card)
    mods = [m for m in d.forced if not RANGE_KEYS.isdisjoint(m)] if d.forced else []
    if mods and any("if" in m for m in mods):
        return attack_range(s, make_card_attack(s, seat, card, "main", full_power))
    if s.next_attack:
        mods += [p.mod for p in s.next_attack if p.seat == seat]
    if any(not RANGE_KEYS.isdisjoint(mod) for _seat, _card, mod in ongoing_mods(s)):  # else none that count
        mods += [mod for _seat, _card, mod in ongoing_for(s, seat, d.goddess, d.keywords, None, d.subtype)]
    if not mods and type(d.range) is frozenset:
        return d.range  # the usual card: nothing modifies its printed Range (`apply_range_mods` of none)
    return apply_range_mods(_rng(s, seat, d.x, d.range), mods)


def apply_damage_mods(aura, life, mods: list[dict], overwhelm: bool, turn_player_attacks: bool = True,
                      substitution: str = "turn_player_best"):
    """5-6 order: substitution, exchange, multiplication, division, addition, normalisation.
    "-" (None) stays "-". Aura damage is clamped to 0..5 unless Overwhelm (6-4-1-4, 10-21)."""
    vals = {"aura": aura, "life": life}
    for key in ("aura", "life"):
        subs = [m[f"set_{key}"] for m in mods if f"set_{key}" in m]
        if subs and vals[key] is not None:
            if substitution == "latest":
                vals[key] = subs[-1]
            else:  # 5-6 i: the turn player chooses; we pick the one best for them
                vals[key] = max(subs) if turn_player_attacks else min(subs)
    if sum(1 for m in mods if m.get("swap")) % 2:  # 5-6 ii
        vals["aura"], vals["life"] = vals["life"], vals["aura"]
    for key in ("aura", "life"):
        if vals[key] is None:
            continue
        v = vals[key]
        for m in mods:
            if f"mul_{key}" in m:
                v *= m[f"mul_{key}"]
        for m in mods:
            if f"div_{key}" in m:
                v = (math.ceil if m.get("round") == "up" else math.floor)(v / m[f"div_{key}"])
        v += sum(m.get(key, 0) for m in mods)
        v = max(0, v)
        if key == "aura" and not overwhelm:
            v = min(5, v)
        vals[key] = v
    return vals["aura"], vals["life"]


def _flag(atk: Attack, mods: list[dict], name: str) -> bool:
    return name in atk.keywords or any(m.get(name) for m in mods)


def mill_instead(s: SakuraState, atk: Attack) -> int:
    """Issue #20: "instead of dealing damage, mill N" (`mill_instead: N`, 9-4 iv, 7-1-8): how many
    cards the attack mills in place of its damage (the largest of several such modifications, as
    one replacement of the same damage), 0 if it deals its damage as usual."""
    return max((m["mill_instead"] for m in all_mods(s, atk) if "mill_instead" in m), default=0)


def damage(s: SakuraState, atk: Attack) -> tuple:
    mods = all_mods(s, atk)
    base = [x_value(s, atk.seat, atk.x) if v == "X" else v for v in atk.base_damage]
    return apply_damage_mods(base[0], base[1], mods, _flag(atk, mods, "overwhelm"),
                             s.active == atk.seat, s.options["substitution"])


ATTACK_DAMAGE.append(damage)  # read by the "attack reacted to" conditions (state.py)


def flags(s: SakuraState, atk: Attack) -> dict:
    mods = all_mods(s, atk)
    lose = any(m.get("lose_no_reactions") for m in mods)
    nr = set() if lose else {m["no_reactions"] for m in mods if "no_reactions" in m}
    if atk.no_reactions and not lose:
        nr.add(atk.no_reactions)
    return {"unavoidable": _flag(atk, mods, "unavoidable"), "overwhelm": _flag(atk, mods, "overwhelm"),
            "cannot_be_cancelled": _flag(atk, mods, "cannot_be_cancelled"),
            "take_both": _flag(atk, mods, "take_both"), "no_reactions": nr}


# -- moving cards (7-2, 9-2-1 v, 10-17, 5-1-2) ------------------------------------------------

def put(s: SakuraState, card: int, name: str, face_down: bool = False, index: int | None = None,
        seat: int | None = None) -> None:
    """Move a card to its OWNER's zone (7-2), or to `seat`'s In-use or Enhancement zone, which may
    hold another player's card (7-1-14, 7-1-9: a card used by a player who does not own it).
    Tokens on a card that lands where tokens cannot be go to Shadow (7-1-9, 10-6 A-8); the
    Special state follows the zone (6-2-2-3)."""
    s.table.move(card, owner(s, card) if seat is None else seat, name, index)
    if face_down:
        s.table.face_down.add(card)
    if name != "special":
        s.special_used.discard(card)
    if name not in TOKEN_CARD_ZONES and CARD + card in s.tok:
        move_all_from_card(s, card, SHADOW, "the card left a zone that holds tokens (7-1-9)")
    if name != "enhancement":
        s.copy_of.pop(card, None)


def move_all_from_card(s: SakuraState, card: int, dst: int, why: str) -> int:
    return move_tokens(s, CARD + card, dst, s.tok.get(CARD + card, 0), why)


def mt(s: SakuraState, src: int, dst: int, n: int, why: str) -> int:
    return move_tokens(s, src, dst, n, why)


def finish_card(s: SakuraState, card: int) -> None:
    """9-2-1 v / 9-2-2 iv: Normal -> Played pile; Special -> Special zone, used (Devoted)."""
    if where(s, card) != "in_use":
        return
    if s.table.cards[card].defn.poison:  # issue #20: a poison card goes back to its bag (mechanics/poison.py)
        poison.back_to_bag(s, card)
    elif s.table.cards[card].defn.is_special:
        put(s, card, "special")
        s.special_used.add(card)
        emit(s, {"type": "devoted", "card": CardRef(card), "rule": "9-2-1 v"})
    else:
        put(s, card, "played")


def set_unused(s: SakuraState, card: int, rule: str) -> None:
    """10-17: the card returns to its owner's Special zone, unused (face down)."""
    if not s.table.cards[card].defn.is_special:
        return
    put(s, card, "special", face_down=True)
    s.special_used.discard(card)
    emit(s, {"type": "set_unused", "seat": owner(s, card), "rule": rule})
    trigger(s, "special_unused", owner(s, card))


def gain_vigor(s: SakuraState, seat: int, n: int) -> None:
    """5-1-2 cap 2; 5-1-4: a flinched player loses Flinch instead, even at Vigor 2."""
    if s.flinch[seat]:
        s.flinch[seat] = False
        emit(s, {"type": "flinch_removed", "seat": seat, "rule": "5-1-4"})
        return
    s.vigor[seat] = min(MAX_VIGOR, s.vigor[seat] + n)
    emit(s, {"type": "vigor", "seat": seat, "vigor": s.vigor[seat], "rule": "5-1-2"})


def make_card_attack(s: SakuraState, seat: int, card: int, via: str, full_power: bool) -> Attack:
    d = defn(s, card)
    after = d.after_attack + (d.all_out if full_power else ())
    return Attack(seat, card, s.table.cards[card].defn.category, d.subtype, d.range, d.damage, d.x, after,
                  d.keywords, d.no_reactions, d.forced, is_reaction=via == "reaction", full_power=full_power,
                  user=d.goddess)


# -- cards moved and Vigor set without asking (issue #20, generic vocabulary): "this card" to the
# top of the deck or back to the hand (7-1-6, 7-1-10), a chosen card to the bottom of the deck
# (7-1-6), milling the opponent's deck (7-1-6, 7-1-8), Vigor set or lowered (5-1-2); the words are
# declared in the effect registry (flow.py)

# where "this card" can be when its own effect moves it: being used, in the Played pile
# (a Forced effect), or in play as an Enhancement; from elsewhere it has no effects (7-1)
RETURNABLE_FROM = ("in_use", "played", "enhancement")
RETURN_TO = {"deck_top": ("deck", 0, "7-1-6"), "hand": ("hand", None, "7-1-10")}


def return_this(s: SakuraState, card: int | None, to: str) -> None:
    """7-1-6 / 7-1-10: this card goes to the top of its owner's deck or to its owner's hand. Only a
    Normal card can: Specials never enter the deck or hand (3-2, 9-8 A-17), so for one nothing
    happens. A card that has already left `RETURNABLE_FROM` stays where it is."""
    if card is None or s.table.cards[card].defn.is_special or where(s, card) not in RETURNABLE_FROM:
        return
    name, index, rule = RETURN_TO[to]
    put(s, card, name, index=index)
    emit(s, {"type": "returned", "seat": owner(s, card), "card": CardRef(card), "to": to, "rule": rule})


def to_deck_bottom(s: SakuraState, card: int | None) -> None:
    """7-1-6: the chosen card moves to the bottom of its owner's deck (face down, like every deck card)."""
    if card is None:
        return
    put(s, card, "deck")
    emit(s, {"type": "to_deck_bottom", "seat": owner(s, card), "card": CardRef(card), "rule": "7-1-6"})


def mill(s: SakuraState, seat: int, n: int) -> None:
    """7-1-6 and 7-1-8: the top `n` cards of `seat`'s deck go, unseen, to that player's Face-down
    pile, one at a time. An empty deck stops it: milling is not drawing, so no Burnout (10-10)."""
    for _ in range(n):
        deck = zone(s, seat, "deck")
        if not deck:
            emit(s, {"type": "mill_stopped", "seat": seat, "rule": "7-1-6"})
            return
        card = deck[0]
        if s.table.cards[card].defn.poison:  # a poison card is never put face down (issue #20): the mill stops
            emit(s, {"type": "mill_stopped", "seat": seat, "rule": "7-1-6"})
            return
        put(s, card, "facedown", face_down=True)
        emit(s, {"type": "milled", "seat": seat, "card": CardRef(card), "rule": "7-1-8"})


def change_vigor(s: SakuraState, seat: int, spec: dict) -> None:
    """5-1-2: Vigor set to `set`, or lowered by `lower`, kept within 0..2. Neither is a gain of Vigor,
    so Flinch (5-1-4, which replaces only a gain) stays as it is."""
    value = spec["set"] if "set" in spec else s.vigor[seat] - spec["lower"]
    s.vigor[seat] = max(0, min(MAX_VIGOR, value))
    emit(s, {"type": "vigor", "seat": seat, "vigor": s.vigor[seat], "rule": "5-1-2"})


# -- a hand card put into the Played pile (7-1-7, issue #20): by its owner's choice, the effect
# user's blind choice, or at random, maybe only cards of a type, maybe "down to N cards"

def hand_matches(s: SakuraState, card: int, spec: dict) -> bool:
    """Whether a hand card passes the effect's `type` / `subtype` filter (6-2-1-5, 6-2-1-6;
    `subtype: none` is a card with no subtype)."""
    d = s.table.cards[card].defn
    if "type" in spec and d.type != spec["type"]:
        return False
    if "subtype" in spec and (d.subtype or "none") != spec["subtype"]:
        return False
    return True


def to_played(s: SakuraState, card: int, by: str) -> None:
    """7-1-7: "put into the Played pile": the card moves, face up, to its owner's Played pile."""
    put(s, card, "played")
    emit(s, {"type": "discarded", "seat": owner(s, card), "card": CardRef(card), "by": by, "rule": "7-1-7"})
