#!/usr/bin/env bash
# Action step 1: decide whether setup-node is needed, check the job's Node otherwise, and compute the cache key
# of the built action (node_modules + dist), so the TypeScript build runs once per action version, not every run.
# Inputs (environment): SC_NODE_VERSION (the node-version input; empty: use the job's Node), GITHUB_OUTPUT.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${GITHUB_OUTPUT:-/dev/stdout}"

if [ -n "${SC_NODE_VERSION:-}" ]; then
  echo "setup-node=true" >> "$out"
  node_tag="$SC_NODE_VERSION"
else
  echo "setup-node=false" >> "$out"
  if ! command -v node >/dev/null 2>&1; then
    echo "::error title=skillcheck::no node on PATH; set the action's node-version input or run actions/setup-node first" >&2
    exit 2
  fi
  v="$(node -p 'process.versions.node')"
  IFS=. read -r major minor _ <<< "$v"
  # The versions that load the package (engines: ^20.19.0 || >=22.12.0).
  if ! { [ "$major" -eq 20 ] && [ "$minor" -ge 19 ]; } && ! { [ "$major" -eq 22 ] && [ "$minor" -ge 12 ]; } && ! [ "$major" -ge 23 ]; then
    echo "::error title=skillcheck::the job's Node.js is $v; skillcheck needs 20.19+ or 22.12+. Set the action's node-version input (e.g. 22)" >&2
    exit 2
  fi
  node_tag="$major"
fi

if command -v sha256sum >/dev/null 2>&1; then sum=(sha256sum); else sum=(shasum -a 256); fi
digest="$(find package.json package-lock.json tsconfig.json src rules scripts schemas -type f | LC_ALL=C sort | xargs "${sum[@]}" | "${sum[@]}" | cut -c1-40)"
echo "cache-key=skillcheck-action-${RUNNER_OS:-local}-node${node_tag}-${digest}" >> "$out"
