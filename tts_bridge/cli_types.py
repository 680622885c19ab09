"""Option types shared by every command that talks to TTS."""

import click

# a TCP port: out-of-range values get click's one-line error (exit 2), never a bind() traceback
PORT = click.IntRange(0, 65535)


class SeedType(click.ParamType):
    """A game seed: a whole number (tests, demos; stretched into a key like any seed) or the
    64 hex digits a log or journal records (engine.core.rng)."""

    name = "SEED"

    def convert(self, value, param, ctx):
        from engine.core.rng import parse_seed

        if isinstance(value, int) and not isinstance(value, bool):  # a default given as a number
            return value
        try:
            return parse_seed(str(value))
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


SEED = SeedType()
