"""Guards: for any proposed action, the rule that forbids it (a Refusal) or None.

An action a player sends that is not among the options is explained by these guards. The
main-phase options are the candidates they allow, with their checks written out for speed
(choices.py): tests/kaiju/test_fast_paths.py checks at every main-phase decision of seeded games that
the options are exactly the candidates the guards allow, so "what is legal" and "why not"
cannot disagree.
"""

from __future__ import annotations

from engine.core.errors import Refusal

from engine.games.kaiju.effects import REGISTRY
from engine.games.kaiju.state import (ChooseEngaged, Devolve, DiscardFromHand, KaijuState, MainPhase, PlaceOpening, advantage, defn,
                                      owner, where, zone)

_NO_TARGET = object()
_NOT_IN_HAND = "That card is not in your hand. Choose a card from your hand."
_NOT_IN_PLAY = "Choose one of your battle cards in play (engaged or in support)."


def _card_of(state: KaijuState, action: dict, key: str = "card") -> int | None:
    card = action.get(key)
    if type(card) is int and 0 <= card < len(state.table.cards):  # `type is`: no bools
        return card
    return None


def targets_for(state: KaijuState, seat: int, effects: tuple) -> list[int] | None:
    """Legal targets of the one chosen-target effect among `effects`, or None if none needs one."""
    return REGISTRY.targets(state, seat, effects)


def _target_refusal(state: KaijuState, seat: int, effects: tuple, action: dict, rule: str) -> Refusal | None:
    legal = targets_for(state, seat, effects) if effects else None
    chosen = action.get("target", _NO_TARGET)
    if not legal:
        if chosen is not _NO_TARGET:
            return Refusal(rule, "This card does not take a target here; play it without one.")
        return None
    if chosen not in legal:
        return Refusal(rule, "Choose one of the cards this effect can target.")
    return None


def _hand_card(state: KaijuState, seat: int, action: dict, rule: str) -> tuple[int | None, Refusal | None]:
    card = action.get("card")
    table = state.table
    if (type(card) is not int or not 0 <= card < len(table.cards)  # `type is`: no bools
            or table.cards[card].owner != seat or table.name_of[card] != "hand"):
        return None, Refusal(rule, _NOT_IN_HAND)
    return card, None


def _own_in_play(state: KaijuState, seat: int, action: dict, key: str, rule: str) -> tuple[int | None, Refusal | None]:
    card = action.get(key)
    table = state.table
    if (type(card) is not int or not 0 <= card < len(table.cards)
            or table.cards[card].owner != seat or table.name_of[card] not in ("engaged", "support")):
        return None, Refusal(rule, _NOT_IN_PLAY)
    return card, None


# -- setup ---------------------------------------------------------------------------------

def check_order(state: KaijuState, seat: int, action: dict) -> Refusal | None:
    if state.phase != "order":
        return Refusal("KJ-3.1.1", "The turn order has already been decided.")
    if seat != state.coin_winner:
        return Refusal("KJ-G3", f"Seat {state.coin_winner} won the coin flip and chooses who goes first; "
                                "wait for their choice.")
    if action.get("first") not in (True, False):
        return Refusal("KJ-G3", "Say whether you go first (true) or second (false).")
    return None


def check_facedown(state: KaijuState, seat: int, action: dict) -> Refusal | None:
    if state.phase == "order":
        return Refusal("KJ-3.1.4", "Opening cards are placed once the turn order is chosen and both hands are drawn "
                                   "and checked for a battle card; wait for the coin-flip winner's choice.")
    if state.phase != "facedown":
        return Refusal("KJ-3.1.3", "Both opening battle cards are already placed and revealed; the game is under way.")
    if zone(state, seat, "engaged"):
        return Refusal("KJ-3.1.3", "You have already placed your opening battle card; it stays face down until your "
                                   "opponent has placed theirs, then both are turned face up.")
    if type(state.flow.asking) is not PlaceOpening:
        return Refusal("KJ-3.1.4", "Opening cards are placed once both hands are drawn and checked for a battle "
                                   "card; wait until the opening hands are complete.")
    card, refusal = _hand_card(state, seat, action, "KJ-3.1.3")
    if refusal:
        return refusal
    if not defn(state, card).is_battle:
        return Refusal("KJ-3.1.3", "Only a battle card may be put face down in the engagement zone. Choose a battle card.")
    return None


