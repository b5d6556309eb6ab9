#!/usr/bin/env bash
# Makes sure Debian's Chromium is present for the Playwright tests (e2e/playwright.config.ts points at it), and
# poppler-utils' pdftotext, which the email report e2e reads the mailed PDF with (docs/email-reports.md).
# Silent when both are already installed; Playwright's own browser downloads are never used.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
PDFTOTEXT=/usr/bin/pdftotext

if [[ -x "$CHROMIUM" && -x "$PDFTOTEXT" ]]; then
  exit 0
fi

if [[ "$(id -u)" -ne 0 ]]; then
  echo "Chromium ($CHROMIUM) or pdftotext ($PDFTOTEXT) is missing. Install them with:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y chromium fonts-noto-core poppler-utils" >&2
  exit 1
fi

echo "Installing Chromium, fonts and poppler-utils with apt-get…" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium fonts-noto-core poppler-utils >/dev/null

if [[ ! -x "$CHROMIUM" || ! -x "$PDFTOTEXT" ]]; then
  echo "apt-get finished but $CHROMIUM or $PDFTOTEXT is still missing." >&2
  exit 1
fi
