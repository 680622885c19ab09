"""Guards: for a proposed move, the rule that forbids it (a Refusal) or None.

The main-phase and Reaction options are the candidates these guards let through, and a move
that is not among the options is explained by the same guard, so "what is legal" and "why
not" cannot disagree.
"""

from __future__ import annotations

from typing import Callable

from engine.core.errors import Refusal
from engine.core.requests import Option, Request

from engine.games.sakura_arms.cards import BASIC_ACTIONS, CardDef
from engine.games.sakura_arms.mechanics import centrifuge
from engine.games.sakura_arms.effects import RANGE_KEYS, apply_range_mods, card_range, flags
from engine.games.sakura_arms.mechanics.poison import coverable
from engine.games.sakura_arms.state import (AURA, DIST, FLARE, SHADOW, Main, Reaction, SakuraState, cond_ok, _applies,
                                            cost_of, current_distance, defn, mastery_zone, ongoing_mods, owner, where,
                                            zone)


def _card(s: SakuraState, action: dict, key: str = "card") -> int | None:
    card = action.get(key)
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(s.table.cards):
        return card
    return None


# what a guard asked only whether (`explain=False`: option lists) answers for any refusal, its
# message not made
UNEXPLAINED = Refusal("", "")


def basic_moves(s: SakuraState, seat: int, name: str, explain: bool = True) -> Refusal | None:
    """9-7 i-B / A-4: a freely chosen basic action must actually move a token; and it must not be
    forbidden (this turn by an effect, or by an Ongoing/Devoted `forbid_basic`). Without
    `explain`, a refusal is UNEXPLAINED."""
    forbidden = basic_forbidden(s, seat, name)
    if forbidden:
        return Refusal("9-7", f"{forbidden} forbids you {name.capitalize()}; choose another action.") \
            if explain else UNEXPLAINED
    tok = s.tok
    aura = tok[AURA[seat]]
    if name == "advance":
        if current_distance(s) <= mastery_zone(s):
            return Refusal("9-7-1", f"Advance does nothing while the Distance is at or inside the Mastery Zone "
                                    f"({mastery_zone(s)}, 5-2-2).") if explain else UNEXPLAINED
        if tok[DIST] == 0 or aura >= 5:
            return Refusal("9-7-1", "Advance cannot move a token: Distance is empty or your Aura is full (5, 7-1-3-1).")
    elif name == "retreat":
        if aura == 0 or tok[DIST] >= 10:
            return Refusal("9-7-2", "Retreat cannot move a token: your Aura is empty or Distance is full (10, 7-1-1).")
    elif name == "recover":
        if tok[SHADOW] == 0 or aura >= 5:
            return Refusal("9-7-3", "Recover cannot move a token: Shadow is empty or your Aura is full (5).")
    elif name == "focus":
        if aura == 0:
            return Refusal("9-7-4", "Focus cannot move a token: your Aura is empty.")
    elif name == "breakaway":
        if current_distance(s) > mastery_zone(s):
            return Refusal("9-7-5", f"Breakaway does nothing while the Distance is greater than the Mastery Zone "
                                    f"({mastery_zone(s)}, 5-2-2).") if explain else UNEXPLAINED
        if tok[SHADOW] == 0 or tok[DIST] >= 10:
            return Refusal("9-7-5", "Breakaway cannot move a token: Shadow is empty or Distance is full (10).")
    else:
        return Refusal("9-7", f"There is no basic action {name!r}; choose one of {', '.join(BASIC_ACTIONS)}.")
    return None


def basic_forbidden(s: SakuraState, seat: int, name: str) -> str | None:
    """What forbids `seat` the basic action `name` now, in player words, or None."""
    if name in s.basic_forbidden[seat]:
        return "An effect this turn"
    if s.special_used or s.table.zones["0.enhancement"] or s.table.zones["1.enhancement"]:
        for src_seat, src, mod in ongoing_mods(s):
            if name in mod.get("forbid_basic", ()) and _applies(mod, src_seat, seat) \
                    and cond_ok(s, src_seat, mod.get("if"), False):
                return f"{s.table.cards[src].defn.name} (while it is in play)"
    return None


