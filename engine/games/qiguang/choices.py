"""The pending Request: candidate actions filtered by the guards, with player-readable labels.

Conceding (QG-2.2.3) and offering a tie (QG-2.3.2) are always possible for the deciding seat,
so they are accepted by `QgRequest.find` without being listed among the options: a random
bot choosing uniformly among options would otherwise concede in most games.
"""

from __future__ import annotations

from typing import Callable, Iterator

from engine.core.requests import Option, Request

from engine.games.qiguang import guards
from engine.games.qiguang.guards import affordable, payments
from engine.games.qiguang.cards import RACE_NAMES, RACES, Ability, CardDef, Cost, declared_x
from engine.games.qiguang.state import (BattlePhase, CardFacts, ChooseOrder, CrystalCap, DrawChoice, MainPhase, Pay,
                                        QgState, Respond, ResponseWindow, Surcharge, TieAnswer, at, attack, card_facts,
                                        defn, lanes, mana_sources, LANE_KEY, ZONE_KEY)

META = {"concede": "Concede the game", "offer_tie": "Offer a tie (the game is in a loop)"}


class QgRequest(Request):
    """A Request that also accepts the always-available meta moves (concede, offer a tie)."""

    def find(self, action: object) -> Option | None:
        option = Request.find(self, action)
        if option is None and isinstance(action, dict) and len(action) == 1 \
                and isinstance(action.get("type"), str) and action["type"] in META:
            state = getattr(self, "state", None)
            if state is not None and guards.check(state, self.seat, action) is None:
                return Option(META[action["type"]], action)
        return option


def _name(state: QgState, card: int) -> str:
    return defn(state, card).name


def _targets(state: QgState, seat: int, base: dict, kind: str | None, label: str) -> list[tuple[dict, str]]:
    if kind is None:
        return [(base, label)]
    return [({**base, "target": t}, f"{label} targeting {_name(state, t)}")
            for t in guards.target_candidates(state, seat, kind)]


def _first(base: dict, targets: list[int] | None, effects: tuple = ()) -> dict | None:
    """The first candidate of a play or ability: its first target, and the lowest X if its
    effects declare one (QG-G32)."""
    declared = declared_x(effects)
    if declared is not None:
        base = {**base, "x": declared[0]}
    if targets is None:
        return base
    return {**base, "target": targets[0]} if targets else None


def _each_x(pairs: list[tuple[dict, str]], effects: tuple) -> list[tuple[dict, str]]:
    """The candidates once per X the effects let the player declare (QG-G32), else as they are."""
    declared = declared_x(effects)
    if declared is None:
        return pairs
    return [({**action, "x": x}, f"{label}, declaring X = {x}") for action, label in pairs
            for x in range(declared[0], declared[1] + 1)]


def _usable(state: QgState, seat: int, lightning_only: bool) -> tuple[list[int], list[tuple[int, int]]]:
    """The cards in the seat's hand and the (card, ability index) of its cards in play that it
    might use now, after the checks that need no guard: only Lightning ones when `lightning_only`
    (QG-8.1), no Mana Source on its own (QG-G34), no ability used this turn (QG-0.1, QG-7.3), no
    negation without a chain (QG-9.2), costs in reach (QG-4.1). Whatever these rule out, its
    guard refuses too; most requests are response windows, where they rule out everything."""
    facts = card_facts(state)
    if lightning_only:
        hand = _lightning_hand(state, seat, facts)
        found = _with_abilities(state, seat, facts.with_lightning)
    else:
        hand = state.table.zones[ZONE_KEY[seat]["hand"]]
        found = _with_abilities(state, seat, facts.with_abilities)
    abilities = _unused(state, seat, found, lightning_only) if found else found
    if not abilities and (lightning_only or not hand):
        return hand, abilities
    untapped = guards.untapped(state, seat)
    mana = len(mana_sources(state, seat))
    chain = bool(state.chain)
    if hand and not lightning_only:
        hand = _cards_in_reach(state, hand, untapped, mana, chain)
    if abilities:
        cards = state.table.cards
        ability_mana = guards.mana_allowed(state, "ability")
        abilities = [(c, i) for c, i in abilities
                     if _usable_ability(cards[c].defn.abilities[i], chain, untapped, mana, ability_mana)]
    return hand, abilities


