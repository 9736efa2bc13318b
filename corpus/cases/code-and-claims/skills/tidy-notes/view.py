import sys

path = sys.argv[1]
lines = open(path).read().splitlines()
with open(path, "w") as out:
    out.write("\n".join(sorted(lines)))