def _payable(s: SakuraState, seat: int, card: int, reacting=None, free: bool = False,
             explain: bool = True, d: CardDef | None = None) -> Refusal | None:
    """9-2 to 9-3: the use condition (`reacting`: the attack the card would react to), the Range,
    the Cost and the additional costs. Without `explain`, a refusal is UNEXPLAINED. `d`: the
    card's `defn`, if the caller has it."""
    if d is None:
        d = defn(s, card)
    if d.condition and not cond_ok(s, seat, d.condition, s.mode == "full_power", card, None, reacting):
        if not explain:
            return UNEXPLAINED
        if d.condition.get("as_reaction") and reacting is None:
            return Refusal("9-2", f"{d.name} can be used only as a Reaction, when an attack is made against you "
                                  "(9-4 i); keep it for your opponent's turn.")
        return Refusal("9-2", f"{d.name}'s use condition is not met now; the card cannot be used.")
    refusal = centrifuge.refusal(s, seat, card, d)
    if refusal:
        return refusal
    if d.type == "attack":
        cd = current_distance(s)
        rng = card_range(s, seat, card, s.mode == "full_power" and s.active == seat, d)
        if cd not in rng:
            return Refusal("9-2-1 i", f"The current Distance is {cd}, outside {d.name}'s Range "
                                      f"{sorted(rng)}; move first or use another card.") if explain else UNEXPLAINED
    if free:  # used by an effect "without paying its Cost" (issue #20): no Cost, no additional cost
        return None
    cost = cost_of(s, seat, card, d)
    if cost > s.tok[FLARE[seat]]:
        return Refusal("9-3", f"{d.name} costs {cost} Flare and you have {s.tok[FLARE[seat]]}; Focus to gain Flare.") \
            if explain else UNEXPLAINED
    extra = d.additional_cost
    if not extra:
        return None  # no additional cost (10-31), the usual card
    if extra.get("vigor", 0) > s.vigor[seat]:
        return Refusal("10-31", f"{d.name} needs {extra['vigor']} Vigor as an additional cost.")
    if extra.get("aura", 0) > s.tok[AURA[seat]]:
        return Refusal("10-31", f"{d.name} needs {extra['aura']} Aura as an additional cost.")
    if extra.get("cover", 0) > len([c for c in coverable(s, zone(s, seat, "hand")) if c != card]):
        return Refusal("10-31", f"{d.name} needs {extra['cover']} other hand card(s) to put face down.")
    return None


def _type_refusal(s: SakuraState, card: int) -> Refusal | None:
    if defn(s, card).type == "variable":
        return Refusal("6-2-1-5", "A Variable card has no rule for using it and cannot be used.")
    return None


def usable_by_effect(s: SakuraState, seat: int, card: int, free: bool = False) -> Refusal | None:
    """A card used because of an effect (9-2, 9-9): same use rules, any subtype; `free`: without
    paying its costs."""
    return _type_refusal(s, card) or _payable(s, seat, card, None, free)


# -- main phase ------------------------------------------------------------------------------

def _main_refusal(s: SakuraState, seat: int) -> Refusal | None:
    if type(s.flow.asking) is not Main:
        return Refusal("8-2-2", "That move is only possible in your main phase.")
    if seat != s.active:
        return Refusal("8-2-2", "Only the turn player uses cards and basic actions in the main phase; "
                                "in your opponent's turn you act only by reacting to an attack (9-4 i).")
    return None


def check_use(s: SakuraState, seat: int, action: dict) -> Refusal | None:
    refusal = _main_refusal(s, seat)
    if refusal:
        return refusal
    card = _card(s, action)
    if card is None or owner(s, card) != seat or where(s, card) not in ("hand", "special"):
        return Refusal("8-2-2", "Choose a card from your hand or one of your unused Special cards.")
    if where(s, card) == "special" and card in s.special_used:
        return Refusal("8-2-2", "That Special card is already used (Devoted); choose an unused one.")
    if s.terminal[seat]:
        return Refusal("9-2", "You used a Terminal card this turn: no more cards or basic actions until next turn.")
    refusal = _type_refusal(s, card)
    if refusal:
        return refusal
    if s.mode == "standard" and defn(s, card).subtype == "throughout":
        return Refusal("8-2-2 A", "A Throughout card can only be used as a full-power action; "
                                  "choose full-power at the start of a main phase.")
    return _payable(s, seat, card)


