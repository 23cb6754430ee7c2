# One command plays, one command tests; each creates/updates its own virtual environment.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
export PYGAME_HIDE_SUPPORT_PROMPT := 1
# The suite on two worker processes, a test file each at a time (a file's tests share its
# fixtures); PYTEST_JOBS= runs it in one process.
PYTEST_JOBS ?= -n 2 --dist loadfile

.PHONY: play test lint typecheck dist bench bench-frames soak clean rules

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed")'
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[test,build]"
	@! $(PY) -m pip list 2>/dev/null | grep -E '^pygame ' || (echo "classic pygame is installed: remove it" && false)
	@touch $(STAMP)

play: $(STAMP)
	$(PY) main.py

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest $(PYTEST_JOBS)

lint: $(STAMP)
	$(PY) -m ruff check .

rules: $(STAMP)
	$(PY) -m game.ui.rulebook

typecheck: $(STAMP)
	$(PY) -m mypy

dist: $(STAMP)
	$(PY) -m PyInstaller --noconfirm --clean build.spec

bench: $(STAMP)
	$(PY) -m game.rules bench

# Frame times, idle CPU, start time and memory in a real X window (Xvfb when no display);
# compiled first, as a player's second start would be.
bench-frames: $(STAMP)
	$(PY) -m compileall -q game
	.ci/bench-frames $(PY) main.py

# Networked matches of every game on the loopback (SOAK_MATCHES of each, default 200):
# stalls, rejoins and the host's memory as JSON; exit 1 on a stall or a failed rejoin.
SOAK_MATCHES ?= 200
soak: $(STAMP)
	$(PY) -m game.net.soak --matches $(SOAK_MATCHES)

clean:
	rm -rf $(VENV) build dist
