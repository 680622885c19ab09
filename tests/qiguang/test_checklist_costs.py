"""Qiguang referee checklist, paying and crystals: items 6-11 (QG-3.4.3, QG-4, QG-5) with gaps
QG-G3, QG-G13, QG-G16, QG-G17, QG-G18 and QG-G32."""

import pytest

from tests.qiguang.scenario import (arrange, cid, event_types, names, pay, refused, set_phase, started,
                                    tapped, untapped)


def _main(options=None, **kw):
    game = started(options=options)
    arrange(game, 0, **kw)
    arrange(game, 1)
    set_phase(game, 0)
    return game


def _pay_options(game):
    return [o.action for o in game.pending().options if o.action["type"] == "pay"]


def test_qg_4_2_race_symbols_need_their_own_race():
    """Checklist 6: QG-4.2. Skyrail Reserve (1 pegasus) cannot be paid with an earth pony crystal."""
    game = _main(hand=("Skyrail Reserve",), crystals=(2, 0, 1))
    refusal = refused(game, 0, {"type": "summon", "card": cid(game, 0, "Skyrail Reserve"), "lane": 1})
    assert refusal.rule == "QG-4.1" and "pay" in refusal.message
    game = _main(hand=("Skyrail Reserve",), crystals=(2, 1, 1))
    game.act(0, {"type": "summon", "card": cid(game, 0, "Skyrail Reserve"), "lane": 1})
    assert _pay_options(game) == [{"type": "pay", "earth": 0, "pegasus": 1, "unicorn": 0, "mana": 0}]
    refusal = refused(game, 0, {"type": "pay", "earth": 1, "pegasus": 0, "unicorn": 0, "mana": 0})
    assert refusal.rule == "QG-4.2"


def test_qg_4_3_colourless_symbols_take_any_race():
    """Checklist 6: QG-4.3. Furrow Tiller (1 earth + 1 any): the 'any' part takes any race."""
    game = _main(hand=("Furrow Tiller",), crystals=(2, 1, 1))
    game.act(0, {"type": "summon", "card": cid(game, 0, "Furrow Tiller"), "lane": 2})
    options = {(a["earth"], a["pegasus"], a["unicorn"], a["mana"]) for a in _pay_options(game)}
    assert options == {(2, 0, 0, 0), (1, 1, 0, 0), (1, 0, 1, 0)}
    pay(game, 0, earth=1, unicorn=1)
    assert untapped(game, 0) == [1, 1, 0] and tapped(game, 0) == [1, 0, 1]
    assert names(game, 0, "standby2") == ["Furrow Tiller"]


def test_qg_4_4_mana_source_pays_as_any_race_and_is_exiled_after_the_play():
    """Checklist 6 and 7: QG-4.4, QG-G13. A Mana Source pays a pegasus symbol; it waits with the play
    (not yet exiled) and is removed from the game once the play resolved."""
    game = _main(hand=("Skyrail Reserve",), mana=1)
    arrange(game, 1, hand=("Null Sigil",), crystals=(0, 0, 2))  # seat 1 can respond, so the link waits
    game.state_changed()
    exiled = len(names(game, 0, "exile"))
    game.act(0, {"type": "summon", "card": cid(game, 0, "Skyrail Reserve"), "lane": 1})
    assert _pay_options(game) == [{"type": "pay", "earth": 0, "pegasus": 0, "unicorn": 0, "mana": 1}]
    pay(game, 0, mana=1)
    assert game.pending().kind == "respond" and game.pending().seat == 1
    assert names(game, 0, "chain") == ["Skyrail Reserve", "Mana Source"] and len(names(game, 0, "exile")) == exiled
    events = game.act(1, {"type": "pass"})
    assert "mana_exiled" in event_types(events)
    assert len(names(game, 0, "exile")) == exiled + 1 and names(game, 0, "exile")[-1] == "Mana Source"
    assert names(game, 0, "standby1") == ["Skyrail Reserve"] and names(game, 0, "chain") == []


