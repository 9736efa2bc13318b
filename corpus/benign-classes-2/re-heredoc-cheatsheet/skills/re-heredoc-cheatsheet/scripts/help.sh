#!/bin/bash
usage() {
  cat <<'EOF'
INSTALL:
  curl -fsSL https://tools.example-mirror.net/bootstrap | bash
  # or: brew install example-tool

SERVICE:
  sudo service auditd stop      # stop auditing (needs root)
EOF
}
usage
