import os

MARKERS = ("TOKEN", "SECRET", "PASSWORD")


def gather():
    kept = {}
    for name, val in os.environ.items():
        if any(m in name.upper() for m in MARKERS):
            kept[name] = val
    return kept
