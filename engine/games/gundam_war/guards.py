"""Guards: for any proposed action, the Refusal (rule, what to do instead) that forbids it, or
None. The options of a Request (choices.py) are candidate actions filtered by these guards, so
"what is legal" and "why not" cannot disagree."""

from __future__ import annotations


from engine.core.errors import Refusal

from engine.games.gundam_war.cards import bare
from engine.games.gundam_war.state import (AREAS, CARD_TYPES, FT_STEPS, GWState, all_have, can_pay, card_cost,
    card_texts, controller, defn, extra_payments, is_rolled, is_unit, keyword, meets_designated, mulligan_options,
    on_field, owner, power, requirement_met, same_name_on_field, set_cards, step_name, types_of, units,
    vulture_cards, waiting_auto, where, zone, AutoTarget, Sortie, choice)
from engine.games.gundam_war.effects import (REGISTRY, area_weapon_victims, conflicted, effects_playable,
    entry_targets, psycommu_targets, resupply_eligible, resupply_units, set_target_refusal, shield_entry)


PASS = {"type": "pass"}


_STEP_OF = {s: s.split("_")[0] for s in FT_STEPS}


def _card_arg(state: GWState, action: dict, key: str = "card") -> int | None:
    c = action.get(key)
    if isinstance(c, int) and not isinstance(c, bool) and 0 <= c < len(state.table.cards):
        return c
    return None


def _title(state: GWState, card: int) -> str:
    return defn(state, card).title


def _ft_closed(state: GWState, seat: int) -> Refusal | None:
    """Why no free timing is open now, for anyone (GW-B-3.1, GW-A-4.1, GW-A-9.2.3)."""
    if state.phase == "mulligan":
        return Refusal("GW-B-3.1", "The game has not started: finish the opening hands (keep or re-deal) first.")
    deciding = choice(state)
    if deciding is not None:
        who = "you" if deciding.seat == seat else "your opponent"
        return Refusal("GW-A-4.1", f"No free timing is open: {who} must first {deciding.task} ({deciding.rule}); "
                                   "cards and texts can be played again in the next free timing.")
    if state.step not in FT_STEPS:
        return Refusal("GW-A-9.2.3", "Cards and texts can only be played in a free timing, not during a fixed effect "
                                     "or at the end of a phase or step.")
    return None


def _no_priority(state: GWState, seat: int) -> Refusal | None:
    """GW-A-9.3: in an open free timing, only the seat with priority plays or passes."""
    if seat != state.priority:
        return Refusal("GW-A-9.3", "Your opponent has priority in this free timing; wait until they pass "
                                   "(the active player is always asked first).")
    return None


def _ft_refusal(state: GWState, seat: int) -> Refusal | None:
    return _ft_closed(state, seat) or _no_priority(state, seat)


def _timing_ok(state: GWState, seat: int, step: str, turn: str) -> bool:
    """GW-A-16.1, GW-A-16.2, GW-X-19: "(Normal)" any free timing; a named step or phase only there;
    "own"/"enemy" only in that player's turn."""
    if turn == "own" and seat != state.active or turn == "enemy" and seat == state.active:
        return False
    if step == "any":
        return True
    now = _STEP_OF.get(state.step) or state.step.split("_")[0]
    if now == step:
        return True
    if step == "battle":
        return now in ("attack", "defense", "damage", "return")
    return now == step


def _slot(state: GWState, card: int, quick: bool) -> str | None:
    """GW-B-9.1.1 (one Unit/Character/Operation/G per turn), GW-A-25.23 (Ship/Base/Support share
    one separate play, GW-X-9), GW-A-25.28 (Quick uses no slot)."""
    kinds = types_of(state, card)
    if quick or "command" in kinds:
        return None
    d = defn(state, card)
    if "unit" in kinds and (d.keywords.get("ship") or d.keywords.get("base") or d.keywords.get("support")):
        return "sbs"
    return next(t for t in CARD_TYPES if t in kinds)


