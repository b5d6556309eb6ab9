#!/usr/bin/env bash
# The browser suite (`npm run test:e2e`): builds, then runs the specs in LOUPE_E2E_SHARDS (default 2) Playwright
# processes at once, each a shard of the spec files with its own server, data directory, SMTP catcher, OpenID
# Connect provider and ports (LOUPE_E2E_PORT_BASE, default 3100, plus 100 per shard). One process against one
# server spent most of its time waiting on the server or the browser; two use both cores of a CI machine.
# Arguments (spec files, --grep …) run one process over what they select, as `playwright test` would.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-chromium.sh
npm run build

if [[ $# -gt 0 ]]; then
  exec npx playwright test -c e2e/playwright.config.ts "$@"
fi

shards=${LOUPE_E2E_SHARDS:-2}
base=${LOUPE_E2E_PORT_BASE:-3100}
pids=()
for ((shard = 1; shard <= shards; shard++)); do
  (
    set -o pipefail
    LOUPE_E2E_PORT_BASE=$((base + (shard - 1) * 100)) LOUPE_E2E_SHARD=$shard \
      npx playwright test -c e2e/playwright.config.ts --shard="$shard/$shards" 2>&1 |
      sed -u "s|^|[shard $shard/$shards] |"
  ) &
  pids+=($!)
done

status=0
for ((shard = 1; shard <= shards; shard++)); do
  if ! wait "${pids[shard - 1]}"; then
    echo "the browser suite's shard $shard/$shards failed" >&2
    status=1
  fi
done
exit $status
