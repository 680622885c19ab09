"""Qiguang referee checklist, game endings by card text and by loop: items 25 and 26 (QG-0.1 to
QG-0.3, QG-2.3.2) with gap QG-G31."""

from tests.qiguang.scenario import arrange, cid, event_types, refused, set_phase, started

SHARDS = ("Shard of Candor", "Shard of Mirth", "Shard of Constancy", "Shard of Largesse", "Shard of Tenderness",
          "Shard of Wonder")


def test_qg_0_3_six_different_shards_in_hand_win_at_once():
    """Checklist 25: QG-0.1 to QG-0.3. Drawing the sixth differently named Shard wins: the shards are
    shown (by name) and the game ends at once."""
    game = started()
    arrange(game, 0, hand=SHARDS[:5])
    arrange(game, 1)
    lib = game.state.table.zone(0, "library")
    sixth = cid(game, 0, SHARDS[5], zone="library")
    lib.remove(sixth)
    lib.insert(0, sixth)
    set_phase(game, 0, "draw", "draw_choice")
    events = game.act(0, {"type": "draw"})
    shown = next(e.data for e in events if e.data["type"] == "shown")
    assert shown["shown"] == sorted(SHARDS) and shown["rule"] == "QG-0.3"
    result = game.result()
    assert result.winner == 0 and result.rule == "QG-0.3" and game.pending() is None


def test_qg_0_3_duplicates_do_not_count():
    """Checklist 25: QG-0.3. Six Shards with only five different names do not win."""
    game = started()
    arrange(game, 0, hand=SHARDS[:5] + (SHARDS[0],))
    arrange(game, 1)
    set_phase(game, 0)
    game.act(0, {"type": "end_main"})
    assert game.result() is None


def test_qg_2_3_2_forced_loop_is_a_tie():
    """Checklist 26: QG-2.3.2, QG-G31 (Proposal: the same position three times with no choice that can
    break it). Withering Realm (-2 health to all) destroys Cinderwing Ascendant, whose destruction
    effect returns it to standby, where it is destroyed again: a tie."""
    game = started()
    arrange(game, 0, hand=("Withering Realm",), crystals=(1, 0, 0))
    arrange(game, 1, combat={1: "Cinderwing Ascendant"})
    set_phase(game, 0)
    game.act(0, {"type": "play", "card": cid(game, 0, "Withering Realm")})
    events = game.act(0, {"type": "pay", "earth": 1, "pegasus": 0, "unicorn": 0, "mana": 0})
    assert event_types(events).count("revived") >= 2
    result = game.result()
    assert result.draw and result.rule == "QG-2.3.2" and game.pending() is None


def test_qg_2_3_2_tie_by_agreement():
    """Checklist 26: QG-2.3.2, QG-G31. A player offers a tie (not listed among options, always
    accepted from the deciding seat); the opponent accepts and the game is a tie."""
    game = started()
    arrange(game, 0)
    arrange(game, 1)
    set_phase(game, 0)
    req = game.pending()
    assert all(o.action["type"] != "offer_tie" for o in req.options)
    game.act(0, {"type": "offer_tie"})
    req = game.pending()
    assert req.kind == "tie" and req.seat == 1
    game.act(1, {"type": "answer_tie", "accept": True})
    assert game.result().draw and game.result().rule == "QG-2.3.2"


def test_qg_2_3_2_declined_tie_offer_returns_to_the_same_decision():
    """QG-2.3.2, QG-G31. Declined: the game goes on where it was; one offer per turn."""
    game = started()
    arrange(game, 0, hand=("Orchard Hauler",), crystals=(1, 0, 0))
    arrange(game, 1)
    set_phase(game, 0)
    game.act(0, {"type": "summon", "card": cid(game, 0, "Orchard Hauler"), "lane": 1})
    before = [o.action for o in game.pending().options]
    game.act(0, {"type": "offer_tie"})
    game.act(1, {"type": "answer_tie", "accept": False})
    assert game.result() is None and [o.action for o in game.pending().options] == before
    assert refused(game, 0, {"type": "offer_tie"}).rule == "QG-G31"
