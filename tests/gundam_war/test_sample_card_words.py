"""The sample cards written for the effect words and scopes no other card used (issue #15):
each is played from the hand like any Command and does what its printed text says."""

from __future__ import annotations

from engine.games.gundam_war.state import defn, stats
from tests.gundam_war.scenario import arrange, at, cid, deck, game, refused, zone_titles


def _resolve(g):
    while g.state.cut:
        g.act(g.pending().seat, {"type": "pass"})


def test_recall_order_returns_an_enemy_operation_on_the_field_to_its_owners_hand():
    """GW-A-26.2.1: "Return 1 enemy Operation on the field to its owner's hand" (bounce,
    enemy_operation): the Forward Supply Line goes back to seat 1's hand and its Auto A (+1 Melee
    to seat 1's Units) ends; a Unit is no legal target (GW-A-13.4)."""
    g = game(deck_a=deck("Recall Order"), deck_b=deck("Forward Supply Line", "Grunt", fill="Verdant Foundry"))
    placed = arrange(g, 0, hand=("Recall Order",), deploy=("Aurora Shipyard", "Aurora Shipyard"))
    enemy = arrange(g, 1, deploy=("Forward Supply Line", "Grunt"))
    grunt, line = enemy["Grunt"], enemy["Forward Supply Line"]
    at(g, "deploy_ft", active=0)
    assert stats(g.state, grunt)[0] == defn(g.state, grunt).stats[0] + 1
    refused(g, 0, {"type": "play", "card": placed["Recall Order"], "target": grunt})
    g.act(0, {"type": "play", "card": placed["Recall Order"], "target": line})
    _resolve(g)
    assert zone_titles(g, 1, "hand") == ["Forward Supply Line"] and g.state.table.zone_name(line) == "hand"
    assert stats(g.state, grunt)[0] == defn(g.state, grunt).stats[0]
    assert "Recall Order" in zone_titles(g, 0, "junk")


def test_signal_override_negates_the_play_of_an_enemy_command():
    """GW-A-12.6: "Negate the play of 1 enemy Command being played" (negate_play, enemy_command):
    seat 0's Stealth Veil is negated, goes to the Junk Yard and its Lancer stays targetable; a Unit
    being played is no Command, so it is no legal target."""
    g = game(deck_a=deck("AF-01 Lancer", "AF-01 Lancer", "Stealth Veil", "Verdant Foundry"),
             deck_b=deck("Signal Override", fill="Ivory Colony"))
    mine = arrange(g, 0, hand=("Stealth Veil", "AF-01 Lancer"),
                   deploy=("AF-01 Lancer", "Verdant Foundry", "Aurora Shipyard"))
    theirs = arrange(g, 1, hand=("Signal Override",), deploy=("Ivory Colony", "Ivory Colony"))
    lancer = cid(g, 0, "AF-01 Lancer", "deploy")
    override = theirs["Signal Override"]
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": cid(g, 0, "AF-01 Lancer", "hand")})
    g.act(0, {"type": "pass"})
    refused(g, 1, {"type": "play", "card": override, "target": cid(g, 0, "AF-01 Lancer", "played")})
    _resolve(g)
    g.act(0, {"type": "play", "card": mine["Stealth Veil"], "target": lancer})
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "play", "card": override, "target": mine["Stealth Veil"]})
    _resolve(g)
    assert "Stealth Veil" in zone_titles(g, 0, "junk") and "Signal Override" in zone_titles(g, 1, "junk")
    assert lancer not in g.state.untargetable


def test_solar_blackout_rolls_every_unit_and_lowers_enemy_units_that_enter_later():
    """GW-A-13.8: "Roll every Unit" (roll, all_units) rolls both players' Units; GW-A-26.6.2:
    "Enemy Units get ±0/±0/-1 this turn, also those that enter the field later" (mod_this_turn,
    enemy_units) lowers the enemy's Units, one that enters afterwards included, not seat 0's."""
    g = game(deck_a=deck("Solar Blackout", "AF-01 Lancer", "Ivory Colony", "Ivory Colony"),
             deck_b=deck("Grunt", "Sand Viper", fill="Verdant Foundry"))
    placed = arrange(g, 0, hand=("Solar Blackout",),
                     deploy=("AF-01 Lancer", "Ivory Colony", "Ivory Colony", "Aurora Shipyard", "Aurora Shipyard"))
    grunt = arrange(g, 1, deploy=("Grunt",))["Grunt"]
    lancer = placed["AF-01 Lancer"]
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": placed["Solar Blackout"]})
    _resolve(g)
    assert {lancer, grunt} <= g.state.rolled
    assert stats(g.state, grunt)[2] == defn(g.state, grunt).stats[2] - 1
    assert stats(g.state, lancer)[2] == defn(g.state, lancer).stats[2]
    viper = arrange(g, 1, deploy=("Grunt", "Sand Viper"))["Sand Viper"]
    assert stats(g.state, viper)[2] == defn(g.state, viper).stats[2] - 1


def test_guerrilla_raid_damages_every_enemy_unit_the_homeland_and_discards_at_random():
    """(Own Battle Phase) only: refused in the Deploy Phase (GW-A-10). Then "Deal 1 damage to every
    enemy Unit" (damage, all_enemy_units; GW-B-11.3), "Deal 2 damage to the enemy Homeland" (GW-B-10.8:
    the top 2 cards go to the Discard Pile) and "The enemy player discards 1 card from their hand at
    random" (GW-A-24.24: to the Junk Yard)."""
    g = game(deck_a=deck("Guerrilla Raid", fill="Verdant Foundry"),
             deck_b=deck("Grunt", "Sand Viper", fill="Verdant Foundry"))
    raid = arrange(g, 0, hand=("Guerrilla Raid",), deploy=("Verdant Foundry",) * 4)["Guerrilla Raid"]
    enemy = arrange(g, 1, hand=("Sand Viper",), deploy=("Grunt",))
    grunt = enemy["Grunt"]
    at(g, "deploy_ft", active=0)
    refused(g, 0, {"type": "play", "card": raid})
    at(g, "attack_fx", active=0)
    g.act(0, {"type": "sortie_done"})                   # no sortie: the Attack Step's free timing follows
    homeland = list(g.state.table.zone(1, "homeland"))
    discard = len(g.state.table.zone(1, "discard"))
    g.act(0, {"type": "play", "card": raid})
    _resolve(g)
    assert g.state.damage.get(grunt) == 1
    assert g.state.table.zone(1, "homeland") == homeland[2:]
    assert len(g.state.table.zone(1, "discard")) == discard + 2
    assert zone_titles(g, 1, "hand") == [] and "ZG-4 Sand Viper" in zone_titles(g, 1, "junk")
