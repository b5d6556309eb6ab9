#!/usr/bin/env bash
# Makes sure Debian's Chromium is present for the Playwright tests (e2e/playwright.config.ts points at it).
# Silent when it is already installed; Playwright's own browser downloads are never used.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [[ -x "$CHROMIUM" ]]; then
  exit 0
fi

if [[ "$(id -u)" -ne 0 ]]; then
  echo "Chromium is missing at $CHROMIUM. Install it with:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y chromium fonts-noto-core" >&2
  exit 1
fi

echo "Installing Chromium and fonts with apt-get…" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium fonts-noto-core >/dev/null

if [[ ! -x "$CHROMIUM" ]]; then
  echo "apt-get finished but $CHROMIUM is still missing." >&2
  exit 1
fi