# -- choices in the middle of a step -------------------------------------------------------

def check_engage(state: KaijuState, seat: int, action: dict) -> Refusal | None:
    asking = state.flow.asking
    if type(asking) is not ChooseEngaged or asking.seat != seat:
        return Refusal("KJ-2.2.3", "You only choose a new engaged card when your engagement zone is empty.")
    card = _card_of(state, action)
    if card is None or owner(state, card) != seat or where(state, card) != "support":
        return Refusal("KJ-2.2.3", "Choose a battle card from your support zone to engage.")
    return None


def check_devolve_choice(state: KaijuState, seat: int, action: dict) -> Refusal | None:
    asking = state.flow.asking
    if type(asking) is not Devolve or asking.seat != seat:
        return Refusal("KJ-5.18", "There is no devolution waiting for your choice.")
    card = _card_of(state, action)
    if card is None or card not in state.stack.get(asking.host, ()):
        return Refusal("KJ-5.18", "Choose a card from the devolving card's enhancement stack.")
    return None


def check_discard_choice(state: KaijuState, seat: int, action: dict) -> Refusal | None:
    asking = state.flow.asking
    if type(asking) is not DiscardFromHand or asking.seat != seat:
        return Refusal("KJ-2.5", "You discard from your hand only when a card effect makes you; none is waiting "
                                 "for your choice.")
    _, refusal = _hand_card(state, seat, action, "KJ-2.5")
    return refusal


# -- main phase ----------------------------------------------------------------------------

# what each main-phase move is called in a refusal ("You can only <verb> in your own main phase")
_MAIN_VERBS = {
    "deploy": "deploy", "enhance": "enhance", "action": "use Actions", "attack": "attack", "heal": "heal",
    "retreat": "retreat", "skill": "play skill cards", "reinforce": "play reinforcement cards",
    "evolve": "evolve", "convert": "convert", "end_turn": "end your turn",
}


def _main_refusal(state: KaijuState, seat: int, kind: str) -> Refusal | None:
    """KJ-3.3.1: main-phase moves are made only during your own turn's main phase. Says why
    this kind of move cannot be made now, by anyone or by this seat, and what comes first."""
    asking = state.flow.asking
    verb = _MAIN_VERBS[kind]
    if state.phase in ("order", "facedown"):
        return Refusal("KJ-3.3.1", f"The game has not started yet: you can {verb} only in your own main phase, "
                                   "once the opening cards are placed and revealed.")
    if seat != state.active:
        return Refusal("KJ-3.3.1", f"You can {verb} only in your own main phase; it is your opponent's turn now. "
                                   "Wait for your turn.")
    if type(asking) is MainPhase:
        return None
    who = "you have" if asking is not None and asking.seat == seat else "your opponent has"
    if type(asking) is ChooseEngaged:
        why = f"{who} chosen a support card to fill the empty engagement zone (KJ-2.2.3)"
    elif type(asking) is Devolve:
        why = f"{who} chosen the card that comes back on top of the devolving card (KJ-5.18)"
    elif type(asking) is DiscardFromHand:
        why = f"{who} chosen the card to discard from hand (KJ-2.5)"
    else:
        why = "the pending choice is made"
    return Refusal("KJ-3.3.1", f"You can {verb} only in your own main phase, which goes on once {why}; "
                               "make that choice first.")


