#!/bin/sh
# Install the companion as a system service for this checkout and user:
#   sudo deploy/install-service.sh [USER]      (what `make service` runs)
# Writes /etc/systemd/system/amritsar.service with this folder and USER filled
# in, and /etc/amritsar/companion.toml and secrets.env only when they do not
# exist yet (so running it again keeps your settings). ROOT=/some/dir installs
# under that directory instead of / and skips systemctl (for a check).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
user=${1:-${SUDO_USER:-$(id -un)}}
root=${ROOT:-}
home=$(getent passwd "$user" | cut -d: -f6)
[ -n "$home" ] || { echo "no such user: $user" >&2; exit 2; }

mkdir -p "$root/etc/systemd/system" "$root/etc/amritsar"
sed -e "s|/home/pi/amritsar|$here|g" -e "s|/home/pi|$home|g" -e "s|^User=pi$|User=$user|" \
  "$here/deploy/amritsar.service" > "$root/etc/systemd/system/amritsar.service"
if [ ! -e "$root/etc/amritsar/companion.toml" ]; then
  sed -e "s|/home/pi/amritsar|$here|g" -e "s|/home/pi|$home|g" \
    "$here/deploy/companion.toml" > "$root/etc/amritsar/companion.toml"
  echo "Wrote $root/etc/amritsar/companion.toml: set the camera and the sensor link there (the players are chosen on the table screen)."
fi
if [ ! -e "$root/etc/amritsar/secrets.env" ]; then
  (umask 077 && grep -v '^AMRITSAR_MQTT_PASSWORD' "$here/deploy/secrets.env.example" \
    > "$root/etc/amritsar/secrets.env")
fi
games=$(sed -n -e 's/^games = "\([^"]*\)".*$/\1/p' -e 's/^log = "\(.*\)\/[^/]*".*$/\1/p' \
  "$root/etc/amritsar/companion.toml" | head -n 1)
if [ -n "$games" ] && [ -z "$root" ]; then
  install -d -o "$user" "$games"
fi
if [ -z "$root" ]; then
  systemctl daemon-reload
  systemctl enable amritsar.service
  echo "Installed. Start it with: sudo systemctl start amritsar; follow it with: journalctl -u amritsar -f"
fi
