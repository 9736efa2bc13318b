#!/usr/bin/env bash
# Action step 2: install and build the action's own copy once; a cache hit (node_modules and dist restored) skips
# it. The build needs the dev dependencies (TypeScript); they are pruned afterwards so the cache holds only what runs.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f dist/src/cli/main.js ] && [ -d node_modules/commander ]; then
  echo "skillcheck: using the cached build"
  exit 0
fi
npm ci --no-audit --no-fund --loglevel=warn
npm prune --omit=dev --no-audit --no-fund --loglevel=warn