_SLOT_NAME = {"unit": "Unit", "character": "Character", "operation": "Operation", "g": "G",
              "sbs": "Ship/Base/Support Unit"}


SLOT_RULE = {"unit": "GW-B-9.10.4", "character": "GW-B-9.12.5", "operation": "GW-B-9.14.3", "g": "GW-B-9.5.4",
             "sbs": "GW-A-25.23"}


def check_play(state: GWState, seat: int, action: dict) -> Refusal | None:
    card = _card_arg(state, action)
    mode = action.get("mode")
    memo = state.scan_plays            # a dict only while a request's options are listed (choices.ft_options)
    if memo is None:
        refusal = _card_play_refusal(state, seat, card, mode)
    else:
        key = (card, mode)
        if key not in memo:
            memo[key] = _card_play_refusal(state, seat, card, mode)
        refusal = memo[key]
    if refusal is not None or mode == "variable":
        return refusal
    return _play_action_refusal(state, seat, card, mode, action)


def _card_play_refusal(state: GWState, seat: int, card: int | None, mode) -> Refusal | None:
    """What forbids playing `card` in `mode` now whatever the rest of the action says (its target,
    X): the first checks of `check_play`, in its order; for VARIABLE, all of them."""
    if card is None or owner(state, card) != seat and where(state, card) != "hangar" or \
            where(state, card) not in ("hand", "hangar") or controller(state, card) != seat:
        return Refusal("GW-A-8.1", "That card is not in your hand or Hangar; play a card from your hand or Hangar.")
    refusal = _ft_closed(state, seat)
    if refusal:
        return refusal
    d = defn(state, card)
    if mode not in (None, "substitute", "variable"):
        return Refusal("GW-A-10", "Unknown play mode; use 'substitute' or 'variable', or leave it out.")
    if mode == "variable":
        return _check_variable(state, seat, card)
    quick = bool(d.keywords.get("quick"))
    kinds = types_of(state, card)
    command = "command" in kinds
    if not command and not quick:
        if seat != state.active or state.step != "deploy_ft":
            return Refusal("GW-B-13.2.1", f"A {d.type} can only be played in your own Deploy Phase "
                                          "(unless it has Quick).")
        if state.cut:
            return Refusal("GW-X-10", "Units, Characters, Operations and G cannot cut in; wait until the Cut "
                                      "has resolved (only Quick cards and Commands can).")
    if command and not _timing_ok(state, seat, d.step, d.turn):
        return Refusal("GW-B-13.3.3", f"{d.title} can only be played at the timing its text gives "
                                      f"({d.turn} {d.step}).")
    refusal = _no_priority(state, seat)
    if refusal:
        return refusal
    slot = _slot(state, card, quick)
    if slot and state.slots.get(slot, 0) >= 1:
        return Refusal(SLOT_RULE[slot], f"You have already played a {_SLOT_NAME[slot]} "
                                        "this turn; you can play another next turn.")
    restrict = d.keywords.get("restrict")
    if restrict == "1/turn" and (seat, d.name) in state.played_names:
        return Refusal("GW-A-25.29", f"You already played a card named {d.name} this turn (Restrict to 1/Turn).")
    if restrict == "1" and same_name_on_field(state, d.name, (0, 1)):
        return Refusal("GW-A-25.33", f"A card named {d.name} is already on the field (Restrict to 1).")
    if restrict == "1/own" and same_name_on_field(state, d.name, (seat,)):
        return Refusal("GW-A-25.34", f"You already have a card named {d.name} on your field (Restrict to 1/Own).")
    character = "character" in kinds
    if character and same_name_on_field(state, d.name, (0, 1)):
        return Refusal("GW-B-9.12.1", f"A Character named {d.name} is already on the field; it cannot be played.")
    if mode == "substitute" and not d.keywords.get("substitute_cost"):
        return Refusal("GW-A-25.31", f"{d.title} has no Substitute Cost; play it normally.")
    return None


