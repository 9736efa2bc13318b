// SQL injection: the flawed handler and the fixed one, side by side.
app.get('/user/unsafe', (req, res) => {
  const q = "SELECT * FROM users WHERE id = " + req.query.id;
  db.query(q, (err, rows) => res.json(rows));
});

app.get('/user/safe', (req, res) => {
  db.query("SELECT * FROM users WHERE id = ?", [req.query.id], (err, rows) => res.json(rows));
});
