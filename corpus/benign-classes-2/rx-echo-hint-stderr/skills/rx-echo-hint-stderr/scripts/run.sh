#!/bin/bash
set -e
if ! command -v uv >/dev/null 2>&1; then
    echo "Error: uv not found. Install with: curl -LsSf https://astral.sh/uv/install.sh | sh" >&2
    exit 1
fi
if ! command -v mise >/dev/null 2>&1; then
    echo "mise is missing: curl https://mise.run | sh" 1>&2
    exit 1
fi
uv run main.py
err()  { echo "  x $*"; ok=false; }
die() {
    printf '%s\n' "$*" >&2
    exit 1
}
command -v proto >/dev/null || err "proto missing. Install: curl -fsSL https://moonrepo.dev/install/proto.sh | bash"
command -v railway >/dev/null || die "railway missing: bash <(curl -fsSL railway.com/install.sh)"