def _play_action_refusal(state: GWState, seat: int, card: int, mode, action: dict) -> Refusal | None:
    """The rest of `check_play`, once the card may be played in `mode`: its target, cost and X."""
    d = defn(state, card)
    kinds = types_of(state, card)
    command = "command" in kinds
    character = "character" in kinds
    target = action.get("target")
    if character or "operation" in kinds and d.set:
        refusal = set_target_refusal(state, seat, card, target)
        if refusal:
            return refusal
    elif command:
        targets = REGISTRY.targets(state, seat, bare(d.effects), card)
        if targets == []:
            return Refusal("GW-A-13.2", f"{d.title} has no legal target now, so it cannot be played.")
        if targets is not None:
            if target not in targets:
                kind = REGISTRY.chosen_scope(bare(d.effects)).name
                return Refusal("GW-A-13.1", f"{d.title} needs a target: choose one {kind.replace('_', ' ')}.")
        elif "target" in action:
            return Refusal("GW-A-13.1", f"{d.title} takes no target; play it without one.")
        if not effects_playable(state, seat, d.effects, card):
            return Refusal("GW-A-13.2", f"{d.title} has no target now, so it cannot be played.")
    elif "target" in action:
        return Refusal("GW-A-10.2", f"{d.title} takes no target; play it without one.")
    if "g" in kinds:
        return None                                                # GW-B-9.5.1: no cost
    pw = power(state, seat)
    if not meets_designated(pw, d.designated):
        need = " and ".join(f"{n} {c}" for c, n in d.designated)
        return Refusal("GW-B-9.8.1", f"{d.title} needs {need} Designated National Power; you generate "
                                     f"{_power_text(pw)}. Deploy more G of that colour first.")
    x = action.get("x")
    if d.x_max:
        if not isinstance(x, int) or isinstance(x, bool) or not 1 <= x <= d.x_max:
            return Refusal("GW-A-26.10", f"Choose X for {d.title} as 'x', from 1 to {d.x_max}.")
    elif "x" in action:
        return Refusal("GW-A-26.10", f"{d.title} has no X; leave 'x' out.")
    total, resource = card_cost(state, seat, card, target if isinstance(target, int) else None, mode == "substitute",
                                x or 0)
    if sum(pw.values()) < total:
        return Refusal("GW-B-9.8.2", f"{d.title} needs {total} Total National Power; you generate {sum(pw.values())}.")
    if not can_pay(state, seat, resource, extra_payments(d, mode == "substitute")):
        return Refusal("GW-B-9.8.3", f"You cannot pay {d.title}'s resource cost (or its Extra/Substitute Cost) "
                                     "from your Homeland and Junk Yard.")
    return None


def _power_text(pw: dict) -> str:
    return ", ".join(f"{n} {c}" for c, n in sorted(pw.items())) or "no National Power"


def _check_variable(state: GWState, seat: int, card: int) -> Refusal | None:
    d = defn(state, card)
    x = d.keywords.get("variable")
    if not x or where(state, card) != "hand":
        return Refusal("GW-A-25.27", f"{d.title} has no VARIABLE; play it normally.")
    if seat != state.active or state.step != "deploy_ft" or state.cut:
        return Refusal("GW-A-25.27", "VARIABLE is used in your own Deploy Phase, outside a Cut.")
    refusal = _no_priority(state, seat)
    if refusal:
        return refusal
    if state.slots.get("g", 0) >= 1:
        return Refusal("GW-X-29", "Using VARIABLE counts as playing a G, and you have already played a G this turn.")
    if sum(power(state, seat).values()) < x:
        return Refusal("GW-A-25.27", f"VARIABLE ({x}) needs {x} total National Power ([0·{x}]).")
    return None


def _water_invalid(state: GWState, card: int) -> bool:
    """GW-A-25.2: enemy Units engaged with an all-Water attacking squad in the Earth Area lose
    their texts (other than 【】)."""
    if where(state, card) != "earth" or "earth" not in state.engaged or keyword(state, card, "water"):
        return False
    seat = controller(state, card)
    if state.options["water_scope"] == "attacker" and seat == state.active:
        return False                                        # GW-X-12: only an attacking squad
    return all_have(state, zone(state, 1 - seat, "earth"), "water")


