"""The accepted decision's own work (issue 21, scope 4): what the session and the kaiju adapter
no longer do twice, with the table seeing exactly what it saw before."""

from __future__ import annotations

import dataclasses

from engine.bots import RandomPlayer
from engine.core.game import Game
from engine.core.registry import get_rules

from tts_bridge.session import session as session_module
from tts_bridge.session.demo import TableBots, lua_seq
from tts_bridge.session.games import adapter_for, card_ref, hidden_card_names

from tests.session.helpers import Table

RULES = get_rules("kaiju")


def test_each_view_of_an_event_is_narrated_once_and_every_colour_still_gets_its_line(tmp_path, generated_save,
                                                                                    monkeypatch):
    """A public event is one dict for both seats and the narration: one narrate call, three lines."""
    calls: list[dict] = []
    real = session_module.narrate
    monkeypatch.setattr(session_module, "narrate", lambda data, rules: calls.append(data) or real(data, rules))
    t = Table(Game(RULES, seed=5), tmp_path, generated_save(RULES.id))
    try:
        seen_by: dict[str, list[str]] = {}
        send = t.session.link.send_custom

        def watch(payload: dict) -> None:
            for cmd in payload.get("cmds", ()):
                if cmd.get("op") == "message" and "tint" not in cmd:
                    seen_by.setdefault(cmd["color"], []).append(cmd["text"])
            send(payload)

        t.session.link.send_custom = watch
        bots = TableBots(t.emu, t.session, seed=5, cheat_rate=0.0)
        narrated_before = len(t.session.narration)
        decided = []
        while len(t.session.game.decisions) < 6:
            calls.clear()
            before = len(t.session.game.decisions)
            assert bots.step()
            decided.append((before, list(calls)))
        assert all(len({id(d) for d in made}) == len(made) for _, made in decided)  # no view narrated twice
        assert any(calls_made for _, calls_made in decided)
        lines = t.session.narration[narrated_before:]
        for color in t.colors:  # public lines reach both colours word for word
            assert set(lines) & set(seen_by.get(color, [])), color
    finally:
        t.close()


def test_kaiju_card_descriptions_follow_damage_and_level_after_being_built_once():
    """The (title, description) of a card is kept per distinct (card, damage, level): a card
    that takes damage shows the new figure, and the same figures give the same text again."""
    adapter = adapter_for("kaiju")
    game = Game(RULES, seed=3)
    bots = [RandomPlayer(1), RandomPlayer(2)]

    def shown_engaged() -> list[int]:  # battle cards face up in an engaged zone
        shown = adapter.placements(game, ["White", "Red"])
        return [c for s in (0, 1) for c in game.state.table.zone(s, "engaged") if shown[card_ref(c)].identity]

    while not shown_engaged():
        pending = game.pending()
        game.act(pending.seat, bots[pending.seat].decide(game, pending.seat))
    card = shown_engaged()[0]
    game.state.damage.pop(card, None)
    before = adapter.placements(game, ["White", "Red"])[card_ref(card)]
    assert "damage 0" in before.identity[1]
    game.state.damage[card] = 3
    hurt = adapter.placements(game, ["White", "Red"])[card_ref(card)]
    assert "damage 3" in hurt.identity[1] and hurt.identity[0] == before.identity[0]
    del game.state.damage[card]
    assert adapter.placements(game, ["White", "Red"])[card_ref(card)] == before
    assert dataclasses.replace(before, identity=hurt.identity) == hurt


def test_waiting_for_lua_s_next_message_is_done_on_the_session_not_by_polling_the_table(tmp_path, generated_save):
    """`settle` waits in `wait_idle(after_seq=N)` until Lua's message N has been handled (the
    bench's driver takes no CPU or interpreter lock from the bridge while it works)."""
    t = Table(Game(RULES, seed=5), tmp_path, generated_save(RULES.id))
    try:
        s = t.session
        assert s.wait_idle(5, after_seq=s.seq.next - 1)
        assert not s.wait_idle(0.02, after_seq=s.seq.next)  # nothing numbered that far has come
        assert not t.emu.pick_up(t.colors[0], s.guids["deck1"])  # Red's deck: vetoed, and our Lua reports it
        assert s.wait_idle(5, after_seq=lua_seq(t.emu)) and s.events_by_kind.get("blocked", 0) >= 1
    finally:
        t.close()


def _played(game_id: str, seed: int, decisions: int) -> Game:
    game = Game(get_rules(game_id), seed=seed)
    bots = [RandomPlayer(seed), RandomPlayer(seed + 1)]
    while game.pending() is not None and len(game.decisions) < decisions:
        pending = game.pending()
        game.act(pending.seat, bots[pending.seat].decide(game, pending.seat))
    return game


def _per_card_hidden_names(game: Game, seat: int, attr: str) -> set[str]:
    """The leak guard's names by its definition: card by card through `visible_to`."""
    table = game.state.table
    shown = {getattr(c.defn, attr) for c in table.cards if table.visible_to(c.id, seat)}
    return {getattr(c.defn, attr) for c in table.cards if not table.visible_to(c.id, seat)} - shown


