"""Why a proposed action is refused: the rule that forbids it, in player words.

Legal options come from actions.options; this module explains anything that is not among
them, so the list of legal moves and the refusals cannot disagree.
"""

from __future__ import annotations

from engine.core.errors import Refusal

from engine.games.vividz import actions
from engine.games.vividz.state import (ADJACENT, VividzState, attack_forbidden, controller, defn, in_slot,
                                       mission_active, owner, play_cost, where, zone)
from engine.games.vividz import effects as fx

KIND_RULES = {
    "missions": ("601.1b", "Place your three missions face down: choose their positions."),
    "setup_energy": ("601.1e", "Choose a card from your hand to put into your Energy zone."),
    "main": ("703.2", "Play a card, activate an ability, attack, check a mission, or end the Main phase."),
    "defense": ("803.1", "Defend: activate an ability, discard 2 cards to slide a character, or pass."),
    "pay": ("905.3a", "Pay the energy cost with a card from your Energy zone."),
    "discard": ("904.2f", "Pay the cost by discarding a card from your hand (not from Keep)."),
    "pick": ("904.3a", "Choose one of the cards the effect offers."),
    "target": ("1107.1", "Choose one of the characters this effect can affect."),
    "use": ("1115.1", "Use the revealed card for free, or put it into your Energy zone."),
    "scout_use": ("804.2b", "Use your revealed Scout card for free, or put it into your Energy zone."),
    "trigger": ("908.2a", "Choose which triggered ability resolves next."),
    "may": ("908.2", "Say whether you use this optional triggered ability."),
    "number": ("102.11", "Choose a whole number from 0 up to the maximum offered."),
    "slide_to": ("1116.1", "Slide one of your characters to an adjacent empty slot."),
    "replacement": ("912.2", "Choose which replacement effect applies."),
    "newest": ("1002.1", "Several cards entered this slot together: choose the one that counts as newest."),
    "up_to": ("504.4", "Move the top card of your Deck, or stop moving cards."),
    "ts_order": ("911.3c", "Choose which of your effects with the same timestamp applies first."),
    "keep": ("705.2", "Choose a hand card to keep, or keep nothing."),
    "charge": ("705.3", "Put a hand card into Energy, or stop charging."),
}


def _card(state: VividzState, action: dict, key: str = "card") -> int | None:
    c = action.get(key)
    if isinstance(c, int) and not isinstance(c, bool) and 0 <= c < len(state.table.cards):
        return c
    return None


def check(state: VividzState, seat: int, action: dict) -> Refusal | None:
    if state.result is not None:
        return Refusal("101.2", "The game is over.")
    w = state.waiting
    if w is None:
        return Refusal("202.1", "The referee is still processing; wait for the next decision.")
    if seat != w[1]:
        return seat_refusal(state, seat)
    if any(a == action for a, _ in actions.options(state)):
        return None
    kind = w[0]
    t = action.get("type") if isinstance(action, dict) else None
    if kind != "main" and t in ("play", "attack", "check"):
        return Refusal("703.2", "Cards are played, attacks declared and missions checked only by the turn player "
                                "in the Main phase. " + KIND_RULES[kind][1])
    if kind == "main":
        refusal = _main(state, seat, action, t)
        if refusal:
            return refusal
    if kind == "defense" and t == "slide":
        refusal = _slide(state, seat, action)
        if refusal:
            return refusal
    if t == "activate" and kind in ("main", "defense"):
        card = _card(state, action)
        i = action.get("ability")
        if card is None or controller(state, card) != seat:
            return Refusal("502.1c", "You can only activate abilities of cards you control.")
        abilities = defn(state, card).abilities
        if not isinstance(i, int) or not 0 <= i < len(abilities) or abilities[i].kind != "act":
            return Refusal("901.2a", "That card has no such activated ability.")
        rule = actions.ability_payable(state, seat, card, i)
        messages = {"903.1": "That ability works only while the card is in the zone its validity icon names.",
                    "903.2a": "That ability's condition is not met now.",
                    "907.1a": "The card must be upright (reboot) to pay a sleep cost.",
                    "905.3b": "You do not have enough cards in your Energy zone to pay this cost.",
                    "508.3": "You do not have enough cards in hand to discard for this cost (Keep cards do not count)."}
        if rule:
            return Refusal(rule, messages[rule])
    rule, message = KIND_RULES[kind]
    return Refusal(rule, f"That is not a legal choice now. {message}")


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


def seat_refusal(state: VividzState, seat: int) -> Refusal:
    w = state.waiting
    if w is None:
        return Refusal("201.1", "No decision is pending.")
    if w[0] == "main":
        return Refusal("703.2", "Only the turn player acts in the Main phase; wait for your turn.")
    if w[0] == "defense":
        return Refusal("803.1", "The defending player chooses now; wait for them.")
    rule, _ = KIND_RULES[w[0]]
    return Refusal(rule, f"Seat {w[1]} is choosing now; wait for them.")
