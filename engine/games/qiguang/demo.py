"""Material for the narrated demo: illegal moves worth showing at a point of a Qiguang game,
and a one-line text for each Qiguang event. Pure functions over the state; the demo host
(`tts_bridge/demo.py`) decides how to print them."""

from __future__ import annotations

from typing import Any, Mapping

from engine.games.qiguang.cards import CardDef
from engine.games.qiguang.effects import REGISTRY
from engine.games.qiguang.state import QgState, at, defn, lanes, zone


def cheat_attempts(state: QgState, kind: str, seat: int) -> list[tuple[int, dict, str]]:
    """(seat, action, what it tries) for moves the referee must refuse here."""
    tries: list[tuple[int, dict, str]] = []
    if kind == "main":
        tries.append((1 - seat, {"type": "end_main"}, "end the opponent's main phase"))
        for card in zone(state, seat, "hand"):
            if defn(state, card).is_character:
                tries.append((seat, {"type": "summon", "card": card, "lane": 1, "row": "combat"},
                              "summon straight into a combat zone"))
                break
    elif kind == "battle":
        for lane in lanes(state):
            if at(state, seat, "standby", lane) is not None and at(state, seat, "combat", lane) is None:
                tries.append((seat, {"type": "attack", "lane": lane}, "attack with a character in standby"))
                break
        for lane in lanes(state):
            if at(state, seat, "combat", lane) in state.attacked:
                tries.append((seat, {"type": "attack", "lane": lane}, "attack twice with one character"))
                break
    elif kind == "draw" and state.token_last[seat]:
        tries.append((seat, {"type": "take_mana"}, "take a Mana Source two turns running"))
    return tries


def _name(card: Any) -> str:
    return str(card.get("name", "a card")) if isinstance(card, dict) else "a card"


