"""Demo support (`make demo`, tts_bridge/demo.py): illegal moves worth showing, and one-line
narration of events."""

from __future__ import annotations

from typing import Any, Mapping

from engine.games.sakura_arms import guards
from engine.games.sakura_arms.cards import CardDef
from engine.games.sakura_arms.flow import say


def cheat_attempts(s: Any, kind: str, seat: int) -> list[tuple[int, dict, str]]:
    """(seat, action, what it tries) for the pending request; each is refused with its rule."""
    tries: list[tuple[int, dict, str]] = []
    if kind == "main":
        tries.append((1 - seat, {"type": "end_main"}, "end the opponent's main phase"))
        if s.mode == "full_power":
            tries.append((seat, {"type": "basic", "action": "retreat", "pay": "vigor"},
                          "perform a basic action during a full-power action"))
        elif s.vigor[seat] == 0:
            tries.append((seat, {"type": "basic", "action": "focus", "pay": "vigor"}, "pay a basic action with 0 Vigor"))
        legal = [o.action for o in guards.main_options(s, seat)]
        for card in s.table.zone(seat, "hand"):
            if {"type": "use", "card": card} not in legal:
                tries.append((seat, {"type": "use", "card": card},
                              f"use {s.table.cards[card].defn.name} when the rules forbid it"))
                break
    elif kind == "reaction":
        for card in s.table.zone(seat, "hand"):
            if s.table.cards[card].defn.subtype != "reaction":
                tries.append((seat, {"type": "react", "card": card},
                              f"react with {s.table.cards[card].defn.name}, which is not a Reaction"))
                break
    return tries


def _name(card: Any) -> str:
    """A card as the narration names it: "a card" when the seat may not see it (the
    redactor leaves hidden cards out, or shows them face down)."""
    return str(card.get("name", "a card")) if isinstance(card, dict) else "a card"


def _effects(event: dict, cards: Mapping[str, CardDef]) -> tuple:
    """The effects of the card used, resolving or destroyed in `event` (none for a card the seat
    may not see): On-use / Initialize / After Attack (with All-out in a full-power action), a
    timed effect's, a Disenchant's."""
    card = event.get("card")
    d = cards.get(card.get("card")) if isinstance(card, dict) else None
    if d is None:
        return ()
    kind = event.get("type")
    if kind == "use":
        own = {"action": d.on_use, "enhancement": d.initialize, "attack": d.after_attack}.get(d.type, ())
        return own + (d.all_out if event.get("full_power") else ())
    if kind in ("start_phase_effect", "main_start_effect", "end_phase_effect"):
        when = kind.removesuffix("_effect")
        return getattr(d, f"forced_{when}") if event.get("forced") else getattr(d, when)
    if kind == "destroyed":
        return d.disenchant
    return ()


def wording(effects: tuple) -> str:
    """Effects as their words say them (`REGISTRY.say`, docs/effects/sakura-arms.md), for narration."""
    return "; ".join(say(effect) for effect in effects)


