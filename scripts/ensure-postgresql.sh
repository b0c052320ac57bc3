#!/usr/bin/env bash
# The PostgreSQL tests start a private cluster of Debian's PostgreSQL (initdb, pg_ctl): install it when missing.
set -uo pipefail
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && exit 0
command -v initdb >/dev/null 2>&1 && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "Installing Debian's postgresql for the PostgreSQL tests (apt-get)..."
if { $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q \
    && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends postgresql; } >/dev/null \
  && ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  exit 0
fi
echo "could not install postgresql with apt-get; install it (apt-get install postgresql) to run test/postgres" >&2
exit 1
