"""GW-A-1.2 "treated as" (1.2.1) and "also treated as" (1.2.2) a card type: one scenario each,
named after and citing the rule, showing that every type check (plays, targets, set rules,
sortie, National Power from G, destruction) follows the type a card is treated as now."""

from engine.games.gundam_war.flow import PROCESSOR
from engine.games.gundam_war.effects import check_destruction, leave_field, legal_targets, set_target_refusal, treat_as
from engine.games.gundam_war.guards import check_sortie
from engine.games.gundam_war.state import is_basic_g, is_unit, power, types_of, units
from engine.games.gundam_war.view import card_view
from tests.gundam_war.scenario import arrange, at, cid, deck, game, put_set, refused


def _resolve(g):
    while g.state.cut or g.state.pending:
        r = g.pending()
        g.act(r.seat, {"type": "order", "index": 0} if r.kind == "order" else {"type": "pass"})


def _decommission_game():
    g = game(deck_a=deck("Decommission Order", fill="Ivory Colony"),
             deck_b=deck("ZG-1 Grunt", "Master Gorran", "Quartermaster Ode", fill="Verdant Foundry"))
    arrange(g, 0, hand=("Decommission Order",), deploy=("Ivory Colony",) * 4)
    placed = arrange(g, 1, deploy=("ZG-1 Grunt", "Master Gorran") + ("Verdant Foundry",) * 2,
                     hand=("Quartermaster Ode",))
    put_set(g, placed["Master Gorran"], placed["ZG-1 Grunt"])
    return g, placed


def test_gw_a_1_2_1_a_unit_treated_as_a_g_is_no_longer_a_unit():
    """GW-A-1.2.1: Decommission Order makes the enemy Grunt "treated as a G card": it is only a G
    now. Its pilot's set condition is wrong, so the pilot is discarded (GW-A-20.8); it is no
    Unit for targets or sorties; as a G made by an effect it is a Special G with no generating
    text (GW-A-7.1.3): no National Power, and a Set/G card cannot be set on it (GW-A-25.37)."""
    g, placed = _decommission_game()
    grunt, gorran = placed["ZG-1 Grunt"], placed["Master Gorran"]
    at(g, "deploy_ft", active=0)
    assert grunt in legal_targets(g.state, 0, "enemy_unit", None)
    power_before = power(g.state, 1)
    g.act(0, {"type": "play", "card": cid(g, 0, "Decommission Order", "hand"), "target": grunt})
    _resolve(g)
    assert types_of(g.state, grunt) == {"g"} and not is_unit(g.state, grunt)
    assert g.state.table.zone_name(gorran) == "junk"                               # GW-A-20.8
    assert grunt not in units(g.state, 1) and grunt not in legal_targets(g.state, 0, "enemy_unit", None)
    assert power(g.state, 1) == power_before                                       # no generating text
    assert not is_basic_g(g.state, grunt)
    assert card_view(g.state, grunt, 0)["treated_as"] == ["g"] and "melee" not in card_view(g.state, grunt, 0)
    at(g, "attack_fx", active=1)
    assert check_sortie(g.state, 1, {"type": "sortie", "card": grunt, "area": "earth"}).rule == "GW-A-17.1.1"
    at(g, "deploy_ft", active=1)
    refusal = set_target_refusal(g.state, 1, placed["Quartermaster Ode"], grunt)
    assert refusal.rule == "GW-A-25.37" and "Special G" in refusal.message
    leave_field(g.state, grunt, "hand", "test", "GW-A-26.2.1")                     # it moves: back to a Unit
    assert types_of(g.state, grunt) == {"unit"} and grunt not in g.state.treated


def test_gw_a_1_2_1_a_unit_that_stops_being_a_unit_leaves_its_squad():
    """GW-A-1.2.1, GW-A-17.1.1: a squad is made of Units, so a battle-area Unit treated as a G goes
    back to its Deploy Area and no longer deals or absorbs battle damage."""
    g = game()
    placed = arrange(g, 1, squads={"earth": ("ZG-1 Grunt", "ZG-4 Sand Viper")})
    grunt = placed["ZG-1 Grunt"]
    at(g, "damage_ft1", active=1, engaged={"earth"})
    treat_as(g.state, grunt, "g", also=False)
    assert g.state.table.zone_name(grunt) == "deploy"
    assert g.state.table.zone(1, "earth") == [placed["ZG-4 Sand Viper"]]
    assert (1, "earth") in g.state.front_gone                                      # GW-B-10.11.2


