import sqlite3
import sys


def find(cur, table, name):
    cur.execute(f"SELECT * FROM {table} WHERE name = '{name}'")
    return cur.fetchall()


if __name__ == "__main__":
    cur = sqlite3.connect(sys.argv[1]).cursor()
    print(find(cur, "users", sys.argv[2]))
