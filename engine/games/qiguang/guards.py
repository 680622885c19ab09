"""Guards: for any proposed action, the rule that forbids it (a Refusal) or None.

Legal options are candidates filtered by these guards, and a move that is not among the
options is explained by the same guard, so "what is legal" and "why not" cannot disagree.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core.errors import Refusal

from engine.games.qiguang.cards import MAX_X, RACES, Ability, CardDef, Cost, declared_x, negates
from engine.games.qiguang.effects import targets
from engine.games.qiguang.state import (RACE_INDEX, BattlePhase, ChooseOrder, CrystalCap, DrawChoice, MainPhase,
                                        Pay, QgState, Respond, ResponseWindow, Surcharge, TieAnswer, at, attack,
                                        defn, lanes, mana_sources, owner, where)

ABILITY_ZONES = frozenset([f"standby{i}" for i in range(1, 6)] + [f"combat{i}" for i in range(1, 6)]
                          + ["support", "field"])


# -- paying costs with race crystals and Mana Sources (QG-4.1 to QG-4.5, QG-G13, QG-G32) ------
#
# A payment is how many untapped crystals of each race are tapped plus how many Mana Sources
# are used. It is legal when it pays exactly the cost (no overpaying, QG-4.5; for X costs the
# amount above the fixed cost is X) and every race symbol is covered by a crystal of that race
# or a Mana Source (QG-4.2, QG-4.4); colourless symbols take any race (QG-4.3).


def requirement(cost: Cost, x: int) -> tuple[int, int, int, int]:
    """(earth, pegasus, unicorn, colourless) the cost asks for when X is `x`."""
    req = [cost.earth, cost.pegasus, cost.unicorn, cost.any]
    if cost.x:
        req[3 if cost.x == "any" else RACES.index(cost.x)] += x
    return req[0], req[1], req[2], req[3]


def payment_refusal(cost: Cost, pay: tuple[int, int, int, int], untapped: tuple[int, int, int],
                    mana: int, mana_allowed: bool) -> Refusal | None:
    """Why tapping `pay` = (earth, pegasus, unicorn, mana) does not pay `cost`, or None."""
    e, p, u, m = pay
    if min(pay) < 0:
        return Refusal("QG-4.1", "Say how many crystals of each race to tap (0 or more).")
    for n, have, race in ((e, untapped[0], "earth pony"), (p, untapped[1], "pegasus"), (u, untapped[2], "unicorn")):
        if n > have:
            return Refusal("QG-4.1", f"You have only {have} untapped {race} crystal(s); tap only crystals you have.")
    if m > mana:
        return Refusal("QG-4.4", f"You have only {mana} Mana Source(s) in hand.")
    if m and not mana_allowed:
        return Refusal("QG-G13", "At this table a Mana Source pays only for summons; pay with crystals.")
    total = e + p + u + m
    if total > cost.fixed and not cost.x:
        return Refusal("QG-4.5", f"That taps {total} for a cost of {cost.fixed}; you cannot overpay. "
                                 f"Tap exactly {cost.fixed}.")
    if total < cost.fixed or (cost.x and total == cost.fixed):
        need = f"at least {cost.fixed + 1} (X is 1 or more)" if cost.x else str(cost.fixed)
        return Refusal("QG-4.1", f"That pays {total} but the cost is {cost.label()}; tap {need}.")
    if cost.x and total - cost.fixed > MAX_X:
        return Refusal("QG-G32", f"X can be at most {MAX_X}.")
    req = requirement(cost, total - cost.fixed)
    deficit = max(0, req[0] - e) + max(0, req[1] - p) + max(0, req[2] - u)
    if deficit > m:
        return Refusal("QG-4.2", f"The cost {cost.label()} needs crystals of the named races; a crystal "
                                 f"of another race cannot pay for them. Use the named race or a Mana Source.")
    return None


@lru_cache(maxsize=65536)
def affordable(cost: Cost, untapped: tuple[int, int, int], mana: int, mana_allowed: bool) -> bool:
    """Whether any legal payment exists (X at least 1)."""
    if not mana_allowed:
        mana = 0
    req = requirement(cost, 1 if cost.x else 0)
    deficit = max(0, req[0] - untapped[0]) + max(0, req[1] - untapped[1]) + max(0, req[2] - untapped[2])
    return deficit <= mana and sum(untapped) + mana >= sum(req)


@lru_cache(maxsize=65536)
def payments(cost: Cost, untapped: tuple[int, int, int], mana: int, mana_allowed: bool) -> tuple:
    """Every legal payment as (earth, pegasus, unicorn, mana), for every X."""
    if not mana_allowed:
        mana = 0
    out = []
    totals = range(cost.fixed + 1, cost.fixed + MAX_X + 1) if cost.x else (cost.fixed,)
    for total in totals:
        if total > sum(untapped) + mana:
            break
        for m in range(min(mana, total) + 1):
            for e in range(min(untapped[0], total - m) + 1):
                for p in range(min(untapped[1], total - m - e) + 1):
                    u = total - m - e - p
                    if u > untapped[2]:
                        continue
                    pay = (e, p, u, m)
                    if payment_refusal(cost, pay, untapped, mana, True) is None:
                        out.append(pay)
    return tuple(out)


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _card_of(state: QgState, action: dict, key: str = "card") -> int | None:
    card = _int(action.get(key))
    if card is not None and 0 <= card < len(state.table.cards):
        return card
    return None


def untapped(state: QgState, seat: int) -> tuple[int, int, int]:
    c = state.crystals[seat]
    return c[0], c[1], c[2]


def mana_allowed(state: QgState, kind: str) -> bool:
    """QG-G13: a Mana Source pays for any play (proposal) or only for summons (option)."""
    return kind == "summon" or state.options["mana_source"] == "any_play"


def can_pay(state: QgState, seat: int, cost: Cost, kind: str) -> bool:
    return affordable(cost, untapped(state, seat), len(mana_sources(state, seat)), mana_allowed(state, kind))


def target_candidates(state: QgState, seat: int, kind: str | None) -> list[int]:
    """The characters a card or ability with this `target` kind may choose: its scope's (REGISTRY)."""
    return targets(state, seat, kind)