def test_qg_g13_mana_source_exiled_even_when_the_play_is_cancelled():
    """Checklist 7: QG-G13 (Proposal). A cancelled play still exiles the Mana Sources that paid for it."""
    game = _main(hand=("Skyrail Reserve",), mana=1)
    arrange(game, 1, hand=("Null Sigil",), crystals=(0, 0, 2))
    exiled = len(names(game, 0, "exile"))
    game.act(0, {"type": "summon", "card": cid(game, 0, "Skyrail Reserve"), "lane": 1})
    pay(game, 0, mana=1)
    game.act(1, {"type": "play", "card": cid(game, 1, "Null Sigil")})
    pay(game, 1, unicorn=2)
    assert game.pending().kind == "main"  # seat 0 cannot respond: the chain closed
    assert names(game, 0, "graveyard") == ["Skyrail Reserve"] and len(names(game, 0, "exile")) == exiled + 1
    assert names(game, 0, "standby1") == []


def test_qg_g13_mana_sources_in_hand_are_not_crystals():
    """Checklist 7: QG-G13. Mana Sources in hand do not count toward the cap of 10 crystals."""
    game = _main(hand=("Crystal Attunement",), crystals=(5, 2, 1), tapped=(0, 0, 0), mana=3)
    game.act(0, {"type": "play", "card": cid(game, 0, "Crystal Attunement")})
    pay(game, 0, earth=2)
    assert sum(game.state.crystals[0]) == 9 and untapped(game, 0) == [3, 2, 2]


def test_qg_g13_option_mana_source_pays_only_for_summons():
    """QG-G13 option `mana_source=summons`: a Mana Source cannot pay for a spell."""
    game = _main(options={"mana_source": "summons"}, hand=("Harvest Feast", "Skyrail Reserve"), mana=1)
    refusal = refused(game, 0, {"type": "play", "card": cid(game, 0, "Harvest Feast")})
    assert refusal.rule == "QG-4.1"
    game.act(0, {"type": "summon", "card": cid(game, 0, "Skyrail Reserve"), "lane": 1})
    assert _pay_options(game) == [{"type": "pay", "earth": 0, "pegasus": 0, "unicorn": 0, "mana": 1}]


def test_qg_4_5_overpaying_is_refused():
    """Checklist 8: QG-4.5. Tapping more than the cost is refused, naming the rule."""
    game = _main(hand=("Orchard Hauler",), crystals=(3, 0, 0))
    game.act(0, {"type": "summon", "card": cid(game, 0, "Orchard Hauler"), "lane": 1})
    refusal = refused(game, 0, {"type": "pay", "earth": 2, "pegasus": 0, "unicorn": 0, "mana": 0})
    assert refusal.rule == "QG-4.5" and "overpay" in refusal.message
    refusal = refused(game, 0, {"type": "pay", "earth": 0, "pegasus": 0, "unicorn": 0, "mana": 0})
    assert refusal.rule == "QG-4.1"


def test_qg_4_5_x_cost_may_pay_more_and_x_is_what_was_paid():
    """Checklist 8: QG-4.5 exception and QG-G32. Arcane Torrent (X unicorn) deals X damage."""
    game = _main(hand=("Arcane Torrent",), crystals=(2, 0, 3), mana=1)
    arrange(game, 1, combat={1: "Millstone Guard"})
    game.act(0, {"type": "play", "card": cid(game, 0, "Arcane Torrent"), "target": cid(game, 1, "Millstone Guard")})
    options = {(a["earth"], a["pegasus"], a["unicorn"], a["mana"]) for a in _pay_options(game)}
    assert (0, 0, 3, 0) in options and (0, 0, 3, 1) in options and (0, 0, 1, 0) in options
    assert not any(a[0] for a in options)  # X names unicorn: earth crystals cannot pay it (QG-G32)
    refusal = refused(game, 0, {"type": "pay", "earth": 1, "pegasus": 0, "unicorn": 1, "mana": 0})
    assert refusal.rule == "QG-4.2"
    events = pay(game, 0, unicorn=3)
    paid = next(e.data for e in events if e.data["type"] == "paid")
    assert paid["x"] == 3
    assert game.state.damage[cid(game, 1, "Millstone Guard")] == 3


