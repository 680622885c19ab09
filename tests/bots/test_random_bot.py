"""The random bot draws its option index without `randrange`'s argument checks: the index and
the random stream after it must be exactly what `random.Random.randrange` gives, or every
seeded self-play game, benchmark and fuzz run would play differently."""

from __future__ import annotations

import random

import pytest

from engine.bots.random_bot import RandomBot
from engine.core.requests import Option, Request


@pytest.mark.parametrize("seed", [0, 1, 7, 12345])
def test_the_index_and_the_stream_after_it_are_randranges(seed):
    bot, reference = RandomBot(seed), random.Random(seed)
    sizes = [1, 2, 3, 5, 7, 8, 9, 16, 17, 31, 100, 255, 256, 1000, 1 << 20]
    for _ in range(50):
        for n in sizes:
            assert bot.index_below(n) == reference.randrange(n)
    assert bot._random.getstate() == reference.getstate()


def test_a_choice_is_the_option_at_randranges_index():
    options = [Option(f"o{i}", {"type": "pick", "i": i}) for i in range(13)]
    request = Request(0, "main", "pick", options)
    bot, reference = RandomBot(3), random.Random(3)
    for _ in range(200):
        assert bot.choose(request) is options[reference.randrange(len(options))].action


def test_no_option_raises_as_randrange_does():
    with pytest.raises(ValueError):
        RandomBot(1).index_below(0)
