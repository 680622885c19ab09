"""Qiguang referee checklist, timing: items 22-24 (QG-3.4.2, QG-8.1, QG-9.1 to QG-9.6) with gaps
QG-G19 to QG-G22 and QG-G33."""

from engine.games.qiguang.flow import proceed
from engine.games.qiguang.state import ResponseWindow
from tests.qiguang.scenario import (arrange, cid, event_types, names, pass_until, pay, refused, set_phase,
                                    started)


def _game(seat_0: dict, seat_1: dict, options=None, active: int = 0, phase: str = "main"):
    game = started(options=options)
    arrange(game, 0, **seat_0)
    arrange(game, 1, **seat_1)
    set_phase(game, active, phase)
    return game


def test_qg_3_4_2_non_lightning_only_in_your_own_main_phase():
    """Checklist 22: QG-3.4.2, QG-G19. In the battle phase a normal card is refused; the opponent
    cannot play a normal card at all."""
    game = _game({"hand": ("Harvest Feast",), "crystals": (1, 0, 0)}, {"hand": ("Harvest Feast",),
                                                                          "crystals": (1, 0, 0)}, phase="battle")
    assert refused(game, 0, {"type": "play", "card": cid(game, 0, "Harvest Feast")}).rule == "QG-3.4.2"
    refusal = refused(game, 1, {"type": "play", "card": cid(game, 1, "Harvest Feast")})
    assert refusal.code == "wrong_seat" and refusal.rule == "QG-8.1"


def test_qg_8_1_lightning_in_the_opponents_turn_at_a_response_window():
    """Checklist 22: QG-8.1, QG-G19. After seat 0's play, seat 1 may respond with Lightning only: its
    normal card is refused with QG-9.4, its Lightning spell works."""
    game = _game({"hand": ("Millstone Guard",), "crystals": (2, 0, 0), "combat": {3: "Skyrail Reserve"}},
                 {"hand": ("Harvest Feast", "Sudden Squall"), "crystals": (1, 1, 0)})
    game.act(0, {"type": "summon", "card": cid(game, 0, "Millstone Guard"), "lane": 1})
    pay(game, 0, earth=2)
    req = game.pending()
    assert req.kind == "respond" and req.seat == 1
    hauler = cid(game, 0, "Skyrail Reserve")
    assert [o.action for o in req.options] == [{"type": "play", "card": cid(game, 1, "Sudden Squall"),
                                                "target": hauler}, {"type": "pass"}]
    assert refused(game, 1, {"type": "play", "card": cid(game, 1, "Harvest Feast")}).rule == "QG-9.4"
    game.act(1, {"type": "play", "card": cid(game, 1, "Sudden Squall"), "target": hauler})
    pay(game, 1, pegasus=1)
    assert names(game, 0, "graveyard") == ["Skyrail Reserve"] and names(game, 0, "standby1") == ["Millstone Guard"]


def test_qg_9_1_opponent_declines_and_the_card_resolves():
    """Checklist 23: QG-9.1. One decline and the card resolves."""
    game = _game({"hand": ("Millstone Guard",), "crystals": (2, 0, 0)}, {"hand": ("Flash of Insight",),
                                                                          "crystals": (0, 0, 1)})
    game.act(0, {"type": "summon", "card": cid(game, 0, "Millstone Guard"), "lane": 1})
    pay(game, 0, earth=2)
    assert names(game, 0, "chain") == ["Millstone Guard"]
    events = game.act(1, {"type": "pass"})
    assert "summoned" in event_types(events) and names(game, 0, "standby1") == ["Millstone Guard"]


