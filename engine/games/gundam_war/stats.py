"""Derived values the rules ask for: National Power, battle stats, special effects in force,
costs after increases and reductions. Everything here is computed from the state on demand
(Auto A effects "re-apply immediately", GW-A-14.1), never stored."""

from __future__ import annotations

from engine.games.gundam_war.cards import CardDef
from engine.games.gundam_war.state import AREAS, FIELD, GWState, controller, defn, where, zone

SQUAD_SPECIALS = ("high_mobility", "water", "desert", "assault", "swift_strike", "vulture", "space_battle")


def on_field(state: GWState, card: int) -> bool:
    return state.table.name_of[card] in FIELD


def root(state: GWState, card: int) -> int:
    """The set target at the bottom of a set group (a Set/Character card may sit on a Character)."""
    seen = 0
    while card in state.set_on and seen < 4:
        card = state.set_on[card]
        seen += 1
    return card


CARD_TYPES = ("unit", "character", "command", "operation", "g")
ONLY_TYPE = _ONLY = {t: frozenset((t,)) for t in CARD_TYPES}


def types_of(state: GWState, card: int) -> frozenset:
    """Every card type the card is treated as now (GW-A-1.1, GW-A-1.2). Every type check of the
    engine goes through here or through the equivalent shortcuts below: an effect "treated as a
    (type) card" replaces the printed type, "also treated as" adds to it (GW-A-1.2.1-2); Dismantle
    and VARIABLE make a Unit a G (GW-A-25.17, GW-A-25.27). Both end when the card leaves the
    field (`effects._forget`)."""
    treated = state.treated
    if treated and card in treated:
        return treated[card]
    if card in state.dismantled or card in state.variable_g:
        return _ONLY["g"]
    return _ONLY[state.table.cards[card].defn.type]


# The three checks below are `kind in types_of(state, card)`, written out because they run for
# every candidate action (the bench engine figure).

def is_type(state: GWState, card: int, kind: str) -> bool:
    """Whether the card is treated as a `kind` card now (GW-A-1.2)."""
    treated = state.treated
    if treated and card in treated:
        return kind in treated[card]
    if card in state.dismantled or card in state.variable_g:
        return kind == "g"
    return state.table.cards[card].defn.type == kind


def is_g(state: GWState, card: int) -> bool:
    treated = state.treated
    if treated and card in treated:
        return "g" in treated[card]
    return state.table.cards[card].defn.type == "g" or card in state.dismantled or card in state.variable_g


def is_unit(state: GWState, card: int) -> bool:
    treated = state.treated
    if treated and card in treated:
        return "unit" in treated[card]
    return state.table.cards[card].defn.type == "unit" and card not in state.dismantled \
        and card not in state.variable_g


def is_basic_g(state: GWState, card: int) -> bool:
    """GW-A-7.1: a printed Basic G stays one while it is treated as a G, even when also treated
    as another type (7.1.2); a card treated as a G that was not printed as one is a Special G
    (7.1.3)."""
    d = defn(state, card)
    return d.type == "g" and d.basic and is_g(state, card)


def is_rolled(state: GWState, card: int) -> bool:
    return root(state, card) in state.rolled


def units(state: GWState, seat: int) -> list[int]:
    """The seat's field Units: Deploy Area first, then the squads."""
    z = state.table.zones
    out = [c for c in z[f"{seat}.deploy"] if is_unit(state, c)]
    for area in AREAS:
        out += z[f"{seat}.{area}"]
    return out


def battle_units(state: GWState, seat: int) -> list[int]:
    z = state.table.zones
    return z[f"{seat}.space"] + z[f"{seat}.earth"] + z[f"{seat}.arena"]


def set_cards(state: GWState, target: int) -> list[int]:
    return [c for c, t in state.set_on.items() if t == target]


