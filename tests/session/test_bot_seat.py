"""`serve --bot COLOUR` (issue 22, Scope 2): a person plays a whole game against the referee's bot
at the emulated table loaded with the generated table save. The bot's decisions are journaled
and narrated like a person's, its cards move on the table, no buttons are shown at its colour,
and hands at its colour cannot move anything."""

from __future__ import annotations

from engine.core.game import Game
from engine.core.registry import get_rules

from engine.bots import Budget, RandomPlayer, SearchPlayer
from tts_bridge.session.botseat import BotSeats, BotTurn
from tts_bridge.session.demo import TableBots
from tts_bridge.session.games import ref_card
from tts_bridge.session.journal import Journal

from tests.session.helpers import Table

RULES = get_rules("kaiju")
BOT_SEAT = 1


class CountingPlayer:
    """The bot under test, counting what it is asked."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.asked: list[int] = []

    def decide(self, game: Game, seat: int) -> dict:
        self.asked.append(seat)
        return self.inner.decide(game, seat)


def test_a_person_plays_a_whole_game_against_the_bot_through_the_emulator(tmp_path, generated_save):
    player = CountingPlayer(SearchPlayer(seed=3, budget=Budget(iterations=20)))
    t = Table(Game(RULES, seed=9), tmp_path, generated_save(RULES.id), bots={BOT_SEAT: player})
    try:
        person = TableBots(t.emu, t.session, seed=4, cheat_rate=0.1, seats=(0,))
        bot_color = t.colors[BOT_SEAT]
        prompts_at_bot = 0
        moved_by_bot = 0
        while True:
            before = {ref: list(t.emu.by_guid(g).pos) for ref, g in t.session.guids.items() if t.emu.by_guid(g)}
            decisions = len(t.session.game.decisions)
            if not person.step():
                break
            prompts_at_bot += bot_color in t.session.prompts
            game = t.session.game
            if len(game.decisions) > decisions and game.decisions[-1]["seat"] == BOT_SEAT:
                after = {ref: t.emu.by_guid(g).pos for ref, g in t.session.guids.items() if t.emu.by_guid(g)}
                moved_by_bot += any(before.get(ref) != list(pos) for ref, pos in after.items())
        game = t.session.game
        assert game.result() is not None and t.session.finished.is_set()
        bot_decisions = [d for d in game.decisions if d["seat"] == BOT_SEAT]
        assert len(bot_decisions) > 10 and set(player.asked) == {BOT_SEAT}
        assert moved_by_bot > 5, "the bot's decisions move its cards on the table"
        assert prompts_at_bot == 0, "no referee buttons are shown at the bot's colour"
        assert person.physical_moves > 5 and person.cheats_seen
        header, journaled = Journal.read(t.journal.path)  # journaled like a person's decisions
        assert [d["seat"] for d in journaled] == [d["seat"] for d in game.decisions]
        assert Journal.replay(RULES, header, journaled).hashes == game.hashes
        assert any(bot_color in line for line in t.session.narration), "its moves are narrated by colour"
        for color in t.colors:
            assert any(text.startswith("Game over") for text in t.emu.visible_texts(color))
        assert t.emu.errors == []
    finally:
        t.close()


def test_hands_at_the_bots_colour_cannot_move_its_cards(tmp_path, generated_save):
    """Nobody sits at the bot's colour: its allow-list is empty, so our Lua refuses every pick-up
    there (a person who sits down at that colour cannot play the bot's cards)."""
    t = Table(Game(RULES, seed=9), tmp_path, generated_save(RULES.id), bots={BOT_SEAT: RandomPlayer(seed=3)})
    try:
        game = t.session.game
        bot_color = t.colors[BOT_SEAT]
        person = TableBots(t.emu, t.session, seed=4, cheat_rate=0.0, seats=(0,))
        person.cheats_tried = 1

        def owned() -> list[str]:
            return [ref for ref in t.session.guids
                    if ref_card(ref) is not None and game.state.table.cards[ref_card(ref)].owner == BOT_SEAT]
        def persons_turn() -> bool:  # the bot does not move its cards meanwhile
            pending = game.pending()
            return pending is not None and pending.seat != BOT_SEAT and BOT_SEAT not in pending.also
        while len(owned()) < 5 or not persons_turn():  # the opening deals the hands
            assert person.step()
        t.settle()
        objects = [o for o in (t.emu.by_guid(t.session.guids[ref]) for ref in owned()) if o is not None]
        assert len(objects) >= 5
        for obj in objects[:5]:
            where = list(obj.pos)
            assert t.emu.move_as(bot_color, obj.guid, [0.0, 2.0, 0.0]) is False
            t.settle()
            assert list(obj.pos) == where
        assert t.session.stats["blocked"] >= 5
        assert any("played by the referee's bot" in text for text in t.emu.visible_texts(bot_color))
    finally:
        t.close()


def test_a_bot_turn_made_stale_by_another_decision_is_dropped():
    game = Game(RULES, seed=2)
    asked = CountingPlayer(RandomPlayer(seed=1))
    seats = BotSeats({0: asked, 1: asked}, delay=0.0)
    queued: list[BotTurn] = []
    seats.schedule(game, queued.append)
    assert queued, "a bot that may answer now gets a turn"
    turn = queued[0]
    seats.schedule(game, queued.append)
    assert len([q for q in queued if q == turn]) == 1, "one turn per decision, however often the table syncs"
    request = game.request_for(turn.seat)
    game.act(turn.seat, request.options[0].action)
    assert seats.decision(turn, game) is None and asked.asked == []


def test_serve_refuses_a_bot_at_a_colour_nobody_plays_or_with_a_bad_budget():
    from click.testing import CliRunner

    from tts_bridge.cli import main

    for args, what in ((["--bot", "Green"], "'Green' is not one of the seats' colours (White, Red)"),
                       (["--bot", "Red", "--bot-budget", "fast"], "e.g. 0.5s or 200i, not 'fast'")):
        result = CliRunner().invoke(main, ["serve", "--game", "kaiju", "--wait-for-tts", "0", *args])
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert what in result.output


def test_a_resumed_game_seats_the_bot_by_the_journal_colours():
    from tts_bridge.session.runner import _bot_seats

    player = RandomPlayer(seed=1)
    assert _bot_seats({"Red": player}, ["Blue", "Red"]) == {1: player}
    try:
        _bot_seats({"Red": player}, ["White", "Blue"])
    except ValueError as exc:
        assert "one of this game's colours (White, Blue)" in str(exc)
    else:
        raise AssertionError("a colour the journal does not seat was accepted")
