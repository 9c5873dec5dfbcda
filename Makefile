# Tablelog: `make run` starts the service with demo data; `make test` runs the whole suite.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin

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
	$(BIN)/pytest

lint: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: install
	$(BIN)/python -m bench