def test_qg_9_3_links_resolve_last_in_first_out_and_priority_alternates():
    """Checklist 23: QG-9.2, QG-9.3, QG-9.6, QG-G20, QG-G21. Seat 0 summons; seat 1 responds with
    Sudden Squall on seat 0's character; seat 0 (turn player) gets priority and adds Prism Warden's
    Mending Light; seat 1 declines; the heal resolves first, then the damage, then the summon."""
    game = _game({"hand": ("Millstone Guard",), "combat": {2: "Prism Warden"}, "crystals": (2, 0, 1)},
                 {"hand": ("Sudden Squall",), "crystals": (0, 1, 0)})
    warden = cid(game, 0, "Prism Warden")
    game.state.damage[warden] = 1
    game.act(0, {"type": "summon", "card": cid(game, 0, "Millstone Guard"), "lane": 1})
    pay(game, 0, earth=2)
    game.act(1, {"type": "play", "card": cid(game, 1, "Sudden Squall"), "target": warden})
    pay(game, 1, pegasus=1)
    req = game.pending()
    assert req.kind == "respond" and req.seat == 0  # QG-9.6: the turn player answers the opponent's link
    assert refused(game, 0, {"type": "end_main"}).rule == "QG-9.6"
    game.act(0, {"type": "ability", "card": warden, "index": 0, "target": warden})
    events = pay(game, 0, unicorn=1)  # seat 1 can add nothing: its decline is automatic (QG-G19)
    assert [e.data["link"] for e in events if e.data["type"] == "chain_link"] == [3]
    order = [e.data.get("link") for e in events if e.data["type"] == "resolves"]
    assert order == [3, 2, 1]
    assert game.state.damage[warden] == 2  # healed 1 (of 1) first, then 2 damage
    assert names(game, 0, "standby1") == ["Millstone Guard"] and names(game, 1, "graveyard") == ["Sudden Squall"]


def test_qg_9_4_no_non_lightning_within_a_chain_even_for_the_turn_player():
    """Checklist 23: QG-9.4. The turn player with priority in a chain cannot add a normal card."""
    game = _game({"hand": ("Millstone Guard", "Harvest Feast", "Flash of Insight"), "crystals": (3, 0, 1)},
                 {"hand": ("Flash of Insight",), "crystals": (0, 0, 1)})
    game.act(0, {"type": "summon", "card": cid(game, 0, "Millstone Guard"), "lane": 1})
    pay(game, 0, earth=2)
    game.act(1, {"type": "play", "card": cid(game, 1, "Flash of Insight")})
    pay(game, 1, unicorn=1)
    assert game.pending().seat == 0
    assert refused(game, 0, {"type": "play", "card": cid(game, 0, "Harvest Feast")}).rule == "QG-9.4"
    assert {"type": "play", "card": cid(game, 0, "Flash of Insight")} in [o.action for o in game.pending().options]


def test_qg_g20_a_player_cannot_add_onto_their_own_link():
    """QG-G20. Links alternate: while the opponent may respond, the player who added the last link waits."""
    game = _game({"hand": ("Millstone Guard", "Flash of Insight"), "crystals": (2, 0, 1)},
                 {"hand": ("Flash of Insight",), "crystals": (0, 0, 1)})
    game.act(0, {"type": "summon", "card": cid(game, 0, "Millstone Guard"), "lane": 1})
    pay(game, 0, earth=2)
    refusal = refused(game, 0, {"type": "play", "card": cid(game, 0, "Flash of Insight")})
    assert refusal.code == "wrong_seat" and refusal.rule == "QG-9.6"


def test_qg_9_2_cancelling_a_link_and_g20_costs_stay_paid():
    """QG-9.2, QG-G20. Null Sigil cancels the summon below it: the character goes to the graveyard and
    the crystals stay tapped."""
    game = _game({"hand": ("Millstone Guard",), "crystals": (2, 0, 0)}, {"hand": ("Null Sigil",),
                                                                          "crystals": (0, 0, 2)})
    game.act(0, {"type": "summon", "card": cid(game, 0, "Millstone Guard"), "lane": 1})
    pay(game, 0, earth=2)
    game.act(1, {"type": "play", "card": cid(game, 1, "Null Sigil")})
    events = pay(game, 1, unicorn=2)
    assert "negated" in event_types(events) and "cancelled" in event_types(events)
    assert names(game, 0, "graveyard") == ["Millstone Guard"] and game.state.crystals[0] == [0, 0, 0, 2, 0, 0]


def test_qg_9_2_a_cancel_needs_a_link_to_respond_to():
    """QG-9.2. Null Sigil cannot be played with an empty chain."""
    game = _game({"hand": ("Null Sigil",), "crystals": (0, 0, 2)}, {})
    assert refused(game, 0, {"type": "play", "card": cid(game, 0, "Null Sigil")}).rule == "QG-9.2"


