#!/usr/bin/env bash
# Installs what reelkit/local and its tests need when it is missing: flite (with t2p),
# espeak-ng, pocketsphinx and its US English model, all Debian's. Those tests never skip
# in CI, so a missing engine is installed here, not tolerated.
set -euo pipefail

log() { echo "speech-engines.sh: $*" >&2; }

missing=()
command -v flite >/dev/null 2>&1 || missing+=(flite)
command -v t2p >/dev/null 2>&1 || missing+=(flite)
command -v espeak-ng >/dev/null 2>&1 || missing+=(espeak-ng)
command -v pocketsphinx_continuous >/dev/null 2>&1 || missing+=(pocketsphinx)
[[ -f /usr/share/pocketsphinx/model/en-us/en-us/mdef ]] || missing+=(pocketsphinx-en-us)

if [[ ${#missing[@]} -eq 0 ]]; then
  log "flite, espeak-ng, pocketsphinx and its US English model are installed"
  exit 0
fi

sudo=""
if [[ "$(id -u)" -ne 0 ]]; then sudo="sudo"; fi
packages="$(printf '%s\n' "${missing[@]}" | sort -u | tr '\n' ' ')"
log "installing Debian's ${packages}"
$sudo apt-get update >&2
# shellcheck disable=SC2086 # the package list is split on purpose
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends $packages >&2
