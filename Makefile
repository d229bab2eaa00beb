# Chartroom: the two commands of the README.
#   make demo  -- set up and check the bundled Short Campaign (the main job)
#   make test  -- set up and run the whole test suite
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin

.PHONY: demo test setup setup-test browser bench clean

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

test: setup-test
	$(BIN)/python -m pytest

bench: setup-test
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) out .pytest_cache .hypothesis
