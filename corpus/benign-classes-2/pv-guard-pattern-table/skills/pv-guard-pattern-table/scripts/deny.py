import json
import re
import sys

TABLE = [
    (r'\bchmod\s+(-R\s+)?777\s+/', 'World-writable system folder (chmod 777 /opt)'),
    (r'\bchmod\s+-R\s+[0-7]{3,4}\s+/',
     'Recursive mode change on a system folder (e.g. chmod -R 777 /usr)'),
]

def main():
    cmd = json.load(sys.stdin).get("tool_input", {}).get("command", "")
    with open("templates/deny.json", encoding="utf-8") as f:
        extra = [(r["pattern"], r["description"]) for r in json.load(f)["rules"]]
    for pattern, why in TABLE + extra:
        if re.search(pattern, cmd):
            print(f"refused: {why}", file=sys.stderr)
            sys.exit(2)

main()