# -- when may a seat start a card or ability ------------------------------------------------

def _who(state: QgState, seat: int, other: int) -> str:
    return "you" if other == seat else "your opponent"


def now(state: QgState, seat: int) -> str:
    """What the game waits for now, in the words of the player `seat` (for refusals: only the
    kind of decision pending and whose it is, which both players see)."""
    step = state.flow.asking
    kind = type(step)
    if kind is ChooseOrder or state.phase == "order":
        return "the game has not begun: the coin-toss winner is choosing who goes first"
    who = _who(state, seat, getattr(step, "seat", state.active))
    if kind is Pay:
        return f"{who} must first pay for (or take back) the card or ability just started"
    if kind is DrawChoice:
        return f"{who} must first draw a card or take a Mana Source (draw phase)"
    if kind is CrystalCap:
        return f"{who} must first choose a crystal to remove at the crystal cap"
    if kind is Surcharge:
        return f"{who} must first decide whether to pay life for the spell just played"
    if kind is TieAnswer:
        return f"{who} must first answer the tie offer"
    if kind is Respond:
        return f"{who} may respond to the chain now, or decline"
    if kind is ResponseWindow:
        when = f"after the attack in lane {step.lane}" if step.lane else f"as the {state.phase} phase begins"
        return f"{who} may use a Lightning card or ability {when}, or pass"
    phase = "main" if kind is MainPhase else "battle" if kind is BattlePhase else state.phase
    whose = "your" if state.active == seat else "your opponent's"
    return f"it is {whose} {phase} phase"


def _may_respond(state: QgState, seat: int) -> bool:
    """Whether `seat` is the one asked to respond now (a chain link or a response window)."""
    step = state.flow.asking
    return type(step) in (Respond, ResponseWindow) and step.seat == seat