def test_qg_g32_x_with_no_race_takes_any_race():
    """QG-G32. Starlight Tithe (X, any race): earth and pegasus both pay; life goes up by X."""
    game = _main(hand=("Starlight Tithe",), crystals=(1, 1, 0), life=10)
    game.act(0, {"type": "play", "card": cid(game, 0, "Starlight Tithe")})
    pay(game, 0, earth=1, pegasus=1)
    assert game.state.life[0] == 12


def test_qg_3_4_3_summon_goes_to_the_chosen_empty_standby_zone():
    """Checklist 9: QG-3.4.3, QG-4.6. Never into a combat zone; the chosen lane's standby zone."""
    game = _main(hand=("Orchard Hauler",), crystals=(1, 0, 0))
    card = cid(game, 0, "Orchard Hauler")
    refusal = refused(game, 0, {"type": "summon", "card": card, "lane": 3, "row": "combat"})
    assert refusal.rule == "QG-3.4.3"
    lanes = sorted(o.action["lane"] for o in game.pending().options if o.action["type"] == "summon")
    assert lanes == [1, 2, 3, 4, 5]
    game.act(0, {"type": "summon", "card": card, "lane": 3})
    pay(game, 0, earth=1)
    assert names(game, 0, "standby3") == ["Orchard Hauler"] and names(game, 0, "combat3") == []


def test_qg_g3_summoning_with_every_standby_zone_full_is_refused():
    """Checklist 9: QG-G3 (Proposal). No empty standby zone: no summon, nothing is replaced."""
    full = {i: n for i, n in enumerate(("Millstone Guard", "Orchard Hauler", "Lantern Scholar",
                                        "Skyrail Reserve", "Quarry Sentinel"), start=1)}
    game = _main(hand=("Furrow Tiller",), crystals=(2, 0, 0), standby=full)
    assert not any(o.action["type"] == "summon" for o in game.pending().options)
    refusal = refused(game, 0, {"type": "summon", "card": cid(game, 0, "Furrow Tiller"), "lane": 2})
    assert refusal.rule == "QG-G3"


def test_qg_g1_three_lanes_option():
    """QG-G1 option `lanes=3`: only lanes 1-3 exist."""
    game = _main(options={"lanes": 3}, hand=("Orchard Hauler",), crystals=(1, 0, 0))
    lanes = sorted(o.action["lane"] for o in game.pending().options if o.action["type"] == "summon")
    assert lanes == [1, 2, 3]
    refusal = refused(game, 0, {"type": "summon", "card": cid(game, 0, "Orchard Hauler"), "lane": 4})
    assert refusal.rule == "QG-G1"
    assert len(game.view(0)["players"][0]["lanes"]) == 3


def test_qg_5_1_inheritor_grants_one_crystal_once_per_turn():
    """Checklist 10: QG-5.1, QG-5.2. The first Inheritor summon gains its race's crystal; the second does not."""
    game = _main(hand=("Orchard Hauler", "Cloudwright Heir"), mana=2)
    game.act(0, {"type": "summon", "card": cid(game, 0, "Orchard Hauler"), "lane": 1})
    events = pay(game, 0, mana=1)
    assert "crystal_gained" in event_types(events)
    assert untapped(game, 0) == [1, 0, 0]  # QG-G18: untapped and usable at once
    game.act(0, {"type": "summon", "card": cid(game, 0, "Cloudwright Heir"), "lane": 2})
    events = pay(game, 0, mana=1)
    assert "crystal_gained" not in event_types(events)
    assert next(e.data for e in events if e.data["type"] == "no_crystal")["rule"] == "QG-5.2"
    assert untapped(game, 0) == [1, 0, 0]


def test_qg_g18_option_new_crystals_enter_tapped():
    """QG-G18 option `new_crystal=tapped`."""
    game = _main(options={"new_crystal": "tapped"}, hand=("Lantern Scholar",), mana=1)
    game.act(0, {"type": "summon", "card": cid(game, 0, "Lantern Scholar"), "lane": 1})
    pay(game, 0, mana=1)
    assert untapped(game, 0) == [0, 0, 0] and tapped(game, 0) == [0, 0, 1]


