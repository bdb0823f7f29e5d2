# Two commands do everything on a fresh Debian machine:
#   make demo   installs what the companion needs and plays a simulated solo game
#   make test   installs what the tests need and runs ruff, mypy and pytest
# Both are safe to run again and fast when everything is already present.
# On the Raspberry Pi at the table:
#   make pi       a venv that sees Raspberry Pi OS's picamera2 (numpy 1.x), then a check
#   make service  installs and enables the systemd service (deploy/), asks for sudo
#   make flash    copies the firmware to a board on USB (mpremote), safe to run again

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT    := DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get
# Debian packages the tests talk to for real: an MQTT broker, a browser,
# openssl (it makes the test certificates for MQTT over TLS) and poppler
# (pdftoppm: checks that printed marker sheets come out true size) and strace
# (checks the game log is synced to disk before the companion acts on it) and
# systemd (systemd-analyze rates and checks the service's unit file).
SYSTEM_TEST_PACKAGES := mosquitto chromium openssl poppler-utils strace systemd
# Parallel test workers; CI machines have 2 cores.
PYTEST_WORKERS ?= auto

# Exact versions for a PC or CI (make lock rewrites it); the Pi's are in constraints/pi.txt.
LOCK := constraints/lock.txt
# The Pi camera needs Raspberry Pi OS's picamera2 (apt); on other machines
# `make pi PICAMERA=no` builds the same venv for a USB webcam.
PICAMERA ?= $(shell [ -e /etc/rpi-issue ] && echo yes || echo no)
PI_PACKAGES := python3-venv $(if $(filter yes,$(PICAMERA)),python3-picamera2)
# A venv made by `make pi` keeps the Pi's versions whatever target installs into it.
CONSTRAINTS := $(shell grep -qs '^include-system-site-packages = true' $(VENV)/pyvenv.cfg \
  && echo constraints/pi.txt || echo $(LOCK))

.PHONY: demo test lint typecheck pytest bench system-packages clean pi service lock flash test-pi

demo: $(BIN)/.installed-runtime
	@echo "A simulated solo game. To watch it on a phone on this network: make demo PACE=2"
	@echo "(2 seconds a step) or make demo STEP=1 (Enter, or 'Next step' on the table screen,"
	@echo "for each step), then scan the QR code printed below with the phone."
	$(BIN)/companion demo $(if $(PACE),--pace $(PACE)) $(if $(STEP),--step) $(if $(PACE)$(STEP),--linger 600)

test: system-packages $(BIN)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/pytest -n $(PYTEST_WORKERS)
	$(MAKE) --no-print-directory test-pi

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

$(BIN)/.installed-runtime: pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(BIN)/python -m pip install -q -c $(CONSTRAINTS) -e .
	touch $@

$(BIN)/.installed-dev: pyproject.toml $(CONSTRAINTS) | $(BIN)/python
	$(BIN)/python -m pip install -q -c $(CONSTRAINTS) -e '.[dev]'
	touch $@ $(BIN)/.installed-runtime

lock: $(BIN)/.installed-dev
	$(BIN)/python -m pip install -q -c $(LOCK) -e '.[board]'
	{ sed -n '1,3p' $(LOCK); $(BIN)/python -m pip freeze --exclude-editable; } > $(LOCK).new
	mv $(LOCK).new $(LOCK)

