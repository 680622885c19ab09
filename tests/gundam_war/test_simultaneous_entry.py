"""GW-A-26.8 cards that cannot be on the field together entering at the same time (the attacking
player chooses which are discarded), GW-A-25.33 (a Restrict to 1 card cannot even be put onto the
field next to its name) and GW-R-49 / GW-A-14.6 (an Auto B enter-play effect before an Auto D)."""

from engine.games.gundam_war import effects, flow
from engine.games.gundam_war.state import is_rolled
from tests.gundam_war.scenario import arrange, at, cid, deck, game, refused, zone_titles

VANGUARD = "AF-07 Vanguard Gundam"          # Restrict to 1 (GW-A-25.33)


def _both_pass(g):
    for _ in range(2):
        r = g.pending()
        g.act(r.seat, {"type": "pass"})


def test_gw_a_26_8_simultaneous_entry_of_one_controller_the_attacking_player_chooses():
    """GW-A-26.8: seat 1's Mass Salvage puts its two Vanguard Gundams (Restrict to 1) onto the
    field at the same time during seat 0's Deploy Phase. Outside the Battle Phase the attacking
    player is read as the active player (seat 0, GW-X-18's reading): seat 0, not the cards'
    controller, chooses which one is discarded. Then the rest of the Cut (seat 0's Lancer,
    below it) resolves without cut-ins."""
    g = game(deck_a=deck("AF-01 Lancer"),
             deck_b=deck(VANGUARD, VANGUARD, "Mass Salvage", fill="Aurora Shipyard"))
    arrange(g, 0, hand=("AF-01 Lancer",), deploy=("Aurora Shipyard",) * 2)
    arrange(g, 1, hand=("Mass Salvage",), deploy=("Aurora Shipyard",) * 4, junk=(VANGUARD, VANGUARD))
    first, second = sorted(g.state.table.zone(1, "junk"))
    lancer = cid(g, 0, "AF-01 Lancer", "hand")
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": lancer})
    g.act(0, {"type": "pass"})
    g.act(1, {"type": "play", "card": cid(g, 1, "Mass Salvage", "hand")})       # cuts in on the Lancer
    _both_pass(g)
    r = g.pending()
    assert r.kind == "simultaneous_entry" and r.seat == 0                        # the attacking player
    assert sorted(o.action["card"] for o in r.options) == [first, second]
    assert g.state.table.zone_name(first) == g.state.table.zone_name(second) == "deploy"
    assert not is_rolled(g.state, first) and not is_rolled(g.state, second)       # rerolled (GW-A-26.7)
    assert refused(g, 1, {"type": "discard", "card": first}).rule == "GW-A-26.8"  # not the controller
    assert refused(g, 0, {"type": "discard", "card": lancer}).rule == "GW-A-26.8"
    assert refused(g, 0, {"type": "pass"}).rule == "GW-A-4.1"
    events = [e.data for e in g.act(0, {"type": "discard", "card": second})]
    assert g.state.table.zone_name(second) == "junk" and g.state.table.zone_name(first) == "deploy"
    assert any(e["type"] == "moved" and e["rule"] == "GW-A-26.8" for e in events)
    assert g.state.table.zone_name(lancer) == "deploy" and g.state.cut == []       # the Cut went on
    assert g.pending().kind == "free_timing" and g.pending().seat == 0


def test_gw_a_26_8_simultaneous_entry_of_both_players_the_attacking_player_chooses():
    """GW-A-26.8: in seat 0's Attack Step seat 1's Salvage Truce makes each player put the top Unit
    of their Junk Yard onto the field at once: both are Vanguard Gundams (Restrict to 1, either
    side). The attacking player, seat 0, chooses: here seat 1's goes to its owner's Junk Yard."""
    g = game(deck_a=deck(VANGUARD), deck_b=deck(VANGUARD, "Salvage Truce", fill="Ivory Colony"))
    arrange(g, 0, junk=(VANGUARD,), deploy=("Aurora Shipyard",))
    arrange(g, 1, hand=("Salvage Truce",), deploy=("Ivory Colony",) * 3, junk=(VANGUARD,))
    mine, theirs = cid(g, 0, VANGUARD, "junk"), cid(g, 1, VANGUARD, "junk")
    at(g, "attack_ft1", active=0, priority=1)
    g.act(1, {"type": "play", "card": cid(g, 1, "Salvage Truce", "hand")})
    _both_pass(g)
    r = g.pending()
    assert r.kind == "simultaneous_entry" and r.seat == 0
    assert sorted(o.action["card"] for o in r.options) == sorted([mine, theirs])
    g.act(0, {"type": "discard", "card": theirs})
    assert zone_titles(g, 1, "junk") == ["Salvage Truce", VANGUARD]
    assert g.state.table.zone_name(mine) == "deploy" and g.pending().kind == "free_timing"


def test_gw_a_26_8_the_defender_may_keep_the_attackers_card_out_too():
    """GW-A-26.8: the choice is the attacker's whoever played the effect: with seat 1 active, seat 1
    chooses, and may discard its own card."""
    g = game(deck_a=deck(VANGUARD, "Salvage Truce", fill="Ivory Colony"), deck_b=deck(VANGUARD))
    arrange(g, 0, hand=("Salvage Truce",), deploy=("Ivory Colony",) * 3, junk=(VANGUARD,))
    arrange(g, 1, junk=(VANGUARD,), deploy=("Aurora Shipyard",))
    at(g, "draw_ft1", active=1, priority=0)
    g.act(0, {"type": "play", "card": cid(g, 0, "Salvage Truce", "hand")})
    _both_pass(g)
    assert g.pending().kind == "simultaneous_entry" and g.pending().seat == 1
    g.act(1, {"type": "discard", "card": cid(g, 1, VANGUARD, "deploy")})
    assert g.state.table.zone_name(cid(g, 0, VANGUARD)) == "deploy"
    assert cid(g, 1, VANGUARD) in g.state.table.zone(1, "junk")


