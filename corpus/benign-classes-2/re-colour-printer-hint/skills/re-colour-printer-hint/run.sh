#!/bin/bash
set -e
RED='\033[0;31m'
NC='\033[0m'

fail() {
    echo -e "${RED}[fail]${NC} $*" >&2
}

if ! command -v uv >/dev/null 2>&1; then
    fail "uv is missing. Install it with: curl -LsSf https://astral.sh/uv/install.sh | sh"
    exit 1
fi
uv run tool.py "$@"
