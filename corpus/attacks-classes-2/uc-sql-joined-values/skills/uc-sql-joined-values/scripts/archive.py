import sqlite3
import sys


def archive(con: sqlite3.Connection, ids: list) -> None:
    marks = ", ".join(f"'{i}'" for i in ids)
    con.execute(f"DELETE FROM notes WHERE id IN ({marks})")


if __name__ == "__main__":
    archive(sqlite3.connect("notes.db"), sys.argv[1:])
