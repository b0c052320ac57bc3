#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (playwright-core never downloads a browser): install it when missing.
set -uo pipefail
[ -x /usr/bin/chromium ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "Installing Debian's chromium for the browser tests (apt-get)..."
if { $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q \
    && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; } >/dev/null \
  && [ -x /usr/bin/chromium ]; then
  exit 0
fi
echo "could not install chromium with apt-get; install it (apt-get install chromium) to run test/browser" >&2
exit 1