def group(state: GWState, card: int) -> list[int]:
    """A set group: the set target and everything set on it, recursively (GW-A-20.2)."""
    out = [card]
    for c in set_cards(state, card):
        out += group(state, c)
    return out


# -- National Power (GW-B-9.3, GW-A-7) -------------------------------------------------------

def power(state: GWState, seat: int) -> dict[str, int]:
    """Generated National Power by colour; a rolled G still generates (GW-B-9.3.2). Only cards
    treated as a G now generate (GW-A-1.2): a printed G by its generating text, a card made a G
    by an effect only if that effect gave it one (Dismantle, VARIABLE, `generates: true`)."""
    out: dict[str, int] = {}
    treated = state.treated
    for c in state.table.zones[f"{seat}.deploy"]:
        d = defn(state, c)
        if treated and c in treated:             # is_g, written out (this runs for every candidate play)
            if "g" not in treated[c]:
                continue                         # no longer a G (GW-A-1.2.1): generates nothing
        elif d.type != "g" and c not in state.dismantled and c not in state.variable_g:
            continue
        if c in state.dismantled or c in state.variable_g or c in state.g_text:
            gen = (d.colour,)                    # GW-A-25.17.1, GW-A-25.27, a gained generating text
        elif d.type == "g":                     # the printed G's own generating text
            gen = d.generates
        else:
            continue                             # a Special G by effect has no generating text (GW-A-7.1.3)
        for colour in gen:
            out[colour] = out.get(colour, 0) + 1
    return out


def meets_designated(pw: dict[str, int], designated: tuple) -> bool:
    """GW-B-9.8.1, GW-A-7.3 (purple: one single colour covers it), GW-A-23.2 (each entry of a
    dual-colour card separately)."""
    for colour, n in designated:
        if colour == "purple":
            if not any(v >= n for v in pw.values()):
                return False
        elif pw.get(colour, 0) < n:
            return False
    return True


def requirement_met(state: GWState, card: int, requires: tuple | None) -> bool:
    """`[X·Y]` (GW-A-16.9): the controller's power of the card's colour ≥ X and total ≥ Y."""
    if not requires:
        return True
    seat = controller(state, card) if on_field(state, card) else state.table.cards[card].owner
    pw = power(state, seat)
    x, y = requires
    return meets_designated(pw, ((defn(state, card).colour, x),) if x else ()) and sum(pw.values()) >= y


# -- special effects and battle stats ------------------------------------------------------

def keyword(state: GWState, card: int, name: str):
    """A special effect of a Unit: printed (or transformed-mode), or granted by a set card for the
    squad specials (GW-A-25.9.2; GW-X-15)."""
    d = defn(state, card)
    if card in state.kw_lose and name in state.kw_lose[card]:
        return None                                        # GW-A-15.6: "lose" beats "gain"
    if card in state.kw_gain and name in state.kw_gain[card]:
        return True
    if card in state.transformed and d.transformed:
        value = (d.transformed.get("keywords") or {}).get(name)
        if value is None and name == "transform":
            value = True
    else:
        value = d.keywords.get(name)
    if name == "space_battle":                             # GW-A-25.8: several Space Battle add up
        extra = sum(defn(state, s).keywords.get(name) or 0 for s in set_cards(state, card))
        if extra:
            value = (value if isinstance(value, int) and value is not True else 0) + extra
        return value
    if value is None and name in SQUAD_SPECIALS:
        for s in set_cards(state, card):
            value = defn(state, s).keywords.get(name)
            if value is not None:
                break
    return value


def _base_stats(state: GWState, card: int) -> tuple:
    d = defn(state, card)
    if card in state.transformed and d.transformed:
        return tuple(d.transformed["stats"])
    if d.piloted_stats and any(is_type(state, s, "character") for s in set_cards(state, card)):
        return d.piloted_stats                                 # GW-A-22.4: right of "/" with a pilot
    return d.stats


