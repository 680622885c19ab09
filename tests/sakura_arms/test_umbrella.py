"""The umbrella (mechanics/umbrella.py, a goddess rule after Yukihi's, which the spec leaves to §E):
each player's umbrella is closed when the duel begins and public; a two-faced card reads the face
its player's umbrella shows for its Range, damage (6-2-1-8 to 6-2-1-10) and effects (6-2-1-7);
`umbrella: open|close|flip` turns it; "when you open / close your umbrella" resolve at the next
state-triggered resolution (5-5); the view shows both faces and the current one. Yukihi's printed
cards read the same way: "Closed: Range 4-5 ... Open: Range 1-2 ...", and "when you open/close the
umbrella, ..."."""

from __future__ import annotations

import pytest

from engine.core.errors import DataError
from engine.core.game import Deck
from engine.games.sakura_arms import SakuraArmsRules
from engine.games.sakura_arms.effects import attack_range, damage, make_card_attack
from engine.games.sakura_arms.state import AURA, DIST, SHADOW
from tests.sakura_arms.test_card_data import TWO_GODDESSES
from tts_bridge.assets.games import get_adapter
from tests.sakura_arms.scenario import (act, actions, clear_hand, enhancement, place, refused, resolve_attack,
                                        started, tokens)

RAIN = Deck("r", {"goddesses": ["shigure", "sora"],
                  "normal": ["shigure-n1", "shigure-n2", "shigure-n3", "shigure-n4", "shigure-n5", "shigure-n6",
                             "shigure-n7"],
                  "special": ["shigure-s1", "shigure-s2", "shigure-s3"]})


def rain_game(first: int = 0):
    return started(first=first, deck_a=RAIN)


def test_umbrella_starts_closed_and_is_shown_to_both_seats_for_its_player_only():
    """The umbrella is public and closed when the duel begins; a player with no two-faced card
    has none in the view."""
    game = rain_game()
    for seat in (0, 1):
        players = game.view(seat)["players"]
        assert players[0]["umbrella"] == "closed" and "umbrella" not in players[1]


def test_6_2_1_8_a_two_faced_card_shows_both_faces_and_the_current_one():
    """6-2-1-8 / 6-2-1-9: both faces' Ranges and damage are printed; the view marks the current face,
    for every seat that sees the card."""
    game = rain_game()
    thrust = place(game, 0, "shigure-n1", "played")
    for seat in (0, 1):
        card = next(c for c in game.view(seat)["players"][0]["played"] if c["id"] == thrust)
        assert card["umbrella"]["current"] == "closed"
        assert card["umbrella"]["faces"]["closed"]["range"] == [4, 5]
        assert card["umbrella"]["faces"]["closed"]["damage"] == "2/1"
        assert card["umbrella"]["faces"]["open"]["range"] == [1, 2]
        assert card["umbrella"]["faces"]["open"]["damage"] == "1/2"
    game.state.umbrella[0] = "open"
    game.state_changed()
    card = next(c for c in game.view(1)["players"][0]["played"] if c["id"] == thrust)
    assert card["umbrella"]["current"] == "open"


def test_9_2_1_i_a_two_faced_attack_uses_the_range_of_the_current_face():
    """9-2-1 i: the attack is made with the current face's Range; closed, Parasol Thrust reaches 4-5,
    open, 1-2 (and then its open face's After Attack closes the umbrella)."""
    game = rain_game()
    s = game.state
    thrust = place(game, 0, "shigure-n1", "hand")
    tokens(game, distance=4, aura=(3, 5))
    assert {"type": "use", "card": thrust} in actions(game)
    s.umbrella[0] = "open"
    game.state_changed()
    err = refused(game, 0, {"type": "use", "card": thrust}, "9-2-1 i")
    assert "[1, 2]" in err.message
    tokens(game, distance=2, aura=(3, 5))
    events = act(game, 0, {"type": "use", "card": thrust})
    attack = next(e for e in events if e["type"] == "attack")
    assert attack["range"] == [1, 2] and attack["damage"] == "1/2"
    events = resolve_attack(game)
    assert s.umbrella[0] == "closed"
    assert any(e["type"] == "umbrella" and e["state"] == "closed" for e in events)


def test_9_2_1_i_an_attack_already_made_keeps_its_values_when_the_umbrella_turns():
    """9-2-1 i: the «Attack» takes the card's Range and damage when it is created; turning the umbrella
    later changes the card, not that attack (our reading for a goddess rule the spec leaves out)."""
    game = rain_game()
    s = game.state
    thrust = place(game, 0, "shigure-n1", "hand")
    atk = make_card_attack(s, 0, thrust, "main", False)
    s.umbrella[0] = "open"
    assert sorted(attack_range(s, atk)) == [4, 5] and damage(s, atk) == (2, 1)
    assert sorted(attack_range(s, make_card_attack(s, 0, thrust, "main", False))) == [1, 2]


def test_6_2_1_7_a_two_faced_action_resolves_the_effects_of_its_current_face():
    """6-2-1-7: Turning Shade closed draws a card; open, it moves a token of the opponent's Aura."""
    game = rain_game()
    s = game.state
    clear_hand(game, 0)
    shade = place(game, 0, "shigure-n4", "hand")
    tokens(game, distance=6, aura=(3, 3))
    act(game, 0, {"type": "use", "card": shade})
    assert len(s.table.zone(0, "hand")) == 1 and s.tok[AURA[1]] == 3
    place(game, 0, "shigure-n4", "hand")
    s.umbrella[0] = "open"
    game.state_changed()
    act(game, 0, {"type": "use", "card": shade})
    assert s.tok[AURA[1]] == 2 and len(s.table.zone(0, "hand")) == 1


