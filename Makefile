# wordtable: `make run` sets everything up and starts the demo; `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint format system-packages test-packages venv data bench clean hardware

run: venv
	@echo "wordtable: starting the dashboard on the demo table (Ctrl-C stops it)"
	$(BIN)/wordtable serve --demo

test: venv hardware test-packages
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest

lint: venv
	$(BIN)/ruff check .
	$(BIN)/mypy

format: venv
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

system-packages:
	@scripts/install-system-packages.sh

test-packages:
	@scripts/install-system-packages.sh system-packages-test.txt

# The virtual environment is rebuilt when pyproject.toml changes.
venv: system-packages $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "wordtable needs Python 3.11 or newer"; exit 1; }
	@echo "wordtable: first set-up: making .venv and installing wordtable with its test tools (a few minutes)"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@echo "wordtable: installed"
	@touch $@

# Regenerate the vendored word data from the Debian packages (see docs/dictionary.md).
data: venv test-packages
	$(BIN)/python scripts/make_wordlists.py
	$(BIN)/python scripts/export_wordnet.py
	$(BIN)/python scripts/export_gcide.py

# The buzzer box firmware and its simavr harness (hardware/Makefile).
hardware: system-packages
	$(MAKE) -C hardware all

bench: venv
	$(BIN)/python benchmarks/solver.py
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/dicewords.py
	$(MAKE) -C hardware all && $(BIN)/python benchmarks/buzzers.py
	$(BIN)/python benchmarks/vision.py
	$(BIN)/python benchmarks/dashboard.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
