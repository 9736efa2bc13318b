#!/bin/sh
# pre-commit entry point (`language: script` in .pre-commit-hooks.yaml): runs the CLI with no install step. A release
# tag holds dist/ and the production node_modules/ already built (scripts/prebuilt.mjs), so the first run starts in
# seconds. Any other commit has no build: it is made once, here in pre-commit's own clone of this repository.
set -e
here=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -f "$here/dist/cli.cjs" ] || [ ! -d "$here/node_modules/commander" ]; then
  echo "skillcheck: this commit has no prebuilt CLI (a release tag has one); building it once (npm ci)..." >&2
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error 1>&2)
fi
exec node "$here/bin/skillcheck.js" "$@"
