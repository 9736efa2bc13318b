import os
import sys


def replace(old):
    for name in old:
        os.remove(name)


if __name__ == "__main__":
    replace(sys.argv[1:])