def check_basic(s: SakuraState, seat: int, action: dict) -> Refusal | None:
    refusal = _main_refusal(s, seat)
    if refusal:
        return refusal
    if s.mode != "standard":
        return Refusal("8-2-2 B", "A full-power action is one card use; basic actions need a standard action.")
    if s.terminal[seat]:
        return Refusal("9-2", "You used a Terminal card this turn: no more basic actions this turn.")
    name = action.get("action")
    refusal = basic_moves(s, seat, name) if isinstance(name, str) else Refusal("9-7", "Name a basic action.")
    if refusal:
        return refusal
    pay = action.get("pay")
    if pay == "vigor":
        if s.vigor[seat] < 1:
            return Refusal("9-7 ii-A", "You have 0 Vigor; pay by putting a hand card face down instead.")
        return None
    card = _card(s, action, "pay")
    if card is None or owner(s, card) != seat or where(s, card) != "hand":
        return Refusal("9-7 ii-B", "Pay with \"vigor\" or with the id of a card in your hand (it goes face down).")
    if not coverable(s, [card]):
        return Refusal("9-7 ii-B", "A poison card can never be put face down (issue #20); pay with Vigor or "
                                   "another hand card.")
    return None


def check_end(s: SakuraState, seat: int, action: dict) -> Refusal | None:
    return _main_refusal(s, seat)


def main_options(s: SakuraState, seat: int) -> list[Option]:
    """The main-phase options: the same guards as `check`, with the shared checks done once."""
    s.mods_cache = None
    s.mods_cache = ongoing_mods(s)  # nothing changes while options are listed
    try:
        return _main_options(s, seat)
    finally:
        s.mods_cache = None


BASIC_LABELS = {name: name.capitalize() for name in BASIC_ACTIONS}


def _main_options(s: SakuraState, seat: int) -> list:
    out = []
    made = s.options_made
    blocked = s.terminal[seat]
    standard = s.mode == "standard"
    distance = current_distance(s)  # nothing changes while options are listed
    if not blocked:
        facts = use_facts(s, seat, distance)
        for zname in ("hand", "special"):
            for card in zone(s, seat, zname):
                if zname == "special" and card in s.special_used:
                    continue
                d = defn(s, card)
                if d.type == "variable" or (standard and d.subtype == "throughout"):
                    continue  # `_type_refusal`, and Throughout cards in a standard action (`check_use`)
                usable = usable_as_printed(s, card, d, facts)
                if usable is None:
                    usable = _payable(s, seat, card, None, False, False, d) is None
                if usable:
                    out.append(made.get((card, zname)) or _made(s, (card, zname)))
    if standard and not blocked:
        pays = (["vigor"] if s.vigor[seat] >= 1 else []) + coverable(s, zone(s, seat, "hand"))
        for name in legal_basics(s, seat, distance) if pays else ():
            out += [made.get((name, pay)) or _made(s, (name, pay)) for pay in pays]
    out.append(made.get(END_MAIN) or _made(s, END_MAIN))
    return out


def use_facts(s: SakuraState, seat: int, distance: int) -> tuple[bool, bool, int, int]:
    """What `usable_as_printed` reads of the state, read once for all of `seat`'s cards: whether
    a Range is the card's own, whether a Cost is the printed one, the Distance and `seat`'s
    Flare. A Range is the card's own (`card_range`) while no "next attack" modification waits
    and no Ongoing or Devoted effect in play modifies a Range; a Cost the printed one
    (`cost_of`) while none modifies a Cost."""
    mods = ongoing_mods(s)
    own_ranges = not s.next_attack and (not mods or all(RANGE_KEYS.isdisjoint(mod) for _seat, _card, mod in mods))
    printed_costs = not mods or not any("cost" in mod for _seat, _card, mod in mods)
    return own_ranges, printed_costs, distance, s.tok[FLARE[seat]]


def usable_as_printed(s: SakuraState, card: int, d: CardDef, facts: tuple[bool, bool, int, int]) -> bool | None:
    """`_payable` of a main-phase use (no Reaction, paid, unexplained) is None, read from the
    card's data (`plain_use`) and `use_facts`; None if that does not tell (the card is not
    plain, or something in play modifies what it reads)."""
    plain = plain_use(d)
    if plain is None:
        return None
    own_ranges, printed_costs, distance, flare = facts
    cost, rng = plain
    special = d.category == "special" or s.table.cards[card].defn.category == "special"  # `cost_of` counts a Cost
    if (rng is not None and not own_ranges) or (special and not printed_costs):
        return None
    return (rng is None or distance in rng) and not (special and cost > flare)


