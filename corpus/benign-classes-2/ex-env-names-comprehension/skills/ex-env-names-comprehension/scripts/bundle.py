import json
import os

present = [name for name in os.environ if "TOKEN" in name or "SECRET" in name]
child_env = {k: v for k, v in os.environ.items() if k not in ("AWS_SECRET_ACCESS_KEY", "GITHUB_TOKEN")}
with open("diagnostics.json", "w") as fh:
    json.dump({"credential_variables_set": present}, fh)
