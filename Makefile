# Two commands for a fresh machine with python3 and make: `make play` and `make test`.
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
EXTRAS_STAMP := $(VENV)/.installed-extras

.PHONY: play test clean bench bench-quick soak fuzz i18n

$(STAMP): requirements.txt pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

# Tests and benchmarks also get the reference libraries the bench measures the game against (pyscroll, tcod).
$(EXTRAS_STAMP): $(STAMP) requirements-bench.txt
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-bench.txt
	touch $(EXTRAS_STAMP)

play: $(STAMP)
	$(PY) -m game play --map maps/default.tmx

# The type checker (each ruleset against the Ruleset protocol, everything else against its hints) and the
# linter come first: a type or lint error fails the tests.
test: $(EXTRAS_STAMP)
	$(PY) -m ruff check game tests bench tools
	$(PY) -m mypy
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

clean:
	rm -rf $(VENV) .pytest_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

bench: $(EXTRAS_STAMP)
	$(PY) -m bench

bench-quick: $(EXTRAS_STAMP)
	$(PY) -m bench --quick

# Not part of CI: 1,000 headless computer-against-computer games, 200 on each of the five shipped maps (about
# ten minutes); any refused command or stalled game stops it with an error (docs/ai.md).
SOAK_GAMES := 200
soak: $(STAMP)
	@for map in maps/*.tmx; do \
		echo "soak: $$map"; \
		$(PY) -m game simulate --map $$map --games $(SOAK_GAMES) --seed 100000 --sides ai,ai || exit 1; \
	done

# Not part of CI: thousands of hostile maps, saves, records and settings files (tests/fuzz), seeded and
# reproducible (FUZZ_SEED); prints what each kind gave and exits 1 on any traceback, hang, file opened outside
# the allowed folders or edited save accepted. A seeded share of it runs in `make test` (tests/test_fuzz.py).
FUZZ_SEED := 1
fuzz: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m tests.fuzz --maps 5000 --saves 2000 --settings 200 --seed $(FUZZ_SEED)

# Translations (docs/i18n.md): extract every domain's messages into its .pot, merge them into each .po, and list
# any message with no translation or with placeholders that differ.
i18n: $(STAMP)
	$(PY) tools/i18n.py extract
	$(PY) tools/i18n.py check