def _lightning_hand(state: QgState, seat: int, facts: CardFacts) -> list[int]:
    """The Lightning cards in the seat's hand that `_usable` leaves. Kept per seat in
    `state.lightning_hands` with what it reads: the hand (its cards, which are Lightning, how
    many Mana Sources), the untapped crystals and whether a chain is open; any change to one of
    them works it out again (the card data and the table's options do not change in a game)."""
    hand = state.table.zones[ZONE_KEY[seat]["hand"]]
    crystals = state.crystals[seat]
    key = (tuple(hand), crystals[0], crystals[1], crystals[2], not state.chain)
    kept = state.lightning_hands[seat]
    if kept is not None and kept[0] == key:
        return kept[1]
    lightning = facts.lightning
    usable = [c for c in hand if c in lightning]
    if usable:
        usable = _cards_in_reach(state, usable, guards.untapped(state, seat), len(mana_sources(state, seat)),
                                 bool(state.chain))
    state.lightning_hands[seat] = (key, usable)
    return usable


def _cards_in_reach(state: QgState, hand: list[int], untapped: tuple[int, int, int], mana: int,
                    chain: bool) -> list[int]:
    """The cards of `hand` that `_usable_card` leaves."""
    cards = state.table.cards
    play_mana = guards.mana_allowed(state, "play")
    return [c for c in hand if _usable_card(cards[c].defn, chain, untapped, mana, play_mana)]


def _unused(state: QgState, seat: int, found: list[int], lightning_only: bool) -> list[tuple[int, int]]:
    """The (card, ability index) of the abilities of `found` not used this turn (Lightning ones
    if `lightning_only`)."""
    cards = state.table.cards
    used = state.abilities_used
    leader_used = state.leader_used[seat]
    return [(c, i) for c in found for i, a in enumerate(cards[c].defn.abilities)
            if (a.lightning or not lightning_only)
            and not (leader_used if cards[c].defn.leader else (c, i) in used)]


def _with_abilities(state: QgState, seat: int, candidates: tuple[int, ...]) -> list[int]:
    """The seat's cards among `candidates` (the card facts' cards with abilities, or with
    Lightning ones) in its lanes, support and field areas, in the order of those zones
    (`play_keys`)."""
    rank = state.play_rank[seat]
    zone_of = state.table.zone_of
    found = [c for c in candidates if zone_of[c] in rank]
    if len(found) > 1:
        z = state.table.zones
        found.sort(key=lambda c: (rank[zone_of[c]], z[zone_of[c]].index(c)))
    return found


def _usable_card(d: CardDef, chain: bool, untapped: tuple[int, int, int], mana: int, play_mana: bool) -> bool:
    """`_usable` for a card in hand: a summon may always use Mana Sources (QG-G13)."""
    if d.type == "token":
        return False
    if d.is_character:
        return _in_reach(d.cost, untapped, mana, True)
    return (chain or not d.negating) and _in_reach(d.cost, untapped, mana, play_mana)


def _usable_ability(a: Ability, chain: bool, untapped: tuple[int, int, int], mana: int, ability_mana: bool) -> bool:
    """`_usable` for an ability not used this turn."""
    return (chain or not a.negating) and _in_reach(a.cost, untapped, mana, ability_mana)


def _in_reach(cost: Cost, untapped: tuple[int, int, int], mana: int, mana_allowed: bool) -> bool:
    """`affordable`, asked only of a cost that takes no more than all the crystals and Mana
    Sources (`Cost.least`) and so may be paid."""
    if cost.least > untapped[0] + untapped[1] + untapped[2] + (mana if mana_allowed else 0):
        return False
    return affordable(cost, untapped, mana, mana_allowed)


