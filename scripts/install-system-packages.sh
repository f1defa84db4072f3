#!/usr/bin/env bash
# Install the Debian/Ubuntu packages listed in system-packages.txt (or the list given as the first
# argument: system-packages-test.txt) that are not installed yet.
# Uses sudo when not root. Does nothing (and needs no network) when everything is there.
set -euo pipefail
cd "$(dirname "$0")/.."
list="${1:-system-packages.txt}"
mapfile -t wanted < <(grep -v '^\s*#' "$list" | grep -v '^\s*$')
missing=()
for pkg in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null; then
  echo "missing system packages: ${missing[*]} (this is not a Debian/Ubuntu machine: install them by hand)" >&2
  exit 1
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing system packages: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null