def character_mod(state: GWState, char: int) -> list[int]:
    """A Character's battle modification, including Set/Character cards set on it (GW-A-25.36)."""
    m = list(defn(state, char).stats)
    for extra in set_cards(state, char):
        for i, v in enumerate(defn(state, extra).stats):
            m[i] += v
    for i, v in enumerate(state.coins.get(char, ())):
        m[i] += v
    return m


def _ignores_pilots(state: GWState, card: int) -> bool:
    d = defn(state, card)
    return bool(d.keywords.get("ship") or d.keywords.get("base") or d.keywords.get("support"))


def stats(state: GWState, card: int) -> tuple:
    """Melee, Shooting, Defense with every modification; `*` stays None (GW-A-1.11)."""
    base = _base_stats(state, card)
    mod = [0, 0, 0]
    seat = controller(state, card)
    ignores = _ignores_pilots(state, card)
    for s in set_cards(state, card):
        sd = defn(state, s)
        if is_type(state, s, "character"):
            if not ignores:
                for i, v in enumerate(character_mod(state, s)):
                    mod[i] += v
            elif sd.keywords.get("ship_modification") and defn(state, card).keywords.get("ship"):
                for i, v in enumerate(sd.keywords["ship_modification"]):   # GW-A-25.24
                    mod[i] += v
    for source in (state.turn_mods, state.coins):
        for i, v in enumerate(source.get(card, ())):
            mod[i] += v
    for c in continuous_sources(state, seat, "own_units_mod"):
        for i, v in enumerate(c):
            mod[i] += v
    for who, scope, values in state.this_turn:             # GW-A-26.6.2: re-checked all turn
        if (scope == "own_units") == (who == seat):
            for i, v in enumerate(values):
                mod[i] += v
    area = where(state, card)
    team = defn(state, card).keywords.get("team")
    if team:
        for other in _same_area_units(state, seat, card):
            ot = defn(state, other).keywords.get("team")
            if ot and ot["name"] == team["name"] and ot.get("mod"):
                for i, v in enumerate(ot["mod"]):
                    mod[i] += v
    if area == "space" and "space" in state.engaged and not keyword(state, card, "space_battle"):
        y = squad_space_battle(state, 1 - seat)                               # GW-A-25.8
        if y:
            mod[0] -= y
    out = []
    for i, b in enumerate(base):
        out.append(None if b is None else max(0, b + mod[i]))
    return tuple(out)


def _same_area_units(state: GWState, seat: int, card: int) -> list[int]:
    """Team (GW-A-25.15): the other Units in the same area (Deploy Area or battle area)."""
    name = where(state, card)
    cards = state.table.zones[f"{seat}.{name}"]
    others = [c for c in cards if c != card and is_unit(state, c)]
    if state.options.get("team_includes_self") and card in cards:
        others.append(card)
    return others


def team_texts(state: GWState, card: int) -> list[tuple]:
    """GW-A-25.15: texts a Unit gains from the other same-team Units in its area, as
    (text, giving card, index in its Team texts); one text is gained only once."""
    team = defn(state, card).keywords.get("team")
    if not team or where(state, card) not in ("deploy", "space", "earth", "arena"):
        return []
    out: list[tuple] = []
    for other in _same_area_units(state, controller(state, card), card):
        ot = defn(state, other).keywords.get("team")
        if ot and ot["name"] == team["name"]:
            for k, t in enumerate(ot.get("texts", ())):
                if all(t != have for have, _, _ in out):
                    out.append((t, other, k))
    return out


def card_texts(state: GWState, card: int) -> tuple:
    """The texts a card can play: its own, then those gained through Team (GW-A-25.15)."""
    d = defn(state, card)
    if not d.keywords.get("team"):
        return d.texts
    return d.texts + tuple(t for t, _, _ in team_texts(state, card))