def timing_refusal(state: QgState, seat: int, lightning: bool) -> Refusal | None:
    """QG-3.4.2, QG-4.1, QG-8.1, QG-9.4, QG-9.6 and QG-G19: who may use what, and when; the
    refusal names the rule of this kind of move first, then what the game waits for."""
    step = state.flow.asking
    kind = type(step)
    if not lightning:
        if kind is MainPhase and seat == step.seat:
            return None
        if state.phase == "order":
            return Refusal("QG-3.4.2", f"Cards are played in your main phase; {now(state, seat)}.")
        if state.chain:
            return Refusal("QG-9.4", "Within a chain you can respond only with a Lightning card or ability.")
        if seat != state.active:
            return Refusal("QG-8.1", "It is your opponent's turn. Lightning cards and abilities can be used when "
                                     "you get a chance to respond; other cards wait for your own main phase.")
        if kind is Pay and step.seat == seat:
            return Refusal("QG-4.1", "First pay for (or take back) the card or ability you started.")
        if kind is ResponseWindow and step.seat == seat:
            return Refusal("QG-G19", "Only Lightning cards and abilities can be used now; other cards only in your "
                                     "own main phase.")
        if state.phase == "main":
            return Refusal("QG-G19", f"Other cards are played in your main phase with nothing else waiting; "
                                     f"{now(state, seat)}.")
        return Refusal("QG-3.4.2", f"Cards are played and characters summoned in your main phase; {now(state, seat)}.")
    if _may_respond(state, seat) or (kind is MainPhase and seat == step.seat):
        return None
    if state.chain and not state.closing and seat == state.chain[-1].seat and kind is Respond:
        return Refusal("QG-9.6", "Your opponent has priority in the chain now; wait until they add a link or decline.")
    if kind is ResponseWindow:
        return Refusal("QG-G22", "The other player has the chance to respond first; you get yours when they pass.")
    if kind is Pay and step.seat == seat:
        return Refusal("QG-4.1", "First pay for (or take back) the card or ability you started.")
    return Refusal("QG-G19", f"Lightning cards and abilities are used when you get a chance to respond; "
                             f"{now(state, seat)}.")


def _hand_card(state: QgState, seat: int, action: dict, rule: str) -> tuple[int | None, Refusal | None]:
    card = _card_of(state, action)
    if card is None or owner(state, card) != seat or where(state, card) != "hand":
        return None, Refusal(rule, "That card is not in your hand. Choose a card from your hand.")
    return card, None


def x_refusal(effects: tuple, action: dict) -> Refusal | None:
    """QG-G32: a card whose effects declare X is played with an `x` in its range; no other card
    takes one (an X cost is declared by paying it)."""
    declared = declared_x(effects)
    if declared is None:
        if "x" in action:
            return Refusal("QG-G32", "This card has no X to declare; play it without one (an X cost is set by what "
                                     "you pay).")
        return None
    x = _int(action.get("x"))
    if x is None or not declared[0] <= x <= declared[1]:
        return Refusal("QG-G32", f"Declare X as you play this card: a number from {declared[0]} to {declared[1]}.")
    return None


def _target_refusal(state: QgState, seat: int, kind: str | None, effects: tuple, action: dict,
                    rule: str) -> Refusal | None:
    if negates(effects) and not state.chain:
        return Refusal("QG-9.2", "This cancels a link of a chain, so it can only be used in response to a card "
                                 "or ability.")
    chosen = action.get("target")
    if kind is None:
        if "target" in action:
            return Refusal(rule, "This card takes no target; use it without one.")
        return None
    legal = target_candidates(state, seat, kind)
    if not legal:
        return Refusal(rule, "There is no character this can target right now.")
    if chosen not in legal or isinstance(chosen, bool):
        return Refusal(rule, "Choose one of the characters this can target.")
    return None


# -- starting plays ------------------------------------------------------------------------

def check_summon(state: QgState, seat: int, action: dict, timing: bool = True) -> Refusal | None:
    """`timing=False`: asked for a seat about to get a chance to respond (choices.has_lightning)."""
    card, refusal = _hand_card(state, seat, action, "QG-3.4.3")
    if refusal:
        return refusal
    d: CardDef = defn(state, card)
    if not d.is_character:
        if d.type == "token":
            return Refusal("QG-G34", "A Mana Source cannot be played on its own; it pays for other cards.")
        return Refusal("QG-4.6", f"{d.name} is not a character; play it instead of summoning it.")
    refusal = timing_refusal(state, seat, d.lightning) if timing else None
    if refusal:
        return refusal
    if action.get("row", "standby") != "standby":
        return Refusal("QG-3.4.3", "A character you summon cannot go straight into a combat zone; choose a standby zone.")
    lane = _int(action.get("lane"))
    n = state.options["lanes"]
    if lane is None or not 1 <= lane <= n:
        return Refusal("QG-G1", f"This table has {n} lanes; choose a standby zone from lane 1 to {n}.")
    if at(state, seat, "standby", lane) is not None:
        if all(at(state, seat, "standby", i) is not None for i in lanes(state)):
            return Refusal("QG-G3", "Every standby zone of yours is full; a summon never replaces a character.")
        return Refusal("QG-G2", f"Your standby zone in lane {lane} already holds a character; choose an empty one.")
    if not can_pay(state, seat, d.cost, "summon"):
        return Refusal("QG-4.1", f"You cannot pay {d.cost.label()} with your untapped crystals and Mana Sources.")
    return None