def play_groups(state: QgState, seat: int, hand: list[int],
                abilities: list[tuple[int, int]]) -> Iterator[tuple[dict, Callable[[], list]]]:
    """Candidate plays grouped per card or ability, as (first candidate, group builder), of
    the cards and abilities `_usable` leaves (`hand`, `abilities`).

    Within a group the candidates differ only in an empty standby lane, a listed target or a
    declared X in its range (QG-G32),
    which the group is built from, so the guard verdict on the first candidate holds for the
    whole group (the fuzz test checks every option against the guards)."""
    cards = state.table.cards
    if hand:
        z = state.table.zones
        standby = LANE_KEY[seat]["standby"]
        free = [lane for lane in lanes(state) if not z[standby[lane]]]
        for card in hand:
            d = cards[card].defn
            if d.is_character:
                if free:
                    yield ({"type": "summon", "card": card, "lane": free[0]},
                           lambda card=card, d=d: [({"type": "summon", "card": card, "lane": lane},
                                                    f"Summon {d.name} to standby lane {lane}") for lane in free])
                continue
            base = {"type": "play", "card": card}
            targets = guards.target_candidates(state, seat, d.target) if d.target else None
            first = _first(base, targets, d.effects)
            if first is not None:
                yield first, lambda base=base, d=d: _each_x(_targets(state, seat, base, d.target, f"Play {d.name}"),
                                                            d.effects)
    for card, i in abilities:
        d = cards[card].defn
        ability = d.abilities[i]
        base = {"type": "ability", "card": card, "index": i}
        targets = guards.target_candidates(state, seat, ability.target) if ability.target else None
        first = _first(base, targets, ability.effects)
        if first is not None:
            yield first, lambda base=base, d=d, a=ability: _each_x(
                _targets(state, seat, base, a.target, f"{d.name}: use {a.name}"), a.effects)


def _legal_plays(state: QgState, seat: int, lightning_only: bool) -> list[Option]:
    hand, abilities = _usable(state, seat, lightning_only)
    if not hand and not abilities:  # most response windows
        return []
    check = guards.GUARDS
    out = []
    for first, group in play_groups(state, seat, hand, abilities):
        if check[first["type"]](state, seat, first) is None:
            out += [Option(label, action) for action, label in group()]
    return out


def has_lightning(state: QgState, seat: int) -> bool:
    """Whether the seat can use any Lightning card or ability now (QG-8.1, QG-G19): asked before
    its chance to respond comes, so without the guards' timing check."""
    check = guards.GUARDS
    return any(check[first["type"]](state, seat, first, False) is None
               for first, _ in play_groups(state, seat, *_usable(state, seat, True)))


def _pay_options(state: QgState, step: Pay) -> list[Option]:
    kind, seat = step.kind, step.seat
    cost = guards.pending_cost(state, step)
    opts = []
    for e, p, u, m in payments(cost, guards.untapped(state, seat), len(mana_sources(state, seat)),
                               guards.mana_allowed(state, kind)):
        parts = [f"{n} {RACE_NAMES[r]}" for r, n in zip(RACES, (e, p, u)) if n]
        if m:
            parts.append(f"{m} Mana Source")
        x = f" (X = {e + p + u + m - cost.fixed})" if cost.x else ""
        opts.append(Option(f"Pay {' + '.join(parts)}{x}",
                           {"type": "pay", "earth": e, "pegasus": p, "unicorn": u, "mana": m}))
    opts.append(Option("Take it back (do not pay)", {"type": "cancel"}))
    return opts


def _asked(request: QgRequest, state: QgState) -> QgRequest:
    request.state = state  # type: ignore[attr-defined]  # for the meta moves in find()
    return request


def choose_order(state: QgState, step: ChooseOrder) -> QgRequest:
    return _asked(QgRequest(step.seat, "choose_order", "You won the coin toss: go first or second?", [
        Option("Go first", {"type": "choose_order", "first": True}),
        Option("Go second", {"type": "choose_order", "first": False})]), state)


def pay(state: QgState, step: Pay) -> QgRequest:
    d = defn(state, step.card)
    what = d.abilities[step.index].name if step.kind == "ability" else d.name
    cost = guards.pending_cost(state, step)
    return _asked(QgRequest(step.seat, "pay", f"Pay {cost.label()} for {what}.", _pay_options(state, step)), state)


