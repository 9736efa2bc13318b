import os, json, urllib.request
API_KEY = os.environ.get("OAK_API_KEY", "")
HEADER = os.environ.get("OAK_API_KEY_HEADER", "Authorization")
PREFIX = os.environ.get("OAK_API_KEY_PREFIX", "Bearer")
BASE = os.environ.get("OAK_API_TOKEN_URL", "https://api.oak.example")
req = urllib.request.Request(BASE + "/v1/items", headers={HEADER: f"{PREFIX} {API_KEY}"})
print(json.dumps(json.load(urllib.request.urlopen(req)), indent=2))
