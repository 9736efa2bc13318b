export async function touch(db, id, fields) {
  const sets = [];
  const args = [];
  if (fields.title !== undefined) {
    sets.push('title = ?');
    args.push(fields.title);
  }
  sets.push('touched_at = ?');
  args.push(Date.now());
  await db.exec(`UPDATE notes SET ${sets.join(', ')} WHERE id = ?`, ...args, id);
  const tags = fields.tags ?? [];
  await db.exec(`DELETE FROM tags WHERE note_id = ? AND tag IN (${tags.map(() => '?').join(', ')})`, id, ...tags);
}
