# Tablelog: `make run` starts the service with demo data; `make test` runs the whole suite.
# Where DATABASE_URL / REDIS_URL are unset, both run on embedded servers and stop them when they
# end: `python -m config.embedded COMMAND` runs a command so (config/embedded.py).
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
EMBEDDED := $(BIN)/python -m config.embedded

.PHONY: install run test lint bench

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

install: $(BIN)/.installed

run: install
	$(BIN)/python -m config.devserver

test: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports  # the layering contract of pyproject.toml [tool.importlinter] (#16)
	$(EMBEDDED) $(BIN)/pytest

lint: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: install
	$(EMBEDDED) $(BIN)/python -m bench
