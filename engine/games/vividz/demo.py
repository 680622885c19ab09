"""Narration and illegal moves worth trying for `tts-bridge demo --game vividz`."""

from __future__ import annotations

from typing import Mapping

from engine.games.vividz.cards import CardDef
from engine.games.vividz.effects import REGISTRY
from engine.games.vividz.state import VividzState, defn, play_cost, where, zone


def _n(card) -> str:
    """A card an event names; one the seat may not see is left out of its event (the core
    redactor): "a card"."""
    if card is None:
        return "a card"
    if isinstance(card, dict):
        return card.get("name") or card.get("title") or "a card"
    return str(card)


_TEXT = {
    "turn": lambda e: f"--- Turn {e['turn']}: seat {e['seat']} ---",
    "draw": lambda e: f"Seat {e['seat']} draws {_n(e.get('card', 'a card'))}",
    "play": lambda e: f"Seat {e['seat']} plays {_n(e.get('card'))}" + (" for free" if e.get("free") else f" (cost {e['cost']})"),
    "enter": lambda e: f"{_n(e.get('card'))} enters slot L{e['slot']}",
    "control": lambda e: f"Seat {e['controller']} takes control of {_n(e.get('card'))} (lane {e['slot']})",
    "deck_move": lambda e: f"Seat {e['seat']} moves a card from the Deck to the {e['to']} ({e['moved']})",
    "attack": lambda e: f"Seat {e['seat']} attacks with {_n(e.get('card'))} in lane {e['lane']}",
    "damage": lambda e: f"{_n(e.get('card'))} takes {e['amount']} damage",
    "retire": lambda e: f"{_n(e.get('card'))} retires ({e['by']}) into Energy",
    "level_up": lambda e: f"{_n(e.get('card'))} levels up: {_n(e.get('exp'))} becomes its EXP",
    "illegal_character": lambda e: f"{_n(e.get('card'))} is trashed as an illegal character",
    "check": lambda e: f"Seat {e['seat']} checks mission {_n(e.get('card'))}",
    "clear": lambda e: f"Seat {e['seat']} clears mission {e['title']}",
    "attack_success": lambda e: f"{_n(e.get('card'))}'s attack succeeds",
    "scout": lambda e: f"Seat {e['seat']} scouts {_n(e.get('card'))}",
    "game_over": lambda e: f"Game over: {e['reason']}",
    "missions_placed": lambda e: f"Seat {e['seat']} places three missions face down",
    "missions_revealed": lambda e: f"Seat {e['seat']} reveals the missions {_names(e['missions'])}",
    "reveal_first": lambda e: f"Seat {e['seat']} reveals {_n(e.get('card'))} for the first player",
    "first_player": lambda e: f"Seat {e['seat']} plays first",
    "charge": lambda e: f"Seat {e['seat']} charges {_n(e.get('card'))} into Energy",
    "setup_energy": lambda e: f"Seat {e['seat']} puts {_n(e.get('card'))} into Energy",
    "trigger": lambda e: f"{_n(e.get('source'))}'s ability triggers for seat {e['seat']}",
    "pay": lambda e: f"Seat {e['seat']} pays " + (f"{e['amount']} Energy" if "amount" in e else f"with {_n(e.get('card'))}"),
    "pass": lambda e: f"Seat {e['seat']} passes",
    "keep": lambda e: f"Seat {e['seat']} keeps {_n(e.get('card'))}",
    "declined": lambda e: f"Seat {e['seat']} does not use {_n(e.get('source'))}'s ability",
    "decline": lambda e: f"Seat {e['seat']} declines",
    "uncheck": lambda e: f"Seat {e['seat']}'s mission {_n(e.get('card'))} is unchecked",
    "to_energy": lambda e: f"{_n(e.get('card'))} goes to seat {e['seat']}'s Energy",
    "to_hand": lambda e: f"{_n(e.get('card'))} goes to seat {e['seat']}'s hand",
    "attack_end": lambda e: f"Seat {e['seat']}'s attack ends",
    "attack_end_loop": lambda e: "The attack ends: the same steps would repeat for ever",
    "discard": lambda e: f"Seat {e['seat']} discards {_n(e.get('card'))}",
    "effect": lambda e: f"{_names(e.get('cards', []))} get{'s' if len(e.get('cards', [])) == 1 else ''} "
                        f"{e['effect']} {_signed(e.get('value'))} until the end of the {e.get('until', 'turn')}",
    "effect_order": lambda e: f"Seat {e['seat']} orders the effects of {_n(e.get('card'))}",
    "slide": lambda e: f"{_n(e.get('card'))} slides from lane {e['from']} to lane {e['to']}",
    "defend_slide": lambda e: f"Seat {e['seat']} slides a defender into the attacked lane",
    "sleep": lambda e: f"{_n(e.get('card'))} goes to sleep",
    "reboot": lambda e: f"{_n(e.get('card'))} wakes up",
    "activate": lambda e: f"Seat {e['seat']} activates {_n(e.get('card'))}'s ability",
    "target": lambda e: f"Seat {e['seat']} targets {_n(e.get('card'))}",
    "chose": lambda e: f"Seat {e['seat']} chooses {e['count']} card{'' if e['count'] == 1 else 's'}",
    "number": lambda e: f"Seat {e['seat']} chooses the number {e['value']}",
    "damage_removed": lambda e: "Damage is removed from every character",
    "draw_skipped": lambda e: f"Seat {e['seat']} draws nothing ({e['reason']})",
    "accel": lambda e: f"Seat {e['seat']} uses Accel on {_n(e.get('card'))}",
    "remove": lambda e: f"{_n(e.get('card'))} is removed from the game",
    "reload": lambda e: f"Seat {e['seat']} reloads: the Trash is shuffled into the Deck",
    "shuffle": lambda e: f"Seat {e['seat']} shuffles the Deck",
    "delayed": lambda e: f"A delayed effect of seat {e['seat']} waits for {e['at'].replace('_', ' ')}",
    "replaced": lambda e: f"{e.get('title') or _n(e.get('by'))}: replaced, it goes to the {str(e['instead']).replace('_', ' ')} instead",
    "replacement_chosen": lambda e: f"Seat {e['seat']} chooses which replacement applies",
    "exp": lambda e: f"{_n(e.get('card'))} becomes EXP of {_n(e.get('host'))}",
    "reveal": lambda e: f"Seat {e['seat']} reveals {e.get('title') or _n(e.get('card'))}",
    "deck_move_stop": lambda e: f"Seat {e['seat']} stops moving cards from the Deck",
}