def check_play(state: QgState, seat: int, action: dict, timing: bool = True) -> Refusal | None:
    card, refusal = _hand_card(state, seat, action, "QG-4.6")
    if refusal:
        return refusal
    d: CardDef = defn(state, card)
    if d.type == "token":
        return Refusal("QG-G34", "A Mana Source cannot be played on its own; it pays for other cards.")
    if d.is_character:
        return Refusal("QG-4.6", f"{d.name} is a character; summon it into one of your standby zones.")
    refusal = timing_refusal(state, seat, d.lightning) if timing else None
    if refusal:
        return refusal
    if d.type == "field" and not d.world and state.world is not None and state.options["world_vs_field"] == "blocked":
        return Refusal("QG-G25", "A World field is active; at this table no other field can be played until it is gone.")
    refusal = _target_refusal(state, seat, d.target, d.effects, action, "QG-4.6") or x_refusal(d.effects, action)
    if refusal:
        return refusal
    if not can_pay(state, seat, d.cost, "play"):
        return Refusal("QG-4.1", f"You cannot pay {d.cost.label()} with your untapped crystals and Mana Sources.")
    return None


def ability_of(state: QgState, seat: int, action: dict) -> tuple[int | None, Ability | None, Refusal | None]:
    card = _card_of(state, action)
    if card is None or owner(state, card) != seat or where(state, card) not in ABILITY_ZONES:
        return None, None, Refusal("QG-7.3", "Choose one of your cards in play that has an active ability.")
    index = _int(action.get("index"))
    abilities = defn(state, card).abilities
    if index is None or not 0 <= index < len(abilities):
        return None, None, Refusal("QG-7.3", f"{defn(state, card).name} has no such ability.")
    return card, abilities[index], None


def check_ability(state: QgState, seat: int, action: dict, timing: bool = True) -> Refusal | None:
    card, ability, refusal = ability_of(state, seat, action)
    if refusal:
        return refusal
    d = defn(state, card)
    if d.leader:
        if state.leader_used[seat]:
            return Refusal("QG-7.3", "You have already used a leader ability this turn; a leader uses one ability "
                                     "once per turn.")
    elif (card, action["index"]) in state.abilities_used:
        return Refusal("QG-0.1", f"{ability.name} can be used once per turn (card text).")
    refusal = timing_refusal(state, seat, ability.lightning) if timing else None
    if refusal:
        return refusal
    refusal = _target_refusal(state, seat, ability.target, ability.effects, action, "QG-7.3") \
        or x_refusal(ability.effects, action)
    if refusal:
        return refusal
    if not can_pay(state, seat, ability.cost, "ability"):
        return Refusal("QG-4.1", f"You cannot pay {ability.cost.label()} with your untapped crystals and Mana Sources.")
    return None


# -- follow-up decisions -------------------------------------------------------------------

def pending_cost(state: QgState, step: Pay) -> Cost:
    d = defn(state, step.card)
    return d.abilities[step.index].cost if step.kind == "ability" else d.cost


def pay_tuple(action: dict) -> tuple[int, int, int, int] | None:
    values = tuple(_int(action.get(k)) for k in ("earth", "pegasus", "unicorn", "mana"))
    return None if None in values else values  # type: ignore[return-value]


def check_pay(state: QgState, seat: int, action: dict) -> Refusal | None:
    step = state.flow.asking
    if type(step) is not Pay or step.seat != seat:
        return Refusal("QG-4.1", f"There is no card or ability of yours waiting for its cost; {now(state, seat)}.")
    pay = pay_tuple(action)
    if pay is None:
        return Refusal("QG-4.1", "Say how many earth pony, pegasus and unicorn crystals to tap and how many "
                                 "Mana Sources to use.")
    kind = step.kind
    return payment_refusal(pending_cost(state, step), pay, untapped(state, seat), len(mana_sources(state, seat)),
                           mana_allowed(state, kind))


def check_cancel(state: QgState, seat: int, action: dict) -> Refusal | None:
    step = state.flow.asking
    if type(step) is not Pay or step.seat != seat:
        return Refusal("QG-4.1", f"Only a card or ability of yours still waiting for its cost can be taken back; "
                                 f"{now(state, seat)}.")
    return None


