# Two commands for a fresh machine with python3 and make: `make play` and `make test`.
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test clean bench bench-quick

$(STAMP): requirements.txt pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m game play --map maps/default.tmx

test: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

clean:
	rm -rf $(VENV) .pytest_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

bench: $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-bench.txt
	$(PY) -m bench

bench-quick: $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-bench.txt
	$(PY) -m bench --quick
