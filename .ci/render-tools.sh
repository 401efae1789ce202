#!/usr/bin/env bash
# Installs what reelkit/render and the tests that decode media need when it is missing:
# ffmpeg and ffprobe (built with libass, as Debian's are), the default font, DejaVu
# Sans, and Tesseract with its English data, which reads rendered captions back. Those
# tests never skip in CI, so a missing tool is installed here, not tolerated.
set -euo pipefail

log() { echo "render-tools.sh: $*" >&2; }

missing=()
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
command -v ffprobe >/dev/null 2>&1 || missing+=(ffmpeg)
[[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]] || missing+=(fonts-dejavu-core)
command -v tesseract >/dev/null 2>&1 || missing+=(tesseract-ocr)
tesseract --list-langs 2>/dev/null | grep -qx eng || missing+=(tesseract-ocr-eng)

if [[ ${#missing[@]} -eq 0 ]]; then
  log "ffmpeg, DejaVu Sans and Tesseract are installed: $(command -v ffmpeg)"
  exit 0
fi

sudo=""
if [[ "$(id -u)" -ne 0 ]]; then sudo="sudo"; fi
packages="$(printf '%s\n' "${missing[@]}" | sort -u | tr '\n' ' ')"
log "installing Debian's ${packages}"
$sudo apt-get update >&2
# shellcheck disable=SC2086 # the package list is split on purpose
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y --no-install-recommends $packages >&2
