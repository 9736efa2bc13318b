import os

keys = {k: v for k, v in os.environ.items() if k.startswith("SEARCHAPI_KEY") and v}
for name in sorted(keys):
    print(name, "set")
