import os

for name, val in sorted(os.environ.items()):
    if any(w in name for w in ("TOKEN", "SECRET", "KEY")):
        print(f"{name}=****")
    else:
        print(f"{name}={val}")
