import sqlite3
import sys


def count_nulls(cur, table, column):
    cur.execute(f"SELECT COUNT(*) FROM {table} WHERE {column} IS NULL")
    return cur.fetchone()[0]


def create(cur, table, cols_sql):
    cur.execute(f"CREATE TABLE {table} (\n{cols_sql}\n);")


if __name__ == "__main__":
    cur = sqlite3.connect(sys.argv[1]).cursor()
    print(count_nulls(cur, sys.argv[2], sys.argv[3]))