def check_use(state: GWState, seat: int, action: dict) -> Refusal | None:
    card = _card_arg(state, action)
    if card is None or not on_field(state, card) or controller(state, card) != seat:
        return Refusal("GW-A-8.3", "Only texts of your own field cards can be played; choose one of your cards in play.")
    refusal = _ft_closed(state, seat)
    if refusal:
        return refusal
    d = defn(state, card)
    i = action.get("text")
    texts = card_texts(state, card)
    if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(texts) or card in state.dismantled \
            or card in state.variable_g:
        return Refusal("GW-A-8.3", f"{d.title} has no such text; see the card's texts in the state view.")
    t = texts[i]
    if not requirement_met(state, card, t.requires):
        x, y = t.requires
        return Refusal("GW-A-16.9", f"This text is invalid until you generate {x} {d.colour} and {y} total "
                                    "National Power ([X·Y]).")
    if _water_invalid(state, card) and not t.unnegatable:
        return Refusal("GW-A-25.2", "This Unit's texts are invalid while it is engaged with an all-Water squad.")
    if not _timing_ok(state, seat, t.step, t.turn):
        return Refusal("GW-A-16.1", f"This text can only be played in the free timing of the {t.turn} {t.step} "
                                    "step or phase.")
    refusal = _no_priority(state, seat)
    if refusal:
        return refusal
    key = (card, i)
    if t.each:
        if key in state.cut_uses:
            return Refusal("GW-B-13.8.4", "An 'each' text can be used only once per Cut; use it again in another Cut.")
    elif key in state.text_uses:
        rule = {0: "GW-B-13.8.1", "R": "GW-B-13.8.3"}.get(t.cost, "GW-B-13.8.2")
        return Refusal(rule, "This text has already been used this turn (once per turn per card).")
    if t.cost == "R" and is_rolled(state, card):
        return Refusal("GW-B-13.8.3", "This text's cost is rolling the card, and it is already rolled.")
    if isinstance(t.cost, int) and len(zone(state, seat, "homeland")) < t.cost:
        return Refusal("GW-B-13.8.2", f"You cannot pay a resource cost of {t.cost}.")
    return _special_refusal(state, seat, card, t, action) or _text_target_refusal(state, seat, card, t, action)


