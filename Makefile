# Two commands do everything on a fresh Debian machine:
#   make demo   installs what the companion needs and plays a simulated solo game
#   make test   installs what the tests need and runs ruff, mypy and pytest
# Both are safe to run again and fast when everything is already present.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT    := DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get
# Debian packages the tests talk to for real: an MQTT broker, a browser,
# openssl (it makes the test certificates for MQTT over TLS) and poppler
# (pdftoppm: checks that printed marker sheets come out true size) and strace
# (checks the game log is synced to disk before the companion acts on it).
SYSTEM_TEST_PACKAGES := mosquitto chromium openssl poppler-utils strace
# Parallel test workers; CI machines have 2 cores.
PYTEST_WORKERS ?= auto

.PHONY: demo test lint typecheck pytest bench system-packages clean

demo: $(BIN)/.installed-runtime
	$(BIN)/companion demo

test: system-packages $(BIN)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest -n $(PYTEST_WORKERS)

lint: $(BIN)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(BIN)/.installed-dev
	$(BIN)/mypy

bench: $(BIN)/.installed-dev
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/sensor_fuzz.py
	$(BIN)/python bench/web.py
	$(BIN)/python bench/vision.py
	$(BIN)/python bench/reconcile.py
	$(BIN)/python bench/solo_strength.py --games 1000 --workers 2

# Install the Debian packages only when one of them is missing; refresh the
# package lists once if the first attempt fails (a fresh machine has none).
system-packages:
	@missing=""; \
	for p in $(SYSTEM_TEST_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(APT) install -y -q --no-install-recommends $$missing || \
	  { $(APT) update -q && $(APT) install -y -q --no-install-recommends $$missing; }; \
	fi

# The virtual environment; Debian ships venv separately (python3-venv).
$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || { \
	  $(APT) install -y -q python3-venv || { $(APT) update -q && $(APT) install -y -q python3-venv; }; \
	  rm -rf $(VENV); $(PYTHON) -m venv $(VENV); }
	$(BIN)/python -m pip install -q --upgrade pip

$(BIN)/.installed-runtime: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(BIN)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@ $(BIN)/.installed-runtime

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache test-output
