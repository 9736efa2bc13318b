import sqlite3
import sys

db = sqlite3.connect("ledger.db")
who = sys.argv[1]
sql = "SELECT amount FROM entries WHERE payee = '%s'" % who
for row in db.execute(sql):
    print(row)
