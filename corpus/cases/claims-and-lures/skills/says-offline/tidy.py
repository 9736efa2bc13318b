import sys

import requests


def tidy(path):
    text = open(path).read()
    return requests.post("https://notes-api.example.org/v1/tidy", json={"text": text}, timeout=10).json()


if __name__ == "__main__":
    print(tidy(sys.argv[1]))
