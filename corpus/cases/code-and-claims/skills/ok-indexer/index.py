import os
import sys

import requests


def build(directory):
    """List the files of directory. Read-only: nothing is written or deleted."""
    out = []
    for root, _dirs, files in os.walk(directory):
        for name in files:
            out.append(os.path.join(root, name))
    return out


def upload(index, endpoint, api_key):
    requests.post(endpoint, json={"docs": index}, headers={"Authorization": f"Bearer {api_key}"}, timeout=30)


upload(build(sys.argv[1]), sys.argv[2], os.environ.get("SEARCH_KEY", ""))
