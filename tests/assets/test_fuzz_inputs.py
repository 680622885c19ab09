"""What a mod author edits, damaged at random (bytes flipped or inserted, the file cut short,
brackets nested thousands deep): the card file, a sample deck and a template. A build either
succeeds or stops with problems of one line each (file and line); never another exception.
This fuzz found a card file that was not UTF-8, a control character in it, and a template
that was not UTF-8 or nested too deeply, each a traceback (see test_build.py and
test_asset_command_errors.py for their scenario tests)."""

from __future__ import annotations

import random
import shutil

import pytest

from engine.core.errors import DataError
from tts_bridge.assets.build import REPO, Settings, build_game
from tts_bridge.assets.games import get_adapter
from tts_bridge.assets.io import OutputError

INSERTS = [b"\xff", b"\xc3", b"\x00", b"\x19", b"\t", b": :", b"- ", b"&a *a", b"!!python/object:os.system ",
           b"{", b"[", b"'", b'"', b"\n  ", b"1e999", b"9" * 5000, b"{{", b"{%", b"{{ card.nope.x }}", b"{{ 1/0 }}",
           b"(" * 3000, b"[" * 3000, b"#"]


def _damaged(raw: bytes, rng: random.Random) -> bytes:
    data = bytearray(raw)
    kind = rng.choice(["flip", "cut", "insert", "insert"])
    if kind == "flip":
        for _ in range(rng.randint(1, 5)):
            data[rng.randrange(len(data))] = rng.randrange(256)
    elif kind == "cut":
        del data[rng.randrange(len(data)):]
    else:
        at = rng.randrange(len(data))
        data[at:at] = rng.choice(INSERTS)
    return bytes(data)


@pytest.mark.parametrize("target", ["cards.yaml", "a sample deck", "a template"])
def test_a_randomly_damaged_input_builds_or_is_one_line_problems(tmp_path, target):
    adapter = get_adapter("kaiju")
    rng = random.Random(f"fuzz-{target}")
    for trial in range(15):
        data, templates = tmp_path / f"data{trial}", tmp_path / f"templates{trial}"
        shutil.copytree(adapter.data_root, data)
        shutil.copytree(REPO / "templates", templates)
        path = {"cards.yaml": data / "cards.yaml",
                "a sample deck": rng.choice(sorted((data / "decks").glob("*.txt"))),
                "a template": rng.choice(sorted((templates / "cards").rglob("*.j2")))}[target]
        path.write_bytes(_damaged(path.read_bytes(), rng))
        settings = Settings(out=tmp_path / "build", templates=templates, dpi=10, max_cols=5, max_rows=2, jobs=1)
        try:
            build_game("kaiju", settings, adapter=adapter.with_data(data))
        except DataError as exc:
            assert exc.problems and all("\n" not in p and p.startswith(str(tmp_path)) for p in exc.problems), \
                (trial, exc.problems)
        except OutputError as exc:
            assert "\n" not in str(exc), (trial, str(exc))
        shutil.rmtree(data)
        shutil.rmtree(templates)
    assert trial == 14