def check_pass(state: QgState, seat: int, action: dict) -> Refusal | None:
    if _may_respond(state, seat):
        return None
    step = state.flow.asking
    if type(step) is Respond:
        return Refusal("QG-9.6", "You added the last link; your opponent has priority in the chain now. "
                                 "Wait until they add a link or decline.")
    if type(step) is ResponseWindow:
        return Refusal("QG-G22", "The other player has the chance to respond first; you get yours when they pass.")
    return Refusal("QG-9.6", f"There is nothing for you to respond to or decline now; {now(state, seat)}.")


FIRST_DRAW_SKIPPED = Refusal("QG-1.6", "The first player skips the draw phase of their first turn; you draw "
                                       "(or take a Mana Source) from your next turn on.")


def _first_turn_skip(state: QgState, seat: int) -> bool:
    """QG-1.6: the first player's first turn, from its draw phase on, had its draw skipped."""
    return seat == state.first == state.active and state.first_turn_done and state.turn == 1


def check_draw(state: QgState, seat: int, action: dict) -> Refusal | None:
    step = state.flow.asking
    if type(step) is not DrawChoice or step.seat != seat:
        if _first_turn_skip(state, seat):
            return FIRST_DRAW_SKIPPED
        return Refusal("QG-3.3.1", f"You draw (or take a Mana Source) only in your own draw phase; "
                                   f"{now(state, seat)}.")
    if action["type"] == "take_mana" and state.token_last[seat]:
        return Refusal("QG-3.3.2", "You took a Mana Source instead of drawing in your previous turn; this turn you "
                                   "must draw.")
    return None


def check_cap(state: QgState, seat: int, action: dict) -> Refusal | None:
    step = state.flow.asking
    if type(step) is not CrystalCap or step.seat != seat:
        return Refusal("QG-5.4", f"You remove a crystal only when you would gain one at the cap of 10; "
                                 f"{now(state, seat)}.")
    race = action.get("race")
    if race not in RACE_INDEX:
        return Refusal("QG-5.4", "Name the race of the crystal to remove: earth, pegasus or unicorn.")
    i = RACE_INDEX[race]
    if state.crystals[seat][i] == 0:
        if state.options["cap_all_tapped"] == "exile_tapped" and state.crystals[seat][i + 3] and not any(
                state.crystals[seat][:3]):
            return None
        return Refusal("QG-5.4", f"You have no untapped {race} crystal; remove an untapped crystal you have.")
    return None


def check_surcharge(state: QgState, seat: int, action: dict) -> Refusal | None:
    step = state.flow.asking
    if type(step) is not Surcharge or step.seat != seat:
        return Refusal("QG-9.5", f"No spell of yours is waiting for an extra cost; {now(state, seat)}.")
    if action.get("pay") is True and state.options["life_payment"] == "must_survive" \
            and state.life[seat] <= step.cost:
        return Refusal("QG-G33", "At this table you cannot pay life you do not have; decline and the spell is "
                                 "cancelled.")
    if action.get("pay") not in (True, False):
        return Refusal("QG-9.5", "Say whether you pay the life (true) or let the spell be cancelled (false).")
    return None


def check_tie_answer(state: QgState, seat: int, action: dict) -> Refusal | None:
    step = state.flow.asking
    if type(step) is not TieAnswer:
        return Refusal("QG-2.3.2", f"Nobody has offered a tie; {now(state, seat)}.")
    if step.seat != seat:
        return Refusal("QG-2.3.2", "You offered the tie; your opponent answers it.")
    if action.get("accept") not in (True, False):
        return Refusal("QG-2.3.2", "Say whether you accept the tie (true) or not (false).")
    return None


def _deciding(state: QgState) -> int | None:
    step = state.flow.asking
    return getattr(step, "seat", None)


def check_offer_tie(state: QgState, seat: int, action: dict) -> Refusal | None:
    if type(state.flow.asking) is TieAnswer:
        return Refusal("QG-2.3.2", "A tie offer is already waiting for an answer.")
    if state.phase == "order":
        return Refusal("QG-2.3.2", "A tie is for a game caught in a loop; the game has not begun yet.")
    if state.tie_offered[seat] == state.turn:
        return Refusal("QG-G31", "You have already offered a tie this turn.")
    if _deciding(state) != seat:
        return Refusal("QG-G31", f"You offer a tie when you have a decision to make; {now(state, seat)}.")
    return None