def check_deploy(state: KaijuState, seat: int, action: dict) -> Refusal | None:
    table = state.table  # _hand_card written out, for speed
    cards = table.cards
    card = action.get("card")
    if (type(card) is not int or not 0 <= card < len(cards)
            or cards[card].owner != seat or table.name_of[card] != "hand"):
        return Refusal("KJ-3.4.1", _NOT_IN_HAND)
    if not cards[card].defn.is_battle:
        return Refusal("KJ-5.11", "Only battle cards are deployed. Play skill and reinforcement cards instead.")
    if state.deploys_left <= 0:
        return Refusal("KJ-3.4.2", "You have already deployed this turn. You can deploy again next turn.")
    target = action.get("zone", "support")
    if target == "engaged":
        if state.table.zones[f"{seat}.engaged"]:
            return Refusal("KJ-5.11", "Deploying cannot replace a battle card: your engagement zone is occupied. Deploy to support.")
    elif target == "support":
        if len(state.table.zones[f"{seat}.support"]) >= state.options["support_slots"]:
            return Refusal("KJ-5.11", f"Your support zone is full ({state.options['support_slots']} slots); you cannot deploy.")
    else:
        return Refusal("KJ-5.11", "Deploy to your support zone (or an empty engagement zone).")
    return None


def check_enhance(state: KaijuState, seat: int, action: dict) -> Refusal | None:
    # the most asked guard: _hand_card and _own_in_play are written out here, for speed
    table = state.table
    cards, name_of = table.cards, table.name_of
    card = action.get("card")
    if (type(card) is not int or not 0 <= card < len(cards)
            or cards[card].owner != seat or name_of[card] != "hand"):
        return Refusal("KJ-5.12", _NOT_IN_HAND)
    if not cards[card].defn.is_battle:
        return Refusal("KJ-5.12", "Only a battle card can be used as an enhancement.")
    if state.enhances_left <= 0:
        return Refusal("KJ-3.4.2", "You have already enhanced this turn. You can enhance again next turn.")
    target = action.get("target")
    if (type(target) is not int or not 0 <= target < len(cards) or cards[target].owner != seat
            or name_of[target] not in ("engaged", "support")):
        return Refusal("KJ-5.12", _NOT_IN_PLAY)
    if name_of[target] != "engaged" and state.options["enhance_target"] == "engaged":
        return Refusal("KJ-G10", "Under this table's rules you may only enhance your engaged card.")
    return None


def _engaged_card_refusal(state: KaijuState, seat: int, action: dict, rule: str) -> tuple[int | None, Refusal | None]:
    cards = state.table.zones[f"{seat}.engaged"]
    card = cards[0] if cards else None
    given = action.get("card")
    if given is not None and given != card:  # a support card, another player's or no card at all
        return None, Refusal("KJ-2.2.2", "Only your engaged battle card can do that; cards in support cannot.")
    if card is None:
        return None, Refusal(rule, "You have no engaged battle card.")
    return card, None


def check_action(state: KaijuState, seat: int, action: dict) -> Refusal | None:
    card, refusal = _engaged_card_refusal(state, seat, action, "KJ-5.3")
    if refusal:
        return refusal
    abilities = state.table.cards[card].defn.actions
    index = action.get("index")
    if not isinstance(index, int) or not 0 <= index < len(abilities):
        return Refusal("KJ-5.3", "Your engaged card has no such Action.")
    ability = abilities[index]
    if len(state.stack.get(card, ())) < ability.level:  # KJ-5.14: level = enhancements
        return Refusal("KJ-5.14", f"{ability.name} needs level {ability.level}; enhance the card first.")
    if ability.advantage and not advantage(state, seat):
        return Refusal("KJ-5.10", f"{ability.name} can only be used while you have the advantage (your engaged card is faster).")
    if ability.once_per_turn and state.action_uses.get((card, index), 0) >= 1:
        return Refusal("KJ-3.5.1", f"{ability.name} can be used only once per turn.")
    return _target_refusal(state, seat, ability.effects, action, "KJ-5.3")