def entry_text(state: GWState, entry: dict):
    """The text a Cut entry plays: a gained one stays the giver's text even if the Team breaks up."""
    if entry.get("granted"):
        giver, k = entry["granted"]
        return defn(state, giver).keywords["team"]["texts"][k]
    return defn(state, entry["card"]).texts[entry["text"]]


def squad_space_battle(state: GWState, seat: int) -> int:
    squad = zone(state, seat, "space")
    if not squad:
        return 0
    values = [keyword(state, c, "space_battle") or 0 for c in squad]
    return min(values) if all(values) else 0


def defense(state: GWState, card: int) -> int:
    return stats(state, card)[2] or 0


def all_have(state: GWState, squad: list[int], name: str) -> bool:
    """GW-A-25.9.1: a squad special applies only if every Unit of the squad has it."""
    return bool(squad) and all(keyword(state, c, name) for c in squad)


def continuous_sources(state: GWState, seat: int, kind: str) -> list:
    """Values of one kind of Auto A `continuous` effect from the seat's valid field cards."""
    out = []
    z = state.table.zones
    for zname in ("deploy", "set", "space", "earth", "arena"):
        for c in z[f"{seat}.{zname}"]:
            d = defn(state, c)
            if not d.autos or c in state.dismantled or c in state.variable_g:
                continue
            for a in d.autos:
                if a.kind == "A" and a.continuous and kind in a.continuous and requirement_met(state, c, a.requires):
                    out.append(a.continuous[kind])
    return out


# -- costs (GW-A-10.3) ----------------------------------------------------------------------

def card_cost(state: GWState, seat: int, card: int, target: int | None, substitute: bool,
              x: int = 0) -> tuple[int, int]:
    """(total, resource) after increases (Prevent, "+1" effects, the chosen X, GW-A-10.3.1) and then
    reductions (GW-A-10.3.2); a reduction never takes a value below 0, so the order matters."""
    d: CardDef = defn(state, card)
    total, resource = d.total, d.resource + d.x_resource * x      # "XX" with X = 2 pays 4 (GW-A-26.16)
    kinds = types_of(state, card)
    if "command" in kinds:
        total += sum(continuous_sources(state, 1 - seat, "enemy_command_total"))
        if target is not None and where(state, target) == "played" and controller(state, target) != seat:
            total += defn(state, target).keywords.get("prevent", 0)      # GW-A-25.32
    if substitute:
        total = d.keywords["substitute_cost"]["total"]
    if "unit" in kinds:
        for r in continuous_sources(state, seat, "own_unit_total"):
            total = max(0, total + r)
    return total, resource


def extra_payments(d: CardDef, substitute: bool) -> list[dict]:
    """Extra Cost (GW-A-10.3.4) then Substitute Cost (GW-A-10.3.5) conditions, in that order."""
    out = []
    if d.keywords.get("extra_cost"):
        out.append(d.keywords["extra_cost"])
    if substitute:
        out.append(d.keywords["substitute_cost"]["pay"])
    return out


def can_pay(state: GWState, seat: int, resource: int, extras: list[dict]) -> bool:
    need = resource + sum(e.get("resource", 0) for e in extras)
    junk = sum(e.get("junk_remove", 0) for e in extras)
    return len(zone(state, seat, "homeland")) >= need and len(zone(state, seat, "junk")) >= junk


def same_name_on_field(state: GWState, name: str, seats: tuple, exclude: int | None = None) -> bool:
    """Name check for Restrict to 1 / Characters (GW-A-1.4.1: name without model number)."""
    z = state.table.zones
    for seat in seats:
        for zname in ("deploy", "set", "space", "earth", "arena"):
            for c in z[f"{seat}.{zname}"]:
                if c != exclude and defn(state, c).name == name and c not in state.dismantled \
                        and c not in state.card_coins:                 # a coin's name is no card name
                    return True
    return False


def total_cost_value(d: CardDef) -> int:
    """GW-A-25.7 Vulture points use a Unit's Total National Power (G: 0, GW-A-12.5)."""
    return d.total
