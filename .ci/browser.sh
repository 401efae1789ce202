#!/usr/bin/env bash
# Installs the browser the timeline viewer's tests drive when it is missing: Debian's
# Chromium at /usr/bin/chromium, or checks the one REELKIT_TEST_CHROMIUM names. Those
# tests never skip in CI, so a missing browser is installed here, not tolerated.
set -euo pipefail

log() { echo "browser.sh: $*" >&2; }

chromium="${REELKIT_TEST_CHROMIUM:-/usr/bin/chromium}"
if [[ -x "$chromium" ]]; then
  log "Chromium is installed: $chromium"
  exit 0
fi
if [[ -n "${REELKIT_TEST_CHROMIUM:-}" ]]; then
  log "REELKIT_TEST_CHROMIUM names $chromium, which is not an executable"
  exit 1
fi

sudo=""
if [[ "$(id -u)" -ne 0 ]]; then sudo="sudo"; fi
log "installing Debian's chromium"
$sudo apt-get update >&2
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends chromium >&2
