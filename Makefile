# Two commands for a fresh machine with python3 and make: `make play` and `make test`.
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
EXTRAS_STAMP := $(VENV)/.installed-extras

.PHONY: play test clean bench bench-quick

$(STAMP): requirements.txt pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

# Tests and benchmarks also get the reference libraries (pyscroll, tcod), so the optional tcod
# accelerator is tested against the game's own search.
$(EXTRAS_STAMP): $(STAMP) requirements-bench.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-bench.txt
	touch $(EXTRAS_STAMP)

play: $(STAMP)
	$(PY) -m game play --map maps/default.tmx

test: $(EXTRAS_STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

clean:
	rm -rf $(VENV) .pytest_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

bench: $(EXTRAS_STAMP)
	$(PY) -m bench

bench-quick: $(EXTRAS_STAMP)
	$(PY) -m bench --quick