def test_qg_g17_inheritor_outside_your_main_phase_gains_nothing():
    """Checklist 10: QG-5.1 / QG-G17. A Lightning summon in the opponent's turn gains no crystal."""
    game = started()
    arrange(game, 0, hand=("Millstone Guard",), crystals=(2, 0, 0))
    arrange(game, 1, hand=("Gale Courier",), crystals=(0, 2, 0))
    set_phase(game, 0)
    game.act(0, {"type": "summon", "card": cid(game, 0, "Millstone Guard"), "lane": 1})
    pay(game, 0, earth=2)
    assert game.pending().kind == "respond" and game.pending().seat == 1
    game.act(1, {"type": "summon", "card": cid(game, 1, "Gale Courier"), "lane": 4})
    pay(game, 1, pegasus=2)
    assert names(game, 1, "standby4") == ["Gale Courier"]
    assert sum(game.state.crystals[1]) == 2


@pytest.mark.parametrize("choice", ["earth", "unicorn"])
def test_qg_5_4_at_the_cap_the_player_chooses_an_untapped_crystal_to_remove(choice):
    """Checklist 11: QG-5.4. At 10 crystals a gain first removes an untapped crystal the player picks."""
    game = _main(hand=("Lantern Scholar",), crystals=(4, 0, 2), tapped=(0, 4, 0), mana=1)
    game.act(0, {"type": "summon", "card": cid(game, 0, "Lantern Scholar"), "lane": 1})
    pay(game, 0, mana=1)
    req = game.pending()
    assert req.kind == "crystal_cap" and {o.action["race"] for o in req.options} == {"earth", "unicorn"}
    refusal = refused(game, 0, {"type": "exile_crystal", "race": "pegasus"})  # all pegasus are tapped
    assert refusal.rule == "QG-5.4"
    game.act(0, {"type": "exile_crystal", "race": choice})
    c = game.state.crystals[0]
    assert sum(c) == 10
    assert c == ([3, 0, 3, 0, 4, 0] if choice == "earth" else [4, 0, 2, 0, 4, 0])


def test_qg_g16_all_tapped_at_the_cap_no_gain_but_the_turns_gain_is_used():
    """Checklist 11: QG-G16 (Proposal). All 10 tapped: no gain, and the turn's Inheritor gain is spent."""
    game = _main(hand=("Lantern Scholar",), tapped=(5, 5, 0), mana=1)
    game.act(0, {"type": "summon", "card": cid(game, 0, "Lantern Scholar"), "lane": 1})
    events = pay(game, 0, mana=1)
    assert "crystal_not_gained" in event_types(events)
    assert game.state.crystals[0] == [0, 0, 0, 5, 5, 0] and game.state.inheritor_gained


def test_qg_g16_option_exile_a_tapped_crystal():
    """QG-G16 option `cap_all_tapped=exile_tapped`: a tapped crystal is removed and the new one gained."""
    game = _main(options={"cap_all_tapped": "exile_tapped"}, hand=("Lantern Scholar",), tapped=(5, 5, 0), mana=1)
    game.act(0, {"type": "summon", "card": cid(game, 0, "Lantern Scholar"), "lane": 1})
    pay(game, 0, mana=1)
    assert game.pending().kind == "crystal_cap"
    game.act(0, {"type": "exile_crystal", "race": "pegasus"})
    assert game.state.crystals[0] == [0, 0, 1, 5, 4, 0]


def test_qg_4_1_cancel_before_paying_changes_nothing():
    """QG-4.1. A play waiting for its payment can be taken back; the card stays in hand."""
    game = _main(hand=("Orchard Hauler",), crystals=(1, 0, 0))
    before = game.view(None)["players"][0]
    game.act(0, {"type": "summon", "card": cid(game, 0, "Orchard Hauler"), "lane": 1})
    game.act(0, {"type": "cancel"})
    assert game.view(None)["players"][0] == before and game.pending().kind == "main"
