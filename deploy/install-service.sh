#!/bin/sh
# Install the companion as a system service for this checkout:
#   sudo deploy/install-service.sh [USER]      (what `make service` runs)
# The service runs as USER (default: amritsar, a system user made here when
# missing, with no login and /var/lib/amritsar as its home) in the groups that
# own the camera, the serial ports and the GPIO (video, dialout, gpio: those
# that exist). Writes /etc/systemd/system/amritsar.service with this folder
# and USER filled in, and /etc/amritsar/companion.toml and secrets.env only
# when they do not exist yet (so running it again keeps your settings). The
# game logs live in /var/lib/amritsar/games (the unit's StateDirectory); games
# of an older install kept in the home folder (which the service no longer
# sees) are copied there and companion.toml is pointed at them.
# ROOT=/some/dir installs under that directory instead of / and makes no user,
# copies no games and skips systemctl (for a check).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
user=${1:-amritsar}
root=${ROOT:-}
state=/var/lib/amritsar

if [ -z "$root" ] && ! getent passwd "$user" >/dev/null; then
  useradd --system --user-group --home-dir "$state" --no-create-home \
    --shell /usr/sbin/nologin --comment "Amritsar table companion" "$user"
  echo "Made the system user $user."
fi
if [ -z "$root" ]; then
  for group in video dialout gpio; do
    if getent group "$group" >/dev/null; then usermod -a -G "$group" "$user"; fi
  done
fi
group=$(id -gn "$user" 2>/dev/null || echo "$user")

mkdir -p "$root/etc/systemd/system" "$root/etc/amritsar"
sed -e "s|/home/pi/amritsar|$here|g" -e "s|^User=amritsar$|User=$user|" \
  -e "s|^Group=amritsar$|Group=$group|" \
  "$here/deploy/amritsar.service" > "$root/etc/systemd/system/amritsar.service"
if [ ! -e "$root/etc/amritsar/companion.toml" ]; then
  cp "$here/deploy/companion.toml" "$root/etc/amritsar/companion.toml"
  echo "Wrote $root/etc/amritsar/companion.toml: set the camera and the sensor link there (the players are chosen on the table screen)."
fi
if [ ! -e "$root/etc/amritsar/secrets.env" ]; then
  (umask 077 && grep -v '^AMRITSAR_MQTT_PASSWORD' "$here/deploy/secrets.env.example" \
    > "$root/etc/amritsar/secrets.env")
fi
# An older install kept its games in a home folder: the service sees only $state.
config="$root/etc/amritsar/companion.toml"
games=$(sed -n -e 's/^games = "\([^"]*\)".*$/\1/p' "$config" | head -n 1)
case "$games" in
  /home/*|/root/*)
    if [ -z "$root" ] && [ -d "$games" ]; then
      install -d -o "$user" -g "$group" -m 0750 "$state" "$state/games"
      cp -a "$games/." "$state/games/"
      chown -R "$user:$group" "$state/games"
      echo "Copied the game logs from $games to $state/games (the old folder is left as it was)."
    fi
    sed -i -e "s|^games = \"[^\"]*\"|games = \"$state/games\"|" "$config"
    echo "companion.toml: games = \"$state/games\" (the service cannot see home folders)."
    ;;
esac
if [ -z "$root" ]; then
  systemctl daemon-reload
  systemctl enable amritsar.service
  echo "Installed. Start it with: sudo systemctl start amritsar; follow it with: journalctl -u amritsar -f"
fi
