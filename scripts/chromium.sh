#!/usr/bin/env bash
# Debian's current Chromium for the browser tests (`make chromium`, before `make e2e` and
# `make bench`): installed when missing and upgraded when this machine keeps an older one than
# Debian offers, since a fresh machine (and a church member's phone) gets the current one and a
# pass on an old browser says nothing about it (issue 41). Prints the version the tests use.
# Without the package lists (no network), an installed Chromium is kept with a warning.
set -euo pipefail
have=$(dpkg-query -W -f='${Version}' chromium 2>/dev/null || true)
if ! timeout 180 apt-get update -qq >/dev/null 2>&1; then
  if [ -n "$have" ] && command -v chromium >/dev/null; then
    echo "chromium: WARNING: apt-get update failed; keeping this machine's $have, which may be older than Debian's current one"
    echo "chromium: $(chromium --version 2>/dev/null)"
    exit 0
  fi
  echo "chromium: apt-get update failed and Chromium is not installed"
  exit 1
fi
want=$(apt-cache policy chromium 2>/dev/null | awk '/Candidate:/ { print $2 }')
if [ -z "$want" ] || [ "$want" = "(none)" ]; then
  echo "chromium: Debian offers no chromium package here"
  exit 1
fi
if [ "$have" != "$want" ]; then
  echo "chromium: installing Debian's $want${have:+ (this machine had $have)}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
echo "chromium: $(chromium --version 2>/dev/null)"
