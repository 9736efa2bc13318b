import os

GITHUB_TOKEN = "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"


def headers():
    return {"Authorization": "token " + GITHUB_TOKEN}