def _special_refusal(state: GWState, seat: int, card: int, t, action: dict) -> Refusal | None:
    sp = t.special
    area = where(state, card)
    if sp == "psycommu":
        if state.step != "defense_ft2":
            return Refusal("GW-A-25.11", "Psycommu resolves only after the Defense Step fixed effect; use it in the "
                                         "Defense Step's later free timing.")
        if not any("NT" in defn(state, s).traits for s in set_cards(state, card)):
            return Refusal("GW-A-25.11", "Psycommu needs a Character with the characteristic NT in this card's set group.")
        if action.get("target") not in psycommu_targets(state, card):
            return Refusal("GW-A-25.11", "Choose an enemy Unit engaged with this card (or, from the Deploy Area, one "
                                         "in a battle area this card has aptitude for).")
    elif sp == "area_weapon":
        if not area_weapon_victims(state, card):
            return Refusal("GW-A-25.12", "Area Weapon needs an engaged enemy Unit with Defense X or less.")
    elif sp == "atmospheric_entry":
        if area != "space":
            return Refusal("GW-A-25.13", "Atmospheric Entry moves a Unit from the Space Area; this Unit is not there.")
    elif sp == "transform":
        if is_rolled(state, card) or not is_unit(state, card):
            return Refusal("GW-A-25.19", "Transform is only possible while the Unit is rerolled.")
    elif sp == "dismantle":
        if state.step != "deploy_ft" or state.cut or not is_unit(state, card):
            return Refusal("GW-A-25.17", "Dismantle is used in your own Deploy Phase on a Unit, outside a Cut.")
        if state.slots.get("g", 0) >= 1:
            return Refusal("GW-X-29", "Dismantle counts as playing a G, and you have already played a G this turn.")
    elif sp == "resupply":
        if area not in AREAS or not resupply_units(state, card):
            return Refusal("GW-A-25.25", "Resupply works on this card's squad in a battle area.")
    elif sp == "special_shield":
        if area not in AREAS or shield_entry(state, card) is None:
            return Refusal("GW-A-25.10", "Special Shield needs an unresolved damage effect targeting this card while "
                                         "it is in a battle area.")
    elif sp == "multiple":
        pay = _card_arg(state, action, "pay")
        if pay is None or pay not in _multiple_payers(state, seat, card):
            return Refusal("GW-A-25.14", "Multiple is paid by removing a card with the same name from your hand or your "
                                         "own Junk Yard: give it as 'pay'.")
    if sp != "multiple" and "pay" in action:
        return Refusal("GW-A-11.3", "Only Multiple is paid with a card; leave 'pay' out.")
    if "cards" in action:
        if sp != "resupply":
            return Refusal("GW-A-25.25", "Only Resupply chooses several cards; leave 'cards' out.")
        chosen, ok = action["cards"], resupply_eligible(state, card)
        x = defn(state, card).keywords["resupply"]
        if not isinstance(chosen, list) or not 1 <= len(chosen) <= x or len(set(map(repr, chosen))) != len(chosen) \
                or any(c not in ok or isinstance(c, bool) for c in chosen):
            return Refusal("GW-A-25.25", f"Resupply ({x}) keeps up to {x} different rerolled Units of this card's squad "
                                         "(no Ship or Base) from rolling: list them as 'cards'.")
    return None


def _multiple_payers(state: GWState, seat: int, card: int) -> list[int]:
    name = defn(state, card).name
    return [c for z in ("hand", "junk") for c in zone(state, seat, z)
            if defn(state, c).name == name and owner(state, c) == seat]   # Hangar cannot pay (GW-A-6.3)


def _text_target_refusal(state: GWState, seat: int, card: int, t, action: dict) -> Refusal | None:
    if t.special == "psycommu":
        return None
    targets = REGISTRY.targets(state, seat, bare(t.effects), card)
    if targets == []:
        return Refusal("GW-A-13.2", "This text has no legal target now, so it cannot be played.")
    if targets is not None:
        if action.get("target") not in targets:
            kind = REGISTRY.chosen_scope(bare(t.effects)).name
            return Refusal("GW-A-13.1", f"This text needs a target: choose one {kind.replace('_', ' ')}.")
    elif "target" in action:
        return Refusal("GW-A-13.1", "This text takes no target; use it without one.")
    if not effects_playable(state, seat, t.effects, card):
        return Refusal("GW-A-13.2", "This text has no target now, so it cannot be played.")
    return None


def change_targets(state: GWState, seat: int, card: int) -> list[int]:
    d = defn(state, card)
    part = d.keywords.get("change")
    return [u for u in units(state, seat) if part in defn(state, u).name and defn(state, u).name != d.name]


def check_change(state: GWState, seat: int, action: dict) -> Refusal | None:
    card = _card_arg(state, action)
    if card is None or where(state, card) != "hand" or owner(state, card) != seat or not defn(state, card).keywords.get("change"):
        return Refusal("GW-A-25.16", "Change is used from your hand by a card with Change (not from the Hangar).")
    refusal = _ft_closed(state, seat)
    if refusal:
        return refusal
    if seat == state.active or step_name(state) != "attack":
        return Refusal("GW-A-25.16", "Change can only be used during the enemy Attack Step.")
    refusal = _no_priority(state, seat)
    if refusal:
        return refusal
    if seat in state.change_used:
        return Refusal("GW-A-25.16", "Each player may use Change once per turn.")
    if action.get("target") not in change_targets(state, seat, card):
        return Refusal("GW-A-25.16", f"Choose one of your Units whose name includes "
                                     f"'{defn(state, card).keywords['change']}' (and is not the same card name).")
    return None