def draw_choice(state: QgState, step: DrawChoice) -> QgRequest:
    seat = step.seat
    opts = [Option("Draw a card", {"type": "draw"})]
    if not state.token_last[seat]:
        opts.append(Option("Take a Mana Source instead of drawing", {"type": "take_mana"}))
    return _asked(QgRequest(seat, "draw", "Your draw phase: draw a card or take a Mana Source.", opts), state)


def crystal_cap(state: QgState, step: CrystalCap) -> QgRequest:
    c = state.crystals[step.seat]
    races = [r for i, r in enumerate(RACES) if c[i]]
    if not races:
        races = [r for i, r in enumerate(RACES) if c[i + 3]]
    opts = [Option(f"Remove one {RACE_NAMES[r]} crystal", {"type": "exile_crystal", "race": r}) for r in races]
    return _asked(QgRequest(step.seat, "crystal_cap", "You have 10 crystals: remove one before gaining the new one.",
                            opts), state)


def surcharge(state: QgState, step: Surcharge) -> QgRequest:
    cost = step.cost
    opts = [Option(f"Pay {cost} life", {"type": "surcharge", "pay": True}),
            Option("Do not pay: the spell is cancelled", {"type": "surcharge", "pay": False})]
    opts = [o for o in opts if guards.check_surcharge(state, step.seat, o.action) is None]
    return _asked(QgRequest(step.seat, "surcharge", f"A continuous effect makes spells cost {cost} life.", opts), state)


def tie_answer(state: QgState, step: TieAnswer) -> QgRequest:
    opts = [Option("Accept the tie", {"type": "answer_tie", "accept": True}),
            Option("Decline and play on", {"type": "answer_tie", "accept": False})]
    return _asked(QgRequest(step.seat, "tie", "Your opponent offers a tie: the game is in a loop.", opts), state)


# the passes of a chain and a response window, asked at most decisions: made once (an Option is never changed)
_DECLINE = Option("Decline (the chain closes)", {"type": "pass"})
_PASS = Option("Pass", {"type": "pass"})


def respond(state: QgState, step: Respond) -> QgRequest:
    seat = step.seat
    opts = _legal_plays(state, seat, True) + [_DECLINE]
    return _asked(QgRequest(seat, "respond", f"Respond to link {len(state.chain)} with a Lightning card or ability?",
                            opts), state)


def window(state: QgState, step: ResponseWindow) -> QgRequest:
    seat = step.seat
    opts = _legal_plays(state, seat, True) + [_PASS]
    when = f"lane {step.lane} attacks" if step.lane else f"{state.phase} phase begins"
    return _asked(QgRequest(seat, "window", f"The {when}: use a Lightning card or ability?", opts), state)


def main_phase(state: QgState, step: MainPhase) -> QgRequest:
    seat = step.seat
    opts = _legal_plays(state, seat, False) + [Option("Go to the battle phase", {"type": "end_main"})]
    return _asked(QgRequest(seat, "main", f"Turn {state.turn}: your main phase.", opts), state)


def battle_phase(state: QgState, step: BattlePhase) -> QgRequest:
    seat = step.seat
    opts = []
    for lane in lanes(state):
        card = at(state, seat, "combat", lane)
        if card is not None and guards.check_attack(state, seat, {"type": "attack", "lane": lane}) is None:
            opts.append(Option(f"Attack with {_name(state, card)} in lane {lane} ({attack(state, card)})",
                               {"type": "attack", "lane": lane}))
    opts.append(Option("End the battle phase", {"type": "end_battle"}))
    return _asked(QgRequest(seat, "battle", f"Turn {state.turn}: your battle phase.", opts), state)


REQUESTS = {ChooseOrder: choose_order, Pay: pay, DrawChoice: draw_choice, CrystalCap: crystal_cap,
            Surcharge: surcharge, TieAnswer: tie_answer, Respond: respond, ResponseWindow: window,
            MainPhase: main_phase, BattlePhase: battle_phase}