def test_qg_g20_a_link_whose_target_is_gone_does_nothing():
    """QG-G20. Seat 0's Arcane Torrent (X=2) targets Skyrail Reserve; seat 1 answers with Flash of
    Insight; seat 0 adds Sudden Squall on the same Reserve, which resolves first and destroys it. The
    Torrent then finds no target and does nothing, but its crystals stay tapped."""
    game = _game({"hand": ("Arcane Torrent", "Sudden Squall"), "crystals": (0, 1, 2)},
                 {"combat": {1: "Skyrail Reserve"}, "hand": ("Flash of Insight",), "crystals": (0, 0, 1)})
    reserve = cid(game, 1, "Skyrail Reserve")
    game.act(0, {"type": "play", "card": cid(game, 0, "Arcane Torrent"), "target": reserve})
    pay(game, 0, unicorn=2)
    game.act(1, {"type": "play", "card": cid(game, 1, "Flash of Insight")})
    pay(game, 1, unicorn=1)
    game.act(0, {"type": "play", "card": cid(game, 0, "Sudden Squall"), "target": reserve})
    events = pay(game, 0, pegasus=1)  # seat 1 has nothing left: the chain closes and resolves
    assert [e.data["amount"] for e in events if e.data["type"] == "damaged"] == [2]
    assert names(game, 1, "graveyard") == ["Skyrail Reserve", "Flash of Insight"]
    assert names(game, 0, "graveyard") == ["Sudden Squall", "Arcane Torrent"]
    assert game.state.crystals[0] == [0, 0, 0, 0, 1, 2]


def test_qg_9_5_continuous_surcharge_applies_to_every_link_in_a_chain():
    """Checklist 24: QG-9.5. Warlord's Levy is active: seat 1's Lightning spell in a chain must pay 1 life;
    declining cancels that link."""
    game = _game({"hand": ("Millstone Guard",), "crystals": (2, 0, 0), "support": ("Warlord's Levy",)},
                 {"hand": ("Flash of Insight", "Sudden Squall"), "crystals": (0, 1, 1), "life": 5})
    game.act(0, {"type": "summon", "card": cid(game, 0, "Millstone Guard"), "lane": 1})  # not a spell: no surcharge
    pay(game, 0, earth=2)
    assert game.pending().kind == "respond"
    game.act(1, {"type": "play", "card": cid(game, 1, "Flash of Insight")})
    pay(game, 1, unicorn=1)
    req = game.pending()
    assert req.kind == "surcharge" and req.seat == 1 and len(game.state.chain) == 2
    game.act(1, {"type": "surcharge", "pay": True})
    assert game.state.life[1] == 4
    pass_until(game, ("main",))
    assert names(game, 1, "graveyard") == ["Flash of Insight"]


def test_qg_9_5_unpaid_surcharge_cancels_the_spell():
    """Checklist 24: QG-9.5. Declining the surcharge cancels the link; the Mana Source is still exiled."""
    game = _game({"hand": ("Harvest Feast",), "mana": 1, "support": ("Warlord's Levy",), "life": 10}, {})
    exiled = len(names(game, 0, "exile"))
    game.act(0, {"type": "play", "card": cid(game, 0, "Harvest Feast")})
    pay(game, 0, mana=1)
    events = game.act(0, {"type": "surcharge", "pay": False})
    assert "cancelled" in event_types(events)
    assert game.state.life[0] == 10 and names(game, 0, "graveyard") == ["Harvest Feast"]
    assert len(names(game, 0, "exile")) == exiled + 1 and game.state.chain == []


def test_qg_g33_paying_life_to_zero_loses_at_the_check():
    """QG-G33 (Proposal). Paying the surcharge at 1 life is allowed and loses; with
    `life_payment=must_survive` it is refused."""
    game = _game({"hand": ("Harvest Feast",), "crystals": (1, 0, 0), "support": ("Warlord's Levy",), "life": 1}, {})
    game.act(0, {"type": "play", "card": cid(game, 0, "Harvest Feast")})
    pay(game, 0, earth=1)
    game.act(0, {"type": "surcharge", "pay": True})
    assert game.result().winner == 1 and game.result().rule == "QG-2.2.1"
    game = _game({"hand": ("Harvest Feast",), "crystals": (1, 0, 0), "support": ("Warlord's Levy",), "life": 1}, {},
                 options={"life_payment": "must_survive"})
    game.act(0, {"type": "play", "card": cid(game, 0, "Harvest Feast")})
    pay(game, 0, earth=1)
    assert [o.action for o in game.pending().options] == [{"type": "surcharge", "pay": False}]
    assert refused(game, 0, {"type": "surcharge", "pay": True}).rule == "QG-G33"