_TEXT = {
    "order": lambda e: f"Seat {e['first']} goes first",
    "turn": lambda e: f"--- Turn {e['turn']}: seat {e['seat']} ---",
    "phase": lambda e: f"{e['phase'].capitalize()} phase",
    "draw": lambda e: f"Seat {e['seat']} draws {_name(e.get('card'))}" if "card" in e else f"Seat {e['seat']} draws a card",
    "mana_source": lambda e: f"Seat {e['seat']} takes a Mana Source",
    "no_first_draw": lambda e: f"Seat {e['seat']} skips the first draw",
    "summoned": lambda e: f"{_name(e.get('card'))} is summoned to standby lane {e['lane']}",
    "advanced": lambda e: f"{_name(e.get('card'))} advances into combat lane {e['lane']}",
    "chain_link": lambda e: f"Chain link {e['link']}: seat {e['seat']} "
                            + (f"plays {_name(e.get('card'))}" if "card" in e else f"uses {_name(e.get('source'))}"),
    "paid": lambda e: f"Seat {e['seat']} pays {e['earth']} earth pony, {e['pegasus']} pegasus, "
                      f"{e['unicorn']} unicorn, {e['mana']} Mana Source",
    "attack_declared": lambda e: f"{_name(e.get('card'))} attacks in lane {e['lane']}",
    "direct_attack": lambda e: f"{_name(e.get('card'))} hits the player directly",
    "damaged": lambda e: f"{_name(e.get('card'))} takes {e['amount']} damage (health {e['health']})",
    "life": lambda e: f"Seat {e['seat']} life {e['change']:+d} -> {e['life']}",
    "destroyed": lambda e: f"{_name(e.get('card'))} is destroyed",
    "crystal_gained": lambda e: f"Seat {e['seat']} gains a {e['race']} crystal",
    "mana_exiled": lambda e: f"Seat {e['seat']}'s used Mana Source(s) leave the game",
    "end_turn": lambda e: f"Seat {e['seat']} ends the turn",
    "cancelled_before_payment": lambda e: f"Seat {e['seat']} takes the play back before paying",
    "resolves": lambda e: f"Link {e['link']} resolves: "
                          + (_name(e.get('card')) if "card" in e else f"{_name(e.get('source'))}'s {e.get('ability')}"),
    "chain_closes": lambda e: f"The chain closes with {e['links']} link(s)",
    "chain_closed": lambda e: "The chain has resolved",
    "pass": lambda e: f"Seat {e['seat']} passes",
    "untapped": lambda e: f"Seat {e['seat']} untaps its crystals",
    "field": lambda e: f"{_name(e.get('card'))} becomes the active " + ("World field" if e["world"] else "field"),
    "replaced": lambda e: f"{_name(e.get('card'))} is replaced and goes to the graveyard (not destroyed)",
    "revived": lambda e: f"{_name(e.get('card'))} returns to standby lane {e['lane']}",
    "boosted": lambda e: f"{_name(e.get('card'))} is now {e['attack']}/{e['health']}",
    "healed": lambda e: f"{_name(e.get('card'))} heals {e['amount']}",
    "negated": lambda e: f"Link {e['link']} is cancelled",
    "cancelled": lambda e: f"Seat {e['seat']}'s " + (_name(e.get('card')) if "card" in e else "ability") + " is cancelled",
    "combat": lambda e: f"{_name(e.get('card'))} fights {_name(e.get('defender'))} in lane {e['lane']}",
    "no_crystal": lambda e: f"{_name(e.get('card'))} gains no crystal",
    "crystal_exiled": lambda e: f"Seat {e['seat']} removes a {e['race']} crystal",
    "crystal_not_gained": lambda e: f"Seat {e['seat']} is at the cap with every crystal tapped: no crystal",
    "shown": lambda e: f"Seat {e['seat']} shows {', '.join(e['shown'])}",
    "returned_to_hand": lambda e: f"{_name(e.get('card'))} returns to its owner's hand",
    "conceded": lambda e: f"Seat {e['seat']} concedes",
    "tie_offered": lambda e: f"Seat {e['seat']} offers a tie",
    "tie_declined": lambda e: f"Seat {e['seat']} declines the tie",
    "trigger": lambda e: f"{_name(e.get('card'))} acts in the {e['phase']} phase",
    "summon_failed": lambda e: f"{_name(e.get('card'))} finds its standby zone taken and goes to the graveyard",
    "attack_fizzled": lambda e: f"The attack in lane {e['lane']} does nothing",
    "empty_library": lambda e: f"Seat {e['seat']} must draw from an empty library",
    "game_over": lambda e: ("Game over: tie - " if e.get("draw") else f"Game over: seat {e.get('winner')} wins - ")
                           + e.get("reason", ""),
}


def _resolving(event: dict, cards: Mapping[str, CardDef]) -> tuple:
    """The effects of a chain link that resolves: an ability's (by the name the event gives), a
    character's on-summon effects, a card's own. None for a card the seat cannot see."""
    if event.get("type") != "resolves":
        return ()
    card = event.get("source") if "ability" in event else event.get("card")
    d = cards.get(card.get("card")) if isinstance(card, dict) else None
    if d is None:
        return ()
    if "ability" in event:
        return next((a.effects for a in d.abilities if a.name == event["ability"]), ())
    return d.on_summon if d.is_character else d.effects


def wording(effects: tuple) -> str:
    """Effects as their words say them (`REGISTRY.say`, docs/effects/qiguang.md), for narration."""
    return "; ".join(REGISTRY.say(effect) for effect in effects)


def narrate(event: dict, cards: Mapping[str, CardDef] | None = None) -> str:
    """One line for an event; with the card data (`cards`), a link that resolves says what its
    effects do, in the wording of their words."""
    text = _TEXT.get(event.get("type", ""))
    rule = f" [{event['rule']}]" if event.get("rule") else ""
    effects = _resolving(event, cards) if cards else ()
    said = f": {wording(effects)}" if effects else ""
    return (text(event) if text else f"{event.get('type')}: {event}") + said + rule
