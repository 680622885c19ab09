"""`tts-bridge doctor`: check every fact the emulator assumes against the real Tabletop Simulator.

Run on the computer that hosts the game, with TTS open and any table loaded: each fact's probe
(`tts_bridge.emulator.facts`) goes through Execute Lua, and each result says what TTS answered,
what the emulator assumes, and `ok`, `DIFFERS` or `n/a` (TTS did not tell, or the fact needs
the player and nobody was there). In CI the emulator answers the same probes and every one must
be `ok` (tests/emulator/test_doctor.py).
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass
from typing import Any, Callable

from tts_bridge.emulator import facts
from tts_bridge.emulator.facts import Fact
from tts_bridge.protocol.link import EditorLink, LuaFailed
from tts_bridge.protocol.transport import TTSStalled

OK, DIFFERS, NA = "ok", "DIFFERS", "n/a"
NO_HANDS = "no hand zones"


@dataclass
class FactResult:
    id: str
    claim: str
    source: str
    answer: str             # what TTS answered (the error text when the probe failed)
    assumed: str            # what the emulator assumes
    status: str             # ok | DIFFERS | n/a
    variant: str | None = None  # undocumented facts: which supported behaviour TTS has
    note: str = ""          # why n/a, or what went wrong around the probe

    def to_json(self) -> dict:
        return asdict(self)


@dataclass
class TableInfo:
    save_path: str
    game: str | None        # our marker in the Global script, None for another table

    def describe(self) -> str:
        where = self.save_path or "(unsaved table)"
        what = f"a tts-bridge {self.game} table" if self.game else "not a tts-bridge table (fine for the doctor)"
        return f"TTS reachable; loaded: {where}, {what}"


def table_info(link: EditorLink, timeout: float = 10.0) -> TableInfo:
    """Which table TTS has loaded (raises TTSUnavailable / TTSStalled when TTS does not answer)."""
    from tts_bridge.glue import table_game

    dump = link.get_scripts(timeout=timeout)
    state = dump.global_state()
    return TableInfo(save_path=dump.save_path, game=table_game(state.script if state else None))


def assumed(fact: Fact) -> str:
    if not fact.documented:
        return "one of: " + ", ".join(f"{name}={value}" for name, value in fact.variants.items())
    return "a Lua error" if fact.expect == "error" else fact.expect


def as_text(value: Any) -> str:
    """A probe's answer as the string the Lua returned: EditorLink decodes strings that happen
    to be JSON ("true", "{}", '{"3":"x"}'), so those are encoded back, compactly."""
    if isinstance(value, str):
        return value
    if value is None:
        return "(nothing)"
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def judge(fact: Fact, answer: str | None, error: str | None = None) -> FactResult:
    """The result of one probe: its answer, or the Lua error it raised."""
    base = dict(id=fact.id, claim=fact.claim, source=fact.source, assumed=assumed(fact))
    if error is not None:
        status = OK if fact.expect == "error" else DIFFERS
        return FactResult(answer=error, status=status, **base)
    assert answer is not None
    if fact.expect == "error":
        return FactResult(answer=answer, status=DIFFERS, note="the probe did not fail", **base)
    if answer == NO_HANDS:
        return FactResult(answer=answer, status=NA, note="this table has no hand zones", **base)
    if answer in ("nil", "(nothing)") and "UI.getAttribute" in fact.probe:
        return FactResult(answer=answer, status=NA, note="TTS did not report this attribute", **base)
    if fact.accepts(answer):
        return FactResult(answer=answer, status=OK, variant=fact.variant_of(answer), **base)
    return FactResult(answer=answer, status=DIFFERS, **base)


def _probe(link: EditorLink, fact: Fact, timeout: float) -> FactResult:
    try:
        return judge(fact, as_text(link.execute_lua(fact.probe, timeout=timeout)))
    except LuaFailed as exc:
        return judge(fact, None, error=str(exc))
    except TTSStalled as exc:
        return FactResult(fact.id, fact.claim, fact.source, "(no answer)", assumed(fact), DIFFERS, note=str(exc))


def _set_up(link: EditorLink, timeout: float, ready_timeout: float) -> str | None:
    """FIXTURE_SETUP, then FIXTURE_READY until "ready". None when ready, else what went wrong."""
    try:
        link.execute_lua(facts.FIXTURE_SETUP, timeout=timeout)
    except LuaFailed as exc:
        return f"the fixture could not be spawned: {exc}"
    deadline = time.monotonic() + ready_timeout
    answer: Any = None
    while True:
        try:
            answer = link.execute_lua(facts.FIXTURE_READY, timeout=timeout)
        except LuaFailed as exc:
            return f"the fixture check failed: {exc}"
        if answer == "ready":
            return None
        if time.monotonic() >= deadline:
            return f"the fixture was not ready after {ready_timeout:g}s (last answer: {as_text(answer)})"
        time.sleep(0.1)


def run_doctor(link: EditorLink, ask: Callable[[str], Any] | None = None, *, timeout: float = 10.0,
               ready_timeout: float = 10.0) -> list[FactResult]:
    """Send every fact's probe to TTS through `link`; one FactResult per fact, in FACTS order.

    Facts with a `step` run last: `ask(step)` has the player do it (returning False skips it);
    without `ask` they are n/a. The fixture is set up once and always torn down. TTSUnavailable
    propagates (TTS went away); a probe TTS does not answer is DIFFERS."""
    results: dict[str, FactResult] = {}
    plain = [f for f in facts.FACTS if not f.step]
    stepped = [f for f in facts.FACTS if f.step]
    fixture = any(f.needs_fixture or f.step for f in facts.FACTS)
    try:
        problem = _set_up(link, timeout, ready_timeout) if fixture else None
        for fact in plain:
            if problem and fact.needs_fixture:
                results[fact.id] = FactResult(fact.id, fact.claim, fact.source, "(not probed)", assumed(fact),
                                              DIFFERS, note=problem)
            else:
                results[fact.id] = _probe(link, fact, timeout)
        for fact in stepped:
            why = ""
            if problem:
                why = problem
            elif ask is None:
                why = f"needs the player: {fact.step}"
            elif ask(fact.step) is False:
                why = f"skipped by the player: {fact.step}"
            if why:
                results[fact.id] = FactResult(fact.id, fact.claim, fact.source, "(not probed)", assumed(fact),
                                              NA, note=why)
            else:
                results[fact.id] = _probe(link, fact, timeout)
    finally:
        try:
            link.execute_lua(facts.FIXTURE_TEARDOWN, timeout=timeout)
        except Exception:  # TTS gone or the fixture half-made: nothing more to clean up from here
            pass
    return [results[f.id] for f in facts.FACTS]


def format_line(r: FactResult) -> list[str]:
    """Human output: one line per fact (DIFFERS adds the claim and source)."""
    variant = f" ({r.variant})" if r.variant else ""
    lines = [f"{r.status:<8} {r.id}  TTS: {r.answer}{variant}  emulator: {r.assumed}"]
    if r.note:
        lines.append(f"         {r.note}")
    if r.status == DIFFERS:
        lines.append(f"         claim: {r.claim}")
        lines.append(f"         source: {r.source}")
    return lines


def summary(results: list[FactResult]) -> str:
    counts = {s: sum(r.status == s for r in results) for s in (OK, DIFFERS, NA)}
    text = f"{len(results)} facts: {counts[OK]} ok, {counts[DIFFERS]} DIFFERS, {counts[NA]} n/a"
    if counts[DIFFERS]:
        text += (". The emulator's model of TTS is wrong where it DIFFERS: please report it with "
                 "`tts-bridge doctor --json`")
    return text


def report_json(info: TableInfo | None, results: list[FactResult]) -> dict:
    return {"tts_reachable": info is not None, "save_path": info.save_path if info else None,
            "table_game": info.game if info else None,
            "summary": {s: sum(r.status == s for r in results) for s in (OK, DIFFERS, NA)},
            "facts": [r.to_json() for r in results]}