def test_the_leak_guard_asks_visible_to_only_for_cards_of_zones_that_are_neither_public_nor_hidden(monkeypatch):
    """`hidden_card_names` answers a public or hidden zone once (`Table.zone_visible_to`) and asks
    card by card only in the others (a hand), with the same names as asking for every card."""
    for game_id in ("kaiju", "sakura-arms"):
        attr = "name" if game_id == "sakura-arms" else "title"
        for decisions in (0, 30, 90):
            game = _played(game_id, 9, decisions)
            table = game.state.table
            asked: list[int] = []
            real = type(table).visible_to
            monkeypatch.setattr(type(table), "visible_to", lambda self, card, seat: asked.append(card) or real(self, card, seat))
            names = [hidden_card_names(game, seat, attr) for seat in (0, 1)]
            monkeypatch.setattr(type(table), "visible_to", real)
            mixed = {c for key, ids in table.zones.items() for seat in (0, 1)
                     if table.zone_visible_to(key, seat) is None for c in ids}
            assert set(asked) <= mixed
            if game_id == "kaiju":  # decks are hidden zones and most cards in play are face up
                assert not set(asked) & {c for s in (0, 1) for c in table.zone(s, "deck")}
            assert names == [_per_card_hidden_names(game, seat, attr) for seat in (0, 1)]


class _Wire:
    """A link that keeps every batch (no TTS behind it)."""

    def __init__(self) -> None:
        self.batches: list[dict] = []

    def send_custom(self, payload: dict) -> None:
        self.batches.append(payload)


def test_a_kaiju_card_that_did_not_change_keeps_its_placement_object_and_the_sync_sends_nothing_for_it():
    """The adapter hands back the very placement the table shows for an unchanged card, and the
    sync skips it; a card the player moved by hand is still laid back even so."""
    game = _played("kaiju", 4, 40)
    wire = _Wire()
    session = session_module.Session(game, adapter_for("kaiju"), ["White", "Red"], wire, None)
    session.sync(full=True)
    again = adapter_for("kaiju").placements(game, session.colors)
    assert all(again[ref] is p for ref, p in session.shown.items() if ref.startswith("c"))
    session.sync()
    assert not [c for c in wire.batches[-1]["cmds"] if c.get("ref")]
    ref = next(r for r in session.shown if r.startswith("c"))
    session.sync(moved=ref)
    assert [c["op"] for c in wire.batches[-1]["cmds"] if c.get("ref")] == ["move"]


def test_the_card_data_s_path_is_joined_once_per_data_folder(monkeypatch, tmp_path):
    """Narration asks for the cards after every event: `cards()` stats one path worked out once,
    and still follows TTS_BRIDGE_DATA when it points elsewhere."""
    from engine.core import cardgame

    rules = type(RULES)()
    joined: list[int] = []
    real = cardgame.data_dir
    monkeypatch.setattr(cardgame, "data_dir", lambda: joined.append(1) or real())
    first = rules.cards()
    assert rules.cards() is first and rules.cards() is first and len(joined) == 1
    (tmp_path / RULES.id).mkdir()
    (tmp_path / RULES.id / "cards.yaml").write_bytes((real() / RULES.id / "cards.yaml").read_bytes())
    monkeypatch.setenv("TTS_BRIDGE_DATA", str(tmp_path))
    assert rules._cards_file() == str(tmp_path / RULES.id / "cards.yaml")
    assert rules.cards() is not first and rules.cards() is rules.cards() and len(joined) == 2


def test_a_colour_s_lines_are_searched_for_hidden_names_as_one_text_and_a_naming_line_is_still_withheld(monkeypatch):
    """The leak guard searches each hidden name once in all of a colour's lines; only when one is
    found does it go line by line, and then exactly the naming lines are withheld."""
    game = _played("kaiju", 4, 40)
    session = session_module.Session(game, adapter_for("kaiju"), ["White", "Red"], _Wire(), None)
    secret = sorted(session._hidden_names("White"))[0]
    checked: list[str] = []
    real = session._safe_for
    monkeypatch.setattr(session, "_safe_for", lambda color, text, hidden=None: checked.append(text) or real(color, text, hidden))
    quiet = ["Red ends the turn", "White draws a card", "--- Turn 3 ---"]
    assert session._safe_texts({"White": quiet, "Red": []}) == [("White", line) for line in quiet]
    assert checked == []
    naming = quiet[:1] + [f"Red holds {secret}"] + quiet[1:]
    assert session._safe_texts({"White": naming}) == [("White", line) for line in quiet]
    assert session.stats["withheld"] == 1


def test_a_kaiju_zone_of_face_up_cards_that_did_not_change_is_laid_out_as_last_time(monkeypatch):
    """Discard, spirit and the like: the same cards in the same order keep their last layout
    without a card being looked at again; a card moved in is laid out, as a fresh adapter would."""
    from tts_bridge.session.games.kaiju import KaijuAdapter

    game = _played("kaiju", 6, 120)
    table = game.state.table
    adapter = KaijuAdapter()
    colors = ["White", "Red"]
    first = adapter.placements(game, colors)
    plain = [c for s in (0, 1) for z in ("discard", "spirit") for c in table.zone(s, z)]
    assert plain  # 120 decisions in, something has been discarded or defeated
    looked: list[int] = []
    real = adapter._card
    monkeypatch.setattr(adapter, "_card", lambda game, card, *rest: looked.append(card) or real(game, card, *rest))
    again = adapter.placements(game, colors)
    assert again == first and not set(looked) & set(plain)
    moved = table.zone(0, "hand")[0] if table.zone(0, "hand") else table.zone(0, "deck")[0]
    table.move(moved, 0, "discard")
    assert adapter.placements(game, colors) == KaijuAdapter().placements(game, colors)
    assert moved in looked