def plain_use(d: CardDef) -> tuple[int, frozenset | None] | None:
    """For a card with the information `d` whose use `_payable` decides by its Range and Cost
    alone (no use condition, no Centrifuge, a fixed Cost without reduction, no additional cost;
    an Attack card's Range printed, modified only by its own Forced effects without conditions):
    the Cost `cost_of` gives and the Range `card_range` gives while nothing in play modifies
    them (None for a card that is no Attack); else None. Card data never changes: worked out
    once per card data (`_PLAIN_USES`)."""
    plain = _PLAIN_USES.get(d, _UNKNOWN)
    if plain is _UNKNOWN:
        plain = _PLAIN_USES[d] = _plain_use(d)
    return plain


def _plain_use(d: CardDef) -> tuple[int, frozenset | None] | None:
    if d.condition or "centrifuge" in d.keywords or d.additional_cost or d.cost == "X" or d.cost_less_by:
        return None
    rng = None
    if d.type == "attack":
        own = [mod for mod in d.forced if not RANGE_KEYS.isdisjoint(mod)]
        if type(d.range) is not frozenset or any("if" in mod for mod in own):
            return None
        rng = apply_range_mods(d.range, own)
    return max(int(d.cost or 0), 0), rng


_UNKNOWN = object()
_PLAIN_USES: dict[CardDef, tuple | None] = {}  # card data (compared by identity) -> `plain_use`


END_MAIN = ("end_main",)


def legal_basics(s: SakuraState, seat: int, distance: int | None = None) -> tuple[str, ...]:
    """The basic actions `basic_moves` lets `seat` make now. While no Ongoing or Devoted effect
    in play forbids a basic action, that answer depends only on the actions forbidden this turn,
    whether the Distance is inside the Mastery Zone and the Distance, Shadow and Aura tokens: it
    is kept by those (`_LEGAL_BASICS`, for the process: nothing else can invalidate it).
    `distance`: the current Distance, if the caller has it."""
    mods = ongoing_mods(s)
    if mods and any("forbid_basic" in mod for _seat, _card, mod in mods):
        return allowed_basics(s, seat)
    tok = s.tok
    if distance is None:
        distance = current_distance(s)
    key = (tuple(s.basic_forbidden[seat]), distance <= mastery_zone(s), tok[DIST], tok[SHADOW],
           tok[AURA[seat]])
    found = _LEGAL_BASICS.get(key)
    if found is None:
        found = _LEGAL_BASICS[key] = allowed_basics(s, seat)
    return found


def allowed_basics(s: SakuraState, seat: int) -> tuple[str, ...]:
    """The basic actions `basic_moves` lets `seat` make now, each asked (`legal_basics`, plain)."""
    return tuple(name for name in BASIC_ACTIONS if basic_moves(s, seat, name, False) is None)


# what `legal_basics` found, by what it depends on while nothing in play forbids a basic action
_LEGAL_BASICS: dict[tuple, tuple[str, ...]] = {}


def made_once(s: SakuraState, key: tuple, make: Callable[[], Option]) -> Option:
    """The option `key` names, made once per duel (`options_made`): for options whose label and
    action depend on the key and on card names alone (an Option is never changed once made)."""
    option = s.options_made.get(key)
    if option is None:
        option = s.options_made[key] = make()
    return option


def _made(s: SakuraState, key: tuple) -> Option:
    """The main-phase option of `key` (a card and its zone, a basic action and its payment, or
    END_MAIN), made once per duel (`made_once`; the option list reads `options_made` inline)."""
    return made_once(s, key, lambda: _main_option(s, key))


def _main_option(s: SakuraState, key: tuple) -> Option:
    names = s.table.cards
    first, *rest = key
    if not rest:
        return Option("End the main phase", {"type": "end_main"})
    if type(first) is int:
        where_ = "" if rest[0] == "hand" else " (Special)"
        return Option(f"Use {names[first].defn.name}{where_}", {"type": "use", "card": first})
    pay = rest[0]
    how = "1 Vigor" if pay == "vigor" else f"putting {names[pay].defn.name} face down"
    return Option(f"{BASIC_LABELS[first]}, paying {how}", {"type": "basic", "action": first, "pay": pay})


# -- reactions (9-4 i, 10-22) ----------------------------------------------------------------

def check_react(s: SakuraState, seat: int, action: dict) -> Refusal | None:
    asking = s.flow.asking
    if type(asking) is not Reaction or seat != asking.seat:
        return Refusal("9-4 i", "Only the attacked player may react, while an attack waits for a Reaction.")
    atk = s.attacks[-1]
    card = _card(s, action)
    if card is None or owner(s, card) != seat or where(s, card) not in ("hand", "special"):
        return Refusal("9-4 i", "React with a Reaction card from your hand or an unused Special card.")
    return react_refusal(s, seat, card, atk)