def test_gw_a_26_8_no_choice_when_the_new_cards_can_stay_together():
    """GW-A-26.8: two Units without a same-name restriction enter together with no question."""
    g = game(deck_b=deck("AF-01 Lancer", "AF-01 Lancer", "Mass Salvage", fill="Aurora Shipyard"))
    arrange(g, 1, hand=("Mass Salvage",), deploy=("Aurora Shipyard",) * 4, junk=("AF-01 Lancer", "AF-01 Lancer"))
    at(g, "draw_ft1", active=0, priority=1)
    g.act(1, {"type": "play", "card": cid(g, 1, "Mass Salvage", "hand")})
    _both_pass(g)
    assert zone_titles(g, 1, "deploy").count("AF-01 Lancer") == 2 and g.pending().kind == "free_timing"


def test_gw_a_25_33_a_restrict_to_1_card_is_not_put_next_to_its_name():
    """GW-A-25.33: with a Vanguard Gundam on the field, another cannot even be put onto the field:
    Mass Salvage skips it (it stays in the Junk Yard) and takes the next Unit."""
    g = game(deck_a=deck(VANGUARD),
             deck_b=deck(VANGUARD, "AF-01 Lancer", "Mass Salvage", fill="Aurora Shipyard"))
    arrange(g, 0, deploy=(VANGUARD,))
    arrange(g, 1, hand=("Mass Salvage",), deploy=("Aurora Shipyard",) * 4, junk=("AF-01 Lancer", VANGUARD))
    at(g, "draw_ft1", active=0, priority=1)
    g.act(1, {"type": "play", "card": cid(g, 1, "Mass Salvage", "hand")})
    _both_pass(g)
    assert zone_titles(g, 1, "deploy").count("AF-01 Lancer") == 1
    assert cid(g, 1, VANGUARD) in g.state.table.zone(1, "junk") and g.pending().kind == "free_timing"


def test_gw_r_49_auto_b_enter_play_effects_resolve_before_auto_d(monkeypatch):
    """GW-R-49, GW-A-14.6: Dawn Aegis has PS Armor, whose Auto B makes it enter rerolled as its
    play resolves, and an Auto D "when this card enters the field". The Auto B applies first:
    when the Auto D resolves the card is already in the Deploy Area rerolled, and its events
    come in that order."""
    g = game(deck_a=deck("AW-6 Dawn Aegis", fill="Ivory Colony"))
    placed = arrange(g, 0, hand=("AW-6 Dawn Aegis",), deploy=("Ivory Colony",) * 4)
    aegis = placed["AW-6 Dawn Aegis"]
    seen = []
    real = effects.resolve_auto

    def spy(state, entry):
        seen.append((entry["card"], state.table.zone_name(entry["card"]), is_rolled(state, entry["card"])))
        real(state, entry)

    monkeypatch.setattr(effects, "resolve_auto", spy)   # Auto D resolves from its trigger
    monkeypatch.setattr(flow, "resolve_auto", spy)      # Auto C from the Cut
    at(g, "deploy_ft", active=0)
    g.act(0, {"type": "play", "card": aegis})
    events = []
    for _ in range(2):
        events += [e.data for e in g.act(g.pending().seat, {"type": "pass"})]
    assert seen == [(aegis, "deploy", False)]                    # Auto B (enter rerolled) already applied
    kinds = [(e["type"], e.get("auto"), e.get("rule")) for e in events]
    enters = kinds.index(("enters", None, "GW-A-25.18"))
    assert kinds.index(("auto", "D", "GW-A-14.4")) > enters
    assert g.state.turn_mods[aegis] == [0, 0, 1] and not is_rolled(g.state, aegis)


def test_gw_a_26_8_bots_playing_on_from_a_simultaneous_entry_keep_the_invariants():
    """GW-A-26.8 under random play: seat 1's Mass Salvage brings back two Vanguard Gundams while
    seat 0 has a third in its Junk Yard; seeded random bots answer the choice and play on. The
    invariants and hidden-information checks hold after every decision."""
    import random

    from tests.invariants import check_after_decision
    asked = 0
    for seed in range(8):
        g = game(deck_a=deck(VANGUARD), deck_b=deck(VANGUARD, VANGUARD, "Mass Salvage", fill="Aurora Shipyard"),
                 seed=seed)
        arrange(g, 0, junk=(VANGUARD,), deploy=("Aurora Shipyard",) * 3)
        arrange(g, 1, hand=("Mass Salvage",), deploy=("Aurora Shipyard",) * 4, junk=(VANGUARD, VANGUARD))
        at(g, "deploy_ft", active=seed % 2, priority=1)
        g.act(1, {"type": "play", "card": cid(g, 1, "Mass Salvage", "hand")})
        rnd = random.Random(seed)
        for _ in range(150):
            r = g.pending()
            if r is None:
                break
            if r.kind == "simultaneous_entry":
                asked += 1
                assert r.seat == g.state.active
            check_after_decision(g, g.act(r.seat, rnd.choice(r.options).action))
    assert asked >= 8