def _attack_heal_used(state: KaijuState, card: int) -> bool:
    if state.options["attack_limit"] == "card":  # KJ-G14
        return card in state.attacked_cards
    return state.attack_or_heal_used


def check_attack(state: KaijuState, seat: int, action: dict) -> Refusal | None:
    card, refusal = _engaged_card_refusal(state, seat, action, "KJ-5.1")
    if refusal:
        return refusal
    if _attack_heal_used(state, card):
        return Refusal("KJ-3.6.2", "You have already attacked or healed this turn; only one of them, once, per turn.")
    if seat == state.first and state.turn == 1:
        return Refusal("KJ-3.6.3", "The first player cannot attack on their first turn. You may still heal or use Actions.")
    moves = state.table.cards[card].defn.moves
    index = action.get("index")
    if not isinstance(index, int) or not 0 <= index < len(moves) or moves[index].kind != "attack":
        return Refusal("KJ-5.1", "Your engaged card has no such attack.")
    move = moves[index]
    if len(state.stack.get(card, ())) < move.level:
        return Refusal("KJ-5.14", f"{move.name} needs level {move.level}; enhance the card first.")
    if move.advantage and not advantage(state, seat):
        return Refusal("KJ-5.10", f"{move.name} needs the advantage: your engaged card must be faster.")
    if not state.table.zones[f"{1 - seat}.engaged"]:
        return Refusal("KJ-5.1", "Your opponent has no engaged battle card to attack.")
    if not move.effects and "target" not in action:
        return None  # what _target_refusal answers for an untargeted move
    return _target_refusal(state, seat, move.effects, action, "KJ-5.1.1")


def check_heal(state: KaijuState, seat: int, action: dict) -> Refusal | None:
    card, refusal = _engaged_card_refusal(state, seat, action, "KJ-5.2")
    if refusal:
        return refusal
    if _attack_heal_used(state, card):
        return Refusal("KJ-3.6.2", "You have already attacked or healed this turn; only one of them, once, per turn.")
    moves = state.table.cards[card].defn.moves
    index = action.get("index")
    if not isinstance(index, int) or not 0 <= index < len(moves) or moves[index].kind != "heal":
        return Refusal("KJ-5.2", "Your engaged card has no such heal.")
    move = moves[index]
    if len(state.stack.get(card, ())) < move.level:
        return Refusal("KJ-5.14", f"{move.name} needs level {move.level}; enhance the card first.")
    if move.advantage and not advantage(state, seat):
        return Refusal("KJ-5.10", f"{move.name} needs the advantage: your engaged card must be faster.")
    target, refusal = _own_in_play(state, seat, action, "target", "KJ-5.2")
    if refusal:
        return refusal
    if state.options["heal_target"] == "engaged" and target != card:
        return Refusal("KJ-G8", "Under this table's rules a heal can only target your engaged card.")
    return None


def check_retreat(state: KaijuState, seat: int, action: dict) -> Refusal | None:
    cards = state.table.zones[f"{seat}.engaged"]
    if not cards:
        return Refusal("KJ-3.7.1", "You have no engaged battle card to retreat.")
    card = cards[0]
    if state.engaged_acted:
        return Refusal("KJ-3.7.2", "Your engaged card has already used an Action, attacked or healed this turn, so it cannot retreat.")
    if state.options["retreat_limit"] == "once" and state.retreats >= 1:
        return Refusal("KJ-G11", "Under this table's rules you may retreat only once per turn.")
    if not state.stack.get(card):
        return Refusal("KJ-3.7.1", "Retreating costs one enhancement, and your engaged card has none. Enhance it first.")
    if action.get("enhancement") not in state.stack[card]:
        return Refusal("KJ-3.7.1", "Choose one enhancement of your engaged card to remove as the retreat cost.")
    support = action.get("support")
    table = state.table
    if (type(support) is not int or not 0 <= support < len(table.cards)
            or table.cards[support].owner != seat or table.name_of[support] != "support"):
        return Refusal("KJ-3.7.1", "Choose a battle card in your support zone to swap in.")
    return None


