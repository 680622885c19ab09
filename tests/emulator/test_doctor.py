"""`tts-bridge doctor` against the emulator: the probes cover every fact in the registry, the
emulator answers each as its fact says (under every variant of the undocumented ones), a
behaviour changed in the emulator shows up as DIFFERS, and no TTS is one line and exit 2."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from tts_bridge.cli import main
from tts_bridge.doctor import DIFFERS, NA, OK, run_doctor
from tts_bridge.emulator import TTSEmulator, facts
from tts_bridge.emulator.peer import _Api
from tts_bridge.protocol.link import EditorLink
from tts_bridge.protocol.transport import free_port


UNDOCUMENTED = [(f.id, name) for f in facts.FACTS for name in f.variants]


class Emulated:
    """A bridge-side EditorLink wired to an emulator that has loaded `save`."""

    def __init__(self, save: dict, variants: dict[str, str] | None = None) -> None:
        self.link = EditorLink(listen_port=0, tts_port=1, retry_for=3.0).start()
        self.emu = TTSEmulator(editor_port=self.link.listen_port, seed=5, variants=variants)
        self.emu.load(save)
        self.link.sender.port = self.emu.tts_port
        self.steps: list[str] = []

    def ask(self, step: str) -> bool:
        """The player's part: the only step is a rewind (TTS checkpoints every few seconds)."""
        self.steps.append(step)
        assert "Rewind" in step
        self.emu.checkpoint()
        self.emu.rewind()
        return True

    def doctor(self, interactive: bool = True):
        return {r.id: r for r in run_doctor(self.link, self.ask if interactive else None, timeout=5.0)}

    def close(self) -> None:
        self.link.close()
        self.emu.close()


@pytest.fixture
def kaiju(generated_save):
    return generated_save("kaiju")


def _check_all_ok(results: dict) -> None:
    assert set(results) == {f.id for f in facts.FACTS}  # a probe for every fact in the registry
    wrong = {i: (r.status, r.answer) for i, r in results.items() if r.status != OK}
    assert wrong == {}


def test_the_emulator_answers_every_probe_as_its_fact_says(kaiju):
    t = Emulated(kaiju)
    try:
        results = t.doctor()
        _check_all_ok(results)
        assert t.steps == [f.step for f in facts.FACTS if f.step]
        defaults = facts.default_variants()
        for fact_id, name in defaults.items():
            assert results[fact_id].variant == name
        assert results["onload_reruns_on_rewind"].answer == "fresh"
        # the fixture is gone again: objects, Lua globals and the test panel
        assert t.emu.by_name("tts-bridge doctor") == []
        assert t.link.execute_lua("return tostring(__tb_doctor) .. tostring(__tb_doctor_mark)") == "nilnil"
        assert t.link.execute_lua('return tostring(UI.getAttribute("tb_doctor_text", "id"))') == "nil"
        assert t.emu.errors == []
    finally:
        t.close()


@pytest.mark.parametrize("fact_id,variant", UNDOCUMENTED, ids=[f"{f}={v}" for f, v in UNDOCUMENTED])
def test_every_variant_of_an_undocumented_fact_is_ok_and_named(kaiju, fact_id, variant):
    t = Emulated(kaiju, variants={fact_id: variant})
    try:
        results = t.doctor()
        _check_all_ok(results)
        assert results[fact_id].variant == variant
        assert results[fact_id].assumed.startswith("one of: ")
    finally:
        t.close()


def test_a_behaviour_the_emulator_changes_is_reported_as_differs(kaiju, monkeypatch):
    # getAllObjects() made to include hand zones, against API base.md
    monkeypatch.setattr(_Api, "all_objects", lambda self: self.vm.to_lua(
        [self.vm.obj(o.uid) for o in self.emu.live_objects()]))
    t = Emulated(kaiju)
    try:
        results = t.doctor()
        r = results["get_all_objects_skips_hands"]
        assert (r.status, r.answer, r.assumed) == (DIFFERS, "included", "excluded")
        assert [i for i, x in results.items() if x.status == DIFFERS] == [r.id]
    finally:
        t.close()


def test_without_a_player_the_rewind_fact_is_not_applicable(kaiju):
    t = Emulated(kaiju)
    try:
        r = t.doctor(interactive=False)["onload_reruns_on_rewind"]
        assert r.status == NA and r.note.startswith("needs the player: Rewind")
        assert t.steps == []
    finally:
        t.close()


def _doctor_cli(save: dict, *flags: str):
    """`tts-bridge doctor` run against an emulator that has loaded `save`."""
    listen = free_port()
    emu = TTSEmulator(editor_port=listen, seed=2)
    try:
        emu.load(save)
        return CliRunner().invoke(main, ["doctor", *flags, "--no-interactive", "--listen-port", str(listen),
                                         "--tts-port", str(emu.tts_port), "--timeout", "5"])
    finally:
        emu.close()


def test_the_command_reports_every_fact_as_json(kaiju):
    res = _doctor_cli(kaiju, "--json")
    report = json.loads(res.stdout)
    assert report["tts_reachable"] and report["table_game"] == "kaiju"
    statuses = {f["id"]: f["status"] for f in report["facts"]}
    assert set(statuses) == {f.id for f in facts.FACTS}
    assert statuses["onload_reruns_on_rewind"] == NA
    assert {i for i, s in statuses.items() if s == DIFFERS} == set()
    assert res.exit_code == 0  # nothing DIFFERS (1 when something does)
    for f in report["facts"]:
        assert set(f) == {"id", "claim", "source", "answer", "assumed", "status", "variant", "note"}


def test_the_command_prints_one_line_per_fact(kaiju):
    res = _doctor_cli(kaiju)
    lines = res.stdout.splitlines()
    assert lines[0].startswith("TTS reachable; loaded: ") and "kaiju" in lines[0]
    for fact in facts.FACTS:
        line = next(x for x in lines if x.split()[1:2] == [fact.id])
        assert line.split()[0] in (OK, DIFFERS, NA)
        assert "  TTS: " in line and "  emulator: " in line
    assert lines[-1].startswith(f"{len(facts.FACTS)} facts: ")


def test_the_command_with_no_tts_prints_one_line_and_exits_2():
    res = CliRunner().invoke(main, ["doctor", "--listen-port", "0", "--tts-port", str(free_port()),
                                    "--timeout", "0.5"])
    assert res.exit_code == 2
    assert len(res.output.strip().splitlines()) == 1
    assert "Start TTS" in res.output and "Traceback" not in res.output


@pytest.mark.parametrize("command", [["doctor"], ["serve", "--game", "kaiju"],
                                     ["import-deck", "kaiju", "deck.txt", "--live"]])
def test_a_port_out_of_range_is_one_line_and_exit_2(command):
    """Bad input never reaches bind(): a port must be 0-65535."""
    res = CliRunner().invoke(main, [*command, "--listen-port", "99999"])
    assert res.exit_code == 2
    assert "99999 is not in the range 0<=x<=65535" in res.output and "Traceback" not in res.output
