# `make play` and `make test` work from a clean clone: they create .venv and install what they need.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play serve test bench bench-web lint clean install screenshots

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,dev]'
	touch $(STAMP)

install: $(STAMP)

play: $(STAMP)
	$(VENV)/bin/honeymoon play

serve: $(STAMP)
	$(VENV)/bin/honeymoon serve

test: $(STAMP)
	@if [ -x scripts/test-services.sh ]; then scripts/test-services.sh; fi
	$(PY) -m pytest --doctest-modules src tests

# The pictures in docs/: the terminal's (SVG) and the browser's (PNG, from the web tests).
screenshots: $(STAMP)
	@if [ -x scripts/test-services.sh ]; then scripts/test-services.sh; fi
	$(PY) scripts/make_screenshots.py docs/screenshots
	HONEYMOON_SCREENSHOTS=docs/screenshots $(PY) -m pytest -q tests/web -k "not accessibility"

bench: $(STAMP)
	$(PY) benchmarks/engine_speed.py
	$(PY) benchmarks/solver_speed.py

bench-web: $(STAMP)
	$(PY) benchmarks/web_load.py --games 300 --duration 60

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/mypy

clean:
	rm -rf $(VENV) build src/*.egg-info
