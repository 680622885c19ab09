"""Issue 17, "A torn journal line makes the game unresumable": only a final line without its
newline is a torn write and it is cut off before the next record; any other damage is one
JournalError naming the file and line, and resume offers the last good decision. SIGKILL at
random points, then resume: the resumed state hash is always the last journaled one."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.core.game import Game
from engine.core.registry import get_rules
from tts_bridge.session.journal import JOURNAL_VERSION, Journal, JournalError
from tts_bridge.session.runner import _resume

ROOT = Path(__file__).resolve().parents[2]
RULES = get_rules("kaiju")
TRIALS = 10


def played_journal(directory: Path, decisions: int = 12, seed: int = 5, sid: str = "s1") -> tuple[Game, Path]:
    game = Game(RULES, seed=seed)
    journal = Journal.create(directory, sid, game, ["White", "Red"])
    bot = random.Random(seed)
    for _ in range(decisions):
        request = game.pending()
        option = bot.choice(request.options)
        game.act(request.seat, option.action)
        journal.append(len(game.decisions), request.seat, option.action, game.hashes[-1])
    journal.close()
    return game, journal.path


def resume_and_play_one(path: Path, upto: int | None = None) -> Game:
    """What `serve --resume` does with the journal, then one more decision appended (unless
    the game is over); `resumed_hash` is the state right after the replay."""
    game, journal, _ = _resume("kaiju", path, path.stem, None, upto)
    game.resumed_hash = game.state_hash()
    request = game.pending()
    if request is not None:
        game.act(request.seat, request.options[0].action)
        journal.append(len(game.decisions), request.seat, request.options[0].action, game.hashes[-1])
    journal.close()
    return game


def test_a_torn_tail_is_cut_off_so_the_next_resume_still_works(tmp_path):
    game, path = played_journal(tmp_path)
    data = path.read_bytes()
    lines = data.split(b"\n")
    rng = random.Random(1)
    for trial in range(8):
        cut = len(data) - rng.randint(1, len(lines[-2]))  # inside the last record: it loses its end
        path.write_bytes(data[:cut])
        resumed = resume_and_play_one(path)
        header, decisions = Journal.read(path)  # the next resume reads the whole journal again
        assert len(decisions) == len(game.decisions)  # decision 12 was torn, a new 12th appended
        assert Journal.replay(RULES, header, decisions).hashes == resumed.hashes
        assert path.read_bytes().endswith(b"\n") and b"\n\n" not in path.read_bytes()
    assert trial == 7


def test_damage_before_the_last_line_names_file_and_line_and_offers_the_last_good_decision(tmp_path):
    game, path = played_journal(tmp_path)
    lines = path.read_text().split("\n")
    lines[5] = lines[5][:-3] + "}"  # decision 5 (line 6) damaged, with its newline intact
    path.write_text("\n".join(lines))
    with pytest.raises(JournalError) as err:
        _resume("kaiju", path, "s1", None, None)
    text = str(err.value)
    assert f"{path}:6:" in text and "--resume-upto 4" in text and "\n" not in text
    assert err.value.good == 4
    resumed = resume_and_play_one(path, upto=4)
    assert resumed.hashes[:4] == game.hashes[:4] and len(resumed.decisions) == 5
    header, decisions = Journal.read(path)
    assert len(decisions) == 5 and Journal.replay(RULES, header, decisions).hashes == resumed.hashes
    assert [p.name for p in tmp_path.iterdir() if ".damaged-" in p.name]  # the damaged journal is kept


@pytest.mark.parametrize("mangle, says", [
    (lambda r: [1, 2, 3], "expected a decision object"),
    (lambda r: {**r, "n": True}, "expected decision 3"),
    (lambda r: {**r, "seat": "0"}, "integer seat"),
    (lambda r: {k: v for k, v in r.items() if k != "hash"}, "integer seat, an action object and a hash"),
    (lambda r: {**r, "action": {**r["action"], "type": "nonsense"}}, "refused on replay"),
    (lambda r: {**r, "hash": "0" * 24}, "replays to state"),
])
def test_a_line_of_the_wrong_shape_is_one_journal_error_naming_its_line(tmp_path, mangle, says):
    _, path = played_journal(tmp_path, decisions=6)
    lines = path.read_text().split("\n")
    lines[3] = json.dumps(mangle(json.loads(lines[3])))
    path.write_text("\n".join(lines))
    with pytest.raises(JournalError) as err:
        _resume("kaiju", path, "s1", None, None)
    assert f"{path}:4:" in str(err.value) and says in str(err.value)
    assert err.value.good == 2


def test_a_journal_of_the_old_version_is_refused_in_one_line_naming_it(tmp_path):
    _, path = played_journal(tmp_path, decisions=2)
    lines = path.read_text().split("\n")
    header = json.loads(lines[0])
    header["journal"] = 1
    del header["rng"]
    header["seed"] = 5
    lines[0] = json.dumps(header)
    path.write_text("\n".join(lines))
    with pytest.raises(JournalError) as err:
        Journal.read(path)
    text = str(err.value)
    assert "journal version 1" in text and f"version {JOURNAL_VERSION}" in text and "mt19937" in text


class Crash(BaseException):
    """The process dying at that call (BaseException: nothing on the way catches it)."""


def _crash(*args, **kwargs):
    raise Crash


# Every call through which creating or rewriting a journal touches the disk (what it writes,
# the fsyncs, the renames): a crash at each must leave no journal or a whole one.
CRASH_POINTS = ["json.dumps", "os.fsync", "os.link", "os.replace", "os.open", "shutil.copy2"]


def _journals_are_whole(directory: Path) -> list[Path]:
    paths = sorted(directory.glob("*.jsonl"))
    for path in paths:
        Journal.scan(path)  # raises "missing the session header" on an empty or torn one
    return paths


@pytest.mark.parametrize("point", CRASH_POINTS)
def test_a_crash_while_creating_a_journal_leaves_no_journal_or_a_whole_one(tmp_path, monkeypatch, point):
    """The CI run of 2026-12-08 SIGKILLed the writer between a journal's creation and its
    header: the empty file could not be resumed. A crash at each point of `create` now leaves
    either nothing to resume (the session never started) or a journal with its whole header."""
    module, name = point.split(".")
    with monkeypatch.context() as patched:
        patched.setattr(__import__(module), name, _crash)
        try:
            Journal.create(tmp_path, "s1", Game(RULES, seed=3), ["White", "Red"])
        except Crash:
            pass
    for path in _journals_are_whole(tmp_path):
        resume_and_play_one(path)
    if not (tmp_path / "s1.jsonl").exists():  # nothing was left in the way of starting it again
        Journal.create(tmp_path, "s1", Game(RULES, seed=3), ["White", "Red"]).close()
        assert Journal.scan(tmp_path / "s1.jsonl").header["seed"] == Game(RULES, seed=3).seed


@pytest.mark.parametrize("point", CRASH_POINTS)
def test_a_crash_while_rewriting_a_damaged_journal_keeps_the_journal_resumable(tmp_path, monkeypatch, point):
    """`--resume-upto` rewrites a damaged journal with its intact decisions: a crash at any
    point of that leaves the old journal (still resumable up to the same decision) or the new one."""
    game, path = played_journal(tmp_path)
    lines = path.read_text().split("\n")
    lines[5] = lines[5][:-3] + "}"  # decision 5 damaged: decisions 1-4 are intact
    path.write_text("\n".join(lines))
    contents = Journal.scan(path, 4)
    module, name = point.split(".")
    with monkeypatch.context() as patched:
        patched.setattr(__import__(module), name, _crash)
        try:
            Journal.keep_first(path, contents, 4)
        except Crash:
            pass
    assert path.exists()
    resumed = resume_and_play_one(path, upto=4)
    assert resumed.hashes[:4] == game.hashes[:4] and len(resumed.decisions) == 5
    if point == "json.dumps":
        return  # not a disk call
    if point == "os.link":
        return  # a rewrite renames: it makes no link

    def disk_full(*args, **kwargs):
        raise OSError(28, "No space left on device")
    with monkeypatch.context() as patched:  # and a disk error there is one JournalError, not a traceback
        patched.setattr(__import__(module), name, disk_full)
        with pytest.raises(JournalError) as err:
            Journal.keep_first(path, contents, 4)
    assert "No space left on device" in str(err.value) and "\n" not in str(err.value)


def test_a_journal_that_cannot_be_written_is_one_journal_error_naming_it(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(JournalError) as err:
        Journal.create(blocker / "sessions", "s1", Game(RULES, seed=3), ["White", "Red"])
    assert str(err.value) == f"{blocker / 'sessions' / 's1.jsonl'}: cannot write the session journal (Not a directory)"
    Journal.create(tmp_path, "s1", Game(RULES, seed=3), ["White", "Red"]).close()
    first = (tmp_path / "s1.jsonl").read_bytes()
    with pytest.raises(JournalError, match="a session with this id already exists"):
        Journal.create(tmp_path, "s1", Game(RULES, seed=4), ["White", "Red"])
    assert (tmp_path / "s1.jsonl").read_bytes() == first  # never overwritten


def test_sigkill_at_random_points_then_resume_gives_the_last_journaled_hash(tmp_path):
    rng = random.Random()  # random points, a different set every run
    for trial in range(TRIALS):
        directory = tmp_path / str(trial)
        short = ["2"] if trial % 2 else []  # every other trial a new journal each 2 decisions: kills in create
        writer = subprocess.Popen([sys.executable, "-m", "tests.adversarial.journal_writer", str(directory),
                                   f"kill{trial}", str(trial), *short], cwd=ROOT, stdout=subprocess.PIPE, text=True)
        try:
            ready = writer.stdout.readline()
            assert ready.startswith("ready "), ready
            time.sleep(rng.uniform(0.0, 0.25))
        finally:
            writer.send_signal(signal.SIGKILL)
            writer.wait(10)
        for path in sorted(directory.glob("*.jsonl")):
            contents = Journal.scan(path)
            resumed = resume_and_play_one(path)
            expected = contents.decisions[-1]["hash"] if contents.decisions else Game(RULES, seed=trial).state_hash()
            assert resumed.resumed_hash == expected
            header, decisions = Journal.read(path)
            assert Journal.replay(RULES, header, decisions).hashes == resumed.hashes
    assert trial == TRIALS - 1


def test_a_journal_that_cannot_be_read_or_appended_to_is_one_journal_error(tmp_path, monkeypatch):
    """Both were OSError tracebacks from `serve --resume` (which reports JournalErrors in one line)."""
    folder = tmp_path / "s9.jsonl"
    folder.mkdir()  # a folder where the journal should be
    with pytest.raises(JournalError, match=r"s9\.jsonl: cannot be read \("):
        Journal.scan(folder)
    _, path = played_journal(tmp_path, decisions=3)
    contents = Journal.scan(path)
    real_open = open

    def read_only(file, mode="r", *args, **kwargs):
        if str(file) == str(path) and mode != "rb":
            raise PermissionError(13, "Permission denied")
        return real_open(file, mode, *args, **kwargs)
    monkeypatch.setattr("builtins.open", read_only)
    with pytest.raises(JournalError, match="cannot be written to continue the session .Permission denied."):
        Journal.open_for_append(path, contents)