# The Raspberry Pi: the venv must see apt's python3-picamera2
# (--system-site-packages), and numpy must stay 1.x, which apt's picamera2 and
# simplejpeg are built against, with an OpenCV that has ArucoDetector
# (constraints/pi.txt). A venv made without system packages is made again.
pi:
	@missing=""; \
	for p in $(PI_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(APT) install -y -q --no-install-recommends $$missing || \
	  { $(APT) update -q && $(APT) install -y -q --no-install-recommends $$missing; }; \
	fi
	@if [ -e $(VENV)/pyvenv.cfg ] && ! grep -q '^include-system-site-packages = true' $(VENV)/pyvenv.cfg; then \
	  echo "Making $(VENV) again so that it sees the system's picamera2"; rm -rf $(VENV); fi
	[ -x $(BIN)/python ] || $(PYTHON) -m venv --system-site-packages $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -c constraints/pi.txt -e .
	touch $(BIN)/.installed-runtime
	$(BIN)/python -m companion.checks $(if $(filter yes,$(PICAMERA)),--picamera)

# The Pi's stack on aarch64, emulated on a PC (root; Debian's qemu-user-static
# and debootstrap): `make pi` inside an arm64 Debian bookworm root, then
# `companion demo --no-server` and the vision tests there (deploy/pi-check.sh).
# Too slow for CI (bench/RESULTS.md); PI_CHECK_ROOT, PI_CHECK_FRESH=1, PI_CHECK_TESTS=... adjust it.
.PHONY: pi-check
pi-check:
	deploy/pi-check.sh

# The Raspberry Pi's versions (constraints/pi.txt: numpy 1.26, OpenCV 4.11 and
# every runtime package at the version `make pi` installs) in a venv of their
# own: `make test` runs the engine, vision and server tests a second time
# there (492 tests: about 250 CPU s, about 2 minutes on CI's 2 cores, on top
# of the first run's; making the venv the first time, under a minute).
# The test tools come from $(LOCK), less what pi.txt pins. Left out, to stay
# well within CI's 15 minutes: the browser tests (-m 'not browser': every test
# that asks for Chromium is marked browser by tests/conftest.py, 93 in
# tests/server: they check the pages' JavaScript, the same whatever Python
# serves it; the server's Python is run by the other server tests, among them
# test_browser_start_api.py's 24, which drive no browser) and the firmware,
# sensor and companion tests. Of the engine's tests
# (843), only those that reach outside engine/ (PI_ENGINE_TESTS: the files that
# import the companion or another of this project's packages, 37 tests) and the
# check that engine/ imports the standard library and itself only
# (tests/engine/test_standard_library.py): an engine that imports no installed
# package runs the same on the same Python whatever pi.txt pins, and those 800
# tests would add 71 CPU seconds for nothing (77 s for tests/engine, 6 s for
# this subset; bench/RESULTS.md, "CI's time").
PI_VENV  := .venv-pi
PI_ENGINE_TESTS := tests/engine/test_standard_library.py $(shell grep -rlE '^\s*(from|import) \
  (tests\.)?(companion|vision|hardware|bench|firmware|deploy|server|sensors|support)\b' tests/engine | sort)
PI_TESTS := $(PI_ENGINE_TESTS) tests/vision tests/server -m 'not browser'
$(PI_VENV)/.installed: pyproject.toml constraints/pi.txt $(LOCK)
	[ -x $(PI_VENV)/bin/python ] || $(PYTHON) -m venv $(PI_VENV)
	$(PI_VENV)/bin/python -m pip install -q --upgrade pip
	awk -F'[=<>!~ ]' '{ n = tolower($$1); gsub(/[-_.]+/, "-", n) } \
	  NR == FNR { pi[n]; next } !(n in pi)' constraints/pi.txt $(LOCK) > $(PI_VENV)/tools.txt
	$(PI_VENV)/bin/python -m pip install -q -c constraints/pi.txt -c $(PI_VENV)/tools.txt -e '.[dev]'
	touch $@

test-pi: system-packages $(PI_VENV)/.installed
	@$(PI_VENV)/bin/python -c "import cv2, numpy; print('Second run, the Raspberry Pi versions' \
	  ' (constraints/pi.txt): numpy', numpy.__version__, 'OpenCV', cv2.__version__)"
	$(PI_VENV)/bin/pytest -n $(PYTEST_WORKERS) $(PI_TESTS)

# The sensor board on USB: BOARD=pico_w|esp32, PORT=/dev/ttyACM0 (default: found),
# MICROPYTHON=image.uf2|.bin to put MicroPython itself on it first.
BOARD ?= pico_w
PORT ?= auto
flash: $(BIN)/.installed-runtime
	$(BIN)/python -m pip install -q -c $(CONSTRAINTS) -e '.[board]'
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/python firmware/flash.py --board $(BOARD) --port $(PORT) \
	  $(if $(MICROPYTHON),--micropython $(MICROPYTHON))

service: $(BIN)/.installed-runtime
	$(SUDO) deploy/install-service.sh

clean:
	rm -rf $(VENV) $(PI_VENV) .mypy_cache .ruff_cache .pytest_cache test-output
