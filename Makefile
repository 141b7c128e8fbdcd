# paibang — `make site` builds output/, `make test` runs the tests.
# Both set up everything first (system packages when possible, then .venv).

# The interpreter .venv is made with: the system's own when it is 3.11 or newer and can make a
# virtual environment, since distributions build it with profile-guided optimisation (a build
# of the 200-event archive took 4.4 s with Debian's 3.11, 4.9 s with pyenv's plain 3.11 build);
# else the first python3 on PATH.
PYTHON  ?= $(shell /usr/bin/python3 -c 'import ensurepip, sys; sys.exit(sys.version_info < (3, 11))' \
             2>/dev/null && echo /usr/bin/python3 || echo python3)
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
CONTENT ?= content
OUTPUT  ?= output
PORT    ?= 8000
# the machines have 2 cores; `make test PYTEST_JOBS=0` runs serially
PYTEST_JOBS ?= auto
PYTEST_ARGS ?=

.DEFAULT_GOAL := help
.PHONY: help system venv site lint test check serve clean fuzz audit

help:
	@echo "make site    set up and build $(OUTPUT)/ from $(CONTENT)/"
	@echo "make test    set up, lint, then run the tests"
	@echo "make lint    ruff over generator/, tests/ and bench/ (the rules: pyproject.toml's [tool.ruff])"
	@echo "make check   validate $(CONTENT)/ only"
	@echo "make fuzz    the big fuzzing run (>= 10,000 examples)"
	@echo "make audit   pip-audit of the pinned dependencies (needs the network)"
	@echo "make serve   build, serve on http://127.0.0.1:$(PORT)/, rebuild and reload on every change"
	@echo "make system  install system packages (fonts, HarfBuzz subset, poppler) if missing"
	@echo "make venv    create $(VENV) and install paibang (editable) with pinned dependencies"
	@echo "make clean   remove $(OUTPUT)/, caches and build leftovers (keeps $(VENV); rm -rf $(VENV) to redo it)"

system:
	@bash scripts/setup-system.sh

venv: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[test]'
	@touch $@

site: system venv
	$(BIN)/paibang build --content $(CONTENT) --output $(OUTPUT)

# Unused imports and variables, undefined names, syntax errors (under a second): before the
# suite, which a defect of that kind would otherwise cost minutes to reach, or pass unseen.
lint: venv
	$(BIN)/ruff check --quiet generator tests bench

test: system venv lint
	$(BIN)/python -m pytest -q -n $(PYTEST_JOBS) $(PYTEST_ARGS)

# The big fuzzing profile (>= 10,000 examples); the normal suite runs a small one.
fuzz: venv
	PAIBANG_FUZZ=1 $(BIN)/python -m pytest -q -p no:xdist -m fuzz tests/test_fuzz.py

# Known vulnerabilities in the pinned dependencies (needs the network; a separate venv so the
# auditor's own dependencies do not mix with the project's).
audit:
	test -x .venv-audit/bin/pip-audit || ($(PYTHON) -m venv .venv-audit && .venv-audit/bin/pip install --quiet pip-audit)
	.venv-audit/bin/pip-audit --strict --progress-spinner off -r constraints.txt

check: venv
	$(BIN)/paibang check --content $(CONTENT)

serve: system venv
	$(BIN)/paibang serve --content $(CONTENT) --output $(OUTPUT) --port $(PORT)

# paibang removes the site, its leftovers and .paibang-cache only where it made them (a folder that
# merely has the name, such as a backup output.old-2024, is the user's and stays).
clean:
	if test -x $(BIN)/paibang; then $(BIN)/paibang clean --output $(OUTPUT); fi
	rm -rf .venv-audit build dist *.egg-info .pytest_cache .hypothesis .ruff_cache
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