def _names(cards) -> str:
    names = [_n(c) for c in cards or []]
    return ", ".join(names) if names else "no card"


def _signed(value) -> str:
    return f"{value:+d}" if isinstance(value, int) and not isinstance(value, bool) else str(value)


def _plain(value) -> str:
    if isinstance(value, dict):
        return _n(value)
    if isinstance(value, list):
        return _names(value)
    return str(value).replace("_", " ")


def _effects(event: dict, cards: Mapping[str, CardDef]) -> tuple:
    """The card-data effects of the card played (an Event's [Event] abilities, 909.2), the
    ability activated (907) or the ability that triggered (908) in `event`; none for a card the
    seat cannot see, a character played (its abilities trigger on their own) or a delayed trigger."""
    kind = event.get("type")
    card = event.get("source" if kind == "trigger" else "card")
    d = cards.get(card.get("card")) if isinstance(card, dict) else None
    if d is None:
        return ()
    if kind == "play":
        effects = tuple(e for ab in d.abilities if ab.kind == "event" for e in ab.effects)
    elif kind in ("activate", "trigger") and isinstance(event.get("ability"), int) \
            and 0 <= event["ability"] < len(d.abilities):
        effects = d.abilities[event["ability"]].effects
    else:
        return ()
    return tuple(e for e in effects if REGISTRY.word_of(e) in REGISTRY.words)  # not the rule effect accel


def wording(effects: tuple) -> str:
    """Effects as their words say them (`REGISTRY.say`, docs/effects/vividz.md), for narration."""
    return "; ".join(REGISTRY.say(effect) for effect in effects)


def narrate(event: dict, cards: Mapping[str, CardDef] | None = None) -> str:
    """One line for an event; with the card data (`cards`), a card played or an ability used or
    triggered says what its effects do, in the wording of their words."""
    text = _TEXT.get(event.get("type"))
    if text:
        try:
            effects = _effects(event, cards) if cards else ()
            line = f"{text(event)}: {wording(effects)}" if effects else text(event)
            return f"{line}  [{event['rule']}]" if "rule" in event else line
        except (KeyError, TypeError, AttributeError):
            pass
    # an event without a sentence yet: its kind and fields in words, never a raw dump
    kind = str(event.get("type", "event")).replace("_", " ")
    who = f"Seat {event['seat']}: " if "seat" in event else ""
    details = "; ".join(f"{k.replace('_', ' ')} {_plain(v)}" for k, v in event.items()
                        if k not in ("type", "seat", "rule"))
    rule = f"  [{event['rule']}]" if "rule" in event else ""
    return f"{who}{kind}" + (f" ({details})" if details else "") + rule


def cheat_attempts(state: VividzState, kind: str, seat: int) -> list[tuple[int, dict, str]]:
    out: list[tuple[int, dict, str]] = []
    if kind != "main":
        return out
    out.append((1 - seat, {"type": "pass"}, "act in the opponent's Main phase"))
    hand = zone(state, seat, "hand")
    energy = len(zone(state, seat, "energy"))
    for c in hand:
        d = defn(state, c)
        if state.turn == 1 and d.type == "event":
            out.append((seat, {"type": "play", "card": c}, "play an event in turn 1"))
        if d.type == "character" and play_cost(state, seat, c, 1) > energy:
            out.append((seat, {"type": "play", "card": c, "slot": 1}, f"play {d.name} without enough energy"))
    for c in zone(state, seat, "area"):
        if state.turn == 1:
            out.append((seat, {"type": "attack", "card": c}, "attack in turn 1"))
        elif c in state.sleep:
            out.append((seat, {"type": "attack", "card": c}, "attack with a sleeping character"))
    for m in zone(state, seat, "mission"):
        if where(state, m) == "mission" and m in state.table.face_down:
            out.append((seat, {"type": "check", "mission": m}, "check a completed mission"))
    return out
