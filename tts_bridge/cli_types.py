"""Option types shared by every command that talks to TTS."""

import click

# a TCP port: out-of-range values get click's one-line error (exit 2), never a bind() traceback
PORT = click.IntRange(0, 65535)
