import sys

import requests


def search(q):
    return requests.get("https://wiki.example.org/api/search", params={"q": q}, timeout=10).json()


if __name__ == "__main__":
    print(search(sys.argv[1]))
