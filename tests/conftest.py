"""The table saves `tts-bridge build` writes, built once per test process (low resolution), and
a per-file progress line for `make test`.

Under pytest-xdist (`make test` runs `pytest -n auto`) every worker is its own process with its
own session: `tmp_path_factory` gives each worker its own base folder (`.../popen-gwN/`), so
each worker builds the tables once into its own folder. Tests may rebuild into it (incremental
no-op builds rewrite the index and manifest), which would race if the workers shared one.
"""

from __future__ import annotations

import copy
import json
import os
from collections import Counter, defaultdict

import pytest


@pytest.fixture(scope="session")
def _built_tables(tmp_path_factory):
    """Every game's build (`tts-bridge build --all --out DIR --dpi 40`), once per worker."""
    from engine.core.registry import game_ids
    from tts_bridge.assets.build import Settings, build_games

    out = tmp_path_factory.mktemp(f"built-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}")
    build_games(list(game_ids()), Settings(out=out, dpi=40))
    return out


@pytest.fixture
def generated_save(_built_tables):
    """generated_save(game) -> a fresh copy of build/<game>/table/<game>-table.json."""
    cache: dict[str, dict] = {}

    def load(game_id: str) -> dict:
        if game_id not in cache:
            cache[game_id] = json.loads((_built_tables / game_id / "table" / f"{game_id}-table.json").read_text())
        return copy.deepcopy(cache[game_id])
    return load


class FileProgress:
    """`[ 12/117] tests/kaiju/test_fuzz.py  9 passed` as each test file finishes, so a long run
    shows where it is (the dots of passing tests are left out; failures still show)."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.expected: Counter[str] = Counter()
        self.finished: Counter[str] = Counter()
        self.outcomes: dict[str, Counter[str]] = defaultdict(Counter)
        self.worst: dict[str, str] = {}
        self.files_done = 0

    def count(self, nodeids: list[str]) -> None:
        if not self.expected:
            self.expected = Counter(n.split("::")[0] for n in nodeids)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.count([item.nodeid for item in session.items])  # after -k / -m deselection

    @pytest.hookimpl(tryfirst=True)
    def pytest_report_teststatus(self, report: pytest.TestReport):
        if report.when == "call" and report.passed and not hasattr(report, "wasxfail"):
            return "passed", "", "PASSED"
        return None

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        path = report.nodeid.split("::")[0]
        if report.failed:
            self.worst[report.nodeid] = "error" if report.when != "call" else "failed"
        elif report.skipped:
            self.worst.setdefault(report.nodeid, "skipped")
        if report.when != "teardown":
            return
        self.outcomes[path][self.worst.pop(report.nodeid, "passed")] += 1
        self.finished[path] += 1
        if self.expected and self.finished[path] == self.expected[path]:
            self.files_done += 1
            counts = ", ".join(f"{n} {outcome}" for outcome, n in sorted(self.outcomes[path].items()))
            width = len(str(len(self.expected)))
            reporter = self.config.pluginmanager.get_plugin("terminalreporter")
            if reporter is not None:
                reporter.ensure_newline()
                reporter.write_line(f"[{self.files_done:>{width}}/{len(self.expected)}] {path}  {counts}")


class XdistFileProgress(FileProgress):
    """The same under pytest-xdist, where the controller learns the tests from the workers."""

    def pytest_xdist_node_collection_finished(self, node, ids: list[str]) -> None:
        self.count(ids)


def pytest_configure(config: pytest.Config) -> None:
    if not config.option.collectonly and not os.environ.get("PYTEST_XDIST_WORKER"):  # workers only run tests
        xdist = hasattr(config.hook, "pytest_xdist_node_collection_finished")
        config.pluginmanager.register(XdistFileProgress(config) if xdist else FileProgress(config), "file-progress")
