#!/usr/bin/env bash
# `make pi-check`: the Raspberry Pi's software stack on aarch64, emulated on a PC.
#
# Why: the Pi runs arm64 builds of Python, numpy and OpenCV (the versions in
# constraints/pi.txt); a PC only ever tests its own x86 builds. This builds an
# arm64 Debian bookworm root (what Raspberry Pi OS Bookworm is built from) with
# debootstrap, runs it through Debian's qemu-user-static (binfmt_misc), and
# inside it does what `make pi` does on a Pi (a venv that sees the system's
# python3-numpy, the pinned wheels from constraints/pi.txt), then plays
# `companion demo --no-server` and runs the vision tests.
#
# Only Debian's packages and the package registries are used. Needs root (apt,
# debootstrap, chroot, mounts) and a kernel that lets root register binfmt_misc
# handlers; where it cannot, it stops with the command that failed and why.
#
# The root is kept between runs (PI_CHECK_ROOT, default /var/tmp/companion-pi-check)
# so a re-run only copies the source and re-checks; `PI_CHECK_FRESH=1` builds it anew.
# PI_CHECK_TESTS picks the tests run inside (default: tests/vision), run by
# PI_CHECK_WORKERS pytest processes (default: one per core, as `-n auto`).
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
root="${PI_CHECK_ROOT:-/var/tmp/companion-pi-check}/bookworm-arm64"
tests="${PI_CHECK_TESTS:-tests/vision}"
workers="${PI_CHECK_WORKERS:-auto}"
suite=bookworm
# What the Pi's image has that `make pi` relies on: Python 3.11 with venv, and
# numpy from apt (picamera2 depends on it). make runs `make pi` itself.
packages=python3,python3-venv,python3-numpy,make,ca-certificates,poppler-utils
host_packages=(qemu-user-static binfmt-support debootstrap)

started=$(date +%s)
say() { printf '[pi-check %4ss] %s\n' "$(($(date +%s) - started))" "$*"; }
fail() {
  printf 'pi-check FAILED: %s\n' "$*" >&2
  exit 1
}

[ "$(id -u)" = 0 ] || fail "needs root (apt-get, debootstrap, chroot and mounts); run: sudo make pi-check"
case "$(uname -m)" in
  aarch64) fail "this machine is already aarch64: run 'make pi' and the tests directly" ;;
esac

# 1. The host's tools, from Debian.
missing=()
for p in "${host_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q --no-install-recommends "${missing[@]}" ||
    { apt-get update -q && apt-get install -y -q --no-install-recommends "${missing[@]}"; }
fi

# 2. The kernel runs aarch64 programs through qemu (binfmt_misc).
if [ ! -e /proc/sys/fs/binfmt_misc/status ]; then
  mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc ||
    fail "'mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc' failed: this kernel or sandbox gives no binfmt_misc, so aarch64 programs cannot run here"
fi
if ! grep -qs '^enabled' /proc/sys/fs/binfmt_misc/qemu-aarch64; then
  update-binfmts --enable qemu-aarch64 ||
    fail "'update-binfmts --enable qemu-aarch64' failed: qemu-user-static's aarch64 handler cannot be registered"
fi
grep -qs '^flags:.*F' /proc/sys/fs/binfmt_misc/qemu-aarch64 ||
  fail "the qemu-aarch64 handler lacks the F flag (/proc/sys/fs/binfmt_misc/qemu-aarch64): inside a chroot the interpreter would not be found"

# 3. The arm64 root, built once.
if [ "${PI_CHECK_FRESH:-0}" = 1 ] || [ ! -e "$root/.pi-check-ready" ]; then
  grep -qs " $root/" /proc/mounts && fail "something is still mounted under $root (see /proc/mounts); not removing it"
  rm -rf "$root"
  mkdir -p "$(dirname "$root")"
  say "building an arm64 Debian $suite root in $root (debootstrap; once, many minutes under emulation)"
  # No mirror named: debootstrap's own default for Debian.
  debootstrap --arch=arm64 --variant=minbase --include="$packages" "$suite" "$root" \
    >"$root.debootstrap.log" 2>&1 ||
    fail "'debootstrap --arch=arm64 $suite $root' failed; last lines of $root.debootstrap.log: $(tail -5 "$root.debootstrap.log")"
  touch "$root/.pi-check-ready"
fi
# A root kept from before poppler-utils was listed gets it (pdftoppm: the
# sticker sheet's true-size test).
if [ ! -x "$root/usr/bin/pdftoppm" ]; then
  say "adding poppler-utils to the kept root (apt-get under emulation)"
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  { chroot "$root" /usr/bin/apt-get update -q &&
    chroot "$root" /usr/bin/apt-get install -y -q --no-install-recommends poppler-utils; } \
    >"$root.apt.log" 2>&1 ||
    fail "'apt-get install poppler-utils' in $root failed; last lines of $root.apt.log: $(tail -5 "$root.apt.log")"
fi
arch=$(chroot "$root" /usr/bin/dpkg --print-architecture) ||
  fail "'chroot $root dpkg --print-architecture' failed: aarch64 programs do not run here"
