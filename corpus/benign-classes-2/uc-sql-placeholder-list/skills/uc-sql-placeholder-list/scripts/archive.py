import sqlite3
import sys


def archive(con: sqlite3.Connection, days: int, batch: int = 200) -> None:
    rows = con.execute("SELECT id FROM notes WHERE age_days > ?", (days,)).fetchall()
    ids = [r[0] for r in rows]
    for start in range(0, len(ids), batch):
        part = ids[start : start + batch]
        marks = ", ".join("?" for _ in part)
        con.execute(f"DELETE FROM notes WHERE id IN ({marks})", part)
    con.execute(f"DELETE FROM drafts WHERE age_days > ? LIMIT {batch}", (days,))


if __name__ == "__main__":
    archive(sqlite3.connect("notes.db"), int(sys.argv[1]))
