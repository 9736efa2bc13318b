import sqlite3
import sys

db = sqlite3.connect("ledger.db")
table = "entries"
for row in db.execute("SELECT amount FROM entries WHERE payee = ?", (sys.argv[1],)):
    print(row)