def check_order(state: QgState, seat: int, action: dict) -> Refusal | None:
    if state.phase != "order":
        return Refusal("QG-1.2", "The turn order has already been decided.")
    if seat != state.coin_winner:
        return Refusal("QG-1.2", "The winner of the coin toss chooses who goes first.")
    if action.get("first") not in (True, False):
        return Refusal("QG-1.2", "Say whether you go first (true) or second (false).")
    return None


# -- battle and phase steps -----------------------------------------------------------------

def _phase_move(state: QgState, seat: int, step_type: type, rule: str, what: str) -> Refusal | None:
    """A move of the active player's own main or battle phase (`what` says which move): it is
    made only when that phase's decision is pending for them (QG-3.1), not while a chain is
    open (QG-9.6: priority allows only adding a link or declining)."""
    step = state.flow.asking
    if type(step) is step_type and step.seat == seat:
        return None
    if state.chain and type(step) is Respond:
        return Refusal("QG-9.6", f"A chain is open: add a Lightning link or decline before you {what}.")
    return Refusal(rule, f"You {what} only in your own {'main' if step_type is MainPhase else 'battle'} phase, "
                         f"with nothing else waiting; {now(state, seat)}.")


def check_attack(state: QgState, seat: int, action: dict) -> Refusal | None:
    step = state.flow.asking
    if type(step) is ResponseWindow and step.lane and seat == state.active:
        return Refusal("QG-G9", "Your last attack resolves first (after its response window); then declare the "
                                "next one.")
    refusal = _phase_move(state, seat, BattlePhase, "QG-3.5", "declare attacks")
    if refusal:
        return refusal
    lane = _int(action.get("lane"))
    n = state.options["lanes"]
    if lane is None or not 1 <= lane <= n:
        return Refusal("QG-G1", f"This table has {n} lanes; choose a lane from 1 to {n}.")
    if "target_lane" in action and action["target_lane"] != lane:
        return Refusal("QG-3.5.1", "A character can attack only the combat zone directly in front of it.")
    if action.get("target_row", "combat") != "combat":
        return Refusal("QG-3.4.4", "Characters in standby zones are not on the battlefield and cannot be attacked.")
    card = at(state, seat, "combat", lane)
    if card is None:
        if at(state, seat, "standby", lane) is not None:
            return Refusal("QG-G10", "A character in a standby zone is not on the battlefield and cannot attack; "
                                     "it advances before your next main phase.")
        return Refusal("QG-3.5.1", f"You have no character in your combat zone in lane {lane}.")
    if card in state.attacked:
        return Refusal("QG-3.5.1", "That character has already attacked this turn; each character attacks once.")
    if attack(state, card) <= 0:
        return Refusal("QG-3.5.5", f"{defn(state, card).name} has 0 attack and cannot attack.")
    return None


def check_end_main(state: QgState, seat: int, action: dict) -> Refusal | None:
    return _phase_move(state, seat, MainPhase, "QG-3.1", "end the main phase")


def check_end_battle(state: QgState, seat: int, action: dict) -> Refusal | None:
    return _phase_move(state, seat, BattlePhase, "QG-3.1", "end the battle phase")


def check_concede(state: QgState, seat: int, action: dict) -> Refusal | None:
    """QG-2.2.3: a player concedes at any time; as a move it is the deciding seat's, and the
    other seat concedes with the referee's `concede` request, which needs no turn."""
    if _deciding(state) not in (None, seat):
        return Refusal("QG-2.2.3", "You may concede at any time: send the concede request (not a move), which "
                                   "works whoever is deciding.")
    return None


GUARDS = {
    "summon": check_summon, "play": check_play, "ability": check_ability, "pay": check_pay,
    "cancel": check_cancel, "pass": check_pass, "draw": check_draw, "take_mana": check_draw,
    "exile_crystal": check_cap, "surcharge": check_surcharge, "answer_tie": check_tie_answer,
    "offer_tie": check_offer_tie, "choose_order": check_order, "attack": check_attack,
    "end_main": check_end_main, "end_battle": check_end_battle, "concede": check_concede,
}


def check(state: QgState, seat: int, action: dict) -> Refusal | None:
    """The refusal of `action` by `seat` now by the rules of that kind of move (None: legal)."""
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in GUARDS:
        return Refusal("QG-10.1", f"Unknown move {kind!r}. See `tts-bridge actions qiguang` for the moves.")
    if state.result is not None:
        return Refusal("QG-2.1", "The game is over.")
    return GUARDS[kind](state, seat, action)
