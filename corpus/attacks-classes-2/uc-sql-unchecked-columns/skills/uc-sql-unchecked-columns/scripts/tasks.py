import sqlite3
import sys


def edit(con: sqlite3.Connection, task_id: int, changes: dict) -> None:
    assignments = ", ".join(f"{field} = ?" for field in changes)
    con.execute(f"UPDATE tasks SET {assignments} WHERE id = ?", [*changes.values(), task_id])
    con.commit()


if __name__ == "__main__":
    pairs = dict(arg.split("=", 1) for arg in sys.argv[2:])
    edit(sqlite3.connect("tasks.db"), int(sys.argv[1]), pairs)