def narrate(event: dict, cards: Mapping[str, CardDef] | None = None) -> str:
    """One line for an event; with the card data (`cards`), a card used, a timed effect or a
    destruction says what the card's effects do, in the wording of their words."""
    kind = event.get("type", "?")
    who = f"Seat {event.get('seat')}"
    rule = f" [{event['rule']}]" if event.get("rule") else ""
    text = {
        "turn": lambda: f"--- Turn {event['turn']}: seat {event['seat']} ---",
        "mulligan": lambda: f"{who} redraws {event['count']} card(s)",
        "draw": lambda: f"{who} draws {_name(event.get('card'))}" if "card" in event else f"{who} draws a card",
        "main_mode": lambda: f"{who} takes a {event['mode'].replace('_', '-')} action",
        "use": lambda: f"{who} uses {_name(event.get('card'))}" + (" as a Reaction" if event.get("via") == "reaction" else ""),
        "attack": lambda: f"Attack by seat {event['seat']}: Range {event['range']}, damage {event['damage']}",
        "damage": lambda: f"{who} takes {event['amount']} damage to {event['to'].capitalize()} ({event['moved']} token(s))",
        "basic_action": lambda: f"{who}: {event['action'].capitalize()}",
        "paid_vigor": lambda: f"{who} pays 1 Vigor (now {event['vigor']})",
        "covered": lambda: f"{who} puts {_name(event.get('card'))} face down" if "card" in event else f"{who} puts a card face down",
        "attack_missed": lambda: f"The attack misses: Distance {event['distance']} is out of Range",
        "attack_cancelled": lambda: "The attack is cancelled",
        "reshuffle": lambda: f"{who} reshuffles ({event['cards_returned']} card(s) back)",
        "burnout": lambda: f"{who} burns out: the deck is empty",
        "destroyed": lambda: f"{_name(event.get('card'))} is destroyed",
        "devoted": lambda: f"{_name(event.get('card'))} is now used (Devoted)",
        "vigor": lambda: f"{who} gains Vigor (now {event['vigor']})",
        "flinch": lambda: f"{who} is flinched",
        "flinch_removed": lambda: f"{who} loses Flinch instead of gaining Vigor",
        "paid_cost": lambda: f"{who} pays {event['cost']} Flare",
        "charge": lambda: f"{who} charges {event['shadow'] + event['aura']} token(s)",
        "enhancement": lambda: f"{_name(event.get('card'))} enters play with {event['tokens']} token(s)",
        "decay": lambda: f"{who}'s Enhancements each lose a token",
        "reshuffle_damage": lambda: f"{who} pays 1 Life to reshuffle",
        "tokens": lambda: f"{who}: {event['count']} token(s) {event['from']} -> {event['to']}",
        "terminal": lambda: f"{who} used a Terminal card: no more actions this turn",
        "set_unused": lambda: f"A Special card of seat {event['seat']} becomes unused again",
        "main_start_effect": lambda: f"Main-phase-start effect of {_name(event.get('card'))}",
        "start_phase_effect": lambda: f"Start-phase effect of {_name(event.get('card'))}",
        "end_phase_effect": lambda: f"End-phase effect of {_name(event.get('card'))}",
        "added_effect": lambda: f"The effect added by {_name(event.get('source'))} resolves",
        "resolution_replaced": lambda: f"{_name(event.get('by'))} resolves instead of {_name(event.get('card'))}",
        "arrow_reversed": lambda: f"{who}: the arrow is reversed",
        "discarded": lambda: f"{who} puts {_name(event.get('card'))} from their hand into their Played pile",
        "nothing_to_discard": lambda: f"{who} has no such card in hand (the referee attests it)",
        "umbrella": lambda: f"{who} {'opens' if event['state'] == 'open' else 'closes'} their umbrella",
        "no_trap": lambda: f"{who} uses no Trap card before reshuffling",
        "copies_to_deck": lambda: f"{who} puts {event['count']} copy card(s) of {_name(event.get('copy_of'))} into their deck",
        "phase_ended": lambda: f"The {event['phase']} phase ends",
        "look": lambda: f"{who} looks at {event['count']} card(s): the opponent's {event['at'][4:].replace('_', ' ')}",
        "looked_at": lambda: f"{who} sees {_name(event.get('card'))}",
        "plan_executed": lambda: f"{who} executes the plan ({event['plan']})",
        "plan_prepared": lambda: f"{who} prepares the plan's next state"
        + (f": {event['plan']}" if "plan" in event else ""),
        "poisoned": lambda: f"Seat {event['by']} puts a poison card into {who}'s {event['to'].replace('_', ' ')}",
        "poison_returned": lambda: f"{_name(event.get('card'))} goes back to {who}'s poison bag",
        "game_over": lambda: ("Game over: draw — " if event.get("draw") else f"Game over: seat {event.get('winner')} wins — ")
        + event.get("reason", ""),
    }.get(kind)
    effects = _effects(event, cards) if cards else ()
    said = f": {wording(effects)}" if effects else ""
    return (text() if text else f"{kind}: {event}") + said + rule
