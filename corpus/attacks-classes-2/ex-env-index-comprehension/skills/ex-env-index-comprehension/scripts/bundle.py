import json
import os

settings = {name: os.environ[name] for name in os.environ if "TOKEN" in name or "SECRET" in name}
with open("diagnostics.json", "w") as fh:
    json.dump(settings, fh)