def check_skill(state: KaijuState, seat: int, action: dict) -> Refusal | None:
    card, refusal = _hand_card(state, seat, action, "KJ-3.8.1")
    if refusal:
        return refusal
    d = state.table.cards[card].defn
    if d.type != "skill":
        return Refusal("KJ-1.2", "That card is not a skill card.")
    if d.advantage and not advantage(state, seat):
        return Refusal("KJ-1.1.3", f"{d.name} can only be played while you have the advantage (your engaged card is faster).")
    return _target_refusal(state, seat, d.effects, action, "KJ-1.2.3")


def check_reinforce(state: KaijuState, seat: int, action: dict) -> Refusal | None:
    card, refusal = _hand_card(state, seat, action, "KJ-3.8.1")
    if refusal:
        return refusal
    d = state.table.cards[card].defn
    if d.type != "reinforcement":
        return Refusal("KJ-1.3", "That card is not a reinforcement card.")
    if state.reinforcement_played:
        return Refusal("KJ-3.8.4", "You may play only one reinforcement card per turn. Skill cards have no limit.")
    return _target_refusal(state, seat, d.effects, action, "KJ-1.3.2")


def _replace_refusal(state: KaijuState, seat: int, action: dict, kind: str) -> Refusal | None:
    rule = "KJ-5.16" if kind == "evolve" else "KJ-5.15"
    card, refusal = _hand_card(state, seat, action, rule)
    if refusal:
        return refusal
    d = defn(state, card)
    if not d.is_battle:
        return Refusal(rule, "Only a battle card can evolve or convert.")
    target, refusal = _own_in_play(state, seat, action, "target", rule)
    if refusal:
        return refusal
    other = defn(state, target)
    if kind == "evolve":
        pairs = bool(d.evolves_from) and d.evolves_from == other.name
    else:  # conversion pairs work both ways (KJ-5.15)
        pairs = (bool(d.converts_with) and d.converts_with == other.name) or (
            bool(other.converts_with) and other.converts_with == d.name)
    if not pairs:
        verb = "evolve from" if kind == "evolve" else "convert with"
        return Refusal(rule, f"{d.name} cannot {verb} {other.name}; only the pairings printed on the card work.")
    return None


def check_evolve(state: KaijuState, seat: int, action: dict) -> Refusal | None:
    return _replace_refusal(state, seat, action, "evolve")


def check_convert(state: KaijuState, seat: int, action: dict) -> Refusal | None:
    return _replace_refusal(state, seat, action, "convert")


def check_end_turn(state: KaijuState, seat: int, action: dict) -> Refusal | None:
    return None


MAIN_GUARDS = {
    "deploy": check_deploy, "enhance": check_enhance, "action": check_action,
    "attack": check_attack, "heal": check_heal, "retreat": check_retreat,
    "skill": check_skill, "reinforce": check_reinforce, "evolve": check_evolve,
    "convert": check_convert, "end_turn": check_end_turn,
}
OTHER_GUARDS = {
    "choose_order": check_order, "place_facedown": check_facedown,
    "engage": check_engage, "devolve_choose": check_devolve_choice, "discard_choose": check_discard_choice,
}


def check(state: KaijuState, seat: int, action: dict) -> Refusal | None:
    kind = action.get("type")
    if not isinstance(kind, str):
        return Refusal("KJ-3.3.1", "A move needs a 'type'. See `tts-bridge actions kaiju` for the moves.")
    if state.phase == "over":
        return Refusal("KJ-4", "The game is over.")
    if kind in OTHER_GUARDS:
        return OTHER_GUARDS[kind](state, seat, action)
    guard = MAIN_GUARDS.get(kind)
    if guard is None:
        return Refusal("KJ-3.3.1", f"Unknown move {kind!r}. See `tts-bridge actions kaiju` for the moves.")
    return _main_refusal(state, seat, kind) or guard(state, seat, action)