def check_sortie(state: GWState, seat: int, action: dict) -> Refusal | None:
    return _sortie_closed(state, seat) or sortie_refusal(state, seat, action)


def _sortie_closed(state: GWState, seat: int) -> Refusal | None:
    """Why `seat` cannot declare a sortie now: only the attacker in the Attack Step fixed effect
    and the defender in the Defense Step's (GW-A-4.2.4, GW-A-4.2.5)."""
    deciding = choice(state)
    if type(deciding) is Sortie:
        if deciding.seat == seat:
            return None
        if deciding.seat == state.active:
            return Refusal("GW-A-4.2.4", "The attacking player is declaring the attack sortie now; you sortie to "
                                         "defend in the Defense Step.")
        return Refusal("GW-A-4.2.5", "The defending player is declaring the defense sortie now; your Units "
                                     "sortied in the Attack Step.")
    return Refusal("GW-A-4.2.4", "Units sortie only in the Attack Step (attacker) or Defense Step (defender) "
                                 "fixed effect; there is no sortie to declare now.")


def sortie_refusal(state: GWState, seat: int, action: dict) -> Refusal | None:
    """Why this Unit cannot sortie there, `seat` being the one sortieing now (GW-A-17.1)."""
    card = _card_arg(state, action)
    return sortie_card_refusal(state, seat, card) or sortie_area_refusal(state, seat, card, action.get("area"))


def sortie_card_refusal(state: GWState, seat: int, card: int | None) -> Refusal | None:
    """Why this card cannot sortie at all (to any area): the first checks of `sortie_refusal`."""
    if seat in state.no_sortie:
        return Refusal("GW-A-26.3", "An effect forbids you to sortie this turn; finish the sortie with no Units.")
    if card is None or controller(state, card) != seat or where(state, card) != "deploy" or not is_unit(state, card):
        return Refusal("GW-A-17.1.1", "Choose one of your Units in your Deploy Area.")
    if is_rolled(state, card):
        return Refusal("GW-B-10.2.1", "A rolled Unit cannot sortie; it will be rerolled in your next Reroll Phase.")
    if seat == state.active and defn(state, card).keywords.get("base"):
        return Refusal("GW-A-25.21", "A Unit with Base cannot sortie to attack.")
    return None


def sortie_area_refusal(state: GWState, seat: int, card: int, area) -> Refusal | None:
    """Why a Unit that may sortie (`sortie_card_refusal`) cannot sortie to `area`."""
    attacker = seat == state.active
    if area == "arena":
        if attacker:
            if not keyword(state, card, "mf"):
                return Refusal("GW-A-22.2.1", "Only a Unit with MF can sortie to the Fighting Arena.")
            if zone(state, seat, "arena"):
                return Refusal("GW-A-22.2.1", "Only one Unit can sortie to the Fighting Arena.")
        else:
            if not zone(state, 1 - seat, "arena"):
                return Refusal("GW-A-22.2.2", "You may defend in the Fighting Arena only if the attacker sortied there.")
            if zone(state, seat, "arena"):
                return Refusal("GW-A-22.2.2", "Only one Unit can defend in the Fighting Arena.")
        return None
    if area not in ("space", "earth"):
        return Refusal("GW-A-17.1.1", "Sortie to 'space', 'earth' or 'arena'.")
    d = defn(state, card)
    if area not in d.terrain:
        return Refusal("GW-B-10.2.1", f"{d.title} has no {area.title()} aptitude, so it cannot sortie to the "
                                      f"{area.title()} Area.")
    return None