def test_gw_a_1_2_2_a_unit_also_treated_as_a_g_is_both_until_it_moves():
    """GW-A-1.2.2: Reactor Tap makes a Lancer "also treated as a G card" with a generating text: it
    is a Unit and a G (one more blue National Power, still sorties), a Special G (GW-A-7.1.3).
    Back in the hand it is only a Unit again, and played anew it generates nothing."""
    g = game(deck_a=deck("Reactor Tap", "AF-01 Lancer", "Ensign Kai Loram", "Lt. Dara Voss"))
    placed = arrange(g, 0, hand=("Reactor Tap",), deploy=("AF-01 Lancer",) + ("Aurora Shipyard",) * 2)
    lancer = placed["AF-01 Lancer"]
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": cid(g, 0, "Reactor Tap", "hand"), "target": lancer})
    _resolve(g)
    assert types_of(g.state, lancer) == {"unit", "g"}
    assert power(g.state, 0) == {"blue": 3}                                        # 2 Shipyards + the Lancer
    assert card_view(g.state, lancer, 1)["treated_as"] == ["unit", "g"] and card_view(g.state, lancer, 1)["melee"]
    assert set_target_refusal(g.state, 0, cid(g, 0, "Ensign Kai Loram"), lancer) is None   # a pilot still fits
    assert not is_basic_g(g.state, lancer)
    at(g, "attack_fx", active=0)
    assert check_sortie(g.state, 0, {"type": "sortie", "card": lancer, "area": "earth"}) is None
    leave_field(g.state, lancer, "hand", "test", "GW-A-26.2.1")
    assert types_of(g.state, lancer) == {"unit"} and lancer not in g.state.g_text
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": lancer})
    _resolve(g)
    assert g.state.table.zone_name(lancer) == "deploy" and power(g.state, 0) == {"blue": 2}


def test_gw_a_1_2_2_a_basic_g_also_treated_as_a_unit_stays_a_basic_g():
    """GW-A-1.2.2, GW-A-7.1.2: a Basic G also treated as a Unit is still a Basic G (a Set/G card
    may be set on it) and still generates; as a Unit its `*` Defense is 0, so it is destroyed
    (GW-A-1.11, GW-B-11.1)."""
    g = game(deck_b=deck("Quartermaster Ode", fill="Verdant Foundry"))
    placed = arrange(g, 1, deploy=("Verdant Foundry",), hand=("Quartermaster Ode",))
    foundry = placed["Verdant Foundry"]
    at(g, "deploy_ft", active=1)
    treat_as(g.state, foundry, "unit", also=True)
    assert types_of(g.state, foundry) == {"g", "unit"} and is_basic_g(g.state, foundry)
    assert set_target_refusal(g.state, 1, placed["Quartermaster Ode"], foundry) is None
    assert power(g.state, 1) == {"green": 1} and foundry in units(g.state, 1)
    check_destruction(g.state)
    assert foundry in g.state.destroyed


def test_gw_a_1_2_treated_as_refusals_and_requests_use_the_current_type():
    """GW-A-1.2.1: the Decommissioned Grunt is offered neither as a sortie nor as a Unit target."""
    g, placed = _decommission_game()
    grunt = placed["ZG-1 Grunt"]
    treat_as(g.state, grunt, "g", also=False)
    at(g, "attack_fx", active=1)
    cards = {o.action.get("card") for o in PROCESSOR.request(g.state).options}
    assert grunt not in cards
    assert refused(g, 1, {"type": "sortie", "card": grunt, "area": "earth"}).rule == "GW-A-17.1.1"


def test_card_data_generates_needs_type_g(tmp_path):
    """GW-A-1.2: only a card treated as a G can gain a generating text; the loader says where."""
    import pytest
    from engine.core.errors import DataError
    from engine.games.gundam_war import GundamWarRules
    path = tmp_path / "cards.yaml"
    path.write_text("""cards:
  - id: gw-x
    type: command
    name: Odd Order
    colour: blue
    cost: {designated: {blue: 1}, total: 1}
    effects: [{also_treat_as: {type: unit, to: own_unit, generates: true}}]
""", encoding="utf-8")
    with pytest.raises(DataError) as err:
        GundamWarRules.load_cards(path)
    assert any(":2: cards[0].effects" in p and "generates" in p for p in err.value.problems)


def test_gw_a_1_2_2_change_hands_the_also_treated_type_to_the_incoming_card():
    """GW-A-1.2.2, GW-A-26.9.3: Hammerfall is also treated as a G (with a generating text); Hammerfall
    Custom Changes in and inherits that state gained from an effect; Hammerfall, back in the hand,
    is only a Unit again."""
    g = game()
    placed = arrange(g, 1, hand=("Hammerfall Custom",), deploy=("Hammerfall",))
    custom, hammer = placed["Hammerfall Custom"], placed["Hammerfall"]
    treat_as(g.state, hammer, "g", also=True, generates=True)
    assert power(g.state, 1) == {"green": 1}
    at(g, "attack_ft1", active=0, priority=1)
    g.act(1, {"type": "change", "card": custom, "target": hammer})
    assert types_of(g.state, custom) == {"unit", "g"} and power(g.state, 1) == {"green": 1}
    assert types_of(g.state, hammer) == {"unit"} and hammer not in g.state.treated and hammer not in g.state.g_text