[ "$arch" = arm64 ] || fail "the root says its architecture is '$arch', not arm64"
say "arm64 root ready: $(chroot "$root" /usr/bin/uname -m), $(chroot "$root" /usr/bin/python3 --version)"

# 4. This working tree (tracked and new files, not ignored ones) copied in; the
#    venv inside is kept between runs, as on a Pi that updates.
dest="$root/srv/companion"
mkdir -p "$dest"
find "$dest" -mindepth 1 -maxdepth 1 ! -name .venv -exec rm -rf {} +
(cd "$here" && git ls-files -z --cached --others --exclude-standard |
  xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
  tar --null -T - -cf -) | tar -xf - -C "$dest"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# pip inside trusts what this machine trusts (a network may sit behind its own CA).
host_ca=/etc/ssl/certs/ca-certificates.crt
[ -s "$host_ca" ] && cp "$host_ca" "$root/etc/ssl/certs/pi-check-host-ca.crt"

# The aarch64 wheels `make pi` installs, fetched by this machine's pip (TLS
# under emulation is slow, and some networks reset such slow handshakes): the
# project's dependencies at the versions in constraints/pi.txt, the build
# backend for `pip install -e .`, and pytest. Inside, pip reads only them.
wheels="$root/srv/wheels"
mkdir -p "$wheels"
pytest_pin=$(grep -s '^pytest==' "$here/constraints/pi.txt" || grep -s '^pytest==' "$here/constraints/lock.txt" || echo pytest)
# pytest-xdist: the emulated cores run the tests side by side.
xdist_pin=$(grep -s '^pytest-xdist==' "$here/constraints/pi.txt" || grep -s '^pytest-xdist==' "$here/constraints/lock.txt" || echo pytest-xdist)
mapfile -t wanted < <(python3 -c '
import sys, tomllib
project = tomllib.load(open(sys.argv[1], "rb"))
# hatchling asks for editables when it builds `pip install -e .`
print("\n".join([*project["project"]["dependencies"], *project["build-system"]["requires"], "editables"]))
' "$here/pyproject.toml")
say "fetching the aarch64 wheels (${#wanted[@]} requirements, $pytest_pin and $xdist_pin) into $wheels"
python3 -m pip download -q --disable-pip-version-check -d "$wheels" -c "$here/constraints/pi.txt" \
  --only-binary=:all: --implementation cp --python-version 3.11 --abi cp311 --abi abi3 --abi none \
  --platform manylinux2014_aarch64 --platform manylinux_2_17_aarch64 \
  --platform manylinux_2_28_aarch64 --platform any \
  "${wanted[@]}" "$pytest_pin" "$xdist_pin" ||
  fail "'pip download' of the aarch64 wheels failed (see above): the package registry was not reached or has no aarch64 wheel of a pinned version"

# 5. Inside, in a mount namespace of its own (the mounts go when it ends), with
#    a clean environment (none of this machine's pip or Python settings).
inside=$(
  cat <<EOF
set -eu
cd /srv/companion
export HOME=/root LC_ALL=C.UTF-8 PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_ROOT_USER_ACTION=ignore
# Only the wheels fetched above: no emulated TLS.
export PIP_NO_INDEX=1 PIP_FIND_LINKS=/srv/wheels
[ -s /etc/ssl/certs/pi-check-host-ca.crt ] && export PIP_CERT=/etc/ssl/certs/pi-check-host-ca.crt
t0=\$(date +%s)
echo "inside: \$(uname -m), \$(python3 --version), system numpy \$(python3 -c 'import numpy; print(numpy.__version__)')"
make pi PICAMERA=no
t1=\$(date +%s)
# pytest at the version the Pi's constraints or the PC's lock pin.
.venv/bin/python -m pip install -q -c constraints/pi.txt "$pytest_pin" "$xdist_pin"
.venv/bin/python -c 'import platform, numpy, cv2; print("venv:", platform.machine(), "numpy", numpy.__version__, "opencv", cv2.__version__)'
t2=\$(date +%s)
# The quick simulated player: the search would multiply the emulated time.
.venv/bin/companion demo --no-server --simulated casual > /tmp/demo.out
tail -n 1 /tmp/demo.out
t3=\$(date +%s)
.venv/bin/python -m pytest -q -p no:cacheprovider -n "$workers" $tests
t4=\$(date +%s)
echo "inside times: make pi \$((t1 - t0)) s, pytest install \$((t2 - t1)) s, demo \$((t3 - t2)) s, tests \$((t4 - t3)) s"
EOF
)
say "running make pi, companion demo --no-server and $tests ($workers pytest workers) on arm64"
set +e
unshare --mount --propagation private sh -c '
  set -e
  r="$1"; shift
  mount -t proc proc "$r/proc"
  mount --rbind /dev "$r/dev"
  mount -t tmpfs tmpfs "$r/tmp"
  exec env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    chroot "$r" /bin/bash -c "$1"
' sh "$root" "$inside"
status=$?
set -e
[ $status = 0 ] || fail "inside the arm64 root, exit status $status (after $(($(date +%s) - started)) s; the output above says which step)"
say "passed on arm64 (emulated) in $(($(date +%s) - started)) s"