def react_refusal(s: SakuraState, seat: int, card: int, atk) -> Refusal | None:
    d = defn(s, card)
    if atk.is_reaction:
        return Refusal("9-4 i", "This attack is itself a Reaction; it cannot be reacted to.")
    if where(s, card) == "special" and card in s.special_used:
        return Refusal("9-4 i", "A Special card used as a Reaction must be unused.")
    if d.subtype != "reaction":
        if not d.reaction_while:
            return Refusal("9-4 i", f"{d.name} is not a Reaction card; only Reaction cards can react.")
        if not cond_ok(s, seat, d.reaction_while, False, card, None, atk):
            return Refusal("9-4 i", f"{d.name} can be used as a Reaction only while its condition holds, "
                                    "and it does not now; take the attack or react with another card.")
    nr = flags(s, atk)["no_reactions"]
    category = s.table.cards[card].defn.category
    if "all" in nr:
        return Refusal("10-22", "This attack has No Reactions: it cannot be reacted to.")
    if category in nr:
        return Refusal("10-22", f"This attack has No Reactions ({category.capitalize()}): "
                                f"{category.capitalize()} cards cannot react to it.")
    if s.terminal[seat]:
        return Refusal("9-2", "You used a Terminal card this turn and cannot use more cards this turn.")
    saved = s.mode
    s.mode = None  # a Reaction is never a full-power action (9-1-2)
    try:
        return _payable(s, seat, card, atk)
    finally:
        s.mode = saved


def reaction_cards(s: SakuraState, seat: int, atk) -> list[int]:
    return [c for z in ("hand", "special") for c in zone(s, seat, z) if react_refusal(s, seat, c, atk) is None]


def no_window(s: SakuraState, atk) -> tuple[str, str]:
    """The rule and reason (for the attacked player) that no Reaction window opens."""
    if atk.is_reaction:
        return "9-4 i", "This attack is itself a Reaction: it cannot be reacted to (9-4 i)."
    if "all" in flags(s, atk)["no_reactions"]:
        return "10-22", "This attack has No Reactions: it cannot be reacted to (10-22)."
    return "9-4 i", ("You hold no Reaction card usable against this attack, and the rule option "
                     "reaction_window is when_able, so no Reaction window opened (9-4 i).")


def reaction_window(s: SakuraState, seat: int, atk) -> bool:
    """Whether the attacked player is asked for a Reaction (9-4 i). By default the answer depends only
    on public facts (the attack is a Reaction, or has No Reactions), so a skipped window never tells
    the attacker that the defender's hand holds no usable Reaction; the `reaction_window: when_able`
    option (friendly play) also skips the windows the defender cannot use."""
    if atk.is_reaction or "all" in flags(s, atk)["no_reactions"]:
        return False
    return s.options["reaction_window"] == "always" or bool(reaction_cards(s, seat, atk))


def reaction_options(s: SakuraState, seat: int, atk) -> list[Option]:
    out = [Option(f"React with {s.table.cards[c].defn.name}", {"type": "react", "card": c})
           for c in reaction_cards(s, seat, atk)]
    out.append(Option("Do not react", {"type": "no_reaction"}))
    return out


def check_no_reaction(s: SakuraState, seat: int, action: dict) -> Refusal | None:
    asking = s.flow.asking
    if type(asking) is not Reaction or seat != asking.seat:
        return Refusal("9-4 i", "There is no attack waiting for your Reaction.")
    return None


MAIN_GUARDS = {"use": check_use, "basic": check_basic, "end_main": check_end}
REACTION_GUARDS = {"react": check_react, "no_reaction": check_no_reaction}

