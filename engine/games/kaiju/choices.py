"""The pending Request: the legal actions (those the guards allow), with player-readable labels."""

from __future__ import annotations

from engine.core.requests import Option, Request

from engine.games.kaiju.effects import REGISTRY
from engine.games.kaiju.state import (ChooseEngaged, ChooseOrder, Devolve, DiscardFromHand, KaijuState, MainPhase, PlaceOpening,
                                      advantage, defn, title, zone)


# zone keys of the active seat (0 or 1) and of its opponent: (engaged, support, hand, opponent's engaged)
_KEYS = tuple((f"{s}.engaged", f"{s}.support", f"{s}.hand", f"{1 - s}.engaged") for s in (0, 1))


def _option(action: dict, label: str) -> Option:
    return Option(label, action)


def _add_targeted(out: list[Option], state: KaijuState, seat: int, base: dict, effects: tuple, label: str) -> None:
    """A move the rules allow, once per legal target of its effects (or once, untargeted): the
    targets `guards.targets_for` gives, read from the registry's memo of the chosen scope."""
    scope = REGISTRY.chosen_scope(effects) if effects else None
    targets = scope.of(state, seat) if scope is not None else None
    if not targets:
        out.append(Option(label, base))
        return
    cards = state.table.cards
    for t in targets:
        out.append(Option(f"{label} targeting {cards[t].defn.title}", {**base, "target": t}))


def main_options(state: KaijuState, seat: int) -> list[Option]:
    """Every main-phase move of the active seat (0 or 1) that its guard allows, in the order
    options are listed. Each candidate is listed when what its guard checks holds: the checks
    are written out here (the candidates are built from the seat's own hand and cards in play, so
    the guards' checks of who owns what hold by construction, and only legal targets are
    offered). tests/kaiju/test_fast_paths.py checks that the options are exactly the candidates
    the guards allow."""
    out: list[Option] = []
    add = out.append
    table = state.table
    cards = table.cards
    zones = table.zones
    options = state.options
    engaged_key, support_key, hand_key, opponent_engaged_key = _KEYS[seat]
    engaged_zone = zones[engaged_key]
    card = engaged_zone[0] if engaged_zone else None
    support = zones[support_key]
    mine = engaged_zone + support
    mine_defs = [(t, cards[t].defn) for t in mine]
    if state.enhances_left <= 0:
        enhance_defs = []  # KJ-3.4.2
    elif options["enhance_target"] == "engaged":
        enhance_defs = mine_defs[:1] if card is not None else []  # KJ-G10
    else:
        enhance_defs = mine_defs
    deploys = state.deploys_left > 0  # KJ-3.4.2
    deploy_support = deploys and len(support) < options["support_slots"]  # KJ-5.11
    adv = None  # KJ-5.10: worked out once, and only when a candidate needs it
    for hand_card in zones[hand_key]:
        d = cards[hand_card].defn
        name = d.title
        if d.is_battle:
            if deploy_support:
                add(Option(f"Deploy {name} to support", {"type": "deploy", "card": hand_card, "zone": "support"}))
            if deploys and card is None:
                add(Option(f"Deploy {name} as engaged card",
                           {"type": "deploy", "card": hand_card, "zone": "engaged"}))
            for t, td in enhance_defs:
                add(Option(f"Enhance {td.title} with {name}", {"type": "enhance", "card": hand_card, "target": t}))
            evolves_from, converts_with = d.evolves_from, d.converts_with
            for t, td in mine_defs:
                if evolves_from and evolves_from == td.name:  # KJ-5.16
                    add(Option(f"Evolve {td.title} into {name}", {"type": "evolve", "card": hand_card, "target": t}))
                if (converts_with and converts_with == td.name) or (td.converts_with and td.converts_with == d.name):
                    add(Option(f"Convert {td.title} into {name}",  # KJ-5.15: the pairing works both ways
                               {"type": "convert", "card": hand_card, "target": t}))
        elif d.type == "skill":
            if d.advantage:  # KJ-1.1.3
                if adv is None:
                    adv = advantage(state, seat)
                if not adv:
                    continue
            _add_targeted(out, state, seat, {"type": "skill", "card": hand_card}, d.effects, f"Play {name}")
        elif d.type == "reinforcement" and not state.reinforcement_played:  # KJ-1.3, KJ-3.8.4
            _add_targeted(out, state, seat, {"type": "reinforce", "card": hand_card}, d.effects,
                          f"Play reinforcement {name}")
    if card is not None:
        d = cards[card].defn
        stack = state.stack.get(card, ())
        lvl = len(stack)  # KJ-5.14
        for i, ability in enumerate(d.actions):
            if lvl < ability.level or (ability.once_per_turn and state.action_uses.get((card, i), 0) >= 1):
                continue  # KJ-5.14, KJ-3.5.1
            if ability.advantage:
                if adv is None:
                    adv = advantage(state, seat)
                if not adv:
                    continue
            _add_targeted(out, state, seat, {"type": "action", "card": card, "index": i}, ability.effects,
                          f"{d.name}: use {ability.name}")
        used = card in state.attacked_cards if options["attack_limit"] == "card" else state.attack_or_heal_used
        if not used:  # KJ-3.6.2
            can_attack = not (seat == state.first and state.turn == 1) and bool(zones[opponent_engaged_key])
            heal_targets = mine_defs[:1] if options["heal_target"] == "engaged" else mine_defs  # KJ-G8
            for i, move in enumerate(d.moves):
                if lvl < move.level:
                    continue
                if move.advantage:
                    if adv is None:
                        adv = advantage(state, seat)
                    if not adv:
                        continue
                if move.kind == "attack":
                    if not can_attack:  # KJ-3.6.3, KJ-5.1
                        continue
                    label = f"{d.name}: attack with {move.name} ({move.amount})"
                    if move.effects:
                        _add_targeted(out, state, seat, {"type": "attack", "index": i}, move.effects, label)
                    else:
                        add(Option(label, {"type": "attack", "index": i}))
                elif move.kind == "heal":  # KJ-5.2
                    for t, td in heal_targets:
                        add(Option(f"{d.name}: {move.name} heals {td.title} ({move.amount})",
                                   {"type": "heal", "index": i, "target": t}))
        if not state.engaged_acted and not (options["retreat_limit"] == "once" and state.retreats >= 1):
            for enh in stack:  # KJ-3.7.2, KJ-G11
                for s in support:
                    add(Option(f"Retreat {d.name} for {cards[s].defn.title}, "
                               f"removing enhancement {cards[enh].defn.title}",
                               {"type": "retreat", "support": s, "enhancement": enh}))
    add(Option("End your turn", {"type": "end_turn"}))  # KJ-3.9: always allowed in the main phase
    return out