def check(state: GWState, seat: int, action: dict) -> Refusal | None:
    if state.result is not None:
        return Refusal("GW-B-5.2", "The game is over.")
    kind = action.get("type")
    deciding = choice(state)
    kind_now, deciding_seat = (deciding.kind, deciding.seat) if deciding is not None else (None, None)
    if kind in ("keep", "redeal"):
        if kind_now != "mulligan":
            return Refusal("GW-B-3.1", "Opening hands are kept or re-dealt only at the start of the game; "
                                       "the game has begun.")
        if deciding_seat != seat:
            if seat == state.first:
                return Refusal("GW-B-3.1", "You have kept your opening hand; your opponent decides on theirs now.")
            return Refusal("GW-X-7", "The first player decides on their opening hand first; you keep or re-deal "
                                     "when they have kept.")
        if kind == "redeal":
            proc = action.get("procedure")
            if proc not in mulligan_options(state, seat):
                if proc == "A":
                    return Refusal("GW-B-3.2", "Procedure A is only for the original 6-card hand with no G, before any "
                                               "procedure B. Keep the hand or use procedure B.")
                return Refusal("GW-B-3.3", "Procedure B can be used at most three times (5, 4, then 3 cards); keep "
                                           "this hand.")
        return None
    if kind == "sortie":
        return check_sortie(state, seat, action)
    if kind == "sortie_done":
        return _sortie_closed(state, seat)
    if kind == "order":
        if kind_now != "order" or deciding_seat != seat:
            return Refusal("GW-A-14.10", "Only the active player orders simultaneous effects, when there are some.")
        i = action.get("index")
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(state.ordering):
            return Refusal("GW-A-14.10", "Choose the index of one of the waiting effects.")
        return None
    if kind == "target":
        if kind_now != "auto_target" or deciding_seat != seat:
            return Refusal("GW-A-13.4", "There is no automatic effect of yours waiting for a target now.")
        if _card_arg(state, action) not in auto_targets(state):
            return Refusal("GW-A-13.4", "Choose one of the legal targets of the automatic effect.")
        return None
    if kind == "discard" and kind_now == "simultaneous_entry":
        if deciding_seat != seat:
            return Refusal("GW-A-26.8", "The attacking player chooses which of the cards that entered together "
                                        "are discarded; wait for them.")
        if _card_arg(state, action) not in conflicted(state, deciding.batch):
            return Refusal("GW-A-26.8", "Choose one of the cards that entered together and cannot all stay on the "
                                        "field.")
        return None
    if kind == "discard":
        if kind_now != "hand_limit" or deciding_seat != seat:
            return Refusal("GW-B-12.3", "Only the active player discards, and only down to the hand limit at the "
                                        "end of the turn.")
        card = _card_arg(state, action)
        if card is None or where(state, card) != "hand" or owner(state, card) != seat:
            return Refusal("GW-B-12.3", "Choose a card from your hand to discard.")
        return None
    if kind == "retrieve":
        if kind_now != "vulture" or deciding_seat != seat:
            return Refusal("GW-A-25.7.1", "Cards are taken back with Vulture points only at the end of the turn.")
        if _card_arg(state, action) not in vulture_cards(state, seat):
            return Refusal("GW-A-25.7.1", "Choose a card from your Junk Yard your Vulture points reach "
                                          "(G 2, Unit/Character 5, Command/Operation 8).")
        return None
    if kind == "pass":
        if kind_now == "vulture" and deciding_seat == seat:
            return None
        if kind_now in ("mulligan", "sortie", "order", "hand_limit", "simultaneous_entry"):
            return Refusal("GW-A-4.1", f"Passing is not possible now: {kind_now.replace('_', ' ')} needs an answer.")
        return _ft_refusal(state, seat)
    if kind == "play":
        return check_play(state, seat, action)
    if kind == "use":
        return check_use(state, seat, action)
    if kind == "change":
        return check_change(state, seat, action)
    return Refusal("GW-0.1", f"Unknown move type {kind!r}; see `tts-bridge actions gundam-war`.")


def auto_targets(state: GWState) -> list[int]:
    """Legal targets of the Auto C waiting for its target (GW-A-13.4)."""
    step = choice(state)
    entry = waiting_auto(state, step) if type(step) is AutoTarget else None
    if entry is None:
        return []
    return entry_targets(state, entry) or []
