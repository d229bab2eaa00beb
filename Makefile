# Chartroom: the two commands of the README.
#   make demo  -- set up and check the bundled Short Campaign (the main job)
#   make test  -- set up and run the whole test suite (make test-fast: without browser, PDF, pre-commit, site-build and benchmark tests)
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: demo test test-fast setup setup-test browser bench bench-page clean

$(BIN)/chartroom: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $@

setup: $(BIN)/chartroom

$(VENV)/.test-deps: pyproject.toml $(BIN)/chartroom
	$(BIN)/pip install --quiet -e '.[test,pdf]'
	touch $@

setup-test: $(VENV)/.test-deps

demo: setup
	$(BIN)/chartroom check scenarios/fire-in-the-sky/short-campaign.yaml

# One worker per CPU (pytest-xdist); a test file stays on one worker, so its browser or site is built once.
test: setup-test
	$(BIN)/python -m pytest -n auto --dist loadfile --no-loadscope-reorder

# The inner loop: every test but the browser, PDF, pre-commit, whole-site and benchmark ones (marks given in tests/conftest.py).
test-fast: setup-test
	$(BIN)/python -m pytest -n auto --dist loadfile --no-loadscope-reorder -m "not browser and not pdf and not precommit and not site and not bench"

# Every script in benchmarks/, one after the other (exit 1 when one fails). RUNS=N: N repetitions where a script takes a count.
bench: setup-test
	$(BIN)/python benchmarks/run.py $(if $(RUNS),--runs $(RUNS))

# The same run, and the site's benchmarks page written from it (dated, with the machine).
bench-page: setup-test
	$(BIN)/python benchmarks/run.py --page site/docs/benchmarks.md $(if $(RUNS),--runs $(RUNS))

clean:
	rm -rf $(VENV) out .pytest_cache .hypothesis