# -- the Requests of the steps that ask ----------------------------------------------------------

def choose_order(state: KaijuState, step: ChooseOrder) -> Request:
    return Request(step.seat, "choose_order", "You won the coin flip: go first or second?", [
        _option({"type": "choose_order", "first": True}, "Go first"),
        _option({"type": "choose_order", "first": False}, "Go second"),
    ])


def opening_seats(state: KaijuState, step: PlaceOpening) -> tuple[int, ...]:
    """The seats still to place an opening card (KJ-3.1.3), the first player first."""
    return tuple(s for s in (state.first, 1 - state.first) if s not in step.placed)


def place_opening(state: KaijuState, step: PlaceOpening, seat: int) -> Request:
    opts = [_option({"type": "place_facedown", "card": c}, f"Place {title(state, c)} face down")
            for c in zone(state, seat, "hand") if defn(state, c).is_battle]
    return Request(seat, "place_facedown", "Choose your opening battle card (placed face down).", opts)


def choose_engaged(state: KaijuState, step: ChooseEngaged) -> Request:
    opts = [_option({"type": "engage", "card": c}, f"Engage {title(state, c)}")
            for c in zone(state, step.seat, "support")]
    return Request(step.seat, "engage", "Your engagement zone is empty: choose a support card to engage.", opts)


def devolve(state: KaijuState, step: Devolve) -> Request:
    host = step.host
    opts = [_option({"type": "devolve_choose", "card": c}, f"Bring back {title(state, c)}")
            for c in state.stack[host]]
    return Request(step.seat, "devolve", f"{title(state, host)} devolves: choose the card that comes back on top.", opts)


def discard_from_hand(state: KaijuState, step: DiscardFromHand) -> Request:
    opts = [_option({"type": "discard_choose", "card": c}, f"Discard {title(state, c)}")
            for c in zone(state, step.seat, "hand")]
    more = f" ({step.count} to go)" if step.count > 1 else ""
    return Request(step.seat, "discard", f"A card effect makes you discard from your hand: choose a card{more}.", opts)


def main_phase(state: KaijuState, step: MainPhase) -> Request:
    return Request(step.seat, "main", f"Turn {state.turn}: your main phase.", main_options(state, step.seat))