# decision kind -> (action types it accepts, rule, what to do)
KINDS = {
    "mulligan": (("mulligan",), "4-1 5", "put any cards from your hand on the bottom of your deck (or none)"),
    "reshuffle": (("reshuffle",), "8-1-3 iii", "say whether to reshuffle the deck"),
    "main_start": (("main_mode", "main_start_effect"), "8-2-1",
                   "choose a standard or a full-power action (and resolve main-phase-start effects, in any order)"),
    "main": (("use", "basic", "end_main"), "8-2-2", "use a card, perform a basic action or end the main phase"),
    "reaction": (("react", "no_reaction"), "9-4 i", "react with a Reaction card or take the attack"),
    "damage": (("take_damage",), "9-5 i", "choose whether the damage goes to Aura or to Life"),
    "charge": (("charge",), "9-2-3 iii", "choose where the Charge tokens come from"),
    "hand_limit": (("cover",), "8-3-2", "put a hand card face down"),
    "cover_cost": (("cover",), "10-31", "put a hand card face down to pay the additional cost"),
    "direction": (("direction",), "10-1", "choose the direction of the double arrow"),
    "choose": (("choose",), "9-9", "choose a card for the effect"),
    "blind_pick": (("blind_pick",), "7-1-10", "choose one of your opponent's hand cards without seeing it"),
    "modes": (("modes",), "10-12", "choose which of your card's listed effects resolve"),
    "may": (("may",), "10-12", "say whether you do your card's optional effect"),
    "order": (("choose",), "5-5", "choose which of the simultaneous destructions resolves first"),
    "effect_order": (("choose",), "5-5", "choose which of the simultaneous effects resolves first"),
    "plan": (("plan",), "5-1", "choose the next state of the plan, in secret"),
    "look_done": (("look_done",), "7-1-10", "say when you are done looking at your opponent's cards"),
}

# action type -> the rule that gives this kind of move its moment, and when that is (player words);
# cited when the move is sent at another moment, by either seat (design.md, "Why not, once")
TIMING = {
    "mulligan": ("4-1 5", "You redraw only once, before the first turn"),
    "reshuffle": ("8-1-3 iii", "You decide on a reshuffle only in your own start phase, from turn 3 on"),
    "main_mode": ("8-2-1", "You choose a standard or a full-power action once, at the start of your own main phase"),
    "main_start_effect": ("8-2-1", "Main-phase-start effects resolve only at the start of their user's main phase"),
    "use": ("8-2-2", "You use cards in your own main phase (in your opponent's turn only as a Reaction, 9-4 i)"),
    "basic": ("8-2-2", "You perform basic actions only in your own main phase, with a standard action"),
    "end_main": ("8-2-2", "You end the main phase only in your own main phase, when it asks for your action"),
    "react": ("9-4 i", "You react only while an attack against you waits for a Reaction"),
    "no_reaction": ("9-4 i", "You take an attack only while an attack against you waits for a Reaction"),
    "take_damage": ("9-5 i", "You choose Aura or Life only when damage dealt to you leaves that choice"),
    "charge": ("9-2-3 iii", "You choose Charge sources only while your Enhancement is charged"),
    "cover": ("8-3-2", "You put a hand card face down only in your end phase while over the hand limit, "
                       "or to pay an additional cost (10-31)"),
    "direction": ("10-1", "You choose a direction only when a double arrow of yours resolves"),
    "choose": ("9-9", "You choose a card only when an effect, or an order of simultaneous effects, asks you"),
    "modes": ("10-12", "You choose among listed effects only when your card's \"choose one of the following\" "
                       "resolves"),
    "may": ("10-12", "You decide on an optional effect only when your card's \"you may\" resolves"),
    "blind_pick": ("7-1-10", "You pick an unseen card of your opponent's hand only when your effect makes you "
                             "choose one there"),
    "plan": ("5-1", "You choose your plan's next state only right after you execute your plan"),
    "look_done": ("7-1-10", "You end a look only while your card's effect lets you look at your opponent's cards"),
}


def check(s: SakuraState, seat: int, action: dict, pending: Callable[[], Request | None]) -> Refusal | None:
    """Why `action` by `seat` is not legal now, by the rules of that kind of move first: the
    moment it belongs to (TIMING), then its own guards, then whose decision it is. `pending()` is
    the Request of the asking step, built only when the answer must be one of its options."""
    asking = s.flow.asking
    kind = action.get("type")
    if asking is None:
        return Refusal("4-2", "The duel is over; no more moves can be made.")
    accepted, rule, what = KINDS[asking.kind]
    if asking.kind == "effect_order":
        rule = asking.rule  # 8-1-2, 8-3-1, 10-14 or 10-30: the rule that gives the turn player the order
    who = "you" if seat == asking.seat else "your opponent"
    if kind not in accepted:
        when, sentence = TIMING[kind]
        return Refusal(when, f"{sentence}; now {who} must {what}.")
    if asking.kind in ("main", "reaction"):
        return (MAIN_GUARDS if asking.kind == "main" else REACTION_GUARDS)[kind](s, seat, action)
    if seat != asking.seat:
        return Refusal(rule, f"Your opponent must {what} now; wait for them.")
    if not any(o.action == action for o in pending().options):
        return Refusal(rule, f"That is not one of the allowed answers: {what} from the listed options.")
    return None