def test_6_2_1_7_unfurl_flips_the_umbrella_and_its_condition_reads_the_new_state():
    """The effect `umbrella: flip` opens a closed umbrella and closes an open one; the condition
    `umbrella: open` after it reads the state the flip left."""
    game = rain_game()
    s = game.state
    unfurl = place(game, 0, "shigure-n2", "hand")
    tokens(game, distance=6, aura=(2, 3))
    events = act(game, 0, {"type": "use", "card": unfurl})
    assert s.umbrella[0] == "open" and s.tok[DIST] == 5 and s.tok[AURA[0]] == 3
    assert {"type": "umbrella", "seat": 0, "state": "open", "rule": "6-2-1-7"} in events
    place(game, 0, "shigure-n2", "hand")
    act(game, 0, {"type": "use", "card": unfurl})
    assert s.umbrella[0] == "closed" and s.tok[DIST] == 7 and s.tok[AURA[0]] == 1


def test_5_5_when_you_close_your_umbrella_and_an_ongoing_effect_while_it_is_open():
    """Rain Canopy: while the umbrella is open its player's attacks get +1/+0 (an Ongoing effect with
    the condition `umbrella: open`); when the umbrella closes, its "when" effect resolves at the
    next state-triggered resolution (5-5): Shadow (1) -> Aura."""
    game = rain_game()
    s = game.state
    enhancement(game, 0, "shigure-n3", 2)
    thrust = place(game, 0, "shigure-n1", "hand")
    assert damage(s, make_card_attack(s, 0, thrust, "main", False)) == (2, 1)
    s.umbrella[0] = "open"
    assert damage(s, make_card_attack(s, 0, thrust, "main", False)) == (2, 2)  # the open face 1/2, +1/+0
    game.state_changed()
    unfurl = place(game, 0, "shigure-n2", "hand")
    tokens(game, distance=6, aura=(1, 3))
    shadow = s.tok[SHADOW]
    events = act(game, 0, {"type": "use", "card": unfurl})
    assert s.umbrella[0] == "closed" and any(e["type"] == "triggered" for e in events)
    # the trigger resolved at the state-triggered resolution right after the flip (Shadow 1 -> Aura:
    # 2), then Unfurl's closed branch moved the Aura's 2 tokens to the Distance
    assert s.tok[AURA[0]] == 0 and s.tok[SHADOW] == shadow - 1


def test_5_5_when_you_open_your_umbrella_only_a_change_triggers():
    """Web of Snares (used): "when you open your umbrella, draw 1"; opening an open umbrella changes
    nothing and triggers nothing."""
    game = rain_game()
    s = game.state
    place(game, 0, "shigure-s2", "special", used=True)
    clear_hand(game, 0)
    unfurl = place(game, 0, "shigure-n2", "hand")
    tokens(game, distance=6, aura=(2, 3))
    act(game, 0, {"type": "use", "card": unfurl})
    assert s.umbrella[0] == "open" and len(s.table.zone(0, "hand")) == 1  # drew 1
    snares = place(game, 0, "shigure-s2", "special")  # unused again: its own "open" finds it open
    tokens(game, distance=6, aura=(2, 3), flare=(1, 0))
    events = act(game, 0, {"type": "use", "card": snares})
    assert "umbrella_unchanged" in [e["type"] for e in events] and len(s.table.zone(0, "hand")) == 1


def test_6_2_1_8_a_faces_range_on_a_card_that_is_no_attack_is_refused_with_file_and_line(tmp_path):
    """Card data: each face is checked like the card (6-2-1-8: only Attack cards have a Range), and the
    problem names the file, the line and the face."""
    path = tmp_path / "cards.yaml"
    path.write_text(TWO_GODDESSES + """  - id: a-1
    goddess: a
    name: Two Faces
    category: normal
    type: action
    umbrella:
      closed: {on_use: [{draw: 1}]}
      open: {range: "1-2", on_use: [{umbrella: close}]}
  - id: a-2
    goddess: a
    name: Bad Face
    category: normal
    type: attack
    umbrella:
      closed: {range: "3-1", damage: "1/1"}
      open: {range: "1", damage: "2/2"}
""", encoding="utf-8")
    with pytest.raises(DataError) as exc:
        SakuraArmsRules.load_cards(path)
    text = "\n".join(exc.value.problems)
    assert f"{path}:12: cards.0.umbrella.open: only Attack cards have range and damage (6-2-1-8)" in text
    assert f"{path}:13: cards.1: bad Range part '3-1'" in text


def test_6_2_1_8_the_printed_card_shows_both_faces_range_and_damage():
    """The generated card face prints a two-faced Attack card's Range and damage for both faces,
    closed | open (6-2-1-8, 6-2-1-9)."""
    adapter = get_adapter("sakura-arms")
    cards = adapter.engine_cards()
    labels = [stat["label"] for stat in adapter.stats(cards["shigure-n1"])]
    assert labels == ["4-5 | 1-2", "2/1 | 1/2"]
    assert [stat["label"] for stat in adapter.stats(cards["sora-n1"])] == ["3-4", "3/1"]