def test_qg_g22_attack_declaration_opens_a_lightning_window_before_damage():
    """QG-G19, QG-G22. After seat 0 declares an attack, seat 1 may use Sudden Squall before damage:
    it destroys the attacker and the attack does nothing."""
    game = _game({"combat": {1: "Skyrail Reserve"}}, {"hand": ("Sudden Squall",), "crystals": (0, 1, 0)},
                 phase="battle")
    game.act(0, {"type": "attack", "lane": 1})
    req = game.pending()
    assert req.kind == "window" and req.seat == 1
    game.act(1, {"type": "play", "card": cid(game, 1, "Sudden Squall"), "target": cid(game, 0, "Skyrail Reserve")})
    pay(game, 1, pegasus=1)
    pass_until(game, ("battle",))
    assert game.state.life[1] == 20 and names(game, 0, "graveyard") == ["Skyrail Reserve"]


def test_qg_g21_non_turn_player_starts_a_chain_and_the_turn_player_answers_first():
    """QG-G21, QG-G22. At the start of seat 0's battle phase, seat 1 plays Gale Courier (Lightning);
    seat 0, the turn player, is the first to answer."""
    game = _game({"hand": ("Flash of Insight",), "crystals": (0, 0, 1)},
                 {"hand": ("Gale Courier",), "crystals": (0, 2, 0)}, phase="battle", )
    # seat 0 already passed the phase-start window: seat 1 may respond, one pass made
    set_phase(game, 0, "battle", "window", window=ResponseWindow(1, 1))
    proceed(game.state)  # the window is asked again from the edited position
    game.state_changed()
    assert game.pending().kind == "window" and game.pending().seat == 1
    game.act(1, {"type": "summon", "card": cid(game, 1, "Gale Courier"), "lane": 2})
    pay(game, 1, pegasus=2)
    req = game.pending()
    assert req.kind == "respond" and req.seat == 0
    game.act(0, {"type": "pass"})
    assert names(game, 1, "standby2") == ["Gale Courier"]
    req = game.pending()  # after the chain the window starts again with the turn player
    assert req.kind in ("window", "battle") and req.seat == 0


def test_qg_g19_lightning_stops_always_asks_even_without_lightning():
    """QG-G19 option `lightning_stops=always`: every window asks, so skipped windows reveal nothing."""
    game = _game({"hand": ("Millstone Guard",), "crystals": (2, 0, 0)}, {}, options={"lightning_stops": "always"})
    game.act(0, {"type": "summon", "card": cid(game, 0, "Millstone Guard"), "lane": 1})
    pay(game, 0, earth=2)
    req = game.pending()
    assert req.kind == "respond" and req.seat == 1 and [o.action for o in req.options] == [{"type": "pass"}]


def test_qg_g19_default_windows_ask_even_without_lightning_so_hands_stay_hidden():
    """QG-G19 (lightning_stops): by default every response window asks the player, so a
    window that is skipped cannot tell the opponent the hand holds no usable Lightning."""
    from engine.bots.random_bot import RandomBot
    from engine.core.game import Game
    from engine.games.qiguang import RULES as SAMPLE_RULES

    def pass_only_windows(options: dict | None) -> int:
        count = 0
        for seed in range(3):
            game = Game(SAMPLE_RULES, seed=seed, options=options)
            bot = RandomBot(seed)
            while (req := game.pending()) is not None:
                if req.seat != game.state.active and [o.action for o in req.options] == [{"type": "pass"}]:
                    count += 1
                game.act(req.seat, bot.choose(req))
        return count

    assert pass_only_windows(None) > 0
    assert pass_only_windows({"lightning_stops": "when_able"}) == 0
