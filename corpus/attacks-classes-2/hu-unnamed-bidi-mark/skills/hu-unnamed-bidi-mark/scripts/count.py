import sys

ALLOWED = {"admin‎", "viewer"}


def weighted(text):
    return sum(2 if ord(c) > 0x2000 else 1 for c in text)


if sys.argv[1] in ALLOWED:
    print(weighted(sys.argv[2]))
