"""Random Fireplace (pure-Python Hearthstone) games, timed like `bench engine` times ours.

Run by the Python of a separate virtualenv that has Fireplace (never a dependency of ours):
`fireplace2==1.0.2 hearthstone==8.0.0 hearthstone_data==137922.1`. It imports nothing of
tts-bridge. It reads one JSON request per line on stdin, `{"games": N, "seed": S}`, plays N
random games and answers with one JSON line: decisions, the time spent deciding (every legal
option enumerated, then the chosen one applied: the same work a decision of ours does) and
the wall time of the games (setup included, the card database loaded once before). So
`bench engine --fireplace PYTHON` can interleave chunks of Fireplace games with chunks of ours.

Every decision lists every legal option of the player to move: each playable hand card with
each of its targets (and each of its Choose One cards), each attack with each target, the hero
power with each target, and ending the turn; Discover-style choices are decisions too. A game
stops at `game.ended` (Fireplace goes on acting on a finished game otherwise). A game Fireplace
itself fails in (a few per hundred: an open choice with no cards blocks the turn's end) stops
there; its decisions still count, and the failures are reported.
"""

from __future__ import annotations

import json
import os
import random
import sys
import time

MAX_DECISIONS = 5_000  # a game still running after this many decisions counts as unfinished


def options(player) -> list:
    """Every legal option of `player` now, as (kind, source, target, choose) tuples."""
    out: list = []
    if player.choice and player.choice.cards:
        return [("choose", card, None, None) for card in player.choice.cards]
    power = player.hero.power
    if power.is_usable():
        if power.requires_target():
            out.extend(("power", power, t, None) for t in power.targets)
        else:
            out.append(("power", power, None, None))
    for card in player.hand:
        if not card.is_playable():
            continue
        if card.must_choose_one:
            for choice in card.choose_cards:
                if not choice.is_playable():
                    continue
                if choice.requires_target():
                    out.extend(("play", card, t, choice) for t in choice.targets)
                else:
                    out.append(("play", card, None, choice))
        elif card.requires_target():
            out.extend(("play", card, t, None) for t in card.targets)
        else:
            out.append(("play", card, None, None))
    for character in player.characters:
        if character.can_attack():
            out.extend(("attack", character, t, None) for t in character.targets)
    out.append(("end", None, None, None))
    return out


def apply(game, player, option) -> None:
    kind, source, target, choose = option
    if kind == "choose":
        player.choice.choose(source)
    elif kind == "power":
        source.use(target=target)
    elif kind == "play":
        source.play(target=target, choose=choose)
    elif kind == "attack":
        source.attack(target)
    else:
        game.end_turn()


def new_game(rng: random.Random):
    from fireplace import cards
    from fireplace.game import Game
    from fireplace.player import Player
    from fireplace.utils import random_draft
    from hearthstone.enums import CardClass

    classes = [c for c in CardClass if c.is_playable and c.default_hero in cards.db]  # the classes it has
    heroes = [rng.choice(classes) for _ in range(2)]
    players = [Player(f"Player{i + 1}", random_draft(c), c.default_hero) for i, c in enumerate(heroes)]
    game = Game(players=players)
    game.start()
    return game


def to_move(game):
    """The player who decides now: one with an open choice (Discover), else the turn's player."""
    for player in game.players:
        if player.choice and player.choice.cards:
            return player
    return game.current_player


def play_one(rng: random.Random) -> tuple[int, int, str | None]:
    """One random game: (decisions, nanoseconds spent deciding, error or None)."""
    from fireplace.exceptions import GameOver

    clock = time.perf_counter_ns
    spent = decisions = 0
    game = new_game(rng)
    for player in game.players:  # the mulligan: one decision per player
        start = clock()
        cards = list(player.choice.cards)
        player.choice.choose(*rng.sample(cards, rng.randint(0, len(cards))))
        spent += clock() - start
        decisions += 1
    try:
        while not game.ended and decisions < MAX_DECISIONS:
            start = clock()
            player = to_move(game)
            legal = options(player)
            apply(game, player, rng.choice(legal))
            spent += clock() - start
            decisions += 1
    except GameOver:
        pass
    except Exception as exc:  # a Fireplace failure ends that game; it is counted, not raised
        return decisions, spent, f"{type(exc).__name__}: {exc}"
    return decisions, spent, None if game.ended else f"unfinished after {MAX_DECISIONS} decisions"


def run(games: int, seed: int) -> dict:
    decisions = spent = errors = 0
    first_error = None
    start = time.perf_counter()
    for i in range(games):
        random.seed(seed + i)  # Fireplace draws its own randomness from the module's generator
        played, ns, error = play_one(random.Random(seed + i))
        decisions += played
        spent += ns
        errors += error is not None
        first_error = first_error or (error and f"game seed {seed + i}: {error}")
    return {"games": games, "decisions": decisions, "decision_ns": spent, "errors": errors,
            "wall_s": time.perf_counter() - start, "first_error": first_error}


def main() -> None:
    import logging

    from fireplace import cards

    logging.disable(logging.CRITICAL)  # Fireplace logs every action at INFO
    answers = sys.stdout
    sys.stdout = open(os.devnull, "w")  # and prints some of its own debugging: not to our answers
    cards.db.initialize()
    answers.write(json.dumps({"ready": True}) + "\n")
    answers.flush()
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        answers.write(json.dumps(run(int(request["games"]), int(request.get("seed", 0)))) + "\n")
        answers.flush()


if __name__ == "__main__":
    main()
